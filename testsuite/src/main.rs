//! `egret-testsuite`: OCaml's testsuite against egret, from the command line.
//!
//! ```text
//! egret-testsuite list   [--noref-empty] [DIR|ID ...]       what is eligible, and why the rest is not
//! egret-testsuite run    [OPTIONS] [DIR|ID ...]             one line per test, then the dashboard
//! egret-testsuite report [OPTIONS] [DIR|ID ...]             the dashboard only
//! egret-testsuite list-rejects [DIR|ID ...]                 the compile-error tests (step 4)
//! egret-testsuite rejects [OPTIONS] [DIR|ID ...]            egret must reject each (default: all dirs)
//! egret-testsuite list-expect [DIR|ID ...]                  the expect tests (step 5)
//! egret-testsuite expect [OPTIONS] [DIR|ID ...]             their groups' verdicts against OCaml's
//!                                                           (`report --expect`: the dashboard only)
//!
//! OPTIONS: --backend B (repeatable; default native and cranelift)   --egret PATH (default: the
//!   `egret` next to this executable)   --no-noref (only the tests with a reference file)
//!   --keep (keep the scratch directory)   --update (add newly passing tests to the pass lists)
//!   --top N (failure groups shown; default 15, 0 = all)   --modules (the multi-module tests
//!   instead, widening step 3; default: every directory)   --flags (the tests whose flags egret
//!   takes, -g and -unsafe, widening step 2; default: every directory)
//! ```
//! DIR: a directory under testsuite/tests (default: the reference runner's list; `all`).
//! Exit status 1 when the ratchet fails (a listed test fails, an unknown WRONG/CRASH, a stale
//! known-wrong entry), 2 on a usage or set-up error.

use egret_testsuite::{expect, ratchet, reject, report, runner, suite};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

const USAGE: &str = "usage: egret-testsuite list [--noref-empty] [DIR...]\n       \
    egret-testsuite run|report [--backend B]... [--egret PATH] [--no-noref] [--modules|--flags|--expect] [--keep] [--update] [--top N] [DIR...]\n       \
    egret-testsuite list-rejects [DIR...]\n       \
    egret-testsuite rejects [--egret PATH] [--keep] [--update] [--top N] [DIR...]\n       \
    egret-testsuite list-expect [DIR...]\n       \
    egret-testsuite expect [--egret PATH] [--keep] [--update] [--update-unsound] [--top N] [--quiet] [DIR...]";

fn main() -> ExitCode {
    // Die quietly when the reader of stdout goes away (`| head`), as command-line tools do.
    extern "C" {
        fn signal(sig: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: restores the default disposition of SIGPIPE before any thread is started.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
    match real_main() {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("egret-testsuite: {msg}");
            ExitCode::from(2)
        }
    }
}

fn real_main() -> Result<ExitCode, String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        return Err(USAGE.into());
    }
    let command = args.remove(0);
    let (mut backends, mut egret, mut noref, mut keep, mut update, mut top) =
        (Vec::new(), None, command != "list", false, false, 15usize);
    let (mut modules, mut update_unsound, mut quiet) = (false, false, false);
    let (mut flags, mut expect_tests) = (false, false);
    let mut dirs = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value\n{USAGE}"));
        match a.as_str() {
            "--backend" => backends.push(value("--backend")?),
            "--egret" => egret = Some(PathBuf::from(value("--egret")?)),
            "--noref-empty" => noref = true,
            "--no-noref" => noref = false,
            "--keep" => keep = true,
            "--modules" => modules = true,
            "--flags" => flags = true,
            "--expect" => expect_tests = true,
            "--update" => update = true,
            "--update-unsound" => update_unsound = true,
            "--quiet" => quiet = true,
            "--top" => top = value("--top")?.parse().map_err(|_| USAGE.to_string())?,
            s if s.starts_with("--backend=") => backends.push(s["--backend=".len()..].into()),
            s if s.starts_with('-') => return Err(format!("unknown option {s}\n{USAGE}")),
            _ => dirs.push(a),
        }
    }
    let tests_dir = suite::ensure_extracted().map_err(|e| e.to_string())?;
    // `report --expect` is `expect --quiet`; `run --expect` is `expect`.
    let (command, quiet) = match command.as_str() {
        "run" if expect_tests => ("expect".to_string(), quiet),
        "report" if expect_tests => ("expect".to_string(), true),
        _ => (command, quiet),
    };
    let sel = match command.as_str() {
        "list" if flags => {
            print!(
                "{}",
                suite::list_text(&suite::select_flags(&tests_dir, &dirs)?)
            );
            return Ok(ExitCode::SUCCESS);
        }
        "list" if modules => {
            print!(
                "{}",
                suite::list_text(&suite::select_modules(&tests_dir, &dirs)?)
            );
            return Ok(ExitCode::SUCCESS);
        }
        "list" => {
            print!(
                "{}",
                suite::list_text(&suite::select(&tests_dir, &dirs, noref)?)
            );
            return Ok(ExitCode::SUCCESS);
        }
        "list-rejects" => {
            print!(
                "{}",
                suite::list_text(&reject::select_rejects(&tests_dir, &dirs)?)
            );
            return Ok(ExitCode::SUCCESS);
        }
        "list-expect" => {
            print!(
                "{}",
                suite::list_text(&expect::select_expect(&tests_dir, &dirs)?)
            );
            return Ok(ExitCode::SUCCESS);
        }
        "rejects" => reject::select_rejects(&tests_dir, &dirs)?,
        "expect" => expect::select_expect(&tests_dir, &dirs)?,
        "run" | "report" if modules => suite::select_modules(&tests_dir, &dirs)?,
        "run" | "report" if flags => suite::select_flags(&tests_dir, &dirs)?,
        "run" | "report" => suite::select(&tests_dir, &dirs, noref)?,
        _ => return Err(USAGE.into()),
    };
    for (id, why) in &sel.rejected {
        println!("{id}: not eligible ({why})");
    }
    if backends.is_empty() {
        backends = vec!["native".into(), "cranelift".into()];
    }
    let egret = match egret.or_else(|| std::env::var_os("EGRET").map(PathBuf::from)) {
        Some(p) => p,
        None => std::env::current_exe()
            .map_err(|e| e.to_string())?
            .with_file_name("egret"),
    };
    if !egret.is_file() {
        return Err(format!(
            "{}: no egret executable (build it: cargo build --release, or pass --egret PATH)",
            egret.display()
        ));
    }
    let mut cfg = runner::RunConfig::new(egret.clone());
    cfg.keep = keep;
    let ndirs = {
        let mut d: Vec<&str> = sel.tests.iter().map(|t| t.dir.as_str()).collect();
        d.dedup();
        d.len()
    };
    let backends = if command == "rejects" || command == "expect" {
        vec!["native".to_string()]
    } else {
        backends
    };
    println!(
        "# egret-testsuite: {} --backend={}; {} tests in {ndirs} directories ({} without a reference file); \
         compile limit {}s, run limit {}s, {} workers",
        egret.display(),
        backends.join(","),
        sel.tests.len(),
        sel.tests.iter().filter(|t| t.spec.no_reference).count(),
        cfg.compile_timeout.as_secs(),
        cfg.run_timeout.as_secs(),
        cfg.jobs
    );
    if command == "rejects" {
        return rejects(&sel, &cfg, update, top);
    }
    if command == "expect" {
        let complete = dirs.is_empty();
        return expect_groups(&sel, &cfg, update, update_unsound, complete, quiet, top);
    }
    let verbose = command == "run";
    let out = Mutex::new(());
    let progress = |o: &runner::Outcome| {
        if verbose {
            let _g = out.lock().unwrap();
            println!("[{}] {}", o.backend, o.line());
        }
    };
    let started = std::time::Instant::now();
    let (outcomes, work) =
        runner::run_all(&sel.tests, &backends, &cfg, &progress).map_err(|e| e.to_string())?;
    if keep {
        println!("# kept {}", work.display());
    } else {
        let _ = std::fs::remove_dir_all(&work);
    }
    println!("--- per directory (passed/failed)");
    print!("{}", report::table(&outcomes, &backends));
    println!("---");
    print!("{}", report::failure_groups(&outcomes, &backends, top));
    println!("---");
    print!("{}", report::feature_groups(&outcomes, top));
    println!("--- ratchet ({})", ratchet::lists_dir().display());
    let findings = ratchet::check(&outcomes);
    print!("{}", findings.text());
    if update {
        let n = ratchet::update(&findings).map_err(|e| e.to_string())?;
        println!("added {n} test(s) to the pass lists");
    }
    println!(
        "# {:.1}s; ratchet {}",
        started.elapsed().as_secs_f64(),
        if findings.failed() { "FAILED" } else { "ok" }
    );
    Ok(if findings.failed() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The compile-error tests: one line each, the summary, the ratchet (`reject.txt`).
fn rejects(
    sel: &suite::Selection,
    cfg: &runner::RunConfig,
    update: bool,
    top: usize,
) -> Result<ExitCode, String> {
    let out = Mutex::new(());
    let outcomes = reject::run_rejects(&sel.tests, cfg, &|o| {
        let _g = out.lock().unwrap();
        println!("{}", o.line());
    })
    .map_err(|e| e.to_string())?;
    println!("---");
    print!("{}", reject::report(&outcomes, top));
    let (regressions, new) = reject::check(&outcomes, &reject::read_reject_list());
    for r in &regressions {
        println!("REGRESSION (no longer rejected): {r}");
    }
    if !new.is_empty() {
        println!(
            ">>> {} rejected test(s) not in {}: add them with --update or {}",
            new.len(),
            reject::reject_list_path().display(),
            ratchet::UPDATE_COMMAND
        );
    }
    if update {
        reject::update(&new).map_err(|e| e.to_string())?;
        println!(
            "added {} test(s) to {}",
            new.len(),
            reject::reject_list_path().display()
        );
    }
    Ok(if regressions.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The expect tests: one line per group (unless `quiet`), the dashboard, the ratchet.
fn expect_groups(
    sel: &suite::Selection,
    cfg: &runner::RunConfig,
    update: bool,
    update_unsound: bool,
    complete: bool,
    quiet: bool,
    top: usize,
) -> Result<ExitCode, String> {
    let out = Mutex::new(());
    let started = std::time::Instant::now();
    let outcomes = expect::run_expect(&sel.tests, cfg, &|os| {
        if !quiet {
            let _g = out.lock().unwrap();
            for o in os {
                println!("{}", o.line());
            }
        }
    })
    .map_err(|e| e.to_string())?;
    println!("---");
    print!("{}", expect::report(&outcomes, top));
    println!("--- ratchet ({})", ratchet::lists_dir().display());
    let findings = expect::check(&outcomes, complete);
    print!("{}", findings.text());
    if update || update_unsound {
        expect::update(&findings, &outcomes, update_unsound).map_err(|e| e.to_string())?;
        println!("lists updated");
    }
    println!(
        "# {:.1}s; ratchet {}",
        started.elapsed().as_secs_f64(),
        if findings.failed() { "FAILED" } else { "ok" }
    );
    Ok(if findings.failed() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
