//! `dense<...>` elements attributes stored as raw bytes (MLIR `DenseIntOrFPElementsAttr`).
//!
//! The elements of a [`DenseElements`] are one buffer of bytes in the element type's layout:
//! little-endian, `i1` one byte (0 or 1), `iN` `ceil(N / 8)` bytes, `index` 8 bytes, `f16`/`bf16`
//! 2 bytes, `f32` 4, `f64` 8. A splat (every element equal, or one element) stores that element
//! once, so `dense<1.0> : tensor<1000000000xf32>` costs four bytes. The buffer is shared
//! (`Arc`) between the attribute table and the interner's key, and hashed once, when the
//! attribute is built. Build one with [`Context::dense_from_bytes`],
//! [`Context::dense_from_values`] or [`Context::dense_splat`]; read one with
//! [`Context::dense_elements`].

use crate::attributes::{AttrKind, DenseValue};
use crate::context::sign_extend;
use crate::types::{FloatKind, Signedness, Type, TypeKind};
use crate::{Attr, Context};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The element types a [`DenseElements`] can hold, with what their layout needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementKind {
    /// `iN`, `siN`, `uiN` (`unsigned` for `uiN`: elements read back zero-extended).
    Int {
        /// The width in bits (1 ..= 128).
        width: u32,
        /// Whether the type is `uiN`.
        unsigned: bool,
    },
    /// `index`: 64-bit signed.
    Index,
    /// A float type.
    Float(FloatKind),
}

impl ElementKind {
    /// The kind of element type `ty`, if dense elements of it are supported (integers of at
    /// most 128 bits, `index`, `f16`, `bf16`, `f32`, `f64`).
    pub fn of(ctx: &Context, ty: Type) -> Option<ElementKind> {
        match *ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } if (1..=128).contains(&width) => {
                Some(ElementKind::Int {
                    width,
                    unsigned: signedness == Signedness::Unsigned,
                })
            }
            TypeKind::Index => Some(ElementKind::Index),
            TypeKind::Float(k) => Some(ElementKind::Float(k)),
            _ => None,
        }
    }

    /// Bytes one element takes in the buffer (`i1`: 1; `iN`: `ceil(N / 8)`).
    pub fn byte_width(self) -> usize {
        match self {
            ElementKind::Int { width, .. } => width.div_ceil(8) as usize,
            ElementKind::Index => 8,
            ElementKind::Float(k) => (k.width() / 8) as usize,
        }
    }

    /// The value in `bytes` (one element's bytes, little-endian): integers sign-extended from
    /// their width (zero-extended for `uiN`; `i1` as 0/1), floats widened exactly to `f64`.
    pub fn decode(self, bytes: &[u8]) -> DenseValue {
        let raw = bytes
            .iter()
            .rev()
            .fold(0u128, |acc, &b| (acc << 8) | b as u128);
        match self {
            ElementKind::Int { width: 1, .. } => DenseValue::Int((raw != 0) as i128),
            ElementKind::Int {
                width,
                unsigned: true,
            } if width < 128 => DenseValue::Int((raw & ((1u128 << width) - 1)) as i128),
            ElementKind::Int { width, .. } => DenseValue::Int(sign_extend(raw as i128, width)),
            ElementKind::Index => DenseValue::Int(raw as u64 as i64 as i128),
            ElementKind::Float(k) => DenseValue::Float(float_from_raw(k, raw as u64).to_bits()),
        }
    }

    /// Appends the bytes of `v` to `out`: an integer's low bytes (`i1`: 0 or 1), a float
    /// rounded to nearest even in the element's format. `None` (nothing written) when the kinds
    /// differ (an integer for a float element or the reverse).
    pub fn encode(self, v: DenseValue, out: &mut Vec<u8>) -> Option<()> {
        let raw: u128 = match (self, v) {
            (ElementKind::Int { width: 1, .. }, DenseValue::Int(i)) => (i & 1) as u128,
            (ElementKind::Int { .. } | ElementKind::Index, DenseValue::Int(i)) => i as u128,
            (ElementKind::Float(k), DenseValue::Float(b)) => {
                float_to_raw(k, f64::from_bits(b)) as u128
            }
            _ => return None,
        };
        out.extend_from_slice(&raw.to_le_bytes()[..self.byte_width()]);
        Some(())
    }
}

/// The `f64` value of the bit pattern `raw` of format `k` (exact: every value of the narrower
/// formats is an `f64`; NaN payloads are kept where the conversion keeps them).
pub fn float_from_raw(k: FloatKind, raw: u64) -> f64 {
    match k {
        FloatKind::F64 => f64::from_bits(raw),
        FloatKind::F32 => f32::from_bits(raw as u32) as f64,
        FloatKind::F16 => half::f16::from_bits(raw as u16).to_f64(),
        FloatKind::BF16 => half::bf16::from_bits(raw as u16).to_f64(),
    }
}

/// The bit pattern of `v` rounded to nearest even in format `k` (once: see
/// [`f32_round_to_odd`]).
pub fn float_to_raw(k: FloatKind, v: f64) -> u64 {
    match k {
        FloatKind::F64 => v.to_bits(),
        FloatKind::F32 => (v as f32).to_bits() as u64,
        FloatKind::F16 => f16_from_f64(v).to_bits() as u64,
        FloatKind::BF16 => bf16_from_f64(v).to_bits() as u64,
    }
}

/// `v` rounded to `f32` with round-to-odd: exact values stay, others become the `f32` next to
/// them toward zero with the last significand bit set. Rounding that to a format of at most
/// 22 significand bits then gives `v` rounded once (Boldo and Melquiond, "When double rounding
/// is odd", 2005): the `half` crate's own `f64` conversions round through `f32` to nearest or
/// drop the low 32 bits, which rounds `1 + 2^-11 + 2^-40` to the f16 1.0 instead of
/// 1 + 2^-10. NaN stays NaN.
pub fn f32_round_to_odd(v: f64) -> f32 {
    let r = v as f32;
    if v.is_nan() || r as f64 == v {
        return r;
    }
    // Rounding to nearest went away from zero (or to infinity): one step back toward zero.
    let toward_zero = if (r as f64).abs() > v.abs() {
        r.to_bits() - 1
    } else {
        r.to_bits()
    };
    f32::from_bits(toward_zero | 1)
}

/// `v` rounded to nearest even to `f16` (overflow to infinity, subnormals, NaN staying NaN),
/// rounded once (see [`f32_round_to_odd`]).
pub fn f16_from_f64(v: f64) -> half::f16 {
    half::f16::from_f32(f32_round_to_odd(v))
}

/// `v` rounded to nearest even to `bf16`, rounded once (see [`f32_round_to_odd`]).
pub fn bf16_from_f64(v: f64) -> half::bf16 {
    half::bf16::from_f32(f32_round_to_odd(v))
}

/// The elements of a `dense<...>` attribute (see the module docs for the layout). Read it
/// with [`Context::dense_elements`]; every accessor is O(1) except [`DenseElements::iter`].
#[derive(Clone, Debug)]
pub struct DenseElements {
    ty: Type,
    element: Type,
    kind: ElementKind,
    len: u64,
    splat: bool,
    bytes: Arc<[u8]>,
    hash: u64,
}

impl PartialEq for DenseElements {
    fn eq(&self, o: &Self) -> bool {
        self.ty == o.ty
            && self.splat == o.splat
            && (Arc::ptr_eq(&self.bytes, &o.bytes) || self.bytes == o.bytes)
    }
}

impl Eq for DenseElements {}

impl Hash for DenseElements {
    fn hash<H: Hasher>(&self, h: &mut H) {
        (self.ty, self.hash).hash(h);
    }
}

impl DenseElements {
    /// The same elements under other ids of the same types (for copying an attribute into
    /// another context, see `context/fork.rs`).
    pub(crate) fn with_types(&self, ty: Type, element: Type) -> Self {
        DenseElements {
            ty,
            element,
            ..self.clone()
        }
    }

    /// The shaped type (`tensor<...>` or `vector<...>`, static shape).
    pub fn ty(&self) -> Type {
        self.ty
    }

    /// The element type.
    pub fn element_type(&self) -> Type {
        self.element
    }

    /// The element type's kind and layout.
    pub fn element_kind(&self) -> ElementKind {
        self.kind
    }

    /// The number of logical elements (the product of the shape; a splat has them all).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the shape has no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether one element is stored for all (all equal, or a single element).
    pub fn is_splat(&self) -> bool {
        self.splat
    }

    /// The stored bytes: one element for a splat, else every element in row-major order.
    pub fn raw_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The stored bytes of element `i` (row-major). Panics if `i >= len()`.
    pub fn raw_element(&self, i: u64) -> &[u8] {
        assert!(i < self.len, "dense element {i} of {}", self.len);
        let w = self.kind.byte_width();
        let at = if self.splat { 0 } else { i as usize * w };
        &self.bytes[at..at + w]
    }

    /// Element `i` (row-major; a splat's one value for every `i`). Panics if `i >= len()`.
    pub fn get(&self, i: u64) -> DenseValue {
        self.kind.decode(self.raw_element(i))
    }

    /// Element `i` as an integer (`None` for a float element). Panics if `i >= len()`.
    pub fn int(&self, i: u64) -> Option<i128> {
        match self.get(i) {
            DenseValue::Int(v) => Some(v),
            DenseValue::Float(_) => None,
        }
    }

    /// Element `i` as an `f64` (`None` for an integer element). Panics if `i >= len()`.
    pub fn float(&self, i: u64) -> Option<f64> {
        match self.get(i) {
            DenseValue::Float(b) => Some(f64::from_bits(b)),
            DenseValue::Int(_) => None,
        }
    }

    /// The splat value, if this is a splat of at least one element.
    pub fn splat_value(&self) -> Option<DenseValue> {
        (self.splat && self.len > 0).then(|| self.get(0))
    }

    /// Every logical element in row-major order (`len()` items, a splat's value repeated).
    pub fn iter(&self) -> impl Iterator<Item = DenseValue> + '_ {
        (0..self.len).map(|i| self.get(i))
    }

    /// The values stored: one for a splat, else all of them (what an elementwise fold maps).
    pub fn stored(&self) -> impl Iterator<Item = DenseValue> + '_ {
        self.bytes
            .chunks_exact(self.kind.byte_width())
            .map(|c| self.kind.decode(c))
    }
}

/// The static shape and element type of `ty`, if it can hold dense elements: a ranked tensor
/// with no `?` or a vector. The error is mlir-opt's message.
pub fn dense_shape(ctx: &Context, ty: Type) -> Result<(Vec<u64>, Type), &'static str> {
    const DYNAMIC: &str = "elements literal type must have static shape";
    match ctx.type_kind(ty) {
        TypeKind::Tensor {
            shape: Some(dims),
            element,
        } => Ok((
            dims.iter()
                .map(|d| d.ok_or(DYNAMIC))
                .collect::<Result<_, _>>()?,
            *element,
        )),
        TypeKind::Tensor { shape: None, .. } => Err(DYNAMIC),
        TypeKind::Vector { shape, element } => Ok((shape.clone(), *element)),
        _ => Err("elements literal must be a shaped type"),
    }
}

impl Context {
    /// The elements of `attr`, if it is a `dense<...>` elements attribute.
    pub fn dense_elements(&self, attr: Attr) -> Option<&DenseElements> {
        match self.attr_kind(attr) {
            AttrKind::Dense(d) => Some(d),
            _ => None,
        }
    }

    /// A `dense<...> : ty` attribute from its raw bytes (layout in the [module docs](self)):
    /// one element's bytes (a splat) or every element's. Elements that are all equal are
    /// stored as a splat, as MLIR does; integers narrower than their bytes are normalized
    /// (sign- or zero-extended, `i1` to 0/1) so one value has one representation. Errors:
    /// `ty` not a static shaped type of a supported element, or a size that fits neither.
    pub fn dense_from_bytes(&mut self, ty: Type, mut bytes: Vec<u8>) -> Result<Attr, String> {
        let (dims, element) = dense_shape(self, ty).map_err(str::to_string)?;
        let kind = ElementKind::of(self, element)
            .ok_or("dense elements of this element type are not supported")?;
        let len = dims
            .iter()
            .try_fold(1u64, |acc, &d| acc.checked_mul(d))
            .ok_or("dense elements type has too many elements")?;
        let w = kind.byte_width();
        let all = (len as u128) * (w as u128);
        if bytes.len() != w && bytes.len() as u128 != all {
            return Err(format!(
                "dense elements data has {} bytes, expected {w} or {all}",
                bytes.len()
            ));
        }
        if len == 0 {
            bytes.clear();
        }
        if matches!(kind, ElementKind::Int { width, .. } if width % 8 != 0) {
            let mut canon = Vec::with_capacity(bytes.len());
            for c in bytes.chunks_exact(w) {
                // Same kind in and out: encode cannot fail.
                kind.encode(kind.decode(c), &mut canon);
            }
            bytes = canon;
        }
        let first = bytes.get(..w.min(bytes.len())).unwrap_or(&[]);
        let splat = len > 0 && bytes.chunks_exact(w).all(|c| c == first);
        if splat {
            bytes.truncate(w);
        }
        let mut h = rustc_hash::FxHasher::default();
        bytes.hash(&mut h);
        let d = DenseElements {
            ty,
            element,
            kind,
            len,
            splat,
            bytes: Arc::from(bytes),
            hash: h.finish(),
        };
        Ok(self.attr(AttrKind::Dense(d)))
    }

    /// A `dense<...> : ty` attribute from values: one (a splat) or one per element in
    /// row-major order. Errors as [`Context::dense_from_bytes`], and a value of the wrong kind
    /// (an integer for a float element or the reverse).
    pub fn dense_from_values(&mut self, ty: Type, values: &[DenseValue]) -> Result<Attr, String> {
        let (_, element) = dense_shape(self, ty).map_err(str::to_string)?;
        let kind = ElementKind::of(self, element)
            .ok_or("dense elements of this element type are not supported")?;
        let mut bytes = Vec::with_capacity(values.len() * kind.byte_width());
        for &v in values {
            kind.encode(v, &mut bytes)
                .ok_or("dense element value of the wrong kind for the element type")?;
        }
        self.dense_from_bytes(ty, bytes)
    }

    /// The value of a scalar integer, bool or float attribute as a dense element (`None` for
    /// any other attribute): what a `dense<...>` built from scalar constants stores.
    pub fn scalar_dense_value(&self, a: Attr) -> Option<DenseValue> {
        match self.attr_kind(a) {
            AttrKind::Integer { value, .. } => Some(DenseValue::Int(*value)),
            AttrKind::Bool(b) => Some(DenseValue::Int(*b as i128)),
            AttrKind::Float { bits, .. } => Some(DenseValue::Float(*bits)),
            _ => None,
        }
    }

    /// The scalar attribute of element type `ty` holding dense element `v` (the inverse of
    /// [`Context::scalar_dense_value`]; an `i1` gives a bool attribute).
    pub fn scalar_attr(&mut self, v: DenseValue, ty: Type) -> Attr {
        match v {
            DenseValue::Int(i) => self.int_attr(i, ty),
            DenseValue::Float(b) => self.float_attr(f64::from_bits(b), ty),
        }
    }

    /// A splat `dense<v> : ty` (O(1) in the number of elements).
    pub fn dense_splat(&mut self, ty: Type, v: DenseValue) -> Result<Attr, String> {
        self.dense_from_values(ty, &[v])
    }

    /// MLIR's `constFoldBinaryOp`/`constFoldUnaryOp` over `dense<...>` operands of one shape:
    /// `f` on the elements at each position (the `i`-th of every operand), giving a `dense<...>`
    /// of `result_ty` (same shape, its own element type). When every operand is a splat `f`
    /// runs once and the result is a splat (O(1) whatever the element count); otherwise once per
    /// element, splat operands broadcast. `None` when an operand is not dense elements, the
    /// element counts differ, `f` declines an element (then nothing is built) or returns a
    /// value of the wrong kind for `result_ty`.
    pub fn dense_map(
        &mut self,
        operands: &[Attr],
        result_ty: Type,
        f: impl Fn(&Context, &[DenseValue]) -> Option<DenseValue>,
    ) -> Option<Attr> {
        let ctx: &Context = self;
        let ds: Vec<&DenseElements> = operands
            .iter()
            .map(|&a| ctx.dense_elements(a))
            .collect::<Option<_>>()?;
        let len = ds.first()?.len();
        if ds.iter().any(|d| d.len() != len) {
            return None;
        }
        let (_, element) = dense_shape(ctx, result_ty).ok()?;
        let kind = ElementKind::of(ctx, element)?;
        let n = if ds.iter().all(|d| d.is_splat()) {
            len.min(1)
        } else {
            len
        };
        let mut bytes = Vec::with_capacity(n as usize * kind.byte_width());
        let mut args = Vec::with_capacity(ds.len());
        for i in 0..n {
            args.clear();
            args.extend(ds.iter().map(|d| d.get(i)));
            kind.encode(f(ctx, &args)?, &mut bytes)?;
        }
        self.dense_from_bytes(result_ty, bytes).ok()
    }

    /// Keeps the blob of resource `name` (the last one given wins, as in mlir-opt).
    pub fn set_resource_blob(&mut self, name: &str, alignment: u32, data: Vec<u8>) {
        let blob = ResourceBlob {
            alignment,
            data: Arc::from(data),
        };
        self.resources.insert(name.to_string(), blob);
    }

    /// The blob of resource `name`, if the file's resource section had one.
    pub fn resource_blob(&self, name: &str) -> Option<&ResourceBlob> {
        self.resources.get(name)
    }

    /// `dense_resource<name> : ty`.
    pub fn dense_resource(&mut self, ty: Type, name: &str) -> Attr {
        self.attr(AttrKind::DenseResource {
            ty,
            name: name.to_string(),
        })
    }
}

/// The blob of a `dense_resource` (MLIR `AsmResourceBlob`): the data and the alignment the
/// section's hex string gives in its first four bytes (little-endian).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceBlob {
    /// The alignment in bytes the data asks for.
    pub alignment: u32,
    /// The data, after the alignment prefix.
    pub data: Arc<[u8]>,
}
