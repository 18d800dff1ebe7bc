//! Linking: an object file from [`crate::write_object`] plus egret's runtime → an executable,
//! through the system C compiler driver.
//!
//! For the host target the runtime object embedded at build time is used; for another target
//! the embedded C source is compiled with that target's C compiler (`aarch64-linux-gnu-gcc`, …),
//! which then also links. `EGRET_CC` overrides the compiler driver for every target.

use crate::isa::{parse_target, HOST_TARGET};
use crate::runtime::{HOST_RUNTIME_OBJECT, RUNTIME_HEADER, RUNTIME_SOURCES};
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
    let mut runtime = Vec::new();
    if same_platform(target, HOST_TARGET) {
        runtime.push(dir.write("egret_runtime.o", HOST_RUNTIME_OBJECT)?);
    } else {
        dir.write("egret_runtime.h", RUNTIME_HEADER.as_bytes())?;
        for (name, text) in RUNTIME_SOURCES {
            let source = dir.write(name, text.as_bytes())?;
            let object = source.with_extension("o");
            run(Command::new(compiler)
                .args(["-c", "-O2", "-fPIC", "-fno-omit-frame-pointer", "-o"])
                .arg(&object)
                .arg(&source))?;
            runtime.push(object);
        }
    }
    run(Command::new(compiler)
        .arg("-o")
        .arg(output)
        .arg(&program)
        .args(&runtime))
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

/// A scratch directory, removed when dropped.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new() -> Result<TempDir, LinkError> {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let path = std::env::temp_dir().join(format!(
            "egret-link-{}-{}-{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
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
