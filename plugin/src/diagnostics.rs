//! User-facing diagnostics: an error or warning with a message and a source span.
//!
//! Every error a user can cause is a [`Diagnostic`]; the CLI renders them with
//! codespan-reporting (file:line:column, the source line, a caret under the span).

/// A byte range `[lo, hi)` in the source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    pub fn new(lo: u32, hi: u32) -> Span {
        Span { lo, hi }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// The primary span and its label (may be empty).
    pub span: Option<Span>,
    pub label: String,
    /// Extra notes printed under the snippet.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: Some(span),
            label: String::new(),
            notes: Vec::new(),
        }
    }
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }
    /// An error about no place in the program (a missing tool or file).
    pub fn spanless(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span: None,
            ..Diagnostic::error(Span::default(), message)
        }
    }
    /// A diagnostic for a construct outside the supported subset.
    pub fn unsupported(span: Span, what: &str) -> Diagnostic {
        Diagnostic::error(span, format!("{what} not supported yet"))
    }
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }
}
