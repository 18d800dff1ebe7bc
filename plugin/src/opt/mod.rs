//! The SSA optimizer (`opt`): one forward pass per function, in the architecture of the PyPy
//! toy optimizer (<https://pypy.org/posts/2022/07/toy-optimizer.html>), with its rewrites
//! written as declarative rules ([`rules`], ISLE's idea) and its edits made through Julia's
//! insertion buffer ([`crate::ssa::compact`]).
//!
//! Takes a valid SSA function, gives a valid SSA function computing the same thing (same
//! output, same result, same effects in the same order).
//!
//! **The pass.** Blocks are visited once, in reverse postorder (so every definition is seen
//! before its uses, except phi inputs on back edges), statements in order. Every value has a
//! `forwarded` link — the edit buffer's forward — and [`crate::ssa::compact::IrEdit::find`]
//! gives its representative; operands are always read through `find`. Visiting a statement:
//!
//! 1. canonicalize it (operands through `find`; a constant operand of a commutative operation
//!    to the right; `c < x` as `x > c`);
//! 2. try the rules of its operation, by decreasing priority: constant folding, facts from
//!    `Pi` nodes, algebraic identities, reassociation, strength reduction. The first that
//!    applies gives an equal value — an operand, a constant, or new statements (inserted before
//!    the current one, and themselves optimized) — and `make_equal_to` records it;
//! 3. otherwise, value numbering (CSE): a pure statement equal to one already seen in a
//!    dominating block is made equal to it; else it is recorded. `Alloc`, `Load` (stores are
//!    not tracked), `Call`, `Store` are never value-numbered.
//!
//! Phis whose live inputs are all one value (or all one constant) are made equal to it; a
//! `Pi` asserting a constant is that constant. A `Branch` or `Switch` on a known value becomes
//! a `Jump` — known as a constant, or decided by a dominating branch on the same condition (a
//! block entered only by that branch's edge, and every block it dominates, knows the
//! condition's value); the edges it drops are *dead*, and a block all of whose incoming edges
//! are dead is not visited. (Edges not yet decided — back edges — count as live when their target is;
//! in an irreducible CFG all edges count as live.) So does one whose other targets are all
//! blocks saying only `unreachable` (impossible edges, e.g. the failure branch of a match on a
//! type with one constant and one non-constant constructor).
//!
//! Finally the edit buffer is compacted: unreachable blocks go, phis lose the inputs of dropped
//! edges, trivial phis become copies, unused pure statements are removed, inserted statements
//! are moved into place and every use is renamed.
//!
//! Value numbering is scoped by the dominator tree of the *input* CFG: dropping edges only
//! makes dominance larger, so a replacement valid there is valid in the output.
//!
//! After the pass, per function: float phis get `F64` twins ([`unbox`]) and phis of fresh
//! tuples are split ([`tuples`]). Then, over the module, float functions are split into an
//! unboxed worker and a boxing wrapper ([`unbox_calls`]), and the functions that changed are
//! optimized again (which forwards the unboxings of the boxes the split made).

pub mod rules;
pub mod tuples;
pub mod unbox;
pub mod unbox_calls;

#[cfg(test)]
mod tests;

use crate::ssa::arith::{eval_binop, eval_unop, is_commutative, swapped_comparison};
use crate::ssa::compact::IrEdit;
use crate::ssa::dom::DomTree;
use crate::ssa::ir::*;
use rules::{pow2_of, Op, Pat, Rhs, Rule};
use std::collections::{BTreeMap, HashMap};

/// What the optimizer did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OptStats {
    /// Statements (not counting deleted ones) before and after.
    pub stmts_before: usize,
    pub stmts_after: usize,
    /// How often each rule fired, by rule name; also `(cse)`, `(phi)`, `(pi)` and
    /// `(branch)` for value numbering, phi simplification, constant pis and branch folding.
    pub fired: BTreeMap<&'static str, usize>,
}

/// The rules, indexed by root operation and sorted by decreasing priority.
pub struct RuleSet {
    by_root: HashMap<Op, Vec<Rule>>,
}

impl RuleSet {
    pub fn new(rules: Vec<Rule>) -> RuleSet {
        let mut by_root: HashMap<Op, Vec<Rule>> = HashMap::new();
        for r in rules {
            by_root.entry(r.root()).or_default().push(r);
        }
        for rs in by_root.values_mut() {
            rs.sort_by_key(|r| -r.prio);
        }
        RuleSet { by_root }
    }

    /// The table of [`rules::rules`].
    pub fn standard() -> RuleSet {
        RuleSet::new(rules::rules())
    }
}

fn live_count(f: &Function) -> usize {
    f.stmts.iter().filter(|s| **s != Stmt::Nop).count()
}

/// Optimizes every function of `m`.
pub fn optimize_module(m: &mut Module) -> OptStats {
    let rules = RuleSet::standard();
    let mut stats = OptStats::default();
    let closures = static_closures(m);
    let floats = float_constants(m);
    let blocks = tuples::static_blocks(m);
    for (i, f) in m.functions.iter_mut().enumerate() {
        let mut taken = std::mem::replace(f, Function::new("", vec![], Type::Val));
        if let Some(&d) = closures.get(&FuncId(i as u32)) {
            taken = static_self_closure(taken, FuncId(i as u32), d, &mut stats);
        }
        let optimized = optimize_function(taken, &rules, &mut stats);
        let (unboxed, n) = unbox::unbox_float_phis(optimized, &floats);
        if n > 0 {
            *stats.fired.entry("(unbox phi)").or_default() += n;
        }
        let (split, n) = tuples::split_block_phis(unboxed, &blocks);
        if n > 0 {
            *stats.fired.entry("(split phi)").or_default() += n;
        }
        *f = split;
    }
    let (changed, n) = unbox_calls::split_float_functions(m, &floats);
    if n > 0 {
        *stats.fired.entry("(split float fn)").or_default() += n;
        // Forward the unboxings of the boxes the split made (their statements are counted
        // once, above).
        let mut again = OptStats::default();
        for id in changed {
            let f = &mut m.functions[id.index()];
            let taken = std::mem::replace(f, Function::new("", vec![], Type::Val));
            let optimized = optimize_function(taken, &rules, &mut again);
            let (unboxed, _) = unbox::unbox_float_phis(optimized, &floats);
            *f = unboxed;
        }
        for (rule, k) in again.fired {
            *stats.fired.entry(rule).or_default() += k;
        }
    }
    stats
}

/// The module's static float boxes (float constants) and their numbers.
fn float_constants(m: &Module) -> HashMap<DataId, u64> {
    let header = ((1u64) << 10) | crate::ssa::lower::DOUBLE_TAG as u64;
    m.data
        .iter()
        .enumerate()
        .filter_map(|(i, d)| match d.words[..] {
            [DataWord::Word(h), DataWord::Word(bits)] if h & !(3 << 8) == header => {
                Some((DataId(i as u32), bits))
            }
            _ => None,
        })
        .collect()
}

/// The static closures of the module's functions: data blocks of tag 247 holding only a code
/// pointer and an arity (functions with no captured variable).
fn static_closures(m: &Module) -> HashMap<FuncId, DataId> {
    let mut map = HashMap::new();
    for (i, d) in m.data.iter().enumerate() {
        if let [DataWord::Word(h), DataWord::FuncAddr(f), DataWord::Word(_)] = d.words[..] {
            if h & 0xff == 247 && h >> 10 == 2 {
                map.entry(f).or_insert(DataId(i as u32));
            }
        }
    }
    map
}

/// A recursive function passes its own closure (its last parameter) to its recursive calls.
/// When that is the parameter's only use, its value is never looked at (every callee only
/// passes it on in turn), so the calls can pass the function's static closure instead — a
/// constant the backend rematerialises at each call — and the parameter dies: no register has
/// to keep it across the calls. (The static closure, not any constant, so that a debugger still
/// shows the same closure in every frame.) Only for functions making a non-tail such call.
fn static_self_closure(f: Function, id: FuncId, closure: DataId, stats: &mut OptStats) -> Function {
    if f.abi != Abi::Egret || f.params.is_empty() || f.blocks.is_empty() {
        return f;
    }
    let last = f.params.len() as u32 - 1;
    let entry = f.blocks[0];
    let Some(c) = (entry.start..entry.end)
        .find(|&i| matches!(f.stmts[i as usize], Stmt::Param(n, _) if n == last))
        .map(Value)
    else {
        return f;
    };
    let mut calls = Vec::new();
    for (i, s) in f.stmts.iter().enumerate() {
        let mut uses = 0;
        s.for_each_use(|v| uses += (v == c) as usize);
        if uses == 0 {
            continue;
        }
        match s {
            Stmt::Call {
                callee: Callee::Direct(g),
                args,
                ..
            }
            | Stmt::TailCall {
                callee: Callee::Direct(g),
                args,
            } if *g == id && uses == 1 && args.last() == Some(&c) => calls.push(Value(i as u32)),
            _ => return f,
        }
    }
    // Only tail calls: the parameter is passed on in its own register, which costs nothing
    // (a self tail call is a loop), while the constant would be rematerialised per iteration.
    if !calls
        .iter()
        .any(|v| matches!(f.stmts[v.index()], Stmt::Call { .. }))
    {
        return f;
    }
    let first = (entry.start..entry.end)
        .find(|&i| !matches!(f.stmts[i as usize], Stmt::Param(..)))
        .map(Value)
        .expect("a block ends with a terminator");
    let mut ed = IrEdit::new(f);
    let addr = ed.insert_before(first, Stmt::DataAddr(closure), Type::Val);
    for v in calls {
        let mut s = ed.stmt(v).clone();
        s.for_each_use_mut(|u| {
            if *u == c {
                *u = addr;
            }
        });
        ed.set(v, s);
        *stats.fired.entry("(self-closure)").or_default() += 1;
    }
    ed.compact(false)
}

/// Optimizes one function with `rules`, adding to `stats`.
pub fn optimize_function(f: Function, rules: &RuleSet, stats: &mut OptStats) -> Function {
    stats.stmts_before += live_count(&f);
    let dom = DomTree::new(&f);
    let mut block_of = vec![Block(0); f.stmts.len()];
    for (b, d) in f.blocks.iter().enumerate() {
        for i in d.start..d.end {
            block_of[i as usize] = Block(b as u32);
        }
    }
    let nb = f.blocks.len();
    let mut pass = Pass {
        reducible: dom.is_reducible(),
        ed: IrEdit::new(f),
        dom,
        rules,
        block_of,
        table: HashMap::new(),
        branch_facts: HashMap::new(),
        processed: vec![false; nb],
        live: vec![false; nb],
        cur: Block(0),
        at: Value(0),
        fired: &mut stats.fired,
    };
    pass.run();
    let out = pass.ed.compact(true);
    stats.stmts_after += live_count(&out);
    out
}

/// A value-numbering key: a pure statement with canonical operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Const(i64),
    RawConst(i64),
    Data(DataId),
    Func(FuncId),
    Un(UnOp, Value),
    Bin(BinOp, Value, Value),
    FConst(u64),
    FUn(FUnOp, Value),
    FBin(FBinOp, Value, Value),
    Pi(Value, Fact),
}

/// What a pattern variable is bound to.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bound {
    Val(Value),
    Int(i64),
}

type Bindings = Vec<(&'static str, Bound)>;

/// Depth of rule application on statements built by rules (a guard against rule cycles).
const MAX_DEPTH: u32 = 6;

struct Pass<'a> {
    ed: IrEdit,
    dom: DomTree,
    reducible: bool,
    rules: &'a RuleSet,
    /// The block of every value (existing, then inserted).
    block_of: Vec<Block>,
    table: HashMap<Key, Vec<Value>>,
    /// What the branches seen so far say of their conditions: `c ↦ (s, k)` when block `s` is
    /// entered only from a branch on `c`, by its `then` edge (`k`) or its `else` edge (`!k`);
    /// `c` is then `k` in every block `s` dominates.
    branch_facts: HashMap<Value, Vec<(Block, bool)>>,
    processed: Vec<bool>,
    live: Vec<bool>,
    /// The block being visited and the statement new statements go before.
    cur: Block,
    at: Value,
    fired: &'a mut BTreeMap<&'static str, usize>,
}

impl Pass<'_> {
    fn count(&mut self, what: &'static str) {
        *self.fired.entry(what).or_default() += 1;
    }

    fn find(&self, v: Value) -> Value {
        self.ed.find(v)
    }

    /// PyPy's `make_equal_to`: `v` is the same value as `w` (an earlier value or a constant).
    fn make_equal_to(&mut self, v: Value, w: Value) {
        self.ed.replace(v, w);
    }

    fn run(&mut self) {
        let rpo = self.dom.rpo.clone();
        for b in rpo {
            // Unvisited predecessors are back-edge sources, dominated by `b`: they are live
            // only if `b` is, so they do not make `b` live.
            let live = b.index() == 0
                || self.dom.preds[b.index()].clone().into_iter().any(|p| {
                    (self.processed[p.index()] || !self.reducible) && self.edge_live(p, b)
                });
            self.processed[b.index()] = true;
            self.live[b.index()] = live;
            if !live {
                continue;
            }
            self.cur = b;
            let d = self.ed.func().blocks[b.index()];
            for i in d.start..d.end {
                self.at = Value(i);
                self.visit(Value(i));
            }
        }
    }

    /// Whether control may still flow along `p → b`.
    fn edge_live(&self, p: Block, b: Block) -> bool {
        if !self.reducible || !self.processed[p.index()] {
            return true;
        }
        let term = Value(self.ed.func().blocks[p.index()].end - 1);
        self.live[p.index()] && self.ed.stmt(term).successors().contains(&b)
    }

    fn visit(&mut self, v: Value) {
        let s = self.ed.stmt(v).clone();
        match s {
            Stmt::Const(n) => self.value_number(v, Key::Const(n)),
            Stmt::RawConst(n) => self.value_number(v, Key::RawConst(n)),
            Stmt::DataAddr(d) => self.value_number(v, Key::Data(d)),
            Stmt::FuncAddr(f) => self.value_number(v, Key::Func(f)),
            Stmt::FConst(bits) => self.value_number(v, Key::FConst(bits)),
            Stmt::FUnary(op, a) => {
                let a = self.find(a);
                self.ed.set(v, Stmt::FUnary(op, a));
                self.value_number(v, Key::FUn(op, a))
            }
            Stmt::FBinary(op, a, b) => {
                let (a, b) = (self.find(a), self.find(b));
                self.ed.set(v, Stmt::FBinary(op, a, b));
                self.value_number(v, Key::FBin(op, a, b))
            }
            // Unboxing a float box allocated here is its number.
            Stmt::Load {
                base,
                index: 0,
                ty: Type::F64,
            } => {
                let mut b = self.find(base);
                while let Stmt::Pi { value, .. } = self.ed.stmt(b) {
                    b = self.find(*value);
                }
                if let Stmt::Alloc {
                    tag: crate::ssa::lower::DOUBLE_TAG,
                    fields,
                    ..
                } = self.ed.stmt(b)
                {
                    let x = self.find(fields[0]);
                    self.make_equal_to(v, x);
                    self.count("(unbox)");
                }
            }
            Stmt::Unary(..) | Stmt::Binary(..) => {
                let s = self.canonical(s);
                if let Some(w) = self.try_rules(&s, 0) {
                    self.make_equal_to(v, w);
                } else {
                    let key = self.key(&s);
                    self.ed.set(v, s);
                    self.value_number(v, key);
                }
            }
            Stmt::Pi { value, fact } => {
                if let Fact::IsConst(n) = fact {
                    let c = self.constant(n);
                    self.make_equal_to(v, c);
                    self.count("(pi)");
                } else {
                    let key = Key::Pi(self.find(value), fact);
                    self.value_number(v, key);
                }
            }
            Stmt::Phi { edges, values, .. } => self.visit_phi(v, &edges, &values),
            Stmt::Branch { cond, then, els } => {
                let c = self.find(cond);
                let to = match self.const_of(c) {
                    Some(n) => Some(if n != 0 { then } else { els }),
                    None if self.nonzero(c) => Some(then),
                    None if self.dominating_fact(c).is_some() => {
                        let k = self.dominating_fact(c) == Some(true);
                        self.count("(dominated branch)");
                        Some(if k { then } else { els })
                    }
                    None if then == els => Some(then),
                    None if self.only_unreachable(then) && !self.only_unreachable(els) => Some(els),
                    None if self.only_unreachable(els) && !self.only_unreachable(then) => {
                        Some(then)
                    }
                    None => None,
                };
                if let Some(to) = to {
                    self.ed.set(v, Stmt::Jump(to));
                    self.count("(branch)");
                } else if then != els {
                    for (s, k) in [(then, true), (els, false)] {
                        if self.dom.preds[s.index()] == [self.cur] {
                            self.branch_facts.entry(c).or_default().push((s, k));
                        }
                    }
                }
            }
            Stmt::Switch {
                value,
                targets,
                default,
            } => {
                if let Some(n) = self.const_of(self.find(value)) {
                    let to = usize::try_from(n)
                        .ok()
                        .and_then(|n| targets.get(n).copied())
                        .unwrap_or(default);
                    self.ed.set(v, Stmt::Jump(to));
                    self.count("(branch)");
                } else {
                    // Targets that only say `unreachable` are never taken: when a single
                    // other target remains, the switch is a jump to it (a match on a type
                    // with one constant or one non-constant constructor).
                    let mut live = targets
                        .iter()
                        .chain(std::iter::once(&default))
                        .filter(|b| !self.only_unreachable(**b));
                    if let Some(&to) = live.next() {
                        if live.all(|b| *b == to) {
                            self.ed.set(v, Stmt::Jump(to));
                            self.count("(unreachable)");
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The value condition `c` has here, if a dominating branch on `c` decided it (a second
    /// bounds check of the same index, `a.(i).x + a.(i).y`). Each condition has at most two
    /// facts per branch on it, and dominance is a constant-time test: linear overall.
    fn dominating_fact(&self, c: Value) -> Option<bool> {
        let facts = self.branch_facts.get(&c)?;
        facts
            .iter()
            .find(|(s, _)| self.dom.dominates(*s, self.cur))
            .map(|(_, k)| *k)
    }

    /// Whether block `b` consists of `unreachable` alone: control never gets there (unlike a
    /// block that calls a raising runtime function and then says `unreachable`), so the edges
    /// into it are impossible.
    fn only_unreachable(&self, b: Block) -> bool {
        let d = self.ed.func().blocks[b.index()];
        d.end == d.start + 1 && matches!(self.ed.stmt(Value(d.start)), Stmt::Unreachable)
    }

    fn visit_phi(&mut self, v: Value, edges: &[Block], values: &[Value]) {
        let mut inputs = Vec::new();
        for (e, x) in edges.iter().zip(values) {
            if self.edge_live(*e, self.cur) {
                let x = self.find(*x);
                if x != v && !inputs.contains(&x) {
                    inputs.push(x);
                }
            }
        }
        if let [w] = inputs[..] {
            self.make_equal_to(v, w);
            self.count("(phi)");
            return;
        }
        let consts: Vec<Option<i64>> = inputs.iter().map(|x| self.const_of(*x)).collect();
        if let Some(Some(n)) = consts.first() {
            if consts.iter().all(|c| *c == Some(*n)) {
                let c = self.constant(*n);
                self.make_equal_to(v, c);
                self.count("(phi)");
            }
        }
    }

    /// Value numbering: `v` (with key `key`) is made equal to a dominating equal value, or
    /// recorded.
    fn value_number(&mut self, v: Value, key: Key) {
        if let Some(w) = self.lookup(key) {
            self.make_equal_to(v, w);
            self.count("(cse)");
        } else {
            self.table.entry(key).or_default().push(v);
        }
    }

    fn lookup(&self, key: Key) -> Option<Value> {
        let cands = self.table.get(&key)?;
        cands
            .iter()
            .rev()
            .copied()
            .find(|c| self.dom.dominates(self.block_of[c.index()], self.cur))
    }

    /// The constant `n` as a value available here: an existing dominating one, or a new
    /// statement before the current one.
    fn constant(&mut self, n: i64) -> Value {
        self.emit(Stmt::Const(n), MAX_DEPTH)
    }

    fn const_of(&self, v: Value) -> Option<i64> {
        match self.ed.stmt(self.find(v)) {
            Stmt::Const(n) => Some(*n),
            _ => None,
        }
    }

    /// The statements defining `v`, looking through `Pi` nodes (whose facts hold for `v`).
    fn pi_chain(&self, v: Value) -> Vec<&Stmt> {
        let mut out = Vec::new();
        let mut v = self.find(v);
        loop {
            let s = self.ed.stmt(v);
            out.push(s);
            match s {
                Stmt::Pi { value, .. } if out.len() < 16 => v = self.find(*value),
                _ => return out,
            }
        }
    }

    fn known_int(&self, v: Value) -> bool {
        self.pi_chain(v).iter().any(|s| {
            matches!(
                s,
                Stmt::Const(_)
                    | Stmt::Unary(..)
                    | Stmt::Binary(..)
                    | Stmt::Pi {
                        fact: Fact::IsInt | Fact::IsConst(_),
                        ..
                    }
            )
        })
    }

    fn known_block(&self, v: Value) -> bool {
        self.tag_of(v).is_some()
            || self
                .pi_chain(v)
                .iter()
                .any(|s| matches!(s, Stmt::DataAddr(_)))
    }

    fn tag_of(&self, v: Value) -> Option<i64> {
        self.pi_chain(v).iter().find_map(|s| match s {
            Stmt::Alloc { tag, .. }
            | Stmt::Pi {
                fact: Fact::HasTag(tag),
                ..
            } => Some(*tag as i64),
            _ => None,
        })
    }

    fn nonzero(&self, v: Value) -> bool {
        self.pi_chain(v).iter().any(|s| {
            matches!(
                s,
                Stmt::Pi {
                    fact: Fact::NonZero,
                    ..
                }
            ) || matches!(s, Stmt::Const(n) | Stmt::Pi { fact: Fact::IsConst(n), .. } if *n != 0)
        })
    }

    /// Operands through `find`, constants to the right.
    fn canonical(&self, s: Stmt) -> Stmt {
        match s {
            Stmt::Unary(op, a) => Stmt::Unary(op, self.find(a)),
            Stmt::Binary(op, a, b) => {
                let (a, b) = (self.find(a), self.find(b));
                let (ca, cb) = (self.const_of(a).is_some(), self.const_of(b).is_some());
                if ca && !cb {
                    if is_commutative(op) {
                        return Stmt::Binary(op, b, a);
                    }
                    if let Some(sw) = swapped_comparison(op) {
                        return Stmt::Binary(sw, b, a);
                    }
                }
                Stmt::Binary(op, a, b)
            }
            s => s,
        }
    }

    fn key(&self, s: &Stmt) -> Key {
        match *s {
            Stmt::Unary(op, a) => Key::Un(op, a),
            Stmt::Binary(op, a, b) if is_commutative(op) && a > b => Key::Bin(op, b, a),
            Stmt::Binary(op, a, b) => Key::Bin(op, a, b),
            Stmt::Const(n) => Key::Const(n),
            _ => unreachable!("no key for {s:?}"),
        }
    }

    /// A statement built by a rule (or a constant): optimized like the others, then inserted
    /// before the current statement unless an equal value exists.
    fn emit(&mut self, s: Stmt, depth: u32) -> Value {
        let s = self.canonical(s);
        if depth < MAX_DEPTH {
            if let Some(w) = self.try_rules(&s, depth + 1) {
                return w;
            }
        }
        let key = self.key(&s);
        if let Some(w) = self.lookup(key) {
            return w;
        }
        let w = self.ed.insert_before(self.at, s, Type::Val);
        self.block_of.push(self.cur);
        self.table.entry(key).or_default().push(w);
        w
    }

    /// The first rule (by priority) that applies to `s`, applied.
    fn try_rules(&mut self, s: &Stmt, depth: u32) -> Option<Value> {
        let (op, args) = match *s {
            Stmt::Unary(op, a) => (Op::Un(op), vec![a]),
            Stmt::Binary(op, a, b) => (Op::Bin(op), vec![a, b]),
            _ => return None,
        };
        let rules = self.rules;
        for rule in rules.by_root.get(&op).map_or(&[][..], |v| &v[..]) {
            let Pat::Op(_, pats) = &rule.pat else {
                continue;
            };
            let mut b = Bindings::new();
            if !pats
                .iter()
                .zip(&args)
                .all(|(p, a)| self.match_pat(p, *a, &mut b))
            {
                continue;
            }
            if !self.folds_ok(&rule.rhs, &b) {
                continue;
            }
            self.count(rule.name);
            return Some(self.build(&rule.rhs, &b, depth));
        }
        None
    }

    fn bind(b: &mut Bindings, name: &'static str, val: Bound) -> bool {
        match b.iter().find(|(n, _)| *n == name) {
            Some((_, prev)) => *prev == val,
            None => {
                b.push((name, val));
                true
            }
        }
    }

    fn match_pat(&self, p: &Pat, v: Value, b: &mut Bindings) -> bool {
        let v = self.find(v);
        match p {
            Pat::Var(x) => Self::bind(b, x, Bound::Val(v)),
            Pat::Wild => true,
            Pat::Const(c) => self
                .const_of(v)
                .is_some_and(|n| Self::bind(b, c, Bound::Int(n))),
            Pat::Lit(n) => self.const_of(v) == Some(*n),
            Pat::Pow2(k) => self
                .const_of(v)
                .and_then(pow2_of)
                .is_some_and(|n| Self::bind(b, k, Bound::Int(n))),
            Pat::KnownInt(x) => self.known_int(v) && Self::bind(b, x, Bound::Val(v)),
            Pat::KnownBlock(x) => self.known_block(v) && Self::bind(b, x, Bound::Val(v)),
            Pat::Tagged(t) => self
                .tag_of(v)
                .is_some_and(|n| Self::bind(b, t, Bound::Int(n))),
            Pat::NonZero(x) => self.nonzero(v) && Self::bind(b, x, Bound::Val(v)),
            Pat::Op(op, pats) => {
                let args = match (*op, self.ed.stmt(v)) {
                    (Op::Un(o), Stmt::Unary(o2, a)) if o == *o2 => vec![*a],
                    (Op::Bin(o), Stmt::Binary(o2, x, y)) if o == *o2 => vec![*x, *y],
                    _ => return false,
                };
                pats.iter().zip(args).all(|(p, a)| self.match_pat(p, a, b))
            }
        }
    }

    fn bound(b: &Bindings, name: &str) -> Bound {
        b.iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("rule uses unbound `{name}`"))
            .1
    }

    /// The constant a right-hand side denotes, if it is one.
    fn fold_value(&self, r: &Rhs, b: &Bindings) -> Option<i64> {
        match r {
            Rhs::Lit(n) => Some(*n),
            Rhs::ConstVar(c) | Rhs::Var(c) => match Self::bound(b, c) {
                Bound::Int(n) => Some(n),
                Bound::Val(v) => self.const_of(v),
            },
            Rhs::Fold(op, args) => {
                let xs: Option<Vec<i64>> = args.iter().map(|a| self.fold_value(a, b)).collect();
                let xs = xs?;
                match (op, &xs[..]) {
                    (Op::Bin(o), [x, y]) => eval_binop(*o, *x, *y),
                    (Op::Un(o), [x]) => eval_unop(*o, *x),
                    _ => None,
                }
            }
            Rhs::Op(..) => None,
        }
    }

    /// Whether every `fold` in `r` is defined (checked before building anything).
    fn folds_ok(&self, r: &Rhs, b: &Bindings) -> bool {
        match r {
            Rhs::Fold(..) => self.fold_value(r, b).is_some(),
            Rhs::Op(_, args) => args.iter().all(|a| self.folds_ok(a, b)),
            _ => true,
        }
    }

    fn build(&mut self, r: &Rhs, b: &Bindings, depth: u32) -> Value {
        match r {
            Rhs::Var(x) => match Self::bound(b, x) {
                Bound::Val(v) => v,
                Bound::Int(n) => self.constant(n),
            },
            Rhs::Lit(_) | Rhs::ConstVar(_) | Rhs::Fold(..) => {
                let n = self.fold_value(r, b).expect("checked by folds_ok");
                self.constant(n)
            }
            Rhs::Op(op, args) => {
                let vals: Vec<Value> = args.iter().map(|a| self.build(a, b, depth)).collect();
                let s = match (op, &vals[..]) {
                    (Op::Bin(o), [x, y]) => Stmt::Binary(*o, *x, *y),
                    (Op::Un(o), [x]) => Stmt::Unary(*o, *x),
                    _ => panic!("constructor {} with {} arguments", op.name(), vals.len()),
                };
                self.emit(s, depth)
            }
        }
    }
}
