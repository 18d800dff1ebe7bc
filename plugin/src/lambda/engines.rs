//! The table-driven automata of generated lexers and parsers, for both interpreters: OCaml's
//! `caml_lex_engine`, `caml_new_lex_engine` (ocamllex's tables, `Lexing.engine`) and
//! `caml_parse_engine` (ocamlyacc's, `Parsing.yyparse`), after OCaml's `runtime/lexing.c` and
//! `runtime/parsing.c`. The C runtime's twins are `runtime/egret_lexing.c` and
//! `runtime/egret_parsing.c`.
//!
//! The engines read and update the fields of OCaml records (`Lexing.lexbuf`,
//! `Parsing.parser_env`, ...) in place; each interpreter gives access to its values through
//! [`Heap`]. Tables are strings of signed 16-bit little-endian entries.

/// How an engine reaches an interpreter's values.
pub trait Heap {
    type V: Clone;
    /// Field `i` of the block `v`.
    fn field(&self, v: &Self::V, i: usize) -> Result<Self::V, String>;
    fn set_field(&mut self, v: &Self::V, i: usize, x: Self::V) -> Result<(), String>;
    /// The int `v` holds (`None` for a block).
    fn int(&self, v: &Self::V) -> Option<i64>;
    fn of_int(&self, n: i64) -> Self::V;
    /// Byte `i` of the string `v`.
    fn byte(&self, v: &Self::V, i: usize) -> Result<u8, String>;
    /// The tag of a block (`None` for an int), as OCaml numbers it.
    fn tag(&self, v: &Self::V) -> Option<u8>;
    /// What the parser's trace prints for a token's argument: an int, a string, a float, or
    /// `_` for anything else.
    fn token_argument(&self, v: &Self::V) -> TokenArgument;
    /// Text the engine writes to stderr (the parser's trace).
    fn write_stderr(&mut self, text: &[u8]);
}

pub enum TokenArgument {
    Int(i64),
    Str(Vec<u8>),
    Float(f64),
    Other,
}

/// Why an engine stopped without a result.
#[derive(Debug)]
pub enum EngineError {
    /// `Failure` with this message.
    Failure(&'static str),
    /// A value of the wrong shape (not OCaml's records): the interpreter's error.
    Invalid(String),
}

impl From<String> for EngineError {
    fn from(s: String) -> Self {
        EngineError::Invalid(s)
    }
}

fn int<H: Heap>(h: &H, v: &H::V) -> Result<i64, EngineError> {
    h.int(v)
        .ok_or_else(|| EngineError::Invalid("an engine field is not an int".into()))
}

fn int_field<H: Heap>(h: &H, v: &H::V, i: usize) -> Result<i64, EngineError> {
    int(h, &h.field(v, i)?)
}

fn set_int<H: Heap>(h: &mut H, v: &H::V, i: usize, n: i64) -> Result<(), EngineError> {
    let x = h.of_int(n);
    Ok(h.set_field(v, i, x)?)
}

/// Entry `n` of the table in field `f` of `tables`.
fn entry<H: Heap>(h: &H, tables: &H::V, f: usize, n: i64) -> Result<i64, EngineError> {
    let s = h.field(tables, f)?;
    let n = usize::try_from(n).map_err(|_| EngineError::Invalid("negative table index".into()))?;
    let lo = h.byte(&s, 2 * n)?;
    let hi = h.byte(&s, 2 * n + 1)?;
    Ok(i16::from_le_bytes([lo, hi]) as i64)
}

// The fields of `Lexing.lexbuf` and `Lexing.lex_tables`.
const LB_BUFFER: usize = 1;
const LB_BUFFER_LEN: usize = 2;
const LB_START_POS: usize = 4;
const LB_CURR_POS: usize = 5;
const LB_LAST_POS: usize = 6;
const LB_LAST_ACTION: usize = 7;
const LB_EOF_REACHED: usize = 8;
const LB_MEM: usize = 9;
const LT_BASE: usize = 0;
const LT_BACKTRK: usize = 1;
const LT_DEFAULT: usize = 2;
const LT_TRANS: usize = 3;
const LT_CHECK: usize = 4;
const LT_BASE_CODE: usize = 5;
const LT_BACKTRK_CODE: usize = 6;
const LT_DEFAULT_CODE: usize = 7;
const LT_TRANS_CODE: usize = 8;
const LT_CHECK_CODE: usize = 9;
const LT_CODE: usize = 10;

/// The memory instructions of `new_engine` at offset `pc` of `lex_code`: pairs (dst, src)
/// ending with 0xff; src 0xff stores `fill`, another src copies that cell of `lex_mem`.
fn run_mem_code<H: Heap>(
    h: &mut H,
    tables: &H::V,
    lexbuf: &H::V,
    mut pc: usize,
    fill: i64,
) -> Result<(), EngineError> {
    let code = h.field(tables, LT_CODE)?;
    let mem = h.field(lexbuf, LB_MEM)?;
    loop {
        let dst = h.byte(&code, pc)?;
        if dst == 0xff {
            return Ok(());
        }
        let src = h.byte(&code, pc + 1)?;
        pc += 2;
        let x = if src == 0xff {
            h.of_int(fill)
        } else {
            h.field(&mem, src as usize)?
        };
        h.set_field(&mem, dst as usize, x)?;
    }
}

/// `caml_lex_engine` (`with_mem` false) and `caml_new_lex_engine` (true): the action's
/// number, or `-state - 1` when the buffer must be refilled first.
pub fn lex_engine<H: Heap>(
    h: &mut H,
    tables: &H::V,
    start_state: i64,
    lexbuf: &H::V,
    with_mem: bool,
) -> Result<i64, EngineError> {
    let mut state = start_state;
    if state >= 0 {
        let curr = int_field(h, lexbuf, LB_CURR_POS)?;
        set_int(h, lexbuf, LB_LAST_POS, curr)?;
        set_int(h, lexbuf, LB_START_POS, curr)?;
        set_int(h, lexbuf, LB_LAST_ACTION, -1)?;
    } else {
        state = -state - 1;
    }
    loop {
        let base = entry(h, tables, LT_BASE, state)?;
        if base < 0 {
            if with_mem {
                let pc = entry(h, tables, LT_BASE_CODE, state)?;
                run_mem_code(h, tables, lexbuf, pc as usize, -1)?;
            }
            return Ok(-base - 1);
        }
        let backtrk = entry(h, tables, LT_BACKTRK, state)?;
        if backtrk >= 0 {
            if with_mem {
                let pc = entry(h, tables, LT_BACKTRK_CODE, state)?;
                run_mem_code(h, tables, lexbuf, pc as usize, -1)?;
            }
            let curr = int_field(h, lexbuf, LB_CURR_POS)?;
            set_int(h, lexbuf, LB_LAST_POS, curr)?;
            set_int(h, lexbuf, LB_LAST_ACTION, backtrk)?;
        }
        let curr = int_field(h, lexbuf, LB_CURR_POS)?;
        let c = if curr >= int_field(h, lexbuf, LB_BUFFER_LEN)? {
            if int_field(h, lexbuf, LB_EOF_REACHED)? == 0 {
                return Ok(-state - 1);
            }
            256
        } else {
            let buffer = h.field(lexbuf, LB_BUFFER)?;
            let c = h.byte(&buffer, curr as usize)? as i64;
            set_int(h, lexbuf, LB_CURR_POS, curr + 1)?;
            c
        };
        let previous = state;
        state = if entry(h, tables, LT_CHECK, base + c)? == state {
            entry(h, tables, LT_TRANS, base + c)?
        } else {
            entry(h, tables, LT_DEFAULT, state)?
        };
        if state < 0 {
            let last = int_field(h, lexbuf, LB_LAST_POS)?;
            set_int(h, lexbuf, LB_CURR_POS, last)?;
            let action = int_field(h, lexbuf, LB_LAST_ACTION)?;
            if action == -1 {
                return Err(EngineError::Failure("lexing: empty token"));
            }
            return Ok(action);
        }
        if with_mem {
            let base_code = entry(h, tables, LT_BASE_CODE, previous)?;
            let pc = if entry(h, tables, LT_CHECK_CODE, base_code + c)? == previous {
                entry(h, tables, LT_TRANS_CODE, base_code + c)?
            } else {
                entry(h, tables, LT_DEFAULT_CODE, previous)?
            };
            if pc > 0 {
                let curr = int_field(h, lexbuf, LB_CURR_POS)?;
                run_mem_code(h, tables, lexbuf, pc as usize, curr)?;
            }
        }
        if c == 256 {
            set_int(h, lexbuf, LB_EOF_REACHED, 0)?;
        }
    }
}

// The fields of `Parsing.parse_tables` and `Parsing.parser_env`.
const PT_TRANSL_CONST: usize = 1;
const PT_TRANSL_BLOCK: usize = 2;
const PT_LHS: usize = 3;
const PT_LEN: usize = 4;
const PT_DEFRED: usize = 5;
const PT_DGOTO: usize = 6;
const PT_SINDEX: usize = 7;
const PT_RINDEX: usize = 8;
const PT_GINDEX: usize = 9;
const PT_TABLESIZE: usize = 10;
const PT_TABLE: usize = 11;
const PT_CHECK: usize = 12;
const PT_NAMES_CONST: usize = 14;
const PT_NAMES_BLOCK: usize = 15;
const PE_S_STACK: usize = 0;
const PE_V_STACK: usize = 1;
const PE_SYMB_START_STACK: usize = 2;
const PE_SYMB_END_STACK: usize = 3;
const PE_STACKSIZE: usize = 4;
const PE_STACKBASE: usize = 5;
const PE_CURR_CHAR: usize = 6;
const PE_LVAL: usize = 7;
const PE_SYMB_START: usize = 8;
const PE_SYMB_END: usize = 9;
const PE_ASP: usize = 10;
const PE_RULE_LEN: usize = 11;
const PE_RULE_NUMBER: usize = 12;
const PE_SP: usize = 13;
const PE_STATE: usize = 14;
const PE_ERRFLAG: usize = 15;

/// The error token's code.
const ERRCODE: i64 = 256;

// `Parsing.parser_output`.
const READ_TOKEN: i64 = 0;
const RAISE_PARSE_ERROR: i64 = 1;
const GROW_STACKS_1: i64 = 2;
const GROW_STACKS_2: i64 = 3;
const COMPUTE_SEMANTIC_ACTION: i64 = 4;
const CALL_ERROR_FUNCTION: i64 = 5;

/// Where the automaton goes on (the labels of OCaml's `caml_parse_engine`).
#[derive(Clone, Copy)]
enum Step {
    Loop,
    TestShift,
    Recover,
    Shift,
    ShiftRecover,
    Push,
    Reduce,
    SemanticAction,
}

/// The name of token `number` in a trace table (names separated by NULs, an empty one ends).
fn token_name<H: Heap>(h: &H, names: &H::V, number: i64) -> Result<Vec<u8>, EngineError> {
    let mut i = 0;
    for _ in 0..number {
        if h.byte(names, i)? == 0 {
            return Ok(b"<unknown token>".to_vec());
        }
        while h.byte(names, i)? != 0 {
            i += 1;
        }
        i += 1;
    }
    let mut name = Vec::new();
    while h.byte(names, i + name.len())? != 0 {
        name.push(h.byte(names, i + name.len())?);
    }
    Ok(name)
}

fn trace_token<H: Heap>(
    h: &mut H,
    tables: &H::V,
    state: i64,
    token: &H::V,
) -> Result<(), EngineError> {
    let mut text = format!("State {state}: read token ").into_bytes();
    match h.tag(token) {
        None => {
            let names = h.field(tables, PT_NAMES_CONST)?;
            text.extend(token_name(h, &names, int(h, token)?)?);
        }
        Some(tag) => {
            let names = h.field(tables, PT_NAMES_BLOCK)?;
            text.extend(token_name(h, &names, tag as i64)?);
            text.push(b'(');
            let arg = h.field(token, 0)?;
            match h.token_argument(&arg) {
                TokenArgument::Int(n) => text.extend(n.to_string().bytes()),
                // `%s` of the C string: up to the first NUL.
                TokenArgument::Str(s) => text.extend(s.into_iter().take_while(|&c| c != 0)),
                TokenArgument::Float(x) => {
                    text.extend(super::float::format_float(b"", 6, b'g', x).bytes())
                }
                TokenArgument::Other => text.push(b'_'),
            }
            text.push(b')');
        }
    }
    text.push(b'\n');
    h.write_stderr(&text);
    Ok(())
}

/// `caml_parse_engine`: runs the automaton from the point `cmd` (`Parsing.parser_input`)
/// names until the parser's OCaml code must act, and returns what it must do
/// (`Parsing.parser_output`). `trace` is `Parsing.set_trace`'s flag.
pub fn parse_engine<H: Heap>(
    h: &mut H,
    tables: &H::V,
    env: &H::V,
    cmd: i64,
    arg: &H::V,
    trace: bool,
) -> Result<i64, EngineError> {
    let tablesize = int_field(h, tables, PT_TABLESIZE)?;
    // A packed-table look-up: `table[n1 + x]` if `check` agrees there.
    let probe = |h: &H, index: usize, state: i64, x: i64| -> Result<Option<i64>, EngineError> {
        let n1 = entry(h, tables, index, state)?;
        let n2 = n1 + x;
        if n1 != 0 && n2 >= 0 && n2 <= tablesize && entry(h, tables, PT_CHECK, n2)? == x {
            Ok(Some(n2))
        } else {
            Ok(None)
        }
    };
    let (mut state, mut sp, mut errflag);
    let restore = |h: &H| -> Result<(i64, i64, i64), EngineError> {
        Ok((
            int_field(h, env, PE_STATE)?,
            int_field(h, env, PE_SP)?,
            int_field(h, env, PE_ERRFLAG)?,
        ))
    };
    let save = |h: &mut H, state: i64, sp: i64, errflag: i64| -> Result<(), EngineError> {
        set_int(h, env, PE_SP, sp)?;
        set_int(h, env, PE_STATE, state)?;
        set_int(h, env, PE_ERRFLAG, errflag)
    };
    let trace_line = |h: &mut H, text: String| {
        if trace {
            h.write_stderr(text.as_bytes());
        }
    };
    let mut n = 0; // the rule to reduce by
    let mut n2 = 0; // the table entry to shift by
    let mut step = match cmd {
        0 => {
            state = 0;
            sp = int_field(h, env, PE_SP)?;
            errflag = 0;
            Step::Loop
        }
        // TOKEN_READ
        1 => {
            (state, sp, errflag) = restore(h)?;
            match h.tag(arg) {
                Some(tag) => {
                    let transl = h.field(tables, PT_TRANSL_BLOCK)?;
                    let c = h.field(&transl, tag as usize)?;
                    h.set_field(env, PE_CURR_CHAR, c)?;
                    let lval = h.field(arg, 0)?;
                    h.set_field(env, PE_LVAL, lval)?;
                }
                None => {
                    let transl = h.field(tables, PT_TRANSL_CONST)?;
                    let c = h.field(&transl, int(h, arg)? as usize)?;
                    h.set_field(env, PE_CURR_CHAR, c)?;
                    set_int(h, env, PE_LVAL, 0)?;
                }
            }
            if trace {
                trace_token(h, tables, state, arg)?;
            }
            Step::TestShift
        }
        // STACKS_GROWN_1
        2 => {
            (state, sp, errflag) = restore(h)?;
            Step::Push
        }
        // STACKS_GROWN_2
        3 => {
            (state, sp, errflag) = restore(h)?;
            Step::SemanticAction
        }
        // SEMANTIC_ACTION_COMPUTED
        4 => {
            (state, sp, errflag) = restore(h)?;
            let s_stack = h.field(env, PE_S_STACK)?;
            set_int(h, &s_stack, sp as usize, state)?;
            let v_stack = h.field(env, PE_V_STACK)?;
            h.set_field(&v_stack, sp as usize, arg.clone())?;
            let asp = int_field(h, env, PE_ASP)?;
            let ends = h.field(env, PE_SYMB_END_STACK)?;
            let end = h.field(&ends, asp as usize)?;
            h.set_field(&ends, sp as usize, end.clone())?;
            if sp > asp {
                // An epsilon production: it starts where it ends.
                let starts = h.field(env, PE_SYMB_START_STACK)?;
                h.set_field(&starts, sp as usize, end)?;
            }
            Step::Loop
        }
        // ERROR_DETECTED
        5 => {
            (state, sp, errflag) = restore(h)?;
            Step::Recover
        }
        _ => return Err(EngineError::Invalid(format!("parse engine command {cmd}"))),
    };
    loop {
        step = match step {
            Step::Loop => {
                n = entry(h, tables, PT_DEFRED, state)?;
                if n != 0 {
                    Step::Reduce
                } else if int_field(h, env, PE_CURR_CHAR)? >= 0 {
                    Step::TestShift
                } else {
                    save(h, state, sp, errflag)?;
                    return Ok(READ_TOKEN);
                }
            }
            Step::TestShift => {
                let c = int_field(h, env, PE_CURR_CHAR)?;
                if let Some(i) = probe(h, PT_SINDEX, state, c)? {
                    n2 = i;
                    Step::Shift
                } else if let Some(i) = probe(h, PT_RINDEX, state, c)? {
                    n = entry(h, tables, PT_TABLE, i)?;
                    Step::Reduce
                } else if errflag > 0 {
                    Step::Recover
                } else {
                    save(h, state, sp, errflag)?;
                    return Ok(CALL_ERROR_FUNCTION);
                }
            }
            Step::Recover => {
                if errflag < 3 {
                    errflag = 3;
                    loop {
                        let s_stack = h.field(env, PE_S_STACK)?;
                        let state1 = int_field(h, &s_stack, sp as usize)?;
                        if let Some(i) = probe(h, PT_SINDEX, state1, ERRCODE)? {
                            trace_line(h, format!("Recovering in state {state1}\n"));
                            n2 = i;
                            break;
                        }
                        trace_line(h, format!("Discarding state {state1}\n"));
                        if sp <= int_field(h, env, PE_STACKBASE)? {
                            trace_line(h, "No more states to discard\n".into());
                            return Ok(RAISE_PARSE_ERROR);
                        }
                        sp -= 1;
                    }
                    Step::ShiftRecover
                } else {
                    if int_field(h, env, PE_CURR_CHAR)? == 0 {
                        return Ok(RAISE_PARSE_ERROR);
                    }
                    trace_line(h, "Discarding last token read\n".into());
                    set_int(h, env, PE_CURR_CHAR, -1)?;
                    Step::Loop
                }
            }
            Step::Shift => {
                set_int(h, env, PE_CURR_CHAR, -1)?;
                if errflag > 0 {
                    errflag -= 1;
                }
                Step::ShiftRecover
            }
            Step::ShiftRecover => {
                let next = entry(h, tables, PT_TABLE, n2)?;
                trace_line(h, format!("State {state}: shift to state {next}\n"));
                state = next;
                sp += 1;
                if sp < int_field(h, env, PE_STACKSIZE)? {
                    Step::Push
                } else {
                    save(h, state, sp, errflag)?;
                    return Ok(GROW_STACKS_1);
                }
            }
            Step::Push => {
                let s_stack = h.field(env, PE_S_STACK)?;
                set_int(h, &s_stack, sp as usize, state)?;
                for (stack, value) in [
                    (PE_V_STACK, PE_LVAL),
                    (PE_SYMB_START_STACK, PE_SYMB_START),
                    (PE_SYMB_END_STACK, PE_SYMB_END),
                ] {
                    let stack = h.field(env, stack)?;
                    let v = h.field(env, value)?;
                    h.set_field(&stack, sp as usize, v)?;
                }
                Step::Loop
            }
            Step::Reduce => {
                trace_line(h, format!("State {state}: reduce by rule {n}\n"));
                let m = entry(h, tables, PT_LEN, n)?;
                set_int(h, env, PE_ASP, sp)?;
                set_int(h, env, PE_RULE_NUMBER, n)?;
                set_int(h, env, PE_RULE_LEN, m)?;
                sp = sp - m + 1;
                let lhs = entry(h, tables, PT_LHS, n)?;
                let s_stack = h.field(env, PE_S_STACK)?;
                let state1 = int_field(h, &s_stack, (sp - 1) as usize)?;
                state = match probe(h, PT_GINDEX, lhs, state1)? {
                    Some(i) => entry(h, tables, PT_TABLE, i)?,
                    None => entry(h, tables, PT_DGOTO, lhs)?,
                };
                if sp < int_field(h, env, PE_STACKSIZE)? {
                    Step::SemanticAction
                } else {
                    save(h, state, sp, errflag)?;
                    return Ok(GROW_STACKS_2);
                }
            }
            Step::SemanticAction => {
                save(h, state, sp, errflag)?;
                return Ok(COMPUTE_SEMANTIC_ACTION);
            }
        };
    }
}
