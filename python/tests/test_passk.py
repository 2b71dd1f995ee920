"""The Python package against independent values (exact integers by math.comb and Fraction),
and against the command line on the real files: the same document, byte for byte. The
command line's documents are written by `./dev test` before pytest runs
(`tests/cli_documents.tsv`): these tests run no program."""

import json
import math
import os
import random
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import passk

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "assets" / "examples"
# Where `./dev test` wrote the command line's documents (cli_documents.tsv).
CLI_OUT = Path(os.environ.get("PASSK_CLI_OUT", str(ROOT / "target" / "cli-documents")))


def exact(n, c, k):
    return 1 - Fraction(math.comb(n - c, k), math.comb(n, k))


def test_hand_value_and_exact_integers():
    assert passk.pass_at_k([10], [3], 5)[0] == 1 - 21 / 252
    rng = random.Random(55)
    n = [rng.randint(1, 300) for _ in range(2000)]
    c = [rng.randint(0, x) for x in n]
    for k in (1, 2, 5, 10, 50):
        got = passk.pass_at_k([x for x in n if x >= k], [y for x, y in zip(n, c) if x >= k], k)
        want = [float(exact(x, y, k)) for x, y in zip(n, c) if x >= k]
        assert np.allclose(got, want, rtol=1e-12, atol=0), k
    hat = passk.pass_hat_k([10, 20], [3, 20], 2)
    assert abs(hat[0] - 3 / 45) < 1e-15 and hat[1] == 1.0


def test_k_beyond_n_is_nan_with_a_warning_never_one():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        v = passk.pass_at_k(np.array([4, 10]), np.array([4, 3]), 5)
    assert np.isnan(v[0]) and not np.isnan(v[1])
    assert any("k is more than n (k = 5: 1 task(s))" in str(x.message) for x in w)
    # Several budgets: one column each, the same numbers.
    with pytest.warns(UserWarning, match=r"k = 20: 2 task\(s\)"):
        t = passk.pass_at_k([10, 20, 10], [3, 0, 3], [1, 5, 20])
    assert t.shape == (3, 3) and np.isnan(t[0, 2]) and t[1, 2] == 0.0
    assert t[0, 1] == passk.pass_at_k([10], [3], 5)[0] and np.array_equal(t[0], t[2], equal_nan=True)


def test_refusals_name_the_task():
    with pytest.raises(passk.PasskError, match="task 1: c > n"):
        passk.pass_at_k([5, 3], [1, 4], 1)
    with pytest.raises(passk.PasskError, match="differ in length"):
        passk.pass_at_k([5], [1, 2], 1)
    with pytest.raises(passk.PasskError, match="unknown format"):
        passk.read(b"10 3\n", format="nope")
    with pytest.raises(passk.PasskError, match="no-such-file"):
        passk.report("no-such-file.jsonl")


@pytest.mark.parametrize(
    "call, message",
    [
        # What the page and the command line refuse as "must be a whole number", here too.
        (lambda: passk.pass_at_k([10.5], [3], 5), r"^n\[0\] = 10\.5: must be a whole number$"),
        (lambda: passk.pass_at_k([10, 10], [3, 3.5], 5), r"^c\[1\] = 3\.5: must be a whole number$"),
        (lambda: passk.pass_at_k([10], [3], 2.5), r"^k\[0\] = 2\.5: must be a whole number$"),
        (lambda: passk.pass_at_k([10], [3], [1, 2.5]), r"^k\[1\] = 2\.5: must be a whole number$"),
        (lambda: passk.pass_at_k([np.nan, 10], [3, 3], 1), r"^n\[0\] = nan: is not a number$"),
        (lambda: passk.pass_at_k([10, np.inf], [3, 3], 1), r"^n\[1\] = inf: is not finite$"),
        (lambda: passk.pass_at_k([10, -3], [3, 0], 1), r"^n\[1\] = -3: must not be negative$"),
        (lambda: passk.pass_hat_k([10], [-1], 1), r"^c\[0\] = -1: must not be negative$"),
        (lambda: passk.pass_at_k([10], [3], 0), r"^k\[0\] = 0: must be at least 1$"),
        (lambda: passk.pass_at_k([10], [11], 1), r"^task 0: c > n: 11 passing out of only 10 samples$"),
        (lambda: passk.pass_at_k([[10, 10]], [[3, 3]], 1), r"^n: a one-dimensional array is needed, not one of shape \(1, 2\)$"),
        (lambda: passk.pass_at_k([[10], [10, 3]], [3, 3], 1), r"^n: not a one-dimensional array of numbers"),
        (lambda: passk.pass_at_k(["10"], [3], 1), r"^n: not numbers \(dtype <U2\)$"),
        (lambda: passk.report({"A": ([10.5, 10], [3, 1])}), r"^series 'A': n\[0\] = 10\.5: must be a whole number$"),
    ],
)
def test_every_refusal_names_the_argument_and_index(call, message):
    with pytest.raises(passk.PasskError, match=message):
        call()


def test_whole_floats_are_counts():
    # A float array of whole numbers (as pandas gives a column with a NaN filled) is read.
    got = passk.pass_at_k(np.array([10.0, 20.0]), np.array([3.0, 0.0]), [1, 5])
    assert np.array_equal(got, passk.pass_at_k([10, 20], [3, 0], [1, 5]))


def test_a_file_with_nothing_to_read_is_refused_with_the_readers_reason(tmp_path):
    noise = tmp_path / "noise.bin"
    noise.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(passk.PasskError, match=r"noise\.bin was not added: no row could be read — not text"):
        passk.report(str(noise))
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(passk.PasskError, match=r"empty\.txt is empty: nothing was added\."):
        passk.compare(str(empty))


def test_rejected_rows_warn_with_the_files_lines_and_the_frames_row_labels(tmp_path):
    pd = pytest.importorskip("pandas")
    f = tmp_path / "mixed.txt"
    f.write_text("10 3\n10 11\n12 4\n")
    with pytest.warns(passk.PasskWarning, match=r"mixed\.txt:2: c > n: 11 passing out of only 10 samples"):
        doc = passk.report(str(f), k=[1], forecast=False)
    assert doc.models[0]["tasks"] == 2
    df = pd.DataFrame({"model": ["A", "A", "A"], "task": [1, 2, 3], "n": [10, 10.5, 12], "c": [3, 1, 4]}, index=["x", "y", "z"])
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        doc = passk.report(df, k=[1], forecast=False)
    said = [str(x.message) for x in w if issubclass(x.category, passk.PasskWarning)]
    assert said == ["DataFrame row 'y': n: must be a whole number"], said
    assert not any("tmp" in s or ".csv" in s for s in said)
    assert doc.models[0]["tasks"] == 2
    # A frame with no valid row: an error with the reader's reason and the row's label.
    bad = pd.DataFrame({"model": ["A"], "task": [1], "n": [10], "c": [11]}, index=[7])
    with pytest.raises(passk.PasskError, match=r"^DataFrame was not added: no row could be read — row 7: c > n"):
        passk.report(bad)


def test_a_frame_of_samples_is_read_per_task():
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(7)
    rates = rng.uniform(0, 1, 20)
    rows = [("m", t, bool(rng.uniform() < rates[t])) for t in range(20) for _ in range(10)]
    df = pd.DataFrame(rows, columns=["model", "task", "passed"])
    doc = passk.report(df, k=[1], forecast=False)
    m = doc.models[0]
    assert (m["name"], m["tasks"], m["samples"]) == ("m", 20, 200)
    want = df.groupby("task")["passed"].mean().mean()
    assert m["pass_at_k"][0]["combinatorial"] == pytest.approx(want, rel=1e-14)
    # A score column of 0/1 reads the same.
    scored = df.rename(columns={"passed": "score"}).astype({"score": int})
    assert passk.report(scored, k=[1], forecast=False).models[0]["pass_at_k"] == m["pass_at_k"]


def test_one_shape_lists_and_every_document_in_to_pandas():
    pd = pytest.importorskip("pandas")
    paths = [str(EXAMPLES / "deepscaler_base.jsonl"), str(EXAMPLES / "deepscaler_rl.jsonl")]
    # A list of inputs is several inputs.
    assert passk.report(paths, k=[1], forecast=False) == passk.report(*paths, k=[1], forecast=False)
    # plan: a list, one plan per series, also for one.
    one = passk.plan(paths[0], k=8, half_width=0.01)
    two = passk.plan(paths, k=8, half_width=0.01)
    assert isinstance(one, list) and len(one) == 1 and len(two) == 2
    assert one[0] == two[0]
    assert list(passk.to_pandas(two)["series"]) == ["deepscaler_base", "deepscaler_rl"]
    cmp = passk.compare(paths, k=[1, 10])
    t = passk.to_pandas(cmp)
    assert len(t) == 2 and {"a", "b", "k", "p"} <= set(t.columns)
    assert len(passk.to_pandas(cmp, "crossovers")) == 1
    with pytest.raises(passk.PasskError, match="a comparison has no table 'pass_at_k': one of comparisons, crossovers, ranks"):
        passk.to_pandas(cmp, "pass_at_k")
    nxt = passk.plan(paths, next=True, k=10)
    assert list(passk.to_pandas(nxt)["rank"]) == [1, 2]
    with pytest.raises(passk.PasskError, match="to_pandas takes a Report"):
        passk.to_pandas({"x": 1})
    assert passk.__version__ == "0.1.0"


def test_to_pandas_reads_every_report_table_of_the_registry():
    pytest.importorskip("pandas")
    doc = passk.report(str(EXAMPLES / "deepscaler_base.jsonl"), k=[1, 10], forecast=False)
    # The tables as the report has them (from the crates' metric registry), in order.
    assert passk._passk.report_tables() == [
        "pass_at_k", "pass_hat_k", "cover", "g_pass_at_k", "mg_pass_at_k", "maj_strict_at_k",
        "auc_at_k", "geom_at_k", "geom_ds_at_k", "geo_spectrum_at_k", "tailpass", "max_reward_at_k",
        "maj_at_k", "bon_at_k", "max_at_k", "rejected"]
    auc = passk.to_pandas(doc, "auc_at_k")
    assert list(auc["k"]) == [1, 10]
    assert list(auc["value"]) == [r["value"] for r in doc.models[0]["auc_at_k"]]
    with pytest.raises(passk.PasskError, match="a report has no table 'nope': one of pass_at_k, pass_hat_k"):
        passk.to_pandas(doc, "nope")


def test_max_at_k_of_rewards_is_a_table_and_pass_at_k_on_a_binary_rubric():
    pytest.importorskip("pandas")
    doc = passk.report(str(EXAMPLES / "deepscaler_base.jsonl"), k=[1, 10], forecast=False, rubric=[0, 1])
    m = passk.to_pandas(doc, "max_reward_at_k")
    assert list(m["k"]) == [1, 10]
    unbiased = [r["combinatorial"] for r in doc.models[0]["pass_at_k"]]
    assert all(abs(a - b) < 1e-12 for a, b in zip(m["value"], unbiased)), (list(m["value"]), unbiased)
    assert {"interval.lo", "interval.hi"} <= set(m.columns)


def test_read_lists_rejected_rows():
    r = passk.read(b"10 3\n10 x\n12 4\n", name="mine.txt")
    assert r.file == "mine.txt" and r.format == "counts"
    [s] = r.series
    assert s.name == "mine" and list(s.n) == [10, 12] and list(s.c) == [3, 4]
    assert len(r.rejected) == 1 and r.rejected[0]["line"] == 2
    assert r.to_dict()["series"][0]["tasks"][1] == {"n": 12, "c": 4} and s.ids == [None, None]


def cli(name):
    """The command line's output `name` of cli_documents.tsv, as `./dev test` wrote it."""
    path = CLI_OUT / f"{name}.out"
    assert path.exists(), f"{path}: run the tests with ./dev test (it writes the command line's documents first)"
    return path.read_text()


@pytest.mark.parametrize("series", ["ds", "pythia"])
def test_report_compare_plan_are_the_command_lines(series):
    paths = {
        "ds": [str(EXAMPLES / "deepscaler_base.jsonl"), str(EXAMPLES / "deepscaler_rl.jsonl")],
        "pythia": [str(EXAMPLES / "pythia_math_n10000.csv")],
    }[series]
    assert passk.report(*paths, k=[1, 10, 100], forecast=False).to_dict() == json.loads(cli(f"{series}-report-k"))
    assert passk.report(*paths).to_dict() == json.loads(cli(f"{series}-report"))
    assert passk.compare(*paths, k=[1, 100]).to_dict() == json.loads(cli(f"{series}-compare-k"))
    # The page's sentence, the same in every door (issue 68): the first paragraph of --format md.
    assert passk.compare(*paths).sentence == cli(f"{series}-compare-md").split("\n\n")[0]
    assert passk.plan(*paths, next=True, k=100).to_dict() == json.loads(cli(f"{series}-next"))
    # Every ranking method (issue 71): the document and the verdict, as `passk rank`.
    ranked = passk.rank(*paths, bootstrap=20)
    assert ranked.to_dict() == json.loads(cli(f"{series}-rank"))
    assert ranked.sentence == cli(f"{series}-rank-md").split("\n\n")[0]
    assert passk.rank(*paths, method="borda,bradley_terry", bootstrap=20).agreeing == ["borda", "bradley_terry"]
    if series == "ds":
        # The tasks that separate a pair a reader names.
        separated = passk.rank(*paths, method="borda,rasch", bootstrap=5, separate="deepscaler_rl,deepscaler_base")
        assert separated.to_dict() == json.loads(cli("ds-rank-separate"))
        assert (separated.items["pair"], separated.items["chosen"]) == ([1, 0], True)
    plans = json.loads(cli(f"{series}-plan"))
    got = [p.to_dict() for p in passk.plan(*paths, k=8, half_width=0.01)]
    assert got == (plans if isinstance(plans, list) else [plans])


def test_typed_keywords_are_the_flags():
    """Every kind of keyword (lists, pairs, a level, whole numbers, a range, thresholds) gives
    the document the flags give."""
    doc = passk.report(
        str(EXAMPLES / "deepscaler_base.jsonl"), k=[16, 1, 4, 4], tau=[0.5, 0.15], g_tau=0.5,
        confidence=0.9, prior=(0.5, 0.5), linmix=[5, 40], bootstrap=50, seed=3, folds=4,
        reach=0.9, power_range=(2, 64), rubric=[0, 1], threads=None,
    )
    assert doc.to_dict() == json.loads(cli("ds-report-settings"))
    assert doc.k == [1, 4, 16] and doc.settings["confidence"] == 0.9


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda p: passk.report(p, confidence=1.5), r"^confidence=1\.5: must lie strictly between 0 and 1$"),
        (lambda p: passk.report(p, k=[1, 2.5]), r"^k\[1\] = 2\.5: must be a whole number$"),
        (lambda p: passk.report(p, k=0), r"^k=0: k must be at least 1$"),
        (lambda p: passk.report(p, k=[]), r"^k=\[\]: give at least one budget$"),
        (lambda p: passk.report(p, bootstrap=10_001), r"^bootstrap=10001: at most 10,000 resamples$"),
        (lambda p: passk.report(p, seed=-1), r"^seed=-1: must not be negative$"),
        (lambda p: passk.report(p, folds=1), r"^folds=1: needs at least 2$"),
        (lambda p: passk.report(p, prior=(0, 1)), r"^prior=\(0, 1\): both must be > 0$"),
        (lambda p: passk.report(p, linmix=[1, 2, 3]), r"^linmix=\[1, 2, 3\]: two numbers are needed"),
        (lambda p: passk.report(p, tau=[0.5, 1.5]), r"^tau=\[0\.5, 1\.5\]: "),
        (lambda p: passk.report(p, reach=[0.9, 1.0]), r"^reach=\[0\.9, 1\.0\]: a target of pass@k lies between 0 and 1"),
        (lambda p: passk.report(p, power_range=(5, 5)), r"^power_range=\(5, 5\): the range runs from 1 or more to a larger k$"),
        (lambda p: passk.report(p, forecast="no"), r"^forecast='no': takes True or False$"),
        (lambda p: passk.report(p, errors="ignore"), r"^errors='ignore': one of failures, exclude, apart$"),
        (lambda p: passk.report(p, format="md"), r"^format='md': one of auto, "),
        (lambda p: passk.report(p, rubric_prior=[1, 1]), r"^rubric_prior needs rubric$"),
        (lambda p: passk.report(p, backtest=True, backtest_repeats=0), r"^backtest_repeats=0: needs at least 1$"),
        (lambda p: passk.report(p, threads=0), r"^threads=0: needs at least 1$"),
        (lambda p: passk.report(p, half_width=0.01), r"^report: unknown keyword 'half_width': one of k, reach, "),
        (lambda p: passk.compare(p, pairs="some"), r"^pairs='some': 'some' is not all or first$"),
        (lambda p: passk.plan(p, k=8, half_width=1.0), r"^half_width=1\.0: must lie strictly between 0 and 1"),
        (lambda p: passk.plan(p, k=8, half_width="1%"), r"^half_width='1%': not a number"),
    ],
)
def test_every_keyword_refusal_is_the_flags_reason(call, message):
    with pytest.raises(passk.PasskError, match=message):
        call(str(EXAMPLES / "deepscaler_base.jsonl"))


def test_documents_are_typed_objects_with_their_tables():
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    doc = passk.report(str(EXAMPLES / "deepscaler_base.jsonl"), k=[1, 10], forecast=False)
    assert isinstance(doc, passk.Report) and doc.schema == "passk-report/2"
    # to_dict is a copy: changing it leaves the document as it was.
    d = doc.to_dict()
    d["models"].clear()
    assert len(doc.models) == 1
    a, b = doc.to_pandas("pass_at_k"), doc.to_polars("pass_at_k")
    assert list(a.columns) == b.columns and list(a["combinatorial"]) == b["combinatorial"].to_list()
    assert isinstance(a, pd.DataFrame) and isinstance(b, pl.DataFrame)


def counts(path):
    """A file's first series as (n, c) arrays, as `read` gives them."""
    s = passk.read(path).series[0]
    return s.n, s.c


def test_the_closed_form_equals_the_report():
    path = str(EXAMPLES / "deepscaler_base.jsonl")
    n, c = counts(path)
    doc = passk.report(path, k=[1, 10, 100], forecast=False)
    for row in doc.models[0]["pass_at_k"]:
        assert passk.pass_at_k(n, c, row["k"]).mean() == pytest.approx(row["combinatorial"], rel=1e-14)


def test_the_estimators_are_the_reports_columns():
    path = str(EXAMPLES / "deepscaler_rl.jsonl")
    n, c = counts(path)
    doc = passk.report(path, k=[1, 10, 1000], forecast=False)
    for row in doc.models[0]["pass_at_k"]:
        for est in ("naive", "bb", "zoibb"):
            got = passk.pass_at_k(n, c, row["k"], estimator=est)
            # The fits reach beyond n = 128 (k = 1000): no NaN, no warning.
            assert not np.isnan(got).any()
            assert got.mean() == pytest.approx(row[est], rel=1e-12), (est, row["k"])
    for row in doc.models[0]["pass_hat_k"]:
        got = passk.pass_hat_k(n, c, row["k"], estimator="bb").mean()
        assert got == pytest.approx(row["bb"], rel=1e-12), row["k"]
    with pytest.raises(passk.PasskError, match="unknown estimator 'linmix'"):
        passk.pass_at_k(n, c, 1, estimator="linmix")


def test_dataframes_and_count_arrays_are_read_as_their_csv():
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    path = EXAMPLES / "pythia_math_n10000.csv"
    want = passk.report(str(path), k=[1, 100], forecast=False).models
    assert passk.report(pd.read_csv(path), k=[1, 100], forecast=False).models == want
    assert passk.report(pl.read_csv(path), k=[1, 100], forecast=False).models == want
    # {series: (n, c)}: the same counts, so the same numbers (the series named by the keys).
    arrays = {"base": counts(str(EXAMPLES / "deepscaler_base.jsonl"))}
    got = passk.report(arrays, k=[1, 10], forecast=False).models[0]
    ref = passk.report(str(EXAMPLES / "deepscaler_base.jsonl"), k=[1, 10], forecast=False).models[0]
    assert got["name"] == "base" and got["pass_at_k"] == ref["pass_at_k"]
    with pytest.raises(passk.PasskError, match="input 1 is a list"):
        passk.report([1, 2])
    with pytest.raises(passk.PasskError, match="input 1 is a int"):
        passk.report(3)


def test_frames_are_read_from_their_columns_as_their_csv_would_be(tmp_path):
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    # Nullable integers with a missing value, an object column of bools, categories.
    df = pd.DataFrame({
        "model": pd.Categorical(["A", "A", "B", "B", "B"]),
        "task": ["t1", "t2", "t1", "t2", "t3"],
        "n": pd.array([10, None, 12, 12, 12], dtype="Int64"),
        "c": [3, 1, 4, 13, 0],
    })
    path = tmp_path / "frame.csv"
    df.to_csv(path, index=False)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        got = passk.report(df, k=[1, 5], forecast=False).models
        got_pl = passk.report(pl.DataFrame({
            "model": ["A", "A", "B", "B", "B"], "task": ["t1", "t2", "t1", "t2", "t3"],
            "n": [10, None, 12, 12, 12], "c": [3, 1, 4, 13, 0],
        }), k=[1, 5], forecast=False).models
        want = passk.report(str(path), k=[1, 5], forecast=False).models
    said = [str(x.message) for x in w if issubclass(x.category, passk.PasskWarning)]
    for m in want:  # (the file's rows name the file; the frame's, the name it is read as)
        m["rejected"] = [{**r, "file": "data.csv"} for r in m["rejected"]]
    assert got == want == got_pl
    # The same two rows rejected, named by the frame's row labels, as the file names its lines.
    assert said == [
        "DataFrame row 1: n: a number is required",
        "DataFrame row 3: c > n: 13 passing out of only 12 samples",
    ] * 2 + [
        f"{path}:3: n: a number is required",
        f"{path}:5: c > n: 13 passing out of only 12 samples",
    ], said
    samples = pl.DataFrame({"model": ["m"] * 4, "task": [1, 1, 2, 2], "passed": [True, False, None, True]})
    with pytest.warns(passk.PasskWarning, match=r"^DataFrame row 2: ") as w:
        doc = passk.report(samples, k=[1], forecast=False)
    assert doc.models[0]["samples"] == 3, [str(x.message) for x in w]
