//! The scope tree of one function's DWARF: which `DW_TAG_lexical_block`s and
//! `DW_TAG_inlined_subroutine`s it has, over which code ranges, and under which of them each
//! local variable goes.
//!
//! Two kinds of scopes meet here:
//! - **inline scopes** (code the simplifier inlined, [`egret_plugin::srcloc`]): the code ranges
//!   of scope `s` are those whose source location's inline scope is `s` or nested in `s`, so a
//!   nested scope's ranges lie within its parent's and two scopes with the same parent never
//!   share an instruction;
//! - **lexical blocks** for the function's own locals: one per distinct start of a local's
//!   value, each from that start to the function's end and nested in the previous one, so gdb
//!   finds the most recently bound of shadowed names first and lists no local before its value
//!   exists.
//!
//! The tree must keep DWARF's rules (`llvm-dwarfdump --verify` checks them): a child's ranges
//! lie within its parent's, and siblings' ranges are disjoint. So an outermost inline scope is
//! placed in the innermost lexical block that starts at or before its first instruction, and
//! each lexical block leaves out the ranges of the inline scopes placed at its level or above
//! it (they are its siblings or its ancestors' siblings). A local whose value starts inside
//! inlined code belongs to the inlined function (its `let`s): it goes into the innermost inline
//! scope there; so does one whose value starts elsewhere (a mutable local's first location may
//! be in the loop header code an optimizer placed outside the scope) but that the inlined code
//! binds. Parameters stay in the subprogram.

use egret_plugin::srcloc::{InlineScope, InlineSites, SrcLoc};

/// Code ranges `[start, end)` of a function, sorted and disjoint.
pub type Ranges = Vec<(u32, u32)>;

/// Where a DIE goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Directly in the function's `DW_TAG_subprogram`.
    Subprogram,
    /// In lexical block `i` of [`ScopeTree::blocks`].
    Block(usize),
    /// In inlined subroutine `i` of [`ScopeTree::inlined`].
    Inlined(usize),
}

/// One `DW_TAG_inlined_subroutine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlinedScope {
    pub scope: InlineScope,
    pub ranges: Ranges,
    pub parent: Place,
}

/// One `DW_TAG_lexical_block`: block `i` is in block `i - 1` (block 0 in the subprogram).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexicalBlock {
    pub ranges: Ranges,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopeTree {
    /// Parents before children.
    pub inlined: Vec<InlinedScope>,
    pub blocks: Vec<LexicalBlock>,
    /// Parallel to the function's variables.
    pub variables: Vec<Place>,
}

/// What the tree needs to know of a variable.
#[derive(Clone, Copy, Debug)]
pub struct VariableStart {
    pub is_param: bool,
    /// The first offset where its value is known, if anywhere.
    pub start: Option<u32>,
    /// The inline scope of the code that binds it (`NONE` for the function's own code).
    pub bound_in: InlineScope,
}

/// Sorts `ranges` and merges those that touch or overlap.
fn merged(mut ranges: Ranges) -> Ranges {
    ranges.sort_unstable();
    let mut out: Ranges = Vec::with_capacity(ranges.len());
    for (start, end) in ranges {
        match out.last_mut() {
            Some(last) if start <= last.1 => last.1 = last.1.max(end),
            _ => out.push((start, end)),
        }
    }
    out
}

/// `ranges` without the offsets in `holes` (both sorted and disjoint).
fn subtract(ranges: &Ranges, holes: &Ranges) -> Ranges {
    let mut out = Vec::new();
    for &(start, end) in ranges {
        let mut from = start;
        for &(hole_start, hole_end) in holes {
            if hole_end <= from || hole_start >= end {
                continue;
            }
            if hole_start > from {
                out.push((from, hole_start));
            }
            from = from.max(hole_end);
        }
        if from < end {
            out.push((from, end));
        }
    }
    out
}

fn contains(ranges: &Ranges, offset: u32) -> bool {
    ranges
        .iter()
        .any(|&(start, end)| start <= offset && offset < end)
}

/// The scope tree of a function of `len` bytes with source ranges `srclocs`.
pub fn scope_tree(
    len: u32,
    srclocs: &[(u32, u32, SrcLoc)],
    sites: &InlineSites,
    variables: &[VariableStart],
) -> ScopeTree {
    // The ranges of every inline scope, its own code's and its nested scopes'.
    let mut by_scope: std::collections::BTreeMap<InlineScope, Ranges> = Default::default();
    for &(start, end, loc) in srclocs {
        let end = end.min(len);
        if start >= end {
            continue;
        }
        for scope in sites.chain(loc.scope) {
            by_scope.entry(scope).or_default().push((start, end));
        }
    }
    // (A site's parent has a smaller number, so this order puts parents first.)
    let scopes: Vec<(InlineScope, Ranges)> = by_scope
        .into_iter()
        .map(|(scope, ranges)| (scope, merged(ranges)))
        .collect();
    let parent_scope =
        |scope: InlineScope| sites.get(scope).map_or(InlineScope::NONE, |s| s.call.scope);
    let depth = |scope: InlineScope| sites.chain(scope).count();

    // Locals: into the innermost inline scope covering their start, else a lexical block.
    let innermost_at = |offset: u32| {
        scopes
            .iter()
            .enumerate()
            .filter(|(_, (_, ranges))| contains(ranges, offset))
            .max_by_key(|(_, (scope, _))| depth(*scope))
            .map(|(i, _)| i)
    };
    // The innermost scope with code that encloses `scope`.
    let innermost_enclosing = |scope: InlineScope| {
        sites
            .chain(scope)
            .find_map(|s| scopes.iter().position(|(t, _)| *t == s))
    };
    let mut places: Vec<Option<Place>> = variables
        .iter()
        .map(|v| match v.start {
            Some(start) if !v.is_param => innermost_at(start)
                .or_else(|| innermost_enclosing(v.bound_in))
                .map(Place::Inlined),
            _ => Some(Place::Subprogram),
        })
        .collect();
    let mut starts: Vec<u32> = variables
        .iter()
        .zip(&places)
        .filter(|(_, place)| place.is_none())
        .filter_map(|(v, _)| v.start)
        .filter(|&start| start > 0)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    for (v, place) in variables.iter().zip(places.iter_mut()) {
        if place.is_none() {
            *place = Some(match v.start {
                Some(start) if start > 0 => {
                    Place::Block(starts.partition_point(|&s| s <= start) - 1)
                }
                _ => Place::Subprogram,
            });
        }
    }

    // Inline scopes: outermost ones by level (the number of blocks started at their first
    // instruction), nested ones in their parent.
    let mut inlined: Vec<InlinedScope> = Vec::with_capacity(scopes.len());
    let mut levels: Vec<(usize, &Ranges)> = Vec::new();
    for (scope, ranges) in &scopes {
        let parent = parent_scope(*scope);
        let place = match scopes.iter().position(|(s, _)| *s == parent) {
            Some(i) if !parent.is_none() => Place::Inlined(i),
            _ => {
                let first = ranges.first().map_or(0, |r| r.0);
                let level = starts.partition_point(|&s| s <= first);
                levels.push((level, ranges));
                match level {
                    0 => Place::Subprogram,
                    l => Place::Block(l - 1),
                }
            }
        };
        inlined.push(InlinedScope {
            scope: *scope,
            ranges: ranges.clone(),
            parent: place,
        });
    }

    // Block `j` leaves out the inline scopes of levels `<= j`: those of level `j` are its
    // siblings (children of block `j - 1`), lower levels its ancestors' siblings. Deeper ones
    // lie inside it.
    let blocks = starts
        .iter()
        .enumerate()
        .map(|(j, &start)| {
            let holes = merged(
                levels
                    .iter()
                    .filter(|(level, _)| *level <= j)
                    .flat_map(|(_, r)| r.iter().copied())
                    .collect(),
            );
            LexicalBlock {
                ranges: subtract(&vec![(start, len)], &holes),
            }
        })
        .collect();

    ScopeTree {
        inlined,
        blocks,
        variables: places
            .into_iter()
            .map(|p| p.expect("placed above"))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egret_plugin::diagnostics::Span;
    use egret_plugin::srcloc::InlineSite;

    fn loc(lo: u32, scope: InlineScope) -> SrcLoc {
        SrcLoc {
            lo,
            hi: lo + 1,
            scope,
        }
    }

    #[test]
    fn nested_inline_scopes_and_blocks_keep_dwarf_rules() {
        let mut sites = InlineSites::default();
        let twice = sites.add(InlineSite {
            callee: "twice".into(),
            scope_name: String::new(),
            decl: Span::new(1, 2),
            call: loc(50, InlineScope::NONE),
        });
        let square = sites.add(InlineSite {
            callee: "square".into(),
            scope_name: String::new(),
            decl: Span::new(3, 4),
            call: loc(20, twice),
        });
        let square2 = sites.add(InlineSite {
            callee: "square".into(),
            scope_name: String::new(),
            decl: Span::new(3, 4),
            call: loc(52, InlineScope::NONE),
        });
        // [0,10) own code, [10,20) twice, [20,30) square in twice, [30,40) twice, [40,60) own;
        // one more call of square at [50,55), right in the function; twice's cold code at the
        // end.
        let srclocs = [
            (0, 10, loc(50, InlineScope::NONE)),
            (10, 20, loc(20, twice)),
            (20, 30, loc(5, square)),
            (30, 40, loc(21, twice)),
            (40, 50, loc(51, InlineScope::NONE)),
            (50, 55, loc(5, square2)),
            (55, 60, loc(52, InlineScope::NONE)),
            (60, 65, loc(22, twice)),
        ];
        let vars = [
            VariableStart {
                is_param: true,
                start: Some(0),
                bound_in: InlineScope::NONE,
            },
            // A local of the function bound before the call, one inside square, one after.
            VariableStart {
                is_param: false,
                start: Some(5),
                bound_in: InlineScope::NONE,
            },
            VariableStart {
                is_param: false,
                start: Some(25),
                bound_in: InlineScope::NONE,
            },
            VariableStart {
                is_param: false,
                start: Some(45),
                bound_in: InlineScope::NONE,
            },
        ];
        let tree = scope_tree(65, &srclocs, &sites, &vars);
        assert_eq!(
            tree.inlined,
            [
                InlinedScope {
                    scope: twice,
                    ranges: vec![(10, 40), (60, 65)],
                    parent: Place::Block(0),
                },
                InlinedScope {
                    scope: square,
                    ranges: vec![(20, 30)],
                    parent: Place::Inlined(0),
                },
                InlinedScope {
                    scope: square2,
                    ranges: vec![(50, 55)],
                    parent: Place::Block(1),
                },
            ]
        );
        assert_eq!(
            tree.blocks,
            [
                LexicalBlock {
                    ranges: vec![(5, 65)],
                },
                LexicalBlock {
                    ranges: vec![(45, 60)],
                },
            ]
        );
        assert_eq!(
            tree.variables,
            [
                Place::Subprogram,
                Place::Block(0),
                Place::Inlined(1),
                Place::Block(1)
            ]
        );
    }
}
