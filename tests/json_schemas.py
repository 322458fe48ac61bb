#!/usr/bin/env python3
"""Validates real JSON output against docs/schema/: every sample of samples/ run with
--format json (batch: each JSON Lines record), the cash formulas, an evening of two sheets, each
game's rules, and error objects (usage errors and errors at a place). Needs Debian's
python3-jsonschema.

usage: json_schemas.py RUMMY REPOSITORY_ROOT
"""
import json
import pathlib
import shlex
import subprocess
import sys

import jsonschema


def run(rummy, args, stdin=b""):
    result = subprocess.run([rummy] + args, input=stdin, capture_output=True)
    return result.returncode, result.stdout.decode("utf-8")


def with_json(args):
    args = list(args)
    if "--format" in args:
        args[args.index("--format") + 1] = "json"
    else:
        args += ["--format", "json"]
    return args


def main():
    rummy, root = sys.argv[1], pathlib.Path(sys.argv[2])
    schema_dir = root / "docs" / "schema"
    store = {}
    for path in schema_dir.glob("*.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        store[schema["$id"]] = schema
    base = schema_dir.resolve().as_uri() + "/"
    for name, schema in list(store.items()):
        store[base + name] = schema

    def validator(name):
        resolver = jsonschema.RefResolver(base + name, store[name], store=store)
        return jsonschema.Draft202012Validator(store[name], resolver=resolver)

    runs = []  # (what, command, stdin)
    samples = sorted(p for pattern in ("*.hand", "*.batch", "*.sheet")
                     for p in (root / "samples").glob("*/" + pattern))
    for sample in samples:
        first = sample.read_bytes().split(b"\n", 1)[0].decode("utf-8")
        args = shlex.split(first[len("# rummy "):])
        runs.append((str(sample.relative_to(root)), with_json(args), sample.read_bytes()))
    sheets = root / "samples" / "sheets"
    extra = [
        ["cash", "points", "--value", "2", "--losers", "20,40,50", "--fee", "10%"],
        ["cash", "pool", "--entry", "100", "--players", "4", "--fee", "15%"],
        ["cash", "deals", "--entry", "5", "--players", "2"],
        ["settle", str(sheets / "points-only.sheet"), str(sheets / "points.sheet")],
        ["rules", "--variant", "basic"], ["rules", "--variant", "knock"],
        ["rules", "--variant", "crazy"], ["rules", "--list"],
        ["valdate", "A♠"],
        ["score", "--bogus"],
        ["validate", "A♠-2♠-X♠"],
        ["settle", str(root / "no-such.sheet")],
        ["layoff", "--variant", "crazy", "5♥-JK-7♥-8♥", "6♥"],
        ["toss", "Asha=7♥", "Ravi=PJ", "Meena=7♠"],
        ["batch", "--arrange", str(root / "docs" / "examples" / "hands.txt")],
        ["deal", "--wild", "7", "--point", "2", "--fee", "10%", "--currency", "₹",
         "Tom declared 10♥-J♥-Q♥ | 5♣-5♦-5♠ | A♦-A♥-A♠ | 2♦ 3♦ Q♣ Q♥",
         "Asha declared A♠-2♠-3♠ | 6♣-8♣-7♥ | 4♦-4♠-4♣-4♥ | J♦-J♥-PJ", "Ravi 45",
         "Meena dropped first"],
        ["deal", "--game", "pool201", "Asha declared", "Ravi dropped middle"],
        ["deal", "--variant", "knock", "P1 knocked A♥ 2♥ 3♥ 2♣ 4♣ 5♦ 8♠ 9♠ 10♠ J♠",
         "P2 showed K♣ K♠ 7♥ A♠ 3♦ 10♦ 8♣ 6♣ 5♣ 4♦"],
        ["deal", "--variant", "crazy", "--round", "1", "A out", "B showed A♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"],
        ["deal", "--variant", "gin", "Ann knocked 5♠-6♠-7♠ | 9♥-9♦-9♣ | J♦-Q♦-K♦ | 3♣",
         "Bob showed 4♥-5♥-6♥ | 8♠ 9♠ 2♣ 4♦ 10♣ K♠ Q♥"],
        ["rules", "--variant", "gin"],
        ["deal", "Asha 20", "Ravi declared"],
        ["advise", "--variant", "crazy", "--open", "JK", "A♠ 3♠ 4♠ 7♥ 7♦ 7♣ 9♣ K♦"],
        ["advise", "--variant", "basic", "--draws", "3", "--samples", "50", "5♠ 6♠ 7♠ 9♥ 9♦ 9♣ 8♠ 8♣"],
        ["advise", "--variant", "marriage", "--tiplu", "5♦", "--open", "3♣",
         "shown 2♥-3♥-4♥ | 6♠-7♠-8♠ | Q♣-Q♣-Q♣ hand J♣ 10♣ 9♣ K♥ K♠ K♦ A♣ 2♣ 9♦ 9♥ 7♦ 3♠"],
    ]
    for args in extra:
        runs.append((" ".join(args), with_json(args), b""))

    commands = {"validate", "score", "arrange", "outs", "batch", "settle", "cash", "layoff",
                "rules", "toss", "deal", "advise"}
    missing = [c for c in commands if c + ".json" not in store]
    if missing:
        print(f"no schema for: {', '.join(sorted(missing))}")
        return 1
    counts, failures = {}, 0
    for what, args, stdin in runs:
        _, out = run(rummy, args, stdin)
        command = args[0] if args[0] in commands else None
        lines = out.splitlines() if command == "batch" else [out]
        try:
            documents = [json.loads(line) for line in lines if line.strip()]
        except json.JSONDecodeError:  # a batch refused as a whole: one error object
            documents = [json.loads(out)]
        if not documents:
            print(f"FAIL {what}: no JSON on standard output")
            failures += 1
        for document in documents:
            name = "error.json" if set(document) == {"error"} else f"{command}.json"
            if name == "rules.json" and "--list" in args:
                name = "rules-list.json"
            errors = list(validator(name).iter_errors(document))
            counts[name] = counts.get(name, 0) + 1
            for error in errors[:3]:
                failures += 1
                path = "/".join(str(p) for p in error.absolute_path)
                print(f"FAIL {what} against {name} at /{path}: {error.message[:300]}")
    print(", ".join(f"{name} {n}" for name, n in sorted(counts.items())))
    print(f"{sum(counts.values())} JSON documents from {len(runs)} runs, {failures} not valid")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
