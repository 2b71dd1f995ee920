"""scorio 0.2.3 reference values for the geometric blends and TailPass@k on the real files.

Run from the repository root with bench/.venv/bin/python (scorio==0.2.3 from PyPI, as
bench/requirements.txt pins it):

    bench/.venv/bin/python crates/passk-core/tests/reference/scorio/gen_scorio_geom.py

Writes scorio_geom.json beside this file, in the layout of scorio_ci.json: per series a list
of {"f": function, "k": budget, "result": ...}. Functions (scorio/eval/geom.py and
scorio/eval/tailpass.py of the 0.2.3 wheel; the repository at commit
dedc4154f6daf01af79416b8c93560ac4b0fb88e has the same geom.py):
- geom_at_k, geom_at_k_ci, geom_ds_at_k, geom_ds_at_k_ci, geo_spectrum_at_k and
  geo_spectrum_at_k_ci with their defaults (powers 1/2, the upper-half mG weights);
- tailpass(R, k).ci(method="normal") -> [mean[], std[], lo[], hi[]] over thresholds 1/k..1;
- tailpass(R, k).moment_ci(2.0, method="normal") -> [mu, sigma, lo, hi].
Defaults throughout: Beta(1, 1) prior, confidence 0.95. Each task row is c ones then n - c
zeros (the eval metrics depend only on the counts).
"""

import csv
import json
from pathlib import Path

import numpy as np
import scorio
from scorio import eval as se

HERE = Path(__file__).resolve().parent
DATA = Path(__file__).resolve().parents[5] / ".." / "shared" / "data" / "real"
KS = [1, 2, 5, 10, 100]
PYTHIA = ["Pythia 70M", "Pythia 160M", "Pythia 410M", "Pythia 1B", "Pythia 2.8B",
          "Pythia 6.9B", "Pythia 12B"]


def matrix(counts, n):
    R = np.zeros((len(counts), n), dtype=np.int8)
    for i, c in enumerate(counts):
        R[i, :c] = 1
    return R


def series():
    for name in ["deepscaler_base", "deepscaler_rl"]:
        rows = [json.loads(l) for l in open(DATA / f"{name}.jsonl")]
        yield name, matrix([r["c"] for r in rows], rows[0]["n"])
    by = {}
    for r in csv.DictReader(open(DATA / "pythia_math_n10000.csv")):
        by.setdefault(r["model"], {})[int(r["task"])] = int(r["c"])
    for m in PYTHIA:
        yield m, matrix([by[m][t] for t in sorted(by[m])], 10000)


def floats(x):
    if isinstance(x, (tuple, list)):
        return [floats(v) for v in x]
    if isinstance(x, np.ndarray):
        return [float(v) for v in x]
    return float(x)


def main():
    assert scorio.__version__ == "0.2.3", scorio.__version__
    out = {"meta": {"scorio_version": scorio.__version__, "numpy": np.__version__,
                    "script": "gen_scorio_geom.py"}, "series": {}}
    for name, R in series():
        recs = []
        for k in [k for k in KS if k <= R.shape[1]]:
            for f in ["geom_at_k", "geom_at_k_ci", "geom_ds_at_k", "geom_ds_at_k_ci",
                      "geo_spectrum_at_k", "geo_spectrum_at_k_ci"]:
                recs.append({"f": f, "k": k, "result": floats(getattr(se, f)(R, k))})
            prof = se.tailpass(R, k)
            recs.append({"f": "tailpass_ci_normal", "k": k,
                         "result": floats(prof.ci(method="normal"))})
            recs.append({"f": "tailpass_moment2_ci_normal", "k": k,
                         "result": floats(prof.moment_ci(2.0, method="normal"))})
        out["series"][name] = recs
    (HERE / "scorio_geom.json").write_text(json.dumps(out, indent=0))


if __name__ == "__main__":
    main()
