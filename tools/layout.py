#!/usr/bin/env python3
"""House rules that rustc and clippy do not check (./dev lint runs this).

Usage: tools/layout.py [--code-only] [ROOT]
    ROOT defaults to the repository holding this script; --code-only leaves intra-doc
    links out of the import graph (to see which cycles exist in code alone).

Every crate of the workspace is checked against five rules. Each violation is one line and
makes the exit status 1; without any, one summary line and status 0 (2: no crate found).

(a) No import cycle among the files of a crate (of a target, below): a file may use files
    that do not use it back, directly or through others. Printed: a shortest cycle with the
    line of each step, then every file of the strongly connected component.
(b) No file over 400 lines, not counting its trailing test module. Measured as
    /work/shared/tools/house.py measures: the top-level `#[cfg(test)]` items cut out, from
    the attribute through the item's closing brace (or `;`), and the rest counted by
    str.splitlines -- so blank lines before the tests count, and so does the line the test
    module ends on. The file of a test module (declared under `#[cfg(test)]`, below such a
    file, named tests.rs, or opening with `#![cfg(test)]`) counts whole. Every .rs file
    under each crate's src/ is measured (src/bin/ included).
(c) Test modules only at the end of a file: after the first top-level `#[cfg(test)]` item,
    every top-level item must be a `#[cfg(test)]` item too.
(d) No re-export outside a face. A `pub use` (or `pub(..) use`) in a file other than a
    target's root (lib.rs, main.rs, a bin) or a mod.rs may not re-export a path through
    `crate::` or `super::`; in a leaf (a file with no module files of its own) not through
    `self::` either, nor through a name the file imported from the crate (a sibling's).
    So re-exports live in a crate's face or a folder's face; the `name.rs` of a `name/`
    folder (2018 layout) is a face for its own children only.
(e) Layers kept, where a library declares them. A lib.rs whose doc comment holds a line
    `Layers (checked by tools/layout.py): a b < c < d` orders its top-level modules, lowest
    first (modules separated by spaces share a layer; `<` starts the next). A file under one
    of them may not name, in code, a file under a later layer; every top-level module of
    the crate must be in the line. Intra-doc links are left out: they import nothing; so are
    test modules, inline or in files of their own (a test may use any layer).

(f) Files below a face, where a library declares it. A lib.rs whose doc comment holds a line
    `Faces (checked by tools/layout.py): a::b c::d` (the modules kept public, or none) is
    read through its folders' faces: a file module below a top-level module, with no module
    files of its own but tests, may not be declared plain `pub mod` unless the line names it (its
    items are re-exported by its folder's face, the file itself `pub(crate)` or private).

Crates and targets. A crate is a directory holding a Cargo.toml and a src/ directory, found
by walking ROOT but not into target, node_modules, .git, dist, tests, benches or examples
(house.py's walk). Each target of a crate is a root with a module graph of its own:
src/lib.rs (or the manifest's [lib] path), src/main.rs, every src/bin/NAME.rs and
src/bin/NAME/main.rs, and every [[bin]] path of the manifest. So a crate with both lib.rs
and main.rs has two graphs: in the binary `crate::` is the binary, which reaches the
library by its crate name only. A target's files are those its `mod name;` declarations
reach from the root, found as rustc finds them (name.rs or name/mod.rs; the children of a
non-mod.rs file a/b.rs in a/b/; inline `mod x { .. }` blocks as directories; `#[path]`),
and a file's module path is the one its declaration gives it. A .rs file under src/ that no
declaration reaches (rustc skips it; house.py counts it) still joins, with the module path
of its place, the graph of the target whose root directory holds it most closely, the
library first.

The graph. A file depends on the file of every path it names through `crate::`,
`super::`, `self::` (or `$crate::`): in `use` declarations, read as whole use trees
(nested `{..}` groups, `self`, `as`, globs; any visibility or attributes, over any number
of lines), inline in code (`crate::a::b::f(..)`, `pub(in crate::a)`, macro bodies, attribute
arguments), in a string that is a path in an attribute (`#[serde(with = "super::wire")]`,
code to the derive), and in intra-doc links (`[`crate::a::f`]`, `[f](super::a::f)`: rustdoc
resolves them from the module they are in, and house.py, which reads comments, counts
them). Everything else in comments, doc comments and string or char literals is skipped by
a small lexer. A path resolves from the module it is written in: in a/b.rs (not mod.rs)
`self` is a::b and `super` is a; in a/mod.rs `self` is a and `super` the parent of a; an
inline `mod x { .. }` adds a level. The edge goes to the longest prefix of the resolved path
that is a file module of the target (the root file included). `#[cfg(test)]` items are left
out, and so are edges to the file itself.

Faces. A file that holds nothing but attributes, `mod x;` and `use ..;` declarations (any
visibility) is a face: its edges to its own descendants are left out (a face naming its
children is no cycle), and a path that names an item through a face (`crate::a::f`, a/mod.rs
holding `pub use self::b::f;`) is followed to the file the face re-exports it from (a/b.rs).
Any other file -- a mod.rs, a root or a `name.rs` holding code beyond its `mod` and `use`
lines -- is a file like every other: its children naming it back is a cycle. A child module
named by its bare name from its parent (`child::f()`, `use child::X;`) is an edge too.
"""
import os
import re
import sys
from dataclasses import dataclass, field

LIMIT = 400
SKIP_DIRS = {"target", "node_modules", ".git", "dist", "tests", "benches", "examples"}
REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


# --------------------------------------------------------------------------- lexer

@dataclass
class Tok:
    kind: str   # ident, punct, str, char, life, num
    text: str   # for str: the literal's contents
    start: int  # offsets into the file's text
    end: int
    line: int


RAW_STR = re.compile(r'(?:b|c)?r(#*)"')
STR = re.compile(r'(?:b|c)?"')
IDENT = re.compile(r"(?:r#)?[^\W\d]\w*")
NUMBER = re.compile(r"\d\w*(?:\.\d\w*)?")


def lex(text):
    """Rust tokens of `text` without comments or whitespace, and apart from them the doc
    comments as (offset, line, text) (approximate, but exact about where comments and
    literals start and end, which is what the checks rely on)."""
    toks, docs, i, n, line = [], [], 0, len(text), 1
    if text.startswith("#!") and not text.startswith("#!["):
        i = text.find("\n") if "\n" in text else n  # shebang line
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            if text.startswith(("///", "//!"), i) and not text.startswith("////", i):
                docs.append((i, line, text[i + 3:j]))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            if text.startswith(("/**", "/*!"), i) and not text.startswith(("/***", "/**/"), i):
                for k, part in enumerate(text[i + 3:j - 2].split("\n")):
                    docs.append((i, line + k, part))
            line += text.count("\n", i, j)
            i = j
        elif (m := RAW_STR.match(text, i)) is not None:
            close = '"' + m.group(1)
            j = text.find(close, m.end())
            j = n if j < 0 else j
            toks.append(Tok("str", text[m.end():j], i, j + len(close), line))
            line += text.count("\n", i, j)
            i = j + len(close)
        elif (m := STR.match(text, i)) is not None:
            j = m.end()
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            toks.append(Tok("str", text[m.end():j], i, j + 1, line))
            line += text.count("\n", i, j)
            i = j + 1
        elif c == "'" or text.startswith("b'", i):
            k = i + 1 if c == "'" else i + 2
            if k < n and text[k] == "\\":  # escaped char: '\n', '\'', '\u{..}'
                j = text.find("'", k + 2)
                j = n - 1 if j < 0 else j
                toks.append(Tok("char", text[i:j + 1], i, j + 1, line))
                i = j + 1
            elif k + 1 < n and text[k + 1] == "'":  # 'x', including '{' and '"'
                toks.append(Tok("char", text[i:k + 2], i, k + 2, line))
                i = k + 2
            else:  # a lifetime or a label
                m = re.compile(r"\w*").match(text, k)
                toks.append(Tok("life", text[i:m.end()], i, m.end(), line))
                i = max(m.end(), i + 1)
        elif (m := IDENT.match(text, i)) is not None:
            word = m.group(0)
            toks.append(Tok("ident", word[2:] if word.startswith("r#") else word, i, m.end(), line))
            i = m.end()
        elif (m := NUMBER.match(text, i)) is not None:
            toks.append(Tok("num", m.group(0), i, m.end(), line))
            i = m.end()
        elif text.startswith("::", i):
            toks.append(Tok("punct", "::", i, i + 2, line))
            i += 2
        else:
            toks.append(Tok("punct", c, i, i + 1, line))
            i += 1
    return toks, docs


# Intra-doc links: [`path`], [text](path), [text][path], and `[label]: path` definitions.
DOC_LINK = re.compile(r"^\s*\[[^\[\]]*\]:\s*(\S+)"
                      r"|\[([^\[\]]*)\](?:\(([^\s()]*(?:\(\))?)\)|\[([^\[\]]*)\])?")
LINK_PATH = re.compile(r"(?:\w+@)?(\$?(?:crate|super|self)(?:::\w+)+)")
ATTR_PATH = re.compile(r"\$?(?:crate|super|self)(?:::\w+)+")


def doc_links(text):
    """The `crate::`/`super::`/`self::` paths a line of documentation links to."""
    out = []
    for m in DOC_LINK.finditer(text):
        target = next(g for g in (m.group(1), m.group(3), m.group(4), m.group(2)) if g is not None)
        p = LINK_PATH.fullmatch(re.sub(r"\(\)$|!$|<.*>$", "", target.strip("` ")))
        if p:
            out.append(tuple(p.group(1).lstrip("$").split("::")))
    return out


# --------------------------------------------------------------------------- one file

@dataclass
class Path:
    segs: tuple        # e.g. ('super', 'x', 'Y'); a trailing '*' for a glob
    line: int
    inline: tuple      # inline `mod x { .. }` blocks it is written in
    name: str = None   # for a use: the name it binds (None for a glob)
    public: bool = False
    stmt: int = 0      # for a use: the line of its `use`


@dataclass
class ModDecl:
    name: str
    inline: tuple
    path_attr: str
    in_test: bool
    plain_pub: bool = False   # declared `pub mod` (not `pub(..)`, not private)
    line: int = 0


@dataclass
class Scan:
    uses: list = field(default_factory=list)       # Path, from `use` trees
    refs: list = field(default_factory=list)       # Path, inline in code or attribute strings
    bare: list = field(default_factory=list)       # Path, inline `name::..` (maybe a child)
    doc_refs: list = field(default_factory=list)   # Path, intra-doc links
    mods: list = field(default_factory=list)       # ModDecl, `mod name;`
    test_spans: list = field(default_factory=list)  # (start, end) of top-level test items
    misplaced: int = None   # line of the first top-level item after a test item
    inner_test: bool = False  # `#![cfg(test)]`
    toks: list = field(default_factory=list)  # the file's tokens (is_face reads them again)


class UseSyntax(Exception):
    pass


def match_close(toks, i):
    """Index of the bracket closing the one at toks[i]."""
    pairs = {"{": "}", "[": "]", "(": ")"}
    depth = 0
    for j in range(i, len(toks)):
        t = toks[j].text
        if toks[j].kind == "punct":
            if t in pairs:
                depth += 1
            elif t in ("}", "]", ")"):
                depth -= 1
                if depth == 0:
                    return j
    return len(toks) - 1


def item_end(toks, i):
    """Index of the last token of the item starting at toks[i] (its `;` or closing brace,
    plus a `;` after that brace)."""
    depth = 0
    for j in range(i, len(toks)):
        t = toks[j]
        if t.kind != "punct":
            continue
        if t.text in "([":
            depth += 1
        elif t.text in ")]":
            depth -= 1
        elif t.text == ";" and depth <= 0:
            return j
        elif t.text == "{" and depth <= 0:
            k = match_close(toks, j)
            return k + 1 if k + 1 < len(toks) and toks[k + 1].text == ";" else k
        elif t.text == "}" and depth <= 0:
            return j - 1
    return len(toks) - 1


def is_path_head(toks, i):
    """`crate::`, `super::`, `self::` or `$crate::` starts at toks[i] (not mid-path)."""
    t = toks[i]
    if i > 0 and toks[i - 1].text in ("::", "$", "."):
        return False
    if t.kind == "ident" and t.text in ("crate", "super", "self"):
        return i + 1 < len(toks) and toks[i + 1].text == "::"
    return (t.text == "$" and i + 2 < len(toks) and toks[i + 1].text == "crate"
            and toks[i + 2].text == "::")


def is_bare_head(toks, i):
    """An identifier starting a path (`child::f`, not mid-path, not a field or method)."""
    t = toks[i]
    if t.kind != "ident" or t.text in ("crate", "super", "self", "Self"):
        return False
    if i > 0 and toks[i - 1].text in ("::", "$", "."):
        return False
    return i + 2 < len(toks) and toks[i + 1].text == "::" and toks[i + 2].kind == "ident"


def parse_path(toks, i):
    """An inline path at toks[i]: its segments, and the index after it."""
    segs = []
    if toks[i].text == "$":
        i += 1
    while i < len(toks) and toks[i].kind == "ident":
        segs.append(toks[i].text)
        if i + 2 < len(toks) and toks[i + 1].text == "::" and toks[i + 2].kind == "ident":
            i += 2
        else:
            return tuple(segs), i + 1
    return tuple(segs), i


def parse_use(toks, i):
    """The use tree starting at toks[i] (just after `use`): its leaves as
    (segments, bound name, line) and the index of its `;`. UseSyntax if it is no use tree
    (a `use` in a macro pattern, say)."""
    leaves = []

    def tok(k):
        return toks[k].text if k < len(toks) else None

    def tree(k, prefix):
        if tok(k) == "::":  # `use ::ext::x` -- an extern crate
            prefix, k = prefix + ("::",), k + 1
        if tok(k) == "{":
            k += 1
            while tok(k) != "}":
                k = tree(k, prefix)
                if tok(k) == ",":
                    k += 1
                elif tok(k) != "}":
                    raise UseSyntax
            return k + 1
        if tok(k) == "*":
            leaves.append((prefix + ("*",), None, toks[k].line))
            return k + 1
        segs = prefix
        while True:
            if k < len(toks) and toks[k].kind == "ident":
                segs, line, k = segs + (toks[k].text,), toks[k].line, k + 1
            elif tok(k) == "$" and tok(k + 1) == "crate":
                segs, line, k = segs + ("crate",), toks[k].line, k + 2
            else:
                raise UseSyntax
            if tok(k) != "::":
                break
            k += 1
            if tok(k) in ("{", "*"):
                return tree(k, segs)
        if segs[-1] == "self":  # `a::{self, ..}` names a itself
            segs = segs[:-1]
        name = segs[-1] if segs else None
        if tok(k) == "as":
            name, k = tok(k + 1), k + 2
        leaves.append((segs, name, line))
        return k

    end = tree(i, ())
    if tok(end) != ";":
        raise UseSyntax
    return leaves, end


def is_public(toks, i):
    """The item whose keyword is toks[i] has a `pub` or `pub(...)` visibility."""
    j = i - 1
    if j >= 0 and toks[j].text == ")":
        while j >= 0 and toks[j].text != "(":
            j -= 1
        j -= 1
    return j >= 0 and toks[j].text == "pub"


def attribute_paths(body, inline, res):
    """The paths in the tokens of an attribute: inline ones (`#[derive(crate::X)]`), paths in
    strings (`#[serde(with = "super::wire")]`, code to the derive), links in `#[doc = ".."]`."""
    doc = [b.text for b in body[:2]] == ["doc", "="]
    k = 0
    while k < len(body):
        if is_path_head(body, k):
            segs, k = parse_path(body, k)
            res.refs.append(Path(segs, body[k - 1].line, inline))
            continue
        lit = body[k]
        if lit.kind == "str" and doc:
            res.doc_refs += [Path(segs, lit.line, inline) for segs in doc_links(lit.text)]
        elif lit.kind == "str" and ATTR_PATH.fullmatch(lit.text):
            res.refs.append(Path(tuple(lit.text.lstrip("$").split("::")), lit.line, inline))
        k += 1


def scan(text):
    """Everything the checks need from one file's text, in one pass over its tokens."""
    toks, docs = lex(text)
    docs.append((len(text) + 1, 0, ""))  # a sentinel after every token
    n, d = len(toks), 0
    res = Scan(toks=toks)
    fence = False          # inside a ``` block of the documentation
    stack = []             # one entry per open `{`: the inline module's name, or None
    test_end = -1          # the last token of the `#[cfg(test)]` item we are in
    pending = None         # attributes since the last item: [first index, cfg(test) index, path]
    attrs_of = (-1, None)  # where the last item with attributes starts, and its #[path]
    brace_name = None      # the name of the inline module whose `{` comes next
    seen_top_test = False  # a top-level test item came already
    i = 0
    while i < n:
        t = toks[i]
        in_test = i <= test_end
        inline = tuple(s for s in stack if s is not None)
        while docs[d][0] < t.start:  # documentation written before this token
            _, line, doc = docs[d]
            d += 1
            if doc.lstrip().startswith(("```", "~~~")):
                fence = not fence
            elif not fence and not in_test:
                res.doc_refs += [Path(segs, line, inline) for segs in doc_links(doc)]

        # Attributes: remembered for the item they precede.
        inner = t.text == "#" and i + 2 < n and toks[i + 1].text == "!" and toks[i + 2].text == "["
        if t.text == "#" and i + 1 < n and (toks[i + 1].text == "[" or inner):
            j = i + 2 if inner else i + 1
            close = match_close(toks, j)
            body = toks[j + 1:close]
            words = [b.text for b in body]
            test = words == ["cfg", "(", "test", ")"]
            if inner:
                res.inner_test |= test and not stack
            else:
                pending = pending or [i, None, None]
                if test and pending[1] is None:
                    pending[1] = i
                if words[:2] == ["path", "="] and len(body) == 3 and body[2].kind == "str":
                    pending[2] = body[2].text
            if not in_test:
                attribute_paths(body, inline, res)
            i = close + 1
            continue

        # Where an item starts: test items, and rule (c).
        top = not stack and not in_test
        if pending is not None:
            first, test_at, path_attr = pending
            pending = None
            attrs_of = (i, path_attr)
            if test_at is not None and t.text != "}":
                end = item_end(toks, i)
                if top:
                    res.test_spans.append((toks[test_at].start, toks[end].end))
                    seen_top_test = True
                test_end = max(test_end, end)
                in_test = True
            elif top and seen_top_test and res.misplaced is None:
                res.misplaced = toks[first].line
        elif top and seen_top_test and res.misplaced is None:
            res.misplaced = t.line

        # Blocks, module declarations, use declarations, inline paths.
        if t.kind == "punct" and t.text == "{":
            stack.append(brace_name)
            brace_name = None
        elif t.kind == "punct" and t.text == "}":
            if stack:
                stack.pop()
        elif t.kind == "ident" and t.text == "mod" and i + 2 < n and toks[i + 1].kind == "ident":
            name, after = toks[i + 1].text, toks[i + 2].text
            if after == ";":
                own_attrs = attrs_of[0] <= i and not any(
                    x.text in (";", "{", "}") for x in toks[attrs_of[0]:i])
                plain = i > 0 and toks[i - 1].text == "pub"
                res.mods.append(ModDecl(name, inline, attrs_of[1] if own_attrs else None, in_test,
                                        plain, t.line))
            elif after == "{":
                brace_name = name
            i += 2
            continue
        elif t.kind == "ident" and t.text == "use" and (i == 0 or toks[i - 1].text != "::"):
            try:
                leaves, end = parse_use(toks, i + 1)
            except UseSyntax:  # not a use tree (a macro's pattern): read on as code
                i += 1
                continue
            if not in_test:
                public = is_public(toks, i)
                for segs, name, line in leaves:
                    res.uses.append(Path(segs, line, inline, name, public, t.line))
            i = end
            continue
        elif is_path_head(toks, i):
            segs, i = parse_path(toks, i)
            if not in_test:
                res.refs.append(Path(segs, toks[i - 1].line, inline))
            continue
        elif is_bare_head(toks, i):
            segs, i = parse_path(toks, i)
            if not in_test:
                res.bare.append(Path(segs, toks[i - 1].line, inline))
            continue
        i += 1
    return res


def is_face(sc):
    """Whether a file is only a face: nothing at its top level but attributes, `mod x;` and
    `use ..;` declarations (any visibility) and its test items. Only a face may name its own
    descendants without the edge counting (its children naming it back is no cycle)."""
    toks, spans = sc.toks, sc.test_spans
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if any(a <= t.start < b for a, b in spans):
            i += 1
        elif t.text == "#" and i + 1 < n and toks[i + 1].text in ("[", "!"):
            i = match_close(toks, i + 1 if toks[i + 1].text == "[" else i + 2) + 1
        elif t.text == "pub":
            i += 1
            if i < n and toks[i].text == "(":
                i = match_close(toks, i) + 1
        elif t.text == "mod" and i + 2 < n and toks[i + 2].text == ";":
            i += 3
        elif t.text == "use" or (t.text == "extern" and i + 1 < n and toks[i + 1].text == "crate"):
            i = item_end(toks, i) + 1
        elif t.text == ";":
            i += 1
        else:
            return False
    return True


def counted_lines(text, sc, whole):
    """Rule (b)'s measure of a file."""
    if not whole:
        for start, end in reversed(sc.test_spans):
            text = text[:start] + text[end:]
    return len(text.splitlines())


# --------------------------------------------------------------------------- crates

def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def rust_files(top):
    """The .rs files under `top`, in a stable order."""
    for d, ds, fs in os.walk(top):
        ds.sort()
        for f in sorted(fs):
            if f.endswith(".rs"):
                yield os.path.join(d, f)


def find_crates(root):
    """Directories with a Cargo.toml and a src/ directory (house.py's walk)."""
    out = []
    for d, ds, fs in os.walk(root):
        ds[:] = sorted(x for x in ds if x not in SKIP_DIRS)
        if "Cargo.toml" in fs and os.path.isdir(os.path.join(d, "src")):
            out.append(d)
    return out


def manifest_paths(crate):
    """[lib] and [[bin]] paths of the crate's manifest (none if it cannot be read)."""
    try:
        import tomllib
        with open(os.path.join(crate, "Cargo.toml"), "rb") as f:
            m = tomllib.load(f)
    except Exception:
        return []
    paths = [m.get("lib", {}).get("path")] + [b.get("path") for b in m.get("bin", [])]
    return [os.path.join(crate, p) for p in paths if isinstance(p, str)]


def target_roots(crate):
    """The root files of a crate's targets, the library first."""
    src = os.path.join(crate, "src")
    bins = os.path.join(src, "bin")
    cands = [os.path.join(src, "lib.rs")] + manifest_paths(crate) + [os.path.join(src, "main.rs")]
    if os.path.isdir(bins):
        for e in sorted(os.listdir(bins)):
            p = os.path.join(bins, e)
            cands.append(os.path.join(p, "main.rs") if os.path.isdir(p) else p)
    seen, out = set(), []
    for p in cands:
        p = os.path.normpath(p)
        if p.endswith(".rs") and os.path.isfile(p) and p not in seen:
            seen.add(p)
            out.append(p)
    return out


@dataclass
class Module:
    path: str
    key: tuple        # module path within its target
    modrs: bool       # its children live beside it (mod.rs, a root, a #[path] file)
    is_root: bool
    test: bool        # the file of a test module: counts whole
    scan: Scan = None
    text: str = ""
    has_children: bool = False
    stray: bool = False  # reached by no `mod` declaration: placed by its path
    face: bool = False   # nothing but `mod` and `use` declarations (is_face)


@dataclass
class Target:
    root: str         # root file, or the src/ directory for a rootless graph
    home: str         # the directory its module paths are relative to
    files: dict = field(default_factory=dict)   # key -> Module


def load(module):
    """Read and scan a module's file; False if it is gone (moved while we walk)."""
    try:
        module.text = read(module.path)
    except FileNotFoundError:
        return False
    module.scan = scan(module.text)
    module.face = is_face(module.scan)
    module.test |= module.scan.inner_test or os.path.basename(module.path) == "tests.rs"
    return True


def build_target(root):
    """A target's files, following `mod` declarations from its root."""
    target = Target(root, os.path.dirname(root))
    queue = [Module(root, (), True, True, False)]
    claimed = {root}
    while queue:
        m = queue.pop()
        if not load(m):
            continue
        target.files[m.key] = m
        own_dir = os.path.dirname(m.path)
        if not m.modrs:
            own_dir = os.path.join(own_dir, os.path.basename(m.path)[:-3])
        for d in m.scan.mods:
            sub = os.path.join(own_dir, *d.inline)
            if d.path_attr is not None:
                base = os.path.dirname(m.path) if not d.inline else sub
                cands = [(os.path.join(base, d.path_attr), True)]
            else:
                cands = [(os.path.join(sub, d.name + ".rs"), False),
                         (os.path.join(sub, d.name, "mod.rs"), True)]
            for p, modrs in cands:
                p = os.path.normpath(p)
                if os.path.isfile(p):
                    m.has_children = True
                    if p not in claimed:
                        claimed.add(p)
                        modrs = modrs or os.path.basename(p) == "mod.rs"
                        queue.append(Module(p, m.key + d.inline + (d.name,), modrs, False,
                                            m.test or d.in_test))
                    break
    return target


def place_key(path, home):
    """house.py's module path of a file by its place: a/b.rs -> (a, b); a/mod.rs -> (a,)."""
    rel = os.path.relpath(path, home)[:-3].split(os.sep)
    return tuple(rel[:-1] if rel[-1] == "mod" else rel)


def crate_targets(crate):
    """Every target of a crate, each with its files; strays join by place."""
    src = os.path.join(crate, "src")
    targets = [build_target(root) for root in target_roots(crate)]
    claimed = {m.path for t in targets for m in t.files.values()}
    for p in rust_files(src):
        if p in claimed:
            continue
        homes = [t for t in targets if p.startswith(t.home + os.sep)]
        if not homes:
            targets.append(Target(src, src))
            homes = targets[-1:]
        target = max(homes, key=lambda t: len(t.home))  # stable: the library wins ties
        key = place_key(p, target.home)
        m = Module(p, key, os.path.basename(p) == "mod.rs", False, False, stray=True)
        if not load(m):
            continue
        if key not in target.files:
            target.files[key] = m
        else:
            target.files[("<stray>", p)] = m  # checked for (b)-(d), outside the graph
    return targets


# --------------------------------------------------------------------------- graph

def resolve(segs, here):
    """The module path a `crate::`/`super::`/`self::` path names from module `here`
    (None for any other path, or `super` above the root)."""
    if not segs:
        return None
    if segs[0] == "crate":
        base, k = (), 1
    elif segs[0] in ("self", "super"):
        base, k = here, 1 if segs[0] == "self" else 0
        while k < len(segs) and segs[k] == "super":
            if not base:
                return None
            base, k = base[:-1], k + 1
    else:
        return None
    return base + tuple(s for s in segs[k:] if s != "*")


def file_of(path, files):
    """The longest prefix of a module path that is a file of the target."""
    for j in range(len(path), -1, -1):
        if path[:j] in files:
            return path[:j]
    return None


def through_faces(dest, files, depth=8):
    """The file a path names, a face's re-export followed to the file it re-exports
    (`crate::a::f` with a/mod.rs only `pub use self::b::f;` names a/b.rs)."""
    to = file_of(dest, files)
    m = files.get(to)
    if to is None or m is None or not m.face or len(dest) <= len(to) or depth == 0:
        return to
    name = dest[len(to)]
    for u in m.scan.uses:
        if u.public and u.segs and (u.name == name or (u.name is None and u.segs[-1] == "*")):
            there = resolve(u.segs, to + u.inline)
            if there is None and u.segs[0] not in ("crate", "super", "self", "::"):
                there = to + u.inline + u.segs
            if there is None:
                continue
            if u.name is None:  # a glob: the name inside what it globs
                there = there + (name,)
            again = through_faces(there + dest[len(to) + 1:], files, depth - 1)
            if again is not None and again != to:
                return again
    return to


def graph(target, docs=True):
    """key -> {key: (line, doc)}: the first line naming it, in code if any (doc false), else
    in an intra-doc link (doc true; links are left out if `docs` is false)."""
    files = {k: m for k, m in target.files.items() if not (k and k[0] == "<stray>")}
    edges = {k: {} for k in files}
    for key, m in files.items():
        code = sorted(m.scan.uses + m.scan.refs, key=lambda p: p.line)
        links = sorted(m.scan.doc_refs, key=lambda p: p.line) if docs else []
        bare = [(p, False) for p in m.scan.bare] + [
            (p, False) for p in m.scan.uses if p.segs and p.segs[0] not in ("crate", "super", "self")]
        for p, doc in [(p, False) for p in code] + [(p, True) for p in links] + bare:
            dest = resolve(p.segs, key + p.inline)
            if dest is None and p.segs and key + p.inline + p.segs[:1] in files:
                dest = key + p.inline + p.segs  # `child::f`: a child module by its bare name
            to = None if dest is None else through_faces(dest, files)
            if to is None or to == key or (m.face and to[:len(key)] == key):
                continue  # itself, or a face's own descendant
            edges[key].setdefault(to, (p.line, doc))
    return edges


def sccs(edges):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def witness(comp, edges):
    """A shortest cycle through the first file of a component."""
    start, members = comp[0], set(comp)
    prev, queue = {start: None}, [start]
    for v in queue:
        for w in sorted(edges[v]):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return path[::-1] + [start]
            if w in members and w not in prev:
                prev[w] = v
                queue.append(w)
    return comp + [start]


# --------------------------------------------------------------------------- rules

def reexports(m, rel):
    """Rule (d) for one file."""
    if m.is_root or os.path.basename(m.path) == "mod.rs":
        return []
    face = m.has_children
    own = {u.name: u.segs[0] for u in m.scan.uses
           if u.name and u.segs and u.segs[0] in ("crate", "super", "self")}
    bad = {}  # the line of a `pub use` -> the paths it should not re-export
    for u in m.scan.uses:
        if not u.public or not u.segs:
            continue
        head = u.segs[0]
        via = own.get(head) if head not in ("crate", "super", "self") else head
        if via in ("crate", "super") or (via == "self" and not face):
            bad.setdefault(u.stmt, []).append("::".join(u.segs))
    where = ("in a folder's face, which may re-export only its own children" if face else
             "in a leaf file: re-exports belong in lib.rs, main.rs or a mod.rs")
    return [f"{rel}:{line}: pub use of {', '.join(paths)} {where}"
            for line, paths in sorted(bad.items())]


LAYERS = re.compile(r"^//!.*Layers \(checked by tools/layout\.py\):(.*)$", re.M)


def layers(target, edges, rel):
    """Rule (e) for a library target: its declared layer order, if any, kept."""
    root = target.files.get(())
    found = LAYERS.search(root.text) if root is not None else None
    if found is None:
        return []
    order = [g.split() for g in found.group(1).strip().rstrip(".").split("<")]
    rank = {name: i for i, group in enumerate(order) for name in group}
    line = root.text[:found.start()].count("\n") + 1
    problems = [f"{rel[()]}:{line}: top-level module `{k[0]}` is in no layer of the line"
                for k, m in sorted(target.files.items()) if len(k) == 1 and k[0] not in rank
                and k[0] != "<stray>" and not m.test]
    for a, outs in sorted(edges.items()):
        if target.files[a].test:
            continue
        for b, (at, doc) in sorted(outs.items()):
            if doc or not a or not b or a[0] not in rank or b[0] not in rank:
                continue
            if rank[b[0]] > rank[a[0]]:
                problems.append(f"{rel[a]}:{at}: `{a[0]}` uses {'::'.join(b)} of `{b[0]}`, a later "
                                f"layer (the order: {found.group(1).strip()})")
    return problems


FACES = re.compile(r"^//!.*Faces \(checked by tools/layout\.py\):(.*)$", re.M)


def faces(target, rel):
    """Rule (f) for a library target: below its top-level modules, files `pub(crate)`."""
    root = target.files.get(())
    found = FACES.search(root.text) if root is not None else None
    if found is None:
        return []
    kept = set(found.group(1).strip().rstrip(".").split())
    problems = []
    for key, m in sorted(target.files.items()):
        parent = target.files.get(key[:-1])
        folder = any(k[:-1] == key and not c.test for k, c in target.files.items())
        if len(key) < 2 or folder or m.test or m.stray or parent is None:
            continue
        decl = next((d for d in parent.scan.mods if d.name == key[-1] and not d.inline), None)
        if decl is not None and decl.plain_pub and "::".join(key) not in kept:
            problems.append(f"{rel[key[:-1]]}:{decl.line}: `pub mod {key[-1]}` below a face: "
                            f"re-export its items in the face and declare it `pub(crate) mod` "
                            f"(or name it in the Faces line)")
    return problems


def check(root, docs=True):
    """Violations and the summary figures for the workspace at `root`."""
    crates = find_crates(root)
    problems, nfiles, nedges, ntargets, nstray = [], 0, 0, 0, 0
    for crate in crates:
        modules = {}  # path -> Module: a file two targets compile is measured once
        for target in crate_targets(crate):
            ntargets += 1
            edges = graph(target, docs)
            nedges += sum(len(e) for e in edges.values())
            rel = {k: os.path.relpath(m.path, root) for k, m in target.files.items()}
            label = os.path.relpath(target.root, root)
            for comp in sccs(edges):
                cyc = witness(comp, edges)
                steps = " -> ".join(f"{rel[a]}:{edges[a][b][0]}" + " (doc link)" * edges[a][b][1]
                                    for a, b in zip(cyc, cyc[1:]))
                problems.append(f"import cycle in {label}: {steps} -> {rel[cyc[-1]]} "
                                f"(files: {', '.join(sorted(rel[c] for c in comp))})")
            if os.path.basename(target.root) == "lib.rs":
                problems += layers(target, graph(target, docs=False), rel)
                problems += faces(target, rel)
            for m in target.files.values():
                modules.setdefault(m.path, m)
        for path, m in sorted(modules.items()):
            rel = os.path.relpath(path, root)
            nfiles += 1
            nstray += m.stray
            n = counted_lines(m.text, m.scan, m.test)
            if n > LIMIT:
                why = "a test module's file counts whole" if m.test else "not counting its tests"
                problems.append(f"{rel}: {n} lines (limit {LIMIT}; {why})")
            if m.scan.misplaced is not None and not m.test:
                problems.append(f"{rel}:{m.scan.misplaced}: code after a test module "
                                f"(tests go at the end)")
            problems += reexports(m, rel)
    return crates, ntargets, nfiles, nedges, nstray, problems


def main(argv):
    args = argv[1:]
    docs = "--code-only" not in args
    args = [a for a in args if a != "--code-only"]
    if len(args) > 1 or any(a.startswith("-") for a in args):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root = os.path.abspath(args[0] if args else REPO)
    crates, ntargets, nfiles, nedges, nstray, problems = check(root, docs)
    if not crates:
        print(f"layout: no crate (Cargo.toml + src/) under {root}")
        return 2
    for p in problems:
        print(p)
    if problems:
        return 1
    stray = f" ({nstray} reached by no `mod`, placed by path)" if nstray else ""
    print(f"layout: {len(crates)} crates, {ntargets} targets, {nfiles} files{stray}, {nedges} "
          f"checked edges: no import cycle, every file within {LIMIT} lines, tests at the end, "
          f"no re-export in a leaf, declared layers kept, files below faces kept in")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
