//! The registry of every pass cf-opt and cf-run know.

use weir_ir::{Context, Diagnostic, OpId};
use weir_pass::{Pass, PassInfo, PassRegistry};

/// All passes, in the order `--help` lists them.
pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    r.register(PassInfo {
        name: "convert-weir-to-scf",
        summary: "Lower weir.loop to scf.while (ONNX Loop semantics)",
        options: &[],
        create: |_| Ok(Box::new(Simple("convert-weir-to-scf", weir_weir_to_scf::run))),
    });
    r.register(PassInfo {
        name: "convert-scf-to-cf",
        summary: "Lower scf control flow (if, for, while, index_switch, execute_region) to cf branches",
        options: &[],
        create: |_| Ok(Box::new(Simple("convert-scf-to-cf", weir_scf_to_cf::run))),
    });
    r
}

struct Simple(&'static str, fn(&mut Context, OpId) -> Result<(), Diagnostic>);

impl Pass for Simple {
    fn name(&self) -> &'static str {
        self.0
    }
    fn run(&self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) {
        if let Err(d) = (self.1)(ctx, op) {
            diags.push(d);
        }
    }
}
