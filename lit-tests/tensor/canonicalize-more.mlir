// MLIR 22's remaining simple tensor canonicalizations (issue 10). The CHECK lines are
// mlir-opt 22's `--canonicalize` output for this file (they also pass on it).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s

// Constant offsets, sizes and strides of a slice become static entries
// (OpWithOffsetSizesAndStridesConstantArgumentFolder); a result that gets more static
// (4x2 here) is cast back to the old type.
// CHECK-LABEL: func.func @extract_slice_constants
// CHECK-SAME: (%[[T:.*]]: tensor<8x?xf32>, %[[A:.*]]: index)
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[T]][0, %[[A]]] [4, 2] [1, 2] : tensor<8x?xf32> to tensor<4x2xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[S]] : tensor<4x2xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %[[C]]
func.func @extract_slice_constants(%t: tensor<8x?xf32>, %a: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %s = tensor.extract_slice %t[%c0, %a] [%c4, %c2] [1, %c2] : tensor<8x?xf32> to tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

// Only an offset folds: the type stays, no cast.
// CHECK-LABEL: func.func @extract_slice_offset
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %{{.*}}[1] [%{{.*}}] [1] : tensor<8xf32> to tensor<?xf32>
// CHECK-NEXT: return %[[S]]
func.func @extract_slice_offset(%t: tensor<8xf32>, %n: index) -> tensor<?xf32> {
  %c = arith.constant 1 : index
  %s = tensor.extract_slice %t[%c] [%n] [1] : tensor<8xf32> to tensor<?xf32>
  return %s : tensor<?xf32>
}

// A negative offset or size stays an operand; strides fold whatever their value (0, -1). An
// offset that would be out of bounds (9 >= 8) leaves the whole op as it is.
// CHECK-LABEL: func.func @extract_slice_kept
// CHECK-DAG: %[[M:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[S0:.*]] = tensor.extract_slice %{{.*}}[%[[M]], 0] [2, 2] [1, 0] : tensor<8x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[C0:.*]] = tensor.cast %[[S0]] : tensor<2x2xf32> to tensor<?x2xf32>
// CHECK-NEXT: %[[S1:.*]] = tensor.extract_slice %{{.*}}[%[[C9]], 0] [%[[C2]], 2] [1, 1] : tensor<8x8xf32> to tensor<?x2xf32>
// CHECK-NEXT: %[[S2:.*]] = tensor.extract_slice %{{.*}}[0, 0] [%[[M]], 2] [-1, 1] : tensor<8x8xf32> to tensor<?x2xf32>
// CHECK-NEXT: return %[[C0]], %[[S1]], %[[S2]]
func.func @extract_slice_kept(%t: tensor<8x8xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>) {
  %m = arith.constant -1 : index
  %z = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %c2 = arith.constant 2 : index
  %s = tensor.extract_slice %t[%m, 0] [%c2, 2] [1, %z] : tensor<8x8xf32> to tensor<?x2xf32>
  %s2 = tensor.extract_slice %t[%c9, 0] [%c2, 2] [1, 1] : tensor<8x8xf32> to tensor<?x2xf32>
  %s3 = tensor.extract_slice %t[0, 0] [%m, 2] [%m, 1] : tensor<8x8xf32> to tensor<?x2xf32>
  return %s, %s2, %s3 : tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>
}

// Rank-reducing slices keep their rank: the leading unit size is dropped (1x3 -> 3; 1x1 -> 1).
// CHECK-LABEL: func.func @extract_slice_reduced
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 0] [1, 3] [1, 1] : tensor<8x8xf32> to tensor<3xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[S]] : tensor<3xf32> to tensor<?xf32>
// CHECK-NEXT: %[[S1:.*]] = tensor.extract_slice %{{.*}}[0, 0] [1, 1] [1, 1] : tensor<8x8xf32> to tensor<1xf32>
// CHECK-NEXT: %[[C1:.*]] = tensor.cast %[[S1]] : tensor<1xf32> to tensor<?xf32>
// CHECK-NEXT: return %[[C]], %[[C1]]
func.func @extract_slice_reduced(%t: tensor<8x8xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %s = tensor.extract_slice %t[0, 0] [1, %c3] [1, 1] : tensor<8x8xf32> to tensor<?xf32>
  %s1 = tensor.extract_slice %t[0, 0] [%c1, 1] [1, 1] : tensor<8x8xf32> to tensor<?xf32>
  return %s, %s1 : tensor<?xf32>, tensor<?xf32>
}

// insert_slice: the lists fold the same way and the source is cast to the more static type.
// CHECK-LABEL: func.func @insert_slice_constants
// CHECK-SAME: (%[[S:.*]]: tensor<?x?xf32>, %[[T:.*]]: tensor<8x?xf32>, %[[A:.*]]: index)
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[S]] : tensor<?x?xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[R:.*]] = tensor.insert_slice %[[C]] into %[[T]][1, %[[A]]] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x?xf32>
// CHECK-NEXT: return %[[R]]
func.func @insert_slice_constants(%s: tensor<?x?xf32>, %t: tensor<8x?xf32>, %a: index) -> tensor<8x?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = tensor.insert_slice %s into %t[%c1, %a] [%c2, %c2] [1, 1] : tensor<?x?xf32> into tensor<8x?xf32>
  return %r : tensor<8x?xf32>
}

// A static source needs no cast.
// CHECK-LABEL: func.func @insert_slice_static_source
// CHECK-NEXT: %[[R:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[1] [2] [1] : tensor<2xf32> into tensor<8xf32>
// CHECK-NEXT: return %[[R]]
func.func @insert_slice_static_source(%s: tensor<2xf32>, %t: tensor<8xf32>) -> tensor<8xf32> {
  %c = arith.constant 1 : index
  %r = tensor.insert_slice %s into %t[%c] [2] [1] : tensor<2xf32> into tensor<8xf32>
  return %r : tensor<8xf32>
}

// tensor.generate with a constant extent (StaticTensorGenerate): static, cast back; the body
// is kept. A negative extent stays.
// CHECK-LABEL: func.func @generate_constant
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-NEXT: %[[G:.*]] = tensor.generate %[[N]] {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %{{.*}}: index):
// CHECK-NEXT: %[[X:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[X]] : i32 to f32
// CHECK-NEXT: tensor.yield %[[F]] : f32
// CHECK-NEXT: } : tensor<3x?xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[G]] : tensor<3x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %[[C]]
func.func @generate_constant(%n: index) -> tensor<?x?xf32> {
  %c3 = arith.constant 3 : index
  %g = tensor.generate %c3, %n {
  ^bb0(%i: index, %j: index):
    %f = arith.index_cast %i : index to i32
    %x = arith.sitofp %f : i32 to f32
    tensor.yield %x : f32
  } : tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @generate_negative
// CHECK: %[[M:.*]] = arith.constant -1 : index
// CHECK: tensor.generate %[[M]] {
// CHECK: } : tensor<?xf32>
// CHECK-NOT: tensor.cast
func.func @generate_negative() -> tensor<?xf32> {
  %m = arith.constant -1 : index
  %g = tensor.generate %m {
  ^bb0(%i: index):
    %x = arith.constant 1.0 : f32
    tensor.yield %x : f32
  } : tensor<?xf32>
  return %g : tensor<?xf32>
}

// tensor.pad with constant paddings that make a `?` static (FoldStaticPadding): 4 + 1 + 2 = 7,
// cast back; a dynamic padding stays an operand. Negative constants fold too (4 - 1 = 3);
// `nofold` does not stop it; all constants fold once one dimension gains (low[1, 1]: ?x5).
// CHECK-LABEL: func.func @pad_constants
// CHECK-SAME: (%[[T:.*]]: tensor<4x?xf32>, %[[A:.*]]: index)
// CHECK: %[[P:.*]] = tensor.pad %[[T]] low[1, %[[A]]] high[2, 0] {
// CHECK: } : tensor<4x?xf32> to tensor<7x?xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[P]] : tensor<7x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %[[C]]
func.func @pad_constants(%t: tensor<4x?xf32>, %a: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %t low[%c1, %a] high[%c2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x?xf32> to tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @pad_negative_nofold
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[-1] high[0] {
// CHECK: } : tensor<4xf32> to tensor<3xf32>
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[P]] : tensor<3xf32> to tensor<?xf32>
// CHECK: %[[Q:.*]] = tensor.pad %{{.*}} nofold low[1] high[0] {
// CHECK: } : tensor<4xf32> to tensor<5xf32>
// CHECK-NEXT: %[[D:.*]] = tensor.cast %[[Q]] : tensor<5xf32> to tensor<?xf32>
// CHECK: %[[R:.*]] = tensor.pad %{{.*}} low[1, 1] high[0, 0] {
// CHECK: } : tensor<?x4xf32> to tensor<?x5xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.cast %[[R]] : tensor<?x5xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %[[C]], %[[D]], %[[E]]
func.func @pad_negative_nofold(%t: tensor<4xf32>, %u: tensor<?x4xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
  %m = arith.constant -1 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %t low[%m] high[0] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<4xf32> to tensor<?xf32>
  %q = tensor.pad %t nofold low[%c1] high[0] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<4xf32> to tensor<?xf32>
  %r = tensor.pad %u low[%c1, %c1] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x4xf32> to tensor<?x?xf32>
  return %p, %q, %r : tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>
}

// Nothing gains (a dynamic source size): the constant stays an operand, no cast.
// CHECK-LABEL: func.func @pad_no_gain
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[%[[C1]]] high[0] {
// CHECK: } : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT: return %[[P]]
func.func @pad_no_gain(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %t low[%c] high[0] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}

// extract_slice of a splat constant with a static result: a splat of the result type (a
// rank-reducing one too); a dynamic result or a non-splat constant stays.
// CHECK-LABEL: func.func @slice_of_splat
// CHECK-DAG: %[[A:.*]] = arith.constant dense<1.500000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<1.500000e+00> : tensor<4xf32>
// CHECK-DAG: %[[I:.*]] = arith.constant dense<3> : tensor<8xi8>
// CHECK-DAG: %[[J:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
// CHECK-DAG: %[[D:.*]] = tensor.extract_slice %[[I]][0] [%{{.*}}] [1] : tensor<8xi8> to tensor<?xi8>
// CHECK-DAG: %[[E:.*]] = tensor.extract_slice %[[J]][1] [2] [1] : tensor<4xi8> to tensor<2xi8>
// CHECK: return %[[A]], %[[B]], %[[D]], %[[E]]
func.func @slice_of_splat(%n: index) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<?xi8>, tensor<2xi8>) {
  %c = arith.constant dense<1.5> : tensor<8x8xf32>
  %s = tensor.extract_slice %c[0, 1] [2, 3] [1, 2] : tensor<8x8xf32> to tensor<2x3xf32>
  %r = tensor.extract_slice %c[3, 0] [1, 4] [1, 1] : tensor<8x8xf32> to tensor<4xf32>
  %i = arith.constant dense<3> : tensor<8xi8>
  %d = tensor.extract_slice %i[0] [%n] [1] : tensor<8xi8> to tensor<?xi8>
  %j = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
  %e = tensor.extract_slice %j[1] [2] [1] : tensor<4xi8> to tensor<2xi8>
  return %s, %r, %d, %e : tensor<2x3xf32>, tensor<4xf32>, tensor<?xi8>, tensor<2xi8>
}

// tensor.insert of a splat constant's own value into it is the constant; another value
// (8, or -0.0 into a splat of 0.0: different bits) stays.
// CHECK-LABEL: func.func @insert_into_splat
// CHECK-DAG: %[[C:.*]] = arith.constant dense<7> : tensor<4xi32>
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[F:.*]] = arith.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[N0:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[Q:.*]] = tensor.insert %[[C8]] into %[[C]][%{{.*}}] : tensor<4xi32>
// CHECK-DAG: %[[G:.*]] = tensor.insert %[[N0]] into %[[F]][%{{.*}}, %{{.*}}] : tensor<2x3xf32>
// CHECK: return %[[C]], %[[Q]], %[[F]], %[[G]]
func.func @insert_into_splat(%i: index, %j: index) -> (tensor<4xi32>, tensor<4xi32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %c = arith.constant dense<7> : tensor<4xi32>
  %v = arith.constant 7 : i32
  %w = arith.constant 8 : i32
  %r = tensor.insert %v into %c[%i] : tensor<4xi32>
  %q = tensor.insert %w into %c[%i] : tensor<4xi32>
  %f = arith.constant dense<0.0> : tensor<2x3xf32>
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %g0 = tensor.insert %z into %f[%i, %j] : tensor<2x3xf32>
  %g1 = tensor.insert %nz into %f[%i, %j] : tensor<2x3xf32>
  return %r, %q, %g0, %g1 : tensor<4xi32>, tensor<4xi32>, tensor<2x3xf32>, tensor<2x3xf32>
}
