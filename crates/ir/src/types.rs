//! Builtin types, interned in the [`Context`](crate::Context): comparing two [`Type`]s compares
//! two ids. The set and the textual forms are MLIR's builtin types (MLIR `BuiltinTypes.td`),
//! plus the types that dialects define ([`TypeKind::Dialect`]).

use crate::attributes::{Attr, DialectParam};

/// An interned type: a small `Copy` handle into the context's type table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type(pub(crate) u32);

/// Signedness of an integer type: `i32` (signless), `si32`, `ui32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: the ops decide how the bits are read (MLIR's default).
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// The floating-point formats of the builtin dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// IEEE binary16, `f16`.
    F16,
    /// bfloat16, `bf16`.
    BF16,
    /// IEEE binary32, `f32`.
    F32,
    /// IEEE binary64, `f64`.
    F64,
}

impl FloatKind {
    /// Width in bits (16, 16, 32, 64).
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
        }
    }
}

/// One dimension of a ranked shape: a known size, or `None` for `?` (MLIR `ShapedType::kDynamic`).
pub type Dim = Option<u64>;

/// What a [`Type`] is. Look it up with [`Context::type_kind`](crate::Context::type_kind).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    /// `iN`, `siN`, `uiN` with `1 <= N <= 2^24` (MLIR's limit is 16777215).
    Integer {
        /// The width in bits.
        width: u32,
        /// Signless (`iN`), signed (`siN`) or unsigned (`uiN`).
        signedness: Signedness,
    },
    /// `index`: a target-sized integer; 64 bits in Weir.
    Index,
    /// `f16`, `bf16`, `f32`, `f64`.
    Float(FloatKind),
    /// `none`.
    None,
    /// `(inputs) -> results`.
    Function {
        /// The argument types.
        inputs: Vec<Type>,
        /// The result types.
        results: Vec<Type>,
    },
    /// `tensor<2x?xf32>` (ranked: `Some(dims)`) or `tensor<*xf32>` (unranked: `None`).
    Tensor {
        /// The dimensions, outermost first; `None` for unranked.
        shape: Option<Vec<Dim>>,
        /// The element type.
        element: Type,
    },
    /// `vector<4xf32>`: fixed shape, used by attributes such as `cf.switch`'s case values.
    Vector {
        /// The dimensions, outermost first.
        shape: Vec<u64>,
        /// The element type.
        element: Type,
    },
    /// `tuple<i32, f32>`.
    Tuple(Vec<Type>),
    /// `memref<4x?xf32, layout, memory-space>` (ranked: `Some(dims)`) or `memref<*xf32, space>`
    /// (unranked: `None`, never with a layout). `layout` is an `affine_map` or `strided`
    /// attribute, absent for the identity layout (MLIR drops an identity map); `memory_space`
    /// is an integer or dialect attribute, absent for the default space (MLIR `MemRefType`).
    MemRef {
        /// The dimensions, outermost first; `None` for unranked.
        shape: Option<Vec<Dim>>,
        /// The element type.
        element: Type,
        /// The layout attribute; `None` for the identity layout.
        layout: Option<Attr>,
        /// The memory space attribute; `None` for the default space.
        memory_space: Option<Attr>,
    },
    /// A type defined by a registered dialect, stored structurally: `!test.pair<i32, f32>` is
    /// dialect `test`, mnemonic `pair`, parameters `[Type(i32), Type(f32)]`. The dialect's
    /// syntax hooks decide how the parameters are written (see `weir_syntax::DialectTypeSyntax`).
    Dialect {
        /// The dialect's namespace (`test`).
        dialect: String,
        /// The type's name in its dialect (`pair`).
        mnemonic: String,
        /// The parameters, in the order the dialect defines.
        params: Vec<DialectParam>,
    },
    /// A type of an unregistered dialect kept as text, e.g. `!llvm.ptr` (stored as `llvm.ptr`).
    Opaque(String),
}
