//! The SSA printer (`--emit=ssa`), in the style of Julia's `@code_typed`:
//!
//! ```text
//! function fib(%0::val) -> val
//! 0 ─ %1 = const 2
//! │   %2 = lt %0, %1
//! └──      goto #1 if %2 else #2
//! 1 ─      return %0
//! 2 ─ %5 = const 1
//! ...
//! 3 ┄ %9 = phi (#1 => %3, #2 => %7)::val
//! ```
//!
//! Blocks are numbered as [`Block`]s are (from 0, the entry); a block's first line carries its
//! number, `─` or `┄` when it has several predecessors (as Julia marks join points); its last
//! line starts with `└──`. The entry's leading `Param` statements are shown in the header and
//! deleted statements (`Nop`) are not shown. Types are printed where the opcode does not fix
//! them (phis, calls, loads). With a module at hand, callees and data objects are printed by
//! name (`@fib`, `@str.0`), otherwise by id (`@f3`, `@d1`).

use super::builder::string_bytes;
use super::ir::*;
use std::fmt::Write;

/// The whole module: data objects, then functions.
pub fn print_module(m: &Module) -> String {
    let mut out = String::new();
    for (i, d) in m.data.iter().enumerate() {
        writeln!(out, "{}", print_data(m, DataId(i as u32), d)).unwrap();
    }
    if !m.data.is_empty() {
        out.push('\n');
    }
    for (i, f) in m.functions.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if m.entry == Some(FuncId(i as u32)) {
            out.push_str("# entry\n");
        }
        out.push_str(&print_function(f, Some(m)));
    }
    out
}

fn type_name(t: Type) -> &'static str {
    match t {
        Type::Val => "val",
        Type::Raw => "raw",
        Type::F64 => "f64",
    }
}

fn func_name(m: Option<&Module>, f: FuncId) -> String {
    match m.and_then(|m| m.functions.get(f.index())) {
        Some(func) => format!("@{}", func.name),
        None => format!("@f{}", f.0),
    }
}

fn data_name(m: Option<&Module>, d: DataId) -> String {
    match m.and_then(|m| m.data.get(d.index())) {
        Some(data) => format!("@{}", data.name),
        None => format!("@d{}", d.0),
    }
}

fn print_data(m: &Module, id: DataId, d: &Data) -> String {
    let name = data_name(Some(m), id);
    if let Some(bytes) = string_bytes(d) {
        return format!("data {name} = string {:?}", String::from_utf8_lossy(&bytes));
    }
    let (tag, fields) = match d.words.split_first() {
        Some((DataWord::Word(h), rest)) => ((h & 0xff).to_string(), rest),
        _ => ("?".to_string(), &d.words[..]),
    };
    let fields: Vec<String> = fields
        .iter()
        .map(|w| match w {
            // A custom block's payload (a boxed integer) is a raw number.
            DataWord::Word(w) if tag == "255" => format!("raw {}", *w as i64),
            DataWord::Word(w) if w & 1 == 1 => ((*w as i64) >> 1).to_string(),
            DataWord::Word(w) => format!("raw {w:#x}"),
            DataWord::FuncAddr(f) => format!("funcaddr {}", func_name(Some(m), *f)),
            DataWord::DataAddr(d) => data_name(Some(m), *d),
            DataWord::Symbol(s) => format!("symbol {s}"),
        })
        .collect();
    format!("data {name} = block tag {tag} [{}]", fields.join(", "))
}

fn binop_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "add",
        BinOp::Sub => "sub",
        BinOp::Mul => "mul",
        BinOp::Div => "div",
        BinOp::Mod => "mod",
        BinOp::And => "land",
        BinOp::Or => "lor",
        BinOp::Xor => "lxor",
        BinOp::Lsl => "lsl",
        BinOp::Lsr => "lsr",
        BinOp::Asr => "asr",
        BinOp::Eq => "eq",
        BinOp::Ne => "ne",
        BinOp::Lt => "lt",
        BinOp::Le => "le",
        BinOp::Gt => "gt",
        BinOp::Ge => "ge",
        BinOp::PhysEq => "phys_eq",
        BinOp::PhysNe => "phys_ne",
        BinOp::Ult => "ult",
    }
}

fn unop_name(op: UnOp) -> &'static str {
    match op {
        UnOp::Neg => "neg",
        UnOp::Not => "not",
        UnOp::IsInt => "is_int",
        UnOp::BlockTag => "block_tag",
        UnOp::BlockSize => "block_size",
    }
}

/// The name the printer (and the optimizer's rule table) uses for a binary operation.
pub fn funop_name(op: FUnOp) -> &'static str {
    match op {
        FUnOp::Neg => "fneg",
        FUnOp::Abs => "fabs",
        FUnOp::Sqrt => "fsqrt",
        FUnOp::OfInt => "float_of_int",
        FUnOp::ToInt => "int_of_float",
    }
}

pub fn fbinop_name(op: FBinOp) -> &'static str {
    match op {
        FBinOp::Add => "fadd",
        FBinOp::Sub => "fsub",
        FBinOp::Mul => "fmul",
        FBinOp::Div => "fdiv",
        FBinOp::Eq => "feq",
        FBinOp::Ne => "fne",
        FBinOp::Lt => "flt",
        FBinOp::Le => "fle",
        FBinOp::Gt => "fgt",
        FBinOp::Ge => "fge",
    }
}

pub fn binop_mnemonic(op: BinOp) -> &'static str {
    binop_name(op)
}

/// The name the printer (and the optimizer's rule table) uses for a unary operation.
pub fn unop_mnemonic(op: UnOp) -> &'static str {
    unop_name(op)
}

fn list(vs: &[Value]) -> String {
    vs.iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn callee_str(m: Option<&Module>, c: &Callee) -> String {
    match c {
        Callee::Direct(f) => func_name(m, *f),
        Callee::Indirect(v) => format!("*{v}"),
        Callee::Runtime(name) => format!("runtime {name}"),
    }
}

/// One statement's right-hand side (without `%n = `).
pub fn print_stmt(s: &Stmt, m: Option<&Module>) -> String {
    match s {
        Stmt::Nop => "nop".into(),
        Stmt::Param(i, t) => format!("param {i}::{}", type_name(*t)),
        Stmt::Const(n) => format!("const {n}"),
        Stmt::RawConst(n) => format!("rawconst {n}"),
        Stmt::DataAddr(d) => format!("data {}", data_name(m, *d)),
        Stmt::FuncAddr(f) => format!("funcaddr {}", func_name(m, *f)),
        Stmt::StackSlot { words } => format!("stackslot {words}"),
        Stmt::Unary(op, a) => format!("{} {a}", unop_name(*op)),
        Stmt::Binary(op, a, b) => format!("{} {a}, {b}", binop_name(*op)),
        Stmt::FConst(bits) => format!(
            "fconst {}",
            crate::lambda::print::float_text(f64::from_bits(*bits))
        ),
        Stmt::FUnary(op, a) => format!("{} {a}", funop_name(*op)),
        Stmt::FBinary(op, a, b) => format!("{} {a}, {b}", fbinop_name(*op)),
        Stmt::Alloc {
            tag,
            fields,
            raw_prefix,
        } => {
            if *raw_prefix > 0 {
                format!("alloc tag {tag} raw {raw_prefix} [{}]", list(fields))
            } else {
                format!("alloc tag {tag} [{}]", list(fields))
            }
        }
        Stmt::Load { base, index, ty } => format!("load {base}[{index}]::{}", type_name(*ty)),
        Stmt::Store { base, index, value } => format!("store {base}[{index}] = {value}"),
        Stmt::LoadIdx { base, index, ty } => {
            format!("load {base}[{index}]::{}", type_name(*ty))
        }
        Stmt::StoreIdx { base, index, value } => format!("store {base}[{index}] = {value}"),
        Stmt::LoadByte { base, index } => format!("load_byte {base}[{index}]"),
        Stmt::StoreByte { base, index, value } => format!("store_byte {base}[{index}] = {value}"),
        Stmt::Call { callee, args, ret } => format!(
            "call {}({})::{}",
            callee_str(m, callee),
            list(args),
            type_name(*ret)
        ),
        Stmt::Phi { edges, values, ty } => {
            let ins: Vec<String> = edges
                .iter()
                .zip(values)
                .map(|(e, v)| format!("{e} => {v}"))
                .collect();
            format!("phi ({})::{}", ins.join(", "), type_name(*ty))
        }
        Stmt::Pi { value, fact } => {
            let fact = match fact {
                Fact::HasTag(t) => format!("has_tag {t}"),
                Fact::IsInt => "is_int".into(),
                Fact::IsConst(n) => format!("== {n}"),
                Fact::NonZero => "nonzero".into(),
            };
            format!("pi {value}, {fact}")
        }
        Stmt::Jump(b) => format!("goto {b}"),
        Stmt::Branch { cond, then, els } => format!("goto {then} if {cond} else {els}"),
        Stmt::Switch {
            value,
            targets,
            default,
        } => {
            let ts: Vec<String> = targets.iter().map(|t| t.to_string()).collect();
            format!("switch {value} [{}] else {default}", ts.join(", "))
        }
        Stmt::Return(v) => format!("return {v}"),
        Stmt::TailCall { callee, args } => {
            format!("tailcall {}({})", callee_str(m, callee), list(args))
        }
        Stmt::Unreachable => "unreachable".into(),
    }
}

/// Whether the statement defines a value (something other statements may use).
pub fn defines_value(s: &Stmt) -> bool {
    !matches!(
        s,
        Stmt::Nop | Stmt::Store { .. } | Stmt::StoreIdx { .. } | Stmt::StoreByte { .. }
    ) && !s.is_terminator()
}

/// One function. `m` gives the names of callees and data objects.
pub fn print_function(f: &Function, m: Option<&Module>) -> String {
    let mut out = String::new();
    let params: Vec<String> = f
        .params
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%{i}::{}", type_name(*t)))
        .collect();
    let export = if f.linkage == Linkage::Export {
        "export "
    } else {
        ""
    };
    write!(
        out,
        "{export}function {}({}) -> {}",
        f.name,
        params.join(", "),
        type_name(f.ret)
    )
    .unwrap();
    if f.source_name != f.name {
        write!(out, "  # {}", f.source_name).unwrap();
    }
    out.push('\n');

    let npreds: Vec<usize> = f.predecessors().iter().map(|p| p.len()).collect();
    let bw = f.blocks.len().saturating_sub(1).to_string().len();
    let vw = f.stmts.len().saturating_sub(1).to_string().len() + 1;
    for (bi, bd) in f.blocks.iter().enumerate() {
        let shown: Vec<u32> = (bd.start..bd.end)
            .filter(|&i| {
                let s = &f.stmts[i as usize];
                // The entry's leading params are shown in the header.
                let leading_param = bi == 0
                    && (bd.start..=i).all(|j| matches!(f.stmts[j as usize], Stmt::Param(..)));
                !matches!(s, Stmt::Nop) && !leading_param
            })
            .collect();
        // A block of nothing but parameters (malformed) still gets its header line.
        let shown = if shown.is_empty() {
            vec![u32::MAX]
        } else {
            shown
        };
        for (k, &i) in shown.iter().enumerate() {
            let prefix = if k == 0 {
                let mark = if npreds.get(bi).copied().unwrap_or(0) > 1 {
                    '┄'
                } else {
                    '─'
                };
                format!("{bi:<bw$} {mark} ")
            } else if k + 1 == shown.len() {
                format!("└─{} ", "─".repeat(bw))
            } else {
                format!("│{} ", " ".repeat(bw + 1))
            };
            out.push_str(&prefix);
            if i == u32::MAX {
                out.push('\n');
                continue;
            }
            let s = &f.stmts[i as usize];
            if defines_value(s) {
                write!(out, "{:>vw$} = ", format!("%{i}")).unwrap();
            } else {
                out.push_str(&" ".repeat(vw + 3));
            }
            out.push_str(&print_stmt(s, m));
            out.push('\n');
        }
    }
    out
}
