//! `cargo +nightly fuzz run parse`: see `egret_plugin::fuzz::parse`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    egret_plugin::fuzz::parse(data);
});
