// Invalid scf.parallel / scf.reduce / scf.reduce.return: each chunk is one verifier or parse
// error. The expectations hold for both cf-opt and upstream
// `mlir-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect` (MLIR 22);
// the chunks where Weir is stricter than MLIR 22 are in scf-parallel-weir-only.mlir.
// RUN: cf-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @no_dimensions() {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  scf.parallel () = () to () step () {
  }
  return
}

// -----

func.func @zero_step(%a: index, %b: index) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i, %j) = (%a, %a) to (%b, %b) step (%c1, %c0) {
  }
  return
}

// -----

func.func @negative_step(%a: index, %b: index) {
  %m = arith.constant -2 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%a) to (%b) step (%m) {
  }
  return
}

// -----

func.func @iv_not_index(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: i64):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @iv_count(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @step_not_index(%a: index, %s: i64) {
  // expected-error@+1 {{'scf.parallel' op operand #2 must be variadic of index, but got 'i64'}}
  "scf.parallel"(%a, %a, %s) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, i64) -> ()
  return
}

// -----

func.func @segments_total(%a: index) {
  // expected-error@+1 {{'scf.parallel' op operand count (3) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @segments_negative(%a: index) {
  // expected-error@+1 {{'scf.parallel' op 'operandSegmentSizes' attribute cannot have negative elements}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 2, -1>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @two_blocks(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects region #0 to have 0 or 1 blocks}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    cf.br ^bb1
  ^bb1:
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @empty_region(%a: index) {
  // expected-error@+1 {{'scf.parallel' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @fewer_results_than_reductions(%a: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 0 to be the same as number of reductions: 1}}
  scf.parallel (%i) = (%a) to (%a) step (%a) {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @more_results_than_reductions(%a: index, %x: f32) -> f32 {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
  }
  return %r : f32
}

// -----

func.func @results_without_inits(%a: index, %x: f32) -> f32 {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %r = "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }) : (index, index, index) -> f32
  return %r : f32
}

// -----

func.func @arrow_without_init(%a: index, %x: f32) {
  // expected-error@+1 {{custom op 'scf.parallel' number of operands and types do not match: got 0 operands and 1 types}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @upper_bound_count(%a: index) {
  // expected-error@+1 {{custom op 'scf.parallel' expected 1 operands}}
  scf.parallel (%i) = (%a) to (%a, %a) step (%a) {
  }
  return
}

// -----

func.func @reduce_operand_type(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'index' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%a : index) {
    ^bb0(%l: index, %r: index):
      scf.reduce.return %l : index
    }
  }
  return %r : f32
}

// -----

func.func @body_ends_with_yield(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  scf.parallel (%i) = (%a) to (%a) step (%a) {
    // expected-note@+1 {{terminator here}}
    scf.yield
  }
  return
}

// -----

func.func @reduce_outside_parallel(%x: f32) {
  "test.region"() ({
    // expected-error@+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }) : () -> ()
  return
}

// -----

func.func @reduce_with_result(%a: index) {
  scf.parallel (%i) = (%a) to (%a) step (%a) {
    // expected-error@+1 {{'scf.reduce' op requires zero results}}
    %0 = "scf.reduce"() : () -> f32
  }
  return
}

// -----

func.func @reduction_empty_block(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{empty block: expect at least a terminator}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
    }
  }
  return %r : f32
}

// -----

func.func @reduction_two_blocks(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op region #0 ('reductions') failed to verify constraint: region with 1 blocks}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      cf.br ^bb1
    ^bb1:
      scf.reduce.return %l : f32
    }
  }
  return %r : f32
}

// -----

func.func @reduction_three_arguments(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32, %o: f32):
      scf.reduce.return %l : f32
    }
  }
  return %r : f32
}

// -----

func.func @reduction_argument_type(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: i32):
      scf.reduce.return %l : f32
    }
  }
  return %r : f32
}

// -----

func.func @reduction_terminator(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      "test.finish"() : () -> ()
    }
  }
  return %r : f32
}

// -----

func.func @regions_and_operands(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects number of reduction regions: 1 to be the same as number of reduction operands: 2}}
    "scf.reduce"(%x, %x) ({
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }) : (f32, f32) -> ()
  }
  return %r : f32
}

// -----

func.func @nested_error_before_reduction_arguments(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32):
      // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
      "test.region"() ({ "func.return"() : () -> () }) : () -> ()
      scf.reduce.return %l : f32
    }
  }
  return %r : f32
}

// -----

func.func @return_type(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %a : index
    }
  }
  return %r : f32
}

// -----

func.func @return_two_operands(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      // expected-error@+1 {{'scf.reduce.return' op requires a single operand}}
      "scf.reduce.return"(%l, %l) : (f32, f32) -> ()
    }
  }
  return %r : f32
}

// -----

func.func @return_outside_reduce(%x: f32) {
  "test.region"() ({
    // expected-error@+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
    scf.reduce.return %x : f32
  }) : () -> ()
  return
}
