"""The Dask example (python/examples/dask_batch.py, docs/scale.md) on a distributed.LocalCluster
of two workers, over generated files: each file's records must equal `rummy batch`'s on the same
file, and the totals the sum of its summary lines."""

import json
import os
import pathlib
import random
import subprocess
import sys

CLI = os.environ["RUMMY_CLI"]
SAMPLES = pathlib.Path(os.environ["RUMMY_SAMPLES"])
EXAMPLE = pathlib.Path(__file__).parent.parent / "examples" / "dask_batch.py"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["♠", "♥", "♦", "♣"]


def random_hand(rng):
    """13 cards of two packs with their jokers, cut into groups at random: valid now and then,
    mostly not; now and then a card that is no card (a bad line)."""
    deck = [r + s for r in RANKS for s in SUITS] * 2 + ["PJ", "PJ"]
    cards = rng.sample(deck, 13)
    if rng.random() < 0.02:
        cards[rng.randrange(13)] = "Z♠"
    groups, at = [], 0
    while at < 13:
        size = min(rng.choice([3, 3, 4, 4, 5]), 13 - at)
        groups.append("-".join(cards[at:at + size]))
        at += size
    return " | ".join(groups)


def summary_figures(stderr):
    words = stderr.replace(",", " ").replace(";", " ").split()
    return [int(w) for w in words if w.lstrip("-").isdigit()]


def test_dask_example_equals_rummy_batch(tmp_path):
    rng = random.Random(2026)
    samples = [line for path in sorted((SAMPLES / "batch").glob("*.batch"))
               for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    files = []
    for n in range(5):
        lines = [random_hand(rng) for _ in range(3000)] + samples + ["", "# a comment"]
        rng.shuffle(lines)
        path = tmp_path / f"day-{n}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        files.append(str(path))
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, str(EXAMPLE), "--workers", "2", str(out), *files,
                           "--", "--game", "pool101"],
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "hands/s" in done.stdout and "on 2 workers" in done.stdout

    expected_totals = [0] * 6
    for place, path in enumerate(files):
        cli = subprocess.run([CLI, "batch", "--format", "json", "--game", "pool101", path],
                             capture_output=True, text=True, check=False)
        records = (out / f"records-{place:05}.jsonl").read_text(encoding="utf-8")
        assert records == cli.stdout
        expected_totals = [a + b for a, b in zip(expected_totals, summary_figures(cli.stderr))]
    totals = json.loads((out / "totals.json").read_text())
    assert list(totals.values()) == expected_totals
    assert totals["hands"] > 15000 and totals["valid"] > 0 and totals["bad"] > 0


def test_dask_example_refuses_bad_options_before_starting(tmp_path):
    done = subprocess.run([sys.executable, str(EXAMPLE), str(tmp_path / "out"), "x.txt", "--",
                           "--game", "poker"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "--game" in done.stderr
    assert not (tmp_path / "out").exists()
