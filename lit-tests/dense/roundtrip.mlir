// dense<...> elements attributes round-trip as mlir-opt 22 prints them: splats (all-equal
// elements and single elements too) as one value, nested lists for up to 100 elements, the hex
// form for more (i1 bit-packed, 8 to a byte), empty and rank-0 shapes, every element type, floats
// in APFloat's text (f16/bf16 digits, NaN/inf as bits, the `E` fallback form), and hex input.
// The CHECK lines are mlir-opt 22's output for this file; the second RUN re-parses Weir's output.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s

// CHECK-LABEL: func.func @splat_f32() -> tensor<4xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<1.000000e+00> : tensor<4xf32>
func.func @splat_f32() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}

// CHECK-LABEL: func.func @splat_big() -> tensor<1000000000xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<1.000000e+00> : tensor<1000000000xf32>
func.func @splat_big() -> tensor<1000000000xf32> {
  %c = arith.constant dense<1.0> : tensor<1000000000xf32>
  return %c : tensor<1000000000xf32>
}

// CHECK-LABEL: func.func @equal_elements_splat() -> tensor<2x2xi16> {
// CHECK-NEXT:    %cst = arith.constant dense<1> : tensor<2x2xi16>
func.func @equal_elements_splat() -> tensor<2x2xi16> {
  %c = arith.constant dense<[[1, 1], [1, 1]]> : tensor<2x2xi16>
  return %c : tensor<2x2xi16>
}

// CHECK-LABEL: func.func @nested_3d() -> tensor<2x2x2xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<{{\[\[}}[1, 2], [3, 4]], {{\[\[}}5, 6], [7, 8]]]> : tensor<2x2x2xi32>
func.func @nested_3d() -> tensor<2x2x2xi32> {
  %c = arith.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi32>
  return %c : tensor<2x2x2xi32>
}

// CHECK-LABEL: func.func @rank0() -> tensor<i64> {
// CHECK-NEXT:    %cst = arith.constant dense<7> : tensor<i64>
func.func @rank0() -> tensor<i64> {
  %c = arith.constant dense<7> : tensor<i64>
  return %c : tensor<i64>
}

// CHECK-LABEL: func.func @empty() -> tensor<0xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<> : tensor<0xf32>
func.func @empty() -> tensor<0xf32> {
  %c = arith.constant dense<> : tensor<0xf32>
  return %c : tensor<0xf32>
}

// CHECK-LABEL: func.func @empty_list() -> tensor<0xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<> : tensor<0xi32>
func.func @empty_list() -> tensor<0xi32> {
  %c = arith.constant dense<[]> : tensor<0xi32>
  return %c : tensor<0xi32>
}

// CHECK-LABEL: func.func @empty_nested() -> tensor<1x0xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<> : tensor<1x0xi32>
func.func @empty_nested() -> tensor<1x0xi32> {
  %c = arith.constant dense<[[]]> : tensor<1x0xi32>
  return %c : tensor<1x0xi32>
}

// CHECK-LABEL: func.func @empty_2d() -> tensor<0x3xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<> : tensor<0x3xf32>
func.func @empty_2d() -> tensor<0x3xf32> {
  %c = arith.constant dense<> : tensor<0x3xf32>
  return %c : tensor<0x3xf32>
}

// CHECK-LABEL: func.func @i1() -> tensor<3xi1> {
// CHECK-NEXT:    %cst = arith.constant dense<[true, false, true]> : tensor<3xi1>
func.func @i1() -> tensor<3xi1> {
  %c = arith.constant dense<[true, false, true]> : tensor<3xi1>
  return %c : tensor<3xi1>
}

// CHECK-LABEL: func.func @i1_one() -> tensor<1xi1> {
// CHECK-NEXT:    %cst = arith.constant dense<true> : tensor<1xi1>
func.func @i1_one() -> tensor<1xi1> {
  %c = arith.constant dense<true> : tensor<1xi1>
  return %c : tensor<1xi1>
}

// CHECK-LABEL: func.func @i8_minmax() -> tensor<4xi8> {
// CHECK-NEXT:    %cst = arith.constant dense<[-128, 127, 0, -1]> : tensor<4xi8>
func.func @i8_minmax() -> tensor<4xi8> {
  %c = arith.constant dense<[-128, 127, 0, -1]> : tensor<4xi8>
  return %c : tensor<4xi8>
}

// CHECK-LABEL: func.func @i8_unsigned_spelling() -> tensor<2xi8> {
// CHECK-NEXT:    %cst = arith.constant dense<[-1, -128]> : tensor<2xi8>
func.func @i8_unsigned_spelling() -> tensor<2xi8> {
  %c = arith.constant dense<[255, 128]> : tensor<2xi8>
  return %c : tensor<2xi8>
}

// CHECK-LABEL: func.func @ui8() -> tensor<3xui8> {
// CHECK-NEXT:    %cst = arith.constant dense<[255, 0, 7]> : tensor<3xui8>
func.func @ui8() -> tensor<3xui8> {
  %c = arith.constant dense<[255, 0, 7]> : tensor<3xui8>
  return %c : tensor<3xui8>
}

// CHECK-LABEL: func.func @si16() -> tensor<2xsi16> {
// CHECK-NEXT:    %cst = arith.constant dense<[-32768, 32767]> : tensor<2xsi16>
func.func @si16() -> tensor<2xsi16> {
  %c = arith.constant dense<[-32768, 32767]> : tensor<2xsi16>
  return %c : tensor<2xsi16>
}

// CHECK-LABEL: func.func @i64() -> tensor<2xi64> {
// CHECK-NEXT:    %cst = arith.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
func.func @i64() -> tensor<2xi64> {
  %c = arith.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
  return %c : tensor<2xi64>
}

// CHECK-LABEL: func.func @index() -> tensor<2x2xindex> {
// CHECK-NEXT:    %cst = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xindex>
func.func @index() -> tensor<2x2xindex> {
  %c = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xindex>
  return %c : tensor<2x2xindex>
}

// CHECK-LABEL: func.func @vector() -> vector<2xf64> {
// CHECK-NEXT:    %cst = arith.constant dense<[1.500000e+00, 2.500000e+00]> : vector<2xf64>
func.func @vector() -> vector<2xf64> {
  %c = arith.constant dense<[1.5, 2.5]> : vector<2xf64>
  return %c : vector<2xf64>
}

// CHECK-LABEL: func.func @f32_specials() -> tensor<8xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<[1.000000e+00, 0x7FC00000, 0xFF800000, 0x7F800000, -0.000000e+00, 1.500000e+10, 3.141590e+00, 0x7FC00001]> : tensor<8xf32>
func.func @f32_specials() -> tensor<8xf32> {
  %c = arith.constant dense<[1.0, 0x7FC00000, 0xFF800000, 0x7F800000, -0.0, 1.5e10, 3.14159, 0x7FC00001]> : tensor<8xf32>
  return %c : tensor<8xf32>
}

// CHECK-LABEL: func.func @f16() -> tensor<7xf16> {
// CHECK-NEXT:    %cst = arith.constant dense<[1.000000e+00, 0x7E00, 0xFC00, 6.550400e+04, 9.997550e-02, 5.960460e-08, -2.500000e+00]> : tensor<7xf16>
func.func @f16() -> tensor<7xf16> {
  %c = arith.constant dense<[1.0, 0x7E00, 0xFC00, 65504.0, 0.1, 6.0e-8, -2.5]> : tensor<7xf16>
  return %c : tensor<7xf16>
}

// CHECK-LABEL: func.func @bf16() -> tensor<6xbf16> {
// CHECK-NEXT:    %cst = arith.constant dense<[1.000000e+00, 0x7FC0, 0xFF80, 1.000980e-01, 3.004060e+38, -1.500000e+00]> : tensor<6xbf16>
func.func @bf16() -> tensor<6xbf16> {
  %c = arith.constant dense<[1.0, 0x7FC0, 0xFF80, 0.1, 3.0e38, -1.5]> : tensor<6xbf16>
  return %c : tensor<6xbf16>
}

// CHECK-LABEL: func.func @f64() -> tensor<6xf64> {
// CHECK-NEXT:    %cst = arith.constant dense<[1.000000e-01, 9.9999999999999995E-8, 1.000000e+100, 0x7FF8000000000000, 2.500000e+00, 4.940660e-324]> : tensor<6xf64>
func.func @f64() -> tensor<6xf64> {
  %c = arith.constant dense<[0.1, 1.0e-7, 1.0e100, 0x7FF8000000000000, 2.5, 5.0e-324]> : tensor<6xf64>
  return %c : tensor<6xf64>
}

// CHECK-LABEL: func.func @hex_splat() -> tensor<3xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<1> : tensor<3xi32>
func.func @hex_splat() -> tensor<3xi32> {
  %c = arith.constant dense<"0x01000000"> : tensor<3xi32>
  return %c : tensor<3xi32>
}

// CHECK-LABEL: func.func @hex_full() -> tensor<2xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
func.func @hex_full() -> tensor<2xi32> {
  %c = arith.constant dense<"0x0100000002000000"> : tensor<2xi32>
  return %c : tensor<2xi32>
}

// CHECK-LABEL: func.func @hex_f32_splat() -> tensor<1000000000xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<1.000000e+00> : tensor<1000000000xf32>
func.func @hex_f32_splat() -> tensor<1000000000xf32> {
  %c = arith.constant dense<"0x0000803F"> : tensor<1000000000xf32>
  return %c : tensor<1000000000xf32>
}

// CHECK-LABEL: func.func @hex_i1_splat() -> tensor<5xi1> {
// CHECK-NEXT:    %cst = arith.constant dense<true> : tensor<5xi1>
func.func @hex_i1_splat() -> tensor<5xi1> {
  %c = arith.constant dense<"0xFF"> : tensor<5xi1>
  return %c : tensor<5xi1>
}

// CHECK-LABEL: func.func @hex_i1_packed() -> tensor<3xi1> {
// CHECK-NEXT:    %cst = arith.constant dense<[true, false, true]> : tensor<3xi1>
func.func @hex_i1_packed() -> tensor<3xi1> {
  %c = arith.constant dense<"0x05"> : tensor<3xi1>
  return %c : tensor<3xi1>
}

// CHECK-LABEL: func.func @hex_i1_one() -> tensor<5xi1> {
// CHECK-NEXT:    %cst = arith.constant dense<[true, false, false, false, false]> : tensor<5xi1>
func.func @hex_i1_one() -> tensor<5xi1> {
  %c = arith.constant dense<"0x01"> : tensor<5xi1>
  return %c : tensor<5xi1>
}

// CHECK-LABEL: func.func @hex_empty() -> tensor<0xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<> : tensor<0xi32>
func.func @hex_empty() -> tensor<0xi32> {
  %c = arith.constant dense<"0x"> : tensor<0xi32>
  return %c : tensor<0xi32>
}

// CHECK-LABEL: func.func @hex_f16() -> tensor<2xf16> {
// CHECK-NEXT:    %cst = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf16>
func.func @hex_f16() -> tensor<2xf16> {
  %c = arith.constant dense<"0x003C0040"> : tensor<2xf16>
  return %c : tensor<2xf16>
}

// CHECK-LABEL: func.func @i32_100() -> tensor<100xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi32>
func.func @i32_100() -> tensor<100xi32> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi32>
  return %c : tensor<100xi32>
}

// CHECK-LABEL: func.func @i32_101_hex() -> tensor<101xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<"0x000000000100000002000000030000000400000005000000060000000700000008000000090000000A0000000B0000000C0000000D0000000E0000000F000000100000001100000012000000130000001400000015000000160000001700000018000000190000001A0000001B0000001C0000001D0000001E0000001F000000200000002100000022000000230000002400000025000000260000002700000028000000290000002A0000002B0000002C0000002D0000002E0000002F000000300000003100000032000000330000003400000035000000360000003700000038000000390000003A0000003B0000003C0000003D0000003E0000003F000000400000004100000042000000430000004400000045000000460000004700000048000000490000004A0000004B0000004C0000004D0000004E0000004F000000500000005100000052000000530000005400000055000000560000005700000058000000590000005A0000005B0000005C0000005D0000005E0000005F0000006000000061000000620000006300000064000000"> : tensor<101xi32>
func.func @i32_101_hex() -> tensor<101xi32> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi32>
  return %c : tensor<101xi32>
}

// CHECK-LABEL: func.func @i1_102_hex() -> tensor<102xi1> {
// CHECK-NEXT:    %cst = arith.constant dense<"0x49922449922449922449922409"> : tensor<102xi1>
func.func @i1_102_hex() -> tensor<102xi1> {
  %c = arith.constant dense<[true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false]> : tensor<102xi1>
  return %c : tensor<102xi1>
}

// CHECK-LABEL: func.func @f16_101_hex() -> tensor<101xf16> {
// CHECK-NEXT:    %cst = arith.constant dense<"0x00000038003C003E004000410042004300448044004580450046804600478047004840488048C048004940498049C049004A404A804AC04A004B404B804BC04B004C204C404C604C804CA04CC04CE04C004D204D404D604D804DA04DC04DE04D004E204E404E604E804EA04EC04EE04E004F204F404F604F804FA04FC04FE04F0050105020503050405050506050705080509050A050B050C050D050E050F0500051105120513051405150516051705180519051A051B051C051D051E051F05100521052205230524052"> : tensor<101xf16>
func.func @f16_101_hex() -> tensor<101xf16> {
  %c = arith.constant dense<[0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 8.5, 9.0, 9.5, 10.0, 10.5, 11.0, 11.5, 12.0, 12.5, 13.0, 13.5, 14.0, 14.5, 15.0, 15.5, 16.0, 16.5, 17.0, 17.5, 18.0, 18.5, 19.0, 19.5, 20.0, 20.5, 21.0, 21.5, 22.0, 22.5, 23.0, 23.5, 24.0, 24.5, 25.0, 25.5, 26.0, 26.5, 27.0, 27.5, 28.0, 28.5, 29.0, 29.5, 30.0, 30.5, 31.0, 31.5, 32.0, 32.5, 33.0, 33.5, 34.0, 34.5, 35.0, 35.5, 36.0, 36.5, 37.0, 37.5, 38.0, 38.5, 39.0, 39.5, 40.0, 40.5, 41.0, 41.5, 42.0, 42.5, 43.0, 43.5, 44.0, 44.5, 45.0, 45.5, 46.0, 46.5, 47.0, 47.5, 48.0, 48.5, 49.0, 49.5, 50.0]> : tensor<101xf16>
  return %c : tensor<101xf16>
}

// CHECK-LABEL: func.func @i8_vector_hex() -> vector<101xi8> {
// CHECK-NEXT:    %cst = arith.constant dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : vector<101xi8>
func.func @i8_vector_hex() -> vector<101xi8> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : vector<101xi8>
  return %c : vector<101xi8>
}

// CHECK-LABEL: func.func @i64_2x51_hex() -> tensor<2x51xi64> {
// CHECK-NEXT:    %cst = arith.constant dense<"0xCEFFFFFFFFFFFFFFCFFFFFFFFFFFFFFFD0FFFFFFFFFFFFFFD1FFFFFFFFFFFFFFD2FFFFFFFFFFFFFFD3FFFFFFFFFFFFFFD4FFFFFFFFFFFFFFD5FFFFFFFFFFFFFFD6FFFFFFFFFFFFFFD7FFFFFFFFFFFFFFD8FFFFFFFFFFFFFFD9FFFFFFFFFFFFFFDAFFFFFFFFFFFFFFDBFFFFFFFFFFFFFFDCFFFFFFFFFFFFFFDDFFFFFFFFFFFFFFDEFFFFFFFFFFFFFFDFFFFFFFFFFFFFFFE0FFFFFFFFFFFFFFE1FFFFFFFFFFFFFFE2FFFFFFFFFFFFFFE3FFFFFFFFFFFFFFE4FFFFFFFFFFFFFFE5FFFFFFFFFFFFFFE6FFFFFFFFFFFFFFE7FFFFFFFFFFFFFFE8FFFFFFFFFFFFFFE9FFFFFFFFFFFFFFEAFFFFFFFFFFFFFFEBFFFFFFFFFFFFFFECFFFFFFFFFFFFFFEDFFFFFFFFFFFFFFEEFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF0FFFFFFFFFFFFFFF1FFFFFFFFFFFFFFF2FFFFFFFFFFFFFFF3FFFFFFFFFFFFFFF4FFFFFFFFFFFFFFF5FFFFFFFFFFFFFFF6FFFFFFFFFFFFFFF7FFFFFFFFFFFFFFF8FFFFFFFFFFFFFFF9FFFFFFFFFFFFFFFAFFFFFFFFFFFFFFFBFFFFFFFFFFFFFFFCFFFFFFFFFFFFFFFDFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000000000000100000000000000020000000000000003000000000000000400000000000000050000000000000006000000000000000700000000000000080000000000000009000000000000000A000000000000000B000000000000000C000000000000000D000000000000000E000000000000000F0000000000000010000000000000001100000000000000120000000000000013000000000000001400000000000000150000000000000016000000000000001700000000000000180000000000000019000000000000001A000000000000001B000000000000001C000000000000001D000000000000001E000000000000001F0000000000000020000000000000002100000000000000220000000000000023000000000000002400000000000000250000000000000026000000000000002700000000000000280000000000000029000000000000002A000000000000002B000000000000002C000000000000002D000000000000002E000000000000002F000000000000003000000000000000310000000000000032000000000000003300000000000000"> : tensor<2x51xi64>
func.func @i64_2x51_hex() -> tensor<2x51xi64> {
  %c = arith.constant dense<[[-50, -49, -48, -47, -46, -45, -44, -43, -42, -41, -40, -39, -38, -37, -36, -35, -34, -33, -32, -31, -30, -29, -28, -27, -26, -25, -24, -23, -22, -21, -20, -19, -18, -17, -16, -15, -14, -13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51]]> : tensor<2x51xi64>
  return %c : tensor<2x51xi64>
}
