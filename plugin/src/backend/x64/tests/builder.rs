//! A tiny SSA builder for tests: blocks are filled one at a time; ids may be used before.

use crate::ssa::ir::*;

pub struct FnBuilder {
    pub f: Function,
    cur: Option<(Block, u32)>,
}

impl FnBuilder {
    /// A function with `nparams` `Val` parameters; the entry block is open.
    pub fn new(name: &str, nparams: usize) -> FnBuilder {
        let mut f = Function::new(name, vec![Type::Val; nparams], Type::Val);
        f.linkage = Linkage::Export;
        let mut b = FnBuilder { f, cur: None };
        let entry = b.new_block();
        b.switch_to(entry);
        for i in 0..nparams {
            b.push(Stmt::Param(i as u32, Type::Val), Type::Val);
        }
        b
    }

    pub fn param(&self, i: usize) -> Value {
        Value(i as u32)
    }

    pub fn new_block(&mut self) -> Block {
        self.f.blocks.push(BlockData { start: 0, end: 0 });
        Block(self.f.blocks.len() as u32 - 1)
    }

    pub fn switch_to(&mut self, b: Block) {
        assert!(self.cur.is_none(), "previous block not terminated");
        self.cur = Some((b, self.f.stmts.len() as u32));
    }

    pub fn push(&mut self, s: Stmt, ty: Type) -> Value {
        let (b, start) = self.cur.expect("an open block");
        let term = s.is_terminator();
        self.f.stmts.push(s);
        self.f.types.push(ty);
        let n = self.f.stmts.len() as u32;
        self.f.locs.push(SrcLoc::new(crate::diagnostics::Span::new(
            n * 10,
            n * 10 + 5,
        )));
        if term {
            self.f.blocks[b.index()] = BlockData { start, end: n };
            self.cur = None;
        }
        Value(n - 1)
    }

    pub fn int(&mut self, n: i64) -> Value {
        self.push(Stmt::Const(n), Type::Val)
    }
    pub fn bin(&mut self, op: BinOp, a: Value, b: Value) -> Value {
        self.push(Stmt::Binary(op, a, b), Type::Val)
    }
    pub fn un(&mut self, op: UnOp, a: Value) -> Value {
        self.push(Stmt::Unary(op, a), Type::Val)
    }
    /// A phi whose incoming values are set later with [`FnBuilder::set_phi`].
    pub fn phi(&mut self) -> Value {
        self.push(
            Stmt::Phi {
                edges: vec![],
                values: vec![],
                ty: Type::Val,
            },
            Type::Val,
        )
    }
    pub fn set_phi(&mut self, phi: Value, incoming: &[(Block, Value)]) {
        self.f.stmts[phi.index()] = Stmt::Phi {
            edges: incoming.iter().map(|p| p.0).collect(),
            values: incoming.iter().map(|p| p.1).collect(),
            ty: Type::Val,
        };
    }
    pub fn call(&mut self, callee: Callee, args: &[Value]) -> Value {
        self.push(
            Stmt::Call {
                callee,
                args: args.to_vec(),
                ret: Type::Val,
            },
            Type::Val,
        )
    }
    pub fn jump(&mut self, b: Block) {
        self.push(Stmt::Jump(b), Type::Raw);
    }
    pub fn branch(&mut self, cond: Value, then: Block, els: Block) {
        self.push(Stmt::Branch { cond, then, els }, Type::Raw);
    }
    pub fn ret(&mut self, v: Value) {
        self.push(Stmt::Return(v), Type::Raw);
    }
    pub fn tail_call(&mut self, callee: Callee, args: &[Value]) {
        self.push(
            Stmt::TailCall {
                callee,
                args: args.to_vec(),
            },
            Type::Raw,
        );
    }

    pub fn finish(self) -> Function {
        assert!(self.cur.is_none(), "last block not terminated");
        self.f
    }
}
