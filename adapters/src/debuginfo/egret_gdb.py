# gdb pretty-printers for egret programs (shipped in .debug_gdb_scripts).
#
# An OCaml value is a 64-bit word: an int n is 2n+1; anything else points at the first field
# of a heap block whose header word (wosize << 10 | color << 8 | tag) sits just before it.
# Variables of DWARF type `egret_value` print decoded: ints as numbers, strings as text,
# closures as <fun name>, exception identities by name, other blocks as tuples (tag 0) or
# <tag N>(fields). Types named by an OCaml type expression (`int`, `bool`, `char`, `unit`,
# `string`, `T list`, `T option`, `T array`, `T ref`, `A * B`, and the program's own variants
# and records, which the compiler appends with `_add_types`) print by that type. In a polymorphic
# function's one uniform copy a type mentions type variables (`'a list`): a value of such a type
# prints at the ground type of a variable up the stack holding the same block, if there is one
# (`_instance`), and otherwise by its run-time shape where the type says nothing.
import gdb
import re

_MAX_DEPTH = 4
_MAX_ITEMS = 32
# How many frames up the stack a polymorphic value's ground type is looked for.
_MAX_FRAMES = 64
_STRING_TAG = 252
_CLOSURE_TAG = 247
_EXN_TAG = 248
_DOUBLE_TAG = 253


def _word(addr):
    data = gdb.selected_inferior().read_memory(addr, 8).tobytes()
    return int.from_bytes(data, "little", signed=True)


def _header(v):
    h = _word(v - 8) & 0xFFFFFFFFFFFFFFFF
    return h & 0xFF, h >> 10


def _is_block(v):
    return v & 1 == 0 and v >= 4096


def _string(v):
    tag, size = _header(v)
    data = gdb.selected_inferior().read_memory(v, size * 8).tobytes()
    n = size * 8 - 1 - data[-1]
    out = []
    for b in data[:n]:
        c = chr(b)
        if c == '"' or c == "\\":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append("\\%03d" % b)
    return '"' + "".join(out) + '"'


def _function_name(code):
    try:
        block = gdb.block_for_pc(code)
        while block is not None and block.function is None:
            block = block.superblock
        if block is not None:
            return block.function.name
    except RuntimeError:
        pass
    sym = gdb.execute("info symbol %#x" % code, to_string=True).split(" ")[0]
    return sym


def _generic(v, depth):
    if v & 1:
        return str(v >> 1)
    if not _is_block(v):
        return "<invalid %#x>" % (v & 0xFFFFFFFFFFFFFFFF)
    try:
        tag, size = _header(v)
        if tag == _STRING_TAG:
            return _string(v)
        if tag == _CLOSURE_TAG:
            return "<fun %s>" % _function_name(_word(v))
        if tag == _EXN_TAG:
            return _string(_word(v))
        if tag == _DOUBLE_TAG:
            return str(gdb.Value(_word(v)).cast(gdb.lookup_type("long")).cast(gdb.lookup_type("double")))
        if depth >= _MAX_DEPTH:
            return "..."
        fields = [_generic(_word(v + 8 * i), depth + 1) for i in range(min(size, _MAX_ITEMS))]
        if size > _MAX_ITEMS:
            fields.append("...")
        body = "(" + ", ".join(fields) + ")"
        return body if tag == 0 else "<tag %d>%s" % (tag, body)
    except gdb.MemoryError:
        return "<invalid %#x>" % (v & 0xFFFFFFFFFFFFFFFF)


def _split_top(s, sep):
    """Splits the type expression `s` at `sep` outside parentheses."""
    parts, depth, cur = [], 0, ""
    i = 0
    while i < len(s):
        c = s[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if depth == 0 and s.startswith(sep, i):
            parts.append(cur.strip())
            cur = ""
            i += len(sep)
            continue
        cur += c
        i += 1
    parts.append(cur.strip())
    return parts


def _strip_parens(ty):
    while ty.startswith("(") and ty.endswith(")"):
        depth = 0
        for i, c in enumerate(ty):
            depth += (c == "(") - (c == ")")
            if depth == 0 and i < len(ty) - 1:
                return ty
        ty = ty[1:-1].strip()
    return ty


# The program's variant and record types: name -> (params, constant constructors,
# [(constructor, [argument types])], [(field, type)]), types in terms of the params.
_TYPES = {}


def _add_types(types):
    _TYPES.update(types)


def _subst(ty, env):
    if not env:
        return ty
    return re.sub(r"'[A-Za-z0-9_]+", lambda m: env.get(m.group(0), m.group(0)), ty)


def _parens(s):
    return "(" + s + ")" if " " in s and s[0] not in "([{\"'<" else s


def _user(v, ty, depth):
    """`v` printed as a value of one of the program's own types, or None."""
    head, _, last = ty.rpartition(" ")
    decl = _TYPES.get(last)
    if decl is None:
        return None
    params, constant, non_constant, fields = decl
    args = _split_top(_strip_parens(head), ",") if head else []
    env = dict(zip(params, args))
    if fields:
        if not _is_block(v):
            return None
        return "{" + "; ".join(
            "%s = %s" % (f, _typed(_word(v + 8 * i), _subst(t, env), depth + 1))
            for i, (f, t) in enumerate(fields)) + "}"
    if v & 1:
        i = v >> 1
        return constant[i] if 0 <= i < len(constant) else None
    if not _is_block(v):
        return None
    tag, _ = _header(v)
    if tag >= len(non_constant):
        return None
    name, targs = non_constant[tag]
    items = [_typed(_word(v + 8 * i), _subst(t, env), depth + 1) for i, t in enumerate(targs)]
    if len(items) == 1:
        return name + " " + _parens(items[0])
    return name + " (" + ", ".join(items) + ")"


def _typed(v, ty, depth):
    ty = ty.strip()
    ty = _strip_parens(ty)
    if depth > _MAX_DEPTH:
        return "..."
    try:
        parts = _split_top(ty, " * ")
        if len(parts) > 1 and _is_block(v):
            return "(" + ", ".join(_typed(_word(v + 8 * i), t, depth + 1) for i, t in enumerate(parts)) + ")"
        if ty == "int":
            return str(v >> 1)
        if ty == "bool":
            return "true" if v == 3 else "false" if v == 1 else _generic(v, depth)
        if ty == "unit":
            return "()"
        if ty == "char":
            c = v >> 1
            return "'%s'" % chr(c) if 32 <= c < 127 else "'\\%03d'" % c
        if ty == "string" and _is_block(v):
            return _string(v)
        head, _, last = ty.rpartition(" ")
        if last == "list":
            items = []
            while _is_block(v) and len(items) < _MAX_ITEMS:
                items.append(_typed(_word(v), head, depth + 1))
                v = _word(v + 8)
            if _is_block(v):
                items.append("...")
            return "[" + "; ".join(items) + "]"
        if last == "option":
            return "None" if v == 1 else "Some " + _parens(_typed(_word(v), head, depth + 1))
        if last == "ref" and _is_block(v):
            return "{contents = " + _typed(_word(v), head, depth + 1) + "}"
        if last == "array" and _is_block(v):
            _, size = _header(v)
            items = [_typed(_word(v + 8 * i), head, depth + 1) for i in range(min(size, _MAX_ITEMS))]
            if size > _MAX_ITEMS:
                items.append("...")
            return "[|" + "; ".join(items) + "|]"
        user = _user(v, ty, depth)
        if user is not None:
            return user
    except gdb.MemoryError:
        return "<invalid %#x>" % (v & 0xFFFFFFFFFFFFFFFF)
    return _generic(v, depth)


def _parse(ty):
    """The type expression `ty` as a tree: ("'", name), ("->", [parts]), ("*", [parts]) or
    (name, [arguments])."""
    ty = _strip_parens(ty.strip())
    for sep in (" -> ", " * "):
        parts = _split_top(ty, sep)
        if len(parts) > 1:
            return (sep.strip(), [_parse(p) for p in parts])
    if ty.startswith("'") and " " not in ty:
        return ("'", ty)
    head, _, last = ty.rpartition(" ")
    args = _split_top(_strip_parens(head), ",") if head else []
    return (last, [_parse(a) for a in args])


def _unparse(tree):
    kind, body = tree
    if kind == "'":
        return body
    if kind in ("->", "*"):
        return (" %s " % kind).join("(" + _unparse(t) + ")" for t in body)
    if not body:
        return kind
    return "(" + ", ".join(_unparse(t) for t in body) + ") " + kind


def _unify(pattern, ground, env):
    """Binds the type variables of `pattern` (in `env`) so that it is `ground`; False if it
    cannot be."""
    kind, body = pattern
    if kind == "'":
        if body in env:
            return env[body] == ground
        env[body] = ground
        return True
    gkind, gbody = ground
    if kind != gkind or len(body) != len(gbody):
        return False
    return all(_unify(p, g, env) for p, g in zip(body, gbody))


def _variables(frame):
    """The described variables of `frame`, innermost block first."""
    try:
        block = frame.block()
    except RuntimeError:
        return
    while block is not None:
        for sym in block:
            if sym.is_argument or sym.is_variable:
                yield sym
        if block.function is not None:
            return
        block = block.superblock


def _instance(v, ty):
    """`ty` with its type variables (a polymorphic function's uniform copy) made ground from
    a variable up the stack that holds the same block `v` at a ground type, if one does;
    otherwise `ty`. The same heap block has one type, so any such variable says it."""
    if "'" not in ty or not _is_block(v):
        return ty
    try:
        frame = gdb.selected_frame()
    except gdb.error:
        return ty
    pattern = _parse(ty)
    for _ in range(_MAX_FRAMES):
        if frame is None:
            break
        for sym in _variables(frame):
            name = sym.type.name or ""
            if not name.startswith("egret_value ") or "'" in name:
                continue
            try:
                if int(sym.value(frame)) != v:
                    continue
            except (gdb.error, RuntimeError, ValueError):
                continue
            env = {}
            if _unify(pattern, _parse(name[len("egret_value "):]), env):
                return _subst(ty, {k: "(" + _unparse(t) + ")" for k, t in env.items()})
        frame = frame.older()
    return ty


class EgretValuePrinter:
    def __init__(self, val, ty):
        self.val = val
        self.ty = ty

    def to_string(self):
        v = int(self.val)
        if self.ty is None:
            return _generic(v, 0)
        return _typed(v, _instance(v, self.ty), 0)


def _lookup(val):
    name = val.type.strip_typedefs().name if val.type.name is None else val.type.name
    if name == "egret_value":
        return EgretValuePrinter(val, None)
    if name is not None and name.startswith("egret_value "):
        return EgretValuePrinter(val, name[len("egret_value "):])
    return None


def _register(objfile):
    if _lookup not in objfile.pretty_printers:
        objfile.pretty_printers.append(_lookup)


_register(gdb.current_objfile() or gdb)
