// Float casts and MLIR's rounding modes: only arith.truncf has one (`truncf %x upward`);
// cf-run computes to_nearest_even (the default, also when written out) and rejects the
// directed modes at the op rather than round wrongly (float-cast-directed-rounding.mlir).
// arith.extf has none: an attribute named roundingmode on it is a discardable attribute
// (upstream mlir-opt 22 prints it in `{...}`), and the extension is exact either way (it was
// rejected as a directed rounding). By hand: 1.5 extends to 1.5; 0.1 : f64 truncates to the
// nearest f32, 0.100000001490116..., printed as 0.1 (the shortest decimal naming that f32).
// RUN: cf-run %s -e ext --arg '1.5 : f32' | FileCheck %s --check-prefix=EXT
// RUN: cf-run %s -e nearest --arg '0.1 : f64' | FileCheck %s --check-prefix=NEAREST
// EXT: {{^}}1.5{{$}}
// NEAREST: {{^}}0.1{{$}}

func.func @ext(%x: f32) -> f64 {
  %a = arith.extf %x {roundingmode = 1 : i32} : f32 to f64
  return %a : f64
}

func.func @nearest(%x: f64) -> f32 {
  %a = arith.truncf %x to_nearest_even : f64 to f32
  return %a : f32
}
