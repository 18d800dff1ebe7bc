//! Editing a function without use lists: Julia's insertion buffer and compaction.
//!
//! Values are statement positions and there are no use lists, so there is no "replace all uses
//! with" and no inserting in the middle of the vector. An [`IrEdit`] instead records edits on
//! the side, as Julia's `IRCode` does:
//!
//! - **insert**: a new statement goes to a side buffer with its insertion point (an existing
//!   statement it goes before) and is numbered after all existing ones — with `n` statements the
//!   first insertion is `%n` — so it can be used at once;
//! - **replace**: `replace(v, w)` sets a forward `v → w`; readers go through [`IrEdit::find`]
//!   (the union-find `find` of the PyPy toy optimizer), uses are renamed at compaction;
//! - **delete**: the statement becomes `Nop`; **set**: a statement may be rewritten in place.
//!
//! [`IrEdit::compact`] then does everything in one sweep over the blocks: it drops blocks no
//! longer reachable (a branch may have been folded), restricts every phi to its block's actual
//! predecessors, propagates trivial copies (forwarded values and phis whose inputs are all one
//! value), optionally removes pure statements whose value is unused, moves the inserted
//! statements into place (never between phis: an insertion before a phi goes after the block's
//! phis), renumbers values and blocks densely, and renames every use. Blocks keep their layout
//! order (the entry first), so the result again has contiguous, ordered block ranges.
//!
//! Debug variables ([`DebugVar`]) are renamed with the values; a variable whose value is removed
//! is dropped. They are not uses: they never keep a statement alive. A mutable variable's
//! assignment ([`DebugAssign`]) moves to the next statement kept in its block (blocks keep their
//! terminators, so there is one); its value becomes `None` (unknown) when removed — never the
//! previous contents; the assignments of unreachable blocks go.
//!
//! Post-conditions of `compact` (for a valid input whose edits keep dominance): a valid function
//! with no `Nop`, no forwarded value, no unreachable block.

use super::dom::DomTree;
use super::ir::*;

/// A statement waiting in the insertion buffer.
#[derive(Clone, Debug)]
struct Insertion {
    /// The existing statement it goes before.
    before: u32,
    stmt: Stmt,
    ty: Type,
    loc: SrcLoc,
}

/// A function under edit. See the module documentation.
pub struct IrEdit {
    func: Function,
    inserted: Vec<Insertion>,
    /// Per value (existing, then inserted): the value it was replaced by.
    forward: Vec<Option<Value>>,
}

impl IrEdit {
    pub fn new(func: Function) -> IrEdit {
        let n = func.stmts.len();
        IrEdit {
            func,
            inserted: Vec::new(),
            forward: vec![None; n],
        }
    }

    /// The function as it was before the edits (with in-place rewrites and deletions applied).
    pub fn func(&self) -> &Function {
        &self.func
    }

    /// The number of statements that existed before editing.
    pub fn n_existing(&self) -> usize {
        self.func.stmts.len()
    }

    /// The number of values, existing and inserted.
    pub fn len(&self) -> usize {
        self.forward.len()
    }

    pub fn is_empty(&self) -> bool {
        self.forward.is_empty()
    }

    pub fn is_inserted(&self, v: Value) -> bool {
        v.index() >= self.func.stmts.len()
    }

    /// The statement defining `v` (existing or inserted).
    pub fn stmt(&self, v: Value) -> &Stmt {
        let n = self.func.stmts.len();
        if v.index() < n {
            &self.func.stmts[v.index()]
        } else {
            &self.inserted[v.index() - n].stmt
        }
    }

    /// Rewrites the statement defining `v` in place.
    pub fn set(&mut self, v: Value, stmt: Stmt) {
        let n = self.func.stmts.len();
        if v.index() < n {
            self.func.stmts[v.index()] = stmt;
        } else {
            self.inserted[v.index() - n].stmt = stmt;
        }
    }

    pub fn ty(&self, v: Value) -> Type {
        let n = self.func.stmts.len();
        if v.index() < n {
            self.func.types[v.index()]
        } else {
            self.inserted[v.index() - n].ty
        }
    }

    /// Inserts `stmt` before the existing statement `before`; returns its (new) value.
    pub fn insert_before(&mut self, before: Value, stmt: Stmt, ty: Type) -> Value {
        assert!(
            !self.is_inserted(before),
            "insert_before {before}: not an existing statement"
        );
        let loc = self.func.locs[before.index()];
        self.inserted.push(Insertion {
            before: before.0,
            stmt,
            ty,
            loc,
        });
        self.forward.push(None);
        Value(self.forward.len() as u32 - 1)
    }

    /// Records that `v` is the same value as `with` (which must dominate `v`'s uses): uses of `v`
    /// will read `with`, and `v`'s statement is dropped at compaction. `v` must be pure.
    pub fn replace(&mut self, v: Value, with: Value) {
        let v = self.find(v);
        let with = self.find(with);
        if v != with {
            debug_assert!(!self.stmt(v).has_effect(), "replacing effectful {v}");
            self.forward[v.index()] = Some(with);
        }
    }

    /// Deletes `v`'s statement (it must be unused).
    pub fn delete(&mut self, v: Value) {
        self.set(v, Stmt::Nop);
    }

    /// The representative of `v`: follows the forwards.
    pub fn find(&self, mut v: Value) -> Value {
        while let Some(w) = self.forward[v.index()] {
            v = w;
        }
        v
    }

    /// Places the insertions, propagates copies, renames; see the module documentation.
    /// `remove_unused` also drops pure statements whose value is not used.
    pub fn compact(mut self, remove_unused: bool) -> Function {
        let nb = self.func.blocks.len();
        let n_old = self.func.stmts.len();
        // 1. Reachable blocks, in layout order (entry first).
        let dom = DomTree::new(&self.func);
        let mut order: Vec<Block> = dom.rpo.clone();
        order.sort_by_key(|b| (b.index() != 0, self.func.blocks[b.index()].start));
        let mut new_block = vec![None; nb];
        for (i, b) in order.iter().enumerate() {
            new_block[b.index()] = Some(Block(i as u32));
        }
        // 2. Phis: only the actual predecessors; trivial ones become copies.
        let mut phis = Vec::new();
        for &b in &order {
            let d = self.func.blocks[b.index()];
            let preds = &dom.preds[b.index()];
            for i in d.start..d.end {
                if let Stmt::Phi { edges, values, .. } = &mut self.func.stmts[i as usize] {
                    let mut k = 0;
                    while k < edges.len() {
                        if !preds.contains(&edges[k])
                            || !dom.is_reachable(edges[k])
                            || edges[..k].contains(&edges[k])
                        {
                            edges.remove(k);
                            values.remove(k);
                        } else {
                            k += 1;
                        }
                    }
                    phis.push(Value(i));
                }
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &p in &phis {
                if self.forward[p.index()].is_some() {
                    continue;
                }
                let Stmt::Phi { values, .. } = self.stmt(p) else {
                    unreachable!()
                };
                let mut only = None;
                let mut trivial = true;
                for &v in values {
                    let v = self.find(v);
                    if v == p || only == Some(v) {
                        continue;
                    }
                    if only.is_some() {
                        trivial = false;
                        break;
                    }
                    only = Some(v);
                }
                if let (true, Some(w)) = (trivial, only) {
                    self.forward[p.index()] = Some(w);
                    changed = true;
                }
            }
        }
        // Insertions grouped by insertion point, in insertion order.
        let mut before: Vec<Vec<u32>> = vec![Vec::new(); n_old];
        for (k, ins) in self.inserted.iter().enumerate() {
            before[ins.before as usize].push((n_old + k) as u32);
        }
        // 3. Liveness (when removing unused statements).
        let placed_ok = |this: &IrEdit, v: Value| {
            this.forward[v.index()].is_none() && !matches!(this.stmt(v), Stmt::Nop)
        };
        let mut live = vec![!remove_unused; self.len()];
        if remove_unused {
            let mut work = Vec::new();
            for &b in &order {
                let d = self.func.blocks[b.index()];
                for i in d.start..d.end {
                    for &v in before[i as usize]
                        .iter()
                        .map(|v| Value(*v))
                        .collect::<Vec<_>>()
                        .iter()
                        .chain(std::iter::once(&Value(i)))
                    {
                        let s = self.stmt(v);
                        if placed_ok(&self, v)
                            && (s.has_effect() || matches!(s, Stmt::Param(..)))
                            && !live[v.index()]
                        {
                            live[v.index()] = true;
                            work.push(v);
                        }
                    }
                }
            }
            while let Some(v) = work.pop() {
                let mut uses = Vec::new();
                self.stmt(v).for_each_use(|u| uses.push(u));
                for u in uses {
                    let u = self.find(u);
                    if !live[u.index()] {
                        live[u.index()] = true;
                        work.push(u);
                    }
                }
            }
        }
        // 4. Placement.
        let mut new_of: Vec<Option<Value>> = vec![None; self.len()];
        // Per old statement: the position of the first statement kept at or after it.
        let mut position_of: Vec<Option<Value>> = vec![None; n_old];
        let mut out = Function {
            stmts: Vec::new(),
            types: Vec::new(),
            locs: Vec::new(),
            blocks: Vec::new(),
            ..self.func.clone()
        };
        let mut taken_inserts: Vec<Option<Insertion>> =
            self.inserted.iter().cloned().map(Some).collect();
        let mut taken_old: Vec<Option<Stmt>> = std::mem::take(&mut self.func.stmts)
            .into_iter()
            .map(Some)
            .collect();
        let is_phi = |s: &Option<Stmt>| matches!(s, Some(Stmt::Phi { .. }));
        for &b in &order {
            let d = self.func.blocks[b.index()];
            let start = out.stmts.len() as u32;
            let mut deferred: Vec<u32> = Vec::new();
            for i in d.start..d.end {
                deferred.extend(before[i as usize].iter().copied());
                let in_phis = is_phi(&taken_old[i as usize]);
                let mut group: Vec<u32> = Vec::new();
                if !in_phis {
                    group.append(&mut deferred);
                }
                group.push(i);
                for v in group {
                    let v = v as usize;
                    if v == i as usize {
                        position_of[v] = Some(Value(out.stmts.len() as u32));
                    }
                    let keep = self.forward[v].is_none() && live[v];
                    let (stmt, ty, loc) = if v < n_old {
                        let s = taken_old[v].take().unwrap();
                        (s, self.func.types[v], self.func.locs[v])
                    } else {
                        let ins = taken_inserts[v - n_old].take().unwrap();
                        (ins.stmt, ins.ty, ins.loc)
                    };
                    if !keep || stmt == Stmt::Nop {
                        continue;
                    }
                    new_of[v] = Some(Value(out.stmts.len() as u32));
                    out.stmts.push(stmt);
                    out.types.push(ty);
                    out.locs.push(loc);
                }
            }
            out.blocks.push(BlockData {
                start,
                end: out.stmts.len() as u32,
            });
        }
        // 5. Renaming.
        let name = out.name.clone();
        let forward = &self.forward;
        let find = |mut v: Value| {
            while let Some(w) = forward[v.index()] {
                v = w;
            }
            v
        };
        let nblock = |b: &mut Block| {
            *b = new_block[b.index()].expect("compact: edge to an unreachable block");
        };
        for (i, s) in out.stmts.iter_mut().enumerate() {
            // Checked before renaming, so the message shows the statement as it was (formatting
            // every statement for a message never printed was a tenth of a big build).
            s.for_each_use(|u| {
                if new_of[find(u).index()].is_none() {
                    panic!(
                        "{name}: compact: new %{i} = {s:?} uses {u} (found {}), which was removed",
                        find(u)
                    )
                }
            });
            s.for_each_use_mut(|u| *u = new_of[find(*u).index()].expect("checked above"));
            match s {
                Stmt::Jump(b) => nblock(b),
                Stmt::Branch { then, els, .. } => {
                    nblock(then);
                    nblock(els)
                }
                Stmt::Switch {
                    targets, default, ..
                } => {
                    targets.iter_mut().for_each(nblock);
                    nblock(default)
                }
                Stmt::Phi { edges, .. } => edges.iter_mut().for_each(nblock),
                _ => {}
            }
        }
        // Debug variables follow their values (never keeping one alive).
        out.debug_vars.retain_mut(|d| match &mut d.value {
            DebugValue::Fixed(value) => match new_of[find(*value).index()] {
                Some(v) => {
                    *value = v;
                    true
                }
                None => false,
            },
            DebugValue::Mutable(assigns) => {
                assigns.retain_mut(|a| {
                    let Some(from) = position_of.get(a.from.index()).copied().flatten() else {
                        return false;
                    };
                    a.from = from;
                    a.value = a.value.and_then(|v| new_of[find(v).index()]);
                    true
                });
                assigns.iter().any(|a| a.value.is_some())
            }
        });
        out
    }
}
