"""The scaled fits' whole log-likelihoods on the real files, at 50 digits (issue 50).

For each series of the shared real files (DeepScaleR base and RL, the seven Pythia models) and
each family, at the parameter point scipy's independent optimiser found
(tests/fixtures/scaled/fits.json, written by scaled_fits.py), computes

    ℓ(a, b, s) = Σ_groups w · [ln C(n, c) + ln ∫₀¹ (s x)^c (1 − s x)^(n − c) f(x; a, b) dx]

with mpmath at 50 digits: the scaled Beta by the terminating hypergeometric series after
Pfaff's transformation, ∫ = s^c·B(a + c, b)/B(a, b)·(1 − s)^m·₂F₁(−m, b; a + b + c; s/(s − 1))
(every term positive, summed exactly at 50 digits); the Kumaraswamy by mpmath's tanh-sinh
quadrature in v = (1 − x^a)^b, uniform under the density (no singularity left at either end),
split at the peak and eight widths either side, its error estimate asserted below 1e-28 of the
value. Neither shares code with passk-core (a tanh-sinh grid shared by the groups, f64).

Writes tests/fixtures/scaled/loglik.json, which crates/passk-core/tests/scaled_grid.rs reads:
passk's ℓ at these points must agree to 1e-12 relative. Takes a few minutes; run with
python3 (mpmath from PyPI).
"""
import json
import os

import mpmath as mp
from mp_peak import peak_pieces
from real_series import load

mp.mp.dps = 50

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")


def ln_beta_group(a, b, s, n, c):
    m = n - c
    z = s / (s - 1)
    # ₂F₁(−m, b; γ; z) = Σ_j C(m, j)·(b)_j/(γ)_j·(−z)^j, −z = s/(1 − s) > 0: positive terms.
    gamma = a + b + c
    term, total = mp.mpf(1), mp.mpf(1)
    for j in range(m):
        term *= (m - j) * (b + j) / ((j + 1) * (gamma + j)) * (-z)
        total += term
    return (c * mp.log(s) + mp.log(mp.beta(a + c, b)) - mp.log(mp.beta(a, b))
            + m * mp.log(1 - s) + mp.log(total))


def ln_kuma_group(a, b, s, n, c):
    """In v = (1 − x^a)^b, uniform under the Kumaraswamy: ∫ g(x) f(x) dx = ∫₀¹ g(x(v)) dv with
    x = (1 − v^(1/b))^(1/a), no singularity left at either end."""
    m = n - c

    def ln_g(v):
        x = (-mp.expm1(mp.log(v) / b)) ** (1 / a)
        return (c * mp.log(s * x) if c else 0) + m * mp.log(1 - s * x)

    scan = [mp.mpf(10) ** (-mp.mpf(k) / 20) for k in range(1, 800)]
    scan += [1 - v for v in scan if v < mp.mpf("0.5")]
    best = max(scan, key=ln_g)
    top = ln_g(best)
    pts = [mp.mpf(0), best, mp.mpf(1)]
    found = peak_pieces(ln_g, best / 2, min(best * 2, (1 + best) / 2), 220)
    if found:
        top, pts = found
    val, err = mp.quad(lambda v: mp.exp(ln_g(v) - top), pts, maxdegree=16, error=True)
    assert err < mp.mpf("1e-28") * val, (a, b, s, n, c, val, err)
    return top + mp.log(val)


def main():
    series = load()
    with open(os.path.join(ROOT, "tests", "fixtures", "scaled", "fits.json")) as f:
        points = json.load(f)["fits"]
    out = []
    for p in points:
        a, b, s = mp.mpf(p["a"]), mp.mpf(p["b"]), mp.mpf(p["scale"])
        group = ln_beta_group if p["family"] == "scaled_beta" else ln_kuma_group
        total = mp.mpf(0)
        for (n, c), w in sorted(series[p["series"]].items()):
            total += w * (mp.log(mp.binomial(n, c)) + group(a, b, s, n, c))
        out.append({"series": p["series"], "family": p["family"], "a": p["a"], "b": p["b"],
                    "scale": p["scale"], "log_likelihood": mp.nstr(total, 30)})
        print(out[-1], flush=True)
    path = os.path.join(ROOT, "tests", "fixtures", "scaled", "loglik.json")
    with open(path, "w") as f:
        json.dump({"source": "tests/reference/scaled_loglik.py (mpmath, 50 digits)",
                   "points": out}, f, indent=1)


if __name__ == "__main__":
    main()
