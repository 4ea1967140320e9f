// --convert-scf-to-cf is a partial dialect conversion in which scf.forall is illegal but not
// lowered (upstream lowers it through scf.parallel; Weir does not register scf.forall): the pass
// fails, located at the op, with the message of scf.forall's pattern (kept from before the
// conversion framework). The scf.if after it in the block is lowered first (the driver visits a
// block's ops from the last), then the conversion stops; nothing is printed.
// RUN: cf-opt %s --allow-unregistered-dialect --convert-scf-to-cf --verify-diagnostics

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.forall' op is not supported by the scf-to-cf lowering}}
  "scf.forall"() ({
    "scf.forall.in_parallel"() : () -> ()
  }) : () -> ()
  scf.if %c {
    "test.op"() : () -> ()
  }
  return
}
