# LLVM lit configuration for Weir's lit tests, so that LLVM's own `lit` runs lit-tests/ as
# `cargo test` does (tools/tests/lit.rs is the in-tree runner; both read the same RUN lines):
#
#   cargo build --bins && /usr/lib/llvm-22/bin/lit lit-tests/
#
# The tools come from $WEIR_TOOLS_DIR (default: target/debug of this workspace); FileCheck and
# `not` from $LLVM_TOOLS_DIR (default: the newest /usr/lib/llvm-*/bin holding FileCheck).
# Features for REQUIRES/UNSUPPORTED: `mlir-opt` when upstream mlir-opt 22 is installed.
import glob
import os

import lit.formats

config.name = "Weir"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(
    os.environ.get("WEIR_LIT_EXEC_ROOT", os.path.join(config.test_source_root, "..", "target")),
    "lit-tests",
)

root = os.path.abspath(os.path.join(config.test_source_root, ".."))
tools_dir = os.environ.get("WEIR_TOOLS_DIR", os.path.join(root, "target", "debug"))
for tool in ("cf-opt", "cf-run"):
    if not os.access(os.path.join(tools_dir, tool), os.X_OK):
        lit_config.fatal(f"{tool} not found in {tools_dir}: run `cargo build --bins` or set WEIR_TOOLS_DIR")


def newest_llvm_bin():
    candidates = sorted(
        glob.glob("/usr/lib/llvm-*/bin/FileCheck"),
        key=lambda p: int(p.split("/llvm-")[1].split("/")[0]),
    )
    return os.path.dirname(candidates[-1]) if candidates else None


llvm_dir = os.environ.get("LLVM_TOOLS_DIR") or newest_llvm_bin()
if llvm_dir is None:
    lit_config.fatal("FileCheck not found: install llvm-22-tools or set LLVM_TOOLS_DIR")

path = [tools_dir, llvm_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
# What MLIR's own lit configuration passes to every FileCheck.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope --allow-unused-prefixes=false"

mlir_opt = "/usr/lib/llvm-22/bin/mlir-opt"
config.substitutions.append(("%mlir_opt", mlir_opt))
if os.access(mlir_opt, os.X_OK):
    config.available_features.add("mlir-opt")
