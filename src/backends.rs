//! The backend a command line names, and the commands about backends: `egret backends` (the
//! built-in backends and libraries, their targets and options) and `egret test-backend` (the
//! conformance suite, `crate::conformance`).

use crate::cli::{usage_error, Common, EXIT_COMPILE_ERROR};
use crate::conformance;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The backend a command line names (`--backend`, else `default`): a built-in one, or a
/// library it loaded.
pub struct ChosenBackend {
    pub registry: egret_adapters::BackendRegistry,
    loaded: Option<Box<dyn egret_plugin::backend::CodegenBackend>>,
    name: String,
}

impl ChosenBackend {
    pub fn get(&self) -> &dyn egret_plugin::backend::CodegenBackend {
        match &self.loaded {
            Some(b) => &**b,
            None => self
                .registry
                .get(&self.name)
                .expect("checked by choose_backend"),
        }
    }
}

/// The backend for `common` (`--backend`, else `default`), checked with the target and the
/// `-C backend-arg` options before anything is compiled: usage errors; a library that cannot
/// be used is an error (exit 1).
pub fn choose_backend(common: &Common, default: &str) -> Result<ChosenBackend, ExitCode> {
    let name = common
        .backend
        .clone()
        .unwrap_or_else(|| default.to_string());
    let registry = backends();
    let loaded = if egret_adapters::dylib::is_library_path(&name) {
        // A backend library: refused (exit 1) unless built like this egret.
        match egret_adapters::dylib::load_backend(Path::new(&name)) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("error: {e}");
                return Err(ExitCode::from(EXIT_COMPILE_ERROR));
            }
        }
    } else if registry.get(&name).is_none() {
        return Err(usage_error(&format!(
            "unknown backend `{name}` (available: {}; or the path of a backend library)",
            registry.names().join(", ")
        )));
    } else {
        None
    };
    let chosen = ChosenBackend {
        registry,
        loaded,
        name,
    };
    let backend = chosen.get();
    if let Some(target) = &common.target {
        if !backend.supports_target(target) {
            return Err(unsupported_target(&chosen.registry, backend.name(), target));
        }
    }
    let args = backend_args(common)?;
    if let Err(e) = egret_plugin::backend::check_backend_args(backend, &args) {
        return Err(usage_error(&format!("-C backend-arg: {e}")));
    }
    Ok(chosen)
}

/// `--target` names a target `backend` cannot generate code for: a usage error, with a hint
/// when Cranelift can.
pub fn unsupported_target(
    registry: &egret_adapters::BackendRegistry,
    backend: &str,
    target: &str,
) -> ExitCode {
    let cranelift_can = registry
        .get("cranelift")
        .is_some_and(|b| b.supports_target(target));
    let hint = if backend != "cranelift" && cranelift_can {
        " (try --backend=cranelift)"
    } else {
        ""
    };
    usage_error(&format!(
        "the {backend} backend cannot generate code for `{target}`{hint}"
    ))
}

/// The available code generators: the adapters' Cranelift one, egret's own, and the example of
/// a backend defined in a crate of its own (`backends/egret-backend-example`): any crate
/// implementing `CodegenBackend` is added here the same way.
pub fn backends() -> egret_adapters::BackendRegistry {
    let mut registry = egret_adapters::BackendRegistry::new();
    registry.register(Box::new(egret_plugin::backend::x64::X64Backend::default()));
    registry.register(Box::new(egret_backend_example::ExampleBackend::default()));
    registry
}

/// The `-C backend-arg=KEY=VALUE` options, in order.
pub fn backend_args(common: &Common) -> Result<Vec<(String, String)>, ExitCode> {
    let mut args = Vec::new();
    for opt in &common.codegen {
        if let Some(arg) = opt.strip_prefix("backend-arg=") {
            match arg.split_once('=') {
                Some((k, v)) if !k.is_empty() => args.push((k.to_string(), v.to_string())),
                _ => {
                    return Err(usage_error(&format!(
                        "invalid value `{arg}` for -C backend-arg (expected KEY=VALUE)"
                    )))
                }
            }
        }
    }
    Ok(args)
}

/// `examples/` here, else the one of the source tree this egret was built from.
pub fn default_examples_dir() -> PathBuf {
    let here = PathBuf::from("examples");
    if here.is_dir() {
        here
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples")
    }
}

/// `egret test-backend`: the backend is checked first (an unknown name is a usage error, a
/// library that cannot be used an error), then the parts run.
pub fn test_backend(parts: &[conformance::Part], suite: conformance::Suite) -> ExitCode {
    if egret_adapters::dylib::is_library_path(&suite.backend) {
        if let Err(e) = egret_adapters::dylib::load_backend(Path::new(&suite.backend)) {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_COMPILE_ERROR);
        }
    } else if backends().get(&suite.backend).is_none() {
        return usage_error(&format!(
            "unknown backend `{}` (available: {}; or the path of a backend library)",
            suite.backend,
            backends().names().join(", ")
        ));
    }
    let uses_examples = parts.iter().any(|p| *p != conformance::Part::Testsuite);
    if uses_examples {
        match conformance::examples(&suite.dir, suite.filter.as_deref()) {
            Ok(list) if !list.is_empty() => {}
            Ok(_) => {
                eprintln!(
                    "error: no examples (*.ml) in {}{}",
                    suite.dir.display(),
                    suite
                        .filter
                        .as_ref()
                        .map(|f| format!(" with `{f}` in their name"))
                        .unwrap_or_default()
                );
                return ExitCode::from(EXIT_COMPILE_ERROR);
            }
            Err(e) => {
                eprintln!("error: {e} (give the examples folder with --examples DIR)");
                return ExitCode::from(EXIT_COMPILE_ERROR);
            }
        }
    }
    let results = conformance::run_parts(&suite, parts, &mut std::io::stdout());
    let failed = results
        .iter()
        .any(|(_, r)| matches!(r, conformance::PartResult::Ran { failed } if *failed > 0));
    if failed {
        ExitCode::from(EXIT_COMPILE_ERROR)
    } else {
        ExitCode::SUCCESS
    }
}

/// `egret backends`: each built-in backend (and each library in `libraries`) with what it is,
/// its targets and its options. A library that cannot be used is an error (exit 1).
pub fn list_backends(libraries: &[PathBuf]) -> ExitCode {
    let registry = backends();
    let mut loaded = Vec::new();
    for path in libraries {
        match egret_adapters::dylib::load_backend(path) {
            Ok(b) => loaded.push((path, b)),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(EXIT_COMPILE_ERROR);
            }
        }
    }
    let mut out = String::new();
    let builtin = registry.names().into_iter().filter_map(|n| registry.get(n));
    let entries = builtin
        .map(|b| (None, b))
        .chain(loaded.iter().map(|(path, b)| (Some(path.as_path()), &**b)));
    for (path, b) in entries {
        out.push_str(&format!("{}: {}\n", b.name(), b.description()));
        if let Some(path) = path {
            out.push_str(&format!(
                "  library: {} ({})\n",
                path.display(),
                egret_plugin::backend::abi::AbiStamp::host()
            ));
        }
        out.push_str(&format!("  targets: {}\n", b.targets().join(", ")));
        out.push_str(&format!("  --emit stages: {}\n", b.stages().join(", ")));
        let options = b.options();
        if options.is_empty() {
            out.push_str("  options: none\n");
        } else {
            out.push_str("  options (-C backend-arg=KEY=VALUE):\n");
        }
        for o in options {
            let values = if o.values.is_empty() {
                "TEXT".to_string()
            } else {
                o.values.join("|")
            };
            out.push_str(&format!(
                "    {}={values}: {} (default: {})\n",
                o.key, o.help, o.default
            ));
        }
    }
    print!("{out}");
    ExitCode::SUCCESS
}
