"""The Python module against the command line: every sample of samples/ asked of both (the
module's dict must equal what `rummy ... --format json` prints, and its errors the command
line's), then what only the module does: options as keywords, errors as exceptions, batch's
records over many lines and threads. Run by CTest (python/CMakeLists.txt) with the module built
in build/python and the command line built beside it; RUMMY_CLI and RUMMY_SAMPLES say where."""

import json
import os
import pathlib
import shlex
import subprocess
import threading

import pytest

import rummy

CLI = os.environ["RUMMY_CLI"]
SAMPLES = pathlib.Path(os.environ["RUMMY_SAMPLES"])

# The module's functions, by command; the others (cash, deal, toss, completion) are the command
# line's alone.
FUNCTIONS = {name: getattr(rummy, name) for name in
             ("validate", "score", "arrange", "outs", "advise", "layoff", "settle", "rules",
              "batch")}
# The options of the samples that take no value.
FLAGS = {"all", "arrange", "list", "cards-away", "declared"}


def samples():
    for path in sorted(SAMPLES.glob("*/*")):
        if path.suffix == ".expected":
            continue
        first = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")
        if not first.startswith("# rummy "):
            continue
        args = shlex.split(first[len("# rummy "):])
        if args[0] in FUNCTIONS and "csv" not in args and "text" not in args:
            yield pytest.param(path, args, id=f"{path.parent.name}/{path.name}")


def as_call(args):
    """A command line's words as the function's arguments: (positional words, options)."""
    words, options = [], {}
    i = 1
    while i < len(args):
        arg = args[i]
        if arg.startswith("--"):
            name, _, value = arg[2:].partition("=")
            if not value and name not in FLAGS:
                i += 1
                value = args[i]
            if name == "format":
                pass
            elif name == "house":
                rule, _, setting = value.partition("=")
                options.setdefault("house", {})[rule] = setting
            elif name in FLAGS:
                options[name.replace("-", "_")] = True
            elif name in options:  # given again: an array
                before = options[name]
                options[name] = (before if isinstance(before, list) else [before]) + [value]
            else:
                options[name] = value
        else:
            words.append(arg)
        i += 1
    return words, options


def command_line(args, path):
    with open(path, "rb") as stdin:
        done = subprocess.run([CLI, *args, "--format", "json"] if "json" not in args else
                              [CLI, *args], stdin=stdin, capture_output=True, check=False)
    return done.returncode, done.stdout.decode("utf-8")


@pytest.mark.parametrize("path,args", samples())
def test_sample_answers_as_the_command_line(path, args):
    code, out = command_line(args, path)
    words, options = as_call(args)
    text = path.read_bytes()  # as the command line reads it, whatever bytes it holds
    command = args[0]
    function = FUNCTIONS[command]
    if command == "batch" and code == 2 and out.startswith("{\n"):
        with pytest.raises(rummy.RummyError) as raised:
            next(function(text.split(b"\n"), source="<stdin>", **options))
        assert raised.value.message == json.loads(out)["error"]["message"]
        return
    if command == "batch":
        records = list(function(text.split(b"\n"), source="<stdin>", **options))
        expected = [json.loads(line) for line in out.splitlines()]
        assert records == expected
        return
    if command == "layoff":
        call = lambda: function(*words, **options)  # noqa: E731
    elif command == "rules":
        call = lambda: function(**options)  # noqa: E731
    else:
        # A hand given as arguments is the input; else the file is, as standard input.
        hand = " ".join(words) if words else text
        call = lambda: function(hand, **options)  # noqa: E731
    if code == 2:
        with pytest.raises(rummy.RummyError) as raised:
            call()
        error = json.loads(out)["error"]
        assert raised.value.message == error["message"]
        assert raised.value.line == error.get("line")
        assert raised.value.column == error.get("column")
        assert raised.value.exit_code == 2
    else:
        assert call() == json.loads(out)


def test_options_are_keywords():
    hand = "10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥ 7♣"
    capped = rummy.score(hand, wild="10", house={"points-cap": 60})
    assert capped["points"] <= 60
    assert rummy.score(hand, wild=10) == rummy.score(hand, wild="10")
    assert rummy.score(hand, wild="10", house=None) == rummy.score(hand, wild="10")
    # A flag given as false is not given.
    assert rummy.arrange(hand, wild="10", all=False) == rummy.arrange(hand, wild="10")


def test_errors_say_where():
    with pytest.raises(rummy.RummyError) as raised:
        rummy.validate("A♠-2♠-3x")
    error = raised.value
    assert (error.line, error.column, error.source, error.text) == (1, 8, "<input>", "A♠-2♠-3x")
    assert "expected a suit" in error.message and str(error).startswith("<input>:1:8: ")
    assert isinstance(error, ValueError)


@pytest.mark.parametrize("options,words", [
    ({"frobnicate": 1}, "--frobnicate"),
    ({"format": "csv"}, "format"),
    ({"color": "always"}, "color"),
    ({"house": {"no-such-rule": 1}}, "no-such-rule"),
    ({"wild": ["7", "8"]}, "--wild"),
    ({"wild": {"a": 1}}, "wild"),
])
def test_options_that_do_not_apply_are_refused(options, words):
    with pytest.raises(rummy.RummyError) as raised:
        rummy.validate("A♠-2♠-3♠", **options)
    assert words in str(raised.value)


def test_not_valid_is_an_answer():
    answer = rummy.validate("A♠-2♠-3♠ | 5♥-6♥ | K♣ K♦ 4♣ 8♠ 9♦ J♥ Q♠")
    assert answer["valid"] is False and answer["problems"]


def test_batch_numbers_lines_across_chunks_and_names_the_source():
    hand = "A♠-2♠-3♠ | 6♣-8♣-K♥(WJ) | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ"
    lines = [hand, "", "bad", hand] * 5
    records = list(rummy.batch(lines, source="day.txt", chunk_lines=3, jobs=2))
    assert [r["line"] for r in records] == [n for n in range(1, 21) if n % 4 != 2]
    assert {r["source"] for r in records} == {"day.txt"}
    assert [r["verdict"] for r in records[:2]] == ["valid", "error"]
    raw = list(rummy.batch(lines, source="day.txt", chunk_lines=7, raw=True))
    assert [json.loads(r) for r in raw] == records
    # Bytes, as a file opened in binary gives them, and a line that is not UTF-8.
    assert list(rummy.batch([hand.encode() + b"\n", b"\xff\xfe\n"])) == list(
        rummy.batch([hand, b"\xff\xfe"]))


def test_batch_refuses_bad_options_before_any_record():
    with pytest.raises(rummy.RummyError):
        next(rummy.batch(["A♠-2♠-3♠"], game="poker"))
    with pytest.raises(rummy.RummyError):
        next(rummy.batch([], jobs=0))


def test_batch_equals_the_command_line_on_a_file(tmp_path):
    hands = tmp_path / "hands.txt"
    lines = []
    for n, sample in enumerate(sorted((SAMPLES / "batch").glob("*.batch"))):
        for line in sample.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                lines.append(line)
    hands.write_text("\n".join(lines * 50) + "\n", encoding="utf-8")
    done = subprocess.run([CLI, "batch", "--format", "json", str(hands)], capture_output=True,
                          check=False)
    totals = {}
    with open(hands, "rb") as f:
        records = list(rummy.batch(f, source=str(hands), chunk_lines=1000, totals=totals))
    assert records == [json.loads(r) for r in done.stdout.decode().splitlines()]
    # The summary line: "rummy batch: N hands: V valid, I not valid, D drops, B bad; P points …"
    figures = [int(word) for word in done.stderr.decode().replace(",", " ").replace(";", " ")
               .split() if word.lstrip("-").isdigit()]
    assert [totals[k] for k in ("hands", "valid", "not_valid", "drops", "bad", "points")] == figures
    assert totals["hands"] == len(records) > 1000


@pytest.mark.parametrize("ending", [b"\n", b"\r\n", b""])
@pytest.mark.parametrize("block", [16, 100, 1 << 18])
def test_batch_reads_a_binary_file_in_blocks_as_the_command_line_reads_it(tmp_path, monkeypatch,
                                                                         ending, block):
    # Blocks smaller than a line (the buffer then grows), line ends across blocks, a line of
    # 300,000 bytes (too long to judge: an error record), and no line end at the end.
    monkeypatch.setattr(rummy, "_BLOCK", block)
    hand = b"[wild=7] A\xe2\x99\xa0-2\xe2\x99\xa0-3\xe2\x99\xa0 | 6C 8C KH(WJ) | PJ 4D 4S"
    lines = [hand, b"", b"# a comment", b"bad", b"x" * 300_000, hand] * 3
    path = tmp_path / "hands.txt"
    path.write_bytes(b"\r\n".join(lines) if ending == b"\r\n" else b"\n".join(lines) + ending)
    done = subprocess.run([CLI, "batch", "--format", "json", str(path)], capture_output=True,
                          check=False)
    with open(path, "rb") as f:
        records = list(rummy.batch(f, source=str(path), raw=True))
    assert records == done.stdout.decode().splitlines()
    assert len(records) == 12


def test_batch_of_an_empty_binary_file_gives_no_record_and_still_checks_the_options(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    with open(path, "rb") as f:
        assert not list(rummy.batch(f))
    with open(path, "rb") as f, pytest.raises(rummy.RummyError):
        next(rummy.batch(f, game="poker"))


def test_the_lock_is_released_while_a_call_works():
    # Threads calling at once each get their own answers (each thread keeps its own command
    # lines), and the calls run without the interpreter's lock.
    hand = "A♠ 2♠ 3♠ 5♥ 6♥ 9♣ 9♦ 9♠ K♥ K♦ 4♣ 8♠ Q♦"
    expected = rummy.outs(hand)
    answers = []

    def work():
        for _ in range(20):
            answers.append(rummy.outs(hand) == expected)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [True] * 80


def test_version_is_the_command_lines():
    done = subprocess.run([CLI, "--version"], capture_output=True, check=True, text=True)
    assert done.stdout.strip() == f"rummy {rummy.__version__}"


def test_the_examples_of_docs_python_md():
    import doctest
    page = SAMPLES.parent / "docs" / "python.md"
    failures, tried = doctest.testfile(str(page), module_relative=False, encoding="utf-8",
                                       optionflags=doctest.ELLIPSIS)
    assert tried >= 8 and failures == 0
