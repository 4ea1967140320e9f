//! cf-run's tensor I/O: tensor `--arg`s from `dense<...>` / `dense_resource<...>` attributes
//! and NumPy `.npy` files, tensor results printed in MLIR's attribute syntax (or summarized
//! when large), and results written as `.npy` files.
//!
//! A [`TensorValue`] holds its elements in MLIR's dense layout (`weir_ir::dense`), which is
//! also the data layout of a little-endian C-order `.npy` file of the matching dtype: the bytes
//! are copied as they are, in time linear in the element count. The NumPy dtypes and the
//! element types they go with ([`Dtype::of_element`], [`Dtype::fits_element`]):
//!
//! | element type | `.npy` dtype read | `.npy` dtype written |
//! | --- | --- | --- |
//! | `i1` | `bool` | `bool` |
//! | `i8`, `i16`, `i32`, `i64` (and `siN`, `uiN`) | `intN` or `uintN` of that width | `intN` (`uintN` for `uiN`) |
//! | `index` | `int64` or `uint64` | `int64` |
//! | `f16`, `f32`, `f64` | `float16`, `float32`, `float64` | the same |
//! | `bf16` | `uint16` holding the raw bf16 bits (NumPy has no bfloat16) | `uint16` (raw bits) |
//!
//! Files must be little-endian (`<` or `|` in the dtype) and in C order; Fortran-order,
//! big-endian, structured, object and other dtypes are rejected with a message saying so.

use crate::run::arg_mismatch;
use npyz::{DType, NpyHeader, Order, TypeChar, TypeStr, WriterBuilder};
use std::fmt::Write as _;
use std::path::Path;
use weir_ir::dense::dense_shape;
use weir_ir::{
    Attr, AttrKind, Context, DenseElements, DenseValue, Diagnostic, ElementKind, FloatKind,
    Location, Signedness, Type, TypeKind,
};
use weir_jit::{JitValue, Scalar, TensorValue};
use weir_syntax::{dense_element_to_string, dense_to_decimal_string, type_to_string};

/// cf-run's default `--print-limit`: tensors of more elements are summarized (NumPy's
/// default print threshold).
pub const DEFAULT_PRINT_LIMIT: u64 = 1000;

/// Elements shown at each end of a summarized tensor (as NumPy's summaries).
const SUMMARY_EDGE: u64 = 3;

/// The NumPy dtypes cf-run reads and writes (see the module docs), by item size in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dtype {
    /// `bool` (`|b1`): one byte, 0 or 1.
    Bool,
    /// `int8` .. `int64` (`|i1`, `<i2`, `<i4`, `<i8`).
    Int(u8),
    /// `uint8` .. `uint64` (`|u1`, `<u2`, `<u4`, `<u8`).
    Uint(u8),
    /// `float16`, `float32`, `float64` (`<f2`, `<f4`, `<f8`).
    Float(u8),
}

impl Dtype {
    /// The dtype of a little-endian NumPy type string (`<f4`, `|b1`), or why it is not one
    /// cf-run reads.
    fn from_type_str(ts: &TypeStr) -> Result<Dtype, String> {
        use npyz::Endianness;
        let size = ts.size_field();
        let sized = |n: u8| (size == n as u64).then_some(n);
        let dtype = match ts.type_char() {
            TypeChar::Bool if size == 1 => Some(Dtype::Bool),
            TypeChar::Int => [1, 2, 4, 8].into_iter().find_map(sized).map(Dtype::Int),
            TypeChar::Uint => [1, 2, 4, 8].into_iter().find_map(sized).map(Dtype::Uint),
            TypeChar::Float => [2, 4, 8].into_iter().find_map(sized).map(Dtype::Float),
            TypeChar::Object => return Err("holds Python objects (dtype 'O')".to_string()),
            _ => None,
        };
        let Some(dtype) = dtype else {
            return Err(format!("has dtype '{ts}', which cf-run does not read (bool, int8..int64, uint8..uint64, float16, float32, float64)"));
        };
        if ts.endianness() == Endianness::Big && size > 1 {
            return Err(format!(
                "is big-endian (dtype '{ts}'); cf-run reads little-endian files (save `a.astype(a.dtype.newbyteorder('<'))`)"
            ));
        }
        Ok(dtype)
    }

    /// NumPy's name of the dtype: `bool`, `int32`, `uint8`, `float16`.
    pub fn name(self) -> String {
        match self {
            Dtype::Bool => "bool".to_string(),
            Dtype::Int(n) => format!("int{}", 8 * n),
            Dtype::Uint(n) => format!("uint{}", 8 * n),
            Dtype::Float(n) => format!("float{}", 8 * n),
        }
    }

    /// The size of one element in bytes.
    pub fn item_size(self) -> u8 {
        match self {
            Dtype::Bool => 1,
            Dtype::Int(n) | Dtype::Uint(n) | Dtype::Float(n) => n,
        }
    }

    /// The type string of the dtype in a little-endian file: `|b1`, `<i4`, `|u1`, `<f2`.
    pub fn descr(self) -> String {
        let c = match self {
            Dtype::Bool => 'b',
            Dtype::Int(_) => 'i',
            Dtype::Uint(_) => 'u',
            Dtype::Float(_) => 'f',
        };
        let n = self.item_size();
        format!("{}{c}{n}", if n == 1 { '|' } else { '<' })
    }

    /// The dtype cf-run writes elements of type `element` as (see the module docs), or `None`
    /// when NumPy has none for it (integers of widths other than 1, 8, 16, 32, 64).
    pub fn of_element(ctx: &Context, element: Type) -> Option<Dtype> {
        match *ctx.type_kind(element) {
            TypeKind::Integer { width: 1, .. } => Some(Dtype::Bool),
            TypeKind::Integer { width, signedness } if [8, 16, 32, 64].contains(&width) => {
                let n = (width / 8) as u8;
                Some(if signedness == Signedness::Unsigned {
                    Dtype::Uint(n)
                } else {
                    Dtype::Int(n)
                })
            }
            TypeKind::Index => Some(Dtype::Int(8)),
            TypeKind::Float(FloatKind::BF16) => Some(Dtype::Uint(2)),
            TypeKind::Float(k) => Some(Dtype::Float((k.width() / 8) as u8)),
            _ => None,
        }
    }

    /// Whether a `.npy` array of this dtype can be read as elements of type `element`: the
    /// dtype written for it, or for an integer or `index` element the integer dtype of the
    /// other signedness and the same width (the elements are signless bit patterns).
    pub fn fits_element(self, ctx: &Context, element: Type) -> bool {
        let Some(own) = Dtype::of_element(ctx, element) else {
            return false;
        };
        let integer = matches!(
            ctx.type_kind(element),
            TypeKind::Integer { .. } | TypeKind::Index
        );
        own == self
            || integer
                && matches!((own, self), (Dtype::Int(a), Dtype::Uint(b)) | (Dtype::Uint(a), Dtype::Int(b)) if a == b)
    }
}

/// An array read from a `.npy` file: dtype, shape (C order) and the data's bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NpyArray {
    /// The element dtype.
    pub dtype: Dtype,
    /// The sizes of the dimensions, outermost first (empty for a 0-d array).
    pub shape: Vec<u64>,
    /// The elements' bytes, little-endian, row-major.
    pub data: Vec<u8>,
}

/// The shape as NumPy writes it: `(2, 3)`, `(5,)`, `()`.
fn shape_text(shape: &[u64]) -> String {
    let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
    match dims.len() {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    }
}

/// Parses a `.npy` file's bytes (format versions 1 to 3). Errors say what is wrong: not a
/// `.npy` file, a dtype cf-run does not read (see [`Dtype`]), Fortran order, big-endian
/// data, or data shorter or longer than the header's shape needs.
pub fn parse_npy(bytes: &[u8]) -> Result<NpyArray, String> {
    // npyz allocates the header length the file states before reading it: check it first, so
    // that a corrupt length costs no more memory than the file (the length is 2 bytes at
    // offset 8 in version 1, 4 bytes in versions 2 and 3; the header follows it).
    let stated = match bytes.strip_prefix(b"\x93NUMPY") {
        Some([1, _, a, b, ..]) => Some(10 + u16::from_le_bytes([*a, *b]) as u64),
        Some([_, _, a, b, c, d, ..]) => Some(12 + u32::from_le_bytes([*a, *b, *c, *d]) as u64),
        _ => None,
    };
    if stated.is_some_and(|n| n > bytes.len() as u64) {
        return Err("is truncated in its header".to_string());
    }
    let mut rest = bytes;
    let header =
        NpyHeader::from_reader(&mut rest).map_err(|e| format!("is not a valid .npy file ({e})"))?;
    let dtype = match header.dtype() {
        DType::Plain(ts) => Dtype::from_type_str(&ts)?,
        DType::Record(_) | DType::Array(..) => {
            return Err("has a structured dtype, which cf-run does not read".to_string())
        }
    };
    let shape = header.shape().to_vec();
    if header.order() == Order::Fortran {
        return Err(format!(
            "is in Fortran order (shape {}); cf-run reads C-order arrays (save `np.ascontiguousarray(a)`)",
            shape_text(&shape)
        ));
    }
    let want = shape
        .iter()
        .try_fold(dtype.item_size() as u64, |n, &d| n.checked_mul(d))
        .ok_or_else(|| format!("has a shape {} too large to hold", shape_text(&shape)))?;
    if rest.len() as u64 != want {
        let what = if (rest.len() as u64) < want {
            "is truncated"
        } else {
            "has trailing bytes"
        };
        return Err(format!(
            "{what}: an array of dtype {} and shape {} has {want} bytes of data, the file has {}",
            dtype.name(),
            shape_text(&shape),
            rest.len()
        ));
    }
    Ok(NpyArray {
        dtype,
        shape,
        data: rest.to_vec(),
    })
}

/// The bytes of a `.npy` file (format version 1.0, C order) of `dtype` elements with `shape`
/// and `data` (the elements' bytes, little-endian, row-major; not checked against the shape).
pub fn npy_bytes(dtype: Dtype, shape: &[u64], data: &[u8]) -> Result<Vec<u8>, String> {
    let ts: TypeStr = dtype
        .descr()
        .parse()
        .map_err(|e| format!("bad dtype '{}': {e}", dtype.descr()))?;
    let mut out = npyz::WriteOptions::new_header_only()
        .dtype(DType::Plain(ts))
        .shape(shape)
        .writer(Vec::with_capacity(128 + data.len()))
        .write_header_only()
        .map_err(|e| e.to_string())?;
    out.extend_from_slice(data);
    Ok(out)
}

/// The element type of a tensor type, or the type itself for a scalar parameter.
fn element_of(ctx: &Context, ty: Type) -> Type {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { element, .. } => *element,
        _ => ty,
    }
}

fn error(msg: String) -> Diagnostic {
    Diagnostic::error(Location::Unknown, msg)
}

/// Reads `--arg` number `index`, `text` = `@path`, a `.npy` file, as a value of the
/// parameter type `param`: a tensor type (the array's dtype fits the element type, see
/// [`Dtype::fits_element`], and its shape the type, see [`TensorValue::fits`]) or a scalar
/// type (a 0-d array of a fitting dtype), returned as a rank-0 tensor for the caller to unwrap.
pub fn npy_arg(
    ctx: &Context,
    index: usize,
    text: &str,
    path: &str,
    param: Type,
) -> Result<TensorValue, Diagnostic> {
    let bytes = std::fs::read(path)
        .map_err(|e| error(format!("cf-run: --arg #{index}: cannot read '{path}': {e}")))?;
    let array =
        parse_npy(&bytes).map_err(|e| error(format!("cf-run: --arg #{index}: '{path}' {e}")))?;
    let message = format!(
        "cf-run: --arg #{index} '{text}' holds an array of dtype {} and shape {} but the parameter has type '{}'",
        array.dtype.name(),
        shape_text(&array.shape),
        type_to_string(ctx, param)
    );
    let mismatch = || error(message.clone());
    let element = element_of(ctx, param);
    let kind = ElementKind::of(ctx, element).ok_or_else(mismatch)?;
    if !array.dtype.fits_element(ctx, element) {
        return Err(mismatch());
    }
    let value = TensorValue::new(kind, array.shape, array.data)
        .map_err(|e| error(format!("cf-run: --arg #{index}: '{path}': {e}")))?;
    let fits = match ctx.type_kind(param) {
        TypeKind::Tensor { .. } => value.fits(ctx, param),
        _ => value.shape().is_empty(),
    };
    if fits {
        Ok(value)
    } else {
        Err(mismatch())
    }
}

/// The value of a rank-0 tensor as a scalar of type `ty` (`None` if `ty` is not a scalar type
/// of the JIT or the element is of the other kind).
pub fn scalar_of(value: &TensorValue, ty: weir_jit::ScalarType) -> Option<Scalar> {
    match value.elem().decode(value.data()) {
        DenseValue::Int(v) if !ty.is_float() => Some(Scalar::from_i128(ty, v)),
        DenseValue::Float(b) => Scalar::from_f64(ty, f64::from_bits(b)),
        DenseValue::Int(_) => None,
    }
}

/// The elements of a `dense<...>` attribute (a splat expanded) or of a `dense_resource<...>`
/// whose blob the context has, as a tensor; `None` for any other attribute.
pub fn tensor_of_attr(ctx: &Context, attr: Attr) -> Option<Result<TensorValue, String>> {
    match ctx.attr_kind(attr) {
        AttrKind::Dense(d) => Some(dense_tensor(ctx, d)),
        AttrKind::DenseResource { ty, name } => Some(resource_tensor(ctx, *ty, name)),
        _ => None,
    }
}

/// The elements of `d` as a tensor, a splat expanded (an error, not an abort, when that
/// does not fit in memory).
fn dense_tensor(ctx: &Context, d: &DenseElements) -> Result<TensorValue, String> {
    let (shape, _) = dense_shape(ctx, d.ty()).map_err(str::to_string)?;
    let data = if d.is_splat() {
        let too_large = || format!("a splat of {} elements is too large to expand", d.len());
        let bytes = usize::try_from(d.len())
            .ok()
            .and_then(|n| n.checked_mul(d.raw_bytes().len()))
            .ok_or_else(too_large)?;
        let mut data = Vec::new();
        data.try_reserve_exact(bytes).map_err(|_| too_large())?;
        for _ in 0..d.len() {
            data.extend_from_slice(d.raw_bytes());
        }
        data
    } else {
        d.raw_bytes().to_vec()
    };
    TensorValue::new(d.element_kind(), shape, data)
}

/// The elements of `dense_resource<name> : ty` as a tensor, from the context's blob.
fn resource_tensor(ctx: &Context, ty: Type, name: &str) -> Result<TensorValue, String> {
    let (shape, element) = dense_shape(ctx, ty).map_err(str::to_string)?;
    let kind = ElementKind::of(ctx, element)
        .ok_or("dense_resource of this element type is not supported")?;
    let blob = ctx.resource_blob(name).ok_or_else(|| {
        format!(
            "the module has no blob for dense_resource '{name}' (in its dialect_resources section)"
        )
    })?;
    TensorValue::new(kind, shape, blob.data.to_vec())
}

/// The type of an elements attribute (`dense<...>`, `dense_resource<...>`), if `attr` is one.
pub fn elements_attr_type(ctx: &Context, attr: Attr) -> Option<Type> {
    match ctx.attr_kind(attr) {
        AttrKind::Dense(d) => Some(d.ty()),
        AttrKind::DenseResource { ty, .. } => Some(*ty),
        _ => None,
    }
}

/// Converts `--arg` number `index` (its text `text`, parsed to `attr`) for the tensor
/// parameter type `param`: an elements attribute of the parameter's element type whose shape
/// fits it (`?` takes any size). Any other attribute is a type mismatch.
pub fn attr_arg(
    ctx: &Context,
    index: usize,
    text: &str,
    attr: Attr,
    param: Type,
) -> Result<TensorValue, Diagnostic> {
    let got = match elements_attr_type(ctx, attr) {
        Some(t) => t,
        None => match ctx.attr_kind(attr) {
            AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => *ty,
            AttrKind::Bool(_) => return Err(arg_mismatch(ctx, index, text, "i1", param)),
            _ => {
                return Err(error(format!(
                    "cf-run: --arg #{index} '{text}' is not a dense<...> attribute or @file.npy (the parameter has type '{}')",
                    type_to_string(ctx, param)
                )))
            }
        },
    };
    let mismatch = || arg_mismatch(ctx, index, text, &type_to_string(ctx, got), param);
    if element_of(ctx, got) != element_of(ctx, param) {
        return Err(mismatch());
    }
    let value = tensor_of_attr(ctx, attr)
        .ok_or_else(mismatch)?
        .map_err(|e| error(format!("cf-run: --arg #{index}: {e}")))?;
    if !matches!(ctx.type_kind(got), TypeKind::Tensor { .. }) || !value.fits(ctx, param) {
        return Err(mismatch());
    }
    Ok(value)
}

/// The static tensor type of `value` with the element type of `result_ty` (the declared
/// result type, whose sizes may be `?`); an error when the element kinds differ.
fn value_type(ctx: &mut Context, result_ty: Type, value: &TensorValue) -> Result<Type, String> {
    let element = element_of(ctx, result_ty);
    if ElementKind::of(ctx, element) != Some(value.elem()) {
        return Err(format!(
            "the JIT returned {:?} elements for a result of type '{}'",
            value.elem(),
            type_to_string(ctx, result_ty)
        ));
    }
    Ok(ctx.intern_type(TypeKind::Tensor {
        shape: Some(value.shape().iter().map(|&d| Some(d)).collect()),
        element,
    }))
}

/// The text cf-run prints for a tensor result of declared type `result_ty`: the attribute
/// `dense<...> : tensor<...>` with decimal elements (a splat as its one element, as mlir-opt
/// prints it), readable by `--arg`; or, for a non-splat of more than `limit` elements (`None`:
/// no limit), a summary that is not an attribute: the type, the element count, the first and
/// last three elements, and for floats the minimum, maximum and mean (`nan` if an element is
/// NaN), e.g. `tensor<2000xf32>, 2000 elements: [0.000000e+00, 1.000000e+00, 2.000000e+00,
/// ..., 1.997000e+03, 1.998000e+03, 1.999000e+03], min 0.0, max 1999.0, mean 999.5`.
pub fn format_tensor(
    ctx: &mut Context,
    result_ty: Type,
    value: &TensorValue,
    limit: Option<u64>,
) -> Result<String, String> {
    let ty = value_type(ctx, result_ty, value)?;
    let attr = ctx.dense_from_bytes(ty, value.data().to_vec())?;
    let ctx: &Context = ctx;
    let Some(d) = ctx.dense_elements(attr) else {
        return Err("the result is not dense elements".to_string());
    };
    if d.is_splat() || limit.is_none_or(|n| d.len() <= n) {
        return Ok(dense_to_decimal_string(ctx, d));
    }
    let n = d.len();
    let mut items: Vec<String> = (0..n.min(SUMMARY_EDGE))
        .map(|i| dense_element_to_string(d, i))
        .collect();
    let tail = n.saturating_sub(SUMMARY_EDGE).max(SUMMARY_EDGE.min(n));
    if tail > SUMMARY_EDGE {
        items.push("...".to_string());
    }
    items.extend((tail..n).map(|i| dense_element_to_string(d, i)));
    let mut out = format!(
        "{}, {n} elements: [{}",
        type_to_string(ctx, ty),
        items.join(", ")
    );
    out.push(']');
    if let ElementKind::Float(k) = d.element_kind() {
        let (mut min, mut max, mut sum) = (f64::INFINITY, f64::NEG_INFINITY, 0.0);
        for v in (0..n).filter_map(|i| d.float(i)) {
            // NaN propagates through all three, as in NumPy's min, max and mean.
            min = if v < min || v.is_nan() { v } else { min };
            max = if v > max || v.is_nan() { v } else { max };
            sum += v;
        }
        let show = |v: f64| match k {
            FloatKind::F64 => Scalar::F64(v).to_string(),
            _ => Scalar::F32(v as f32).to_string(),
        };
        let mean = sum / n as f64;
        let _ = write!(
            out,
            ", min {}, max {}, mean {}",
            show(min),
            show(max),
            show(mean)
        );
    }
    Ok(out)
}

/// Writes result `value` (declared type `result_ty`) to `path` as a `.npy` file: a tensor as
/// an array of its shape, a scalar as a 0-d array; the dtype as [`Dtype::of_element`] says.
pub fn write_npy(
    ctx: &mut Context,
    path: &Path,
    result_ty: Type,
    value: &JitValue,
) -> Result<(), String> {
    let element = element_of(ctx, result_ty);
    let dtype = Dtype::of_element(ctx, element).ok_or_else(|| {
        format!(
            "NumPy has no dtype for '{}' elements",
            type_to_string(ctx, element)
        )
    })?;
    let kind = ElementKind::of(ctx, element).ok_or("unsupported element type")?;
    let (shape, data): (&[u64], Vec<u8>) = match value {
        JitValue::Tensor(t) => {
            value_type(ctx, result_ty, t)?;
            (t.shape(), t.data().to_vec())
        }
        JitValue::Scalar(s) => {
            let v = match s.as_f64() {
                Some(f) => DenseValue::Float(f.to_bits()),
                None => DenseValue::Int(s.as_i64().unwrap_or(0) as i128),
            };
            let mut bytes = Vec::new();
            kind.encode(v, &mut bytes)
                .ok_or("the scalar result does not match its declared type")?;
            (&[], bytes)
        }
    };
    let bytes = npy_bytes(dtype, shape, &data)?;
    std::fs::write(path, bytes).map_err(|e| format!("cannot write '{}': {e}", path.display()))
}
