//! The registry of every pass cf-opt and cf-run know (each pass crate exports its `PASS`).

use weir_pass::PassRegistry;

/// All passes, in the order `--help` lists them.
pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    r.register(weir_canonicalize::CANONICALIZE);
    r.register(weir_canonicalize::FOLD_CONSTANT_CONDITIONS);
    r.register(weir_cse::PASS);
    r.register(weir_if_conversion::PASS);
    r.register(weir_unroll::PASS);
    r.register(weir_weir_to_scf::PASS);
    r.register(weir_scf_to_cf::PASS);
    r.register(weir_infer_shapes::PASS);
    r.register(weir_emulate_floats::PASS);
    r.register(weir_emulate_floats::MATH_PASS);
    r.register(weir_linalg_fusion::CONVERT_ELEMENTWISE);
    r.register(weir_linalg_fusion::FUSE_ELEMENTWISE);
    r
}
