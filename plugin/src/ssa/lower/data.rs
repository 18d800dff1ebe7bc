//! The static data the lowering makes: string, float and boxed-integer constants, static
//! closures, exception identities, constant blocks; and the representation facts they rest on
//! (constructors' tags, flat float arrays, immutability).

use super::*;

impl<'p> Lowerer<'p> {
    /// A string constant: static data, one per distinct string. Constants' data is named
    /// `egret.KIND.N`: the dots keep it apart from functions (`egret_NAME_ID`, whose names
    /// `closure` cleans to letters, digits and `_`), so a function called `float` or `str`
    /// cannot take a constant's symbol.
    pub(super) fn string(&mut self, s: &[u8]) -> DataId {
        if let Some(d) = self.strings.get(s) {
            return *d;
        }
        let n = self.strings.len();
        let d = self.mb.add_data(string_data(format!("egret.str.{n}"), s));
        self.strings.insert(s.to_vec(), d);
        d
    }

    /// A float constant: a static boxed float (one per distinct value, like strings).
    pub(super) fn float(&mut self, bits: u64) -> DataId {
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
    pub(super) fn boxed_int(&mut self, kind: BoxedIntKind, n: i64) -> DataId {
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

    pub(super) fn static_closure(&mut self, g: FuncIdx) -> DataId {
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
    pub(super) fn exn_identity(&mut self, i: u32) -> DataId {
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
            // Fields EXN_NAME_FIELD and EXN_ID_FIELD.
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
    pub(super) fn ctor_repr(&self, ty: &LType, index: u32) -> Result<i64, u8> {
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
    pub(super) fn flat_floats(&self, ty: &LType) -> bool {
        matches!(ty, LType::Con(c, _) if self.p.types.is_flat_float_record(*c))
    }

    /// The bits of a float constant.
    pub(super) fn float_constant(e: &CExpr) -> Option<u64> {
        match e {
            CExpr::Loc(_, e) => Self::float_constant(e),
            CExpr::Const(Const::Float(bits)) => Some(*bits),
            _ => None,
        }
    }

    /// Whether values of `ty` are immutable blocks (variants, tuples, records without a
    /// mutable field).
    pub(super) fn immutable(&self, ty: &LType) -> bool {
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
    pub(super) fn static_word(&mut self, e: &CExpr) -> Option<DataWord> {
        // One check of the whole constant, then its words: checking again at each level made
        // a long list literal quadratic.
        self.is_static(e).then(|| self.static_word_of_constant(e))
    }

    /// [`Lowerer::static_word`] of an expression [`Lowerer::is_static`] accepts.
    pub(super) fn static_word_of_constant(&mut self, e: &CExpr) -> DataWord {
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
                DataWord::DataAddr(self.static_block(words))
            }
            CExpr::Construct { ty, index, args } => match self.ctor_repr(ty, *index) {
                Ok(n) => DataWord::Word(((n as u64) << 1) | 1),
                Err(tag) => DataWord::DataAddr(self.static_constructor(tag, args)),
            },
            _ => unreachable!("not a constant: {e:?}"),
        }
    }

    /// A static block of tag `tag` holding the constants `args`.
    fn static_constructor(&mut self, tag: u8, args: &[CExpr]) -> DataId {
        let mut words = vec![DataWord::Word(header(args.len() as u64, tag))];
        for a in args {
            words.push(self.static_word_of_constant(a));
        }
        self.static_block(words)
    }

    /// A new local data object `egret.const.N` of `words` (a header, then the fields).
    fn static_block(&mut self, words: Vec<DataWord>) -> DataId {
        let n = self.static_blocks;
        self.static_blocks += 1;
        self.mb.add_data(Data {
            name: format!("egret.const.{n}"),
            linkage: Linkage::Local,
            words,
        })
    }

    /// `Obj.with_tag t (Obj.repr (C (a, ..)))` with a constant tag below 246 and a block
    /// constructor: the tag and the constructor, which is then built with that tag directly —
    /// static data when constant — as ocamlopt's `Simplif` does. None for anything else (the
    /// runtime's `caml_obj_with_tag` copies the block).
    pub(super) fn with_tag_of_block<'e>(&self, args: &'e [CExpr]) -> Option<(u8, &'e CExpr)> {
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
    pub(super) fn block_with_tag(
        &mut self,
        fx: &mut Fx,
        tag: u8,
        block: &CExpr,
    ) -> Result<Option<Value>, Diagnostic> {
        let CExpr::Construct { args, .. } = block else {
            unreachable!("with_tag_of_block gives a constructor")
        };
        if self.is_static(block) {
            let d = self.static_constructor(tag, args);
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
    pub(super) fn is_static(&self, e: &CExpr) -> bool {
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
}
