//! The memory and time bounds of `dense<...>` constants (issue 10): a 10^6-element `f32`
//! constant parsed from text holds at most 1.5x its 4 MB of raw data in the heap (the whole IR
//! after parsing, counted with `stats_alloc` as `tools/examples/ir_bytes.rs` does), prints in
//! mlir-opt's hex form and parses back to the same attribute; a 10^9-element splat costs O(1)
//! to parse, print and fold. One test function: the counting allocator is process-wide, so no
//! other test may allocate while it measures.
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use std::time::{Duration, Instant};
use weir_syntax::{parse_module, print_op, PrintOptions};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

const N: usize = 1_000_000;

/// Element `i` of the big constant: `i / 4 - 1000` (exact in f32: multiples of 0.25 below 2^22).
fn element(i: usize) -> f32 {
    i as f32 / 4.0 - 1000.0
}

fn parse(ctx: &mut weir_ir::Context, syntax: &weir_syntax::Syntax, text: &str) -> weir_ir::OpId {
    weir_tools::on_parser_stack(|| {
        parse_module(ctx, syntax, text, "dense.mlir", 1, Default::default())
    })
    .unwrap_or_else(|d| panic!("parse failed: {}", d.message))
}

/// The one `arith.constant` value of the module's function.
fn constant_attr(ctx: &weir_ir::Context, module: weir_ir::OpId) -> weir_ir::Attr {
    let ops = ctx.nested_ops(module);
    ops.iter()
        .find_map(|&op| ctx.attr_of(op, "value"))
        .expect("the module has an arith.constant")
}

fn function(literal: &str, ty: &str) -> String {
    format!("func.func @f() -> {ty} {{\n  %c = arith.constant {literal} : {ty}\n  return %c : {ty}\n}}\n")
}

#[test]
fn dense_memory_and_splat_cost() {
    // --- 10^6 distinct f32 elements, written as decimal text.
    let mut literal = String::with_capacity(N * 12);
    literal.push_str("dense<[");
    for i in 0..N {
        if i > 0 {
            literal.push_str(", ");
        }
        literal.push_str(&format!("{:?}", element(i)));
    }
    literal.push_str("]>");
    let ty = format!("tensor<{N}xf32>");
    let text = function(&literal, &ty);
    drop(literal);

    let (mut ctx, syntax) = weir_dialects::new_context();
    let region = Region::new(GLOBAL);
    let module = parse(&mut ctx, &syntax, &text);
    ctx.shrink_to_fit();
    let stats = region.change();
    let live = stats.bytes_allocated as i64 - stats.bytes_deallocated as i64;
    let raw = (N * 4) as i64;
    assert!(
        live <= raw * 3 / 2,
        "the parsed IR holds {live} bytes, more than 1.5 x {raw}"
    );
    drop(text);

    let attr = constant_attr(&ctx, module);
    let d = ctx.dense_elements(attr).expect("a dense attribute");
    assert_eq!(d.len(), N as u64);
    assert!(!d.is_splat());
    assert_eq!(d.float(0), Some(-1000.0));
    assert_eq!(d.float(N as u64 - 1), Some(element(N - 1) as f64));
    // The stored bytes are the little-endian f32 values (computed here by std).
    let expected: Vec<u8> = (0..N).flat_map(|i| element(i).to_le_bytes()).collect();
    assert!(d.raw_bytes() == expected.as_slice());

    // Printed as mlir-opt prints more than 100 elements: the hex form of those bytes.
    let printed = print_op(&ctx, &syntax, module, PrintOptions::default());
    let mut hex = String::with_capacity(2 * expected.len());
    for b in &expected {
        hex.push_str(&format!("{b:02X}"));
    }
    let want = format!("arith.constant dense<\"0x{hex}\"> : {ty}");
    assert!(printed.contains(&want), "not printed in the hex form");
    drop(hex);
    drop(want);
    // ... and it parses back to the same (interned) attribute, and prints the same text.
    let again = parse(&mut ctx, &syntax, &printed);
    assert_eq!(constant_attr(&ctx, again), attr);
    assert_eq!(
        print_op(&ctx, &syntax, again, PrintOptions::default()),
        printed
    );
    drop(printed);
    drop(ctx);

    // --- A 10^9-element splat: O(1) memory and time to parse, print and fold.
    let big = "tensor<1000000000xf32>";
    let text = format!(
        "func.func @f() -> {big} {{\n  %a = arith.constant dense<1.0> : {big}\n  \
         %b = arith.constant dense<2.5> : {big}\n  %r = arith.addf %a, %b : {big}\n  \
         return %r : {big}\n}}\n"
    );
    let (mut ctx, syntax) = weir_dialects::new_context();
    let start = Instant::now();
    let region = Region::new(GLOBAL);
    let module = parse(&mut ctx, &syntax, &text);
    assert!(
        region.change().bytes_allocated < 1 << 20,
        "parsing two 10^9-element splats allocated too much"
    );
    let printed = print_op(&ctx, &syntax, module, PrintOptions::default());
    assert!(printed.contains(&format!("dense<1.000000e+00> : {big}")));
    // The fold: 1.0 + 2.5 = 3.5, a splat, without expanding the operands.
    let registry = weir_tools::passes::registry();
    let pass = registry
        .instantiate("canonicalize", &Default::default())
        .expect("registered pass");
    let mut diags = Vec::new();
    pass.run(&mut ctx, module, &mut diags);
    assert!(diags.iter().all(|d| d.severity != weir_ir::Severity::Error));
    let folded = print_op(&ctx, &syntax, module, PrintOptions::default());
    assert!(folded.contains(&format!("arith.constant dense<3.500000e+00> : {big}")));
    assert!(!folded.contains("arith.addf"));
    assert!(
        region.change().bytes_allocated < 1 << 20,
        "printing and folding 10^9-element splats allocated too much"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
}
