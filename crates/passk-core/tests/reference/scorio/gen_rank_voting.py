"""Reference values for passk's voting rankings (analysis::rank, group `voting`) from scorio 0.2.3.

Run with /work/main/bench/.venv/bin/python gen_rank_voting.py (writes rank_voting.json beside it).

scorio.rank.voting: win_rate, borda, copeland, minimax, schulze, ranked_pairs, kemeny_young,
nanson, baldwin, majority_judgment; scorio.rank.pointwise: inverse_difficulty. Each runs with
its default arguments and return_scores=True on

- the DeepScaleR pair (deepscaler_base, deepscaler_rl: 1060 tasks, n = 128),
- the seven Pythia series (PYTHIA_ORDER, 128 tasks sorted by task id, n = 10,000),

laid out as scorio's tensor R[l, m, :c] = 1 (the layout of counts; every voting method reads
only the per-task counts k[l, m] = sum_n R[l, m, n]). The non-default options passk offers
(tie_policy="ignore", variant/strength="winning_votes", tie_aware=False, rank_ties="min" / "max"
/ "dense" / "ordinal", clip_range=(0.05, 0.95)) run too, and every call also runs on a few
small seeded random count tables with many ties ("synthetic": the counts are written, so the
Rust test rebuilds them exactly).

JSON: floats by Python's repr (full round-trip precision); seconds per call.
"""

import csv
import json
import math
import platform
import time
from pathlib import Path

import numpy as np
import scipy
import scorio
from scorio import rank as sr

HERE = Path(__file__).resolve().parent
DATA = Path("/work/shared/data/real")
PYTHIA_ORDER = [
    "Pythia 70M",
    "Pythia 160M",
    "Pythia 410M",
    "Pythia 1B",
    "Pythia 2.8B",
    "Pythia 6.9B",
    "Pythia 12B",
]

CALLS = [
    ("win_rate", "win_rate", {}),
    ("borda", "borda", {}),
    ("copeland", "copeland", {}),
    ("minimax", "minimax", {}),
    ("minimax_wv", "minimax", {"variant": "winning_votes"}),
    ("minimax_ignore", "minimax", {"tie_policy": "ignore"}),
    ("schulze", "schulze", {}),
    ("schulze_ignore", "schulze", {"tie_policy": "ignore"}),
    ("ranked_pairs", "ranked_pairs", {}),
    ("ranked_pairs_wv", "ranked_pairs", {"strength": "winning_votes"}),
    ("ranked_pairs_ignore", "ranked_pairs", {"tie_policy": "ignore"}),
    ("kemeny_young", "kemeny_young", {}),
    ("kemeny_young_ignore", "kemeny_young", {"tie_policy": "ignore"}),
    ("kemeny_young_total", "kemeny_young", {"tie_aware": False}),
    ("nanson", "nanson", {}),
    ("nanson_min", "nanson", {"rank_ties": "min"}),
    ("nanson_max", "nanson", {"rank_ties": "max"}),
    ("nanson_dense", "nanson", {"rank_ties": "dense"}),
    ("nanson_ordinal", "nanson", {"rank_ties": "ordinal"}),
    ("baldwin", "baldwin", {}),
    ("baldwin_min", "baldwin", {"rank_ties": "min"}),
    ("baldwin_max", "baldwin", {"rank_ties": "max"}),
    ("baldwin_dense", "baldwin", {"rank_ties": "dense"}),
    ("baldwin_ordinal", "baldwin", {"rank_ties": "ordinal"}),
    ("majority_judgment", "majority_judgment", {}),
    ("inverse_difficulty", "inverse_difficulty", {}),
    ("inverse_difficulty_clip", "inverse_difficulty", {"clip_range": (0.05, 0.95)}),
]


def enc(x):
    if isinstance(x, dict):
        return {str(k): enc(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [enc(v) for v in x]
    if isinstance(x, np.ndarray):
        return enc(x.tolist())
    if isinstance(x, (np.bool_, bool)):
        return bool(x)
    if isinstance(x, np.integer):
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
    """counts[l][m] -> R (L, M, n) int8 with R[l, m, :c] = 1."""
    counts = np.asarray(counts, dtype=np.int64)
    L, M = counts.shape
    R = np.zeros((L, M, n), dtype=np.int8)
    trials = np.arange(n)
    R[:] = (trials[None, None, :] < counts[:, :, None]).astype(np.int8)
    return R


def run_all(R):
    out = {}
    for key, fname, kwargs in CALLS:
        fn = getattr(sr, fname)
        t0 = time.perf_counter()
        try:
            ranks, scores = fn(R, return_scores=True, **kwargs)
            rec = {"ranks": enc(ranks), "scores": enc(scores)}
        except Exception as exc:  # recorded, not fatal
            rec = {"error": f"{type(exc).__name__}: {exc}"}
        rec["seconds"] = time.perf_counter() - t0
        rec["function"] = f"scorio.rank.{fname}"
        rec["kwargs"] = enc(kwargs)
        out[key] = rec
    return out


def load_deepscaler():
    counts, ids, n = [], None, None
    for name in ["deepscaler_base", "deepscaler_rl"]:
        rows = [json.loads(line) for line in open(DATA / f"{name}.jsonl")]
        n = rows[0]["n"]
        assert all(r["n"] == n for r in rows)
        if ids is None:
            ids = [r["id"] for r in rows]
        by = {r["id"]: r["c"] for r in rows}
        counts.append([by[i] for i in ids])
    return counts, n


def load_pythia():
    by = {}
    for r in csv.DictReader(open(DATA / "pythia_math_n10000.csv")):
        by.setdefault(r["model"], {})[int(r["task"])] = (int(r["n"]), int(r["c"]))
    tasks = sorted(by[PYTHIA_ORDER[0]])
    assert all({by[m][t][0] for t in tasks} == {10000} for m in PYTHIA_ORDER)
    return [[by[m][t][1] for t in tasks] for m in PYTHIA_ORDER], 10000


def synthetic():
    rng = np.random.default_rng(20240711)
    cases = []
    for L, M, n in [(3, 5, 1), (4, 9, 2), (5, 12, 3), (6, 15, 4), (5, 8, 6), (8, 20, 3), (10, 6, 5)]:
        base = rng.integers(0, n + 1, size=M)
        counts = np.clip(base[None, :] + rng.integers(-1, 2, size=(L, M)), 0, n)
        cases.append({"n": n, "counts": counts.tolist()})
    # A Condorcet cycle of three (rock-paper-scissors) plus an all-tied pair.
    cases.append({"n": 2, "counts": [[2, 1, 0], [0, 2, 1], [1, 0, 2]]})
    cases.append({"n": 1, "counts": [[1, 0], [1, 0]]})
    # Majority Judgment where the lower median matters (the upper one orders otherwise).
    cases.append({"n": 3, "counts": [[0, 0, 3, 3], [1, 1, 1, 1], [0, 3, 0, 3], [2, 1, 2, 1]]})
    for case in cases:
        case["results"] = run_all(tensor(case["counts"], case["n"]))
    return cases


def main():
    meta = {
        "scorio_version": scorio.__version__,
        "numpy_version": np.__version__,
        "scipy_version": scipy.__version__,
        "python_version": platform.python_version(),
        "matrix_layout": "per task: c ones then n - c zeros (int8)",
        "defaults": "scorio defaults unless kwargs say otherwise; return_scores=True",
    }
    out = {"meta": meta}
    ds, n = load_deepscaler()
    out["deepscaler"] = {
        "models": ["deepscaler_base", "deepscaler_rl"],
        "results": run_all(tensor(ds, n)),
    }
    py, n = load_pythia()
    out["pythia"] = {"models": PYTHIA_ORDER, "results": run_all(tensor(py, n))}
    out["synthetic"] = synthetic()
    path = HERE / "rank_voting.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
