"builtin.module"() ({
  "func.func"() <{function_type = (i64, i64) -> i64, sym_name = "max_cond"}> ({
  ^bb0(%arg21: i64, %arg22: i64):
    %26 = "arith.constant"() <{value = true}> : () -> i1
    %27 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %28 = "arith.constant"() <{value = 3 : i64}> : () -> i64
    %29 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %30 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %31:3 = "scf.while"(%29, %26, %arg22) ({
    ^bb0(%arg26: i64, %arg27: i1, %arg28: i64):
      %35 = "arith.cmpi"(%arg26, %arg21) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %36 = "arith.andi"(%35, %arg27) : (i1, i1) -> i1
      "scf.condition"(%36, %arg26, %arg27, %arg28) : (i1, i64, i1, i64) -> ()
    }, {
    ^bb0(%arg23: i64, %arg24: i1, %arg25: i64):
      %32 = "arith.addi"(%arg25, %27) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %33 = "arith.cmpi"(%32, %28) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %34 = "arith.addi"(%arg23, %30) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"(%34, %33, %32) : (i64, i1, i64) -> ()
    }) : (i64, i1, i64) -> (i64, i1, i64)
    "func.return"(%31#2) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64) -> i64, sym_name = "no_max"}> ({
  ^bb0(%arg14: i64):
    %17 = "arith.constant"() <{value = 1 : i64}> : () -> i64
    %18 = "arith.constant"() <{value = 4 : index}> : () -> index
    %19 = "arith.constant"() <{value = 0 : index}> : () -> index
    %20 = "arith.constant"() <{value = 1 : index}> : () -> index
    %21 = "arith.constant"() <{value = true}> : () -> i1
    %22:3 = "scf.while"(%19, %21, %arg14) ({
    ^bb0(%arg18: index, %arg19: i1, %arg20: i64):
      "scf.condition"(%arg19, %arg18, %arg19, %arg20) : (i1, index, i1, i64) -> ()
    }, {
    ^bb0(%arg15: index, %arg16: i1, %arg17: i64):
      %23 = "arith.addi"(%arg17, %17) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      %24 = "arith.cmpi"(%arg15, %18) <{predicate = 2 : i64}> : (index, index) -> i1
      %25 = "arith.addi"(%arg15, %20) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "scf.yield"(%25, %24, %23) : (index, i1, i64) -> ()
    }) : (index, i1, i64) -> (index, i1, i64)
    "func.return"(%22#2) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "nested"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = true}> : () -> i1
    %5:3 = "scf.while"(%2, %4, %0) ({
    ^bb0(%arg11: i32, %arg12: i1, %arg13: i32):
      %15 = "arith.cmpi"(%arg11, %arg0) <{predicate = 2 : i64}> : (i32, i32) -> i1
      %16 = "arith.andi"(%15, %arg12) : (i1, i1) -> i1
      "scf.condition"(%16, %arg11, %arg12, %arg13) : (i1, i32, i1, i32) -> ()
    }, {
    ^bb0(%arg2: i32, %arg3: i1, %arg4: i32):
      %6 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %7 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      %8 = "arith.constant"() <{value = true}> : () -> i1
      %9:3 = "scf.while"(%6, %8, %arg4) ({
      ^bb0(%arg8: i32, %arg9: i1, %arg10: i32):
        %13 = "arith.cmpi"(%arg8, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
        %14 = "arith.andi"(%13, %arg9) : (i1, i1) -> i1
        "scf.condition"(%14, %arg8, %arg9, %arg10) : (i1, i32, i1, i32) -> ()
      }, {
      ^bb0(%arg5: i32, %arg6: i1, %arg7: i32):
        %11 = "arith.addi"(%arg7, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        %12 = "arith.addi"(%arg5, %7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        "scf.yield"(%12, %arg6, %11) : (i32, i1, i32) -> ()
      }) : (i32, i1, i32) -> (i32, i1, i32)
      %10 = "arith.addi"(%arg2, %3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%10, %arg3, %9#2) : (i32, i1, i32) -> ()
    }) : (i32, i1, i32) -> (i32, i1, i32)
    "func.return"(%5#2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

