// Types and attributes of an unregistered dialect round-trip as text with
// --allow-unregistered-dialect, in both of MLIR's spellings: the verbose `#foo<"q">` / `!foo<i32>`
// and the pretty `#foo.baz<1>` / `#foo.e`; a verbose item whose body is simple enough
// (`#foo<i32>`) prints pretty (`#foo.i32`), as mlir-opt 22 prints it. Expected text: mlir-opt
// 22's output for this file. `#foo` / `!foo` with no `<` right after are alias references (see
// lit-tests/invalid/structure.mlir).
// RUN: cf-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: cf-opt %s --allow-unregistered-dialect | cf-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: func.func private @u() -> !foo<"a<b>"> attributes {a = #foo<"q">, b = #foo.baz<1>, c = #foo.e, e = #foo.i32, f = #foo.pair<i32, f32>}
func.func private @u() -> !foo<"a<b>"> attributes {a = #foo<"q">, b = #foo.baz<1>, c = #foo.e, e = #foo<i32>, f = #foo<pair<i32, f32>>}
// CHECK: func.func private @v(!bar.i32, !bar<"x y">)
func.func private @v(!bar<i32>, !bar<"x y">)

// Dialects named like builtin keywords keep their `#` (as mlir-opt prints them). A verbose body
// that is not one `<...>` group stays verbose: mlir-opt 22 prints `#foo.a<b> c <d>`, which does
// not parse back; Weir's output does (found by fuzzing).
// CHECK: func.func private @w() attributes {g = #sparsefoo<1>, h = #strided<"x">, i = #foo<a<b> c <d>>, j = #dense_resourcex.y}
func.func private @w() attributes {g = #sparsefoo<1>, h = #strided<"x">, i = #foo<a<b> c <d>>, j = #dense_resourcex.y}

// A body with a string or a comment stays verbose even when it is simple (mlir-opt 22 prints
// `#foo.bar<"a>b">`; both forms parse in both tools): Weir decides the pretty form by counting
// characters, which could disagree with the lexer inside strings and comments (fuzz finding).
// CHECK: func.func private @x() attributes {k = #foo<bar<"a>b">>}
func.func private @x() attributes {k = #foo<bar<"a>b">>}
