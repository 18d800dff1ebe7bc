//! Loads a compiled module into executable memory, as a linker would: functions one after the
//! other, a stub (`movabs r11, addr; jmp r11`) per external function so rel32 calls reach Rust
//! code anywhere, and a writable data region (with `egret_extra_args` and the module's data
//! objects) right after the code so PC-relative references reach it.

use crate::backend::x64::{abi, compile_function};
use crate::backend::{CodegenOptions, CompiledFunction, RelocKind, RelocTarget};
use crate::ssa::ir::{DataWord, Module};
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
    }
}

/// A fake `egret_alloc`: leaks a zeroed block with its header written.
pub extern "C" fn fake_alloc(wosize: u64, tag: u64) -> u64 {
    let block: &'static mut [u64] = Box::leak(vec![0u64; wosize as usize + 1].into_boxed_slice());
    block[0] = wosize << 10 | tag;
    &block[1] as *const u64 as u64
}

pub struct Jit {
    mem: *mut u8,
    len: usize,
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
            .map(|f| compile_function(f, &opts).unwrap_or_else(|e| panic!("{e}")))
            .collect();
        let mut ext: HashMap<String, usize> =
            externals.iter().map(|(n, a)| (n.to_string(), *a)).collect();
        ext.insert(abi::ALLOC_SYMBOL.into(), fake_alloc as *const () as usize);

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
        let mut doff = extra_off + 8 * 64;
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
            funcs,
            compiled,
        }
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
    }
}
