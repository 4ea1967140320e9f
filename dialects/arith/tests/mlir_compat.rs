//! Round trips of every arith op against mlir-opt 22's output, and verifier/parser errors
//! against mlir-opt 22's messages. Expected texts were produced by running
//! `/usr/lib/llvm-22/bin/mlir-opt` on each input (block predecessor comments removed).

use common::{check_error, check_roundtrip};
use weir_test_support as common;

#[test]
fn constants_integer() {
    check_roundtrip(
        r#"func.func @f() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 42 : i32
  %2 = arith.constant -1 : i64
  %3 = arith.constant 255 : i8
  %4 = arith.constant 7 : i7
  %5 = arith.constant 1 : i128
  %6 = arith.constant 42
  %7 = arith.constant -5 : index
  %8 = arith.constant 0x10 : i16
  %9 = arith.constant 170141183460469231731687303715884105727 : i128
  return
}
"#,
        r#"module {
  func.func @f() {
    %c0 = arith.constant 0 : index
    %c42_i32 = arith.constant 42 : i32
    %c-1_i64 = arith.constant -1 : i64
    %c-1_i8 = arith.constant -1 : i8
    %c7_i7 = arith.constant 7 : i7
    %c1_i128 = arith.constant 1 : i128
    %c42_i64 = arith.constant 42 : i64
    %c-5 = arith.constant -5 : index
    %c16_i16 = arith.constant 16 : i16
    %c170141183460469231731687303715884105727_i128 = arith.constant 170141183460469231731687303715884105727 : i128
    return
  }
}
"#,
    );
}

#[test]
fn constants_bool() {
    check_roundtrip(
        r#"func.func @f() {
  %0 = arith.constant true
  %1 = arith.constant false
  %2 = arith.constant 1 : i1
  return
}
"#,
        r#"module {
  func.func @f() {
    %true = arith.constant true
    %false = arith.constant false
    %true_0 = arith.constant true
    return
  }
}
"#,
    );
}

#[test]
fn constants_float() {
    check_roundtrip(
        r#"func.func @f() {
  %0 = arith.constant 1.5 : f32
  %1 = arith.constant 1.0
  %2 = arith.constant -0.0 : f64
  %3 = arith.constant 0x7FC00000 : f32
  %4 = arith.constant 0.1 : f32
  %5 = arith.constant 1.0e10 : f64
  %6 = arith.constant 2.5 : f16
  %7 = arith.constant 3.0 : bf16
  return
}
"#,
        r#"module {
  func.func @f() {
    %cst = arith.constant 1.500000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f64
    %cst_1 = arith.constant -0.000000e+00 : f64
    %cst_2 = arith.constant 0x7FC00000 : f32
    %cst_3 = arith.constant 1.000000e-01 : f32
    %cst_4 = arith.constant 1.000000e+10 : f64
    %cst_5 = arith.constant 2.500000e+00 : f16
    %cst_6 = arith.constant 3.000000e+00 : bf16
    return
  }
}
"#,
    );
}

#[test]
fn constants_dense() {
    check_roundtrip(
        r#"func.func @f() {
  %0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = arith.constant dense<1.0> : tensor<4xf32>
  %2 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %3 = arith.constant dense<[true, false]> : tensor<2xi1>
  %4 = arith.constant dense<5> : vector<4xindex>
  %5 = arith.constant dense<0> : tensor<i32>
  return
}
"#,
        r#"module {
  func.func @f() {
    %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<4xf32>
    %cst_1 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    %cst_2 = arith.constant dense<[true, false]> : tensor<2xi1>
    %cst_3 = arith.constant dense<5> : vector<4xindex>
    %cst_4 = arith.constant dense<0> : tensor<i32>
    return
  }
}
"#,
    );
}

#[test]
fn constant_attr_dict() {
    check_roundtrip(
        r#"func.func @f() {
  %0 = arith.constant {foo = 1 : i64, bar} 3 : i32
  return
}
"#,
        r#"module {
  func.func @f() {
    %c3_i32 = arith.constant {bar, foo = 1 : i64} 3 : i32
    return
  }
}
"#,
    );
}

#[test]
fn int_binary_ops() {
    check_roundtrip(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.andi %a, %b : i32
  %8 = arith.ori %a, %b : i32
  %9 = arith.xori %a, %b : i32
  %10 = arith.shli %a, %b : i32
  %11 = arith.shrsi %a, %b : i32
  %12 = arith.shrui %a, %b : i32
  %13 = arith.maxsi %a, %b : i32
  %14 = arith.maxui %a, %b : i32
  %15 = arith.minsi %a, %b : i32
  %16 = arith.minui %a, %b : i32
  %17 = arith.ceildivsi %a, %b : i32
  %18 = arith.ceildivui %a, %b : i32
  %19 = arith.floordivsi %a, %b : i32
  return
}
"#,
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.subi %arg0, %arg1 : i32
    %2 = arith.muli %arg0, %arg1 : i32
    %3 = arith.divsi %arg0, %arg1 : i32
    %4 = arith.divui %arg0, %arg1 : i32
    %5 = arith.remsi %arg0, %arg1 : i32
    %6 = arith.remui %arg0, %arg1 : i32
    %7 = arith.andi %arg0, %arg1 : i32
    %8 = arith.ori %arg0, %arg1 : i32
    %9 = arith.xori %arg0, %arg1 : i32
    %10 = arith.shli %arg0, %arg1 : i32
    %11 = arith.shrsi %arg0, %arg1 : i32
    %12 = arith.shrui %arg0, %arg1 : i32
    %13 = arith.maxsi %arg0, %arg1 : i32
    %14 = arith.maxui %arg0, %arg1 : i32
    %15 = arith.minsi %arg0, %arg1 : i32
    %16 = arith.minui %arg0, %arg1 : i32
    %17 = arith.ceildivsi %arg0, %arg1 : i32
    %18 = arith.ceildivui %arg0, %arg1 : i32
    %19 = arith.floordivsi %arg0, %arg1 : i32
    return
  }
}
"#,
    );
}

#[test]
fn int_binary_ops_index_and_shapes() {
    check_roundtrip(
        r#"func.func @f(%a: index, %t: tensor<4x?xi64>, %u: tensor<*xi8>, %v: vector<2xi1>) {
  %0 = arith.addi %a, %a : index
  %1 = arith.muli %t, %t : tensor<4x?xi64>
  %2 = arith.xori %u, %u : tensor<*xi8>
  %3 = arith.andi %v, %v : vector<2xi1>
  %4 = arith.floordivsi %a, %a : index
  return
}
"#,
        r#"module {
  func.func @f(%arg0: index, %arg1: tensor<4x?xi64>, %arg2: tensor<*xi8>, %arg3: vector<2xi1>) {
    %0 = arith.addi %arg0, %arg0 : index
    %1 = arith.muli %arg1, %arg1 : tensor<4x?xi64>
    %2 = arith.xori %arg2, %arg2 : tensor<*xi8>
    %3 = arith.andi %arg3, %arg3 : vector<2xi1>
    %4 = arith.floordivsi %arg0, %arg0 : index
    return
  }
}
"#,
    );
}

#[test]
fn float_binary_ops() {
    check_roundtrip(
        r#"func.func @f(%x: f32, %y: f32) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y : f32
  %2 = arith.mulf %x, %y : f32
  %3 = arith.divf %x, %y : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.maximumf %x, %y : f32
  %6 = arith.minimumf %x, %y : f32
  %7 = arith.maxnumf %x, %y : f32
  %8 = arith.minnumf %x, %y : f32
  %9 = arith.negf %x : f32
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f32, %arg1: f32) {
    %0 = arith.addf %arg0, %arg1 : f32
    %1 = arith.subf %arg0, %arg1 : f32
    %2 = arith.mulf %arg0, %arg1 : f32
    %3 = arith.divf %arg0, %arg1 : f32
    %4 = arith.remf %arg0, %arg1 : f32
    %5 = arith.maximumf %arg0, %arg1 : f32
    %6 = arith.minimumf %arg0, %arg1 : f32
    %7 = arith.maxnumf %arg0, %arg1 : f32
    %8 = arith.minnumf %arg0, %arg1 : f32
    %9 = arith.negf %arg0 : f32
    return
  }
}
"#,
    );
}

#[test]
fn float_ops_shapes() {
    check_roundtrip(
        r#"func.func @f(%a: f64, %h: f16, %b: bf16, %t: tensor<2xf32>, %v: vector<3xf64>) {
  %0 = arith.addf %a, %a : f64
  %1 = arith.mulf %h, %h : f16
  %2 = arith.divf %b, %b : bf16
  %3 = arith.maximumf %t, %t : tensor<2xf32>
  %4 = arith.negf %v : vector<3xf64>
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f64, %arg1: f16, %arg2: bf16, %arg3: tensor<2xf32>, %arg4: vector<3xf64>) {
    %0 = arith.addf %arg0, %arg0 : f64
    %1 = arith.mulf %arg1, %arg1 : f16
    %2 = arith.divf %arg2, %arg2 : bf16
    %3 = arith.maximumf %arg3, %arg3 : tensor<2xf32>
    %4 = arith.negf %arg4 : vector<3xf64>
    return
  }
}
"#,
    );
}

#[test]
fn overflow_flags() {
    check_roundtrip(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.subi %a, %b overflow<nuw> : i32
  %2 = arith.muli %a, %b overflow<nuw, nsw> : i32
  %3 = arith.shli %a, %b overflow<nsw, nuw> {k = 1 : i32} : i32
  %4 = arith.addi %a, %b overflow<none> : i32
  %5 = arith.trunci %a overflow<nuw> : i32 to i8
  return
}
"#,
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) {
    %0 = arith.addi %arg0, %arg1 overflow<nsw> : i32
    %1 = arith.subi %arg0, %arg1 overflow<nuw> : i32
    %2 = arith.muli %arg0, %arg1 overflow<nsw, nuw> : i32
    %3 = arith.shli %arg0, %arg1 overflow<nsw, nuw> {k = 1 : i32} : i32
    %4 = arith.addi %arg0, %arg1 : i32
    %5 = arith.trunci %arg0 overflow<nuw> : i32 to i8
    return
  }
}
"#,
    );
}

#[test]
fn fastmath_flags() {
    check_roundtrip(
        r#"func.func @f(%x: f32, %d: f64) {
  %0 = arith.addf %x, %x fastmath<fast> : f32
  %1 = arith.subf %x, %x fastmath<nnan,ninf> : f32
  %2 = arith.mulf %x, %x fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %3 = arith.divf %x, %x fastmath<afn, contract> {k} : f32
  %4 = arith.negf %x fastmath<nsz> : f32
  %5 = arith.cmpf olt, %x, %x fastmath<fast> : f32
  %6 = arith.extf %x fastmath<arcp> : f32 to f64
  %7 = arith.truncf %d fastmath<fast> : f64 to f32
  %8 = arith.addf %x, %x fastmath<none> : f32
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f32, %arg1: f64) {
    %0 = arith.addf %arg0, %arg0 fastmath<fast> : f32
    %1 = arith.subf %arg0, %arg0 fastmath<nnan,ninf> : f32
    %2 = arith.mulf %arg0, %arg0 fastmath<fast> : f32
    %3 = arith.divf %arg0, %arg0 fastmath<contract,afn> {k} : f32
    %4 = arith.negf %arg0 fastmath<nsz> : f32
    %5 = arith.cmpf olt, %arg0, %arg0 fastmath<fast> : f32
    %6 = arith.extf %arg0 fastmath<arcp> : f32 to f64
    %7 = arith.truncf %arg1 fastmath<fast> : f64 to f32
    %8 = arith.addf %arg0, %arg0 : f32
    return
  }
}
"#,
    );
}

#[test]
fn cmpi_predicates() {
    check_roundtrip(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi "slt", %a, %b : i32
  return
}
"#,
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) {
    %0 = arith.cmpi eq, %arg0, %arg1 : i32
    %1 = arith.cmpi ne, %arg0, %arg1 : i32
    %2 = arith.cmpi slt, %arg0, %arg1 : i32
    %3 = arith.cmpi sle, %arg0, %arg1 : i32
    %4 = arith.cmpi sgt, %arg0, %arg1 : i32
    %5 = arith.cmpi sge, %arg0, %arg1 : i32
    %6 = arith.cmpi ult, %arg0, %arg1 : i32
    %7 = arith.cmpi ule, %arg0, %arg1 : i32
    %8 = arith.cmpi ugt, %arg0, %arg1 : i32
    %9 = arith.cmpi uge, %arg0, %arg1 : i32
    %10 = arith.cmpi slt, %arg0, %arg1 : i32
    return
  }
}
"#,
    );
}

#[test]
fn cmpf_predicates() {
    check_roundtrip(
        r#"func.func @f(%x: f64, %y: f64) {
  %0 = arith.cmpf false, %x, %y : f64
  %1 = arith.cmpf oeq, %x, %y : f64
  %2 = arith.cmpf ogt, %x, %y : f64
  %3 = arith.cmpf oge, %x, %y : f64
  %4 = arith.cmpf olt, %x, %y : f64
  %5 = arith.cmpf ole, %x, %y : f64
  %6 = arith.cmpf one, %x, %y : f64
  %7 = arith.cmpf ord, %x, %y : f64
  %8 = arith.cmpf ueq, %x, %y : f64
  %9 = arith.cmpf ugt, %x, %y : f64
  %10 = arith.cmpf uge, %x, %y : f64
  %11 = arith.cmpf ult, %x, %y : f64
  %12 = arith.cmpf ule, %x, %y : f64
  %13 = arith.cmpf une, %x, %y : f64
  %14 = arith.cmpf uno, %x, %y : f64
  %15 = arith.cmpf true, %x, %y : f64
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f64, %arg1: f64) {
    %0 = arith.cmpf false, %arg0, %arg1 : f64
    %1 = arith.cmpf oeq, %arg0, %arg1 : f64
    %2 = arith.cmpf ogt, %arg0, %arg1 : f64
    %3 = arith.cmpf oge, %arg0, %arg1 : f64
    %4 = arith.cmpf olt, %arg0, %arg1 : f64
    %5 = arith.cmpf ole, %arg0, %arg1 : f64
    %6 = arith.cmpf one, %arg0, %arg1 : f64
    %7 = arith.cmpf ord, %arg0, %arg1 : f64
    %8 = arith.cmpf ueq, %arg0, %arg1 : f64
    %9 = arith.cmpf ugt, %arg0, %arg1 : f64
    %10 = arith.cmpf uge, %arg0, %arg1 : f64
    %11 = arith.cmpf ult, %arg0, %arg1 : f64
    %12 = arith.cmpf ule, %arg0, %arg1 : f64
    %13 = arith.cmpf une, %arg0, %arg1 : f64
    %14 = arith.cmpf uno, %arg0, %arg1 : f64
    %15 = arith.cmpf true, %arg0, %arg1 : f64
    return
  }
}
"#,
    );
}

#[test]
fn cmp_shapes() {
    check_roundtrip(
        r#"func.func @f(%t: tensor<4xi32>, %u: tensor<*xindex>, %v: vector<2xf32>) {
  %0 = arith.cmpi eq, %t, %t : tensor<4xi32>
  %1 = arith.cmpi ult, %u, %u {k = 2 : i8} : tensor<*xindex>
  %2 = arith.cmpf ueq, %v, %v : vector<2xf32>
  return
}
"#,
        r#"module {
  func.func @f(%arg0: tensor<4xi32>, %arg1: tensor<*xindex>, %arg2: vector<2xf32>) {
    %0 = arith.cmpi eq, %arg0, %arg0 : tensor<4xi32>
    %1 = arith.cmpi ult, %arg1, %arg1 {k = 2 : i8} : tensor<*xindex>
    %2 = arith.cmpf ueq, %arg2, %arg2 : vector<2xf32>
    return
  }
}
"#,
    );
}

#[test]
fn select() {
    check_roundtrip(
        r#"func.func @f(%c: i1, %a: i32, %t: tensor<4xf32>, %m: tensor<4xi1>, %u: tensor<*xi1>, %w: tensor<*xi8>) {
  %0 = arith.select %c, %a, %a : i32
  %1 = arith.select %c, %t, %t : tensor<4xf32>
  %2 = arith.select %m, %t, %t {k} : tensor<4xi1>, tensor<4xf32>
  %3 = arith.select %u, %w, %w : tensor<*xi1>, tensor<*xi8>
  return
}
"#,
        r#"module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: tensor<4xf32>, %arg3: tensor<4xi1>, %arg4: tensor<*xi1>, %arg5: tensor<*xi8>) {
    %0 = arith.select %arg0, %arg1, %arg1 : i32
    %1 = arith.select %arg0, %arg2, %arg2 : tensor<4xf32>
    %2 = arith.select %arg3, %arg2, %arg2 {k} : tensor<4xi1>, tensor<4xf32>
    %3 = arith.select %arg4, %arg5, %arg5 : tensor<*xi1>, tensor<*xi8>
    return
  }
}
"#,
    );
}

#[test]
fn casts() {
    check_roundtrip(
        r#"func.func @f(%i: i32, %ix: index, %b: i8, %x: f32, %d: f64, %h: f16) {
  %0 = arith.index_cast %ix : index to i32
  %1 = arith.index_cast %i : i32 to index
  %2 = arith.index_castui %i : i32 to index
  %3 = arith.index_castui %ix : index to i64
  %4 = arith.extsi %b : i8 to i32
  %5 = arith.extui %b : i8 to i64
  %6 = arith.trunci %i : i32 to i8
  %7 = arith.sitofp %i : i32 to f32
  %8 = arith.uitofp %b : i8 to f64
  %9 = arith.fptosi %x : f32 to i32
  %10 = arith.fptoui %d : f64 to i8
  %11 = arith.extf %h : f16 to f32
  %12 = arith.truncf %d : f64 to f16
  %13 = arith.bitcast %x : f32 to i32
  %14 = arith.bitcast %h : f16 to bf16
  %15 = arith.bitcast %i : i32 to i32
  %16 = arith.extsi %b {k = 1 : i32} : i8 to i16
  return
}
"#,
        r#"module {
  func.func @f(%arg0: i32, %arg1: index, %arg2: i8, %arg3: f32, %arg4: f64, %arg5: f16) {
    %0 = arith.index_cast %arg1 : index to i32
    %1 = arith.index_cast %arg0 : i32 to index
    %2 = arith.index_castui %arg0 : i32 to index
    %3 = arith.index_castui %arg1 : index to i64
    %4 = arith.extsi %arg2 : i8 to i32
    %5 = arith.extui %arg2 : i8 to i64
    %6 = arith.trunci %arg0 : i32 to i8
    %7 = arith.sitofp %arg0 : i32 to f32
    %8 = arith.uitofp %arg2 : i8 to f64
    %9 = arith.fptosi %arg3 : f32 to i32
    %10 = arith.fptoui %arg4 : f64 to i8
    %11 = arith.extf %arg5 : f16 to f32
    %12 = arith.truncf %arg4 : f64 to f16
    %13 = arith.bitcast %arg3 : f32 to i32
    %14 = arith.bitcast %arg5 : f16 to bf16
    %15 = arith.bitcast %arg0 : i32 to i32
    %16 = arith.extsi %arg2 {k = 1 : i32} : i8 to i16
    return
  }
}
"#,
    );
}

#[test]
fn casts_shaped() {
    check_roundtrip(
        r#"func.func @f(%t: tensor<4xi32>, %v: vector<2x3xf32>, %u: tensor<?xindex>) {
  %0 = arith.extsi %t : tensor<4xi32> to tensor<4xi64>
  %1 = arith.index_cast %t : tensor<4xi32> to tensor<4xindex>
  %2 = arith.fptosi %v : vector<2x3xf32> to vector<2x3xi16>
  %3 = arith.index_cast %u : tensor<?xindex> to tensor<?xi32>
  %4 = arith.bitcast %v : vector<2x3xf32> to vector<2x3xi32>
  return
}
"#,
        r#"module {
  func.func @f(%arg0: tensor<4xi32>, %arg1: vector<2x3xf32>, %arg2: tensor<?xindex>) {
    %0 = arith.extsi %arg0 : tensor<4xi32> to tensor<4xi64>
    %1 = arith.index_cast %arg0 : tensor<4xi32> to tensor<4xindex>
    %2 = arith.fptosi %arg1 : vector<2x3xf32> to vector<2x3xi16>
    %3 = arith.index_cast %arg2 : tensor<?xindex> to tensor<?xi32>
    %4 = arith.bitcast %arg1 : vector<2x3xf32> to vector<2x3xi32>
    return
  }
}
"#,
    );
}

#[test]
fn truncf_rounding_modes() {
    check_roundtrip(
        r#"func.func @f(%d: f64) {
  %0 = arith.truncf %d to_nearest_even : f64 to f32
  %1 = arith.truncf %d downward : f64 to f32
  %2 = arith.truncf %d upward : f64 to f32
  %3 = arith.truncf %d toward_zero : f64 to f32
  %4 = arith.truncf %d to_nearest_away : f64 to f32
  %5 = arith.truncf %d upward fastmath<nnan> {k} : f64 to f32
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f64) {
    %0 = arith.truncf %arg0 to_nearest_even : f64 to f32
    %1 = arith.truncf %arg0 downward : f64 to f32
    %2 = arith.truncf %arg0 upward : f64 to f32
    %3 = arith.truncf %arg0 toward_zero : f64 to f32
    %4 = arith.truncf %arg0 to_nearest_away : f64 to f32
    %5 = arith.truncf %arg0 upward fastmath<nnan> {k} : f64 to f32
    return
  }
}
"#,
    );
}

#[test]
fn generic_form_input() {
    check_roundtrip(
        r#"func.func @f(%a: i32, %x: f32) {
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
  %2 = "arith.cmpi"(%a, %a) <{predicate = 5 : i64}> : (i32, i32) -> i1
  %3 = "arith.constant"() <{value = 7 : i32}> : () -> i32
  %4 = "arith.muli"(%a, %a) {overflowFlags = #arith.overflow<nuw,nsw>} : (i32, i32) -> i32
  %5 = "arith.truncf"(%x) <{roundingmode = 3 : i32}> : (f32) -> f16
  return
}
"#,
        r#"module {
  func.func @f(%arg0: i32, %arg1: f32) {
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.addf %arg1, %arg1 fastmath<fast> : f32
    %2 = arith.cmpi sge, %arg0, %arg0 : i32
    %c7_i32 = arith.constant 7 : i32
    %3 = arith.muli %arg0, %arg0 overflow<nsw, nuw> : i32
    %4 = arith.truncf %arg1 toward_zero : f32 to f16
    return
  }
}
"#,
    );
}

#[test]
fn name_hints() {
    check_roundtrip(
        r#"func.func @f() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 0 : index
  %2 = arith.constant 0 : index
  %3 = arith.constant 1 : index
  %4 = arith.constant -3 : i16
  %5 = arith.constant true
  %6 = arith.constant 3 : i64
  return
}
"#,
        r#"module {
  func.func @f() {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c0_1 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c-3_i16 = arith.constant -3 : i16
    %true = arith.constant true
    %c3_i64 = arith.constant 3 : i64
    return
  }
}
"#,
    );
}

#[test]
fn err_int_op_on_float() {
    check_error(
        r#"func.func @f(%a: f32, %b: f32) {
  %0 = arith.addi %a, %b : f32
  return
}
"#,
        r#"2:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"#,
    );
}

#[test]
fn err_operand_types_differ() {
    check_error(
        r#"func.func @f(%a: i32, %b: i64) {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.addi' op requires the same type for all operands and results"#,
    );
}

#[test]
fn err_result_type_differs() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i64
  return
}
"#,
        r#"2:8: error: 'arith.addi' op requires the same type for all operands and results"#,
    );
}

#[test]
fn err_inferred_type() {
    check_error(
        r#"func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) {
  %0 = "arith.addi"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<?xi32>
  return
}
"#,
        r#"2:8: error: 'arith.addi' op inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<?xi32>'"#,
    );
}

#[test]
fn err_float_op_on_int() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = arith.addf %a, %b : i32
  return
}
"#,
        r#"2:8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"#,
    );
}

#[test]
fn err_float_op_operand1() {
    check_error(
        r#"func.func @f(%a: f32, %b: i32) {
  %0 = "arith.addf"(%a, %b) : (f32, i32) -> f32
  return
}
"#,
        r#"2:8: error: 'arith.addf' op operand #1 must be floating-point-like, but got 'i32'"#,
    );
}

#[test]
fn err_signed_int() {
    check_error(
        r#"func.func @f(%a: si32, %b: si32) {
  %0 = arith.addi %a, %b : si32
  return
}
"#,
        r#"2:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'si32'"#,
    );
}

#[test]
fn err_tensor_of_float_for_int_op() {
    check_error(
        r#"func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  %0 = arith.addi %a, %b : tensor<4xf32>
  return
}
"#,
        r#"2:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'tensor<4xf32>'"#,
    );
}

#[test]
fn err_operand_count() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.addi' op expected 2 operands, but found 1"#,
    );
}

#[test]
fn err_result_count() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32) {
  "arith.addi"(%a, %b) : (i32, i32) -> ()
  return
}
"#,
        r#"2:3: error: 'arith.addi' op requires one result"#,
    );
}

#[test]
fn err_regions() {
    check_error(
        r#"func.func @f(%a: i32) {
  "arith.addi"(%a) ({}) : (i32) -> ()
  return
}
"#,
        r#"2:3: error: 'arith.addi' op requires zero regions"#,
    );
}

#[test]
fn err_unary_operand_count() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = "arith.negf"(%a, %a) : (f32, f32) -> f32
  return
}
"#,
        r#"2:8: error: 'arith.negf' op requires a single operand"#,
    );
}

#[test]
fn err_negf_on_int() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = "arith.negf"(%a) : (i32) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.negf' op operand #0 must be floating-point-like, but got 'i32'"#,
    );
}

#[test]
fn err_use_type_mismatch() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = arith.negf %a : i32
  return
}
"#,
        r#"2:19: error: use of value '%a' expects different type than prior uses: 'i32' vs 'f32'"#,
    );
}

#[test]
fn err_cmpi_result_not_bool() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = "arith.cmpi"(%a, %b) {predicate = 2 : i64} : (i32, i32) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'"#,
    );
}

#[test]
fn err_cmpi_predicate_range() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = "arith.cmpi"(%a, %b) {predicate = 12 : i64} : (i32, i32) -> i1
  return
}
"#,
        r#"2:8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"#,
    );
}

#[test]
fn err_cmpi_predicate_missing() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = "arith.cmpi"(%a, %b) : (i32, i32) -> i1
  return
}
"#,
        r#"2:8: error: 'arith.cmpi' op requires attribute 'predicate'"#,
    );
}

#[test]
fn err_cmpi_predicate_type() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = "arith.cmpi"(%a, %b) {predicate = 2 : i32} : (i32, i32) -> i1
  return
}
"#,
        r#"2:8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"#,
    );
}

#[test]
fn err_cmpf_predicate_range() {
    check_error(
        r#"func.func @f(%a: f32, %b: f32) {
  %0 = "arith.cmpf"(%a, %b) {predicate = 16 : i64} : (f32, f32) -> i1
  return
}
"#,
        r#"2:8: error: 'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15"#,
    );
}

#[test]
fn err_cmpi_bad_keyword() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32) {
  %0 = arith.cmpi foo, %a, %b : i32
  return
}
"#,
        r#"2:19: error: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"#,
    );
}

#[test]
fn err_cmpf_bad_keyword() {
    check_error(
        r#"func.func @f(%a: f32, %b: f32) {
  %0 = arith.cmpf foo, %a, %b : f32
  return
}
"#,
        r#"2:19: error: custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]"#,
    );
}

#[test]
fn err_cmpi_on_float() {
    check_error(
        r#"func.func @f(%a: f32, %b: f32) {
  %0 = arith.cmpi slt, %a, %b : f32
  return
}
"#,
        r#"2:8: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'"#,
    );
}

#[test]
fn err_cmpi_operand_types() {
    check_error(
        r#"func.func @f(%a: i32, %b: i64) {
  %0 = "arith.cmpi"(%a, %b) {predicate = 2 : i64} : (i32, i64) -> i1
  return
}
"#,
        r#"2:8: error: 'arith.cmpi' op requires all operands to have the same type"#,
    );
}

#[test]
fn err_cmpi_result_shape() {
    check_error(
        r#"func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) {
  %0 = "arith.cmpi"(%a, %b) {predicate = 2 : i64} : (tensor<4xi32>, tensor<4xi32>) -> i1
  return
}
"#,
        r#"2:8: error: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands"#,
    );
}

#[test]
fn err_cmpi_result_dynamic_shape() {
    check_error(
        r#"func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) {
  %0 = "arith.cmpi"(%a, %b) {predicate = 1 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<?xi1>
  return
}
"#,
        r#"2:8: error: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands"#,
    );
}

#[test]
fn err_select_types() {
    check_error(
        r#"func.func @f(%a: i1, %b: i32, %c: i64) {
  %0 = "arith.select"(%a, %b, %c) : (i1, i32, i64) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.select' op failed to verify that all of {true_value, false_value, result} have same type"#,
    );
}

#[test]
fn err_select_result_type() {
    check_error(
        r#"func.func @f(%a: i1, %b: i32, %c: i32) {
  %0 = "arith.select"(%a, %b, %c) : (i1, i32, i32) -> i64
  return
}
"#,
        r#"2:8: error: 'arith.select' op failed to verify that all of {true_value, false_value, result} have same type"#,
    );
}

#[test]
fn err_select_condition_not_bool() {
    check_error(
        r#"func.func @f(%a: i32, %b: i32, %c: i32) {
  %0 = "arith.select"(%a, %b, %c) : (i32, i32, i32) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.select' op operand #0 must be bool-like, but got 'i32'"#,
    );
}

#[test]
fn err_select_condition_shape() {
    check_error(
        r#"func.func @f(%a: tensor<5xi1>, %b: tensor<4xi32>) {
  %0 = arith.select %a, %b, %b : tensor<5xi1>, tensor<4xi32>
  return
}
"#,
        r#"2:8: error: 'arith.select' op failed to verify that condition is signless i1 or has matching shape"#,
    );
}

#[test]
fn err_select_operand_count() {
    check_error(
        r#"func.func @f(%a: i1, %b: i32) {
  %0 = "arith.select"(%a, %b) : (i1, i32) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.select' op expected 3 operands, but found 2"#,
    );
}

#[test]
fn err_select_syntax_count() {
    check_error(
        r#"func.func @f(%a: i1, %b: i32) {
  %0 = arith.select %a, %b : i32
  return
}
"#,
        r#"2:21: error: custom op 'arith.select' expected 3 operands"#,
    );
}

#[test]
fn err_extsi_narrower() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.extsi %a : i32 to i8
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op operand type 'i32' and result type 'i8' are cast incompatible"#,
    );
}

#[test]
fn err_extsi_same() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.extsi %a : i32 to i32
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible"#,
    );
}

#[test]
fn err_extui_narrower() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.extui %a : i32 to i8
  return
}
"#,
        r#"2:8: error: 'arith.extui' op operand type 'i32' and result type 'i8' are cast incompatible"#,
    );
}

#[test]
fn err_trunci_wider() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.trunci %a : i32 to i64
  return
}
"#,
        r#"2:8: error: 'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible"#,
    );
}

#[test]
fn err_extf_narrower() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = arith.extf %a : f32 to f16
  return
}
"#,
        r#"2:8: error: 'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible"#,
    );
}

#[test]
fn err_extf_same_width() {
    check_error(
        r#"func.func @f(%a: f16) {
  %0 = arith.extf %a : f16 to bf16
  return
}
"#,
        r#"2:8: error: 'arith.extf' op operand type 'f16' and result type 'bf16' are cast incompatible"#,
    );
}

#[test]
fn err_truncf_wider() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = arith.truncf %a : f32 to f64
  return
}
"#,
        r#"2:8: error: 'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible"#,
    );
}

#[test]
fn err_bitcast_width() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = arith.bitcast %a : f32 to i64
  return
}
"#,
        r#"2:8: error: 'arith.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible"#,
    );
}

#[test]
fn err_bitcast_index() {
    check_error(
        r#"func.func @f(%a: index) {
  %0 = arith.bitcast %a : index to i64
  return
}
"#,
        r#"2:8: error: 'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'"#,
    );
}

#[test]
fn err_extsi_float_operand() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = arith.extsi %a : f32 to i64
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'"#,
    );
}

#[test]
fn err_extsi_float_result() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.extsi %a : i32 to f64
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op result #0 must be signless-fixed-width-integer-like, but got 'f64'"#,
    );
}

#[test]
fn err_index_cast_no_index() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.index_cast %a : i32 to i64
  return
}
"#,
        r#"2:8: error: 'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible"#,
    );
}

#[test]
fn err_index_cast_both_index() {
    check_error(
        r#"func.func @f(%a: index) {
  %0 = arith.index_cast %a : index to index
  return
}
"#,
        r#"2:8: error: 'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible"#,
    );
}

#[test]
fn err_index_cast_float() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = arith.index_cast %a : f32 to index
  return
}
"#,
        r#"2:8: error: 'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"#,
    );
}

#[test]
fn err_sitofp_int_result() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.sitofp %a : i32 to i64
  return
}
"#,
        r#"2:8: error: 'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'"#,
    );
}

#[test]
fn err_sitofp_index() {
    check_error(
        r#"func.func @f(%a: index) {
  %0 = arith.sitofp %a : index to f32
  return
}
"#,
        r#"2:8: error: 'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'index'"#,
    );
}

#[test]
fn err_fptoui_index() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = arith.fptoui %a : f32 to index
  return
}
"#,
        r#"2:8: error: 'arith.fptoui' op result #0 must be signless-fixed-width-integer-like, but got 'index'"#,
    );
}

#[test]
fn err_cast_shape() {
    check_error(
        r#"func.func @f(%a: tensor<4xi32>) {
  %0 = arith.extsi %a : tensor<4xi32> to tensor<5xi64>
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op failed to verify that input and output have the same tensor dimensions"#,
    );
}

#[test]
fn err_cast_tensor_to_scalar() {
    check_error(
        r#"func.func @f(%a: tensor<4xi32>) {
  %0 = arith.extsi %a : tensor<4xi32> to i64
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op failed to verify that input and output have the same tensor dimensions"#,
    );
}

#[test]
fn err_cast_unranked() {
    check_error(
        r#"func.func @f(%a: tensor<*xi32>) {
  %0 = arith.extsi %a : tensor<*xi32> to tensor<*xi64>
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op failed to verify that input and output have the same tensor dimensions"#,
    );
}

#[test]
fn err_cast_tensor_elements() {
    check_error(
        r#"func.func @f(%a: tensor<4xi32>) {
  %0 = arith.extsi %a : tensor<4xi32> to tensor<4xi16>
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op operand type 'tensor<4xi32>' and result type 'tensor<4xi16>' are cast incompatible"#,
    );
}

#[test]
fn err_cast_operand_count() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = "arith.extsi"(%a, %a) : (i32, i32) -> i64
  return
}
"#,
        r#"2:8: error: 'arith.extsi' op requires a single operand"#,
    );
}

#[test]
fn err_cast_missing_to() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.extsi %a : i32 i64
  return
}
"#,
        r#"2:29: error: custom op 'arith.extsi' expected 'to'"#,
    );
}

#[test]
fn err_constant_signed() {
    check_error(
        r#"func.func @f() {
  %0 = arith.constant 1 : si32
  return
}
"#,
        r#"2:8: error: 'arith.constant' op integer return type must be signless"#,
    );
}

#[test]
fn err_constant_string() {
    check_error(
        r#"func.func @f() {
  %0 = arith.constant "s"
  return
}
"#,
        r#"2:8: error: 'arith.constant' op value must be an integer, float, or elements attribute"#,
    );
}

#[test]
fn err_constant_type_mismatch() {
    check_error(
        r#"func.func @f() {
  %0 = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}
"#,
        r#"2:8: error: 'arith.constant' op failed to verify that all of {value, result} have same type"#,
    );
}

#[test]
fn err_constant_missing_value() {
    check_error(
        r#"func.func @f() {
  %0 = "arith.constant"() : () -> i64
  return
}
"#,
        r#"2:8: error: 'arith.constant' op requires attribute 'value'"#,
    );
}

#[test]
fn err_constant_untyped_attr() {
    check_error(
        r#"func.func @f() {
  %0 = "arith.constant"() {value = [1]} : () -> i32
  return
}
"#,
        r#"2:8: error: 'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance"#,
    );
}

#[test]
fn err_constant_operands() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = "arith.constant"(%a) {value = 1 : i32} : (f32) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.constant' op requires zero operands"#,
    );
}

#[test]
fn err_constant_invalid_kind() {
    check_error(
        r#"func.func @f() {
  %0 = arith.constant [1]
  return
}
"#,
        r#"2:23: error: custom op 'arith.constant' invalid kind of attribute specified"#,
    );
}

#[test]
fn err_constant_type_attr() {
    check_error(
        r#"func.func @f() {
  %0 = arith.constant i32
  return
}
"#,
        r#"2:23: error: custom op 'arith.constant' invalid kind of attribute specified"#,
    );
}

#[test]
fn err_fastmath_attr() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = "arith.addf"(%a, %a) {fastmath = 1 : i32} : (f32, f32) -> f32
  return
}
"#,
        r#"2:8: error: 'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags"#,
    );
}

#[test]
fn err_overflow_attr() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = "arith.addi"(%a, %a) {overflowFlags = 1} : (i32, i32) -> i32
  return
}
"#,
        r#"2:8: error: 'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags"#,
    );
}

#[test]
fn err_overflow_keyword() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = arith.addi %a, %a overflow<foo> : i32
  return
}
"#,
        r#"2:35: error: custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw"#,
    );
}

#[test]
fn err_fastmath_keyword() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = arith.addf %a, %a fastmath<foo> : f32
  return
}
"#,
        r#"2:35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"#,
    );
}

#[test]
fn err_rounding_attr() {
    check_error(
        r#"func.func @f(%d: f64) {
  %0 = "arith.truncf"(%d) {roundingmode = 7 : i32} : (f64) -> f32
  return
}
"#,
        r#"2:8: error: 'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode"#,
    );
}
