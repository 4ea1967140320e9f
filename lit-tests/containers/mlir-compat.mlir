// Everything printed after resolution parses in upstream mlir-opt 22 with
// --allow-unregistered-dialect (nothing of `weir` is left), for each program of this
// directory that resolves.
// REQUIRES: mlir-opt
// RUN: cf-opt %S/methods.mlir --canonicalize | %mlir_opt --allow-unregistered-dialect | FileCheck %s --check-prefix=METHODS
// RUN: cf-opt %S/tensor-loop.mlir --canonicalize | %mlir_opt --allow-unregistered-dialect | FileCheck %s --check-prefix=LOOP
// RUN: cf-opt %S/runtime-index.mlir --canonicalize | %mlir_opt --allow-unregistered-dialect | FileCheck %s --check-prefix=SWITCH
// RUN: cf-opt %S/remarks.mlir --fold-constant-conditions | %mlir_opt --allow-unregistered-dialect | FileCheck %s --check-prefix=REMARKS

// METHODS-COUNT-7: func.func @
// METHODS-NOT: weir
// LOOP: func.func @main
// LOOP-COUNT-3: arith.addf
// LOOP-NOT: weir
// SWITCH: scf.index_switch
// SWITCH-NOT: weir
// REMARKS: return %arg0 : tensor<2xf32>
// REMARKS-NOT: weir
