//! The abstract syntax tree: what the parser gives and the type checker takes.
//!
//! Sugar is removed by the parser where that loses nothing a diagnostic needs:
//! - operators are applications of their name: `a + b` is `Apply(Var "+", [a, b])`,
//!   unary minus is `Apply(Var "~-", [e])`, `!r` is `Apply(Var "!", [r])`;
//!   `&&`/`||` stay applications of `Var "&&"`/`Var "||"` (typing makes them lazy);
//! - `[a; b]` is `Construct("::", Some(Tuple[a, Construct("::", ...)]))` ending in `Construct("[]")`;
//! - `let f x y = e` is a binding of pattern `f` to `Fun([x, y], e)`;
//! - arguments and parameters carry their labels: `f ~x:1 y` is `Apply(f, [(~x, 1), (-, y)])`,
//!   a punned `~x` is `(~x, Var x)`;
//!   `let f : t = e` puts a `Constraint` on the expression;
//! - `function cases` is `Function(cases)`; `fun p1 p2 -> e` is `Fun([p1, p2], e)`;
//! - qualified names keep their dots: `List.map` is `Var("List.map")`;
//! - `s.[i]` is `Apply(Var "String.get", [s, i])`;
//! - `if c then e` (no else) has `els: None`.
//!
//! Every node carries the span of its source text.

use crate::diagnostics::Span;

#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    Int(i64),
    Char(u8),
    String(Vec<u8>),
    /// `3.14` (parsed; typing rejects floats until level 2).
    Float(String),
    /// `1l`, `-0xffL`, `3n`: the literal's text (with its sign, without the suffix) and the
    /// suffix `l`, `L` or `n`; the typer converts it to an int32/int64/nativeint.
    BoxedInt(String, char),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecFlag {
    NonRecursive,
    Recursive,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Upto,
    Downto,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Constant(Constant),
    /// `.`, the body of a refutation case `p -> .` (only there): `p` matches no value.
    Unreachable,
    /// `let open M in e` and `M.(e)`: the module path and `e`.
    Open(String, Box<Expr>),
    /// A value name, possibly qualified (`x`, `List.map`, `+`, `Printf.printf`).
    Var(String),
    /// A constructor, with its argument if any: `None`, `Some x`, `A (x, y)`, `()`, `true`, `[]`, `::`.
    /// A constructor taking several arguments gets them as one `Tuple` expression.
    /// A polymorphic variant tag is a constructor whose name starts with a backquote
    /// (`` `A ``, `` `B e ``; never qualified).
    Construct(String, Option<Box<Expr>>),
    /// `f a1 .. an`, each argument with its label (`~x:e`, `?x:e`, or none).
    Apply(Box<Expr>, Vec<(ArgLabel, Expr)>),
    Fun(Vec<Param>, Box<Expr>),
    Function(Vec<Case>),
    Let(RecFlag, Vec<Binding>, Box<Expr>),
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        els: Option<Box<Expr>>,
    },
    Match(Box<Expr>, Vec<Case>),
    Try(Box<Expr>, Vec<Case>),
    Tuple(Vec<Expr>),
    /// `[| e1; ..; en |]`
    Array(Vec<Expr>),
    /// `{ f1 = e1; f2 = e2 }` or `{ base with f1 = e1 }`.
    Record {
        fields: Vec<(String, Span, Expr)>,
        base: Option<Box<Expr>>,
    },
    Field(Box<Expr>, String),
    /// `e#m`: a method call (the method's name).
    Send(Box<Expr>, String),
    /// `object (self) .. end`: an immediate object.
    Object(Box<ObjectExpr>),
    /// `{< x1 = e1; .. >}`: a copy of `self` with instance variables changed.
    Override(Vec<(String, Span, Expr)>),
    /// `x <- e`: assigns the instance variable `x`.
    SetInstVar(String, Span, Box<Expr>),
    SetField(Box<Expr>, String, Box<Expr>),
    Sequence(Box<Expr>, Box<Expr>),
    While(Box<Expr>, Box<Expr>),
    For {
        var: String,
        var_span: Span,
        from: Box<Expr>,
        to: Box<Expr>,
        dir: Direction,
        body: Box<Expr>,
    },
    Assert(Box<Expr>),
    /// `lazy e`
    Lazy(Box<Expr>),
    Constraint(Box<Expr>, TypeExpr),
    /// `(e :> t)` (no source type) and `(e : t1 :> t2)`.
    Coerce(Box<Expr>, Option<TypeExpr>, TypeExpr),
    /// `fun (type a) -> e`: a locally abstract type `a` in `e` (`let f (type a) x = ..` is
    /// `Newtype("a", Fun([x], ..))`).
    Newtype(String, Box<Expr>),
    /// `let module M = ME in e`
    LetModule(String, ModExpr, Box<Expr>),
    /// `let exception C [of t1 * .. * tn] in e`: a fresh exception each time it is evaluated.
    LetException(ConstructorDecl, Box<Expr>),
    /// `[%extension_constructor C]`: the extension constructor `C` itself (its identity).
    ExtensionConstructor(String),
    /// `(module ME)`: a first-class module (`(module ME : S)` is `Constraint(Pack(ME), (module
    /// S))`, as OCaml's parser gives it).
    Pack(ModExpr),
}

/// An immediate object's body: its self pattern (`object (self) ..`) and its fields in order.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectExpr {
    pub self_pat: Option<Pattern>,
    pub fields: Vec<ObjectField>,
}

/// A field of an object: `val [mutable] x = e` or `method [private] m p1 .. = e` (the
/// method's parameters made a `fun` of `expr`).
#[derive(Clone, Debug, PartialEq)]
pub enum ObjectField {
    Val {
        name: String,
        span: Span,
        mutable: bool,
        expr: Expr,
    },
    Method {
        name: String,
        span: Span,
        private: bool,
        expr: Expr,
    },
    /// `initializer e`: run on the new object, after its instance variables are set.
    Initializer { span: Span, expr: Expr },
}

/// `class ['a, ..] c p1 .. pn = class-expr`, made a value: `binding` binds `c#new` (the
/// name [`class_value_name`] gives, which no source name can be) to a function whose last
/// `unit` argument creates an object (`new c` is `c#new ()`). What the class expression
/// evaluates before it is delayed by that `unit` runs once, where the class is defined, as
/// in OCaml.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDecl {
    pub name: String,
    pub span: Span,
    /// The type parameters `['a, 'b]`.
    pub type_params: Vec<String>,
    /// How many arrows the class's function has after its `unit` (its parameters).
    pub arity: usize,
    pub binding: Binding,
}

/// The value a class `c` is compiled to (`M.c` gives `M.c#new`).
pub fn class_value_name(path: &str) -> String {
    format!("{path}#new")
}

/// The label of a parameter, an argument or an arrow type: none, `~x` or `?x`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArgLabel {
    Nolabel,
    Labelled(String),
    Optional(String),
}

impl ArgLabel {
    /// `?name` when `optional`, else `~name`.
    pub fn new(optional: bool, name: String) -> ArgLabel {
        if optional {
            ArgLabel::Optional(name)
        } else {
            ArgLabel::Labelled(name)
        }
    }
    /// The label's name (`""` without one), as OCaml's `Btype.label_name`.
    pub fn name(&self) -> &str {
        match self {
            ArgLabel::Nolabel => "",
            ArgLabel::Labelled(s) | ArgLabel::Optional(s) => s,
        }
    }
    pub fn is_optional(&self) -> bool {
        matches!(self, ArgLabel::Optional(_))
    }
}

/// A parameter of `fun` or of a `let`-defined function: `p`, `~x`, `~x:p`, `?x`, `?(x = d)`,
/// `?x:(p = d)`. Only an optional parameter has a default.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub label: ArgLabel,
    pub default: Option<Box<Expr>>,
    pub pat: Pattern,
}

impl Param {
    pub fn positional(pat: Pattern) -> Param {
        Param {
            label: ArgLabel::Nolabel,
            default: None,
            pat,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    pub pat: Pattern,
    pub expr: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub pat: Pattern,
    pub guard: Option<Expr>,
    pub body: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    pub kind: PatternKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PatternKind {
    Any,
    Var(String),
    Constant(Constant),
    /// `'a' .. 'z'`
    CharRange(u8, u8),
    Tuple(Vec<Pattern>),
    /// A constructor pattern; several arguments come as one `Tuple` pattern. A polymorphic
    /// variant tag's name starts with a backquote (`` `A p ``), and `#t` (any tag of the
    /// closed variant type `t`) is `Construct("#t", None)`.
    Construct(String, Option<Box<Pattern>>),
    /// `{ f1 = p1; f2 }` (`f2` alone binds a variable `f2`); `open_` is true with `; _`.
    Record {
        fields: Vec<(String, Span, Pattern)>,
        open_: bool,
    },
    Or(Box<Pattern>, Box<Pattern>),
    /// `[| p1; ..; pn |]`: an array of exactly n elements.
    Array(Vec<Pattern>),
    /// `lazy p`: forces the lazy value and matches its result against `p`.
    Lazy(Box<Pattern>),
    Alias(Box<Pattern>, String),
    Constraint(Box<Pattern>, TypeExpr),
    /// `exception p`: only as a whole case of a `match` (the scrutinee raised an exception
    /// matching `p`).
    Exception(Box<Pattern>),
    /// `M.(p)`, `M.[..]`, `M.[|..|]`, `M.{..}`: `p` with module `M` opened for its
    /// constructors, fields and types (the variables it binds are the clause's).
    Open(String, Box<Pattern>),
    /// `(type a b) p`, only as a constructor pattern's argument (`C (type a b) (x : a t * b)`):
    /// names for the constructor's existential types, in order, in scope in `p`'s type
    /// constraint and in the case's guard and body. `p` is a type constraint `(q : t)`.
    NamedExistentials(Vec<(String, Span)>, Box<Pattern>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub kind: TypeExprKind,
    pub span: Span,
}

impl TypeExpr {
    /// Calls `f` on each direct sub-expression (arguments, arrow sides, a row's fields'
    /// arguments, a package's constraints), in order.
    pub fn for_each_child_mut(&mut self, f: &mut dyn FnMut(&mut TypeExpr)) {
        match &mut self.kind {
            TypeExprKind::Constr(_, args) | TypeExprKind::Tuple(args) => {
                args.iter_mut().for_each(f)
            }
            TypeExprKind::Arrow(_, a, b) => {
                f(a);
                f(b)
            }
            TypeExprKind::Poly(_, t) | TypeExprKind::Alias(t, _) => f(t),
            TypeExprKind::Package(_, cs) | TypeExprKind::Object { methods: cs, .. } => {
                cs.iter_mut().for_each(|(_, t)| f(t))
            }
            TypeExprKind::Variant { fields, .. } => {
                for field in fields {
                    match field {
                        RowFieldExpr::Tag { args, .. } => args.iter_mut().for_each(&mut *f),
                        RowFieldExpr::Inherit(t) => f(t),
                    }
                }
            }
            TypeExprKind::Var(_) | TypeExprKind::Any => {}
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeExprKind {
    /// `'a`
    Var(String),
    /// `int`, `int list`, `(int, string) Hashtbl.t`
    Constr(String, Vec<TypeExpr>),
    Tuple(Vec<TypeExpr>),
    /// `t -> u`, `x:t -> u`, `?x:t -> u`.
    Arrow(ArgLabel, Box<TypeExpr>, Box<TypeExpr>),
    /// `_`
    Any,
    /// A polymorphic variant type: `[ .. ]`, `[> .. ]`, `[< .. ]`, `[< .. > `A `B ]`.
    Variant {
        fields: Vec<RowFieldExpr>,
        bound: VariantBound,
        /// `[< .. > `A `B ]`: the tags that must be present.
        present: Vec<String>,
    },
    /// `'a 'b. t`: an explicitly polymorphic type, only as the annotation of a let-bound
    /// name (`let f : 'a. 'a -> 'a = ..`; `let f : type a. t = e` is parsed as
    /// `let f : 'a. t[a := 'a] = fun (type a) -> (e : t)`, as OCaml's parser does).
    Poly(Vec<String>, Box<TypeExpr>),
    /// `(module S with type t = u and type M.v = w)`: a package type, the module type's path
    /// and the constraints (type paths in the signature, each with its type).
    Package(String, Vec<(String, TypeExpr)>),
    /// `t as 'a`: `t`, with the variable `'a` standing for it (in `t` itself too: a recursive
    /// type through a polymorphic variant, `[ `A of 'a ] as 'a`).
    Alias(Box<TypeExpr>, String),
    /// An object type: `< m : t; n : u >`, `< m : t; .. >` (`open`), its methods in order.
    Object {
        methods: Vec<(String, TypeExpr)>,
        open: bool,
    },
}

/// Which bound a polymorphic variant type gives: `[ ]` exact, `[> ]` lower, `[< ]` upper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantBound {
    Exact,
    Lower,
    Upper,
}

/// One item of a polymorphic variant type.
#[derive(Clone, Debug, PartialEq)]
pub enum RowFieldExpr {
    /// `` `A ``, `` `A of t ``, `` `A of t1 & t2 ``, `` `A of & t `` (`constant`: the tag may
    /// also be constant).
    Tag {
        name: String,
        constant: bool,
        args: Vec<TypeExpr>,
        span: Span,
    },
    /// A variant type whose tags are included: `[ t | `C ]`.
    Inherit(TypeExpr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeDecl {
    pub name: String,
    /// The parameters' names (an anonymous `_` gets a name no type expression can write).
    pub params: Vec<String>,
    /// Each parameter's annotation: `+'a`, `-'a`, `!'a`, `+!'a`, ... (none: the default).
    pub variances: Vec<ParamVariance>,
    /// The type a re-exported definition equals (`type 'a t = 'a list = [] | (::) of ..`):
    /// `kind` is then the variant or record it repeats.
    pub manifest: Option<TypeExpr>,
    pub kind: TypeDeclKind,
    /// `type t = private ..`: values of the type cannot be built (a variant, a record) or it
    /// is a distinct type coercible to its definition (an abbreviation) outside.
    pub private_: bool,
    /// The item attributes that change what the declaration means (`[@@unboxed]`, ...).
    pub attrs: TypeDeclAttrs,
    /// `constraint t1 = t2` clauses, in order, each with its span.
    pub constraints: Vec<(TypeExpr, TypeExpr, Span)>,
    pub span: Span,
}

/// A type declaration's item attributes OCaml interprets (`typing/typedecl.ml`): the
/// representation (`[@@unboxed]`, `[@@boxed]`, with or without `ocaml.`) and the immediacy
/// (`[@@immediate]`, `[@@immediate64]`). egret's representation is always boxed; the
/// attributes are checked as OCaml checks them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypeDeclAttrs {
    pub unboxed: bool,
    pub boxed: bool,
    pub immediate: bool,
    pub immediate64: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeDeclKind {
    /// `type t = int * int`
    Abbrev(TypeExpr),
    /// `type t = A | B of int * string`: each constructor with its argument types (none:
    /// `type t = |`, an empty type).
    Variant(Vec<ConstructorDecl>),
    /// `type t = { a : int; mutable b : string }`
    Record(Vec<FieldDecl>),
    /// `type t` (abstract)
    Abstract,
    /// `type t = ..` (extensible)
    Open,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ConstructorDecl {
    pub name: String,
    pub args: Vec<TypeExpr>,
    /// A GADT constructor's declared result type (`C : int -> int t`), with the variables
    /// it quantifies explicitly (`C : 'a. 'a -> 'a t`, usually none: every variable of the
    /// declaration is the constructor's own).
    pub gadt: Option<(Vec<String>, TypeExpr)>,
    /// An inline record (`C of { x : int; mutable y : 'a }`): its fields, whose types are
    /// also `args` (the constructor's block holds the fields, as OCaml lays it out).
    pub record: Option<Vec<FieldDecl>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    pub name: String,
    pub mutable: bool,
    pub ty: TypeExpr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// `let [rec] p = e and ...` at top level.
    Let(RecFlag, Vec<Binding>),
    /// `type ... and ...`
    Type(Vec<TypeDecl>),
    /// `type nonrec ... and ...`: the group's names in its bodies are the earlier types.
    TypeNonrec(Vec<TypeDecl>),
    /// `exception E` / `exception E of t * u`
    Exception(ConstructorDecl),
    /// A top-level expression (`;; e` or a first phrase `e`).
    Expr(Expr),
    /// `module M = ME` (a path alone is [`ItemKind::ModuleAlias`]); `module F (X : S) = ME`
    /// is `Module("F", Functor(..))`, `module M : S = ME` is `Module("M", Constraint(ME, S))`.
    Module(String, ModExpr),
    /// `module type S = MT` (`None`: an abstract module type, `module type S`).
    ModuleType(String, Option<ModType>),
    /// `module M = N.P`: another name for a module.
    ModuleAlias(String, String),
    /// `exception E = M.F`: another name for an exception constructor.
    ExceptionAlias(String, String),
    /// `include ME`: the module's components are the current structure's too.
    Include(ModExpr),
    /// `open M` (`open M.N`): the path.
    Open(String),
    /// `open ME` of a module expression that is not a path (`open struct .. end`, `open
    /// Set.Make (String)`).
    OpenModule(ModExpr),
    /// `external name : type = "prim" ["native_prim"]`
    External(ExternalDecl),
    /// `type ('a, ..) path += C1 | C2 of t`: constructors added to an extensible type.
    TypeExtension(TypeExtension),
    /// `module rec A : SA = MEA and B : SB = MEB`.
    RecModules(Vec<RecModule>),
    /// `class c1 .. and c2 ..`: a recursive group of classes.
    Class(Vec<ClassDecl>),
}

/// One binding of `module rec`: the name, the declared module type and the definition.
#[derive(Clone, Debug, PartialEq)]
pub struct RecModule {
    pub name: String,
    pub ty: ModType,
    pub body: ModExpr,
    pub span: Span,
}

/// A type parameter's variance and injectivity annotation, as written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParamVariance {
    pub covariant: bool,
    pub contravariant: bool,
    pub injective: bool,
}

/// `type params path += constructors` (OCaml's `type_extension`).
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExtension {
    pub params: Vec<String>,
    /// Each parameter's annotation (`type +'a t += ..`), checked against the type's.
    pub variances: Vec<ParamVariance>,
    pub path: String,
    pub path_span: Span,
    pub constructors: Vec<ConstructorDecl>,
    /// For each constructor, the constructor it rebinds (`C = M.D`: another name for `M.D`)
    /// and where that path is written.
    pub rebinds: Vec<Option<(String, Span)>>,
}

/// `external name : type = "prim" ["native_prim"] [@@attrs]`: a primitive, OCaml's
/// `Primitive.description` before typing.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalDecl {
    /// The value name (`( + )` is `+`).
    pub name: String,
    pub name_span: Span,
    pub ty: TypeExpr,
    /// The strings after `=`, at least one: the bytecode and the native name, with OCaml's
    /// old-style `"noalloc"` and `"float"` among them (`Primitive.parse_declaration`).
    pub prims: Vec<String>,
    pub prims_span: Span,
    /// An `[@unboxed]`, `[@untagged]`, `[@@unboxed]` or `[@@untagged]` attribute is on the
    /// declaration or inside its type: OCaml then calls the native name with unboxed or
    /// untagged arguments and results.
    pub unboxed: bool,
}

/// A module expression.
#[derive(Clone, Debug, PartialEq)]
pub struct ModExpr {
    pub kind: ModExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ModExprKind {
    /// `M`, `M.N`
    Path(String),
    /// `struct items end`
    Struct(Vec<Item>),
    /// `functor (X : S) -> ME`, `functor () -> ME`; `module F (X : S) (Y : T) = ME` has both
    /// parameters in one `Functor`.
    Functor(Vec<FunctorParam>, Box<ModExpr>),
    /// `F (A)`; `F ()` (a generative functor's application) has no argument.
    Apply(Box<ModExpr>, Option<Box<ModExpr>>),
    /// `(ME : MT)`
    Constraint(Box<ModExpr>, ModType),
    /// `(val e)`: the module a first-class module value holds (`(val e : S)` is `Unpack(e :
    /// (module S))`).
    Unpack(Box<Expr>),
}

/// A functor's parameter: `(X : S)`, `(_ : S)` (no name), or `()` (generative: no name, no
/// type).
#[derive(Clone, Debug, PartialEq)]
pub struct FunctorParam {
    pub name: Option<String>,
    pub ty: Option<ModType>,
    pub span: Span,
}

/// A module type.
#[derive(Clone, Debug, PartialEq)]
pub struct ModType {
    pub kind: ModTypeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ModTypeKind {
    /// `S`, `M.S`
    Path(String),
    /// `sig items end`
    Sig(Vec<SigItem>),
    /// `MT with c1 and c2`
    With(Box<ModType>, Vec<WithConstraint>),
    /// `functor (X : S) -> MT`, `(X : S) -> MT`, `S -> MT` (a parameter without a name).
    Functor(Vec<FunctorParam>, Box<ModType>),
    /// `module type of ME`
    TypeOf(Box<ModExpr>),
}

/// A constraint of `MT with ..`.
#[derive(Clone, Debug, PartialEq)]
pub enum WithConstraint {
    /// `type 'a t = u` (the declaration's name is the path's last component, `path` the
    /// whole path: `type M.t = u`), or `type t := u` when `destructive`.
    Type {
        path: String,
        decl: TypeDecl,
        destructive: bool,
    },
    /// `module M = P`, or `module M := P` when `destructive`.
    Module {
        path: String,
        target: String,
        destructive: bool,
    },
    /// `module type M.S = MT`, or `module type M.S := MT` when `destructive` (OCaml 4.13);
    /// expanded away before typing uses the module type (`typing/modules/module_type_subst.rs`).
    ModuleType {
        path: String,
        ty: ModType,
        destructive: bool,
    },
}

/// An item of a signature.
#[derive(Clone, Debug, PartialEq)]
pub struct SigItem {
    pub kind: SigItemKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SigItemKind {
    /// `val x : t`
    Val(String, Span, TypeExpr),
    External(ExternalDecl),
    Type(Vec<TypeDecl>),
    /// `type t := u` (a destructive substitution in a signature)
    TypeSubst(Vec<TypeDecl>),
    Exception(ConstructorDecl),
    /// `type t += A | B of u`: the module has these extension constructors.
    TypeExtension(TypeExtension),
    /// `module M : MT` (`module F (X : S) : MT` has a `Functor` type).
    Module(String, ModType),
    /// `module M = P`
    ModuleAlias(String, String),
    /// `module rec A : SA and B : SB`
    RecModules(Vec<(String, ModType)>),
    /// `module type S = MT`, or `module type S` (abstract).
    ModuleType(String, Option<ModType>),
    /// `module type S := MT`: a local substitution, `S` is `MT` in the items after it
    /// (expanded away before typing uses the signature: `typing/modules/module_type_subst.rs`).
    ModuleTypeSubst(String, ModType),
    /// `module M := P`: a local substitution, `M` is module `P` in the items after it
    /// (expanded away like `ModuleTypeSubst`).
    ModuleSubst(String, String),
    /// `include MT`
    Include(ModType),
    /// `open M`
    Open(String),
}

/// A whole source file.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    pub items: Vec<Item>,
    /// The bindings marked `[@inline never]` (`let[@inline never] f x = ..`, `let f x = ..
    /// [@@inline never]`): their name's span and text. The simplifier never inlines them
    /// (`lambda::ir::VarTable::never_inline`), so their calls stay calls, as with ocamlopt.
    pub never_inline: Vec<(Span, String)>,
}

/// Arguments without labels (operators, desugared forms).
pub fn unlabelled(args: Vec<Expr>) -> Vec<(ArgLabel, Expr)> {
    args.into_iter().map(|e| (ArgLabel::Nolabel, e)).collect()
}

impl Expr {
    /// `[e1; ..; en]` spanning `span`: `::` constructions ending in `[]` (at the closing bracket).
    pub fn list(items: Vec<Expr>, span: Span) -> Expr {
        let nil = Expr {
            kind: ExprKind::Construct("[]".to_string(), None),
            span: Span::new(span.hi - 1, span.hi),
        };
        items.into_iter().rev().fold(nil, |tail, head| {
            let span = Span::new(head.span.lo, span.hi);
            let pair = Expr {
                kind: ExprKind::Tuple(vec![head, tail]),
                span,
            };
            Expr {
                kind: ExprKind::Construct("::".to_string(), Some(Box::new(pair))),
                span,
            }
        })
    }
}
