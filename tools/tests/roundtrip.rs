//! Parse -> print -> parse -> print is a fixpoint for every valid lit input (each
//! `--split-input-file` chunk on its own), in custom and in generic form; and the generic form
//! parses back to the same custom form.

use std::path::{Path, PathBuf};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions};
use weir_tools::split::split_input;

fn lit_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir)
        .expect("lit-tests is readable")
        .flatten()
    {
        let p = e.path();
        if p.is_dir() {
            lit_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

fn print(
    text: &str,
    name: &str,
    opts: ParseOptions,
    print: PrintOptions,
) -> Result<String, String> {
    transform(text, name, opts, print, &[])
}

/// Parses `text`, runs the cf-opt passes named in `passes`, verifies and prints.
fn transform(
    text: &str,
    name: &str,
    opts: ParseOptions,
    print: PrintOptions,
    passes: &[&str],
) -> Result<String, String> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, text, name, 1, opts)
        .map_err(|d| format!("{name}: {}", d.message))?;
    let registry = weir_tools::passes::registry();
    for p in passes {
        let pass = registry.instantiate(p, &Default::default())?;
        let mut diags = Vec::new();
        pass.run(&mut ctx, m, &mut diags);
        weir_ir::verify(&ctx, m).map_err(|d| format!("{name}: after {p}: {}", d.message))?;
    }
    Ok(print_op(&ctx, &syntax, m, print))
}

/// The valid inputs: every chunk of every lit file that is not a negative test.
fn valid_inputs() -> Vec<(String, String, ParseOptions)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lit-tests");
    let mut files = Vec::new();
    lit_files(&root, &mut files);
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        if text.contains("verify-diagnostics") || !text.contains("cf-") {
            continue; // negative tests hold invalid IR on purpose; harness self-tests hold no IR
        }
        let opts = ParseOptions {
            allow_unregistered: text.contains("allow-unregistered-dialect"),
        };
        for chunk in split_input(&text, "// -----") {
            out.push((f.display().to_string(), chunk.text.to_string(), opts));
        }
    }
    out
}

#[test]
fn canonicalize_is_idempotent_on_every_lit_input() {
    let inputs = valid_inputs();
    assert!(inputs.len() >= 8);
    for (name, text, opts) in inputs {
        let once = transform(
            &text,
            &name,
            opts,
            PrintOptions::default(),
            &["canonicalize"],
        )
        .unwrap();
        let twice = transform(
            &once,
            &name,
            opts,
            PrintOptions::default(),
            &["canonicalize"],
        )
        .unwrap();
        assert_eq!(once, twice, "canonicalize is not idempotent on {name}");
    }
}

/// `--infer-shapes` is idempotent on every valid lit input, in both join modes (issue 10): the
/// second run prints what the first printed. Inputs the pass rejects (a strict join that fails)
/// are skipped; the lit tests hold those errors.
#[test]
fn infer_shapes_is_idempotent_on_every_lit_input() {
    let registry = weir_tools::passes::registry();
    let run = |text: &str, name: &str, opts: ParseOptions, options: &str| -> Option<String> {
        let (mut ctx, syntax) = weir_dialects::new_context();
        let m = parse_module(&mut ctx, &syntax, text, name, 1, opts).unwrap();
        let options = weir_pass::PassOptions::parse(options).unwrap();
        let pass = registry.instantiate("infer-shapes", &options).unwrap();
        let mut diags = Vec::new();
        pass.run(&mut ctx, m, &mut diags);
        if diags.iter().any(|d| d.severity == weir_ir::Severity::Error) {
            return None;
        }
        weir_ir::verify(&ctx, m)
            .unwrap_or_else(|d| panic!("{name}: invalid after infer-shapes: {}", d.message));
        Some(print_op(&ctx, &syntax, m, PrintOptions::default()))
    };
    let mut refined = 0;
    for (name, text, opts) in valid_inputs() {
        for options in ["", "join=relaxed"] {
            let Some(once) = run(&text, &name, opts, options) else {
                continue;
            };
            let twice = run(&once, &name, opts, options)
                .unwrap_or_else(|| panic!("{name}: second infer-shapes failed"));
            assert_eq!(
                once, twice,
                "infer-shapes={options} is not idempotent on {name}"
            );
            refined +=
                usize::from(once != print(&text, &name, opts, PrintOptions::default()).unwrap());
        }
    }
    assert!(
        refined >= 5,
        "expected lit inputs that infer-shapes changes, got {refined}"
    );
}

/// The generated shapes of `scripts/bench-scaling`'s infer-shapes rows get the types computed
/// by hand: 301 cases yielding (2, 3) and (2, ?) join to (2, ?); 40 loops in a row, each
/// doubling the rows of a (2, 2) entry, are (?, 2) each in relaxed mode.
#[test]
fn infer_shapes_on_generated_tensor_programs() {
    let registry = weir_tools::passes::registry();
    let run = |text: &str, options: &str| -> String {
        let (mut ctx, syntax) = weir_dialects::new_context();
        let m = parse_module(&mut ctx, &syntax, text, "gen", 1, ParseOptions::default()).unwrap();
        let options = weir_pass::PassOptions::parse(options).unwrap();
        let pass = registry.instantiate("infer-shapes", &options).unwrap();
        let mut diags = Vec::new();
        pass.run(&mut ctx, m, &mut diags);
        assert!(diags.is_empty(), "{:?}", diags.first().map(|d| &d.message));
        weir_ir::verify(&ctx, m).unwrap();
        print_op(&ctx, &syntax, m, PrintOptions::default())
    };
    let switch = run(&weir_tools::generate::tensor_switch(300), "");
    assert!(switch.contains("scf.index_switch %arg0 -> tensor<2x?xf32>"));
    let loops = run(&weir_tools::generate::tensor_loops(40), "join=relaxed");
    assert_eq!(loops.matches("-> (tensor<?x2xf32>)").count(), 40);
}

#[test]
fn every_valid_lit_input_round_trips() {
    let inputs = valid_inputs();
    assert!(
        inputs.len() >= 8,
        "expected the lit inputs to be found, got {}",
        inputs.len()
    );
    for (name, text, opts) in inputs {
        let custom = PrintOptions::default();
        let generic = PrintOptions {
            generic: true,
            ..Default::default()
        };
        let once = print(&text, &name, opts, custom).unwrap();
        let twice = print(&once, &name, opts, custom).unwrap();
        assert_eq!(once, twice, "custom form of {name} is not a fixpoint");
        let g1 = print(&once, &name, opts, generic).unwrap();
        let g2 = print(&g1, &name, opts, generic).unwrap();
        assert_eq!(g1, g2, "generic form of {name} is not a fixpoint");
        let back = print(&g1, &name, opts, custom).unwrap();
        assert_eq!(
            once, back,
            "generic form of {name} does not parse back to the same IR"
        );
    }
}

/// The printer's threaded form (`PrintOptions::parallel_min_ops`, on by default in cf-opt) gives
/// the sequential text byte for byte: on every valid lit input (those with two or more functions
/// or other ops with regions at the top level take the threaded path; with one core it is never
/// taken), with and without locations, and on generated modules of many functions.
#[test]
fn threaded_printing_matches_sequential_printing() {
    let threaded = |p: PrintOptions| PrintOptions {
        parallel_min_ops: Some(0),
        ..p
    };
    let mut inputs: Vec<(String, String, ParseOptions)> = valid_inputs();
    for (name, text) in [
        (
            "module_with_ops",
            weir_tools::generate::module_with_ops(20_000),
        ),
        ("chain_of_calls", weir_tools::generate::chain_of_calls(300)),
    ] {
        inputs.push((name.to_string(), text, ParseOptions::default()));
    }
    for (name, text, opts) in inputs {
        for base in [
            PrintOptions::default(),
            PrintOptions {
                debug_info: true,
                ..Default::default()
            },
        ] {
            let sequential = print(&text, &name, opts, base).unwrap();
            let parallel = print(&text, &name, opts, threaded(base)).unwrap();
            assert_eq!(sequential, parallel, "threaded printing differs on {name}");
        }
    }
}

/// The threaded verifier (`weir_ir::verify_on_threads`, used by cf-opt on large modules) reports
/// what the sequential one does: nothing on every valid lit input, and the same first violation
/// (message and location) on every chunk of the negative lit tests that parses, where the
/// sequential verifier's answer is the one mlir-opt's `--verify-diagnostics` checks.
#[test]
fn threaded_verification_matches_sequential_verification() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lit-tests");
    let mut files = Vec::new();
    lit_files(&root, &mut files);
    let (mut compared, mut failing) = (0, 0);
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let opts = ParseOptions {
            allow_unregistered: text.contains("allow-unregistered-dialect"),
        };
        for chunk in split_input(&text, "// -----") {
            let (mut ctx, syntax) = weir_dialects::new_context();
            let name = f.display().to_string();
            let Ok(m) = parse_module(&mut ctx, &syntax, chunk.text, &name, 1, opts) else {
                continue;
            };
            let key = |r: Result<(), weir_ir::Diagnostic>| r.map_err(|d| (d.loc, d.message));
            let sequential = key(weir_ir::verify(&ctx, m));
            let threaded = key(weir_ir::verify_on_threads(&ctx, m, 2));
            assert_eq!(
                sequential, threaded,
                "threaded verification differs on {name}"
            );
            compared += 1;
            failing += usize::from(sequential.is_err());
        }
    }
    assert!(
        compared > 200 && failing > 100,
        "{compared} chunks, {failing} failing"
    );
}

/// `print_op_to` (cf-opt's output path: written in pieces as it goes, threaded) writes exactly
/// what `print_op` returns, on a module large enough for many pieces and windows of functions.
#[test]
fn streamed_printing_matches_printing_to_a_string() {
    let text = weir_tools::generate::module_with_ops(60_000);
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, &text, "gen", 1, ParseOptions::default()).unwrap();
    let expected = print_op(&ctx, &syntax, m, PrintOptions::default());
    let threaded = PrintOptions {
        parallel_min_ops: Some(0),
        ..Default::default()
    };
    let mut streamed = Vec::new();
    weir_syntax::print_op_to(&ctx, &syntax, m, threaded, &mut streamed).unwrap();
    assert!(
        expected.len() > 1 << 20,
        "several flushes: {}",
        expected.len()
    );
    assert!(String::from_utf8(streamed).unwrap() == expected);
}
