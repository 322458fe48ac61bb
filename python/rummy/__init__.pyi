# Type hints of the module `rummy` (rummy/__init__.py says what each function does). Every result
# is the JSON object the command line prints with --format json, as a dict; docs/schema/ holds
# the JSON Schema of each.
from typing import Any, Iterable, Iterator, Literal, Mapping, Sequence, Union, overload

__version__: str

# An option's value: a string or number as the command line takes it, True for a flag (False
# and None: not given), a sequence to give it more than once, or for ``house`` a mapping of house
# rules to their values.
OptionValue = Union[str, int, float, bool, None, Sequence[str], Mapping[str, Union[str, int, float]]]

class RummyError(ValueError):
    message: str
    source: str | None
    line: int | None
    column: int | None
    text: str | None
    exit_code: int
    def __init__(self, message: str, *, source: str | None = ..., line: int | None = ...,
                 column: int | None = ..., text: str | None = ..., exit_code: int = ...) -> None: ...

def validate(hand: str | bytes, **options: OptionValue) -> dict[str, Any]: ...
def score(hand: str | bytes = ..., **options: OptionValue) -> dict[str, Any]: ...
def arrange(hand: str | bytes, **options: OptionValue) -> dict[str, Any]: ...
def outs(hand: str | bytes, **options: OptionValue) -> dict[str, Any]: ...
def advise(hand: str | bytes, **options: OptionValue) -> dict[str, Any]: ...
def layoff(meld: str, cards: str, **options: OptionValue) -> dict[str, Any]: ...
def settle(sheet: str | bytes, **options: OptionValue) -> dict[str, Any]: ...
def rules(**options: OptionValue) -> dict[str, Any]: ...
@overload
def batch(lines: Iterable[str | bytes], *, jobs: int | None = ..., source: str = ...,
          raw: Literal[False] = ..., totals: dict[str, int] | None = ..., chunk_lines: int = ...,
          **options: OptionValue) -> Iterator[dict[str, Any]]: ...
@overload
def batch(lines: Iterable[str | bytes], *, jobs: int | None = ..., source: str = ...,
          raw: Literal[True], totals: dict[str, int] | None = ..., chunk_lines: int = ..., **options: OptionValue) -> Iterator[str]: ...
