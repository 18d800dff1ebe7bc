//! The lambda IR's text form, in the notation of the "Making a Language" posts.
//!
//! The post's forms are printed exactly as the post prints them: variables `V0`, ints bare,
//! `(fun [V0 V1] body)`, application `(f a b)` (curried applications flattened, as the post's
//! single-argument `App` prints), `(ty_fun body)`, `(ty_app e type)`, `(let [V0 e] body)`.
//! The rest of the IR extends that notation:
//!
//! ```text
//! (letrec [V0 e0] [V1 e1] body)   (seq a b)          (if c a b)
//! (prim add a b)                  (prim egret_print_int a)
//! (construct list::1 a b)         (tuple a b)        true  false  ()
//! (exn Failure a)                 (field e 0)        (setfield e 0 v)
//! (switch e (0 a) (1 b) (_ d))    (while c body)     (for V0 a upto b body)
//! (raise e)                       (try e V3 handler) 'a'  "string"
//! ```
//!
//! [`print_program`] shows the whole program (`--emit=lambda`): indented, with the types of
//! binders (`V0:int`, types with spaces in braces: `V1:{int -> int}`) and of type
//! abstractions (`(ty_fun 't3 body)`). [`super::parse`] reads the one-line form back.

use super::ir::*;
use super::sexp::{escape_byte, Sexp};

#[derive(Clone, Copy, Debug)]
pub struct PrintOptions {
    /// Annotate binders and type abstractions with their types.
    pub types: bool,
    /// Indent to this width; `None` prints on one line.
    pub width: Option<usize>,
}

/// The one-line form of `e` in the post's notation (no types). With `prog`, constructors and
/// exceptions are named from its tables.
pub fn print_expr(e: &Expr, prog: Option<&Program>) -> String {
    print_expr_with(
        e,
        prog,
        PrintOptions {
            types: false,
            width: None,
        },
    )
}

/// What `--emit=lambda` shows: the program body, indented, binders with their types.
pub fn print_program(p: &Program) -> String {
    super::with_big_stack(super::BIG_STACK, || {
        let opts = PrintOptions {
            types: true,
            width: Some(100),
        };
        let mut s = print_expr_with(&p.body, Some(p), opts);
        s.push('\n');
        s
    })
}

pub fn print_expr_with(e: &Expr, prog: Option<&Program>, opts: PrintOptions) -> String {
    let pr = Printer { prog, opts };
    let sx = pr.expr(e);
    match opts.width {
        Some(w) => sx.pretty(w),
        None => sx.flat(),
    }
}

/// A type in OCaml's notation (`int list`, `'t3 -> 't3`, `(int * char)`, `forall 't0. 't0`).
pub fn print_type(t: &Type, types: Option<&TypeTable>) -> String {
    print_type_naming(t, types, &mut tyvar_name)
}

/// [`print_type`] with the type variables named by `name` (debug info names them `'a`, `'b`,
/// … per function, as OCaml prints them).
pub fn print_type_naming(
    t: &Type,
    types: Option<&TypeTable>,
    name: &mut dyn FnMut(TyVar) -> String,
) -> String {
    let mut out = String::new();
    write_type(&mut out, t, types, name, 0);
    out
}

fn tycon_name(c: TyCon, types: Option<&TypeTable>) -> String {
    const BUILTIN: [&str; 10] = [
        "int", "char", "string", "float", "unit", "bool", "list", "option", "ref", "exn",
    ];
    match types.and_then(|t| t.decls.get(c.index())) {
        Some(d) => d.name.clone(),
        None => BUILTIN
            .get(c.index())
            .map_or_else(|| format!("t{}", c.0), |s| s.to_string()),
    }
}

pub fn tyvar_name(v: TyVar) -> String {
    if v == super::builtins::PARAMS[0] {
        "'a".into()
    } else {
        format!("'t{}", v.0)
    }
}

/// `prec`: 0 = anything, 1 = no arrow / forall, 2 = no tuple either (argument of a constructor).
fn write_type(
    out: &mut String,
    t: &Type,
    types: Option<&TypeTable>,
    name: &mut dyn FnMut(TyVar) -> String,
    prec: u8,
) {
    match t {
        Type::Var(v) => out.push_str(&name(*v)),
        Type::Con(c, args) => {
            match args.len() {
                0 => {}
                1 => {
                    write_type(out, &args[0], types, name, 2);
                    out.push(' ');
                }
                _ => {
                    out.push('(');
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        write_type(out, a, types, name, 0);
                    }
                    out.push_str(") ");
                }
            }
            out.push_str(&tycon_name(*c, types));
        }
        Type::Tuple(ts) => {
            if prec >= 2 {
                out.push('(');
            }
            for (i, a) in ts.iter().enumerate() {
                if i > 0 {
                    out.push_str(" * ");
                }
                write_type(out, a, types, name, 2);
            }
            if ts.is_empty() {
                out.push_str("<empty tuple>");
            }
            if prec >= 2 {
                out.push(')');
            }
        }
        Type::Arrow(a, b) => {
            if prec >= 1 {
                out.push('(');
            }
            write_type(out, a, types, name, 1);
            out.push_str(" -> ");
            write_type(out, b, types, name, 0);
            if prec >= 1 {
                out.push(')');
            }
        }
        Type::Forall(v, b) => {
            if prec >= 1 {
                out.push('(');
            }
            out.push_str("forall ");
            out.push_str(&name(*v));
            out.push_str(". ");
            write_type(out, b, types, name, 0);
            if prec >= 1 {
                out.push(')');
            }
        }
    }
}

/// The printed name of a primitive (`add`, `int_lt`, `egret_print_int`, `is_exn:3`).
pub fn prim_name(p: Prim, prog: Option<&Program>) -> String {
    let s = match p {
        Prim::Add => "add",
        Prim::Sub => "sub",
        Prim::Mul => "mul",
        Prim::Div => "div",
        Prim::Mod => "mod",
        Prim::Neg => "neg",
        Prim::And => "and",
        Prim::Or => "or",
        Prim::Xor => "xor",
        Prim::Lsl => "lsl",
        Prim::Lsr => "lsr",
        Prim::Asr => "asr",
        Prim::IntEq => "int_eq",
        Prim::IntNe => "int_ne",
        Prim::IntLt => "int_lt",
        Prim::IntLe => "int_le",
        Prim::IntGt => "int_gt",
        Prim::IntGe => "int_ge",
        Prim::Eq => "eq",
        Prim::Ne => "ne",
        Prim::Lt => "lt",
        Prim::Le => "le",
        Prim::Gt => "gt",
        Prim::Ge => "ge",
        Prim::Compare => "compare",
        Prim::IntCompare => "int_compare",
        Prim::PhysEq => "phys_eq",
        Prim::PhysNe => "phys_ne",
        Prim::Not => "not",
        Prim::Identity => "identity",
        Prim::FAdd => "fadd",
        Prim::FSub => "fsub",
        Prim::FMul => "fmul",
        Prim::FDiv => "fdiv",
        Prim::FNeg => "fneg",
        Prim::FAbs => "fabs",
        Prim::FSqrt => "fsqrt",
        Prim::FloatOfInt => "float_of_int",
        Prim::IntOfFloat => "int_of_float",
        Prim::FEq => "float_eq",
        Prim::FNe => "float_ne",
        Prim::FLt => "float_lt",
        Prim::FLe => "float_le",
        Prim::FGt => "float_gt",
        Prim::FGe => "float_ge",
        Prim::FCompare => "float_compare",
        Prim::Runtime(name, _) => name,
        Prim::IsException(i) => {
            return match prog.and_then(|p| p.types.exceptions.get(i as usize)) {
                Some(e) => format!("is_exn:{}", e.name),
                None => format!("is_exn:{i}"),
            }
        }
    };
    s.to_string()
}

/// The primitives [`prim_name`] names, other than runtime calls and exception tests.
pub const NAMED_PRIMS: [Prim; 45] = [
    Prim::Add,
    Prim::Sub,
    Prim::Mul,
    Prim::Div,
    Prim::Mod,
    Prim::Neg,
    Prim::And,
    Prim::Or,
    Prim::Xor,
    Prim::Lsl,
    Prim::Lsr,
    Prim::Asr,
    Prim::IntEq,
    Prim::IntNe,
    Prim::IntLt,
    Prim::IntLe,
    Prim::IntGt,
    Prim::IntGe,
    Prim::Eq,
    Prim::Ne,
    Prim::Lt,
    Prim::Le,
    Prim::Gt,
    Prim::Ge,
    Prim::Compare,
    Prim::IntCompare,
    Prim::PhysEq,
    Prim::PhysNe,
    Prim::Not,
    Prim::FAdd,
    Prim::FSub,
    Prim::FMul,
    Prim::FDiv,
    Prim::FNeg,
    Prim::FAbs,
    Prim::FSqrt,
    Prim::FloatOfInt,
    Prim::IntOfFloat,
    Prim::FEq,
    Prim::FNe,
    Prim::FLt,
    Prim::FLe,
    Prim::FGt,
    Prim::FGe,
    Prim::FCompare,
];

pub fn const_text(c: &Const) -> String {
    match c {
        Const::Int(n) => n.to_string(),
        Const::Char(b) => {
            let mut s = String::from("'");
            escape_byte(&mut s, *b, b'\'');
            s.push('\'');
            s
        }
        Const::String(bytes) => {
            let mut s = String::from("\"");
            for &b in bytes.iter() {
                escape_byte(&mut s, b, b'"');
            }
            s.push('"');
            s
        }
        Const::Float(bits) => float_text(f64::from_bits(*bits)),
        Const::BoxedInt(k, n) => format!("{n}{}", k.suffix()),
    }
}

/// A float constant as the lambda text writes it: Rust's shortest round-trip form, always with
/// a `.`, an exponent or a letter (`1.0`, `1e20`, `-0.0`, `inf`, `-inf`, `nan`), so it never
/// reads back as an int.
pub fn float_text(f: f64) -> String {
    if f.is_nan() {
        "nan".into()
    } else {
        format!("{f:?}")
    }
}

struct Printer<'a> {
    prog: Option<&'a Program>,
    opts: PrintOptions,
}

impl Printer<'_> {
    fn types(&self) -> Option<&TypeTable> {
        self.prog.map(|p| &p.types)
    }

    fn ty(&self, t: &Type) -> Sexp {
        let s = print_type(t, self.types());
        if s.contains(' ') {
            Sexp::Atom(format!("{{{s}}}"))
        } else {
            Sexp::Atom(s)
        }
    }

    fn binder(&self, v: VarId) -> Sexp {
        match self.prog {
            Some(p) if self.opts.types && (v.0 as usize) < p.vars.vars.len() => {
                let t = self.ty(p.vars.ty(v));
                Sexp::Atom(format!("{v}:{}", t.flat()))
            }
            _ => Sexp::Atom(v.to_string()),
        }
    }

    fn list(head: &str, rest: impl IntoIterator<Item = Sexp>) -> Sexp {
        let mut items = vec![Sexp::atom(head)];
        items.extend(rest);
        Sexp::List(items)
    }

    fn expr(&self, e: &Expr) -> Sexp {
        match e {
            Expr::Var(v) => Sexp::Atom(v.to_string()),
            Expr::Const(c) => Sexp::Atom(const_text(c)),
            Expr::Fun(ps, b, _) => Sexp::List(vec![
                Sexp::atom("fun"),
                Sexp::Brackets(ps.iter().map(|p| self.binder(*p)).collect()),
                self.expr(b),
            ]),
            Expr::App(..) => {
                // Curried applications print flat: ((f a) b) is (f a b).
                let mut spine = vec![];
                let mut head = e;
                while let Expr::App(f, args) = head {
                    spine.push(args);
                    head = f;
                }
                let mut items = vec![self.expr(head)];
                for args in spine.iter().rev() {
                    items.extend(args.iter().map(|a| self.expr(a)));
                }
                Sexp::List(items)
            }
            Expr::TyFun(v, b) => {
                if self.opts.types {
                    Sexp::List(vec![
                        Sexp::atom("ty_fun"),
                        Sexp::Atom(tyvar_name(*v)),
                        self.expr(b),
                    ])
                } else {
                    Sexp::List(vec![Sexp::atom("ty_fun"), self.expr(b)])
                }
            }
            Expr::TyApp(b, t) => Sexp::List(vec![Sexp::atom("ty_app"), self.expr(b), self.ty(t)]),
            Expr::Local(v, d, b) => Sexp::List(vec![
                Sexp::atom("let"),
                Sexp::Brackets(vec![self.binder(*v), self.expr(d)]),
                self.expr(b),
            ]),
            Expr::LetRec(defs, b) => {
                let mut items = vec![Sexp::atom("letrec")];
                items.extend(
                    defs.iter()
                        .map(|(v, d)| Sexp::Brackets(vec![self.binder(*v), self.expr(d)])),
                );
                items.push(self.expr(b));
                Sexp::List(items)
            }
            Expr::Seq(a, b) => Self::list("seq", [self.expr(a), self.expr(b)]),
            Expr::Prim(p, args) => {
                let mut items = vec![Sexp::atom("prim"), Sexp::Atom(prim_name(*p, self.prog))];
                items.extend(args.iter().map(|a| self.expr(a)));
                Sexp::List(items)
            }
            Expr::If(c, a, b) => Self::list("if", [self.expr(c), self.expr(a), self.expr(b)]),
            Expr::Construct { ty, index, args } => {
                match ty {
                    Type::Con(c, _) if *c == TyCon::BOOL && args.is_empty() && *index <= 1 => {
                        return Sexp::atom(if *index == 1 { "true" } else { "false" })
                    }
                    Type::Con(c, _) if *c == TyCon::UNIT && args.is_empty() && *index == 0 => {
                        return Sexp::atom("()")
                    }
                    Type::Tuple(_) => {
                        return Self::list("tuple", args.iter().map(|a| self.expr(a)))
                    }
                    _ => {}
                }
                let name = match ty {
                    Type::Con(c, targs) if !self.opts.types || targs.is_empty() => {
                        tycon_name(*c, self.types())
                    }
                    _ => self.ty(ty).flat(),
                };
                let mut items = vec![
                    Sexp::atom("construct"),
                    Sexp::Atom(format!("{name}::{index}")),
                ];
                items.extend(args.iter().map(|a| self.expr(a)));
                Sexp::List(items)
            }
            Expr::ConstructExn { index, args } => {
                let name = match self
                    .prog
                    .and_then(|p| p.types.exceptions.get(*index as usize))
                {
                    Some(x) => x.name.clone(),
                    None => index.to_string(),
                };
                let mut items = vec![Sexp::atom("exn"), Sexp::Atom(name)];
                items.extend(args.iter().map(|a| self.expr(a)));
                Sexp::List(items)
            }
            Expr::Field(b, i) => Self::list("field", [self.expr(b), Sexp::Atom(i.to_string())]),
            Expr::SetField(b, i, v) => Self::list(
                "setfield",
                [self.expr(b), Sexp::Atom(i.to_string()), self.expr(v)],
            ),
            Expr::Switch {
                scrut,
                arms,
                default,
                ..
            } => {
                let mut items = vec![Sexp::atom("switch"), self.expr(scrut)];
                items.extend(
                    arms.iter()
                        .map(|(k, a)| Sexp::List(vec![Sexp::Atom(k.to_string()), self.expr(a)])),
                );
                if let Some(d) = default {
                    items.push(Sexp::List(vec![Sexp::atom("_"), self.expr(d)]));
                }
                Sexp::List(items)
            }
            Expr::While(c, b) => Self::list("while", [self.expr(c), self.expr(b)]),
            Expr::For {
                var,
                from,
                to,
                dir,
                body,
            } => Self::list(
                "for",
                [
                    self.binder(*var),
                    self.expr(from),
                    Sexp::atom(if *dir == Direction::Upto {
                        "upto"
                    } else {
                        "downto"
                    }),
                    self.expr(to),
                    self.expr(body),
                ],
            ),
            Expr::Raise(b, _, k) => Self::list(k.name(), [self.expr(b)]),
            Expr::Try(b, v, h) => Self::list("try", [self.expr(b), self.binder(*v), self.expr(h)]),
            Expr::Loc(_, b) => self.expr(b),
        }
    }
}
