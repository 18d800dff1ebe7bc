//! Lowering applications of unknown functions: the inline arity check, and the generated
//! `egret_apply{n}` and partial-application (`egret_pap{n}_{k}`) functions.

use super::*;

// The apply functions made so far (`caml_applyN`-like helpers), by their key.
thread_local! {
    static APPLY_IDS: std::cell::RefCell<HashMap<String, FuncId>> = Default::default();
}

impl<'p> Lowerer<'p> {
    /// Applies the closure `f` to `args`: when its arity is exactly `args.len()` (checked
    /// inline, the common case) its code is called directly; otherwise `egret_apply{n}`
    /// handles partial and over-application.
    pub(super) fn apply_unknown(
        &mut self,
        fx: &mut Fx,
        f: Value,
        args: Vec<Value>,
        tail: bool,
    ) -> Result<Option<Value>, Diagnostic> {
        let n = args.len();
        let arity = fx.b.ins(
            Stmt::Load {
                base: f,
                index: 1,
                ty: Type::Val,
            },
            Type::Val,
        );
        let want = Self::konst(fx, n as i64);
        let exact = fx.b.ins(Stmt::Binary(BinOp::Eq, arity, want), Type::Val);
        let direct = fx.b.create_block();
        let general = fx.b.create_block();
        fx.b.ins(
            Stmt::Branch {
                cond: exact,
                then: direct,
                els: general,
            },
            Type::Raw,
        );
        let join = fx.b.create_block();
        let mut outs = Vec::new();
        let snap = fx.snapshot();
        fx.b.switch_to_block(direct);
        let code = fx.b.ins(
            Stmt::Load {
                base: f,
                index: 0,
                ty: Type::Raw,
            },
            Type::Raw,
        );
        let mut direct_args = args.clone();
        direct_args.push(f);
        if let Some(r) = self.call(fx, Callee::Indirect(code), direct_args, tail) {
            outs.push((fx.b.current_block(), r));
            fx.b.ins(Stmt::Jump(join), Type::Raw);
        }
        fx.b.switch_to_block(general);
        let apply = self.apply_fn(n);
        let mut all = vec![f];
        all.extend(args);
        if let Some(r) = self.call(fx, Callee::Direct(apply), all, tail) {
            outs.push((fx.b.current_block(), r));
            fx.b.ins(Stmt::Jump(join), Type::Raw);
        }
        if outs.is_empty() {
            return Ok(None);
        }
        fx.b.switch_to_block(join);
        fx.restore(&snap);
        Ok(Some(fx.b.phi(Type::Val, &outs)))
    }

    /// The apply helper for `n` arguments (generated at the end, once every arity is known).
    pub(super) fn apply_fn(&mut self, n: usize) -> FuncId {
        self.applies.insert(n);
        self.apply_id(n)
    }

    pub(super) fn apply_id(&mut self, n: usize) -> FuncId {
        let key = format!("egret_apply{n}");
        if let Some(id) = APPLY_IDS.with(|m| m.borrow().get(&key).copied()) {
            return id;
        }
        let id = self.mb.declare_function();
        APPLY_IDS.with(|m| m.borrow_mut().insert(key, id));
        id
    }

    /// Generates `egret_apply{n}` for every n used (and those they use), and the partial
    /// application functions they need.
    pub(super) fn generate_applies(&mut self) {
        let mut done = BTreeSet::new();
        while let Some(&n) = self.applies.iter().find(|n| !done.contains(*n)) {
            done.insert(n);
            let id = self.apply_id(n);
            let f = self.apply_function(n);
            self.mb.define_function(id, f);
        }
        APPLY_IDS.with(|m| m.borrow_mut().clear());
    }

    /// `egret_apply{n}(f, a1..an)`: dispatch on the arity k of closure f.
    pub(super) fn apply_function(&mut self, n: usize) -> Function {
        let mut b =
            FunctionBuilder::new(format!("egret_apply{n}"), vec![Type::Val; n + 1], Type::Val);
        let f = b.param(0);
        let args: Vec<Value> = (1..=n).map(|i| b.param(i)).collect();
        let max = self.max_arity.max(n);
        let arity = b.ins(
            Stmt::Load {
                base: f,
                index: 1,
                ty: Type::Val,
            },
            Type::Val,
        );
        let code = b.ins(
            Stmt::Load {
                base: f,
                index: 0,
                ty: Type::Raw,
            },
            Type::Raw,
        );
        let unreachable = b.create_block();
        let targets: Vec<Block> = (0..=max).map(|_| b.create_block()).collect();
        let mut switch_targets = targets.clone();
        switch_targets[0] = unreachable;
        b.ins(
            Stmt::Switch {
                value: arity,
                targets: switch_targets,
                default: unreachable,
            },
            Type::Raw,
        );
        b.switch_to_block(unreachable);
        b.ins(Stmt::Unreachable, Type::Raw);
        for k in 1..=max {
            b.switch_to_block(targets[k]);
            if k == n {
                let mut a = args.clone();
                a.push(f);
                b.ins(
                    Stmt::TailCall {
                        callee: Callee::Indirect(code),
                        args: a,
                    },
                    Type::Raw,
                );
            } else if k < n {
                let mut a = args[..k].to_vec();
                a.push(f);
                let r = b.ins(
                    Stmt::Call {
                        callee: Callee::Indirect(code),
                        args: a,
                        ret: Type::Val,
                    },
                    Type::Val,
                );
                let rest = self.apply_fn(n - k);
                let mut a = vec![r];
                a.extend_from_slice(&args[k..]);
                b.ins(
                    Stmt::TailCall {
                        callee: Callee::Direct(rest),
                        args: a,
                    },
                    Type::Raw,
                );
            } else {
                let pap = self.pap_function(n, k);
                let code = b.ins(Stmt::FuncAddr(pap), Type::Raw);
                let ar = b.ins(Stmt::Const((k - n) as i64), Type::Val);
                let mut fields = vec![code, ar, f];
                fields.extend_from_slice(&args);
                let c = b.ins(
                    Stmt::Alloc {
                        tag: CLOSURE_TAG,
                        fields,
                        raw_prefix: 1,
                    },
                    Type::Val,
                );
                b.ins(Stmt::Return(c), Type::Raw);
            }
        }
        if n == 0 {
            unreachable!("apply of no arguments")
        }
        b.finish()
    }

    /// `egret_pap{n}_{k}(b1..b_{k-n}, self)`: completes a partial application of a k-ary
    /// closure to n arguments stored in `self = [code, k - n, f, a1..an]`.
    pub(super) fn pap_function(&mut self, n: usize, k: usize) -> FuncId {
        let key = format!("egret_pap{n}_{k}");
        if let Some(id) = APPLY_IDS.with(|m| m.borrow().get(&key).copied()) {
            return id;
        }
        let m = k - n;
        let mut b = FunctionBuilder::new(key.clone(), vec![Type::Val; m + 1], Type::Val);
        let me = b.param(m);
        let f = b.ins(
            Stmt::Load {
                base: me,
                index: 2,
                ty: Type::Val,
            },
            Type::Val,
        );
        let mut args: Vec<Value> = (0..n)
            .map(|i| {
                b.ins(
                    Stmt::Load {
                        base: me,
                        index: 3 + i as u32,
                        ty: Type::Val,
                    },
                    Type::Val,
                )
            })
            .collect();
        args.extend((0..m).map(|i| b.param(i)));
        args.push(f);
        let code = b.ins(
            Stmt::Load {
                base: f,
                index: 0,
                ty: Type::Raw,
            },
            Type::Raw,
        );
        b.ins(
            Stmt::TailCall {
                callee: Callee::Indirect(code),
                args,
            },
            Type::Raw,
        );
        let id = self.mb.add_function(b.finish());
        APPLY_IDS.with(|m| m.borrow_mut().insert(key, id));
        id
    }
}
