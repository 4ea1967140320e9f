"builtin.module"() ({
  "func.func"() <{function_type = (index) -> i64, sym_name = "sum_squares"}> ({
  ^bb0(%arg12: index):
    %21 = "arith.constant"() <{value = 0 : index}> : () -> index
    %22 = "arith.constant"() <{value = 1 : index}> : () -> index
    %23 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %24 = "scf.for"(%21, %arg12, %22, %23) ({
    ^bb0(%arg13: index, %arg14: i64):
      %25 = "arith.index_cast"(%arg13) : (index) -> i64
      %26 = "arith.muli"(%25, %25) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %27 = "arith.addi"(%arg14, %26) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"(%27) : (i64) -> ()
    }) : (index, index, index, i64) -> i64
    "func.return"(%24) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64, i64) -> i64, sym_name = "trips_unsigned"}> ({
  ^bb0(%arg8: i64, %arg9: i64):
    %17 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %18 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %19 = "scf.for"(%arg8, %arg9, %17, %18) <{unsignedCmp}> ({
    ^bb0(%arg10: i64, %arg11: i64):
      %20 = "arith.addi"(%arg11, %17) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"(%20) : (i64) -> ()
    }) : (i64, i64, i64, i64) -> i64
    "func.return"(%19) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index) -> (), sym_name = "no_iter_args"}> ({
  ^bb0(%arg6: index):
    %13 = "arith.constant"() <{value = 0 : index}> : () -> index
    %14 = "arith.constant"() <{value = 1 : index}> : () -> index
    "scf.for"(%13, %arg6, %14) ({
    ^bb0(%arg7: index):
      %15 = "arith.cmpi"(%arg7, %arg6) <{predicate = 2 : i64}> : (index, index) -> i1
      "scf.if"(%15) ({
        %16 = "arith.addi"(%arg7, %arg7) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index) -> (i64, i64), sym_name = "nested"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %3 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %4:2 = "scf.for"(%0, %arg0, %1, %2, %2) ({
    ^bb0(%arg1: index, %arg2: i64, %arg3: i64):
      %5 = "scf.for"(%0, %arg1, %1, %arg2) ({
      ^bb0(%arg4: index, %arg5: i64):
        %12 = "arith.addi"(%arg5, %3) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
        "scf.yield"(%12) : (i64) -> ()
      }) : (index, index, index, i64) -> i64
      %6 = "scf.index_switch"(%arg1) <{cases = array<i64: 0, 2, 4294967297>}> ({
        %11 = "arith.constant"() <{value = 100 : i64}> : () -> i64
        "scf.yield"(%11) : (i64) -> ()
      }, {
        %10 = "arith.constant"() <{value = 1 : i64}> : () -> i64
        "scf.yield"(%10) : (i64) -> ()
      }, {
        %9 = "arith.constant"() <{value = 10 : i64}> : () -> i64
        "scf.yield"(%9) : (i64) -> ()
      }, {
        %8 = "arith.constant"() <{value = 1000 : i64}> : () -> i64
        "scf.yield"(%8) : (i64) -> ()
      }) : (index) -> i64
      %7 = "arith.addi"(%arg3, %6) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"(%5, %7) : (i64, i64) -> ()
    }) : (index, index, index, i64, i64) -> (i64, i64)
    "func.return"(%4#0, %4#1) : (i64, i64) -> ()
  }) : () -> ()
}) : () -> ()

