//! States the rustc that compiles the plugin (`EGRET_RUSTC_VERSION`, `rustc -V`): a backend
//! library's stamp carries it, and egret refuses a library built by another compiler
//! (`backend::abi`).
fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = std::process::Command::new(&rustc)
        .arg("-V")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| panic!("cannot run `{rustc} -V`"));
    println!("cargo:rustc-env=EGRET_RUSTC_VERSION={version}");
    println!("cargo:rerun-if-changed=build.rs");
}
