//! Strongly connected components (Tarjan's algorithm, iterative), for `let rec` groups.

/// The strongly connected components of the graph on `0..n` with successors `succ`, each
/// component after every component it can reach ("dependencies first").
pub fn sccs(n: usize, succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = vec![];
    let mut out = vec![];
    let mut next = 0;
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        // (node, next successor position)
        let mut work = vec![(root, 0usize)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut pos)) = work.last_mut() {
            if *pos < succ[v].len() {
                let w = succ[v][*pos];
                *pos += 1;
                if index[w] == UNSEEN {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = vec![];
                loop {
                    let w = stack.pop().unwrap();
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comp.reverse();
                out.push(comp);
            }
        }
    }
    out
}

/// Loop breakers for the graph: a set of nodes such that removing them (their incoming
/// edges) leaves no cycle. In each recursive component the node referenced most often from
/// inside it is chosen (a node `avoid` marks only when the component has no other), then the
/// rest of the component is examined again.
pub fn loop_breakers(n: usize, succ: &[Vec<usize>], avoid: &[bool]) -> Vec<bool> {
    let mut breaker = vec![false; n];
    let mut pending: Vec<Vec<usize>> = vec![(0..n).collect()];
    while let Some(nodes) = pending.pop() {
        // The subgraph on `nodes` minus breakers.
        let local: std::collections::HashMap<usize, usize> =
            nodes.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let sub: Vec<Vec<usize>> = nodes
            .iter()
            .map(|&v| {
                succ[v]
                    .iter()
                    .filter(|w| !breaker[**w])
                    .filter_map(|w| local.get(w).copied())
                    .collect()
            })
            .collect();
        for comp in sccs(nodes.len(), &sub) {
            let recursive = comp.len() > 1 || sub[comp[0]].contains(&comp[0]);
            if !recursive {
                continue;
            }
            let in_comp: std::collections::HashSet<usize> = comp.iter().copied().collect();
            let mut indegree = vec![0usize; nodes.len()];
            for &v in &comp {
                for &w in &sub[v] {
                    if in_comp.contains(&w) {
                        indegree[w] += 1;
                    }
                }
            }
            let &pick = comp
                .iter()
                .max_by_key(|&&v| (!avoid[nodes[v]], indegree[v], std::cmp::Reverse(v)))
                .unwrap();
            breaker[nodes[pick]] = true;
            let rest: Vec<usize> = comp
                .iter()
                .filter(|&&v| v != pick)
                .map(|&v| nodes[v])
                .collect();
            if !rest.is_empty() {
                pending.push(rest);
            }
        }
    }
    breaker
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_dependencies_first() {
        // 0 -> 1 -> 2 -> 1, 3 -> 0
        let succ = vec![vec![1], vec![2], vec![1], vec![0]];
        let c = sccs(4, &succ);
        assert_eq!(c, vec![vec![1, 2], vec![0], vec![3]]);
        let b = loop_breakers(4, &succ, &[false; 4]);
        assert_eq!(b.iter().filter(|x| **x).count(), 1);
        assert!(b[1] || b[2]);
    }

    #[test]
    fn breakers_break_every_cycle() {
        // A clique of 4 with self loops on 0.
        let succ: Vec<Vec<usize>> = (0..4)
            .map(|v| (0..4).filter(|w| *w != v || v == 0).collect())
            .collect();
        let b = loop_breakers(4, &succ, &[false; 4]);
        let rest: Vec<Vec<usize>> = succ
            .iter()
            .map(|s| s.iter().copied().filter(|w| !b[*w]).collect())
            .collect();
        for comp in sccs(4, &rest) {
            assert!(comp.len() == 1 && !rest[comp[0]].contains(&comp[0]) || b[comp[0]]);
        }
    }
}
