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

mod access;
mod apply;
mod data;
mod exceptions;
mod walk;
use walk::*;

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
/// OCaml's `Object_tag`: an exception's identity (its slot), `[name, id]`: the static data
/// object of a static exception ([`Lowerer::exn_identity`]), the runtime's
/// `egret_fresh_exception` for a local one. A constant exception is its identity; one with
/// arguments is a block of tag [`EXN_ARGS_TAG`] `[identity, args..]`. The lambda
/// interpreter builds the same (`lambda::interp`'s `exceptions`).
pub const EXN_TAG: u8 = 248;
/// The field of an exception identity holding the constructor's name (a string).
pub const EXN_NAME_FIELD: u32 = 0;
/// The field of an exception identity holding its number: a static exception's index in the
/// exception table, a local exception's from [`FIRST_FRESH_EXN_ID`] up.
pub const EXN_ID_FIELD: u32 = 1;
/// The tag of an exception with arguments, `[identity, args..]`.
pub const EXN_ARGS_TAG: u8 = 0;
/// The number of the first local exception identity (`egret_fresh_exception` in
/// `runtime/egret_gc.c` counts from there): above every static exception's index.
pub const FIRST_FRESH_EXN_ID: i64 = 1 << 30;
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
    use crate::lambda::ir::Type;
    // A uniform polymorphic copy's binder has its `TyFun`s' `∀`s in front.
    while let Type::Forall(_, t) = ty {
        ty = t;
    }
    for _ in 0..arity {
        match ty {
            Type::Arrow(_, r) => ty = r,
            _ => return None,
        }
    }
    Some(ty)
}

/// The `n`th type variable's name as OCaml prints them: `'a` … `'z`, then `'a1` … `'z1`, ….
fn ocaml_tyvar_name(n: usize) -> String {
    let letter = (b'a' + (n % 26) as u8) as char;
    match n / 26 {
        0 => format!("'{letter}"),
        k => format!("'{letter}{k}"),
    }
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
    /// The debug-info names of the type variables of this function's types (`'a`, `'b`, … in
    /// the order they first appear, the function's own type first), so that its variables'
    /// types name the same variable alike.
    tyvar_names: HashMap<crate::lambda::ir::TyVar, String>,
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
            tyvar_names: HashMap::new(),
        }
    }

    /// `t` as text for debug info, its type variables named as OCaml prints them.
    fn type_text(&mut self, t: &LType, types: &crate::lambda::ir::TypeTable) -> String {
        let names = &mut self.tyvar_names;
        crate::lambda::print::print_type_naming(t, Some(types), &mut |v| {
            let next = names.len();
            names
                .entry(v)
                .or_insert_with(|| ocaml_tyvar_name(next))
                .clone()
        })
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
        b.set_decl_loc(SrcLoc {
            scope: f.scope,
            ..SrcLoc::new(f.span)
        });
        if is_entry {
            b.set_linkage(Linkage::Export);
        }
        let mut fx = Fx::new(b);
        if let Some(binder) = f.binder {
            // Names the type variables in the order of the function's type.
            fx.type_text(self.p.vars.ty(binder), &self.p.types);
            if let Some(ret) = result_type(self.p.vars.ty(binder), f.params.len()) {
                let ret = fx.type_text(ret, &self.p.types);
                fx.b.set_debug_ret(ret);
            }
        }
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

    /// Records that `val` holds source variable `v` (debug info), unless `v` is one the compiler
    /// made up (their names start with `_`; the simplifier's `arg` never reaches here).
    fn debug_var(&self, fx: &mut Fx, v: VarId, val: Value, kind: DebugVarKind) {
        let name = &self.p.vars.get(v).name;
        if name.is_empty() || name.starts_with('_') {
            return;
        }
        let ty = fx.type_text(self.p.vars.ty(v), &self.p.types);
        fx.b.debug_var(name, ty, val, kind);
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
                fx.type_text(&args[0], &self.p.types)
            }
            _ => String::new(),
        };
        Some(fx.b.debug_mutable(name, ty))
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
                            tag: EXN_ARGS_TAG,
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
            CExpr::Raise(x, kind) => return self.raise(fx, x, *kind),
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
