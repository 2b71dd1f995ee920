"""scorio 0.2.3's paired-comparison and Luce likelihoods on the passk real data, and their
exact maxima found independently (rank_likelihood.json, for tests/rank_likelihood.rs).

Run: /work/main/bench/.venv/bin/python gen_rank_likelihood.py  (about 30 minutes)

Data: the DeepScaleR pair (base, rl) and the seven Pythia series (PYTHIA_ORDER), each task
laid out as c ones then n - c zeros (gen_scorio_ref.matrix). Every method runs with scorio's
defaults and return_scores=True. scorio's optimiser (L-BFGS-B with finite differences, or
MM for plackett_luce) stops short of the maximum, so each method is also maximised here:

* the objective is rebuilt in numpy from scorio's own sufficient statistics
  (build_pairwise_wins / build_pairwise_counts, and the events of
  listwise._extract_winners_losers_events counted by winner set), and checked against
  scorio's own objective function (captured by wrapping scipy's minimize inside scorio)
  at the maximum: "objective_check_rel";
* it is maximised by Newton's method over (theta_1..theta_{L-1}, theta_L = 0, tie
  parameters) with complex-step gradients (exact to rounding) and a central-difference
  Hessian of them, from scorio's answer until a step is below 1e-13;
* standard errors: the diagonal of P C P, C the inverse of minus that Hessian, P the
  centring (theta centred, sum zero).

Davidson-Luce on all of Pythia: one evaluation of scorio's objective takes seconds and its
L-BFGS-B needs hundreds, so scorio's fit runs on a documented reduction, "pythia_c20":
c // 20 of n // 20 = 500 samples per task (all methods run there too); on full Pythia the
JSON keeps the maximum and scorio's objective checked at it (one evaluation: 8 s). Even
on the reduction scorio's davidson_luce and davidson_luce_map take 515 s and 565 s (its
objective recomputes the denominator's elementary symmetric sums for every event); every
other call is under 3 minutes (bradley_terry_luce on all of Pythia: 163 s).
"""

import itertools
import json
import math
import platform
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import scipy
import scorio
import importlib
from scorio import rank as sr
from scorio.rank._base import build_pairwise_counts, build_pairwise_wins

# The modules (scorio.rank re-exports functions of the same names).
sbt = importlib.import_module("scorio.rank.bradley_terry")
slw = importlib.import_module("scorio.rank.listwise")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gen_scorio_ref import PYTHIA_ORDER, enc, load_deepscaler, load_pythia, matrix  # noqa: E402

KAPPA = 1.1
VAR = 1.0

# ---- scorio's objective, captured ------------------------------------------------------


class Captured(Exception):
    pass


CAPTURE = {"fun": None, "result": None, "abort": False}
_real_minimize = sbt.minimize


def _wrapped_minimize(fun, x0, *a, **k):
    CAPTURE["fun"] = fun
    if CAPTURE["abort"]:
        raise Captured()
    res = _real_minimize(fun, x0, *a, **k)
    CAPTURE["result"] = res
    return res


sbt.minimize = _wrapped_minimize
slw.minimize = _wrapped_minimize

# ---- objectives (to maximise) over reduced parameters, complex-safe ----------------------


def lse(a, axis=None):
    return np.log(np.sum(np.exp(a), axis=axis))


def full_theta(xr, L):
    th = np.concatenate([xr[: L - 1], np.zeros(1, dtype=xr.dtype)])
    return th - th.mean()


def prior_term(th, var):
    return 0.0 if var is None else -np.sum(th * th) / (2 * var)


def obj_bt(W, var):
    L = W.shape[0]

    def f(xr):
        th = full_theta(xr, L)
        d = th[:, None]
        both = np.log(np.exp(d) + np.exp(th[None, :]))
        return np.sum(W * (d - both)) + prior_term(th, var)

    return f, L - 1


def obj_davidson(W, T, var):
    L = W.shape[0]
    iu = np.triu_indices(L, 1)

    def f(xr):
        th = full_theta(xr, L)
        lam = xr[L - 1]
        ti, tj = th[iu[0]], th[iu[1]]
        tie = lam + (ti + tj) / 2
        den = np.log(np.exp(ti) + np.exp(tj) + np.exp(tie))
        ll = W[iu] * (ti - den) + W.T[iu] * (tj - den) + T[iu] * (tie - den)
        return np.sum(ll) + prior_term(th, var)

    return f, L


def obj_rk(W, T, kappa, var):
    L = W.shape[0]
    iu = np.triu_indices(L, 1)

    def f(xr):
        th = full_theta(xr, L)
        pi = np.exp(th)
        a, b = pi[iu[0]], pi[iu[1]]
        dij, dji = a + kappa * b, kappa * a + b
        ll = W[iu] * np.log(a / dij) + W.T[iu] * np.log(b / dji)
        ll = ll + T[iu] * np.log((kappa * kappa - 1) * a * b / (dij * dji))
        return np.sum(ll) + prior_term(th, var)

    return f, L - 1


def event_counts(R):
    events = slw._extract_winners_losers_events(R)
    cnt = Counter(tuple(int(i) for i in w) for w, _ in events)
    return cnt, len(events)


def obj_btl(cnt, L, var):
    rows = []
    for w, c in cnt.items():
        lo = [j for j in range(L) if j not in w]
        for i in w:
            rows.append((i, lo, c))

    def f(xr):
        th = full_theta(xr, L)
        ll = 0.0
        for i, lo, c in rows:
            ll = ll + c * (th[i] - np.log(np.exp(th[i]) + np.sum(np.exp(th[lo]))))
        return ll + prior_term(th, var)

    return f, L - 1


def obj_dl(cnt, L, var):
    D = max(L - 1, 1)
    sizes = sorted({len(w) for w in cnt})
    assert all(s <= D for s in sizes)
    seen = [t for t in range(2, D + 1) if t in sizes]  # delta_t -> 0 for unseen t
    pos = {t: L - 1 + k for k, t in enumerate(seen)}
    subsets = [T for t in [1] + seen for T in itertools.combinations(range(L), t)]
    M = np.zeros((len(subsets), L))
    for r, T in enumerate(subsets):
        M[r, list(T)] = 1.0 / len(T)
    tsize = np.array([len(T) for T in subsets])
    N = sum(cnt.values())

    def f(xr):
        th = full_theta(xr, L)
        ld = {1: 0.0, **{t: xr[pos[t]] for t in seen}}
        logw = M @ th + np.array([ld[t] for t in tsize])
        ll = sum(c * (ld[len(w)] + th[list(w)].mean()) for w, c in cnt.items())
        return ll - N * lse(logw) + prior_term(th, var)

    return f, L - 1 + len(seen), seen


# ---- Newton with complex-step gradients ------------------------------------------------


def grad(f, x):
    h = 1e-30
    g = np.zeros(x.size)
    for k in range(x.size):
        z = x.astype(complex)
        z[k] += 1j * h
        g[k] = f(z).imag / h
    return g


def hess(f, x, e=1e-5):
    H = np.zeros((x.size, x.size))
    for k in range(x.size):
        up, dn = x.copy(), x.copy()
        up[k] += e
        dn[k] -= e
        H[:, k] = (grad(f, up) - grad(f, dn)) / (2 * e)
    return (H + H.T) / 2


def newton(f, x0):
    x = np.array(x0, dtype=float)
    for it in range(100):
        g = grad(f, x)
        H = hess(f, x)
        dx = np.linalg.solve(-H, g)
        size = np.max(np.abs(dx))
        t = 1.0
        if size > 1e-4:
            f0 = f(x)
            while f(x + t * dx) < f0 and t > 1e-12:
                t /= 2
        x = x + t * dx
        if size < 1e-13:
            break
    g = grad(f, x)
    return x, it + 1, float(np.max(np.abs(g))), hess(f, x)


def se_of(H, L):
    """se of the centred theta: P C P, C = (-H)^-1 padded with theta_L's zero row."""
    C = np.linalg.inv(-H)
    p = H.shape[0]
    F = np.zeros((L + p - (L - 1), L + p - (L - 1)))
    idx = list(range(L - 1)) + list(range(L, L + p - (L - 1)))
    F[np.ix_(idx, idx)] = C
    Ct = F[:L, :L]
    P = np.eye(L) - 1.0 / L
    return np.sqrt(np.diag(P @ Ct @ P))


# ---- one method -------------------------------------------------------------------------


def scorio_x(x_opt, L, n_extra):
    th = np.concatenate([x_opt[: L - 1], [0.0]])
    return np.concatenate([th - th.mean(), x_opt[L - 1 : L - 1 + n_extra]])


def run(name, R, L, build, scale_to_one=False, run_scorio=True, n_extra=0, pad=None):
    rec = {}
    CAPTURE.update(fun=None, result=None, abort=not run_scorio)
    start = None
    t0 = time.perf_counter()
    try:
        ranks, scores = getattr(sr, name)(R, return_scores=True)
        rec["scorio"] = {
            "scores": scores,
            "ranks": ranks,
            "seconds": time.perf_counter() - t0,
        }
        res = CAPTURE["result"]
        if res is not None:
            rec["scorio"].update(
                nit=int(res.nit),
                success=bool(res.success),
                message=str(res.message),
                fun=float(res.fun),
                x=res.x,
            )
            xs = np.asarray(res.x, dtype=float)
            th = xs[:L] - xs[:L].mean()
            start = np.concatenate([th[: L - 1] - th[L - 1], xs[L:]])
    except Captured:
        rec["scorio"] = {"skipped": "objective captured only (see the module doc)"}
    f, dim = build()[:2]
    x0 = np.zeros(dim)
    if start is not None and start.size >= dim:
        x0 = start[:dim]
    x, steps, gmax, H = newton(f, x0)
    th = np.concatenate([x[: L - 1], [0.0]])
    th = th - th.mean()
    pi = np.exp(th)
    if scale_to_one:
        pi = pi / pi.sum()
    rec["optimum"] = {
        "scores": pi,
        "theta": th,
        "extra": x[L - 1 :],
        "objective": float(f(x)),
        "newton_steps": steps,
        "grad_max": gmax,
        "se": se_of(H, L),
    }
    if CAPTURE["fun"] is not None:
        xs = scorio_x(x, L, dim - (L - 1))
        if pad is not None:
            xs = pad(xs)
        t1 = time.perf_counter()
        sf = float(CAPTURE["fun"](xs))
        rec["objective_check_rel"] = abs(sf + f(x)) / abs(sf)
        rec["objective_eval_seconds"] = time.perf_counter() - t1
    if "scores" in rec["scorio"]:
        s = np.asarray(rec["scorio"]["scores"], dtype=float)
        rec["scorio_gap"] = float(np.max(np.abs(s - pi) / np.abs(pi)))
    print(name, {k: v for k, v in rec.items() if k not in ("optimum",)}, flush=True)
    return rec


def dataset(R, run_dl=True):
    L = R.shape[0]
    W = build_pairwise_wins(R)
    Wc, T = build_pairwise_counts(R)
    assert np.array_equal(W, Wc)
    cnt, n_events = event_counts(R)
    out = {"events": n_events, "winner_sets": len(cnt), "methods": {}}
    m = out["methods"]
    m["bradley_terry_map"] = run("bradley_terry_map", R, L, lambda: obj_bt(W, VAR))
    m["bradley_terry_davidson"] = run(
        "bradley_terry_davidson", R, L, lambda: obj_davidson(W, T, None)
    )
    m["bradley_terry_davidson_map"] = run(
        "bradley_terry_davidson_map", R, L, lambda: obj_davidson(W, T, VAR)
    )
    m["rao_kupper"] = run("rao_kupper", R, L, lambda: obj_rk(W, T, KAPPA, None))
    m["rao_kupper_map"] = run("rao_kupper_map", R, L, lambda: obj_rk(W, T, KAPPA, VAR))
    m["plackett_luce"] = run(
        "plackett_luce", R, L, lambda: obj_bt(W, None), scale_to_one=True
    )
    m["plackett_luce_map"] = run("plackett_luce_map", R, L, lambda: obj_bt(W, VAR))
    m["bradley_terry_luce"] = run("bradley_terry_luce", R, L, lambda: obj_btl(cnt, L, None))
    m["bradley_terry_luce_map"] = run(
        "bradley_terry_luce_map", R, L, lambda: obj_btl(cnt, L, VAR)
    )
    D = max(L - 1, 1)
    seen = obj_dl(cnt, L, None)[2]

    def pad(xs):  # scorio's delta_2..delta_D; an unseen order at exp(-50) ~ 0
        full = [xs[L + seen.index(t)] if t in seen else -50.0 for t in range(2, D + 1)]
        return np.concatenate([xs[:L], full])

    for nm, var in (("davidson_luce", None), ("davidson_luce_map", VAR)):
        m[nm] = run(
            nm, R, L, lambda var=var: obj_dl(cnt, L, var), run_scorio=run_dl, pad=pad
        )
    out["tie_orders_seen"] = seen
    return out


def main():
    meta = {
        "scorio_version": scorio.__version__,
        "numpy_version": np.__version__,
        "scipy_version": scipy.__version__,
        "python_version": platform.python_version(),
        "matrix_layout": "per task: c ones then n-c zeros (np.int8)",
        "defaults": f"scorio defaults: prior=1.0 (Gaussian var), tie_strength={KAPPA}",
        "scores": "scorio's scale: exp(centred theta); plackett_luce pi / sum(pi)",
        "optimum": "Newton, complex-step gradient, central-difference Hessian, step < 1e-13",
        "nonfinite_encoding": "strings 'inf', '-inf', 'nan'",
    }
    b, n, _ = load_deepscaler("deepscaler_base")
    r, _, _ = load_deepscaler("deepscaler_rl")
    out = {"meta": meta}
    D = np.stack([matrix(b, n), matrix(r, n)])
    out["deepscaler"] = {"models": ["deepscaler_base", "deepscaler_rl"], **dataset(D)}
    py, n, _ = load_pythia()
    C = np.array([py[mm] for mm in PYTHIA_ORDER])
    C20 = C // 20
    P20 = np.stack([matrix(row, n // 20) for row in C20])
    out["pythia_c20"] = {
        "models": PYTHIA_ORDER,
        "reduction": "c // 20 of n // 20 = 500 samples per task",
        "n": n // 20,
        "c": C20,
        **dataset(P20),
    }
    P = np.stack([matrix(row, n) for row in C])
    out["pythia"] = {"models": PYTHIA_ORDER, **dataset(P, run_dl=False)}
    (HERE / "rank_likelihood.json").write_text(json.dumps(enc(out)))


if __name__ == "__main__":
    main()
