//! Linking: an object file from [`crate::write_object`] plus egret's runtime → an executable
//! ([`link`]), or one relocatable object a C program links and starts ([`link_complete_object`],
//! `--output-obj`), through the system C compiler driver.
//!
//! For the host target the runtime object embedded at build time is used; for another target
//! the embedded C source is compiled with that target's C compiler (`aarch64-linux-gnu-gcc`, …),
//! which then also links (the objects are cached, see [`cross_runtime`]). `EGRET_CC` overrides
//! the compiler driver for every target.

use crate::isa::{parse_target, HOST_TARGET};
use crate::runtime::{
    HOST_RUNTIME_OBJECT, HOST_START_OBJECT, RUNTIME_HEADER, RUNTIME_SOURCES, START_SOURCE,
};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicU32, Ordering};

/// Why linking failed.
#[derive(Debug)]
pub enum LinkError {
    /// The target is not one egret supports.
    Target(String),
    /// Reading or writing a file failed.
    Io { what: String, error: std::io::Error },
    /// The C compiler driver could not be started.
    ToolMissing {
        program: String,
        error: std::io::Error,
    },
    /// The C compiler driver ran and failed.
    ToolFailed {
        command: String,
        status: ExitStatus,
        stderr: String,
    },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Target(message) => write!(f, "{message}"),
            LinkError::Io { what, error } => write!(f, "{what}: {error}"),
            LinkError::ToolMissing { program, error } => write!(
                f,
                "cannot run the C compiler `{program}` ({error}); egret needs it to link \
                 (install a C toolchain, or set EGRET_CC)"
            ),
            LinkError::ToolFailed {
                command,
                status,
                stderr,
            } => {
                write!(f, "`{command}` failed ({status})")?;
                if !stderr.trim().is_empty() {
                    write!(f, ":\n{}", stderr.trim_end())?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LinkError {}

/// Links `object` (an object file for `target`) with egret's runtime into the executable
/// `output`.
pub fn link(object: &[u8], output: &Path, target: &str) -> Result<(), LinkError> {
    link_with_compiler(object, output, target, &c_compiler(target)?)
}

/// [`link`] with an explicit C compiler driver for `target`.
pub fn link_with_compiler(
    object: &[u8],
    output: &Path,
    target: &str,
    compiler: &str,
) -> Result<(), LinkError> {
    parse_target(target).map_err(LinkError::Target)?;
    let dir = TempDir::new()?;
    let program = dir.write("program.o", object)?;
    let runtime = runtime_objects(&dir, target, compiler, true)?;
    let mut command = Command::new(compiler);
    if same_platform(target, HOST_TARGET) {
        if let Some(linker) = host_linker() {
            command.arg(format!("-fuse-ld={linker}"));
        }
    }
    // `-lm`: the C library's mathematics (the float primitives).
    run(command
        .arg("-o")
        .arg(output)
        .arg(&program)
        .args(&runtime)
        .arg("-lm"))
}

/// Combines `object` (an object file for `target`, built with the callback entries) and egret's
/// runtime, without its `main`, into the relocatable object `output` (`cc -r`): what
/// ocamlopt's `-output-complete-obj` makes, for a C program to link (with `-lm`) and start with
/// `caml_startup` (`runtime/egret_embed.c`).
pub fn link_complete_object(object: &[u8], output: &Path, target: &str) -> Result<(), LinkError> {
    let compiler = c_compiler(target)?;
    parse_target(target).map_err(LinkError::Target)?;
    let dir = TempDir::new()?;
    let program = dir.write("program.o", object)?;
    let runtime = runtime_objects(&dir, target, &compiler, false)?;
    run(Command::new(&compiler)
        .args(["-r", "-nostdlib", "-o"])
        .arg(output)
        .arg(&program)
        .args(&runtime))
}

/// Whether `bytes` is an object `egret build -c` made for `target`: a relocatable ELF object of
/// the target's architecture defining the program's entry `egret_main`, without the runtime
/// (an `--output-obj` object has it, and is for a C program's `main`). The error says why not.
pub fn check_program_object(bytes: &[u8], target: &str) -> Result<(), String> {
    use object::{Object, ObjectSymbol};
    let triple = parse_target(target)?;
    let file = object::File::parse(bytes).map_err(|_| "not an object file".to_string())?;
    if file.kind() != object::ObjectKind::Relocatable {
        return Err("not a relocatable object (an executable or a shared library?)".into());
    }
    let arch = match file.architecture() {
        object::Architecture::X86_64 => "x86_64",
        object::Architecture::Aarch64 => "aarch64",
        other => {
            return Err(format!(
                "an object for {other:?}, which egret does not target"
            ))
        }
    };
    if arch != triple.architecture.to_string() {
        return Err(format!(
            "an object for {arch}, not for the target `{target}`"
        ));
    }
    let defines = |name: &str| {
        file.symbols()
            .any(|s| s.is_definition() && s.name() == Ok(name))
    };
    if defines("egret_start_program") {
        return Err(
            "an `--output-obj` object (it holds the runtime): link it with a C program's \
                    main (`cc main.c OBJ -lm`)"
                .into(),
        );
    }
    if !defines(crate::object::ENTRY_SYMBOL) {
        return Err(
            "not an object made by `egret build -c` (it does not define `egret_main`)".into(),
        );
    }
    Ok(())
}

/// The runtime's objects for `target` in `dir`: the embedded host objects, or the sources
/// compiled with `compiler` ([`cross_runtime`]); with `main` (`egret_start.c`) for an
/// executable.
fn runtime_objects(
    dir: &TempDir,
    target: &str,
    compiler: &str,
    with_main: bool,
) -> Result<Vec<PathBuf>, LinkError> {
    if same_platform(target, HOST_TARGET) {
        let mut objects = vec![dir.write("egret_runtime.o", HOST_RUNTIME_OBJECT)?];
        if with_main {
            objects.push(dir.write("egret_start.o", HOST_START_OBJECT)?);
        }
        Ok(objects)
    } else {
        cross_runtime(dir, target, compiler, with_main)
    }
}

/// The linker the C compiler driver is asked to use for host executables: `EGRET_FUSE_LD` when
/// set (empty: the driver's default), else gold when `ld.gold` is installed — it links an egret
/// program in about two thirds of the time of the default BFD `ld`, a third of a small
/// program's whole build (issue #22).
fn host_linker() -> Option<String> {
    if let Some(v) = std::env::var_os("EGRET_FUSE_LD") {
        let v = v.to_string_lossy().into_owned();
        return (!v.is_empty()).then_some(v);
    }
    static GOLD: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let installed = *GOLD.get_or_init(|| {
        std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|dir| dir.join("ld.gold").is_file())
        })
    });
    installed.then(|| "gold".to_string())
}

/// The flags the runtime's sources are compiled with for a target other than the host's.
const CROSS_RUNTIME_FLAGS: &[&str] = &["-c", "-O2", "-fPIC", "-fno-omit-frame-pointer"];

/// The runtime's objects for `target`, compiled from the embedded sources with `compiler` into
/// `dir`, or taken from the cache of earlier compilations.
///
/// The cache is `$XDG_CACHE_HOME/egret/runtime` (else `$HOME/.cache/egret/runtime`; no cache
/// when neither is set, or with `EGRET_RUNTIME_CACHE=0`): one object per source, named by a
/// hash of the target, the compiler, its `--version` output, the flags and the sources, so any
/// change compiles afresh. Entries are written to a temporary name and renamed, so concurrent
/// links never see a partial object.
fn cross_runtime(
    dir: &TempDir,
    target: &str,
    compiler: &str,
    with_main: bool,
) -> Result<Vec<PathBuf>, LinkError> {
    let cache = runtime_cache_dir();
    let key = cache.as_ref().map(|_| runtime_cache_key(target, compiler));
    dir.write("egret_runtime.h", RUNTIME_HEADER.as_bytes())?;
    let mut objects = Vec::new();
    let start = with_main.then_some(&START_SOURCE);
    for (name, text) in RUNTIME_SOURCES.iter().chain(start) {
        let cached = match (&cache, &key) {
            (Some(cache), Some(key)) => {
                Some(cache.join(format!("{}-{key:016x}.o", name.trim_end_matches(".c"))))
            }
            _ => None,
        };
        if let Some(cached) = cached.as_ref().filter(|c| c.is_file()) {
            objects.push(cached.clone());
            continue;
        }
        let source = dir.write(name, text.as_bytes())?;
        let object = source.with_extension("o");
        run(Command::new(compiler)
            .args(CROSS_RUNTIME_FLAGS)
            .arg("-o")
            .arg(&object)
            .arg(&source))?;
        if let (Some(cache), Some(cached)) = (&cache, &cached) {
            // Best effort: a cache that cannot be written only costs time.
            let partial = cache.join(format!(
                ".{}-{}-{}.tmp",
                name,
                std::process::id(),
                TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
            ));
            if std::fs::create_dir_all(cache).is_ok()
                && std::fs::copy(&object, &partial).is_ok()
                && std::fs::rename(&partial, cached).is_err()
            {
                let _ = std::fs::remove_file(&partial);
            }
        }
        objects.push(object);
    }
    Ok(objects)
}

/// Where compiled cross runtimes are kept (see [`cross_runtime`]).
fn runtime_cache_dir() -> Option<PathBuf> {
    if std::env::var("EGRET_RUNTIME_CACHE").is_ok_and(|v| v == "0") {
        return None;
    }
    let base = match std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").filter(|v| !v.is_empty())?).join(".cache"),
    };
    Some(base.join("egret").join("runtime"))
}

/// The cache key of the runtime compiled for `target` with `compiler`.
fn runtime_cache_key(target: &str, compiler: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let version = Command::new(compiler)
        .arg("--version")
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (
        target,
        compiler,
        version,
        CROSS_RUNTIME_FLAGS,
        RUNTIME_HEADER,
    )
        .hash(&mut hasher);
    for source in RUNTIME_SOURCES.iter().chain([&START_SOURCE]) {
        source.hash(&mut hasher);
    }
    hasher.finish()
}

/// The C compiler driver for `target`: `$EGRET_CC`, else `cc` for the host's platform, else
/// `<arch>-linux-gnu-gcc`.
pub fn c_compiler(target: &str) -> Result<String, LinkError> {
    let triple = parse_target(target).map_err(LinkError::Target)?;
    if let Ok(cc) = std::env::var("EGRET_CC") {
        if !cc.is_empty() {
            return Ok(cc);
        }
    }
    if same_platform(target, HOST_TARGET) {
        Ok("cc".to_string())
    } else {
        Ok(format!("{}-linux-gnu-gcc", triple.architecture))
    }
}

/// Whether two triples name the same architecture and operating system.
fn same_platform(a: &str, b: &str) -> bool {
    match (parse_target(a), parse_target(b)) {
        (Ok(a), Ok(b)) => {
            a.architecture == b.architecture && a.operating_system == b.operating_system
        }
        _ => false,
    }
}

fn run(command: &mut Command) -> Result<(), LinkError> {
    let shown = format!("{command:?}").replace('"', "");
    let program = command.get_program().to_string_lossy().into_owned();
    let result = command
        .output()
        .map_err(|error| LinkError::ToolMissing { program, error })?;
    if result.status.success() {
        Ok(())
    } else {
        Err(LinkError::ToolFailed {
            command: shown,
            status: result.status,
            stderr: String::from_utf8_lossy(&result.stderr).into_owned(),
        })
    }
}

/// Numbers the scratch directories and files of this process.
static TEMP_COUNTER: AtomicU32 = AtomicU32::new(0);

/// A scratch directory, removed when dropped.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new() -> Result<TempDir, LinkError> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let path = std::env::temp_dir().join(format!(
            "egret-link-{}-{}-{nanos}",
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).map_err(|error| LinkError::Io {
            what: format!("creating {}", path.display()),
            error,
        })?;
        Ok(TempDir { path })
    }

    fn write(&self, name: &str, bytes: &[u8]) -> Result<PathBuf, LinkError> {
        let path = self.path.join(name);
        std::fs::write(&path, bytes).map_err(|error| LinkError::Io {
            what: format!("writing {}", path.display()),
            error,
        })?;
        Ok(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
