//! The values of `CamlinternalFormatBasics`' format types that a format string denotes, as
//! `CamlinternalFormat.fmt_ebb_of_string` builds them: `fmt`, `fmtty`, `padding`, `precision`,
//! `ignored`, `formatting_lit` (type parameters erased: the typer recomputes them from the
//! constructors, as OCaml's `type_format` does).

/// `padty`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
    Zeros,
}

/// `padding`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pad {
    No,
    Lit(Side, i64),
    Arg(Side),
}

/// `precision`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    No,
    Lit(i64),
    Arg,
}

/// `fmtty`
#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    /// `Char_ty`, `String_ty`, `Int_ty` ...: the constructor's name and the rest.
    One(&'static str, Box<Ty>),
    FormatArg(Box<Ty>, Box<Ty>),
    FormatSubst(Box<Ty>, Box<Ty>, Box<Ty>),
    End,
}

impl Ty {
    pub fn one(name: &'static str, rest: Ty) -> Ty {
        Ty::One(name, Box::new(rest))
    }

    /// `concat_fmtty self other`
    pub fn concat(self, other: Ty) -> Ty {
        match self {
            Ty::One(n, rest) => Ty::One(n, Box::new(rest.concat(other))),
            Ty::FormatArg(a, rest) => Ty::FormatArg(a, Box::new(rest.concat(other))),
            Ty::FormatSubst(a, b, rest) => Ty::FormatSubst(a, b, Box::new(rest.concat(other))),
            Ty::End => other,
        }
    }
}

/// `formatting_lit`
#[derive(Clone, Debug, PartialEq)]
pub enum Lit {
    CloseBox,
    CloseTag,
    Break(Vec<u8>, i64, i64),
    FFlush,
    ForceNewline,
    FlushNewline,
    MagicSize(Vec<u8>, i64),
    EscapedAt,
    EscapedPercent,
    ScanIndic(u8),
}

/// `ignored`
#[derive(Clone, Debug, PartialEq)]
pub enum Ign {
    /// `Ignored_char`, `Ignored_caml_char`, `Ignored_reader`, `Ignored_scan_next_char`.
    Plain(&'static str),
    /// `Ignored_string`, `Ignored_caml_string`, `Ignored_bool`: the padding.
    Padded(&'static str, Option<i64>),
    /// `Ignored_int` (and 32, nativeint, 64): the conversion and padding.
    Int(&'static str, &'static str, Option<i64>),
    Float(Option<i64>, Option<i64>),
    FormatArg(Option<i64>, Ty),
    FormatSubst(Option<i64>, Ty),
    ScanCharSet(Option<i64>, Vec<u8>),
    ScanGetCounter(&'static str),
}

/// `fmt`
#[derive(Clone, Debug, PartialEq)]
pub enum Fmt {
    /// `Char`, `Caml_char`, `Flush`, `Alpha`, `Theta`, `Reader`, `Scan_next_char`.
    One(&'static str, Box<Fmt>),
    /// `String`, `Caml_string`, `Bool`.
    Padded(&'static str, Pad, Box<Fmt>),
    /// `Int`, `Int32`, `Nativeint`, `Int64`: the conversion (`Int_d` ...).
    Int(&'static str, &'static str, Pad, Prec, Box<Fmt>),
    /// The flag (`Float_flag_` ...) and kind (`Float_f` ...).
    Float(&'static str, &'static str, Pad, Prec, Box<Fmt>),
    StringLiteral(Vec<u8>, Box<Fmt>),
    CharLiteral(u8, Box<Fmt>),
    FormatArg(Option<i64>, Ty, Box<Fmt>),
    FormatSubst(Option<i64>, Ty, Box<Fmt>),
    FormattingLit(Lit, Box<Fmt>),
    /// `Formatting_gen (Open_tag (Format (fmt, str)))` (`true`) or `Open_box`.
    FormattingGen(bool, Box<Fmt>, Vec<u8>, Box<Fmt>),
    ScanCharSet(Option<i64>, Vec<u8>, Box<Fmt>),
    ScanGetCounter(&'static str, Box<Fmt>),
    IgnoredParam(Ign, Box<Fmt>),
    End,
}

fn pad_ty(pad: Pad, ty: Ty) -> Ty {
    match pad {
        Pad::Arg(_) => Ty::one("Int_ty", ty),
        _ => ty,
    }
}

fn prec_ty(prec: Prec, ty: Ty) -> Ty {
    match prec {
        Prec::Arg => Ty::one("Int_ty", ty),
        _ => ty,
    }
}

/// `fmtty_of_fmt`
pub fn fmtty_of_fmt(f: &Fmt) -> Ty {
    match f {
        Fmt::Padded(name, pad, rest) => {
            let t = if *name == "Bool" {
                "Bool_ty"
            } else {
                "String_ty"
            };
            pad_ty(*pad, Ty::one(t, fmtty_of_fmt(rest)))
        }
        Fmt::Int(name, _, pad, prec, rest) => {
            let t = match *name {
                "Int" => "Int_ty",
                "Int32" => "Int32_ty",
                "Nativeint" => "Nativeint_ty",
                _ => "Int64_ty",
            };
            pad_ty(*pad, prec_ty(*prec, Ty::one(t, fmtty_of_fmt(rest))))
        }
        Fmt::Float(_, _, pad, prec, rest) => pad_ty(
            *pad,
            prec_ty(*prec, Ty::one("Float_ty", fmtty_of_fmt(rest))),
        ),
        Fmt::One(name, rest) => {
            let rest = fmtty_of_fmt(rest);
            match *name {
                "Char" | "Caml_char" | "Scan_next_char" => Ty::one("Char_ty", rest),
                "Alpha" => Ty::one("Alpha_ty", rest),
                "Theta" => Ty::one("Theta_ty", rest),
                "Reader" => Ty::one("Reader_ty", rest),
                _ => rest, // Flush
            }
        }
        Fmt::FormatArg(_, ty, rest) => {
            Ty::FormatArg(Box::new(ty.clone()), Box::new(fmtty_of_fmt(rest)))
        }
        Fmt::FormatSubst(_, ty, rest) => Ty::FormatSubst(
            Box::new(ty.clone()),
            Box::new(ty.clone()),
            Box::new(fmtty_of_fmt(rest)),
        ),
        Fmt::StringLiteral(_, rest) | Fmt::CharLiteral(_, rest) | Fmt::FormattingLit(_, rest) => {
            fmtty_of_fmt(rest)
        }
        Fmt::ScanCharSet(_, _, rest) => Ty::one("String_ty", fmtty_of_fmt(rest)),
        Fmt::ScanGetCounter(_, rest) => Ty::one("Int_ty", fmtty_of_fmt(rest)),
        Fmt::IgnoredParam(ign, rest) => match ign {
            Ign::FormatSubst(_, ty) => ty.clone().concat(fmtty_of_fmt(rest)),
            Ign::Plain("Ignored_reader") => Ty::one("Ignored_reader_ty", fmtty_of_fmt(rest)),
            _ => fmtty_of_fmt(rest),
        },
        Fmt::FormattingGen(_, sub, _, rest) => fmtty_of_fmt(sub).concat(fmtty_of_fmt(rest)),
        Fmt::End => Ty::End,
    }
}
