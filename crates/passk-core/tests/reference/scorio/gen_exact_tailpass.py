"""Exact TailPass@100 profiles of the real files, in rational arithmetic (Python's
fractions), as an independent check of passk's and scorio's floating point.

    python3 crates/passk-core/tests/reference/scorio/gen_exact_tailpass.py

Writes exact_tailpass.json beside this file: per series, for r = 1..100, the posterior mean
and sd of (1/T) sum_i P(Bin(100, p_i) >= r), p_i ~ Beta(1 + c_i, 1 + n_i - c_i), as decimal
strings to 25 significant digits.

Formula: with A_j = 1{j >= r}, E[g] = sum_j C(k, j) A_j a^(j) b^(k-j) / (a+b)^(k) and
E[g^2] = sum_t h_t a^(t) b^(2k-t) / (a+b)^(2k), h_t = sum_j C(k, j) C(k, t-j) A_j A_(t-j),
x^(m) the rising factorial; Var = E[g^2] - E[g]^2 exactly.
"""

import csv
import json
from decimal import Decimal, getcontext
from fractions import Fraction as F
from math import comb
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[4] / ".." / "shared" / "data" / "real"
K = 100
getcontext().prec = 40


def rising(x, m):
    p = 1
    for i in range(m):
        p *= x + i
    return p


def series():
    out = {}
    for name in ["deepscaler_base", "deepscaler_rl"]:
        rows = [json.loads(l) for l in open(DATA / f"{name}.jsonl")]
        out[name] = [(r["n"], r["c"]) for r in rows]
    for r in csv.DictReader(open(DATA / "pythia_math_n10000.csv")):
        out.setdefault(r["model"], []).append((int(r["n"]), int(r["c"])))
    return out


def point(args):
    tasks, r = args
    A = [1 if j >= r else 0 for j in range(K + 1)]
    h = [sum(comb(K, i) * comb(K, t - i) * A[i] * A[t - i]
             for i in range(max(0, t - K), min(t, K) + 1)) for t in range(2 * K + 1)]
    mean, var = F(0), F(0)
    states = {}
    for s in tasks:
        states[s] = states.get(s, 0) + 1
    for (n, c), w in states.items():
        a, b = 1 + c, 1 + n - c
        m = F(sum(comb(K, j) * A[j] * rising(a, j) * rising(b, K - j) for j in range(K + 1)),
              rising(a + b, K))
        e2 = F(sum(h[t] * rising(a, t) * rising(b, 2 * K - t) for t in range(2 * K + 1)),
               rising(a + b, 2 * K))
        mean += w * m
        var += w * (e2 - m * m)
    T = len(tasks)
    d = lambda x: Decimal(x.numerator) / Decimal(x.denominator)
    return [f"{d(mean) / T:.25e}", f"{d(var).sqrt() / T:.25e}"]


def main():
    data = series()
    with Pool() as pool:
        out = {name: pool.map(point, [(tasks, r) for r in range(1, K + 1)])
               for name, tasks in data.items()}
    (HERE / "exact_tailpass.json").write_text(json.dumps({"k": K, "series": out}, indent=0))


if __name__ == "__main__":
    main()
