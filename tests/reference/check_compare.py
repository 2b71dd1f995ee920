"""An independent check of `passk compare` (issue 37), with the Python standard library only.

Reads the DeepScaleR pair (JSON lines) and the seven Pythia series (CSV) itself, computes every
pair's paired test — d_i = G_A,i(k) - G_B,i(k) with G = 1 - C(n-c, k)/C(n, k) exactly (fractions,
math.comb) and rounded once; diff, se (ddof 1), z, p = erfc(|z|/sqrt 2), P(A better) =
Phi(z), Holm over the pairs at each k, the four expected solved counts — and the crossover of
DeepScaleR by a scan of every integer k, and compares them with `passk compare`: within 1e-9
relative (5e-12 absolute for p near 0).

Usage: python3 tests/reference/check_compare.py [PASSK_BINARY]
"""

import csv
import json
import math
import os
import subprocess
import sys
from fractions import Fraction

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
EXAMPLES = os.path.join(ROOT, "assets", "examples")
REL, ABS = 1e-9, 5e-12


def close(got, want):
    return got == want or abs(got - want) <= max(REL * abs(want), ABS)


def g(n, c, k):
    """The unbiased pass@k of one task, exactly, rounded once."""
    return float(1 - Fraction(math.comb(n - c, k), math.comb(n, k)))


def load_jsonl(name):
    tasks = {}
    with open(os.path.join(EXAMPLES, name)) as f:
        for line in f:
            row = json.loads(line)
            tasks[row["id"]] = (row["n"], row["c"])
    return tasks


def load_pythia():
    series = {}
    with open(os.path.join(EXAMPLES, "pythia_math_n10000.csv")) as f:
        for row in csv.DictReader(f):
            series.setdefault(row["model"], {})[row["task"]] = (int(row["n"]), int(row["c"]))
    return series


def paired(a, b, k):
    ids = [i for i in a if i in b]
    ga = [g(*a[i], k) for i in ids]
    gb = [g(*b[i], k) for i in ids]
    d = [x - y for x, y in zip(ga, gb)]
    t = len(d)
    mean = math.fsum(d) / t
    se = math.sqrt(math.fsum((x - mean) ** 2 for x in d) / (t - 1) / t)
    z = mean / se
    return {
        "tasks": t,
        "diff": mean,
        "se": se,
        "z": z,
        "p": math.erfc(abs(z) / math.sqrt(2)),
        "prob_a_better": 0.5 * math.erfc(-z / math.sqrt(2)),
        "a_only": math.fsum(x * (1 - y) for x, y in zip(ga, gb)),
        "b_only": math.fsum((1 - x) * y for x, y in zip(ga, gb)),
        "both": math.fsum(x * y for x, y in zip(ga, gb)),
        "neither": math.fsum((1 - x) * (1 - y) for x, y in zip(ga, gb)),
    }


def holm(ps):
    order = sorted(range(len(ps)), key=lambda i: (ps[i], i))
    out, running = [None] * len(ps), 0.0
    for j, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - j) * ps[i]))
        out[i] = running
    return out


def check(label, series, ks, cli):
    failures = 0
    rows = cli["comparisons"]
    for k in ks:
        at = [r for r in rows if r["k"] == k]
        want_pairs = len(series) * (len(series) - 1) // 2
        if len(at) != want_pairs:
            print(f"{label} k={k}: {len(at)} rows, want {want_pairs}")
            failures += 1
        ref = [paired(series[r["a"]], series[r["b"]], k) for r in at]
        for r, want, h in zip(at, ref, holm([x["p"] for x in ref])):
            got = dict(r, **r["solved"])
            want["p_holm"] = h
            for key, value in want.items():
                if not close(got[key], value):
                    print(f"{label} {r['a']} - {r['b']} k={k} {key}: passk {got[key]!r}, reference {value!r}")
                    failures += 1
    print(f"{label}: {len(rows)} rows at k = {ks} checked, {failures} differences")
    return failures


def run(passk, files, ks):
    out = subprocess.run([passk, "compare", *files, "--k", ",".join(map(str, ks))], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main():
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    passk = sys.argv[1] if len(sys.argv) > 1 else os.path.join(target, "debug", "passk")
    base, rl = load_jsonl("deepscaler_base.jsonl"), load_jsonl("deepscaler_rl.jsonl")
    files = [os.path.join(EXAMPLES, f) for f in ("deepscaler_base.jsonl", "deepscaler_rl.jsonl")]
    cli = run(passk, files, [1, 8, 64])
    failures = check("DeepScaleR", {"deepscaler_base": base, "deepscaler_rl": rl}, [1, 8, 64], cli)
    # The crossover: the first integer k whose difference has the other sign than at k = 1.
    diff = lambda k: math.fsum(g(*base[i], k) - g(*rl[i], k) for i in base if i in rl)
    first = diff(1)
    want = next((k for k in range(2, 129) if diff(k) * first < 0), None)
    got = cli["crossovers"][0]["k"]
    print(f"DeepScaleR crossover: passk {got}, reference {want}")
    failures += got != want
    failures += check("Pythia", load_pythia(), [1, 10, 100], run(passk, [os.path.join(EXAMPLES, "pythia_math_n10000.csv")], [1, 10, 100]))
    if failures:
        sys.exit(f"{failures} differences")


if __name__ == "__main__":
    main()
