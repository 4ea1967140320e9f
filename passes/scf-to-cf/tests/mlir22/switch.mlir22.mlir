"builtin.module"() ({
  "func.func"() <{function_type = (index) -> i64, sym_name = "wide"}> ({
  ^bb0(%arg3: index):
    %13 = "arith.index_cast"(%arg3) : (index) -> i32
    "cf.switch"(%13)[^bb4, ^bb1, ^bb2, ^bb3] <{case_operand_segments = array<i32: 0, 0, 0>, case_values = dense<[0, 1, 1]> : vector<3xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:  // pred: ^bb0
    %14 = "arith.constant"() <{value = 10 : i64}> : () -> i64
    "cf.br"(%14)[^bb5] : (i64) -> ()
  ^bb2:  // pred: ^bb0
    %15 = "arith.constant"() <{value = 20 : i64}> : () -> i64
    "cf.br"(%15)[^bb5] : (i64) -> ()
  ^bb3:  // pred: ^bb0
    %16 = "arith.constant"() <{value = 30 : i64}> : () -> i64
    "cf.br"(%16)[^bb5] : (i64) -> ()
  ^bb4:  // pred: ^bb0
    %17 = "arith.constant"() <{value = 99 : i64}> : () -> i64
    "cf.br"(%17)[^bb5] : (i64) -> ()
  ^bb5(%18: i64):  // 4 preds: ^bb1, ^bb2, ^bb3, ^bb4
    "func.return"(%18) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index) -> i32, sym_name = "default_only"}> ({
  ^bb0(%arg2: index):
    %10 = "arith.index_cast"(%arg2) : (index) -> i32
    "cf.switch"(%10)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:  // pred: ^bb0
    %11 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    "cf.br"(%11)[^bb2] : (i32) -> ()
  ^bb2(%12: i32):  // pred: ^bb1
    "func.return"(%12) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index, i32) -> (i32, i32), sym_name = "nested_case"}> ({
  ^bb0(%arg0: index, %arg1: i32):
    %0 = "arith.index_cast"(%arg0) : (index) -> i32
    "cf.switch"(%0)[^bb10, ^bb1, ^bb9] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[5, -3]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:  // pred: ^bb0
    "cf.br"(%arg1, %arg1)[^bb2] : (i32, i32) -> ()
  ^bb2(%1: i32, %2: i32):  // 2 preds: ^bb1, ^bb7
    %3 = "arith.cmpi"(%1, %2) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%3)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    "cf.br"(%1)[^bb5] : (i32) -> ()
  ^bb4:  // pred: ^bb2
    "cf.br"(%2)[^bb5] : (i32) -> ()
  ^bb5(%4: i32):  // 2 preds: ^bb3, ^bb4
    "cf.br"()[^bb6] : () -> ()
  ^bb6:  // pred: ^bb5
    "cf.cond_br"(%3, %4, %1)[^bb7, ^bb8] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i32, i32) -> ()
  ^bb7(%5: i32, %6: i32):  // pred: ^bb6
    %7 = "arith.addi"(%5, %6) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%7, %6)[^bb2] : (i32, i32) -> ()
  ^bb8:  // pred: ^bb6
    "cf.br"(%4, %1)[^bb11] : (i32, i32) -> ()
  ^bb9:  // pred: ^bb0
    "cf.br"(%arg1, %arg1)[^bb11] : (i32, i32) -> ()
  ^bb10:  // pred: ^bb0
    "cf.br"(%arg1, %arg1)[^bb11] : (i32, i32) -> ()
  ^bb11(%8: i32, %9: i32):  // 3 preds: ^bb8, ^bb9, ^bb10
    "func.return"(%8, %9) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

