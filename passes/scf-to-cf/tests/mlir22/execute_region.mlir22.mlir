"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32) -> i32, sym_name = "er"}> ({
  ^bb0(%arg0: i1, %arg1: i32):
    "cf.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    "cf.br"()[^bb2] : () -> ()
  ^bb2:  // pred: ^bb1
    "cf.br"()[^bb3] : () -> ()
  ^bb3:  // pred: ^bb2
    "cf.cond_br"(%arg0, %arg1)[^bb4, ^bb7] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i32) -> ()
  ^bb4:  // pred: ^bb3
    "cf.br"(%arg1)[^bb5] : (i32) -> ()
  ^bb5(%0: i32):  // 2 preds: ^bb4, ^bb5
    %1 = "arith.cmpi"(%0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    "cf.cond_br"(%1, %0)[^bb5, ^bb6] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb6:  // pred: ^bb5
    "cf.br"(%0)[^bb8] : (i32) -> ()
  ^bb7(%2: i32):  // pred: ^bb3
    %3 = "arith.addi"(%2, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "cf.br"(%3)[^bb8] : (i32) -> ()
  ^bb8(%4: i32):  // 2 preds: ^bb6, ^bb7
    "func.return"(%4) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

