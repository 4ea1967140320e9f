"builtin.module"() ({
  "func.func"() <{function_type = (index) -> i64, sym_name = "sum_squares"}> ({
  ^bb0(%arg4: index):
    %35 = "arith.constant"() <{value = 0 : index}> : () -> index
    %36 = "arith.constant"() <{value = 1 : index}> : () -> index
    %37 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    "cf.br"(%35, %37)[^bb1] : (index, i64) -> ()
  ^bb1(%38: index, %39: i64):  // 2 preds: ^bb0, ^bb2
    %40 = "arith.cmpi"(%38, %arg4) <{predicate = 2 : i64}> : (index, index) -> i1
    "cf.cond_br"(%40)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %41 = "arith.index_cast"(%38) : (index) -> i64
    %42 = "arith.muli"(%41, %41) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %43 = "arith.addi"(%39, %42) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %44 = "arith.addi"(%38, %36) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "cf.br"(%44, %43)[^bb1] : (index, i64) -> ()
  ^bb3:  // pred: ^bb1
    "func.return"(%39) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64, i64) -> i64, sym_name = "trips_unsigned"}> ({
  ^bb0(%arg2: i64, %arg3: i64):
    %28 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %29 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    "cf.br"(%arg2, %29)[^bb1] : (i64, i64) -> ()
  ^bb1(%30: i64, %31: i64):  // 2 preds: ^bb0, ^bb2
    %32 = "arith.cmpi"(%30, %arg3) <{predicate = 6 : i64}> : (i64, i64) -> i1
    "cf.cond_br"(%32)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %33 = "arith.addi"(%31, %28) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %34 = "arith.addi"(%30, %28) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "cf.br"(%34, %33)[^bb1] : (i64, i64) -> ()
  ^bb3:  // pred: ^bb1
    "func.return"(%31) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index) -> (), sym_name = "no_iter_args"}> ({
  ^bb0(%arg1: index):
    %21 = "arith.constant"() <{value = 0 : index}> : () -> index
    %22 = "arith.constant"() <{value = 1 : index}> : () -> index
    "cf.br"(%21)[^bb1] : (index) -> ()
  ^bb1(%23: index):  // 2 preds: ^bb0, ^bb4
    %24 = "arith.cmpi"(%23, %arg1) <{predicate = 2 : i64}> : (index, index) -> i1
    "cf.cond_br"(%24)[^bb2, ^bb5] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    %25 = "arith.cmpi"(%23, %arg1) <{predicate = 2 : i64}> : (index, index) -> i1
    "cf.cond_br"(%25)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %26 = "arith.addi"(%23, %23) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "cf.br"()[^bb4] : () -> ()
  ^bb4:  // 2 preds: ^bb2, ^bb3
    %27 = "arith.addi"(%23, %22) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "cf.br"(%27)[^bb1] : (index) -> ()
  ^bb5:  // pred: ^bb1
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index) -> (i64, i64), sym_name = "nested"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %3 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    "cf.br"(%0, %2, %2)[^bb1] : (index, i64, i64) -> ()
  ^bb1(%4: index, %5: i64, %6: i64):  // 2 preds: ^bb0, ^bb10
    %7 = "arith.cmpi"(%4, %arg0) <{predicate = 2 : i64}> : (index, index) -> i1
    "cf.cond_br"(%7)[^bb2, ^bb11] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    "cf.br"(%0, %5)[^bb3] : (index, i64) -> ()
  ^bb3(%8: index, %9: i64):  // 2 preds: ^bb2, ^bb4
    %10 = "arith.cmpi"(%8, %4) <{predicate = 2 : i64}> : (index, index) -> i1
    "cf.cond_br"(%10)[^bb4, ^bb5] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb4:  // pred: ^bb3
    %11 = "arith.addi"(%9, %3) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %12 = "arith.addi"(%8, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "cf.br"(%12, %11)[^bb3] : (index, i64) -> ()
  ^bb5:  // pred: ^bb3
    %13 = "arith.index_cast"(%4) : (index) -> i32
    "cf.switch"(%13)[^bb9, ^bb6, ^bb7, ^bb8] <{case_operand_segments = array<i32: 0, 0, 0>, case_values = dense<[0, 2, 1]> : vector<3xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb6:  // pred: ^bb5
    %14 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    "cf.br"(%14)[^bb10] : (i64) -> ()
  ^bb7:  // pred: ^bb5
    %15 = "arith.constant"() <{value = 10 : i64}> : () -> i64
    "cf.br"(%15)[^bb10] : (i64) -> ()
  ^bb8:  // pred: ^bb5
    %16 = "arith.constant"() <{value = 1000 : i64}> : () -> i64
    "cf.br"(%16)[^bb10] : (i64) -> ()
  ^bb9:  // pred: ^bb5
    %17 = "arith.constant"() <{value = 100 : i64}> : () -> i64
    "cf.br"(%17)[^bb10] : (i64) -> ()
  ^bb10(%18: i64):  // 4 preds: ^bb6, ^bb7, ^bb8, ^bb9
    %19 = "arith.addi"(%6, %18) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %20 = "arith.addi"(%4, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "cf.br"(%20, %9, %19)[^bb1] : (index, i64, i64) -> ()
  ^bb11:  // pred: ^bb1
    "func.return"(%5, %6) : (i64, i64) -> ()
  }) : () -> ()
}) : () -> ()

