//! Delta debugging of a generated program: drop top-level items in chunks (ddmin), then drop
//! single items (statements, bindings, match arms), replace expressions by the simplest value
//! of their type, or by a sub-expression of the same type — keeping each change for which the
//! program still shows the same disagreement (checked by the caller's predicate, which also
//! rejects programs ocamlopt does not accept).

use crate::tree::{exprs_of_type, Node};

pub struct Minimizer<'a> {
    /// Whether a candidate program still fails the same way.
    pub still_fails: &'a mut dyn FnMut(&str) -> bool,
    /// Candidates tried so far, and the budget.
    pub tries: usize,
    pub max_tries: usize,
}

impl Minimizer<'_> {
    fn check(&mut self, n: &Node) -> bool {
        if self.tries >= self.max_tries {
            return false;
        }
        self.tries += 1;
        (self.still_fails)(&n.render())
    }

    /// The smallest program found.
    pub fn minimize(&mut self, tree: &Node) -> Node {
        let mut cur = tree.clone();
        loop {
            let before = cur.render().len();
            cur = self.ddmin_top(cur);
            cur = self.local_passes(cur);
            if cur.render().len() >= before || self.tries >= self.max_tries {
                return cur;
            }
        }
    }

    /// ddmin over the root's items.
    fn ddmin_top(&mut self, tree: Node) -> Node {
        let Node::Cat(mut items) = tree else {
            return tree;
        };
        let mut n = 2usize;
        while items.len() >= 2 {
            let chunk = items.len().div_ceil(n);
            let mut reduced = false;
            for start in (0..items.len()).step_by(chunk) {
                let end = (start + chunk).min(items.len());
                if !items[start..end].iter().all(|i| matches!(i, Node::Item(_))) {
                    continue;
                }
                let mut cand = items.clone();
                cand.drain(start..end);
                if self.check(&Node::Cat(cand.clone())) {
                    items = cand;
                    n = (n - 1).max(2);
                    reduced = true;
                    break;
                }
            }
            if !reduced {
                if n >= items.len() {
                    break;
                }
                n = (n * 2).min(items.len());
            }
        }
        Node::Cat(items)
    }

    /// One pass over every node: drop items, simplify expressions.
    fn local_passes(&mut self, mut cur: Node) -> Node {
        let mut i = 0;
        loop {
            let nodes = {
                let mut v = vec![];
                cur.preorder(&mut v);
                v.into_iter().cloned().collect::<Vec<Node>>()
            };
            if i >= nodes.len() || self.tries >= self.max_tries {
                return cur;
            }
            let node = &nodes[i];
            let mut candidates: Vec<Node> = vec![];
            match node {
                Node::Item(_) => candidates.push(Node::text("")),
                Node::Expr { ty, default, body } => {
                    if body.render() != **default {
                        candidates.push(Node::Expr {
                            ty: ty.clone(),
                            default: default.clone(),
                            body: Box::new(Node::Text(default.clone())),
                        });
                        let mut subs = vec![];
                        exprs_of_type(body, ty, &mut subs);
                        for s in subs.into_iter().take(4) {
                            candidates.push(s.clone());
                        }
                    }
                }
                _ => {}
            }
            let mut changed = false;
            for c in candidates {
                let cand = cur.rewrite(i, &mut |_| c.clone());
                if cand.render().len() < cur.render().len() && self.check(&cand) {
                    cur = cand;
                    changed = true;
                    break;
                }
            }
            if !changed {
                i += 1;
            }
        }
    }
}
