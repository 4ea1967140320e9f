//! What an op means to the code generators, decided once for both backends (this JIT's
//! `lower/` and the LLVM backend, which reads these plans through [`crate::backend`]): the
//! checks of an op's shape, the operands and types an emitter needs, the ownership of tensor
//! references, and the texts of the errors and runtime faults. Each backend's lowering of an
//! op gets its plan here, then only emits code. (The modules are `pub` so that `backend`
//! can re-export them; this module itself is private to the crate.)

pub mod arith;
pub mod cf;
pub mod cfg;
pub mod checks;
pub mod func;
pub mod kernel;
pub mod linalg;
pub mod math;
pub mod movement;
pub mod ownership;
pub mod reshape;
pub mod tensor;
pub mod tensor_checks;
