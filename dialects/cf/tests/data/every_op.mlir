// Every arith, math and cf op in its custom syntax variants (inputs for the mlir-opt check in
// tests/mlir_opt.rs).
func.func @f(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %c: i1, %t: tensor<4xi32>, %ft: tensor<4xf32>, %i8: i8, %d: f64) -> () {
  %c0 = arith.constant 0 : index
  %c42 = arith.constant 42 : i32
  %cm1 = arith.constant -1 : i64
  %tr = arith.constant true
  %fa = arith.constant false
  %f = arith.constant 1.5 : f32
  %dn = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %dn2 = arith.constant dense<1.0> : tensor<4xf32>
  %c1i1 = arith.constant 1 : i1
  %ci8 = arith.constant -128 : i8
  %ci8b = arith.constant 255 : i8
  %ci16 = arith.constant 7 : i16
  %c1 = arith.constant 1 : index
  %c1b = arith.constant 1 : index
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
  %t0 = arith.addi %t, %t : tensor<4xi32>
  %20 = arith.addf %x, %y : f32
  %21 = arith.subf %x, %y : f32
  %22 = arith.mulf %x, %y : f32
  %23 = arith.divf %x, %y : f32
  %24 = arith.remf %x, %y : f32
  %25 = arith.maximumf %x, %y : f32
  %26 = arith.minimumf %x, %y : f32
  %27 = arith.maxnumf %x, %y : f32
  %28 = arith.minnumf %x, %y : f32
  %29 = arith.negf %x : f32
  %30 = arith.cmpi slt, %a, %b : i32
  %31 = arith.cmpf olt, %x, %y : f32
  %32 = arith.select %c, %a, %b : i32
  %33 = arith.index_cast %i : index to i32
  %34 = arith.index_castui %a : i32 to index
  %35 = arith.extsi %i8 : i8 to i32
  %36 = arith.extui %i8 : i8 to i32
  %37 = arith.trunci %a : i32 to i8
  %38 = arith.sitofp %a : i32 to f32
  %39 = arith.uitofp %a : i32 to f32
  %40 = arith.fptosi %x : f32 to i32
  %41 = arith.fptoui %x : f32 to i32
  %42 = arith.extf %x : f32 to f64
  %43 = arith.truncf %d : f64 to f32
  %44 = arith.bitcast %x : f32 to i32
  %45 = math.absf %x : f32
  %46 = math.sqrt %d : f64
  %47 = math.sqrt %ft : tensor<4xf32>
  %48 = arith.cmpi eq, %t, %t : tensor<4xi32>
  %49 = arith.select %c, %t, %t : tensor<4xi32>
  %50 = arith.addf %x, %y fastmath<fast> : f32
  %51 = arith.addi %a, %b overflow<nsw> : i32
  cf.assert %c, "msg \"q\""
  cf.br ^bb1(%a : i32)
^bb1(%p: i32):
  cf.cond_br %c, ^bb2(%p : i32), ^bb3
^bb2(%q: i32):
  cf.cond_br %c weights([60, 40]), ^bb3, ^bb3
^bb3:
  cf.switch %a : i32, [
    default: ^bb4(%a : i32),
    0: ^bb5,
    -1: ^bb6(%b : i32)
  ]
^bb4(%r: i32):
  return
^bb5:
  cf.switch %i8 : i8, [ default: ^bb4(%a : i32) ]
^bb6(%s: i32):
  return
}

func.func @g(%a: tensor<4xi32>, %c: tensor<4xi1>, %u: tensor<*xi32>, %v: vector<4xf32>, %x: f32, %d: f64, %ix: index, %i: i32) -> (i1, tensor<4xi1>) {
  %0 = arith.cmpi eq, %a, %a : tensor<4xi32>
  %1 = arith.select %c, %a, %a : tensor<4xi1>, tensor<4xi32>
  %2 = arith.cmpi ne, %u, %u : tensor<*xi32>
  %3 = arith.select %2, %u, %u : tensor<*xi1>, tensor<*xi32>
  %4 = arith.cmpf une, %v, %v : vector<4xf32>
  %5 = arith.extsi %a : tensor<4xi32> to tensor<4xi64>
  %6 = arith.index_cast %a : tensor<4xi32> to tensor<4xindex>
  %7 = arith.truncf %d to_nearest_away fastmath<nnan> {k = "v"} : f64 to f32
  %8 = arith.cmpf true, %x, %x : f32
  %9 = arith.cmpf false, %x, %x {z} : f32
  %10 = arith.cmpi uge, %ix, %ix : index
  %11 = arith.negf %v fastmath<fast> : vector<4xf32>
  %12 = math.absf %v : vector<4xf32>
  %c3 = arith.constant 3 : i32
  %c3_0 = arith.constant 3 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant -1 : index
  %c7 = arith.constant 7 : i7
  %cf = arith.constant 0x7FC00000 : f32
  %cg = arith.constant -0.0 : f64
  %ch = arith.constant 1.0e10 : f64
  %ci = arith.constant 0.1 : f32
  %cj = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %ck = arith.constant dense<[[1.5, 2.0]]> : tensor<1x2xf32>
  %cl = arith.constant dense<7> : vector<2xi8>
  %13 = arith.select %0, %a, %a {attr = 1 : i32} : tensor<4xi1>, tensor<4xi32>
  %14 = arith.bitcast %v : vector<4xf32> to vector<4xi32>
  %15 = arith.sitofp %i : i32 to bf16
  %16 = arith.fptoui %15 : bf16 to i16
  %17 = arith.cmpi sle, %i, %c3 {b, a = 2} : i32
  return %17, %0 : i1, tensor<4xi1>
}

func.func @h(%a: i32, %b: i32, %x: f32, %y: f32, %d: f64) {
  %0 = arith.addi %a, %b overflow<nuw, nsw> {foo = 1} : i32
  %1 = arith.addf %x, %y fastmath<nnan,ninf> {foo = 1} : f32
  %2 = arith.cmpf olt, %x, %y fastmath<fast> {foo = 1} : f32
  %3 = arith.negf %x fastmath<contract> {foo = 1} : f32
  %4 = arith.trunci %a overflow<nsw> {foo = 1} : i32 to i8
  %5 = math.sqrt %x fastmath<afn> {foo = 1} : f32
  %6 = arith.cmpi slt, %a, %b {foo = 1} : i32
  %7 = arith.select %6, %a, %b {foo = 1} : i32
  %8 = arith.constant {foo = 1} 3 : i32
  %9 = arith.extsi %a {foo = 1} : i32 to i64
  %10 = arith.shli %a, %b overflow<nsw> : i32
  %11 = arith.addi %a, %b overflow<none> : i32
  %12 = arith.addf %x, %y fastmath<none> : f32
  %13 = math.absf %x fastmath<fast> : f32
  %14 = arith.truncf %d fastmath<fast> : f64 to f32
  %15 = arith.extf %x fastmath<fast> : f32 to f64
  %16 = arith.addf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %17 = arith.addf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract> : f32
  return
}

func.func @k(%a: i8, %b: i1, %c: i16, %d: ui8, %e: si32) {
  cf.switch %a : i8, [ default: ^bb1, 255: ^bb1, -128: ^bb1, 127: ^bb1, -2: ^bb1 ]
^bb1:
  cf.switch %b : i1, [ default: ^bb2, 1: ^bb2, 0: ^bb2 ]
^bb2:
  cf.switch %c : i16, [ default: ^bb3, 0x10: ^bb3, 65535: ^bb4 ] {k = "v"}
^bb3:
  cf.switch %d : ui8, [ default: ^bb4, 200: ^bb4 ]
^bb4:
  cf.switch %e : si32, [ default: ^bb5, -7: ^bb5 ]
^bb5:
  cf.cond_br %b weights([]), ^bb6, ^bb6 {k}
^bb6:
  cf.assert %b, "with \"quotes\" and \n newline" {k = 1 : i32}
  return
}
