"""scorio 0.2.3 reference values for passk's item response fits (rank group `irt`).

Run with /work/main/bench/.venv/bin/python gen_rank_irt.py (writes rank_irt.json beside it);
with --priors-only it adds the independent optimum of passk's rasch_2pl_priors (no scorio
counterpart) to the rank_irt.json there.

scorio.rank.rasch, rasch_map, rasch_2pl and rasch_2pl_map with default arguments
(prior = Gaussian var 1, reg_discrimination = 0.01, max_iter = 500) and
return_item_params=True, on the DeepScaleR pair and the seven Pythia series.

scorio refuses (ValueError) any task that every series passes on every sample or fails on
every sample (no finite difficulty); passk leaves such tasks out of the fit and says so, so
scorio is run here on the informative tasks only (their indices are recorded).

Independent optimum: the same penalised negative log-likelihood (scorio's objective, b centred)
minimised by a dense damped Newton method (Levenberg: scipy.linalg Cholesky of H + mu I, mu
raised until the objective falls, dropped to 0 near the optimum) with the exact Hessian, in the
unconstrained parametrisation b_M = -(b_1 + ... + b_{M-1}), to steps below 1e-12 (scipy's
Newton-CG and trust-exact took too long on the 1,567 2PL parameters of DeepScaleR). Its inverse Hessian gives the Fisher (observed-information)
standard errors of theta, b and log a. scorio's gap = its objective minus this optimum's.

0/1 matrices: per task c ones then n - c zeros (np.int8), as gen_scorio_ref.py.
"""

import csv
import json
import math
import platform
import time
from pathlib import Path

import numpy as np
import scipy
import scipy.linalg
import scipy.sparse
import scorio
from scipy.optimize import minimize
from scipy.special import expit
from scorio import rank as sr

HERE = Path(__file__).resolve().parent
DATA = Path("/work/shared/data/real")
PYTHIA_ORDER = [
    "Pythia 70M",
    "Pythia 160M",
    "Pythia 410M",
    "Pythia 1B",
    "Pythia 2.8B",
    "Pythia 6.9B",
    "Pythia 12B",
]
REG = 0.01
PRIOR_VAR = 1.0


def enc(x):
    if isinstance(x, dict):
        return {str(k): enc(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [enc(v) for v in x]
    if isinstance(x, np.ndarray):
        return enc(x.tolist())
    if isinstance(x, (np.bool_, bool)):
        return bool(x)
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, (float, np.floating)):
        x = float(x)
        if math.isnan(x):
            return "nan"
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return x
    return x


def load_deepscaler():
    out = []
    for name in ["deepscaler_base", "deepscaler_rl"]:
        rows = [json.loads(l) for l in open(DATA / f"{name}.jsonl")]
        out.append(rows)
    ids = [r["id"] for r in out[0]]
    n = out[0][0]["n"]
    by = [{r["id"]: r for r in rows} for rows in out]
    k = np.array([[by[s][i]["c"] for i in ids] for s in range(2)], dtype=float)
    assert all(by[s][i]["n"] == n for s in range(2) for i in ids)
    return k, n


def load_pythia():
    by = {}
    for r in csv.DictReader(open(DATA / "pythia_math_n10000.csv")):
        by.setdefault(r["model"], {})[int(r["task"])] = (int(r["n"]), int(r["c"]))
    tasks = sorted(by[PYTHIA_ORDER[0]])
    k = np.array([[by[m][t][1] for t in tasks] for m in PYTHIA_ORDER], dtype=float)
    return k, 10000


def tensor(k, n):
    L, M = k.shape
    R = np.zeros((L, M, n), dtype=np.int8)
    for l in range(L):
        for m in range(M):
            R[l, m, : int(k[l, m])] = 1
    return R


def objective(z, k, n, L, M, two_pl, prior_var, hess=True, reg=REG, prior_b_var=None):
    """f, gradient and (if hess) Hessian in the full parameters (theta, b, log a); reg the
    weight of sum (log a)^2, prior_b_var the variance of a Gaussian prior on each b (none in
    scorio's fits)."""
    th, b = z[:L], z[L : L + M]
    u = z[L + M :] if two_pl else np.zeros(M)
    a = np.exp(u)
    d = th[:, None] - b[None, :]
    eta = a[None, :] * d
    p = expit(eta)
    f = np.sum(n * np.logaddexp(0.0, eta) - k * eta)
    r = n * p - k
    w = n * p * (1 - p)
    g = [(r * a).sum(1), -(r * a).sum(0)]
    if two_pl:
        f += reg * np.sum(u**2)
        g.append((r * eta).sum(0) + 2 * reg * u)
    if prior_var is not None:
        f += 0.5 * np.sum(th**2) / prior_var
        g[0] = g[0] + th / prior_var
    if prior_b_var is not None:
        f += 0.5 * np.sum(b**2) / prior_b_var
        g[1] = g[1] + b / prior_b_var
    if not hess:
        return f, np.concatenate(g), None
    P = L + M + (M if two_pl else 0)
    H = np.zeros((P, P))
    H[np.arange(L), np.arange(L)] = (w * a**2).sum(1)
    H[:L, L : L + M] = -w * a**2
    H[L + np.arange(M), L + np.arange(M)] = (w * a**2).sum(0)
    if two_pl:
        H[:L, L + M :] = w * a * eta + r * a
        H[L + np.arange(M), L + M + np.arange(M)] = (-w * a * eta - r * a).sum(0)
        H[L + M + np.arange(M), L + M + np.arange(M)] = (w * eta**2 + r * eta).sum(0) + 2 * reg
    if prior_var is not None:
        H[np.arange(L), np.arange(L)] += 1 / prior_var
    if prior_b_var is not None:
        H[L + np.arange(M), L + np.arange(M)] += 1 / prior_b_var
    H = np.triu(H) + np.triu(H, 1).T
    return f, np.concatenate(g), H


def independent(k, n, two_pl, prior_var, reg=REG, prior_b_var=None):
    L, M = k.shape
    P = L + M + (M if two_pl else 0)
    # z = T x, x drops b_M (b_M = -sum of the other b).
    T = scipy.sparse.lil_matrix((P, P - 1))
    for i in range(L):
        T[i, i] = 1.0
    for i in range(M - 1):
        T[L + i, L + i] = 1.0
        T[L + M - 1, L + i] = -1.0
    if two_pl:
        for i in range(M):
            T[L + M + i, L + M - 1 + i] = 1.0
    T = T.tocsr()
    def fg(x):
        f, g, _ = objective(T @ x, k, n, L, M, two_pl, prior_var, False, reg, prior_b_var)
        return f, T.T @ g

    def fx(x):
        f, g, H = objective(T @ x, k, n, L, M, two_pl, prior_var, True, reg, prior_b_var)
        HT = np.asarray((T.T @ H.T).T)  # H T (H symmetric)
        return f, T.T @ g, np.asarray(T.T @ HT)

    p = np.clip((k + 0.5) / (n + 1.0), 1e-6, 1 - 1e-6)
    ms, qd = p.mean(1), p.mean(0)
    z0 = np.concatenate(
        [np.log(ms / (1 - ms)), -np.log(qd / (1 - qd))] + ([np.zeros(M)] if two_pl else [])
    )
    z0[L : L + M] -= z0[L : L + M].mean()
    x0 = np.concatenate([z0[:L], z0[L : L + M - 1]] + ([z0[L + M :]] if two_pl else []))
    # Dense damped Newton (Levenberg: H + mu I until Cholesky succeeds and f falls).
    x, mu, nit = x0, 0.0, 0
    for nit in range(1, 501):
        f, g, H = fx(x)
        while True:
            try:
                c = scipy.linalg.cho_factor(H + mu * np.eye(len(x)))
                d = -scipy.linalg.cho_solve(c, g)
            except np.linalg.LinAlgError:
                mu = max(2 * mu, 1e-8)
                continue
            fn = fg(x + d)[0]
            if fn <= f + 1e-12 * abs(f) or np.max(np.abs(d)) < 1e-14:
                break
            mu = max(4 * mu, 1e-8)
        x = x + d
        mu = mu / 10 if mu > 1e-12 else 0.0
        if np.max(np.abs(d)) < 1e-12 * max(1.0, np.max(np.abs(x))) and mu == 0.0:
            break
    f, g, H = fx(x)
    Hinv = np.linalg.inv(H)
    se = np.sqrt(np.einsum("ij,ij->i", T @ Hinv, T.toarray()))
    z = T @ x
    out = {
        "objective": f,
        "grad_inf_norm": float(np.max(np.abs(g))),
        "newton_iterations": nit,
        "theta": z[:L],
        "difficulty": z[L : L + M],
        "se_theta": se[:L],
        "se_difficulty": se[L : L + M],
    }
    if two_pl:
        out["log_discrimination"] = z[L + M :]
        out["se_log_discrimination"] = se[L + M :]
    return out


def at_scorio(k, n, two_pl, prior_var, theta, beta, a):
    L, M = k.shape
    z = np.concatenate([theta, beta] + ([np.log(a)] if two_pl else []))
    f, g, _ = objective(z, k, n, L, M, two_pl, prior_var, hess=False)
    # The gradient projected on the constraint sum(b) = 0 (scorio's centred b).
    g[L : L + M] -= g[L : L + M].mean()
    return f, float(np.max(np.abs(g)))


def run_set(k_all, n, out, key):
    L, M_all = k_all.shape
    tot = k_all.sum(0)
    keep = np.where((tot > 0) & (tot < L * n))[0]
    k = k_all[:, keep]
    R = tensor(k, n)
    res = {
        "n": n,
        "tasks_total": M_all,
        "informative_tasks": keep,
        "all_fail_tasks": np.where(tot == 0)[0],
        "all_pass_tasks": np.where(tot == L * n)[0],
    }
    specs = [
        ("rasch", sr.rasch, False, None),
        ("rasch_map", sr.rasch_map, False, PRIOR_VAR),
        ("rasch_2pl", sr.rasch_2pl, True, None),
        ("rasch_2pl_map", sr.rasch_2pl_map, True, PRIOR_VAR),
    ]
    for name, fn, two_pl, pv in specs:
        rec = {}
        print(name, "...", flush=True)
        t0 = time.perf_counter()
        try:
            ranks, scores, params = fn(R, return_scores=True, return_item_params=True)
            rec["seconds"] = time.perf_counter() - t0
            rec["ranks"] = ranks
            rec["scores"] = scores
            rec["difficulty"] = params["difficulty"]
            if two_pl:
                rec["discrimination"] = params["discrimination"]
            f, gn = at_scorio(
                k, n, two_pl, pv, scores, params["difficulty"],
                params.get("discrimination"),
            )
            rec["objective_at_scorio"] = f
            rec["grad_inf_norm_at_scorio"] = gn
        except Exception as exc:
            rec["seconds"] = time.perf_counter() - t0
            rec["error"] = f"{type(exc).__name__}: {exc}"
        t0 = time.perf_counter()
        rec["independent"] = independent(k, n, two_pl, pv)
        rec["independent"]["seconds"] = time.perf_counter() - t0
        if "objective_at_scorio" in rec:
            rec["scorio_gap"] = rec["objective_at_scorio"] - rec["independent"]["objective"]
        res[name] = rec
        out[key] = res
        (HERE / "rank_irt.json").write_text(json.dumps(enc(out), indent=1, allow_nan=False))
        print(name, {kk: v for kk, v in rec.items() if kk in ("seconds", "scorio_gap", "error")})
    return res


# passk's 2PL with priors on ln a and b (rasch_2pl_priors: not one of scorio's, whose 2PL
# fits have no interior estimate on these files): ln a ~ N(0, 1), b ~ N(0, 5^2), theta free.
PRIORS_REG = 0.5
PRIORS_B_VAR = 25.0


def priors_only():
    """Adds the independent optimum of rasch_2pl_priors to rank_irt.json (the rest kept)."""
    out = json.loads((HERE / "rank_irt.json").read_text())
    for key, load in [("pythia", load_pythia), ("deepscaler", load_deepscaler)]:
        k_all, n = load()
        L = k_all.shape[0]
        tot = k_all.sum(0)
        keep = np.where((tot > 0) & (tot < L * n))[0]
        assert list(keep) == out[key]["informative_tasks"]
        t0 = time.perf_counter()
        rec = independent(k_all[:, keep], n, True, None, PRIORS_REG, PRIORS_B_VAR)
        rec["seconds"] = time.perf_counter() - t0
        out[key]["rasch_2pl_priors"] = {"independent": rec}
        print(key, "rasch_2pl_priors", rec["newton_iterations"], rec["grad_inf_norm"])
    out["meta"]["rasch_2pl_priors"] = (
        "passk's own 2PL: + 0.5*sum(log a)^2 + sum b^2/(2*25), theta free, sum b = 0 "
        "(python gen_rank_irt.py --priors-only)"
    )
    (HERE / "rank_irt.json").write_text(json.dumps(enc(out), indent=1, allow_nan=False))


def main():
    out = {
        "meta": {
            "scorio_version": scorio.__version__,
            "numpy_version": np.__version__,
            "scipy_version": scipy.__version__,
            "python_version": platform.python_version(),
            "defaults": "prior=1.0 (Gaussian var 1), reg_discrimination=0.01, max_iter=500",
            "objective": "sum n*log1p(e^eta) - k*eta (+ 0.01*sum(log a)^2 for 2PL) "
            "(+ 0.5*sum theta^2 for MAP), eta = a(theta - b), sum b = 0",
        }
    }
    k, n = load_pythia()
    print("pythia", k.shape)
    run_set(k, n, out, "pythia")
    k, n = load_deepscaler()
    print("deepscaler", k.shape)
    run_set(k, n, out, "deepscaler")


if __name__ == "__main__":
    import sys

    priors_only() if "--priors-only" in sys.argv else main()
