//! Compile errors of the JIT: located diagnostics with the `cf-run:` prefix, in MLIR's
//! spelling of ops and types.

use weir_ir::{Context, Diagnostic, Location, OpId, Type, TypeKind};

/// The prefix of every compile error, as the `cf-run` tool reports them.
const PREFIX: &str = "cf-run";

/// An error at `loc`: `cf-run: <msg>`.
pub(crate) fn err_at(loc: &Location, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(loc.clone(), format!("{PREFIX}: {msg}"))
}

/// `cf-run: unsupported operation '<name>' in the JIT`, at the op.
pub(crate) fn unsupported_op(ctx: &Context, op: OpId) -> Diagnostic {
    err_at(
        ctx.loc(op),
        format!("unsupported operation '{}' in the JIT", ctx.name_str(op)),
    )
}

/// `cf-run: '<name>' <msg>`, at the op: a malformed op.
pub(crate) fn op_err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    err_at(ctx.loc(op), format!("'{}' {msg}", ctx.name_str(op)))
}

/// `cf-run: unsupported type '<type>' in the JIT`, at `loc`.
pub(crate) fn unsupported_type(ctx: &Context, loc: &Location, ty: Type) -> Diagnostic {
    err_at(
        loc,
        format!("unsupported type '{}' in the JIT", type_str(ctx, ty)),
    )
}

/// MLIR's spelling of a type, for messages.
pub(crate) fn type_str(ctx: &Context, ty: Type) -> String {
    use weir_ir::{FloatKind, Signedness};
    let list = |ts: &[Type]| {
        ts.iter()
            .map(|&t| type_str(ctx, t))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness } => match signedness {
            Signedness::Signless => format!("i{width}"),
            Signedness::Signed => format!("si{width}"),
            Signedness::Unsigned => format!("ui{width}"),
        },
        TypeKind::Index => "index".into(),
        TypeKind::Float(k) => match k {
            FloatKind::F16 => "f16".into(),
            FloatKind::BF16 => "bf16".into(),
            FloatKind::F32 => "f32".into(),
            FloatKind::F64 => "f64".into(),
        },
        TypeKind::None => "none".into(),
        TypeKind::Function { inputs, results } => {
            if results.len() == 1 && !matches!(ctx.type_kind(results[0]), TypeKind::Function { .. })
            {
                format!("({}) -> {}", list(inputs), list(results))
            } else {
                format!("({}) -> ({})", list(inputs), list(results))
            }
        }
        TypeKind::Tensor { shape, element } => match shape {
            None => format!("tensor<*x{}>", type_str(ctx, *element)),
            Some(dims) => {
                let mut s = String::from("tensor<");
                for d in dims {
                    match d {
                        Some(n) => s.push_str(&n.to_string()),
                        None => s.push('?'),
                    }
                    s.push('x');
                }
                format!("{s}{}>", type_str(ctx, *element))
            }
        },
        TypeKind::Vector { shape, element } => {
            let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
            format!("vector<{dims}{}>", type_str(ctx, *element))
        }
        TypeKind::Tuple(ts) => format!("tuple<{}>", list(ts)),
        TypeKind::Opaque(s) => format!("!{s}"),
        // Messages name these by kind only (the JIT has no buffers yet; the layout, memory
        // space and dialect parameters are printed by weir-syntax).
        TypeKind::MemRef { element, .. } => format!("memref<...x{}>", type_str(ctx, *element)),
        TypeKind::Dialect {
            dialect, mnemonic, ..
        } => format!("!{dialect}.{mnemonic}"),
    }
}

/// `cf-run: internal JIT error (<what>): <e>`: Cranelift or the host refused something.
pub(crate) fn host_error(loc: &Location, what: &str, e: impl std::fmt::Display) -> Diagnostic {
    err_at(loc, format!("internal JIT error ({what}): {e}"))
}
