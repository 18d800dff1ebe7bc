//! A reader for the text form [`super::print`] writes, so that tests can state IR terms as the
//! posts do: `((fun [V0] (V0 157)) (fun [V1] V1))`.
//!
//! Variables are written `Vn` and become `VarId(n)` of the program's variable table, which is
//! grown as needed. The text is untyped where the post's notation is: a binder without an
//! annotation gets type `int` (write `V0:{int -> int}` to give one), a `(ty_fun body)` binds a
//! fresh type variable, a `(tuple ..)` has `int` components and a `(switch ..)` is a switch on
//! an int of result type `int`. That is enough for the simplifier, which does not look at
//! types except to substitute them; tests that need well-typed terms build them in Rust.

use std::rc::Rc;

use super::builtins::PARAMS;
use super::ir::*;
use super::print::{prim_name, NAMED_PRIMS};
use super::runtime;
use super::sexp::{unescape, Sexp};
use crate::diagnostics::Span;

/// Reads `text` as a lambda IR expression, registering its variables in `prog.vars`.
pub fn parse_expr(text: &str, prog: &mut Program) -> Result<Expr, String> {
    let sx = Sexp::parse(text)?;
    Reader { prog }.expr(&sx)
}

struct Reader<'a> {
    prog: &'a mut Program,
}

fn int() -> Type {
    Type::int()
}

impl Reader<'_> {
    fn var(&mut self, s: &str) -> Result<VarId, String> {
        let (name, ty) = match s.split_once(':') {
            Some((n, t)) => (n, Some(self.ty_text(t)?)),
            None => (s, None),
        };
        let n: u32 = name
            .strip_prefix('V')
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| format!("expected a variable Vn, found `{s}`"))?;
        while self.prog.vars.vars.len() <= n as usize {
            let k = self.prog.vars.vars.len();
            self.prog
                .vars
                .fresh(format!("v{k}"), int(), Span::default());
        }
        if let Some(t) = ty {
            self.prog.vars.vars[n as usize].ty = t;
        }
        Ok(VarId(n))
    }

    fn ty_text(&mut self, t: &str) -> Result<Type, String> {
        let t = t
            .strip_prefix('{')
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or(t);
        let toks: Vec<String> = t
            .replace("->", " -> ")
            .replace('(', " ( ")
            .replace(')', " ) ")
            .replace('*', " * ")
            .replace(',', " , ")
            .split_whitespace()
            .map(String::from)
            .collect();
        let mut pos = 0;
        let ty = self.ty_arrow(&toks, &mut pos)?;
        if pos != toks.len() {
            return Err(format!("bad type `{t}`"));
        }
        Ok(ty)
    }

    fn ty_arrow(&mut self, toks: &[String], pos: &mut usize) -> Result<Type, String> {
        let a = self.ty_tuple(toks, pos)?;
        if toks.get(*pos).map(String::as_str) == Some("->") {
            *pos += 1;
            let b = self.ty_arrow(toks, pos)?;
            return Ok(Type::arrow(a, b));
        }
        Ok(a)
    }

    fn ty_tuple(&mut self, toks: &[String], pos: &mut usize) -> Result<Type, String> {
        let mut ts = vec![self.ty_app(toks, pos)?];
        while toks.get(*pos).map(String::as_str) == Some("*") {
            *pos += 1;
            ts.push(self.ty_app(toks, pos)?);
        }
        Ok(if ts.len() == 1 {
            ts.pop().unwrap()
        } else {
            Type::Tuple(ts)
        })
    }

    fn ty_app(&mut self, toks: &[String], pos: &mut usize) -> Result<Type, String> {
        let tok = toks.get(*pos).ok_or("type expected")?.clone();
        *pos += 1;
        let mut t = if tok == "(" {
            let t = self.ty_arrow(toks, pos)?;
            if toks.get(*pos).map(String::as_str) != Some(")") {
                return Err("`)` expected in type".into());
            }
            *pos += 1;
            t
        } else if tok == "'a" {
            Type::Var(PARAMS[0])
        } else if let Some(n) = tok.strip_prefix("'t") {
            let v: u32 = n.parse().map_err(|_| format!("bad type variable {tok}"))?;
            self.prog.next_tyvar = self.prog.next_tyvar.max(v + 1);
            Type::Var(TyVar(v))
        } else {
            Type::Con(self.tycon(&tok)?, vec![])
        };
        // Postfix constructors: `int list option`.
        while let Some(tok) = toks.get(*pos) {
            match self.tycon(tok) {
                Ok(c) if !matches!(tok.as_str(), "->" | "*" | ")" | "(" | ",") => {
                    *pos += 1;
                    t = Type::Con(c, vec![t]);
                }
                _ => break,
            }
        }
        Ok(t)
    }

    fn tycon(&self, name: &str) -> Result<TyCon, String> {
        self.prog
            .types
            .decls
            .iter()
            .position(|d| d.name == name)
            .map(|i| TyCon(i as u32))
            .ok_or_else(|| format!("unknown type `{name}`"))
    }

    /// The type `c` applied to `int` for each of its parameters.
    fn default_instance(&self, c: TyCon) -> Type {
        let n = self
            .prog
            .types
            .decls
            .get(c.index())
            .map_or(0, |d| d.params.len());
        Type::Con(c, vec![int(); n])
    }

    fn exprs(&mut self, items: &[Sexp]) -> Result<Vec<Expr>, String> {
        items.iter().map(|i| self.expr(i)).collect()
    }

    fn binding(&mut self, sx: &Sexp) -> Result<(VarId, Expr), String> {
        match sx {
            Sexp::Brackets(items) if items.len() == 2 => {
                let Sexp::Atom(v) = &items[0] else {
                    return Err("binder expected".into());
                };
                Ok((self.var(v)?, self.expr(&items[1])?))
            }
            _ => Err(format!("`[V e]` expected, found {}", sx.flat())),
        }
    }

    fn atom_u32(sx: &Sexp) -> Result<u32, String> {
        match sx {
            Sexp::Atom(a) => a.parse().map_err(|_| format!("number expected, found {a}")),
            _ => Err(format!("number expected, found {}", sx.flat())),
        }
    }

    fn expr(&mut self, sx: &Sexp) -> Result<Expr, String> {
        let items = match sx {
            Sexp::Atom(a) => return self.atom(a),
            Sexp::Brackets(_) => return Err(format!("unexpected `{}`", sx.flat())),
            Sexp::List(items) => items,
        };
        let Some(head) = items.first() else {
            return Ok(super::builtins::unit_expr());
        };
        let rest = &items[1..];
        let kw = match head {
            Sexp::Atom(a) => a.as_str(),
            _ => "",
        };
        let arity = |n: usize| -> Result<(), String> {
            if rest.len() == n {
                Ok(())
            } else {
                Err(format!("`{kw}` takes {n} operands: {}", sx.flat()))
            }
        };
        Ok(match kw {
            "fun" => {
                arity(2)?;
                let Sexp::Brackets(ps) = &rest[0] else {
                    return Err("`[params]` expected".into());
                };
                let mut params = vec![];
                for p in ps {
                    let Sexp::Atom(p) = p else {
                        return Err("parameter expected".into());
                    };
                    params.push(self.var(p)?);
                }
                if params.is_empty() {
                    return Err("a function needs a parameter".into());
                }
                Expr::Fun(params, Box::new(self.expr(&rest[1])?), FunName::from(""))
            }
            "ty_fun" => {
                let (v, body) = match rest {
                    [Sexp::Atom(v), body] => {
                        let Type::Var(v) = self.ty_text(v)? else {
                            return Err("type variable expected".into());
                        };
                        (v, body)
                    }
                    [body] => (self.prog.fresh_tyvar(), body),
                    _ => return Err("`(ty_fun body)` expected".into()),
                };
                Expr::TyFun(v, Box::new(self.expr(body)?))
            }
            "ty_app" => {
                arity(2)?;
                let Sexp::Atom(t) = &rest[1] else {
                    return Err("type expected".into());
                };
                let t = self.ty_text(t)?;
                Expr::TyApp(Box::new(self.expr(&rest[0])?), t)
            }
            "let" => {
                arity(2)?;
                let (v, d) = self.binding(&rest[0])?;
                Expr::Local(v, Box::new(d), Box::new(self.expr(&rest[1])?))
            }
            "letrec" => {
                let Some((body, defs)) = rest.split_last() else {
                    return Err("empty letrec".into());
                };
                let defs = defs
                    .iter()
                    .map(|d| self.binding(d))
                    .collect::<Result<Vec<_>, _>>()?;
                Expr::LetRec(defs, Box::new(self.expr(body)?))
            }
            "seq" => {
                arity(2)?;
                Expr::Seq(
                    Box::new(self.expr(&rest[0])?),
                    Box::new(self.expr(&rest[1])?),
                )
            }
            "if" => {
                arity(3)?;
                Expr::If(
                    Box::new(self.expr(&rest[0])?),
                    Box::new(self.expr(&rest[1])?),
                    Box::new(self.expr(&rest[2])?),
                )
            }
            "prim" => {
                let Some(Sexp::Atom(name)) = rest.first() else {
                    return Err("primitive name expected".into());
                };
                let p = self.prim(name)?;
                Expr::Prim(p, self.exprs(&rest[1..])?)
            }
            "construct" => {
                let Some(Sexp::Atom(name)) = rest.first() else {
                    return Err("constructor expected".into());
                };
                let (ty, index) = name.rsplit_once("::").ok_or("`type::index` expected")?;
                let index: u32 = index.parse().map_err(|_| "constructor index expected")?;
                let ty = if ty.starts_with('{') || ty.contains(' ') {
                    self.ty_text(ty)?
                } else {
                    self.default_instance(self.tycon(ty)?)
                };
                Expr::Construct {
                    ty,
                    index,
                    args: self.exprs(&rest[1..])?,
                }
            }
            "tuple" => Expr::Construct {
                ty: Type::Tuple(vec![int(); rest.len()]),
                index: 0,
                args: self.exprs(rest)?,
            },
            "exn" => {
                let Some(Sexp::Atom(name)) = rest.first() else {
                    return Err("exception expected".into());
                };
                let index = match name.parse::<u32>() {
                    Ok(i) => i,
                    Err(_) => super::builtins::exception_index(&self.prog.types, name)
                        .ok_or_else(|| format!("unknown exception {name}"))?,
                };
                Expr::ConstructExn {
                    index,
                    args: self.exprs(&rest[1..])?,
                }
            }
            "field" => {
                arity(2)?;
                Expr::Field(Box::new(self.expr(&rest[0])?), Self::atom_u32(&rest[1])?)
            }
            "setfield" => {
                arity(3)?;
                Expr::SetField(
                    Box::new(self.expr(&rest[0])?),
                    Self::atom_u32(&rest[1])?,
                    Box::new(self.expr(&rest[2])?),
                )
            }
            "switch" => {
                let Some(scrut) = rest.first() else {
                    return Err("scrutinee expected".into());
                };
                let scrut = Box::new(self.expr(scrut)?);
                let mut arms = vec![];
                let mut default = None;
                for arm in &rest[1..] {
                    match arm {
                        Sexp::List(kv) if kv.len() == 2 => match &kv[0] {
                            Sexp::Atom(k) if k == "_" => {
                                default = Some(Box::new(self.expr(&kv[1])?))
                            }
                            Sexp::Atom(k) => {
                                let k: i64 =
                                    k.parse().map_err(|_| format!("bad switch key {k}"))?;
                                arms.push((k, self.expr(&kv[1])?));
                            }
                            _ => return Err("switch key expected".into()),
                        },
                        _ => return Err(format!("`(key expr)` expected, found {}", arm.flat())),
                    }
                }
                Expr::Switch {
                    scrut,
                    kind: SwitchKind::Int,
                    arms,
                    default,
                    ty: int(),
                }
            }
            "while" => {
                arity(2)?;
                Expr::While(
                    Box::new(self.expr(&rest[0])?),
                    Box::new(self.expr(&rest[1])?),
                )
            }
            "for" => {
                arity(5)?;
                let Sexp::Atom(v) = &rest[0] else {
                    return Err("loop variable expected".into());
                };
                let var = self.var(v)?;
                let dir = match &rest[2] {
                    Sexp::Atom(d) if d == "upto" => Direction::Upto,
                    Sexp::Atom(d) if d == "downto" => Direction::Downto,
                    _ => return Err("`upto` or `downto` expected".into()),
                };
                Expr::For {
                    var,
                    from: Box::new(self.expr(&rest[1])?),
                    to: Box::new(self.expr(&rest[3])?),
                    dir,
                    body: Box::new(self.expr(&rest[4])?),
                }
            }
            "raise" => {
                arity(1)?;
                Expr::Raise(Box::new(self.expr(&rest[0])?), int(), RaiseKind::Regular)
            }
            "try" => {
                arity(3)?;
                let Sexp::Atom(v) = &rest[1] else {
                    return Err("handler variable expected".into());
                };
                let v = self.var(v)?;
                self.prog.vars.vars[v.0 as usize].ty = Type::exn();
                Expr::Try(
                    Box::new(self.expr(&rest[0])?),
                    v,
                    Box::new(self.expr(&rest[2])?),
                )
            }
            _ => {
                // Application: (f a b).
                if rest.is_empty() {
                    return Err(format!("application without arguments: {}", sx.flat()));
                }
                Expr::App(Box::new(self.expr(head)?), self.exprs(rest)?)
            }
        })
    }

    fn prim(&mut self, name: &str) -> Result<Prim, String> {
        if let Some(p) = NAMED_PRIMS.iter().find(|p| prim_name(**p, None) == name) {
            return Ok(*p);
        }
        if let Some(e) = name.strip_prefix("is_exn:") {
            let i = match e.parse::<u32>() {
                Ok(i) => i,
                Err(_) => super::builtins::exception_index(&self.prog.types, e)
                    .ok_or_else(|| format!("unknown exception {e}"))?,
            };
            return Ok(Prim::IsException(i));
        }
        Ok(match runtime::lookup(name) {
            Some(f) => Prim::Runtime(f.name, f.purity),
            None => Prim::Runtime(Box::leak(name.to_string().into_boxed_str()), Purity::Effect),
        })
    }

    fn atom(&mut self, a: &str) -> Result<Expr, String> {
        Ok(match a {
            "true" => super::builtins::bool_expr(true),
            "false" => super::builtins::bool_expr(false),
            "()" => super::builtins::unit_expr(),
            _ if a.starts_with('V') => Expr::Var(self.var(a)?),
            _ if a.starts_with('\'') => {
                let b = unescape(&a[1..a.len() - 1])?;
                if b.len() != 1 {
                    return Err(format!("bad char literal {a}"));
                }
                Expr::Const(Const::Char(b[0]))
            }
            _ if a.starts_with('"') => {
                Expr::Const(Const::String(Rc::from(unescape(&a[1..a.len() - 1])?)))
            }
            "nan" => Expr::Const(Const::float(f64::NAN)),
            "inf" | "-inf" => Expr::Const(Const::float(if a == "inf" {
                f64::INFINITY
            } else {
                f64::NEG_INFINITY
            })),
            _ if a.contains(['.', 'e']) => Expr::Const(Const::float(
                a.parse().map_err(|_| format!("bad float literal `{a}`"))?,
            )),
            _ => Expr::Const(Const::Int(
                a.parse().map_err(|_| format!("unknown atom `{a}`"))?,
            )),
        })
    }
}
