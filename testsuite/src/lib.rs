//! OCaml 4.13.1's own testsuite as egret's conformance gate (issue #17).
//!
//! ```text
//!  ocaml-source tarball ──suite::ensure_extracted──▶ testsuite/tests (cache dir)
//!    ──suite::select (header::classify per file)──▶ eligible tests + why the rest are not
//!    ──runner::run_all (egret build + run, per backend, 2 workers, limits)──▶ outcomes
//!    ──ratchet::check (pass lists, known-wrong list)──▶ regressions / WRONG / CRASH / new passes
//!    ──report::{table, failure_groups}──▶ the dashboard
//! ```
//!
//! The selection and verdict rules are those of the shared reference runner
//! (`ocaml-testsuite-run.sh`): a test is one `.ml` file with an ocamltest header whose
//! `native` test needs nothing but the file, its arguments and stdin; it passes when
//! stdout+stderr equal the reference file and the exit status is `exit_status`. With
//! `noref_empty` (step 1 of widening the gate), tests without a reference file count too and
//! must print nothing. The ratchet test (`tests/ocaml_testsuite.rs` in the `egret` package)
//! and the `egret-testsuite` dashboard both run through this crate.
//!
//! The widened sets, each with its own counts: tests whose only flags egret takes (`-g`,
//! `-unsafe`: `header::classify_flags`, step 2), multi-module tests (step 3), compile-error
//! tests egret must reject (`reject`, step 4), and the `expect` tests by verdict per phrase
//! group (`phrases`, `expect`, step 5).

pub mod expect;
pub mod header;
pub mod phrases;
pub mod ratchet;
pub mod reject;
pub mod report;
pub mod runner;
pub mod suite;
pub mod verdict;
