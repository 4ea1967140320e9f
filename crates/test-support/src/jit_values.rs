//! Values of the reference tensor evaluator ([`crate::tensor_eval::Value`]) converted to and
//! from the JIT's ([`weir_jit::JitValue`]), and a runner that lowers a module with cf-run's
//! pipeline callback and calls it through the JIT, so tests can compare the two engines on the
//! same inputs.

use crate::tensor_eval::{Elem, Scalar as EScalar, Tensor, Value};
use weir_ir::{dense::float_from_raw, dense::float_to_raw, ElementKind, FloatKind};
use weir_jit::{JitValue, Scalar, ScalarType, TensorValue};

/// The JIT's element kind of an evaluator element type.
fn kind(e: Elem) -> ElementKind {
    match e {
        Elem::Int(width) => ElementKind::Int {
            width,
            unsigned: false,
        },
        Elem::Index => ElementKind::Index,
        Elem::Float(k) => ElementKind::Float(k),
    }
}

/// The evaluator's element type of a JIT element kind.
fn elem(k: ElementKind) -> Elem {
    match k {
        ElementKind::Int { width, .. } => Elem::Int(width),
        ElementKind::Index => Elem::Index,
        ElementKind::Float(f) => Elem::Float(f),
    }
}

/// `v` as a JIT value (`None` for a value the JIT cannot hold, e.g. a float in an integer
/// tensor).
pub fn to_jit(v: &Value) -> Option<JitValue> {
    match v {
        Value::Scalar(e, s) => {
            let ty = match *e {
                Elem::Int(w) => ScalarType::Int(w),
                Elem::Index => ScalarType::Index,
                Elem::Float(FloatKind::F16) => ScalarType::F16,
                Elem::Float(FloatKind::BF16) => ScalarType::BF16,
                Elem::Float(FloatKind::F32) => ScalarType::F32,
                Elem::Float(FloatKind::F64) => ScalarType::F64,
            };
            Some(JitValue::Scalar(match *s {
                EScalar::Int(bits) => Scalar::from_i128(ty, bits as i128),
                EScalar::Float(f) => Scalar::from_f64(ty, f)?,
            }))
        }
        Value::Tensor(t) => {
            let k = kind(t.elem);
            let mut bytes = Vec::with_capacity(t.data.len() * k.byte_width());
            for s in &t.data {
                let raw: u128 = match (*s, t.elem) {
                    (EScalar::Float(f), Elem::Float(fk)) => float_to_raw(fk, f) as u128,
                    (EScalar::Int(i), _) => i,
                    _ => return None,
                };
                bytes.extend_from_slice(&raw.to_le_bytes()[..k.byte_width()]);
            }
            TensorValue::new(k, t.shape.clone(), bytes)
                .ok()
                .map(JitValue::Tensor)
        }
    }
}

/// A JIT result as an evaluator value.
pub fn from_jit(v: &JitValue) -> Value {
    match v {
        JitValue::Scalar(s) => match (s.ty(), s.as_f64()) {
            (ScalarType::F16, Some(f)) => Value::float(FloatKind::F16, f),
            (ScalarType::BF16, Some(f)) => Value::float(FloatKind::BF16, f),
            (ScalarType::F32, Some(f)) => Value::float(FloatKind::F32, f),
            (ScalarType::F64, Some(f)) => Value::float(FloatKind::F64, f),
            (ScalarType::Index, _) => Value::int(Elem::Index, s.as_i64().unwrap_or(0)),
            (ScalarType::Int(w), _) => {
                Value::Scalar(Elem::Int(w), EScalar::Int(s.as_u64().unwrap_or(0) as u128))
            }
            (_, None) => unreachable!("float scalars have an f64 value"),
        },
        JitValue::Tensor(t) => {
            let e = elem(t.elem());
            let w = t.elem().byte_width();
            let data = t
                .data()
                .chunks_exact(w)
                .map(|c| {
                    let raw = c.iter().rev().fold(0u64, |a, &b| (a << 8) | b as u64);
                    match e {
                        Elem::Float(k) => EScalar::Float(float_from_raw(k, raw)),
                        _ => EScalar::Int(raw as u128),
                    }
                })
                .collect();
            Value::tensor(Tensor {
                shape: t.shape().to_vec(),
                elem: e,
                data,
            })
        }
    }
}
