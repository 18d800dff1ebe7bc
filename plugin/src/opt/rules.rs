//! The optimizer's rewrite rules, written as data — ISLE's idea in a `macro_rules!` table.
//!
//! A rule is one line: a name, a priority, a *pattern* over SSA values and a *right-hand side*
//! that builds the replacement:
//!
//! ```text
//! rule!(add_zero, 50, add(x, const(0)) => x),
//! rule!(mul_pow2, 10, mul(x, pow2(k)) => lsl(x, const(k))),
//! ```
//!
//! Patterns are typed terms: the root names an operation (the statement being optimized), its
//! arguments are sub-patterns matched against the operand values (always read through `find`):
//!
//! | pattern | matches a value that is | binds |
//! |---|---|---|
//! | `x` | anything (the same name twice: the same value) | the value |
//! | `_` | anything | — |
//! | `const(c)` / `const(5)` / `const(-1)` | an int constant (that constant) | `c`: the int |
//! | `pow2(k)` | the constant `2^k`, `1 <= k <= 61` | `k` |
//! | `known_int(x)` | surely an int (constant, result of an int operation, `Pi` is_int) | the value |
//! | `known_block(x)` | surely a heap block (`Alloc`, `DataAddr`, `Pi` has_tag) | the value |
//! | `tagged(t)` | a block of known tag | `t`: the tag |
//! | `nonzero(x)` | surely not the int 0 (`Pi` nonzero, a non-zero constant) | the value |
//! | `op(p, q)` | defined by the operation `op` with operands matching `p`, `q` | — |
//!
//! These extractors look through `Pi` nodes (a fact about a pi's operand holds for the pi).
//! Operation names are the printer's (`add`, `land`, `lsl`, `eq`, `neg`, `is_int`, ...).
//!
//! Right-hand sides are constructors: a bound value `x`; `const(5)` / `const(c)`; `fold(op, a,
//! b)`, the operation evaluated on constant arguments with OCaml's semantics (the rule does not
//! apply when it is undefined, e.g. a division by zero); `op(a, b)`, a new statement (which is
//! itself optimized: folded, matched by the rules, value-numbered).
//!
//! Before matching, the optimizer puts operands in a canonical order: constants to the right of
//! commutative operations, and `c < x` as `x > c`; so rules only need constants on the right.
//!
//! The rules of one root operation are tried by decreasing priority (the first that applies
//! wins). [`check_rules`] is the overlap checker: two rules of one priority that can match the
//! same statement are reported (the order between them would be arbitrary), and so is a rule
//! that can never fire because a higher-priority rule whose right-hand side cannot fail matches
//! everything it matches.

use crate::ssa::ir::{BinOp, UnOp};
use crate::ssa::print::{binop_mnemonic, unop_mnemonic};

/// An operation a pattern or constructor names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Bin(BinOp),
    Un(UnOp),
}

const BINOPS: [BinOp; 20] = [
    BinOp::Add,
    BinOp::Sub,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Mod,
    BinOp::And,
    BinOp::Or,
    BinOp::Xor,
    BinOp::Lsl,
    BinOp::Lsr,
    BinOp::Asr,
    BinOp::Eq,
    BinOp::Ne,
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
    BinOp::PhysEq,
    BinOp::PhysNe,
    BinOp::Ult,
];
const UNOPS: [UnOp; 5] = [
    UnOp::Neg,
    UnOp::Not,
    UnOp::IsInt,
    UnOp::BlockTag,
    UnOp::BlockSize,
];

impl Op {
    /// The operation with the printer's name `name`. Panics on an unknown name: the rule table
    /// is built (and so checked) by the tests.
    pub fn named(name: &str) -> Op {
        if let Some(b) = BINOPS.iter().find(|b| binop_mnemonic(**b) == name) {
            return Op::Bin(*b);
        }
        if let Some(u) = UNOPS.iter().find(|u| unop_mnemonic(**u) == name) {
            return Op::Un(*u);
        }
        panic!("rule table: unknown operation `{name}`")
    }

    pub fn arity(self) -> usize {
        match self {
            Op::Bin(_) => 2,
            Op::Un(_) => 1,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Op::Bin(b) => binop_mnemonic(b),
            Op::Un(u) => unop_mnemonic(u),
        }
    }
}

/// A pattern (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub enum Pat {
    Var(&'static str),
    Wild,
    Const(&'static str),
    Lit(i64),
    Pow2(&'static str),
    KnownInt(&'static str),
    KnownBlock(&'static str),
    Tagged(&'static str),
    NonZero(&'static str),
    Op(Op, Vec<Pat>),
}

/// A right-hand side (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub enum Rhs {
    Var(&'static str),
    Lit(i64),
    ConstVar(&'static str),
    Fold(Op, Vec<Rhs>),
    Op(Op, Vec<Rhs>),
}

impl Rhs {
    /// Whether building this can fail (a `fold` may be undefined).
    pub fn is_fallible(&self) -> bool {
        match self {
            Rhs::Fold(..) => true,
            Rhs::Op(_, args) => args.iter().any(Rhs::is_fallible),
            _ => false,
        }
    }
}

/// One rewrite rule.
#[derive(Clone, Debug)]
pub struct Rule {
    pub name: &'static str,
    pub prio: i32,
    /// Always a `Pat::Op`: the root operation.
    pub pat: Pat,
    pub rhs: Rhs,
}

impl Rule {
    pub fn root(&self) -> Op {
        match &self.pat {
            Pat::Op(op, _) => *op,
            p => panic!(
                "rule {}: the pattern's root {p:?} is not an operation",
                self.name
            ),
        }
    }
}

/// A pattern, from the rule syntax.
macro_rules! pat {
    (_) => { Pat::Wild };
    (const(- $n:literal)) => { Pat::Lit(-$n) };
    (const($n:literal)) => { Pat::Lit($n) };
    (const($c:ident)) => { Pat::Const(stringify!($c)) };
    (pow2($k:ident)) => { Pat::Pow2(stringify!($k)) };
    (known_int($x:ident)) => { Pat::KnownInt(stringify!($x)) };
    (known_block($x:ident)) => { Pat::KnownBlock(stringify!($x)) };
    (tagged($t:ident)) => { Pat::Tagged(stringify!($t)) };
    (nonzero($x:ident)) => { Pat::NonZero(stringify!($x)) };
    ($op:ident($($a:tt $(($($ai:tt)*))?),*)) => {
        Pat::Op(Op::named(stringify!($op)), vec![$(pat!($a $(($($ai)*))?)),*])
    };
    ($x:ident) => { Pat::Var(stringify!($x)) };
}

/// A right-hand side, from the rule syntax.
macro_rules! rhs {
    (const(- $n:literal)) => { Rhs::Lit(-$n) };
    (const($n:literal)) => { Rhs::Lit($n) };
    (const($c:ident)) => { Rhs::ConstVar(stringify!($c)) };
    (fold($op:ident $(, $a:tt $(($($ai:tt)*))?)*)) => {
        Rhs::Fold(Op::named(stringify!($op)), vec![$(rhs!($a $(($($ai)*))?)),*])
    };
    ($op:ident($($a:tt $(($($ai:tt)*))?),*)) => {
        Rhs::Op(Op::named(stringify!($op)), vec![$(rhs!($a $(($($ai)*))?)),*])
    };
    ($x:ident) => { Rhs::Var(stringify!($x)) };
}

/// One rule: `rule!(name, priority, pattern => rhs)`.
macro_rules! rule {
    ($name:ident, $prio:expr, $op:ident($($pa:tt)*) => $($r:tt)+) => {
        Rule {
            name: stringify!($name),
            prio: $prio,
            pat: pat!($op($($pa)*)),
            rhs: rhs!($($r)+),
        }
    };
}

/// The rule table.
///
/// Priorities: 100 constant folding; 90 facts; 60 identities giving a constant; 50 identities
/// giving an operand; 40 weaker identities; 30 reassociation; 20 canonicalization; 10 strength
/// reduction.
pub fn rules() -> Vec<Rule> {
    vec![
        // ---- constant folding (OCaml semantics; never a division by zero) ----
        rule!(fold_add, 100, add(const(a), const(b)) => fold(add, const(a), const(b))),
        rule!(fold_sub, 100, sub(const(a), const(b)) => fold(sub, const(a), const(b))),
        rule!(fold_mul, 100, mul(const(a), const(b)) => fold(mul, const(a), const(b))),
        rule!(fold_div, 100, div(const(a), const(b)) => fold(div, const(a), const(b))),
        rule!(fold_mod, 100, mod(const(a), const(b)) => fold(mod, const(a), const(b))),
        rule!(fold_land, 100, land(const(a), const(b)) => fold(land, const(a), const(b))),
        rule!(fold_lor, 100, lor(const(a), const(b)) => fold(lor, const(a), const(b))),
        rule!(fold_lxor, 100, lxor(const(a), const(b)) => fold(lxor, const(a), const(b))),
        rule!(fold_lsl, 100, lsl(const(a), const(b)) => fold(lsl, const(a), const(b))),
        rule!(fold_lsr, 100, lsr(const(a), const(b)) => fold(lsr, const(a), const(b))),
        rule!(fold_asr, 100, asr(const(a), const(b)) => fold(asr, const(a), const(b))),
        rule!(fold_eq, 100, eq(const(a), const(b)) => fold(eq, const(a), const(b))),
        rule!(fold_ne, 100, ne(const(a), const(b)) => fold(ne, const(a), const(b))),
        rule!(fold_lt, 100, lt(const(a), const(b)) => fold(lt, const(a), const(b))),
        rule!(fold_le, 100, le(const(a), const(b)) => fold(le, const(a), const(b))),
        rule!(fold_gt, 100, gt(const(a), const(b)) => fold(gt, const(a), const(b))),
        rule!(fold_ge, 100, ge(const(a), const(b)) => fold(ge, const(a), const(b))),
        rule!(fold_phys_eq, 100, phys_eq(const(a), const(b)) => fold(eq, const(a), const(b))),
        rule!(fold_phys_ne, 100, phys_ne(const(a), const(b)) => fold(ne, const(a), const(b))),
        rule!(fold_neg, 100, neg(const(a)) => fold(neg, const(a))),
        rule!(fold_not, 100, not(const(a)) => fold(not, const(a))),
        // ---- facts (from Pi nodes and definitions) ----
        rule!(is_int_of_int, 90, is_int(known_int(x)) => const(1)),
        rule!(is_int_of_block, 90, is_int(known_block(x)) => const(0)),
        rule!(tag_of_tagged, 90, block_tag(tagged(t)) => const(t)),
        rule!(eq_nonzero_zero, 70, eq(nonzero(x), const(0)) => const(0)),
        rule!(ne_nonzero_zero, 70, ne(nonzero(x), const(0)) => const(1)),
        // ---- identities giving a constant ----
        rule!(sub_self, 60, sub(x, x) => const(0)),
        rule!(mul_zero, 60, mul(x, const(0)) => const(0)),
        rule!(div_self, 60, div(x, x) => const(1)),
        rule!(mod_self, 60, mod(x, x) => const(0)),
        rule!(mod_one, 55, mod(x, const(1)) => const(0)),
        rule!(mod_minus_one, 55, mod(x, const(-1)) => const(0)),
        rule!(land_zero, 60, land(x, const(0)) => const(0)),
        rule!(lor_minus_one, 60, lor(x, const(-1)) => const(-1)),
        rule!(lxor_self, 60, lxor(x, x) => const(0)),
        rule!(eq_self, 60, eq(x, x) => const(1)),
        rule!(ne_self, 60, ne(x, x) => const(0)),
        rule!(lt_self, 60, lt(x, x) => const(0)),
        rule!(le_self, 60, le(x, x) => const(1)),
        rule!(gt_self, 60, gt(x, x) => const(0)),
        rule!(ge_self, 60, ge(x, x) => const(1)),
        rule!(phys_eq_self, 60, phys_eq(x, x) => const(1)),
        rule!(phys_ne_self, 60, phys_ne(x, x) => const(0)),
        // ---- identities giving an operand ----
        rule!(add_zero, 50, add(x, const(0)) => x),
        rule!(sub_zero, 50, sub(x, const(0)) => x),
        rule!(mul_one, 50, mul(x, const(1)) => x),
        rule!(mul_minus_one, 50, mul(x, const(-1)) => neg(x)),
        rule!(div_one, 50, div(x, const(1)) => x),
        rule!(div_minus_one, 50, div(x, const(-1)) => neg(x)),
        rule!(land_self, 50, land(x, x) => x),
        rule!(lor_self, 50, lor(x, x) => x),
        rule!(lxor_zero, 50, lxor(x, const(0)) => x),
        rule!(lsl_zero, 50, lsl(x, const(0)) => x),
        rule!(lsr_zero, 50, lsr(x, const(0)) => x),
        rule!(asr_zero, 50, asr(x, const(0)) => x),
        rule!(neg_neg, 50, neg(neg(x)) => x),
        rule!(not_not, 50, not(not(x)) => x),
        rule!(land_minus_one, 40, land(x, const(-1)) => x),
        rule!(lor_zero, 40, lor(x, const(0)) => x),
        // ---- reassociation and canonical forms ----
        rule!(add_add_const, 30, add(add(x, const(a)), const(b)) => add(x, fold(add, const(a), const(b)))),
        rule!(sub_const, 20, sub(x, const(c)) => add(x, fold(neg, const(c)))),
        rule!(sub_neg, 20, sub(x, neg(y)) => add(x, y)),
        // ---- strength reduction (exact for 63-bit wrapping ints) ----
        rule!(add_self, 10, add(x, x) => lsl(x, const(1))),
        rule!(mul_pow2, 10, mul(x, pow2(k)) => lsl(x, const(k))),
        // Truncating division: bias a negative dividend by 2^k - 1 first.
        rule!(div_pow2, 10, div(x, pow2(k)) =>
            asr(add(x, lsr(asr(x, const(62)), fold(sub, const(63), const(k)))), const(k))),
        // x mod 2^k = x - trunc(x / 2^k) * 2^k.
        rule!(mod_pow2, 10, mod(x, pow2(k)) =>
            sub(x, land(add(x, lsr(asr(x, const(62)), fold(sub, const(63), const(k)))),
                        fold(lsl, const(-1), const(k))))),
    ]
}

/// How two patterns relate, for the checker.
fn may_overlap(a: &Pat, b: &Pat) -> bool {
    use Pat::*;
    let is_const = |p: &Pat| matches!(p, Const(_) | Lit(_) | Pow2(_));
    let is_block = |p: &Pat| matches!(p, KnownBlock(_) | Tagged(_));
    match (a, b) {
        (Var(_) | Wild, _) | (_, Var(_) | Wild) => true,
        (Lit(x), Lit(y)) => x == y,
        (Lit(n), Pow2(_)) | (Pow2(_), Lit(n)) => pow2_of(*n).is_some(),
        (Lit(0), NonZero(_)) | (NonZero(_), Lit(0)) => false,
        (Op(x, xs), Op(y, ys)) => x == y && xs.iter().zip(ys).all(|(p, q)| may_overlap(p, q)),
        // Int operations give ints: never blocks, never constants (those are folded).
        (Op(..), p) | (p, Op(..)) => !is_block(p) && !is_const(p),
        (p, q) if is_block(p) => !(is_const(q) || matches!(q, KnownInt(_))),
        (q, p) if is_block(p) => !(is_const(q) || matches!(q, KnownInt(_))),
        _ => true,
    }
}

/// `2^k` with `1 <= k <= 61`: `Some(k)`.
pub fn pow2_of(n: i64) -> Option<i64> {
    (n > 1 && n.count_ones() == 1 && n.trailing_zeros() <= 61).then(|| n.trailing_zeros() as i64)
}

/// Whether every value matching `b` matches `a` (with `a`'s repeated variables bound to equal
/// values in `b`). `names` collects `a`'s variable bindings.
fn subsumes<'p>(a: &Pat, b: &'p Pat, names: &mut Vec<(&'static str, &'p Pat)>) -> bool {
    use Pat::*;
    match (a, b) {
        (Var(x), _) => match names.iter().find(|(n, _)| n == x) {
            // A repeated variable requires an equal value: only the same variable, or the same
            // literal, in `b` guarantees it.
            Some((_, prev)) => {
                matches!((prev, b), (Var(p), Var(q)) if p == q)
                    || matches!((prev, b), (Lit(p), Lit(q)) if p == q)
            }
            None => {
                names.push((x, b));
                true
            }
        },
        (Wild, _) => true,
        (Const(_), Const(_) | Lit(_) | Pow2(_)) => true,
        (Lit(x), Lit(y)) => x == y,
        (Pow2(_), Pow2(_)) => true,
        (Pow2(_), Lit(n)) => pow2_of(*n).is_some(),
        (KnownInt(_), Const(_) | Lit(_) | Pow2(_) | KnownInt(_) | Op(..)) => true,
        (KnownBlock(_), KnownBlock(_) | Tagged(_)) => true,
        (Tagged(_), Tagged(_)) => true,
        (NonZero(_), NonZero(_)) => true,
        (NonZero(_), Lit(n)) => *n != 0,
        (Op(x, xs), Op(y, ys)) => x == y && xs.iter().zip(ys).all(|(p, q)| subsumes(p, q, names)),
        _ => false,
    }
}

/// The overlap checker: rules of equal priority that may match the same statement, and rules
/// shadowed by a higher-priority rule that matches everything they match and cannot fail.
/// Returns one message per problem.
pub fn check_rules(rules: &[Rule]) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, a) in rules.iter().enumerate() {
        for b in &rules[i + 1..] {
            if a.name == b.name {
                problems.push(format!("two rules named {}", a.name));
            }
            if a.root() != b.root() {
                continue;
            }
            if a.prio == b.prio && may_overlap(&a.pat, &b.pat) {
                problems.push(format!(
                    "{} and {} overlap at priority {}",
                    a.name, b.name, a.prio
                ));
            }
            let (hi, lo) = if a.prio >= b.prio { (a, b) } else { (b, a) };
            if hi.prio > lo.prio
                && !hi.rhs.is_fallible()
                && subsumes(&hi.pat, &lo.pat, &mut Vec::new())
            {
                problems.push(format!("{} is shadowed by {}", lo.name, hi.name));
            }
        }
    }
    problems
}
