//! Loads a compiled module into executable memory, as a linker would: functions one after the
//! other, a stub (`movabs r11, addr; jmp r11`) per external function so rel32 calls reach Rust
//! code anywhere, and a writable data region (with `egret_extra_args`, `egret_young_ptr`,
//! `egret_young_limit` and the module's data objects) right after the code so PC-relative
//! references reach it (Rust statics could be more than 2 GiB away from the mapping).
//!
//! `egret_alloc` is [`clobbering_alloc`]: [`fake_alloc`] behind a wrapper that overwrites every
//! caller-saved register before returning, so code relying on a register the C ABI does not
//! preserve fails. The young pointers start null: inline allocation always takes its slow path
//! unless a test gives it a nursery ([`Jit::set_nursery`]).

use crate::backend::x64::{abi, compile_module_function};
use crate::backend::{CodegenOptions, CompiledFunction, RelocKind, RelocTarget};
use crate::ssa::ir::{DataWord, FuncId, Module};
use std::collections::HashMap;
use std::ffi::c_void;

extern "C" {
    fn mmap(addr: *mut c_void, len: usize, prot: i32, flags: i32, fd: i32, off: i64)
        -> *mut c_void;
    fn mprotect(addr: *mut c_void, len: usize, prot: i32) -> i32;
    fn munmap(addr: *mut c_void, len: usize) -> i32;
}

const PROT_READ: i32 = 1;
const PROT_WRITE: i32 = 2;
const PROT_EXEC: i32 = 4;
const MAP_PRIVATE: i32 = 2;
const MAP_ANONYMOUS: i32 = 0x20;
const PAGE: usize = 4096;

pub fn options() -> CodegenOptions {
    CodegenOptions {
        target: "x86_64-unknown-linux-gnu".into(),
        opt_level: 1,
        debug_info: false,
        verify: true,
        backend_args: Vec::new(),
    }
}

/// A fake `egret_alloc`: leaks a zeroed block with its header written.
pub extern "C" fn fake_alloc(wosize: u64, tag: u64) -> u64 {
    let block: &'static mut [u64] = Box::leak(vec![0u64; wosize as usize + 1].into_boxed_slice());
    block[0] = wosize << 10 | tag;
    &block[1] as *const u64 as u64
}

// `x64test_clobbering_alloc(wosize, tag)`: `fake_alloc`, then garbage in every caller-saved
// register but rax.
std::arch::global_asm!(
    ".globl x64test_clobbering_alloc",
    "x64test_clobbering_alloc:",
    "push rbp",
    "mov rbp, rsp",
    "call {alloc}",
    "mov rcx, 0x1badc0de",
    "mov rdx, rcx",
    "mov rsi, rcx",
    "mov rdi, rcx",
    "mov r8, rcx",
    "mov r9, rcx",
    "mov r10, rcx",
    "mov r11, rcx",
    "pop rbp",
    "ret",
    alloc = sym fake_alloc,
);

extern "C" {
    fn x64test_clobbering_alloc(wosize: u64, tag: u64) -> u64;
}

/// `egret_alloc` for the loaded code: see the module doc.
pub fn clobbering_alloc() -> usize {
    x64test_clobbering_alloc as *const () as usize
}

/// Words of the data region before the module's data: `egret_extra_args` (64 words), then
/// `egret_young_ptr`, `egret_young_limit`.
const RUNTIME_WORDS: usize = 66;
const YOUNG_PTR_WORD: usize = 64;
const YOUNG_LIMIT_WORD: usize = 65;

pub struct Jit {
    mem: *mut u8,
    len: usize,
    /// The address of `egret_extra_args`, the first of the runtime words.
    runtime: usize,
    pub funcs: Vec<usize>,
    pub compiled: Vec<CompiledFunction>,
}

impl Drop for Jit {
    fn drop(&mut self) {
        unsafe { munmap(self.mem as *mut c_void, self.len) };
    }
}

fn align(x: usize, a: usize) -> usize {
    x.div_ceil(a) * a
}

impl Jit {
    /// Compiles and loads `module`; `externals` maps runtime function names to addresses.
    pub fn load(module: &Module, externals: &[(&str, usize)]) -> Jit {
        let opts = options();
        let compiled: Vec<CompiledFunction> = module
            .functions
            .iter()
            .enumerate()
            .map(|(i, _)| {
                compile_module_function(module, FuncId(i as u32), &opts)
                    .unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        let mut ext: HashMap<String, usize> =
            externals.iter().map(|(n, a)| (n.to_string(), *a)).collect();
        ext.entry(abi::ALLOC_SYMBOL.into())
            .or_insert_with(clobbering_alloc);

        // Layout.
        let mut off = 0;
        let mut func_off = Vec::new();
        for c in &compiled {
            off = align(off, 16);
            func_off.push(off);
            off += c.code.len();
        }
        let mut stub_off = HashMap::new();
        for c in &compiled {
            for r in &c.relocs {
                if let (RelocKind::X86CallPcRel4, RelocTarget::External(n)) = (&r.kind, &r.target) {
                    if !stub_off.contains_key(n) {
                        off = align(off, 16);
                        stub_off.insert(n.clone(), off);
                        off += 13;
                    }
                }
            }
        }
        let code_len = align(off, PAGE);
        let extra_off = code_len;
        let mut data_off = Vec::new();
        let mut doff = extra_off + 8 * RUNTIME_WORDS;
        for d in &module.data {
            data_off.push(doff);
            doff += 8 * d.words.len();
        }
        let len = align(doff.max(code_len + 8), PAGE);
        let mem = unsafe {
            mmap(
                std::ptr::null_mut(),
                len,
                PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS,
                -1,
                0,
            )
        } as *mut u8;
        assert!(!mem.is_null() && mem as isize != -1, "mmap failed");
        let base = mem as usize;
        let bytes = unsafe { std::slice::from_raw_parts_mut(mem, len) };

        let funcs: Vec<usize> = func_off.iter().map(|o| base + o).collect();
        let data_addr = |i: usize| base + data_off[i] + 8; // first field
        for (n, o) in &stub_off {
            let target = *ext.get(n).unwrap_or_else(|| panic!("no external {n}"));
            bytes[*o..*o + 2].copy_from_slice(&[0x49, 0xBB]);
            bytes[*o + 2..*o + 10].copy_from_slice(&(target as u64).to_le_bytes());
            bytes[*o + 10..*o + 13].copy_from_slice(&[0x41, 0xFF, 0xE3]);
        }
        for (i, d) in module.data.iter().enumerate() {
            for (k, w) in d.words.iter().enumerate() {
                let v = match w {
                    DataWord::Word(x) => *x,
                    DataWord::FuncAddr(f) => funcs[f.index()] as u64,
                    DataWord::DataAddr(dd) => data_addr(dd.index()) as u64,
                    DataWord::Symbol(s) => panic!("the JIT tests have no runtime data symbol {s}"),
                };
                let at = data_off[i] + 8 * k;
                bytes[at..at + 8].copy_from_slice(&v.to_le_bytes());
            }
        }
        for (i, c) in compiled.iter().enumerate() {
            let o = func_off[i];
            bytes[o..o + c.code.len()].copy_from_slice(&c.code);
            for r in &c.relocs {
                let target = match &r.target {
                    RelocTarget::Func(f) => funcs[f.index()],
                    RelocTarget::Data(d) => base + data_off[d.index()],
                    RelocTarget::External(n) if n == abi::EXTRA_ARGS_SYMBOL => base + extra_off,
                    RelocTarget::External(n) if n == abi::YOUNG_PTR_SYMBOL => {
                        base + extra_off + 8 * YOUNG_PTR_WORD
                    }
                    RelocTarget::External(n) if n == abi::YOUNG_LIMIT_SYMBOL => {
                        base + extra_off + 8 * YOUNG_LIMIT_WORD
                    }
                    RelocTarget::External(n) => match r.kind {
                        RelocKind::X86CallPcRel4 => base + stub_off[n],
                        _ => ext[n],
                    },
                };
                let p = base + o + r.offset as usize;
                let at = o + r.offset as usize;
                match r.kind {
                    RelocKind::X86CallPcRel4 | RelocKind::X86PcRel4 => {
                        let v = target as i64 + r.addend - p as i64;
                        let v = i32::try_from(v).expect("rel32 in range");
                        bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
                    }
                    k => panic!("unexpected relocation kind {k:?}"),
                }
            }
        }
        let rc = unsafe { mprotect(mem as *mut c_void, code_len, PROT_READ | PROT_EXEC) };
        assert_eq!(rc, 0, "mprotect");
        Jit {
            mem,
            len,
            runtime: base + extra_off,
            funcs,
            compiled,
        }
    }

    fn runtime_word(&self, i: usize) -> *mut u64 {
        (self.runtime + 8 * i) as *mut u64
    }

    /// Points `egret_young_ptr`/`egret_young_limit` at `words` (null: none).
    pub fn set_nursery(&self, words: Option<&mut [u64]>) {
        let (p, l) = match words {
            Some(w) => {
                let r = w.as_mut_ptr_range();
                (r.start as u64, r.end as u64)
            }
            None => (0, 0),
        };
        unsafe {
            *self.runtime_word(YOUNG_PTR_WORD) = p;
            *self.runtime_word(YOUNG_LIMIT_WORD) = l;
        }
    }

    /// The current `egret_young_ptr`.
    pub fn young_ptr(&self) -> u64 {
        unsafe { *self.runtime_word(YOUNG_PTR_WORD) }
    }

    /// Calls function `i` with raw machine words (at most 6: egret's convention is SysV's then).
    pub fn call(&self, i: usize, args: &[u64]) -> u64 {
        let a = self.funcs[i];
        unsafe {
            match args.len() {
                0 => std::mem::transmute::<usize, extern "C" fn() -> u64>(a)(),
                1 => std::mem::transmute::<usize, extern "C" fn(u64) -> u64>(a)(args[0]),
                2 => std::mem::transmute::<usize, extern "C" fn(u64, u64) -> u64>(a)(
                    args[0], args[1],
                ),
                3 => std::mem::transmute::<usize, extern "C" fn(u64, u64, u64) -> u64>(a)(
                    args[0], args[1], args[2],
                ),
                4 => std::mem::transmute::<usize, extern "C" fn(u64, u64, u64, u64) -> u64>(a)(
                    args[0], args[1], args[2], args[3],
                ),
                5 => {
                    std::mem::transmute::<usize, extern "C" fn(u64, u64, u64, u64, u64) -> u64>(a)(
                        args[0], args[1], args[2], args[3], args[4],
                    )
                }
                6 => {
                    std::mem::transmute::<usize, extern "C" fn(u64, u64, u64, u64, u64, u64) -> u64>(
                        a,
                    )(args[0], args[1], args[2], args[3], args[4], args[5])
                }
                n => panic!("{n} arguments"),
            }
        }
    }

    /// Calls function `i` on OCaml ints, returning the OCaml int result.
    pub fn call_ints(&self, i: usize, args: &[i64]) -> i64 {
        let words: Vec<u64> = args.iter().map(|n| tag(*n)).collect();
        (self.call(i, &words) as i64) >> 1
    }
}

pub fn tag(n: i64) -> u64 {
    n.wrapping_mul(2).wrapping_add(1) as u64
}

/// A module of the given functions.
pub fn module(functions: Vec<crate::ssa::ir::Function>) -> Module {
    Module {
        functions,
        data: Vec::new(),
        entry: None,
        debug_types: Vec::new(),
        inline_sites: Default::default(),
    }
}
