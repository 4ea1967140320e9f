//! The LLVM backend's API on small modules (generic-free MLIR text, every dialect registered):
//! values, faults with the JIT's messages and kinds, located errors for what it does not
//! compile, and bad calls. Expected values are computed by hand in the comments.
#![cfg(feature = "llvm")]

use weir_llvm::{compile, LlvmOptions, RuntimeErrorKind, Scalar};

/// Parses and verifies `text`; compiles it at `-O<level>` (with loop counting).
fn compiled(text: &str, level: u8) -> Result<weir_llvm::LlvmModule, String> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = weir_syntax::parse_module(&mut ctx, &syntax, text, "t.mlir", 1, Default::default())
        .map_err(|d| d.message)?;
    weir_ir::verify(&ctx, m).map_err(|d| d.message)?;
    let options = LlvmOptions {
        opt_level: level,
        loop_fuel: true,
    };
    compile(&ctx, m, &options).map_err(|d| d.message)
}

const DIVIDE: &str = "func.func @f(%a: i8, %b: i8) -> (i8, i8) {
  %q = arith.divsi %a, %b : i8
  %r = arith.remsi %a, %b : i8
  return %q, %r : i8, i8
}";

/// -7 / 2 = -3 remainder -1 (truncating, the sign of the dividend); -128 / -1 overflows i8;
/// a zero divisor faults; two results come back through the struct return.
#[test]
fn division_values_and_faults() {
    for level in [0, 3] {
        let m = compiled(DIVIDE, level).expect("compiles");
        let r = m.call("f", &[Scalar::int(-7, 8), Scalar::int(2, 8)]);
        assert_eq!(r, Ok(vec![Scalar::int(-3, 8), Scalar::int(-1, 8)]));
        let e = m
            .call("f", &[Scalar::int(-128, 8), Scalar::int(-1, 8)])
            .unwrap_err();
        assert_eq!(e.kind, RuntimeErrorKind::DivisionOverflow);
        assert_eq!(
            e.message,
            "integer overflow in signed division ('arith.divsi' of the minimum i8 by -1)"
        );
        assert_eq!(e.loc.to_string(), "\"t.mlir\":2:8");
        let e = m
            .call("f", &[Scalar::int(1, 8), Scalar::int(0, 8)])
            .unwrap_err();
        assert_eq!(
            (e.kind, e.message.as_str()),
            (RuntimeErrorKind::DivisionByZero, "integer division by zero")
        );
    }
}

/// Shifts by the width or more: shli and shrui give 0, shrsi the sign everywhere
/// (`arith::backend_semantics`); 1 << 3 = 8 for an in-range amount.
#[test]
fn oversized_shifts() {
    let text = "func.func @f(%a: i32, %b: i32) -> (i32, i32, i32) {
  %l = arith.shli %a, %b : i32
  %u = arith.shrui %a, %b : i32
  %s = arith.shrsi %a, %b : i32
  return %l, %u, %s : i32, i32, i32
}";
    for level in [0, 3] {
        let m = compiled(text, level).expect("compiles");
        let r = m.call("f", &[Scalar::i32(-8), Scalar::i32(40)]);
        assert_eq!(r, Ok(vec![Scalar::i32(0), Scalar::i32(0), Scalar::i32(-1)]));
        let r = m.call("f", &[Scalar::i32(1), Scalar::i32(3)]);
        assert_eq!(r, Ok(vec![Scalar::i32(8), Scalar::i32(0), Scalar::i32(0)]));
    }
}

/// A loop of n trips enters its header n + 1 times: 10 trips need a budget of 11.
#[test]
fn loop_budget() {
    let text = "func.func @f(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  cf.br ^h(%c0 : i64)
^h(%i: i64):
  %lt = arith.cmpi slt, %i, %n : i64
  cf.cond_br %lt, ^b, ^e
^b:
  %j = arith.addi %i, %c1 : i64
  cf.br ^h(%j : i64)
^e:
  return %i : i64
}";
    let m = compiled(text, 2).expect("compiles");
    assert_eq!(
        m.call_with_fuel("f", &[Scalar::i64(10)], Some(11)),
        Ok(vec![Scalar::i64(10)])
    );
    let e = m
        .call_with_fuel("f", &[Scalar::i64(10)], Some(10))
        .unwrap_err();
    assert_eq!(
        (e.kind, e.message.as_str(), e.loc.to_string()),
        (
            RuntimeErrorKind::FuelExhausted,
            "iteration limit exceeded",
            "\"t.mlir\":6:9".to_string()
        )
    );
}

/// Unranked tensors, unstructured control flow that was not lowered, and declarations are
/// located compile errors.
#[test]
fn unsupported_input_is_a_located_error() {
    let tensor =
        "func.func @f(%t: tensor<*xf32>) -> tensor<*xf32> {\n  return %t : tensor<*xf32>\n}";
    assert_eq!(
        compiled(tensor, 0).unwrap_err(),
        "cf-run: unsupported type 'tensor<*xf32>' in the llvm backend"
    );
    let scf = "func.func @f(%c: i1) -> i32 {
  %r = scf.if %c -> (i32) {
    %a = arith.constant 1 : i32
    scf.yield %a : i32
  } else {
    %b = arith.constant 2 : i32
    scf.yield %b : i32
  }
  return %r : i32
}";
    assert_eq!(
        compiled(scf, 0).unwrap_err(),
        "cf-run: unsupported operation 'scf.if' in the llvm backend"
    );
    let decl = "func.func private @g(i32) -> i32";
    assert_eq!(
        compiled(decl, 0).unwrap_err(),
        "cf-run: external functions are not supported by the llvm backend ('@g' is declared \
         without a body)"
    );
}

/// Calls with a wrong name, count or type of arguments are `BadCall` errors, not crashes.
#[test]
fn bad_calls() {
    let m = compiled(DIVIDE, 0).expect("compiles");
    let kind = |r: Result<Vec<Scalar>, weir_llvm::RuntimeError>| r.unwrap_err().kind;
    assert_eq!(kind(m.call("g", &[])), RuntimeErrorKind::BadCall);
    assert_eq!(
        kind(m.call("f", &[Scalar::int(1, 8)])),
        RuntimeErrorKind::BadCall
    );
    assert_eq!(
        kind(m.call("f", &[Scalar::i32(1), Scalar::int(1, 8)])),
        RuntimeErrorKind::BadCall
    );
}

/// Recursion: f(n) = f(n - 1) * n + 1, f(0) = 0, so f(4) = ((0 * 1 + 1) * 2 + 1) * 3 + 1 = 10,
/// * 4 + 1 = 41; 10^8 frames overflow the stack, a located error with the JIT's message.
#[test]
fn recursion_and_stack_overflow() {
    let text = "func.func @f(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %z = arith.cmpi eq, %n, %c0 : i64
  cf.cond_br %z, ^done, ^more
^done:
  return %c0 : i64
^more:
  %m = arith.subi %n, %c1 : i64
  %r = func.call @f(%m) : (i64) -> i64
  %s = arith.muli %r, %n : i64
  %t = arith.addi %s, %c1 : i64
  return %t : i64
}";
    for level in [0, 3] {
        let m = compiled(text, level).expect("compiles");
        assert_eq!(m.call("f", &[Scalar::i64(4)]), Ok(vec![Scalar::i64(41)]));
        let e = m.call("f", &[Scalar::i64(100_000_000)]).unwrap_err();
        assert_eq!(
            (e.kind, e.message.as_str()),
            (
                RuntimeErrorKind::StackOverflow,
                "stack overflow: recursion too deep (in function 'f')"
            )
        );
    }
}

/// f16 carried as bits and converted by the JIT's helpers: 2048 + 1 = 2049 in f32 rounds to
/// the even neighbour 2048 in f16 (spacing 2 there), 2048 + 3 = 2051 to 2052; the bf16 of
/// 1/3 is 0x3EAB (0.333984375: 8 significand bits, rounded up).
#[test]
fn half_floats_through_f32() {
    let text = "func.func @add(%a: f16, %b: f16) -> f16 {
  %x = arith.extf %a : f16 to f32
  %y = arith.extf %b : f16 to f32
  %s = arith.addf %x, %y : f32
  %r = arith.truncf %s : f32 to f16
  return %r : f16
}
func.func @third() -> bf16 {
  %t = arith.constant 0.33333333333333331 : f64
  %r = arith.truncf %t : f64 to bf16
  return %r : bf16
}";
    let h = |v: f32| Scalar::F16(half::f16::from_f32(v));
    for level in [0, 3] {
        let m = compiled(text, level).expect("compiles");
        assert_eq!(m.call("add", &[h(2048.0), h(1.0)]), Ok(vec![h(2048.0)]));
        assert_eq!(m.call("add", &[h(2048.0), h(3.0)]), Ok(vec![h(2052.0)]));
        assert_eq!(
            m.call("third", &[]),
            Ok(vec![Scalar::BF16(half::bf16::from_bits(0x3EAB))])
        );
    }
}
