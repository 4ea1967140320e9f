//! The typed op views, builders and result-type hooks of the tensor dialect, on verified
//! programs: each accessor returns what the program text puts there, and each inferred type is
//! computed by hand from MLIR's rules (written next to the assertion).

use weir_dialect_tensor::{
    build_cast, build_dim, CastOp, CollapseShapeOp, ConcatOp, DimOp, EmptyOp, ExpandShapeOp,
    ExtractOp, ExtractSliceOp, FromElementsOp, GenerateOp, InsertOp, InsertSliceOp, PadOp, RankOp,
    ReshapeOp, SplatOp, YieldOp,
};
use weir_ir::interfaces::infer_types::infer_refined_result_types;
use weir_ir::{verify, Context, Dim, InsertPoint, OpId, TypeKind, ValueDef, ValueId};
use weir_test_support::{parse_verified, setup};

/// The first op of `module` that `view` accepts.
fn find<V>(ctx: &Context, module: OpId, view: impl Fn(&Context, OpId) -> Option<V>) -> V {
    ctx.nested_ops(module)
        .into_iter()
        .find_map(|o| view(ctx, o))
        .expect("op present")
}

/// The function argument number of `v`.
fn arg(ctx: &Context, v: ValueId) -> u32 {
    match ctx.value_def(v) {
        ValueDef::BlockArg { index, .. } => index,
        other => panic!("not an argument: {other:?}"),
    }
}

/// The shape of a tensor type kind.
fn shape(kind: &TypeKind) -> Option<Vec<Dim>> {
    match kind {
        TypeKind::Tensor { shape, .. } => shape.clone(),
        other => panic!("not a tensor: {other:?}"),
    }
}

const SRC: &str = r#"func.func @f(%t: tensor<4x?xf32>, %n: index, %x: f32, %u: tensor<2x2xf32>, %v: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cast = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %dim = tensor.dim %cast, %c1 : tensor<?x?xf32>
  %rank = tensor.rank %t : tensor<4x?xf32>
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %ex = tensor.extract %t[%c0, %c1] : tensor<4x?xf32>
  %in = tensor.insert %x into %t[%c1, %c0] : tensor<4x?xf32>
  %fe = tensor.from_elements %x, %ex : tensor<2xf32>
  %sp = tensor.splat %x[%n] : tensor<?x3xf32>
  %cc = tensor.concat dim(0) %u, %u : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<?x2xf32>
  %es = tensor.expand_shape %v [[0, 1]] output_shape [%n, 2] : tensor<?xf32> into tensor<?x2xf32>
  %cs = tensor.collapse_shape %u [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  return %dim : index
}"#;

#[test]
fn views_read_what_the_text_says() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, SRC);

    let cast = find(&ctx, m, CastOp::of);
    assert_eq!(arg(&ctx, cast.source(&ctx)), 0);
    assert_eq!(
        shape(ctx.type_kind(cast.dest_type(&ctx))),
        Some(vec![None, None])
    );

    let dim = find(&ctx, m, DimOp::of);
    assert_eq!(dim.source(&ctx), cast.result(&ctx));
    assert_eq!(dim.constant_index(&ctx), Some(1));

    let rank = find(&ctx, m, RankOp::of);
    assert_eq!(arg(&ctx, rank.source(&ctx)), 0);

    let empty = find(&ctx, m, EmptyOp::of);
    let sizes: Vec<u32> = empty
        .dynamic_sizes(&ctx)
        .iter()
        .map(|&v| arg(&ctx, v))
        .collect();
    assert_eq!(sizes, [1]); // %n

    let ex = find(&ctx, m, ExtractOp::of);
    assert_eq!(arg(&ctx, ex.tensor(&ctx)), 0);
    let idx: Vec<_> = ex
        .indices(&ctx)
        .iter()
        .map(|&v| weir_dialect_arith::constant_int_value(&ctx, v))
        .collect();
    assert_eq!(idx, [Some(0), Some(1)]);

    let ins = find(&ctx, m, InsertOp::of);
    assert_eq!(arg(&ctx, ins.scalar(&ctx)), 2); // %x
    assert_eq!(arg(&ctx, ins.dest(&ctx)), 0);
    let idx: Vec<_> = ins
        .indices(&ctx)
        .iter()
        .map(|&v| weir_dialect_arith::constant_int_value(&ctx, v))
        .collect();
    assert_eq!(idx, [Some(1), Some(0)]);

    let fe = find(&ctx, m, FromElementsOp::of);
    assert_eq!(
        fe.elements(&ctx),
        &[
            ctx.block_args(ctx.value_block(ins.scalar(&ctx)).unwrap())[2],
            ex.result(&ctx)
        ]
    );

    let sp = find(&ctx, m, SplatOp::of);
    assert_eq!(arg(&ctx, sp.input(&ctx)), 2);
    assert_eq!(sp.dynamic_sizes(&ctx).len(), 1);

    let cc = find(&ctx, m, ConcatOp::of);
    assert_eq!(cc.dim(&ctx), 0);
    assert_eq!(
        cc.inputs(&ctx)
            .iter()
            .map(|&v| arg(&ctx, v))
            .collect::<Vec<_>>(),
        [3, 3]
    );

    let es = find(&ctx, m, ExpandShapeOp::of);
    assert_eq!(arg(&ctx, es.src(&ctx)), 4);
    assert_eq!(es.reassociation(&ctx), vec![vec![0, 1]]);
    let out = es.output_shape(&ctx);
    assert_eq!(out.len(), 2);
    assert!(matches!(out[0], Err(v) if arg(&ctx, v) == 1)); // %n
    assert_eq!(out[1], Ok(2));

    let cs = find(&ctx, m, CollapseShapeOp::of);
    assert_eq!(cs.reassociation(&ctx), vec![vec![0, 1]]);
    assert_eq!(arg(&ctx, cs.src(&ctx)), 3);
}

#[test]
fn shaped_result_hooks_give_the_most_specific_types() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, SRC);
    let refined = |ctx: &Context, op: OpId| {
        let kinds = infer_refined_result_types(ctx, op)
            .expect("has a hook")
            .expect("valid");
        shape(&kinds[0])
    };
    // concat of (2, 2) and (2, 2) along 0: (2 + 2, 2) = (4, 2), declared (?, 2).
    let cc = find(&ctx, m, ConcatOp::of);
    assert_eq!(refined(&ctx, cc.op()), Some(vec![Some(4), Some(2)]));
    // expand_shape of (?) into [%n, 2]: (?, 2); once the source is refined to (6): 6 / 2 = 3
    // for the `?`: (3, 2).
    let es = find(&ctx, m, ExpandShapeOp::of);
    assert_eq!(refined(&ctx, es.op()), Some(vec![None, Some(2)]));
    let f32t = ctx.float_type(weir_ir::FloatKind::F32);
    let six = ctx.intern_type(TypeKind::Tensor {
        shape: Some(vec![Some(6)]),
        element: f32t,
    });
    ctx.set_value_type(es.src(&ctx), six);
    assert_eq!(refined(&ctx, es.op()), Some(vec![Some(3), Some(2)]));
    // collapse_shape of (2, 2) by [[0, 1]]: (4).
    let cs = find(&ctx, m, CollapseShapeOp::of);
    assert_eq!(refined(&ctx, cs.op()), Some(vec![Some(4)]));
    // extract: the element type f32; dim and rank: index.
    let ex = find(&ctx, m, ExtractOp::of);
    let kinds = infer_refined_result_types(&ctx, ex.op()).unwrap().unwrap();
    assert!(matches!(kinds[0], TypeKind::Float(_)));
    let dim = find(&ctx, m, DimOp::of);
    let kinds = infer_refined_result_types(&ctx, dim.op()).unwrap().unwrap();
    assert_eq!(kinds, [TypeKind::Index]);
}

#[test]
fn concat_hook_handles_unknown_and_unranked_inputs() {
    let (mut ctx, syntax) = setup();
    // Before shape inference the inputs may be less specific: (?, 2) and (3, 2) along 0 give
    // (?, 2) (a `?` in the sum); along 1 with (?, 2) and (3, 5): (3, 7).
    let m = parse_verified(
        &mut ctx,
        &syntax,
        r#"func.func @f(%a: tensor<?x2xf32>, %b: tensor<3x2xf32>, %c: tensor<3x5xf32>) {
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x2xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  %1 = tensor.concat dim(1) %a, %c : (tensor<?x2xf32>, tensor<3x5xf32>) -> tensor<?x?xf32>
  return
}"#,
    );
    let ops: Vec<OpId> = ctx
        .nested_ops(m)
        .into_iter()
        .filter(|&o| ConcatOp::of(&ctx, o).is_some())
        .collect();
    let kinds = |ctx: &Context, op| infer_refined_result_types(ctx, op).unwrap().unwrap();
    assert_eq!(shape(&kinds(&ctx, ops[0])[0]), Some(vec![None, Some(2)]));
    assert_eq!(shape(&kinds(&ctx, ops[1])[0]), Some(vec![Some(3), Some(7)]));
    // An unranked input (what shape inference may see mid-way): the rank of the other, the
    // concatenated size `?`, the other size kept: (?, 2).
    let f32t = ctx.float_type(weir_ir::FloatKind::F32);
    let unranked = ctx.intern_type(TypeKind::Tensor {
        shape: None,
        element: f32t,
    });
    let a = ctx.operand(ops[0], 0);
    ctx.set_value_type(a, unranked);
    assert_eq!(shape(&kinds(&ctx, ops[0])[0]), Some(vec![None, Some(2)]));
}

#[test]
fn builders_make_verified_casts_and_dims() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(
        &mut ctx,
        &syntax,
        r#"func.func @f(%t: tensor<2x2xf32>) -> index {
  %c0 = arith.constant 0 : index
  return %c0 : index
}"#,
    );
    let ret = *ctx
        .nested_ops(m)
        .iter()
        .find(|&&o| ctx.is(o, "func.return"))
        .unwrap();
    let c0 = ctx.operand(ret, 0);
    let block = ctx.op_block(ret).unwrap();
    let t = ctx.block_args(block)[0];
    let f32t = ctx.float_type(weir_ir::FloatKind::F32);
    let less = ctx.intern_type(TypeKind::Tensor {
        shape: Some(vec![None, Some(2)]),
        element: f32t,
    });
    let loc = ctx.loc(ret);
    let cast = build_cast(&mut ctx, t, less, loc.clone(), InsertPoint::Before(ret));
    let d = build_dim(&mut ctx, cast, c0, loc, InsertPoint::Before(ret));
    ctx.set_operand(ret, 0, d);
    verify(&ctx, m).expect("built ops verify");
    let view = CastOp::defining(&ctx, cast).unwrap();
    assert_eq!(view.source(&ctx), t);
    assert_eq!(view.dest_type(&ctx), less);
    let dim = DimOp::defining(&ctx, d).unwrap();
    assert_eq!((dim.source(&ctx), dim.index(&ctx)), (cast, c0));
}

const SLICES: &str = r#"func.func @f(%t: tensor<8x?xf32>, %a: index, %s: tensor<4x1xf32>, %v: tensor<6xf32>, %sh: tensor<2xindex>) {
  %e = tensor.extract_slice %t[%a, 0] [4, 1] [1, 2] : tensor<8x?xf32> to tensor<4xf32>
  %i = tensor.insert_slice %s into %t[0, %a] [4, 1] [%a, 1] : tensor<4x1xf32> into tensor<8x?xf32>
  %r = tensor.reshape %v(%sh) : (tensor<6xf32>, tensor<2xindex>) -> tensor<*xf32>
  return
}"#;

#[test]
fn slice_and_reshape_views_and_hooks() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, SLICES);
    let e = find(&ctx, m, ExtractSliceOp::of);
    assert_eq!(arg(&ctx, e.source(&ctx)), 0);
    let a = ctx.block_args(ctx.value_block(e.source(&ctx)).unwrap())[1];
    assert_eq!(e.offsets(&ctx), [Err(a), Ok(0)]);
    assert_eq!(e.sizes(&ctx), [Ok(4), Ok(1)]);
    assert_eq!(e.strides(&ctx), [Ok(1), Ok(2)]);
    // The static sizes [4, 1] before the rank reduction to (4).
    let kinds = infer_refined_result_types(&ctx, e.op()).unwrap().unwrap();
    assert_eq!(shape(&kinds[0]), Some(vec![Some(4), Some(1)]));

    let i = find(&ctx, m, InsertSliceOp::of);
    assert_eq!((arg(&ctx, i.source(&ctx)), arg(&ctx, i.dest(&ctx))), (2, 0));
    assert_eq!(i.offsets(&ctx), [Ok(0), Err(a)]);
    assert_eq!(i.sizes(&ctx), [Ok(4), Ok(1)]);
    assert_eq!(i.strides(&ctx), [Err(a), Ok(1)]);
    // The dest's type (8, ?).
    let kinds = infer_refined_result_types(&ctx, i.op()).unwrap().unwrap();
    assert_eq!(shape(&kinds[0]), Some(vec![Some(8), None]));

    let r = find(&ctx, m, ReshapeOp::of);
    assert_eq!(
        (arg(&ctx, r.source(&ctx)), arg(&ctx, r.shape(&ctx))),
        (3, 4)
    );
    // Declared unranked; a shape of static length 2 gives rank 2: (?, ?).
    let kinds = infer_refined_result_types(&ctx, r.op()).unwrap().unwrap();
    assert_eq!(shape(&kinds[0]), Some(vec![None, None]));
    // With a shape of length 1 the static source's 6 elements: (6).
    let index = ctx.index_type();
    let one = ctx.intern_type(TypeKind::Tensor {
        shape: Some(vec![Some(1)]),
        element: index,
    });
    ctx.set_value_type(r.shape(&ctx), one);
    let kinds = infer_refined_result_types(&ctx, r.op()).unwrap().unwrap();
    assert_eq!(shape(&kinds[0]), Some(vec![Some(6)]));
    // An unranked source (mid-inference) with the extract_slice hook: still the static sizes.
    let f32t = ctx.float_type(weir_ir::FloatKind::F32);
    let unranked = ctx.intern_type(TypeKind::Tensor {
        shape: None,
        element: f32t,
    });
    ctx.set_value_type(e.source(&ctx), unranked);
    let kinds = infer_refined_result_types(&ctx, e.op()).unwrap().unwrap();
    assert_eq!(shape(&kinds[0]), Some(vec![Some(4), Some(1)]));
}

const REGIONS: &str = r#"func.func @f(%n: index, %m: index, %t: tensor<?x4xf32>, %a: index, %x: f32) {
  %g = tensor.generate %n, %m {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %x : f32
  } : tensor<?x3x?xf32>
  %p = tensor.pad %t nofold low[1, %a] high[2, -1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<?x4xf32> to tensor<?x?xf32>
  %q = tensor.pad %t low[1, 2] high[3, 4] {
  ^bb0(%i: index, %j: index):
    tensor.yield %x : f32
  } : tensor<?x4xf32> to tensor<?x10xf32>
  return
}"#;

#[test]
fn generate_pad_and_yield_views() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, REGIONS);
    let g = find(&ctx, m, GenerateOp::of);
    let extents: Vec<u32> = g
        .dynamic_extents(&ctx)
        .iter()
        .map(|&v| arg(&ctx, v))
        .collect();
    assert_eq!(extents, [0, 1]); // %n, %m
    assert_eq!(ctx.block_args(g.body(&ctx)).len(), 3); // one index per dimension
    assert_eq!(arg(&ctx, g.yielded(&ctx)), 4); // %x
    let y = YieldOp::of(&ctx, ctx.last_op(g.body(&ctx)).unwrap()).unwrap();
    assert_eq!(y.value(&ctx), g.yielded(&ctx));

    let p = find(&ctx, m, PadOp::of);
    assert_eq!(arg(&ctx, p.source(&ctx)), 2);
    let a = ctx.block_args(ctx.value_block(p.source(&ctx)).unwrap())[3];
    assert_eq!(p.low(&ctx), [Ok(1), Err(a)]);
    assert_eq!(p.high(&ctx), [Ok(2), Ok(-1)]);
    assert!(p.is_nofold(&ctx));
    assert_eq!(arg(&ctx, p.padding_value(&ctx)), 4);
    assert_eq!(ctx.block_args(p.body(&ctx)).len(), 2);
}

#[test]
fn pad_hook_adds_static_paddings() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, REGIONS);
    let pads: Vec<OpId> = ctx
        .nested_ops(m)
        .into_iter()
        .filter(|&o| PadOp::of(&ctx, o).is_some())
        .collect();
    let refined =
        |ctx: &Context, op| shape(&infer_refined_result_types(ctx, op).unwrap().unwrap()[0]);
    // (?, 4) low [1, %a] high [2, -1]: ? + 1 + 2 = ?, 4 + %a - 1 = ?.
    assert_eq!(refined(&ctx, pads[0]), Some(vec![None, None]));
    // (?, 4) low [1, 2] high [3, 4]: ?, 2 + 4 + 4 = 10.
    assert_eq!(refined(&ctx, pads[1]), Some(vec![None, Some(10)]));
    // Once the source is refined to (5, 4): 1 + 5 + 3 = 9, 10.
    let f32t = ctx.float_type(weir_ir::FloatKind::F32);
    let five = ctx.intern_type(TypeKind::Tensor {
        shape: Some(vec![Some(5), Some(4)]),
        element: f32t,
    });
    let src = PadOp::of(&ctx, pads[1]).unwrap().source(&ctx);
    ctx.set_value_type(src, five);
    assert_eq!(refined(&ctx, pads[1]), Some(vec![Some(9), Some(10)]));
    // An unranked source (mid-inference): the rank of the lists, every size `?`.
    let unranked = ctx.intern_type(TypeKind::Tensor {
        shape: None,
        element: f32t,
    });
    ctx.set_value_type(src, unranked);
    assert_eq!(refined(&ctx, pads[1]), Some(vec![None, None]));
    // A rank-1 source does not fit the two-entry lists: an error, not a panic.
    let one = ctx.intern_type(TypeKind::Tensor {
        shape: Some(vec![Some(1)]),
        element: f32t,
    });
    ctx.set_value_type(src, one);
    assert!(infer_refined_result_types(&ctx, pads[1]).unwrap().is_err());
}
