//! The AST as S-expressions: `--emit=ast` and the syntax tests' snapshots.
//!
//! The form is compact and shows exactly how the parser grouped things:
//! - application `(f a b)`, operators included: `1 + 2 * 3` is `(+ 1 (* 2 3))`;
//! - constructors `None`, `(Some x)`, lists `(:: 1 (:: 2 []))`, tuples `(, a b)`;
//! - `(fun (x y) body)`, `(let ((p e)) body)`, `(let rec ((f e) (g e)) body)`,
//!   `(if c a b)`, `(match e (p -> b) (p when g -> b))`, `(seq a b c)`, `(: e t)`,
//!   `(. r f)`, `(setfield r f v)`, `(record (f e))`, `(record-with r (f e))`;
//! - types in OCaml syntax as one atom (`'a list`, `(int * int)`, `(int -> bool)`),
//!   parenthesised when they contain a space.
//!
//! [`print_program`] breaks lines that do not fit in 100 columns; the `*_compact` functions
//! print one line.

use super::ast::*;

/// An S-expression: what every AST node is rendered to before layout.
enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

fn atom(s: impl Into<String>) -> Sexp {
    Sexp::Atom(s.into())
}

fn list(items: impl IntoIterator<Item = Sexp>) -> Sexp {
    Sexp::List(items.into_iter().collect())
}

impl Sexp {
    fn compact(&self, out: &mut String) {
        match self {
            Sexp::Atom(s) => out.push_str(s),
            Sexp::List(items) => {
                out.push('(');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    item.compact(out);
                }
                out.push(')');
            }
        }
    }

    fn width(&self) -> usize {
        match self {
            Sexp::Atom(s) => s.len(),
            Sexp::List(items) => {
                items.iter().map(Sexp::width).sum::<usize>() + items.len().max(1) + 1
            }
        }
    }

    /// One line if it fits in `width` columns (counting the `trailing` closing parentheses
    /// that follow it), else the leading atoms on the first line and each other element on
    /// its own line, indented by two.
    fn pretty(&self, indent: usize, width: usize, trailing: usize, out: &mut String) {
        match self {
            Sexp::List(items) if indent + self.width() + trailing > width && items.len() > 1 => {
                out.push('(');
                let heads = items
                    .iter()
                    .take_while(|i| matches!(i, Sexp::Atom(_)))
                    .count()
                    .max(1);
                for (i, item) in items[..heads].iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    item.compact(out);
                }
                for (i, item) in items.iter().enumerate().skip(heads) {
                    out.push('\n');
                    out.extend(std::iter::repeat_n(' ', indent + 2));
                    let closing = if i + 1 == items.len() {
                        trailing + 1
                    } else {
                        0
                    };
                    item.pretty(indent + 2, width, closing, out);
                }
                out.push(')');
            }
            _ => self.compact(out),
        }
    }
}

/// The whole program, one item per line (long items broken over several lines).
pub fn print_program(program: &Program) -> String {
    let mut out = String::new();
    for item in &program.items {
        item_sexp(item).pretty(0, 100, 0, &mut out);
        out.push('\n');
    }
    out
}

pub fn print_expr_compact(e: &Expr) -> String {
    let mut out = String::new();
    expr_sexp(e).compact(&mut out);
    out
}

pub fn print_pattern_compact(p: &Pattern) -> String {
    let mut out = String::new();
    pattern_sexp(p).compact(&mut out);
    out
}

/// A module type without its positions: two texts of one module type print the same.
pub fn print_mod_type_compact(t: &ModType) -> String {
    let mut out = String::new();
    mod_type_sexp(t).compact(&mut out);
    out
}

pub fn print_item_compact(item: &Item) -> String {
    let mut out = String::new();
    item_sexp(item).compact(&mut out);
    out
}

fn item_sexp(item: &Item) -> Sexp {
    match &item.kind {
        ItemKind::ModuleAlias(name, path) => list([atom("module"), atom(name), atom(path)]),
        ItemKind::RecModules(ms) => list(
            std::iter::once(atom("module-rec")).chain(
                ms.iter()
                    .map(|m| list([atom(&m.name), mod_type_sexp(&m.ty), mod_expr_sexp(&m.body)])),
            ),
        ),
        ItemKind::Include(me) => list([atom("include"), mod_expr_sexp(me)]),
        ItemKind::ModuleType(name, mt) => {
            let mut v = vec![atom("module-type"), atom(name)];
            v.extend(mt.iter().map(mod_type_sexp));
            list(v)
        }
        ItemKind::ExceptionAlias(name, path) => list([atom("exception"), atom(name), atom(path)]),
        ItemKind::Class(decls) => list(
            std::iter::once(atom("class")).chain(
                decls
                    .iter()
                    .map(|d| list([atom(&d.name), binding_sexp(&d.binding)])),
            ),
        ),
        ItemKind::Let(flag, bindings) => {
            let mut items = vec![atom("let")];
            if *flag == RecFlag::Recursive {
                items.push(atom("rec"));
            }
            items.extend(bindings.iter().map(binding_sexp));
            list(items)
        }
        ItemKind::Type(decls) => {
            list(std::iter::once(atom("type")).chain(decls.iter().map(type_decl_sexp)))
        }
        ItemKind::TypeNonrec(decls) => {
            list(std::iter::once(atom("type-nonrec")).chain(decls.iter().map(type_decl_sexp)))
        }
        ItemKind::Exception(c) => list([atom("exception"), constructor_sexp(c)]),
        ItemKind::Expr(e) => list([atom("eval"), expr_sexp(e)]),
        ItemKind::Module(name, me) => list([atom("module"), atom(name), mod_expr_sexp(me)]),
        ItemKind::Open(path) => list([atom("open"), atom(path)]),
        ItemKind::OpenModule(me) => list([atom("open"), mod_expr_sexp(me)]),
        ItemKind::TypeExtension(x) => {
            let mut v = vec![atom("type+="), atom(x.params.join(",")), atom(&x.path)];
            v.extend(x.constructors.iter().map(constructor_sexp));
            list(v)
        }
        ItemKind::External(x) => {
            let mut v = vec![atom("external"), atom(&x.name), type_sexp(&x.ty)];
            v.extend(x.prims.iter().map(|p| atom(format!("{p:?}"))));
            if x.unboxed {
                v.push(atom("unboxed"));
            }
            list(v)
        }
    }
}

fn mod_expr_sexp(m: &ModExpr) -> Sexp {
    match &m.kind {
        ModExprKind::Path(p) => atom(p),
        ModExprKind::Struct(items) => {
            list(std::iter::once(atom("struct")).chain(items.iter().map(item_sexp)))
        }
        ModExprKind::Functor(params, body) => {
            let mut v = vec![atom("functor")];
            v.extend(params.iter().map(functor_param_sexp));
            v.push(mod_expr_sexp(body));
            list(v)
        }
        ModExprKind::Apply(f, arg) => {
            let arg = arg.as_deref().map_or_else(|| atom("()"), mod_expr_sexp);
            list([atom("apply"), mod_expr_sexp(f), arg])
        }
        ModExprKind::Unpack(e) => list([atom("val"), expr_sexp(e)]),
        ModExprKind::Constraint(me, mt) => list([atom(":"), mod_expr_sexp(me), mod_type_sexp(mt)]),
    }
}

fn functor_param_sexp(p: &FunctorParam) -> Sexp {
    match &p.ty {
        None => atom("()"),
        Some(t) => list([atom(p.name.as_deref().unwrap_or("_")), mod_type_sexp(t)]),
    }
}

fn mod_type_sexp(t: &ModType) -> Sexp {
    match &t.kind {
        ModTypeKind::Path(p) => atom(p),
        ModTypeKind::Sig(items) => {
            list(std::iter::once(atom("sig")).chain(items.iter().map(sig_item_sexp)))
        }
        ModTypeKind::With(t, cs) => {
            let mut v = vec![atom("with"), mod_type_sexp(t)];
            for c in cs {
                v.push(match c {
                    WithConstraint::Type {
                        decl, destructive, ..
                    } => list([
                        atom(if *destructive { "type:=" } else { "type" }),
                        type_decl_sexp(decl),
                    ]),
                    WithConstraint::Module {
                        path,
                        target,
                        destructive,
                    } => list([
                        atom(if *destructive { "module:=" } else { "module" }),
                        atom(path),
                        atom(target),
                    ]),
                    WithConstraint::ModuleType {
                        path,
                        ty,
                        destructive,
                    } => list([
                        atom(if *destructive {
                            "module-type:="
                        } else {
                            "module-type"
                        }),
                        atom(path),
                        mod_type_sexp(ty),
                    ]),
                });
            }
            list(v)
        }
        ModTypeKind::Functor(params, body) => {
            let mut v = vec![atom("functor")];
            v.extend(params.iter().map(functor_param_sexp));
            v.push(mod_type_sexp(body));
            list(v)
        }
        ModTypeKind::TypeOf(me) => list([atom("module-type-of"), mod_expr_sexp(me)]),
    }
}

fn sig_item_sexp(item: &SigItem) -> Sexp {
    match &item.kind {
        SigItemKind::Val(name, _, t) => list([atom("val"), atom(name), type_sexp(t)]),
        SigItemKind::External(x) => list([atom("external"), atom(&x.name), type_sexp(&x.ty)]),
        SigItemKind::Type(decls) => {
            list(std::iter::once(atom("type")).chain(decls.iter().map(type_decl_sexp)))
        }
        SigItemKind::TypeSubst(decls) => {
            list(std::iter::once(atom("type:=")).chain(decls.iter().map(type_decl_sexp)))
        }
        SigItemKind::Exception(c) => list([atom("exception"), constructor_sexp(c)]),
        SigItemKind::TypeExtension(x) => {
            let mut v = vec![atom("type+="), atom(x.params.join(",")), atom(&x.path)];
            v.extend(x.constructors.iter().map(constructor_sexp));
            list(v)
        }
        SigItemKind::Module(name, t) => list([atom("module"), atom(name), mod_type_sexp(t)]),
        SigItemKind::ModuleAlias(name, p) => list([atom("module"), atom(name), atom(p)]),
        SigItemKind::RecModules(ms) => list(
            std::iter::once(atom("module-rec"))
                .chain(ms.iter().map(|(n, t)| list([atom(n), mod_type_sexp(t)]))),
        ),
        SigItemKind::ModuleType(name, t) => {
            let mut v = vec![atom("module-type"), atom(name)];
            v.extend(t.iter().map(mod_type_sexp));
            list(v)
        }
        SigItemKind::ModuleSubst(name, p) => list([atom("module:="), atom(name), atom(p)]),
        SigItemKind::ModuleTypeSubst(name, t) => {
            list([atom("module-type:="), atom(name), mod_type_sexp(t)])
        }
        SigItemKind::Include(t) => list([atom("include"), mod_type_sexp(t)]),
        SigItemKind::Open(p) => list([atom("open"), atom(p)]),
    }
}

fn binding_sexp(b: &Binding) -> Sexp {
    list([pattern_sexp(&b.pat), expr_sexp(&b.expr)])
}

fn type_decl_sexp(d: &TypeDecl) -> Sexp {
    let params: Vec<TypeExpr> = d
        .params
        .iter()
        .map(|p| TypeExpr {
            kind: TypeExprKind::Var(p.clone()),
            span: d.span,
        })
        .collect();
    let head = type_sexp(&TypeExpr {
        kind: TypeExprKind::Constr(d.name.clone(), params),
        span: d.span,
    });
    let mut items = vec![head];
    match &d.kind {
        TypeDeclKind::Abbrev(t) => items.extend([atom("="), type_sexp(t)]),
        TypeDeclKind::Variant(cs) => items.push(list(
            std::iter::once(atom("variant")).chain(cs.iter().map(constructor_sexp)),
        )),
        TypeDeclKind::Record(fields) => items.push(list(std::iter::once(atom("record")).chain(
            fields.iter().map(|f| {
                let mut field = Vec::new();
                if f.mutable {
                    field.push(atom("mutable"));
                }
                field.extend([atom(f.name.clone()), type_sexp(&f.ty)]);
                list(field)
            }),
        ))),
        TypeDeclKind::Abstract => {}
        TypeDeclKind::Open => items.extend([atom("="), atom("..")]),
    }
    list(items)
}

fn constructor_sexp(c: &ConstructorDecl) -> Sexp {
    let ret = c.gadt.iter().flat_map(|(vars, ret)| {
        let mut r = vec![atom(":")];
        r.extend(vars.iter().map(|v| atom(format!("'{v}"))));
        r.push(type_sexp(ret));
        r
    });
    list(
        std::iter::once(atom(c.name.clone()))
            .chain(c.args.iter().map(type_sexp))
            .chain(ret),
    )
}

fn type_sexp(t: &TypeExpr) -> Sexp {
    let text = type_text(t);
    let self_delimited = matches!(
        t.kind,
        TypeExprKind::Tuple(_) | TypeExprKind::Arrow(..) | TypeExprKind::Poly(..)
    );
    if text.contains(' ') && !self_delimited {
        atom(format!("({text})"))
    } else {
        atom(text)
    }
}

/// A type expression as OCaml prints it in messages (`[> `A ]`).
pub fn type_expr_text(t: &TypeExpr) -> String {
    type_text(t)
}

/// A type in OCaml syntax, tuples and arrows parenthesised (so it can be an argument as is).
fn type_text(t: &TypeExpr) -> String {
    match &t.kind {
        TypeExprKind::Var(v) => format!("'{v}"),
        TypeExprKind::Any => "_".to_string(),
        TypeExprKind::Constr(name, args) => match args.len() {
            0 => name.clone(),
            1 => format!("{} {name}", type_text(&args[0])),
            _ => format!(
                "({}) {name}",
                args.iter().map(type_text).collect::<Vec<_>>().join(", ")
            ),
        },
        TypeExprKind::Tuple(items) => format!(
            "({})",
            items.iter().map(type_text).collect::<Vec<_>>().join(" * ")
        ),
        TypeExprKind::Arrow(..) => format!("({})", arrow_chain(t)),
        TypeExprKind::Alias(body, v) => format!("({} as '{v})", type_text(body)),
        TypeExprKind::Object { methods, open } => {
            let mut items: Vec<String> = methods
                .iter()
                .map(|(n, t)| format!("{n} : {}", type_text(t)))
                .collect();
            if *open {
                items.push("..".to_string());
            }
            match items.is_empty() {
                true => "< >".to_string(),
                false => format!("< {} >", items.join("; ")),
            }
        }
        TypeExprKind::Poly(vs, body) => {
            let vs: Vec<String> = vs.iter().map(|v| format!("'{v}")).collect();
            format!("({}. {})", vs.join(" "), type_text(body))
        }
        TypeExprKind::Package(p, cs) => {
            let cs: Vec<String> = cs
                .iter()
                .map(|(n, t)| format!("type {n} = {}", type_text(t)))
                .collect();
            match cs.is_empty() {
                true => format!("(module {p})"),
                false => format!("(module {p} with {})", cs.join(" and ")),
            }
        }
        TypeExprKind::Variant {
            fields,
            bound,
            present,
        } => {
            let items: Vec<String> = fields
                .iter()
                .map(|f| match f {
                    RowFieldExpr::Tag {
                        name,
                        constant,
                        args,
                        ..
                    } => {
                        let mut s = format!("`{name}");
                        if !args.is_empty() {
                            s.push_str(" of ");
                            if *constant {
                                s.push_str("& ");
                            }
                            let a: Vec<String> = args.iter().map(type_text).collect();
                            s.push_str(&a.join(" & "));
                        }
                        s
                    }
                    RowFieldExpr::Inherit(t) => type_text(t),
                })
                .collect();
            let open = match bound {
                VariantBound::Exact => "[ ",
                VariantBound::Lower => "[> ",
                VariantBound::Upper => "[< ",
            };
            let mut s = format!("{open}{}", items.join(" | "));
            if !present.is_empty() {
                let p: Vec<String> = present.iter().map(|t| format!("`{t}")).collect();
                s.push_str(&format!(" > {}", p.join(" ")));
            }
            s + " ]"
        }
    }
}

/// `a -> b -> c` without the outer parentheses (arrows associate to the right).
fn arrow_chain(t: &TypeExpr) -> String {
    match &t.kind {
        TypeExprKind::Arrow(label, a, b) => format!(
            "{}{} -> {}",
            label_prefix(label),
            type_text(a),
            arrow_chain(b)
        ),
        _ => type_text(t),
    }
}

/// `x:` / `?x:` before a labelled arrow's argument type.
fn label_prefix(label: &ArgLabel) -> String {
    match label {
        ArgLabel::Nolabel => String::new(),
        ArgLabel::Labelled(l) => format!("{l}:"),
        ArgLabel::Optional(l) => format!("?{l}:"),
    }
}

/// A labelled item as `(~x item)` / `(?x item)`, an unlabelled one as itself.
fn labelled_sexp(label: &ArgLabel, item: Sexp) -> Sexp {
    match label {
        ArgLabel::Nolabel => item,
        ArgLabel::Labelled(l) => list([atom(format!("~{l}")), item]),
        ArgLabel::Optional(l) => list([atom(format!("?{l}")), item]),
    }
}

fn param_sexp(p: &Param) -> Sexp {
    match &p.default {
        None => labelled_sexp(&p.label, pattern_sexp(&p.pat)),
        Some(d) => list([
            atom(format!("?{}", p.label.name())),
            pattern_sexp(&p.pat),
            expr_sexp(d),
        ]),
    }
}

fn constant_text(c: &Constant) -> String {
    match c {
        Constant::Int(n) => n.to_string(),
        Constant::Float(text) => text.clone(),
        Constant::BoxedInt(text, suffix) => format!("{text}{suffix}"),
        Constant::Char(b) => format!("'{}'", escape_byte(*b, b'\'')),
        Constant::String(bytes) => {
            let body: String = bytes.iter().map(|&b| escape_byte(b, b'"')).collect();
            format!("\"{body}\"")
        }
    }
}

/// A byte as OCaml writes it inside a literal delimited by `quote`.
fn escape_byte(b: u8, quote: u8) -> String {
    match b {
        b'\n' => "\\n".to_string(),
        b'\t' => "\\t".to_string(),
        b'\r' => "\\r".to_string(),
        b'\x08' => "\\b".to_string(),
        b'\\' => "\\\\".to_string(),
        _ if b == quote => format!("\\{}", b as char),
        0x20..=0x7e => (b as char).to_string(),
        _ => format!("\\{b:03}"),
    }
}

fn construct_sexp<T>(
    name: &str,
    arg: Option<&T>,
    sexp: impl Fn(&T) -> Sexp,
    tuple_items: impl Fn(&T) -> Option<Vec<Sexp>>,
) -> Sexp {
    match arg {
        None => atom(name),
        Some(arg) => match (name, tuple_items(arg)) {
            ("::", Some(items)) => list(std::iter::once(atom("::")).chain(items)),
            _ => list([atom(name), sexp(arg)]),
        },
    }
}

fn expr_sexp(e: &Expr) -> Sexp {
    match &e.kind {
        ExprKind::Constant(c) => atom(constant_text(c)),
        ExprKind::Unreachable => atom("."),
        ExprKind::Open(path, e) => list([atom("open"), atom(path), expr_sexp(e)]),
        ExprKind::Var(name) => atom(name.clone()),
        ExprKind::Construct(name, arg) => {
            construct_sexp(name, arg.as_deref(), expr_sexp, |a| match &a.kind {
                ExprKind::Tuple(items) => Some(items.iter().map(expr_sexp).collect()),
                _ => None,
            })
        }
        ExprKind::Apply(f, args) => list(
            std::iter::once(expr_sexp(f))
                .chain(args.iter().map(|(l, a)| labelled_sexp(l, expr_sexp(a)))),
        ),
        ExprKind::Fun(params, body) => list([
            atom("fun"),
            list(params.iter().map(param_sexp)),
            expr_sexp(body),
        ]),
        ExprKind::Function(cases) => {
            list(std::iter::once(atom("function")).chain(cases.iter().map(case_sexp)))
        }
        ExprKind::Let(flag, bindings, body) => {
            let mut items = vec![atom("let")];
            if *flag == RecFlag::Recursive {
                items.push(atom("rec"));
            }
            items.push(list(bindings.iter().map(binding_sexp)));
            items.push(expr_sexp(body));
            list(items)
        }
        ExprKind::If { cond, then, els } => {
            let mut items = vec![atom("if"), expr_sexp(cond), expr_sexp(then)];
            items.extend(els.iter().map(|e| expr_sexp(e)));
            list(items)
        }
        ExprKind::Match(scrutinee, cases) => list(
            [atom("match"), expr_sexp(scrutinee)]
                .into_iter()
                .chain(cases.iter().map(case_sexp)),
        ),
        ExprKind::Try(body, cases) => list(
            [atom("try"), expr_sexp(body)]
                .into_iter()
                .chain(cases.iter().map(case_sexp)),
        ),
        ExprKind::Tuple(items) => {
            list(std::iter::once(atom(",")).chain(items.iter().map(expr_sexp)))
        }
        ExprKind::Record { fields, base } => {
            let mut items = vec![];
            match base {
                Some(base) => items.extend([atom("record-with"), expr_sexp(base)]),
                None => items.push(atom("record")),
            }
            items.extend(
                fields
                    .iter()
                    .map(|(name, _, e)| list([atom(name.clone()), expr_sexp(e)])),
            );
            list(items)
        }
        ExprKind::Field(record, field) => list([atom("."), expr_sexp(record), atom(field.clone())]),
        ExprKind::Send(obj, method) => list([atom("#"), expr_sexp(obj), atom(method.clone())]),
        ExprKind::Object(o) => {
            let mut items = vec![atom("object")];
            items.extend(o.self_pat.iter().map(pattern_sexp));
            items.extend(o.fields.iter().map(|f| match f {
                ObjectField::Val {
                    name,
                    mutable,
                    expr,
                    ..
                } => list([
                    atom(if *mutable { "val-mutable" } else { "val" }),
                    atom(name.clone()),
                    expr_sexp(expr),
                ]),
                ObjectField::Method {
                    name,
                    private,
                    expr,
                    ..
                } => list([
                    atom(if *private { "method-private" } else { "method" }),
                    atom(name.clone()),
                    expr_sexp(expr),
                ]),
                ObjectField::Initializer { expr, .. } => {
                    list([atom("initializer"), expr_sexp(expr)])
                }
            }));
            list(items)
        }
        ExprKind::Override(fields) => {
            let mut items = vec![atom("override")];
            items.extend(
                fields
                    .iter()
                    .map(|(name, _, e)| list([atom(name.clone()), expr_sexp(e)])),
            );
            list(items)
        }
        ExprKind::SetInstVar(name, _, value) => {
            list([atom("setinstvar"), atom(name.clone()), expr_sexp(value)])
        }
        ExprKind::SetField(record, field, value) => list([
            atom("setfield"),
            expr_sexp(record),
            atom(field.clone()),
            expr_sexp(value),
        ]),
        ExprKind::Sequence(..) => {
            let mut items = vec![atom("seq")];
            let mut current = e;
            while let ExprKind::Sequence(a, b) = &current.kind {
                items.push(expr_sexp(a));
                current = b;
            }
            items.push(expr_sexp(current));
            list(items)
        }
        ExprKind::While(cond, body) => list([atom("while"), expr_sexp(cond), expr_sexp(body)]),
        ExprKind::For {
            var,
            from,
            to,
            dir,
            body,
            ..
        } => {
            let dir = match dir {
                Direction::Upto => "to",
                Direction::Downto => "downto",
            };
            list([
                atom("for"),
                atom(var.clone()),
                expr_sexp(from),
                atom(dir),
                expr_sexp(to),
                expr_sexp(body),
            ])
        }
        ExprKind::Assert(e) => list([atom("assert"), expr_sexp(e)]),
        ExprKind::Lazy(e) => list([atom("lazy"), expr_sexp(e)]),
        // As OCaml's parsetree printer in the tests shows `Pexp_array`.
        ExprKind::Array(items) => list([
            atom("Array.of_list"),
            expr_sexp(&Expr::list(items.clone(), e.span)),
        ]),
        ExprKind::Constraint(e, t) => list([atom(":"), expr_sexp(e), type_sexp(t)]),
        ExprKind::Coerce(e, from, to) => {
            let mut items = vec![atom(":>"), expr_sexp(e)];
            items.extend(from.iter().map(type_sexp));
            items.push(type_sexp(to));
            list(items)
        }
        ExprKind::Newtype(a, e) => list([atom("fun"), atom(format!("(type {a})")), expr_sexp(e)]),
        ExprKind::Pack(me) => list([atom("module"), mod_expr_sexp(me)]),
        ExprKind::LetModule(name, me, e) => list([
            atom("let-module"),
            atom(name),
            mod_expr_sexp(me),
            expr_sexp(e),
        ]),
        ExprKind::ExtensionConstructor(c) => list([atom("extension_constructor"), atom(c.clone())]),
        ExprKind::LetException(c, e) => {
            list([atom("let-exception"), atom(c.name.clone()), expr_sexp(e)])
        }
    }
}

fn case_sexp(c: &Case) -> Sexp {
    let mut items = vec![pattern_sexp(&c.pat)];
    if let Some(guard) = &c.guard {
        items.extend([atom("when"), expr_sexp(guard)]);
    }
    items.extend([atom("->"), expr_sexp(&c.body)]);
    list(items)
}

fn pattern_sexp(p: &Pattern) -> Sexp {
    match &p.kind {
        PatternKind::Any => atom("_"),
        PatternKind::Exception(q) => list([atom("exception"), pattern_sexp(q)]),
        PatternKind::Var(name) => atom(name.clone()),
        PatternKind::Constant(c) => atom(constant_text(c)),
        PatternKind::CharRange(lo, hi) => atom(format!(
            "{}..{}",
            constant_text(&Constant::Char(*lo)),
            constant_text(&Constant::Char(*hi))
        )),
        PatternKind::Tuple(items) => {
            list(std::iter::once(atom(",")).chain(items.iter().map(pattern_sexp)))
        }
        PatternKind::Construct(name, arg) => {
            construct_sexp(name, arg.as_deref(), pattern_sexp, |a| match &a.kind {
                PatternKind::Tuple(items) => Some(items.iter().map(pattern_sexp).collect()),
                _ => None,
            })
        }
        PatternKind::Record { fields, open_ } => {
            let mut items = vec![atom("record")];
            items.extend(
                fields
                    .iter()
                    .map(|(name, _, p)| list([atom(name.clone()), pattern_sexp(p)])),
            );
            if *open_ {
                items.push(atom("_"));
            }
            list(items)
        }
        PatternKind::Or(a, b) => list([atom("|"), pattern_sexp(a), pattern_sexp(b)]),
        PatternKind::Lazy(q) => list([atom("lazy"), pattern_sexp(q)]),
        PatternKind::Open(m, q) => list([atom("open"), atom(m.clone()), pattern_sexp(q)]),
        PatternKind::NamedExistentials(names, q) => list([
            atom("type"),
            list(names.iter().map(|(n, _)| atom(n.clone()))),
            pattern_sexp(q),
        ]),
        PatternKind::Array(items) => {
            list(std::iter::once(atom("array")).chain(items.iter().map(pattern_sexp)))
        }
        PatternKind::Alias(p, name) => list([atom("as"), pattern_sexp(p), atom(name.clone())]),
        PatternKind::Constraint(p, t) => list([atom(":"), pattern_sexp(p), type_sexp(t)]),
    }
}
