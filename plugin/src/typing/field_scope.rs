//! Record fields are scoped by module, as OCaml's labels are (`Env.lookup_all_labels`,
//! `Typecore.NameChoice`): a field declared in module `M` is `M.f` outside it, `f` only where
//! `M` is opened or included.
//!
//! Representation: [`super::env::Env::fields`] maps a label as it may be written where it is
//! visible (`f`, `M.N.f`) to every record type declaring it there, latest last (shadowed
//! declarations stay: type-directed disambiguation may pick them).
//!
//! Invariants:
//! - when a module's scope ends ([`Typer::qualify_fields`]), each unqualified or nested
//!   label means again what it meant before the module began, and the module's own
//!   declarations of it (not those an `open` in it brought) are `module.label`;
//! - `open M` appends `M.f`'s declarations to `f`'s ([`Typer::open_fields`]); its undo
//!   puts `f`'s list back as it was;
//! - a label out of scope is found only through the known type of the record
//!   (OCaml's warning 40, which egret does not print): `record_type_of`'s first step.

use std::collections::HashMap;

use super::Typer;
use crate::lambda::ir::{DeclKind, TyCon};

/// The declarations of one label: (record type, field index), latest last.
pub(crate) type FieldDecls = Vec<(TyCon, u32)>;

/// The labels of a record expression or pattern as OCaml reads them
/// (`Typecore.type_label_a_list`'s `find_record_qual`): an unqualified label is taken in the
/// module of the first qualified one (`{M.a = 1; b = 2}` is `{M.a = 1; M.b = 2}`).
pub(crate) fn qualified_labels(labels: &[&str]) -> Vec<String> {
    let module = labels
        .iter()
        .find_map(|l| l.rsplit_once('.').map(|(m, _)| m));
    labels
        .iter()
        .map(|l| match module {
            Some(m) if !l.contains('.') => format!("{m}.{l}"),
            _ => l.to_string(),
        })
        .collect()
}

impl<'s> Typer<'s> {
    /// The declarations label `label` (`f`, `M.f`, `F(A).f`) names in scope, latest last.
    pub(super) fn field_candidates(&self, label: &str) -> FieldDecls {
        let key = match label.rsplit_once('.') {
            Some((module, f)) => format!("{}.{f}", self.resolve_module_path(module)),
            None => label.to_string(),
        };
        self.env.fields.get(&key).cloned().unwrap_or_default()
    }

    /// Whether field `label` of a record is mutable: the declaration in scope, else (a label
    /// out of scope, found through a known type) any record declaring a mutable field of that
    /// name — a record built with it is then not a value, as OCaml's may not be.
    pub(super) fn field_is_mutable(&self, label: &str) -> bool {
        let mutable = |(c, i): (TyCon, u32)| match &self.types.decl(c).kind {
            DeclKind::Record(fs) => fs[i as usize].mutable,
            _ => false,
        };
        match self.field_candidates(label).last() {
            Some(&d) => mutable(d),
            None => {
                let name = super::records::field_name(label);
                (self.types.decls.iter()).any(|d| match &d.kind {
                    DeclKind::Record(fs) => fs.iter().any(|f| f.name == name && f.mutable),
                    _ => false,
                })
            }
        }
    }

    /// `open M`: each label `M.f` is also `f`, after the declarations `f` had. Returns what
    /// each label it extended meant before, for [`Typer::close_open_fields`].
    pub(super) fn open_fields(&mut self, path: &str) -> Vec<(String, Option<FieldDecls>)> {
        let prefix = format!("{path}.");
        let mut opened: Vec<(String, FieldDecls)> = (self.env.fields.iter())
            .filter_map(|(n, d)| Some((n.strip_prefix(&prefix)?.to_string(), d.clone())))
            .collect();
        opened.sort_by(|a, b| a.0.cmp(&b.0));
        let mut undo = Vec::new();
        for (n, decls) in opened {
            let before = self.env.fields.get(&n).cloned();
            let mut now = before.clone().unwrap_or_default();
            now.extend(decls);
            self.env.fields.insert(n.clone(), now);
            undo.push((n, before));
        }
        undo
    }

    /// Ends a local open: the labels it extended mean what they meant before.
    pub(super) fn close_open_fields(&mut self, undo: Vec<(String, Option<FieldDecls>)>) {
        for (n, before) in undo.into_iter().rev() {
            match before {
                Some(d) => self.env.fields.insert(n, d),
                None => self.env.fields.remove(&n),
            };
        }
    }

    /// Ends module `module`'s scope for its labels: every label whose declarations changed
    /// since `outer` (the fields when the module began) means what it meant then, and the
    /// declarations the module added, less those its `open`s brought (`opened`), are
    /// `module.label`.
    pub(super) fn qualify_fields(
        &mut self,
        outer: &HashMap<String, FieldDecls>,
        module: &str,
        opened: &[(String, FieldDecls)],
    ) {
        let mut changed: Vec<String> = (self.env.fields.iter())
            .filter(|&(n, d)| outer.get(n) != Some(d))
            .map(|(n, _)| n.clone())
            .collect();
        changed.sort();
        let mut qualified: Vec<(String, FieldDecls)> = Vec::new();
        for n in changed {
            let now = self.env.fields.remove(&n).expect("changed above");
            let before = outer.get(&n).cloned().unwrap_or_default();
            // What the module added: after the outer declarations when they are still there
            // (a re-exported record, `type u = t = {..}`, declares again an outer field), else
            // those the outer scope did not have.
            let mut own: FieldDecls = if now.starts_with(&before) {
                now[before.len()..].to_vec()
            } else {
                now.into_iter().filter(|d| !before.contains(d)).collect()
            };
            for (_, decls) in opened.iter().filter(|(o, _)| *o == n) {
                for d in decls {
                    if let Some(i) = own.iter().position(|x| x == d) {
                        own.remove(i);
                    }
                }
            }
            if outer.contains_key(&n) {
                self.env.fields.insert(n.clone(), before);
            }
            if !own.is_empty() {
                qualified.push((format!("{module}.{n}"), own));
            }
        }
        for (n, own) in qualified {
            self.env.fields.insert(n, own);
        }
    }
}
