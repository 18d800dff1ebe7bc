//! The compilation units a source file refers to, as `ocamldep` finds them: the first
//! component of every module path it writes (`List` in `List.map`, `A` in `A.t`, `open A`,
//! `F (A)`), except the modules it binds itself (`module A = ..` for the items after it,
//! `let module A = .. in`, a functor's parameters in its body, `module rec`).
//!
//! Only the syntax is read: a name found is a candidate unit, which the driver looks for as
//! a file (`driver::deps`). A module type or a type written without a path (`S`, `t`) is not
//! a module; a constructor without a path (`Some`, `A`) neither.

use std::collections::BTreeSet;

use super::ast::*;

/// The module names `program` refers to without binding them, sorted.
pub fn implementation_deps(program: &Program) -> BTreeSet<String> {
    let mut c = Collector::default();
    c.items(&program.items);
    c.found
}

/// The module names the interface `items` refers to without binding them, sorted.
pub fn interface_deps(items: &[SigItem]) -> BTreeSet<String> {
    let mut c = Collector::default();
    c.sig_items(items);
    c.found
}

#[derive(Default)]
struct Collector {
    /// The modules bound where the walk is, innermost last.
    bound: Vec<String>,
    found: BTreeSet<String>,
}

impl Collector {
    /// A module path (`A`, `A.B`): its first component.
    fn module_path(&mut self, path: &str) {
        let head = path.split('.').next().unwrap_or(path);
        let head = head.split('(').next().unwrap_or(head).trim();
        if head.starts_with(|c: char| c.is_ascii_uppercase())
            && !self.bound.iter().any(|b| b == head)
        {
            self.found.insert(head.to_string());
        }
    }

    /// A value, type, constructor, field or module type name: a module only when qualified.
    fn name(&mut self, name: &str) {
        if let Some((module, _)) = name.rsplit_once('.') {
            self.module_path(module);
        }
    }

    /// Runs `f` with `names` bound, then unbinds them.
    fn binding<R>(&mut self, names: &[&str], f: impl FnOnce(&mut Self) -> R) -> R {
        let mark = self.bound.len();
        self.bound.extend(names.iter().map(|n| n.to_string()));
        let r = f(self);
        self.bound.truncate(mark);
        r
    }

    fn items(&mut self, items: &[Item]) {
        let mark = self.bound.len();
        for item in items {
            self.item(item);
        }
        self.bound.truncate(mark);
    }

    /// One structure item; a module it defines is bound for the items after it.
    fn item(&mut self, item: &Item) {
        match &item.kind {
            ItemKind::Let(_, bindings) => bindings.iter().for_each(|b| self.binding_(b)),
            ItemKind::Class(decls) => decls.iter().for_each(|d| self.binding_(&d.binding)),
            ItemKind::Type(decls) | ItemKind::TypeNonrec(decls) => {
                decls.iter().for_each(|d| self.type_decl(d))
            }
            ItemKind::Exception(c) => self.constructor(c),
            ItemKind::Expr(e) => self.expr(e),
            ItemKind::Module(name, me) => {
                self.mod_expr(me);
                self.bound.push(name.clone());
            }
            ItemKind::ModuleType(_, mt) => {
                if let Some(mt) = mt {
                    self.mod_type(mt);
                }
            }
            ItemKind::ModuleAlias(name, path) => {
                self.module_path(path);
                self.bound.push(name.clone());
            }
            ItemKind::ExceptionAlias(_, path) => self.name(path),
            ItemKind::Include(me) | ItemKind::OpenModule(me) => self.mod_expr(me),
            ItemKind::Open(path) => self.module_path(path),
            ItemKind::External(e) => self.type_expr(&e.ty),
            ItemKind::TypeExtension(x) => self.type_extension(x),
            ItemKind::RecModules(ms) => {
                self.bound.extend(ms.iter().map(|m| m.name.clone()));
                for m in ms {
                    self.mod_type(&m.ty);
                    self.mod_expr(&m.body);
                }
            }
        }
    }

    fn sig_items(&mut self, items: &[SigItem]) {
        let mark = self.bound.len();
        for item in items {
            match &item.kind {
                SigItemKind::Val(_, _, t) => self.type_expr(t),
                SigItemKind::External(e) => self.type_expr(&e.ty),
                SigItemKind::Type(decls) | SigItemKind::TypeSubst(decls) => {
                    decls.iter().for_each(|d| self.type_decl(d))
                }
                SigItemKind::Exception(c) => self.constructor(c),
                SigItemKind::TypeExtension(x) => self.type_extension(x),
                SigItemKind::Module(name, mt) => {
                    self.mod_type(mt);
                    self.bound.push(name.clone());
                }
                SigItemKind::ModuleAlias(name, path) | SigItemKind::ModuleSubst(name, path) => {
                    self.module_path(path);
                    self.bound.push(name.clone());
                }
                SigItemKind::RecModules(ms) => {
                    self.bound.extend(ms.iter().map(|(n, _)| n.clone()));
                    ms.iter().for_each(|(_, mt)| self.mod_type(mt));
                }
                SigItemKind::ModuleType(_, mt) => {
                    if let Some(mt) = mt {
                        self.mod_type(mt);
                    }
                }
                SigItemKind::Include(mt) | SigItemKind::ModuleTypeSubst(_, mt) => self.mod_type(mt),
                SigItemKind::Open(path) => self.module_path(path),
            }
        }
        self.bound.truncate(mark);
    }

    fn mod_expr(&mut self, me: &ModExpr) {
        match &me.kind {
            ModExprKind::Path(p) => self.module_path(p),
            ModExprKind::Struct(items) => self.items(items),
            ModExprKind::Functor(params, body) => self.functor(params, |c| c.mod_expr(body)),
            ModExprKind::Apply(f, arg) => {
                self.mod_expr(f);
                if let Some(a) = arg {
                    self.mod_expr(a);
                }
            }
            ModExprKind::Constraint(m, mt) => {
                self.mod_expr(m);
                self.mod_type(mt);
            }
            ModExprKind::Unpack(e) => self.expr(e),
        }
    }

    /// The parameters' types, then `body` with the parameters bound.
    fn functor(&mut self, params: &[FunctorParam], body: impl FnOnce(&mut Self)) {
        let mark = self.bound.len();
        for p in params {
            if let Some(t) = &p.ty {
                self.mod_type(t);
            }
            if let Some(n) = &p.name {
                self.bound.push(n.clone());
            }
        }
        body(self);
        self.bound.truncate(mark);
    }

    fn mod_type(&mut self, mt: &ModType) {
        match &mt.kind {
            ModTypeKind::Path(p) => self.name(p),
            ModTypeKind::Sig(items) => self.sig_items(items),
            ModTypeKind::With(m, constraints) => {
                self.mod_type(m);
                for c in constraints {
                    match c {
                        WithConstraint::Type { decl, .. } => self.type_decl(decl),
                        WithConstraint::Module { target, .. } => self.module_path(target),
                        WithConstraint::ModuleType { ty, .. } => self.mod_type(ty),
                    }
                }
            }
            ModTypeKind::Functor(params, body) => self.functor(params, |c| c.mod_type(body)),
            ModTypeKind::TypeOf(me) => self.mod_expr(me),
        }
    }

    fn type_decl(&mut self, d: &TypeDecl) {
        if let Some(m) = &d.manifest {
            self.type_expr(m);
        }
        match &d.kind {
            TypeDeclKind::Abbrev(t) => self.type_expr(t),
            TypeDeclKind::Variant(cs) => cs.iter().for_each(|c| self.constructor(c)),
            TypeDeclKind::Record(fs) => fs.iter().for_each(|f| self.type_expr(&f.ty)),
            TypeDeclKind::Abstract | TypeDeclKind::Open => {}
        }
        for (a, b, _) in &d.constraints {
            self.type_expr(a);
            self.type_expr(b);
        }
    }

    fn constructor(&mut self, c: &ConstructorDecl) {
        c.args.iter().for_each(|t| self.type_expr(t));
        if let Some((_, t)) = &c.gadt {
            self.type_expr(t);
        }
    }

    fn type_extension(&mut self, x: &TypeExtension) {
        self.name(&x.path);
        x.constructors.iter().for_each(|c| self.constructor(c));
        for (path, _) in x.rebinds.iter().flatten() {
            self.name(path);
        }
    }

    fn type_expr(&mut self, t: &TypeExpr) {
        match &t.kind {
            TypeExprKind::Constr(name, args) => {
                self.name(name);
                args.iter().for_each(|a| self.type_expr(a));
            }
            TypeExprKind::Tuple(ts) => ts.iter().for_each(|a| self.type_expr(a)),
            TypeExprKind::Arrow(_, a, b) => {
                self.type_expr(a);
                self.type_expr(b);
            }
            TypeExprKind::Package(path, constraints) => {
                self.name(path);
                constraints.iter().for_each(|(_, t)| self.type_expr(t));
            }
            TypeExprKind::Variant { fields, .. } => {
                for f in fields {
                    match f {
                        RowFieldExpr::Tag { args, .. } => {
                            args.iter().for_each(|a| self.type_expr(a))
                        }
                        RowFieldExpr::Inherit(t) => self.type_expr(t),
                    }
                }
            }
            TypeExprKind::Poly(_, t) | TypeExprKind::Alias(t, _) => self.type_expr(t),
            TypeExprKind::Object { methods, .. } => {
                methods.iter().for_each(|(_, t)| self.type_expr(t))
            }
            TypeExprKind::Var(_) | TypeExprKind::Any => {}
        }
    }

    fn binding_(&mut self, b: &Binding) {
        self.pattern(&b.pat);
        self.expr(&b.expr);
    }

    fn cases(&mut self, cases: &[Case]) {
        for c in cases {
            self.pattern(&c.pat);
            if let Some(g) = &c.guard {
                self.expr(g);
            }
            self.expr(&c.body);
        }
    }

    fn pattern(&mut self, p: &Pattern) {
        match &p.kind {
            PatternKind::Construct(name, arg) => {
                self.name(name);
                if let Some(a) = arg {
                    self.pattern(a);
                }
            }
            PatternKind::Record { fields, .. } => {
                for (name, _, q) in fields {
                    self.name(name);
                    self.pattern(q);
                }
            }
            PatternKind::Tuple(ps) | PatternKind::Array(ps) => {
                ps.iter().for_each(|q| self.pattern(q))
            }
            PatternKind::Or(a, b) => {
                self.pattern(a);
                self.pattern(b);
            }
            PatternKind::Lazy(q)
            | PatternKind::Exception(q)
            | PatternKind::Alias(q, _)
            | PatternKind::NamedExistentials(_, q) => self.pattern(q),
            PatternKind::Constraint(q, t) => {
                self.pattern(q);
                self.type_expr(t);
            }
            PatternKind::Open(m, q) => {
                self.module_path(m);
                self.pattern(q);
            }
            PatternKind::Any
            | PatternKind::Var(_)
            | PatternKind::Constant(_)
            | PatternKind::CharRange(..) => {}
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Constant(_) | ExprKind::Unreachable => {}
            ExprKind::Open(m, body) => {
                self.module_path(m);
                self.expr(body);
            }
            ExprKind::Var(name) | ExprKind::ExtensionConstructor(name) => self.name(name),
            ExprKind::Construct(name, arg) => {
                self.name(name);
                if let Some(a) = arg {
                    self.expr(a);
                }
            }
            ExprKind::Apply(f, args) => {
                self.expr(f);
                args.iter().for_each(|(_, a)| self.expr(a));
            }
            ExprKind::Fun(params, body) => {
                for p in params {
                    if let Some(d) = &p.default {
                        self.expr(d);
                    }
                    self.pattern(&p.pat);
                }
                self.expr(body);
            }
            ExprKind::Function(cases) => self.cases(cases),
            ExprKind::Let(_, bindings, body) => {
                bindings.iter().for_each(|b| self.binding_(b));
                self.expr(body);
            }
            ExprKind::If { cond, then, els } => {
                self.expr(cond);
                self.expr(then);
                if let Some(e) = els {
                    self.expr(e);
                }
            }
            ExprKind::Match(s, cases) | ExprKind::Try(s, cases) => {
                self.expr(s);
                self.cases(cases);
            }
            ExprKind::Tuple(es) | ExprKind::Array(es) => es.iter().for_each(|x| self.expr(x)),
            ExprKind::Record { fields, base } => {
                if let Some(b) = base {
                    self.expr(b);
                }
                for (name, _, x) in fields {
                    self.name(name);
                    self.expr(x);
                }
            }
            ExprKind::Field(x, name) => {
                self.expr(x);
                self.name(name);
            }
            ExprKind::Send(x, _) => self.expr(x),
            ExprKind::Object(o) => {
                if let Some(p) = &o.self_pat {
                    self.pattern(p);
                }
                for f in &o.fields {
                    match f {
                        ObjectField::Val { expr, .. }
                        | ObjectField::Method { expr, .. }
                        | ObjectField::Initializer { expr, .. } => self.expr(expr),
                    }
                }
            }
            ExprKind::Override(fields) => {
                for (_, _, x) in fields {
                    self.expr(x);
                }
            }
            ExprKind::SetInstVar(_, _, x) => self.expr(x),
            ExprKind::SetField(x, name, v) => {
                self.expr(x);
                self.name(name);
                self.expr(v);
            }
            ExprKind::Sequence(a, b) | ExprKind::While(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::For { from, to, body, .. } => {
                self.expr(from);
                self.expr(to);
                self.expr(body);
            }
            ExprKind::Assert(x) | ExprKind::Lazy(x) | ExprKind::Newtype(_, x) => self.expr(x),
            ExprKind::Constraint(x, t) => {
                self.expr(x);
                self.type_expr(t);
            }
            ExprKind::Coerce(x, from, to) => {
                self.expr(x);
                if let Some(f) = from {
                    self.type_expr(f);
                }
                self.type_expr(to);
            }
            ExprKind::LetModule(name, me, body) => {
                self.mod_expr(me);
                self.binding(&[name], |c| c.expr(body));
            }
            ExprKind::LetException(c, body) => {
                self.constructor(c);
                self.expr(body);
            }
            ExprKind::Pack(me) => self.mod_expr(me),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deps(src: &str) -> Vec<String> {
        let p = crate::syntax::parse(src).expect("parses");
        implementation_deps(&p).into_iter().collect()
    }

    #[test]
    fn paths_are_dependencies_and_bound_modules_are_not() {
        assert_eq!(
            deps(
                "open A\nlet x : B.t = C.f (Some D.K)\nmodule E = struct let y = 1 end\n\
                 let z = E.y\nmodule F (X : G.S) = struct let w = X.v end\n\
                 let r = { H.field = 1 }\nlet m = let module L = I.Make (J) in L.v\n\
                 let u = match x with K.C -> 1 | _ -> 2\ntype t = M.u\nmodule type S = N.T"
            ),
            ["A", "B", "C", "D", "G", "H", "I", "J", "K", "M", "N"]
        );
        assert_eq!(deps("let e = E.y\nmodule E = struct let y = 1 end"), ["E"]);
        assert!(deps("type t = A | B\nlet x = A\nmodule type S = sig end").is_empty());
    }
}
