//! Object types: their rows, unification of rows, method calls' typing and printing, after
//! OCaml 4.13's `Tobject`/`Tfield` (`typing/btype.ml`, `ctype.ml`'s `unify_fields`,
//! `filter_method`, `printtyp.ml`'s `tree_of_typobject`).
//!
//! Representation in the typer's types (never in the lambda IR), as polymorphic variants'
//! rows are (`typing::pvariant`): type constructors of the type table, declared on first use
//! ([`ObjCons`]):
//!
//! - an object type is `Con([object], [row])`;
//! - a row is a chain of methods ending in a tail: a method is `Con([#m], [type, rest])` (one
//!   constructor per method name); the tail is an unbound type variable (an open row,
//!   `< .. ; .. >`: more methods may come) or `Con([nil], [])` (no other method).
//!
//! Row variables are ordinary type variables, so levels, generalisation, instantiation and
//! the value restriction treat object rows as OCaml does. Recursive types (`< m : 'a > as
//! 'a`, the type of `self`) are cycles through an `[object]`, which the occurs check allows
//! there (as OCaml without `-rectypes`) and `typing::pvariant`'s cycle machinery handles.
//!
//! Invariant: the constructors are internal to the typer (`PvCons::is_internal`): after
//! typing an object type is `Obj.t`. Objects' expressions, method calls and their run-time
//! representation are `typing::object_exprs`'s.
//!
//! Simplification (documented limitation): OCaml's method kinds (`Fpresent`/`Fvar`/`Fabsent`,
//! for private and virtual methods of classes) and polymorphic methods (`m : 'a. t`) are not
//! represented; every method of a row is public and monomorphic in the row.

use std::collections::HashMap;

use super::unify::{TypePrinter, Unifier, UnifyError};
use crate::lambda::ir::{TyCon, TyVar, Type, TypeTable};

const NONE: TyCon = TyCon(u32::MAX);

/// The type constructors encoding object types (see the module docs).
pub struct ObjCons {
    pub object: TyCon,
    pub nil: TyCon,
    methods: HashMap<String, TyCon>,
    names: HashMap<TyCon, String>,
}

impl Default for ObjCons {
    fn default() -> Self {
        ObjCons {
            object: NONE,
            nil: NONE,
            methods: HashMap::new(),
            names: HashMap::new(),
        }
    }
}

impl ObjCons {
    pub fn is_internal(&self, c: TyCon) -> bool {
        self.object != NONE && (c == self.object || c == self.nil || self.names.contains_key(&c))
    }

    pub fn is_object(&self, c: TyCon) -> bool {
        self.object != NONE && c == self.object
    }

    pub(super) fn ensure(&mut self, types: &mut TypeTable) {
        if self.object == NONE {
            self.object = super::pvariant::PvCons::declare(types, "[object]");
            self.nil = super::pvariant::PvCons::declare(types, "[nil]");
        }
    }

    /// The constructor of method `name`, declared on first use.
    pub fn method(&mut self, types: &mut TypeTable, name: &str) -> TyCon {
        self.ensure(types);
        if let Some(&c) = self.methods.get(name) {
            return c;
        }
        let c = super::pvariant::PvCons::declare(types, &format!("[#{name}]"));
        self.methods.insert(name.to_string(), c);
        self.names.insert(c, name.to_string());
        c
    }

    pub fn nil_ty(&self) -> Type {
        Type::Con(self.nil, vec![])
    }
}

/// One method of a row: its name, constructor and type.
pub(super) type Method = (String, TyCon, Type);

impl Unifier {
    /// The methods of an object row, in chain order, and its tail (`None`: closed).
    pub fn object_methods(&self, row: &Type) -> (Vec<Method>, Option<TyVar>) {
        let mut out = Vec::new();
        let mut cur = self.shallow(row).into_owned();
        loop {
            match &cur {
                Type::Con(c, a) if a.len() == 2 && self.pv.obj.names.contains_key(c) => {
                    out.push((self.pv.obj.names[c].clone(), *c, a[0].clone()));
                    let next = self.shallow(&a[1]).into_owned();
                    cur = next;
                }
                Type::Var(v) => return (out, Some(*v)),
                _ => return (out, None),
            }
        }
    }

    pub(super) fn build_methods(methods: &[Method], tail: Type) -> Type {
        methods
            .iter()
            .rev()
            .fold(tail, |rest, (_, c, t)| Type::Con(*c, vec![t.clone(), rest]))
    }

    pub(super) fn row_tail(&self, tail: Option<TyVar>) -> Type {
        match tail {
            Some(v) => Type::Var(v),
            None => self.pv.obj.nil_ty(),
        }
    }

    /// OCaml's `unify_fields`: the methods both rows have get equal types; each row's tail
    /// takes the methods only the other has (a closed row has no room for them: the error
    /// names the first such method, by name, as OCaml's).
    pub fn unify_objects(
        &mut self,
        row1: &Type,
        row2: &Type,
        types: &TypeTable,
    ) -> Result<(), UnifyError> {
        let (f1, t1) = self.object_methods(row1);
        let (f2, t2) = self.object_methods(row2);
        let only = |a: &[Method], b: &[Method]| -> Vec<Method> {
            a.iter()
                .filter(|m| !b.iter().any(|n| n.0 == m.0))
                .cloned()
                .collect()
        };
        let (miss1, miss2) = (only(&f1, &f2), only(&f2, &f1));
        let first_name = |ms: &[Method]| ms.iter().map(|m| m.0.clone()).min().unwrap();
        if t1.is_none() && !miss2.is_empty() {
            return Err(UnifyError::MissingMethod {
                first: true,
                name: first_name(&miss2),
            });
        }
        if t2.is_none() && !miss1.is_empty() {
            return Err(UnifyError::MissingMethod {
                first: false,
                name: first_name(&miss1),
            });
        }
        // The common methods first: an error leaves the rows' tails as they were, as OCaml
        // prints them (`< m : string; .. >`).
        for (name, _, a) in &f1 {
            if let Some((_, _, b)) = f2.iter().find(|m| &m.0 == name) {
                if let Err(e) = self.unify(a, b, types) {
                    return Err(match e {
                        UnifyError::Escape(_) | UnifyError::HashClash(..) => e,
                        _ => UnifyError::MethodTypes(name.clone()),
                    });
                }
            }
        }
        let (rest1, rest2) = (self.row_tail(t1), self.row_tail(t2));
        let va = if miss1.is_empty() {
            rest2.clone()
        } else if miss2.is_empty() {
            rest1.clone()
        } else {
            self.fresh_var()
        };
        let r1 = Self::build_methods(&miss2, va.clone());
        self.unify(&rest1, &r1, types)?;
        let r2 = Self::build_methods(&miss1, va);
        self.unify(&rest2, &r2, types)?;
        Ok(())
    }
}

/// The line OCaml's unification error adds for an object type error (empty for others).
pub fn explain(err: &UnifyError) -> String {
    match err {
        UnifyError::MissingMethod { first, name } => format!(
            "\n       The {} object type has no method {name}",
            if *first { "first" } else { "second" }
        ),
        UnifyError::MethodTypes(name) => {
            format!("\n       Types for method {name} are incompatible")
        }
        _ => String::new(),
    }
}

/// The methods (sorted by name, as OCaml prints them) and tail of a zonked object row.
pub fn zonked_methods<'t>(
    types: &'t TypeTable,
    row: &'t Type,
) -> (Vec<(&'t str, &'t Type)>, Option<TyVar>) {
    let mut out = Vec::new();
    let mut cur = row;
    loop {
        match cur {
            Type::Con(c, a) if a.len() == 2 && types.decl(*c).name.starts_with("[#") => {
                let name = &types.decl(*c).name;
                out.push((&name[2..name.len() - 1], &a[0]));
                cur = &a[1];
            }
            Type::Var(v) => {
                out.sort_by(|a, b| a.0.cmp(b.0));
                return (out, Some(*v));
            }
            _ => {
                out.sort_by(|a, b| a.0.cmp(b.0));
                return (out, None);
            }
        }
    }
}

/// OCaml's printing of a zonked object type: `< m : int; n : 'a >`, `< m : int; .. >`
/// (`weak`: the row variable cannot be generalised, `_..`).
pub fn print_object(
    types: &TypeTable,
    row: &Type,
    weak: bool,
    print_method: &mut dyn FnMut(&Type) -> String,
) -> String {
    let (methods, tail) = zonked_methods(types, row);
    let mut parts: Vec<String> = methods
        .iter()
        .map(|(n, t)| format!("{n} : {}", print_method(t)))
        .collect();
    if tail.is_some() {
        parts.push(if weak { "_.." } else { ".." }.to_string());
    }
    if parts.is_empty() {
        "<  >".to_string()
    } else {
        format!("< {} >", parts.join("; "))
    }
}

impl TypePrinter<'_> {
    /// Whether `c` is the object type constructor (by name: the printer has no unifier).
    pub(super) fn is_object_con(&self, c: TyCon) -> bool {
        self.types.decl(c).name == "[object]"
    }
}

// ---- typing: type expressions and method calls ----

use super::{TResult, Typer};
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;

impl Typer<'_> {
    /// An object type expression, `< m : t; .. >` (`flexible`: in an annotation, where `..`
    /// is a variable of its own; in a declaration it must be named by `as 'a`).
    pub(super) fn object_type_expr(
        &mut self,
        te: &ast::TypeExpr,
        methods: &[(String, ast::TypeExpr)],
        open: bool,
        scope: &HashMap<String, Type>,
        flexible: bool,
    ) -> TResult<Type> {
        self.u.pv.ensure(&mut self.types);
        self.u.pv.obj.ensure(&mut self.types);
        if !flexible && open && !self.open_rows_ok {
            let printed = crate::syntax::print::type_expr_text(te);
            return Err(Diagnostic::error(
                te.span,
                format!(
                    "A type variable is unbound in this type declaration.\n       In type {printed} as 'a the variable 'a is unbound"
                ),
            ));
        }
        let mut out: Vec<Method> = Vec::new();
        for (name, t) in methods {
            let ty = self.type_expr_in(t, scope, flexible)?;
            // A method named again must have the same type (OCaml's `Typetexp`).
            if let Some((_, _, first)) = out.iter().find(|m| &m.0 == name).cloned() {
                if self.u.unify(&first, &ty, &self.types).is_err() {
                    let mut p = TypePrinter::new(&self.types);
                    let (again, before) =
                        (p.print(&self.u.zonk(&ty)), p.print(&self.u.zonk(&first)));
                    return Err(Diagnostic::error(
                        t.span,
                        format!("Method '{name}' has type {again}, which should be {before}"),
                    ));
                }
                continue;
            }
            let c = self.u.pv.obj.method(&mut self.types, name);
            out.push((name.clone(), c, ty));
        }
        let tail = if open {
            self.u.fresh_var()
        } else {
            self.u.pv.obj.nil_ty()
        };
        let row = Unifier::build_methods(&out, tail);
        Ok(Type::Con(self.u.pv.obj.object, vec![row]))
    }

    /// The type of method `name` of an object of type `obj_ty` (OCaml's `filter_method`): an
    /// unknown type becomes `< name : 'a; .. >`; an open row gains the method.
    pub(super) fn method_type(
        &mut self,
        obj_span: Span,
        obj_ty: &Type,
        name: &str,
    ) -> TResult<Type> {
        self.u.pv.ensure(&mut self.types);
        let con = self.u.pv.obj.method(&mut self.types, name);
        let t = self.u.expand_head(obj_ty);
        let found = match &t {
            Type::Con(c, a) if self.u.pv.obj.is_object(*c) => {
                let (methods, tail) = self.u.object_methods(&a[0]);
                match methods.iter().find(|m| m.0 == name) {
                    Some(m) => Some(m.2.clone()),
                    None => match tail {
                        Some(v) => {
                            let ty = self.u.fresh_var();
                            let rest = self.u.fresh_var();
                            let row = Type::Con(con, vec![ty.clone(), rest]);
                            self.u
                                .unify(&Type::Var(v), &row, &self.types)
                                .ok()
                                .map(|_| ty)
                        }
                        None => None,
                    },
                }
            }
            Type::Var(_) => {
                let ty = self.u.fresh_var();
                let rest = self.u.fresh_var();
                let row = Type::Con(con, vec![ty.clone(), rest]);
                let obj = Type::Con(self.u.pv.obj.object, vec![row]);
                self.u.unify(&t, &obj, &self.types).ok().map(|_| ty)
            }
            _ => None,
        };
        match found {
            Some(ty) => Ok(ty),
            None => {
                let shown = TypePrinter::new(&self.types).print(&self.u.zonk(obj_ty));
                Err(Diagnostic::error(
                    obj_span,
                    format!("This expression has type {shown}\n       It has no method {name}"),
                ))
            }
        }
    }
}

impl Typer<'_> {
    /// OCaml's `subtype_fields` (ctype.ml): an object type is a subtype of one with fewer
    /// methods (a closed target drops the others; an open one takes them), method types
    /// covariantly. A method the source lacks is an error when the source is closed, else its
    /// row takes it.
    pub(super) fn subtype_objects(&mut self, row1: &Type, row2: &Type) -> Result<(), UnifyError> {
        let (f1, t1) = self.u.object_methods(row1);
        let (f2, t2) = self.u.object_methods(row2);
        let miss1: Vec<Method> = f1
            .iter()
            .filter(|m| !f2.iter().any(|n| n.0 == m.0))
            .cloned()
            .collect();
        let miss2: Vec<Method> = f2
            .iter()
            .filter(|m| !f1.iter().any(|n| n.0 == m.0))
            .cloned()
            .collect();
        let mut rest1 = self.u.row_tail(t1);
        if !miss2.is_empty() {
            let Some(v) = t1 else {
                let name = miss2.iter().map(|m| m.0.clone()).min().unwrap();
                return Err(UnifyError::MissingMethod { first: true, name });
            };
            rest1 = self.u.fresh_var();
            let extended = Unifier::build_methods(&miss2, rest1.clone());
            self.u.unify(&Type::Var(v), &extended, &self.types)?;
        }
        if let Some(v2) = t2 {
            let taken = Unifier::build_methods(&miss1, rest1);
            self.u.unify(&Type::Var(v2), &taken, &self.types)?;
        }
        for (name, _, a) in &f1 {
            if let Some((_, _, b)) = f2.iter().find(|m| &m.0 == name) {
                if let Err(e) = self.subtype(a, b) {
                    return Err(match e {
                        UnifyError::Escape(_) | UnifyError::HashClash(..) => e,
                        _ => UnifyError::MethodTypes(name.clone()),
                    });
                }
            }
        }
        Ok(())
    }
}
