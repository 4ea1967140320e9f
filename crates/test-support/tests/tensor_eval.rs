//! The tensor evaluator (`weir_test_support::tensor_eval`) on the programs of
//! `tensor_eval/programs.mlir`, against the values NumPy computes (`tensor_eval/expected.py`,
//! its output stored in `tensor_eval/expected.txt`); the programs of
//! `lit-tests/infer-shapes/*.mlir` evaluated before and after `--infer-shapes` and
//! `--canonicalize` (the passes must not change what a program computes); and each runtime
//! fault.

use weir_ir::{Context, FloatKind, OpId, Type, TypeKind};
use weir_test_support::expected::Table;
use weir_test_support::tensor_eval::{eval_func, Elem, Tensor, Value};
use weir_test_support::{parse, render_with_notes, setup};

const PROGRAMS: &str = include_str!("tensor_eval/programs.mlir");
const EXPECTED: &str = include_str!("tensor_eval/expected.txt");

/// Runs `func` of programs.mlir on `args`.
fn run(func: &str, args: &[Value]) -> Vec<Value> {
    let (mut ctx, syntax) = setup();
    let m =
        parse(&mut ctx, &syntax, PROGRAMS).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    eval_func(&ctx, m, func, args).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)))
}

/// Checks `v` against expected value `key` (floats within a relative 1e-6, floor 1, for the
/// f32 transcendental functions NumPy and the C library may round differently).
fn check(v: &Value, key: &str) {
    Table::parse(EXPECTED).check(v, key, 1e-6, 1.0);
}

fn f32s(shape: &[u64], v: &[f64]) -> Value {
    Value::tensor(Tensor::floats(shape, FloatKind::F32, v).unwrap())
}

#[test]
fn e9_concat_loop() {
    check(&run("e9", &[])[0], "e9");
}

#[test]
fn e12_weir_loop() {
    check(&run("e12", &[])[0], "e12");
}

#[test]
fn e11_switch_clamped() {
    for i in [0, 1, 2, -1, 7] {
        let r = run(
            "e11",
            &[Value::int(Elem::Int(32), 3), Value::int(Elem::Index, i)],
        );
        check(&r[0], &format!("e11 {i}"));
    }
}

#[test]
fn e10_torch_switch() {
    let inputs = [
        ("neg", [-1.0, -2.0, 0.5, 0.25]),
        ("mid", [1.0, 1.0, 1.0, 1.0]),
        ("big", [2.0, 3.0, 1.0, 0.5]),
        ("zero", [0.0, 0.0, 0.0, 0.0]),
    ];
    for (name, x) in inputs {
        check(&run("e10", &[f32s(&[4], &x)])[0], &format!("e10 {name}"));
    }
}

#[test]
fn rnn_cell_three_steps() {
    let h0 = f32s(&[1, 4], &[0.5, -0.5, 0.25, 1.0]);
    let x = f32s(&[1, 3], &[1.0, 2.0, -1.0]);
    check(&run("rnn", &[h0, x])[0], "rnn");
}

#[test]
fn newton_sqrt_while() {
    let a = Value::tensor(Tensor::floats(&[4], FloatKind::F64, &[2.0, 9.0, 0.25, 10.0]).unwrap());
    let r = run("newton", &[a]);
    check(&r[0], "newton y");
    check(&r[0], "newton sqrt");
    check(&r[1], "newton steps");
}

#[test]
fn linalg_ops() {
    let a = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, -5.0, 6.5]);
    let r = run("linalg_ops", &[a]);
    for (v, key) in r.iter().zip([
        "transpose",
        "matmul",
        "rowsum",
        "index",
        "batch_matmul",
        "map",
    ]) {
        check(v, &format!("linalg {key}"));
    }
}

#[test]
fn tensor_ops() {
    let i32v = |v| Value::int(Elem::Int(32), v);
    let r = run("tensor_ops", &[i32v(7), i32v(-2)]);
    for (v, key) in r.iter().zip(["m", "sum", "rank", "splat"]) {
        check(v, &format!("tensor {key}"));
    }
}

#[test]
fn element_types() {
    let r = run("elements", &[]);
    for (v, key) in r.iter().zip([
        "i8 add", "f16 add", "bf16 add", "i8 divui", "extsi", "sitofp",
    ]) {
        check(v, &format!("elements {key}"));
    }
}

#[test]
fn window_sums_extract_slice_in_for() {
    let x = f32s(&[8], &[1.0, -2.0, 3.5, 4.0, 0.25, 6.0, -7.0, 8.0]);
    check(&run("window", &[x])[0], "window");
}

#[test]
fn strided_rank_reducing_slices() {
    let m: Vec<f64> = (0..24).map(|i| f64::from(i) - 5.0).collect();
    let idx = |v| Value::int(Elem::Index, v);
    let r = run("slices", &[f32s(&[3, 8], &m), idx(2), idx(1)]);
    for (v, key) in r.iter().zip(["row", "insert", "box"]) {
        check(v, &format!("slices {key}"));
    }
}

#[test]
fn pad_with_index_body_and_slice_back() {
    let x = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let r = run("pad", &[x, Value::int(Elem::Index, 2)]);
    for (v, key) in r.iter().zip(["index", "back", "constant"]) {
        check(v, &format!("pad {key}"));
    }
}

#[test]
fn generate_index_dependent() {
    check(
        &run("generate", &[Value::int(Elem::Index, 4)])[0],
        "generate",
    );
}

#[test]
fn reshape_round_trip() {
    let x: Vec<f64> = (0..24).map(|i| f64::from(i) * 0.5).collect();
    let idx = |v| Value::int(Elem::Index, v);
    let r = run("reshape", &[f32s(&[2, 3, 4], &x), idx(3), idx(8)]);
    for (v, key) in r.iter().zip(["6x4", "3x8", "back"]) {
        check(v, &format!("reshape {key}"));
    }
}

// ------------------------------------------------------------------ passes keep the values

/// Deterministic arguments for `func`'s signature: sizes `?` = 4, tensor element `i` =
/// `i % 5 - 1 + variant`, integers `variant`, `i1` = `variant % 2`, floats `variant + 0.5`.
fn args_for(ctx: &Context, inputs: &[Type], variant: i64) -> Vec<Value> {
    inputs
        .iter()
        .map(|&t| match ctx.type_kind(t) {
            TypeKind::Tensor {
                shape: Some(dims), ..
            } => {
                let shape: Vec<u64> = dims.iter().map(|d| d.unwrap_or(4)).collect();
                let n = shape.iter().product::<u64>() as i64;
                let vals: Vec<i64> = (0..n).map(|i| i % 5 - 1 + variant).collect();
                match Elem::of(ctx, t).unwrap() {
                    Elem::Float(k) => Value::tensor(
                        Tensor::floats(
                            &shape,
                            k,
                            &vals.iter().map(|&v| v as f64).collect::<Vec<_>>(),
                        )
                        .unwrap(),
                    ),
                    e => Value::tensor(Tensor::ints(&shape, e, &vals).unwrap()),
                }
            }
            _ => match Elem::of(ctx, t).unwrap() {
                Elem::Int(1) => Value::int(Elem::Int(1), variant % 2),
                Elem::Float(k) => Value::float(k, variant as f64 + 0.5),
                e => Value::int(e, variant),
            },
        })
        .collect()
}

/// Every function of `module` evaluated on `args_for` variants 0..3: the outcomes, by name.
fn outcomes(ctx: &Context, module: OpId) -> Vec<(String, Result<Vec<Value>, String>)> {
    let mut out = Vec::new();
    let body = ctx.entry_block(ctx.region(module, 0)).unwrap();
    for f in ctx.ops(body) {
        let Some(func) = weir_dialect_func::FuncOp::of(ctx, f) else {
            continue;
        };
        let (inputs, _) = func.signature(ctx);
        for variant in 0..3 {
            let r = eval_func(
                ctx,
                module,
                func.name(ctx),
                &args_for(ctx, &inputs, variant),
            )
            .map_err(|d| d.message.clone());
            out.push((format!("{} #{variant}", func.name(ctx)), r));
        }
    }
    out
}

#[test]
fn infer_shapes_keeps_values() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../lit-tests/infer-shapes");
    let mut evaluated = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // join-errors.mlir holds the programs the pass rejects.
        if name == "join-errors.mlir" || !name.ends_with(".mlir") {
            continue;
        }
        let mode = if name.contains("relaxed") {
            weir_ir::shape::JoinMode::Relaxed
        } else {
            weir_ir::shape::JoinMode::Strict
        };
        let src = std::fs::read_to_string(&path).unwrap();
        let (mut ctx, syntax) = setup();
        let m = parse(&mut ctx, &syntax, &src).unwrap();
        let before = outcomes(&ctx, m);
        // The pipelines of the file's RUN lines: constant-condition.mlir canonicalizes first
        // (its if needs no join then), the others infer shapes and may canonicalize after.
        let pipelines: &[&[bool]] = if name == "constant-condition.mlir" {
            &[&[true, false]]
        } else {
            &[&[false], &[false, true]]
        };
        for &pipeline in pipelines {
            let (mut ctx, syntax) = setup();
            let m = parse(&mut ctx, &syntax, &src).unwrap();
            for &canonicalize in pipeline {
                if canonicalize {
                    let config = weir_rewrite::GreedyConfig::default();
                    weir_rewrite::apply_patterns_greedily(&mut ctx, m, &config);
                } else {
                    weir_infer_shapes::infer_shapes(&mut ctx, m, mode)
                        .unwrap_or_else(|d| panic!("{name}: {}", d.message));
                }
            }
            weir_ir::verify(&ctx, m).unwrap();
            let after = outcomes(&ctx, m);
            assert_eq!(
                before, after,
                "{name} (canonicalize, else infer: {pipeline:?})"
            );
        }
        evaluated += before.iter().filter(|(_, r)| r.is_ok()).count();
        for (f, r) in &before {
            // grows_rank's body casts its carried value to (1): from the second trip on it
            // is (1, 1), a runtime fault (hand analysis of the program).
            let faults = f == "grows_rank #2";
            assert_eq!(r.is_err(), faults, "{name}: {f}: {r:?}");
        }
    }
    assert!(evaluated >= 40, "{evaluated} evaluations succeeded");
}

// ------------------------------------------------------------------ runtime faults

/// The message of the fault `func` of `src` raises on `args`.
fn fault(src: &str, args: &[Value]) -> String {
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, src).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    match eval_func(&ctx, m, "f", args) {
        Err(d) => render_with_notes(&d),
        Ok(v) => panic!("no fault: {v:?}"),
    }
}

#[test]
fn fault_extract_out_of_bounds() {
    let src = "func.func @f(%t: tensor<3xf32>, %i: index) -> f32 {\n  %e = tensor.extract %t[%i] : tensor<3xf32>\n  return %e : f32\n}";
    let m = fault(
        src,
        &[f32s(&[3], &[1.0, 2.0, 3.0]), Value::int(Elem::Index, 3)],
    );
    assert!(
        m.contains("2:8: 'tensor.extract' op index (3) is out of bounds of a tensor of shape (3)"),
        "{m}"
    );
}

#[test]
fn fault_cast_to_static_shape() {
    let src = "func.func @f(%t: tensor<?xf32>) -> tensor<4xf32> {\n  %c = tensor.cast %t : tensor<?xf32> to tensor<4xf32>\n  return %c : tensor<4xf32>\n}";
    let m = fault(src, &[f32s(&[3], &[1.0, 2.0, 3.0])]);
    assert!(
        m.contains(
            "'tensor.cast' op casts a tensor of shape (3) to the incompatible type tensor<4xf32>"
        ),
        "{m}"
    );
}

#[test]
fn fault_division_by_zero() {
    let src = "func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {\n  %q = arith.divsi %a, %b : tensor<2xi32>\n  return %q : tensor<2xi32>\n}";
    let t = |v: &[i64]| Value::tensor(Tensor::ints(&[2], Elem::Int(32), v).unwrap());
    let m = fault(src, &[t(&[4, 5]), t(&[2, 0])]);
    assert!(m.contains("'arith.divsi' op divides by zero"), "{m}");
}

#[test]
fn fault_elementwise_shape_mismatch() {
    let src = "func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {\n  %s = arith.addf %a, %b : tensor<?xf32>\n  return %s : tensor<?xf32>\n}";
    let m = fault(
        src,
        &[f32s(&[2], &[1.0, 2.0]), f32s(&[3], &[1.0, 2.0, 3.0])],
    );
    assert!(
        m.contains("'arith.addf' op operand shapes differ at run time: (2) vs (3)"),
        "{m}"
    );
}

#[test]
fn fault_concat_mismatch() {
    let src = "func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {\n  %c = tensor.concat dim(0) %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n  return %c : tensor<?x?xf32>\n}";
    let m = fault(
        src,
        &[f32s(&[1, 2], &[1.0, 2.0]), f32s(&[1, 3], &[1.0, 2.0, 3.0])],
    );
    assert!(
        m.contains("'tensor.concat' op concatenates shapes (1, 2) and (1, 3) along dimension 0"),
        "{m}"
    );
}

#[test]
fn fault_matmul_shape_mismatch() {
    let src = "func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {\n  %m = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>\n  return %m : tensor<?x?xf32>\n}";
    // A is 1x2, B is 3x1: loop k (d2) is 2 from A but 3 from B.
    let m = fault(
        src,
        &[
            f32s(&[1, 2], &[1.0, 2.0]),
            f32s(&[3, 1], &[1.0, 2.0, 3.0]),
            f32s(&[1, 1], &[0.0]),
        ],
    );
    assert!(m.contains("'linalg.matmul' op has a shape mismatch: loop 2 has size 2 from operand #0 but 3 from operand #1"), "{m}");
}

#[test]
fn fault_expand_shape_mismatch() {
    let src = "func.func @f(%a: tensor<?xf32>, %n: index) -> tensor<?x2xf32> {\n  %e = tensor.expand_shape %a [[0, 1]] output_shape [%n, 2] : tensor<?xf32> into tensor<?x2xf32>\n  return %e : tensor<?x2xf32>\n}";
    let m = fault(
        src,
        &[f32s(&[3], &[1.0, 2.0, 3.0]), Value::int(Elem::Index, 2)],
    );
    assert!(
        m.contains(
            "'tensor.expand_shape' op expands a dimension of size 3 into sizes whose product is 4"
        ),
        "{m}"
    );
}

#[test]
fn fault_argument_of_wrong_shape() {
    let src =
        "func.func @f(%t: tensor<2x?xf32>) -> tensor<2x?xf32> {\n  return %t : tensor<2x?xf32>\n}";
    let m = fault(src, &[f32s(&[3], &[1.0, 2.0, 3.0])]);
    assert!(
        m.contains("'func.func' op argument #0 does not fit its type tensor<2x?xf32>"),
        "{m}"
    );
}

#[test]
fn fault_extract_slice_out_of_bounds() {
    let src = "func.func @f(%t: tensor<4xf32>, %i: index) -> tensor<3xf32> {\n  %s = tensor.extract_slice %t[%i] [3] [1] : tensor<4xf32> to tensor<3xf32>\n  return %s : tensor<3xf32>\n}";
    let t = f32s(&[4], &[1.0, 2.0, 3.0, 4.0]);
    // Offset 2: the last position is 2 + (3 - 1) * 1 = 4, not below 4.
    let m = fault(src, &[t.clone(), Value::int(Elem::Index, 2)]);
    assert!(
        m.contains(
            "2:8: 'tensor.extract_slice' op slice along dimension 0 runs out-of-bounds: 4 >= 4"
        ),
        "{m}"
    );
    let m = fault(src, &[t, Value::int(Elem::Index, 4)]);
    assert!(
        m.contains("'tensor.extract_slice' op offset 0 is out-of-bounds: 4 >= 4"),
        "{m}"
    );
}

#[test]
fn fault_insert_slice_shape_mismatch() {
    let src = "func.func @f(%s: tensor<?xf32>, %d: tensor<2x4xf32>, %n: index) -> tensor<2x4xf32> {\n  %r = tensor.insert_slice %s into %d[1, 0] [1, %n] [1, 1] : tensor<?xf32> into tensor<2x4xf32>\n  return %r : tensor<2x4xf32>\n}";
    let d = f32s(&[2, 4], &[0.0; 8]);
    // A 3-element source into a 1x2 box (rank-reduced to (2)).
    let m = fault(
        src,
        &[f32s(&[3], &[1.0, 2.0, 3.0]), d, Value::int(Elem::Index, 2)],
    );
    assert!(
        m.contains(
            "'tensor.insert_slice' op inserts a tensor of shape (3) into a slice of shape (2)"
        ),
        "{m}"
    );
}

#[test]
fn fault_reshape_element_count() {
    let src = "func.func @f(%t: tensor<6xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {\n  %r = tensor.reshape %t(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<?x?xf32>\n  return %r : tensor<?x?xf32>\n}";
    let shape = Value::tensor(Tensor::ints(&[2], Elem::Index, &[4, 2]).unwrap());
    let m = fault(src, &[f32s(&[6], &[0.0; 6]), shape]);
    assert!(
        m.contains(
            "'tensor.reshape' op reshapes a tensor of shape (6) (6 elements) to the shape (4, 2)"
        ),
        "{m}"
    );
}

#[test]
fn fault_generate_negative_extent() {
    let src = "func.func @f(%n: index) -> tensor<?xi32> {\n  %g = tensor.generate %n {\n  ^bb0(%i: index):\n    %v = arith.index_cast %i : index to i32\n    tensor.yield %v : i32\n  } : tensor<?xi32>\n  return %g : tensor<?xi32>\n}";
    let m = fault(src, &[Value::int(Elem::Index, -1)]);
    assert!(
        m.contains("2:8: 'tensor.generate' op has a negative index or size -1"),
        "{m}"
    );
}

#[test]
fn fault_generate_body() {
    // The body divides 6 by i: the fault at i = 0 is the body's op's, located there.
    let src = "func.func @f(%n: index) -> tensor<?xindex> {\n  %g = tensor.generate %n {\n  ^bb0(%i: index):\n    %six = arith.constant 6 : index\n    %v = arith.divui %six, %i : index\n    tensor.yield %v : index\n  } : tensor<?xindex>\n  return %g : tensor<?xindex>\n}";
    let m = fault(src, &[Value::int(Elem::Index, 3)]);
    assert!(m.contains("5:10: 'arith.divui' op divides by zero"), "{m}");
}

#[test]
fn fault_pad_negative_size() {
    let src = "func.func @f(%t: tensor<3xf32>, %l: index) -> tensor<?xf32> {\n  %c = arith.constant 0.0 : f32\n  %p = tensor.pad %t low[%l] high[1] {\n  ^bb0(%i: index):\n    tensor.yield %c : f32\n  } : tensor<3xf32> to tensor<?xf32>\n  return %p : tensor<?xf32>\n}";
    // -5 + 3 + 1 = -1 elements.
    let m = fault(
        src,
        &[f32s(&[3], &[1.0, 2.0, 3.0]), Value::int(Elem::Index, -5)],
    );
    assert!(
        m.contains("3:8: 'tensor.pad' op pads dimension 0 of size 3 to the negative size -1 (low -5, high 1)"),
        "{m}"
    );
}
