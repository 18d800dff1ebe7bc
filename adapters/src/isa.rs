//! Targets: which triples egret can compile for, and the Cranelift ISA for each.
//!
//! Both the object writer and the Cranelift backend build their ISA here, so the object file and
//! the code agree on the target. Code is always position-independent (`is_pic`): the system `cc`
//! links PIE executables.

use cranelift_codegen::isa::{self, OwnedTargetIsa};
use cranelift_codegen::settings::{self, Configurable};
use std::str::FromStr;
use target_lexicon::{Architecture, OperatingSystem, Triple};

/// The triple the embedded runtime object was compiled for (the crate's build target).
pub const HOST_TARGET: &str = env!("EGRET_RUNTIME_TARGET");

/// Whether egret can generate and link code for `triple`: x86-64 or AArch64 Linux.
pub fn is_supported_target(triple: &str) -> bool {
    parse_target(triple).is_ok()
}

/// Parses and checks a target triple.
pub fn parse_target(triple: &str) -> Result<Triple, String> {
    let parsed =
        Triple::from_str(triple).map_err(|e| format!("unknown target triple `{triple}`: {e}"))?;
    let arch_ok = matches!(
        parsed.architecture,
        Architecture::X86_64 | Architecture::Aarch64(_)
    );
    if !arch_ok || parsed.operating_system != OperatingSystem::Linux {
        return Err(format!(
            "unsupported target `{triple}`: egret supports x86_64 and aarch64 Linux"
        ));
    }
    Ok(parsed)
}

/// Code-generation settings for [`target_isa`].
#[derive(Clone, Copy, Debug, Default)]
pub struct IsaSettings {
    /// 0 = Cranelift's `none`, anything else = `speed`.
    pub opt_level: u8,
    /// Run Cranelift's IR verifier on every function.
    pub verify: bool,
    /// Cranelift's `opt_level` setting, overriding the one `opt_level` implies
    /// (`-C backend-arg=opt_level=...`).
    pub cranelift_opt_level: Option<&'static str>,
    /// Cranelift's `regalloc_algorithm` setting (default: `backtracking`).
    pub regalloc_algorithm: Option<&'static str>,
}

/// The Cranelift ISA for `triple`, position-independent, keeping frame pointers (for debuggers
/// and backtraces) and producing unwind information.
pub fn target_isa(triple: &str, settings: IsaSettings) -> Result<OwnedTargetIsa, String> {
    let parsed = parse_target(triple)?;
    let mut flags = settings::builder();
    let opt_level = match settings.cranelift_opt_level {
        Some(level) => level,
        None if settings.opt_level == 0 => "none",
        None => "speed",
    };
    let verifier = if settings.verify { "true" } else { "false" };
    for (name, value) in [
        ("is_pic", "true"),
        ("opt_level", opt_level),
        ("enable_verifier", verifier),
        ("preserve_frame_pointers", "true"),
        ("unwind_info", "true"),
        (
            "regalloc_algorithm",
            settings.regalloc_algorithm.unwrap_or("backtracking"),
        ),
    ] {
        flags
            .set(name, value)
            .map_err(|e| format!("cranelift setting {name}={value}: {e}"))?;
    }
    isa::lookup(parsed)
        .map_err(|e| format!("no Cranelift ISA for `{triple}`: {e}"))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| format!("cannot build the Cranelift ISA for `{triple}`: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn supported_targets() {
        assert!(is_supported_target("x86_64-unknown-linux-gnu"));
        assert!(is_supported_target("aarch64-unknown-linux-gnu"));
        assert!(!is_supported_target("x86_64-apple-darwin"));
        assert!(!is_supported_target("riscv64gc-unknown-linux-gnu"));
        assert!(!is_supported_target("not a triple"));
    }
}
