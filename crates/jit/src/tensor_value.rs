//! Values at the JIT's call boundary: [`JitValue`] is a scalar or a [`TensorValue`], a tensor
//! owned by the host (row-major elements in MLIR's dense layout).
//!
//! The element layout is the one of `dense<...>` attributes (`weir_ir::dense`): little-endian,
//! `i1` one byte (0 or 1), `iN` `ceil(N / 8)` bytes, `index` 8 bytes, `f16`/`bf16` 2 bytes,
//! `f32` 4, `f64` 8. So a `TensorValue` converts to and from a `dense<...>` attribute by its
//! bytes ([`weir_ir::Context::dense_from_bytes`], [`weir_ir::DenseElements::raw_bytes`]).

use crate::Scalar;
use std::fmt;
use weir_ir::{Context, ElementKind, Type, TypeKind};

/// Clears the bits above each element's width in `data` (elements of `elem` in the dense
/// layout), for integers whose width is not a whole number of bytes (`i3`, `i33`, ...): dense
/// attributes keep them sign-extended (one value, one representation: `-1 : i3` is `0xFF`),
/// but generated code keeps every `iN` zero-extended above bit `N` (`0x07`), which its
/// unsigned operations (`extui`, `ctlz`, `cmpi ult`, ...) rely on. Other kinds are unchanged.
pub fn zero_extend_elements(elem: ElementKind, data: &mut [u8]) {
    let ElementKind::Int { width, .. } = elem else {
        return;
    };
    if width % 8 == 0 || width == 1 {
        return;
    }
    let top = (1u8 << (width % 8)) - 1;
    for element in data.chunks_exact_mut(elem.byte_width()) {
        *element
            .last_mut()
            .expect("chunks_exact of a nonzero byte width") &= top;
    }
}

/// A tensor owned by the host: element kind, shape (row-major) and the elements' bytes.
///
/// Invariant (checked by [`TensorValue::new`]): `data.len() == product(shape) * byte width`,
/// integers narrower than their bytes are zero-extended ([`zero_extend_elements`]), and the
/// element kind is one the JIT computes with (signless or signed `iN` with `N <= 64`,
/// `index`, `f16`, `bf16`, `f32`, `f64`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorValue {
    elem: ElementKind,
    shape: Vec<u64>,
    data: Vec<u8>,
}

impl TensorValue {
    /// A tensor of `elem` elements with `shape`, from `data` in the dense layout (module docs).
    ///
    /// Errors: an element kind the JIT does not support (integers wider than 64 bits), a
    /// product of sizes that overflows, or a byte count that differs from
    /// `product(shape) * elem.byte_width()`.
    pub fn new(elem: ElementKind, shape: Vec<u64>, data: Vec<u8>) -> Result<TensorValue, String> {
        if let ElementKind::Int { width, .. } = elem {
            if width > 64 {
                return Err(format!("i{width} elements are not supported by the JIT"));
            }
        }
        let numel = shape
            .iter()
            .try_fold(1u64, |n, &d| n.checked_mul(d))
            .ok_or_else(|| "the tensor has more elements than fit in 64 bits".to_string())?;
        let want = numel
            .checked_mul(elem.byte_width() as u64)
            .ok_or_else(|| "the tensor has more bytes than fit in 64 bits".to_string())?;
        if data.len() as u64 != want {
            return Err(format!(
                "a tensor of {numel} element(s) of {} byte(s) needs {want} bytes, got {}",
                elem.byte_width(),
                data.len()
            ));
        }
        let mut data = data;
        zero_extend_elements(elem, &mut data);
        Ok(TensorValue { elem, shape, data })
    }

    /// The element kind.
    pub fn elem(&self) -> ElementKind {
        self.elem
    }

    /// The sizes of the dimensions, outermost first.
    pub fn shape(&self) -> &[u64] {
        &self.shape
    }

    /// The elements' bytes, row-major, in the dense layout.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The number of elements (1 for rank 0).
    pub fn numel(&self) -> u64 {
        self.shape.iter().product()
    }

    /// Whether the tensor fits the IR tensor type `ty`: a ranked tensor type of this element
    /// kind, the same rank, and every static size equal to this tensor's size.
    pub fn fits(&self, ctx: &Context, ty: Type) -> bool {
        let TypeKind::Tensor {
            shape: Some(dims),
            element,
            ..
        } = ctx.type_kind(ty)
        else {
            return false;
        };
        ElementKind::of(ctx, *element) == Some(self.elem)
            && dims.len() == self.shape.len()
            && dims
                .iter()
                .zip(&self.shape)
                .all(|(d, &s)| d.is_none_or(|n| n == s))
    }
}

/// A value passed to or returned by a JIT-compiled function.
#[derive(Clone, Debug, PartialEq)]
pub enum JitValue {
    /// A scalar (`iN`, `index`, `f32`, `f64`).
    Scalar(Scalar),
    /// A ranked tensor.
    Tensor(TensorValue),
}

impl From<Scalar> for JitValue {
    fn from(s: Scalar) -> Self {
        JitValue::Scalar(s)
    }
}

impl From<TensorValue> for JitValue {
    fn from(t: TensorValue) -> Self {
        JitValue::Tensor(t)
    }
}

impl fmt::Display for TensorValue {
    /// A short description, `tensor of shape (2, 3)`; printing the elements in MLIR's syntax
    /// is the tools' job (they have the attribute printer).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dims: Vec<String> = self.shape.iter().map(u64::to_string).collect();
        write!(f, "tensor of shape ({})", dims.join(", "))
    }
}
