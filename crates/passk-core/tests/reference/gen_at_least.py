"""Exact posterior moments of threshold scores at large budgets, in rational arithmetic
(Python's integers and fractions), as an independent check of passk's O(k) recurrence
(estimators/at_least.rs) beyond the budgets where the Bernstein products are made.

    python3 crates/passk-core/tests/reference/gen_at_least.py

Writes at_least.json beside this file: for each case (k, a, b, r), with p ~ Beta(a, b)
(a, b integers) and J | p ~ Binomial(k, p), the mean P(J >= r) and the variance
P(J1 >= r, J2 >= r) - P(J >= r)^2 of the score 1{J >= r}, as decimal strings (30 digits).

Formula: P(J = j) = C(k, j) a^(j) b^(k-j) / (a+b)^(k) and
P(J1 = i, J2 = j) = C(k, i) C(k, j) a^(i+j) b^(2k-i-j) / (a+b)^(2k), x^(m) the rising
factorial; the double sum runs over i, j >= r (O((k - r)^2) terms: the cases take r near k,
or r small through the complement P(J1 < r, J2 < r), or k of a few thousand).
"""

import json
from decimal import Decimal, getcontext
from fractions import Fraction as F
from math import comb
from pathlib import Path

HERE = Path(__file__).resolve().parent
getcontext().prec = 40


def rising_table(x, m):
    """x^(0..m) rising factorials."""
    out = [1]
    for i in range(m):
        out.append(out[-1] * (x + i))
    return out


def moments(k, a, b, r):
    ra, rb = rising_table(a, 2 * k), rising_table(b, 2 * k)
    den1 = rising_table(a + b, k)[k]
    den2 = rising_table(a + b, 2 * k)[2 * k]
    ck = [comb(k, j) for j in range(k + 1)]
    # The side with fewer terms: j >= r (upper) or j < r (lower, through the complement).
    upper = k - r + 1 <= r
    js = range(r, k + 1) if upper else range(0, r)
    p1 = F(sum(ck[j] * ra[j] * rb[k - j] for j in js), den1)
    # sum over i, j in js of C(k,i) C(k,j) a^(i+j) b^(2k-i-j): by s = i + j.
    lo, hi = js.start, js.stop - 1
    both = 0
    for s in range(2 * lo, 2 * hi + 1):
        inner = sum(ck[i] * ck[s - i] for i in range(max(lo, s - hi), min(hi, s - lo) + 1))
        both += inner * ra[s] * rb[2 * k - s]
    p2 = F(both, den2)
    if upper:
        mean, e2 = p1, p2
    else:
        # P(J >= r) = 1 - P(J < r); E[g^2] = 1 - 2 P(J < r) + P(J1 < r, J2 < r).
        mean, e2 = 1 - p1, 1 - 2 * p1 + p2
    return mean, e2 - mean * mean


def dec(x):
    return f"{Decimal(x.numerator) / Decimal(x.denominator):.30e}"


CASES = [
    # k beyond the Bernstein products' limit (1,000), thresholds near either end with means
    # far from 0 and 1 (a few failures, or a few passes, expected among k).
    (5000, 49990, 22, 4998), (5000, 49900, 100, 4990), (5000, 21, 49990, 3),
    (5000, 101, 49900, 12), (20000, 199990, 12, 19999), (20000, 13, 199990, 2),
    # k of a few thousand, thresholds in the middle (O(k^2) exact terms).
    (1500, 751, 751, 750), (1500, 301, 1201, 320), (2000, 1601, 401, 1650),
    (2000, 11, 1991, 15), (1200, 6001, 4001, 700),
    # Below the limit: terms of the degree-2k pmf below the smallest normal double feed a
    # variance that is one (Pythia 70M, k = 200, r = 150).
    (200, 347, 9655, 150), (200, 347, 9655, 151), (200, 347, 9655, 160),
]


def main():
    out = []
    for k, a, b, r in CASES:
        m, v = moments(k, a, b, r)
        out.append({"k": k, "a": a, "b": b, "r": r, "mean": dec(m), "var": dec(v)})
        print(k, a, b, r, float(m), float(v), flush=True)
    (HERE / "at_least.json").write_text(json.dumps({"cases": out}, indent=1) + "\n")


if __name__ == "__main__":
    main()
