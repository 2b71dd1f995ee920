"""The documents of the crates as typed Python objects: each holds the fields of its JSON
document (`passk report`, `passk compare`, `passk plan`, `passk plan --next`), `to_dict()`
gives that document back (equal to the command line's JSON), and `to_pandas()` /
`to_polars()` give one of its tables."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Optional

import numpy as np

from . import _passk


class PasskError(ValueError):
    """An input or a setting the crates refuse; the message is theirs."""


@dataclass(frozen=True)
class _Document:
    """The fields every document has in common: the JSON it was read from."""

    _json: dict = field(repr=False, compare=False)
    # Each document kind's tables, the first its default.
    TABLES: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def _of(cls, doc: dict):
        names = [f.name for f in dataclasses.fields(cls) if f.name != "_json"]
        return cls(_json=doc, **{n: doc.get(n) for n in names})

    def to_dict(self) -> dict:
        """The document as the command line prints it (`json.loads` of its output)."""
        return copy.deepcopy(self._json)

    def _rows(self, table: str) -> list:
        return list(self._json.get(table) or [])

    def _table(self, table: Optional[str]) -> list:
        table = table or self.TABLES[0]
        if table not in self.TABLES:
            kind = type(self).__name__.lower()
            raise PasskError(f"a {kind} has no table {table!r}: one of {', '.join(self.TABLES)}")
        return self._rows(table)

    def to_pandas(self, table: Optional[str] = None):
        """One table as a pandas DataFrame (nested fields as dotted columns: ``interval.lo``).

        Parameters
        ----------
        table : str, optional
            One of the document's ``TABLES`` (the first by default).

        Raises
        ------
        PasskError
            A table the document does not have (those it has named).
        """
        import pandas as pd  # not a dependency of passk: only here

        return pd.json_normalize(self._table(table))

    def to_polars(self, table: Optional[str] = None):
        """One table as a polars DataFrame, with the columns of `to_pandas`."""
        import polars as pl  # not a dependency of passk: only here

        rows = self._table(table)
        return pl.json_normalize(rows) if rows else pl.DataFrame()


@dataclass(frozen=True)
class Report(_Document):
    """A ``passk-report/2`` document: each series' estimators at each budget (``models``), and
    the comparison of the series when there are several."""

    schema: str = ""
    k: list = field(default_factory=list)
    tau: list = field(default_factory=list)
    g_tau: list = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    models: list = field(default_factory=list)
    comparison: Optional[dict] = None
    family: Optional[Any] = None
    comparisons: Optional[list] = None
    crossovers: Optional[list] = None
    ranks: Optional[list] = None
    skipped: Optional[list] = None
    bradley_terry: Optional[dict] = None

    # A report's per-series tables, from the crates' metric registry (a metric added there is
    # a table here).
    TABLES: ClassVar[tuple[str, ...]] = tuple(_passk.report_tables())

    def _rows(self, table: str) -> list:
        return [{"series": m["name"], **row} for m in self.models for row in m.get(table, [])]


@dataclass(frozen=True)
class Comparison(_Document):
    """Every pair's paired test at each budget, the crossovers, the ranks and Bradley–Terry
    (``passk compare``), and the sentence the page shows."""

    family: Optional[Any] = None
    comparisons: list = field(default_factory=list)
    crossovers: list = field(default_factory=list)
    ranks: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    bradley_terry: Optional[dict] = None
    pair: Optional[dict] = None
    sentence: str = ""

    TABLES: ClassVar[tuple[str, ...]] = ("comparisons", "crossovers", "ranks")


@dataclass(frozen=True)
class Rankings(_Document):
    """Every ranking method's order of the series (``passk rank``): each method's scores,
    ranks, interval, rank interval from task resamples and why it stopped, the agreement
    between the methods (Kendall's τ-b, Kendall's W, the disputed pairs) and the verdict."""

    schema: str = ""
    series: list = field(default_factory=list)
    methods: list = field(default_factory=list)
    agreeing: list = field(default_factory=list)
    agreement: Optional[dict] = None
    tasks: int = 0
    tasks_left_out: int = 0
    options: dict = field(default_factory=dict)
    items: Optional[dict] = None
    items_error: Optional[str] = None
    subset: Optional[dict] = None
    subset_error: Optional[str] = None
    sentence: str = ""

    TABLES: ClassVar[tuple[str, ...]] = ("methods",)


@dataclass(frozen=True)
class Plan(_Document):
    """One series' sample-size plan (``passk plan --k K --half-width H``)."""

    series: str = ""
    k: int = 0
    half_width: float = 0.0
    confidence: float = 0.0
    tasks: int = 0
    rows: list = field(default_factory=list)
    n_needed: Optional[int] = None
    tasks_needed: Optional[int] = None

    TABLES: ClassVar[tuple[str, ...]] = ("rows",)


@dataclass(frozen=True)
class StopCheck(_Document):
    """"Can I stop sampling?" (``passk plan --next``): the order of the series, how settled
    it is, and what to sample next."""

    k: int = 0
    confidence: float = 0.0
    order: list = field(default_factory=list)
    adjacent: list = field(default_factory=list)
    p_order: Optional[float] = None
    p_top: Optional[float] = None
    settled: bool = False
    top_settled: bool = False
    ambiguous: Optional[Any] = None
    next: Optional[Any] = None
    tasks: Optional[Any] = None
    intervals: list = field(default_factory=list)
    sentence: str = ""

    TABLES: ClassVar[tuple[str, ...]] = ("order", "intervals")

    def _rows(self, table: str) -> list:
        if table == "order":
            return [{"rank": i + 1, "series": s} for i, s in enumerate(self.order)]
        return list(self.intervals or [])


@dataclass(frozen=True)
class Series:
    """One series of a file as read: its name (as the report names it), its tasks' ids, and
    their counts as NumPy arrays (``n`` samples, ``c`` passing)."""

    name: str
    ids: list
    n: np.ndarray
    c: np.ndarray


@dataclass(frozen=True)
class Read(_Document):
    """A file as the page and the command line read it: its series, the rows it rejected (line
    and reason), the notes of its reader and its format's key."""

    file: str = ""
    format: Optional[str] = None
    series: list = field(default_factory=list)
    rejected: list = field(default_factory=list)
    notes: list = field(default_factory=list)

    TABLES: ClassVar[tuple[str, ...]] = ("rejected",)

    @classmethod
    def _of(cls, doc: dict):
        series = [
            Series(
                name=s["name"],
                ids=[t.get("id") for t in s["tasks"]],
                n=np.array([t["n"] for t in s["tasks"]], dtype=np.int64),
                c=np.array([t["c"] for t in s["tasks"]], dtype=np.int64),
            )
            for s in doc.get("series", [])
        ]
        return cls(
            _json=doc,
            file=doc.get("file", ""),
            format=doc.get("format"),
            series=series,
            rejected=list(doc.get("rejected", [])),
            notes=list(doc.get("notes", [])),
        )
