//! Builds the command line's one C helper: the handler that turns the compiler thread running
//! out of stack into an error message (`src/native/stack_guard.c`).
fn main() {
    println!("cargo:rerun-if-changed=src/native/stack_guard.c");
    cc::Build::new()
        .file("src/native/stack_guard.c")
        .warnings(true)
        .compile("egret_cli_native");
}
