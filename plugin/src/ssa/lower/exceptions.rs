//! Lowering `try`: a local try (its body's `raise`s jump to the handler in the same frame) and an
//! outlined one (the body an `Abi::C` function run under the runtime's `egret_try`), with the
//! body's environment in a stack slot (ARCHITECTURE.md, "Exceptions").

use super::*;

impl<'p> Lowerer<'p> {
    /// `raise x` of `kind`: a jump to the handler when it is in this function (the runtime
    /// noting the raise point first, for backtraces), else the runtime entry of the kind, one
    /// per kind so that recording changes no code.
    pub(super) fn raise(
        &mut self,
        fx: &mut Fx,
        x: &CExpr,
        kind: RaiseKind,
    ) -> Result<Option<Value>, Diagnostic> {
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
        if !fx.local_handlers.is_empty() {
            Self::jump_to_local_handler(fx, v);
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
        Ok(None)
    }

    /// Inside a local try's body: the jump to its handler with the exception `exn` and the
    /// variables' values.
    pub(super) fn jump_to_local_handler(fx: &mut Fx, exn: Value) {
        let from = fx.b.current_block();
        let snapshot = fx.snapshot();
        let handler = fx.local_handlers.last_mut().expect("inside a local try");
        handler.raises.push((from, exn));
        handler.snapshots.push((from, snapshot));
        let to = handler.block;
        fx.b.jump(to);
    }

    /// A local `try body with exn -> handler` (`CExpr::Try::local`): the body in this frame,
    /// each of its `raise`s a jump to the handler's block, where a phi receives the exception
    /// and the mutable variables merge as at any join.
    pub(super) fn local_try(
        &mut self,
        fx: &mut Fx,
        body: &CExpr,
        exn_var: VarId,
        handler: &CExpr,
        tail: bool,
    ) -> Result<Option<Value>, Diagnostic> {
        let block = fx.b.create_block();
        let entry = fx.snapshot();
        fx.local_handlers.push(LocalHandler {
            block,
            raises: Vec::new(),
            snapshots: Vec::new(),
        });
        let r = self.expr(fx, body, tail);
        let h = fx.local_handlers.pop().expect("pushed above");
        let r = r?;
        let mut outs = Vec::new();
        let mut snaps = Vec::new();
        if let Some(v) = r {
            if tail {
                fx.b.ins(Stmt::Return(v), Type::Raw);
            } else {
                outs.push((fx.b.current_block(), v));
                snaps.push((fx.b.current_block(), fx.snapshot()));
            }
        }
        let join = fx.b.create_block();
        if !outs.is_empty() {
            fx.b.jump(join);
        }
        fx.b.switch_to_block(block);
        if h.raises.is_empty() {
            // Never raised: the handler's block is unreachable.
            fx.b.ins(Stmt::Unreachable, Type::Raw);
        } else {
            fx.restore(&entry);
            fx.merge(&h.snapshots);
            let exn = if h.raises.len() == 1 {
                h.raises[0].1
            } else {
                fx.b.phi(Type::Val, &h.raises)
            };
            fx.vars.insert(exn_var, exn);
            self.debug_var(fx, exn_var, exn, DebugVarKind::Local);
            if let Some(x) = self.expr(fx, handler, tail)? {
                if tail {
                    fx.b.ins(Stmt::Return(x), Type::Raw);
                } else {
                    outs.push((fx.b.current_block(), x));
                    snaps.push((fx.b.current_block(), fx.snapshot()));
                    fx.b.jump(join);
                }
            }
        }
        fx.b.switch_to_block(join);
        if outs.is_empty() {
            fx.b.ins(Stmt::Unreachable, Type::Raw);
            return Ok(None);
        }
        fx.merge(&snaps);
        Ok(Some(if outs.len() == 1 {
            outs[0].1
        } else {
            fx.b.phi(Type::Val, &outs)
        }))
    }

    /// `try body with exn -> handler`: the body becomes a C-ABI function of an environment in
    /// this frame (`[result/exception, free variables..]`), run by the runtime's `egret_try`,
    /// which returns `true` when the body raised. Nothing is allocated on the heap.
    pub(super) fn try_with(
        &mut self,
        fx: &mut Fx,
        body: &CExpr,
        exn_var: VarId,
        handler: &CExpr,
        tail: bool,
    ) -> Result<Option<Value>, Diagnostic> {
        let mut free = Vec::new();
        let mut uses_env = false;
        free_vars(body, &mut Vec::new(), &mut free, &mut uses_env);
        let captured: Vec<(VarId, Value)> = free.iter().map(|v| (*v, fx.vars[v])).collect();
        let self_val = if uses_env { fx.self_val } else { None };
        let base = 1 + captured.len() + self_val.is_some() as usize;
        let (body_fn, fields) = self.try_body(
            fx.b.func(),
            fx.b.loc().scope,
            body,
            &captured,
            self_val.is_some(),
        )?;
        let words = base + fields.map_or(0, |(_, n)| n);
        let env = fx.b.ins(
            Stmt::StackSlot {
                words: words as u32,
            },
            Type::Raw,
        );
        for (i, (_, val)) in captured.iter().enumerate() {
            fx.b.ins(
                Stmt::Store {
                    base: env,
                    index: 1 + i as u32,
                    value: *val,
                },
                Type::Raw,
            );
        }
        if let Some(s) = self_val {
            fx.b.ins(
                Stmt::Store {
                    base: env,
                    index: base as u32 - 1,
                    value: s,
                },
                Type::Raw,
            );
        }
        let code = fx.b.ins(Stmt::FuncAddr(body_fn), Type::Raw);
        let raised = fx.b.ins(
            Stmt::Call {
                callee: Callee::Runtime("egret_try"),
                args: vec![code, env],
                ret: Type::Val,
            },
            Type::Val,
        );
        let ok = fx.b.create_block();
        let caught = fx.b.create_block();
        let join = fx.b.create_block();
        fx.b.ins(
            Stmt::Branch {
                cond: raised,
                then: caught,
                els: ok,
            },
            Type::Raw,
        );
        let mut outs = Vec::new();
        let mut snaps = Vec::new();
        let entry = fx.snapshot();
        fx.b.switch_to_block(ok);
        let r = match fields {
            // The body stored its block's fields (`ssa::try_result`): a block of them.
            Some((tag, n)) => {
                let fields = (0..n as u32)
                    .map(|k| {
                        fx.b.ins(
                            Stmt::Load {
                                base: env,
                                index: base as u32 + k,
                                ty: Type::Val,
                            },
                            Type::Val,
                        )
                    })
                    .collect();
                fx.b.ins(
                    Stmt::Alloc {
                        tag,
                        fields,
                        raw_prefix: 0,
                    },
                    Type::Val,
                )
            }
            None => fx.b.ins(
                Stmt::Load {
                    base: env,
                    index: 0,
                    ty: Type::Val,
                },
                Type::Val,
            ),
        };
        if tail {
            fx.b.ins(Stmt::Return(r), Type::Raw);
        } else {
            outs.push((ok, r));
            snaps.push((ok, entry.clone()));
            fx.b.ins(Stmt::Jump(join), Type::Raw);
        }
        fx.b.switch_to_block(caught);
        fx.restore(&entry);
        let exn = fx.b.ins(
            Stmt::Load {
                base: env,
                index: 0,
                ty: Type::Val,
            },
            Type::Val,
        );
        fx.vars.insert(exn_var, exn);
        self.debug_var(fx, exn_var, exn, DebugVarKind::Local);
        if let Some(h) = self.expr(fx, handler, tail)? {
            if tail {
                fx.b.ins(Stmt::Return(h), Type::Raw);
            } else {
                outs.push((fx.b.current_block(), h));
                snaps.push((fx.b.current_block(), fx.snapshot()));
                fx.b.ins(Stmt::Jump(join), Type::Raw);
            }
        }
        if outs.is_empty() {
            return Ok(None);
        }
        fx.b.switch_to_block(join);
        fx.merge(&snaps);
        Ok(Some(if outs.len() == 1 {
            outs[0].1
        } else {
            fx.b.phi(Type::Val, &outs)
        }))
    }

    /// The function running a `try` body: `body_fn(env)` loads the captured variables (and the
    /// enclosing closure) from `env` and returns the body's value — or, when that is always a
    /// fresh block, stores its fields after them and returns the block's tag and size
    /// (`ssa::try_result`).
    pub(super) fn try_body(
        &mut self,
        parent: &Function,
        handler_scope: crate::srcloc::InlineScope,
        body: &CExpr,
        captured: &[(VarId, Value)],
        with_self: bool,
    ) -> Result<(FuncId, Option<crate::ssa::try_result::Shape>), Diagnostic> {
        self.try_count += 1;
        let mut b = FunctionBuilder::new(
            format!("{}_try{}", parent.name, self.try_count),
            vec![Type::Raw],
            Type::Val,
        );
        b.set_source_name(parent.source_name.clone());
        b.set_scope_name(parent.scope_name.clone());
        b.set_decl_loc(parent.decl_loc);
        b.set_handler_scope(handler_scope);
        b.set_abi(Abi::C);
        let env = b.param(0);
        let mut fx = Fx::new(b);
        for (i, (v, _)) in captured.iter().enumerate() {
            let x = fx.b.ins(
                Stmt::Load {
                    base: env,
                    index: 1 + i as u32,
                    ty: Type::Val,
                },
                Type::Val,
            );
            fx.vars.insert(*v, x);
            self.debug_var(&mut fx, *v, x, DebugVarKind::Local);
        }
        if with_self {
            let s = fx.b.ins(
                Stmt::Load {
                    base: env,
                    index: 1 + captured.len() as u32,
                    ty: Type::Val,
                },
                Type::Val,
            );
            fx.self_val = Some(s);
        }
        if let Some(v) = self.expr(&mut fx, body, false)? {
            fx.b.ins(Stmt::Return(v), Type::Raw);
        }
        let base = 1 + captured.len() as u32 + with_self as u32;
        let (func, fields) = crate::ssa::try_result::return_fields(fx.b.finish(), base);
        Ok((self.mb.add_function(func), fields))
    }
}
