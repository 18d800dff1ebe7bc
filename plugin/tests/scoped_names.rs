//! OCaml's scoped names of code (`Debuginfo.Scoped_location`) reach closure conversion as the
//! typer computed them (`typing::scopes`, carried on each lambda `Fun`): a functor's code is
//! the functor's, a nested module's is under the module, a `lazy`'s body is its definition's,
//! a local function is under its definition; the simplifier's and mono's copies keep them, and
//! an inlined function's site carries the callee's name.

use std::collections::BTreeSet;

use egret_plugin::{closure, mono, simplify, syntax, typing};

const SOURCE: &str = "
module type S = sig val k : int end
module F (X : S) = struct
  let rec h n = if n = 0 then raise Exit else X.k + h (n - 1)
end
module A = F (struct let k = 1 end)
module M = struct
  module N = struct
    let rec g n = if n = 0 then raise Exit else 1 + g (n - 1)
  end
end
let outer () =
  let rec aux n = if n = 0 then raise Not_found else 1 + aux (n - 1) in
  aux 3
let l1 = lazy (print_int (M.N.g 2))
let apply f x = try f x with Exit -> 0
let anon n = apply (fun m -> if m > 0 then raise Exit else m) n
let small x = x * 3 + 1
let () = print_int (A.h 2 + outer () + anon 1 + small 4); Lazy.force l1
";

/// The scoped names of the functions of `SOURCE` after closure conversion, and those of the
/// inline sites, simplified with `opts`.
fn names(opts: &simplify::SimplifyOptions) -> (BTreeSet<String>, BTreeSet<String>) {
    let ast = syntax::parse(SOURCE).expect("parses");
    let (mut lam, _) = typing::type_program(&ast, SOURCE, "t.ml").expect("types");
    simplify::simplify_program(&mut lam, opts);
    let mono = mono::monomorphize(&lam);
    let clos = closure::convert(&mono);
    let funcs = clos
        .funcs
        .iter()
        .map(|f| f.scope_name.clone())
        .filter(|n| n.starts_with("T"))
        .collect();
    let sites = clos
        .inline_sites
        .iter()
        .map(|(_, s)| s.scope_name.clone())
        .collect();
    (funcs, sites)
}

#[test]
fn functions_are_named_as_the_typer_names_them() {
    let opts = simplify::SimplifyOptions {
        ocaml_inlining: true,
        ..Default::default()
    };
    let (funcs, _) = names(&opts);
    for want in [
        "T.F.h",
        "T.M.N.g",
        "T.outer",
        "T.outer.aux",
        "T.l1",
        "T.apply",
        "T.anon.(fun)",
    ] {
        assert!(funcs.contains(want), "no function named {want}: {funcs:?}");
    }
    assert!(
        !funcs.iter().any(|n| n.starts_with("T.l1.")),
        "a lazy body is its definition's code: {funcs:?}"
    );
}

#[test]
fn inlined_copies_keep_the_callees_name() {
    let opts = simplify::SimplifyOptions::default();
    let (_, sites) = names(&opts);
    assert!(sites.contains("T.small"), "inline sites: {sites:?}");
}
