//! A test dialect with its own type `!test.pair<T, U>` and attribute `#test.kind<fast|slow>`,
//! registered through parse/print hooks and stored structurally; round trips of them and of the
//! builtin `affine_map` attribute. Expected texts are hand-written for the test dialect (its
//! syntax is defined here) and mlir-opt 22's printing of the same input for affine maps.

use weir_ir::{AffineExpr, AttrKind, Context, DialectParam, Signedness, Type, TypeKind};
use weir_syntax::lexer::Tok;
use weir_syntax::{
    attr_to_string, parse_attribute_text, parse_module, print_op, DialectPrinter, ItemSyntax,
    PResult, ParseOptions, Parser, PrintOptions, Syntax,
};

/// `!test.pair<T, U>`: a dialect type with a typed accessor, as a dialect crate would export.
struct PairType;

impl PairType {
    /// The two element types, if `ty` is a `!test.pair`.
    fn of(ctx: &Context, ty: Type) -> Option<(Type, Type)> {
        match ctx.type_kind(ty) {
            TypeKind::Dialect {
                dialect,
                mnemonic,
                params,
            } if dialect == "test" && mnemonic == "pair" => match params.as_slice() {
                [DialectParam::Type(a), DialectParam::Type(b)] => Some((*a, *b)),
                _ => None,
            },
            _ => None,
        }
    }

    fn parse(p: &mut Parser<'_>) -> PResult<Vec<DialectParam>> {
        p.expect(Tok::Less, "<")?;
        let a = p.parse_type()?;
        p.expect(Tok::Comma, ",")?;
        let b = p.parse_type()?;
        p.expect(Tok::Greater, ">")?;
        Ok(vec![DialectParam::Type(a), DialectParam::Type(b)])
    }
}

/// `#test.kind<fast>` / `#test.kind<slow>`: an enum attribute with a custom printer.
fn parse_kind(p: &mut Parser<'_>) -> PResult<Vec<DialectParam>> {
    p.expect(Tok::Less, "<")?;
    let k = match p.text() {
        "fast" | "slow" => p.parse_bare_id("kind")?.to_string(),
        _ => return Err(p.error("expected 'fast' or 'slow'")),
    };
    p.expect(Tok::Greater, ">")?;
    Ok(vec![DialectParam::Keyword(k)])
}

fn print_kind(p: &mut DialectPrinter<'_>, params: &[DialectParam]) {
    p.write("<");
    for q in params {
        p.print_param(q);
    }
    p.write(">");
}

fn test_syntax() -> Syntax {
    let mut s = Syntax::new();
    s.register_type("test", "pair", ItemSyntax::new(PairType::parse));
    s.register_attr(
        "test",
        "kind",
        ItemSyntax::new(parse_kind).print(print_kind),
    );
    s
}

const UNREGISTERED: ParseOptions = ParseOptions {
    allow_unregistered: true,
};

/// Parses `src` (unregistered ops allowed) and prints it back.
fn round_trip(src: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    let syntax = test_syntax();
    let m = parse_module(&mut ctx, &syntax, src, "t.mlir", 1, UNREGISTERED)
        .map_err(|d| format!("{}: {}", d.loc, d.message))?;
    Ok(print_op(&ctx, &syntax, m, PrintOptions::default()))
}

fn op_with(attr: &str, ty: &str) -> String {
    format!("\"test.op\"() {{k = {attr}}} : () -> {ty}\n")
}

fn printed_op(out: &str) -> &str {
    out.lines().nth(1).map(str::trim).unwrap_or("")
}

#[test]
fn dialect_type_and_attr_round_trip_structurally() {
    let src = op_with(
        "#test.kind<fast>",
        "!test.pair<i32, !test.pair<f32, index>>",
    );
    let out = round_trip(&src).unwrap();
    let expected =
        "%0 = \"test.op\"() {k = #test.kind<fast>} : () -> !test.pair<i32, !test.pair<f32, index>>";
    assert_eq!(printed_op(&out), expected);
    assert_eq!(round_trip(&out).unwrap(), out);

    // Structural storage: the accessor sees the element types.
    let mut ctx = Context::new();
    let syntax = test_syntax();
    let m = parse_module(&mut ctx, &syntax, &src, "t.mlir", 1, UNREGISTERED).unwrap();
    let body = ctx.entry_block(ctx.region(m, 0)).unwrap();
    let op = ctx.first_op(body).unwrap();
    let ty = ctx.value_type(ctx.result(op, 0));
    let (a, b) = PairType::of(&ctx, ty).unwrap();
    let i32_kind = TypeKind::Integer {
        width: 32,
        signedness: Signedness::Signless,
    };
    assert_eq!(ctx.type_kind(a), &i32_kind);
    assert!(PairType::of(&ctx, b).is_some());
    let k = ctx.attr_of(op, "k").unwrap();
    let fast = [DialectParam::Keyword("fast".into())];
    assert!(matches!(ctx.attr_kind(k), AttrKind::Dialect { params, .. } if params == &fast));
    // Interned: the same item written twice is one attribute.
    let again = parse_attribute_text(&mut ctx, &syntax, "#test.kind<fast>", "t").unwrap();
    assert_eq!(again, k);
    // Without the syntax table the default form is printed; here it is the same text.
    assert_eq!(attr_to_string(&ctx, k), "#test.kind<fast>");
}

#[test]
fn verbose_dialect_form_prints_pretty() {
    // MLIR's `!dialect<mnemonic<...>>` is the same item as `!dialect.mnemonic<...>`.
    let out = round_trip(&op_with("#test<kind<slow>>", "!test<pair<i1, i1>>")).unwrap();
    assert_eq!(
        printed_op(&out),
        "%0 = \"test.op\"() {k = #test.kind<slow>} : () -> !test.pair<i1, i1>"
    );
}

#[test]
fn bad_dialect_items_are_located_errors() {
    // Columns counted by hand in `"test.op"() {k = ...} : () -> ...`.
    let e = round_trip(&op_with("#test.kind<medium>", "i32")).unwrap_err();
    assert_eq!(e, "\"t.mlir\":1:29: expected 'fast' or 'slow'");
    let e = round_trip(&op_with("unit", "!test.triple<i32>")).unwrap_err();
    assert_eq!(
        e,
        "\"t.mlir\":1:32: unknown type `triple` in dialect `test`"
    );
    let e = round_trip(&op_with("unit", "!test.pair<i32>")).unwrap_err();
    assert_eq!(e, "\"t.mlir\":1:46: expected ','");
}

#[test]
fn unregistered_dialect_items_stay_text() {
    let src = op_with("#foo.bar<1 x 2>", "!foo<\"anything <goes>\">");
    let out = round_trip(&src).unwrap();
    assert_eq!(
        printed_op(&out),
        "%0 = \"test.op\"() {k = #foo.bar<1 x 2>} : () -> !foo<\"anything <goes>\">"
    );
}

#[test]
fn affine_maps_are_structured() {
    let mut ctx = Context::new();
    let syntax = Syntax::new();
    let text = "affine_map<(i, j)[s] -> (j, i * 2 + s)>";
    let a = parse_attribute_text(&mut ctx, &syntax, text, "t").unwrap();
    let AttrKind::AffineMap(map) = ctx.attr_kind(a) else {
        panic!("not an affine map: {:?}", ctx.attr_kind(a));
    };
    assert_eq!((map.num_dims, map.num_symbols), (2, 1));
    assert_eq!(map.results[0], AffineExpr::Dim(1));
    // mlir-opt 22 prints this input with the names d0, d1, s0.
    assert_eq!(
        attr_to_string(&ctx, a),
        "affine_map<(d0, d1)[s0] -> (d1, d0 * 2 + s0)>"
    );
}

#[test]
fn affine_map_size_is_bounded() {
    // 1000 operators parse; the 1001st is rejected at its token. `d0 + d1 + d0 + ...` does not
    // simplify, so the map keeps all of them. Column: the prefix `affine_map<(d0, d1) -> (d0`
    // has 26 characters; each ` + dN` adds 5 with the `+` at its second character, so the
    // 1001st `+` is at 0-based offset 26 + 1000 * 5 + 1, column 5028.
    let map = |n: usize| {
        let terms: String = (0..n).map(|i| format!(" + d{}", (i + 1) % 2)).collect();
        format!("affine_map<(d0, d1) -> (d0{terms})>")
    };
    let mut ctx = Context::new();
    let syntax = Syntax::new();
    let ok = parse_attribute_text(&mut ctx, &syntax, &map(1000), "t").unwrap();
    let printed = attr_to_string(&ctx, ok);
    assert_eq!(printed.matches(" + ").count(), 1000);
    let e = parse_attribute_text(&mut ctx, &syntax, &map(1001), "t").unwrap_err();
    assert_eq!(e.message, "affine map too large: more than 1000 operators");
    assert_eq!(e.loc.to_string(), "\"t\":1:5028");
}
