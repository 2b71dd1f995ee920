"""An independent optimiser for the scaled-Beta and scaled-Kumaraswamy fits (issue 38).

For each series of the shared real files (DeepScaleR base and RL, the seven Pythia models), the
log marginal likelihood ℓ(a, b, s) = Σ_i ln C(n_i, c_i) + ln ∫₀¹ (s x)^c (1 − s x)^(n−c) f(x) dx is
computed with scipy's adaptive quadrature (QUADPACK) in u = x^a, split at the integrand's peak,
and maximised by scipy's Nelder–Mead from several starts in (ln a, ln b, logit s) — a code path
that shares nothing with passk-core's (a positive series, tanh-sinh quadrature, projected Newton
steps). Writes tests/fixtures/scaled/fits.json, which crates/passk-core/tests/scaled.rs reads: passk's
maximised ℓ must be at least these, within 1e-6 relative.

Run with bench/.venv/bin/python (numpy, scipy from PyPI: `./dev bench` installs them).
"""
import json
import math
import os

import numpy as np
from real_series import load
from scipy import integrate, optimize, special

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")


def ln_task(family, a, b, s, n, c):
    """ln C(n, c) + ln ∫ (s x)^c (1 − s x)^m f(x) dx by QUADPACK's QAWS, whose weight x^α(1 − x)^β
    takes the density's end singularities exactly, split at the likelihood's peak c/(n s)."""
    m = n - c
    if family == "scaled_beta":
        ln_norm = -special.betaln(a, b)
        smooth = lambda x: 0.0
    else:
        ln_norm = math.log(a * b)
        # (1 − x^a)^(b−1) = (1 − x)^(b−1)·[(1 − x^a)/(1 − x)]^(b−1), the bracket smooth (→ a).
        smooth = lambda x: (b - 1) * (math.log(-math.expm1(a * math.log(x))) - math.log1p(-x)) if 0 < x < 1 else (b - 1) * math.log(a) if x >= 1 else 0.0
    def ln_l(x):
        if x <= 0.0:
            return 0.0 if c == 0 else -math.inf
        if m and s * x >= 1.0:
            return -math.inf
        return c * math.log(s * x) + (m * math.log1p(-s * x) if m else 0.0) + smooth(x)
    x0 = min(c / (n * s), 1.0)
    top = ln_l(x0) if x0 > 0 else ln_l(0.0)
    # Left of the peak QAWS weighs by x^(a−1) and g carries (1 − x)^(b−1); right of it the
    # weight is (1 − x)^(b−1) and g carries x^(a−1).
    left = lambda x: math.exp(ln_l(x) + (b - 1) * math.log1p(-x) - top)
    right = lambda x: math.exp(ln_l(x) + (a - 1) * math.log(x) - top)
    full = lambda x: math.exp(ln_l(x) + (a - 1) * math.log(x) + (b - 1) * math.log1p(-x) - top)
    # [0, xl] weighted by x^(a−1), [xl, xr] plain, [xr, 1] weighted by (1 − x)^(b−1); the peak at
    # xl or xr (a peak at 1 itself, c = n with s ≈ 1, sits in the last piece's weight).
    xl, xr = min(x0, 0.5), max(x0, 0.5)
    if xr > 0.999:
        xr = xl = 0.5
    kw = dict(limit=400, epsabs=0, epsrel=1e-13)
    total = 0.0
    if xl > 0:
        total += integrate.quad(left, 0.0, xl, weight="alg", wvar=(a - 1, 0.0), **kw)[0]
    if xr > xl:
        total += integrate.quad(full, xl, xr, **kw)[0]
    total += integrate.quad(right, xr, 1.0, weight="alg", wvar=(0.0, b - 1), **kw)[0]
    return top + math.log(total) + ln_norm + special.gammaln(n + 1) - special.gammaln(c + 1) - special.gammaln(m + 1)


def loglik(family, theta, counts):
    a, b = math.exp(theta[0]), math.exp(theta[1])
    s = 1 / (1 + math.exp(-theta[2]))
    if not (0.01 <= a <= 1e4 and 0.01 <= b <= 1e4 and s >= 1e-3):
        return -math.inf
    return sum(w * ln_task(family, a, b, s, n, c) for (n, c), w in counts.items())


def fit(family, counts):
    best = None
    for a0, b0, s0 in ((0.3, 1.0, 0.9), (0.3, 5.0, 0.5), (1.0, 1.0, 0.99), (0.2, 20.0, 0.999)):
        x0 = [math.log(a0), math.log(b0), math.log(s0 / (1 - s0))]
        r = optimize.minimize(lambda t: -loglik(family, t, counts), x0, method="Nelder-Mead",
                              options={"xatol": 1e-7, "fatol": 1e-9, "maxiter": 4000})
        if best is None or r.fun < best.fun:
            best = r
    a, b = math.exp(best.x[0]), math.exp(best.x[1])
    s = 1 / (1 + math.exp(-best.x[2]))
    return {"a": a, "b": b, "scale": s, "log_likelihood": -best.fun}


def main():
    out = []
    for name, counts in load().items():
        for family in ("scaled_beta", "kumaraswamy"):
            r = fit(family, counts)
            r.update({"series": name, "family": family})
            print(r, flush=True)
            out.append(r)
    path = os.path.join(ROOT, "tests", "fixtures", "scaled", "fits.json")
    with open(path, "w") as f:
        json.dump({"source": "tests/reference/scaled_fits.py (scipy quad + Nelder-Mead)", "fits": out}, f, indent=1)


if __name__ == "__main__":
    main()
