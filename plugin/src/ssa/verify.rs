//! The SSA verifier: checks the invariants stated in [`super::ir`] and reports every violation
//! (not just the first), each message naming the function and the statement or block.
//!
//! Checked, per function:
//! - the parallel vectors `stmts`, `types`, `locs` have one length; block ranges are non-empty,
//!   in bounds and disjoint, and statements outside every block are `Nop`;
//! - every block ends with exactly one terminator and holds no other; successors are in range;
//! - `Param(i)` only as the i-th statement of the entry block, with the declared type; at most
//!   [`MAX_F64_PARAMS`] `F64` parameters (none for `Abi::C`); `float_params` name `Val` ones;
//! - phis only at the start of a block, `edges` equal to the block's predecessors as a set with
//!   as many entries as predecessors and as many values as edges;
//! - debug variables name statements (in a block) that define a value;
//! - no use of a `Nop`, `Store` or terminator (statements that define no value), no use out of
//!   range;
//! - operand types: `Val` for integer operations, conditions, allocated fields (after the raw
//!   prefix), load/store bases, pi operands; `Raw` for indirect callees and raw-prefix fields;
//!   phi inputs of the phi's type; the returned value of the function's return type;
//! - dominance (Cooper–Harvey–Kennedy dominators, [`super::dom`]): every use in a reachable
//!   block is dominated by its definition — earlier in the same block, or in a dominating
//!   block; a phi input by the end of the corresponding predecessor.
//!
//! [`verify_module`] adds the cross-function checks: callee and data ids in range, direct calls
//! with the callee's arity, argument types and return type, the entry taking no parameters.

use super::dom::DomTree;
use super::ir::*;
use super::print::{defines_value, print_stmt};

/// Checks every function and the cross-function references of `m`.
pub fn verify_module(m: &Module) -> Result<(), Vec<String>> {
    let mut errs = Vec::new();
    for f in &m.functions {
        if let Err(e) = verify_function(f) {
            errs.extend(e);
        }
        check_references(m, f, &mut errs);
    }
    if let Some(e) = m.entry {
        match m.functions.get(e.index()) {
            None => errs.push(format!("entry function {e:?} out of range")),
            Some(f) if !f.params.is_empty() => {
                errs.push(format!("entry function {} takes parameters", f.name))
            }
            _ => {}
        }
    }
    for d in &m.data {
        for w in &d.words {
            match w {
                DataWord::FuncAddr(f) if f.index() >= m.functions.len() => {
                    errs.push(format!("data {}: function {f:?} out of range", d.name))
                }
                DataWord::DataAddr(x) if x.index() >= m.data.len() => {
                    errs.push(format!("data {}: data {x:?} out of range", d.name))
                }
                DataWord::Symbol(s)
                    if !crate::lambda::ir::BoxedIntKind::ALL
                        .iter()
                        .any(|k| k.ops_symbol() == *s) =>
                {
                    errs.push(format!("data {}: unknown runtime symbol {s}", d.name))
                }
                _ => {}
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

fn check_references(m: &Module, f: &Function, errs: &mut Vec<String>) {
    for (i, s) in f.stmts.iter().enumerate() {
        let at = || format!("{}: %{i} = {}", f.name, print_stmt(s, Some(m)));
        match s {
            Stmt::DataAddr(d) if d.index() >= m.data.len() => {
                errs.push(format!("{}: data out of range", at()))
            }
            Stmt::FuncAddr(g) if g.index() >= m.functions.len() => {
                errs.push(format!("{}: function out of range", at()))
            }
            Stmt::Call {
                callee: Callee::Direct(g),
                args,
                ..
            }
            | Stmt::TailCall {
                callee: Callee::Direct(g),
                args,
            } => {
                let Some(callee) = m.functions.get(g.index()) else {
                    errs.push(format!("{}: callee {g:?} out of range", at()));
                    continue;
                };
                if callee.params.len() != args.len() {
                    errs.push(format!(
                        "{}: {} takes {} arguments, given {}",
                        at(),
                        callee.name,
                        callee.params.len(),
                        args.len()
                    ));
                } else {
                    for (k, (a, t)) in args.iter().zip(&callee.params).enumerate() {
                        if a.index() < f.types.len() && f.types[a.index()] != *t {
                            errs.push(format!("{}: argument {k} has the wrong type", at()));
                        }
                    }
                }
                let ret = match s {
                    Stmt::Call { ret, .. } => *ret,
                    _ => f.ret,
                };
                if callee.ret != ret {
                    errs.push(format!(
                        "{}: {} returns {:?}",
                        at(),
                        callee.name,
                        callee.ret
                    ));
                }
            }
            _ => {}
        }
    }
}

/// Checks the invariants of one function (see the module documentation).
pub fn verify_function(f: &Function) -> Result<(), Vec<String>> {
    let mut v = Verifier {
        f,
        errs: Vec::new(),
    };
    v.run();
    if v.errs.is_empty() {
        Ok(())
    } else {
        Err(v.errs)
    }
}

struct Verifier<'a> {
    f: &'a Function,
    errs: Vec<String>,
}

impl Verifier<'_> {
    fn err(&mut self, at: Option<u32>, msg: impl AsRef<str>) {
        let where_ = match at {
            Some(i) => format!(" %{i} = {}", print_stmt(&self.f.stmts[i as usize], None)),
            None => String::new(),
        };
        self.errs
            .push(format!("{}:{where_}: {}", self.f.name, msg.as_ref()));
    }

    fn run(&mut self) {
        let f = self.f;
        let n = f.stmts.len();
        let f64_params = f.params.iter().filter(|t| **t == Type::F64).count();
        if f64_params > MAX_F64_PARAMS
            || (f.abi == Abi::C && (f64_params > 0 || f.ret == Type::F64))
        {
            self.err(None, "too many F64 parameters for its calling convention");
        }
        if f.float_params
            .iter()
            .any(|&p| f.params.get(p as usize) != Some(&Type::Val))
        {
            self.err(None, "a float parameter that is not a Val parameter");
        }
        if f.types.len() != n || f.locs.len() != n {
            self.err(None, "stmts, types and locs differ in length");
            return;
        }
        if f.blocks.is_empty() {
            self.err(None, "no blocks");
            return;
        }
        // Block ranges.
        let mut block_of: Vec<Option<Block>> = vec![None; n];
        for (b, d) in f.blocks.iter().enumerate() {
            if d.start >= d.end || d.end as usize > n {
                self.err(None, format!("#{b}: bad range {}..{}", d.start, d.end));
                return;
            }
            for i in d.start..d.end {
                if let Some(other) = block_of[i as usize] {
                    self.err(Some(i), format!("in both {other} and #{b}"));
                    return;
                }
                block_of[i as usize] = Some(Block(b as u32));
            }
        }
        for (i, s) in f.stmts.iter().enumerate() {
            if block_of[i].is_none() && *s != Stmt::Nop {
                self.err(Some(i as u32), "outside every block");
            }
        }
        // Debug variables name values that exist.
        for d in &f.debug_vars {
            for v in d.values() {
                let i = v.index();
                if i >= n || block_of[i].is_none() || !defines_value(&f.stmts[i]) {
                    self.err(
                        None,
                        format!("debug variable `{}` names {v}, which is no value", d.name),
                    );
                }
            }
            if let DebugValue::Mutable(assigns) = &d.value {
                for a in assigns {
                    let i = a.from.index();
                    if i >= n || block_of[i].is_none() {
                        self.err(
                            None,
                            format!(
                                "debug variable `{}` is assigned at {}, which is no statement",
                                d.name, a.from
                            ),
                        );
                    }
                }
            }
        }
        // Terminators and successors.
        let nb = f.blocks.len();
        let mut cfg_ok = true;
        for (b, d) in f.blocks.iter().enumerate() {
            for i in d.start..d.end - 1 {
                if f.stmts[i as usize].is_terminator() {
                    self.err(Some(i), format!("terminator inside #{b}"));
                }
            }
            let t = &f.stmts[d.end as usize - 1];
            if !t.is_terminator() {
                self.err(
                    Some(d.end - 1),
                    format!("#{b} does not end in a terminator"),
                );
            }
            for s in t.successors() {
                if s.index() >= nb {
                    self.err(Some(d.end - 1), format!("successor {s} out of range"));
                    cfg_ok = false;
                }
            }
        }
        if !cfg_ok {
            return;
        }
        let dom = DomTree::new(f);
        for (b, d) in f.blocks.iter().enumerate() {
            let b = Block(b as u32);
            let mut in_phis = true;
            for i in d.start..d.end {
                let s = &f.stmts[i as usize];
                match s {
                    Stmt::Param(k, t) => {
                        if b.index() != 0 || i != *k || d.start != 0 {
                            self.err(Some(i), "Param not at its place at the entry's start");
                        }
                        if f.params.get(*k as usize) != Some(t) || f.types[i as usize] != *t {
                            self.err(Some(i), "Param type differs from the signature");
                        }
                    }
                    Stmt::Phi { edges, values, .. } => {
                        if !in_phis {
                            self.err(Some(i), "phi after a non-phi statement");
                        }
                        let preds = &dom.preds[b.index()];
                        let mut sorted = edges.clone();
                        sorted.sort();
                        sorted.dedup();
                        let mut want = preds.clone();
                        want.sort();
                        if edges.len() != values.len()
                            || sorted.len() != edges.len()
                            || sorted != want
                        {
                            let ps: Vec<String> = preds.iter().map(|p| p.to_string()).collect();
                            self.err(
                                Some(i),
                                format!("phi edges are not the predecessors [{}]", ps.join(", ")),
                            );
                        }
                    }
                    _ => {}
                }
                if !matches!(s, Stmt::Phi { .. } | Stmt::Nop) {
                    in_phis = false;
                }
                self.check_types(i);
                self.check_uses(i, b, &block_of, &dom);
            }
        }
    }

    fn ty(&self, v: Value) -> Option<Type> {
        self.f.types.get(v.index()).copied()
    }

    fn want(&mut self, at: u32, v: Value, t: Type, what: &str) {
        // Uses of statements without a value are reported by `check_uses`.
        if !self.f.stmts.get(v.index()).is_some_and(defines_value) {
            return;
        }
        if let Some(got) = self.ty(v) {
            if got != t {
                self.err(Some(at), format!("{what} {v} is {got:?}, expected {t:?}"));
            }
        }
    }

    /// A `Load`/`Store` base: a heap block (`Val`) or a stack slot's address (`Raw`).
    fn want_address(&mut self, at: u32, v: Value) {
        if !self.f.stmts.get(v.index()).is_some_and(defines_value) {
            return;
        }
        if self.ty(v) == Some(Type::F64) {
            self.err(Some(at), format!("base {v} is F64, expected an address"));
        }
    }

    /// Indirect and runtime calls pass words: an unboxed float crosses only a direct call (whose
    /// argument types [`verify_module`] checks against the callee's parameters), and a call of
    /// a C library function of doubles, whose arguments are all `F64` ([`c_float_arity`]).
    fn no_f64_args(&mut self, i: u32, callee: &Callee, args: &[Value]) {
        if matches!(callee, Callee::Direct(_)) {
            return;
        }
        if let Callee::Runtime(name) = callee {
            if let Some(n) = c_float_arity(name) {
                if args.len() != n {
                    self.err(Some(i), format!("{name} takes {n} arguments"));
                }
                for a in args {
                    self.want(i, *a, Type::F64, "argument");
                }
                return;
            }
        }
        for a in args {
            if self.ty(*a) == Some(Type::F64) {
                self.err(Some(i), format!("passes the F64 {a} to a call"));
            }
        }
    }

    fn check_types(&mut self, i: u32) {
        let f = self.f;
        let s = &f.stmts[i as usize];
        let own = f.types[i as usize];
        let result = |this: &mut Self, t: Type| {
            if own != t {
                this.err(Some(i), format!("has type {own:?}, expected {t:?}"));
            }
        };
        match s {
            Stmt::Const(_) | Stmt::DataAddr(_) => result(self, Type::Val),
            Stmt::RawConst(_) | Stmt::FuncAddr(_) => result(self, Type::Raw),
            Stmt::Unary(_, a) => {
                result(self, Type::Val);
                self.want(i, *a, Type::Val, "operand");
            }
            Stmt::Binary(_, a, b) => {
                result(self, Type::Val);
                self.want(i, *a, Type::Val, "operand");
                self.want(i, *b, Type::Val, "operand");
            }
            Stmt::FConst(_) => result(self, Type::F64),
            Stmt::FUnary(op, a) => {
                let (arg, res) = match op {
                    FUnOp::OfInt => (Type::Val, Type::F64),
                    FUnOp::ToInt => (Type::F64, Type::Val),
                    _ => (Type::F64, Type::F64),
                };
                result(self, res);
                self.want(i, *a, arg, "operand");
            }
            Stmt::FBinary(op, a, b) => {
                result(
                    self,
                    if op.is_comparison() {
                        Type::Val
                    } else {
                        Type::F64
                    },
                );
                self.want(i, *a, Type::F64, "operand");
                self.want(i, *b, Type::F64, "operand");
            }
            Stmt::Alloc {
                tag,
                fields,
                raw_prefix,
            } => {
                result(self, Type::Val);
                if *raw_prefix as usize > fields.len() {
                    self.err(Some(i), "raw_prefix longer than the fields");
                }
                // A float box's field, and a flat float record's, are doubles.
                let float_box = *tag == crate::ssa::lower::DOUBLE_TAG;
                let doubles = float_box || *tag == crate::ssa::lower::DOUBLE_ARRAY_TAG;
                if float_box && fields.len() != 1 {
                    self.err(Some(i), "a float box has one field");
                }
                for (k, x) in fields.iter().enumerate() {
                    let t = if (k as u32) < *raw_prefix {
                        Type::Raw
                    } else if doubles {
                        Type::F64
                    } else {
                        Type::Val
                    };
                    self.want(i, *x, t, "field");
                }
            }
            Stmt::Load { base, ty, .. } => {
                result(self, *ty);
                self.want_address(i, *base);
            }
            Stmt::Store { base, .. } => {
                // An F64 goes into a flat float record.
                self.want_address(i, *base);
            }
            Stmt::LoadIdx { base, index, ty } => {
                result(self, *ty);
                self.want(i, *base, Type::Val, "array");
                self.want(i, *index, Type::Val, "index");
            }
            Stmt::StoreIdx { base, index, value } => {
                self.want(i, *base, Type::Val, "array");
                self.want(i, *index, Type::Val, "index");
                if self.ty(*value) == Some(Type::Raw) {
                    self.err(Some(i), format!("stores the raw word {value} in an array"));
                }
            }
            Stmt::LoadByte { base, index } => {
                result(self, Type::Val);
                self.want(i, *base, Type::Val, "string");
                self.want(i, *index, Type::Val, "offset");
            }
            Stmt::StoreByte { base, index, value } => {
                self.want(i, *base, Type::Val, "bytes");
                self.want(i, *index, Type::Val, "offset");
                self.want(i, *value, Type::Val, "byte");
            }
            Stmt::StackSlot { .. } => result(self, Type::Raw),
            Stmt::Call { callee, ret, args } => {
                result(self, *ret);
                if let Callee::Indirect(c) = callee {
                    self.want(i, *c, Type::Raw, "callee");
                }
                self.no_f64_args(i, callee, args);
                let c_float = matches!(callee, Callee::Runtime(n) if c_float_arity(n).is_some());
                if c_float && *ret != Type::F64 {
                    self.err(Some(i), "a C function of doubles returns an F64");
                }
                if *ret == Type::F64 && !matches!(callee, Callee::Direct(_)) && !c_float {
                    self.err(Some(i), "an F64 result from an indirect or runtime call");
                }
            }
            Stmt::TailCall { callee, args } => {
                if let Callee::Indirect(c) = callee {
                    self.want(i, *c, Type::Raw, "callee");
                }
                self.no_f64_args(i, callee, args);
            }
            Stmt::Phi { values, ty, .. } => {
                result(self, *ty);
                for x in values {
                    self.want(i, *x, *ty, "phi input");
                }
            }
            Stmt::Pi { value, .. } => {
                result(self, Type::Val);
                self.want(i, *value, Type::Val, "pi operand");
            }
            Stmt::Branch { cond, .. } => self.want(i, *cond, Type::Val, "condition"),
            Stmt::Switch { value, .. } => self.want(i, *value, Type::Val, "switch value"),
            Stmt::Return(v) => self.want(i, *v, f.ret, "returned value"),
            Stmt::Nop | Stmt::Param(..) | Stmt::Jump(_) | Stmt::Unreachable => {}
        }
    }

    fn check_uses(&mut self, i: u32, b: Block, block_of: &[Option<Block>], dom: &DomTree) {
        let f = self.f;
        let s = &f.stmts[i as usize];
        let mut uses: Vec<(Value, Option<Block>)> = Vec::new();
        match s {
            Stmt::Phi { edges, values, .. } => {
                for (k, v) in values.iter().enumerate() {
                    uses.push((*v, edges.get(k).copied()));
                }
            }
            _ => s.for_each_use(|v| uses.push((v, None))),
        }
        for (v, edge) in uses {
            if v.index() >= f.stmts.len() {
                self.err(Some(i), format!("use of {v} out of range"));
                continue;
            }
            let def = &f.stmts[v.index()];
            if !defines_value(def) {
                self.err(
                    Some(i),
                    format!(
                        "use of {v}, which defines no value ({})",
                        print_stmt(def, None)
                    ),
                );
                continue;
            }
            if !dom.is_reachable(b) {
                continue;
            }
            let Some(db) = block_of[v.index()] else {
                continue;
            };
            let ok = match edge {
                // A phi input must be available at the end of the predecessor.
                Some(p) => {
                    p.index() >= dom.preds.len() || !dom.is_reachable(p) || dom.dominates(db, p)
                }
                None if db == b => v.0 < i,
                None => dom.dominates(db, b),
            };
            if !ok {
                let on = edge.map_or(String::new(), |p| format!(" on the edge from {p}"));
                self.err(
                    Some(i),
                    format!("use of {v}{on} not dominated by its definition"),
                );
            }
        }
    }
}
