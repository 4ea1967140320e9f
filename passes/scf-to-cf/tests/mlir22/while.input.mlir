"builtin.module"() ({
  "func.func"() <{function_type = (i64) -> i64, sym_name = "while_sum"}> ({
  ^bb0(%arg11: i64):
    %28 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %29 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %30:2 = "scf.while"(%28, %28) ({
    ^bb0(%arg14: i64, %arg15: i64):
      %34 = "arith.cmpi"(%arg14, %arg11) <{predicate = 2 : i64}> : (i64, i64) -> i1
      "scf.condition"(%34, %arg14, %arg15) : (i1, i64, i64) -> ()
    }, {
    ^bb0(%arg12: i64, %arg13: i64):
      %31 = "arith.muli"(%arg12, %arg12) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %32 = "arith.addi"(%arg13, %31) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %33 = "arith.addi"(%arg12, %29) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"(%33, %32) : (i64, i64) -> ()
    }) : (i64, i64) -> (i64, i64)
    "func.return"(%30#1) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> i64, sym_name = "do_while"}> ({
  ^bb0(%arg8: i64):
    %23 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %24 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %25 = "scf.while"(%23) ({
    ^bb0(%arg10: i64):
      %26 = "arith.addi"(%arg10, %24) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %27 = "arith.cmpi"(%26, %arg8) <{predicate = 2 : i64}> : (i64, i64) -> i1
      "scf.condition"(%27, %26) : (i1, i64) -> ()
    }, {
    ^bb0(%arg9: i64):
      "scf.yield"(%arg9) : (i64) -> ()
    }) : (i64) -> i64
    "func.return"(%25) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> i64, sym_name = "collatz"}> ({
  ^bb0(%arg3: i64):
    %7 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %8:2 = "scf.while"(%arg3, %7) ({
    ^bb0(%arg6: i64, %arg7: i64):
      %21 = "arith.constant"() <{value = 1 : i64}> : () -> i64
      %22 = "arith.cmpi"(%arg6, %21) <{predicate = 1 : i64}> : (i64, i64) -> i1
      "scf.condition"(%22, %arg6, %arg7) : (i1, i64, i64) -> ()
    }, {
    ^bb0(%arg4: i64, %arg5: i64):
      %9 = "arith.constant"() <{value = 2 : i64}> : () -> i64
      %10 = "arith.constant"() <{value = 0 : i64}> : () -> i64
      %11 = "arith.remsi"(%arg4, %9) : (i64, i64) -> i64
      %12 = "arith.cmpi"(%11, %10) <{predicate = 1 : i64}> : (i64, i64) -> i1
      %13 = "scf.if"(%12) ({
        %17 = "arith.constant"() <{value = 3 : i64}> : () -> i64
        %18 = "arith.constant"() <{value = 1 : i64}> : () -> i64
        %19 = "arith.muli"(%arg4, %17) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
        %20 = "arith.addi"(%19, %18) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
        "scf.yield"(%20) : (i64) -> ()
      }, {
        %16 = "arith.divsi"(%arg4, %9) : (i64, i64) -> i64
        "scf.yield"(%16) : (i64) -> ()
      }) : (i1) -> i64
      %14 = "arith.constant"() <{value = 1 : i64}> : () -> i64
      %15 = "arith.addi"(%arg5, %14) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"(%13, %15) : (i64, i64) -> ()
    }) : (i64, i64) -> (i64, i64)
    "func.return"(%8#1) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> i64, sym_name = "if_in_before"}> ({
  ^bb0(%arg0: i64):
    %0 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %1 = "scf.while"(%0) ({
    ^bb0(%arg2: i64):
      %4 = "arith.cmpi"(%arg2, %arg0) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %5 = "scf.if"(%4) ({
        "scf.yield"(%4) : (i1) -> ()
      }, {
        %6 = "arith.cmpi"(%arg2, %arg2) <{predicate = 1 : i64}> : (i64, i64) -> i1
        "scf.yield"(%6) : (i1) -> ()
      }) : (i1) -> i1
      "scf.condition"(%5, %arg2) : (i1, i64) -> ()
    }, {
    ^bb0(%arg1: i64):
      %2 = "arith.constant"() <{value = 1 : i64}> : () -> i64
      %3 = "arith.addi"(%arg1, %2) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"(%3) : (i64) -> ()
    }) : (i64) -> i64
    "func.return"(%1) : (i64) -> ()
  }) : () -> ()
}) : () -> ()

