#!/usr/bin/env python3
"""Import cycles between the modules of each crate under crates/.

Every .rs file under a crate's src/ is a module (`foo.rs` and `foo/mod.rs` are `crate::foo`).
A file refers to another module of its crate through `use` (grouped or not), `crate::`,
`super::` and `self::` paths in code, paths through a name a `use` brought in, and
`"crate::…"` paths in attribute strings (serde's `with`). Each reference is resolved to the
deepest module that exists. References between a module and its own ancestor or descendant
are the ordinary tree (a child using its parent's items, a parent re-exporting a child's) and
are left out. Every other reference A -> B is lifted to the two siblings under the nearest
common parent that hold A and B; a cycle is a strongly connected group of two or more
siblings.

Usage: module-cycles.py [--report] [--self-test]
Exits 1 when a cycle exists, unless --report is given.
"""

import bisect
import re
import sys
from pathlib import Path

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
PATH_TEXT = re.compile(rf"(crate|super|self)(::{IDENT})+")
KEYWORDS = {"crate", "super", "self"}


# --- reading a file ---------------------------------------------------------------------


def strip(src):
    """The source with comments and string/char literals blanked (same length, newlines kept).

    A string that is a whole module path (`"crate::serde_util::double_option"`) keeps its
    text: serde attributes name functions that way.
    """
    out = list(src)
    i, n = 0, len(src)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif (m := re.match(r'b?r(#*)"', src[i : i + 80])) and (i == 0 or not _word(src[i - 1])):
            end = src.find('"' + m.group(1), i + m.end())
            end = n if end < 0 else end + 1 + len(m.group(1))
            blank(i, end)
            i = end
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            if PATH_TEXT.fullmatch(src[i + 1 : j]):
                blank(i, i + 1)
                blank(j, j + 1)
            else:
                blank(i, j + 1)
            i = j + 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}'), or else a lifetime left alone.
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", src[i : i + 12])
            if m:
                blank(i, i + m.end())
                i += m.end()
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def _word(c):
    return c.isalnum() or c == "_"


def inline_modules(code):
    """(start, end, name) of each `mod name { … }` written inside a file."""
    found = []
    for m in re.finditer(rf"\bmod\s+({IDENT})\s*\{{", code):
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        found.append((m.start(), j, m.group(1)))
    return found


def use_trees(code):
    """Each `use …;` as (start, end, leaves); a leaf is (segments, alias, offset)."""
    for m in re.finditer(r"(?<![\w:])use\s", code):
        end = code.find(";", m.end())
        if end < 0:
            continue
        tokens = [
            (t.group(), m.end() + t.start())
            for t in re.finditer(rf"{IDENT}|::|[{{}},*]", code[m.end() : end])
        ]
        leaves = []
        _use_group(tokens, 0, [], leaves)
        yield m.start(), end + 1, leaves


def _use_group(tokens, i, prefix, leaves):
    """Reads use-tree items separated by commas from tokens[i]; returns the index after."""
    while i < len(tokens):
        segs, offset = list(prefix), None
        while i < len(tokens) and tokens[i][0] not in {",", "}"}:
            tok, pos = tokens[i]
            if tok == "{":
                i = _use_group(tokens, i + 1, segs, leaves) + 1
                segs = None
                break
            if tok == "as":
                alias = tokens[i + 1][0] if i + 1 < len(tokens) else None
                leaves.append((segs, alias, offset))
                segs = None
                i += 2
                break
            if tok != "::":
                segs.append(tok)
                offset = pos if offset is None else offset
            i += 1
        if segs and segs != prefix:
            leaves.append((segs, None, offset))
        if i < len(tokens) and tokens[i][0] == "}":
            return i
        i += 1
    return i


CODE_PATH = re.compile(rf"(?<![\w:$])(?:\$)?({IDENT}(?:\s*::\s*{IDENT})+)")


# --- resolving ----------------------------------------------------------------------------


def resolve(segments, here, modules, aliases):
    """The deepest module of `modules` that `segments` names from module `here`, or None
    for a path outside the crate. `here` may end in inline modules not in `modules`."""
    first = segments[0]
    if first == "crate":
        base, rest = (), segments[1:]
    elif first in {"self", "super"}:
        base, rest = here, segments
        while rest and rest[0] in {"self", "super"}:
            base = base[:-1] if rest[0] == "super" else base
            rest = rest[1:]
    elif here + (first,) in modules:
        base, rest = here, segments
    elif first in aliases:
        base, rest = aliases[first], segments[1:]
    else:
        return None
    target = tuple(base)
    while target not in modules:
        target = target[:-1]
    for seg in rest:
        if target + (seg,) not in modules:
            break
        target = target + (seg,)
    return target


def module_of(rel):
    """`areas/groups/mod.rs` -> ('areas', 'groups'); lib.rs and main.rs are the root."""
    parts = list(Path(rel).with_suffix("").parts)
    if parts[-1] in {"mod", "lib", "main"}:
        parts.pop()
    return tuple(parts)


def references(files):
    """(source module, target module, file, line, text) for every reference inside the crate.

    `files` maps a path relative to src/ to the file's text.
    """
    modules = {module_of(rel) for rel in files}
    refs = []
    for rel in sorted(files):
        code = strip(files[rel])
        mod = module_of(rel)
        lines = [i for i, ch in enumerate(code) if ch == "\n"]
        inline = inline_modules(code)

        def here(pos):
            return mod + tuple(name for a, b, name in inline if a <= pos < b)

        def add(target, pos, text):
            if target is not None:
                refs.append((mod, target, rel, bisect.bisect_left(lines, pos) + 1, text))

        aliases, masked = {}, list(code)
        trees = list(use_trees(code))
        for _ in range(2):  # a use may start from a name another use brought in
            for start, _end, leaves in trees:
                for segs, alias, _ in leaves:
                    if segs and segs[-1] not in {"*", "self"}:
                        name = alias or segs[-1]
                    elif segs and segs[-1] == "self" and len(segs) > 1:
                        name, segs = alias or segs[-2], segs[:-1]
                    else:
                        continue
                    target = resolve(segs, here(start), modules, aliases)
                    if target is not None and _names_module(segs, target):
                        aliases[name] = target
        for start, end, leaves in trees:
            for segs, _alias, offset in leaves:
                if segs and segs[-1] == "self":
                    segs = segs[:-1]
                if segs:
                    add(resolve(segs, here(start), modules, aliases), offset, "::".join(segs))
            masked[start:end] = " " * (end - start)
        code = "".join(masked)
        for m in CODE_PATH.finditer(code):
            segs = re.split(r"\s*::\s*", m.group(1))
            add(resolve(segs, here(m.start()), modules, aliases), m.start(1), "::".join(segs))
    return refs


def _names_module(segs, target):
    """Whether the use names the module itself (`use crate::areas::groups;`), not an item."""
    return bool(target) and segs[-1] == target[-1]


# --- cycles -------------------------------------------------------------------------------


def cycles(refs):
    """[(parent, [siblings], {(a, b): first reference})] for each cycle between siblings."""
    edges = {}
    for src, dst, rel, line, text in sorted(refs, key=lambda r: (r[2], r[3])):
        common = 0
        while common < min(len(src), len(dst)) and src[common] == dst[common]:
            common += 1
        if common in {len(src), len(dst)}:
            continue  # the same module, an ancestor or a descendant
        parent = src[:common]
        a, b = src[common], dst[common]
        edges.setdefault(parent, {}).setdefault((a, b), []).append((rel, line, text))
    found = []
    for parent in sorted(edges):
        graph = {}
        for a, b in edges[parent]:
            graph.setdefault(a, set()).add(b)
            graph.setdefault(b, set())
        for group in strongly_connected(graph):
            if len(group) > 1:
                inside = {e: r for e, r in edges[parent].items() if e[0] in group and e[1] in group}
                found.append((parent, sorted(group), inside))
    return found


def strongly_connected(graph):
    """Tarjan's algorithm over {node: set(next)}."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            out.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


# --- running ------------------------------------------------------------------------------


def crate_cycles(root):
    found = []
    for src in sorted(root.glob("crates/*/src")):
        crate = src.parent.name
        files = {str(p.relative_to(src)): p.read_text() for p in src.rglob("*.rs")}
        for parent, group, inside in cycles(references(files)):
            found.append((crate, parent, group, inside, src.relative_to(root)))
    return found


def show(crate, parent, group, inside, src_dir):
    name = lambda m: "::".join((crate,) + parent + (m,))  # noqa: E731
    print(" <-> ".join(name(m) for m in group))
    for (a, b), seen in sorted(inside.items()):
        rel, line, text = seen[0]
        more = f" (+{len(seen) - 1} more)" if len(seen) > 1 else ""
        print(f"  {name(a)} -> {name(b)}: {src_dir}/{rel}:{line} {text}{more}")


def main(argv):
    if "--self-test" in argv:
        self_test()
        return 0
    root = Path(__file__).resolve().parent.parent
    found = crate_cycles(root)
    print(f"{len(found)} import cycle{'' if len(found) == 1 else 's'} between modules")
    for cycle in found:
        show(*cycle)
    return 0 if not found or "--report" in argv else 1


# --- self-test ----------------------------------------------------------------------------


def self_test():
    def targets(files, rel):
        return {(dst, text) for src, dst, r, _, text in references(files) if r == rel}

    # A grouped, multi-line use resolves each leaf to the deepest module.
    files = {
        "lib.rs": "mod a; mod b; mod c;",
        "a.rs": "use crate::{\n    b::{X, y::Z},\n    c,\n};\nuse std::fmt;",
        "b/mod.rs": "pub mod y; pub struct X;",
        "b/y.rs": "pub struct Z;",
        "c.rs": "",
    }
    assert targets(files, "a.rs") == {(("b",), "crate::b::X"), (("b", "y"), "crate::b::y::Z"), (("c",), "crate::c")}

    # super from a file and from its test module; a name a use brought in, used in code.
    files = {
        "lib.rs": "mod p;",
        "p/mod.rs": "mod x; mod y;",
        "p/x.rs": "use super::y;\nfn f() { y::g(); }\nmod tests { use super::*; use super::super::y::G; }",
        "p/y.rs": "",
    }
    got = targets(files, "p/x.rs")
    assert (("p", "y"), "super::y") in got and (("p", "y"), "y::g") in got, got
    assert (("p", "x"), "super::*") in got and (("p", "y"), "super::super::y::G") in got, got

    # A parent re-exporting its child, and a child using its parent, are no cycle; a path
    # in code (no use) that closes the loop between two siblings is one.
    files = {
        "lib.rs": "pub mod p;",
        "p/mod.rs": "mod x; mod y; pub use self::x::Shared;\nfn h() { y::go(); }",
        "p/x.rs": "pub struct Shared; fn f() { super::h(); crate::p::y::go(); }",
        "p/y.rs": "use super::Shared; // crate::p::x in a comment is not a reference\npub fn go() {}",
    }
    assert cycles(references(files)) == [], "an ancestor edge is not a cycle"
    files["p/y.rs"] += '\nfn k() { let _ = "crate::p::x"; crate::p::x::Shared; }'
    [(parent, group, inside)] = cycles(references(files))
    assert (parent, group) == (("p",), ["x", "y"]), (parent, group)
    assert inside[("y", "x")][0][:2] == ("p/y.rs", 3), inside
    print("self-test: ok")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
