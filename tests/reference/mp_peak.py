"""The peak of a log-integrand at high precision, for the reference scripts' quadratures: where
the slope changes sign, found by bisection, and the break points that split the integral there
(mpmath's tanh-sinh is exact to its digits on each smooth piece).
"""
import mpmath as mp


def peak_pieces(ln_g, lo, hi, bisections):
    """(ln_g at its peak in (lo, hi), the break points 0, peak − 8w, peak, peak + 8w, 1 that
    lie in [0, 1], w = the peak's width from its curvature), or None where the slope does not
    change sign from + at lo to − at hi."""
    d = lambda v: mp.diff(ln_g, v)
    if not (d(lo) > 0 and d(hi) < 0):
        return None
    for _ in range(bisections):
        mid = (lo + hi) / 2
        if d(mid) > 0:
            lo = mid
        else:
            hi = mid
    peak = (lo + hi) / 2
    w = 1 / mp.sqrt(-mp.diff(ln_g, peak, 2))
    inner = [p for p in (peak - 8 * w, peak, peak + 8 * w) if 0 < p < 1]
    return ln_g(peak), sorted(set([mp.mpf(0)] + inner + [mp.mpf(1)]))
