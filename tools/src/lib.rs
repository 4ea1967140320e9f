//! Shared code of the `cf-opt` and `cf-run` drivers.
pub mod verify_diagnostics;
