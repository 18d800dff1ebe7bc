//! The runtime inside this process: the copy of `runtime/*.c` compiled with `EGRET_IN_PROCESS`
//! and linked into the binary (`build.rs`, static library `egret_inproc_runtime`), which
//! programs compiled in memory run with.
//!
//! - [`lookup`]: a runtime symbol's address, from the table `build.rs` generates (every global
//!   the runtime defines), for the JIT's relocations;
//! - [`ProgramSymbols`]: what the runtime needs from the program (its entry, the predefined
//!   exceptions' identities, the C-ABI callback entries), written into the runtime's
//!   `egret_program` before it starts ([`start`]): a linker resolves them in an executable, but
//!   here the program is compiled after the runtime was linked.
//!
//! Invariant: the runtime runs at most one program per process ([`start`] refuses a second):
//! its heap, channels and program stack are process-wide, as in an executable.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::sync::atomic::{AtomicBool, Ordering};

/// One entry of the generated table (`egret_inproc_symbols.c`).
#[repr(C)]
struct SymbolEntry {
    name: *const c_char,
    address: *mut c_void,
}

/// What the runtime reaches in the program (`struct egret_program_symbols` of
/// `runtime/egret_runtime.h`, field for field). A null pointer is a symbol the program lacks.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ProgramSymbols {
    pub main: *const u8,
    pub exn_invalid_argument: *const u8,
    pub exn_failure: *const u8,
    pub exn_not_found: *const u8,
    pub exn_division_by_zero: *const u8,
    pub exn_stack_overflow: *const u8,
    pub exn_out_of_memory: *const u8,
    pub exn_sys_error: *const u8,
    pub exn_end_of_file: *const u8,
    pub callback1: *const u8,
    pub callback2: *const u8,
    pub callback3: *const u8,
}

impl ProgramSymbols {
    /// The symbols by the names the program's object exports them under, in field order
    /// (`egret_main` first).
    pub const NAMES: [&'static str; 12] = [
        "egret_main",
        "egret_exn_Invalid_argument",
        "egret_exn_Failure",
        "egret_exn_Not_found",
        "egret_exn_Division_by_zero",
        "egret_exn_Stack_overflow",
        "egret_exn_Out_of_memory",
        "egret_exn_Sys_error",
        "egret_exn_End_of_file",
        "egret_callback1",
        "egret_callback2",
        "egret_callback3",
    ];

    /// The table from each name's address (`address(NAMES[i])`).
    pub fn from_addresses(address: impl Fn(&str) -> Option<*const u8>) -> ProgramSymbols {
        let a: Vec<*const u8> = Self::NAMES
            .iter()
            .map(|n| address(n).unwrap_or(std::ptr::null()))
            .collect();
        ProgramSymbols {
            main: a[0],
            exn_invalid_argument: a[1],
            exn_failure: a[2],
            exn_not_found: a[3],
            exn_division_by_zero: a[4],
            exn_stack_overflow: a[5],
            exn_out_of_memory: a[6],
            exn_sys_error: a[7],
            exn_end_of_file: a[8],
            callback1: a[9],
            callback2: a[10],
            callback3: a[11],
        }
    }
}

extern "C" {
    static egret_inproc_symbols: [SymbolEntry; 0];
    static egret_inproc_symbol_count: usize;
    static mut egret_program: ProgramSymbols;
    fn egret_start_program(argc: c_int, argv: *mut *mut c_char);
    fn egret_gc_report();
}

/// The runtime's symbol table, as a slice.
fn table() -> &'static [SymbolEntry] {
    // SAFETY: the generated table has `egret_inproc_symbol_count` entries and is never written.
    unsafe {
        std::slice::from_raw_parts(
            std::ptr::addr_of!(egret_inproc_symbols).cast::<SymbolEntry>(),
            egret_inproc_symbol_count,
        )
    }
}

/// The address of the runtime's global `name` (a function or a variable), if it defines one.
pub fn lookup(name: &str) -> Option<*const u8> {
    let entries = table();
    // The table is sorted by name (`build.rs`).
    entries
        .binary_search_by(|e| {
            // SAFETY: every name is a NUL-terminated literal of the generated table.
            unsafe { CStr::from_ptr(e.name) }
                .to_bytes()
                .cmp(name.as_bytes())
        })
        .ok()
        .map(|i| entries[i].address as *const u8)
}

/// How many symbols the runtime defines (for tests).
pub fn symbol_count() -> usize {
    table().len()
}

static STARTED: AtomicBool = AtomicBool::new(false);

/// Runs the program: its symbols into the runtime, then the runtime's start-up with `argv`
/// (as an executable's `main`: argv recorded, the standard channels opened, the program run on
/// the big stack, the channels flushed, the `EGRET_GC_STATS` report). Returns 0 when the
/// program returns; `exit`, an uncaught exception or a fatal error end the process from inside
/// the runtime, as they end an executable.
///
/// # Safety
/// `symbols.main` must be the program's C-ABI entry and every other pointer null or what its
/// field names, with all the program's code and data finalised (executable, relocated).
pub unsafe fn start(symbols: ProgramSymbols, argv: &[String]) -> Result<i32, String> {
    if STARTED.swap(true, Ordering::SeqCst) {
        return Err("the in-process runtime has already run a program in this process".into());
    }
    if symbols.main.is_null() {
        return Err("the program has no entry function".into());
    }
    let args: Vec<CString> = argv
        .iter()
        .map(|a| CString::new(a.as_bytes()).map_err(|_| format!("argument {a:?} holds a NUL byte")))
        .collect::<Result<_, _>>()?;
    // The runtime keeps argv for the whole run (Sys.argv): leaked, as an executable's.
    let mut pointers: Vec<*mut c_char> = args.into_iter().map(CString::into_raw).collect();
    let argc = pointers.len() as c_int;
    pointers.push(std::ptr::null_mut());
    let argv = Box::leak(pointers.into_boxed_slice()).as_mut_ptr();
    egret_program = symbols;
    egret_start_program(argc, argv);
    egret_gc_report();
    Ok(0)
}
