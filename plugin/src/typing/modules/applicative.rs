//! Applicative functors: the types of `F (A)` are one set of types however often `F` is
//! applied to `A` (OCaml's `Map.Make(String).t`; after `module M1 = Map.Make (String)` and
//! `module M2 = Map.Make (String)`, `M1.t` and `M2.t` are equal).
//!
//! Functors are applied at compile time (`modules/mod.rs`): each application elaborates the
//! body anew, so its type declarations are new type constructors. An application has a *key*,
//! the functor's identity and its argument's ([`Typer::module_identity`]). The first
//! application of a key records the type constructors its body creates — type declarations,
//! inline records' types, the abstract types a signature makes ([`Typer::applicative_type`])
//! — in order. A later application of the key elaborates the same body in the same
//! environment, so it creates the same sequence; each of its constructors becomes an abstract
//! type that is *transparent* with the first application's constructor as its definition
//! (`unify::AbstractType`, not opaque): unification sees the two as one type, and the lambda
//! IR, which sees abstract types as their definitions, sees only the first. Values and
//! exceptions are not shared: the body runs once per application, as under ocamlopt.
//!
//! Identities. A functor's is [`super::FunctorDef::key`]: a number of its own, or, for a
//! functor a body defines (a submodule, or what applying a functor of several parameters to
//! its first argument leaves), the application's key and the functor's rank in the body, so
//! `F(A)(B)` is applicative too. A module's is its marker `M.%module`'s number (see
//! `MODULE_MARKER`); an alias (`module S = String`) and a functor's parameter share their
//! module's, as OCaml's paths are equal through aliases; a structure built inside an
//! application's body has the marker of its key and rank ([`Typer::structure_marker`]), the
//! application's result one of its own (`M1` and `M2` are not aliases). A structure written
//! in place as the argument (`F (struct .. end)`) is a hidden module with a marker of its
//! own: outside any application's body, that application is generative, as in OCaml. A functor of no parameter (`F ()`) is generative:
//! its applications have no key.
//!
//! Invariant: a key's later application creates, at each rank, a constructor with as many
//! parameters as the first one's; one that does not (never, the body and environment being
//! the same) is left a type of its own.

use std::collections::HashMap;

use super::super::env::TypeName;
use super::super::unify::AbstractType;
use super::super::Typer;
use super::MODULE_MARKER;
use crate::lambda::ir::{TyCon, Type};

/// The applications being elaborated and what their first elaborations created.
#[derive(Default)]
pub(crate) struct Applications {
    /// Per key, the type constructors its first application created, in order.
    created: HashMap<String, Vec<TyCon>>,
    /// The applications whose bodies are being elaborated, innermost last.
    frames: Vec<Frame>,
    /// The marker numbers given to modules that have no marker of their own (the prelude's
    /// sections: `Array`), by path.
    section_ids: HashMap<String, u32>,
    /// Functors defined outside any application, numbered.
    functors: u32,
    /// The marker numbers of the structures an application's body builds, by key and rank.
    markers: HashMap<String, u32>,
    /// While a local module (`let module`) is elaborated: how many modules had a marker and
    /// how many functors were numbered when the outermost one began. A functor or module
    /// numbered at most that is an outer one.
    local_floor: Option<(u32, u32)>,
}

/// One application being elaborated.
struct Frame {
    /// `None`: a generative application.
    key: Option<String>,
    /// The key was applied before: the constructors created are the first application's.
    replay: bool,
    /// Constructors created so far (in a replay).
    types: usize,
    /// Inside a local module, the functor and the argument are outer modules: the
    /// constructors a first application creates leave the local module's scope.
    global: bool,
    /// Functors defined so far.
    functors: usize,
    /// Structures built so far.
    structures: usize,
}

/// What [`Applications::snapshot`] keeps: the memo's tables.
pub(crate) struct MemoSnapshot {
    created: HashMap<String, Vec<TyCon>>,
    markers: HashMap<String, u32>,
}

impl Applications {
    /// The first applications and structure markers recorded so far, to be restored after
    /// elaborating code that is dropped (a functor's body checked at its definition).
    pub(crate) fn snapshot(&self) -> MemoSnapshot {
        MemoSnapshot {
            created: self.created.clone(),
            markers: self.markers.clone(),
        }
    }

    pub(crate) fn restore(&mut self, s: MemoSnapshot) {
        self.created = s.created;
        self.markers = s.markers;
    }
}

impl<'s> Typer<'s> {
    /// The identity of module `path`, for application keys (see the module doc).
    pub(crate) fn module_identity(&mut self, path: &str) -> String {
        if let Some(f) = self.env.functors.get(path) {
            return f.key.clone();
        }
        format!("%{}", self.module_marker(path))
    }

    /// The marker number of module `path`: its own, or one given to its path.
    pub(crate) fn module_marker(&mut self, path: &str) -> u32 {
        let marker = format!("{path}.{MODULE_MARKER}");
        if let Some(TypeName::ModuleMarker(n)) = self.env.types.get(&marker) {
            return *n;
        }
        if let Some(n) = self.applications_memo.section_ids.get(path) {
            return *n;
        }
        self.hidden_modules += 1;
        let n = self.hidden_modules;
        self.applications_memo
            .section_ids
            .insert(path.to_string(), n);
        n
    }

    /// Entering the body of an application of the functor `functor_key` to the module of
    /// identity `arg` (`None`: to `()`).
    pub(crate) fn enter_application(&mut self, functor_key: &str, arg: Option<String>) {
        let global = self.outer_application(functor_key, arg.as_deref());
        let key = arg.map(|a| format!("{functor_key}({a})"));
        let replay = key
            .as_ref()
            .is_some_and(|k| self.applications_memo.created.contains_key(k));
        if let (Some(k), false) = (&key, replay) {
            self.applications_memo.created.insert(k.clone(), Vec::new());
        }
        self.applications_memo.frames.push(Frame {
            key,
            replay,
            types: 0,
            global,
            functors: 0,
            structures: 0,
        });
    }

    /// Runs `f`, the elaboration of a local module (`let module`): applications of outer
    /// functors to outer modules in it are the outer paths' (see [`Self::outer_application`]).
    pub(crate) fn in_local_module<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let memo = &mut self.applications_memo;
        let outermost = memo.local_floor.is_none();
        if outermost {
            memo.local_floor = Some((self.hidden_modules, memo.functors));
        }
        let r = f(self);
        if outermost {
            self.applications_memo.local_floor = None;
        }
        r
    }

    /// Inside a local module, whether the application of functor `functor_key` to the module
    /// of identity `arg` is one of outer modules: a functor defined outside any application
    /// before the outermost local module, applied to a module that had its marker then (or a
    /// stdlib section's). OCaml names its types by that path (`Set.Make(Int).t`), which no
    /// local scope binds. Outside local modules, false: nothing checks their scope there.
    fn outer_application(&self, functor_key: &str, arg: Option<&str>) -> bool {
        let memo = &self.applications_memo;
        let (Some((modules, functors)), Some(arg)) = (memo.local_floor, arg) else {
            return false;
        };
        // Nested in an application that is not an outer one: the body's types are its own.
        if memo.frames.last().is_some_and(|f| !f.global) {
            return false;
        }
        let outer_functor = functor_key
            .strip_prefix('#')
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n <= functors);
        let outer_arg = arg
            .strip_prefix('%')
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n <= modules || memo.section_ids.values().any(|&s| s == n));
        outer_functor && outer_arg
    }

    pub(crate) fn leave_application(&mut self) {
        self.applications_memo.frames.pop();
    }

    /// The key of a functor being defined: its application's key and rank inside an
    /// application's body, a number of its own elsewhere.
    pub(crate) fn new_functor_key(&mut self) -> String {
        let memo = &mut self.applications_memo;
        match memo.frames.last_mut() {
            Some(Frame {
                key: Some(k),
                functors,
                ..
            }) => {
                *functors += 1;
                format!("{k}.{functors}")
            }
            _ => {
                memo.functors += 1;
                format!("#{}", memo.functors)
            }
        }
    }

    /// The marker number of a structure being built: inside an application's body, the
    /// application's key and the structure's rank name it (so `F (A)`'s `struct .. end`
    /// argument of a functor in the body is one path however often `F (A)` is applied);
    /// a number of its own elsewhere.
    pub(crate) fn structure_marker(&mut self) -> u32 {
        let memo = &mut self.applications_memo;
        let derived = match memo.frames.last_mut() {
            Some(Frame {
                key: Some(k),
                structures,
                ..
            }) => {
                *structures += 1;
                Some(format!("{k}#{structures}"))
            }
            _ => None,
        };
        if let Some(n) = derived.as_ref().and_then(|d| memo.markers.get(d)) {
            return *n;
        }
        self.hidden_modules += 1;
        if let Some(d) = derived {
            memo.markers.insert(d, self.hidden_modules);
        }
        self.hidden_modules
    }

    /// Type constructor `con` was just created (declared, or made by a signature): recorded
    /// in a first application, made the first application's in a later one.
    pub(crate) fn applicative_type(&mut self, con: TyCon) {
        let memo = &mut self.applications_memo;
        let Some(Frame {
            key: Some(key),
            replay,
            types,
            global,
            ..
        }) = memo.frames.last_mut()
        else {
            return;
        };
        if !*replay {
            memo.created
                .get_mut(key.as_str())
                .expect("entered")
                .push(con);
            if *global {
                self.u.global_cons.insert(con);
            }
            return;
        }
        let rank = *types;
        *types += 1;
        let Some(&first) = memo.created.get(key.as_str()).and_then(|c| c.get(rank)) else {
            return;
        };
        let params = self.types.decl(con).params.clone();
        if first == con || self.types.decl(first).params.len() != params.len() {
            return;
        }
        let args = params.iter().map(|p| Type::Var(*p)).collect();
        self.u.abstract_types.insert(
            con,
            AbstractType {
                params,
                manifest: Type::Con(first, args),
                opaque: false,
                existential: false,
            },
        );
    }
}
