"""Reference values for passk's spreads (issue 17), computed independently with mpmath at 60
significant digits: the Bayesian interval's posterior sd (estimators.md §3) where E[X²] − E[X]²
cancels (n = 10^6 … 10^9), the unbiased sampling-variance estimate of pass@k, Hoeffding's
exact variance of the unbiased estimator, and G-Pass@k_τ / mG-Pass@k tails at large n and k.

Run `python3 tests/reference/gen_spread.py > tests/reference/spread.json` (needs
`pip install mpmath`); the output is committed so that `cargo test` needs no Python.
"""
import json
import math
from mpmath import mp, mpf, loggamma, exp, sqrt

mp.dps = 60


def ln_gamma_ratio(x, d, k):
    """ln [Γ(x+k)Γ(x+d) / (Γ(x)Γ(x+d+k))]."""
    return loggamma(x + k) + loggamma(x + d) - loggamma(x) - loggamma(x + d + k)


def interval_sd(n, c, a0, b0, k, hat):
    """Posterior sd of g for one task: Beta(a0 + c, b0 + n − c), X = (1−p)^k or p^k."""
    a, b = mpf(a0) + c, mpf(b0) + n - c
    x, d = (a, b) if hat else (b, a)
    m1 = exp(ln_gamma_ratio(x, d, k))
    m2 = exp(ln_gamma_ratio(x, d, 2 * k))
    return sqrt(m2 - m1 * m1)


def ln_choose(n, k):
    return loggamma(mpf(n) + 1) - loggamma(mpf(k) + 1) - loggamma(mpf(n - k) + 1)


def sampling_variance(n, c, k):
    """V̂ = C(n−c,k)²/C(n,k)² − C(n−c,2k)/C(n,2k)."""
    r_k = exp(ln_choose(n - c, k) - ln_choose(n, k)) if n - c >= k else mpf(0)
    r_2k = exp(ln_choose(n - c, 2 * k) - ln_choose(n, 2 * k)) if n - c >= 2 * k else mpf(0)
    return r_k * r_k - r_2k


def hypergeom_pmf(n, c, k, j):
    if j < max(0, k - (n - c)) or j > min(c, k):
        return mpf(0)
    return exp(ln_choose(c, j) + ln_choose(n - c, k - j) - ln_choose(n, k))


def support(n, c, k):
    return max(0, k - (n - c)), min(c, k)


def pmf_terms(n, c, k):
    """Every P(X = j) over the support, by one exact start and the rational ratios."""
    lo, hi = support(n, c, k)
    p = hypergeom_pmf(n, c, k, lo)
    out = {lo: p}
    for j in range(lo, hi):
        p = p * mpf(c - j) * (k - j) / ((j + 1) * mpf(n - c - k + j + 1))
        out[j + 1] = p
    return out


def g_pass(n, c, k, taus):
    """G-Pass@k at each τ (threshold max(1, ceil(τk − 1e-12))) and mG-Pass@k."""
    terms = pmf_terms(n, c, k)
    half = (k + 1) // 2
    tails = []
    for tau in taus:
        t = max(1, math.ceil(tau * k - 1e-12))
        tails.append(sum((p for j, p in terms.items() if j >= t), mpf(0)))
    mg = 2 * sum((p * (j - half) for j, p in terms.items() if j > half), mpf(0)) / k
    return tails, mg


def exact_variance(n, k, p):
    """Hoeffding: Σ_{j=1..k} C(k,j)C(n−k,k−j)/C(n,k)·(q^{2k−j} − q^{2k})."""
    q = 1 - mpf(p)
    total = mpf(0)
    for j, h in pmf_terms(n, k, k).items():
        if j >= 1:
            total += h * (q ** (2 * k - j) - q ** (2 * k))
    return total


out = {"source": "mpmath at 60 digits (tests/reference/gen_spread.py)"}

cases = []
for n in [10**6, 10**7, 10**8, 10**9]:
    for c in [0, 1, 2, 7, n // 2, n - 1, n]:
        for k in [1, 2, 10, 1000, 10**6]:
            for (a0, b0) in [(1.0, 1.0), (0.5, 0.5)]:
                cases.append({"n": n, "c": c, "k": k, "prior": [a0, b0],
                              "sd_pass_at_k": float(interval_sd(n, c, a0, b0, k, False)),
                              "sd_pass_hat_k": float(interval_sd(n, c, a0, b0, k, True))})
out["interval_sd"] = cases

cases = []
for n in [10**6, 10**7, 10**8, 10**9]:
    for c in [1, 2, 10, n // 3, n - 1]:
        for k in [1, 2, 8, 64, 1000, 10**5]:
            cases.append({"n": n, "c": c, "k": k, "v": float(sampling_variance(n, c, k))})
out["sampling_variance"] = cases

cases = []
for (n, k) in [(128, 1), (128, 8), (128, 64), (10**4, 100), (10**6, 1000), (10**9, 10)]:
    for p in [1e-6, 0.01, 0.3, 0.5, 0.97]:
        cases.append({"n": n, "k": k, "p": p, "v": float(exact_variance(n, k, p))})
out["exact_variance"] = cases

taus = [0.0, 0.5, 0.75, 0.7, 1.0]
cases = []
for (n, c, k) in [(128, 37, 8), (128, 37, 64), (1000, 999, 100), (10**4, 30, 2000),
                  (10**6, 500_000, 1000), (10**6, 10, 10**4), (10**6, 999_990, 5000),
                  (10**6, 300_000, 10**5), (10**9, 123_456_789, 64)]:
    tails, mg = g_pass(n, c, k, taus)
    cases.append({"n": n, "c": c, "k": k, "taus": taus,
                  "tails": [float(t) for t in tails], "mg": float(mg)})
out["g_pass"] = cases

print(json.dumps(out, indent=0))
