"""The Python package against independent values (exact integers by math.comb and Fraction),
and against the command line on the real files: the same document, byte for byte."""

import json
import math
import os
import random
import subprocess
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import passk

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "assets" / "examples"
PASSK = os.environ.get("PASSK_BIN", str(ROOT / "target" / "debug" / "passk"))


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


def test_read_lists_rejected_rows():
    r = passk.read(b"10 3\n10 x\n12 4\n", name="mine.txt")
    assert r["file"] == "mine.txt"
    assert sum(len(s[1]) for s in r["series"]) == 2
    assert len(r["rejected"]) == 1 and r["rejected"][0]["line"] == 2


def cli(*args):
    return subprocess.run([PASSK, *args], check=False, capture_output=True, text=True).stdout


@pytest.mark.parametrize(
    "files",
    [["deepscaler_base.jsonl", "deepscaler_rl.jsonl"], ["pythia_math_n10000.csv"]],
)
def test_report_compare_plan_are_the_command_lines(files):
    paths = [str(EXAMPLES / f) for f in files]
    assert passk.report(*paths, k=[1, 10, 100], forecast=False) == json.loads(cli("report", *paths, "--k", "1,10,100", "--no-forecast"))
    assert passk.report(*paths) == json.loads(cli("report", *paths))
    assert passk.compare(*paths, k=[1, 100]) == json.loads(cli("compare", *paths, "--k", "1,100"))
    assert passk.plan(*paths, next=True, k=100) == json.loads(cli("plan", *paths, "--next", "--k", "100"))


def counts(path):
    """A file's first series as (n, c) arrays, as `read` gives them."""
    tasks = passk.read(path)["series"][0][1]
    return np.array([t["counts"][0] for t in tasks]), np.array([t["counts"][1] for t in tasks])


def test_the_closed_form_equals_the_report():
    path = str(EXAMPLES / "deepscaler_base.jsonl")
    n, c = counts(path)
    doc = passk.report(path, k=[1, 10, 100], forecast=False)
    for row in doc["models"][0]["pass_at_k"]:
        assert passk.pass_at_k(n, c, row["k"]).mean() == pytest.approx(row["combinatorial"], rel=1e-14)


def test_the_estimators_are_the_reports_columns():
    path = str(EXAMPLES / "deepscaler_rl.jsonl")
    n, c = counts(path)
    doc = passk.report(path, k=[1, 10, 1000], forecast=False)
    for row in doc["models"][0]["pass_at_k"]:
        for est in ("naive", "bb", "zoibb"):
            got = passk.pass_at_k(n, c, row["k"], estimator=est)
            # The fits reach beyond n = 128 (k = 1000): no NaN, no warning.
            assert not np.isnan(got).any()
            assert got.mean() == pytest.approx(row[est], rel=1e-12), (est, row["k"])
    for row in doc["models"][0]["pass_hat_k"]:
        got = passk.pass_hat_k(n, c, row["k"], estimator="bb").mean()
        assert got == pytest.approx(row["bb"], rel=1e-12), row["k"]
    with pytest.raises(passk.PasskError, match="unknown estimator 'linmix'"):
        passk.pass_at_k(n, c, 1, estimator="linmix")


def test_dataframes_and_count_arrays_are_read_as_their_csv():
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    path = EXAMPLES / "pythia_math_n10000.csv"
    want = passk.report(str(path), k=[1, 100], forecast=False)["models"]
    assert passk.report(pd.read_csv(path), k=[1, 100], forecast=False)["models"] == want
    assert passk.report(pl.read_csv(path), k=[1, 100], forecast=False)["models"] == want
    # {series: (n, c)}: the same counts, so the same numbers (the series named by the keys).
    arrays = {"base": counts(str(EXAMPLES / "deepscaler_base.jsonl"))}
    got = passk.report(arrays, k=[1, 10], forecast=False)["models"][0]
    ref = passk.report(str(EXAMPLES / "deepscaler_base.jsonl"), k=[1, 10], forecast=False)["models"][0]
    assert got["name"] == "base" and got["pass_at_k"] == ref["pass_at_k"]
    with pytest.raises(passk.PasskError, match="input 1 is a list"):
        passk.report([1, 2])
