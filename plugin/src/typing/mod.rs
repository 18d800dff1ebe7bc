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
mod classes;
pub(crate) mod classic;
mod constraints;
mod declared_variance;
mod decls;
mod env;
mod expr;
mod extensible;
mod externals;
mod field_scope;
mod format_gadt;
pub(crate) mod gadt;
mod immediacy;
mod inline_records;
pub(crate) mod labels;
mod lazy;
mod let_tuples;
mod letrec;
mod letrec_view;
mod location;
mod matching;
mod modules;
mod named_existentials;
mod object_exprs;
mod objects;
mod open_escape;
mod pattern;
mod pattern_poly;
mod poly;
pub(crate) mod prelude;
mod pvariant;
mod rec_check;
mod records;
mod scopes;
mod structure;
mod unboxed;
mod unify;
mod variance;
mod wellformed;
mod with_aliases;

use crate::diagnostics::{Diagnostic, Span};
use crate::lambda::ir::{Expr, Program, TyVar, Type, TypeTable, VarId, VarTable};
use crate::syntax::ast;
pub use builtins::{EXCEPTIONS, EXN_ASSERT_FAILURE, EXN_MATCH_FAILURE};
use env::TypeName;
use env::{Env, ValueBinding};
pub use prelude::modules as prelude_modules;
use unify::{TypePrinter, Unifier};

pub type TResult<T> = Result<T, Diagnostic>;

/// What a top-level phrase is: an item, or the start or end of a `module M = struct .. end`
/// (whose items come between the two).
#[derive(Clone)]
pub(crate) enum PhraseKind<'a> {
    Item(&'a ast::Item),
    /// `module M = struct`: the name and the span of the whole item.
    EnterModule(String, Span),
    LeaveModule,
    /// `module M = P`: another name for module `P` (or functor `P`).
    Alias(String, String, Span),
    /// `(M : MT)` after `M`'s phrases: `M` checked against `MT` and restricted to it
    /// (`true`: `M` is a functor's parameter).
    Seal(String, &'a ast::ModType, Span, bool),
    /// `module F = functor params -> body`.
    DefineFunctor(String, &'a [ast::FunctorParam], &'a ast::ModExpr, Span),
    /// `module name = functor (arg)`, the functor and the argument as paths (`None`: `()`).
    Apply {
        name: String,
        functor: String,
        arg: Option<String>,
        span: Span,
        /// Part of an application of several arguments, `span` the whole's.
        chain: bool,
    },
    /// The start of a functor's body: its environment, the parameter bound to the argument.
    EnterFunctor {
        functor: std::rc::Rc<modules::FunctorDef>,
        param: Option<String>,
        arg: Option<String>,
        /// A path applied to paths (`F(A)(B)`): the body's types are named `F(A)(B).t`
        /// outside it (OCaml strengthens the result), not the including structure's own.
        path: bool,
    },
    /// The end of a functor's body that built the module `name`.
    LeaveFunctor(String),
    /// `include ME` of a module expression elaborated as the (hidden) module named.
    IncludePath(String, Span),
    /// `open ME` of a module expression elaborated as the (hidden) module named.
    OpenPath(String, Span),
    /// The body of `let module M = ME in body`: the last phrase, whose value is the result.
    Body(&'a ast::Expr),
    /// `module rec A : SA = MEA and ..`: expands into the bodies' phrases, each followed by a
    /// `RecModuleDone` (`typing/modules/recursive.rs`).
    RecModules(&'a [ast::RecModule], Span),
    /// The start of the body of the recursive module numbered so in the group being elaborated.
    RecModuleStart(usize),
    /// The end of the body of the recursive module numbered so in the group being elaborated.
    RecModuleDone(usize),
    /// `(val e)` as the contents of the module being entered.
    Unpack(&'a ast::Expr, Span),
    /// A functor's parameter `X : S` as its body sees it at the definition: a module of
    /// signature `S` whose abstract types are new (`modules::parameters`).
    ParamModule(String, &'a ast::ModType),
    /// The last phrase of packing `(module M : S)`: the block of `M`'s values, of the package
    /// type given.
    PackBody(String, Type, Span),
}

/// One top-level phrase and the section of the program it belongs to.
#[derive(Clone)]
pub(crate) struct Phrase<'a> {
    kind: PhraseKind<'a>,
    section: usize,
    /// The prelude module the phrase defines names of (`List`), if any.
    module: Option<String>,
    /// The last section of the prelude: closing it hides the prelude's private names.
    ends_prelude: bool,
    /// The phrase is the prelude's (its spans index the prelude's text, not the program's).
    prelude: bool,
    /// The phrase's syntax is the prelude's text, though it is elaborated as part of the
    /// program (the body of a prelude functor the program applies).
    prelude_text: bool,
}

/// Type-checks `program` (whose source text is `source`, named `file_name` in run-time
/// messages such as `Match_failure`) into the lambda IR, after the standard-library prelude
/// ([`prelude`]). Warnings are returned alongside.
pub fn type_program(
    program: &ast::Program,
    source: &str,
    file_name: &str,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    type_program_with(program, source, file_name, TypeOptions::default())
}

/// What typing keeps beyond the program's meaning.
#[derive(Clone, Copy, Debug, Default)]
pub struct TypeOptions {
    /// The installed stdlib units' code keeps its locations in their files (the calls and
    /// raises, for the backtrace table under `-g`; [`crate::installed_files`]). Without it
    /// that code has no location, as the prelude's own: nothing would read them, and every
    /// stage would carry them.
    pub stdlib_locations: bool,
    /// The program links the Unix library (`unix.cmxa`, [`crate::libraries`]): `Unix` is
    /// bound (when the program names it).
    pub unix: bool,
}

/// [`type_program`] with [`TypeOptions`].
pub fn type_program_with(
    program: &ast::Program,
    source: &str,
    file_name: &str,
    opts: TypeOptions,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    let files = vec![SourceFile {
        name: file_name.to_string(),
        base: 0,
        len: source.len() as u32,
    }];
    type_program_in(program, source, files, false, false, opts)
}

/// [`type_program`] for a file of toplevel phrases (OCaml's `expect` tests, through `egret
/// check --toplevel`): as the toplevel types them, a top-level binding whose type keeps a weak
/// type variable (`let r = ref []`) is not an error, as it is at the end of a compilation
/// unit. Everything else is checked as in [`type_program`].
pub fn type_toplevel_phrases(
    program: &ast::Program,
    source: &str,
    file_name: &str,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    let files = vec![SourceFile {
        name: file_name.to_string(),
        base: 0,
        len: source.len() as u32,
    }];
    type_program_in(program, source, files, false, true, TypeOptions::default())
}

/// A source file of a program of several files: its name and where its text is in the
/// program's source (the files one after the other).
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub base: u32,
    pub len: u32,
}

/// Type-checks a program of several files, each a compilation unit: `program`'s items are
/// the units, `module A = struct .. end` (with its interface as the signature) in link order.
pub fn type_units(
    program: &ast::Program,
    source: &str,
    files: Vec<SourceFile>,
    opts: TypeOptions,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    type_program_in(program, source, files, true, false, opts)
}

fn type_program_in(
    program: &ast::Program,
    source: &str,
    files: Vec<SourceFile>,
    units: bool,
    toplevel: bool,
    opts: TypeOptions,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    type_program_checked(program, source, files, units, toplevel, opts).map_err(|ds| {
        ds.into_iter()
            .map(|d| library_not_linked(d, opts))
            .collect()
    })
}

/// `d`, with a note naming the argument that links the library when it says a library's module
/// is unbound and the program does not link it (`unix.cmxa`, [`crate::libraries`]).
fn library_not_linked(d: Diagnostic, opts: TypeOptions) -> Diagnostic {
    let Some(rest) = d.message.strip_prefix("Unbound module ") else {
        return d;
    };
    let module = rest.split('.').next().unwrap_or(rest);
    match crate::libraries::by_module(module) {
        Some(lib) if !(opts.unix && lib.module == "Unix") => {
            let note = format!(
                "{module} is OCaml's {} library: link it by naming `{}` among the files, as \
                 with ocamlopt",
                lib.file.trim_end_matches(".ml"),
                lib.archive
            );
            d.with_note(note)
        }
        _ => d,
    }
}

fn type_program_checked(
    program: &ast::Program,
    source: &str,
    files: Vec<SourceFile>,
    units: bool,
    toplevel: bool,
    opts: TypeOptions,
) -> Result<(Program, Vec<Diagnostic>), Vec<Diagnostic>> {
    let prelude = prelude::needed(source, opts.unix).map_err(|d| vec![d])?;
    let mut phrases = Vec::new();
    let mut typer = Typer::new(source, &files[files.len() - 1].name);
    typer.stdlib_locations = opts.stdlib_locations;
    typer.files = files;
    typer.units = units;
    typer.toplevel = toplevel;
    for (k, section) in prelude.iter().enumerate() {
        if section.is_unit
            && section
                .module
                .as_deref()
                .is_some_and(classic::compiled_with_nolabels)
        {
            typer.classic.sections.insert(k);
        }
        let ctx = modules::PhraseCtx {
            section: k,
            module: (!section.is_unit).then(|| section.module.clone()).flatten(),
            prelude: true,
            prelude_text: false,
        };
        let items = &section.program.items;
        modules::flatten_items(items, &ctx, &mut typer.hidden_modules, &mut phrases);
    }
    // The last section with phrases ends the prelude (a section may have none).
    if let Some(last) = phrases.last().map(|p| p.section) {
        for p in phrases.iter_mut().filter(|p| p.section == last) {
            p.ends_prelude = true;
        }
    }
    let ctx = modules::PhraseCtx {
        section: prelude.len(),
        module: None,
        prelude: false,
        prelude_text: false,
    };
    modules::flatten_items(
        &program.items,
        &ctx,
        &mut typer.hidden_modules,
        &mut phrases,
    );
    match typer.items_from(&phrases, 0) {
        Ok(body) => {
            let weak = if toplevel {
                None
            } else {
                typer.ungeneralizable_toplevel()
            };
            if let Some(d) = weak.or_else(|| typer.unapplied_gadt_functor()) {
                let mut all = typer.warnings;
                all.push(d);
                return Err(all);
            }
            let warnings = std::mem::take(&mut typer.warnings);
            let mut typed = typer.finish(body);
            typed.vars.never_inline = program.never_inline.iter().cloned().collect();
            Ok((typed, warnings))
        }
        Err(d) => {
            // An error in an installed stdlib unit is about that file, not the program.
            let d = match typer.section.and_then(|k| prelude.get(k)?.origin.as_ref()) {
                Some((path, text)) if typer.in_prelude => {
                    prelude::in_installed_file(path, text, &d)
                }
                _ => d,
            };
            let mut all = typer.warnings;
            all.push(d);
            Err(all)
        }
    }
}

/// A user module being elaborated: its name and what was declared before it.
pub(crate) struct OpenModule {
    name: String,
    scope: Scope,
    /// How many type declarations existed when the module began.
    decls: u32,
    /// How many entries `weak_toplevel` had when the module began.
    weak_mark: usize,
}

/// What a local open (`let open M in`) shadowed: each type and constructor name it bound,
/// with what the name meant before.
#[derive(Default)]
pub(crate) struct OpenUndo {
    types: Vec<(String, Option<TypeName>)>,
    ctors: Vec<(String, Option<env::CtorRef>)>,
    functors: Vec<(String, Option<std::rc::Rc<modules::FunctorDef>>)>,
    module_types: Vec<(String, Option<std::rc::Rc<modules::ModTypeDef>>)>,
    fields: Vec<(String, Option<field_scope::FieldDecls>)>,
}

/// What the environment held when a module (or a prelude section) began: the value scope
/// mark, and the type and constructor names with their meanings.
#[derive(Default)]
pub(crate) struct Scope {
    mark: usize,
    /// How many constructors had been re-exported ([`env::Env::rebound_ctors`]).
    rebound_ctors: usize,
    types: std::collections::HashMap<String, TypeName>,
    ctors: std::collections::HashMap<String, env::CtorRef>,
    functors: std::collections::HashMap<String, std::rc::Rc<modules::FunctorDef>>,
    module_types: std::collections::HashMap<String, std::rc::Rc<modules::ModTypeDef>>,
    fields: std::collections::HashMap<String, field_scope::FieldDecls>,
}

pub(crate) struct Typer<'s> {
    source: &'s str,
    /// The immediate objects whose methods are being typed, innermost last
    /// (`typing::object_exprs`).
    objects: Vec<object_exprs::ObjectScope>,
    /// The byte offsets of the source's newlines, built on first use ([`Typer::line_col`]):
    /// a position is found by binary search, not by counting from the file's start.
    newlines: std::cell::OnceCell<Vec<u32>>,
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
    /// The variables `t as 'a` introduces in the type declarations being read (`'a` not a
    /// parameter); emptied after each group.
    decl_aliases: std::collections::HashMap<String, Type>,
    /// An open polymorphic variant may be written in a declaration (under `t as 'a` or in a
    /// constraint, where a parameter may name its row; `typing::constraints` checks).
    open_rows_ok: bool,
    /// The variables named by a `t as 'a` so far.
    alias_names: std::collections::HashSet<String>,
    /// The level of [`Typer::annot_vars`]' variables: the phrase's definitions' (OCaml's
    /// `global_level`), so that an inner `let` does not generalise them.
    annot_level: u32,
    /// The locally abstract types being typed (`fun (type a) -> ..`), innermost last: their
    /// names and variables (see `poly`).
    newtypes: Vec<(String, Type)>,
    /// The existential types that patterns typed so far named (`C (type a) (x : a t)`), for
    /// their cases' guards and bodies (`named_existentials`).
    pattern_type_names: Vec<(String, crate::lambda::ir::TyCon)>,
    /// What the environment held where the current prelude section began.
    section_scope: Scope,
    /// The prelude's functions that the typer's elaborations call (`Lazy.force`, `do_at_exit`,
    /// `__uncaught`), captured at the end of the prelude so that the program's own bindings cannot shadow them.
    prelude_functions: std::collections::HashMap<&'static str, crate::lambda::ir::VarId>,
    /// Each qualified or aliased exception's name where it is declared, relative to the
    /// structure being closed (`E`, then `M.E` once `M` closes): closing a structure renames
    /// an exception only under that name, not under an alias (`exception F = M.E` keeps
    /// `M.E`'s name, as OCaml's).
    exception_homes: std::collections::HashMap<u32, String>,
    /// Typing a `let rec` definition that ends in `lazy e`: if `e` would be the value itself,
    /// it is a forward block instead (`typing::lazy`), of the one field `typing::letrec`
    /// allocates for it. The first `lazy` typed takes the flag down.
    in_letrec_definition: bool,
    /// The user modules being elaborated, innermost last.
    modules: Vec<OpenModule>,
    /// Elaborating a prelude phrase: the spans of the code it generates are not positions in
    /// the program's source, so code and variables get the unknown location (debug info),
    /// except an installed unit's, which are in its file's range ([`Typer::code_span`]).
    in_prelude: bool,
    /// [`TypeOptions::stdlib_locations`].
    stdlib_locations: bool,
    /// The phrase is the prelude's own (not a prelude functor's body the program applies).
    prelude_phrase: bool,
    /// The prelude module whose section is being elaborated (`List`), if any.
    section_module: Option<String>,
    /// The section of the phrase being elaborated (the prelude's sections come first).
    section: Option<usize>,

    /// Top-level bindings the value restriction kept monomorphic (the pattern's span and the
    /// expression's type): a variable still free in one at the end is an error, as in OCaml.
    weak_toplevel: Vec<(Span, Type)>,
    /// The module last left and where its entries of `weak_toplevel` begin: a signature
    /// sealing it gives its values their declared types, so its weak ones are not checked
    /// (as OCaml checks the unit's signature; a unit with an `.mli` is sealed).
    weak_left_module: Option<(String, usize)>,
    /// Which type parameters may occur weakly, for the relaxed value restriction.
    variances: variance::Variances,
    /// The type and module names declared so far by each structure of the program being
    /// elaborated, innermost last (a name may be declared once per structure, as in OCaml).
    structures: Vec<StructureNames>,
    /// Applicative functors: the types each application key's first application created.
    applications_memo: modules::Applications,
    /// Where OCaml's classic mode (`-nolabels`) holds: the stdlib units compiled with it.
    classic: classic::ClassicMode,
    /// The variables a handler's pattern binds at its top (`e`, `p as e`: OCaml's
    /// `Translprim.add_exception_ident`): `raise` of one re-raises (`RaiseKind::Reraise`).
    pub(super) reraise_vars: std::collections::HashSet<VarId>,
    /// The modules the signatures being matched open (`open M` in `sig .. end`), outermost
    /// first: their types' names are visible while the signatures' types are read.
    sig_opens: Vec<String>,
    /// The label constructors of labelled arrows ([`labels`]).
    label_cons: labels::LabelCons,
    /// The environments of the functor applications being elaborated, innermost last: what
    /// each application's environment was before entering the functor's ([`modules`]).
    saved_envs: Vec<Env>,
    /// Hidden modules (module expressions that are not paths, as functor arguments) so far.
    hidden_modules: u32,
    /// Functor applications made so far (`Map.Make(String)`) and the module each built, for
    /// applicative paths (`Map.Make(String).t`).
    applications: std::collections::HashMap<String, String>,
    /// The modules (and partial applications) built by applying a path to paths.
    path_applications: std::collections::HashSet<String>,
    /// The types of the bodies of `let module` being elaborated ([`PhraseKind::Body`]).
    body_types: Vec<Type>,
    /// The package types of first-class modules.
    packages: modules::packages::Packages,
    /// The groups of recursive modules being elaborated (innermost last).
    rec_groups: Vec<modules::recursive::RecGroup>,
    /// What the `open`s of each structure being elaborated made visible (innermost last): not
    /// the structure's own names.
    opened: Vec<OpenedNames>,
    /// The full paths of the hidden modules of `open struct ... end` (`open_escape`), with
    /// the spans of the opens.
    open_structs: Vec<(String, Span)>,
    /// The abstract types of the parameters of the functor bodies being elaborated.
    param_abstracts: Vec<Vec<crate::lambda::ir::TyCon>>,
    /// For each functor application being elaborated (innermost last), whether the
    /// functor's body was checked at its definition: a functor its body defines then was
    /// too, and is not checked again ([`modules::parameters`]).
    checked_bodies: Vec<bool>,
    /// The spans of functor applications of several arguments (`F(A)(B)`): an argument not
    /// matching its parameter there is OCaml's "The functor application is ill-typed."
    functor_chains: std::collections::HashSet<Span>,
    /// The source files, where each is in `source`.
    files: Vec<SourceFile>,
    /// The program's top-level modules are compilation units (a program of several files):
    /// their exceptions are named `A.E`, not after the main file.
    units: bool,
    /// The program is a file of toplevel phrases (`type_toplevel_phrases`): as in the
    /// toplevel, each phrase is a structure of its own, so a top-level name may be defined
    /// again.
    toplevel: bool,
    /// The local exceptions (`let exception`): exception index → its identity's variable
    /// ([`extensible`]).
    local_exceptions: std::collections::HashMap<u32, VarId>,
    /// The constructors of extensible types other than `exn`, by exception index.
    extension_ctors: std::collections::HashMap<u32, extensible::ExtensionCtor>,
    /// The private variants and records (`type t = private A | ..`, in a structure or as
    /// a signature seals them): no value of theirs can be built, nor a field assigned.
    private_types: std::collections::HashSet<crate::lambda::ir::TyCon>,
    /// Per functor body being applied, the private types outside it and those of the
    /// functor's definition (`modules::FunctorDef::privates`).
    saved_privates: Vec<(
        std::collections::HashSet<crate::lambda::ir::TyCon>,
        std::rc::Rc<std::collections::HashSet<crate::lambda::ir::TyCon>>,
    )>,
    /// The abstract types a signature's private abbreviation makes (`type t = private int`):
    /// a value of theirs coerces to the definition (`(x :> int)`).
    private_abbrevs: std::collections::HashSet<crate::lambda::ir::TyCon>,
    /// The constrained type declarations (`typing::constraints`).
    constrained: std::collections::HashMap<crate::lambda::ir::TyCon, constraints::Constrained>,
    /// Each declaration's parameter variances ([`declared_variance`]).
    decl_variances: declared_variance::DeclVariances,
    /// GADT constructors' signatures and the equations in force ([`gadt`]).
    gadt: gadt::Gadts,
    /// The record types of inline records ([`inline_records`]).
    inline_records: inline_records::InlineRecords,
    /// The unboxed types and their separability ([`unboxed`]).
    separability: unboxed::Separability,
    /// The abstract types declared `[@@immediate]` ([`immediacy`]).
    immediates: immediacy::Immediates,
    /// The type of each array literal (`[| .. |]`) by its span: what `let rec` checks of
    /// its elements depend on ([`letrec_view`]).
    array_literals: std::collections::HashMap<Span, Type>,
    /// The scope of the code being elaborated (`__FUNCTION__`, [`scopes`]), the address of the
    /// function node that continues the current definition's scope, and the scopes modules and
    /// functor bodies entered, with whether a functor's body was still to come.
    scopes: scopes::Scopes,
    scoped_fun: Option<usize>,
    scope_stack: Vec<(scopes::Scopes, bool)>,
    functor_body_pending: bool,
}

/// The names an `open` made visible in a structure, with their meanings.
#[derive(Default, Clone)]
pub(crate) struct OpenedNames {
    values: Vec<(String, ValueBinding)>,
    types: Vec<(String, TypeName)>,
    ctors: Vec<(String, env::CtorRef)>,
    /// The declarations an `open` added to each label.
    fields: Vec<(String, field_scope::FieldDecls)>,
}

/// The names a structure has declared.
#[derive(Default)]
pub(crate) struct StructureNames {
    types: std::collections::HashSet<String>,
    modules: std::collections::HashSet<String>,
    module_types: std::collections::HashSet<String>,
    /// Exceptions and type extensions' constructors.
    extensions: std::collections::HashSet<String>,
    /// Which of those an `include` brought (`"module M"`): another definition may shadow
    /// them.
    included: std::collections::HashSet<String>,
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
            newlines: std::cell::OnceCell::new(),
            file_name: file_name.to_string(),
            u,
            vars: VarTable::default(),
            types,
            env: Env::default(),
            builtins: builtins::builtins(),
            unavailable: Vec::new(),
            warnings: Vec::new(),
            annot_vars: Default::default(),
            decl_aliases: Default::default(),
            open_rows_ok: false,
            alias_names: Default::default(),
            annot_level: 1,
            newtypes: Vec::new(),
            pattern_type_names: Vec::new(),
            section_scope: Scope::default(),
            modules: Vec::new(),
            prelude_functions: Default::default(),
            exception_homes: Default::default(),
            in_letrec_definition: false,
            in_prelude: false,
            stdlib_locations: false,
            prelude_phrase: false,
            section_module: None,
            section: None,

            weak_toplevel: Vec::new(),
            weak_left_module: None,
            variances: Default::default(),
            structures: vec![StructureNames::default()],
            applications_memo: Default::default(),
            classic: Default::default(),
            reraise_vars: Default::default(),
            sig_opens: Vec::new(),
            label_cons: Default::default(),
            saved_envs: Vec::new(),
            hidden_modules: 0,
            applications: Default::default(),
            path_applications: Default::default(),
            body_types: Vec::new(),
            packages: Default::default(),
            rec_groups: Vec::new(),
            opened: vec![OpenedNames::default()],
            open_structs: Vec::new(),
            param_abstracts: Vec::new(),
            checked_bodies: Vec::new(),
            functor_chains: Default::default(),
            files: Vec::new(),
            units: false,
            toplevel: false,
            objects: Vec::new(),
            local_exceptions: Default::default(),
            extension_ctors: Default::default(),
            private_types: Default::default(),
            saved_privates: Vec::new(),
            private_abbrevs: Default::default(),
            constrained: Default::default(),
            decl_variances: Default::default(),
            gadt: Default::default(),
            inline_records: Default::default(),
            separability: Default::default(),
            immediates: Default::default(),
            array_literals: Default::default(),
            scopes: Default::default(),
            scoped_fun: None,
            scope_stack: Vec::new(),
            functor_body_pending: false,
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
            Type::Var(v) => {
                // A variable bound to a cycle (`t as 'a`) is not free.
                self.u.bindings[v.0 as usize].is_none()
                    && !self.generalized(*v)
                    && !self.u.commu_vars.contains(v)
            }
            Type::Con(_, a) | Type::Tuple(a) => a.iter().any(|t| self.has_free_var(t)),
            Type::Arrow(a, b) => self.has_free_var(a) || self.has_free_var(b),
            Type::Forall(_, t) => self.has_free_var(t),
        }
    }

    fn fresh_var(&mut self, name: &str, ty: Type, span: Span) -> VarId {
        let span = self.code_span(span);
        self.vars.fresh(name, ty, span)
    }

    /// The span code elaborated from `span` is attributed to: unknown for the prelude's own
    /// text, the installed stdlib units' own place (`crate::installed_files`) when
    /// [`TypeOptions::stdlib_locations`] asks for it.
    fn code_span(&self, span: Span) -> Span {
        let installed = self.stdlib_locations && crate::installed_files::is_installed(span.lo);
        if self.in_prelude && !installed {
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
        if let Some(d) = pvariant::hash_clash(span, &err) {
            return Err(d);
        }
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
        } else {
            message.push_str(&pvariant::explain(&err));
        }
        Err(Diagnostic::error(span, message).with_label(format!("has type {a}")))
    }

    /// The file the byte offset is in (of several files, the one whose text holds it).
    fn file_at(&self, offset: u32) -> &SourceFile {
        let i = self.files.partition_point(|f| f.base <= offset);
        &self.files[i.saturating_sub(1)]
    }

    /// The name of the file the byte offset is in, as run-time messages give it.
    fn file_name_at(&self, offset: u32) -> String {
        match crate::installed_files::file_at(offset) {
            Some(f) => f.name.clone(),
            None => self.file_at(offset).name.clone(),
        }
    }

    /// Line (1-based) and column (0-based, in bytes) of a byte offset in its file, as OCaml
    /// reports them.
    fn line_col(&self, offset: u32) -> (i64, i64) {
        if let Some(f) = crate::installed_files::file_at(offset) {
            let (line, start) = f.line_of(offset);
            return (line as i64, (offset - f.base - start) as i64);
        }
        let newlines = self.newlines.get_or_init(|| {
            let bytes = self.source.as_bytes();
            (0..bytes.len() as u32)
                .filter(|&i| bytes[i as usize] == b'\n')
                .collect()
        });
        let offset = offset.min(self.source.len() as u32);
        let base = self.file_at(offset).base.min(offset);
        // Newlines in `[base, offset)`: the line is one more; the column counts from the
        // last of them (or from the file's start).
        let (first, upto) = (
            newlines.partition_point(|&n| n < base),
            newlines.partition_point(|&n| n < offset),
        );
        let line = (upto - first) as i64 + 1;
        let line_start = if upto > first {
            newlines[upto - 1] + 1
        } else {
            base
        };
        (line, (offset - line_start) as i64)
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
        // Abstract types (`modules`) are their definitions at run time.
        let mut decls = std::mem::take(&mut self.types.decls);
        let mut exceptions = std::mem::take(&mut self.types.exceptions);
        let labels = std::mem::take(&mut self.u.label_cons);
        let run_time = |t: &Type| {
            let t = self.expand_abstract_types(t);
            let t = labels::strip_label_cons(&t, &labels);
            pvariant::erase(&self.u.pv, &t)
        };
        for d in &mut decls {
            match &mut d.kind {
                crate::lambda::ir::DeclKind::Variant(cs) => {
                    for c in cs {
                        for a in &mut c.args {
                            *a = run_time(a);
                        }
                    }
                }
                crate::lambda::ir::DeclKind::Record(fs) => {
                    for f in fs {
                        f.ty = run_time(&f.ty);
                    }
                }
                _ => {}
            }
        }
        for e in &mut exceptions {
            for a in &mut e.args {
                *a = run_time(a);
            }
        }
        self.types.decls = decls;
        self.types.exceptions = exceptions;
        Program {
            body,
            vars,
            types: self.types,
            next_tyvar: self.u.bindings.len() as u32,
            inline_sites: Default::default(),
        }
    }

    fn ground(&self, t: &Type) -> Type {
        let mut t = self.u.zonk(t);
        self.default_free(&mut t, &mut Vec::new());
        t
    }

    /// Replaces, in place, type variables not bound by an enclosing `Forall` (nor in `bound`)
    /// by unit. Rewriting the zonked copy in place, rather than building a second copy, keeps
    /// grounding the program's types to one allocation per node (issue #22).
    fn default_free(&self, t: &mut Type, bound: &mut Vec<TyVar>) {
        match t {
            Type::Var(v) => {
                if !bound.contains(v) && !self.generalized(*v) {
                    *t = Type::unit();
                }
            }
            // A labelled parameter is its argument at run time ([`labels`]).
            Type::Con(c, a) if self.u.label_cons.contains(c) => {
                *t = std::mem::take(a).swap_remove(0);
                self.default_free(t, bound)
            }
            // An abstract type is its definition at run time ([`modules`]).
            Type::Con(c, a) if self.u.abstract_types.contains_key(c) => {
                *t = self.u.zonk(&self.u.abstract_types[c].expand(a));
                self.default_free(t, bound)
            }
            // Polymorphic variants are `Obj.t` at run time ([`pvariant`]); `t as 'a` is `t`.
            Type::Con(c, a) if *c == self.u.pv.mu => {
                *t = std::mem::take(a).swap_remove(1);
                self.default_free(t, bound)
            }
            Type::Con(c, _) if self.u.pv.is_internal(*c) => *t = Type::any_value(),
            Type::Con(_, a) | Type::Tuple(a) => {
                a.iter_mut().for_each(|t| self.default_free(t, bound))
            }
            Type::Arrow(a, b) => {
                self.default_free(a, bound);
                self.default_free(b, bound)
            }
            Type::Forall(v, t) => {
                bound.push(*v);
                self.default_free(t, bound);
                bound.pop();
            }
        }
    }

    /// `t` with every abstract type replaced by its definition.
    fn expand_abstract_types(&self, t: &Type) -> Type {
        match t {
            Type::Var(_) => t.clone(),
            Type::Con(c, a) => {
                let a: Vec<Type> = a.iter().map(|t| self.expand_abstract_types(t)).collect();
                match self.u.abstract_types.get(c) {
                    Some(abs) => self.expand_abstract_types(&abs.expand(&a)),
                    None => Type::Con(*c, a),
                }
            }
            Type::Tuple(ts) => {
                Type::Tuple(ts.iter().map(|t| self.expand_abstract_types(t)).collect())
            }
            Type::Arrow(a, b) => {
                Type::arrow(self.expand_abstract_types(a), self.expand_abstract_types(b))
            }
            Type::Forall(v, t) => Type::Forall(*v, Box::new(self.expand_abstract_types(t))),
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
            Expr::Raise(x, ty, _) => {
                *ty = self.ground(ty);
                self.ground_expr(x)
            }
            _ => crate::lambda::visit::each_child_mut(e, &mut |c| self.ground_expr(c)),
        }
    }
}
