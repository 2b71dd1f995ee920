import os
from typing import Literal, Mapping, Optional, Sequence, TypedDict, Union

import numpy as np
import numpy.typing as npt
from typing_extensions import Unpack

from ._documents import Comparison as Comparison
from ._documents import Rankings as Rankings
from ._documents import PasskError as PasskError
from ._documents import Plan as Plan
from ._documents import Read as Read
from ._documents import Report as Report
from ._documents import Series as Series
from ._documents import StopCheck as StopCheck

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

_PathLike = Union[str, os.PathLike[str]]

__version__: str

class PasskWarning(UserWarning): ...

_Estimator = Literal["unbiased", "naive", "bb", "zoibb"]
# A path, a pandas or polars DataFrame (counts or samples columns), or {series: (n, c)}.
_Input = Union[_PathLike, object, Mapping[str, tuple[npt.ArrayLike, npt.ArrayLike]]]
_Ks = Union[int, Sequence[int], npt.NDArray[np.integer]]
_Numbers = Union[float, Sequence[float]]

# The settings, as the command line's flags (`_` for `-`), each as typed: those every
# command takes (how rollout files are read), then each command's own.
class _ReadOptions(TypedDict, total=False):
    format: Optional[str]
    threshold: Optional[float]
    id_key: Optional[str]
    reward_key: Optional[str]
    step_key: Optional[str]
    truncated_errors: Optional[bool]

class _ReportOptions(_ReadOptions, total=False):
    k: Optional[_Ks]
    reach: Optional[_Numbers]
    forecast: Optional[bool]
    power_range: Optional[tuple[int, int]]
    forecast_all: Optional[bool]
    count_all: Optional[bool]
    tau: Optional[_Numbers]
    g_tau: Optional[_Numbers]
    linmix: Optional[tuple[float, float]]
    prior: Optional[tuple[float, float]]
    confidence: Optional[float]
    bootstrap: Optional[int]
    seed: Optional[int]
    folds: Optional[int]
    backtest: Optional[Union[bool, int]]
    backtest_repeats: Optional[int]
    by_group: Optional[bool]
    fold_case: Optional[bool]
    metric: Optional[str]
    partial: Optional[Literal["correct", "incorrect"]]
    rubric: Optional[_Numbers]
    rubric_prior: Optional[_Numbers]
    errors: Optional[Literal["failures", "exclude", "apart"]]
    threads: Optional[int]

class _CompareOptions(_ReadOptions, total=False):
    k: Optional[_Ks]
    bootstrap: Optional[int]
    seed: Optional[int]
    pairs: Optional[Literal["all", "first"]]
    metric: Optional[str]
    errors: Optional[Literal["failures", "exclude", "apart"]]

class _RankOptions(_ReadOptions, total=False):
    method: Optional[str]
    separate: Optional[str]
    k: Optional[_Ks]
    g_tau: Optional[_Numbers]
    confidence: Optional[float]
    bootstrap: Optional[int]
    seed: Optional[int]
    metric: Optional[str]
    errors: Optional[Literal["failures", "exclude", "apart"]]

class _PlanOptions(_ReadOptions, total=False):
    k: Optional[_Ks]
    half_width: Optional[float]
    confidence: Optional[float]
    prior: Optional[tuple[float, float]]
    next: Optional[bool]

def pass_at_k(n: npt.ArrayLike, c: npt.ArrayLike, k: _Ks, estimator: _Estimator = ...) -> npt.NDArray[np.float64]: ...
def pass_hat_k(n: npt.ArrayLike, c: npt.ArrayLike, k: _Ks, estimator: _Estimator = ...) -> npt.NDArray[np.float64]: ...
def read(path_or_bytes: Union[_PathLike, bytes], format: Optional[str] = ..., name: str = ...) -> Read: ...
def report(*inputs: Union[_Input, Sequence[_Input]], **options: Unpack[_ReportOptions]) -> Report: ...
def compare(*inputs: Union[_Input, Sequence[_Input]], **options: Unpack[_CompareOptions]) -> Comparison: ...
def rank(*inputs: Union[_Input, Sequence[_Input]], **options: Unpack[_RankOptions]) -> Rankings: ...
def plan(*inputs: Union[_Input, Sequence[_Input]], **options: Unpack[_PlanOptions]) -> Union[list[Plan], StopCheck]: ...
def to_pandas(document: Union[Report, Comparison, StopCheck, Plan, Read, list[Plan]], table: Optional[str] = ...) -> object: ...
