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
    "egret_open_gen",
    "egret_close_channel",
    "egret_input_char",
    "egret_input",
    "egret_input_scan_line",
    "egret_in_channel_length",
    "egret_seek_in",
    "egret_output_string",
    "egret_flush_all",
    "caml_md5_chan",
];

struct InChan {
    src: Option<Box<dyn Read + Send>>,
    file: Option<std::fs::File>,
    buf: Vec<u8>,
    curr: usize,
}

struct OutChan {
    file: Option<std::fs::File>,
    buf: Vec<u8>,
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
        self.buf.clear();
        r.map_err(|e| io_error(&e))
    }
}

/// How a file is opened: `open_in`'s and `open_out`'s ways, or `open_*_gen`'s flags (bit i:
/// the i-th `Stdlib.open_flag`) and permissions.
enum OpenMode {
    Plain,
    Gen { bits: i64, perm: u32 },
}

fn open(name: &[u8], out: bool) -> SysResult {
    open_with(name, out, OpenMode::Plain)
}

fn open_with(name: &[u8], out: bool, mode: OpenMode) -> SysResult {
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
    let file = if let OpenMode::Gen { bits, perm } = mode {
        use std::os::unix::fs::OpenOptionsExt;
        // Linux's O_APPEND, O_CREAT, O_TRUNC, O_EXCL, O_NONBLOCK (OCaml's caml_sys_open).
        let table = [
            (2, 0o2000),
            (3, 0o100),
            (4, 0o1000),
            (5, 0o200),
            (8, 0o4000),
        ];
        let custom = (table.iter())
            .filter(|(i, _)| bits & (1 << i) != 0)
            .fold(0, |f, (_, flag)| f | flag);
        let write = bits & 2 != 0;
        std::fs::OpenOptions::new()
            .read(!write)
            .write(write)
            .custom_flags(custom)
            .mode(perm)
            .open(path)
    } else if out {
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
    let chan = if out {
        Chan::Out(OutChan {
            file: Some(file),
            buf: Vec::new(),
        })
    } else {
        Chan::In(InChan {
            src: None,
            file: Some(file),
            buf: Vec::new(),
            curr: 0,
        })
    };
    Ok(table(|t| {
        if t.chans.is_empty() {
            t.chans = vec![Some(stdin_chan(Box::new(std::io::stdin()))), None, None];
        }
        t.chans.push(Some(chan));
        SysValue::Int(t.chans.len() as i64 - 1)
    }))
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
        "egret_open_gen" => {
            let (bits, perm, out) = (n(1)?, n(2)?, n(3)? != 0);
            let perm = perm as u32;
            open_with(s(0)?, out, OpenMode::Gen { bits, perm })
        }
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
        "egret_in_channel_length" => with_in(n(0)?, |c| match &c.file {
            Some(f) => f
                .metadata()
                .map(|m| SysValue::Int(m.len() as i64))
                .map_err(|e| io_error(&e)),
            None => Err(SysFailure::SysError(b"Illegal seek".to_vec())),
        }),
        // caml_ml_seek_in: the file's position moves, the buffer is emptied.
        "egret_seek_in" => {
            let pos = n(1)?;
            with_in(n(0)?, |c| match &mut c.file {
                Some(f) => {
                    use std::io::Seek;
                    let to = u64::try_from(pos)
                        .map_err(|_| SysFailure::SysError(b"Invalid argument".to_vec()))?;
                    f.seek(std::io::SeekFrom::Start(to))
                        .map_err(|e| io_error(&e))?;
                    c.buf.clear();
                    c.curr = 0;
                    Ok(SysValue::Unit)
                }
                None => Err(SysFailure::SysError(b"Illegal seek".to_vec())),
            })
        }
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
