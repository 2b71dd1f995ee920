"""Reference values for passk's posterior-predictive estimators (BB and ZOIBB, spec §4–§5)
for given prior parameters, computed independently with mpmath at 60 significant digits.

Run `python3 tests/reference/gen_posterior.py > tests/reference/posterior.json` (needs
`pip install mpmath`); the output is committed so that `cargo test` needs no Python.
"""
import json
from mpmath import mp, mpf, loggamma, exp, expm1, log

mp.dps = 60


def lnB(a, b):
    return loggamma(a) + loggamma(b) - loggamma(a + b)


def ln_choose(n, c):
    return loggamma(n + 1) - loggamma(c + 1) - loggamma(n - c + 1)


def bb(a, b, n, c, k):
    """BB posterior predictive pass@k and pass^k of one task."""
    a1, b1 = a + c, b + n - c
    at = -expm1(lnB(a1, b1 + k) - lnB(a1, b1))
    hat = exp(lnB(a1 + k, b1) - lnB(a1, b1))
    return at, hat


def zoibb(a, b, pi0, pi1, n, c, k):
    """ZOIBB posterior predictive pass@k and pass^k of one task (estimators.md §5)."""
    s = 1 - pi0 - pi1
    at_beta, hat_beta = bb(a, b, n, c, k)
    if 0 < c < n:
        return at_beta, hat_beta
    r = s * exp(ln_choose(n, c) + lnB(a + c, b + n - c) - lnB(a, b))
    if c == 0:
        wb = r / (pi0 + r)
        return wb * at_beta, wb * hat_beta
    w1 = pi1 / (pi1 + r)
    wb = r / (pi1 + r)
    return w1 + wb * at_beta, w1 + wb * hat_beta


cases = []
params = [
    (0.3020532150632922, 0.22022377651128314, 0.0, 0.0),
    (0.40624491582706757, 0.2364612084910594, 0.06188827326211235, 0.0),
    (0.05, 40.0, 0.3, 0.01),
    (2.5, 0.7, 0.1, 0.25),
    (1e-6, 1e6, 0.5, 0.0),
    (1e6, 1e6, 0.2, 0.2),
    (0.8, 3.0, 1e-9, 1e-9),
]
tasks = [(128, 0), (128, 128), (128, 5), (10, 0), (10, 10), (1, 0), (1, 1), (10**4, 3),
         (10**6, 0), (10**9, 1), (10**9, 10**9), (10**9, 0)]
ks = [1, 2, 100, 10**4, 10**6, 10**9]
for (a, b, pi0, pi1) in params:
    for (n, c) in tasks:
        for k in ks:
            at, hat = zoibb(mpf(a), mpf(b), mpf(pi0), mpf(pi1), n, c, k)
            bat, bhat = bb(mpf(a), mpf(b), n, c, k)
            cases.append({"a": a, "b": b, "pi0": pi0, "pi1": pi1, "n": n, "c": c, "k": k,
                          "bb_pass_at_k": float(bat), "bb_pass_hat_k": float(bhat),
                          "zoibb_pass_at_k": float(at), "zoibb_pass_hat_k": float(hat)})
print(json.dumps({"source": "mpmath at 60 digits (tests/reference/gen_posterior.py)",
                  "cases": cases}, indent=0))
