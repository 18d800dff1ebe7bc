//! Channels beyond stdout and stderr for the interpreters (lambda and SSA): `stdin` and the
//! files `open_in`/`open_out` open, buffered as the C runtime's (`runtime/egret_runtime.c`,
//! after OCaml's `io.c`): the same primitives, results and errors. A channel is an int: 0
//! stdin, 1 stdout, 2 stderr (the interpreters collect those two themselves), 3.. opened
//! ones. The table is the process's; stdin is the process's unless [`set_stdin`] gave bytes
//! (tests give the interpreters an empty one).

use super::sys::{SysArg, SysFailure, SysResult, SysValue};
use std::io::{Read, Write};
use std::sync::Mutex;

const IO_BUFFER_SIZE: usize = 65536;

/// The primitives of this module.
pub const PRIMITIVES: &[&str] = &[
    "egret_open_in",
    "egret_open_out",
    "egret_close_channel",
    "egret_input_char",
    "egret_input",
    "egret_input_scan_line",
    "egret_in_channel_length",
    "egret_output_string",
    "egret_flush_all",
    "caml_md5_chan",
    "egret_pos_in",
    "egret_seek_in",
    "egret_pos_out",
    "egret_seek_out",
    "egret_out_channel_length",
    "egret_sys_open",
    "egret_sys_close",
    "caml_sys_open",
    "egret_open_descriptor_in",
    "egret_open_descriptor_out",
];

/// The C library's file functions (the `open_flag` bits are Linux's, x86-64 and AArch64 alike).
mod libc {
    unsafe extern "C" {
        pub fn open(path: *const std::ffi::c_char, flags: i32, ...) -> i32;
        pub fn lseek(fd: i32, offset: i64, whence: i32) -> i64;
        pub fn close(fd: i32) -> i32;
    }
    pub const O_WRONLY: i32 = 0o1;
    pub const O_APPEND: i32 = 0o2000;
    pub const O_CREAT: i32 = 0o100;
    pub const O_TRUNC: i32 = 0o1000;
    pub const O_EXCL: i32 = 0o200;
    pub const O_NONBLOCK: i32 = 0o4000;
    pub const O_CLOEXEC: i32 = 0o2000000;
    pub const SEEK_SET: i32 = 0;
    pub const SEEK_CUR: i32 = 1;
    pub const SEEK_END: i32 = 2;
}

/// `lseek(fd, 0, SEEK_CUR)`: -1 when the descriptor cannot seek (OCaml's channel offset).
fn current_offset(fd: i32) -> i64 {
    unsafe { libc::lseek(fd, 0, libc::SEEK_CUR) }
}

/// `Sys_error` with strerror's text of the last error.
fn last_error() -> SysFailure {
    io_error(&std::io::Error::last_os_error())
}

fn espipe() -> SysFailure {
    io_error(&std::io::Error::from_raw_os_error(29))
}

/// OCaml's caml_channel_size: the file's size, the descriptor left at `offset`.
fn channel_size(file: &Option<std::fs::File>, offset: i64) -> Result<SysValue, SysFailure> {
    use std::os::unix::io::AsRawFd;
    let Some(f) = file else {
        return Err(ebadf());
    };
    let fd = f.as_raw_fd();
    let here = if offset == -1 {
        current_offset(fd)
    } else {
        offset
    };
    if here == -1 {
        return Err(last_error());
    }
    let end = unsafe { libc::lseek(fd, 0, libc::SEEK_END) };
    if end == -1 || unsafe { libc::lseek(fd, here, libc::SEEK_SET) } != here {
        return Err(last_error());
    }
    Ok(SysValue::Int(end))
}

/// `pos_out`, `seek_out` and `out_channel_length` of stdout (1) or stderr (2), which the
/// interpreters collect unbuffered: as ocamlopt's when the output is a pipe (offset -1, so
/// `pos_out` is -1 plus the bytes written; seeking and the length fail).
pub fn std_out_call(name: &str, written: usize) -> Option<SysResult> {
    Some(match name {
        "egret_pos_out" => Ok(SysValue::Int(written as i64 - 1)),
        "egret_seek_out" | "egret_out_channel_length" => Err(espipe()),
        _ => return None,
    })
}

/// `offset`: the file position after the buffer's last byte (-1 if it cannot seek), as the
/// C runtime's `struct in_chan`.
struct InChan {
    src: Option<Box<dyn Read + Send>>,
    file: Option<std::fs::File>,
    buf: Vec<u8>,
    curr: usize,
    offset: i64,
}

/// `offset`: the file position of the buffer's first byte (-1 if it cannot seek).
struct OutChan {
    file: Option<std::fs::File>,
    buf: Vec<u8>,
    offset: i64,
}

enum Chan {
    In(InChan),
    Out(OutChan),
}

#[derive(Default)]
struct Table {
    chans: Vec<Option<Chan>>,
}

static TABLE: Mutex<Table> = Mutex::new(Table { chans: Vec::new() });

/// Runs `f` on the table (one per process, as the C runtime's).
fn table<T>(f: impl FnOnce(&mut Table) -> T) -> T {
    let mut t = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    f(&mut t)
}

fn stdin_chan(src: Box<dyn Read + Send>) -> Chan {
    Chan::In(InChan {
        src: Some(src),
        file: None,
        buf: Vec::new(),
        curr: 0,
        offset: -1,
    })
}

/// Starts this thread's table afresh: stdin reads `bytes` (or the process's stdin).
pub fn set_stdin(bytes: Option<Vec<u8>>) {
    let src: Box<dyn Read + Send> = match bytes {
        Some(b) => Box::new(std::io::Cursor::new(b)),
        None => Box::new(std::io::stdin()),
    };
    table(|t| t.chans = vec![Some(stdin_chan(src)), None, None]);
}

fn ebadf() -> SysFailure {
    SysFailure::SysError(b"Bad file descriptor".to_vec())
}

fn io_error(e: &std::io::Error) -> SysFailure {
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    };
    SysFailure::SysError(text.into_bytes())
}

impl InChan {
    fn reader(&mut self) -> Option<&mut dyn Read> {
        match (&mut self.src, &mut self.file) {
            (Some(s), _) => Some(s.as_mut()),
            (None, Some(f)) => Some(f),
            _ => None,
        }
    }
    /// Reads more into the buffer (after what is there); the number of bytes read.
    fn fill(&mut self) -> Result<usize, SysFailure> {
        if self.curr > 0 {
            self.buf.drain(..self.curr);
            self.curr = 0;
        }
        let room = IO_BUFFER_SIZE - self.buf.len();
        let mut chunk = vec![0u8; room];
        let Some(r) = self.reader() else {
            return Err(ebadf());
        };
        loop {
            match r.read(&mut chunk) {
                Ok(n) => {
                    self.buf.extend_from_slice(&chunk[..n]);
                    self.offset += n as i64;
                    return Ok(n);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(io_error(&e)),
            }
        }
    }
    fn avail(&self) -> usize {
        self.buf.len() - self.curr
    }
}

impl OutChan {
    fn flush(&mut self) -> Result<(), SysFailure> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let Some(f) = &mut self.file else {
            return Err(ebadf());
        };
        let r = f.write_all(&self.buf);
        if r.is_ok() {
            self.offset += self.buf.len() as i64;
        }
        self.buf.clear();
        r.map_err(|e| io_error(&e))
    }
}

fn open(name: &[u8], out: bool) -> SysResult {
    use std::os::unix::ffi::OsStrExt;
    let fail = |e: &std::io::Error| {
        let mut m = name.to_vec();
        m.extend_from_slice(b": ");
        if let SysFailure::SysError(t) = io_error(e) {
            m.extend_from_slice(&t);
        }
        SysFailure::SysError(m)
    };
    if name.contains(&0) {
        return Err(fail(&std::io::Error::from_raw_os_error(2)));
    }
    let path = std::ffi::OsStr::from_bytes(name);
    let file = if out {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o666)
            .open(path)
    } else {
        std::fs::File::open(path)
    };
    let file = file.map_err(|e| fail(&e))?;
    Ok(add_chan(file, out))
}

/// The flag bits of OCaml's `sys_open_flags`, in `open_flag`'s order.
const OPEN_FLAGS: [i32; 9] = [
    0,
    libc::O_WRONLY,
    libc::O_APPEND | libc::O_WRONLY,
    libc::O_CREAT,
    libc::O_TRUNC,
    libc::O_EXCL,
    0,
    0,
    libc::O_NONBLOCK,
];

/// OCaml's caml_sys_open: `bits` has bit i for the i-th `open_flag` constructor.
fn sys_open(name: &[u8], bits: i64, perm: i64) -> SysResult {
    let fail = |e: &std::io::Error| {
        let mut m = name.to_vec();
        m.extend_from_slice(b": ");
        if let SysFailure::SysError(t) = io_error(e) {
            m.extend_from_slice(&t);
        }
        SysFailure::SysError(m)
    };
    let Ok(path) = std::ffi::CString::new(name) else {
        return Err(fail(&std::io::Error::from_raw_os_error(2)));
    };
    let mut flags = libc::O_CLOEXEC;
    for (i, f) in OPEN_FLAGS.iter().enumerate() {
        if bits & (1 << i) != 0 {
            flags |= f;
        }
    }
    let fd = unsafe { libc::open(path.as_ptr(), flags, perm as u32) };
    if fd < 0 {
        return Err(fail(&std::io::Error::last_os_error()));
    }
    Ok(SysValue::Int(i64::from(fd)))
}

/// caml_ml_open_descriptor_in/out: a channel on `file`, at the descriptor's offset.
fn add_chan(file: std::fs::File, out: bool) -> SysValue {
    use std::os::unix::io::AsRawFd;
    let offset = current_offset(file.as_raw_fd());
    let chan = if out {
        Chan::Out(OutChan {
            file: Some(file),
            buf: Vec::new(),
            offset,
        })
    } else {
        Chan::In(InChan {
            src: None,
            file: Some(file),
            buf: Vec::new(),
            curr: 0,
            offset,
        })
    };
    table(|t| {
        if t.chans.is_empty() {
            t.chans = vec![Some(stdin_chan(Box::new(std::io::stdin()))), None, None];
        }
        t.chans.push(Some(chan));
        SysValue::Int(t.chans.len() as i64 - 1)
    })
}

fn with_out<T>(
    id: i64,
    f: impl FnOnce(&mut OutChan) -> Result<T, SysFailure>,
) -> Result<T, SysFailure> {
    with_chan(id, |c| match c {
        Chan::Out(c) => f(c),
        Chan::In(_) => Err(ebadf()),
    })
}

/// Runs `f` on channel `id` (stdin made on first use).
fn with_chan<T>(
    id: i64,
    f: impl FnOnce(&mut Chan) -> Result<T, SysFailure>,
) -> Result<T, SysFailure> {
    table(|t| {
        if t.chans.is_empty() {
            t.chans = vec![Some(stdin_chan(Box::new(std::io::stdin()))), None, None];
        }
        match usize::try_from(id).ok().and_then(|i| t.chans.get_mut(i)) {
            Some(Some(c)) => f(c),
            _ => Err(ebadf()),
        }
    })
}

fn with_in<T>(
    id: i64,
    f: impl FnOnce(&mut InChan) -> Result<T, SysFailure>,
) -> Result<T, SysFailure> {
    with_chan(id, |c| match c {
        Chan::In(c) => f(c),
        Chan::Out(_) => Err(ebadf()),
    })
}

/// Runs primitive `name` (one of [`PRIMITIVES`]); `None` for another name or bad arguments.
/// `egret_input` returns the bytes read as [`SysValue::Str`]: the caller blits them.
pub fn call(name: &str, args: &[SysArg]) -> Option<SysResult> {
    let s = |i: usize| match args.get(i) {
        Some(SysArg::Str(s)) => Some(s.as_slice()),
        _ => None,
    };
    let n = |i: usize| match args.get(i) {
        Some(SysArg::Int(n)) => Some(*n),
        _ => None,
    };
    Some(match name {
        "egret_open_in" => open(s(0)?, false),
        "egret_open_out" => open(s(0)?, true),
        // caml_sys_open's flag list was made the bit set by the interpreter.
        "egret_sys_open" | "caml_sys_open" => sys_open(s(0)?, n(1)?, n(2)?),
        // The standard descriptors are the interpreting process's own: never closed here.
        "egret_sys_close" => {
            let fd = i32::try_from(n(0)?).ok()?;
            if fd > 2 {
                unsafe { libc::close(fd) };
            }
            Ok(SysValue::Unit)
        }
        // A channel owns its descriptor (closed with it); a standard one is duplicated.
        "egret_open_descriptor_in" | "egret_open_descriptor_out" => {
            use std::os::unix::io::FromRawFd;
            let fd = i32::try_from(n(0)?).ok()?;
            let file = if fd > 2 {
                unsafe { std::fs::File::from_raw_fd(fd) }
            } else {
                let shared = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
                match shared.try_clone() {
                    Ok(f) => f,
                    Err(e) => return Some(Err(io_error(&e))),
                }
            };
            Ok(add_chan(file, name == "egret_open_descriptor_out"))
        }
        "egret_pos_in" => with_in(n(0)?, |c| Ok(SysValue::Int(c.offset - c.avail() as i64))),
        "egret_seek_in" => {
            let dest = n(1)?;
            with_in(n(0)?, |c| {
                if dest >= c.offset - c.buf.len() as i64 && dest <= c.offset {
                    c.curr = c.buf.len() - (c.offset - dest) as usize;
                    return Ok(SysValue::Unit);
                }
                use std::os::unix::io::AsRawFd;
                let Some(f) = &c.file else {
                    return Err(if c.src.is_some() { espipe() } else { ebadf() });
                };
                if unsafe { libc::lseek(f.as_raw_fd(), dest, libc::SEEK_SET) } != dest {
                    return Err(last_error());
                }
                c.offset = dest;
                c.buf.clear();
                c.curr = 0;
                Ok(SysValue::Unit)
            })
        }
        "egret_pos_out" => with_out(n(0)?, |c| Ok(SysValue::Int(c.offset + c.buf.len() as i64))),
        "egret_seek_out" => {
            let dest = n(1)?;
            with_out(n(0)?, |c| {
                c.flush()?;
                use std::os::unix::io::AsRawFd;
                let Some(f) = &c.file else {
                    return Err(ebadf());
                };
                if unsafe { libc::lseek(f.as_raw_fd(), dest, libc::SEEK_SET) } != dest {
                    return Err(last_error());
                }
                c.offset = dest;
                Ok(SysValue::Unit)
            })
        }
        "egret_out_channel_length" => with_out(n(0)?, |c| channel_size(&c.file, c.offset)),
        "egret_close_channel" => {
            let id = n(0)?;
            with_chan(id, |c| {
                match c {
                    Chan::In(c) => {
                        c.src = None;
                        c.file = None;
                        c.buf.clear();
                        c.curr = 0;
                    }
                    Chan::Out(c) => {
                        c.file = None;
                        c.buf.clear();
                    }
                }
                Ok(SysValue::Unit)
            })
        }
        "egret_input_char" => with_in(n(0)?, |c| {
            if c.avail() == 0 && c.fill()? == 0 {
                return Ok(SysValue::Int(-1));
            }
            c.curr += 1;
            Ok(SysValue::Int(i64::from(c.buf[c.curr - 1])))
        }),
        "egret_input" => {
            let len = usize::try_from(n(1)?).ok()?;
            with_in(n(0)?, |c| {
                if c.avail() == 0 && len > 0 {
                    c.fill()?;
                }
                let k = len.min(c.avail());
                let out = c.buf[c.curr..c.curr + k].to_vec();
                c.curr += k;
                Ok(SysValue::Str(out))
            })
        }
        // The digest of the next `len` bytes (End_of_file if fewer), or of the rest (len < 0).
        "caml_md5_chan" => {
            let want = n(1)?;
            with_in(n(0)?, |c| {
                let mut data = Vec::new();
                while want < 0 || (data.len() as i64) < want {
                    if c.avail() == 0 && c.fill()? == 0 {
                        if want < 0 {
                            break;
                        }
                        return Err(SysFailure::EndOfFile);
                    }
                    let mut k = c.avail();
                    if want >= 0 {
                        k = k.min((want - data.len() as i64) as usize);
                    }
                    data.extend_from_slice(&c.buf[c.curr..c.curr + k]);
                    c.curr += k;
                }
                Ok(SysValue::Str(super::md5::digest(&data).to_vec()))
            })
        }
        "egret_input_scan_line" => with_in(n(0)?, |c| {
            let mut p = c.curr;
            loop {
                if p >= c.buf.len() {
                    let shift = c.curr;
                    if c.buf.len() - shift >= IO_BUFFER_SIZE {
                        return Ok(SysValue::Int(-(c.avail() as i64)));
                    }
                    let got = c.fill()?;
                    p -= shift;
                    if got == 0 {
                        return Ok(SysValue::Int(-(c.avail() as i64)));
                    }
                }
                p += 1;
                if c.buf[p - 1] == b'\n' {
                    return Ok(SysValue::Int((p - c.curr) as i64));
                }
            }
        }),
        "egret_in_channel_length" => with_in(n(0)?, |c| {
            if c.src.is_some() {
                return Err(espipe());
            }
            channel_size(&c.file, c.offset)
        }),
        "egret_output_string" => {
            let (id, text) = (n(0)?, s(1)?);
            with_chan(id, |c| match c {
                Chan::Out(c) => {
                    for chunk in text.chunks(IO_BUFFER_SIZE) {
                        let room = IO_BUFFER_SIZE - c.buf.len();
                        let k = room.min(chunk.len());
                        c.buf.extend_from_slice(&chunk[..k]);
                        if c.buf.len() == IO_BUFFER_SIZE {
                            c.flush()?;
                        }
                        c.buf.extend_from_slice(&chunk[k..]);
                    }
                    Ok(SysValue::Unit)
                }
                Chan::In(_) => Err(ebadf()),
            })
        }
        // Every opened out channel, errors ignored (the files' part of OCaml's flush_all).
        "egret_flush_all" => {
            table(|t| {
                for c in t.chans.iter_mut().flatten() {
                    if let Chan::Out(c) = c {
                        if c.file.is_some() {
                            let _ = c.flush();
                        }
                    }
                }
            });
            Ok(SysValue::Unit)
        }
        _ => return None,
    })
}

/// `flush` of channel `id` >= 3 (stdout and stderr are the interpreters' own, unbuffered).
pub fn flush(id: i64) -> Result<(), SysFailure> {
    with_chan(id, |c| match c {
        Chan::Out(c) => c.flush(),
        Chan::In(_) => Ok(()),
    })
}
