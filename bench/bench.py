#!/usr/bin/env python3
"""Side-by-side benchmark: egret native vs egret cranelift vs ocamlopt.

For every program in bench/programs/ (or the ones named on the command line) it compiles with
each compiler, checks the outputs agree with ocamlopt's, and records compile time, run time
(median of --runs runs), peak RSS (max resident set of the child, from wait4) and code size
(.text bytes). It prints one table with ratios against ocamlopt and native/cranelift. The
column `nat -opt` is the native backend with the SSA optimizer off (`-C opt=off`), to show the
optimizer's run-time effect (issue #6); `nat -simp` is the native backend with the lambda
simplifier off (`-C simplify=off`, issue #5).

    python3 bench/bench.py [--runs N] [--egret target/release/egret] [PROGRAM.ml ...]
"""
import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_child(argv):
    """Runs argv; returns (cpu_seconds, stdout, exit_code). CPU time (user + system, from
    wait4) is steadier than wall time on a shared machine and excludes process start-up noise
    of this script."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.stdout.close()
    return usage.ru_utime + usage.ru_stime, out, os.waitstatus_to_exitcode(status)


def peak_rss_kb(exe):
    """Peak resident set of one run, measured by GNU time (wait4's ru_maxrss would include
    this Python process's image, inherited across fork before exec)."""
    if not os.path.exists("/usr/bin/time"):
        return 0
    with tempfile.NamedTemporaryFile("r") as f:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", f.name, exe],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            return int(f.read().strip().splitlines()[-1])
        except (ValueError, IndexError):
            return 0


def text_size(exe):
    out = subprocess.run(["size", "-A", exe], capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0] == ".text":
            return int(parts[1])
    return 0


def compile_with(kind, src, exe, egret):
    if kind == "ocamlopt":
        work = os.path.dirname(exe)
        copy = os.path.join(work, os.path.basename(src))
        shutil.copy(src, copy)
        argv = ["ocamlopt", "-o", exe, copy]
    elif kind == "native-noopt":
        argv = [egret, "build", src, "-o", exe, "--backend=native", "-C", "opt=off"]
    elif kind == "native-nosimp":
        argv = [egret, "build", src, "-o", exe, "--backend=native", "-C", "simplify=off"]
    else:
        argv = [egret, "build", src, "-o", exe, f"--backend={kind}"]
    start = time.perf_counter()
    r = subprocess.run(argv, capture_output=True, text=True, cwd=os.path.dirname(exe))
    elapsed = time.perf_counter() - start
    if r.returncode != 0:
        return None, r.stderr.strip().splitlines()[:3]
    return elapsed, None


def ratio(a, b):
    return f"{a / b:.2f}" if a and b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--egret", default=os.path.join(ROOT, "target", "release", "egret"))
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    programs = [os.path.abspath(p) for p in args.programs] or sorted(
        os.path.join(ROOT, "bench", "programs", f)
        for f in os.listdir(os.path.join(ROOT, "bench", "programs"))
        if f.endswith(".ml")
    )
    kinds = ["native", "cranelift", "ocamlopt", "native-noopt", "native-nosimp"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for src in programs:
            name = os.path.basename(src)[:-3]
            res = {}
            expected = None
            exes = {}
            for kind in kinds:
                d = os.path.join(tmp, kind)
                os.makedirs(d, exist_ok=True)
                exe = os.path.join(d, name)
                ctime, err = compile_with(kind, src, exe, args.egret)
                if ctime is None:
                    res[kind] = {"error": "build failed: " + " ".join(err or [])}
                    continue
                exes[kind] = exe
                res[kind] = {"compile": ctime, "times": [], "text": text_size(exe)}
            # The runs of the compilers are interleaved, so load changes on the machine hit all
            # of them alike.
            for _ in range(args.runs):
                for kind, exe in exes.items():
                    t, out, code = run_child([exe])
                    res[kind]["times"].append(t)
                    res[kind]["out"] = (out, code)
            for kind, exe in exes.items():
                res[kind]["run"] = statistics.median(res[kind]["times"])
                res[kind]["rss"] = peak_rss_kb(exe)
            if "out" in res.get("ocamlopt", {}):
                expected = res["ocamlopt"]["out"]
            for kind in ("native", "cranelift", "native-noopt", "native-nosimp"):
                r = res.get(kind, {})
                if "out" in r and r["out"] != expected:
                    r["error"] = "output differs from ocamlopt"
            rows.append((name, res))

    print(f"egret benchmark, {date.today()}, {platform.machine()} {os.cpu_count()} cores, "
          f"CPU time, median of {args.runs} runs; ratios < 1 mean egret is faster/smaller")
    hdr = ("program", "run native", "run crane", "run ocaml", "nat/ocaml", "crane/ocaml", "nat/crane",
           "run nat -opt", "nat/nat -opt", "run nat -simp", "nat/nat -simp",
           "compile nat", "compile crane", "c nat/crane", "rss nat KB", "rss ocaml KB", "text nat", "text crane", "text ocaml")
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    for name, res in rows:
        n, c, o = res.get("native", {}), res.get("cranelift", {}), res.get("ocamlopt", {})
        u = res.get("native-noopt", {})
        ns = res.get("native-nosimp", {})
        errs = [f"{k}: {v['error']}" for k, v in res.items() if "error" in v]
        if errs:
            print(f"| {name} | " + "; ".join(errs) + " |")
            if "run" not in n or "run" not in o:
                continue
        f = lambda r, k, fmt: (fmt.format(r[k]) if k in r else "-")
        print("| " + " | ".join([
            name,
            f(n, "run", "{:.3f}s"), f(c, "run", "{:.3f}s"), f(o, "run", "{:.3f}s"),
            ratio(n.get("run"), o.get("run")), ratio(c.get("run"), o.get("run")), ratio(n.get("run"), c.get("run")),
            f(u, "run", "{:.3f}s"), ratio(n.get("run"), u.get("run")),
            f(ns, "run", "{:.3f}s"), ratio(n.get("run"), ns.get("run")),
            f(n, "compile", "{:.3f}s"), f(c, "compile", "{:.3f}s"), ratio(n.get("compile"), c.get("compile")),
            f(n, "rss", "{}"), f(o, "rss", "{}"),
            f(n, "text", "{}"), f(c, "text", "{}"), f(o, "text", "{}"),
        ]) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
