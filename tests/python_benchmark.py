#!/usr/bin/env python3
"""rummy.batch against `rummy batch` on the same file, one core each (taskset), best of five:
the Python module's target is 80% of the command line's hands/s (docs/python.md).

    PYTHONPATH=build/python /usr/bin/python3 tests/python_benchmark.py [hands]   (default 1,000,000)

The file is made by build/tests/rummy_benchmark (grouped 13-card hands, as
tests/batch_benchmark.sh uses). Figures: the command line to /dev/null; rummy.batch with each
record as its JSON text (raw=True); and with each record read into a dict.
"""

import os
import pathlib
import subprocess
import sys
import tempfile
import time

import rummy

BUILD = pathlib.Path(__file__).resolve().parent.parent / "build"


def best_of(run, passes=5):
    return min(run() for _ in range(passes))


def main():
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    os.sched_setaffinity(0, {0})  # this process, and the command line below, on one core
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "hands.txt"
        subprocess.run([BUILD / "tests" / "rummy_benchmark", "--batch-file", path, str(hands)],
                       check=True, capture_output=True)

        def command_line():
            start = time.perf_counter()
            subprocess.run(["taskset", "-c", "0", BUILD / "rummy", "batch", "--jobs", "1",
                            "--format", "json", path], check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return time.perf_counter() - start

        def module(raw):
            def run():
                start = time.perf_counter()
                with open(path, "rb") as lines:
                    count = sum(1 for _ in rummy.batch(lines, jobs=1, raw=raw))
                assert count == hands
                return time.perf_counter() - start
            return run

        cli = hands / best_of(command_line)
        raw = hands / best_of(module(True))
        dicts = hands / best_of(module(False))
    print(f"rummy batch vs rummy.batch: {hands} grouped 13-card hands, one core, best of 5")
    print(f"rummy batch --format json          {cli:10.0f} hands/s")
    print(f"rummy.batch(raw=True)              {raw:10.0f} hands/s  {raw / cli:6.1%} of rummy batch"
          f"   target 80%: {'met' if raw >= 0.8 * cli else 'not met'}")
    print(f"rummy.batch (dicts)                {dicts:10.0f} hands/s  {dicts / cli:6.1%}")


if __name__ == "__main__":
    main()
