"builtin.module"() ({
  "func.func"() <{function_type = (index) -> i64, sym_name = "wide"}> ({
  ^bb0(%arg7: index):
    %7 = "scf.index_switch"(%arg7) <{cases = array<i64: 0, 1, 4294967297>}> ({
      %11 = "arith.constant"() <{value = 99 : i64}> : () -> i64
      "scf.yield"(%11) : (i64) -> ()
    }, {
      %10 = "arith.constant"() <{value = 10 : i64}> : () -> i64
      "scf.yield"(%10) : (i64) -> ()
    }, {
      %9 = "arith.constant"() <{value = 20 : i64}> : () -> i64
      "scf.yield"(%9) : (i64) -> ()
    }, {
      %8 = "arith.constant"() <{value = 30 : i64}> : () -> i64
      "scf.yield"(%8) : (i64) -> ()
    }) : (index) -> i64
    "func.return"(%7) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index) -> i32, sym_name = "default_only"}> ({
  ^bb0(%arg6: index):
    %5 = "scf.index_switch"(%arg6) <{cases = array<i64>}> ({
      %6 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      "scf.yield"(%6) : (i32) -> ()
    }) : (index) -> i32
    "func.return"(%5) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index, i32) -> (i32, i32), sym_name = "nested_case"}> ({
  ^bb0(%arg0: index, %arg1: i32):
    %0:2 = "scf.index_switch"(%arg0) <{cases = array<i64: 5, -3>}> ({
      "scf.yield"(%arg1, %arg1) : (i32, i32) -> ()
    }, {
      %1:2 = "scf.while"(%arg1, %arg1) ({
      ^bb0(%arg4: i32, %arg5: i32):
        %3 = "arith.cmpi"(%arg4, %arg5) <{predicate = 2 : i64}> : (i32, i32) -> i1
        %4 = "scf.if"(%3) ({
          "scf.yield"(%arg4) : (i32) -> ()
        }, {
          "scf.yield"(%arg5) : (i32) -> ()
        }) : (i1) -> i32
        "scf.condition"(%3, %4, %arg4) : (i1, i32, i32) -> ()
      }, {
      ^bb0(%arg2: i32, %arg3: i32):
        %2 = "arith.addi"(%arg2, %arg3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        "scf.yield"(%2, %arg3) : (i32, i32) -> ()
      }) : (i32, i32) -> (i32, i32)
      "scf.yield"(%1#0, %1#1) : (i32, i32) -> ()
    }, {
      "scf.yield"(%arg1, %arg1) : (i32, i32) -> ()
    }) : (index) -> (i32, i32)
    "func.return"(%0#0, %0#1) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()

