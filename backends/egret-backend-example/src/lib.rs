//! An example of a codegen backend written outside egret's compiler crate: the `example`
//! backend (`egret build --backend=example`).
//!
//! It implements `egret_plugin::backend::CodegenBackend` using nothing but the plugin's public
//! interface. Code generation is delegated to another backend (Cranelift by default); what this
//! one adds is visible:
//!
//! - **checks**: every function the inner backend hands to the object writer is checked before
//!   it is passed on (relocations inside the code and of the target's kinds, referring to
//!   functions and data that exist; source ranges and call-frame instructions in order and
//!   inside the code; a power-of-two alignment; each module function defined exactly once). A
//!   violation is a backend error naming the function, instead of a corrupt object file;
//! - **a per-function report**: code size, machine instructions, relocations, source ranges and
//!   CFI records per function, written to stderr or a file ([`ReportTo`]; from the command line:
//!   `EGRET_EXAMPLE_REPORT=-` or `=PATH`), and kept for library users ([`ExampleBackend::last_report`]).
//!
//! It is also a backend *library*: the crate builds as a `cdylib` too
//! (`target/release/libegret_backend_example.so`), whose entry points `export_backend!` makes,
//! and `egret build --backend=path/to/libegret_backend_example.so` loads it, after checking that
//! it was built by the same rustc against the same egret.
//!
//! egret's CLI also registers it in its `BackendRegistry` (`src/main.rs`, `backends()`); any
//! driver can do the same:
//!
//! ```
//! let mut registry = egret_adapters::BackendRegistry::new();
//! registry.register(Box::new(egret_backend_example::ExampleBackend::default()));
//! assert!(registry.get("example").is_some());
//! ```

use egret_plugin::backend::{
    BackendError, CodegenBackend, CodegenOptions, CompiledFunction, FunctionDebugInfo,
    FunctionStats, ObjectSink, RelocKind, RelocTarget,
};
use egret_plugin::ssa::ir::{FuncId, Function, Module};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;

/// Where [`ExampleBackend`] writes its report after each module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ReportTo {
    /// Nowhere (it is still kept for [`ExampleBackend::last_report`]).
    #[default]
    Nowhere,
    Stderr,
    File(PathBuf),
}

impl ReportTo {
    /// From the `EGRET_EXAMPLE_REPORT` environment variable: unset or empty → nowhere, `-` →
    /// stderr, anything else → that file.
    pub fn from_env() -> ReportTo {
        match std::env::var_os("EGRET_EXAMPLE_REPORT") {
            None => ReportTo::Nowhere,
            Some(v) if v.is_empty() => ReportTo::Nowhere,
            Some(v) if v == "-" => ReportTo::Stderr,
            Some(v) => ReportTo::File(PathBuf::from(v)),
        }
    }
}

/// The `example` backend: another backend's code, checked and reported on.
pub struct ExampleBackend {
    inner: Box<dyn CodegenBackend + Send + Sync>,
    report_to: ReportTo,
    last_report: Mutex<Option<String>>,
}

impl Default for ExampleBackend {
    /// Cranelift inside, the report where `EGRET_EXAMPLE_REPORT` says.
    fn default() -> Self {
        ExampleBackend::new(
            Box::new(egret_adapters::CraneliftBackend),
            ReportTo::from_env(),
        )
    }
}

impl ExampleBackend {
    /// Wraps `inner`, writing the report to `report_to`.
    pub fn new(inner: Box<dyn CodegenBackend + Send + Sync>, report_to: ReportTo) -> Self {
        ExampleBackend {
            inner,
            report_to,
            last_report: Mutex::new(None),
        }
    }

    /// The report of the last module compiled.
    pub fn last_report(&self) -> Option<String> {
        self.last_report.lock().unwrap().clone()
    }
}

impl CodegenBackend for ExampleBackend {
    fn name(&self) -> &'static str {
        "example"
    }

    fn supports_target(&self, triple: &str) -> bool {
        Arch::of(triple).is_some() && self.inner.supports_target(triple)
    }

    fn description(&self) -> String {
        format!(
            "an example backend in its own crate: {} behind per-function checks, with a report \
             (EGRET_EXAMPLE_REPORT=-|PATH)",
            self.inner.name()
        )
    }

    fn targets(&self) -> Vec<String> {
        let mut targets = self.inner.targets();
        targets.retain(|t| Arch::of(t).is_some());
        targets
    }

    /// The inner backend's: the options reach it unchanged.
    fn options(&self) -> Vec<egret_plugin::backend::BackendOption> {
        self.inner.options()
    }

    /// The inner backend's stages.
    fn stages(&self) -> Vec<&'static str> {
        self.inner.stages()
    }

    fn emit_stage(
        &self,
        module: &Module,
        options: &CodegenOptions,
        stage: &str,
        line_of: &dyn Fn(u32) -> (u32, u32),
    ) -> Result<String, BackendError> {
        self.inner.emit_stage(module, options, stage, line_of)
    }

    fn compile_module(
        &self,
        module: &Module,
        options: &CodegenOptions,
        sink: &mut dyn ObjectSink,
    ) -> Result<Vec<(FuncId, FunctionStats)>, BackendError> {
        let arch = Arch::of(&options.target).ok_or_else(|| BackendError {
            function: "<module>".into(),
            message: format!("the example backend does not know `{}`", options.target),
        })?;
        let mut checking = CheckingSink {
            inner: sink,
            module,
            arch,
            code_len: vec![None; module.functions.len()],
            rows: Vec::new(),
        };
        let stats = self.inner.compile_module(module, options, &mut checking)?;
        checking.check_complete(&stats)?;
        let report = checking.report(self.inner.name(), options);
        match &self.report_to {
            ReportTo::Nowhere => {}
            ReportTo::Stderr => eprint!("{report}"),
            ReportTo::File(path) => std::fs::write(path, &report).map_err(|e| BackendError {
                function: "<module>".into(),
                message: format!("cannot write the report to {}: {e}", path.display()),
            })?,
        }
        *self.last_report.lock().unwrap() = Some(report);
        Ok(stats)
    }
}

// The backend-library entry points (`egret build --backend=path/to/libegret_backend_example.so`):
// the build stamp egret checks, and the constructor it then calls.
egret_plugin::export_backend!(ExampleBackend::default());

/// The instruction sets the checks know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arch {
    X86_64,
    Aarch64,
}

impl Arch {
    fn of(triple: &str) -> Option<Arch> {
        match triple.split('-').next()? {
            "x86_64" => Some(Arch::X86_64),
            "aarch64" => Some(Arch::Aarch64),
            _ => None,
        }
    }

    /// The size of the field a relocation of `kind` patches, if `kind` belongs to this target.
    fn reloc_size(self, kind: RelocKind) -> Option<u32> {
        use RelocKind::*;
        match (self, kind) {
            (_, Abs8) => Some(8),
            (Arch::X86_64, X86CallPcRel4 | X86PcRel4 | X86GotPcRel4) => Some(4),
            (
                Arch::Aarch64,
                Arm64Call | Aarch64AdrPrelPgHi21 | Aarch64AddAbsLo12Nc | Aarch64AdrGotPage21
                | Aarch64Ld64GotLo12Nc,
            ) => Some(4),
            _ => None,
        }
    }
}

/// One line of the report.
struct Row {
    name: String,
    /// The source-level name, for module functions.
    source_name: Option<String>,
    ssa_stmts: Option<usize>,
    code_bytes: usize,
    insts: usize,
    relocs: usize,
    srclocs: usize,
    cfi: usize,
}

/// An [`ObjectSink`] that checks what passes through it and remembers it for the report.
struct CheckingSink<'a> {
    inner: &'a mut dyn ObjectSink,
    module: &'a Module,
    arch: Arch,
    /// Per module function: its code length once defined.
    code_len: Vec<Option<u32>>,
    rows: Vec<Row>,
}

impl CheckingSink<'_> {
    /// Checks one function's machine code.
    fn check(&self, name: &str, code: &CompiledFunction) -> Result<(), BackendError> {
        let fail = |message: String| BackendError {
            function: name.to_string(),
            message: format!("example backend check: {message}"),
        };
        let len = code.code.len() as u64;
        if code.code.is_empty() {
            return Err(fail("no code".into()));
        }
        if !code.alignment.is_power_of_two() {
            return Err(fail(format!(
                "alignment {} is not a power of two",
                code.alignment
            )));
        }
        for r in &code.relocs {
            let size = self.arch.reloc_size(r.kind).ok_or_else(|| {
                fail(format!(
                    "relocation {:?} at {:#x} is not one of {:?}'s kinds",
                    r.kind, r.offset, self.arch
                ))
            })?;
            if u64::from(r.offset) + u64::from(size) > len {
                return Err(fail(format!(
                    "relocation {:?} at {:#x} ends past the code ({len} bytes)",
                    r.kind, r.offset
                )));
            }
            match &r.target {
                RelocTarget::Func(f) if f.index() >= self.module.functions.len() => {
                    return Err(fail(format!(
                        "relocation at {:#x} names function {}, which does not exist",
                        r.offset, f.0
                    )))
                }
                RelocTarget::Data(d) if d.0 as usize >= self.module.data.len() => {
                    return Err(fail(format!(
                        "relocation at {:#x} names data object {}, which does not exist",
                        r.offset, d.0
                    )))
                }
                RelocTarget::External(s) if s.is_empty() => {
                    return Err(fail(format!(
                        "relocation at {:#x} names an empty symbol",
                        r.offset
                    )))
                }
                _ => {}
            }
        }
        let mut previous_end = 0;
        for &(start, end, _) in &code.srclocs {
            if start > end || u64::from(end) > len || start < previous_end {
                return Err(fail(format!(
                    "source range [{start:#x}, {end:#x}) is out of order or outside the code \
                     ({len} bytes)"
                )));
            }
            previous_end = end;
        }
        let mut previous = 0;
        for &(offset, op) in &code.cfi {
            if offset < previous || u64::from(offset) > len {
                return Err(fail(format!(
                    "CFI {op:?} at {offset:#x} is out of order or outside the code ({len} bytes)"
                )));
            }
            previous = offset;
        }
        if u64::from(code.prologue_end) > len {
            return Err(fail(format!(
                "prologue end {:#x} is outside the code ({len} bytes)",
                code.prologue_end
            )));
        }
        Ok(())
    }

    fn row(name: &str, func: Option<&Function>, code: &CompiledFunction) -> Row {
        Row {
            name: name.to_string(),
            source_name: func.map(|f| f.source_name.clone()),
            ssa_stmts: func.map(|f| f.stmts.len()),
            code_bytes: code.code.len(),
            insts: code.stats.insts,
            relocs: code.relocs.len(),
            srclocs: code.srclocs.len(),
            cfi: code.cfi.len(),
        }
    }

    /// After the inner backend: every module function was defined, and has its statistics.
    fn check_complete(&self, stats: &[(FuncId, FunctionStats)]) -> Result<(), BackendError> {
        for (index, len) in self.code_len.iter().enumerate() {
            if len.is_none() {
                return Err(BackendError {
                    function: self.module.functions[index].name.clone(),
                    message: "example backend check: the function was never defined".into(),
                });
            }
        }
        if stats.len() != self.module.functions.len() {
            return Err(BackendError {
                function: "<module>".into(),
                message: format!(
                    "example backend check: statistics for {} functions, the module has {}",
                    stats.len(),
                    self.module.functions.len()
                ),
            });
        }
        Ok(())
    }

    fn report(&self, inner: &str, options: &CodegenOptions) -> String {
        let mut s = format!(
            "example backend ({inner} inside, {}, -O{}): {} functions checked\n",
            options.target,
            options.opt_level,
            self.rows.len()
        );
        let _ = writeln!(
            s,
            "{:<32} {:>6} {:>8} {:>6} {:>6} {:>7} {:>5}  source",
            "function", "ssa", "bytes", "insts", "relocs", "srclocs", "cfi"
        );
        let (mut bytes, mut insts, mut relocs) = (0, 0, 0);
        for r in &self.rows {
            let ssa = r.ssa_stmts.map_or("-".to_string(), |n| n.to_string());
            let _ = writeln!(
                s,
                "{:<32} {:>6} {:>8} {:>6} {:>6} {:>7} {:>5}  {}",
                r.name,
                ssa,
                r.code_bytes,
                r.insts,
                r.relocs,
                r.srclocs,
                r.cfi,
                r.source_name.as_deref().unwrap_or("-")
            );
            bytes += r.code_bytes;
            insts += r.insts;
            relocs += r.relocs;
        }
        let _ = writeln!(
            s,
            "{:<32} {:>6} {:>8} {:>6} {:>6}",
            "total", "", bytes, insts, relocs
        );
        s
    }
}

impl ObjectSink for CheckingSink<'_> {
    fn define_function(
        &mut self,
        id: FuncId,
        func: &Function,
        code: &CompiledFunction,
    ) -> Result<(), BackendError> {
        let Some(slot) = self.code_len.get(id.index()) else {
            return Err(BackendError {
                function: func.name.clone(),
                message: format!("example backend check: function {} does not exist", id.0),
            });
        };
        if slot.is_some() {
            return Err(BackendError {
                function: func.name.clone(),
                message: "example backend check: the function is defined twice".into(),
            });
        }
        self.check(&func.name, code)?;
        self.code_len[id.index()] = Some(code.code.len() as u32);
        self.rows.push(Self::row(&func.name, Some(func), code));
        self.inner.define_function(id, func, code)
    }

    fn define_helper(&mut self, name: &str, code: &CompiledFunction) -> Result<(), BackendError> {
        self.check(name, code)?;
        self.rows.push(Self::row(name, None, code));
        self.inner.define_helper(name, code)
    }

    fn define_function_debug_info(
        &mut self,
        id: FuncId,
        info: FunctionDebugInfo,
    ) -> Result<(), BackendError> {
        let name = || {
            self.module
                .functions
                .get(id.index())
                .map_or_else(|| format!("#{}", id.0), |f| f.name.clone())
        };
        let Some(Some(len)) = self.code_len.get(id.index()).copied() else {
            return Err(BackendError {
                function: name(),
                message: "example backend check: debug info for a function not defined yet".into(),
            });
        };
        for (value, ranges) in &info.value_locations {
            if let Some(&(start, end, _)) = ranges.iter().find(|(s, e, _)| s > e || *e > len) {
                return Err(BackendError {
                    function: name(),
                    message: format!(
                        "example backend check: {value:?} lives in [{start:#x}, {end:#x}), \
                         outside the code ({len} bytes)"
                    ),
                });
            }
        }
        self.inner.define_function_debug_info(id, info)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egret_plugin::backend::Reloc;
    use egret_plugin::ssa::ir::Type;

    /// A sink that accepts everything and counts.
    #[derive(Default)]
    struct Counting {
        functions: usize,
        helpers: usize,
    }

    impl ObjectSink for Counting {
        fn define_function(
            &mut self,
            _: FuncId,
            _: &Function,
            _: &CompiledFunction,
        ) -> Result<(), BackendError> {
            self.functions += 1;
            Ok(())
        }
        fn define_helper(&mut self, _: &str, _: &CompiledFunction) -> Result<(), BackendError> {
            self.helpers += 1;
            Ok(())
        }
    }

    fn module() -> Module {
        Module {
            functions: vec![Function::new("f", vec![], Type::Val)],
            data: vec![],
            entry: None,
            debug_types: Vec::new(),
            inline_sites: Default::default(),
        }
    }

    fn good_code() -> CompiledFunction {
        CompiledFunction {
            code: vec![0xe8, 0, 0, 0, 0, 0xc3],
            alignment: 16,
            relocs: vec![Reloc {
                offset: 1,
                kind: RelocKind::X86CallPcRel4,
                target: RelocTarget::External("egret_alloc".into()),
                addend: -4,
            }],
            ..CompiledFunction::default()
        }
    }

    fn define(arch: Arch, code: &CompiledFunction) -> Result<(), BackendError> {
        let m = module();
        let mut inner = Counting::default();
        let mut sink = CheckingSink {
            inner: &mut inner,
            module: &m,
            arch,
            code_len: vec![None],
            rows: vec![],
        };
        let r = sink.define_function(FuncId(0), &m.functions[0], code);
        // What fails a check never reaches the object writer.
        assert_eq!(inner.functions, usize::from(r.is_ok()));
        r
    }

    #[test]
    fn accepts_good_code() {
        define(Arch::X86_64, &good_code()).unwrap();
    }

    #[test]
    fn rejects_a_relocation_past_the_end() {
        let mut code = good_code();
        code.relocs[0].offset = 3;
        let e = define(Arch::X86_64, &code).unwrap_err();
        assert!(e.message.contains("ends past the code"), "{e}");
        assert_eq!(e.function, "f");
    }

    #[test]
    fn rejects_another_targets_relocation() {
        let e = define(Arch::Aarch64, &good_code()).unwrap_err();
        assert!(e.message.contains("not one of Aarch64's kinds"), "{e}");
    }

    #[test]
    fn rejects_a_missing_function_target() {
        let mut code = good_code();
        code.relocs[0].target = RelocTarget::Func(FuncId(7));
        let e = define(Arch::X86_64, &code).unwrap_err();
        assert!(e.message.contains("function 7"), "{e}");
    }

    #[test]
    fn rejects_cfi_and_source_ranges_out_of_order() {
        let mut code = good_code();
        code.cfi = vec![
            (4, egret_plugin::backend::CfiOp::DefCfaOffset(16)),
            (1, egret_plugin::backend::CfiOp::DefCfaOffset(8)),
        ];
        assert!(define(Arch::X86_64, &code).is_err());
        let mut code = good_code();
        code.srclocs = vec![(0, 9, Default::default())];
        assert!(define(Arch::X86_64, &code).is_err());
    }

    #[test]
    fn rejects_a_function_defined_twice() {
        let m = module();
        let mut inner = Counting::default();
        let mut sink = CheckingSink {
            inner: &mut inner,
            module: &m,
            arch: Arch::X86_64,
            code_len: vec![None],
            rows: vec![],
        };
        sink.define_function(FuncId(0), &m.functions[0], &good_code())
            .unwrap();
        let e = sink
            .define_function(FuncId(0), &m.functions[0], &good_code())
            .unwrap_err();
        assert!(e.message.contains("defined twice"), "{e}");
        sink.define_helper("egret_main", &good_code()).unwrap();
        assert!(sink
            .check_complete(&[(FuncId(0), FunctionStats::default())])
            .is_ok());
        let options = CodegenOptions {
            target: "x86_64-unknown-linux-gnu".into(),
            opt_level: 0,
            debug_info: false,
            verify: true,
            backend_args: Vec::new(),
        };
        let report = sink.report("inner", &options);
        assert!(report.contains("egret_main"), "{report}");
        assert!(report.contains("x86_64-unknown-linux-gnu, -O0"), "{report}");
    }

    #[test]
    fn targets() {
        let b = ExampleBackend::new(
            Box::new(egret_adapters::CraneliftBackend),
            ReportTo::Nowhere,
        );
        assert_eq!(b.name(), "example");
        assert!(b.supports_target("x86_64-unknown-linux-gnu"));
        assert!(b.supports_target("aarch64-unknown-linux-gnu"));
        assert!(!b.supports_target("riscv64gc-unknown-linux-gnu"));
    }
}
