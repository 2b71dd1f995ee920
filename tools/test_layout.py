#!/usr/bin/env python3
"""Self-test of tools/layout.py: `python3 tools/test_layout.py` (exit status 0 when all pass).

Each test writes a throwaway workspace into a temporary directory, runs layout.py on it as
./dev lint does (a separate process, the workspace as its ROOT argument) and checks its exit
status and output. A few tests call the parser directly.
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
LAYOUT = os.path.join(HERE, "layout.py")
sys.path.insert(0, HERE)
import layout  # noqa: E402

MANIFEST = '[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2021"\n'


def lines(n, prefix="pub fn f{i}() {{}}"):
    """n lines of code."""
    return "".join(prefix.format(i=i) + "\n" for i in range(n))


class Workspace:
    """A temporary workspace: `files` maps paths to contents (dedented); every directory
    with a src/ directory gets a Cargo.toml."""

    def __init__(self, files):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        crates = {""}
        for path, text in files.items():
            full = os.path.join(self.root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(textwrap.dedent(text).lstrip("\n"))
            if "/src/" in "/" + path:
                crates.add(("/" + path).split("/src/")[0].lstrip("/"))
        for c in crates:
            manifest = os.path.join(self.root, c, "Cargo.toml")
            if not os.path.exists(manifest):
                with open(manifest, "w") as f:
                    f.write(MANIFEST.format(name=os.path.basename(c) or "root"))

    def run(self, *args):
        p = subprocess.run([sys.executable, LAYOUT, *args, self.root],
                           capture_output=True, text=True)
        return p.returncode, p.stdout

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.tmp.cleanup()


def cycles(out):
    """The file sets of the cycles in layout.py's output."""
    found = []
    for line in out.splitlines():
        if line.startswith("import cycle"):
            found.append(set(line.rsplit("(files: ", 1)[1].rstrip(")").split(", ")))
    return found


class Cycles(unittest.TestCase):
    def check(self, files, expected, *args):
        with Workspace(files) as ws:
            code, out = ws.run(*args)
            self.assertEqual(cycles(out), expected, out)
            if expected:
                self.assertEqual(code, 1, out)
            return code, out

    def test_sibling_cycle_through_super(self):
        # The old script resolved `super::` in a/b.rs to the crate root and missed this.
        self.check({
            "src/lib.rs": "pub mod a;\n",
            "src/a/mod.rs": "pub mod b;\npub mod c;\n",
            "src/a/b.rs": "use super::c::C;\npub struct B(pub C);\n",
            "src/a/c.rs": "use super::b::B;\npub struct C;\npub fn f(_: B) {}\n",
        }, [{"src/a/b.rs", "src/a/c.rs"}])

    def test_cycle_through_crate_paths_in_nested_groups(self):
        self.check({
            "src/lib.rs": "pub mod a;\npub mod e;\n",
            "src/a/mod.rs": "pub mod b;\npub mod c;\n",
            "src/a/b.rs": "pub struct B;\n",
            "src/a/c.rs": "use crate::e::E;\npub struct D(E);\n",
            "src/e.rs": """
                use crate::{
                    a::{b::B, c::D},
                    e as _,
                };
                pub struct E;
                pub fn g(_: B, _: D) {}
            """,
        }, [{"src/a/c.rs", "src/e.rs"}])

    def test_three_file_cycle(self):
        _, out = self.check({
            "src/lib.rs": "mod x;\nmod y;\nmod z;\n",
            "src/x.rs": "pub fn x() { crate::y::y() }\n",
            "src/y.rs": "pub fn y() { super::z::z() }\n",
            "src/z.rs": "#[cfg(feature = \"on\")]\nuse crate::x::x;\npub fn z() {}\n",
        }, [{"src/x.rs", "src/y.rs", "src/z.rs"}])
        self.assertIn("src/x.rs:1 -> src/y.rs:1 -> src/z.rs:2 -> src/x.rs", out)

    def test_cycle_in_a_member_crate(self):
        self.check({
            "src/lib.rs": "pub mod page;\n",
            "src/page.rs": "pub fn page() {}\n",
            "crates/core/src/lib.rs": "pub mod p;\npub mod q;\n",
            "crates/core/src/p.rs": "use crate::q;\npub fn p() { q::q() }\n",
            "crates/core/src/q.rs": "pub fn q() { crate::p::p() }\n",
            "crates/core/tests/t.rs": "use core::p;\n",
        }, [{"crates/core/src/p.rs", "crates/core/src/q.rs"}])

    def test_cycle_in_a_binary(self):
        self.check({
            "src/lib.rs": "pub fn lib() {}\n",
            "src/bin/tool/main.rs": "mod a;\nmod b;\nfn main() {}\n",
            "src/bin/tool/a.rs": "use super::b::B;\npub struct A(B);\n",
            "src/bin/tool/b.rs": "pub struct B;\nfn f(_: super::a::A) {}\n",
        }, [{"src/bin/tool/a.rs", "src/bin/tool/b.rs"}])

    def test_a_file_no_mod_reaches_is_placed_by_its_path(self):
        # rustc skips src/b.rs; house.py counts it, and so does layout.py.
        self.check({
            "src/lib.rs": "mod a;\n",
            "src/a.rs": "use crate::b::B;\npub struct A(B);\n",
            "src/b.rs": "pub struct B;\nfn f(_: crate::a::A) {}\n",
        }, [{"src/a.rs", "src/b.rs"}])

    def test_clean_layering(self):
        code, out = self.check({
            "src/lib.rs": "pub mod a;\npub mod low;\npub use a::{Api, b::B};\n",
            "src/main.rs": "mod cli;\nfn main() { cli::run() }\n",
            "src/cli.rs": "pub fn run() { root::a::b::f(); }\n",
            "src/low.rs": "pub struct Low;\n",
            # A face (nothing but `mod` and `use`) naming its children, children using it.
            "src/a/mod.rs": """
                //! The face.
                pub mod b;
                mod c;
                pub(crate) mod helper;
                #[doc(inline)]
                pub use self::c::Api;
                pub use super::low::Low;
            """,
            "src/a/helper.rs": "pub(crate) fn helper() {}\n",
            # A file with code naming its own child (a leaf) by its bare name.
            "src/a/b.rs": "pub mod deep;\npub use deep::deep;\nuse super::helper::helper;\n"
                          "use crate::low::Low;\npub struct B(Low);\npub fn f() { helper() }\n",
            "src/a/c.rs": "use super::b::{self, B};\npub struct Api(B);\nfn g() { b::f() }\n",
            "src/a/b/deep.rs": "pub fn deep() { let _ = crate::low::Low; }\n",
        }, [])
        self.assertEqual(code, 0, out)
        self.assertTrue(out.startswith("layout: 1 crates, 2 targets, 9 files"), out)

    def test_a_folder_face_with_code_is_a_file_like_any_other(self):
        # The cycle issue 52 found: a mod.rs holding code its children use, naming them.
        self.check({
            "src/lib.rs": "pub mod a;\n",
            "src/a/mod.rs": "pub mod b;\npub mod c;\npub fn too_many() {}\n"
                            "pub fn g() { self::c::h() }\n",
            "src/a/b.rs": "pub fn f() { super::too_many() }\n",
            "src/a/c.rs": "pub fn h() { super::b::f() }\n",
        }, [{"src/a/mod.rs", "src/a/b.rs", "src/a/c.rs"}])

    def test_a_child_named_bare_from_a_file_with_code_is_an_edge(self):
        self.check({
            "src/lib.rs": "pub mod a;\n",
            "src/main.rs": "mod cli;\npub struct Args;\nfn main() { cli::run() }\n",
            "src/cli.rs": "pub fn run() -> crate::Args { crate::Args }\n",
            "src/a.rs": "mod x;\npub struct T;\npub fn f() { let _ = x::X; }\n",
            "src/a/x.rs": "pub struct X(super::T);\n",
        }, [{"src/a.rs", "src/a/x.rs"}, {"src/main.rs", "src/cli.rs"}])

    def test_paths_in_comments_and_strings_are_ignored(self):
        code, out = self.check({
            "src/lib.rs": "mod a;\nmod b;\n",
            "src/a.rs": "use crate::b::B;\npub struct A(B);\n",
            "src/b.rs": r'''
                //! ```
                //! [crate::a::A] in a code block
                //! ```
                // use crate::a::A;
                /* crate::a::A /* nested */ super::a::A */
                /// Not a link: crate::a::A, nor `super::a::A`.
                pub struct B;
                const S: &str = "crate::a::A";
                const R: &str = r#"use super::a::A;"#;
                const C: char = '"';
                const T: &str = "}";
                pub fn f<'a>(x: &'a str) -> &'a str { let _ = ('{', b'}'); x }
            ''',
        }, [])
        self.assertEqual(code, 0, out)

    def test_intra_doc_links_and_attribute_paths_count(self):
        files = {
            "src/lib.rs": "mod a;\nmod b;\nmod c;\n",
            "src/a.rs": "use crate::b::B;\npub struct A(B);\n",
            "src/b.rs": "/// Made into an [`A`](super::a::A).\npub struct B;\n",
            "src/c.rs": '#[derive(serde::Serialize)]\npub struct C {\n'
                        '    #[serde(with = "super::a")]\n    x: u8,\n}\n',
        }
        _, out = self.check(files, [{"src/a.rs", "src/b.rs"}])
        self.assertIn("src/b.rs:1 (doc link)", out)
        self.check(files, [], "--code-only")
        mod = layout.scan('#[serde(with = "super::wire")]\nstruct S;\n')
        self.assertEqual([p.segs for p in mod.refs], [("super", "wire")])

    def test_tests_are_left_out(self):
        self.check({
            "src/lib.rs": "mod a;\nmod b;\n",
            "src/a.rs": "use crate::b::B;\npub struct A(B);\n",
            "src/b.rs": """
                pub struct B;
                #[cfg(test)]
                use crate::a::A;
                #[cfg(test)]
                mod tests {
                    use super::super::a::A;
                    #[test]
                    fn t() { let _ = crate::a::A(super::B); }
                }
            """,
        }, [])

    def test_inline_modules_add_a_level(self):
        self.check({
            "src/lib.rs": "mod a;\nmod b;\n",
            "src/a.rs": "use crate::b::B;\npub struct A(B);\n",
            # super:: inside `mod inner` is b, so super::a is b's own inline a, not a.rs.
            "src/b.rs": "pub struct B;\nmod a {\n    pub struct Local;\n}\n"
                        "mod inner {\n    use super::a::Local;\n}\n",
        }, [])


class Sizes(unittest.TestCase):
    def run_on(self, files):
        with Workspace(files) as ws:
            return ws.run()

    def test_a_401_line_file_fails(self):
        code, out = self.run_on({"src/lib.rs": "mod big;\n", "src/big.rs": lines(401)})
        self.assertEqual(code, 1)
        self.assertIn("src/big.rs: 401 lines", out)

    def test_a_400_line_file_passes(self):
        code, out = self.run_on({"src/lib.rs": "mod big;\n", "src/big.rs": lines(400)})
        self.assertEqual(code, 0, out)

    def test_trailing_test_module_does_not_count(self):
        tests = "#[cfg(test)]\nmod tests {\n" + lines(197, "    fn t{i}() {{}}") + "}\n"
        text = lines(300) + "\n" + tests
        code, out = self.run_on({"src/lib.rs": "mod big;\n", "src/big.rs": text})
        self.assertEqual(code, 0, out)
        self.assertEqual(len(text.splitlines()), 501)
        self.assertEqual(layout.counted_lines(text, layout.scan(text), False), 302)

    def test_a_file_two_targets_compile_is_measured_once(self):
        code, out = self.run_on({"src/lib.rs": "mod big;\n",
                                 "src/main.rs": "mod big;\nfn main() {}\n",
                                 "src/big.rs": lines(401)})
        self.assertEqual(out.splitlines(),
                         ["src/big.rs: 401 lines (limit 400; not counting its tests)"])

    def test_a_test_modules_file_counts_whole(self):
        code, out = self.run_on({
            "src/lib.rs": "mod a;\n",
            "src/a.rs": "pub fn a() {}\n#[cfg(test)]\nmod checks;\n",
            "src/a/checks.rs": lines(401, "fn t{i}() {{}}"),
        })
        self.assertEqual(code, 1)
        self.assertIn("src/a/checks.rs: 401 lines (limit 400; a test module's file counts whole)",
                      out)

    def test_code_after_tests_fails(self):
        code, out = self.run_on({
            "src/lib.rs": "mod a;\n",
            "src/a.rs": "pub fn a() {}\n\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n\n"
                        "/// Late.\n#[inline]\npub fn late() {}\n",
        })
        self.assertEqual(code, 1)
        self.assertIn("src/a.rs:9: code after a test module (tests go at the end)", out)

    def test_several_test_items_at_the_end_pass(self):
        code, out = self.run_on({
            "src/lib.rs": "mod a;\n",
            "src/a.rs": "pub fn a() {}\n#[cfg(test)]\nuse std::fmt;\n#[cfg(test)]\n"
                        "#[allow(dead_code)]\nmod tests {\n    const X: char = '}';\n}\n",
        })
        self.assertEqual(code, 0, out)


class Layers(unittest.TestCase):
    """Rule (e): a library's declared layer order."""

    def run_on(self, files):
        with Workspace(files) as ws:
            return ws.run()

    BASE = {
        "src/lib.rs": "//! Core.\n//!\n//! Layers (checked by tools/layout.py): num par < data < report\n"
                      "pub mod num;\npub mod par;\npub mod data;\npub mod report;\n",
        "src/num/mod.rs": "pub mod gamma;\n",
        "src/num/gamma.rs": "pub fn g() {}\n",
        "src/par.rs": "pub fn p() { crate::num::gamma::g() }\n",
        "src/data.rs": "pub fn d() {}\n",
        "src/report.rs": "use crate::data::d;\npub fn r() { d(); crate::par::p() }\n",
    }

    def test_an_order_kept_passes(self):
        code, out = self.run_on(self.BASE)
        self.assertEqual(code, 0, out)
        self.assertIn("declared layers kept", out)

    def test_a_lower_layer_using_a_later_one_fails(self):
        # The fault planted: num's file naming data's (as num/sample.rs once named estimators).
        code, out = self.run_on({**self.BASE, "src/num/gamma.rs": "pub fn g() { crate::data::d() }\n"})
        self.assertEqual(code, 1, out)
        self.assertIn("src/num/gamma.rs:1: `num` uses data of `data`, a later layer", out)

    def test_a_use_declaration_counts_and_a_doc_link_does_not(self):
        code, out = self.run_on({**self.BASE, "src/par.rs": "use crate::data::d;\npub fn p() { d() }\n"})
        self.assertEqual(code, 1, out)
        self.assertIn("src/par.rs:1: `par` uses data of `data`", out)
        code, out = self.run_on({**self.BASE, "src/par.rs": "/// See [`crate::data::d`].\npub fn p() {}\n"})
        self.assertEqual(code, 0, out)

    def test_a_module_in_no_layer_fails(self):
        code, out = self.run_on({**self.BASE, "src/lib.rs": self.BASE["src/lib.rs"] + "pub mod extra;\n",
                                 "src/extra.rs": "pub fn e() {}\n"})
        self.assertEqual(code, 1, out)
        self.assertIn("src/lib.rs:3: top-level module `extra` is in no layer of the line", out)

    def test_tests_may_use_any_layer(self):
        # A test module's own file under num using data, and a test module declared at the root.
        code, out = self.run_on({**self.BASE,
                                 "src/num/mod.rs": "pub mod gamma;\n#[cfg(test)]\nmod tests;\n",
                                 "src/num/tests.rs": "use crate::data::d;\n#[test]\nfn t() { d() }\n",
                                 "src/lib.rs": self.BASE["src/lib.rs"] + "#[cfg(test)]\nmod tests;\n",
                                 "src/tests.rs": "use crate::report::r;\n"})
        self.assertEqual(code, 0, out)

    def test_a_crate_without_the_line_is_not_layered(self):
        lib = "pub mod num;\npub mod par;\npub mod data;\npub mod report;\n"
        code, out = self.run_on({**self.BASE, "src/lib.rs": lib,
                                 "src/num/gamma.rs": "pub fn g() { crate::data::d() }\n"})
        self.assertEqual(code, 0, out)


class Faces(unittest.TestCase):
    """Rule (f): below a declared face, files are not public modules."""

    def run_on(self, files):
        with Workspace(files) as ws:
            return ws.run()

    BASE = {
        "src/lib.rs": "//! Core.\n//!\n//! Faces (checked by tools/layout.py): num::prec\n"
                      "pub mod num;\npub mod par;\n",
        "src/num/mod.rs": "pub(crate) mod gamma;\npub mod prec;\nmod beta;\npub use gamma::g;\n",
        "src/num/gamma.rs": "pub fn g() {}\n",
        "src/num/beta.rs": "pub fn b() {}\n",
        "src/num/prec.rs": "pub const TOL: f64 = 1e-12;\n",
        "src/par.rs": "pub fn p() {}\n",
    }

    def test_files_below_a_face_not_public_pass(self):
        code, out = self.run_on(self.BASE)
        self.assertEqual(code, 0, out)
        self.assertIn("files below faces kept in", out)

    def test_a_public_file_below_a_face_fails(self):
        # The fault planted: a file of num declared `pub mod` (its deep path public again).
        code, out = self.run_on({**self.BASE, "src/num/mod.rs": "pub mod gamma;\npub mod prec;\nmod beta;\n"})
        self.assertEqual(code, 1, out)
        self.assertIn("src/num/mod.rs:1: `pub mod gamma` below a face", out)

    def test_a_crate_without_the_line_is_not_checked(self):
        code, out = self.run_on({**self.BASE, "src/lib.rs": "pub mod num;\npub mod par;\n",
                                 "src/num/mod.rs": "pub mod gamma;\npub mod prec;\nmod beta;\n"})
        self.assertEqual(code, 0, out)


class Reexports(unittest.TestCase):
    def run_on(self, files):
        with Workspace(files) as ws:
            return ws.run()

    BASE = {
        "src/lib.rs": "pub mod x;\npub mod y;\npub mod d;\n",
        "src/x.rs": "pub struct Y;\n",
        "src/d/mod.rs": "pub mod e;\n",
        "src/d/e.rs": "pub struct E;\n",
    }

    def test_leaf_reexport_through_super_fails(self):
        code, out = self.run_on({**self.BASE, "src/y.rs": "pub use super::x::Y;\n"})
        self.assertEqual(code, 1)
        self.assertIn("src/y.rs:1: pub use of super::x::Y in a leaf file", out)

    def test_same_reexport_in_mod_rs_passes(self):
        code, out = self.run_on({**self.BASE, "src/y.rs": "pub fn y() {}\n",
                                 "src/d/mod.rs": "pub mod e;\npub use super::x::Y;\n"})
        self.assertEqual(code, 0, out)

    def test_other_leaf_reexports_fail(self):
        code, out = self.run_on({**self.BASE, "src/y.rs": """
            use super::x;
            pub(crate) use crate::{d::e::E, x::Y as Z};
            pub use x::Y;
            mod inner { pub struct I; }
            pub use self::inner::I;
            pub use std::fmt::Debug;
        """})
        self.assertEqual(code, 1)
        self.assertIn("src/y.rs:2: pub use of crate::d::e::E, crate::x::Y in a leaf", out)
        self.assertIn("src/y.rs:3: pub use of x::Y in a leaf", out)
        self.assertIn("src/y.rs:5: pub use of self::inner::I in a leaf", out)
        self.assertNotIn("std::fmt", out)

    def test_folder_face_reexports_its_children_only(self):
        code, out = self.run_on({**self.BASE,
                                 "src/y.rs": "mod kid;\npub use kid::K;\npub use self::kid::K as K2;\n",
                                 "src/y/kid.rs": "pub struct K;\n"})
        self.assertEqual(code, 0, out)
        code, out = self.run_on({**self.BASE, "src/y.rs": "mod kid;\npub use super::x::Y;\n",
                                 "src/y/kid.rs": "pub struct K;\n"})
        self.assertIn("src/y.rs:2: pub use of super::x::Y in a folder's face", out)


class Parser(unittest.TestCase):
    def uses(self, text):
        return [(p.segs, p.name) for p in layout.scan(text).uses]

    def test_nested_use_tree(self):
        self.assertEqual(self.uses("use crate::{a::{B, c::D}, e};"), [
            (("crate", "a", "B"), "B"), (("crate", "a", "c", "D"), "D"), (("crate", "e"), "e")])

    def test_self_alias_glob_and_extern(self):
        self.assertEqual(self.uses("pub(crate) use super::x::{self as y, *};\nuse ::std::fmt;"), [
            (("super", "x"), "y"), (("super", "x", "*"), None), (("::", "std", "fmt"), "fmt")])

    def test_multi_line_use_with_attributes_and_comments(self):
        text = "#[cfg(feature = \"x\")]\npub use self::{\n    // a::A,\n    b::B, /* c::C */\n};\n"
        self.assertEqual(self.uses(text), [(("self", "b", "B"), "B")])
        self.assertTrue(layout.scan(text).uses[0].public)

    def test_resolution(self):
        self.assertEqual(layout.resolve(("super", "x", "Y"), ("a", "b")), ("a", "x", "Y"))
        self.assertEqual(layout.resolve(("self", "x"), ("a", "b")), ("a", "b", "x"))
        self.assertEqual(layout.resolve(("super", "super", "x"), ("a", "b")), ("x",))
        self.assertEqual(layout.resolve(("crate", "x"), ("a", "b")), ("x",))
        self.assertIsNone(layout.resolve(("super", "super", "x"), ("a",)))
        self.assertIsNone(layout.resolve(("std", "x"), ("a",)))

    def test_doc_links(self):
        self.assertEqual(layout.doc_links(
            "See [`f`](crate::a::f()), [`super::b`], [B][`self::c::B`], [plain], "
            "[`Vec<u8>`], crate::d::e, `super::e`"), [
            ("crate", "a", "f"), ("super", "b"), ("self", "c", "B")])
        self.assertEqual(layout.doc_links(" [label]: struct@crate::x::Y"), [("crate", "x", "Y")])

    def test_inline_paths(self):
        text = "fn f() { crate::a::b::f::<u8>(); $crate::m!(); self.x; Self::y(); }"
        refs = layout.scan(text).refs
        self.assertEqual([p.segs for p in refs], [("crate", "a", "b", "f"), ("crate", "m")])


if __name__ == "__main__":
    unittest.main()
