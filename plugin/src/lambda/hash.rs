//! OCaml's structural hash, `caml_hash` of OCaml 4.13's `runtime/hash.c` (MurmurHash3 mixing
//! over a breadth-first walk of the value), for the two interpreters; the compiled program's
//! twin is `egret_hash` in `runtime/egret_runtime.c`. `Hashtbl`'s iteration order depends on
//! the exact hash values, so both must agree with OCaml bit for bit.
//!
//! A value is seen through [`Node`]: egret's representation is OCaml's (ints tagged as
//! `2n+1`, blocks with an OCaml header), so the header mixed in is `wosize << 10 | tag`.

/// One value as the hash sees it.
pub enum Node<V> {
    /// An OCaml int (untagged).
    Int(i64),
    /// A string's bytes.
    Str(Vec<u8>),
    /// A boxed float (`Double_tag`).
    Float(f64),
    /// A structured block: its tag and fields.
    Block(u8, Vec<V>),
    /// A flat float array (`Double_array_tag`): its elements.
    FloatArray(Vec<f64>),
    /// A custom block (a boxed integer): what its custom operations' `hash` gives.
    Custom(u32),
    /// A function: OCaml mixes its header and code pointers, which have no portable value;
    /// egret mixes the closure tag only (so the interpreters and the runtime agree).
    Closure,
}

const QUEUE_SIZE: usize = 256;

fn mix(h: u32, d: u32) -> u32 {
    let d = d
        .wrapping_mul(0xcc9e2d51)
        .rotate_left(15)
        .wrapping_mul(0x1b873593);
    (h ^ d)
        .rotate_left(13)
        .wrapping_mul(5)
        .wrapping_add(0xe6546b64)
}

/// `caml_hash_mix_intnat` of the tagged word `d`.
fn mix_intnat(h: u32, d: i64) -> u32 {
    mix(h, ((d >> 32) ^ (d >> 63) ^ d) as u32)
}

fn mix_string(mut h: u32, s: &[u8]) -> u32 {
    let mut chunks = s.chunks_exact(4);
    for c in &mut chunks {
        h = mix(h, u32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let w = rest.iter().rev().fold(0u32, |w, &b| (w << 8) | b as u32);
        h = mix(h, w);
    }
    h ^ s.len() as u32
}

/// `caml_hash_mix_double`: NaNs and `-0.` normalised, low word then high word.
fn mix_double(h: u32, d: f64) -> u32 {
    let bits = d.to_bits();
    let (mut hi, mut lo) = ((bits >> 32) as u32, bits as u32);
    if hi & 0x7FF0_0000 == 0x7FF0_0000 && (lo | (hi & 0xFFFFF)) != 0 {
        hi = 0x7FF0_0000;
        lo = 1;
    } else if hi == 0x8000_0000 && lo == 0 {
        hi = 0;
    }
    mix(mix(h, lo), hi)
}

fn final_mix(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x85ebca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2ae35);
    h ^ (h >> 16)
}

/// `Obj.object_tag`: objects and exception identities, hashed by their id.
const OBJECT_TAG: u8 = 248;

/// `Obj.forward_tag`: a forced lazy value's block.
const FORWARD_TAG: u8 = 250;

/// How many links of a chain of forward blocks the hash follows (OCaml's
/// `MAX_FORWARD_DEREFERENCE`).
const MAX_FORWARD_DEREFERENCE: u32 = 1000;

/// `Hashtbl.seeded_hash_param count limit seed obj`: at most `count` meaningful values
/// (ints, strings) and `limit` values in all are looked at.
pub fn caml_hash<V>(
    count: i64,
    limit: i64,
    seed: i64,
    obj: V,
    view: impl Fn(&V) -> Node<V>,
) -> i64 {
    let sz = if (0..=QUEUE_SIZE as i64).contains(&limit) {
        limit as usize
    } else {
        QUEUE_SIZE
    };
    let mut num = count;
    let mut h = seed as u32;
    let mut queue = std::collections::VecDeque::from([obj]);
    let mut written = 1;
    while num > 0 {
        let Some(v) = queue.pop_front() else { break };
        match view(&v) {
            Node::Int(n) => {
                h = mix_intnat(h, n.wrapping_mul(2).wrapping_add(1));
                num -= 1;
            }
            Node::Str(s) => {
                h = mix_string(h, &s);
                num -= 1;
            }
            Node::Float(d) => {
                h = mix_double(h, d);
                num -= 1;
            }
            Node::Custom(n) => {
                h = mix(h, n);
                num -= 1;
            }
            Node::Closure => h = mix(h, 247),
            Node::FloatArray(xs) => {
                for x in xs {
                    h = mix_double(h, x);
                    num -= 1;
                    if num <= 0 {
                        break;
                    }
                }
            }
            Node::Block(FORWARD_TAG, fields) if !fields.is_empty() => {
                // A forced lazy value hashes as its value; a chain of forward blocks (which
                // may loop) is followed MAX_FORWARD_DEREFERENCE links at most, then skipped
                // (OCaml's hash.c).
                let mut target = fields.into_iter().next().expect("a field");
                let mut links = MAX_FORWARD_DEREFERENCE;
                while let Node::Block(FORWARD_TAG, fs) = view(&target) {
                    links -= 1;
                    match fs.into_iter().next() {
                        Some(next) if links > 0 => target = next,
                        _ => break,
                    }
                }
                if links > 0 {
                    queue.push_front(target);
                }
            }
            // An object (or an exception's identity), by its id (OCaml's `Oid_val`).
            Node::Block(OBJECT_TAG, fields) if fields.len() >= 2 => {
                if let Node::Int(id) = view(&fields[1]) {
                    h = mix_intnat(h, id);
                }
                num -= 1;
            }
            Node::Block(tag, fields) => {
                h = mix(h, ((fields.len() as u32) << 10) | tag as u32);
                for f in fields {
                    if written >= sz {
                        break;
                    }
                    queue.push_back(f);
                    written += 1;
                }
            }
        }
    }
    (final_mix(h) & 0x3FFF_FFFF) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value tree for the tests.
    enum T {
        I(i64),
        S(&'static str),
        B(u8, Vec<T>),
    }

    fn hash(t: &T) -> i64 {
        caml_hash(10, 100, 0, t, |t| match t {
            T::I(n) => Node::Int(*n),
            T::S(s) => Node::Str(s.as_bytes().to_vec()),
            T::B(tag, fs) => Node::Block(*tag, fs.iter().collect()),
        })
    }

    /// Values printed by `Hashtbl.hash` in OCaml 4.13 (ocamlopt, x86-64).
    #[test]
    fn agrees_with_ocaml() {
        use T::*;
        assert_eq!(hash(&I(0)), 129913994);
        assert_eq!(hash(&I(1)), 883721435);
        assert_eq!(hash(&I(-1)), 911466517);
        assert_eq!(hash(&S("")), 0);
        assert_eq!(hash(&S("hello")), 840920576);
        assert_eq!(hash(&B(0, vec![I(1), S("ab")])), 927401425);
        // [1; 2; 3]
        assert_eq!(
            hash(&B(0, vec![I(1), B(0, vec![I(2), B(0, vec![I(3), I(0)])])])),
            794519639
        );
        assert_eq!(hash(&I(4611686018427387903)), 952257787);
        assert_eq!(hash(&I(-4611686018427387904)), 69827754);
    }
}
