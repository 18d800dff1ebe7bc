//! A generated program as a tree of text fragments, with the structure the minimizer needs:
//! which parts can be dropped ([`Node::Item`]: a top-level item, a statement of a sequence,
//! a `let` binding, a match arm) and which are expressions of a known type that can be
//! replaced by a simple value of that type or by a sub-expression of the same type
//! ([`Node::Expr`]).

use std::rc::Rc;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Int,
    Bool,
    Char,
    Str,
    Unit,
    List(Box<Ty>),
    Option(Box<Ty>),
    Tuple(Vec<Ty>),
    Ref(Box<Ty>),
    /// A generated variant type, by index.
    Adt(usize),
    /// A generated record type, by index.
    Rec(usize),
    Fun(Vec<Ty>, Box<Ty>),
}

impl Ty {
    pub fn list(t: Ty) -> Ty {
        Ty::List(Box::new(t))
    }
    pub fn option(t: Ty) -> Ty {
        Ty::Option(Box::new(t))
    }
    pub fn fun(args: Vec<Ty>, r: Ty) -> Ty {
        Ty::Fun(args, Box::new(r))
    }

    /// OCaml syntax.
    pub fn ocaml(&self) -> String {
        match self {
            Ty::Int => "int".into(),
            Ty::Bool => "bool".into(),
            Ty::Char => "char".into(),
            Ty::Str => "string".into(),
            Ty::Unit => "unit".into(),
            Ty::List(t) => format!("{} list", t.ocaml_atom()),
            Ty::Option(t) => format!("{} option", t.ocaml_atom()),
            Ty::Ref(t) => format!("{} ref", t.ocaml_atom()),
            Ty::Tuple(ts) => ts
                .iter()
                .map(|t| t.ocaml_atom())
                .collect::<Vec<_>>()
                .join(" * "),
            Ty::Adt(i) => format!("t{i}"),
            Ty::Rec(i) => format!("r{i}"),
            Ty::Fun(args, r) => {
                let mut s = String::new();
                for a in args {
                    s.push_str(&a.ocaml_atom());
                    s.push_str(" -> ");
                }
                s.push_str(&r.ocaml_atom());
                s
            }
        }
    }

    pub fn ocaml_atom(&self) -> String {
        match self {
            Ty::Tuple(_) | Ty::Fun(..) => format!("({})", self.ocaml()),
            _ => self.ocaml(),
        }
    }

    /// Whether `=`/`compare` work on it (no functions inside).
    pub fn comparable(&self) -> bool {
        match self {
            Ty::Fun(..) => false,
            Ty::List(t) | Ty::Option(t) | Ty::Ref(t) => t.comparable(),
            Ty::Tuple(ts) => ts.iter().all(Ty::comparable),
            _ => true,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Node {
    Text(Rc<str>),
    Cat(Vec<Node>),
    /// An expression of type `ty`; `default` is a closed expression of the same type.
    Expr {
        ty: Ty,
        default: Rc<str>,
        body: Box<Node>,
    },
    /// Something that may be dropped as a whole.
    Item(Box<Node>),
}

impl Node {
    pub fn text(s: impl Into<String>) -> Node {
        Node::Text(Rc::from(s.into()))
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out);
        out
    }

    fn render_into(&self, out: &mut String) {
        match self {
            Node::Text(t) => out.push_str(t),
            Node::Cat(v) => v.iter().for_each(|n| n.render_into(out)),
            Node::Expr { body, .. } => body.render_into(out),
            Node::Item(b) => b.render_into(out),
        }
    }

    /// The number of nodes (a size measure for minimization reports).
    pub fn size(&self) -> usize {
        match self {
            Node::Text(_) => 1,
            Node::Cat(v) => 1 + v.iter().map(Node::size).sum::<usize>(),
            Node::Expr { body, .. } | Node::Item(body) => 1 + body.size(),
        }
    }

    /// Visits every node in preorder with its preorder index.
    pub fn preorder<'a>(&'a self, out: &mut Vec<&'a Node>) {
        out.push(self);
        match self {
            Node::Text(_) => {}
            Node::Cat(v) => v.iter().for_each(|n| n.preorder(out)),
            Node::Expr { body, .. } | Node::Item(body) => body.preorder(out),
        }
    }

    /// Replaces the node of preorder index `target` by `f(node)`.
    pub fn rewrite(&self, target: usize, f: &mut dyn FnMut(&Node) -> Node) -> Node {
        let mut counter = 0;
        self.rewrite_at(target, &mut counter, f)
    }

    fn rewrite_at(
        &self,
        target: usize,
        counter: &mut usize,
        f: &mut dyn FnMut(&Node) -> Node,
    ) -> Node {
        let here = *counter;
        *counter += 1;
        if here == target {
            // Skip the subtree's indices.
            *counter += self.size() - 1;
            return f(self);
        }
        if here + self.size() <= target {
            *counter += self.size() - 1;
            return self.clone();
        }
        match self {
            Node::Text(_) => self.clone(),
            Node::Cat(v) => Node::Cat(v.iter().map(|n| n.rewrite_at(target, counter, f)).collect()),
            Node::Expr { ty, default, body } => Node::Expr {
                ty: ty.clone(),
                default: default.clone(),
                body: Box::new(body.rewrite_at(target, counter, f)),
            },
            Node::Item(b) => Node::Item(Box::new(b.rewrite_at(target, counter, f))),
        }
    }
}

/// Collects the `Expr` descendants of `n` (not `n` itself) whose type is `ty`.
pub fn exprs_of_type<'a>(n: &'a Node, ty: &Ty, out: &mut Vec<&'a Node>) {
    let children: Vec<&Node> = match n {
        Node::Text(_) => vec![],
        Node::Cat(v) => v.iter().collect(),
        Node::Expr { body, .. } | Node::Item(body) => vec![body],
    };
    for c in children {
        if let Node::Expr { ty: t, .. } = c {
            if t == ty {
                out.push(c);
            }
        }
        exprs_of_type(c, ty, out);
    }
}
