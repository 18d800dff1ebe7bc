//! The object file and the executable: `.eh_frame` contents and use by real unwinders, no text
//! relocations, machine code handed to the sink the way egret's native backend does, source
//! locations and CFI the Cranelift backend reports, and AArch64 through a cross toolchain.

mod common;

use common::*;
use egret_adapters::object::ObjectWriter;
use egret_adapters::{isa, write_object, CraneliftBackend};
use egret_plugin::backend::*;
use egret_plugin::ssa::ir::*;
use std::process::Command;

fn tool_output(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The address of `symbol` in `exe`, from `nm`.
fn symbol_address(exe: &str, symbol: &str) -> u64 {
    let nm = tool_output("nm", &[exe]);
    let line = nm
        .lines()
        .find(|l| l.split_whitespace().nth(2) == Some(symbol))
        .unwrap_or_else(|| panic!("{symbol} not in nm output:\n{nm}"));
    u64::from_str_radix(line.split_whitespace().next().unwrap(), 16).unwrap()
}

/// depth n = if n = 0 then (call `at_bottom` (); 0) else 1 + depth (n - 1), called with 3.
fn depth_program(at_bottom: &'static str) -> Module {
    let mut main = FnBuilder::new("program", 0);
    main.block(0);
    let n = main.int(3);
    let r = main.call(1, &[n]);
    main.print_line(r);
    let unit = main.int(0);
    main.ret(unit);

    let mut f = FnBuilder::new("depth", 1);
    f.block(0);
    let n = f.param(0);
    let (zero, one) = (f.int(0), f.int(1));
    let stop = f.bin(BinOp::Eq, n, zero);
    f.branch(stop, 1, 2);
    f.block(1);
    f.rt(at_bottom, &[zero]);
    f.ret(zero);
    f.block(2);
    let m = f.bin(BinOp::Sub, n, one);
    let d = f.call(1, &[m]);
    let r = f.bin(BinOp::Add, d, one);
    f.ret(r);
    module(vec![main.finish(), f.finish()], vec![])
}

#[test]
fn eh_frame_describes_every_function_and_no_textrel() {
    if !have("readelf") || !have("nm") {
        return skip(
            "eh_frame_describes_every_function_and_no_textrel",
            "readelf or nm missing",
        );
    }
    let exe = build(&depth_program("egret_print_int"), 2, "ehframe");
    let exe = exe.to_str().unwrap();
    let frames = tool_output("readelf", &["--debug-dump=frames", exe]);
    // Every FDE: its pc range start and the text up to the next entry.
    let fdes: Vec<(u64, &str)> = frames
        .split("\n\n")
        .filter_map(|entry| {
            let pc = entry.split("pc=").nth(1)?;
            let start = u64::from_str_radix(pc.split("..").next()?, 16).ok()?;
            Some((start, entry))
        })
        .collect();
    for symbol in ["program", "depth", "egret_main"] {
        let address = symbol_address(exe, symbol);
        let (_, fde) = fdes
            .iter()
            .find(|(start, _)| *start == address)
            .unwrap_or_else(|| panic!("no FDE starts at {symbol} ({address:#x}):\n{frames}"));
        if symbol == "depth" {
            // depth calls: it has a frame on rbp.
            assert!(fde.contains("DW_CFA_def_cfa_offset: 16"), "{fde}");
            assert!(fde.contains("DW_CFA_offset: r6 (rbp) at cfa-16"), "{fde}");
            assert!(fde.contains("DW_CFA_def_cfa_register: r6 (rbp)"), "{fde}");
        }
    }
    let dynamic = tool_output("readelf", &["-d", exe]);
    assert!(!dynamic.contains("TEXTREL"), "{dynamic}");
    let program_headers = tool_output("readelf", &["-lW", exe]);
    let stack = program_headers
        .lines()
        .find(|l| l.contains("GNU_STACK"))
        .unwrap();
    assert!(!stack.contains("RWE"), "executable stack: {stack}");

    if have("llvm-dwarfdump") {
        let dump = tool_output("llvm-dwarfdump", &["--eh-frame", exe]);
        assert!(
            dump.contains("DW_CFA_def_cfa_register: RBP")
                || dump.contains("DW_CFA_def_cfa_register: reg6"),
            "{dump}"
        );
    }
}

/// libgcc's unwinder, which knows nothing but `.eh_frame`, walks from a runtime function
/// through every egret frame back to C's `main`.
#[test]
fn libgcc_unwinds_through_egret_frames() {
    let dir = scratch("unwind");
    let helper = dir.join("backtrace.c");
    std::fs::write(
        &helper,
        r#"
#include <stdint.h>
#include <stdio.h>
#include <unwind.h>
extern int main(int, char **);
static int frames, reached_main;
static _Unwind_Reason_Code step(struct _Unwind_Context *ctx, void *arg) {
  (void)arg;
  frames++;
  if (_Unwind_GetRegionStart(ctx) == (uintptr_t)main) reached_main = 1;
  return _URC_NO_REASON;
}
uint64_t egret_test_backtrace(uint64_t unit) {
  _Unwind_Backtrace(step, 0);
  printf("frames=%d main=%d\n", frames, reached_main);
  return unit;
}
"#,
    )
    .unwrap();
    let object = write_object(
        &depth_program("egret_test_backtrace"),
        &CraneliftBackend,
        &options(2),
    )
    .unwrap();
    let program = dir.join("program.o");
    std::fs::write(&program, &object.bytes).unwrap();
    let runtime = dir.join("runtime.o");
    std::fs::write(&runtime, egret_adapters::runtime::HOST_RUNTIME_OBJECT).unwrap();
    // The executables' `main` is an object of its own (runtime/egret_start.c).
    let start = dir.join("start.o");
    std::fs::write(&start, egret_adapters::runtime::HOST_START_OBJECT).unwrap();
    let exe = dir.join("unwind");
    let status = Command::new("cc")
        .arg("-o")
        .arg(&exe)
        .arg(&program)
        .arg(&runtime)
        .arg(&start)
        .arg(&helper)
        // The runtime's float primitives use the C library's mathematics.
        .arg("-lm")
        .status()
        .unwrap();
    assert!(status.success());
    let out = run(&exe, &[]);
    // helper, depth x4, the entry, egret_main, egret_call_on_stack, main, and libc's frames.
    let frames: i32 = out
        .stdout
        .split("frames=")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(out.stdout.contains("main=1"), "{}", out.stdout);
    assert!(frames >= 9, "{}", out.stdout);
    assert!(out.stdout.starts_with("3\n"), "{}", out.stdout);
}

#[test]
fn gdb_backtrace_through_egret_frames() {
    if !have("gdb") {
        return skip("gdb_backtrace_through_egret_frames", "gdb missing");
    }
    let exe = build(&depth_program("egret_print_int"), 0, "gdb_bt");
    let out = tool_output(
        "gdb",
        &[
            "-batch",
            "-nx",
            "-ex",
            "break egret_print_int",
            "-ex",
            "run",
            "-ex",
            "bt",
            exe.to_str().unwrap(),
        ],
    );
    let bt: Vec<&str> = out.lines().filter(|l| l.starts_with('#')).collect();
    let depth_frames = bt.iter().filter(|l| l.contains(" depth ")).count();
    assert_eq!(depth_frames, 4, "{out}");
    assert!(bt.iter().any(|l| l.contains(" egret_main ")), "{out}");
    assert!(
        bt.last().unwrap().contains(" main ") || bt.iter().any(|l| l.contains(" main (")),
        "{out}"
    );
}

/// What egret's native backend hands the sink: raw x86-64 code with relocations and CFI, and an
/// entry function that is itself C-ABI (so the sink exports it as `egret_main`).
#[test]
fn native_style_machine_code_through_the_sink() {
    if !HOST.starts_with("x86_64") {
        return;
    }
    let mut entry = Function::new("native_entry", vec![], Type::Val);
    entry.blocks.push(BlockData { start: 0, end: 0 });
    let m = Module {
        functions: vec![entry],
        data: vec![string_data("greeting", " native\n")],
        entry: Some(FuncId(0)),
        debug_types: Vec::new(),
        inline_sites: Default::default(),
    };
    #[rustfmt::skip]
    let code = vec![
        0x55,                               // 0: push rbp
        0x48, 0x89, 0xe5,                   // 1: mov rbp, rsp
        0xbf, 0x55, 0x00, 0x00, 0x00,       // 4: mov edi, 85 (the int 42)
        0xe8, 0, 0, 0, 0,                   // 9: call egret_print_int
        0x48, 0x8d, 0x3d, 0, 0, 0, 0,       // 14: lea rdi, [rip + greeting + 8]
        0xe8, 0, 0, 0, 0,                   // 21: call egret_print_string
        0x5d,                               // 26: pop rbp
        0xc3,                               // 27: ret
    ];
    let compiled = CompiledFunction {
        code,
        alignment: 16,
        relocs: vec![
            Reloc {
                offset: 10,
                kind: RelocKind::X86CallPcRel4,
                target: RelocTarget::External("egret_print_int".into()),
                addend: -4,
            },
            Reloc {
                offset: 17,
                kind: RelocKind::X86PcRel4,
                target: RelocTarget::Data(DataId(0)),
                addend: 8 - 4,
            },
            Reloc {
                offset: 22,
                kind: RelocKind::X86CallPcRel4,
                target: RelocTarget::External("egret_print_string".into()),
                addend: -4,
            },
        ],
        srclocs: vec![],
        cfi: vec![
            (1, CfiOp::DefCfaOffset(16)),
            (
                1,
                CfiOp::Offset {
                    reg: 6,
                    offset: -16,
                },
            ),
            (4, CfiOp::DefCfaRegister(6)),
            (27, CfiOp::DefCfa { reg: 7, offset: 8 }),
        ],
        prologue_end: 4,
        stats: FunctionStats::default(),
    };
    let object_isa = isa::target_isa(HOST, isa::IsaSettings::default()).unwrap();
    let mut writer = ObjectWriter::new(object_isa, &m).unwrap();
    writer
        .define_function(FuncId(0), &m.functions[0], &compiled)
        .unwrap();
    let bytes = writer.finish().unwrap();
    let exe = scratch("native").join("native");
    egret_adapters::link(&bytes, &exe, HOST).unwrap();
    let out = run(&exe, &[]);
    assert_eq!(out.stdout, "42 native\n");
    assert_eq!(out.code, Some(0));
    if have("readelf") {
        let frames = tool_output("readelf", &["--debug-dump=frames", exe.to_str().unwrap()]);
        let address = symbol_address(exe.to_str().unwrap(), "native_entry");
        assert!(
            frames.contains(&format!("pc={address:016x}..{:016x}", address + 28)),
            "{frames}"
        );
        assert!(
            frames.contains("DW_CFA_def_cfa: r7 (rsp) ofs 8"),
            "{frames}"
        );
    }
}

#[test]
fn sink_rejects_a_missing_function() {
    let m = module(vec![Function::new("lonely", vec![], Type::Val)], vec![]);
    let object_isa = isa::target_isa(HOST, isa::IsaSettings::default()).unwrap();
    let writer = ObjectWriter::new(object_isa, &m).unwrap();
    let err = writer.finish().unwrap_err();
    assert_eq!(err.function, "lonely");
}

/// Records what a backend hands its sink.
#[derive(Default)]
struct RecordingSink {
    functions: Vec<(FuncId, CompiledFunction)>,
    helpers: Vec<(String, CompiledFunction)>,
}

impl ObjectSink for RecordingSink {
    fn define_function(
        &mut self,
        id: FuncId,
        _: &Function,
        code: &CompiledFunction,
    ) -> Result<(), BackendError> {
        self.functions.push((id, code.clone()));
        Ok(())
    }
    fn define_helper(&mut self, name: &str, code: &CompiledFunction) -> Result<(), BackendError> {
        self.helpers.push((name.to_string(), code.clone()));
        Ok(())
    }
}

#[test]
fn cranelift_reports_srclocs_cfi_and_relocations() {
    let m = depth_program("egret_print_int");
    let mut sink = RecordingSink::default();
    let stats = CraneliftBackend
        .compile_module(&m, &options(0), &mut sink)
        .unwrap();
    assert_eq!(stats.len(), 2);
    assert_eq!(sink.helpers.len(), 1);
    assert_eq!(sink.helpers[0].0, "egret_main");
    assert!(sink.helpers[0]
        .1
        .relocs
        .iter()
        .any(|r| r.target == RelocTarget::Func(FuncId(0))));

    let (_, depth) = &sink.functions[1];
    let f = &m.functions[1];
    assert!(!depth.srclocs.is_empty());
    for &(start, end, loc) in &depth.srclocs {
        assert!(start < end && end as usize <= depth.code.len());
        assert!(
            f.locs.contains(&loc),
            "{loc:?} is not a location of the function"
        );
    }
    // The call to depth (statement with loc of `Call`) has code.
    let call_loc = f
        .stmts
        .iter()
        .position(|s| {
            matches!(
                s,
                Stmt::Call {
                    callee: Callee::Direct(_),
                    ..
                }
            )
        })
        .map(|i| f.locs[i])
        .unwrap();
    assert!(depth.srclocs.iter().any(|&(_, _, l)| l == call_loc));
    assert!(depth
        .relocs
        .iter()
        .any(|r| r.target == RelocTarget::Func(FuncId(1))));
    assert!(depth
        .relocs
        .iter()
        .any(|r| r.target == RelocTarget::External("egret_print_int".into())));
    if HOST.starts_with("x86_64") {
        assert_eq!(
            &depth.cfi[..3],
            &[
                (1, CfiOp::DefCfaOffset(16)),
                (
                    1,
                    CfiOp::Offset {
                        reg: 6,
                        offset: -16
                    }
                ),
                (4, CfiOp::DefCfaRegister(6)),
            ]
        );
        assert_eq!(depth.prologue_end, depth.cfi.last().unwrap().0);
    }
}

#[test]
fn unsupported_targets_are_reported() {
    let mut opts = options(0);
    opts.target = "riscv64gc-unknown-linux-gnu".into();
    let err =
        write_object(&depth_program("egret_print_int"), &CraneliftBackend, &opts).unwrap_err();
    assert!(err.to_string().contains("cannot generate code"), "{err}");
    assert!(egret_adapters::backend_by_name("cranelift").is_some());
    assert!(egret_adapters::backend_by_name("nope").is_none());
}

/// AArch64: compiled by Cranelift, runtime cross-compiled from the embedded source, linked with
/// `aarch64-linux-gnu-gcc`, run under qemu.
#[test]
fn aarch64_cross_build_runs_under_qemu() {
    let target = "aarch64-unknown-linux-gnu";
    let cross = !HOST.starts_with("aarch64");
    if cross && (!have("aarch64-linux-gnu-gcc") || !have("qemu-aarch64")) {
        return skip(
            "aarch64_cross_build_runs_under_qemu",
            "aarch64-linux-gnu-gcc or qemu-aarch64 missing",
        );
    }
    let m = {
        let mut main = FnBuilder::new("program", 0);
        main.block(0);
        let n = main.int(25);
        let r = main.call(1, &[n]);
        main.print_line(r);
        let s = main.push(Stmt::DataAddr(DataId(0)), Type::Val);
        main.rt("egret_print_endline", &[s]);
        let unit = main.int(0);
        main.ret(unit);
        let mut fib = FnBuilder::new("fib", 1);
        fib.block(0);
        let n = fib.param(0);
        let two = fib.int(2);
        let small = fib.bin(BinOp::Lt, n, two);
        fib.branch(small, 1, 2);
        fib.block(1);
        fib.ret(n);
        fib.block(2);
        let one = fib.int(1);
        let n1 = fib.bin(BinOp::Sub, n, one);
        let a = fib.call(1, &[n1]);
        let n2 = fib.bin(BinOp::Sub, n, two);
        let b = fib.call(1, &[n2]);
        let s = fib.bin(BinOp::Add, a, b);
        fib.ret(s);
        module(
            vec![main.finish(), fib.finish()],
            vec![string_data("s", "on aarch64")],
        )
    };
    let run_aarch64 = |m: &Module, opt_level: u8| {
        let mut opts = options(opt_level);
        opts.target = target.into();
        let object = write_object(m, &CraneliftBackend, &opts).unwrap();
        let exe = scratch("aarch64").join("prog");
        egret_adapters::link(&object.bytes, &exe, target).unwrap();
        if cross {
            // `-R 8G`: see tests/examples_aarch64.rs (qemu is slow to map the runtime's 128 GiB
            // heap reservation; with an 8 GiB guest address space the runtime takes less).
            let o = Command::new("qemu-aarch64")
                .args(["-R", "8G", "-L", "/usr/aarch64-linux-gnu"])
                .arg(&exe)
                .output()
                .unwrap();
            Outcome {
                stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
                stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
                code: o.status.code(),
            }
        } else {
            run(&exe, &[])
        }
    };
    for opt_level in [0, 2] {
        let out = run_aarch64(&m, opt_level);
        assert_eq!(out.stdout, "75025\non aarch64\n");
        assert_eq!(out.code, Some(0));
    }

    // The guard page and the SIGSEGV handler on the alternate stack work there too.
    let mut program = FnBuilder::new("program", 0);
    program.block(0);
    let n = program.int(1);
    let r = program.call(1, &[n]);
    program.print_line(r);
    let unit = program.int(0);
    program.ret(unit);
    let mut f = FnBuilder::new("down", 1);
    f.block(0);
    let n = f.param(0);
    let one = f.int(1);
    let m1 = f.bin(BinOp::Add, n, one);
    let d = f.call(1, &[m1]);
    let r = f.bin(BinOp::Add, d, one);
    f.ret(r);
    let out = run_aarch64(&module(vec![program.finish(), f.finish()], vec![]), 2);
    assert_eq!(out.code, Some(2));
    assert_eq!(out.stderr, "Fatal error: exception Stack_overflow\n");
}

#[test]
fn link_errors_are_clear() {
    let object = write_object(
        &depth_program("egret_print_int"),
        &CraneliftBackend,
        &options(0),
    )
    .unwrap()
    .bytes;
    let exe = scratch("linkerr").join("prog");
    let missing =
        egret_adapters::link_with_compiler(&object, &exe, HOST, "egret-no-such-cc").unwrap_err();
    let text = missing.to_string();
    assert!(
        text.contains("cannot run the C compiler `egret-no-such-cc`"),
        "{text}"
    );

    let broken =
        egret_adapters::link_with_compiler(b"not an object", &exe, HOST, "cc").unwrap_err();
    let text = broken.to_string();
    assert!(text.contains("failed"), "{text}");
    assert!(
        text.lines().count() > 1,
        "the compiler's stderr is shown: {text}"
    );

    let bad_target = egret_adapters::link(&object, &exe, "sparc-sun-solaris").unwrap_err();
    assert!(
        bad_target.to_string().contains("unsupported target"),
        "{bad_target}"
    );
}

/// `CodegenOptions::opt_level` (the CLI's `-O`) reaches Cranelift: at 0 its optimizer is off
/// (`opt_level=none`), at 1 and 2 on (`speed`), so arithmetic on constants is folded only then.
#[test]
fn opt_level_selects_cranelift_optimizer() {
    use cranelift_codegen::settings::OptLevel;
    use egret_adapters::isa::{target_isa, IsaSettings};
    for (level, want) in [
        (0, OptLevel::None),
        (1, OptLevel::Speed),
        (2, OptLevel::Speed),
    ] {
        for target in [HOST, "aarch64-unknown-linux-gnu"] {
            let isa = target_isa(
                target,
                IsaSettings {
                    opt_level: level,
                    verify: true,
                    ..IsaSettings::default()
                },
            )
            .unwrap();
            assert_eq!(isa.flags().opt_level(), want, "-O{level} on {target}");
        }
    }
    // f x = x + (((3 + 4) * 5) - 6): one addition once Cranelift folds the constants.
    let mut f = FnBuilder::new("f", 1);
    f.block(0);
    let x = f.param(0);
    let (a, b, c, d) = (f.int(3), f.int(4), f.int(5), f.int(6));
    let s = f.bin(BinOp::Add, a, b);
    let p = f.bin(BinOp::Mul, s, c);
    let k = f.bin(BinOp::Sub, p, d);
    let r = f.bin(BinOp::Add, x, k);
    f.ret(r);
    let mut program = FnBuilder::new("program", 0);
    program.block(0);
    let n = program.int(10);
    let v = program.call(1, &[n]);
    program.print_line(v);
    let u = program.int(0);
    program.ret(u);
    let m = module(vec![program.finish(), f.finish()], vec![]);
    let insts = |level: u8| {
        let object = egret_adapters::write_object(&m, &CraneliftBackend, &options(level)).unwrap();
        object.stats[1].1.insts
    };
    let (o0, o1, o2) = (insts(0), insts(1), insts(2));
    assert!(o2 < o0, "-O2: {o2} instructions, -O0: {o0}");
    assert_eq!(o1, o2, "-O1 and -O2 are both Cranelift's `speed`");
    assert_eq!(run_module(&m, "opt-level").stdout, "39\n");
}
