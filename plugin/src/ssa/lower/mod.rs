//! Lowering the closure IR to SSA: data representation, calls, control flow.
//!
//! Representation (ARCHITECTURE.md): constant constructors are ints (their index among the
//! constant constructors of the type), constructors with arguments are blocks tagged by their
//! index among the non-constant ones; tuples and records are tag-0 blocks; closures are tag-247
//! blocks `[code, arity, captured..]`; exception identities are static tag-248 blocks.
//!
//! Calls: a `CallKnown` is a direct call with the closure as the extra last argument; an
//! `Apply` of n arguments calls the generated `egret_apply{n}`, which dispatches on the
//! closure's arity: exact → tail call of the code; fewer parameters → call, then apply the
//! rest; more → a partial application closure whose code (`egret_pap{n}_{k}`) completes the
//! call. Calls in tail position are `TailCall`s.
//!
//! Evaluation order is ocmalopt's: arguments (of calls, constructors, primitives) right to
//! left, then the function.

mod apply;
mod exceptions;

use std::collections::{BTreeSet, HashMap};

use super::builder::{header, string_data, FunctionBuilder, ModuleBuilder};
use super::ir::*;
use crate::closure::ir::{CExpr, Func, FuncIdx, Program};
use crate::diagnostics::Diagnostic;
use crate::lambda::ir::{
    BoxedIntKind, Const, DeclKind, Direction, Prim, RaiseKind, SwitchKind, TyCon, Type as LType,
    VarId,
};

pub const CLOSURE_TAG: u8 = 247;
/// OCaml's `Double_tag`: a boxed float, one word of IEEE bits (never scanned by the GC).
pub const DOUBLE_TAG: u8 = 253;
/// OCaml's tag of a flat float array, whose fields are the doubles themselves.
pub const DOUBLE_ARRAY_TAG: u8 = 254;
pub const EXN_TAG: u8 = 248;
/// OCaml's `Custom_tag`: a boxed integer, `[custom operations, payload]` (never scanned).
pub const CUSTOM_TAG: u8 = 255;

/// What the lowering adds besides the program's own code.
#[derive(Clone, Copy, Debug, Default)]
pub struct LowerOptions {
    /// The C-ABI entries `egret_callback{1,2,3}` through which C calls closures
    /// (`--output-obj`, [`super::callbacks`]).
    pub callback_entries: bool,
}

/// Lowers a whole program. The module's entry is `egret_program` (no parameters); the object writer exports it (or a backend's C-ABI wrapper) as `egret_main`.
pub fn lower_program(p: &Program) -> Result<Module, Diagnostic> {
    lower_program_with(p, LowerOptions::default())
}

/// [`lower_program`] with [`LowerOptions`].
pub fn lower_program_with(p: &Program, options: LowerOptions) -> Result<Module, Diagnostic> {
    let mut mb = ModuleBuilder::new();
    let ids: Vec<FuncId> = p.funcs.iter().map(|_| mb.declare_function()).collect();
    let max_arity = p
        .funcs
        .iter()
        .map(|f| f.params.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut l = Lowerer {
        p,
        mb,
        ids,
        static_closures: HashMap::new(),
        strings: HashMap::new(),
        floats: HashMap::new(),
        boxed_ints: HashMap::new(),
        exn_ids: HashMap::new(),
        static_blocks: 0,
        applies: BTreeSet::new(),
        max_arity,
        try_count: 0,
        installs_signal_handlers: false,
    };
    // The runtime raises the predefined exceptions itself: their identities are always there.
    for i in 0..crate::typing::EXCEPTIONS.len() {
        l.exn_identity(i as u32);
    }
    for (i, f) in p.funcs.iter().enumerate() {
        let func = l.function(FuncIdx(i as u32), f)?;
        let id = l.ids[i];
        l.mb.define_function(id, func);
    }
    l.mb.set_entry(l.ids[p.entry.0 as usize]);
    l.mb.set_debug_types(debug_types(&p.types));
    l.mb.set_inline_sites(p.inline_sites.clone());
    if options.callback_entries || l.installs_signal_handlers {
        for n in super::callbacks::CALLBACK_ARITIES {
            let apply = l.apply_fn(n);
            l.mb.add_function(super::callbacks::callback_entry(n, apply));
        }
    }
    l.generate_applies();
    Ok(l.mb.finish())
}

/// The result of a function of type `ty` applied to `arity` arguments, if its type says so.
fn result_type(mut ty: &crate::lambda::ir::Type, arity: usize) -> Option<&crate::lambda::ir::Type> {
    for _ in 0..arity {
        match ty {
            crate::lambda::ir::Type::Arrow(_, r) => ty = r,
            _ => return None,
        }
    }
    Some(ty)
}

/// The program's own variant and record declarations (not the built-in ones), for debug info.
fn debug_types(types: &crate::lambda::ir::TypeTable) -> Vec<DebugTypeDecl> {
    use crate::lambda::print::{print_type, tyvar_name};
    let text = |t: &LType| print_type(t, Some(types));
    types
        .decls
        .iter()
        .skip(TyCon::FIRST_DECLARED.index())
        .filter_map(|d| {
            let mut decl = DebugTypeDecl {
                name: d.name.clone(),
                params: d.params.iter().map(|v| tyvar_name(*v)).collect(),
                ..DebugTypeDecl::default()
            };
            match &d.kind {
                DeclKind::Variant(constructors) => {
                    for c in constructors {
                        if c.args.is_empty() {
                            decl.constant.push(c.name.clone());
                        } else {
                            let args = c.args.iter().map(text).collect();
                            decl.non_constant.push((c.name.clone(), args));
                        }
                    }
                }
                DeclKind::Record(fields) => {
                    decl.fields = fields
                        .iter()
                        .map(|f| (f.name.clone(), text(&f.ty)))
                        .collect();
                }
                DeclKind::Primitive | DeclKind::Extensible => return None,
            }
            Some(decl)
        })
        .collect()
}

struct Lowerer<'p> {
    p: &'p Program,
    mb: ModuleBuilder,
    ids: Vec<FuncId>,
    static_closures: HashMap<FuncIdx, DataId>,
    strings: HashMap<Vec<u8>, DataId>,
    /// Float constants by their bits.
    floats: HashMap<u64, DataId>,
    boxed_ints: HashMap<(BoxedIntKind, i64), DataId>,
    exn_ids: HashMap<u32, DataId>,
    /// Constant blocks made static data so far (for unique names).
    static_blocks: usize,
    /// Arities of the apply helpers used so far.
    applies: BTreeSet<usize>,
    /// `try` bodies outlined so far (for unique names).
    try_count: usize,
    max_arity: usize,
    /// Whether the program installs a signal handler (`Sys.signal`): the runtime then runs
    /// OCaml closures through the callback entries (`runtime/egret_prims.c`).
    installs_signal_handlers: bool,
}

/// Per-function lowering state.
/// The handler of a local `try` whose body is being lowered: its block, and each `raise`'s
/// block with the exception and the variables' values there.
struct LocalHandler {
    block: Block,
    raises: Vec<(Block, Value)>,
    snapshots: Vec<(Block, Vec<Value>)>,
}

struct Fx {
    b: FunctionBuilder,
    /// The local `try`s around the expression being lowered, innermost last.
    local_handlers: Vec<LocalHandler>,
    vars: HashMap<VarId, Value>,
    self_val: Option<Value>,
    /// Mutable local variables in scope (their current values are in `vars`).
    mutables: Vec<VarId>,
    /// The debug variable (index in `debug_vars`) of each mutable local that has one.
    debug_mutables: HashMap<VarId, usize>,
    /// The static float boxes of the float constants used here, with their bits (unboxing one
    /// is a constant).
    float_constants: HashMap<DataId, u64>,
}

impl Fx {
    fn new(b: FunctionBuilder) -> Fx {
        Fx {
            b,
            local_handlers: Vec::new(),
            vars: HashMap::new(),
            self_val: None,
            mutables: Vec::new(),
            debug_mutables: HashMap::new(),
            float_constants: HashMap::new(),
        }
    }

    /// Records (debug info) that mutable `v` holds `value` from statement `from` on.
    fn debug_assign(&mut self, v: VarId, from: Value, value: Option<Value>) {
        if let Some(&d) = self.debug_mutables.get(&v) {
            self.b.debug_assign(d, from, value);
        }
    }

    /// The current values of the mutable variables in scope.
    fn snapshot(&self) -> Vec<Value> {
        self.mutables.iter().map(|v| self.vars[v]).collect()
    }

    fn restore(&mut self, snap: &[Value]) {
        for (v, x) in self.mutables.clone().into_iter().zip(snap) {
            self.vars.insert(v, *x);
        }
    }

    /// At the start of a join block: each mutable variable gets the value it has on every
    /// incoming edge, or a phi of them.
    /// (Debug info: each is assigned its value from the block's start.)
    fn merge(&mut self, preds: &[(Block, Vec<Value>)]) {
        let from = self.b.next_position();
        for (k, v) in self.mutables.clone().into_iter().enumerate() {
            let first = preds[0].1[k];
            let x = if preds.iter().all(|(_, s)| s[k] == first) {
                first
            } else {
                let inputs: Vec<(Block, Value)> = preds.iter().map(|(b, s)| (*b, s[k])).collect();
                self.b.phi(Type::Val, &inputs)
            };
            self.vars.insert(v, x);
            self.debug_assign(v, from, Some(x));
        }
    }
}

impl<'p> Lowerer<'p> {
    fn function(&mut self, idx: FuncIdx, f: &Func) -> Result<Function, Diagnostic> {
        let is_entry = idx == self.p.entry;
        let nparams = if is_entry { 0 } else { f.params.len() + 1 };
        let name = if is_entry {
            "egret_program".to_string()
        } else {
            f.name.clone()
        };
        let mut b = FunctionBuilder::new(name, vec![Type::Val; nparams], Type::Val);
        b.set_source_name(f.source_name.clone());
        b.set_scope_name(f.scope_name.clone());
        b.set_decl_loc(SrcLoc::new(f.span));
        if let Some(ret) = f
            .binder
            .and_then(|v| result_type(self.p.vars.ty(v), f.params.len()))
        {
            b.set_debug_ret(crate::lambda::print::print_type(ret, Some(&self.p.types)));
        }
        if is_entry {
            b.set_linkage(Linkage::Export);
        }
        let mut fx = Fx::new(b);
        if !is_entry {
            let floats = f.params.iter().enumerate();
            let floats = floats.filter(|(_, v)| *self.p.vars.ty(**v) == LType::float());
            fx.b.set_float_params(floats.map(|(i, _)| i as u32).collect());
            for (i, v) in f.params.iter().enumerate() {
                let val = fx.b.param(i);
                fx.vars.insert(*v, val);
                self.debug_var(&mut fx, *v, val, DebugVarKind::Param);
            }
            let s = fx.b.param(f.params.len());
            fx.self_val = Some(s);
            fx.vars.insert(f.self_var, s);
            // (Its type is the function's, which the pretty-printer shows as `<fun name>`.)
            fx.b.debug_var("closure", String::new(), s, DebugVarKind::Closure);
            if let Some(binder) = f.binder {
                fx.vars.insert(binder, s);
            }
        }
        if let Some(v) = self.expr(&mut fx, &f.body, !is_entry)? {
            let r = if is_entry {
                fx.b.ins(Stmt::Const(0), Type::Val)
            } else {
                v
            };
            fx.b.ins(Stmt::Return(r), Type::Raw);
        }
        Ok(fx.b.finish())
    }

    /// The OCaml type of variable `v`, as text (debug info).
    fn type_text(&self, v: VarId) -> String {
        crate::lambda::print::print_type(self.p.vars.ty(v), Some(&self.p.types))
    }

    /// Records that `val` holds source variable `v` (debug info), unless `v` is one the compiler
    /// made up (their names start with `_`; the simplifier's `arg` never reaches here).
    fn debug_var(&self, fx: &mut Fx, v: VarId, val: Value, kind: DebugVarKind) {
        let name = &self.p.vars.get(v).name;
        if name.is_empty() || name.starts_with('_') {
            return;
        }
        fx.b.debug_var(name, self.type_text(v), val, kind);
    }

    /// Records mutable local `v` (debug info) and gives its index, unless `v` is one the
    /// compiler made up.
    fn debug_mutable(&self, fx: &mut Fx, v: VarId) -> Option<usize> {
        let name = &self.p.vars.get(v).name;
        if name.is_empty() || name.starts_with('_') {
            return None;
        }
        // Shown as its contents (`r = 5`), the value the program reads with `!r`.
        let ty = match self.p.vars.ty(v) {
            LType::Con(TyCon::REF, args) if args.len() == 1 => {
                crate::lambda::print::print_type(&args[0], Some(&self.p.types))
            }
            _ => String::new(),
        };
        Some(fx.b.debug_mutable(name, ty))
    }

    /// A string constant: static data, one per distinct string. Constants' data is named
    /// `egret.KIND.N`: the dots keep it apart from functions (`egret_NAME_ID`, whose names
    /// `closure` cleans to letters, digits and `_`), so a function called `float` or `str`
    /// cannot take a constant's symbol.
    fn string(&mut self, s: &[u8]) -> DataId {
        if let Some(d) = self.strings.get(s) {
            return *d;
        }
        let n = self.strings.len();
        let d = self.mb.add_data(string_data(format!("egret.str.{n}"), s));
        self.strings.insert(s.to_vec(), d);
        d
    }

    /// A float constant: a static boxed float (one per distinct value, like strings).
    fn float(&mut self, bits: u64) -> DataId {
        if let Some(d) = self.floats.get(&bits) {
            return *d;
        }
        let n = self.floats.len();
        let d = self.mb.add_data(Data {
            name: format!("egret.float.{n}"),
            linkage: Linkage::Local,
            words: vec![DataWord::Word(header(1, DOUBLE_TAG)), DataWord::Word(bits)],
        });
        self.floats.insert(bits, d);
        d
    }

    /// A boxed integer constant: a static custom block `[ops, payload]` (one per distinct
    /// value, like floats).
    fn boxed_int(&mut self, kind: BoxedIntKind, n: i64) -> DataId {
        if let Some(d) = self.boxed_ints.get(&(kind, n)) {
            return *d;
        }
        let i = self.boxed_ints.len();
        let d = self.mb.add_data(Data {
            name: format!("egret.{}.{i}", kind.name()),
            linkage: Linkage::Local,
            words: vec![
                DataWord::Word(header(2, CUSTOM_TAG)),
                DataWord::Symbol(kind.ops_symbol()),
                DataWord::Word(n as u64),
            ],
        });
        self.boxed_ints.insert((kind, n), d);
        d
    }

    fn static_closure(&mut self, g: FuncIdx) -> DataId {
        if let Some(d) = self.static_closures.get(&g) {
            return *d;
        }
        let f = self.p.func(g);
        let d = self.mb.add_data(Data {
            name: format!("{}_closure", f.name),
            linkage: Linkage::Local,
            words: vec![
                DataWord::Word(header(2, CLOSURE_TAG)),
                DataWord::FuncAddr(self.ids[g.0 as usize]),
                DataWord::Word(((f.params.len() as u64) << 1) | 1),
            ],
        });
        self.static_closures.insert(g, d);
        d
    }

    /// The static identity block of exception `i`: `[name, id]`.
    fn exn_identity(&mut self, i: u32) -> DataId {
        if let Some(d) = self.exn_ids.get(&i) {
            return *d;
        }
        let name = self.p.types.exceptions[i as usize].name.clone();
        let s = self.string(name.as_bytes());
        let predefined = (i as usize) < crate::typing::EXCEPTIONS.len();
        let symbol = if predefined {
            // The runtime refers to these by name (`egret_exn_Not_found`).
            format!("egret_exn_{}", name.rsplit('.').next().unwrap_or(&name))
        } else {
            let clean: String = name
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            format!("egret_exn{i}_{clean}")
        };
        let d = self.mb.add_data(Data {
            name: symbol,
            linkage: if predefined {
                Linkage::Export
            } else {
                Linkage::Local
            },
            words: vec![
                DataWord::Word(header(2, EXN_TAG)),
                DataWord::DataAddr(s),
                DataWord::Word(((i as u64) << 1) | 1),
            ],
        });
        self.exn_ids.insert(i, d);
        d
    }

    /// How constructor `index` of `ty` is represented: `Ok(int)` or `Err(block tag)`.
    fn ctor_repr(&self, ty: &LType, index: u32) -> Result<i64, u8> {
        match ty {
            LType::Con(c, _) => match &self.p.types.decl(*c).kind {
                DeclKind::Variant(cs) => {
                    let before = &cs[..index as usize];
                    if cs[index as usize].args.is_empty() {
                        Ok(before.iter().filter(|c| c.args.is_empty()).count() as i64)
                    } else {
                        Err(before.iter().filter(|c| !c.args.is_empty()).count() as u8)
                    }
                }
                _ => Err(0),
            },
            _ => Err(0),
        }
    }

    /// Whether values of `ty` are flat float records (`Double_array_tag` blocks of doubles).
    fn flat_floats(&self, ty: &LType) -> bool {
        matches!(ty, LType::Con(c, _) if self.p.types.is_flat_float_record(*c))
    }

    /// The bits of a float constant.
    fn float_constant(e: &CExpr) -> Option<u64> {
        match e {
            CExpr::Loc(_, e) => Self::float_constant(e),
            CExpr::Const(Const::Float(bits)) => Some(*bits),
            _ => None,
        }
    }

    /// Whether values of `ty` are immutable blocks (variants, tuples, records without a
    /// mutable field).
    fn immutable(&self, ty: &LType) -> bool {
        match ty {
            LType::Tuple(_) => true,
            LType::Con(c, _) => match &self.p.types.decl(*c).kind {
                DeclKind::Variant(_) => true,
                DeclKind::Record(fields) => fields.iter().all(|f| !f.mutable),
                _ => false,
            },
            _ => false,
        }
    }

    /// A constant expression as a static data word: an immediate, a string literal, or — like
    /// ocamlopt's structured constants — an immutable block whose fields are all constants,
    /// which becomes a static data object (one per occurrence, so `==` behaves as with
    /// ocamlopt; nothing can write to it). None when `e` is not constant.
    fn static_word(&mut self, e: &CExpr) -> Option<DataWord> {
        // One check of the whole constant, then its words: checking again at each level made
        // a long list literal quadratic.
        self.is_static(e).then(|| self.static_word_of_constant(e))
    }

    /// [`Lowerer::static_word`] of an expression [`Lowerer::is_static`] accepts.
    fn static_word_of_constant(&mut self, e: &CExpr) -> DataWord {
        match e {
            CExpr::Loc(_, e) => self.static_word_of_constant(e),
            CExpr::Const(Const::Int(n)) => DataWord::Word(((*n as u64) << 1) | 1),
            CExpr::Const(Const::Char(c)) => DataWord::Word(((*c as u64) << 1) | 1),
            CExpr::Const(Const::String(s)) => DataWord::DataAddr(self.string(s)),
            CExpr::Const(Const::Float(bits)) => DataWord::DataAddr(self.float(*bits)),
            CExpr::Const(Const::BoxedInt(k, n)) => DataWord::DataAddr(self.boxed_int(*k, *n)),
            CExpr::Construct { ty, args, .. } if self.flat_floats(ty) => {
                let mut words = vec![DataWord::Word(header(args.len() as u64, DOUBLE_ARRAY_TAG))];
                for a in args {
                    let bits = Self::float_constant(a).expect("is_static: float constants");
                    words.push(DataWord::Word(bits));
                }
                let n = self.static_blocks;
                self.static_blocks += 1;
                let d = self.mb.add_data(Data {
                    name: format!("egret.const.{n}"),
                    linkage: Linkage::Local,
                    words,
                });
                DataWord::DataAddr(d)
            }
            CExpr::Construct { ty, index, args } => match self.ctor_repr(ty, *index) {
                Ok(n) => DataWord::Word(((n as u64) << 1) | 1),
                Err(tag) => {
                    let mut words = vec![DataWord::Word(header(args.len() as u64, tag))];
                    for a in args {
                        words.push(self.static_word_of_constant(a));
                    }
                    let n = self.static_blocks;
                    self.static_blocks += 1;
                    let d = self.mb.add_data(Data {
                        name: format!("egret.const.{n}"),
                        linkage: Linkage::Local,
                        words,
                    });
                    DataWord::DataAddr(d)
                }
            },
            _ => unreachable!("not a constant: {e:?}"),
        }
    }

    /// `Obj.with_tag t (Obj.repr (C (a, ..)))` with a constant tag below 246 and a block
    /// constructor: the tag and the constructor, which is then built with that tag directly —
    /// static data when constant — as ocamlopt's `Simplif` does. None for anything else (the
    /// runtime's `caml_obj_with_tag` copies the block).
    fn with_tag_of_block<'e>(&self, args: &'e [CExpr]) -> Option<(u8, &'e CExpr)> {
        let [t, b] = args else { return None };
        let mut t = t;
        while let CExpr::Loc(_, x) = t {
            t = x;
        }
        let CExpr::Const(Const::Int(tag @ 0..=245)) = t else {
            return None;
        };
        let mut b = b;
        loop {
            match b {
                CExpr::Loc(_, x) => b = x,
                CExpr::Prim(Prim::Identity, xs) if xs.len() == 1 => b = &xs[0],
                _ => break,
            }
        }
        match b {
            CExpr::Construct { ty, index, args } if !args.is_empty() && !self.flat_floats(ty) => {
                self.ctor_repr(ty, *index)
                    .is_err()
                    .then_some((*tag as u8, b))
            }
            _ => None,
        }
    }

    /// The block constructor `block` built with tag `tag` (see [`Lowerer::with_tag_of_block`]).
    fn block_with_tag(
        &mut self,
        fx: &mut Fx,
        tag: u8,
        block: &CExpr,
    ) -> Result<Option<Value>, Diagnostic> {
        let CExpr::Construct { args, .. } = block else {
            unreachable!("with_tag_of_block gives a constructor")
        };
        if self.is_static(block) {
            let mut words = vec![DataWord::Word(header(args.len() as u64, tag))];
            for a in args {
                words.push(self.static_word_of_constant(a));
            }
            let n = self.static_blocks;
            self.static_blocks += 1;
            let d = self.mb.add_data(Data {
                name: format!("egret.const.{n}"),
                linkage: Linkage::Local,
                words,
            });
            return Ok(Some(fx.b.ins(Stmt::DataAddr(d), Type::Val)));
        }
        let Some(fields) = self.args(fx, args)? else {
            return Ok(None);
        };
        Ok(Some(fx.b.ins(
            Stmt::Alloc {
                tag,
                fields,
                raw_prefix: 0,
            },
            Type::Val,
        )))
    }

    /// Whether [`Lowerer::static_word`] gives a word for `e`.
    fn is_static(&self, e: &CExpr) -> bool {
        match e {
            CExpr::Loc(_, e) => self.is_static(e),
            CExpr::Const(_) => true,
            CExpr::Construct { ty, args, .. } if self.flat_floats(ty) => {
                self.immutable(ty) && args.iter().all(|a| Self::float_constant(a).is_some())
            }
            CExpr::Construct { ty, index, args } => {
                self.ctor_repr(ty, *index).is_ok()
                    || (!args.is_empty()
                        && self.immutable(ty)
                        && args.iter().all(|a| self.is_static(a)))
            }
            _ => false,
        }
    }

    fn call(&mut self, fx: &mut Fx, callee: Callee, args: Vec<Value>, tail: bool) -> Option<Value> {
        if tail {
            fx.b.ins(Stmt::TailCall { callee, args }, Type::Raw);
            None
        } else {
            Some(fx.b.ins(
                Stmt::Call {
                    callee,
                    args,
                    ret: Type::Val,
                },
                Type::Val,
            ))
        }
    }

    /// Evaluates `es` right to left; returns their values in order (None if control left).
    fn args(&mut self, fx: &mut Fx, es: &[CExpr]) -> Result<Option<Vec<Value>>, Diagnostic> {
        let mut vals = vec![Value(0); es.len()];
        for (i, e) in es.iter().enumerate().rev() {
            match self.expr(fx, e, false)? {
                Some(v) => vals[i] = v,
                None => return Ok(None),
            }
        }
        Ok(Some(vals))
    }

    /// The number in the float box `v` (a float constant's number, when `v` is one).
    fn unbox_float(fx: &mut Fx, v: Value) -> Value {
        if let Stmt::DataAddr(d) = fx.b.func().stmts[v.index()] {
            if let Some(&bits) = fx.float_constants.get(&d) {
                return fx.b.ins(Stmt::FConst(bits), Type::F64);
            }
        }
        fx.b.ins(
            Stmt::Load {
                base: v,
                index: 0,
                ty: Type::F64,
            },
            Type::F64,
        )
    }

    /// A fresh float box holding `x`.
    fn box_float(fx: &mut Fx, x: Value) -> Value {
        fx.b.ins(
            Stmt::Alloc {
                tag: DOUBLE_TAG,
                fields: vec![x],
                raw_prefix: 0,
            },
            Type::Val,
        )
    }

    fn float_binary(fx: &mut Fx, op: FBinOp, v: &[Value]) -> Value {
        let (x, y) = (Self::unbox_float(fx, v[0]), Self::unbox_float(fx, v[1]));
        let r = fx.b.ins(Stmt::FBinary(op, x, y), Type::F64);
        Self::box_float(fx, r)
    }

    fn float_unary(fx: &mut Fx, op: FUnOp, v: Value) -> Value {
        let x = Self::unbox_float(fx, v);
        let r = fx.b.ins(Stmt::FUnary(op, x), Type::F64);
        Self::box_float(fx, r)
    }

    fn float_compare(fx: &mut Fx, op: FBinOp, v: &[Value]) -> Value {
        let (x, y) = (Self::unbox_float(fx, v[0]), Self::unbox_float(fx, v[1]));
        fx.b.ins(Stmt::FBinary(op, x, y), Type::Val)
    }

    fn load_element(fx: &mut Fx, array: Value, index: Value, ty: Type) -> Value {
        fx.b.ins(
            Stmt::LoadIdx {
                base: array,
                index,
                ty,
            },
            ty,
        )
    }

    fn store_element(fx: &mut Fx, array: Value, index: Value, value: Value) {
        fx.b.ins(
            Stmt::StoreIdx {
                base: array,
                index,
                value,
            },
            Type::Raw,
        );
    }

    /// Branches on whether `array` is a flat float array: returns the block for that case,
    /// the one for an array of values, and a fresh block for both to join at.
    fn branch_on_flat(fx: &mut Fx, array: Value) -> (Block, Block, Block) {
        let tag = fx.b.ins(Stmt::Unary(UnOp::BlockTag, array), Type::Val);
        let double_array = Self::konst(fx, DOUBLE_ARRAY_TAG as i64);
        let is_flat =
            fx.b.ins(Stmt::Binary(BinOp::Eq, tag, double_array), Type::Val);
        let (flat, boxed, join) = (
            fx.b.create_block(),
            fx.b.create_block(),
            fx.b.create_block(),
        );
        fx.b.branch(is_flat, flat, boxed);
        (flat, boxed, join)
    }

    /// The length of a string: `8 * words - 1 - last byte`.
    fn string_length(fx: &mut Fx, s: Value) -> Value {
        let words = fx.b.ins(Stmt::Unary(UnOp::BlockSize, s), Type::Val);
        let eight = Self::konst(fx, 8);
        let bytes = fx.b.ins(Stmt::Binary(BinOp::Mul, words, eight), Type::Val);
        let one = Self::konst(fx, 1);
        let last = fx.b.ins(Stmt::Binary(BinOp::Sub, bytes, one), Type::Val);
        let padding = fx.b.ins(
            Stmt::LoadByte {
                base: s,
                index: last,
            },
            Type::Val,
        );
        fx.b.ins(Stmt::Binary(BinOp::Sub, last, padding), Type::Val)
    }

    /// Raises `Invalid_argument "index out of bounds"` unless `0 <= index < size of block`.
    fn bound_check(fx: &mut Fx, block: Value, index: Value) {
        let size = fx.b.ins(Stmt::Unary(UnOp::BlockSize, block), Type::Val);
        Self::check_index(fx, index, size)
    }

    /// Raises `Invalid_argument "index out of bounds"` unless `0 <= index < size`.
    fn check_index(fx: &mut Fx, index: Value, size: Value) {
        let inside = fx.b.ins(Stmt::Binary(BinOp::Ult, index, size), Type::Val);
        Self::raise_unless(fx, inside, Callee::Runtime("egret_raise_bound_error"))
    }

    /// Continues in a fresh block when `cond` holds; otherwise calls the runtime's raising
    /// function `raise` (no arguments, never returns).
    fn raise_unless(fx: &mut Fx, cond: Value, raise: Callee) {
        let fail = fx.b.create_block();
        let ok = fx.b.create_block();
        fx.b.branch(cond, ok, fail);
        fx.b.switch_to_block(fail);
        fx.b.call(raise, vec![], Type::Val);
        fx.b.ins(Stmt::Unreachable, Type::Raw);
        fx.b.switch_to_block(ok);
    }

    /// The int `v` is, when it is a constant.
    fn const_of(fx: &Fx, v: Value) -> Option<i64> {
        match fx.b.func().stmts[v.index()] {
            Stmt::Const(n) => Some(n),
            _ => None,
        }
    }

    fn konst(fx: &mut Fx, n: i64) -> Value {
        fx.b.ins(Stmt::Const(n), Type::Val)
    }

    /// Lowers `e`; in tail position calls become tail calls. Returns the value, or None if the
    /// current block was terminated (tail call, raise).
    fn expr(&mut self, fx: &mut Fx, e: &CExpr, tail: bool) -> Result<Option<Value>, Diagnostic> {
        Ok(match e {
            CExpr::Var(v) => Some(
                *fx.vars
                    .get(v)
                    .unwrap_or_else(|| panic!("ssa lowering: unbound {v}")),
            ),
            CExpr::Const(c) => Some(match c {
                Const::Int(n) => Self::konst(fx, *n),
                Const::Char(c) => Self::konst(fx, *c as i64),
                Const::String(s) => {
                    let d = self.string(s);
                    fx.b.ins(Stmt::DataAddr(d), Type::Val)
                }
                Const::Float(bits) => {
                    let d = self.float(*bits);
                    fx.float_constants.insert(d, *bits);
                    fx.b.ins(Stmt::DataAddr(d), Type::Val)
                }
                Const::BoxedInt(k, n) => {
                    let d = self.boxed_int(*k, *n);
                    fx.b.ins(Stmt::DataAddr(d), Type::Val)
                }
            }),
            CExpr::Let(v, d, body) => {
                let Some(x) = self.expr(fx, d, false)? else {
                    return Ok(None);
                };
                fx.vars.insert(*v, x);
                self.debug_var(fx, *v, x, DebugVarKind::Local);
                self.expr(fx, body, tail)?
            }
            CExpr::Seq(a, b) => {
                if self.expr(fx, a, false)?.is_none() {
                    return Ok(None);
                }
                self.expr(fx, b, tail)?
            }
            CExpr::Loc(loc, x) => {
                // A location holds until the next one (the branch on `n <= 1` keeps the line of
                // the comparison), except across the end of inlined code: what the enclosing
                // expression computes after it is the caller's, at the call site.
                let outer = fx.b.loc();
                fx.b.set_loc(*loc);
                let value = self.expr(fx, x, tail)?;
                if fx.b.loc().scope != outer.scope {
                    fx.b.set_loc(outer);
                }
                value
            }
            CExpr::StaticClosure(g) => {
                let d = self.static_closure(*g);
                Some(fx.b.ins(Stmt::DataAddr(d), Type::Val))
            }
            CExpr::EnvField(i) => {
                let s = fx.self_val.expect("EnvField outside a closure");
                Some(fx.b.ins(
                    Stmt::Load {
                        base: s,
                        index: 2 + i,
                        ty: Type::Val,
                    },
                    Type::Val,
                ))
            }
            CExpr::Closures(group, body) => {
                let mut allocated = Vec::new();
                for (v, g, captured) in group {
                    let code = fx.b.ins(Stmt::FuncAddr(self.ids[g.0 as usize]), Type::Raw);
                    let arity = Self::konst(fx, self.p.func(*g).params.len() as i64);
                    let mut fields = vec![code, arity];
                    for c in captured {
                        // Members of the group are stored once all are allocated.
                        let val = if group.iter().any(|(w, _, _)| w == c) {
                            Self::konst(fx, 0)
                        } else {
                            *fx.vars
                                .get(c)
                                .unwrap_or_else(|| panic!("ssa lowering: captured {c} is unbound"))
                        };
                        fields.push(val);
                    }
                    let clos = fx.b.ins(
                        Stmt::Alloc {
                            tag: CLOSURE_TAG,
                            fields,
                            raw_prefix: 1,
                        },
                        Type::Val,
                    );
                    fx.vars.insert(*v, clos);
                    self.debug_var(fx, *v, clos, DebugVarKind::Local);
                    allocated.push((clos, captured));
                }
                for (clos, captured) in allocated {
                    for (i, c) in captured.iter().enumerate() {
                        if group.iter().any(|(w, _, _)| w == c) {
                            let value = fx.vars[c];
                            fx.b.ins(
                                Stmt::Store {
                                    base: clos,
                                    index: 2 + i as u32,
                                    value,
                                },
                                Type::Raw,
                            );
                        }
                    }
                }
                self.expr(fx, body, tail)?
            }
            CExpr::CallKnown(g, args, clos) => {
                let at = fx.b.loc();
                let Some(mut vals) = self.args(fx, args)? else {
                    return Ok(None);
                };
                let Some(c) = self.expr(fx, clos, false)? else {
                    return Ok(None);
                };
                vals.push(c);
                // The call is at the application, not at its last argument (backtraces print
                // the application's characters).
                fx.b.set_loc(at);
                self.call(fx, Callee::Direct(self.ids[g.0 as usize]), vals, tail)
            }
            CExpr::Apply(f, args) => {
                let at = fx.b.loc();
                let Some(vals) = self.args(fx, args)? else {
                    return Ok(None);
                };
                let Some(fv) = self.expr(fx, f, false)? else {
                    return Ok(None);
                };
                fx.b.set_loc(at);
                self.apply_unknown(fx, fv, vals, tail)?
            }
            CExpr::Prim(Prim::Runtime("caml_obj_with_tag", _), args)
                if self.with_tag_of_block(args).is_some() =>
            {
                let Some((tag, block)) = self.with_tag_of_block(args) else {
                    unreachable!("checked by the guard")
                };
                self.block_with_tag(fx, tag, block)?
            }
            CExpr::Prim(p, args) => {
                let at = fx.b.loc();
                let Some(vals) = self.args(fx, args)? else {
                    return Ok(None);
                };
                fx.b.set_loc(at);
                self.prim(fx, *p, vals)?
            }
            CExpr::If(c, t, f) => {
                let Some(cv) = self.expr(fx, c, false)? else {
                    return Ok(None);
                };
                let bt = fx.b.create_block();
                let bf = fx.b.create_block();
                fx.b.ins(
                    Stmt::Branch {
                        cond: cv,
                        then: bt,
                        els: bf,
                    },
                    Type::Raw,
                );
                self.join(fx, vec![(bt, &**t), (bf, &**f)], tail)?
            }
            CExpr::Construct { ty, args, .. } if self.flat_floats(ty) && !self.is_static(e) => {
                let Some(fields) = self.args(fx, args)? else {
                    return Ok(None);
                };
                let fields = fields
                    .into_iter()
                    .map(|x| Self::unbox_float(fx, x))
                    .collect();
                Some(fx.b.ins(
                    Stmt::Alloc {
                        tag: DOUBLE_ARRAY_TAG,
                        fields,
                        raw_prefix: 0,
                    },
                    Type::Val,
                ))
            }
            CExpr::Construct { ty, index, args } => match self.ctor_repr(ty, *index) {
                Ok(n) => Some(Self::konst(fx, n)),
                Err(_) if self.is_static(e) => {
                    let Some(DataWord::DataAddr(d)) = self.static_word(e) else {
                        unreachable!("a constant block constructor")
                    };
                    Some(fx.b.ins(Stmt::DataAddr(d), Type::Val))
                }
                Err(tag) => {
                    let Some(fields) = self.args(fx, args)? else {
                        return Ok(None);
                    };
                    Some(fx.b.ins(
                        Stmt::Alloc {
                            tag,
                            fields,
                            raw_prefix: 0,
                        },
                        Type::Val,
                    ))
                }
            },
            CExpr::ConstructExn { index, args } => {
                let id = self.exn_identity(*index);
                if args.is_empty() {
                    Some(fx.b.ins(Stmt::DataAddr(id), Type::Val))
                } else {
                    let Some(mut vals) = self.args(fx, args)? else {
                        return Ok(None);
                    };
                    let idv = fx.b.ins(Stmt::DataAddr(id), Type::Val);
                    vals.insert(0, idv);
                    Some(fx.b.ins(
                        Stmt::Alloc {
                            tag: 0,
                            fields: vals,
                            raw_prefix: 0,
                        },
                        Type::Val,
                    ))
                }
            }
            CExpr::Field(x, i) => {
                let Some(v) = self.expr(fx, x, false)? else {
                    return Ok(None);
                };
                Some(fx.b.ins(
                    Stmt::Load {
                        base: v,
                        index: *i,
                        ty: Type::Val,
                    },
                    Type::Val,
                ))
            }
            CExpr::SetField(x, i, v) => {
                let Some(val) = self.expr(fx, v, false)? else {
                    return Ok(None);
                };
                let Some(base) = self.expr(fx, x, false)? else {
                    return Ok(None);
                };
                fx.b.ins(
                    Stmt::Store {
                        base,
                        index: *i,
                        value: val,
                    },
                    Type::Raw,
                );
                Some(Self::konst(fx, 0))
            }
            CExpr::Switch {
                scrut,
                kind,
                arms,
                default,
            } => {
                let Some(s) = self.expr(fx, scrut, false)? else {
                    return Ok(None);
                };
                self.switch(fx, s, kind, arms, default.as_deref(), tail)?
            }
            CExpr::While(c, body) => {
                let entry = fx.b.current_block();
                let head = fx.b.create_block();
                let bodyb = fx.b.create_block();
                let exit = fx.b.create_block();
                fx.b.ins(Stmt::Jump(head), Type::Raw);
                fx.b.switch_to_block(head);
                let loop_phis = loop_header_phis(fx, entry, &[&**c, &**body]);
                let Some(cv) = self.expr(fx, c, false)? else {
                    return Ok(None);
                };
                let after_cond = fx.snapshot();
                fx.b.ins(
                    Stmt::Branch {
                        cond: cv,
                        then: bodyb,
                        els: exit,
                    },
                    Type::Raw,
                );
                fx.b.switch_to_block(bodyb);
                if self.expr(fx, body, false)?.is_some() {
                    close_loop(fx, &loop_phis);
                    fx.b.ins(Stmt::Jump(head), Type::Raw);
                }
                fx.b.switch_to_block(exit);
                fx.restore(&after_cond);
                Some(Self::konst(fx, 0))
            }
            CExpr::For {
                var,
                from,
                to,
                dir,
                body,
            } => {
                let Some(lo) = self.expr(fx, from, false)? else {
                    return Ok(None);
                };
                let Some(hi) = self.expr(fx, to, false)? else {
                    return Ok(None);
                };
                let entry = fx.b.current_block();
                let head = fx.b.create_block();
                let bodyb = fx.b.create_block();
                let exit = fx.b.create_block();
                fx.b.ins(Stmt::Jump(head), Type::Raw);
                fx.b.switch_to_block(head);
                let i = fx.b.phi(Type::Val, &[(entry, lo)]);
                let loop_phis = loop_header_phis(fx, entry, &[&**body]);
                let at_head = fx.snapshot();
                let op = match dir {
                    Direction::Upto => BinOp::Le,
                    Direction::Downto => BinOp::Ge,
                };
                let cond = fx.b.ins(Stmt::Binary(op, i, hi), Type::Val);
                fx.b.ins(
                    Stmt::Branch {
                        cond,
                        then: bodyb,
                        els: exit,
                    },
                    Type::Raw,
                );
                fx.b.switch_to_block(bodyb);
                fx.vars.insert(*var, i);
                self.debug_var(fx, *var, i, DebugVarKind::Local);
                let mut exits = vec![(head, at_head)];
                if self.expr(fx, body, false)?.is_some() {
                    // Stop before the increment would wrap past the bound (OCaml's semantics).
                    let last = fx.b.ins(Stmt::Binary(BinOp::Eq, i, hi), Type::Val);
                    let step = fx.b.create_block();
                    exits.push((fx.b.current_block(), fx.snapshot()));
                    fx.b.ins(
                        Stmt::Branch {
                            cond: last,
                            then: exit,
                            els: step,
                        },
                        Type::Raw,
                    );
                    fx.b.switch_to_block(step);
                    let one = Self::konst(fx, 1);
                    let next_op = match dir {
                        Direction::Upto => BinOp::Add,
                        Direction::Downto => BinOp::Sub,
                    };
                    let next = fx.b.ins(Stmt::Binary(next_op, i, one), Type::Val);
                    fx.b.add_phi_input(i, step, next);
                    close_loop(fx, &loop_phis);
                    fx.b.ins(Stmt::Jump(head), Type::Raw);
                }
                fx.b.switch_to_block(exit);
                fx.merge(&exits);
                Some(Self::konst(fx, 0))
            }
            CExpr::LetMut(v, init, body) => {
                let Some(x) = self.expr(fx, init, false)? else {
                    return Ok(None);
                };
                fx.vars.insert(*v, x);
                fx.mutables.push(*v);
                if let Some(d) = self.debug_mutable(fx, *v) {
                    let from = fx.b.next_position();
                    fx.b.debug_assign(d, from, Some(x));
                    fx.debug_mutables.insert(*v, d);
                }
                let r = self.expr(fx, body, tail);
                fx.mutables.pop();
                let r = r?;
                if r.is_some() && !fx.b.is_terminated() {
                    // Out of scope from here on.
                    let from = fx.b.next_position();
                    fx.debug_assign(*v, from, None);
                }
                fx.debug_mutables.remove(v);
                r
            }
            CExpr::GetMut(v) => Some(fx.vars[v]),
            CExpr::SetMut(v, x) => {
                let Some(val) = self.expr(fx, x, false)? else {
                    return Ok(None);
                };
                fx.vars.insert(*v, val);
                // The new contents from the next statement on (the unit result).
                let from = fx.b.next_position();
                fx.debug_assign(*v, from, Some(val));
                Some(Self::konst(fx, 0))
            }
            CExpr::Raise(x, kind) => {
                let at = fx.b.loc();
                let Some(v) = self.expr(fx, x, false)? else {
                    return Ok(None);
                };
                fx.b.set_loc(at);
                if !fx.local_handlers.is_empty() {
                    // The handler is in this frame: the runtime notes the raise point in the
                    // backtrace (when recording), then the raise is a jump.
                    let note = match kind {
                        RaiseKind::Regular => Some(Callee::Runtime("egret_note_raise")),
                        RaiseKind::Reraise => Some(Callee::Runtime("egret_note_reraise")),
                        RaiseKind::Unmatched | RaiseKind::Notrace => None,
                    };
                    if let Some(callee) = note {
                        fx.b.ins(
                            Stmt::Call {
                                callee,
                                args: vec![v],
                                ret: Type::Val,
                            },
                            Type::Val,
                        );
                    }
                }
                if let Some(handler) = fx.local_handlers.last_mut() {
                    // Inside a local try's body: to its handler, with the variables' values.
                    let from = fx.b.current_block();
                    handler.raises.push((from, v));
                    let snapshot = fx.snapshot();
                    fx.local_handlers
                        .last_mut()
                        .unwrap()
                        .snapshots
                        .push((from, snapshot));
                    let to = fx.local_handlers.last().unwrap().block;
                    fx.b.jump(to);
                    return Ok(None);
                }
                // Each kind its own runtime entry, so that recording changes no code.
                let callee = match kind {
                    RaiseKind::Regular => Callee::Runtime("egret_raise"),
                    RaiseKind::Reraise => Callee::Runtime("egret_reraise"),
                    RaiseKind::Unmatched => Callee::Runtime("egret_reraise_unmatched"),
                    RaiseKind::Notrace => Callee::Runtime("egret_raise_notrace"),
                };
                fx.b.ins(
                    Stmt::Call {
                        callee,
                        args: vec![v],
                        ret: Type::Val,
                    },
                    Type::Val,
                );
                fx.b.ins(Stmt::Unreachable, Type::Raw);
                None
            }
            CExpr::Try {
                body,
                var,
                handler,
                local: true,
            } => return self.local_try(fx, body, *var, handler, tail),
            CExpr::Try {
                body,
                var,
                handler,
                local: false,
            } => return self.try_with(fx, body, *var, handler, tail),
        })
    }

    /// Lowers each `(block, expr)` arm and joins the arms that produce a value with a phi
    /// (in tail position each arm returns by itself).
    fn join(
        &mut self,
        fx: &mut Fx,
        arms: Vec<(Block, &CExpr)>,
        tail: bool,
    ) -> Result<Option<Value>, Diagnostic> {
        let j = fx.b.create_block();
        let entry = fx.snapshot();
        let mut outs = Vec::new();
        let mut snaps = Vec::new();
        for (blk, e) in arms {
            fx.b.switch_to_block(blk);
            fx.restore(&entry);
            if let Some(v) = self.expr(fx, e, tail)? {
                if tail {
                    fx.b.ins(Stmt::Return(v), Type::Raw);
                } else {
                    outs.push((fx.b.current_block(), v));
                    snaps.push((fx.b.current_block(), fx.snapshot()));
                    fx.b.ins(Stmt::Jump(j), Type::Raw);
                }
            }
        }
        if outs.is_empty() {
            return Ok(None);
        }
        fx.b.switch_to_block(j);
        fx.merge(&snaps);
        if outs.len() == 1 {
            return Ok(Some(outs[0].1));
        }
        Ok(Some(fx.b.phi(Type::Val, &outs)))
    }

    fn prim(&mut self, fx: &mut Fx, p: Prim, v: Vec<Value>) -> Result<Option<Value>, Diagnostic> {
        let bin = |fx: &mut Fx, op: BinOp| Some(fx.b.ins(Stmt::Binary(op, v[0], v[1]), Type::Val));
        Ok(match p {
            Prim::Add => bin(fx, BinOp::Add),
            Prim::Sub => bin(fx, BinOp::Sub),
            Prim::Mul => bin(fx, BinOp::Mul),
            Prim::And => bin(fx, BinOp::And),
            Prim::Or => bin(fx, BinOp::Or),
            Prim::Xor => bin(fx, BinOp::Xor),
            Prim::Lsl => bin(fx, BinOp::Lsl),
            Prim::Lsr => bin(fx, BinOp::Lsr),
            Prim::Asr => bin(fx, BinOp::Asr),
            Prim::IntEq => bin(fx, BinOp::Eq),
            Prim::IntNe => bin(fx, BinOp::Ne),
            Prim::IntLt => bin(fx, BinOp::Lt),
            Prim::IntLe => bin(fx, BinOp::Le),
            Prim::IntGt => bin(fx, BinOp::Gt),
            Prim::IntGe => bin(fx, BinOp::Ge),
            Prim::PhysEq => bin(fx, BinOp::PhysEq),
            Prim::PhysNe => bin(fx, BinOp::PhysNe),
            Prim::Neg => Some(fx.b.ins(Stmt::Unary(UnOp::Neg, v[0]), Type::Val)),
            Prim::Not => Some(fx.b.ins(Stmt::Unary(UnOp::Not, v[0]), Type::Val)),
            Prim::Identity => Some(v[0]),
            Prim::Div | Prim::Mod => {
                let zero = Self::konst(fx, 0);
                let nonzero = fx.b.ins(Stmt::Binary(BinOp::Ne, v[1], zero), Type::Val);
                Self::raise_unless(fx, nonzero, Callee::Runtime("egret_raise_division_by_zero"));
                let op = if p == Prim::Div {
                    BinOp::Div
                } else {
                    BinOp::Mod
                };
                bin(fx, op)
            }
            Prim::Eq | Prim::Ne | Prim::Lt | Prim::Le | Prim::Gt | Prim::Ge => {
                // `=` and the orderings never take the physical-equality shortcut (OCaml's
                // caml_equal & co.: functional values raise even when identical). A nan makes
                // the result `UNORDERED` (2): `a > b` is asked as `b < a` and `a >= b` as
                // `b <= a`, so that every test but `<>` is false then.
                let args = match p {
                    Prim::Gt | Prim::Ge => vec![v[1], v[0]],
                    _ => v.clone(),
                };
                let c = fx.b.ins(
                    Stmt::Call {
                        callee: Callee::Runtime("egret_compare_partial"),
                        args,
                        ret: Type::Val,
                    },
                    Type::Val,
                );
                let zero = Self::konst(fx, 0);
                let op = match p {
                    Prim::Eq => BinOp::Eq,
                    Prim::Ne => BinOp::Ne,
                    Prim::Lt | Prim::Gt => BinOp::Lt,
                    _ => BinOp::Le,
                };
                Some(fx.b.ins(Stmt::Binary(op, c, zero), Type::Val))
            }
            // Floats are boxed values: an operation unboxes its operands (a load of the box's
            // field), computes on `F64`s and boxes its result; the optimizer removes the boxes
            // that are unboxed again (`x *. y +. z` allocates once).
            Prim::FAdd => Some(Self::float_binary(fx, FBinOp::Add, &v)),
            Prim::FSub => Some(Self::float_binary(fx, FBinOp::Sub, &v)),
            Prim::FMul => Some(Self::float_binary(fx, FBinOp::Mul, &v)),
            Prim::FDiv => Some(Self::float_binary(fx, FBinOp::Div, &v)),
            Prim::FNeg => Some(Self::float_unary(fx, FUnOp::Neg, v[0])),
            Prim::FAbs => Some(Self::float_unary(fx, FUnOp::Abs, v[0])),
            Prim::FSqrt => Some(Self::float_unary(fx, FUnOp::Sqrt, v[0])),
            Prim::FloatOfInt => {
                let x = fx.b.ins(Stmt::FUnary(FUnOp::OfInt, v[0]), Type::F64);
                Some(Self::box_float(fx, x))
            }
            Prim::IntOfFloat => {
                let x = Self::unbox_float(fx, v[0]);
                Some(fx.b.ins(Stmt::FUnary(FUnOp::ToInt, x), Type::Val))
            }
            Prim::FEq => Some(Self::float_compare(fx, FBinOp::Eq, &v)),
            Prim::FNe => Some(Self::float_compare(fx, FBinOp::Ne, &v)),
            Prim::FLt => Some(Self::float_compare(fx, FBinOp::Lt, &v)),
            Prim::FLe => Some(Self::float_compare(fx, FBinOp::Le, &v)),
            Prim::FGt => Some(Self::float_compare(fx, FBinOp::Gt, &v)),
            Prim::FGe => Some(Self::float_compare(fx, FBinOp::Ge, &v)),
            // caml_float_compare: (x > y) - (x < y) + (x = x) - (y = y).
            Prim::FCompare => {
                let (x, y) = (Self::unbox_float(fx, v[0]), Self::unbox_float(fx, v[1]));
                let cmp = |fx: &mut Fx, op, a, b| fx.b.ins(Stmt::FBinary(op, a, b), Type::Val);
                let gt = cmp(fx, FBinOp::Gt, x, y);
                let lt = cmp(fx, FBinOp::Lt, x, y);
                let xx = cmp(fx, FBinOp::Eq, x, x);
                let yy = cmp(fx, FBinOp::Eq, y, y);
                let a = fx.b.ins(Stmt::Binary(BinOp::Sub, gt, lt), Type::Val);
                let b = fx.b.ins(Stmt::Binary(BinOp::Add, a, xx), Type::Val);
                Some(fx.b.ins(Stmt::Binary(BinOp::Sub, b, yy), Type::Val))
            }
            Prim::IntCompare => {
                let gt = fx.b.ins(Stmt::Binary(BinOp::Gt, v[0], v[1]), Type::Val);
                let lt = fx.b.ins(Stmt::Binary(BinOp::Lt, v[0], v[1]), Type::Val);
                Some(fx.b.ins(Stmt::Binary(BinOp::Sub, gt, lt), Type::Val))
            }
            Prim::Compare => Some(fx.b.ins(
                Stmt::Call {
                    callee: Callee::Runtime("egret_compare"),
                    args: v,
                    ret: Type::Val,
                },
                Type::Val,
            )),
            // An array is a block of values, or of doubles when it holds floats (OCaml's flat
            // float arrays, `Double_array_tag`): its length is the header's size, an access a
            // bound check and an indexed load or store. `mono` names the kind when the type
            // says it; otherwise the access tests the tag, as ocamlopt's `Pgenarray`.
            // A string is a block of bytes whose last byte says how many bytes of padding
            // precede it (OCaml's layout): its length, and a checked byte access, inline.
            Prim::Runtime("egret_string_length", _) => Some(Self::string_length(fx, v[0])),
            Prim::Runtime("egret_string_get", _) => {
                let length = Self::string_length(fx, v[0]);
                Self::check_index(fx, v[1], length);
                Some(fx.b.ins(
                    Stmt::LoadByte {
                        base: v[0],
                        index: v[1],
                    },
                    Type::Val,
                ))
            }
            Prim::Runtime(name @ ("caml_bytes_set" | "egret_bytes_unsafe_set"), _) => {
                if name == "caml_bytes_set" {
                    let length = Self::string_length(fx, v[0]);
                    Self::check_index(fx, v[1], length);
                }
                fx.b.ins(
                    Stmt::StoreByte {
                        base: v[0],
                        index: v[1],
                        value: v[2],
                    },
                    Type::Raw,
                );
                Some(Self::konst(fx, 0))
            }
            // A flat float record's field: the double itself, at a constant index.
            Prim::Runtime(name @ ("egret_double_field_get" | "egret_double_field_set"), _)
                if Self::const_of(fx, v[1]).is_some() =>
            {
                let index = Self::const_of(fx, v[1]).unwrap() as u32;
                if name == "egret_double_field_get" {
                    let x = fx.b.ins(
                        Stmt::Load {
                            base: v[0],
                            index,
                            ty: Type::F64,
                        },
                        Type::F64,
                    );
                    Some(Self::box_float(fx, x))
                } else {
                    let x = Self::unbox_float(fx, v[2]);
                    fx.b.ins(
                        Stmt::Store {
                            base: v[0],
                            index,
                            value: x,
                        },
                        Type::Raw,
                    );
                    Some(Self::konst(fx, 0))
                }
            }
            Prim::Runtime("egret_array_length", _) => {
                Some(fx.b.ins(Stmt::Unary(UnOp::BlockSize, v[0]), Type::Val))
            }
            Prim::Runtime(
                name @ ("egret_array_get" | "egret_addr_array_get" | "egret_floatarray_get"),
                _,
            ) => {
                Self::bound_check(fx, v[0], v[1]);
                Some(match name {
                    "egret_addr_array_get" => Self::load_element(fx, v[0], v[1], Type::Val),
                    "egret_floatarray_get" => {
                        let x = Self::load_element(fx, v[0], v[1], Type::F64);
                        Self::box_float(fx, x)
                    }
                    _ => {
                        let (flat, boxed, j) = Self::branch_on_flat(fx, v[0]);
                        fx.b.switch_to_block(flat);
                        let x = Self::load_element(fx, v[0], v[1], Type::F64);
                        let x = Self::box_float(fx, x);
                        let from_flat = fx.b.current_block();
                        fx.b.jump(j);
                        fx.b.switch_to_block(boxed);
                        let y = Self::load_element(fx, v[0], v[1], Type::Val);
                        let from_boxed = fx.b.current_block();
                        fx.b.jump(j);
                        fx.b.switch_to_block(j);
                        fx.b.phi(Type::Val, &[(from_flat, x), (from_boxed, y)])
                    }
                })
            }
            Prim::Runtime(
                name @ ("egret_array_set" | "egret_addr_array_set" | "egret_floatarray_set"),
                _,
            ) => {
                Self::bound_check(fx, v[0], v[1]);
                match name {
                    "egret_addr_array_set" => Self::store_element(fx, v[0], v[1], v[2]),
                    "egret_floatarray_set" => {
                        let x = Self::unbox_float(fx, v[2]);
                        Self::store_element(fx, v[0], v[1], x)
                    }
                    _ => {
                        let (flat, boxed, j) = Self::branch_on_flat(fx, v[0]);
                        fx.b.switch_to_block(flat);
                        let x = Self::unbox_float(fx, v[2]);
                        Self::store_element(fx, v[0], v[1], x);
                        fx.b.jump(j);
                        fx.b.switch_to_block(boxed);
                        Self::store_element(fx, v[0], v[1], v[2]);
                        fx.b.jump(j);
                        fx.b.switch_to_block(j);
                    }
                }
                Some(Self::konst(fx, 0))
            }
            Prim::Runtime(name, _) => Some({
                self.installs_signal_handlers |= name == "caml_install_signal_handler";
                fx.b.ins(
                    Stmt::Call {
                        callee: Callee::Runtime(name),
                        args: v,
                        ret: Type::Val,
                    },
                    Type::Val,
                )
            }),
            Prim::IsException(i) => {
                let id = self.exn_identity(i);
                let idv = fx.b.ins(Stmt::DataAddr(id), Type::Val);
                if self.p.types.exceptions[i as usize].args.is_empty() {
                    Some(fx.b.ins(Stmt::Binary(BinOp::PhysEq, v[0], idv), Type::Val))
                } else {
                    // Exceptions with arguments are tag-0 blocks [identity, args..]; constant
                    // ones are the identity block itself, whose field 0 is a string.
                    let first = fx.b.ins(
                        Stmt::Load {
                            base: v[0],
                            index: 0,
                            ty: Type::Val,
                        },
                        Type::Val,
                    );
                    Some(fx.b.ins(Stmt::Binary(BinOp::PhysEq, first, idv), Type::Val))
                }
            }
        })
    }

    fn switch(
        &mut self,
        fx: &mut Fx,
        s: Value,
        kind: &SwitchKind,
        arms: &[(i64, CExpr)],
        default: Option<&CExpr>,
        tail: bool,
    ) -> Result<Option<Value>, Diagnostic> {
        // Split the arms into those dispatched on an int and those on a block tag.
        let mut int_arms: Vec<(i64, &CExpr)> = Vec::new();
        let mut tag_arms: Vec<(i64, &CExpr)> = Vec::new();
        let (has_ints, has_blocks) = match kind {
            SwitchKind::Int => {
                int_arms = arms.iter().map(|(k, e)| (*k, e)).collect();
                (true, false)
            }
            SwitchKind::Constructor(ty) => {
                for (k, e) in arms {
                    match self.ctor_repr(ty, *k as u32) {
                        Ok(n) => int_arms.push((n, e)),
                        Err(t) => tag_arms.push((t as i64, e)),
                    }
                }
                match ty {
                    LType::Con(c, _) if *c != TyCon::INT => match &self.p.types.decl(*c).kind {
                        DeclKind::Variant(cs) => (
                            cs.iter().any(|c| c.args.is_empty()),
                            cs.iter().any(|c| !c.args.is_empty()),
                        ),
                        _ => (false, true),
                    },
                    _ => (false, true),
                }
            }
        };
        let mut blocks: Vec<(Block, &CExpr)> = Vec::new();
        let default_block = default.map(|d| {
            let b = fx.b.create_block();
            blocks.push((b, d));
            b
        });
        let unreachable = fx.b.create_block();
        let fallback = default_block.unwrap_or(unreachable);
        let mut used_unreachable = false;
        match (has_ints, has_blocks) {
            (true, true) => {
                let isint = fx.b.ins(Stmt::Unary(UnOp::IsInt, s), Type::Val);
                let bi = fx.b.create_block();
                let bb = fx.b.create_block();
                fx.b.ins(
                    Stmt::Branch {
                        cond: isint,
                        then: bi,
                        els: bb,
                    },
                    Type::Raw,
                );
                fx.b.switch_to_block(bi);
                dispatch(
                    fx,
                    s,
                    &int_arms,
                    &mut blocks,
                    fallback,
                    &mut used_unreachable,
                );
                fx.b.switch_to_block(bb);
                let tag = fx.b.ins(Stmt::Unary(UnOp::BlockTag, s), Type::Val);
                dispatch(
                    fx,
                    tag,
                    &tag_arms,
                    &mut blocks,
                    fallback,
                    &mut used_unreachable,
                );
            }
            (_, false) => dispatch(
                fx,
                s,
                &int_arms,
                &mut blocks,
                fallback,
                &mut used_unreachable,
            ),
            (false, true) => {
                let tag = fx.b.ins(Stmt::Unary(UnOp::BlockTag, s), Type::Val);
                dispatch(
                    fx,
                    tag,
                    &tag_arms,
                    &mut blocks,
                    fallback,
                    &mut used_unreachable,
                );
            }
        }
        if used_unreachable && default_block.is_none() {
            fx.b.switch_to_block(unreachable);
            fx.b.ins(Stmt::Unreachable, Type::Raw);
        }
        self.join(fx, blocks, tail)
    }
}

/// Dispatches on the int `v` to the arms (a `Switch` when the keys are dense, else a chain of
/// tests); values without an arm go to `fallback`.
fn dispatch<'e>(
    fx: &mut Fx,
    v: Value,
    arms: &[(i64, &'e CExpr)],
    blocks: &mut Vec<(Block, &'e CExpr)>,
    fallback: Block,
    used_fallback: &mut bool,
) {
    *used_fallback = true;
    let n = arms
        .iter()
        .map(|(k, _)| *k)
        .max()
        .map_or(0, |m| m + 1)
        .max(0) as usize;
    let dense = n <= 4 * arms.len() + 8;
    if dense && arms.iter().all(|(k, _)| *k >= 0) {
        let mut targets = vec![fallback; n];
        for (k, e) in arms {
            let b = fx.b.create_block();
            blocks.push((b, *e));
            targets[*k as usize] = b;
        }
        fx.b.ins(
            Stmt::Switch {
                value: v,
                targets,
                default: fallback,
            },
            Type::Raw,
        );
    } else {
        // Sparse keys: a chain of equality tests.
        for (k, e) in arms {
            let kv = fx.b.ins(Stmt::Const(*k), Type::Val);
            let c = fx.b.ins(Stmt::Binary(BinOp::Eq, v, kv), Type::Val);
            let b = fx.b.create_block();
            let next = fx.b.create_block();
            blocks.push((b, *e));
            fx.b.ins(
                Stmt::Branch {
                    cond: c,
                    then: b,
                    els: next,
                },
                Type::Raw,
            );
            fx.b.switch_to_block(next);
        }
        fx.b.ins(Stmt::Jump(fallback), Type::Raw);
    }
}

/// At a loop header: a phi (with the entry value) for each mutable variable the loop assigns.
fn loop_header_phis(fx: &mut Fx, entry: Block, parts: &[&CExpr]) -> Vec<(VarId, Value)> {
    let mut assigned = Vec::new();
    for p in parts {
        assigned_mutables(p, &mut assigned);
    }
    let mut phis = Vec::new();
    for v in fx.mutables.clone() {
        if assigned.contains(&v) {
            let phi = fx.b.phi(Type::Val, &[(entry, fx.vars[&v])]);
            fx.vars.insert(v, phi);
            fx.debug_assign(v, phi, Some(phi));
            phis.push((v, phi));
        }
    }
    phis
}

/// At the end of a loop body: the back edge's inputs of the header phis.
fn close_loop(fx: &mut Fx, phis: &[(VarId, Value)]) {
    let from = fx.b.current_block();
    for (v, phi) in phis {
        let x = fx.vars[v];
        fx.b.add_phi_input(*phi, from, x);
    }
}

/// The mutable variables `e` assigns.
fn assigned_mutables(e: &CExpr, out: &mut Vec<VarId>) {
    if let CExpr::SetMut(v, _) = e {
        if !out.contains(v) {
            out.push(*v);
        }
    }
    cexpr_children(e, &mut |c| assigned_mutables(c, out));
}

/// Calls `f` on each direct subexpression of `e`.
fn cexpr_children<'e>(e: &'e CExpr, f: &mut impl FnMut(&'e CExpr)) {
    match e {
        CExpr::Var(_)
        | CExpr::Const(_)
        | CExpr::StaticClosure(_)
        | CExpr::EnvField(_)
        | CExpr::GetMut(_) => {}
        CExpr::Let(_, d, b)
        | CExpr::LetMut(_, d, b)
        | CExpr::Seq(d, b)
        | CExpr::While(d, b)
        | CExpr::SetField(d, _, b) => {
            f(d);
            f(b)
        }
        CExpr::Try { body, handler, .. } => {
            f(body);
            f(handler)
        }
        CExpr::Closures(_, b)
        | CExpr::Field(b, _)
        | CExpr::Raise(b, _)
        | CExpr::Loc(_, b)
        | CExpr::SetMut(_, b) => f(b),
        CExpr::CallKnown(_, args, c) => {
            args.iter().for_each(&mut *f);
            f(c)
        }
        CExpr::Apply(g, args) => {
            f(g);
            args.iter().for_each(f)
        }
        CExpr::Prim(_, args) | CExpr::Construct { args, .. } | CExpr::ConstructExn { args, .. } => {
            args.iter().for_each(f)
        }
        CExpr::If(c, t, e) => {
            f(c);
            f(t);
            f(e)
        }
        CExpr::Switch {
            scrut,
            arms,
            default,
            ..
        } => {
            f(scrut);
            arms.iter().for_each(|(_, a)| f(a));
            if let Some(d) = default {
                f(d)
            }
        }
        CExpr::For { from, to, body, .. } => {
            f(from);
            f(to);
            f(body)
        }
    }
}

/// The variables `e` uses but does not bind (in first-use order), and whether it reads the
/// enclosing closure's environment.
fn free_vars(e: &CExpr, bound: &mut Vec<VarId>, out: &mut Vec<VarId>, uses_env: &mut bool) {
    let mut go = |e: &CExpr, bound: &mut Vec<VarId>| free_vars(e, bound, out, uses_env);
    match e {
        CExpr::Var(v) => {
            if !bound.contains(v) && !out.contains(v) {
                out.push(*v)
            }
        }
        CExpr::Const(_) | CExpr::StaticClosure(_) => {}
        CExpr::GetMut(v) => go(&CExpr::Var(*v), bound),
        CExpr::SetMut(v, x) => {
            go(&CExpr::Var(*v), bound);
            go(x, bound)
        }
        CExpr::LetMut(v, d, b) => {
            go(d, bound);
            bound.push(*v);
            go(b, bound);
        }
        CExpr::EnvField(_) => *uses_env = true,
        CExpr::Let(v, d, b) => {
            go(d, bound);
            bound.push(*v);
            go(b, bound);
        }
        CExpr::Closures(group, b) => {
            bound.extend(group.iter().map(|(v, _, _)| *v));
            for (_, _, captured) in group {
                for c in captured {
                    go(&CExpr::Var(*c), bound);
                }
            }
            go(b, bound);
        }
        CExpr::CallKnown(_, args, c) => {
            args.iter().for_each(|a| go(a, bound));
            go(c, bound)
        }
        CExpr::Apply(f, args) => {
            go(f, bound);
            args.iter().for_each(|a| go(a, bound))
        }
        CExpr::Seq(a, b) | CExpr::While(a, b) | CExpr::SetField(a, _, b) => {
            go(a, bound);
            go(b, bound)
        }
        CExpr::Prim(_, args) | CExpr::Construct { args, .. } | CExpr::ConstructExn { args, .. } => {
            args.iter().for_each(|a| go(a, bound))
        }
        CExpr::If(c, t, f) => {
            go(c, bound);
            go(t, bound);
            go(f, bound)
        }
        CExpr::Field(x, _) | CExpr::Raise(x, _) | CExpr::Loc(_, x) => go(x, bound),
        CExpr::Switch {
            scrut,
            arms,
            default,
            ..
        } => {
            go(scrut, bound);
            arms.iter().for_each(|(_, a)| go(a, bound));
            if let Some(d) = default {
                go(d, bound)
            }
        }
        CExpr::For {
            var,
            from,
            to,
            body,
            ..
        } => {
            go(from, bound);
            go(to, bound);
            bound.push(*var);
            go(body, bound)
        }
        CExpr::Try {
            body, var, handler, ..
        } => {
            go(body, bound);
            bound.push(*var);
            go(handler, bound)
        }
    }
}

thread_local! {
    static APPLY_IDS: std::cell::RefCell<HashMap<String, FuncId>> = Default::default();
}
