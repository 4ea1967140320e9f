// Everything printed after resolution parses in upstream mlir-opt 22 with
// --allow-unregistered-dialect (nothing of `weir` is left), for each program of this
// directory that resolves.
// REQUIRES: mlir-opt
// RUN: cf-opt %S/methods.mlir --canonicalize | %mlir_opt --allow-unregistered-dialect | FileCheck %s --check-prefix=METHODS
// RUN: cf-opt %S/tensor-loop.mlir --canonicalize | %mlir_opt --allow-unregistered-dialect | FileCheck %s --check-prefix=LOOP
// RUN: cf-opt %S/runtime-index.mlir --canonicalize | %mlir_opt --allow-unregistered-dialect | FileCheck %s --check-prefix=SWITCH
// RUN: cf-opt %S/remarks.mlir --fold-constant-conditions | %mlir_opt --allow-unregistered-dialect | FileCheck %s --check-prefix=REMARKS
// The empty containers in generic form go through mlir-opt and back into Weir's custom form.
// RUN: cf-opt %S/empty.mlir --mlir-print-op-generic | %mlir_opt --allow-unregistered-dialect --mlir-print-op-generic | cf-opt | FileCheck %s --check-prefix=EMPTY

// METHODS-COUNT-7: func.func @
// METHODS-NOT: weir
// LOOP: func.func @main
// LOOP-COUNT-3: arith.addf
// LOOP-NOT: weir
// SWITCH: scf.index_switch
// SWITCH-NOT: weir
// REMARKS: return %arg0 : tensor<2xf32>
// REMARKS-NOT: weir
// EMPTY: weir.list []
// EMPTY-NEXT: weir.dict []
