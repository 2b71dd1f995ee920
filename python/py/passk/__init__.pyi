import os
from typing import Any, Literal, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__all__ = [
    "pass_at_k",
    "pass_hat_k",
    "read",
    "report",
    "compare",
    "plan",
    "to_pandas",
    "PasskError",
    "PasskWarning",
    "__version__",
]

_PathLike = Union[str, os.PathLike[str]]

__version__: str

class PasskError(ValueError): ...
class PasskWarning(UserWarning): ...

_Estimator = Literal["unbiased", "naive", "bb", "zoibb"]
# A path, a pandas or polars DataFrame (counts or samples columns), or {series: (n, c)}.
_Input = Union[_PathLike, Any, Mapping[str, tuple[npt.ArrayLike, npt.ArrayLike]]]

def pass_at_k(n: npt.ArrayLike, c: npt.ArrayLike, k: Union[int, Sequence[int]], estimator: _Estimator = ...) -> npt.NDArray[np.float64]: ...
def pass_hat_k(n: npt.ArrayLike, c: npt.ArrayLike, k: Union[int, Sequence[int]], estimator: _Estimator = ...) -> npt.NDArray[np.float64]: ...
def read(path_or_bytes: Union[_PathLike, bytes], format: Optional[str] = ..., name: str = ...) -> dict[str, Any]: ...
def report(*inputs: Union[_Input, Sequence[_Input]], **flags: Any) -> dict[str, Any]: ...
def compare(*inputs: Union[_Input, Sequence[_Input]], **flags: Any) -> dict[str, Any]: ...
def plan(*inputs: Union[_Input, Sequence[_Input]], **flags: Any) -> Union[list[dict[str, Any]], dict[str, Any]]: ...
def to_pandas(document: Union[dict[str, Any], list[dict[str, Any]]], table: Optional[str] = ...) -> Any: ...
