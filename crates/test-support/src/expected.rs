//! Tables of expected values written by NumPy scripts (`tests/tensor_eval/expected.py`,
//! `examples/expected.py`), and the comparison of the tensor evaluator's values with them.
//!
//! A table is text, one row a line, `#` lines ignored: `KEY | SHAPE | VALUES`, the shape as
//! comma-separated sizes (empty for a scalar), the values in row-major order as decimal
//! numbers (integers signed, floats the value of their type widened to `f64`). A malformed
//! table is a bug of the test that reads it: the functions here panic on one.

use crate::tensor_eval::{Tensor, Value};
use std::collections::HashMap;
use weir_ir::FloatKind;

/// One row: a shape and its row-major values.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The sizes, outermost first (empty for a scalar).
    pub shape: Vec<u64>,
    /// The values in row-major order.
    pub values: Vec<f64>,
}

impl Row {
    /// The row as a float tensor of element type `kind` (values rounded to it).
    pub fn floats(&self, kind: FloatKind) -> Value {
        Value::tensor(
            Tensor::floats(&self.shape, kind, &self.values).unwrap_or_else(|| {
                panic!("{} values for shape {:?}", self.values.len(), self.shape)
            }),
        )
    }

    /// The largest magnitude of the values (0 for none).
    pub fn max_abs(&self) -> f64 {
        self.values.iter().fold(0.0, |m, v| m.max(v.abs()))
    }
}

/// A parsed table: rows by key.
#[derive(Clone, Debug, Default)]
pub struct Table {
    rows: HashMap<String, Row>,
}

impl Table {
    /// Parses `text`; panics on a malformed line, naming it.
    pub fn parse(text: &str) -> Table {
        let number = |s: &str, line: &str| {
            s.parse::<f64>()
                .unwrap_or_else(|_| panic!("bad number `{s}` in expected-value line `{line}`"))
        };
        let rows = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let parts: Vec<&str> = l.split(" | ").collect();
                let [key, shape, values] = parts[..] else {
                    panic!("expected-value line is not `KEY | SHAPE | VALUES`: `{l}`");
                };
                let shape = shape
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(|s| number(s, l) as u64)
                    .collect();
                let values = values.split_whitespace().map(|s| number(s, l)).collect();
                (key.to_string(), Row { shape, values })
            })
            .collect();
        Table { rows }
    }

    /// The row `key`; panics if there is none.
    pub fn row(&self, key: &str) -> &Row {
        self.rows
            .get(key)
            .unwrap_or_else(|| panic!("no expected value `{key}`"))
    }

    /// Checks that `v` (a tensor, or a scalar for a row of empty shape) has the shape of row
    /// `key` and values within `rel * max(|e|, floor)` of each expected value `e` (`rel = 0`:
    /// exactly equal); panics naming the first difference.
    pub fn check(&self, v: &Value, key: &str, rel: f64, floor: f64) {
        let want = self.row(key);
        let (shape, got) = match v {
            Value::Tensor(t) => (t.shape.clone(), t.as_f64()),
            s => (Vec::new(), s.as_f64().into_iter().collect()),
        };
        assert_eq!(shape, want.shape, "{key}: shape");
        assert_eq!(got.len(), want.values.len(), "{key}: element count");
        for (i, (g, e)) in got.iter().zip(&want.values).enumerate() {
            assert!(
                (g - e).abs() <= rel * e.abs().max(floor),
                "{key}[{i}]: {g}, expected {e} (within {rel} relative, floor {floor})"
            );
        }
    }
}
