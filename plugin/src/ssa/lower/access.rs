//! Field and element access: float boxing, array and string elements (flat float arrays
//! included), bound checks and the primitives (`Prim`) lowered to them.

use super::*;
use crate::lambda::runtime::unboxed_c_float;

impl<'p> Lowerer<'p> {
    /// The number in the float box `v` (a float constant's number, when `v` is one).
    pub(super) fn unbox_float(fx: &mut Fx, v: Value) -> Value {
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
    pub(super) fn box_float(fx: &mut Fx, x: Value) -> Value {
        fx.b.ins(
            Stmt::Alloc {
                tag: DOUBLE_TAG,
                fields: vec![x],
                raw_prefix: 0,
            },
            Type::Val,
        )
    }

    pub(super) fn float_binary(fx: &mut Fx, op: FBinOp, v: &[Value]) -> Value {
        let (x, y) = (Self::unbox_float(fx, v[0]), Self::unbox_float(fx, v[1]));
        let r = fx.b.ins(Stmt::FBinary(op, x, y), Type::F64);
        Self::box_float(fx, r)
    }

    pub(super) fn float_unary(fx: &mut Fx, op: FUnOp, v: Value) -> Value {
        let x = Self::unbox_float(fx, v);
        let r = fx.b.ins(Stmt::FUnary(op, x), Type::F64);
        Self::box_float(fx, r)
    }

    pub(super) fn float_compare(fx: &mut Fx, op: FBinOp, v: &[Value]) -> Value {
        let (x, y) = (Self::unbox_float(fx, v[0]), Self::unbox_float(fx, v[1]));
        fx.b.ins(Stmt::FBinary(op, x, y), Type::Val)
    }

    pub(super) fn load_element(fx: &mut Fx, array: Value, index: Value, ty: Type) -> Value {
        fx.b.ins(
            Stmt::LoadIdx {
                base: array,
                index,
                ty,
            },
            ty,
        )
    }

    pub(super) fn store_element(fx: &mut Fx, array: Value, index: Value, value: Value) {
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
    pub(super) fn branch_on_flat(fx: &mut Fx, array: Value) -> (Block, Block, Block) {
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
    pub(super) fn string_length(fx: &mut Fx, s: Value) -> Value {
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
    pub(super) fn bound_check(fx: &mut Fx, block: Value, index: Value) {
        let size = fx.b.ins(Stmt::Unary(UnOp::BlockSize, block), Type::Val);
        Self::check_index(fx, index, size)
    }

    /// Raises `Invalid_argument "index out of bounds"` unless `0 <= index < size`.
    pub(super) fn check_index(fx: &mut Fx, index: Value, size: Value) {
        let inside = fx.b.ins(Stmt::Binary(BinOp::Ult, index, size), Type::Val);
        Self::raise_unless(fx, inside, CheckFailure::BoundError)
    }

    /// Continues in a fresh block when `cond` holds; otherwise raises `failure`: a call of the
    /// runtime's raising entry (no arguments, never returns), or, inside a local `try`'s body,
    /// the runtime's making of the exception and the jump to the handler (what lets
    /// `closure::raises_only_directly` keep such a body in its frame).
    pub(super) fn raise_unless(fx: &mut Fx, cond: Value, failure: CheckFailure) {
        let fail = fx.b.create_block();
        let ok = fx.b.create_block();
        fx.b.branch(cond, ok, fail);
        fx.b.switch_to_block(fail);
        if fx.local_handlers.is_empty() {
            fx.b.call(failure.raising(), vec![], Type::Val);
            fx.b.ins(Stmt::Unreachable, Type::Raw);
        } else {
            let exn = fx.b.call(failure.exception(), vec![], Type::Val);
            Self::jump_to_local_handler(fx, exn);
        }
        fx.b.switch_to_block(ok);
    }

    /// The int `v` is, when it is a constant.
    pub(super) fn const_of(fx: &Fx, v: Value) -> Option<i64> {
        match fx.b.func().stmts[v.index()] {
            Stmt::Const(n) => Some(n),
            _ => None,
        }
    }

    pub(super) fn konst(fx: &mut Fx, n: i64) -> Value {
        fx.b.ins(Stmt::Const(n), Type::Val)
    }

    /// A call of the runtime's `egret_float_<c>` as the C library's `<c>` itself, on unboxed
    /// floats ([`unboxed_c_float`]), as ocamlopt calls `Float`'s `[@@unboxed]` externals: the
    /// result is boxed here, and the optimizer removes the box where it is unboxed again.
    fn c_float_call(fx: &mut Fx, runtime_name: &str, v: &[Value]) -> Value {
        let (c_name, _) = unboxed_c_float(runtime_name).expect("a C function of doubles");
        let args = v.iter().map(|&a| Self::unbox_float(fx, a)).collect();
        let call = Stmt::Call {
            callee: Callee::Runtime(c_name),
            args,
            ret: Type::F64,
        };
        let r = fx.b.ins(call, Type::F64);
        Self::box_float(fx, r)
    }

    pub(super) fn prim(
        &mut self,
        fx: &mut Fx,
        p: Prim,
        v: Vec<Value>,
    ) -> Result<Option<Value>, Diagnostic> {
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
                Self::raise_unless(fx, nonzero, CheckFailure::DivisionByZero);
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
            Prim::Runtime(name, _) if unboxed_c_float(name).is_some() => {
                Some(Self::c_float_call(fx, name, &v))
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
}

/// The failure of a check the lowering makes inline (`Lowerer::raise_unless`), with the runtime
/// entries that raise it and that make its exception (for a local `try`'s handler).
#[derive(Clone, Copy)]
pub(super) enum CheckFailure {
    /// `Invalid_argument "index out of bounds"`.
    BoundError,
    /// `Division_by_zero`.
    DivisionByZero,
}

impl CheckFailure {
    fn raising(self) -> Callee {
        match self {
            CheckFailure::BoundError => Callee::Runtime("egret_raise_bound_error"),
            CheckFailure::DivisionByZero => Callee::Runtime("egret_raise_division_by_zero"),
        }
    }

    fn exception(self) -> Callee {
        match self {
            CheckFailure::BoundError => Callee::Runtime("egret_bound_error_exn"),
            CheckFailure::DivisionByZero => Callee::Runtime("egret_division_by_zero_exn"),
        }
    }
}
