// scratch (not committed): run a file's @main with no args through the JIT, print results.
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = weir_syntax::parse_module(&mut ctx, &syntax, &text, &path, 1, Default::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    weir_ir::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    weir_tools::run::lower(&mut ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    let jit = weir_jit::compile(&ctx, m).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    let t = std::time::Instant::now();
    let r = jit.call_values("main", &[], None);
    eprintln!("run {:?}", t.elapsed());
    match r {
        Ok(v) => {
            for x in v {
                match x {
                    weir_jit::JitValue::Tensor(t) => {
                        let n = t.data().len().min(64);
                        println!("{:?} {:?}", t.shape(), &t.data()[..n])
                    }
                    s => println!("{s:?}"),
                }
            }
        }
        Err(e) => println!("error: {} at {}", e.message, e.loc),
    }
    println!("{:?}", jit.last_pool_stats());
}
