"""passk: pass@k and its relatives, computed by the passk Rust core.

The closed forms run over NumPy arrays in the core (no Python loop); `read` reads a file as
the page and the command line read it; `report`, `compare` and `plan` return the crates'
documents as typed objects (`Report`, `Comparison`, `Plan`, `StopCheck`) whose `to_dict()`
equals the command line's JSON byte for byte once parsed, with `to_pandas()` and
`to_polars()` for their tables. Keywords are the command line's settings as typed values
(``k=[1, 10]`` is ``--k 1,10``, ``forecast=False`` is ``--no-forecast``, ``by_group=True``
is ``--by-group``), checked by the same code with the same reasons.

What every other door refuses, this one refuses too, with the same reason: counts that are
not whole numbers (10.5, NaN, inf), negative, c > n, budgets below 1, arrays that are not
one-dimensional, settings out of range — `PasskError` naming the argument and the index.
Rows a reader rejects come as `PasskWarning`s naming the file's line or the DataFrame's row
label; an input with no valid row raises `PasskError` with the reader's reason.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from importlib.metadata import PackageNotFoundError, version as _version
from typing import Optional, Union

import numpy as np

from . import _passk
from ._documents import Comparison, PasskError, Plan, Rankings, Read, Report, Series, StopCheck

__all__ = [
    "pass_at_k",
    "pass_hat_k",
    "read",
    "report",
    "compare",
    "rank",
    "plan",
    "to_pandas",
    "Report",
    "Comparison",
    "Rankings",
    "Plan",
    "StopCheck",
    "Read",
    "Series",
    "PasskError",
    "PasskWarning",
    "__version__",
]

try:
    __version__ = _version("passk")
except PackageNotFoundError:  # pragma: no cover - only when not installed
    __version__ = "0.0.0"

PathLike = Union[str, "os.PathLike[str]"]


class PasskWarning(UserWarning):
    """A row a reader rejected (the rest was read), or another thing a reader said."""


# The reasons of the readers (passk_io::number::CountError), so that every door says the same.
_WHOLE = "must be a whole number"
_NEGATIVE = "must not be negative"


def _whole(name: str, x, at_least: int = 0) -> np.ndarray:
    """`x` as a 1-D int64 array of whole numbers ≥ `at_least`; PasskError naming `name` and the
    index of the first value that is not one. Floats holding whole numbers are accepted."""
    try:
        a = np.asarray(x)
    except ValueError as e:  # a ragged list
        raise PasskError(f"{name}: not a one-dimensional array of numbers ({e})") from None
    if a.ndim == 0:
        a = a.reshape(1)
    if a.ndim != 1:
        raise PasskError(f"{name}: a one-dimensional array is needed, not one of shape {a.shape}")
    if a.dtype == bool or a.dtype.kind not in "iuf":
        if a.dtype.kind == "O":
            try:
                a = a.astype(float)
            except (TypeError, ValueError):
                raise PasskError(f"{name}: not numbers (dtype {a.dtype})") from None
        else:
            raise PasskError(f"{name}: not numbers (dtype {a.dtype})")

    def refuse(bad: np.ndarray, why: str):
        if bad.any():
            i = int(np.argmax(bad))
            raise PasskError(f"{name}[{i}] = {a[i].item()!r}: {why}")

    if a.dtype.kind == "f":
        refuse(np.isnan(a), "is not a number")
        refuse(np.isinf(a), "is not finite")
        refuse(a != np.floor(a), _WHOLE)
        refuse(a >= 2.0**63, "is too large")
    if a.dtype.kind == "u":
        refuse(a > np.iinfo(np.int64).max, "is too large")
    if at_least > 0:
        refuse(a < at_least, f"must be at least {at_least}")
    else:
        refuse(a < 0, _NEGATIVE)
    return np.ascontiguousarray(a, dtype=np.int64)


def _closed(fn, n, c, k, what: str, estimator: str) -> np.ndarray:
    many = not np.isscalar(k) and np.ndim(k) != 0
    ks = [int(x) for x in _whole("k", k, at_least=1)]
    n, c = _whole("n", n), _whole("c", c)
    try:
        out = fn(n, c, ks, estimator)
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

    Parameters
    ----------
    n, c : array_like of whole numbers
        Samples and passing samples per task (one-dimensional; n may differ per task; a float
        array of whole numbers is accepted).
    k : int or sequence of int
        A budget (one value per task) or several (an array of shape (tasks, budgets)).
    estimator : {"unbiased", "naive", "bb", "zoibb"}
        "naive": 1 − (1 − c/n)^k; "bb" or "zoibb": each task's posterior predictive under the
        Beta-Binomial or zero/one-inflated fit to all the tasks given (the fits of `passk
        report`, so the mean over the tasks is its `bb` / `zoibb` column), any k.

    Returns
    -------
    numpy.ndarray of float64
        Evaluated as −expm1 of a log1p sum, so that tiny values keep every digit; each
        distinct (n, c) once. Where k > n: NaN with a warning, never 1.0.

    Raises
    ------
    PasskError
        A count that is not a whole number (10.5, NaN, inf) or negative, c > n, k < 1, arrays
        that are not one-dimensional or of different lengths (the argument and the index
        named), an unknown estimator.
    """
    return _closed(_passk.pass_at_k, n, c, k, "pass@k", estimator)


def pass_hat_k(n, c, k, estimator: str = "unbiased") -> np.ndarray:
    """pass^k of each task (all k samples pass); by default the unbiased C(c, k)/C(n, k).

    Parameters, returns and errors as `pass_at_k` ("naive": (c/n)^k).
    """
    return _closed(_passk.pass_hat_k, n, c, k, "pass^k", estimator)


def read(path_or_bytes: Union[PathLike, bytes], format: Optional[str] = None, name: str = "data") -> Read:
    """A file read as the page and the command line read it.

    Parameters
    ----------
    path_or_bytes : path or bytes
    format : str, optional
        A reader's key (as ``--format``); detected when None.
    name : str
        The name of bytes (a path names itself).

    Returns
    -------
    Read
        ``series`` (each a `Series`: its name as the report names it, task ids, ``n`` and
        ``c`` arrays), ``rejected`` (line and reason), ``notes``, ``format`` (its key).

    Raises
    ------
    PasskError
        An unknown format.
    """
    if isinstance(path_or_bytes, (bytes, bytearray)):
        data, shown = bytes(path_or_bytes), name
    else:
        shown = os.fspath(path_or_bytes)
        with open(shown, "rb") as f:
            data = f.read()
    try:
        return Read._of(json.loads(_passk.read_json(shown, data, format)))
    except ValueError as e:
        raise PasskError(str(e)) from None


class _Frame:
    """An input held in memory: its columns as the crates take them ([(name, kind, cells)]),
    the name the readers see, and the row labels its rows stand for (a row's "line" is its
    position + 2, as in its CSV file), or None for a mapping."""

    def __init__(self, name: str, columns: list, labels=None, shown: str = "DataFrame"):
        self.name, self.columns, self.labels, self.shown = name, columns, labels, shown

    def where(self, line: int) -> str:
        if self.labels is not None and 0 <= line - 2 < len(self.labels):
            return f"row {self.labels[line - 2]!r}"
        return f"line {line}"


def _cell(x) -> Optional[str]:
    """A cell of a column of objects as its CSV text (None for a missing value)."""
    if x is None or type(x).__name__ in ("NAType", "NaTType") or (isinstance(x, float) and x != x):
        return None
    return str(x)


def _column(name, values) -> tuple:
    """A column's cells, straight from its array: int64, float64 or bool as they are, anything
    else as text."""
    a = np.asarray(values)
    if a.ndim != 1:
        raise PasskError(f"column {name!r}: not one-dimensional")
    if a.dtype == bool:
        return (str(name), "flag", np.ascontiguousarray(a))
    if a.dtype.kind == "i" or (a.dtype.kind == "u" and not (a.size and a.max() > np.iinfo(np.int64).max)):
        return (str(name), "whole", np.ascontiguousarray(a, dtype=np.int64))
    if a.dtype.kind == "f":
        return (str(name), "number", np.ascontiguousarray(a, dtype=np.float64))
    return (str(name), "text", [_cell(x) for x in a.tolist()])


def _frame(data, name: str) -> Optional[_Frame]:
    """A pandas or polars DataFrame, or a mapping {series: (n, c)}, as its columns (None for
    anything else)."""
    if hasattr(data, "to_csv") and hasattr(data, "columns") and hasattr(data, "index"):  # pandas
        columns = [_column(c, data.iloc[:, j].to_numpy()) for j, c in enumerate(data.columns)]
        return _Frame(name, columns, list(data.index))
    if hasattr(data, "write_csv") and hasattr(data, "columns"):  # polars
        columns = [_column(c, data.to_series(j).to_numpy()) for j, c in enumerate(data.columns)]
        return _Frame(name, columns, list(range(data.height)))
    if isinstance(data, dict) and data and not {"series", "rejected"} <= set(data):
        model, task, ns, cs = [], [], [], []
        for series, pair in data.items():
            try:
                n, c = pair
            except (TypeError, ValueError):
                raise PasskError(f"series {series!r}: give (n, c), two arrays of counts") from None
            try:
                n, c = _whole("n", n), _whole("c", c)
            except PasskError as e:
                raise PasskError(f"series {series!r}: {e}") from None
            if n.shape != c.shape:
                raise PasskError(f"series {series!r}: n and c differ in length ({n.size} and {c.size})")
            model += [str(series)] * n.size
            task.append(np.arange(n.size, dtype=np.int64))
            ns.append(n)
            cs.append(c)
        columns = [
            ("model", "text", model),
            ("task", "whole", np.concatenate(task)),
            ("n", "whole", np.concatenate(ns)),
            ("c", "whole", np.concatenate(cs)),
        ]
        return _Frame(name, columns, shown="{series: (n, c)}")
    return None


def _inputs(inputs) -> list:
    """The inputs, a list or tuple of them taken as several."""
    out = []
    for x in inputs:
        if isinstance(x, (list, tuple)) and x and all(isinstance(y, (str, os.PathLike)) or _is_table(y) for y in x):
            out.extend(x)
        else:
            out.append(x)
    return out


def _is_table(x) -> bool:
    return (hasattr(x, "columns") and (hasattr(x, "to_csv") or hasattr(x, "write_csv"))) or isinstance(x, dict)


def _document(command: str, inputs, options: dict) -> dict:
    """The JSON document of `command` on the inputs with the keywords `options`, parsed; what
    the readers said, as warnings."""
    inputs = _inputs(inputs)
    if not inputs:
        raise PasskError(f"{command}: give one file or more (or a DataFrame, or {{series: (n, c)}})")
    sources, frames = [], {}
    for i, x in enumerate(inputs):
        name = f"data{i + 1 if len(inputs) > 1 else ''}.csv"
        held = _frame(x, name)
        if held is None:
            if not isinstance(x, (str, bytes, os.PathLike)):
                raise PasskError(f"{command}: input {i + 1} is a {type(x).__name__}: give a path, a DataFrame or {{series: (n, c)}}")
            sources.append((os.fspath(x), None))
            continue
        # Read as its CSV file would be: by its columns (model, task, n, c; or a row per
        # sample), straight from their arrays.
        frames[name] = held
        sources.append((name, held.columns))
    try:
        out, said = _passk.document(command, sources, options)
    except ValueError as e:
        raise PasskError(_shown(str(e), frames)) from None
    for line in said:
        warnings.warn(_shown(line, frames), PasskWarning, stacklevel=3)
    return json.loads(out)


def _shown(text: str, frames: dict) -> str:
    """A message of the command line with each input held in memory named as the user gave it
    (a DataFrame, its row labels; never the name it had on the way)."""
    for f in frames.values():
        # "data.csv:5: reason" (a rejected row) and "… — line 5: reason" (a refusal).
        text = re.sub(rf"^{re.escape(f.name)}:(\d+):", lambda m: f"{f.shown} {f.where(int(m.group(1)))}:", text)
        if text.startswith(f.name):
            text = f.shown + text[len(f.name):]
            text = re.sub(r"— line (\d+):", lambda m: f"— {f.where(int(m.group(1)))}:", text)
    return text


def report(*inputs, **options) -> Report:
    """The passk-report/2 document of the inputs, as `passk report FILES --flags` prints it.

    Parameters
    ----------
    *inputs : path, DataFrame, mapping, or a list of them
        A path; a pandas or polars DataFrame with the columns of a counts file (model, task,
        n, c) or a row per sample (model, task, passed — or correct, score: 0/1 or
        true/false), read as that CSV would be; a mapping {series: (n, c)} of count arrays.
    **options
        The command line's settings as typed values, named as its flags with ``_`` for
        ``-``: ``k`` (int or list of int), ``tau``, ``g_tau``, ``reach``, ``rubric``,
        ``rubric_prior`` (lists of numbers), ``linmix``, ``prior`` (two numbers),
        ``power_range`` (two ints), ``confidence``, ``threshold`` (numbers), ``bootstrap``,
        ``seed``, ``folds``, ``backtest_repeats``, ``threads`` (ints), ``backtest`` (True or
        its repeats), ``forecast``, ``forecast_all``, ``count_all``, ``by_group``,
        ``fold_case``, ``truncated_errors`` (bools), ``format`` (a reader's key), ``metric``,
        ``partial``, ``errors``, ``id_key``, ``reward_key``, ``step_key`` (strings); None
        leaves a setting at its default. `compare` and `plan` take the keywords their flags
        are (``pairs``; ``half_width``, ``next``); another is refused, naming those taken.

    Returns
    -------
    Report
        The document; ``.to_dict()`` equals the command line's JSON.

    Raises
    ------
    PasskError
        An input with no valid row (the reader's reason), a setting refused
        (``confidence=1.5: must lie strictly between 0 and 1``), counts that are not whole
        numbers in a mapping. Rejected rows warn (`PasskWarning`) with the file's line or
        the DataFrame's row label; the rest is read.
    """
    return Report._of(_document("report", inputs, options))


def compare(*inputs, **options) -> Comparison:
    """Every pair's paired test at each k, the crossovers, the ranks and Bradley–Terry, as
    `passk compare` prints it (inputs, keywords and errors as `report`'s).

    Returns
    -------
    Comparison
        The document; ``.to_dict()`` equals the command line's JSON.
    """
    return Comparison._of(_document("compare", inputs, options))


def rank(*inputs, **options) -> Rankings:
    """Every ranking method's order of the series and their agreement, as `passk rank`
    prints it (inputs, keywords and errors as `report`'s; ``method="borda,elo"`` picks
    methods, ``bootstrap=B`` the task resamples of the rank intervals, default 200).

    Returns
    -------
    Rankings
        The document; ``.to_dict()`` equals the command line's JSON, ``.sentence`` is the
        verdict.
    """
    return Rankings._of(_document("rank", inputs, options))


def plan(*inputs, **options) -> Union[list[Plan], StopCheck]:
    """The sample-size plan or "can I stop sampling?", as `passk plan` prints it.

    Returns
    -------
    list of Plan or StopCheck
        With ``k=…, half_width=…`` (a fraction: 0.01 is ±1 point): a list, one plan per
        series (always a list, also for one series). With ``next=True``: "can I stop
        sampling?".
    """
    doc = _document("plan", inputs, options)
    if options.get("next"):
        return StopCheck._of(doc)
    return [Plan._of(p) for p in (doc if isinstance(doc, list) else [doc])]


def to_pandas(document, table: Optional[str] = None):
    """One table of a document as a pandas DataFrame (pandas is needed only here): the
    document's own ``to_pandas``, and for a list of plans a row per series.

    Raises
    ------
    PasskError
        Not a document, or a table it does not have (the ones it has named).
    """
    import pandas as pd  # not a dependency of passk: only here

    if isinstance(document, list) and document and all(isinstance(p, Plan) for p in document):
        return pd.json_normalize([p.to_dict() for p in document])
    if not isinstance(document, (Report, Comparison, StopCheck, Plan, Read)):
        raise PasskError("to_pandas takes a Report, a Comparison, a list of Plans, a StopCheck or a Read")
    return document.to_pandas(table)
