"""passk: pass@k and its relatives, computed by the passk Rust core.

The closed forms run over NumPy arrays in the core (no Python loop); `read` reads a file as
the page and the command line read it; `report`, `compare` and `plan` return the command
line's JSON documents (passk-report/1 and the others) as Python objects, byte for byte the
same — keyword arguments are the command line's flags: ``k=[1, 10]`` is ``--k 1,10``,
``forecast=False`` is ``--no-forecast``, ``by_group=True`` is ``--by-group``.
"""

from __future__ import annotations

import json
import os
import warnings
from typing import Any, Iterable, Optional, Union

import numpy as np

from . import _passk

__all__ = ["pass_at_k", "pass_hat_k", "read", "report", "compare", "plan", "to_pandas", "PasskError"]

PathLike = Union[str, "os.PathLike[str]"]


class PasskError(ValueError):
    """An input the readers or the command line refuse; the message is theirs."""


def _closed(fn, n, c, k, what: str) -> np.ndarray:
    many = not np.isscalar(k)
    ks = [int(x) for x in (k if many else [k])]
    n = np.ascontiguousarray(n, dtype=np.uint64)
    try:
        out = fn(n, np.ascontiguousarray(c, dtype=np.uint64), ks)
    except (ValueError, OverflowError, TypeError) as e:
        raise PasskError(str(e)) from None
    # (NaN only where some k exceeds some n.)
    nan = np.isnan(out) if n.size and max(ks) > n.min() else np.zeros((1, len(ks)), dtype=bool)
    if nan.any():
        where = ", ".join(f"k = {x}: {int(nan[:, j].sum())} task(s)" for j, x in enumerate(ks) if nan[:, j].any())
        warnings.warn(f"{what}: k is more than n ({where}): NaN there (never 1.0)", stacklevel=3)
    return out if many else out[:, 0]


def pass_at_k(n, c, k) -> np.ndarray:
    """The unbiased pass@k of each task: 1 − C(n − c, k)/C(n, k) (Chen et al., 2021).

    Formula: evaluated as −expm1 of a log1p sum, so that tiny values keep every digit; each
    distinct (n, c) once. n and c are integer arrays (n may differ per task). k is a budget
    (the result has one value per task) or a list of budgets (an array of shape
    (tasks, budgets)). Where k > n: NaN with a warning, never 1.0.
    Errors: PasskError for c > n, k = 0 or arrays of different lengths (naming the task).
    """
    return _closed(_passk.pass_at_k, n, c, k, "pass@k")


def pass_hat_k(n, c, k) -> np.ndarray:
    """The unbiased pass^k of each task (all k samples pass): C(c, k)/C(n, k).

    k, the shape, NaN and errors as pass_at_k.
    """
    return _closed(_passk.pass_hat_k, n, c, k, "pass^k")


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


def _run(command: str, paths: Iterable[PathLike], options: dict) -> Any:
    files = [os.fspath(p) for p in paths]
    if not files:
        raise PasskError(f"{command}: give one file or more")
    try:
        out = _passk.run([command, *files, *_flags(options)])
    except ValueError as e:
        raise PasskError(str(e)) from None
    return json.loads(out)


def report(*paths: PathLike, **flags) -> dict:
    """The passk-report/1 document of the files, as `passk report FILES --flags` prints it."""
    return _run("report", paths, flags)


def compare(*paths: PathLike, **flags) -> dict:
    """Every pair's paired test at each k, the crossovers, the ranks and Bradley–Terry, as
    `passk compare` prints it."""
    return _run("compare", paths, flags)


def plan(*paths: PathLike, **flags) -> Any:
    """The sample-size plan (`k=…, half_width=…`) or, with ``next=True``, "can I stop
    sampling?", as `passk plan` prints it."""
    return _run("plan", paths, flags)


def to_pandas(document: dict, table: str = "pass_at_k"):
    """One table of a report as a pandas DataFrame, a row per series and row of `table`
    (``pass_at_k``, ``pass_hat_k``, ``g_pass_at_k``, ``auc_at_k``, …). Needs pandas."""
    import pandas as pd  # not a dependency of passk: only here

    rows = [{"series": m["name"], **row} for m in document["models"] for row in m.get(table, [])]
    return pd.json_normalize(rows)
