//! Parsing of the builtin `affine_map<...>` and `strided<...>` attributes and of the `memref`
//! type (MLIR `AffineParser.cpp`, `TypeParser.cpp`, `AttributeParser.cpp`), with mlir-opt's
//! error messages and locations.

use super::{PResult, Parser};
use crate::lexer::Tok;
use weir_ir::{AffineExpr, AffineMap, Attr, AttrKind, Diagnostic, TypeKind};

/// The dimension and symbol names of the map being parsed, in declaration order, and how many
/// operators it has so far.
#[derive(Default)]
struct AffineScope<'a> {
    dims: Vec<&'a str>,
    symbols: Vec<&'a str>,
    operators: u32,
}

/// The most operators an affine map may have: the simplifying constructors and the printer
/// walk expressions recursively (and the constructors look into their operands), so bounding
/// the size keeps them shallow and linear.
const MAX_AFFINE_OPERATORS: u32 = super::MAX_TYPE_NESTING;

impl<'a> Parser<'a> {
    /// Parses `affine_map<(d0, ...)[s0, ...] -> (e, ...)>` from the keyword on.
    pub(super) fn parse_affine_map_attr(&mut self) -> PResult<Attr> {
        self.bump(); // affine_map
        self.expect(Tok::Less, "<")?;
        let mut scope = AffineScope::default();
        self.parse_affine_ids(Tok::LParen, Tok::RParen, &mut scope, false)?;
        if self.tok.kind == Tok::LSquare {
            self.parse_affine_ids(Tok::LSquare, Tok::RSquare, &mut scope, true)?;
        }
        self.expect(Tok::Arrow, "->")?;
        self.expect(Tok::LParen, "(")?;
        let mut results = Vec::new();
        if !self.consume_if(Tok::RParen) {
            loop {
                results.push(self.parse_affine_sum(&mut scope)?);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, ")")?;
        }
        self.expect(Tok::Greater, ">")?;
        let map = AffineMap {
            num_dims: scope.dims.len() as u32,
            num_symbols: scope.symbols.len() as u32,
            results,
        };
        Ok(self.ctx.attr(AttrKind::AffineMap(map)))
    }

    /// Parses `(a, b)` or `[a, b]`: the dimension or symbol names.
    fn parse_affine_ids(
        &mut self,
        open: Tok,
        close: Tok,
        scope: &mut AffineScope<'a>,
        symbols: bool,
    ) -> PResult<()> {
        self.expect(open, if open == Tok::LParen { "(" } else { "[" })?;
        if self.consume_if(close) {
            return Ok(());
        }
        loop {
            if self.tok.kind != Tok::BareId {
                return Err(self.wrong_token_error("expected bare identifier"));
            }
            let name = self.text();
            if scope.dims.contains(&name) || scope.symbols.contains(&name) {
                return Err(self.error(format!("redefinition of identifier '{name}'")));
            }
            self.bump();
            if symbols {
                scope.symbols.push(name);
            } else {
                scope.dims.push(name);
            }
            if !self.consume_if(Tok::Comma) {
                break;
            }
        }
        self.expect(close, if close == Tok::RParen { ")" } else { "]" })
    }

    /// `a + b`, `a - b` (left associative) over products.
    fn parse_affine_sum(&mut self, scope: &mut AffineScope<'_>) -> PResult<AffineExpr> {
        let mut e = self.parse_affine_product(scope)?;
        loop {
            let sub = match self.tok.kind {
                Tok::Plus => false,
                Tok::Minus => true,
                _ => return Ok(e),
            };
            self.count_affine_operator(scope)?;
            self.bump();
            let rhs = self.parse_affine_product(scope)?;
            e = if sub { e - rhs } else { e + rhs };
        }
    }

    /// `a * b`, `a floordiv b`, `a ceildiv b`, `a mod b` (left associative) over operands;
    /// rejects products and divisions that are not affine, as mlir-opt does.
    fn parse_affine_product(&mut self, scope: &mut AffineScope<'_>) -> PResult<AffineExpr> {
        let mut e = self.parse_affine_operand(scope)?;
        loop {
            let op = match (self.tok.kind, self.text()) {
                (Tok::Star, _) => "*",
                (Tok::BareId, kw @ ("floordiv" | "ceildiv" | "mod")) => kw,
                _ => return Ok(e),
            };
            let at = self.loc();
            self.count_affine_operator(scope)?;
            self.bump();
            let rhs = self.parse_affine_operand(scope)?;
            if op == "*" {
                if !e.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                    return Err(Diagnostic::error(at, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"));
                }
                e = e * rhs;
                continue;
            }
            if !rhs.is_symbolic_or_constant() {
                return Err(Diagnostic::error(
                    at,
                    format!("non-affine expression: right operand of {op} has to be either a constant or symbolic"),
                ));
            }
            e = match op {
                "floordiv" => e.floor_div(rhs),
                "ceildiv" => e.ceil_div(rhs),
                _ => e.modulo(rhs),
            };
        }
    }

    /// Counts the operator at the current token, failing past [`MAX_AFFINE_OPERATORS`].
    fn count_affine_operator(&self, scope: &mut AffineScope<'_>) -> PResult<()> {
        scope.operators += 1;
        if scope.operators > MAX_AFFINE_OPERATORS {
            return Err(self.error(format!(
                "affine map too large: more than {MAX_AFFINE_OPERATORS} operators"
            )));
        }
        Ok(())
    }

    /// A name, an integer, `-operand` or `(sum)`.
    fn parse_affine_operand(&mut self, scope: &mut AffineScope<'_>) -> PResult<AffineExpr> {
        match self.tok.kind {
            Tok::Minus => {
                self.count_affine_operator(scope)?;
                self.bump();
                Ok(-self.nested_type(|p| p.parse_affine_operand(scope))?)
            }
            Tok::LParen => {
                self.bump();
                let e = self.nested_type(|p| p.parse_affine_sum(scope))?;
                self.expect(Tok::RParen, ")")?;
                Ok(e)
            }
            Tok::Integer => {
                let v = i64::try_from(self.parse_integer()?)
                    .map_err(|_| self.error("constant too large for index"))?;
                Ok(AffineExpr::Constant(v))
            }
            Tok::BareId => {
                let name = self.text();
                let e = if let Some(i) = scope.dims.iter().position(|&d| d == name) {
                    AffineExpr::Dim(i as u32)
                } else if let Some(i) = scope.symbols.iter().position(|&s| s == name) {
                    AffineExpr::Symbol(i as u32)
                } else {
                    return Err(self.error("use of undeclared identifier"));
                };
                self.bump();
                Ok(e)
            }
            _ => Err(self.wrong_token_error("expected affine expression")),
        }
    }

    /// Parses `strided<[s, ...]>` or `strided<[s, ...], offset: o>` (`?` for dynamic).
    pub(super) fn parse_strided_attr(&mut self) -> PResult<Attr> {
        self.bump(); // strided
        self.expect(Tok::Less, "<")?;
        self.expect(Tok::LSquare, "[")?;
        let mut strides = Vec::new();
        if !self.consume_if(Tok::RSquare) {
            loop {
                strides.push(self.parse_dynamic_int()?);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "]")?;
        }
        let mut offset = Some(0);
        if self.consume_if(Tok::Comma) {
            self.parse_keyword("offset")?;
            self.expect(Tok::Colon, ":")?;
            offset = self.parse_dynamic_int()?;
        }
        self.expect(Tok::Greater, ">")?;
        Ok(self.ctx.attr(AttrKind::Strided { strides, offset }))
    }

    /// `?` (`None`) or a 64-bit integer.
    fn parse_dynamic_int(&mut self) -> PResult<Option<i64>> {
        if self.consume_if(Tok::Question) {
            return Ok(None);
        }
        let v = self.parse_integer()?;
        i64::try_from(v)
            .map(Some)
            .map_err(|_| self.error("integer value too large"))
    }

    /// Parses `memref<shape x element (, layout)? (, memory-space)?>` from the keyword on and
    /// checks it as MLIR's `MemRefType::verify` does.
    pub(super) fn parse_memref_type(&mut self) -> PResult<TypeKind> {
        let start = self.loc();
        self.bump(); // memref
        self.expect(Tok::Less, "<")?;
        let element_loc = self.loc_at(self.element_start());
        let (shape, element) = self.parse_shape_and_element(true)?;
        if !matches!(
            self.ctx.type_kind(element),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Vector { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::Dialect { .. }
        ) {
            return Err(Diagnostic::error(
                element_loc,
                "invalid memref element type",
            ));
        }
        let (mut layout, mut memory_space) = (None, None);
        while self.consume_if(Tok::Comma) {
            let a = self.parse_attribute(None)?;
            let is_layout = matches!(
                self.ctx.attr_kind(a),
                AttrKind::AffineMap(_) | AttrKind::Strided { .. }
            );
            if is_layout {
                if shape.is_none() {
                    return Err(self.error("cannot have affine map for unranked memref type"));
                }
                if memory_space.is_some() {
                    return Err(self.error("expected memory space to be last in memref type"));
                }
                layout = Some(a);
            } else {
                if memory_space.is_some() {
                    return Err(self.error("multiple memory spaces specified in memref type"));
                }
                memory_space = Some(a);
            }
        }
        self.expect(Tok::Greater, ">")?;
        let rank = shape.as_ref().map_or(0, Vec::len);
        match layout.map(|l| self.ctx.attr_kind(l)) {
            Some(AttrKind::AffineMap(m)) if m.num_dims as usize != rank => {
                return Err(Diagnostic::error(
                    start,
                    format!(
                        "memref layout mismatch between rank and affine map: {rank} != {}",
                        m.num_dims
                    ),
                ));
            }
            Some(AttrKind::AffineMap(m)) if m.is_identity() => layout = None,
            Some(AttrKind::Strided { strides, .. }) if strides.len() != rank => {
                return Err(Diagnostic::error(
                    start,
                    "expected the number of strides to match the rank",
                ));
            }
            _ => {}
        }
        match memory_space.map(|m| self.ctx.attr_kind(m)) {
            // MLIR's default memory space: an integer 0 is the absent one.
            Some(AttrKind::Integer { value: 0, .. }) => memory_space = None,
            Some(AttrKind::Opaque(text)) => {
                let dialect = text.split(['.', '<']).next().unwrap_or_default();
                if !self.syntax.has_dialect(dialect) {
                    return Err(Diagnostic::error(
                        start,
                        "unsupported memory space Attribute",
                    ));
                }
            }
            _ => {}
        }
        Ok(TypeKind::MemRef {
            shape,
            element,
            layout,
            memory_space,
        })
    }

    /// The byte offset of the element type in a `2x?xf32` shape at the current token.
    fn element_start(&self) -> usize {
        let src = self.src.as_bytes();
        let mut pos = self.tok.start;
        let mut mark = pos;
        while let Some(&c) = src.get(pos) {
            if c == b'x' {
                mark = pos + 1;
            } else if !(c.is_ascii_digit() || c == b'?' || c == b'*') {
                break;
            }
            pos += 1;
        }
        mark
    }
}
