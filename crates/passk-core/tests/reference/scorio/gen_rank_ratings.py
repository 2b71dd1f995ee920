"""scorio 0.2.3's rating methods (rank/pairwise.py: elo, glicko, trueskill; rank/bayesian.py:
thompson, bayesian_mcmc) on the passk real data, for crates/passk-core/tests/rank_ratings.rs.

Run from the repository root:
    /work/main/bench/.venv/bin/python crates/passk-core/tests/reference/scorio/gen_rank_ratings.py
It writes rank_ratings.json beside this file.

Layout: every task row is c ones then n - c zeros (scorio's tensor R[l, m, :c] = 1), as in
gen_scorio_ref.py. Series order: DeepScaleR base, rl; the seven Pythia series in
PYTHIA_ORDER. Default arguments and return_scores=True everywhere.

Extras:
- glicko is called with return_deviation=True (ratings identical) for the RD.
- trueskill does not return sigma: `trueskill_sigma` below is scorio's own source of
  trueskill (inspect.getsource) with only its return line changed to also return sigma, run
  in scorio's module namespace; its mu is asserted bit-identical to scorio's.
- The sequential methods stream events trial by trial (for t in N: for q in M), so the state
  after the first N' trials of every task is exactly scorio's answer on counts min(c, N') of
  n = N' (the layout makes the prefix exact). `prefix_1000` records that reduction for
  Pythia; the full run is recorded as well when it finishes in time (see seconds).
- thompson and bayesian_mcmc draw from numpy's RNG: they are run with seed 42 (the default)
  and with seeds 1..SEEDS to estimate their Monte Carlo spread (per-series sd over seeds).
"""

import csv
import inspect
import json
import math
import platform
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import scipy
import scorio
from scorio import rank as sr
from scorio.rank import pairwise as sp

HERE = Path(__file__).resolve().parent
DATA = Path("/work/shared/data/real")
SEEDS = int(sys.argv[1]) if len(sys.argv) > 1 else 8
PREFIX = 1000
PYTHIA_ORDER = [
    "Pythia 70M",
    "Pythia 160M",
    "Pythia 410M",
    "Pythia 1B",
    "Pythia 2.8B",
    "Pythia 6.9B",
    "Pythia 12B",
]


def enc(x):
    if isinstance(x, dict):
        return {str(k): enc(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [enc(v) for v in x]
    if isinstance(x, np.ndarray):
        return enc(x.tolist())
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        x = float(x)
        if math.isnan(x):
            return "nan"
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return x
    return x


def tensor(counts, n):
    """counts[l][m] -> R[l, m, :c] = 1, shape (L, M, n)."""
    L, M = len(counts), len(counts[0])
    R = np.zeros((L, M, n), dtype=np.int8)
    for l in range(L):
        for m in range(M):
            R[l, m, : counts[l][m]] = 1
    return R


def load_deepscaler():
    out = []
    n = None
    for name in ("deepscaler_base", "deepscaler_rl"):
        rows = [json.loads(line) for line in open(DATA / f"{name}.jsonl")]
        n = rows[0]["n"]
        assert all(r["n"] == n for r in rows)
        out.append([r["c"] for r in rows])
    return out, n


def load_pythia():
    by = {}
    for r in csv.DictReader(open(DATA / "pythia_math_n10000.csv")):
        by.setdefault(r["model"], {})[int(r["task"])] = (int(r["n"]), int(r["c"]))
    tasks = sorted(by[PYTHIA_ORDER[0]])
    for m in PYTHIA_ORDER:
        assert {by[m][t][0] for t in tasks} == {10000}
    return [[by[m][t][1] for t in tasks] for m in PYTHIA_ORDER], 10000


# scorio's trueskill, returning sigma too.
_src = textwrap.dedent(inspect.getsource(sp.trueskill))
_old = "    return (ranking, mu) if return_scores else ranking"
assert _src.count(_old) == 1
_src = _src.replace(_old, "    return ranking, mu, sigma").replace(
    "def trueskill(", "def trueskill_sigma(", 1
)
_ns = dict(vars(sp))
exec(compile(_src, "<trueskill_sigma>", "exec"), _ns)
trueskill_sigma = _ns["trueskill_sigma"]


def timed(fn, *args, **kwargs):
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t0


def sequential(R):
    rec = {}
    (rk, sc), dt = timed(sr.elo, R, return_scores=True)
    rec["elo"] = {"ranks": rk, "scores": sc, "seconds": dt}
    (rk, sc, rd), dt = timed(sr.glicko, R, return_deviation=True)
    rec["glicko"] = {"ranks": rk, "scores": sc, "rd": rd, "seconds": dt}
    (rk, mu), dt = timed(sr.trueskill, R, return_scores=True)
    _, mu2, sigma = trueskill_sigma(R, return_scores=True)
    assert np.array_equal(mu, mu2), "trueskill_sigma's mu differs from scorio's"
    rec["trueskill"] = {"ranks": rk, "scores": mu, "sigma": sigma, "seconds": dt}
    return rec


VARIANTS = {
    "elo_skip": ("elo", {"tie_handling": "skip"}),
    "elo_draw": ("elo", {"tie_handling": "draw"}),
    "glicko_draw": ("glicko", {"tie_handling": "draw"}),
    "glicko_c10": ("glicko", {"c": 10.0}),
    "trueskill_draw": ("trueskill", {"tie_handling": "draw"}),
    "trueskill_draw_margin1": ("trueskill", {"tie_handling": "draw", "draw_margin": 1.0}),
    "trueskill_correct_margin05": (
        "trueskill",
        {"tie_handling": "correct_draw_only", "draw_margin": 0.5},
    ),
}


def variants(R):
    """Non-default tie handling, Glicko's c and TrueSkill's draw margin."""
    rec = {}
    for key, (name, kw) in VARIANTS.items():
        (rk, sc), dt = timed(getattr(sr, name), R, return_scores=True, **kw)
        rec[key] = {
            "method": name,
            "tie_handling": kw.get("tie_handling", "default"),
            "c": kw.get("c", 0.0),
            "draw_margin": kw.get("draw_margin", 0.0),
            "ranks": rk,
            "scores": sc,
            "seconds": dt,
        }
    return rec


def stochastic(R):
    rec = {}
    for name, fn in (("thompson", sr.thompson), ("bayesian_mcmc", sr.bayesian_mcmc)):
        (rk, sc), dt = timed(fn, R, return_scores=True)
        runs = [fn(R, seed=s, return_scores=True)[1] for s in range(1, SEEDS + 1)]
        runs = np.array(runs)
        rec[name] = {
            "ranks": rk,
            "scores": sc,
            "seconds": dt,
            "seeds": list(range(1, SEEDS + 1)),
            "seed_scores": runs,
            "seed_sd": runs.std(axis=0, ddof=1),
        }
    return rec


def main():
    out = {
        "meta": {
            "scorio_version": scorio.__version__,
            "numpy_version": np.__version__,
            "scipy_version": scipy.__version__,
            "python_version": platform.python_version(),
            "layout": "per task: c ones then n - c zeros",
            "prefix": PREFIX,
            "seeds_for_spread": SEEDS,
        }
    }
    ds, n = load_deepscaler()
    R = tensor(ds, n)
    rec = sequential(R)
    rec.update(stochastic(R))
    out["deepscaler"] = rec
    out["deepscaler_variants"] = variants(R)
    print("deepscaler done", {k: v["seconds"] for k, v in rec.items()}, flush=True)

    py, n = load_pythia()
    pre = [[min(c, PREFIX) for c in row] for row in py]
    R = tensor(pre, PREFIX)
    out["pythia_prefix_1000"] = sequential(R)
    print("prefix done", {k: v["seconds"] for k, v in out["pythia_prefix_1000"].items()}, flush=True)
    R = tensor(py, n)
    rec = stochastic(R)
    print("stochastic done", {k: v["seconds"] for k, v in rec.items()}, flush=True)
    if "--full" in sys.argv:
        rec.update(sequential(R))
        print("full done", {k: v["seconds"] for k, v in rec.items()}, flush=True)
    out["pythia"] = rec
    (HERE / "rank_ratings.json").write_text(json.dumps(enc(out), indent=1) + "\n")


if __name__ == "__main__":
    main()
