//! Fuzz target `canonicalize`: parse, verify, `weir_fuzz::CANONICALIZE`, print, re-parse (see `weir_fuzz::check`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weir_fuzz::check(data, weir_fuzz::CANONICALIZE));
