//! Builtin attributes, interned in the [`Context`](crate::Context) (MLIR `BuiltinAttributes.td`).

use crate::affine::AffineMap;
use crate::dense::DenseElements;
use crate::types::Type;

/// An interned attribute: a small `Copy` handle into the context's attribute table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attr(pub(crate) u32);

/// One element of a `dense<...>` or `array<...>` attribute, by value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DenseValue {
    /// An integer element: `i1` as 0/1, others as [`Context::normalize_int`](crate::Context::normalize_int) gives.
    Int(i128),
    /// A floating-point element, stored as its IEEE-754 binary64 bits so that NaN payloads and
    /// `-0.0` survive interning.
    Float(u64),
}

/// What an [`Attr`] is. Look it up with [`Context::attr_kind`](crate::Context::attr_kind).
#[derive(Clone, Debug, PartialEq)]
pub enum AttrKind {
    /// `42 : i32`, `1 : index`; the value is normalized by [`Context::normalize_int`](crate::Context::normalize_int).
    Integer {
        /// The value, sign-extended from the type's width.
        value: i128,
        /// An integer type or `index`.
        ty: Type,
    },
    /// `1.5 : f32`; stored as the binary64 bits of the value (exact for f16/bf16/f32 values).
    Float {
        /// `f64::to_bits` of the value.
        bits: u64,
        /// A float type.
        ty: Type,
    },
    /// `true` / `false` (type `i1`).
    Bool(bool),
    /// `"text"`.
    String(String),
    /// `[a, b, ...]`.
    Array(Vec<Attr>),
    /// `{k = v, ...}`, kept sorted by key (MLIR prints dictionaries sorted).
    Dict(Vec<(String, Attr)>),
    /// `dense<...> : tensor<...>` or `: vector<...>`: raw bytes in the element type's layout,
    /// a splat stored once (see [`crate::dense`]; read with
    /// [`Context::dense_elements`](crate::Context::dense_elements), build with
    /// [`Context::dense_from_values`](crate::Context::dense_from_values)).
    Dense(DenseElements),
    /// `dense_resource<name> : tensor<...>` (MLIR `DenseResourceElementsAttr`): elements held
    /// in a blob of the file's `{-# dialect_resources: { builtin: { name: "0x..." } } #-}`
    /// section, stored once in the context by name
    /// ([`Context::resource_blob`](crate::Context::resource_blob)); the name may have no blob.
    DenseResource {
        /// The shaped type.
        ty: Type,
        /// The blob's name (the key in the resource section).
        name: String,
    },
    /// `array<i64: 1, 2>` (MLIR `DenseArrayAttr`); elements as [`DenseValue`]s.
    DenseArray {
        /// The element type (`i1` .. `i64`, `f32`, `f64`).
        element: Type,
        /// The elements in order.
        values: Vec<DenseValue>,
    },
    /// A type used as an attribute, e.g. `function_type = (i32) -> i32`.
    Type(Type),
    /// `unit`: presence is the information.
    Unit,
    /// `@root::@nested`.
    SymbolRef(Vec<String>),
    /// `affine_map<(d0, d1)[s0] -> (d1, d0 + s0)>` (MLIR `AffineMapAttr`).
    AffineMap(AffineMap),
    /// `strided<[4, 1], offset: ?>`: a memref layout (MLIR `StridedLayoutAttr`); `None` is `?`.
    Strided {
        /// One stride per dimension, in elements; `None` is `?`.
        strides: Vec<Option<i64>>,
        /// The offset in elements; `None` is `?`.
        offset: Option<i64>,
    },
    /// An attribute defined by a registered dialect, stored structurally: `#test.kind<fast>` is
    /// dialect `test`, mnemonic `kind`, parameters `[Keyword("fast")]` (see
    /// `weir_syntax::DialectAttrSyntax` for how the parameters are written).
    Dialect {
        /// The dialect's namespace (`test`).
        dialect: String,
        /// The attribute's name in its dialect (`kind`).
        mnemonic: String,
        /// The parameters, in the order the dialect defines.
        params: Vec<DialectParam>,
    },
    /// An attribute of an unregistered dialect kept as text, e.g. `#foo.bar<1>` (stored
    /// without `#`).
    Opaque(String),
    /// A builtin attribute Weir does not model, kept as text with its keyword
    /// (`affine_set<...>`, `distinct[...]<...>`, `sparse<...>`); printed
    /// as written, without `#` (distinct from `#sparse<...>`, an attribute of a dialect `sparse`).
    BuiltinText(String),
}

/// One parameter of a dialect type or attribute ([`TypeKind::Dialect`](crate::TypeKind::Dialect),
/// [`AttrKind::Dialect`]), as MLIR's generated storage classes keep typed parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DialectParam {
    /// A type, e.g. the `i32` of `!test.pair<i32, f32>`.
    Type(Type),
    /// An attribute (strings, arrays, nested dialect attributes).
    Attr(Attr),
    /// An integer, e.g. the address space of `!llvm.ptr<1>`.
    Int(i64),
    /// A bare keyword, e.g. the `fast` of `#test.kind<fast>` (an enum case).
    Keyword(String),
}

impl Eq for AttrKind {}

impl std::hash::Hash for AttrKind {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            AttrKind::Integer { value, ty } => (value, ty).hash(h),
            AttrKind::Float { bits, ty } => (bits, ty).hash(h),
            AttrKind::Bool(b) => b.hash(h),
            AttrKind::String(s) | AttrKind::Opaque(s) | AttrKind::BuiltinText(s) => s.hash(h),
            AttrKind::Array(a) => a.hash(h),
            AttrKind::Dict(d) => d.hash(h),
            AttrKind::Dense(d) => d.hash(h),
            AttrKind::DenseResource { ty, name } => (ty, name).hash(h),
            AttrKind::DenseArray { element, values } => (element, dense_key(values)).hash(h),
            AttrKind::Type(t) => t.hash(h),
            AttrKind::Unit => {}
            AttrKind::SymbolRef(p) => p.hash(h),
            AttrKind::AffineMap(m) => m.hash(h),
            AttrKind::Strided { strides, offset } => (strides, offset).hash(h),
            AttrKind::Dialect {
                dialect,
                mnemonic,
                params,
            } => (dialect, mnemonic, params).hash(h),
        }
    }
}

fn dense_key(values: &[DenseValue]) -> Vec<(bool, i128)> {
    values
        .iter()
        .map(|v| match *v {
            DenseValue::Int(i) => (false, i),
            DenseValue::Float(b) => (true, b as i128),
        })
        .collect()
}

/// `DenseValue` compares floats by bits, so interning is exact.
impl Eq for DenseValue {}
