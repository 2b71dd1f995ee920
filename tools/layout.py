#!/usr/bin/env python3
"""House rules that rustc and clippy do not check (./dev lint runs this):

1. no import cycle among the files of src/core (a file may use its own layer or the
   layers before it, never a file that uses it back, directly or through others);
2. no file in src over 400 lines, not counting a trailing test module (a sibling
   `tests.rs` counts whole);
3. test modules (`#[cfg(test)]`) only at the end of a file.

Exit status 1 with one line per violation; 0 and a one-line summary otherwise.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SRC = os.path.join(ROOT, "src")
CORE = os.path.join(SRC, "core")
LIMIT = 400
ITEM = re.compile(r"^(pub(\([a-z]+\))? )?(fn|struct|enum|impl|trait|const|static|type|mod|use|macro_rules!)\b")


def rust_files(top):
    for d, _, files in os.walk(top):
        for f in sorted(files):
            if f.endswith(".rs"):
                yield os.path.join(d, f)


def module_of(path):
    """src/core/a/b.rs -> ('a', 'b'); src/core/a/mod.rs -> ('a',)."""
    rel = os.path.relpath(path, CORE)[:-3].split(os.sep)
    if rel[-1] == "mod":
        rel = rel[:-1]
    return tuple(rel)


def strip_tests_and_comments(text):
    out = []
    for line in text.split("\n"):
        if line.strip() == "#[cfg(test)]" and not line.startswith(" "):
            break
        out.append(re.sub(r"//.*", "", line))
    return "\n".join(out)


def core_graph():
    files = list(rust_files(CORE))
    mods = {module_of(f): f for f in files}
    edges = {m: set() for m in mods}
    for m, f in mods.items():
        text = strip_tests_and_comments(open(f, encoding="utf-8").read())
        paths = []
        # `use` trees: expand one level of braces (`a::{b::C, d}`).
        for u in re.finditer(r"\buse\s+([^;]+);", text, re.S):
            tree = re.sub(r"\s+", "", u.group(1))
            head, _, rest = tree.partition("{")
            if rest:
                for part in rest.rstrip("}").split(","):
                    paths.append(head + part)
            else:
                paths.append(tree)
        paths += re.findall(r"\b(?:crate::core|super)(?:::\w+)+", text)
        here = m if os.path.basename(f) == "mod.rs" else m[:-1]
        for p in paths:
            parts = p.split("::")
            if parts[:2] == ["crate", "core"]:
                target = parts[2:]
            elif parts[0] in ("super", "self"):
                base = list(here)
                while parts and parts[0] in ("super", "self"):
                    if parts[0] == "super":
                        base = base[:-1]
                    parts = parts[1:]
                target = base + parts
            else:
                continue
            # The longest prefix that is a file of core.
            for n in range(len(target), 0, -1):
                t = tuple(target[:n])
                if t in mods:
                    if t != m and not (os.path.basename(mods[t]) == "mod.rs" and m[: len(t)] == t):
                        edges[m].add(t)
                    break
    return mods, edges


def cycles(edges):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
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

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def size_and_test_placement():
    problems = []
    for f in rust_files(SRC):
        rel = os.path.relpath(f, ROOT)
        lines = open(f, encoding="utf-8").read().split("\n")
        if os.path.basename(f) == "tests.rs":
            if len(lines) > LIMIT:
                problems.append(f"{rel}: {len(lines)} lines (a tests.rs counts whole; limit {LIMIT})")
            continue
        first = next((i for i, l in enumerate(lines) if l.strip() == "#[cfg(test)]" and not l.startswith(" ")), None)
        code = lines if first is None else lines[:first]
        while code and not code[-1].strip():
            code.pop()
        if len(code) > LIMIT:
            problems.append(f"{rel}: {len(code)} lines before its tests (limit {LIMIT})")
        if first is None:
            continue
        depth, prev = 0, ""
        for i in range(first, len(lines)):
            line = lines[i]
            if depth == 0 and ITEM.match(line) and prev.strip() != "#[cfg(test)]":
                problems.append(f"{rel}:{i + 1}: code after a test module (tests go at the end)")
                break
            code_part = re.sub(r'"(\\.|[^"\\])*"|//.*', "", line)
            depth += code_part.count("{") - code_part.count("}")
            if line.strip():
                prev = line
    return problems


def main():
    mods, edges = core_graph()
    problems = []
    for comp in cycles(edges):
        names = ", ".join("::".join(c) for c in comp)
        problems.append(f"import cycle in src/core among: {names}")
    problems += size_and_test_placement()
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"layout: {len(mods)} core files, no import cycle; every src file within {LIMIT} lines, tests at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
