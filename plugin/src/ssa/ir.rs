//! The SSA IR: Julia's data structure, written for egret.
//!
//! A [`Function`] is a flat vector of statements; a [`Value`] is the position of the statement that
//! defines it. Basic blocks are contiguous ranges of that vector, each ending in exactly one
//! terminator statement (`Jump`, `Branch`, `Switch`, `Return`, `TailCall`, `Unreachable`).
//! Phi nodes have parallel `edges` (predecessor blocks) and `values` vectors and are evaluated
//! simultaneously on block entry; they may only appear at the start of a block (after nothing
//! but other phis). Pi nodes carry a fact proved on the path to their block.
//!
//! Values and their machine meaning:
//! - [`Type::Val`] is an OCaml value word: a tagged int (`2n+1`) or a pointer to the first field
//!   of a heap block whose header word sits just before it. Integer operations ([`BinOp`]) take
//!   and give `Val`s and have OCaml's semantics on the *integer* they denote (63-bit, wrapping);
//!   how the tag is handled is the backend's business.
//! - [`Type::Raw`] is an untagged machine word the GC never looks at as a value (code pointers).
//! - [`Type::F64`] is an unboxed float (IEEE binary64), in a float register. A float that is a
//!   uniform OCaml value is boxed: an `Alloc` of tag `Double_tag` (253) whose one field is the
//!   `F64`; `Load { ty: F64, index: 0 }` of such a block unboxes it. `F64` values cross no
//!   block fields other than a float box's or a flat float block's, and cross calls only as
//!   parameters and results of direct calls (`Callee::Direct`) to `Abi::Egret` functions
//!   declaring them `F64` (at most [`MAX_F64_PARAMS`] such parameters): the workers of
//!   `opt::unbox_calls`. Indirect and runtime calls pass words, so closures, the apply
//!   functions and the runtime keep the uniform representation.
//!
//! Invariants (checked by `ssa::verify`):
//! - every block ends with one terminator and contains no other terminator;
//! - `Param(i)` statements appear only at the start of the entry block, in order;
//! - phis appear only at the start of a block, and `edges` are exactly its predecessors;
//! - every use is dominated by its definition (for phis: by the end of the edge's block);
//! - `Nop` statements (deleted values) are never used.

use std::fmt;

/// The most `F64` parameters a function may have (the native backend passes them in
/// `xmm0`..`xmm7`).
pub const MAX_F64_PARAMS: usize = 8;

/// A value: the index of its defining statement in [`Function::stmts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(pub u32);

/// A basic block: an index into [`Function::blocks`]. Block 0 is the entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(pub u32);

/// A function of the module: an index into [`Module::functions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// A static data object of the module: an index into [`Module::data`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DataId(pub u32);

impl Value {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl Block {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl FuncId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl DataId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The machine class of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// An OCaml value: tagged int or heap pointer. Scanned by the GC.
    Val,
    /// An untagged machine word (code address, raw integer). Never a GC root.
    Raw,
    /// An unboxed 64-bit float.
    F64,
}

/// Float operations of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FUnOp {
    /// `F64 -> F64`.
    Neg,
    Abs,
    Sqrt,
    /// `Val` (an OCaml int) `-> F64`.
    OfInt,
    /// `F64 -> Val`: towards zero, as x86-64's `cvttsd2si` (out of range: `min_int`'s bits,
    /// then tagged; OCaml leaves it unspecified).
    ToInt,
}

/// Float operations of two operands: arithmetic (`F64`) and IEEE comparisons (an OCaml bool;
/// a nan makes all false but `Ne`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FBinOp {
    Add,
    Sub,
    Mul,
    Div,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl FBinOp {
    pub fn is_comparison(self) -> bool {
        !matches!(self, FBinOp::Add | FBinOp::Sub | FBinOp::Mul | FBinOp::Div)
    }
}

/// Integer operations on OCaml ints (63-bit two's complement, wrapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Truncating division. The divisor is known non-zero (the lowering checks it first).
    Div,
    /// Remainder with the sign of the dividend. The divisor is known non-zero.
    Mod,
    And,
    Or,
    Xor,
    /// `lsl`, `lsr`, `asr`: OCaml leaves shifts by < 0 or > 62 unspecified; egret masks to 6 bits.
    Lsl,
    Lsr,
    Asr,
    /// Comparisons give an OCaml `bool` (the int 0 or 1).
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Physical equality of two values (`==`): compares machine words.
    PhysEq,
    PhysNe,
    /// Unsigned `<` of the words: `0 <= a < b` for a non-negative `b` (a bound check).
    Ult,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    /// Logical negation of an OCaml bool.
    Not,
    /// `true` iff the value is a tagged int (not a heap pointer).
    IsInt,
    /// The tag byte of a heap block's header, as an OCaml int. Operand must be a pointer.
    BlockTag,
    /// The size in words of a heap block, as an OCaml int. Operand must be a pointer.
    BlockSize,
}

/// What a call calls.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    /// A function of this module, called with egret's calling convention.
    Direct(FuncId),
    /// A code address (a `Raw` value) of a function of this module, egret's calling convention.
    Indirect(Value),
    /// A runtime function by its C symbol, called with the platform C ABI. Its arguments and
    /// result are machine words (`Val` or `Raw`), except for the C library's functions of
    /// doubles ([`c_float_arity`]): all `F64`, result included.
    Runtime(&'static str),
}

/// The arity of a runtime function that takes and returns unboxed floats (`F64`): one of the
/// C library's functions of doubles (`sin`, `atan2`, ...).
pub fn c_float_arity(name: &str) -> Option<usize> {
    crate::lambda::runtime::c_float_arity(name)
}

/// A fact proved on the path to the block of a Pi node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fact {
    /// The value is a heap block with this tag.
    HasTag(u8),
    /// The value is a tagged int.
    IsInt,
    /// The value is the int `n`.
    IsConst(i64),
    /// The value is not the int 0.
    NonZero,
}

/// One statement. Statements before the terminator define at most one value each.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// A deleted statement. Never used.
    Nop,
    /// The i-th parameter of the function.
    Param(u32, Type),
    /// An OCaml int `n` (the machine word `2n+1`).
    Const(i64),
    /// A raw machine word.
    RawConst(i64),
    /// The address of a static data object, as a `Val` pointing at its first field.
    DataAddr(DataId),
    /// The code address of a function of this module (`Raw`).
    FuncAddr(FuncId),
    /// The address (`Raw`) of a fresh area of `words` machine words in this function's stack
    /// frame, live until the function returns or tail-calls. `Load`/`Store` access it like a
    /// block's fields. The GC scans it conservatively, like the rest of the stack.
    StackSlot {
        words: u32,
    },
    Unary(UnOp, Value),
    Binary(BinOp, Value, Value),
    /// An unboxed float constant, by its bits.
    FConst(u64),
    FUnary(FUnOp, Value),
    FBinary(FBinOp, Value, Value),
    /// Allocates a heap block with the given tag and initial fields (all `Val`, except that the
    /// first `raw_prefix` fields are `Raw` words, e.g. a closure's code pointer, and that a
    /// float box — tag 253 — has one `F64` field).
    Alloc {
        tag: u8,
        fields: Vec<Value>,
        raw_prefix: u32,
    },
    /// Loads field `index` of the heap block `base`.
    Load {
        base: Value,
        index: u32,
        ty: Type,
    },
    /// Stores `value` into field `index` of heap block `base`.
    Store {
        base: Value,
        index: u32,
        value: Value,
    },
    /// Loads the field of heap block `base` whose number is the OCaml int `index` (an array's
    /// element: the address is `base + 8 * index`). The caller has checked the bound: the
    /// statement never traps, so it must stay below that check (no pass hoists it).
    LoadIdx {
        base: Value,
        index: Value,
        ty: Type,
    },
    /// Stores `value` (a `Val`, or an `F64` into a flat float array) into the field of `base`
    /// numbered by the OCaml int `index`, bound checked by the caller as for [`Stmt::LoadIdx`].
    StoreIdx {
        base: Value,
        index: Value,
        value: Value,
    },
    /// The byte of the string or bytes `base` at the OCaml int offset `index`, as an OCaml int
    /// (`0..=255`). Offsets up to the block's last byte (the padding) are allowed; the caller
    /// checks them, as for [`Stmt::LoadIdx`].
    LoadByte {
        base: Value,
        index: Value,
    },
    /// Stores the low 8 bits of the OCaml int `value` at the offset `index` of `base`.
    StoreByte {
        base: Value,
        index: Value,
        value: Value,
    },
    /// Calls `callee` with `args`; its result has type `ret`.
    Call {
        callee: Callee,
        args: Vec<Value>,
        ret: Type,
    },
    /// φ: on entry from `edges[i]`, the value is `values[i]`.
    Phi {
        edges: Vec<Block>,
        values: Vec<Value>,
        ty: Type,
    },
    /// The same value as `value`, with `fact` known to hold.
    Pi {
        value: Value,
        fact: Fact,
    },

    // ---- terminators ----
    Jump(Block),
    /// Goes to `then` if `cond` (an OCaml bool) is true, else to `els`.
    Branch {
        cond: Value,
        then: Block,
        els: Block,
    },
    /// Goes to `targets[n]` if `value` is the int `n` (0 <= n < len), else to `default`.
    Switch {
        value: Value,
        targets: Vec<Block>,
        default: Block,
    },
    Return(Value),
    /// A guaranteed tail call: runs in constant stack whatever the argument count.
    TailCall {
        callee: Callee,
        args: Vec<Value>,
    },
    /// Control never reaches here (e.g. after a runtime call that raises).
    Unreachable,
}

impl Stmt {
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            Stmt::Jump(_)
                | Stmt::Branch { .. }
                | Stmt::Switch { .. }
                | Stmt::Return(_)
                | Stmt::TailCall { .. }
                | Stmt::Unreachable
        )
    }

    /// Calls `f` on every value this statement uses, in order.
    pub fn for_each_use(&self, mut f: impl FnMut(Value)) {
        match self {
            Stmt::Nop
            | Stmt::Param(..)
            | Stmt::Const(_)
            | Stmt::RawConst(_)
            | Stmt::FConst(_)
            | Stmt::DataAddr(_)
            | Stmt::FuncAddr(_)
            | Stmt::StackSlot { .. }
            | Stmt::Jump(_)
            | Stmt::Unreachable => {}
            Stmt::Unary(_, a) | Stmt::FUnary(_, a) => f(*a),
            Stmt::Binary(_, a, b) | Stmt::FBinary(_, a, b) => {
                f(*a);
                f(*b)
            }
            Stmt::Alloc { fields, .. } => fields.iter().copied().for_each(f),
            Stmt::Load { base, .. } => f(*base),
            Stmt::Store { base, value, .. } => {
                f(*base);
                f(*value)
            }
            Stmt::LoadIdx { base, index, .. } | Stmt::LoadByte { base, index } => {
                f(*base);
                f(*index)
            }
            Stmt::StoreIdx { base, index, value } | Stmt::StoreByte { base, index, value } => {
                f(*base);
                f(*index);
                f(*value)
            }
            Stmt::Call { callee, args, .. } | Stmt::TailCall { callee, args } => {
                if let Callee::Indirect(v) = callee {
                    f(*v)
                }
                args.iter().copied().for_each(f)
            }
            Stmt::Phi { values, .. } => values.iter().copied().for_each(f),
            Stmt::Pi { value, .. } => f(*value),
            Stmt::Branch { cond, .. } => f(*cond),
            Stmt::Switch { value, .. } => f(*value),
            Stmt::Return(v) => f(*v),
        }
    }

    /// Calls `f` on every used value, allowing it to be replaced.
    pub fn for_each_use_mut(&mut self, mut f: impl FnMut(&mut Value)) {
        match self {
            Stmt::Nop
            | Stmt::Param(..)
            | Stmt::Const(_)
            | Stmt::RawConst(_)
            | Stmt::FConst(_)
            | Stmt::DataAddr(_)
            | Stmt::FuncAddr(_)
            | Stmt::StackSlot { .. }
            | Stmt::Jump(_)
            | Stmt::Unreachable => {}
            Stmt::Unary(_, a) | Stmt::FUnary(_, a) => f(a),
            Stmt::Binary(_, a, b) | Stmt::FBinary(_, a, b) => {
                f(a);
                f(b)
            }
            Stmt::Alloc { fields, .. } => fields.iter_mut().for_each(f),
            Stmt::Load { base, .. } => f(base),
            Stmt::Store { base, value, .. } => {
                f(base);
                f(value)
            }
            Stmt::LoadIdx { base, index, .. } | Stmt::LoadByte { base, index } => {
                f(base);
                f(index)
            }
            Stmt::StoreIdx { base, index, value } | Stmt::StoreByte { base, index, value } => {
                f(base);
                f(index);
                f(value)
            }
            Stmt::Call { callee, args, .. } | Stmt::TailCall { callee, args } => {
                if let Callee::Indirect(v) = callee {
                    f(v)
                }
                args.iter_mut().for_each(f)
            }
            Stmt::Phi { values, .. } => values.iter_mut().for_each(f),
            Stmt::Pi { value, .. } => f(value),
            Stmt::Branch { cond, .. } => f(cond),
            Stmt::Switch { value, .. } => f(value),
            Stmt::Return(v) => f(v),
        }
    }

    /// The successor blocks of a terminator (empty for other statements).
    pub fn successors(&self) -> Vec<Block> {
        match self {
            Stmt::Jump(b) => vec![*b],
            Stmt::Branch { then, els, .. } => vec![*then, *els],
            Stmt::Switch {
                targets, default, ..
            } => {
                let mut v = targets.clone();
                v.push(*default);
                v
            }
            _ => vec![],
        }
    }

    /// Whether the statement may have an effect (or trap) and so must not be removed or
    /// reordered even when its value is unused.
    pub fn has_effect(&self) -> bool {
        match self {
            Stmt::Store { .. }
            | Stmt::StoreIdx { .. }
            | Stmt::StoreByte { .. }
            | Stmt::Call { .. } => true,
            s => s.is_terminator(),
        }
    }
}

/// A statement's source location (and inline scope): see [`crate::srcloc`].
pub use crate::srcloc::{InlineScope, InlineSite, InlineSites, SrcLoc};

/// A basic block: statements `start..end` of the function; `stmts[end - 1]` is its terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockData {
    pub start: u32,
    pub end: u32,
}

/// Whether the function (or data object) is visible outside the object file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linkage {
    Local,
    Export,
}

/// How a function is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Abi {
    /// egret's own convention (ARCHITECTURE.md), with guaranteed tail calls.
    #[default]
    Egret,
    /// The platform C ABI: the runtime calls the function (e.g. the body of a `try`, through
    /// `egret_try`). Parameters and result are machine words; it makes no `TailCall`.
    C,
}

/// One SSA function.
#[derive(Clone, Debug)]
pub struct Function {
    /// The symbol name (unique in the module, a valid C identifier).
    pub name: String,
    /// The source-level name, for debug info (`fib`, `fib.go`).
    pub source_name: String,
    /// OCaml's scoped name of its code (`Backtrace2.test_Error.f`; empty for the entry and
    /// generated code), for backtraces.
    pub scope_name: String,
    pub params: Vec<Type>,
    pub ret: Type,
    /// The `Val` parameters the source types as `float`, in increasing order: each holds a
    /// float box. A fact the SSA lowering hands forward (the optimizer's worker/wrapper split,
    /// `opt::unbox_calls`, unboxes them); empty for generated functions.
    pub float_params: Vec<u32>,
    pub linkage: Linkage,
    pub abi: Abi,
    pub stmts: Vec<Stmt>,
    /// Parallel to `stmts`: the type of each statement's value (`Raw` for statements without one).
    pub types: Vec<Type>,
    /// Parallel to `stmts`: the source location each statement comes from.
    pub locs: Vec<SrcLoc>,
    pub blocks: Vec<BlockData>,
    /// Where the function was defined (for debug info).
    pub decl_loc: SrcLoc,
    /// For the body of a `try` (an outlined one): the inline scope the `try` is in. Its handler
    /// is there, so a backtrace's frame of this function ends with that scope's code (the
    /// functions the scope was inlined into are beyond the handler).
    pub handler_scope: Option<crate::srcloc::InlineScope>,
    /// The source variables whose values this function holds (debug info only: never a use,
    /// never read by a pass or a backend's code generation).
    pub debug_vars: Vec<DebugVar>,
    /// The OCaml type of the function's result (`int list`), for debug info; empty when
    /// unknown.
    pub debug_ret: String,
}

/// What a [`DebugVar`] is to its function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugVarKind {
    /// A source parameter.
    Param,
    /// The closure every egret function receives as its last parameter (generated).
    Closure,
    /// A `let`-bound (or `for`, handler, captured) variable.
    Local,
}

/// A source variable and the SSA value(s) holding it: the side table that carries source names
/// from the lambda IR's binders to the debug info. Invariant (checked by `ssa::verify`): every
/// value it names is a live statement of the function that defines a value, every assignment's
/// `from` a statement of a block. Passes that renumber values rename these (`compact`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DebugVar {
    /// The source name (`n`).
    pub name: String,
    /// Its (monomorphic) type in OCaml's notation (`int`, `string list`, `tree`); empty when
    /// unknown.
    pub ty: String,
    pub value: DebugValue,
    pub kind: DebugVarKind,
}

/// What holds a [`DebugVar`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DebugValue {
    /// A variable bound once: this value, wherever it is live. `compact` drops the variable
    /// when it deletes the value.
    Fixed(Value),
    /// A mutable local (a `ref` the closure conversion promoted, `LetMut`): its contents over
    /// time, as assignments in program order within each block.
    ///
    /// Meaning: at a statement `s`, the variable holds the value of the *nearest* assignment
    /// whose `from` dominates `s` — the last one before `s` in its block, else the one in
    /// force at the end of its immediate dominator (nothing at the entry). This is SSA
    /// construction's reaching definition, and the lowering makes it exact: it records an
    /// assignment at `LetMut`, at every `SetMut`, at every join and loop header where the
    /// variable is in scope (with the phi or the agreeing value), and `None` where its scope
    /// ends. See [`crate::ssa::debugvars`].
    Mutable(Vec<DebugAssign>),
}

/// "From statement `from` on, the variable holds `value`" (see [`DebugValue::Mutable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DebugAssign {
    /// The first statement that runs with the new contents (a statement position, not
    /// necessarily a value); `compact` moves it to the next statement it keeps in the block.
    pub from: Value,
    /// The contents; `None` when unknown from here on (out of scope, or the optimizer deleted
    /// the value) — never the previous contents.
    pub value: Option<Value>,
}

impl DebugVar {
    /// Every value the variable is held in, at some point.
    pub fn values(&self) -> Vec<Value> {
        match &self.value {
            DebugValue::Fixed(v) => vec![*v],
            DebugValue::Mutable(assigns) => assigns.iter().filter_map(|a| a.value).collect(),
        }
    }
}

/// A static, immutable data object: a heap-block image (header + fields) placed in the object
/// file. `DataAddr` points at `words[1]`, the first field, as for heap blocks.
#[derive(Clone, Debug)]
pub struct Data {
    pub name: String,
    /// `Export` for objects the runtime refers to by name (the predefined exceptions).
    pub linkage: Linkage,
    /// The words of the object, header first.
    pub words: Vec<DataWord>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DataWord {
    /// A literal machine word.
    Word(u64),
    /// The address of a function's code.
    FuncAddr(FuncId),
    /// The address of another data object's first field.
    DataAddr(DataId),
    /// The address of a data symbol of the runtime: a custom block's operations
    /// (`caml_int64_ops`, a boxed integer's first field).
    Symbol(&'static str),
}

/// A whole program in SSA form.
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub functions: Vec<Function>,
    pub data: Vec<Data>,
    /// The function the runtime calls to run the program (no parameters, returns unit).
    pub entry: Option<FuncId>,
    /// The program's own type declarations, for debug info (the pretty-printer names
    /// constructors and record fields by them).
    pub debug_types: Vec<DebugTypeDecl>,
    /// The inline scopes of the statements' locations (debug info only).
    pub inline_sites: InlineSites,
}

/// A variant or record type declaration as the debug info describes it: OCaml's representation
/// (ARCHITECTURE.md) says constant constructor `i` is the int `i`, and non-constant constructor
/// `i` a block with tag `i` holding its arguments; a record is a tag-0 block of its fields.
/// Types are text in OCaml's notation, in terms of the declaration's `params` (`'a`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DebugTypeDecl {
    pub name: String,
    pub params: Vec<String>,
    /// Constant constructors, in order.
    pub constant: Vec<String>,
    /// Constructors with arguments, in order, with their argument types.
    pub non_constant: Vec<(String, Vec<String>)>,
    /// Record fields with their types (empty for a variant).
    pub fields: Vec<(String, String)>,
}

impl Function {
    pub fn new(name: impl Into<String>, params: Vec<Type>, ret: Type) -> Function {
        let name = name.into();
        Function {
            source_name: name.clone(),
            scope_name: String::new(),
            name,
            params,
            ret,
            float_params: Vec::new(),
            linkage: Linkage::Local,
            abi: Abi::Egret,
            stmts: Vec::new(),
            types: Vec::new(),
            locs: Vec::new(),
            blocks: Vec::new(),
            decl_loc: SrcLoc::default(),
            handler_scope: None,
            debug_vars: Vec::new(),
            debug_ret: String::new(),
        }
    }

    pub fn block(&self, b: Block) -> BlockData {
        self.blocks[b.index()]
    }

    /// The statements of block `b` with their values.
    pub fn block_stmts(&self, b: Block) -> impl Iterator<Item = (Value, &Stmt)> {
        let d = self.blocks[b.index()];
        (d.start..d.end).map(move |i| (Value(i), &self.stmts[i as usize]))
    }

    pub fn terminator(&self, b: Block) -> &Stmt {
        &self.stmts[self.blocks[b.index()].end as usize - 1]
    }

    pub fn successors(&self, b: Block) -> Vec<Block> {
        self.terminator(b).successors()
    }

    /// Predecessors of every block, in the order the edges appear.
    pub fn predecessors(&self) -> Vec<Vec<Block>> {
        let mut preds = vec![Vec::new(); self.blocks.len()];
        for b in 0..self.blocks.len() {
            for s in self.successors(Block(b as u32)) {
                if !preds[s.index()].contains(&Block(b as u32)) {
                    preds[s.index()].push(Block(b as u32));
                }
            }
        }
        preds
    }

    pub fn ty(&self, v: Value) -> Type {
        self.types[v.index()]
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.0)
    }
}
impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
