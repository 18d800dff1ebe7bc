//! The typing stage: AST → explicitly typed lambda IR.
//!
//! Hindley–Milner inference with let-polymorphism and the value restriction, elaborating as
//! it goes: a generalised `let` becomes `TyFun`s around its definition, every use of a
//! polymorphic variable a `TyApp` per quantified variable; pattern matching is compiled to
//! decision trees ([`matching`]). Inference types contain unification variables until the
//! whole program has been checked; [`Typer::finish`] then replaces them (unconstrained ones
//! become `unit`, which is safe because no code can observe a value of such a type).
//!
//! Errors stop at the first one and come back as a [`Diagnostic`] with OCaml's wording.

mod builtins;
mod decls;
mod env;
mod expr;
mod externals;
pub(crate) mod labels;
mod letrec;
mod matching;
mod pattern;
mod poly;
mod prelude;
mod printf;
mod structure;
mod unify;
mod variance;

use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, Program, TyVar, Type, TypeTable, VarId, VarTable};
use crate::syntax::ast;
pub use builtins::{EXCEPTIONS, EXN_ASSERT_FAILURE, EXN_MATCH_FAILURE};
use env::TypeName;
use env::{Env, ValueBinding};
use unify::{TypePrinter, Unifier};

pub type TResult<T> = Result<T, Diagnostic>;

/// What a top-level phrase is: an item, or the start or end of a `module M = struct .. end`
/// (whose items come between the two).
#[derive(Clone, Copy)]
pub(crate) enum PhraseKind<'a> {
    Item(&'a ast::Item),
    /// `module M = struct`: the name and the span of the whole item.
    EnterModule(&'a str, Span),
    LeaveModule,
}

/// One top-level phrase and the section of the program it belongs to.
pub(crate) struct Phrase<'a> {
    kind: PhraseKind<'a>,
    section: usize,
    /// The prelude module the phrase defines names of (`List`), if any.
    module: Option<String>,
    /// The last section of the prelude: closing it hides the prelude's private names.
    ends_prelude: bool,
    /// The phrase is the prelude's (its spans index the prelude's text, not the program's).
    prelude: bool,
}

/// Type-checks `program` (whose source text is `source`, named `file_name` in run-time
/// messages such as `Match_failure`) into the lambda IR, after the standard-library prelude
/// ([`prelude`]). Warnings are returned alongside.
pub fn type_program(
    program: &ast::Program,
    source: &str,
    file_name: &str,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    let prelude = prelude::parsed();
    let mut phrases = Vec::new();
    for (k, (module, p)) in prelude.iter().enumerate() {
        for item in &p.items {
            phrases.push(Phrase {
                kind: PhraseKind::Item(item),
                section: k,
                module: module.clone(),
                ends_prelude: k + 1 == prelude.len(),
                prelude: true,
            });
        }
    }
    flatten_modules(&program.items, prelude.len(), &mut phrases);
    let mut typer = Typer::new(source, file_name);
    match typer.items_from(&phrases, 0) {
        Ok(body) => {
            if let Some(d) = typer.ungeneralizable_toplevel() {
                let mut all = typer.warnings;
                all.push(d);
                return Err(all);
            }
            let warnings = std::mem::take(&mut typer.warnings);
            Ok((typer.finish(body), warnings))
        }
        Err(d) => {
            let mut all = typer.warnings;
            all.push(d);
            Err(all)
        }
    }
}

/// The program's items as phrases, a module's items between its enter and leave phrases.
fn flatten_modules<'a>(items: &'a [ast::Item], section: usize, out: &mut Vec<Phrase<'a>>) {
    let phrase = |kind| Phrase {
        kind,
        section,
        module: None,
        ends_prelude: false,
        prelude: false,
    };
    for item in items {
        if let ast::ItemKind::Module(name, inner) = &item.kind {
            out.push(phrase(PhraseKind::EnterModule(name, item.span)));
            flatten_modules(inner, section, out);
            out.push(phrase(PhraseKind::LeaveModule));
        } else {
            out.push(phrase(PhraseKind::Item(item)));
        }
    }
}

/// A user module being elaborated: its name and what was declared before it.
pub(crate) struct OpenModule {
    name: String,
    scope: Scope,
}

/// What a local open (`let open M in`) shadowed: each type and constructor name it bound,
/// with what the name meant before.
#[derive(Default)]
pub(crate) struct OpenUndo {
    types: Vec<(String, Option<TypeName>)>,
    ctors: Vec<(String, Option<env::CtorRef>)>,
}

/// What the environment held when a module (or a prelude section) began: the value scope
/// mark, and the type and constructor names with their meanings.
#[derive(Default)]
pub(crate) struct Scope {
    mark: usize,
    types: std::collections::HashMap<String, TypeName>,
    ctors: std::collections::HashMap<String, env::CtorRef>,
}

pub(crate) struct Typer<'s> {
    source: &'s str,
    file_name: String,
    u: Unifier,
    vars: VarTable,
    types: TypeTable,
    env: Env,
    builtins: Vec<builtins::Builtin>,
    /// Why each unusable `external` cannot be called ([`builtins::BuiltinImpl::Unavailable`]),
    /// and whether that is a "not supported yet".
    unavailable: Vec<(String, bool)>,
    warnings: Vec<Diagnostic>,
    /// Named type variables (`'a`) of the current top-level phrase's annotations.
    annot_vars: std::collections::HashMap<String, Type>,
    /// The locally abstract types being typed (`fun (type a) -> ..`), innermost last: their
    /// names and variables (see `poly`).
    newtypes: Vec<(String, Type)>,
    /// What the environment held where the current prelude section began.
    section_scope: Scope,
    /// The prelude's functions that `Printf` elaborations call (`printf::PRELUDE_FUNCTIONS`),
    /// captured at the end of the prelude so that the program's own bindings cannot shadow them.
    prelude_functions: std::collections::HashMap<&'static str, crate::lambda::ir::VarId>,
    /// The user modules being elaborated, innermost last.
    modules: Vec<OpenModule>,
    /// Elaborating a prelude phrase: the spans of the code it generates are not positions in
    /// the program's source, so code and variables get the unknown location (debug info).
    in_prelude: bool,
    /// The prelude module whose section is being elaborated (`List`), if any.
    section_module: Option<String>,

    /// Top-level bindings the value restriction kept monomorphic (the pattern's span and the
    /// expression's type): a variable still free in one at the end is an error, as in OCaml.
    weak_toplevel: Vec<(Span, Type)>,
    /// Which type parameters may occur weakly, for the relaxed value restriction.
    variances: variance::Variances,
    /// The type and module names declared so far by each structure of the program being
    /// elaborated, innermost last (a name may be declared once per structure, as in OCaml).
    structures: Vec<StructureNames>,
    /// The variables of the prelude's Printexc and Fun sections: a program using one links
    /// Printexc (`links_printexc`).
    printexc_vars: std::collections::HashSet<VarId>,
    links_printexc: bool,
    /// The variables of the prelude's Format section: a program using one (or a Format
    /// printf function) links Format, whose initialisation registers its at_exit
    /// (`links_format`, `Format.__link`).
    format_vars: std::collections::HashSet<VarId>,
    links_format: bool,
    /// The label constructors of labelled arrows ([`labels`]).
    label_cons: labels::LabelCons,
}

/// The names a structure has declared.
#[derive(Default)]
pub(crate) struct StructureNames {
    types: std::collections::HashSet<String>,
    modules: std::collections::HashSet<String>,
}

impl<'s> Typer<'s> {
    fn new(source: &'s str, file_name: &str) -> Self {
        let types = crate::lambda::builtins::builtin_types();
        let mut u = Unifier::default();
        u.scope = types.decls.len() as u32;
        // The predefined declarations' parameters (`lambda::builtins::PARAMS`) stay out of
        // inference.
        u.fresh();
        u.fresh();
        let mut t = Typer {
            source,
            file_name: file_name.to_string(),
            u,
            vars: VarTable::default(),
            types,
            env: Env::default(),
            builtins: builtins::builtins(),
            unavailable: Vec::new(),
            warnings: Vec::new(),
            annot_vars: Default::default(),
            newtypes: Vec::new(),
            section_scope: Scope::default(),
            modules: Vec::new(),
            prelude_functions: Default::default(),
            in_prelude: false,
            section_module: None,

            weak_toplevel: Vec::new(),
            variances: Default::default(),
            structures: vec![StructureNames::default()],
            printexc_vars: Default::default(),
            format_vars: Default::default(),
            links_format: false,
            links_printexc: false,
            label_cons: Default::default(),
        };
        t.variances.update(&t.types);
        t.declare_predefined();
        t
    }

    fn declare_predefined(&mut self) {
        use crate::lambda::ir::{DeclKind, TyCon};
        for (i, d) in self.types.decls.iter().enumerate() {
            let con = TyCon(i as u32);
            self.env
                .types
                .insert(d.name.clone(), env::TypeName::Con(con));
            match &d.kind {
                DeclKind::Variant(cs) => {
                    for (j, c) in cs.iter().enumerate() {
                        self.env
                            .ctors
                            .insert(c.name.clone(), env::CtorRef::Variant(con, j as u32));
                    }
                }
                DeclKind::Record(fs) => {
                    for (j, f) in fs.iter().enumerate() {
                        self.env
                            .fields
                            .entry(f.name.clone())
                            .or_default()
                            .push((con, j as u32));
                    }
                }
                _ => {}
            }
        }
        for (i, e) in self.types.exceptions.iter().enumerate() {
            let ctor = e.name.rsplit('.').next().unwrap_or(&e.name);
            self.env
                .ctors
                .insert(ctor.to_string(), env::CtorRef::Exception(i as u32));
        }
        for (i, b) in self.builtins.iter().enumerate() {
            self.env.bind(b.name, ValueBinding::Builtin(i));
        }
        for name in printf::PRINTF_FUNCTIONS {
            self.env.bind(name, ValueBinding::Printf(name));
        }
    }

    /// The first top-level binding whose type still has a variable that was not generalised.
    fn ungeneralizable_toplevel(&self) -> Option<Diagnostic> {
        self.weak_toplevel.iter().find_map(|(span, t)| {
            let t = self.u.zonk(t);
            if !self.has_free_var(&t) {
                return None;
            }
            let printed = TypePrinter::weak(&self.types).print(&t);
            Some(Diagnostic::error(
                *span,
                format!(
                    "The type of this expression, {printed},\ncontains type variables that cannot be generalized"
                ),
            ))
        })
    }

    fn has_free_var(&self, t: &Type) -> bool {
        match t {
            Type::Var(v) => !self.generalized(*v) && !self.u.commu_vars.contains(v),
            Type::Con(_, a) | Type::Tuple(a) => a.iter().any(|t| self.has_free_var(t)),
            Type::Arrow(a, b) => self.has_free_var(a) || self.has_free_var(b),
            Type::Forall(_, t) => self.has_free_var(t),
        }
    }

    fn fresh_var(&mut self, name: &str, ty: Type, span: Span) -> VarId {
        let span = self.code_span(span);
        self.vars.fresh(name, ty, span)
    }

    /// The span code elaborated from `span` is attributed to: unknown for the prelude's.
    fn code_span(&self, span: Span) -> Span {
        if self.in_prelude {
            Span::default()
        } else {
            span
        }
    }

    fn print_type(&self, t: &Type) -> String {
        TypePrinter::new(&self.types).print(&self.u.zonk(t))
    }

    /// Unifies `actual` (the type of the expression at `span`) with `expected`.
    fn expect(&mut self, span: Span, actual: &Type, expected: &Type) -> TResult<()> {
        let err = match self.u.unify(actual, expected, &self.types) {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        let mut p = TypePrinter::new(&self.types);
        let a = p.print(&self.u.zonk(actual));
        let e = p.print(&self.u.zonk(expected));
        let mut message =
            format!("This expression has type {a} but an expression was expected of type {e}");
        if let unify::UnifyError::Escape(c) = err {
            let name = &self.types.decl(c).name;
            message.push_str(&format!(
                "\nThe type constructor {name} would escape its scope"
            ));
        }
        Err(Diagnostic::error(span, message).with_label(format!("has type {a}")))
    }

    /// Line (1-based) and column (0-based, in bytes) of a byte offset, as OCaml reports them.
    fn line_col(&self, offset: u32) -> (i64, i64) {
        let before = &self.source.as_bytes()[..(offset as usize).min(self.source.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() as i64 + 1;
        let col = before.iter().rev().take_while(|&&b| b != b'\n').count() as i64;
        (line, col)
    }

    /// Resolves every inference variable in the program; unconstrained ones become `unit`.
    fn finish(mut self, mut body: Expr) -> Program {
        let mut vars = std::mem::take(&mut self.vars);
        for v in &mut vars.vars {
            v.ty = self.ground(&v.ty);
        }
        self.ground_expr(&mut body);
        // Labelled arrows in declarations (`{ cb : x:int -> int }`) are plain arrows at run
        // time ([`labels`]).
        let labels = std::mem::take(&mut self.u.label_cons);
        for d in &mut self.types.decls {
            match &mut d.kind {
                crate::lambda::ir::DeclKind::Variant(cs) => {
                    for c in cs {
                        for a in &mut c.args {
                            *a = labels::strip_label_cons(a, &labels);
                        }
                    }
                }
                crate::lambda::ir::DeclKind::Record(fs) => {
                    for f in fs {
                        f.ty = labels::strip_label_cons(&f.ty, &labels);
                    }
                }
                _ => {}
            }
        }
        for e in &mut self.types.exceptions {
            for a in &mut e.args {
                *a = labels::strip_label_cons(a, &labels);
            }
        }
        Program {
            body,
            vars,
            types: self.types,
            next_tyvar: self.u.bindings.len() as u32,
            inline_sites: Default::default(),
        }
    }

    fn ground(&self, t: &Type) -> Type {
        let t = self.u.zonk(t);
        self.default_free(&t, &mut Vec::new())
    }

    /// Replaces type variables not bound by an enclosing `Forall` (nor in `bound`) by unit.
    fn default_free(&self, t: &Type, bound: &mut Vec<TyVar>) -> Type {
        match t {
            Type::Var(v) if bound.contains(v) || self.generalized(*v) => t.clone(),
            Type::Var(_) => Type::unit(),
            // A labelled parameter is its argument at run time ([`labels`]).
            Type::Con(c, a) if self.u.label_cons.contains(c) => self.default_free(&a[0], bound),
            Type::Con(c, a) => {
                Type::Con(*c, a.iter().map(|t| self.default_free(t, bound)).collect())
            }
            Type::Tuple(a) => Type::Tuple(a.iter().map(|t| self.default_free(t, bound)).collect()),
            Type::Arrow(a, b) => {
                Type::arrow(self.default_free(a, bound), self.default_free(b, bound))
            }
            Type::Forall(v, t) => {
                bound.push(*v);
                let r = Type::Forall(*v, Box::new(self.default_free(t, bound)));
                bound.pop();
                r
            }
        }
    }

    fn generalized(&self, v: TyVar) -> bool {
        self.u.levels[v.0 as usize] == u32::MAX
    }

    fn ground_expr(&self, e: &mut Expr) {
        match e {
            Expr::TyApp(f, t) => {
                *t = self.ground(t);
                self.ground_expr(f)
            }
            Expr::Construct { ty, args, .. } => {
                *ty = self.ground(ty);
                args.iter_mut().for_each(|a| self.ground_expr(a))
            }
            Expr::Switch {
                scrut,
                kind,
                arms,
                default,
                ty,
            } => {
                *ty = self.ground(ty);
                if let crate::lambda::ir::SwitchKind::Constructor(t) = kind {
                    *t = self.ground(t);
                }
                self.ground_expr(scrut);
                arms.iter_mut().for_each(|(_, a)| self.ground_expr(a));
                if let Some(d) = default {
                    self.ground_expr(d)
                }
            }
            Expr::Raise(x, ty) => {
                *ty = self.ground(ty);
                self.ground_expr(x)
            }
            _ => crate::lambda::visit::each_child_mut(e, &mut |c| self.ground_expr(c)),
        }
    }
}
