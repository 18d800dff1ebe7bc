//! `cargo +nightly fuzz run typecheck`: see `egret_plugin::fuzz::typecheck`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    egret_plugin::fuzz::typecheck(data);
});
