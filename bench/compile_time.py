#!/usr/bin/env python3
"""Compile-time benchmark (issue #22): egret vs ocamlopt, whole builds, in one run.

Two tables:

1. **Real programs** — the larger OCaml testsuite programs egret passes (from
   `/usr/src/ocaml-source-4.13.1.tar`, extracted by the testsuite harness into
   `~/.cache/egret/ocaml-testsuite-4.13.1`), `bench/compile/` (a hello-Printf and a
   stdlib-heavy program) and the largest of `examples/`: the wall time of a
   whole build (`egret build` / `ocamlopt`, link included), median of `--runs`, the ratio
   egret/ocamlopt and its geometric mean.
2. **Generated families** — programs that used to make a stage superlinear (chains of calls,
   nested `fun`, nested tuples, long arrow types, `let rec .. and ..` groups, array literals,
   `Printf.sprintf` with many conversions, a long generated program), each at size n and 4n:
   egret's wall time and peak RSS at both, the growth ratios n → 4n (linear is 4), the stage
   that grew most (from `--time-passes`), and ocamlopt's time at 4n for comparison.

Speed is never asserted (the machine is noisy): this prints medians and ratios. Peak RSS is
GNU time's `%M` of the compiler process (`/usr/bin/time`).

    python3 bench/compile_time.py [--runs N] [--egret PATH] [--only SUBSTRING] [--families-only]
    python3 bench/compile_time.py --emit FAMILY N     # print one generated program
"""
import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTSUITE = os.environ.get(
    "OCAML_TS",
    os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                 "egret", "ocaml-testsuite-4.13.1", "testsuite"))

# Real programs: testsuite programs egret compiles (on its pass lists), and examples.
TESTSUITE_PROGRAMS = ["misc/boyer.ml", "basic/stringmatch.ml", "misc/bdd.ml", "misc/sieve.ml",
                      "match-exception/nested_handlers.ml", "basic/tailcalls.ml"]
# Programs of this directory's `compile/`: the smallest user of the installed stdlib (one
# `Printf.printf`, which types CamlinternalFormat, Printf, Buffer, ...) and a stdlib-heavy one
# (Format, Scanf, Printf, Hashtbl, Map.Make, Set.Make, Buffer).
STDLIB_PROGRAMS = ["hello_printf.ml", "stdlib_heavy.ml"]
EXAMPLE_PROGRAMS = ["c_parser.ml", "c_imp_interp.ml", "c_avl.ml", "c_regex.ml", "c_todo.ml",
                    "c_json.ml", "c_rewrite.ml", "c_symdiff.ml", "c_strings.ml", "c_lists_dp.ml"]


# ---- generated families ---------------------------------------------------------------------

def chain(n):
    """A chain of n functions, each calling the one before (the simplifier's call chains)."""
    s = ["let f0 x = x + 1"]
    s += [f"let f{i} x = f{i - 1} (x + {i % 7})" for i in range(1, n)]
    s.append(f"let () = print_int (f{n - 1} 0); print_newline ()")
    return "\n".join(s) + "\n"


def nested_fun(n):
    """`fun x0 -> fun x1 -> ... -> x0 + x(n-1)`, applied to n arguments."""
    params = " ".join(f"fun x{i} ->" for i in range(n))
    args = " ".join(str(i) for i in range(n))
    return f"let f = {params} x0 + x{n - 1}\nlet () = print_int (f {args}); print_newline ()\n"


def nested_tuple(n):
    """`(n-1, (n-2, ... (1, 0)))`."""
    e = "0"
    for i in range(1, n):
        e = f"({i}, {e})"
    return f"let t = {e}\nlet () = match t with (a, _) -> print_int a; print_newline ()\n"


def arrow(n):
    """A parameter annotated with an arrow type of n `int`s."""
    ty = " -> ".join(["int"] * n)
    return f"let f (g : {ty}) = g\nlet () = print_endline \"ok\"\n"


def letrec(n):
    """One `let rec ... and ...` group of n mutually recursive functions."""
    s = ["let rec g0 x = if x <= 0 then 0 else g1 (x - 1) + 1"]
    s += [f"and g{i} x = if x <= 0 then {i} else g{(i + 1) % n} (x - 1) + 1" for i in range(1, n)]
    s.append("let () = print_int (g0 10000); print_newline ()")
    return "\n".join(s) + "\n"


def array(n):
    """An array literal of n ints."""
    return ("let a = [| " + "; ".join(str(i) for i in range(n)) + " |]\n"
            "let () = print_int (Array.length a); print_newline ()\n")


def printf(n):
    """`Printf.sprintf` with n conversions of several kinds."""
    convs = ["%d", "%s", "%5d", "%-3s", "%x", "%c", "%b", "%02d"]
    vals = ["1", "\"a\"", "22", "\"bc\"", "255", "'z'", "true", "7"]
    fmt = " ".join(convs[i % len(convs)] for i in range(n))
    args = " ".join(vals[i % len(vals)] for i in range(n))
    return f"let s = Printf.sprintf \"{fmt}\" {args}\nlet () = print_endline s\n"


def program(n):
    """A long ordinary program: n blocks of a record and a variant type, a few functions over
    them (matching, lists, recursion, closures), each block using the one before."""
    s = []
    for i in range(n):
        prev = f"use{i - 1}" if i > 0 else "(fun x -> x)"
        s.append(f"""type r{i} = {{ a{i} : int; b{i} : string; mutable c{i} : int list }}
type v{i} = A{i} | B{i} of int | C{i} of r{i} * v{i}
let rec size{i} = function A{i} -> 0 | B{i} n -> n | C{i} (r, v) -> r.a{i} + List.length r.c{i} + size{i} v
let make{i} n = C{i} ({{ a{i} = n; b{i} = string_of_int n; c{i} = [n; n + 1] }}, B{i} (n * 2))
let step{i} acc x = if x mod 3 = {i % 3} then acc + x else acc - 1
let use{i} n =
  let v = make{i} ({prev} n) in
  let l = List.init 5 (fun j -> j + n) in
  List.fold_left step{i} (size{i} v) l
""")
    s.append(f"let () = print_int (use{n - 1} 1); print_newline ()\n")
    return "".join(s)


def sealed(n):
    """A module of n functions sealed by a signature declaring each (`module M : sig .. end`)."""
    s = ["module M : sig"]
    s += [f"  val x{i} : int -> int" for i in range(n)]
    s.append("end = struct")
    s += [f"  let x{i} y = y + {i}" for i in range(n)]
    s.append("end")
    s.append(f"let () = print_int (M.x{n - 1} 1); print_newline ()")
    return "\n".join(s) + "\n"


# name -> (generator, n). 4n is measured too. The nesting families stay below the parser's
# nesting limit (2000) at 4n.
FAMILIES = {
    "chain": (chain, 1600),
    "nested_fun": (nested_fun, 400),
    "nested_tuple": (nested_tuple, 250),
    "arrow": (arrow, 1000),
    "letrec": (letrec, 1000),
    "array": (array, 25000),
    "printf": (printf, 100),
    "program": (program, 250),
    "sealed": (sealed, 1000),
}


# ---- measuring ------------------------------------------------------------------------------

def timed(argv, cwd, timeout):
    """Runs argv under GNU time; returns (wall seconds, peak RSS KiB, stderr, CPU seconds of
    the process and its children: user + system) or None on failure or timeout."""
    with tempfile.NamedTemporaryFile("r") as f:
        start = time.perf_counter()
        try:
            r = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", "-o", f.name] + argv,
                               cwd=cwd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        wall = time.perf_counter() - start
        if r.returncode != 0:
            return None
        try:
            rss, user, system = f.read().strip().splitlines()[-1].split()
            rss, cpu = int(rss), float(user) + float(system)
        except (ValueError, IndexError):
            rss, cpu = 0, wall
        return wall, rss, r.stderr, cpu


def build(kind, src, work, egret, timeout, time_passes=False):
    exe = os.path.join(work, kind + ".exe")
    if kind == "ocamlopt":
        copy = os.path.join(work, os.path.basename(src))
        if not os.path.exists(copy):
            shutil.copy(src, copy)
        argv = ["ocamlopt", "-o", exe, copy]
    else:
        argv = [egret, "build", src, "-o", exe] + (["--time-passes"] if time_passes else [])
    return timed(argv, work, timeout)


def median_build(kind, src, work, egret, runs, timeout):
    """Median wall time and peak RSS of `runs` builds, the last --time-passes report, and the
    median CPU time."""
    walls, rss, cpus, report = [], [], [], ""
    for _ in range(runs):
        r = build(kind, src, work, egret, timeout, time_passes=(kind == "egret"))
        if r is None:
            return None
        walls.append(r[0])
        rss.append(r[1])
        report = r[2]
        cpus.append(r[3])
    return (statistics.median(walls), statistics.median(rss), stages(report),
            statistics.median(cpus))


def interleaved_builds(src, work, egret, runs, timeout):
    """egret's and ocamlopt's builds of `src`, alternating (so that the machine's load hits
    both alike): (egret, ocamlopt) results of `median_build`, or None for a failed one."""
    e_runs, o_runs = [], []
    for _ in range(runs):
        for kind, acc in (("egret", e_runs), ("ocamlopt", o_runs)):
            if acc is not None:
                r = median_build(kind, src, work, egret, 1, timeout)
                if r is None:
                    if kind == "egret":
                        e_runs = None
                    else:
                        o_runs = None
                else:
                    acc.append(r)

    def med(rs):
        if not rs:
            return None
        return (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs),
                rs[-1][2], statistics.median(r[3] for r in rs))
    return med(e_runs), med(o_runs)


def stages(report):
    """{stage: ms} from a --time-passes report (top-level stages only)."""
    out = {}
    for line in report.splitlines():
        m = re.match(r"\s*([0-9.]+) ms\s+(?:[0-9.]+ MiB|-)\s+(\S+)$", line)
        if m and m.group(2) != "total":
            out[m.group(2)] = float(m.group(1))
    return out


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def real_programs(args, tmp):
    progs = [os.path.join(TESTSUITE, "tests", p) for p in TESTSUITE_PROGRAMS]
    progs = [p for p in progs if os.path.exists(p)]
    if len(progs) < len(TESTSUITE_PROGRAMS):
        print(f"(the OCaml testsuite is not extracted in {TESTSUITE}: run "
              "`cargo test --release --test ocaml_testsuite` once; its programs are skipped)")
    progs += [os.path.join(ROOT, "bench", "compile", p) for p in STDLIB_PROGRAMS]
    progs += [os.path.join(ROOT, "examples", p) for p in EXAMPLE_PROGRAMS]
    if args.only:
        progs = [p for p in progs if args.only in p]
    print(f"\nWhole builds (link included), wall time, median of {args.runs}; "
          "ratio < 1: egret is faster")
    print("| program | lines | egret s | ocamlopt s | egret/ocamlopt | CPU egret/ocamlopt | "
          "egret peak MiB | ocamlopt peak MiB |")
    print("|---|---|---|---|---|---|---|---|")
    ratios, cpu_ratios = [], []
    for src in progs:
        name = os.path.relpath(src, os.path.join(TESTSUITE, "tests")) if src.startswith(TESTSUITE) \
            else os.path.relpath(src, ROOT)
        lines = sum(1 for _ in open(src, "rb"))
        work = os.path.join(tmp, re.sub(r"\W", "_", name))
        os.makedirs(work, exist_ok=True)
        e, o = interleaved_builds(src, work, args.egret, args.runs, args.timeout)
        if e is None or o is None:
            print(f"| {name} | {lines} | {'failed' if e is None else f'{e[0]:.3f}'} | "
                  f"{'failed' if o is None else f'{o[0]:.3f}'} | - | - | - | - |")
            continue
        ratios.append(e[0] / o[0])
        cpu_ratios.append(e[3] / o[3])
        print(f"| {name} | {lines} | {e[0]:.3f} | {o[0]:.3f} | {e[0] / o[0]:.2f} | "
              f"{e[3] / o[3]:.2f} | {e[1] / 1024:.1f} | {o[1] / 1024:.1f} |")
    if ratios:
        print(f"| **geometric mean** | | | | **{geomean(ratios):.2f}** | "
              f"**{geomean(cpu_ratios):.2f}** | | |")
        print(f"max egret/ocamlopt: wall {max(ratios):.2f}, CPU {max(cpu_ratios):.2f}")


def families(args, tmp):
    print(f"\nGenerated families at n and 4n: egret whole build (wall, median of {args.runs}), "
          "growth n -> 4n (linear: 4.0)")
    print("| family | n | time n s | time 4n s | time x | peak n MiB | peak 4n MiB | peak x | "
          "stage that grew most (ms n -> 4n) | ocamlopt 4n s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    worst = []
    for name, (gen, n) in FAMILIES.items():
        if args.only and args.only not in name:
            continue
        res = []
        for size in (n, 4 * n):
            work = os.path.join(tmp, f"{name}_{size}")
            os.makedirs(work, exist_ok=True)
            src = os.path.join(work, f"{name}_{size}.ml")
            with open(src, "w") as f:
                f.write(gen(size))
            res.append((median_build("egret", src, work, args.egret, args.runs, args.timeout),
                        src, work))
        (a, _, _), (b, src4, work4) = res
        o = median_build("ocamlopt", src4, work4, args.egret, 1, args.timeout)
        ocaml = f"{o[0]:.3f}" if o else "failed"
        if a is None or b is None:
            print(f"| {name} | {n} | {'-' if a is None else f'{a[0]:.3f}'} | "
                  f"{'failed or > ' + str(args.timeout) + ' s' if b is None else f'{b[0]:.3f}'}"
                  f" | - | - | - | - | - | {ocaml} |")
            continue
        tx, mx = b[0] / a[0], b[1] / max(a[1], 1)
        grew = max(b[2], key=lambda s: b[2][s] - a[2].get(s, 0.0), default=None)
        stage = f"{grew} ({a[2].get(grew, 0):.0f} -> {b[2][grew]:.0f})" if grew else "-"
        worst.append((tx, name))
        print(f"| {name} | {n} | {a[0]:.3f} | {b[0]:.3f} | {tx:.2f} | {a[1] / 1024:.1f} | "
              f"{b[1] / 1024:.1f} | {mx:.2f} | {stage} | {ocaml} |")
    if worst:
        tx, name = max(worst)
        print(f"largest time growth: {name} {tx:.2f}x")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--egret", default=os.path.join(ROOT, "target", "release", "egret"))
    ap.add_argument("--only", help="only programs and families whose name contains this")
    ap.add_argument("--families-only", action="store_true")
    ap.add_argument("--programs-only", action="store_true")
    ap.add_argument("--emit", nargs=2, metavar=("FAMILY", "N"),
                    help="print the generated program FAMILY of size N and exit")
    args = ap.parse_args()
    if args.emit:
        sys.stdout.write(FAMILIES[args.emit[0]][0](int(args.emit[1])))
        return 0
    print(f"egret compile-time benchmark, {time.strftime('%Y-%m-%d', time.gmtime())}, "
          f"{os.uname().machine} {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        if not args.families_only:
            real_programs(args, tmp)
        if not args.programs_only:
            families(args, tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
