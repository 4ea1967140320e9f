"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32) -> i32, sym_name = "er"}> ({
  ^bb0(%arg0: i1, %arg1: i32):
    "scf.execute_region"() ({
      "scf.yield"() : () -> ()
    }) : () -> ()
    %0 = "scf.execute_region"() ({
      "cf.cond_br"(%arg0, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i32) -> ()
    ^bb1:  // pred: ^bb0
      %1 = "scf.while"(%arg1) ({
      ^bb0(%arg3: i32):
        %4 = "arith.cmpi"(%arg3, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
        "scf.condition"(%4, %arg3) : (i1, i32) -> ()
      }, {
      ^bb0(%arg2: i32):
        "scf.yield"(%arg2) : (i32) -> ()
      }) : (i32) -> i32
      "scf.yield"(%1) : (i32) -> ()
    ^bb2(%2: i32):  // pred: ^bb0
      %3 = "arith.addi"(%2, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%3) : (i32) -> ()
    }) : () -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

