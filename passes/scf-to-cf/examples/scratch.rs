use weir_syntax::*;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let src = std::fs::read_to_string(&path).unwrap();
    let mut ctx = weir_ir::Context::new();
    let syntax = Syntax::new();
    let m = parse_module(&mut ctx, &syntax, &src, &path, 1, ParseOptions { allow_unregistered: true }).unwrap_or_else(|d| panic!("{d:?}"));
    weir_scf_to_cf::run(&mut ctx, m).unwrap();
    print!("{}", print_op(&ctx, &syntax, m, PrintOptions { generic: true, debug_info: false }));
}
