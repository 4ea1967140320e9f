//! The generic region-branch edge verifier, the generic dead-carried-value pattern and the
//! `memory_effects` query, on test ops defined here (no dialect): `test.loop` (one region;
//! its operands flow into the region's entry arguments, its `test.yield` flows back into the
//! region and to the results, as an `scf.for` without an induction variable) and ops with
//! declared, pure, recursive and unknown effects. Expected values are read off the IR by hand.

use weir_ir::interfaces::memory_effects::{
    is_erasable_when_unused, is_pure, memory_effects, Effect, EffectKind, Resource,
};
use weir_ir::interfaces::region_branch::{remove_dead_values, BranchPoint, Successor, Target};
use weir_ir::{
    verify, BlockId, Context, InsertPoint, Location, OpDef, OpId, OpState, RewriteLog, Traits,
    Type, ValueId,
};

/// `test.loop`'s edges: parent -> region 0 (all operands), yield -> region 0 and -> parent.
fn loop_successors(ctx: &Context, op: OpId, point: BranchPoint) -> Vec<Successor> {
    let entry = ctx.entry_block(ctx.region(op, 0));
    let args = entry
        .map(|b| ctx.block_args(b).to_vec())
        .unwrap_or_default();
    match point {
        BranchPoint::Parent => vec![Successor {
            target: Target::Region(0),
            operands: 0..ctx.operands(op).len(),
            inputs: args,
        }],
        BranchPoint::Terminator(t) => {
            let n = ctx.operands(t).len();
            vec![
                Successor {
                    target: Target::Region(0),
                    operands: 0..n,
                    inputs: args,
                },
                Successor {
                    target: Target::Parent,
                    operands: 0..n,
                    inputs: ctx.results(op).to_vec(),
                },
            ]
        }
    }
}

fn write_default(_: &Context, _: OpId) -> Vec<Effect> {
    vec![Effect {
        kind: EffectKind::Write,
        resource: Resource::Default,
    }]
}

fn read_default(_: &Context, _: OpId) -> Vec<Effect> {
    vec![Effect {
        kind: EffectKind::Read,
        resource: Resource::Default,
    }]
}

fn setup() -> (Context, OpId, BlockId) {
    let mut ctx = Context::new();
    ctx.register(
        OpDef::new("test.loop", Traits::SINGLE_BLOCK | Traits::RECURSIVELY_PURE)
            .region_branch(loop_successors)
            .patterns(&[weir_ir::Pattern {
                name: "test-remove-dead-values",
                apply: remove_dead_values,
            }]),
    );
    ctx.register(OpDef::new(
        "test.yield",
        Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE,
    ));
    ctx.register(OpDef::new("test.pure", Traits::PURE));
    ctx.register(OpDef::new("test.write", Traits::NONE).memory_effects(write_default));
    ctx.register(OpDef::new("test.read", Traits::NONE).memory_effects(read_default));
    ctx.register(OpDef::new("test.unknown", Traits::NONE));
    ctx.register(OpDef::new("test.module", Traits::NO_TERMINATOR));
    let i32t = ctx.int_type(32);
    let block = ctx.new_block(&[i32t, i32t]);
    let region = ctx.new_region();
    ctx.append_block(region, block);
    let mut st = OpState::new(ctx.op_name("test.module"), Location::Unknown);
    st.regions.push(region);
    let module = ctx.create_op(st);
    (ctx, module, block)
}

/// Builds `test.loop(inits) -> result_types { ^bb0(args: arg_types): test.yield(yield(args)) }`
/// at the end of `block`; returns the loop.
fn build_loop(
    ctx: &mut Context,
    block: BlockId,
    inits: Vec<ValueId>,
    arg_types: &[Type],
    result_types: Vec<Type>,
    yielded: impl Fn(&[ValueId]) -> Vec<ValueId>,
) -> OpId {
    let body = ctx.new_block(arg_types);
    let region = ctx.new_region();
    ctx.append_block(region, body);
    let args = ctx.block_args(body).to_vec();
    let mut y = OpState::new(ctx.op_name("test.yield"), Location::Unknown);
    y.operands = yielded(&args);
    ctx.build_op(y, InsertPoint::End(body));
    let mut st = OpState::new(ctx.op_name("test.loop"), Location::Unknown);
    st.operands = inits;
    st.result_types = result_types;
    st.regions.push(region);
    ctx.build_op(st, InsertPoint::End(block))
}

#[test]
fn edge_verifier_reports_type_and_count_mismatches() {
    let (mut ctx, module, block) = setup();
    let a = ctx.block_args(block)[0];
    let (i32t, i64t) = (ctx.int_type(32), ctx.int_type(64));
    // parent -> Region #0: an i32 init into an i64 argument.
    build_loop(&mut ctx, block, vec![a], &[i64t], vec![i64t], |args| {
        args.to_vec()
    });
    let err = verify(&ctx, module).unwrap_err();
    assert!(
        err.message.starts_with(
            "'test.loop' op along control flow edge from parent to Region #0: successor operand type #0 '"
        ) && err.message.contains("' should match successor input type #0 '"),
        "{}",
        err.message
    );

    let (mut ctx, module, block) = setup();
    let a = ctx.block_args(block)[0];
    // Operation test.yield -> Region #0: the yield forwards two values, the region takes one.
    build_loop(&mut ctx, block, vec![a], &[i32t], vec![i32t], |args| {
        vec![args[0], args[0]]
    });
    let err = verify(&ctx, module).unwrap_err();
    assert_eq!(
        err.message,
        "'test.loop' op along control flow edge from Operation test.yield to Region #0: region branch point has 2 operands, but region successor needs 1 inputs"
    );

    let (mut ctx, module, block) = setup();
    let a = ctx.block_args(block)[0];
    build_loop(&mut ctx, block, vec![a], &[i32t], vec![i32t], |args| {
        args.to_vec()
    });
    verify(&ctx, module).expect("matching edges verify");
}

#[test]
fn dead_carried_values_are_removed_and_used_ones_kept() {
    let (mut ctx, module, block) = setup();
    let (a, b) = (ctx.block_args(block)[0], ctx.block_args(block)[1]);
    let i32t = ctx.int_type(32);
    // Three carried values: #0 used after the loop; #1 unused, its argument feeds only its own
    // yield slot (a dead cycle); #2 and #3 swap each other (a cycle across two slots), unused.
    let lp = build_loop(
        &mut ctx,
        block,
        vec![a, b, a, b],
        &[i32t, i32t, i32t, i32t],
        vec![i32t, i32t, i32t, i32t],
        |args| vec![args[0], args[1], args[3], args[2]],
    );
    let r0 = ctx.results(lp)[0];
    let mut user = OpState::new(ctx.op_name("test.write"), Location::Unknown);
    user.operands = vec![r0];
    ctx.build_op(user, InsertPoint::End(block));
    verify(&ctx, module).expect("input verifies");

    assert!(remove_dead_values(&mut ctx, lp, &mut RewriteLog::default()));
    verify(&ctx, module).expect("output verifies");
    let ops = ctx.block_ops(block);
    assert_eq!(ops.len(), 2, "the loop and its user");
    let new_loop = ops[0];
    assert_eq!(ctx.name_str(new_loop), "test.loop");
    assert_eq!(
        ctx.operands(new_loop),
        &[a],
        "only the used carried value stays"
    );
    assert_eq!(ctx.results(new_loop).len(), 1);
    assert_eq!(ctx.operands(ops[1]), &[ctx.results(new_loop)[0]]);
    let body = ctx.entry_block(ctx.region(new_loop, 0)).unwrap();
    assert_eq!(ctx.block_args(body).len(), 1);
    let y = ctx.last_op(body).unwrap();
    assert_eq!(ctx.operands(y), ctx.block_args(body));
    // Nothing more to remove.
    assert!(!remove_dead_values(
        &mut ctx,
        new_loop,
        &mut RewriteLog::default()
    ));
}

#[test]
fn memory_effects_of_pure_declared_recursive_and_unknown_ops() {
    let (mut ctx, _module, block) = setup();
    let a = ctx.block_args(block)[0];
    let i32t = ctx.int_type(32);
    let op = |ctx: &mut Context, name: &str, at: BlockId| {
        let mut st = OpState::new(ctx.op_name(name), Location::Unknown);
        st.operands = vec![a];
        st.result_types = vec![i32t];
        ctx.build_op(st, InsertPoint::End(at))
    };
    let pure = op(&mut ctx, "test.pure", block);
    let write = op(&mut ctx, "test.write", block);
    let read = op(&mut ctx, "test.read", block);
    let unknown = op(&mut ctx, "test.unknown", block);
    assert_eq!(memory_effects(&ctx, pure), Some(vec![]));
    assert!(is_pure(&ctx, pure) && is_erasable_when_unused(&ctx, pure));
    assert_eq!(
        memory_effects(&ctx, write),
        Some(write_default(&ctx, write))
    );
    assert!(!is_pure(&ctx, write) && !is_erasable_when_unused(&ctx, write));
    assert!(!is_pure(&ctx, read) && is_erasable_when_unused(&ctx, read));
    assert_eq!(memory_effects(&ctx, unknown), None);
    assert!(!is_pure(&ctx, unknown) && !is_erasable_when_unused(&ctx, unknown));

    // A recursively pure loop has the effects of the ops in its body.
    let quiet = build_loop(&mut ctx, block, vec![a], &[i32t], vec![i32t], |args| {
        args.to_vec()
    });
    assert!(is_pure(&ctx, quiet));
    let noisy = build_loop(&mut ctx, block, vec![a], &[i32t], vec![i32t], |args| {
        args.to_vec()
    });
    let body = ctx.entry_block(ctx.region(noisy, 0)).unwrap();
    let y = ctx.last_op(body).unwrap();
    let mut st = OpState::new(ctx.op_name("test.write"), Location::Unknown);
    st.operands = vec![a];
    ctx.build_op(st, InsertPoint::Before(y));
    assert_eq!(
        memory_effects(&ctx, noisy),
        Some(write_default(&ctx, noisy))
    );
    let mut st = OpState::new(ctx.op_name("test.unknown"), Location::Unknown);
    st.operands = vec![a];
    ctx.build_op(st, InsertPoint::Before(y));
    assert_eq!(
        memory_effects(&ctx, noisy),
        None,
        "an unknown nested op makes it unknown"
    );
}
