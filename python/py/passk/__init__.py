"""passk: pass@k and its relatives, computed by the passk Rust core.

The closed forms run over NumPy arrays in the core (no Python loop); `read` reads a file as
the page and the command line read it; `report`, `compare` and `plan` return the command
line's JSON documents (passk-report/1 and the others) as Python objects, byte for byte the
same — keyword arguments are the command line's flags: ``k=[1, 10]`` is ``--k 1,10``,
``forecast=False`` is ``--no-forecast``, ``by_group=True`` is ``--by-group``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
import warnings
from typing import Any, Iterable, Optional, Union

import numpy as np

from . import _passk

__all__ = ["pass_at_k", "pass_hat_k", "read", "report", "compare", "plan", "to_pandas", "PasskError"]

PathLike = Union[str, "os.PathLike[str]"]


class PasskError(ValueError):
    """An input the readers or the command line refuse; the message is theirs."""


def _closed(fn, n, c, k, what: str, estimator: str) -> np.ndarray:
    many = not np.isscalar(k)
    ks = [int(x) for x in (k if many else [k])]
    # int64, NumPy's own integers: read in place (negative counts are refused by the core).
    n = np.ascontiguousarray(n, dtype=np.int64)
    try:
        out = fn(n, np.ascontiguousarray(c, dtype=np.int64), ks, estimator)
    except (ValueError, OverflowError, TypeError) as e:
        raise PasskError(str(e)) from None
    # (NaN only where the unbiased estimator has some k above some n.)
    short = estimator == "unbiased" and n.size and max(ks) > n.min()
    nan = np.isnan(out) if short else np.zeros((1, len(ks)), dtype=bool)
    if nan.any():
        where = ", ".join(f"k = {x}: {int(nan[:, j].sum())} task(s)" for j, x in enumerate(ks) if nan[:, j].any())
        warnings.warn(f"{what}: k is more than n ({where}): NaN there (never 1.0)", stacklevel=3)
    return out if many else out[:, 0]


def pass_at_k(n, c, k, estimator: str = "unbiased") -> np.ndarray:
    """pass@k of each task; by default the unbiased 1 − C(n − c, k)/C(n, k) (Chen et al., 2021).

    Formula: evaluated as −expm1 of a log1p sum, so that tiny values keep every digit; each
    distinct (n, c) once. n and c are integer arrays (n may differ per task). k is a budget
    (the result has one value per task) or a list of budgets (an array of shape
    (tasks, budgets)). Where k > n: NaN with a warning, never 1.0.
    estimator: "unbiased"; "naive" (1 − (1 − c/n)^k); "bb" or "zoibb": each task's posterior
    predictive under the Beta-Binomial or zero/one-inflated fit to all the tasks given (the
    fits of `passk report`, so the mean over the tasks is its `bb` / `zoibb` column), any k,
    also beyond n.
    Errors: PasskError for c > n, k = 0, arrays of different lengths (naming the task) or an
    unknown estimator.
    """
    return _closed(_passk.pass_at_k, n, c, k, "pass@k", estimator)


def pass_hat_k(n, c, k, estimator: str = "unbiased") -> np.ndarray:
    """pass^k of each task (all k samples pass); by default the unbiased C(c, k)/C(n, k).

    k, the shape, NaN, the estimators and errors as pass_at_k ("naive": (c/n)^k).
    """
    return _closed(_passk.pass_hat_k, n, c, k, "pass^k", estimator)


def read(path_or_bytes: Union[PathLike, bytes], format: Optional[str] = None, name: str = "data") -> dict:
    """A file read as the page and the command line read it: its series (counts per task) and
    its rejected rows with their reasons. `format` names a reader (as ``--format``); else it
    is detected. `name` names bytes (a path names itself).

    Errors: PasskError for an unknown format.
    """
    if isinstance(path_or_bytes, (bytes, bytearray)):
        data, shown = bytes(path_or_bytes), name
    else:
        shown = os.fspath(path_or_bytes)
        with open(shown, "rb") as f:
            data = f.read()
    try:
        return json.loads(_passk.read_json(shown, data, format))
    except ValueError as e:
        raise PasskError(str(e)) from None


def _flags(options: dict) -> list:
    args = []
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if value is None:
            continue
        if value is True:
            args.append(flag)
        elif value is False:
            args.append("--no-" + key.replace("_", "-"))
        elif isinstance(value, (list, tuple)):
            args += [flag, ",".join(str(v) for v in value)]
        else:
            args += [flag, str(value)]
    return args


def _table_csv(data) -> Optional[str]:
    """A pandas or polars DataFrame, or a mapping {series: (n, c)}, as CSV text (None for
    anything else)."""
    if hasattr(data, "to_csv") and hasattr(data, "columns"):  # pandas
        return data.to_csv(index=False)
    if hasattr(data, "write_csv") and hasattr(data, "columns"):  # polars
        return data.write_csv()
    if isinstance(data, dict) and data and not {"series", "rejected"} <= set(data):
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["model", "task", "n", "c"])
        for name, (n, c) in data.items():
            n, c = np.asarray(n).ravel(), np.asarray(c).ravel()
            if n.shape != c.shape:
                raise PasskError(f"series {name!r}: n and c differ in length ({n.size} and {c.size})")
            w.writerows([name, i, int(a), int(b)] for i, (a, b) in enumerate(zip(n, c)))
        return out.getvalue()
    return None


def _run(command: str, inputs: Iterable[Any], options: dict) -> Any:
    inputs = list(inputs)
    if not inputs:
        raise PasskError(f"{command}: give one file or more (or a DataFrame, or {{series: (n, c)}})")
    with tempfile.TemporaryDirectory(prefix="passk-") as tmp:
        files = []
        for i, x in enumerate(inputs):
            text = _table_csv(x)
            if text is None:
                if not isinstance(x, (str, bytes, os.PathLike)):
                    raise PasskError(f"{command}: input {i + 1} is a {type(x).__name__}: give a path, a DataFrame or {{series: (n, c)}}")
                files.append(os.fspath(x))
                continue
            # Read as any CSV file is: by its columns (model, task, n, c; or samples).
            path = os.path.join(tmp, f"data{i + 1 if len(inputs) > 1 else ''}.csv")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            files.append(path)
        try:
            out = _passk.run([command, *files, *_flags(options)])
        except ValueError as e:
            raise PasskError(str(e).replace(tmp + os.sep, "")) from None
    return json.loads(out)


def report(*inputs, **flags) -> dict:
    """The passk-report/1 document of the inputs, as `passk report FILES --flags` prints it.

    Each input is a path; a pandas or polars DataFrame with the columns of a counts or
    samples file (model, task, n, c — or model, task, passed, … one row per sample), read as
    that CSV file would be; or a mapping {series: (n, c)} of count arrays.
    """
    return _run("report", inputs, flags)


def compare(*inputs, **flags) -> dict:
    """Every pair's paired test at each k, the crossovers, the ranks and Bradley–Terry, as
    `passk compare` prints it (inputs as `report`'s)."""
    return _run("compare", inputs, flags)


def plan(*inputs, **flags) -> Any:
    """The sample-size plan (`k=…, half_width=…`) or, with ``next=True``, "can I stop
    sampling?", as `passk plan` prints it (inputs as `report`'s)."""
    return _run("plan", inputs, flags)


def to_pandas(document: dict, table: str = "pass_at_k"):
    """One table of a report as a pandas DataFrame, a row per series and row of `table`
    (``pass_at_k``, ``pass_hat_k``, ``g_pass_at_k``, ``auc_at_k``, …). Needs pandas."""
    import pandas as pd  # not a dependency of passk: only here

    rows = [{"series": m["name"], **row} for m in document["models"] for row in m.get(table, [])]
    return pd.json_normalize(rows)
