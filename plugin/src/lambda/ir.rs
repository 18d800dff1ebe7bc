//! The explicitly typed lambda IR (System F with data, effects and recursion).
//!
//! Produced by `typing` from the AST; transformed by `simplify` (lambda → lambda) and `mono`
//! (polymorphic → specialised where finite, uniform elsewhere); consumed by `closure`.
//!
//! - Every variable is a [`VarId`] into the program's [`VarTable`], which records its source
//!   name, its type and where it was bound. Binders are unique in a whole [`Program`]
//!   (no shadowing at this level); passes that duplicate code must rename.
//! - Type abstraction and application are explicit ([`Expr::TyFun`], [`Expr::TyApp`]); after
//!   `mono` only its uniform copies keep them (closure conversion erases them: values are
//!   uniform words).
//! - `Fun(params, body, name)` with several parameters is the curried function
//!   `fun p1 -> ... -> fun pn -> body`; `App(f, args)` is curried application. Functions of
//!   several parameters let later stages call them without building intermediate closures.
//! - Data: [`Expr::Construct`] builds a value of a variant type (constructor index in the
//!   declaration), a tuple or a record (index 0), with its type. `Field(e, i)` reads the i-th
//!   argument/component/field; [`Expr::Switch`] dispatches on a constructor index or an int.
//!   Pattern matching has been compiled away by `typing`.
//! - Evaluation order is OCaml's (ocamlopt's): `App` evaluates arguments right to left, then the
//!   function; `Construct` and `Prim` evaluate their arguments right to left.

use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

use crate::diagnostics::Span;
pub use crate::srcloc::{InlineScope, InlineSite, InlineSites, SrcLoc};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TyVar(pub u32);

/// A type constructor: an index into [`TypeTable::decls`]. The first ones are built in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TyCon(pub u32);

impl TyCon {
    pub const INT: TyCon = TyCon(0);
    pub const CHAR: TyCon = TyCon(1);
    pub const STRING: TyCon = TyCon(2);
    pub const FLOAT: TyCon = TyCon(3);
    pub const UNIT: TyCon = TyCon(4);
    pub const BOOL: TyCon = TyCon(5);
    pub const LIST: TyCon = TyCon(6);
    pub const OPTION: TyCon = TyCon(7);
    pub const REF: TyCon = TyCon(8);
    pub const EXN: TyCon = TyCon(9);
    pub const ARRAY: TyCon = TyCon(10);
    pub const OUT_CHANNEL: TyCon = TyCon(11);
    /// `('a, 'b) %either = %Left of 'a | %Right of 'b`: internal, for `match .. with exception`.
    pub const EITHER: TyCon = TyCon(12);
    /// `bytes`: a string written in place (same representation, another type).
    pub const BYTES: TyCon = TyCon(13);
    /// `Obj.t`: any value (the `Obj` module's type).
    pub const OBJ_T: TyCon = TyCon(14);
    /// `int32`, `int64`, `nativeint`: boxed integers (custom blocks, see [`BoxedIntKind`]).
    pub const INT32: TyCon = TyCon(15);
    pub const INT64: TyCon = TyCon(16);
    pub const NATIVEINT: TyCon = TyCon(17);
    /// `in_channel`: an int, as `out_channel` (the runtime's channel number; 0 is stdin).
    pub const IN_CHANNEL: TyCon = TyCon(18);
    /// `'a lazy_t`: a block of tag `Obj.lazy_tag` (the delayed function), of tag
    /// `Obj.forward_tag` (the value), or the forced value itself (`camlinternalLazy.ml`).
    pub const LAZY_T: TyCon = TyCon(19);
    /// The first declaration that is not predefined.
    pub const FIRST_DECLARED: TyCon = TyCon(20);
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a `raise` does to the exception backtrace (OCaml's `Lambda.raise_kind`, and the
/// re-raise the pattern compiler inserts for an exception no handler case matches, which
/// continues the trace without a location of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RaiseKind {
    /// `raise e`: a new trace starts here.
    Regular,
    /// `raise x` of a handler's exception variable (or `%reraise`): the trace continues.
    Reraise,
    /// An unmatched exception leaving a handler: the trace continues, nothing is printed here.
    Unmatched,
    /// `raise_notrace e`: nothing is recorded.
    Notrace,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Var(TyVar),
    Con(TyCon, Vec<Type>),
    Tuple(Vec<Type>),
    Arrow(Box<Type>, Box<Type>),
    /// `∀v. t`: the type of a `TyFun`.
    Forall(TyVar, Box<Type>),
}

impl Type {
    pub fn int() -> Type {
        Type::Con(TyCon::INT, vec![])
    }
    pub fn char() -> Type {
        Type::Con(TyCon::CHAR, vec![])
    }
    pub fn string() -> Type {
        Type::Con(TyCon::STRING, vec![])
    }
    pub fn float() -> Type {
        Type::Con(TyCon::FLOAT, vec![])
    }
    pub fn bytes() -> Type {
        Type::Con(TyCon::BYTES, vec![])
    }
    pub fn unit() -> Type {
        Type::Con(TyCon::UNIT, vec![])
    }
    pub fn bool() -> Type {
        Type::Con(TyCon::BOOL, vec![])
    }
    pub fn exn() -> Type {
        Type::Con(TyCon::EXN, vec![])
    }
    /// `Obj.t`: any value. Stands for a type variable that nothing instantiates (a value used
    /// at every type), so that nothing type-directed (a comparison) is specialised at it.
    pub fn any_value() -> Type {
        Type::Con(TyCon::OBJ_T, vec![])
    }
    pub fn boxed_int(kind: BoxedIntKind) -> Type {
        Type::Con(kind.tycon(), vec![])
    }
    pub fn arrow(a: Type, b: Type) -> Type {
        Type::Arrow(Box::new(a), Box::new(b))
    }
    /// `a1 -> a2 -> ... -> r`
    pub fn arrows(args: impl DoubleEndedIterator<Item = Type>, r: Type) -> Type {
        args.rev().fold(r, |acc, a| Type::arrow(a, acc))
    }

    /// Replaces type variable `v` by `by` everywhere.
    pub fn subst(&self, v: TyVar, by: &Type) -> Type {
        match self {
            Type::Var(w) if *w == v => by.clone(),
            Type::Var(_) => self.clone(),
            Type::Con(c, args) => Type::Con(*c, args.iter().map(|t| t.subst(v, by)).collect()),
            Type::Tuple(ts) => Type::Tuple(ts.iter().map(|t| t.subst(v, by)).collect()),
            Type::Arrow(a, b) => Type::arrow(a.subst(v, by), b.subst(v, by)),
            Type::Forall(w, _) if *w == v => self.clone(),
            Type::Forall(w, t) => Type::Forall(*w, Box::new(t.subst(v, by))),
        }
    }

    pub fn has_var(&self, v: TyVar) -> bool {
        match self {
            Type::Var(w) => *w == v,
            Type::Con(_, args) | Type::Tuple(args) => args.iter().any(|t| t.has_var(v)),
            Type::Arrow(a, b) => a.has_var(v) || b.has_var(v),
            Type::Forall(w, t) => *w != v && t.has_var(v),
        }
    }

    pub fn is_closed(&self) -> bool {
        match self {
            Type::Var(_) => false,
            Type::Con(_, args) | Type::Tuple(args) => args.iter().all(Type::is_closed),
            Type::Arrow(a, b) => a.is_closed() && b.is_closed(),
            Type::Forall(..) => false,
        }
    }
}

/// A data constructor of a variant type.
#[derive(Clone, Debug)]
pub struct Constructor {
    pub name: String,
    /// Argument types, in terms of the declaration's parameters.
    pub args: Vec<Type>,
}

#[derive(Clone, Debug)]
pub struct FieldInfo {
    pub name: String,
    pub ty: Type,
    pub mutable: bool,
}

#[derive(Clone, Debug)]
pub enum DeclKind {
    /// int, char, string, float: not data.
    Primitive,
    Variant(Vec<Constructor>),
    Record(Vec<FieldInfo>),
    /// The extensible `exn` type: constructors live in [`TypeTable::exceptions`].
    Extensible,
}

#[derive(Clone, Debug)]
pub struct TypeDecl {
    pub name: String,
    /// The declaration's parameters, as the type variables its constructors mention.
    pub params: Vec<TyVar>,
    pub kind: DeclKind,
}

/// An exception constructor (`exception E of t`).
#[derive(Clone, Debug)]
pub struct ExceptionDecl {
    pub name: String,
    pub args: Vec<Type>,
}

#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    pub decls: Vec<TypeDecl>,
    pub exceptions: Vec<ExceptionDecl>,
}

impl TypeTable {
    pub fn decl(&self, c: TyCon) -> &TypeDecl {
        &self.decls[c.index()]
    }

    /// Whether values of `c` are flat float records: a record type whose declared fields are
    /// all `float` (OCaml's `Record_float`), stored as a `Double_array_tag` block of the
    /// doubles themselves. A property of the declaration, whatever its parameters become.
    /// Never an inline record: that is its constructor's block.
    pub fn is_flat_float_record(&self, c: TyCon) -> bool {
        let d = self.decl(c);
        match &d.kind {
            DeclKind::Record(fields) => {
                !fields.is_empty()
                    && !d.is_inline_record()
                    && fields.iter().all(|f| f.ty == Type::float())
            }
            _ => false,
        }
    }
}

impl Expr {
    /// Field `i` of the record `x` of type constructor `c`: a flat float record's
    /// (`TypeTable::is_flat_float_record`) through `egret_double_field_get`, which the SSA
    /// lowering makes a load of the double (boxed where a value is needed).
    pub fn record_field(types: &TypeTable, c: TyCon, x: Expr, i: u32) -> Expr {
        if types.is_flat_float_record(c) {
            Expr::Prim(
                Prim::Runtime("egret_double_field_get", Purity::ReadOnly),
                vec![x, Expr::Const(Const::Int(i as i64))],
            )
        } else {
            Expr::Field(Box::new(x), i)
        }
    }

    /// `x.i <- v` on the record `x` of type constructor `c` (see [`Expr::record_field`]).
    pub fn set_record_field(types: &TypeTable, c: TyCon, x: Expr, i: u32, v: Expr) -> Expr {
        if types.is_flat_float_record(c) {
            Expr::Prim(
                Prim::Runtime("egret_double_field_set", Purity::Effect),
                vec![x, Expr::Const(Const::Int(i as i64)), v],
            )
        } else {
            Expr::SetField(Box::new(x), i, Box::new(v))
        }
    }
}

impl TypeDecl {
    /// Whether this is the record type `t.C` of constructor `C`'s inline record (the name
    /// `typing::inline_records` gives it: its last part is the constructor's, capitalised).
    pub fn is_inline_record(&self) -> bool {
        self.name.rsplit('.').next().is_some_and(|last| {
            last != self.name && last.starts_with(|c: char| c.is_ascii_uppercase())
        })
    }
}

/// Where a variable is bound and what it is.
#[derive(Clone, Debug)]
pub struct VarInfo {
    pub name: String,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct VarTable {
    pub vars: Vec<VarInfo>,
    /// The program's bindings marked `[@inline never]`, by their name's span and text: a
    /// variable with that span and name (its copies keep both) is never inlined.
    pub never_inline: HashMap<Span, String>,
    /// Functions never inlined because ocamlopt would not inline them (under `-g`:
    /// `simplify::ocaml_inlining`), by variable.
    pub not_inlined: std::collections::HashSet<VarId>,
    /// The variables a structure's `let` binds (the program's top-level values and its
    /// modules'): OCaml keeps them in the module's block for the whole run, so a `ref` among
    /// them stays a heap block, never a mutable local (closure conversion), and what it holds
    /// is reachable until it is overwritten, as under ocamlopt.
    pub module_globals: std::collections::HashSet<VarId>,
    /// The program's own structure-level `let` bindings (its units' and their modules', not
    /// the stdlib's nor an applied stdlib functor's): its exports. Under `-g` they are kept
    /// though the program never uses them, as ocamlopt keeps a unit's exports, so that gdb
    /// can break in them: the simplifier counts them as used and mono gives an unused
    /// polymorphic one a uniform copy. The typer fills the set; the simplifier empties it
    /// without `-g` ([`crate::simplify::SimplifyOptions::keep_exports`]).
    pub exports: std::collections::HashSet<VarId>,
}

impl VarTable {
    pub fn fresh(&mut self, name: impl Into<String>, ty: Type, span: Span) -> VarId {
        self.vars.push(VarInfo {
            name: name.into(),
            ty,
            span,
        });
        VarId(self.vars.len() as u32 - 1)
    }
    pub fn get(&self, v: VarId) -> &VarInfo {
        &self.vars[v.0 as usize]
    }
    /// Whether `v` is bound by a binding marked `[@inline never]` (or is a copy of one).
    pub fn is_never_inline(&self, v: VarId) -> bool {
        self.not_inlined.contains(&v)
            || !self.never_inline.is_empty()
                && self
                    .vars
                    .get(v.0 as usize)
                    .is_some_and(|i| self.never_inline.get(&i.span).is_some_and(|n| *n == i.name))
    }

    /// Whether a structure's `let` binds `v` ([`VarTable::module_globals`]).
    pub fn is_module_global(&self, v: VarId) -> bool {
        self.module_globals.contains(&v)
    }

    /// Whether `v` is one of the program's exports, kept though unused ([`VarTable::exports`]).
    pub fn is_export(&self, v: VarId) -> bool {
        self.exports.contains(&v)
    }

    pub fn ty(&self, v: VarId) -> &Type {
        &self.vars[v.0 as usize].ty
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Const {
    Int(i64),
    Char(u8),
    String(Rc<[u8]>),
    /// A float, by its IEEE-754 bits (so that `Eq`/`Hash` are exact: `-0.` and `nan` payloads
    /// are kept). At run time a boxed float: a one-field block of tag `Double_tag` (253).
    Float(u64),
    /// An `int32` (sign-extended), `int64` or `nativeint` literal. At run time a boxed integer:
    /// a custom block (tag 255) of two words, the custom operations' address and the payload.
    BoxedInt(BoxedIntKind, i64),
}

/// Which boxed integer type: OCaml's `int32`, `int64` and `nativeint` (64 bits here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoxedIntKind {
    Int32,
    Int64,
    Nativeint,
}

impl BoxedIntKind {
    pub const ALL: [BoxedIntKind; 3] = [
        BoxedIntKind::Int32,
        BoxedIntKind::Int64,
        BoxedIntKind::Nativeint,
    ];
    pub fn tycon(self) -> TyCon {
        match self {
            BoxedIntKind::Int32 => TyCon::INT32,
            BoxedIntKind::Int64 => TyCon::INT64,
            BoxedIntKind::Nativeint => TyCon::NATIVEINT,
        }
    }
    /// The OCaml type's name (`int32`), also the prefix of its C primitives (`caml_int32_add`).
    pub fn name(self) -> &'static str {
        match self {
            BoxedIntKind::Int32 => "int32",
            BoxedIntKind::Int64 => "int64",
            BoxedIntKind::Nativeint => "nativeint",
        }
    }
    /// The literal suffix: `1l`, `1L`, `1n`.
    pub fn suffix(self) -> char {
        match self {
            BoxedIntKind::Int32 => 'l',
            BoxedIntKind::Int64 => 'L',
            BoxedIntKind::Nativeint => 'n',
        }
    }
    /// The number of bits of the payload.
    pub fn bits(self) -> u32 {
        match self {
            BoxedIntKind::Int32 => 32,
            _ => 64,
        }
    }
    /// The runtime's custom operations for this type (a data symbol, `runtime/egret_boxint.c`).
    pub fn ops_symbol(self) -> &'static str {
        match self {
            BoxedIntKind::Int32 => "caml_int32_ops",
            BoxedIntKind::Int64 => "caml_int64_ops",
            BoxedIntKind::Nativeint => "caml_nativeint_ops",
        }
    }
    /// Wraps `n` to the type's width (sign-extended into the `i64`).
    pub fn wrap(self, n: i64) -> i64 {
        match self {
            BoxedIntKind::Int32 => n as i32 as i64,
            _ => n,
        }
    }
}

impl Const {
    pub fn float(f: f64) -> Const {
        Const::Float(f.to_bits())
    }
}

/// Saturated primitive operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prim {
    // int arithmetic (OCaml semantics: 63-bit wrapping; Div/Mod raise Division_by_zero)
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Neg,
    And,
    Or,
    Xor,
    Lsl,
    Lsr,
    Asr,
    // comparisons of ints/chars/bools/constant constructors (machine-word compare)
    IntEq,
    IntNe,
    IntLt,
    IntLe,
    IntGt,
    IntGe,
    /// Structural comparisons on any non-function type (runtime `compare`).
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Compare,
    /// `compare` on immediates (ints, chars, constant constructors): -1, 0 or 1.
    IntCompare,
    /// Physical equality (`==`, `!=`).
    PhysEq,
    PhysNe,
    Not,
    /// The argument itself, at another type (`Char.code`, `stdout`).
    Identity,
    /// A call to a runtime function by its C symbol, with its purity.
    Runtime(&'static str, Purity),
    /// `exn` value `e` was built by exception constructor number `i` (see `TypeTable::exceptions`).
    IsException(u32),
    // float arithmetic, IEEE-754 binary64 (`+.`, `-.`, `*.`, `/.`, `~-.`, `abs_float`, `sqrt`)
    FAdd,
    FSub,
    FMul,
    FDiv,
    FNeg,
    FAbs,
    FSqrt,
    /// `float_of_int`.
    FloatOfInt,
    /// `int_of_float` / `truncate`: towards zero; unspecified (as in OCaml) out of range.
    IntOfFloat,
    /// Comparisons of floats, IEEE (`nan` is unordered: only `FNe` holds).
    FEq,
    FNe,
    FLt,
    FLe,
    FGt,
    FGe,
    /// `compare` on floats: OCaml's total order (`nan` equal to itself, below everything).
    FCompare,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Purity {
    /// No effect, cannot fail: may be removed if unused, duplicated, moved.
    Pure,
    /// Reads mutable state but writes nothing and cannot fail.
    ReadOnly,
    /// May print, write, raise or not return.
    Effect,
}

impl Prim {
    pub fn purity(self) -> Purity {
        match self {
            Prim::Div | Prim::Mod => Purity::Effect,
            // Structural comparisons raise on functional values.
            Prim::Eq | Prim::Ne | Prim::Lt | Prim::Le | Prim::Gt | Prim::Ge | Prim::Compare => {
                Purity::Effect
            }
            Prim::Runtime(_, p) => p,
            _ => Purity::Pure,
        }
    }

    /// Whether the only way this primitive fails is a check the SSA lowering makes inline
    /// (`ssa::lower::access`, `Lowerer::raise_unless`): a bound check or a zero divisor. In a
    /// local `try`'s body such a failure is a jump to the handler, so the body can stay in its
    /// frame (`closure::raises_only_directly`).
    pub fn fails_only_by_inline_check(self) -> bool {
        match self {
            Prim::Div | Prim::Mod => true,
            Prim::Runtime(name, _) => matches!(
                name,
                "egret_string_get"
                    | "caml_bytes_set"
                    | "egret_array_get"
                    | "egret_addr_array_get"
                    | "egret_floatarray_get"
                    | "egret_array_set"
                    | "egret_addr_array_set"
                    | "egret_floatarray_set"
            ),
            _ => false,
        }
    }
}

/// What a [`Expr::Switch`] dispatches on.
#[derive(Clone, Debug, PartialEq)]
pub enum SwitchKind {
    /// The constructor index of a value of this variant type.
    Constructor(Type),
    /// An int or char value.
    Int,
}

/// OCaml's scoped name of a function's code (`Debuginfo.Scoped_location`, what `__FUNCTION__`
/// gives): `T.f`, `T.F.h`, `T.f.(fun)`. The typer computes it (`typing::scopes`) and every later
/// stage keeps it: a copy of a function (inlined, specialised) keeps its name, and functions a
/// pass makes from another (a wrapper, a split) take that one's. Empty for code of no definition
/// (the prelude's).
pub type FunName = Rc<str>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Upto,
    Downto,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Var(VarId),
    Const(Const),
    /// `fun params -> body`, with OCaml's scoped name of its code ([`FunName`]).
    Fun(Vec<VarId>, Box<Expr>, FunName),
    App(Box<Expr>, Vec<Expr>),
    TyFun(TyVar, Box<Expr>),
    TyApp(Box<Expr>, Type),
    /// `let v = e1 in e2`
    Local(VarId, Box<Expr>, Box<Expr>),
    /// `let rec v1 = e1 and ... in body`; every `ei` is a `Fun` (possibly under `TyFun`s).
    LetRec(Vec<(VarId, Expr)>, Box<Expr>),
    /// `e1; e2`
    Seq(Box<Expr>, Box<Expr>),
    Prim(Prim, Vec<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Constructor `index` of `ty` (a variant type), or a tuple/record (`index` 0) of type `ty`.
    Construct {
        ty: Type,
        index: u32,
        args: Vec<Expr>,
    },
    /// An exception value: exception constructor `index` applied to `args`.
    ConstructExn {
        index: u32,
        args: Vec<Expr>,
    },
    /// The i-th argument of a constructor, component of a tuple or field of a record. For an
    /// exception value with arguments, field 0 is the exception's identity and argument i is
    /// field i + 1.
    Field(Box<Expr>, u32),
    /// `e.i <- v` (mutable record field), returns unit.
    SetField(Box<Expr>, u32, Box<Expr>),
    /// Dispatch on `scrut`: the arm whose key equals the constructor index (or the int), else
    /// `default`. Without a default the arms are exhaustive.
    Switch {
        scrut: Box<Expr>,
        kind: SwitchKind,
        arms: Vec<(i64, Expr)>,
        default: Option<Box<Expr>>,
        ty: Type,
    },
    While(Box<Expr>, Box<Expr>),
    For {
        var: VarId,
        from: Box<Expr>,
        to: Box<Expr>,
        dir: Direction,
        body: Box<Expr>,
    },
    /// Raises the exception; has any type `ty`.
    Raise(Box<Expr>, Type, RaiseKind),
    /// `try body with v -> handler`
    Try(Box<Expr>, VarId, Box<Expr>),
    /// A source location for the expression inside (for debug info and diagnostics), with the
    /// inline scope of the code (see [`crate::srcloc`]).
    Loc(SrcLoc, Box<Expr>),
}

/// A whole program: one expression of type unit (the top-level phrases in order) with its
/// tables.
#[derive(Clone, Debug)]
pub struct Program {
    pub body: Expr,
    pub vars: VarTable,
    pub types: TypeTable,
    /// Number of type variables allocated so far (fresh ones continue from here).
    pub next_tyvar: u32,
    /// The inline scopes of the `Loc`s (the simplifier adds them).
    pub inline_sites: InlineSites,
}

impl Program {
    pub fn fresh_tyvar(&mut self) -> TyVar {
        self.next_tyvar += 1;
        TyVar(self.next_tyvar - 1)
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "V{}", self.0)
    }
}

impl RaiseKind {
    /// The printers' name of a raise of this kind.
    pub fn name(self) -> &'static str {
        match self {
            RaiseKind::Regular => "raise",
            RaiseKind::Reraise => "reraise",
            RaiseKind::Unmatched => "reraise-unmatched",
            RaiseKind::Notrace => "raise_notrace",
        }
    }
}
