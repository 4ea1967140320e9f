"builtin.module"() ({
  "func.func"() <{function_type = (i64, i64) -> i64, sym_name = "max_cond"}> ({
  ^bb0(%arg12: i64, %arg13: i64):
    %10 = "arith.constant"() <{value = true}> : () -> i1
    %11 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %12 = "arith.constant"() <{value = 3 : i64}> : () -> i64
    %13 = "weir.loop"(%arg12, %10, %arg13) ({
    ^bb0(%arg14: i64, %arg15: i1, %arg16: i64):
      %14 = "arith.addi"(%arg16, %11) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %15 = "arith.cmpi"(%14, %12) <{predicate = 2 : i64}> : (i64, i64) -> i1
      "weir.yield"(%15, %14) : (i1, i64) -> ()
    }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (i64, i1, i64) -> i64
    "func.return"(%13) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> i64, sym_name = "no_max"}> ({
  ^bb0(%arg8: i64):
    %5 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %6 = "arith.constant"() <{value = 4 : index}> : () -> index
    %7 = "weir.loop"(%arg8) ({
    ^bb0(%arg9: index, %arg10: i1, %arg11: i64):
      %8 = "arith.addi"(%arg11, %5) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %9 = "arith.cmpi"(%arg9, %6) <{predicate = 2 : i64}> : (index, index) -> i1
      "weir.yield"(%9, %8) : (i1, i64) -> ()
    }) {operandSegmentSizes = array<i32: 0, 0, 1>} : (i64) -> i64
    "func.return"(%7) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "nested"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "weir.loop"(%arg0, %0) ({
    ^bb0(%arg2: i32, %arg3: i1, %arg4: i32):
      %3 = "weir.loop"(%arg1, %arg4) ({
      ^bb0(%arg5: i32, %arg6: i1, %arg7: i32):
        %4 = "arith.addi"(%arg7, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        "weir.yield"(%arg6, %4) : (i1, i32) -> ()
      }) {operandSegmentSizes = array<i32: 1, 0, 1>} : (i32, i32) -> i32
      "weir.yield"(%arg3, %3) : (i1, i32) -> ()
    }) {operandSegmentSizes = array<i32: 1, 0, 1>} : (i32, i32) -> i32
    "func.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

