"""Reference values for passk's gamma-ratio evaluations, computed independently with mpmath
at 80 significant digits.

    ratio(x, d, k) = Γ(x+k)·Γ(x+d) / (Γ(x)·Γ(x+d+k))

Cases cover the unbiased estimator (x = n−c−k+1, d = c), pass^k (x = c−k+1, d = n−c) and
Beta-Binomial posterior predictives (x = b′, d = a′, real-valued) for arguments up to 1e9.
Run `python3 tests/reference/gen_gamma_ratio.py > tests/reference/gamma_ratio.json`
(needs `pip install mpmath`); the output is committed so that `cargo test` needs no Python.
"""
import json
from mpmath import mp, mpf, loggamma, expm1, exp

mp.dps = 80


def ln_ratio(x, d, k):
    x, d, k = mpf(x), mpf(d), mpf(k)
    return loggamma(x + k) + loggamma(x + d) - loggamma(x) - loggamma(x + d + k)


cases = []
# Unbiased pass@k for large n: (n, c, k).
for n, c, k in [
    (10**9, 1, 1), (10**9, 1, 100), (10**9, 2, 10**6), (10**9, 500, 10**5), (10**9, 10**8, 10**8),
    (10**9, 7 * 10**8, 3), (10**9, 123456, 654321), (10**6, 999_990, 2), (10**6, 5000, 200_000),
    (10**9, 10**9 - 10**6, 10**6), (10**12, 1, 1), (10**12, 10**6, 10**6),
]:
    cases.append({"kind": "unbiased", "n": n, "c": c, "k": k, "x": n - c - k + 1, "d": c})
# pass^k: x = c-k+1, d = n-c.
for n, c, k in [(10**9, 10**9 - 1, 10**6), (10**9, 5 * 10**8, 20), (10**6, 999_000, 500)]:
    cases.append({"kind": "pass_hat", "n": n, "c": c, "k": k, "x": c - k + 1, "d": n - c})
# Beta-Binomial posterior predictive 1 − B(a′, b′+k)/B(a′, b′): x = b′, d = a′ (real).
for a, b, n, c, k in [
    (0.37, 2.9, 128, 0, 10**9), (0.37, 2.9, 128, 5, 1000), (1e-6, 1e6, 10**6, 0, 10**9),
    (1e6, 1e-6, 10, 0, 10**9), (0.05, 40.0, 10000, 1, 10**7), (2.5, 2.5, 10**9, 1, 10**9),
    (1e6, 1e6, 10**6, 3, 10**9), (0.8, 1e6, 1, 0, 10**9), (3.3, 0.7, 50, 50, 7), (1e-6, 1e-6, 1, 0, 1),
]:
    cases.append({"kind": "bb", "a": a, "b": b, "n": n, "c": c, "k": k, "x": b + n - c, "d": a + c})

out = []
for case in cases:
    l = ln_ratio(case["x"], case["d"], case["k"])
    case["ln_ratio"] = float(l)
    case["ratio"] = float(exp(l))
    case["one_minus_ratio"] = float(-expm1(l))
    out.append(case)
print(json.dumps({"source": "mpmath loggamma at 80 digits (tests/reference/gen_gamma_ratio.py)", "cases": out}, indent=1))
