//! The textual pass pipeline syntax of mlir-opt's `--pass-pipeline`:
//! `anchor(elem, elem, ...)` where an element is `pass-name`, `pass-name{options}` or a nested
//! `anchor(...)`.

/// One element of a textual pipeline.
#[derive(Clone, Debug, PartialEq)]
pub enum PipelineElement {
    /// A pass with its raw option text (inside the braces, may be empty).
    Pass {
        /// The pass's registered name (`canonicalize`).
        name: String,
        /// The option text between the braces.
        options: String,
    },
    /// An op-anchored nest, e.g. `func.func(...)`.
    Nest {
        /// The op name the nest runs on (`func.func`).
        anchor: String,
        /// The passes and nests inside.
        elements: Vec<PipelineElement>,
    },
}

/// Parses a comma-separated list of pipeline elements (e.g. the body of `builtin.module(...)`).
/// Errors name the byte offset and what was expected.
pub fn parse_pipeline(text: &str) -> Result<Vec<PipelineElement>, String> {
    let mut p = P {
        s: text.as_bytes(),
        pos: 0,
    };
    let elems = p.list()?;
    p.ws();
    if p.pos != p.s.len() {
        return Err(format!(
            "unexpected '{}' at offset {} in pass pipeline",
            p.s[p.pos] as char, p.pos
        ));
    }
    Ok(elems)
}

struct P<'a> {
    s: &'a [u8],
    pos: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn list(&mut self) -> Result<Vec<PipelineElement>, String> {
        let mut out = Vec::new();
        self.ws();
        if self.pos >= self.s.len() || self.s[self.pos] == b')' {
            return Ok(out);
        }
        loop {
            out.push(self.element()?);
            self.ws();
            if self.pos < self.s.len() && self.s[self.pos] == b',' {
                self.pos += 1;
            } else {
                return Ok(out);
            }
        }
    }

    fn element(&mut self) -> Result<PipelineElement, String> {
        self.ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || b"-_.".contains(&self.s[self.pos]))
        {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(format!(
                "expected pass or pass manager name at offset {start} in pass pipeline"
            ));
        }
        let name = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
        self.ws();
        match self.s.get(self.pos) {
            Some(b'(') => {
                self.pos += 1;
                let elements = self.list()?;
                self.ws();
                if self.s.get(self.pos) != Some(&b')') {
                    return Err(format!(
                        "expected ')' at offset {} in pass pipeline",
                        self.pos
                    ));
                }
                self.pos += 1;
                Ok(PipelineElement::Nest {
                    anchor: name,
                    elements,
                })
            }
            Some(b'{') => {
                let open = self.pos;
                let mut depth = 0;
                while self.pos < self.s.len() {
                    match self.s[self.pos] {
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    self.pos += 1;
                }
                if self.pos >= self.s.len() {
                    return Err(format!(
                        "missing '}}' for options starting at offset {open} in pass pipeline"
                    ));
                }
                let options = String::from_utf8_lossy(&self.s[open + 1..self.pos]).into_owned();
                self.pos += 1;
                Ok(PipelineElement::Pass { name, options })
            }
            _ => Ok(PipelineElement::Pass {
                name,
                options: String::new(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_pipeline_with_options() {
        let p = parse_pipeline(
            "builtin.module(func.func(canonicalize), scf-unroll{factor=4 full=false})",
        )
        .unwrap();
        assert_eq!(
            p,
            vec![PipelineElement::Nest {
                anchor: "builtin.module".into(),
                elements: vec![
                    PipelineElement::Nest {
                        anchor: "func.func".into(),
                        elements: vec![PipelineElement::Pass {
                            name: "canonicalize".into(),
                            options: "".into()
                        }]
                    },
                    PipelineElement::Pass {
                        name: "scf-unroll".into(),
                        options: "factor=4 full=false".into()
                    },
                ]
            }]
        );
    }

    #[test]
    fn malformed_pipelines_are_errors() {
        assert!(parse_pipeline("builtin.module(cse").is_err());
        assert!(parse_pipeline("a{x=1").is_err());
        assert!(parse_pipeline("a) b").is_err());
        assert!(parse_pipeline(",").is_err());
    }
}
