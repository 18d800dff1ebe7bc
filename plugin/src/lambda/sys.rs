//! OCaml's `Sys` primitives for the interpreters (lambda and SSA): the same system calls as
//! the C runtime's (`runtime/egret_prims.c`, after OCaml's `runtime/sys.c`), with the same
//! results and errors; also `Random`'s seed (`caml_sys_random_seed`, in OCaml's sys.c too) and
//! `Digest`'s `caml_md5_string` ([`super::md5`]). Each interpreter converts its values to
//! [`SysArg`]s and the [`SysResult`] back.

use std::ffi::OsStr;
use std::os::unix::ffi::{OsStrExt, OsStringExt};

/// An argument of a `Sys` primitive.
pub enum SysArg {
    Str(Vec<u8>),
    Int(i64),
}

/// What a `Sys` primitive returns.
pub enum SysValue {
    Unit,
    Bool(bool),
    Int(i64),
    Str(Vec<u8>),
    /// `Sys.readdir`: a string array.
    Strs(Vec<Vec<u8>>),
    /// `Sys.time`: a float.
    Float(f64),
    /// `caml_sys_random_seed`: an int array.
    Ints(Vec<i64>),
    /// `Sys.command`: the exit code, and what the command wrote (the interpreters collect the
    /// program's output instead of writing it).
    Command {
        code: i64,
        stdout: Vec<u8>,
        stderr: Vec<u8>,
    },
}

/// How a `Sys` primitive fails: the exception it raises.
pub enum SysFailure {
    NotFound,
    EndOfFile,
    /// `Sys_error` with this message.
    SysError(Vec<u8>),
}

pub type SysResult = Result<SysValue, SysFailure>;

/// The primitives of this module.
pub const PRIMITIVES: &[&str] = &[
    "caml_sys_getenv",
    "caml_sys_file_exists",
    "caml_sys_is_directory",
    "caml_sys_remove",
    "caml_sys_rename",
    "caml_sys_chdir",
    "caml_sys_getcwd",
    "caml_sys_mkdir",
    "caml_sys_rmdir",
    "caml_sys_system_command",
    "caml_sys_read_directory",
    "caml_sys_time",
    "caml_sys_executable_name",
    "caml_sys_random_seed",
    "caml_md5_string",
];

/// strerror's text for an OS error (Rust's message without its " (os error N)").
fn strerror(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// `Sys_error "NAME: <strerror>"` (caml_sys_error), or strerror's text alone.
fn sys_error(name: Option<&[u8]>, e: &std::io::Error) -> SysFailure {
    let mut m = Vec::new();
    if let Some(n) = name {
        m.extend_from_slice(n);
        m.extend_from_slice(b": ");
    }
    m.extend_from_slice(strerror(e).as_bytes());
    SysFailure::SysError(m)
}

fn enoent() -> std::io::Error {
    std::io::Error::from_raw_os_error(2)
}

/// A file name as the C runtime passes it: one holding a NUL byte names no file.
fn path(name: &[u8]) -> Result<&OsStr, SysFailure> {
    if name.contains(&0) {
        return Err(sys_error(Some(name), &enoent()));
    }
    Ok(OsStr::from_bytes(name))
}

/// Runs primitive `name` (one of [`PRIMITIVES`]), or `None` for another name or bad arguments.
pub fn call(name: &str, args: &[SysArg]) -> Option<SysResult> {
    let s = |i: usize| match args.get(i) {
        Some(SysArg::Str(s)) => Some(s.as_slice()),
        _ => None,
    };
    let n = |i: usize| match args.get(i) {
        Some(SysArg::Int(n)) => Some(*n),
        _ => None,
    };
    let io = |name: Option<&[u8]>, r: std::io::Result<()>| match r {
        Ok(()) => Ok(SysValue::Unit),
        Err(e) => Err(sys_error(name, &e)),
    };
    Some(match name {
        "caml_sys_getenv" => {
            let var = s(0)?;
            match (var.contains(&0), std::env::var_os(OsStr::from_bytes(var))) {
                (false, Some(v)) => Ok(SysValue::Str(v.into_vec())),
                _ => Err(SysFailure::NotFound),
            }
        }
        "caml_sys_file_exists" => {
            let f = s(0)?;
            Ok(SysValue::Bool(
                !f.contains(&0) && std::fs::metadata(OsStr::from_bytes(f)).is_ok(),
            ))
        }
        "caml_sys_is_directory" => {
            let f = s(0)?;
            path(f).and_then(|p| match std::fs::metadata(p) {
                Ok(m) => Ok(SysValue::Bool(m.is_dir())),
                Err(e) => Err(sys_error(Some(f), &e)),
            })
        }
        "caml_sys_remove" => {
            let f = s(0)?;
            path(f).and_then(|p| io(Some(f), std::fs::remove_file(p)))
        }
        "caml_sys_rename" => {
            let (a, b) = (s(0)?, s(1)?);
            path(a).and_then(|a| path(b).and_then(|b| io(None, std::fs::rename(a, b))))
        }
        "caml_sys_chdir" => {
            let f = s(0)?;
            path(f).and_then(|p| io(Some(f), std::env::set_current_dir(p)))
        }
        "caml_sys_getcwd" => match std::env::current_dir() {
            Ok(d) => Ok(SysValue::Str(d.into_os_string().into_vec())),
            Err(e) => Err(sys_error(None, &e)),
        },
        "caml_sys_mkdir" => {
            use std::os::unix::fs::DirBuilderExt;
            let (f, perm) = (s(0)?, n(1)?);
            path(f).and_then(|p| {
                let r = std::fs::DirBuilder::new().mode(perm as u32).create(p);
                io(Some(f), r)
            })
        }
        "caml_sys_rmdir" => {
            let f = s(0)?;
            path(f).and_then(|p| io(Some(f), std::fs::remove_dir(p)))
        }
        "caml_sys_system_command" => {
            let c = s(0)?;
            if c.contains(&0) {
                return Some(Err(sys_error(
                    Some(c),
                    &std::io::Error::from_raw_os_error(22),
                )));
            }
            match std::process::Command::new("/bin/sh")
                .arg("-c")
                .arg(OsStr::from_bytes(c))
                .output()
            {
                Ok(out) => Ok(SysValue::Command {
                    code: out.status.code().map_or(255, i64::from),
                    stdout: out.stdout,
                    stderr: out.stderr,
                }),
                Err(e) => Err(sys_error(Some(c), &e)),
            }
        }
        "caml_sys_read_directory" => {
            let f = s(0)?;
            path(f).and_then(|p| {
                let entries = std::fs::read_dir(p).map_err(|e| sys_error(Some(f), &e))?;
                let mut names = Vec::new();
                for e in entries {
                    let e = e.map_err(|e| sys_error(Some(f), &e))?;
                    names.push(e.file_name().into_vec());
                }
                Ok(SysValue::Strs(names))
            })
        }
        "caml_sys_time" => Ok(SysValue::Float(process_time())),
        // The interpreter's own executable (the compiled program's is its /proc/self/exe).
        "caml_sys_executable_name" => {
            use std::os::unix::ffi::OsStringExt;
            Ok(SysValue::Str(
                std::env::current_exe()
                    .map(|p| p.into_os_string().into_vec())
                    .unwrap_or_default(),
            ))
        }
        "caml_sys_random_seed" => Ok(SysValue::Ints(random_seed())),
        "caml_md5_string" => {
            let (str, ofs, len) = (s(0)?, n(1)?, n(2)?);
            // Digest checks the bounds before calling the primitive.
            let bytes = str
                .get(usize::try_from(ofs).ok()?..)?
                .get(..usize::try_from(len).ok()?)?;
            Ok(SysValue::Str(super::md5::digest(bytes).to_vec()))
        }
        _ => return None,
    })
}

/// OCaml's `caml_sys_time`: the processor time used, user and system, in seconds
/// (getrusage, as the C runtime).
fn process_time() -> f64 {
    unsafe extern "C" {
        /// `struct rusage` on 64-bit Linux: `ru_utime` and `ru_stime` (each a `timeval`, two
        /// longs), then 14 longs.
        fn getrusage(who: i32, usage: *mut [i64; 18]) -> i32;
    }
    const RUSAGE_SELF: i32 = 0;
    let mut ru = [0i64; 18];
    // SAFETY: `ru` has the size and alignment of `struct rusage` on the 64-bit Linux targets
    // egret supports (x86-64, AArch64).
    if unsafe { getrusage(RUSAGE_SELF, &mut ru) } != 0 {
        return 0.0;
    }
    (ru[0] as f64 + ru[1] as f64 / 1e6) + (ru[2] as f64 + ru[3] as f64 / 1e6)
}

/// OCaml's `caml_sys_random_seed`: up to 12 bytes of `/dev/urandom`, last byte first, one int
/// each; if fewer than 12 could be read, the time (microseconds, seconds) and the process ids
/// complete them.
fn random_seed() -> Vec<i64> {
    use std::io::Read;
    let mut data = Vec::new();
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        let mut buffer = [0u8; 12];
        // One read, as OCaml's.
        if let Ok(n) = f.read(&mut buffer) {
            data.extend(buffer[..n].iter().rev().map(|&b| i64::from(b)));
        }
    }
    if data.len() < 12 {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        data.push(i64::from(now.subsec_micros()));
        data.push(now.as_secs() as i64);
        data.push(i64::from(std::process::id()));
        data.push(i64::from(std::os::unix::process::parent_id()));
    }
    data
}
