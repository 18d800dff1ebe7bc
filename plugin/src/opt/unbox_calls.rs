//! Floats unboxed across direct calls: a worker/wrapper split of the module's float functions.
//!
//! ocamlopt unboxes floats inside a function only: every call passes and returns float boxes,
//! so `let rec loop i acc = .. loop (i + 1) (acc +. x)` allocates a box per iteration. Here a
//! function whose float parameters are only unboxed, and whose results are float boxes, gets a
//! *worker* taking and returning `F64`s; the original function becomes its *wrapper*:
//!
//! ```text
//!   f(%0 x, %1 clos) -> val          wrapper (same FuncId: closures, static closures and the
//!     %2 = load.f64 %0[0]            apply functions still find the uniform entry here)
//!     %3 = call f_unboxed(%2, %1) -> f64
//!     %4 = alloc 253 [%3]; return %4
//!   f_unboxed(%0 x: f64, %1 clos) -> f64    worker: f's body, parameters and result unboxed
//! ```
//!
//! and every direct call in the module (`Callee::Direct(f)`) calls the worker: its float
//! arguments unboxed before the call (a float constant's number directly), its result boxed
//! after it. The optimizer run afterwards forwards each unboxing of a box to the number and
//! drops the boxes nobody uses, so a float passes from caller to callee (and around a
//! tail-recursive loop, a self tail call being a jump) in a register.
//!
//! Which functions (the facts come from the SSA lowering: [`Function::float_params`], the
//! parameters the source types `float`). For an `Abi::Egret`, local, non-entry function `f`:
//! - parameter `i` (a float parameter, among the first [`MAX_F64_PARAMS`]) is *unboxed* when
//!   it has uses and each is an unboxing (`Load { ty: F64, index: 0 }`), an argument of a
//!   direct call at an unboxed parameter of the callee, or `f`'s result when `f`'s result is
//!   unboxed;
//! - `f`'s result is *unboxed* when every `Return` returns a float: a box allocated here, a
//!   float constant, an unboxed parameter, the result of a direct call to a function whose
//!   result is unboxed, or a phi (or pi) of those; and every tail call is a direct call to a
//!   function whose result is unboxed (the worker tail-calls that one's worker);
//! - the greatest such sets (a recursive or mutually recursive group is unboxed together),
//!   then `f` is split when it unboxes a parameter, or its result and some `Return` returns a
//!   box it allocates (else there is nothing to gain; its result counts as boxed and the sets
//!   are recomputed).
//!
//! Meaning: a float box is immutable, and a fresh box of the same number is the same value to
//! every use but `==`, which OCaml leaves unspecified on floats; so the worker computes what
//! `f` did. A tail call from a function whose result is boxed to one whose result is unboxed
//! keeps calling the wrapper (the result must be boxed, and a tail call cannot box it).
//! Debug info: an unboxed parameter is not described in the worker (gdb: `<optimized out>`).

use crate::ssa::compact::IrEdit;
use crate::ssa::ir::*;
use crate::ssa::lower::DOUBLE_TAG;
use std::collections::{HashMap, HashSet};

/// What a split function unboxes.
#[derive(Clone, Debug, Default)]
struct Unboxed {
    /// Parameter indices, increasing.
    params: Vec<u32>,
    result: bool,
}

/// Splits the module's float functions (module docs). `float_data`: the module's static float
/// boxes and their numbers. Returns the functions that changed or were added (to optimize
/// again) and how many functions were split.
pub fn split_float_functions(
    m: &mut Module,
    float_data: &HashMap<DataId, u64>,
) -> (Vec<FuncId>, usize) {
    let plan = plan(m, float_data);
    let split: Vec<FuncId> = (0..m.functions.len() as u32)
        .map(FuncId)
        .filter(|f| plan.contains_key(f))
        .collect();
    if split.is_empty() {
        return (Vec::new(), 0);
    }
    let mut names: HashSet<String> = m.functions.iter().map(|f| f.name.clone()).collect();
    let n = m.functions.len() as u32;
    let worker: HashMap<FuncId, FuncId> = split
        .iter()
        .enumerate()
        .map(|(k, f)| (*f, FuncId(n + k as u32)))
        .collect();
    let calls = Calls {
        plan: &plan,
        worker: &worker,
        float_data,
    };
    let mut changed = Vec::new();
    // Call sites of the functions that stay as they are.
    for i in 0..n as usize {
        if plan.contains_key(&FuncId(i as u32)) || !calls.calls_split(&m.functions[i]) {
            continue;
        }
        let f = std::mem::replace(&mut m.functions[i], Function::new("", vec![], Type::Val));
        m.functions[i] = calls.rewrite(IrEdit::new(f), false).compact(true);
        changed.push(FuncId(i as u32));
    }
    // Workers and wrappers.
    for &f in &split {
        let u = &plan[&f];
        let original = &m.functions[f.index()];
        let mut name = format!("{}_unboxed", original.name);
        while names.contains(&name) {
            name.push('_');
        }
        names.insert(name.clone());
        let w = calls.rewrite(worker_body(original.clone(), u, name), u.result);
        let w = w.compact(true);
        let wrapper = wrapper(&m.functions[f.index()], u, worker[&f]);
        m.functions[f.index()] = wrapper;
        m.functions.push(w);
        changed.push(f);
        changed.push(worker[&f]);
    }
    (changed, split.len())
}

/// The functions to split and what each unboxes (module docs).
fn plan(m: &Module, float_data: &HashMap<DataId, u64>) -> HashMap<FuncId, Unboxed> {
    let mut plan: HashMap<FuncId, Unboxed> = HashMap::new();
    for (i, f) in m.functions.iter().enumerate() {
        let id = FuncId(i as u32);
        if f.abi != Abi::Egret
            || f.linkage != Linkage::Local
            || m.entry == Some(id)
            || f.blocks.is_empty()
            || f.ret != Type::Val
        {
            continue;
        }
        let params: Vec<u32> = f
            .float_params
            .iter()
            .copied()
            .filter(|&p| f.params.get(p as usize) == Some(&Type::Val))
            .take(MAX_F64_PARAMS)
            .collect();
        plan.insert(
            id,
            Unboxed {
                params,
                result: true,
            },
        );
    }
    loop {
        // The greatest sets, by removing what fails until nothing does.
        loop {
            let mut changed = false;
            let ids: Vec<FuncId> = plan.keys().copied().collect();
            for id in ids {
                let f = &m.functions[id.index()];
                let params = param_values(f);
                let keep: Vec<u32> = plan[&id]
                    .params
                    .iter()
                    .copied()
                    .filter(|&i| param_stays(f, id, params[i as usize], &plan))
                    .collect();
                let result = plan[&id].result && result_stays(f, id, float_data, &plan);
                let u = plan.get_mut(&id).unwrap();
                if keep.len() != u.params.len() || result != u.result {
                    changed = true;
                    u.params = keep;
                    u.result = result;
                }
            }
            if !changed {
                break;
            }
        }
        // Functions with nothing to gain are not split: their result counts as boxed.
        let idle: Vec<FuncId> = plan
            .iter()
            .filter(|(id, u)| {
                u.params.is_empty() && !(u.result && returns_fresh_box(&m.functions[id.index()]))
            })
            .map(|(id, _)| *id)
            .collect();
        if idle.is_empty() {
            return plan;
        }
        for id in idle {
            plan.remove(&id);
        }
    }
}

/// The value of each parameter (`None` if no statement defines it).
fn param_values(f: &Function) -> Vec<Option<Value>> {
    let mut out = vec![None; f.params.len()];
    for (v, s) in f.block_stmts(Block(0)) {
        if let Stmt::Param(i, _) = s {
            out[*i as usize] = Some(v);
        }
    }
    out
}

fn unboxed_param(plan: &HashMap<FuncId, Unboxed>, g: FuncId, k: usize) -> bool {
    plan.get(&g).is_some_and(|u| u.params.contains(&(k as u32)))
}

fn unboxed_result(plan: &HashMap<FuncId, Unboxed>, g: FuncId) -> bool {
    plan.get(&g).is_some_and(|u| u.result)
}

/// Whether every use of parameter `p` of `f` allows it unboxed (module docs).
fn param_stays(
    f: &Function,
    id: FuncId,
    p: Option<Value>,
    plan: &HashMap<FuncId, Unboxed>,
) -> bool {
    let Some(p) = p else { return false };
    let mut used = false;
    for s in &f.stmts {
        let mut uses = 0;
        s.for_each_use(|v| uses += (v == p) as usize);
        if uses == 0 {
            continue;
        }
        used = true;
        let ok = match s {
            Stmt::Load {
                index: 0,
                ty: Type::F64,
                ..
            } => true,
            Stmt::Call {
                callee: Callee::Direct(g),
                args,
                ..
            }
            | Stmt::TailCall {
                callee: Callee::Direct(g),
                args,
            } => args
                .iter()
                .enumerate()
                .all(|(k, a)| *a != p || unboxed_param(plan, *g, k)),
            Stmt::Return(_) => unboxed_result(plan, id),
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    used
}

/// Whether every way `f` returns gives a float it can return unboxed (module docs).
fn result_stays(
    f: &Function,
    id: FuncId,
    float_data: &HashMap<DataId, u64>,
    plan: &HashMap<FuncId, Unboxed>,
) -> bool {
    let params = &plan[&id].params;
    let mut seen = HashSet::new();
    f.stmts.iter().all(|s| match s {
        Stmt::Return(v) => is_float(f, *v, params, float_data, plan, &mut seen),
        Stmt::TailCall {
            callee: Callee::Direct(g),
            ..
        } => unboxed_result(plan, *g),
        Stmt::TailCall { .. } => false,
        _ => true,
    })
}

/// Whether `v` is a float `f` can return unboxed; phis already being checked count as floats
/// (the greatest solution).
fn is_float(
    f: &Function,
    v: Value,
    params: &[u32],
    float_data: &HashMap<DataId, u64>,
    plan: &HashMap<FuncId, Unboxed>,
    seen: &mut HashSet<Value>,
) -> bool {
    match &f.stmts[v.index()] {
        Stmt::Alloc {
            tag: DOUBLE_TAG, ..
        } => true,
        Stmt::DataAddr(d) => float_data.contains_key(d),
        Stmt::Param(i, _) => params.contains(i),
        Stmt::Call {
            callee: Callee::Direct(g),
            ..
        } => unboxed_result(plan, *g),
        Stmt::Pi { value, .. } => is_float(f, *value, params, float_data, plan, seen),
        Stmt::Phi { values, .. } => {
            if !seen.insert(v) {
                return true;
            }
            values
                .iter()
                .all(|x| is_float(f, *x, params, float_data, plan, seen))
        }
        _ => false,
    }
}

/// Whether some `Return` of `f` returns (through phis) a box `f` allocates.
fn returns_fresh_box(f: &Function) -> bool {
    fn fresh(f: &Function, v: Value, seen: &mut HashSet<Value>) -> bool {
        match &f.stmts[v.index()] {
            Stmt::Alloc {
                tag: DOUBLE_TAG, ..
            } => true,
            Stmt::Phi { values, .. } if seen.insert(v) => values.iter().any(|x| fresh(f, *x, seen)),
            _ => false,
        }
    }
    let mut seen = HashSet::new();
    f.stmts
        .iter()
        .any(|s| matches!(s, Stmt::Return(v) if fresh(f, *v, &mut seen)))
}

/// `f`'s body with its unboxed parameters `F64` (re-boxed at entry for their uses, which the
/// optimizer then forwards) and named `name`; its result is made `F64` by [`Calls::rewrite`].
fn worker_body(mut f: Function, u: &Unboxed, name: String) -> IrEdit {
    f.name = name;
    f.linkage = Linkage::Local;
    let params = param_values(&f);
    let mut unboxed = Vec::new();
    for &i in &u.params {
        let p = params[i as usize].expect("an unboxed parameter is used");
        f.stmts[p.index()] = Stmt::Param(i, Type::F64);
        f.types[p.index()] = Type::F64;
        f.params[i as usize] = Type::F64;
        f.debug_vars
            .retain(|d| !matches!(d.value, DebugValue::Fixed(x) if x == p));
        unboxed.push(p);
    }
    f.float_params.retain(|i| !u.params.contains(i));
    if u.result {
        f.ret = Type::F64;
    }
    let entry = f.blocks[0];
    let first = (entry.start..entry.end)
        .map(Value)
        .find(|v| !matches!(f.stmts[v.index()], Stmt::Param(..)))
        .expect("a block ends in a terminator");
    let n = f.stmts.len();
    let mut ed = IrEdit::new(f);
    for p in unboxed {
        let b = ed.insert_before(first, box_of(p), Type::Val);
        for i in 0..n {
            let mut s = ed.stmt(Value(i as u32)).clone();
            let mut hit = false;
            s.for_each_use_mut(|v| {
                if *v == p {
                    *v = b;
                    hit = true;
                }
            });
            if hit {
                ed.set(Value(i as u32), s);
            }
        }
    }
    ed
}

/// The uniform entry of a split function: unbox, call the worker, box.
fn wrapper(f: &Function, u: &Unboxed, worker: FuncId) -> Function {
    let mut w = Function::new(f.name.clone(), f.params.clone(), f.ret);
    w.source_name = f.source_name.clone();
    w.scope_name = f.scope_name.clone();
    w.linkage = f.linkage;
    w.decl_loc = f.decl_loc;
    w.debug_ret = f.debug_ret.clone();
    w.float_params = f.float_params.clone();
    let push = |w: &mut Function, s: Stmt, ty: Type| {
        w.stmts.push(s);
        w.types.push(ty);
        w.locs.push(f.decl_loc);
        Value(w.stmts.len() as u32 - 1)
    };
    let mut args: Vec<Value> = (0..f.params.len() as u32)
        .map(|i| push(&mut w, Stmt::Param(i, Type::Val), Type::Val))
        .collect();
    for &i in &u.params {
        let load = Stmt::Load {
            base: args[i as usize],
            index: 0,
            ty: Type::F64,
        };
        args[i as usize] = push(&mut w, load, Type::F64);
    }
    let callee = Callee::Direct(worker);
    if u.result {
        let ret = Type::F64;
        let r = push(&mut w, Stmt::Call { callee, args, ret }, ret);
        let b = push(&mut w, box_of(r), Type::Val);
        push(&mut w, Stmt::Return(b), Type::Raw);
    } else {
        push(&mut w, Stmt::TailCall { callee, args }, Type::Raw);
    }
    w.blocks.push(BlockData {
        start: 0,
        end: w.stmts.len() as u32,
    });
    w
}

fn box_of(x: Value) -> Stmt {
    Stmt::Alloc {
        tag: DOUBLE_TAG,
        fields: vec![x],
        raw_prefix: 0,
    }
}

/// Redirects direct calls of split functions to their workers.
struct Calls<'a> {
    plan: &'a HashMap<FuncId, Unboxed>,
    worker: &'a HashMap<FuncId, FuncId>,
    float_data: &'a HashMap<DataId, u64>,
}

impl Calls<'_> {
    fn calls_split(&self, f: &Function) -> bool {
        f.stmts.iter().any(|s| match s {
            Stmt::Call {
                callee: Callee::Direct(g),
                ..
            }
            | Stmt::TailCall {
                callee: Callee::Direct(g),
                ..
            } => self.plan.contains_key(g),
            _ => false,
        })
    }

    /// The number in float box `v`, computed before statement `at`.
    fn unbox(&self, ed: &mut IrEdit, at: Value, v: Value) -> Value {
        if let Stmt::DataAddr(d) = ed.stmt(v) {
            if let Some(bits) = self.float_data.get(d) {
                return ed.insert_before(at, Stmt::FConst(*bits), Type::F64);
            }
        }
        let load = Stmt::Load {
            base: v,
            index: 0,
            ty: Type::F64,
        };
        ed.insert_before(at, load, Type::F64)
    }

    /// The arguments of a call of `g`'s worker, unboxed before `at`.
    fn args(&self, ed: &mut IrEdit, at: Value, g: FuncId, args: &[Value]) -> Vec<Value> {
        let u = &self.plan[&g];
        (0..args.len())
            .map(|k| match u.params.contains(&(k as u32)) {
                true => self.unbox(ed, at, args[k]),
                false => args[k],
            })
            .collect()
    }

    /// Rewrites the calls of split functions in `ed`; with `ret_f64` (a worker returning its
    /// result unboxed) also its returns.
    fn rewrite(&self, mut ed: IrEdit, ret_f64: bool) -> IrEdit {
        for i in 0..ed.n_existing() {
            let v = Value(i as u32);
            match ed.stmt(v).clone() {
                Stmt::Call {
                    callee: Callee::Direct(g),
                    args,
                    ret,
                } if self.plan.contains_key(&g) => {
                    let args = self.args(&mut ed, v, g, &args);
                    let callee = Callee::Direct(self.worker[&g]);
                    if self.plan[&g].result {
                        let ret = Type::F64;
                        let c = ed.insert_before(v, Stmt::Call { callee, args, ret }, ret);
                        ed.set(v, box_of(c));
                    } else {
                        ed.set(v, Stmt::Call { callee, args, ret });
                    }
                }
                Stmt::TailCall {
                    callee: Callee::Direct(g),
                    args,
                } if self.plan.contains_key(&g) && (ret_f64 || !self.plan[&g].result) => {
                    let args = self.args(&mut ed, v, g, &args);
                    let callee = Callee::Direct(self.worker[&g]);
                    ed.set(v, Stmt::TailCall { callee, args });
                }
                Stmt::Return(x) if ret_f64 => {
                    let u = self.unbox(&mut ed, v, x);
                    ed.set(v, Stmt::Return(u));
                }
                _ => {}
            }
        }
        ed
    }
}
