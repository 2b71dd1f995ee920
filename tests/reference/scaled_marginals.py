"""Independent values of the scaled-Beta and scaled-Kumaraswamy marginal likelihoods (issue 38).

ln P(c | n) = ln C(n, c) + ln ∫₀¹ (s x)^c (1 − s x)^(n − c) f(x) dx, computed with mpmath at 40
digits: the integral by mpmath's tanh-sinh quadrature in u = x^a (no singularity at 0: a plain
quadrature in x misses mass of x^(a−1) for a ≈ 0.05, by 2 % here), split at the peak and a few
widths either side, its error estimate asserted below 1e-20; for the scaled Beta also the exact
Pfaff series where n ≤ 2000 (asserted equal to 1e-25). A different code path from passk's (a
float series for the scaled Beta, its own quadrature in x for the Kumaraswamy).

Writes tests/fixtures/scaled/marginals.json; `python3 tests/reference/scaled_marginals.py` again
reproduces it (passk-core's scaled tests read it).
"""
import json
import os

import mpmath as mp
from mp_peak import peak_pieces

mp.mp.dps = 40

CASES = [
    # family, a, b, s, n, c
    ("scaled_beta", 0.05, 2.0, 0.5, 100, 0),
    ("scaled_beta", 0.05, 2.0, 0.5, 100, 3),
    ("scaled_beta", 0.35, 2.5, 0.6, 100, 17),
    ("scaled_beta", 0.5, 1.5, 0.4, 100, 40),
    ("scaled_beta", 1.3, 0.7, 0.9, 128, 128),
    ("scaled_beta", 0.3, 0.8, 1.0, 50, 20),
    ("scaled_beta", 0.2, 3.0, 0.3, 10000, 0),
    ("scaled_beta", 0.2, 3.0, 0.3, 10000, 57),
    ("scaled_beta", 2.0, 5.0, 0.8, 100000, 23000),
    ("scaled_beta", 0.08, 0.4, 0.95, 100000, 3),
    ("kumaraswamy", 0.05, 2.0, 0.5, 100, 0),
    ("kumaraswamy", 0.05, 2.0, 0.5, 100, 3),
    ("kumaraswamy", 0.35, 2.5, 0.6, 100, 17),
    ("kumaraswamy", 0.5, 1.5, 0.4, 100, 40),
    ("kumaraswamy", 1.3, 0.7, 0.9, 128, 128),
    ("kumaraswamy", 0.3, 0.8, 1.0, 50, 20),
    ("kumaraswamy", 0.2, 3.0, 0.3, 10000, 0),
    ("kumaraswamy", 0.2, 3.0, 0.3, 10000, 57),
    ("kumaraswamy", 2.0, 5.0, 0.8, 100000, 23000),
    ("kumaraswamy", 0.08, 0.4, 0.95, 100000, 3),
]


def ln_marginal(family, a, b, s, n, c):
    """ln C(n, c) + ln ∫ (s x)^c (1 − s x)^m f(x) dx, by quadrature in u = x^a (which takes the
    x^(a−1) singularity at 0 into the measure: f(x) dx = a·b·(1 − u)^(b−1) du for the
    Kumaraswamy, u^0·(1 − u^(1/a))^(b−1) du/(a·B(a, b)) for the Beta), split at the peak."""
    a, b, s = mp.mpf(a), mp.mpf(b), mp.mpf(s)
    m = n - c
    if family == "scaled_beta":
        ln_h = lambda u: (b - 1) * mp.log(1 - u ** (1 / a)) - mp.log(a * mp.beta(a, b))
    else:
        ln_h = lambda u: mp.log(b) + (b - 1) * mp.log(1 - u)
    def ln_g(u):
        x = u ** (1 / a)
        return c * mp.log(s * x) + m * mp.log(1 - s * x) + ln_h(u)
    pts = [mp.mpf(0), mp.mpf(1)]
    top = 0
    # Pieces around the peak at a few widths, where the curvature says.
    found = peak_pieces(ln_g, mp.mpf("1e-30"), 1 - mp.mpf("1e-30"), 200)
    if found:
        top, pts = found
    val, err = mp.quad(lambda u: mp.exp(ln_g(u) - top), pts, maxdegree=14, error=True)
    assert err < mp.mpf("1e-20") * val, (family, a, b, s, n, c, val, err)
    ln_choose = mp.log(mp.binomial(n, c))
    out = ln_choose + top + mp.log(val)
    if family == "scaled_beta":
        # The Pfaff series, all terms positive (passk-core sums the same identity in f64).
        series = mp.fsum(mp.binomial(m, j) * s ** (c + j) * (1 - s) ** (m - j) * mp.rf(b, j) / mp.rf(a + b + c, j)
                         for j in range(m + 1)) if m <= 2000 else None
        if series is not None:
            alt = ln_choose + mp.log(mp.beta(a + c, b) / mp.beta(a, b) * series)
            assert abs(alt - out) < mp.mpf("1e-25"), (alt, out)
    return float(out)


def main():
    out = []
    for fam, a, b, s, n, c in CASES:
        out.append({"family": fam, "a": a, "b": b, "scale": s, "n": n, "c": c,
                    "ln_marginal": ln_marginal(fam, a, b, s, n, c)})
        print(out[-1])
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "fixtures", "scaled", "marginals.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump({"source": "tests/reference/scaled_marginals.py (mpmath, 40 digits)",
                   "cases": out}, f, indent=1)


if __name__ == "__main__":
    main()
