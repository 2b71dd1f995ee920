"""pass@k at 10 budgets in one process: passk (counts in) against scorio 0.2.3 (its 0/1
matrix in, built outside the timing), on the Pythia file (7 × 128 tasks × 10,000 samples) and
on 10⁶ synthetic tasks of n = 100. Prints one line per job; run by `./dev bench`."""

import csv
import sys
import time
from pathlib import Path

import numpy as np

import passk

ROOT = Path(__file__).resolve().parents[1]
KS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]


def best(f, repeats=3):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    from scorio.eval.pass_at_k import pass_at_k as scorio_pass_at_k

    with open(ROOT / "assets" / "examples" / "pythia_math_n10000.csv") as f:
        rows = list(csv.DictReader(f))
    models = sorted({r["model"] for r in rows})
    data = {m: (np.array([int(r["n"]) for r in rows if r["model"] == m]), np.array([int(r["c"]) for r in rows if r["model"] == m])) for m in models}
    mats = {m: (np.arange(n[0])[None, :] < c[:, None]).astype(np.int8) for m, (n, c) in data.items()}
    ours = best(lambda: [passk.pass_at_k(n, c, KS).mean(axis=0) for (n, c) in data.values()])
    theirs = best(lambda: [scorio_pass_at_k(R, k) for R in mats.values() for k in KS], 1)
    for m in models:
        for k in (1, 100):
            a, b = passk.pass_at_k(*data[m], k).mean(), scorio_pass_at_k(mats[m], k)
            assert abs(a - b) <= 1e-12 * abs(b), (m, k, a, b)
    print(f"Pythia, 7 series x 10 budgets: passk {ours:.4f} s, scorio {theirs:.4f} s ({theirs / ours:.1f}x)")
    rng = np.random.default_rng(55)
    n = np.full(1_000_000, 100)
    c = rng.binomial(100, rng.beta(0.5, 2.0, size=n.size))
    ks = [k for k in KS if k <= 100]
    R = (np.arange(100)[None, :] < c[:, None]).astype(np.int8)
    ours = best(lambda: passk.pass_at_k(n, c, ks).mean(axis=0))
    theirs = best(lambda: [scorio_pass_at_k(R, k) for k in ks], 1)
    print(f"10^6 tasks of n = 100 x {len(ks)} budgets: passk {ours:.3f} s, scorio {theirs:.3f} s ({theirs / ours:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
