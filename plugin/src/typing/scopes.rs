//! OCaml's scoped names of code (`Debuginfo.Scoped_location` in OCaml's `lambda/`): the name
//! `__FUNCTION__` gives, `T.f`, `T.M.g.(fun)`.
//!
//! The scope of code is built as OCaml's translation builds it:
//! - a compilation unit is a module definition (`T` for `t.ml`), as is `module M = ..`
//!   (`T.M`), `let module M = .. in` and a functor's definition (its body's code is the
//!   functor's, `T.F`, at every application);
//! - a binding of a structure's `let` whose pattern binds a name is a value definition
//!   (`T.x`, named after the pattern's first variable), and so is a local `let` whose
//!   expression is a function (`T.f.g`); another local `let` opens no scope;
//! - a `fun`/`function` that is not directly the expression of such a definition is an
//!   anonymous function (`T.f.(fun)`; nested ones stay `T.f.(fun)`);
//! - a function whose body is directly another function with one unguarded case (`fun x ->
//!   fun y -> ..`, `fun x -> function ..`) is one function with both (OCaml's curried
//!   functions): the inner one opens no scope.
//!
//! Every `Fun` the typer makes carries the name of the scopes its code is elaborated in
//! ([`Typer::fun_name`]): later stages keep it, and the backtrace and debug tables print it (a
//! `lazy`'s thunk or a match case's function is the enclosing definition's code, as in OCaml).
//!
//! Invariant: the typer's current [`Scopes`] are those of the expression being elaborated;
//! every place that changes them restores them when it leaves (`Typer::with_scopes`).

use super::Typer;
use crate::lambda::ir::FunName;
use crate::syntax::ast::{self, ExprKind, PatternKind};

/// Where code is: nothing yet (the prelude), or a chain of definitions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Scopes(Option<Scope>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Scope {
    /// The scoped name: `T.f`, `T.f.(fun)`.
    name: String,
    /// The innermost definition is an anonymous function.
    anonymous: bool,
}

impl Scopes {
    /// The name `__FUNCTION__` gives: `<unknown>` outside any definition.
    pub fn name(&self) -> &str {
        self.0.as_ref().map_or("<unknown>", |s| &s.name)
    }

    /// The scoped name of a function whose code is in these scopes ([`FunName`]): the name,
    /// empty outside any definition (the prelude's code).
    pub fn fun_name(&self) -> FunName {
        self.0
            .as_ref()
            .map_or_else(|| FunName::from(""), |s| FunName::from(s.name.as_str()))
    }

    /// Inside the definition of module or value `name` (a symbolic name in parentheses, as
    /// OCaml writes `T.( +! )` — `T.(+!)`).
    pub fn enter_definition(&self, name: &str) -> Scopes {
        let own = match name.chars().next() {
            Some(c) if c.is_ascii_alphanumeric() || c == '_' => name.to_string(),
            Some(_) => format!("({name})"),
            None => String::new(),
        };
        let name = match &self.0 {
            None => own,
            Some(s) => format!("{}.{own}", s.name),
        };
        Scopes(Some(Scope {
            name,
            anonymous: false,
        }))
    }

    /// Inside method `m` of an object: `c#m` in class `c` (whose value is `c#new`),
    /// `scope.object#m` for an immediate object, as OCaml names methods.
    pub fn enter_method(&self, m: &str) -> Scopes {
        let outer = self.0.as_ref().map(|s| s.name.as_str()).unwrap_or("");
        let name = match outer.find("#new") {
            Some(i) => format!("{}#{m}", &outer[..i]),
            None if outer.is_empty() => format!("object#{m}"),
            None => format!("{outer}.object#{m}"),
        };
        Scopes(Some(Scope {
            name,
            anonymous: false,
        }))
    }

    /// Inside an anonymous function.
    pub fn enter_anonymous_function(&self) -> Scopes {
        let name = match &self.0 {
            None => "(fun)".to_string(),
            Some(s) if s.anonymous => s.name.clone(),
            Some(s) => format!("{}.(fun)", s.name),
        };
        Scopes(Some(Scope {
            name,
            anonymous: true,
        }))
    }
}

/// The function `e` is, seen through what OCaml keeps as extras of the function's own node
/// (type constraints, coercions, locally abstract types).
pub(crate) fn function_node(e: &ast::Expr) -> Option<&ast::Expr> {
    match &e.kind {
        ExprKind::Fun(..) | ExprKind::Function(_) => Some(e),
        ExprKind::Constraint(x, _) | ExprKind::Coerce(x, _, _) | ExprKind::Newtype(_, x) => {
            function_node(x)
        }
        _ => None,
    }
}

/// The function that continues function `f` (its body is directly another function after one
/// unguarded case): it is compiled as part of `f` and opens no scope of its own.
pub(crate) fn curried_continuation(f: &ast::Expr) -> Option<&ast::Expr> {
    match &f.kind {
        ExprKind::Fun(_, body) => function_node(body),
        ExprKind::Function(cases) => match cases.as_slice() {
            [case] if case.guard.is_none() => function_node(&case.body),
            _ => None,
        },
        _ => None,
    }
}

/// The first name pattern `p` binds, in OCaml's order (an alias after what it names, an
/// or-pattern's first alternative).
pub(crate) fn first_bound_name(p: &ast::Pattern) -> Option<&str> {
    match &p.kind {
        PatternKind::Var(n) => Some(n),
        PatternKind::Alias(q, n) => first_bound_name(q).or(Some(n)),
        PatternKind::Or(q, _)
        | PatternKind::Lazy(q)
        | PatternKind::Constraint(q, _)
        | PatternKind::Exception(q)
        | PatternKind::Open(_, q)
        | PatternKind::NamedExistentials(_, q) => first_bound_name(q),
        PatternKind::Construct(_, q) => q.as_deref().and_then(first_bound_name),
        PatternKind::Tuple(ps) | PatternKind::Array(ps) => ps.iter().find_map(first_bound_name),
        PatternKind::Record { fields, .. } => {
            fields.iter().find_map(|(_, _, q)| first_bound_name(q))
        }
        PatternKind::Any | PatternKind::Constant(_) | PatternKind::CharRange(..) => None,
    }
}

fn address(e: &ast::Expr) -> usize {
    e as *const ast::Expr as usize
}

impl Typer<'_> {
    /// Runs `f` with `scopes` as the current scopes, restoring the previous ones after.
    pub(super) fn with_scopes<R>(&mut self, scopes: Scopes, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = std::mem::replace(&mut self.scopes, scopes);
        let result = f(self);
        self.scopes = saved;
        result
    }

    /// The scoped name of a function made here (whose code is in the current scopes).
    pub(crate) fn fun_name(&self) -> FunName {
        self.scopes.fun_name()
    }

    /// The scopes of the body of function `e` (a `fun` or `function` node): its definition's
    /// when a definition binds it (or it continues one), else an anonymous function's.
    pub(super) fn function_scopes(&mut self, e: &ast::Expr) -> Scopes {
        let own = self.scoped_fun == Some(address(e));
        self.scoped_fun = curried_continuation(e).map(address);
        if own {
            self.scopes.clone()
        } else {
            self.scopes.enter_anonymous_function()
        }
    }

    /// The scopes of the expression of binding `b`, of a structure's `let` when
    /// `in_structure`: a value definition's, or the current ones.
    pub(super) fn binding_scopes(&mut self, b: &ast::Binding, in_structure: bool) -> Scopes {
        let function = function_node(&b.expr);
        match first_bound_name(&b.pat) {
            Some(name) if in_structure || function.is_some() => {
                self.scoped_fun = function.map(address);
                self.scopes.enter_definition(name)
            }
            _ => self.scopes.clone(),
        }
    }

    /// The scopes of method `m` whose body is `body` (a function it is is `m`'s too).
    pub(super) fn method_scopes(&mut self, m: &str, body: &ast::Expr) -> Scopes {
        self.scoped_fun = function_node(body).map(address);
        self.scopes.enter_method(m)
    }

    /// The code of a compilation unit of module `name`.
    pub(super) fn enter_unit_scope(&mut self, name: &str) {
        self.scopes = Scopes::default().enter_definition(name);
    }

    /// Entering the structure of module `name` (`%N`: a module the elaboration made up, not a
    /// definition; `%N@M`: one written in the application defining `M`, in `M`'s scope); the
    /// body of a functor being applied keeps the functor's scopes.
    pub(super) fn enter_module_scopes(&mut self, name: &str) {
        self.scope_stack
            .push((self.scopes.clone(), self.functor_body_pending));
        if std::mem::take(&mut self.functor_body_pending) {
            return;
        }
        let defined = match name.strip_prefix('%') {
            Some(hidden) => hidden.split_once('@').map(|(_, d)| d),
            None => Some(name),
        };
        if let Some(d) = defined {
            self.scopes = match (&self.scopes.0, self.installed_unit(d)) {
                // An installed stdlib unit: its code is named as ocamlopt names the unit.
                (None, Some(unit)) => Scopes::default().enter_definition(&unit),
                _ => self.scopes.enter_definition(d),
            };
        }
    }

    /// OCaml's name of the compilation unit of installed stdlib module `name`, when `name` is
    /// the installed unit whose section is being elaborated: `Stdlib__Hashtbl` (OCaml's
    /// stdlib is compiled with `-o stdlib__Hashtbl`), the `Camlinternal` units under their
    /// own names (`CamlinternalLazy`).
    fn installed_unit(&self, name: &str) -> Option<String> {
        if !self.prelude_phrase || crate::installed_files::of_module(name).is_none() {
            return None;
        }
        Some(if name.starts_with("Camlinternal") {
            name.to_string()
        } else {
            format!("Stdlib__{name}")
        })
    }

    /// Leaving a module's structure or a functor's body.
    pub(super) fn leave_scopes(&mut self) {
        if let Some((scopes, pending)) = self.scope_stack.pop() {
            self.scopes = scopes;
            self.functor_body_pending = pending;
        }
    }

    /// The scopes of the body of functor `name` being defined: its own definition's, or, for
    /// the rest of a functor being applied to its first arguments, the functor's.
    pub(super) fn functor_scopes(&mut self, name: &str) -> Scopes {
        if std::mem::take(&mut self.functor_body_pending) {
            self.scopes.clone()
        } else {
            self.scopes.enter_definition(name)
        }
    }

    /// Entering the body of a functor defined with `scopes`, at an application.
    pub(super) fn enter_functor_scopes(&mut self, scopes: &Scopes) {
        self.scope_stack
            .push((self.scopes.clone(), self.functor_body_pending));
        self.scopes = scopes.clone();
        self.functor_body_pending = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_ocamls() {
        let unit = Scopes::default().enter_definition("T");
        let f = unit.enter_definition("f");
        assert_eq!(f.name(), "T.f");
        let anon = f.enter_anonymous_function();
        assert_eq!(anon.name(), "T.f.(fun)");
        assert_eq!(anon.enter_anonymous_function().name(), "T.f.(fun)");
        assert_eq!(anon.enter_definition("g").name(), "T.f.(fun).g");
        assert_eq!(unit.enter_definition("+!").name(), "T.(+!)");
        assert_eq!(Scopes::default().name(), "<unknown>");
        assert_eq!(Scopes::default().enter_anonymous_function().name(), "(fun)");
    }
}
