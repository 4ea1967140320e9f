//! cf-run's tensor I/O (`weir_tools::tensor_io`): `dense<...>` text to a tensor and back,
//! `.npy` files (fixtures written by NumPy, `tests/data/make_npy.py`) and their errors.
//!
//! The expected texts are mlir-opt 22's own printing of the same attributes (checked by hand
//! with `mlir-opt` on `arith.constant <text>`, and by `lit-tests/run/tensor-io.mlir`).

use std::path::{Path, PathBuf};
use weir_ir::{Context, Type};
use weir_jit::{JitValue, Scalar, TensorValue};
use weir_syntax::{parse_attribute_text, Syntax};
use weir_tools::tensor_io::{
    format_tensor, npy_arg, npy_bytes, parse_npy, tensor_of_attr, write_npy, Dtype,
};

fn setup() -> (Context, Syntax) {
    weir_dialects::new_context()
}

fn parse_type(ctx: &mut Context, syntax: &Syntax, text: &str) -> Type {
    // A type is read as the type of a typed attribute: `0 : T` for scalars, the dense's for
    // tensors (both via the attribute parser, as cf-run reads --arg).
    let a = parse_attribute_text(ctx, syntax, text, "test").expect("parses");
    match ctx.attr_kind(a) {
        weir_ir::AttrKind::Dense(d) => d.ty(),
        weir_ir::AttrKind::Integer { ty, .. } | weir_ir::AttrKind::Float { ty, .. } => *ty,
        weir_ir::AttrKind::Bool(_) => ctx.int_type(1),
        k => panic!("not a typed attribute: {k:?}"),
    }
}

/// Parses `text`, converts it to a tensor and prints it back.
fn round_trip(ctx: &mut Context, syntax: &Syntax, text: &str, limit: Option<u64>) -> String {
    let attr = parse_attribute_text(ctx, syntax, text, "test").expect("parses");
    let ty = weir_tools::tensor_io::elements_attr_type(ctx, attr).expect("elements");
    let value = tensor_of_attr(ctx, attr).expect("dense").expect("converts");
    format_tensor(ctx, ty, &value, limit).expect("prints")
}

/// (input text, mlir-opt 22's printing of it), every element type, ranks 0 to 3.
const CASES: &[(&str, &str)] = &[
    ("dense<[true, false, true]> : tensor<3xi1>", "dense<[true, false, true]> : tensor<3xi1>"),
    ("dense<[[true], [false]]> : tensor<2x1xi1>", "dense<[[true], [false]]> : tensor<2x1xi1>"),
    ("dense<true> : tensor<i1>", "dense<true> : tensor<i1>"),
    ("dense<[[-128, 127], [0, 1]]> : tensor<2x2xi8>", "dense<[[-128, 127], [0, 1]]> : tensor<2x2xi8>"),
    ("dense<-300> : tensor<i16>", "dense<-300> : tensor<i16>"),
    ("dense<[1,2,3]> : tensor<3xi16>", "dense<[1, 2, 3]> : tensor<3xi16>"),
    ("dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi32>", "dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi32>"),
    (
        "dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>",
        "dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>",
    ),
    ("dense<7> : tensor<i64>", "dense<7> : tensor<i64>"),
    ("dense<[[-1, 0]]> : tensor<1x2xi64>", "dense<[[-1, 0]]> : tensor<1x2xi64>"),
    ("dense<[0, -1, 5]> : tensor<3xindex>", "dense<[0, -1, 5]> : tensor<3xindex>"),
    ("dense<[[[-1], [2]]]> : tensor<1x2x1xindex>", "dense<[[[-1], [2]]]> : tensor<1x2x1xindex>"),
    (
        "dense<[1.5, -2.0, 65504.0]> : tensor<3xf16>",
        "dense<[1.500000e+00, -2.000000e+00, 6.550400e+04]> : tensor<3xf16>",
    ),
    (
        "dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf16>",
        "dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf16>",
    ),
    (
        "dense<[[1.0, 2.5], [-0.5, 3.0e38]]> : tensor<2x2xbf16>",
        "dense<[[1.000000e+00, 2.500000e+00], [-5.000000e-01, 3.004060e+38]]> : tensor<2x2xbf16>",
    ),
    ("dense<0.5> : tensor<bf16>", "dense<5.000000e-01> : tensor<bf16>"),
    (
        "dense<[0.1, 1.0e-45, 3.5]> : tensor<3xf32>",
        "dense<[1.000000e-01, 1.401300e-45, 3.500000e+00]> : tensor<3xf32>",
    ),
    (
        "dense<[0x7FC00000, 0x7F800000, 1.0]> : tensor<3xf32>",
        "dense<[0x7FC00000, 0x7F800000, 1.000000e+00]> : tensor<3xf32>",
    ),
    (
        "dense<[[0.1, 2.0], [1.0e300, -0.0]]> : tensor<2x2xf64>",
        "dense<[[1.000000e-01, 2.000000e+00], [1.000000e+300, -0.000000e+00]]> : tensor<2x2xf64>",
    ),
    ("dense<[[[1.0e-7]]]> : tensor<1x1x1xf64>", "dense<9.9999999999999995E-8> : tensor<1x1x1xf64>"),
    // Splats, expanded to every element and printed as one again.
    ("dense<1.0> : tensor<5xf32>", "dense<1.000000e+00> : tensor<5xf32>"),
    ("dense<[2, 2, 2]> : tensor<3xi32>", "dense<2> : tensor<3xi32>"),
    // Empty tensors.
    ("dense<> : tensor<0xf32>", "dense<> : tensor<0xf32>"),
    ("dense<> : tensor<2x0xi32>", "dense<> : tensor<2x0xi32>"),
    ("dense<> : tensor<0x3xf64>", "dense<> : tensor<0x3xf64>"),
    // The hex form in, decimal out.
    ("dense<\"0x0100000002000000\"> : tensor<2xi32>", "dense<[1, 2]> : tensor<2xi32>"),
];

#[test]
fn dense_text_round_trips_through_a_tensor() {
    let (mut ctx, syntax) = setup();
    for &(input, want) in CASES {
        assert_eq!(round_trip(&mut ctx, &syntax, input, None), want, "{input}");
        // What cf-run prints reads back to the same text.
        assert_eq!(round_trip(&mut ctx, &syntax, want, None), want, "{want}");
    }
}

#[test]
fn dense_of_the_tensor_has_its_elements() {
    let (mut ctx, syntax) = setup();
    let a = parse_attribute_text(
        &mut ctx,
        &syntax,
        "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>",
        "t",
    )
    .expect("parses");
    let t = tensor_of_attr(&ctx, a).expect("dense").expect("converts");
    assert_eq!(t.shape(), &[2, 2]);
    // Four little-endian i32s, by hand.
    assert_eq!(t.data(), &[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0]);
    let s =
        parse_attribute_text(&mut ctx, &syntax, "dense<-1> : tensor<3xi8>", "t").expect("parses");
    let t = tensor_of_attr(&ctx, s).expect("dense").expect("converts");
    assert_eq!(t.data(), &[0xFF, 0xFF, 0xFF], "a splat is expanded");
    // 4 PB: a clean error, not an allocation failure.
    let huge = parse_attribute_text(
        &mut ctx,
        &syntax,
        "dense<1.0> : tensor<1000000000000000xf32>",
        "t",
    )
    .expect("parses");
    assert_eq!(
        tensor_of_attr(&ctx, huge).expect("dense"),
        Err("a splat of 1000000000000000 elements is too large to expand".to_string())
    );
}

#[test]
fn large_tensors_print_in_decimal_not_hex() {
    // 101 elements: mlir-opt would print dense<"0x...">; cf-run prints the list.
    let (mut ctx, syntax) = setup();
    let list: Vec<String> = (0..101).map(|i| i.to_string()).collect();
    let text = format!("dense<[{}]> : tensor<101xi32>", list.join(", "));
    assert_eq!(round_trip(&mut ctx, &syntax, &text, Some(1000)), text);
    assert_eq!(round_trip(&mut ctx, &syntax, &text, None), text);
}

#[test]
fn tensors_over_the_print_limit_are_summarized() {
    let (mut ctx, syntax) = setup();
    // 0, 1, ..., 23 as f32: min 0, max 23, mean 11.5 (by hand).
    let rows: Vec<String> = (0..6)
        .map(|r| {
            let row: Vec<String> = (0..4).map(|c| format!("{}.0", 4 * r + c)).collect();
            format!("[{}]", row.join(", "))
        })
        .collect();
    let text = format!(
        "dense<[[{}], [{}]]> : tensor<2x3x4xf32>",
        rows[..3].join(", "),
        rows[3..].join(", ")
    );
    assert_eq!(
        round_trip(&mut ctx, &syntax, &text, Some(10)),
        "tensor<2x3x4xf32>, 24 elements: [0.000000e+00, 1.000000e+00, 2.000000e+00, ..., \
         2.100000e+01, 2.200000e+01, 2.300000e+01], min 0.0, max 23.0, mean 11.5"
    );
    // At the limit: the attribute.
    assert!(round_trip(&mut ctx, &syntax, &text, Some(24)).starts_with("dense<[[[0.000000e+00, "));
    // Integers: no statistics; seven elements show the first and last three.
    assert_eq!(
        round_trip(
            &mut ctx,
            &syntax,
            "dense<[5, 6, 7, 8, 9, 10, 11]> : tensor<7xi64>",
            Some(4)
        ),
        "tensor<7xi64>, 7 elements: [5, 6, 7, ..., 9, 10, 11]"
    );
    // Five: each shown once, no ellipsis.
    assert_eq!(
        round_trip(
            &mut ctx,
            &syntax,
            "dense<[5, 6, 7, 8, 9]> : tensor<5xi64>",
            Some(4)
        ),
        "tensor<5xi64>, 5 elements: [5, 6, 7, 8, 9]"
    );
    // Fewer than six elements over a tiny limit: each shown once.
    assert_eq!(
        round_trip(
            &mut ctx,
            &syntax,
            "dense<[true, false]> : tensor<2xi1>",
            Some(1)
        ),
        "tensor<2xi1>, 2 elements: [true, false]"
    );
    // A NaN makes every statistic NaN, as NumPy's min, max and mean.
    assert_eq!(
        round_trip(
            &mut ctx,
            &syntax,
            "dense<[1.0, 0x7FF8000000000000]> : tensor<2xf64>",
            Some(1)
        ),
        "tensor<2xf64>, 2 elements: [1.000000e+00, 0x7FF8000000000000], min nan, max nan, mean nan"
    );
    // The README's example: 0, 1, ..., 1999 over the default limit; mean 999.5 by hand.
    let list: Vec<String> = (0..2000).map(|i| format!("{i}.0")).collect();
    let text = format!("dense<[{}]> : tensor<2000xf32>", list.join(", "));
    assert_eq!(
        round_trip(&mut ctx, &syntax, &text, Some(1000)),
        "tensor<2000xf32>, 2000 elements: [0.000000e+00, 1.000000e+00, 2.000000e+00, ..., \
         1.997000e+03, 1.998000e+03, 1.999000e+03], min 0.0, max 1999.0, mean 999.5"
    );
    // A splat stays an attribute whatever its size.
    assert_eq!(
        round_trip(
            &mut ctx,
            &syntax,
            "dense<1.0> : tensor<2048x2xf32>",
            Some(10)
        ),
        "dense<1.000000e+00> : tensor<2048x2xf32>"
    );
}

#[test]
fn results_print_with_their_runtime_shape() {
    // A result declared `tensor<?x2xf32>` prints with the sizes the value has.
    let (mut ctx, syntax) = setup();
    let a = parse_attribute_text(
        &mut ctx,
        &syntax,
        "dense<[[1.0, 2.0]]> : tensor<1x2xf32>",
        "t",
    )
    .expect("parses");
    let t = tensor_of_attr(&ctx, a).expect("dense").expect("converts");
    let dynamic = {
        let f32 = ctx.float_type(weir_ir::FloatKind::F32);
        ctx.intern_type(weir_ir::TypeKind::Tensor {
            shape: Some(vec![None, Some(2)]),
            element: f32,
        })
    };
    assert_eq!(
        format_tensor(&mut ctx, dynamic, &t, None).expect("prints"),
        "dense<[[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>"
    );
}

/// A scratch directory under the system's temporary directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("weir-tensor-io-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("creates the scratch directory");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/npy")
        .join(format!("{name}.npy"))
}

/// Reads `path` for a parameter of type `param` (text: `0 : T` or a dense of the type).
fn read(
    ctx: &mut Context,
    syntax: &Syntax,
    path: &Path,
    param: &str,
) -> Result<TensorValue, String> {
    let ty = parse_type(ctx, syntax, param);
    let p = path.to_str().expect("utf-8 path");
    npy_arg(ctx, 0, &format!("@{p}"), p, ty).map_err(|d| d.message)
}

#[test]
fn npy_files_written_by_numpy_read_back_with_their_values() {
    let (mut ctx, syntax) = setup();
    // (fixture, a dense of the parameter type whose elements are the fixture's; make_npy.py
    // saves [[1, -2, 3], [4, 5, -6]] in each dtype, unsigned ones wrapped).
    let cases = [
        ("int8", "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi8>"),
        ("uint8", "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi8>"),
        ("int16", "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi16>"),
        (
            "uint16",
            "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi16>",
        ),
        ("int32", "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>"),
        (
            "uint32",
            "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>",
        ),
        ("int64", "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi64>"),
        (
            "uint64",
            "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi64>",
        ),
        (
            "int64",
            "dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xindex>",
        ),
        (
            "float16",
            "dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf16>",
        ),
        (
            "float32",
            "dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>",
        ),
        (
            "float64",
            "dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf64>",
        ),
        (
            "bool",
            "dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>",
        ),
        ("bf16_bits", "dense<[1.5, -2.0]> : tensor<2xbf16>"),
        ("empty_f32", "dense<> : tensor<0x3xf32>"),
    ];
    for (name, want) in cases {
        let a = parse_attribute_text(&mut ctx, &syntax, want, "t").expect("parses");
        let expected = tensor_of_attr(&ctx, a).expect("dense").expect("converts");
        assert_eq!(
            read(&mut ctx, &syntax, &fixture(name), want),
            Ok(expected),
            "{name}"
        );
    }
    // `?` sizes take any size.
    let t = read(
        &mut ctx,
        &syntax,
        &fixture("int32"),
        "dense<0> : tensor<2x3xi32>",
    )
    .expect("reads");
    let dynamic = {
        let i32 = ctx.int_type(32);
        ctx.intern_type(weir_ir::TypeKind::Tensor {
            shape: Some(vec![None, None]),
            element: i32,
        })
    };
    let p = fixture("int32");
    let p = p.to_str().expect("utf-8");
    assert_eq!(
        npy_arg(&ctx, 0, "@x", p, dynamic).map_err(|d| d.message),
        Ok(t)
    );
    // A 0-d array for a scalar parameter: 2.5 (make_npy.py).
    let s = read(&mut ctx, &syntax, &fixture("scalar_f64"), "0.0 : f64").expect("reads");
    let f64 = weir_jit::ScalarType::F64;
    assert_eq!(
        weir_tools::tensor_io::scalar_of(&s, f64),
        Some(Scalar::F64(2.5))
    );
}

#[test]
fn npy_errors_are_clean_messages() {
    let (mut ctx, syntax) = setup();
    let err = |ctx: &mut Context, name: &str, param: &str| {
        read(ctx, &syntax, &fixture(name), param).expect_err("fails")
    };
    let at = |name: &str| format!("cf-run: --arg #0: '{}'", fixture(name).display());
    assert_eq!(
        err(&mut ctx, "fortran", "dense<0> : tensor<2x2xi32>"),
        format!("{} is in Fortran order (shape (2, 2)); cf-run reads C-order arrays (save `np.ascontiguousarray(a)`)", at("fortran"))
    );
    assert_eq!(
        err(&mut ctx, "bigendian", "dense<0> : tensor<2xi32>"),
        format!("{} is big-endian (dtype '>i4'); cf-run reads little-endian files (save `a.astype(a.dtype.newbyteorder('<'))`)", at("bigendian"))
    );
    assert_eq!(
        err(&mut ctx, "object", "dense<0> : tensor<2xi32>"),
        format!("{} holds Python objects (dtype 'O')", at("object"))
    );
    assert_eq!(
        err(&mut ctx, "complex", "dense<0.0> : tensor<1xf32>"),
        format!("{} has dtype '<c8', which cf-run does not read (bool, int8..int64, uint8..uint64, float16, float32, float64)", at("complex"))
    );
    // The dtype or the shape does not fit the parameter.
    let p = fixture("float32");
    let text = format!("@{}", p.display());
    assert_eq!(
        err(&mut ctx, "float32", "dense<0.0> : tensor<2x3xf64>"),
        format!("cf-run: --arg #0 '{text}' holds an array of dtype float32 and shape (2, 3) but the parameter has type 'tensor<2x3xf64>'")
    );
    assert_eq!(
        err(&mut ctx, "float32", "dense<0.0> : tensor<3x2xf32>"),
        format!("cf-run: --arg #0 '{text}' holds an array of dtype float32 and shape (2, 3) but the parameter has type 'tensor<3x2xf32>'")
    );
    assert_eq!(
        err(&mut ctx, "float32", "0.0 : f32"),
        format!("cf-run: --arg #0 '{text}' holds an array of dtype float32 and shape (2, 3) but the parameter has type 'f32'")
    );
    // uint16 is bf16's carrier; int16 is not.
    let p = fixture("int16");
    assert_eq!(
        err(&mut ctx, "int16", "dense<0.0> : tensor<2x3xbf16>"),
        format!("cf-run: --arg #0 '@{}' holds an array of dtype int16 and shape (2, 3) but the parameter has type 'tensor<2x3xbf16>'", p.display())
    );
    // Not a file, not an .npy file, truncated, trailing bytes.
    let scratch = Scratch::new("errors");
    let missing = scratch.0.join("missing.npy");
    let e = read(&mut ctx, &syntax, &missing, "dense<0> : tensor<2xi32>").expect_err("fails");
    assert!(
        e.starts_with(&format!(
            "cf-run: --arg #0: cannot read '{}': ",
            missing.display()
        )),
        "{e}"
    );
    let junk = scratch.0.join("junk.npy");
    std::fs::write(&junk, b"not numpy at all").expect("writes");
    assert_eq!(
        read(&mut ctx, &syntax, &junk, "dense<0> : tensor<2xi32>").expect_err("fails"),
        format!(
            "cf-run: --arg #0: '{}' is not a valid .npy file (magic not found for NPY file)",
            junk.display()
        )
    );
    let good = std::fs::read(fixture("int32")).expect("reads");
    let cut = scratch.0.join("cut.npy");
    std::fs::write(&cut, &good[..good.len() - 1]).expect("writes");
    assert_eq!(
        read(&mut ctx, &syntax, &cut, "dense<0> : tensor<2x3xi32>").expect_err("fails"),
        format!("cf-run: --arg #0: '{}' is truncated: an array of dtype int32 and shape (2, 3) has 24 bytes of data, the file has 23", cut.display())
    );
    let header_cut = scratch.0.join("header.npy");
    std::fs::write(&header_cut, &good[..40]).expect("writes");
    assert_eq!(
        read(&mut ctx, &syntax, &header_cut, "dense<0> : tensor<2x3xi32>").expect_err("fails"),
        format!(
            "cf-run: --arg #0: '{}' is truncated in its header",
            header_cut.display()
        )
    );
    let long = scratch.0.join("long.npy");
    std::fs::write(&long, [&good[..], &[0]].concat()).expect("writes");
    assert_eq!(
        read(&mut ctx, &syntax, &long, "dense<0> : tensor<2x3xi32>").expect_err("fails"),
        format!("cf-run: --arg #0: '{}' has trailing bytes: an array of dtype int32 and shape (2, 3) has 24 bytes of data, the file has 25", long.display())
    );
}

#[test]
fn npy_round_trip_for_every_dtype() {
    let (mut ctx, syntax) = setup();
    let scratch = Scratch::new("round-trip");
    let cases = [
        "dense<[[true, false, true]]> : tensor<1x3xi1>",
        "dense<[-128, 0, 127]> : tensor<3xi8>",
        "dense<[[-300], [300]]> : tensor<2x1xi16>",
        "dense<[[[1, -2]], [[3, 4]]]> : tensor<2x1x2xi32>",
        "dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>",
        "dense<[0, -1, 5]> : tensor<3xindex>",
        "dense<[1.5, -2.0, 65504.0]> : tensor<3xf16>",
        "dense<[[1.0, 2.5], [-0.5, 3.0e38]]> : tensor<2x2xbf16>",
        "dense<[0.1, 1.0e-45, 0x7FC00000]> : tensor<3xf32>",
        "dense<[[0.1, 2.0], [1.0e300, -0.0]]> : tensor<2x2xf64>",
        "dense<4.0> : tensor<f32>",
        "dense<> : tensor<2x0xi64>",
    ];
    for (i, text) in cases.iter().enumerate() {
        let a = parse_attribute_text(&mut ctx, &syntax, text, "t").expect("parses");
        let ty = weir_tools::tensor_io::elements_attr_type(&ctx, a).expect("dense");
        let t = tensor_of_attr(&ctx, a).expect("dense").expect("converts");
        let path = scratch.0.join(format!("r{i}.npy"));
        write_npy(&mut ctx, &path, ty, &JitValue::Tensor(t.clone())).expect("writes");
        assert_eq!(read(&mut ctx, &syntax, &path, text), Ok(t), "{text}");
    }
    // Scalars are 0-d arrays.
    for (s, param) in [
        (Scalar::F32(1.25), "0.0 : f32"),
        (Scalar::F64(-0.5), "0.0 : f64"),
        (Scalar::i32(-7), "0 : i32"),
        (Scalar::i64(1 << 40), "0 : i64"),
        (Scalar::index(-3), "0 : index"),
        (Scalar::bool(true), "0 : i1"),
        (Scalar::int(-1, 8), "0 : i8"),
    ] {
        let ty = parse_type(&mut ctx, &syntax, param);
        let path = scratch.0.join("scalar.npy");
        write_npy(&mut ctx, &path, ty, &JitValue::Scalar(s)).expect("writes");
        let t = read(&mut ctx, &syntax, &path, param).expect("reads");
        assert_eq!(t.shape(), &[] as &[u64]);
        assert_eq!(
            weir_tools::tensor_io::scalar_of(&t, s.ty()),
            Some(s),
            "{param}"
        );
    }
}

#[test]
fn written_npy_files_have_numpy_headers() {
    // The header NumPy's format 1.0 specifies (by hand from NEP 1 / numpy.lib.format): magic,
    // version 1.0, a little-endian u16 header length, the dict, padding to a multiple of 64
    // (npyz's alignment; NumPy 2 pads to 128 and reads either), then the data.
    let bytes = npy_bytes(Dtype::Int(4), &[2, 3], &[0; 24]).expect("writes");
    assert_eq!(&bytes[..8], b"\x93NUMPY\x01\x00");
    let len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    assert_eq!((10 + len) % 64, 0);
    let header = std::str::from_utf8(&bytes[10..10 + len]).expect("ascii");
    // npyz writes the shape with a trailing comma, a Python tuple NumPy reads.
    assert!(
        header.starts_with("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3, ), }"),
        "{header}"
    );
    assert!(header.ends_with('\n'));
    assert_eq!(bytes.len(), 10 + len + 24);
    // And the reader reads what NumPy wrote the same as what npy_bytes writes.
    let numpy = std::fs::read(fixture("int32")).expect("reads");
    let ours = npy_bytes(
        Dtype::Int(4),
        &[2, 3],
        &parse_npy(&numpy).expect("parses").data,
    )
    .expect("writes");
    assert_eq!(parse_npy(&ours), parse_npy(&numpy));
    for (dtype, name) in [
        (Dtype::Bool, "bool"),
        (Dtype::Int(1), "int8"),
        (Dtype::Uint(8), "uint64"),
        (Dtype::Float(2), "float16"),
    ] {
        assert_eq!(dtype.name(), name);
    }
}

#[test]
fn output_errors_are_clean_messages() {
    let (mut ctx, syntax) = setup();
    let scratch = Scratch::new("output");
    let ty = parse_type(&mut ctx, &syntax, "0 : i32");
    let dir = scratch.0.join("no-such-dir").join("r.npy");
    let e = write_npy(&mut ctx, &dir, ty, &JitValue::Scalar(Scalar::i32(1))).expect_err("fails");
    assert!(
        e.starts_with(&format!("cannot write '{}': ", dir.display())),
        "{e}"
    );
    // NumPy has no 3-bit integers.
    let i3 = ctx.int_type(3);
    let e = write_npy(
        &mut ctx,
        &scratch.0.join("x.npy"),
        i3,
        &JitValue::Scalar(Scalar::int(1, 3)),
    )
    .expect_err("fails");
    assert_eq!(e, "NumPy has no dtype for 'i3' elements");
}

#[test]
fn dense_resource_args_read_the_module_blob() {
    // The blob: alignment 4, then the i32s 1 and 2 (little-endian, by hand).
    let (mut ctx, syntax) = setup();
    let module = "module {}\n{-#\n  dialect_resources: {\n    builtin: {\n      w: \"0x040000000100000002000000\"\n    }\n  }\n#-}\n";
    weir_syntax::parse_module(&mut ctx, &syntax, module, "m", 1, Default::default())
        .expect("parses");
    let a = parse_attribute_text(&mut ctx, &syntax, "dense_resource<w> : tensor<2xi32>", "t")
        .expect("parses");
    let t = tensor_of_attr(&ctx, a)
        .expect("elements")
        .expect("converts");
    assert_eq!(t.data(), &[1, 0, 0, 0, 2, 0, 0, 0]);
    let b = parse_attribute_text(&mut ctx, &syntax, "dense_resource<w> : tensor<3xi32>", "t")
        .expect("parses");
    assert_eq!(
        tensor_of_attr(&ctx, b).expect("elements"),
        Err("a tensor of 3 element(s) of 4 byte(s) needs 12 bytes, got 8".to_string())
    );
    let c = parse_attribute_text(&mut ctx, &syntax, "dense_resource<v> : tensor<2xi32>", "t")
        .expect("parses");
    assert_eq!(
        tensor_of_attr(&ctx, c).expect("elements"),
        Err(
            "the module has no blob for dense_resource 'v' (in its dialect_resources section)"
                .to_string()
        )
    );
}

/// mlir-opt 22 parses what cf-run prints and prints it back the same (large tensors aside,
/// which mlir-opt prints in hex). Skipped, as lit's `REQUIRES: mlir-opt`, without mlir-opt.
#[test]
fn mlir_opt_parses_the_printed_tensors() {
    const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";
    if !Path::new(MLIR_OPT).exists() {
        eprintln!("skipped: no {MLIR_OPT}");
        return;
    }
    let (mut ctx, syntax) = setup();
    let printed: Vec<String> = CASES
        .iter()
        .map(|&(input, _)| round_trip(&mut ctx, &syntax, input, None))
        .collect();
    let list: Vec<String> = (0..150).map(|i| format!("{}.5", i - 75)).collect();
    let large = round_trip(
        &mut ctx,
        &syntax,
        &format!("dense<[{}]> : tensor<150xf32>", list.join(", ")),
        None,
    );
    let mut module = String::from("func.func @f() {\n");
    for p in printed.iter().chain([&large]) {
        module.push_str(&format!(
            "  %{} = arith.constant {p}\n",
            module.lines().count()
        ));
    }
    module.push_str("  return\n}\n");
    let scratch = Scratch::new("mlir-opt");
    let file = scratch.0.join("printed.mlir");
    std::fs::write(&file, &module).expect("writes");
    let out = std::process::Command::new(MLIR_OPT)
        .arg(&file)
        .output()
        .expect("runs mlir-opt");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "mlir-opt failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let constants: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.split_once("arith.constant ").map(|(_, c)| c))
        .collect();
    assert_eq!(constants.len(), printed.len() + 1);
    for (theirs, ours) in constants.iter().zip(&printed) {
        assert_eq!(theirs, ours);
    }
    // The 150 elements come back in mlir-opt's hex form: 4 bytes each.
    assert!(
        constants[printed.len()].starts_with("dense<\"0x"),
        "{}",
        constants[printed.len()]
    );
    assert_eq!(
        constants[printed.len()].len(),
        "dense<\"0x".len() + 8 * 150 + "\"> : tensor<150xf32>".len()
    );
}

/// A `.npy` file (format 1.0) with header dictionary `dict` and `data`, written by hand.
fn hand_npy(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut header = dict.to_string();
    while !(10 + header.len() + 1).is_multiple_of(64) {
        header.push(' ');
    }
    header.push('\n');
    let len = header.len() as u16;
    [
        b"\x93NUMPY\x01\x00",
        &len.to_le_bytes()[..],
        header.as_bytes(),
        data,
    ]
    .concat()
}

#[test]
fn hostile_npy_headers_are_clean_errors() {
    let ok = hand_npy(
        "{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }",
        &[1, 0, 2, 0],
    );
    assert_eq!(
        parse_npy(&ok),
        Ok(weir_tools::tensor_io::NpyArray {
            dtype: Dtype::Int(2),
            shape: vec![2],
            data: vec![1, 0, 2, 0]
        })
    );
    let huge = hand_npy(
        "{'descr': '<i4', 'fortran_order': False, 'shape': (1099511627776, 1099511627776), }",
        &[],
    );
    assert_eq!(
        parse_npy(&huge),
        Err("has a shape (1099511627776, 1099511627776) too large to hold".to_string())
    );
    // Version 2.0 stating a 4 GiB header in a 12-byte file.
    assert_eq!(
        parse_npy(b"\x93NUMPY\x02\x00\xFF\xFF\xFF\xFF"),
        Err("is truncated in its header".to_string())
    );
    let negative = hand_npy(
        "{'descr': '<i4', 'fortran_order': False, 'shape': (-1, 2), }",
        &[],
    );
    assert_eq!(
        parse_npy(&negative),
        Err("is not a valid .npy file (dimension cannot be negative)".to_string())
    );
    let no_shape = hand_npy("{'descr': '<i4', 'fortran_order': False, }", &[]);
    assert_eq!(
        parse_npy(&no_shape),
        Err("is not a valid .npy file (dict is missing key 'shape')".to_string())
    );
    let odd = hand_npy(
        "{'descr': '<i3', 'fortran_order': False, 'shape': (1,), }",
        &[0; 3],
    );
    assert_eq!(
        parse_npy(&odd),
        Err("is not a valid .npy file (invalid type string: Type string '<i3' has invalid size. Valid sizes are: [1, 2, 4, 8])".to_string())
    );
    let quad = hand_npy(
        "{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }",
        &[0; 16],
    );
    assert_eq!(
        parse_npy(&quad),
        Err("has dtype '<f16', which cf-run does not read (bool, int8..int64, uint8..uint64, float16, float32, float64)".to_string())
    );
}
