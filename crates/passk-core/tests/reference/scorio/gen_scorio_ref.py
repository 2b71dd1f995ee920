"""Compute scorio 0.2.3 reference values on the passk real data.

Run with /tmp/scorio-venv/bin/python /tmp/scorio_ref/run_scorio_ref.py

0/1 matrices: every task row is built as c ones followed by n-c zeros
(the layout matters only for the rank.* pairwise methods, which compare
trial n of model i with trial n of model j; all eval.* metrics depend only on
the per-row counts c).

JSON: floats are written with Python's repr (json module), i.e. full
round-trip precision.  Non-finite floats are written as the strings
"inf", "-inf", "nan".
"""

import csv
import json
import math
import platform
import sys
import time
from pathlib import Path

import numpy as np
import scipy
import scorio
from scorio import eval as se
from scorio import rank as sr
from scorio import sinf
from scorio.utils import compare_rankings, rank_scores

OUT = Path("/tmp/scorio_ref")
DATA = Path("/work/shared/data/real")
KS = [1, 2, 5, 10, 100]
TAUS = [0.5, 0.75, 1.0]
REPO_COMMIT = "dedc4154f6daf01af79416b8c93560ac4b0fb88e"

META = {
    "scorio_version": scorio.__version__,
    "scorio_source": "PyPI wheel scorio==0.2.3 installed in /tmp/scorio-venv",
    "repo": "github.com/mohsenhariri/scorio",
    "repo_commit_read": REPO_COMMIT,
    "repo_commit_note": (
        "repo HEAD dedc415 (main, VERSION file says 0.2.2) is the newest commit in the "
        "snapshot; the 0.2.3 wheel equals it except gpass.py (_tau_threshold), "
        "_inputs.py (type hint), eval/__init__.py and __init__.py (version) and the "
        "new eval/tailpass.py, eval/_tailpass.py, eval/tailpass_weights.py"
    ),
    "numpy_version": np.__version__,
    "scipy_version": scipy.__version__,
    "python_version": platform.python_version(),
    "matrix_layout": "per task: c ones then n-c zeros (np.int8)",
    "defaults": "alpha0=beta0=1 (Beta(1,1)), confidence=0.95, default bounds",
    "nonfinite_encoding": "strings 'inf', '-inf', 'nan'",
}


def enc(x):
    """Convert results to JSON-safe structures (keeping float repr precision)."""
    if isinstance(x, dict):
        return {str(k): enc(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [enc(v) for v in x]
    if isinstance(x, np.ndarray):
        return enc(x.tolist())
    if isinstance(x, (np.bool_, bool)):
        return bool(x)
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        x = float(x)
        if math.isnan(x):
            return "nan"
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return x
    return x


def timed(records, fn_name, fn, args_desc, *args, **kwargs):
    t0 = time.perf_counter()
    try:
        value = fn(*args, **kwargs)
        err = None
    except Exception as exc:  # keep going; record the error
        value = None
        err = f"{type(exc).__name__}: {exc}"
    dt = time.perf_counter() - t0
    rec = {"function": fn_name, "args": args_desc, "seconds": dt}
    if err is None:
        rec["result"] = enc(value)
    else:
        rec["error"] = err
    records.append(rec)
    return value


def matrix(counts, n):
    R = np.zeros((len(counts), n), dtype=np.int8)
    for i, c in enumerate(counts):
        R[i, :c] = 1
    return R


def load_deepscaler(name):
    rows = [json.loads(l) for l in open(DATA / f"{name}.jsonl")]
    n = rows[0]["n"]
    assert all(r["n"] == n for r in rows)
    return [r["c"] for r in rows], n, [r["id"] for r in rows]


PYTHIA_ORDER = [
    "Pythia 70M",
    "Pythia 160M",
    "Pythia 410M",
    "Pythia 1B",
    "Pythia 2.8B",
    "Pythia 6.9B",
    "Pythia 12B",
]


def load_pythia():
    by = {}
    for r in csv.DictReader(open(DATA / "pythia_math_n10000.csv")):
        by.setdefault(r["model"], {})[int(r["task"])] = (int(r["n"]), int(r["c"]))
    tasks = sorted(by[PYTHIA_ORDER[0]])
    out = {}
    for m in PYTHIA_ORDER:
        ns = {by[m][t][0] for t in tasks}
        assert ns == {10000}
        out[m] = [by[m][t][1] for t in tasks]
    return out, 10000, tasks


def eval_records(R, n):
    recs = []
    ks = [k for k in KS if k <= n]
    base = {"R": "dataset matrix"}
    timed(recs, "scorio.eval.avg", se.avg, dict(base), R)
    timed(recs, "scorio.eval.avg_ci", se.avg_ci, dict(base), R)
    timed(recs, "scorio.eval.bayes", se.bayes, dict(base), R)
    timed(recs, "scorio.eval.bayes_ci", se.bayes_ci, dict(base), R)
    for k in ks:
        a = {"R": "dataset matrix", "k": k}
        timed(recs, "scorio.eval.pass_at_k", se.pass_at_k, a, R, k)
        timed(recs, "scorio.eval.pass_at_k_ci", se.pass_at_k_ci, a, R, k)
        timed(recs, "scorio.eval.pass_hat_k", se.pass_hat_k, a, R, k)
        timed(recs, "scorio.eval.pass_hat_k_ci", se.pass_hat_k_ci, a, R, k)
        timed(recs, "scorio.eval.g_pass_at_k", se.g_pass_at_k, a, R, k)
        timed(recs, "scorio.eval.g_pass_at_k_ci", se.g_pass_at_k_ci, a, R, k)
        for tau in TAUS:
            at = {"R": "dataset matrix", "k": k, "tau": tau}
            timed(recs, "scorio.eval.g_pass_at_k_tau", se.g_pass_at_k_tau, at, R, k, tau)
            timed(
                recs, "scorio.eval.g_pass_at_k_tau_ci", se.g_pass_at_k_tau_ci, at, R, k, tau
            )
        timed(recs, "scorio.eval.mg_pass_at_k", se.mg_pass_at_k, a, R, k)
        timed(recs, "scorio.eval.mg_pass_at_k_ci", se.mg_pass_at_k_ci, a, R, k)
        timed(recs, "scorio.eval.maj_at_k", se.maj_at_k, a, R, k)
        timed(recs, "scorio.eval.maj_at_k_ci", se.maj_at_k_ci, a, R, k)
        timed(recs, "scorio.eval.auc_at_k", se.auc_at_k, a, R, k)
        timed(recs, "scorio.eval.auc_at_k_ci", se.auc_at_k_ci, a, R, k)
        timed(recs, "scorio.eval.max_at_k", se.max_at_k, a, R, k)
        timed(recs, "scorio.eval.max_at_k_ci", se.max_at_k_ci, a, R, k)
        timed(recs, "scorio.eval.geom_at_k", se.geom_at_k, a, R, k)
        timed(recs, "scorio.eval.geom_at_k_ci", se.geom_at_k_ci, a, R, k)
        timed(recs, "scorio.eval.geom_ds_at_k", se.geom_ds_at_k, a, R, k)
        timed(recs, "scorio.eval.geom_ds_at_k_ci", se.geom_ds_at_k_ci, a, R, k)
        timed(recs, "scorio.eval.geo_spectrum_at_k", se.geo_spectrum_at_k, a, R, k)
        timed(recs, "scorio.eval.geo_spectrum_at_k_ci", se.geo_spectrum_at_k_ci, a, R, k)
        w = np.full(k, 1.0 / k)
        aw = {"R": "dataset matrix", "k": k, "weights": "uniform 1/k (length k)"}
        timed(
            recs, "scorio.eval.threshold_spectrum_at_k", se.threshold_spectrum_at_k, aw, R, k, w
        )
        timed(
            recs,
            "scorio.eval.threshold_spectrum_at_k_ci",
            se.threshold_spectrum_at_k_ci,
            aw,
            R,
            k,
            w,
        )
        # TailPass (posterior profile, default prior 1.0 => Beta(1,1), thresholds j/k)
        ta = {"R": "dataset matrix", "k": k}
        prof = timed(recs, "scorio.eval.tailpass -> profile.mean", lambda: se.tailpass(R, k).mean, ta)
        prof = se.tailpass(R, k)
        timed(recs, "scorio.eval.tailpass(R,k).std", lambda: prof.std, ta)
        timed(recs, "scorio.eval.tailpass(R,k).moment(1.0)", prof.moment, {**ta, "lam": 1.0}, 1.0)
        timed(recs, "scorio.eval.tailpass(R,k).moment(2.0)", prof.moment, {**ta, "lam": 2.0}, 2.0)
        timed(recs, "scorio.eval.tailpass(R,k).discovery()", prof.discovery, ta)
        timed(recs, "scorio.eval.tailpass(R,k).stability()", prof.stability, ta)
        timed(
            recs,
            "scorio.eval.tailpass(R,k).ci(method='normal')",
            lambda: prof.ci(method="normal"),
            {**ta, "confidence": 0.95, "method": "normal"},
        )
        timed(
            recs,
            "scorio.eval.tailpass(R,k).moment_ci(1.0, method='normal')",
            lambda: prof.moment_ci(1.0, method="normal"),
            {**ta, "lam": 1.0, "method": "normal"},
        )
        timed(
            recs,
            "scorio.eval.tailpass(R,k).moment_ci(1.0, method='mc', n_draws=4000, rng=0)",
            lambda: prof.moment_ci(1.0, method="mc", n_draws=4000, rng=0),
            {**ta, "lam": 1.0, "method": "mc", "n_draws": 4000, "rng": 0,
             "note": "numpy Generator(PCG64) seed 0: not reproducible outside numpy"},
        )
        timed(recs, "scorio.eval.tailpass_empirical", se.tailpass_empirical, ta, R, k)
    return recs


def write(name, payload):
    path = OUT / name
    path.write_text(json.dumps(payload, indent=1, allow_nan=False))
    print("wrote", path, file=sys.stderr)


def main():
    summary_times = {}
    # ---- DeepScaleR ----
    ds = {}
    for name in ["deepscaler_base", "deepscaler_rl"]:
        counts, n, ids = load_deepscaler(name)
        R = matrix(counts, n)
        ds[name] = (counts, R)
        recs = eval_records(R, n)
        write(
            f"eval_{name}.json",
            {
                "meta": META,
                "dataset": f"/work/shared/data/real/{name}.jsonl",
                "M": len(counts),
                "N": n,
                "sum_c": int(sum(counts)),
                "ks": [k for k in KS if k <= n],
                "taus": TAUS,
                "records": recs,
            },
        )
    # ---- Pythia ----
    pyd, n, tasks = load_pythia()
    RP = {}
    all_recs = {}
    for m in PYTHIA_ORDER:
        R = matrix(pyd[m], n)
        RP[m] = R
        recs = eval_records(R, n)
        all_recs[m] = recs
        for r in recs:
            summary_times.setdefault(r["function"], []).append(r["seconds"])
    write(
        "eval_pythia.json",
        {
            "meta": META,
            "dataset": "/work/shared/data/real/pythia_math_n10000.csv",
            "task_order": "tasks sorted by integer task id",
            "tasks": tasks,
            "models": PYTHIA_ORDER,
            "M": len(tasks),
            "N": n,
            "sum_c": {m: int(sum(pyd[m])) for m in PYTHIA_ORDER},
            "ks": KS,
            "taus": TAUS,
            "records_by_model": all_recs,
        },
    )

    # ---- Rank: Bradley-Terry, compare_rankings; sinf ----
    rank_out = {"meta": META}
    for label, models, tensor in [
        (
            "deepscaler",
            ["deepscaler_base", "deepscaler_rl"],
            np.stack([ds["deepscaler_base"][1], ds["deepscaler_rl"][1]]),
        ),
        ("pythia", PYTHIA_ORDER, np.stack([RP[m] for m in PYTHIA_ORDER])),
    ]:
        recs = []
        a = {"R": f"tensor shape {list(tensor.shape)} (models x tasks x trials)", "models": models}
        bt = timed(recs, "scorio.rank.bradley_terry", sr.bradley_terry, a, tensor, return_scores=True)
        timed(
            recs,
            "scorio.rank.bradley_terry_map",
            sr.bradley_terry_map,
            {**a, "prior": 1.0},
            tensor,
            prior=1.0,
            return_scores=True,
        )
        timed(
            recs,
            "scorio.rank.bradley_terry_davidson",
            sr.bradley_terry_davidson,
            a,
            tensor,
            return_scores=True,
        )
        timed(
            recs,
            "scorio.rank._base.build_pairwise_counts (wins, ties)",
            __import__("scorio.rank._base", fromlist=["x"]).build_pairwise_counts,
            a,
            tensor,
        )
        bay = timed(recs, "scorio.rank.bayes", sr.bayes, a, tensor, return_scores=True)
        avg_r = timed(recs, "scorio.rank.avg", sr.avg, a, tensor, return_scores=True)
        if bt is not None and bay is not None:
            timed(
                recs,
                "scorio.utils.compare_rankings(bt_rank, bayes_rank, 'all')",
                compare_rankings,
                {"a": "bradley_terry ranking", "b": "rank.bayes ranking", "method": "all"},
                bt[0],
                bay[0],
                method="all",
            )
        # sinf on bayes_ci (mu, sigma) per model
        mus, sigmas = [], []
        for i in range(tensor.shape[0]):
            mu, sg, lo, hi = se.bayes_ci(tensor[i])
            mus.append(mu)
            sigmas.append(sg)
        recs.append({"function": "inputs for sinf: scorio.eval.bayes_ci per model (mu, sigma)",
                     "args": a, "result": enc([mus, sigmas]), "seconds": None})
        timed(recs, "scorio.utils.rank_scores(mus, sigmas_in_id_order=sigmas)",
              rank_scores, {"scores": "mus", "sigmas": "sigmas", "confidence": 0.95},
              mus, sigmas_in_id_order=sigmas)
        pairs = {}
        for i in range(len(mus)):
            for j in range(i + 1, len(mus)):
                pairs[f"{models[i]} vs {models[j]}"] = enc(
                    sinf.ranking_confidence(mus[i], sigmas[i], mus[j], sigmas[j])
                )
        recs.append({"function": "scorio.sinf.ranking_confidence (all pairs)", "args": {"mu/sigma": "bayes_ci"},
                     "result": pairs, "seconds": None})
        lead = int(np.argmax(mus))
        timed(recs, "scorio.sinf.should_stop", sinf.should_stop,
              {"sigma": "sigma of leader", "confidence": 0.95, "max_half_width": 0.01},
              sigmas[lead], confidence=0.95, max_half_width=0.01)
        for meth in ["ci_overlap", "zscore"]:
            timed(recs, "scorio.sinf.should_stop_top1", sinf.should_stop_top1,
                  {"mus": "bayes_ci mu", "sigmas": "bayes_ci sigma", "confidence": 0.95, "method": meth},
                  mus, sigmas, confidence=0.95, method=meth)
            timed(recs, "scorio.sinf.suggest_next_allocation", sinf.suggest_next_allocation,
                  {"mus": "bayes_ci mu", "sigmas": "bayes_ci sigma", "confidence": 0.95, "method": meth},
                  mus, sigmas, confidence=0.95, method=meth)
        rank_out[label] = {"models": models, "records": recs}
    write("rank_bt_sinf.json", rank_out)

    # ---- timing summary (Pythia, per call) ----
    timing = {
        f: {"calls": len(v), "total_s": sum(v), "max_s": max(v), "mean_s": sum(v) / len(v)}
        for f, v in summary_times.items()
    }
    for r in rank_out["pythia"]["records"]:
        if r.get("seconds") is not None:
            timing[r["function"]] = {"calls": 1, "total_s": r["seconds"], "max_s": r["seconds"],
                                     "mean_s": r["seconds"]}
    write("timing_pythia.json", {"meta": META, "timing": timing})


if __name__ == "__main__":
    main()
