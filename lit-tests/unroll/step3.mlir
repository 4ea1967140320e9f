// for i = 0 to 10 step 3 summing i: iterations 0, 3, 6, 9 (trip count ceil(10/3) = 4), sum 18
// by hand. The same with factor 2 (no epilogue: 2 divides 4), factor 3 (an epilogue of one
// iteration), factor 4 (no epilogue) and a full unroll.
// RUN: cf-opt %s --scf-unroll="factor=2" | cf-run - -e sum10 | FileCheck %s --check-prefix=S18
// RUN: cf-opt %s --scf-unroll="factor=3" | cf-run - -e sum10 | FileCheck %s --check-prefix=S18
// RUN: cf-opt %s --scf-unroll="factor=4" | cf-run - -e sum10 | FileCheck %s --check-prefix=S18
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - -e sum10 | FileCheck %s --check-prefix=S18
// RUN: cf-opt %s --scf-unroll="factor=2 remarks=true" --verify-diagnostics -o /dev/null
// RUN: cf-opt %s --scf-unroll="factor=2" | FileCheck %s --check-prefix=F2
// RUN: cf-opt %s --scf-unroll="factor=3" | FileCheck %s --check-prefix=F3
// S18: {{^}}18{{$}}
// F2-LABEL: func.func @sum10
// F2: scf.for
// F2-NOT: scf.for
// F2: return
// With factor 3 the main loop has one iteration, which folding inlines: no loop is left.
// F3-LABEL: func.func @sum10
// F3-NOT: scf.for
// F3: return
//
// for i = 1 to 12 step 4: exactly three copies with i = 1, 5, 9 (sum 15 by hand).
// RUN: cf-opt %s --scf-unroll="full=true" | FileCheck %s --check-prefix=FULL
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - -e sum12 | FileCheck %s --check-prefix=S15
// (The body calls @id, which is not known to be pure, so the copies stay visible.)
// FULL-LABEL: func.func @sum12
// FULL-NOT: scf.for
// FULL-DAG: %[[C1:.*]] = arith.constant 1 : index
// FULL-DAG: %[[C5:.*]] = arith.constant 5 : index
// FULL-DAG: %[[C9:.*]] = arith.constant 9 : index
// FULL: call @id(%[[C1]])
// FULL: call @id(%[[C5]])
// FULL: call @id(%[[C9]])
// FULL-NOT: call @id
// FULL: return
// S15: {{^}}15{{$}}

func.func @sum10() -> index {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  // expected-remark@+1 {{unrolled by 2: 2 iterations of 2 copies, no epilogue}}
  %r = scf.for %i = %c0 to %c10 step %c3 iter_args(%acc = %c0) -> (index) {
    %n = arith.addi %acc, %i : index
    scf.yield %n : index
  }
  return %r : index
}

func.func @sum12() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  // expected-remark@+1 {{unrolled by 2: 1 iterations of 2 copies and an epilogue of 1}}
  %r = scf.for %i = %c1 to %c12 step %c4 iter_args(%acc = %c0) -> (index) {
    %v = func.call @id(%i) : (index) -> index
    %n = arith.addi %acc, %v : index
    scf.yield %n : index
  }
  return %r : index
}

func.func @id(%x: index) -> index {
  return %x : index
}
