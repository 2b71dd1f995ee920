"""scorio 0.2.3's ranks by evaluation metric (rank/eval_ranking.py) on the real data, for
passk's analysis::rank::by_metric and its agreement (utils.compare_rankings).

Run: bench/.venv/bin/python crates/passk-core/tests/reference/scorio/gen_rank_metric.py
Layout as gen_scorio_ref.py: per task c ones then n - c zeros.
"""

import json
import math
import time
from pathlib import Path

import numpy as np
import scorio
from scorio import rank as sr
from scorio.utils import compare_rankings

HERE = Path(__file__).parent
import sys

sys.path.insert(0, str(HERE))
from gen_scorio_ref import PYTHIA_ORDER, enc, load_deepscaler, load_pythia, matrix  # noqa: E402


def tensor(sets):
    return np.stack(sets)


def run(R):
    out = {}
    n = R.shape[2]
    calls = [("avg", lambda: sr.avg(R, return_scores=True))]
    for k in [1, 2, 5, 10]:
        if k <= n:
            calls += [
                (f"pass_at_k/{k}", lambda k=k: sr.pass_at_k(R, k, return_scores=True)),
                (f"pass_hat_k/{k}", lambda k=k: sr.pass_hat_k(R, k, return_scores=True)),
                (f"mg_pass_at_k/{k}", lambda k=k: sr.mg_pass_at_k(R, k, return_scores=True)),
            ]
            for tau in [0.5, 0.75]:
                calls.append((f"g_pass_at_k_tau/{k}/{tau}",
                              lambda k=k, tau=tau: sr.g_pass_at_k_tau(R, k, tau, return_scores=True)))
    for name, fn in calls:
        t0 = time.perf_counter()
        ranks, scores = fn()
        out[name] = {"ranks": enc(ranks), "scores": enc(scores), "seconds": time.perf_counter() - t0}
    a, b = out["avg"]["ranks"], out["pass_hat_k/2"]["ranks"]
    out["compare_rankings/avg/pass_hat_k2"] = enc(compare_rankings(a, b, method="kendall"))
    return out


def main():
    base, n, _ = load_deepscaler("deepscaler_base")
    rl, _, _ = load_deepscaler("deepscaler_rl")
    ds = tensor([matrix(base, n), matrix(rl, n)])
    py, n2, _ = load_pythia()
    pythia = tensor([matrix(py[m], n2) for m in PYTHIA_ORDER])
    doc = {"scorio_version": scorio.__version__, "deepscaler": run(ds), "pythia": run(pythia)}
    (HERE / "rank_metric.json").write_text(json.dumps(doc, indent=1))


if __name__ == "__main__":
    main()
