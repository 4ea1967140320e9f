#!/bin/sh
# Regenerates the fixtures of tests/mlir22.rs with upstream mlir-opt 22 (`apt-get install -y
# mlir-22-tools`): loop.input.mlir (loop.mlir in generic form) and expected.generic.mlir
# (the hand-written expected.mlir in generic form, verified by mlir-opt's scf verifiers).
set -e
cd "$(dirname "$0")"
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
"$MLIR_OPT" loop.mlir --allow-unregistered-dialect --mlir-print-op-generic > loop.input.mlir
"$MLIR_OPT" expected.mlir --mlir-print-op-generic > expected.generic.mlir
