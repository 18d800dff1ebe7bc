//! A persistent map from `u32` keys (variable numbers) to values: copies are O(1) and share
//! structure, updates copy one path (at most 8 nodes of a 16-way trie keyed by 4 bits of the
//! key at a time). The interpreter's environments and the simplifier's substitutions and
//! in-scope sets are these, because both are saved and restored constantly.

use std::rc::Rc;

pub struct PMap<V> {
    root: Option<Rc<Node<V>>>,
    len: usize,
}

enum Node<V> {
    Leaf(u32, V),
    Branch([Option<Rc<Node<V>>>; 16]),
}

impl<V> Clone for PMap<V> {
    fn clone(&self) -> Self {
        PMap {
            root: self.root.clone(),
            len: self.len,
        }
    }
}

impl<V> Default for PMap<V> {
    fn default() -> Self {
        PMap { root: None, len: 0 }
    }
}

impl<V: std::fmt::Debug + Clone> std::fmt::Debug for PMap<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.entries()).finish()
    }
}

const BITS: u32 = 4;
const MASK: u32 = 15;

impl<V: Clone> PMap<V> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, key: u32) -> Option<&V> {
        let mut node = self.root.as_deref()?;
        let mut shift = 0;
        loop {
            match node {
                Node::Leaf(k, v) => return (*k == key).then_some(v),
                Node::Branch(ch) => {
                    node = ch[((key >> shift) & MASK) as usize].as_deref()?;
                    shift += BITS;
                }
            }
        }
    }

    /// Whether the two maps are the same version (a cheap, incomplete equality test).
    pub fn ptr_eq(&self, other: &Self) -> bool {
        match (&self.root, &other.root) {
            (None, None) => true,
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    pub fn contains_key(&self, key: u32) -> bool {
        self.get(key).is_some()
    }

    /// Inserts or replaces.
    pub fn insert(&mut self, key: u32, value: V) {
        let mut added = true;
        self.root = Some(Self::ins(self.root.as_ref(), key, value, 0, &mut added));
        if added {
            self.len += 1;
        }
    }

    /// A copy with `key` bound to `value`.
    pub fn update(&self, key: u32, value: V) -> Self {
        let mut m = self.clone();
        m.insert(key, value);
        m
    }

    fn ins(
        node: Option<&Rc<Node<V>>>,
        key: u32,
        value: V,
        shift: u32,
        added: &mut bool,
    ) -> Rc<Node<V>> {
        match node.map(|n| &**n) {
            None => Rc::new(Node::Leaf(key, value)),
            Some(Node::Leaf(k, _)) if *k == key || shift >= 32 => {
                *added = *k != key;
                Rc::new(Node::Leaf(key, value))
            }
            Some(Node::Leaf(k, _)) => {
                let mut ch: [Option<Rc<Node<V>>>; 16] = Default::default();
                ch[((k >> shift) & MASK) as usize] = node.cloned();
                let i = ((key >> shift) & MASK) as usize;
                ch[i] = Some(Self::ins(ch[i].as_ref(), key, value, shift + BITS, added));
                Rc::new(Node::Branch(ch))
            }
            Some(Node::Branch(ch)) => {
                let mut ch = ch.clone();
                let i = ((key >> shift) & MASK) as usize;
                ch[i] = Some(Self::ins(ch[i].as_ref(), key, value, shift + BITS, added));
                Rc::new(Node::Branch(ch))
            }
        }
    }

    /// Removes `key`; returns its value.
    pub fn remove(&mut self, key: u32) -> Option<V> {
        let v = self.get(key)?.clone();
        self.root = Self::rem(self.root.as_ref().unwrap(), key, 0);
        self.len -= 1;
        Some(v)
    }

    fn rem(node: &Rc<Node<V>>, key: u32, shift: u32) -> Option<Rc<Node<V>>> {
        match &**node {
            Node::Leaf(..) => None,
            Node::Branch(ch) => {
                let mut ch = ch.clone();
                let i = ((key >> shift) & MASK) as usize;
                ch[i] = Self::rem(ch[i].as_ref().unwrap(), key, shift + BITS);
                if ch.iter().all(Option::is_none) {
                    None
                } else {
                    Some(Rc::new(Node::Branch(ch)))
                }
            }
        }
    }

    /// All entries, in key-trie order.
    pub fn entries(&self) -> Vec<(u32, V)> {
        fn go<V: Clone>(n: &Node<V>, out: &mut Vec<(u32, V)>) {
            match n {
                Node::Leaf(k, v) => out.push((*k, v.clone())),
                Node::Branch(ch) => ch.iter().flatten().for_each(|c| go(c, out)),
            }
        }
        let mut out = vec![];
        if let Some(r) = &self.root {
            go(r, &mut out);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn behaves_like_a_map_and_shares() {
        let mut m = PMap::new();
        let mut h = HashMap::new();
        let mut seed = 12345u64;
        let mut snapshots = vec![];
        for step in 0..5000u32 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = (((seed >> 33) % 700) as u32).wrapping_mul(0x0101_0101) % 100_003;
            if seed % 3 == 0 {
                assert_eq!(m.remove(k), h.remove(&k));
            } else {
                m.insert(k, step);
                h.insert(k, step);
            }
            assert_eq!(m.len(), h.len());
            if step % 1000 == 0 {
                snapshots.push((m.clone(), h.clone()));
            }
        }
        for (k, v) in &h {
            assert_eq!(m.get(*k), Some(v));
        }
        for (m, h) in snapshots {
            assert_eq!(m.len(), h.len());
            for (k, v) in &h {
                assert_eq!(m.get(*k), Some(v));
            }
        }
    }
}
