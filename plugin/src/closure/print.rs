//! `--emit=closure`: the first-order functions, one per paragraph, in an S-expression style.

use std::fmt::Write;

use super::ir::{CExpr, Program};
use crate::lambda::ir::{Const, VarId};

pub fn print_program(p: &Program) -> String {
    let mut out = String::new();
    for (i, f) in p.funcs.iter().enumerate() {
        let params: Vec<String> = f.params.iter().map(|v| var(p, *v)).collect();
        let captured: Vec<String> = f.captured.iter().map(|v| var(p, *v)).collect();
        let _ = writeln!(
            out,
            "(function F{i} {} [{}] (self {}) (env [{}])",
            f.name,
            params.join(" "),
            var(p, f.self_var),
            captured.join(" ")
        );
        out.push_str("  ");
        expr(p, &f.body, 1, &mut out);
        out.push_str(")\n\n");
    }
    out
}

fn var(p: &Program, v: VarId) -> String {
    format!("{}/{}", p.vars.get(v).name, v.0)
}

fn indent(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn list(p: &Program, head: &str, es: &[&CExpr], depth: usize, out: &mut String) {
    out.push('(');
    out.push_str(head);
    for e in es {
        out.push(' ');
        expr(p, e, depth + 1, out);
    }
    out.push(')');
}

fn expr(p: &Program, e: &CExpr, depth: usize, out: &mut String) {
    match e {
        CExpr::Var(v) => out.push_str(&var(p, *v)),
        CExpr::Const(Const::Int(n)) => out.push_str(&n.to_string()),
        CExpr::Const(Const::Char(c)) => out.push_str(&format!("{:?}", *c as char)),
        CExpr::Const(c @ (Const::Float(_) | Const::BoxedInt(..))) => {
            out.push_str(&crate::lambda::print::const_text(c))
        }
        CExpr::Const(Const::String(s)) => {
            out.push_str(&format!("{:?}", String::from_utf8_lossy(s)))
        }
        CExpr::Let(v, d, b) => {
            let _ = write!(out, "(let [{} ", var(p, *v));
            expr(p, d, depth + 1, out);
            out.push(']');
            indent(out, depth);
            expr(p, b, depth, out);
            out.push(')');
        }
        CExpr::Closures(group, b) => {
            out.push_str("(closures");
            for (v, f, captured) in group {
                let cs: Vec<String> = captured.iter().map(|c| var(p, *c)).collect();
                let _ = write!(out, " [{} F{} {}]", var(p, *v), f.0, cs.join(" "));
            }
            indent(out, depth);
            expr(p, b, depth, out);
            out.push(')');
        }
        CExpr::LetMut(v, d, b) => {
            let _ = write!(out, "(let-mut [{} ", var(p, *v));
            expr(p, d, depth + 1, out);
            out.push(']');
            indent(out, depth);
            expr(p, b, depth, out);
            out.push(')');
        }
        CExpr::GetMut(v) => {
            let _ = write!(out, "(get {})", var(p, *v));
        }
        CExpr::SetMut(v, x) => list(p, &format!("set {}", var(p, *v)), &[x], depth, out),
        CExpr::StaticClosure(f) => {
            let _ = write!(out, "(static-closure F{})", f.0);
        }
        CExpr::EnvField(i) => {
            let _ = write!(out, "(env {i})");
        }
        CExpr::CallKnown(f, args, c) => {
            let mut es: Vec<&CExpr> = args.iter().collect();
            es.push(c);
            list(p, &format!("call F{}", f.0), &es, depth, out)
        }
        CExpr::Apply(f, args) => {
            let mut es: Vec<&CExpr> = vec![f];
            es.extend(args.iter());
            list(p, "apply", &es, depth, out)
        }
        CExpr::Seq(a, b) => list(p, "seq", &[a, b], depth, out),
        CExpr::Prim(pr, args) => list(
            p,
            &format!("prim {pr:?}"),
            &args.iter().collect::<Vec<_>>(),
            depth,
            out,
        ),
        CExpr::If(c, t, f) => {
            out.push_str("(if ");
            expr(p, c, depth + 1, out);
            indent(out, depth + 1);
            expr(p, t, depth + 1, out);
            indent(out, depth + 1);
            expr(p, f, depth + 1, out);
            out.push(')');
        }
        CExpr::Construct { index, args, .. } => list(
            p,
            &format!("construct {index}"),
            &args.iter().collect::<Vec<_>>(),
            depth,
            out,
        ),
        CExpr::ConstructExn { index, args } => list(
            p,
            &format!("exn {}", p.types.exceptions[*index as usize].name),
            &args.iter().collect::<Vec<_>>(),
            depth,
            out,
        ),
        CExpr::Field(x, i) => list(p, &format!("field {i}"), &[x], depth, out),
        CExpr::SetField(x, i, v) => list(p, &format!("setfield {i}"), &[x, v], depth, out),
        CExpr::Switch {
            scrut,
            arms,
            default,
            ..
        } => {
            out.push_str("(switch ");
            expr(p, scrut, depth + 1, out);
            for (k, a) in arms {
                indent(out, depth + 1);
                let _ = write!(out, "({k} ");
                expr(p, a, depth + 2, out);
                out.push(')');
            }
            if let Some(d) = default {
                indent(out, depth + 1);
                out.push_str("(_ ");
                expr(p, d, depth + 2, out);
                out.push(')');
            }
            out.push(')');
        }
        CExpr::While(c, b) => list(p, "while", &[c, b], depth, out),
        CExpr::For {
            var: v,
            from,
            to,
            body,
            ..
        } => list(
            p,
            &format!("for {}", var(p, *v)),
            &[from, to, body],
            depth,
            out,
        ),
        CExpr::Raise(x, k) => list(p, k.name(), &[x], depth, out),
        CExpr::Try {
            body,
            var: v,
            handler,
            local,
        } => {
            let head = format!(
                "{} {}",
                if *local { "try-local" } else { "try" },
                var(p, *v)
            );
            list(p, &head, &[body, handler], depth, out)
        }
        CExpr::Loc(_, x) => expr(p, x, depth, out),
    }
}
