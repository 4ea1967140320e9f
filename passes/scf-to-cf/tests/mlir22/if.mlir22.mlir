"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, i32) -> i32, sym_name = "if_result"}> ({
  ^bb0(%arg6: i1, %arg7: i32, %arg8: i32):
    "cf.cond_br"(%arg6)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %5 = "arith.addi"(%arg7, %arg8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%5)[^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb0
    "cf.br"(%arg8)[^bb3] : (i32) -> ()
  ^bb3(%6: i32):  // 2 preds: ^bb1, ^bb2
    "cf.br"()[^bb4] : () -> ()
  ^bb4:  // pred: ^bb3
    "func.return"(%6) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, i64) -> i64, sym_name = "if_no_result"}> ({
  ^bb0(%arg4: i1, %arg5: i64):
    "cf.cond_br"(%arg4)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %4 = "arith.addi"(%arg5, %arg5) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "cf.br"()[^bb2] : () -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb1
    "func.return"(%arg5) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, i1, i32, i64) -> (i32, i64), sym_name = "if_nested"}> ({
  ^bb0(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i64):
    "cf.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    "cf.br"(%arg2, %arg3)[^bb7] : (i32, i64) -> ()
  ^bb2:  // pred: ^bb0
    "cf.cond_br"(%arg1)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %0 = "arith.muli"(%arg2, %arg2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%0)[^bb5] : (i32) -> ()
  ^bb4:  // pred: ^bb2
    "cf.br"(%arg2)[^bb5] : (i32) -> ()
  ^bb5(%1: i32):  // 2 preds: ^bb3, ^bb4
    "cf.br"()[^bb6] : () -> ()
  ^bb6:  // pred: ^bb5
    "cf.br"(%1, %arg3)[^bb7] : (i32, i64) -> ()
  ^bb7(%2: i32, %3: i64):  // 2 preds: ^bb1, ^bb6
    "cf.br"()[^bb8] : () -> ()
  ^bb8:  // pred: ^bb7
    "func.return"(%2, %3) : (i32, i64) -> ()
  }) : () -> ()
}) : () -> ()

