"""scorio 0.2.3's spectral and graph rankings on the passk real data -> rank_graph.json.

Run: /work/main/bench/.venv/bin/python gen_rank_graph.py  (writes rank_graph.json beside it)

Methods: scorio.rank.pagerank, spectral, alpharank, nash (rank/graph.py), rank_centrality
(rank/rank_centrality.py), hodge_rank (rank/hodge_rank.py), serial_rank (rank/serial_rank.py),
each with default arguments and return_scores=True, plus a few non-default options that the Rust
options expose. Tensors as gen_scorio_ref.py builds them: per task c ones then n - c zeros.

Where scorio iterates (power iterations with an L1 stopping rule), the number of iterations it
took is counted by wrapping np.linalg.norm (called once per iteration), and an independent,
tightly solved value is written beside scorio's ("exact"): a dense linear solve
(numpy.linalg.solve / lstsq) for PageRank and the stationary distributions, numpy.linalg.eig
for Keener's Perron vector. "gap" is the largest relative difference between scorio and it.

JSON floats are Python reprs (full round-trip precision).
"""

import csv
import json
import math
import platform
import sys
import time
from pathlib import Path

import numpy as np
import scipy
import scorio
from scorio import rank as sr
from scorio.rank._base import build_pairwise_counts

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


def matrix(counts, n):
    R = np.zeros((len(counts), n), dtype=np.int8)
    for i, c in enumerate(counts):
        R[i, :c] = 1
    return R


def load_deepscaler(name):
    rows = [json.loads(l) for l in open(DATA / f"{name}.jsonl")]
    n = rows[0]["n"]
    assert all(r["n"] == n for r in rows)
    return [r["c"] for r in rows], n


def load_pythia():
    by = {}
    for r in csv.DictReader(open(DATA / "pythia_math_n10000.csv")):
        by.setdefault(r["model"], {})[int(r["task"])] = (int(r["n"]), int(r["c"]))
    tasks = sorted(by[PYTHIA_ORDER[0]])
    out = {}
    for m in PYTHIA_ORDER:
        assert {by[m][t][0] for t in tasks} == {10000}
        out[m] = [by[m][t][1] for t in tasks]
    return out, 10000


class CountNorm:
    """Count np.linalg.norm calls (one per power iteration in scorio's loops)."""

    def __enter__(self):
        self.orig = np.linalg.norm
        self.calls = 0

        def wrapped(*a, **k):
            self.calls += 1
            return self.orig(*a, **k)

        np.linalg.norm = wrapped
        return self

    def __exit__(self, *exc):
        np.linalg.norm = self.orig


def call(fn, tensor, **kw):
    with CountNorm() as cn:
        t0 = time.perf_counter()
        out = fn(tensor, return_scores=True, **kw)
        dt = time.perf_counter() - t0
    rec = {"args": enc(kw), "seconds": dt, "norm_calls": cn.calls}
    rec["ranks"] = enc(out[0])
    rec["scores"] = enc(out[1])
    if len(out) > 2:
        rec["extra"] = enc(out[2])
    return rec


def p_hat(wins, ties):
    total = wins + wins.T + ties
    P = np.full(wins.shape, 0.5)
    mask = total > 0
    P[mask] = (wins[mask] + 0.5 * ties[mask]) / total[mask]
    np.fill_diagonal(P, 0.5)
    return P


def stationary(P):
    """pi P = pi, sum pi = 1, by least squares on the stacked system (exact when unique)."""
    L = P.shape[0]
    A = np.vstack([P.T - np.eye(L), np.ones((1, L))])
    b = np.zeros(L + 1)
    b[-1] = 1.0
    return np.linalg.lstsq(A, b, rcond=None)[0]


def gap(a, b):
    a, b = np.asarray(a, float), np.asarray(b, float)
    return float(np.max(np.abs(a - b) / np.maximum(np.abs(a), np.abs(b))))


def exact_pagerank(wins, ties, d=0.85):
    L = wins.shape[0]
    A = p_hat(wins, ties)
    np.fill_diagonal(A, 0.0)
    np.fill_diagonal(A, A.sum(axis=1))
    Q = A / float(L - 1)
    return np.linalg.solve(np.eye(L) - d * Q, (1 - d) * np.ones(L) / L)


def exact_spectral(wins, ties):
    L = wins.shape[0]
    A = (wins + 0.5 * ties + 1.0) / (wins + wins.T + ties + 2.0)
    np.fill_diagonal(A, 0.0)
    w, V = np.linalg.eig(A)
    v = np.real(V[:, np.argmax(np.real(w))])
    return v / v.sum()


def exact_alpharank(wins, ties, alpha=1.0, m=50):
    L = wins.shape[0]
    P = p_hat(wins, ties)
    C = np.zeros((L, L))
    for s in range(L):
        for r in range(L):
            if r != s:
                u = alpha * m / (m - 1) * (P[r, s] - 0.5)
                rho = 1.0 / m if abs(u) < 1e-14 else -np.expm1(-u) / -np.expm1(-m * u)
                C[s, r] = rho / (L - 1)
        C[s, s] = 1.0 - C[s].sum()
    return stationary(C)


def exact_rank_centrality(wins, ties):
    L = wins.shape[0]
    w = wins + 0.5 * ties
    denom = w + w.T
    P = np.zeros((L, L))
    off = ~np.eye(L, dtype=bool)
    P[off] = (w.T[off] / denom[off]) / (L - 1)
    P[np.arange(L), np.arange(L)] = 1.0 - P.sum(axis=1)
    return stationary(P)


def exact_fiedler(wins, ties, comparison, oriented_like):
    """The Fiedler vector from the deflated K = (diag(G1) - G)/2, G = C C^T (L_S = m/2 (mI - J)
    + K): numpy eigh of K - gamma J, better conditioned than eigh(L_S); signed as scorio's."""
    L = wins.shape[0]
    if L == 2:
        return np.array(oriented_like)
    total = wins + wins.T + ties
    if comparison == "prob_diff":
        C = np.where(total > 0, (wins - wins.T) / np.where(total > 0, total, 1), 0.0)
    else:
        C = np.sign(wins - wins.T)
    np.fill_diagonal(C, 0.0)
    G = C @ C.T
    K = 0.5 * (np.diag(G.sum(axis=1)) - G)
    gamma = (1.0 + np.abs(K).sum(axis=1).max()) / L
    w, V = np.linalg.eigh(K - gamma)
    v = V[:, 1]
    return v if np.dot(v, oriented_like) > 0 else -v


def run(tensor):
    wins, ties = build_pairwise_counts(tensor)
    out = {"wins": enc(wins), "ties": enc(ties), "methods": {}}
    M = out["methods"]

    M["pagerank"] = call(sr.pagerank, tensor)
    M["pagerank"]["exact"] = enc(exact_pagerank(wins, ties))
    M["pagerank_tol1e-14"] = call(sr.pagerank, tensor, tol=1e-14, max_iter=10_000)

    M["spectral"] = call(sr.spectral, tensor)
    M["spectral"]["exact"] = enc(exact_spectral(wins, ties))

    M["alpharank"] = call(sr.alpharank, tensor)
    M["alpharank"]["exact"] = enc(exact_alpharank(wins, ties))
    M["alpharank_alpha10_m20"] = call(sr.alpharank, tensor, alpha=10.0, population_size=20)
    M["alpharank_alpha10_m20"]["exact"] = enc(exact_alpharank(wins, ties, 10.0, 20))

    M["nash"] = call(sr.nash, tensor, return_equilibrium=True)
    for st in ["equilibrium", "advantage_vs_equilibrium"]:
        M[f"nash_{st}"] = call(sr.nash, tensor, score_type=st)

    M["rank_centrality"] = call(sr.rank_centrality, tensor)
    M["rank_centrality"]["exact"] = enc(exact_rank_centrality(wins, ties))
    M["rank_centrality_ignore_smooth1_teleport0.1"] = call(
        sr.rank_centrality, tensor, tie_handling="ignore", smoothing=1.0, teleport=0.1
    )
    try:
        M["rank_centrality_ignore"] = call(sr.rank_centrality, tensor, tie_handling="ignore")
    except ValueError as e:
        M["rank_centrality_ignore"] = {"error": str(e)}

    M["hodge_rank"] = call(sr.hodge_rank, tensor, return_diagnostics=True)
    for stat in ["binary", "log_odds"]:
        for wm in ["total", "decisive", "uniform"]:
            if (stat, wm) != ("binary", "total"):
                M[f"hodge_rank_{stat}_{wm}"] = call(
                    sr.hodge_rank,
                    tensor,
                    pairwise_stat=stat,
                    weight_method=wm,
                    return_diagnostics=True,
                )

    M["serial_rank"] = call(sr.serial_rank, tensor)
    M["serial_rank_sign"] = call(sr.serial_rank, tensor, comparison="sign")
    for name, cmp in [("serial_rank", "prob_diff"), ("serial_rank_sign", "sign")]:
        M[name]["exact"] = enc(exact_fiedler(wins, ties, cmp, M[name]["scores"]))
        M[name]["gap_abs"] = float(
            np.max(np.abs(np.array(M[name]["scores"]) - np.array(M[name]["exact"])))
        )
    for name in ["pagerank", "spectral", "alpharank", "alpharank_alpha10_m20", "rank_centrality"]:
        M[name]["gap"] = gap(M[name]["scores"], M[name]["exact"])
    return out


def main():
    doc = {
        "meta": {
            "scorio_version": scorio.__version__,
            "numpy_version": np.__version__,
            "scipy_version": scipy.__version__,
            "python_version": platform.python_version(),
            "matrix_layout": "per task: c ones then n-c zeros (np.int8)",
            "norm_calls": "np.linalg.norm calls during the call: the power iterations taken",
            "exact": "independent dense solve (see the generator's docstring)",
        }
    }
    base, n = load_deepscaler("deepscaler_base")
    rl, n2 = load_deepscaler("deepscaler_rl")
    assert n == n2
    t = np.stack([matrix(base, n), matrix(rl, n)])
    doc["deepscaler"] = {"models": ["deepscaler_base", "deepscaler_rl"], **run(t)}
    pyd, n = load_pythia()
    t = np.stack([matrix(pyd[m], n) for m in PYTHIA_ORDER])
    doc["pythia"] = {"models": PYTHIA_ORDER, **run(t)}
    path = HERE / "rank_graph.json"
    path.write_text(json.dumps(doc, indent=1, allow_nan=False))
    print("wrote", path, file=sys.stderr)


if __name__ == "__main__":
    main()
