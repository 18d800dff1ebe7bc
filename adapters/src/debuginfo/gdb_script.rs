//! `.debug_gdb_scripts`: the pretty-printer for OCaml values ([`GDB_SCRIPT`]), which gdb loads
//! from the object on its own (subject to `auto-load safe-path`), followed by the program's
//! type declarations it decodes values by ([`type_script`]).

use cranelift_object::object::write::Object;
use cranelift_object::object::SectionKind;
use egret_plugin::ssa::ir::DebugTypeDecl;

/// The gdb pretty-printer for OCaml values, shipped in `.debug_gdb_scripts`.
pub const GDB_SCRIPT: &str = include_str!("egret_gdb.py");

/// The name gdb shows for the inline script.
const GDB_SCRIPT_NAME: &str = "egret-printers.py";

/// Adds the `.debug_gdb_scripts` section: the pretty-printer and `declarations`.
pub(super) fn write_gdb_scripts(object: &mut Object<'static>, declarations: &[DebugTypeDecl]) {
    let scripts = object.add_section(
        Vec::new(),
        b".debug_gdb_scripts".to_vec(),
        SectionKind::Debug,
    );
    let mut script = vec![4u8]; // SECTION_SCRIPT_ID_PYTHON_TEXT
    script.extend_from_slice(GDB_SCRIPT_NAME.as_bytes());
    script.push(b'\n');
    script.extend_from_slice(GDB_SCRIPT.as_bytes());
    script.extend_from_slice(type_script(declarations).as_bytes());
    script.push(0);
    object.set_section_data(scripts, script, 1);
}

/// A Python string literal of `s`.
fn python_string(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            32..=126 => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('"');
    out
}

/// The Python line that hands the program's type declarations to the pretty-printer:
/// `_add_types({name: (params, constant, non_constant, fields)})`.
pub fn type_script(types: &[DebugTypeDecl]) -> String {
    let list = |items: &mut dyn Iterator<Item = String>| {
        format!("[{}]", items.collect::<Vec<_>>().join(", "))
    };
    let entries: Vec<String> = types
        .iter()
        .map(|t| {
            let params = list(&mut t.params.iter().map(|p| python_string(p)));
            let constant = list(&mut t.constant.iter().map(|c| python_string(c)));
            let non_constant = list(&mut t.non_constant.iter().map(|(c, args)| {
                let args = list(&mut args.iter().map(|a| python_string(a)));
                format!("({}, {args})", python_string(c))
            }));
            let fields = list(
                &mut t
                    .fields
                    .iter()
                    .map(|(f, ty)| format!("({}, {})", python_string(f), python_string(ty))),
            );
            format!(
                "{}: ({params}, {constant}, {non_constant}, {fields})",
                python_string(&t.name)
            )
        })
        .collect();
    format!("\n_add_types({{{}}})\n", entries.join(", "))
}
