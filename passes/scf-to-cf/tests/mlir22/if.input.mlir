"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, i32) -> i32, sym_name = "if_result"}> ({
  ^bb0(%arg6: i1, %arg7: i32, %arg8: i32):
    %4 = "scf.if"(%arg6) ({
      %5 = "arith.addi"(%arg7, %arg8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%5) : (i32) -> ()
    }, {
      "scf.yield"(%arg8) : (i32) -> ()
    }) : (i1) -> i32
    "func.return"(%4) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, i64) -> i64, sym_name = "if_no_result"}> ({
  ^bb0(%arg4: i1, %arg5: i64):
    "scf.if"(%arg4) ({
      %3 = "arith.addi"(%arg5, %arg5) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "func.return"(%arg5) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, i1, i32, i64) -> (i32, i64), sym_name = "if_nested"}> ({
  ^bb0(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i64):
    %0:2 = "scf.if"(%arg0) ({
      "scf.yield"(%arg2, %arg3) : (i32, i64) -> ()
    }, {
      %1 = "scf.if"(%arg1) ({
        %2 = "arith.muli"(%arg2, %arg2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        "scf.yield"(%2) : (i32) -> ()
      }, {
        "scf.yield"(%arg2) : (i32) -> ()
      }) : (i1) -> i32
      "scf.yield"(%1, %arg3) : (i32, i64) -> ()
    }) : (i1) -> (i32, i64)
    "func.return"(%0#0, %0#1) : (i32, i64) -> ()
  }) : () -> ()
}) : () -> ()

