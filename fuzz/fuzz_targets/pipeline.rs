//! `cargo +nightly fuzz run pipeline`: see `egret_plugin::fuzz::pipeline`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    egret_plugin::fuzz::pipeline(data);
});
