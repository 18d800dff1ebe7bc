//! Building SSA functions and modules statement by statement.
//!
//! [`FunctionBuilder`] is what the SSA lowering (and the tests) write functions with. It keeps
//! the IR's layout invariant by construction: a block is a contiguous range of statements, so a
//! block is filled completely — up to and including its terminator — before the next one is
//! started.
//!
//! - [`FunctionBuilder::new`] creates the entry block, starts it and emits one `Param` statement
//!   per parameter, so parameter `i` is the value `%i` ([`FunctionBuilder::param`]).
//! - [`FunctionBuilder::create_block`] hands out a block id at once (so it can be the target of
//!   branches emitted earlier); the block's statements are placed when it is started with
//!   [`FunctionBuilder::switch_to_block`], which is only allowed once the current block is
//!   terminated.
//! - Phis may only be added at the start of a block ([`FunctionBuilder::phi`]); a loop header's
//!   back-edge input, known only after the loop body is built, is added later with
//!   [`FunctionBuilder::add_phi_input`].
//! - [`FunctionBuilder::finish`] renumbers the blocks into layout order (the order they were
//!   started in; the entry stays `#0`), so in a finished function `blocks[i].end ==
//!   blocks[i + 1].start`. Blocks created but never started must be unreferenced; they are
//!   dropped.
//!
//! Misuse of the builder (emitting after a terminator, starting a block twice, a phi after a
//! non-phi statement) is a bug in the caller and panics with a message naming the function.

use super::ir::*;

/// Builds one [`Function`]. See the module documentation.
pub struct FunctionBuilder {
    func: Function,
    /// Per created block: its statement range once started.
    ranges: Vec<Option<BlockData>>,
    /// Blocks in the order they were started.
    layout: Vec<Block>,
    current: Option<Block>,
    terminated: bool,
    loc: SrcLoc,
}

impl FunctionBuilder {
    /// A builder for the function `name(params) -> ret`, positioned in the entry block after the
    /// `Param` statements.
    pub fn new(name: impl Into<String>, params: Vec<Type>, ret: Type) -> FunctionBuilder {
        let func = Function::new(name, params.clone(), ret);
        let mut b = FunctionBuilder {
            func,
            ranges: Vec::new(),
            layout: Vec::new(),
            current: None,
            terminated: true,
            loc: SrcLoc::default(),
        };
        let entry = b.create_block();
        b.switch_to_block(entry);
        for (i, ty) in params.into_iter().enumerate() {
            b.ins(Stmt::Param(i as u32, ty), ty);
        }
        b
    }

    /// The function being built (read-only), e.g. to look at a statement already emitted.
    pub fn func(&self) -> &Function {
        &self.func
    }

    /// Sets the source name (for debug info), when it differs from the symbol name.
    pub fn set_scope_name(&mut self, name: impl Into<String>) {
        self.func.scope_name = name.into();
    }

    pub fn set_source_name(&mut self, name: impl Into<String>) {
        self.func.source_name = name.into();
    }

    pub fn set_abi(&mut self, abi: Abi) {
        self.func.abi = abi;
    }

    pub fn set_linkage(&mut self, linkage: Linkage) {
        self.func.linkage = linkage;
    }

    pub fn set_handler_scope(&mut self, scope: crate::srcloc::InlineScope) {
        self.func.handler_scope = Some(scope);
    }

    pub fn set_decl_loc(&mut self, loc: SrcLoc) {
        self.func.decl_loc = loc;
    }

    /// Sets the OCaml type of the function's result (debug info).
    /// Records that parameters `params` hold float boxes ([`Function::float_params`]).
    pub fn set_float_params(&mut self, params: Vec<u32>) {
        self.func.float_params = params;
    }

    pub fn set_debug_ret(&mut self, ty: String) {
        self.func.debug_ret = ty;
    }

    /// Records that `value` holds the source variable `name` of type `ty` (debug info).
    pub fn debug_var(&mut self, name: &str, ty: String, value: Value, kind: DebugVarKind) {
        self.func.debug_vars.push(DebugVar {
            name: name.to_string(),
            ty,
            value: DebugValue::Fixed(value),
            kind,
        });
    }

    /// Records a mutable local variable `name` (debug info), with no contents yet; gives its
    /// index for [`Self::debug_assign`].
    pub fn debug_mutable(&mut self, name: &str, ty: String) -> usize {
        self.func.debug_vars.push(DebugVar {
            name: name.to_string(),
            ty,
            value: DebugValue::Mutable(Vec::new()),
            kind: DebugVarKind::Local,
        });
        self.func.debug_vars.len() - 1
    }

    /// The position the next statement gets (in the current block, which must not be
    /// terminated): the `from` of an assignment made now.
    pub fn next_position(&self) -> Value {
        assert!(
            self.current.is_some() && !self.terminated,
            "{}: no open block",
            self.func.name
        );
        Value(self.func.stmts.len() as u32)
    }

    /// Records that the mutable debug variable `var` holds `value` from statement `from` on
    /// (see [`DebugValue::Mutable`]).
    pub fn debug_assign(&mut self, var: usize, from: Value, value: Option<Value>) {
        match &mut self.func.debug_vars[var].value {
            DebugValue::Mutable(assigns) => assigns.push(DebugAssign { from, value }),
            DebugValue::Fixed(_) => panic!("{}: debug_assign to a fixed variable", self.func.name),
        }
    }

    /// The source location given to the statements emitted from now on.
    pub fn set_loc(&mut self, loc: SrcLoc) {
        self.loc = loc;
    }

    /// The source location statements get now.
    pub fn loc(&self) -> SrcLoc {
        self.loc
    }

    /// A new block. Its statements are placed when it is started with [`Self::switch_to_block`].
    pub fn create_block(&mut self) -> Block {
        self.ranges.push(None);
        Block(self.ranges.len() as u32 - 1)
    }

    /// Starts filling `b`. The current block must be terminated and `b` not started before.
    pub fn switch_to_block(&mut self, b: Block) {
        assert!(
            self.terminated,
            "{}: switch_to_block({b}) while {} is not terminated",
            self.func.name,
            self.current.map_or("?".to_string(), |c| c.to_string())
        );
        assert!(
            self.ranges[b.index()].is_none(),
            "{}: block {b} started twice",
            self.func.name
        );
        let start = self.func.stmts.len() as u32;
        self.ranges[b.index()] = Some(BlockData { start, end: start });
        self.layout.push(b);
        self.current = Some(b);
        self.terminated = false;
    }

    /// The block being filled (the last one started).
    pub fn current_block(&self) -> Block {
        self.current.expect("no block started")
    }

    /// Whether the current block already ends in a terminator.
    pub fn is_terminated(&self) -> bool {
        self.terminated
    }

    /// The value of parameter `i`.
    pub fn param(&self, i: usize) -> Value {
        assert!(
            i < self.func.params.len(),
            "{}: no parameter {i}",
            self.func.name
        );
        Value(i as u32)
    }

    /// Appends `stmt` (whose value has type `ty`; give `Raw` for statements without a value) to
    /// the current block and returns its value. A terminator ends the block.
    pub fn ins(&mut self, stmt: Stmt, ty: Type) -> Value {
        let cur = self.current.expect("no block started");
        assert!(
            !self.terminated,
            "{}: statement {stmt:?} after the terminator of {cur}",
            self.func.name
        );
        if let Stmt::Phi { .. } = stmt {
            let r = self.ranges[cur.index()].unwrap();
            assert!(
                (r.start..r.end).all(|i| matches!(self.func.stmts[i as usize], Stmt::Phi { .. })),
                "{}: phi after a non-phi statement in {cur}",
                self.func.name
            );
        }
        let v = Value(self.func.stmts.len() as u32);
        self.terminated = stmt.is_terminator();
        self.func.stmts.push(stmt);
        self.func.types.push(ty);
        self.func.locs.push(self.loc);
        self.ranges[cur.index()].as_mut().unwrap().end = v.0 + 1;
        v
    }

    /// A phi of type `ty` with the given inputs (more can be added with
    /// [`Self::add_phi_input`]). Only at the start of a block.
    pub fn phi(&mut self, ty: Type, inputs: &[(Block, Value)]) -> Value {
        let edges = inputs.iter().map(|&(b, _)| b).collect();
        let values = inputs.iter().map(|&(_, v)| v).collect();
        self.ins(Stmt::Phi { edges, values, ty }, ty)
    }

    /// Adds the input `value` on the edge from `pred` to an existing phi.
    pub fn add_phi_input(&mut self, phi: Value, pred: Block, value: Value) {
        match &mut self.func.stmts[phi.index()] {
            Stmt::Phi { edges, values, .. } => {
                edges.push(pred);
                values.push(value);
            }
            s => panic!("{}: add_phi_input on {phi}, which is {s:?}", self.func.name),
        }
    }

    // ---- shorthands for the common statements ----

    pub fn iconst(&mut self, n: i64) -> Value {
        self.ins(Stmt::Const(n), Type::Val)
    }

    pub fn binary(&mut self, op: BinOp, a: Value, b: Value) -> Value {
        self.ins(Stmt::Binary(op, a, b), Type::Val)
    }

    pub fn unary(&mut self, op: UnOp, a: Value) -> Value {
        self.ins(Stmt::Unary(op, a), Type::Val)
    }

    pub fn call(&mut self, callee: Callee, args: Vec<Value>, ret: Type) -> Value {
        self.ins(Stmt::Call { callee, args, ret }, ret)
    }

    pub fn jump(&mut self, to: Block) {
        self.ins(Stmt::Jump(to), Type::Raw);
    }

    pub fn branch(&mut self, cond: Value, then: Block, els: Block) {
        self.ins(Stmt::Branch { cond, then, els }, Type::Raw);
    }

    pub fn ret(&mut self, v: Value) {
        self.ins(Stmt::Return(v), Type::Raw);
    }

    /// The finished function, blocks renumbered into layout order (see the module docs).
    pub fn finish(self) -> Function {
        let FunctionBuilder {
            mut func,
            ranges,
            layout,
            terminated,
            current,
            ..
        } = self;
        assert!(
            terminated,
            "{}: finish() with {} not terminated",
            func.name,
            current.map_or("?".to_string(), |c| c.to_string())
        );
        let mut renumber = vec![None; ranges.len()];
        for (new, old) in layout.iter().enumerate() {
            renumber[old.index()] = Some(Block(new as u32));
        }
        let name = func.name.clone();
        let map = |b: &mut Block| {
            *b = renumber[b.index()]
                .unwrap_or_else(|| panic!("{name}: block {b} is referenced but never started"))
        };
        for s in &mut func.stmts {
            match s {
                Stmt::Jump(b) => map(b),
                Stmt::Branch { then, els, .. } => {
                    map(then);
                    map(els)
                }
                Stmt::Switch {
                    targets, default, ..
                } => {
                    targets.iter_mut().for_each(map);
                    map(default)
                }
                Stmt::Phi { edges, .. } => edges.iter_mut().for_each(map),
                _ => {}
            }
        }
        func.blocks = layout.iter().map(|b| ranges[b.index()].unwrap()).collect();
        func
    }
}

/// Collects the functions and data objects of a [`Module`]. Functions can be declared first (so
/// calls can name them) and defined later.
#[derive(Default)]
pub struct ModuleBuilder {
    functions: Vec<Option<Function>>,
    data: Vec<Data>,
    entry: Option<FuncId>,
    debug_types: Vec<DebugTypeDecl>,
    inline_sites: InlineSites,
}

impl ModuleBuilder {
    pub fn new() -> ModuleBuilder {
        ModuleBuilder::default()
    }

    /// Reserves a function id, to be defined with [`Self::define_function`].
    pub fn declare_function(&mut self) -> FuncId {
        self.functions.push(None);
        FuncId(self.functions.len() as u32 - 1)
    }

    pub fn define_function(&mut self, id: FuncId, f: Function) {
        assert!(
            self.functions[id.index()].is_none(),
            "function {id:?} defined twice"
        );
        self.functions[id.index()] = Some(f);
    }

    /// Declares and defines at once.
    pub fn add_function(&mut self, f: Function) -> FuncId {
        let id = self.declare_function();
        self.define_function(id, f);
        id
    }

    pub fn add_data(&mut self, d: Data) -> DataId {
        self.data.push(d);
        DataId(self.data.len() as u32 - 1)
    }

    /// Adds an OCaml string constant (see [`string_data`]).
    pub fn add_string(&mut self, name: impl Into<String>, bytes: &[u8]) -> DataId {
        self.add_data(string_data(name, bytes))
    }

    pub fn set_entry(&mut self, f: FuncId) {
        self.entry = Some(f);
    }

    /// Sets the type declarations the debug info describes.
    pub fn set_debug_types(&mut self, types: Vec<DebugTypeDecl>) {
        self.debug_types = types;
    }

    /// Sets the inline scopes the statements' locations refer to.
    pub fn set_inline_sites(&mut self, sites: InlineSites) {
        self.inline_sites = sites;
    }

    pub fn finish(self) -> Module {
        Module {
            functions: self
                .functions
                .into_iter()
                .enumerate()
                .map(|(i, f)| f.unwrap_or_else(|| panic!("function {i} declared, not defined")))
                .collect(),
            data: self.data,
            entry: self.entry,
            debug_types: self.debug_types,
            inline_sites: self.inline_sites,
        }
    }
}

/// The colour bits of the header of static data (OCaml's "black": never collected).
pub const STATIC_COLOR: u64 = 3;

/// The header word of a block: `wosize << 10 | color << 8 | tag`.
pub fn header(wosize: u64, tag: u8) -> u64 {
    (wosize << 10) | (STATIC_COLOR << 8) | tag as u64
}

/// An OCaml string as a static block of tag 252: the bytes padded to whole words, the last byte
/// of the last word being the padding count (`wosize * 8 - 1 - len`).
pub fn string_data(name: impl Into<String>, bytes: &[u8]) -> Data {
    let wosize = bytes.len() / 8 + 1;
    let mut raw = bytes.to_vec();
    let pad = wosize * 8 - 1 - bytes.len();
    raw.resize(wosize * 8 - 1, 0);
    raw.push(pad as u8);
    let mut words = vec![DataWord::Word(header(wosize as u64, 252))];
    words.extend(
        raw.chunks(8)
            .map(|c| DataWord::Word(u64::from_le_bytes(c.try_into().unwrap()))),
    );
    Data {
        name: name.into(),
        linkage: Linkage::Local,
        words,
    }
}

/// The bytes of a string data object made by [`string_data`] (`None` if it isn't one).
pub fn string_bytes(d: &Data) -> Option<Vec<u8>> {
    let DataWord::Word(h) = d.words.first()? else {
        return None;
    };
    if h & 0xff != 252 {
        return None;
    }
    let mut raw = Vec::new();
    for w in &d.words[1..] {
        let DataWord::Word(w) = w else { return None };
        raw.extend_from_slice(&w.to_le_bytes());
    }
    let pad = *raw.last()? as usize;
    raw.truncate(raw.len().checked_sub(pad + 1)?);
    Some(raw)
}
