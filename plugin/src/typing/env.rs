//! Scoped name tables for the type checker: values, constructors, record fields, type names.
//!
//! Values are scoped (a `mark`/`restore` undo log); constructors, fields and type names are
//! declared at top level only and a later declaration shadows an earlier one, as in OCaml.

use std::collections::HashMap;

use crate::lambda::ir::{TyCon, TyVar, Type, VarId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueBinding {
    /// A variable of the program (its scheme is the variable's type in the var table).
    Var(VarId),
    /// A predefined primitive (an index into `builtins::builtins()`).
    Builtin(usize),
    /// Instance variable `n` of the innermost object whose methods are being typed (an
    /// index into its `typing::object_exprs::ObjectScope`'s variables).
    InstVar(u32),
    /// An object's earlier instance variable (or its `self`, `is_self`) in an instance
    /// variable's initialiser, where OCaml refuses it.
    NotInInitializer { is_self: bool },
    /// A name made invisible (the prelude's private helpers, once the prelude is done).
    Hidden,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CtorRef {
    /// Constructor `index` of variant type `ty`.
    Variant(TyCon, u32),
    /// Exception constructor `index`.
    Exception(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeName {
    Con(TyCon),
    /// `type ('a, 'b) t = ...` abbreviation: parameters and body.
    Abbrev(Vec<TyVar>, Type),
    /// Not a type: the marker `M.%module` saying that structure number `n` exists as `M`
    /// (see `modules::MODULE_MARKER`).
    ModuleMarker(u32),
}

#[derive(Default, Clone)]
pub struct Env {
    values: HashMap<String, Vec<ValueBinding>>,
    undo: Vec<String>,
    pub ctors: HashMap<String, CtorRef>,
    /// Label (`f`, `M.f`) → the record types declaring it there, with the field's index;
    /// latest last (see `field_scope`).
    pub fields: HashMap<String, Vec<(TyCon, u32)>>,
    pub types: HashMap<String, TypeName>,
    /// Functors by their qualified names (`Map.Make`).
    pub(crate) functors: HashMap<String, std::rc::Rc<super::modules::FunctorDef>>,
    /// Module types by their qualified names (`Map.OrderedType`).
    pub(crate) module_types: HashMap<String, std::rc::Rc<super::modules::ModTypeDef>>,
    /// Constructors bound again by a re-exported definition (`type t = s = A | B`), in order:
    /// a structure declares them though each means what an outer name already means.
    pub(crate) rebound_ctors: Vec<String>,
}

impl Env {
    pub fn bind(&mut self, name: &str, b: ValueBinding) {
        self.values.entry(name.to_string()).or_default().push(b);
        self.undo.push(name.to_string());
    }

    pub fn lookup(&self, name: &str) -> Option<ValueBinding> {
        self.values
            .get(name)
            .and_then(|v| v.last().copied())
            .filter(|b| *b != ValueBinding::Hidden)
    }

    /// The names bound since `mark`, first binding first, each once.
    pub fn names_since(&self, mark: usize) -> Vec<String> {
        let mut seen = std::collections::HashSet::new();
        self.undo[mark..]
            .iter()
            .filter(|n| seen.insert(n.as_str()))
            .cloned()
            .collect()
    }

    /// Every value name currently visible.
    pub fn visible_names(&self) -> Vec<String> {
        self.values
            .iter()
            .filter(|(_, v)| v.last().is_some_and(|b| *b != ValueBinding::Hidden))
            .map(|(n, _)| n.clone())
            .collect()
    }

    /// Every visible value whose name starts with `prefix` (`List.`), with its binding, in no
    /// particular order: [`Env::visible_names`] filtered, without copying the other names.
    pub fn visible_with_prefix(&self, prefix: &str) -> Vec<(String, ValueBinding)> {
        self.values
            .iter()
            .filter(|(n, _)| n.starts_with(prefix))
            .filter_map(|(n, v)| {
                let b = v.last().copied().filter(|b| *b != ValueBinding::Hidden)?;
                Some((n.clone(), b))
            })
            .collect()
    }

    /// Whether a visible value's name starts with `prefix`.
    pub fn any_visible_with_prefix(&self, prefix: &str) -> bool {
        self.values.iter().any(|(n, v)| {
            n.starts_with(prefix) && v.last().is_some_and(|b| *b != ValueBinding::Hidden)
        })
    }

    pub fn mark(&self) -> usize {
        self.undo.len()
    }

    /// Forgets every value bound since `mark`.
    pub fn restore(&mut self, mark: usize) {
        while self.undo.len() > mark {
            let name = self.undo.pop().unwrap();
            if let Some(stack) = self.values.get_mut(&name) {
                stack.pop();
            }
        }
    }
}
