"""rummy: validate, score, arrange and advise rummy hands from Python.

Each function runs the command of the same name of the `rummy` command line, in this process,
and returns the very object `rummy COMMAND --format json` prints, as a dict. Options are the
command's long options as keywords (``cards_away=True`` for ``--cards-away``; ``house`` takes a
dict of house rules). Bad input raises RummyError, with the line and column the command line
shows. Input is text, or bytes read as the command line reads a file. The JSON Schemas in
docs/schema/ describe every result.

    >>> import rummy
    >>> rummy.validate("A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ")["valid"]
    True
"""

from __future__ import annotations

import itertools
import json
from typing import Any, Iterable, Iterator

from ._rummy import call as _call
from ._rummy import call_lines as _call_lines
from ._rummy import version as __version__

__all__ = ["RummyError", "validate", "score", "arrange", "outs", "advise", "layoff", "settle",
           "rules", "batch", "__version__"]

_BAD_INPUT = 2  # the command line's exit code for bad input or usage
_BLOCK = 1 << 18  # bytes of a binary file that rummy.batch judges at once (a few thousand lines:
# larger blocks make larger answers, whose memory the system hands over anew at every block)
_TOTALS = ("hands", "valid", "not_valid", "drops", "bad", "points")  # batch's summary


class RummyError(ValueError):
    """Bad input or options, as the command line reports them (its exit code 2).

    ``line`` and ``column`` (counted from 1, the column in characters) locate the error in the
    input when it has a place there, and ``text`` is that line; otherwise they are None.
    """

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None,
                 column: int | None = None, text: str | None = None,
                 exit_code: int = _BAD_INPUT) -> None:
        where = f"{source}:{line}:{column}: " if line is not None else ""
        super().__init__(where + message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.text = text
        self.exit_code = exit_code


def _error(out: str, err: str, code: int) -> RummyError:
    try:
        body = json.loads(out)["error"]
    except (ValueError, KeyError, TypeError):
        return RummyError(err.strip().removeprefix("rummy: error: "), exit_code=code)
    return RummyError(body["message"], source=body.get("source"), line=body.get("line"),
                      column=body.get("column"), text=body.get("text"), exit_code=code)


def _options(options: dict[str, Any]) -> str:
    return json.dumps(options, ensure_ascii=False) if options else "{}"


def _run(command: str, text: str | bytes = "", arguments: Iterable[str] = (),
         options: dict[str, Any] | None = None, source: str = "<input>") -> dict[str, Any]:
    code, out, err, _ = _call(command, _options(options or {}), list(arguments), text, source, 1)
    if code == _BAD_INPUT or not out:
        raise _error(out, err, code)
    return json.loads(out)


def validate(hand: str | bytes, **options: Any) -> dict[str, Any]:
    """What each group of the hand is, and whether it is a valid declaration
    (``rummy validate``; docs/schema/validate.json). A hand that is not valid is an answer,
    with "valid": false, not an error."""
    return _run("validate", hand, options=options)


def score(hand: str | bytes = "", **options: Any) -> dict[str, Any]:
    """What the hand (or a drop: ``drop="first"``) pays, and by which rule (``rummy score``;
    docs/schema/score.json)."""
    return _run("score", hand, options=options)


def arrange(hand: str | bytes, **options: Any) -> dict[str, Any]:
    """The hand's best grouping (``rummy arrange``; ``all=True`` lists every best one;
    docs/schema/arrange.json)."""
    return _run("arrange", hand, options=options)


def outs(hand: str | bytes, **options: Any) -> dict[str, Any]:
    """The cards that, drawn next, let the hand declare or lower its count (``rummy outs``;
    docs/schema/outs.json)."""
    return _run("outs", hand, options=options)


def advise(hand: str | bytes, **options: Any) -> dict[str, Any]:
    """Each discard ranked by the odds of going out (``rummy advise``; ``open``, ``seen``,
    ``draws``, ``samples``, ``seed``; docs/schema/advise.json)."""
    return _run("advise", hand, options=options)


def layoff(meld: str, cards: str, **options: Any) -> dict[str, Any]:
    """Whether the cards can be laid off onto the meld on the table (``rummy layoff``;
    docs/schema/layoff.json)."""
    return _run("layoff", arguments=[meld, cards], options=options)


def settle(sheet: str | bytes, **options: Any) -> dict[str, Any]:
    """A table sheet settled: each deal, the standings and the money (``rummy settle``;
    docs/schema/settle.json)."""
    return _run("settle", sheet, options=options)


def rules(**options: Any) -> dict[str, Any]:
    """The house rules with their values, or the games with ``list=True`` (``rummy rules``;
    docs/schema/rules.json)."""
    return _run("rules", options=options)


def batch(lines: Iterable[str | bytes], *, jobs: int | None = None, source: str = "<input>",
          raw: bool = False, totals: dict[str, int] | None = None, chunk_lines: int = 4096,
          **options: Any) -> Iterator[dict[str, Any]] | Iterator[str]:
    """A record for every line of ``lines`` that holds a hand, in order, as ``rummy batch
    --format json`` writes them (docs/schema/batch.json): lines are numbered from 1 and named
    ``source`` in the records. ``jobs`` threads judge the hands (default: every core) while the
    interpreter's lock is released. A bad line gives a record with its error, as in the command
    line; bad options raise RummyError before any record. With ``raw=True`` each record is
    its JSON text, the line the command line writes (without its newline): reading records
    into dicts costs Python about as much again as judging them, and a pipeline that writes
    JSON Lines (docs/scale.md) need not. ``totals``, a dict, gets the figures of the command
    line's summary line added to it as the records go: "hands", "valid", "not_valid", "drops",
    "bad" and "points" (in Marriage, the maal)."""
    if jobs is not None:
        options = {**options, "jobs": jobs}
    encoded = _options(options)

    def judged(data: bytes | memoryview, first_line: int) -> tuple[Iterable[Any], int]:
        # The records, and the input's line ends (the next part's lines are numbered on).
        code, records, err, figures, ends = _call_lines("batch", encoded, [], data, source,
                                                        first_line)
        # Records are one compact object a line, each a str only when it is asked for; an error
        # that ends the batch is one object written over several lines, before any record (with
        # the exit code of bad input, which a bad line's record gives too).
        if code == _BAD_INPUT:
            first = next(records, None)
            if first == "{":
                raise _error("\n".join(itertools.chain([first], records)), err, code)
            records = itertools.chain(() if first is None else (first,), records)
        if totals is not None:
            for name, figure in zip(_TOTALS, figures):
                totals[name] = totals.get(name, 0) + figure
        if raw:
            return records, ends
        return json.loads("[" + ",".join(records) + "]"), ends

    def parts() -> Iterator[Iterable[Any]]:
        # Each part's records; chain.from_iterable below takes them one by one in C, with no
        # frame of Python resumed for each record.
        first_line = 1
        if hasattr(lines, "readinto") and hasattr(lines, "read") and not hasattr(lines, "encoding"):
            # A file opened in binary: read into one buffer, a block at a time, each judged up to
            # its last whole line (the rest moved to the buffer's start), with no work in Python
            # for each line and no copy of the block.
            buffer = bytearray(_BLOCK)
            held = 0  # the start of a line read and not yet judged, at the buffer's start
            while True:
                if held == len(buffer):  # a line longer than the buffer: twice the room (a new
                    # buffer: a view of the old one may still be held by the reader)
                    buffer = buffer + bytes(len(buffer))
                with memoryview(buffer) as view:
                    got = lines.readinto(view[held:]) or 0
                    size = held + got
                    # (The bytes held before this read have no line end.)
                    end = buffer.rfind(b"\n", held, size) + 1 if got else size
                    if end > 0 or (got == 0 and first_line == 1):
                        records, ends = judged(view[:end], first_line)
                        yield records
                        first_line += ends
                        held = size - end
                        buffer[:held] = buffer[end:size]
                    else:
                        held = size
                if got == 0:
                    return
        chunk: list[bytes] = []
        for line in lines:
            # As bytes: a line that is not UTF-8 gets the command line's record for it.
            data = line if isinstance(line, bytes) else line.encode("utf-8", "surrogateescape")
            chunk.append(data[:-1] if data.endswith(b"\n") else data)
            if len(chunk) >= chunk_lines:
                yield judged(b"\n".join(chunk), first_line)[0]
                first_line += len(chunk)
                chunk = []
        if chunk or first_line == 1:
            yield judged(b"\n".join(chunk), first_line)[0]

    return itertools.chain.from_iterable(parts())
