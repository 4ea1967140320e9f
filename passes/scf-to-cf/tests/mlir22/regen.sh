#!/bin/sh
# Regenerates the MLIR 22 fixtures of tests/mlir22.rs from the pretty sources *.mlir:
#   NAME.input.mlir  the source in generic form (what the test parses),
#   NAME.mlir22.mlir upstream mlir-opt 22's --convert-scf-to-cf output, generic form.
# Needs `apt-get install -y mlir-22-tools`. After regenerating, re-apply by hand the one
# deliberate difference (see tests/mlir22.rs): scf.index_switch switches on i64, not i32.
set -e
cd "$(dirname "$0")"
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
for f in if for while switch execute_region; do
  "$MLIR_OPT" "$f.mlir" --mlir-print-op-generic > "$f.input.mlir"
  "$MLIR_OPT" "$f.mlir" --convert-scf-to-cf --mlir-print-op-generic > "$f.mlir22.mlir"
done
