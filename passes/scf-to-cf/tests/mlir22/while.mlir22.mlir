"builtin.module"() ({
  "func.func"() <{function_type = (i64) -> i64, sym_name = "while_sum"}> ({
  ^bb0(%arg3: i64):
    %32 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %33 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    "cf.br"(%32, %32)[^bb1] : (i64, i64) -> ()
  ^bb1(%34: i64, %35: i64):  // 2 preds: ^bb0, ^bb2
    %36 = "arith.cmpi"(%34, %arg3) <{predicate = 2 : i64}> : (i64, i64) -> i1
    "cf.cond_br"(%36, %34, %35)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, i64) -> ()
  ^bb2(%37: i64, %38: i64):  // pred: ^bb1
    %39 = "arith.muli"(%37, %37) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %40 = "arith.addi"(%38, %39) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %41 = "arith.addi"(%37, %33) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "cf.br"(%41, %40)[^bb1] : (i64, i64) -> ()
  ^bb3:  // pred: ^bb1
    "func.return"(%35) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> i64, sym_name = "do_while"}> ({
  ^bb0(%arg2: i64):
    %27 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %28 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    "cf.br"(%27)[^bb1] : (i64) -> ()
  ^bb1(%29: i64):  // 2 preds: ^bb0, ^bb1
    %30 = "arith.addi"(%29, %28) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %31 = "arith.cmpi"(%30, %arg2) <{predicate = 2 : i64}> : (i64, i64) -> i1
    "cf.cond_br"(%31, %30)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb2:  // pred: ^bb1
    "func.return"(%30) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> i64, sym_name = "collatz"}> ({
  ^bb0(%arg1: i64):
    %8 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    "cf.br"(%arg1, %8)[^bb1] : (i64, i64) -> ()
  ^bb1(%9: i64, %10: i64):  // 2 preds: ^bb0, ^bb6
    %11 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %12 = "arith.cmpi"(%9, %11) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "cf.cond_br"(%12, %9, %10)[^bb2, ^bb7] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, i64) -> ()
  ^bb2(%13: i64, %14: i64):  // pred: ^bb1
    %15 = "arith.constant"() <{value = 2 : i64}> : () -> i64
    %16 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %17 = "arith.remsi"(%13, %15) : (i64, i64) -> i64
    %18 = "arith.cmpi"(%17, %16) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "cf.cond_br"(%18)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:  // pred: ^bb2
    %19 = "arith.constant"() <{value = 3 : i64}> : () -> i64
    %20 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %21 = "arith.muli"(%13, %19) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %22 = "arith.addi"(%21, %20) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "cf.br"(%22)[^bb5] : (i64) -> ()
  ^bb4:  // pred: ^bb2
    %23 = "arith.divsi"(%13, %15) : (i64, i64) -> i64
    "cf.br"(%23)[^bb5] : (i64) -> ()
  ^bb5(%24: i64):  // 2 preds: ^bb3, ^bb4
    "cf.br"()[^bb6] : () -> ()
  ^bb6:  // pred: ^bb5
    %25 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %26 = "arith.addi"(%14, %25) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "cf.br"(%24, %26)[^bb1] : (i64, i64) -> ()
  ^bb7:  // pred: ^bb1
    "func.return"(%10) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> i64, sym_name = "if_in_before"}> ({
  ^bb0(%arg0: i64):
    %0 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    "cf.br"(%0)[^bb1] : (i64) -> ()
  ^bb1(%1: i64):  // 2 preds: ^bb0, ^bb6
    %2 = "arith.cmpi"(%1, %arg0) <{predicate = 2 : i64}> : (i64, i64) -> i1
    "cf.cond_br"(%2)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // pred: ^bb1
    "cf.br"(%2)[^bb4] : (i1) -> ()
  ^bb3:  // pred: ^bb1
    %3 = "arith.cmpi"(%1, %1) <{predicate = 1 : i64}> : (i64, i64) -> i1
    "cf.br"(%3)[^bb4] : (i1) -> ()
  ^bb4(%4: i1):  // 2 preds: ^bb2, ^bb3
    "cf.br"()[^bb5] : () -> ()
  ^bb5:  // pred: ^bb4
    "cf.cond_br"(%4, %1)[^bb6, ^bb7] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb6(%5: i64):  // pred: ^bb5
    %6 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %7 = "arith.addi"(%5, %6) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "cf.br"(%7)[^bb1] : (i64) -> ()
  ^bb7:  // pred: ^bb5
    "func.return"(%1) : (i64) -> ()
  }) : () -> ()
}) : () -> ()

