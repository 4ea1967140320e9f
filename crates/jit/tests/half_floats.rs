//! f16 and bf16 in the JIT without the emulation pass: the conversions (`arith.extf`,
//! `arith.truncf`), constants, `arith.bitcast`, `arith.select` and passing them in and out,
//! as scalars and as tensors of 2-byte elements. Expected bit patterns by hand (IEEE binary16:
//! sign, 5 exponent bits biased by 15, 10 fraction bits; bf16: the top 16 bits of an f32),
//! each derivation next to its case; `crates/test-support/tests/half_floats.py` checks the f16
//! roundings with Python's `struct`.

use half::{bf16, f16};
use weir_ir::{ElementKind, FloatKind};
use weir_jit::{compile, JitValue, Scalar, TensorValue};
use weir_syntax::{parse_module, ParseOptions};

fn run(src: &str, args: &[JitValue]) -> Vec<JitValue> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, src, "t.mlir", 1, ParseOptions::default())
        .unwrap_or_else(|d| panic!("parse error: {}: {}", d.loc, d.message));
    weir_ir::verify(&ctx, m).unwrap_or_else(|d| panic!("verify: {}: {}", d.loc, d.message));
    let jit = compile(&ctx, m).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    let out = jit
        .call_values("f", args, None)
        .unwrap_or_else(|e| panic!("{}", e.message));
    let st = jit.last_pool_stats();
    assert_eq!((st.leaked, st.live), (0, 0), "{st:?}");
    out
}

fn bits(v: &JitValue) -> u16 {
    match v {
        JitValue::Scalar(Scalar::F16(h)) => h.to_bits(),
        JitValue::Scalar(Scalar::BF16(h)) => h.to_bits(),
        other => panic!("not a 16-bit float: {other:?}"),
    }
}

const TRUNC: &str = r#"
func.func @f(%x: f32, %y: f64) -> (f16, bf16, f16, bf16) {
  %0 = arith.truncf %x : f32 to f16
  %1 = arith.truncf %x : f32 to bf16
  %2 = arith.truncf %y : f64 to f16
  %3 = arith.truncf %y : f64 to bf16
  return %0, %1, %2, %3 : f16, bf16, f16, bf16
}
"#;

/// truncf rounds to nearest even, directly from f64 (no double rounding through f32).
#[test]
fn truncf_rounds_to_nearest_even() {
    let case = |x: f32, y: f64| -> Vec<u16> {
        run(
            TRUNC,
            &[
                JitValue::Scalar(Scalar::F32(x)),
                JitValue::Scalar(Scalar::F64(y)),
            ],
        )
        .iter()
        .map(bits)
        .collect()
    };
    // 2049 = 2^11 (1 + 2^-11): halfway between f16 2048 (0x6800) and 2050 (0x6801): to even
    // 0x6800. bf16: 2049 = 0x45001000 as f32, the dropped half 0x1000 < 0x8000: 0x4500.
    assert_eq!(case(2049.0, 2049.0), [0x6800, 0x4500, 0x6800, 0x4500]);
    // 65520 = halfway between 65504 (0x7BFF, odd) and 65536 (beyond the largest): inf 0x7C00;
    // just below it, 65519 rounds down to 0x7BFF. bf16 65520 = 0x477FF000: rounds up to
    // 0x4780 (65536); 65519 = 0x477FEF00, the dropped 0xEF00 above half: up to 0x4780 too.
    assert_eq!(case(65520.0, 65519.0), [0x7C00, 0x4780, 0x7BFF, 0x4780]);
    // Subnormals: 2^-25 is halfway between 0 and 2^-24 (0x0001): to even 0; 3 * 2^-25 is
    // halfway between 2^-24 and 2^-23 (0x0002): to 0x0002. In bf16 both are normal: 2^-25 =
    // 0x33000000 -> 0x3300; 3 * 2^-25 = 1.1b * 2^-24 = 0x33C00000 -> 0x33C0.
    assert_eq!(
        case(2f32.powi(-25), 3.0 * 2f64.powi(-25)),
        [0x0000, 0x3300, 0x0002, 0x33C0]
    );
    // f64 1 + 2^-11 + 2^-40: above the f16 halfway point 1 + 2^-11, so up to 1 + 2^-10
    // (0x3C01); through f32 it would first become 1 + 2^-11 (a tie) and then 0x3C00. Likewise
    // bf16 with 1 + 2^-8 + 2^-40: up to 1 + 2^-7 (0x3F81), not 0x3F80.
    let y = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
    assert_eq!(case(1.0, y)[2], 0x3C01);
    let y = 1.0 + 2f64.powi(-8) + 2f64.powi(-40);
    assert_eq!(case(1.0, y)[3], 0x3F81);
    // NaN stays NaN (exponent all ones, fraction not zero); -0.0 keeps its sign.
    let nan = case(f32::NAN, f64::NAN);
    assert!(nan
        .iter()
        .take(1)
        .chain(&nan[2..3])
        .all(|&b| b & 0x7C00 == 0x7C00 && b & 0x3FF != 0));
    assert!([nan[1], nan[3]]
        .iter()
        .all(|&b| b & 0x7F80 == 0x7F80 && b & 0x7F != 0));
    assert_eq!(case(-0.0, -0.0), [0x8000; 4]);
}

const EXT: &str = r#"
func.func @f(%h: f16, %b: bf16) -> (f32, f64, f32, f64) {
  %0 = arith.extf %h : f16 to f32
  %1 = arith.extf %h : f16 to f64
  %2 = arith.extf %b : bf16 to f32
  %3 = arith.extf %b : bf16 to f64
  return %0, %1, %2, %3 : f32, f64, f32, f64
}
"#;

/// extf is exact: the smallest f16 subnormal 0x0001 is 2^-24, the largest 0x7BFF 65504,
/// bf16 0x3EAB = 0x3EAB0000 as f32 = 0.333984375.
#[test]
fn extf_is_exact() {
    let case = |h: u16, b: u16| {
        let out = run(
            EXT,
            &[
                JitValue::Scalar(Scalar::F16(f16::from_bits(h))),
                JitValue::Scalar(Scalar::BF16(bf16::from_bits(b))),
            ],
        );
        let f: Vec<f64> = out
            .iter()
            .map(|v| match v {
                JitValue::Scalar(s) => s.as_f64().expect("a float"),
                JitValue::Tensor(_) => panic!("a scalar"),
            })
            .collect();
        f
    };
    assert_eq!(
        case(0x0001, 0x3EAB),
        [2f64.powi(-24), 2f64.powi(-24), 0.333984375, 0.333984375]
    );
    assert_eq!(
        case(0x7BFF, 0xFF80),
        [65504.0, 65504.0, f64::NEG_INFINITY, f64::NEG_INFINITY]
    );
    assert!(case(0x7E00, 0x7FC0).iter().all(|x| x.is_nan()));
}

const MOVES: &str = r#"
func.func @f(%i: i16, %c: i1) -> (f16, bf16, i16, f16, i16) {
  %0 = arith.bitcast %i : i16 to f16
  %1 = arith.bitcast %i : i16 to bf16
  %k = arith.constant 0.1 : f16
  %2 = arith.bitcast %k : f16 to i16
  %m = arith.constant -2.5 : f16
  %3 = arith.select %c, %k, %m : f16
  %kb = arith.constant 0.1 : bf16
  %4 = arith.bitcast %kb : bf16 to i16
  return %0, %1, %2, %3, %4 : f16, bf16, i16, f16, i16
}
"#;

/// bitcast keeps the bits; constants are rounded to nearest even by the parser: 0.1 in f16 is
/// 1.1001100110011b * 2^-4 -> fraction 0x266 (the next bit 0: down), 0x2E66; in bf16
/// 1.1001101b * 2^-4 (the dropped bits 0b1001... above half: up), 0x3DCD; -2.5 is 0xC100.
#[test]
fn bitcast_constants_and_select() {
    let out = run(
        MOVES,
        &[
            JitValue::Scalar(Scalar::int(0x3C00, 16)),
            JitValue::Scalar(Scalar::bool(false)),
        ],
    );
    assert_eq!(bits(&out[0]), 0x3C00); // f16 1.0
    assert_eq!(bits(&out[1]), 0x3C00); // bf16 0x3C00 = 2^-7 = 0.0078125
    assert_eq!(out[1].to_string_value(), "0.0078125");
    assert_eq!(out[2], JitValue::Scalar(Scalar::int(0x2E66, 16)));
    assert_eq!(bits(&out[3]), 0xC100);
    assert_eq!(out[4], JitValue::Scalar(Scalar::int(0x3DCD, 16)));
}

trait Text {
    fn to_string_value(&self) -> String;
}

impl Text for JitValue {
    fn to_string_value(&self) -> String {
        match self {
            JitValue::Scalar(s) => s.to_string(),
            JitValue::Tensor(_) => panic!("a scalar"),
        }
    }
}

const TENSOR: &str = r#"
func.func @f(%x: tensor<37xf16>) -> tensor<37xbf16> {
  %e = arith.extf %x : tensor<37xf16> to tensor<37xf32>
  %s = arith.addf %e, %e : tensor<37xf32>
  %t = arith.truncf %s : tensor<37xf32> to tensor<37xbf16>
  return %t : tensor<37xbf16>
}
"#;

/// A fused kernel over 2-byte elements: f16 x[i] = 1 + i * 2^-10 (bits 0x3C00 + i), doubled in
/// f32 (exact) and truncated to bf16: 2 + i * 2^-9, whose 8 significand bits keep i * 2^-9
/// only to multiples of 2^-6, i.e. i rounded to a multiple of 8, ties to even multiples of 16
/// (i = 4 -> 0 (a tie, to even), 5 -> 8, 12 -> 16 (a tie, to even 16)).
#[test]
fn tensor_of_f16_to_bf16() {
    let data: Vec<u8> = (0..37u16)
        .flat_map(|i| (0x3C00 + i).to_le_bytes())
        .collect();
    let x = TensorValue::new(ElementKind::Float(FloatKind::F16), vec![37], data).unwrap();
    let out = run(TENSOR, &[JitValue::Tensor(x)]);
    let JitValue::Tensor(t) = &out[0] else {
        panic!("a tensor")
    };
    assert_eq!(t.elem(), ElementKind::Float(FloatKind::BF16));
    let got: Vec<f32> = t
        .data()
        .chunks_exact(2)
        .map(|c| bf16::from_bits(u16::from_le_bytes([c[0], c[1]])).to_f32())
        .collect();
    let want: Vec<f32> = (0..37u32)
        .map(|i| {
            // Round i to a multiple of 8, ties to an even multiple (by hand, above).
            let (q, r) = (i / 8, i % 8);
            let up = r > 4 || (r == 4 && q % 2 == 1);
            2.0 + ((q + up as u32) * 8) as f32 * 2f32.powi(-9)
        })
        .collect();
    assert_eq!(got, want);
}
