#!/usr/bin/env python3
"""Scores many files of hands on a Dask cluster with rummy.batch (docs/scale.md).

    dask_batch.py OUT FILE...                       a local cluster of this machine's cores
    dask_batch.py --workers 2 OUT FILE...           … of two workers
    dask_batch.py --scheduler tcp://host:8786 OUT FILE...   a real cluster

A dask.bag holds the files, one a partition, so each file is one task on whichever worker is
free: the task reads the file as a stream, rummy.batch scores its lines (each record names its
file and line as `rummy batch FILE` does), the task writes the records, JSON Lines, to
OUT/records-NNNNN.jsonl (NNNNN: the file's place in the list), and returns the figures of
batch's summary line. The
figures are added up into OUT/totals.json, and the rate is printed. Options after `--` go to
rummy.batch as the command line's (`-- --game pool101 --variant indian`): `--name value`, or
`--name` alone for a flag.

OUT and the files may be any place fsspec opens (a shared folder, s3://…, hdfs://…) that every
worker reaches: on one machine, any folder.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import dask.bag
import fsspec
from dask.distributed import Client, LocalCluster

import rummy

FIGURES = ("hands", "valid", "not_valid", "drops", "bad", "points")


def score_file(place: int, path: str, out: str, options: dict) -> dict[str, int]:
    """One task: a file's hands scored as they are read (memory stays flat however long the
    file), its records written to OUT/records-PLACE.jsonl, its figures returned."""
    totals = dict.fromkeys(FIGURES, 0)
    with fsspec.open(path, "rb") as hands, \
            fsspec.open(f"{out}/records-{place:05}.jsonl", "w", encoding="utf-8") as records:
        for record in rummy.batch(hands, source=path, raw=True, totals=totals, **options):
            records.write(record + "\n")
    return totals


def options_from(words: list[str]) -> dict:
    """`--name value` and `--flag` words as rummy.batch's keywords."""
    options: dict = {}
    i = 0
    while i < len(words):
        name = words[i].removeprefix("--")
        if i + 1 < len(words) and not words[i + 1].startswith("--"):
            value = words[i + 1]
            if name == "house":
                rule, _, setting = value.partition("=")
                options.setdefault("house", {})[rule] = setting
            else:
                options[name] = value
            i += 2
        else:
            options[name] = True
            i += 1
    return options


def main(argv: list[str]) -> int:
    cut = argv.index("--") if "--" in argv else len(argv)
    own, batch_words = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="where the records and totals.json go")
    parser.add_argument("files", nargs="+", help="files with one hand per line")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a running cluster's scheduler address")
    where.add_argument("--workers", type=int, help="a local cluster of this many workers")
    parser.add_argument("--jobs", type=int, default=1,
                        help="threads each task gives rummy.batch (default 1: one per worker)")
    args = parser.parse_args(own)
    options = {**options_from(batch_words), "jobs": args.jobs}
    list(rummy.batch([], **options))  # bad options: said here, before a cluster starts

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    with client:
        filesystem, folder = fsspec.core.url_to_fs(args.out)
        filesystem.makedirs(folder, exist_ok=True)
        start = time.perf_counter()
        # A bag of the files, one a partition: each is one task, on whichever worker is free.
        files = dask.bag.from_sequence(list(enumerate(args.files)), npartitions=len(args.files))
        figures = files.starmap(score_file, out=args.out, options=options).compute()
        seconds = time.perf_counter() - start
        workers = len(client.scheduler_info()["workers"])
    totals = {name: sum(f[name] for f in figures) for name in FIGURES}
    with fsspec.open(f"{args.out}/totals.json", "w") as file:
        json.dump(totals, file, indent=2)
        file.write("\n")
    print(f"{totals['hands']} hands from {len(args.files)} files on {workers} workers in "
          f"{seconds:.2f} s: {totals['hands'] / seconds:,.0f} hands/s "
          f"({totals['valid']} valid, {totals['not_valid']} not valid, {totals['drops']} drops, "
          f"{totals['bad']} bad; {totals['points']} points)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except rummy.RummyError as error:
        print(f"dask_batch.py: {error}", file=sys.stderr)
        sys.exit(error.exit_code)
