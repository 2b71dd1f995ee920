"""The shared real files as the reference scripts read them: each series' (n, c) counts with
their multiplicities (DeepScaleR base and RL, the seven Pythia models), from assets/examples.
"""
import csv
import json
import os
from collections import Counter

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def load():
    series = {}
    for name in ("deepscaler_base", "deepscaler_rl"):
        with open(os.path.join(ROOT, "assets", "examples", name + ".jsonl")) as f:
            series[name] = Counter((r["n"], r["c"]) for r in map(json.loads, f) if r)
    with open(os.path.join(ROOT, "assets", "examples", "pythia_math_n10000.csv")) as f:
        for row in csv.DictReader(f):
            series.setdefault(row["model"], Counter())[(int(row["n"]), int(row["c"]))] += 1
    return series
