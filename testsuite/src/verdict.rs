//! Verdicts, and the one-line details that go with them.
//!
//! `ok`, `COMPILE-FAIL <first error line>`, `WRONG line N: want <..> got <..>`,
//! `CRASH <signal or exit N (want M)>: <first differing line>`, `TIMEOUT compile|run`: the
//! reference runner's words, with its details (the first error line of the compiler's
//! output, the first differing line of the program's), so both runners can be compared
//! line by line.

use std::fmt;

/// What happened to one test on one backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    Ok,
    CompileFail,
    Wrong,
    Crash,
    Timeout,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::CompileFail => "COMPILE-FAIL",
            Verdict::Wrong => "WRONG",
            Verdict::Crash => "CRASH",
            Verdict::Timeout => "TIMEOUT",
        }
    }

    /// A wrong answer or a crash: worse than refusing to compile, never acceptable unless
    /// listed as known.
    pub fn is_unsound(self) -> bool {
        matches!(self, Verdict::Wrong | Verdict::Crash)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Python's `str.splitlines()` line boundaries.
fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let boundary = matches!(
            c,
            '\n' | '\r'
                | '\u{0b}'
                | '\u{0c}'
                | '\u{1c}'
                | '\u{1d}'
                | '\u{1e}'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        );
        if boundary {
            lines.push(&text[start..i]);
            let mut next = i + c.len_utf8();
            if c == '\r' {
                if let Some(&(j, '\n')) = it.peek() {
                    it.next();
                    next = j + 1;
                }
            }
            start = next;
        }
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

fn truncate_chars(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// `\s*(error|Error|Fatal error|fatal|thread .* panicked)` at the start of a line.
fn is_error_line(l: &str) -> bool {
    let t = l.trim_start();
    ["error", "Error", "Fatal error", "fatal"]
        .iter()
        .any(|p| t.starts_with(p))
        || t.strip_prefix("thread ")
            .is_some_and(|rest| rest.contains("panicked"))
}

/// The first error line of a compiler's output (with egret's `= note` under it, if any),
/// else its first line; at most 200 characters.
pub fn first_error(text: &str) -> String {
    let lines: Vec<&str> = split_lines(text)
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim_end())
        .collect();
    for (i, l) in lines.iter().enumerate() {
        if is_error_line(l) {
            let mut note = String::new();
            for m in lines.iter().skip(i + 1).take(11) {
                let mt = m.trim_start();
                if mt.starts_with("error") || mt.starts_with("Error") {
                    break;
                }
                if let Some(rest) = mt.strip_prefix("= ") {
                    note = format!(" [{}]", rest.trim());
                    break;
                }
            }
            return truncate_chars(&format!("{}{note}", l.trim()), 200);
        }
    }
    match lines.first() {
        Some(l) => truncate_chars(l.trim(), 200),
        None => "(no output)".into(),
    }
}

/// Python's `repr()` of a string (the quotes it picks, its escapes).
fn py_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::new();
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c)
            }
            c if (c as u32) < 0x20 || (0x7f..0xa1).contains(&(c as u32)) || c == '\u{ad}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// Bytes decoded as UTF-8 with invalid bytes as `\xNN` (Python's `backslashreplace`).
fn decode_backslashreplace(b: &[u8]) -> String {
    let mut out = String::new();
    for chunk in b.utf8_chunks() {
        out.push_str(chunk.valid());
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

fn short(b: Option<&[u8]>) -> String {
    let Some(b) = b else {
        return "<EOF>".into();
    };
    let s = decode_backslashreplace(b);
    let n = s.chars().count();
    let mut cut = truncate_chars(&s, 70);
    if n > 70 {
        cut.push_str("...");
    }
    py_repr(&cut)
}

/// CRLF becomes LF (ocamltest compares text files).
pub fn normalise(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

fn split_output(b: &[u8]) -> Vec<&[u8]> {
    if b.is_empty() {
        return Vec::new();
    }
    let b = b.strip_suffix(b"\n").unwrap_or(b);
    b.split(|&c| c == b'\n').collect()
}

/// `line N: want <..> got <..>` for the first line where `got` differs from `want`.
pub fn first_diff(want: &[u8], got: &[u8]) -> String {
    fn trim_nl(b: &[u8]) -> &[u8] {
        let mut b = b;
        while let Some(x) = b.strip_suffix(b"\n") {
            b = x;
        }
        b
    }
    if trim_nl(want) == trim_nl(got) {
        return "differs only in trailing newlines".into();
    }
    let (wl, gl) = (split_output(want), split_output(got));
    for i in 0..wl.len().max(gl.len()) {
        let (w, g) = (wl.get(i).copied(), gl.get(i).copied());
        if w != g {
            return format!("line {}: want {} got {}", i + 1, short(w), short(g));
        }
    }
    "identical".into()
}

/// The name Python's `signal.Signals` gives a Linux signal number.
pub fn signal_name(sig: i32) -> String {
    const NAMES: [&str; 32] = [
        "",
        "SIGHUP",
        "SIGINT",
        "SIGQUIT",
        "SIGILL",
        "SIGTRAP",
        "SIGABRT",
        "SIGBUS",
        "SIGFPE",
        "SIGKILL",
        "SIGUSR1",
        "SIGSEGV",
        "SIGUSR2",
        "SIGPIPE",
        "SIGALRM",
        "SIGTERM",
        "SIGSTKFLT",
        "SIGCHLD",
        "SIGCONT",
        "SIGSTOP",
        "SIGTSTP",
        "SIGTTIN",
        "SIGTTOU",
        "SIGURG",
        "SIGXCPU",
        "SIGXFSZ",
        "SIGVTALRM",
        "SIGPROF",
        "SIGWINCH",
        "SIGIO",
        "SIGPWR",
        "SIGSYS",
    ];
    match NAMES.get(sig as usize) {
        Some(n) if sig > 0 => n.to_string(),
        _ => format!("SIG{sig}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_error_takes_the_note() {
        let log = "warning: x\nerror: Unbound value +.\n   ┌─ a.ml:1:3\n   = floats are not supported yet\n";
        assert_eq!(
            first_error(log),
            "error: Unbound value +. [floats are not supported yet]"
        );
        assert_eq!(first_error("\n  \n"), "(no output)");
        assert_eq!(first_error("hello\nworld"), "hello");
        assert!(first_error("thread 'main' panicked at x").starts_with("thread"));
    }

    #[test]
    fn diffs() {
        assert_eq!(first_diff(b"a\nb\n", b"a\nc\n"), "line 2: want 'b' got 'c'");
        assert_eq!(first_diff(b"a\n", b""), "line 1: want 'a' got <EOF>");
        assert_eq!(
            first_diff(b"a\n", b"a\n\n"),
            "differs only in trailing newlines"
        );
        assert_eq!(
            first_diff(b"it's", b"x\t\xff"),
            "line 1: want \"it's\" got 'x\\t\\\\xff'"
        );
        assert_eq!(normalise(b"a\r\nb\r"), b"a\nb\r");
    }
}
