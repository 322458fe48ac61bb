#!/usr/bin/env python3
"""Runs every example of the README and of docs/: in a fenced code block, a line starting with
'$ ' is a command, run by bash from the repository's root with the built rummy first on PATH,
and the lines after it, up to the next command or the end of the block, are what it must print
(standard output and standard error as a terminal shows them, without colour).

usage: doc_examples.py RUMMY_DIRECTORY REPOSITORY_ROOT [--update]
With --update, each page's examples are rewritten with what the commands print (read the diff
before committing it).
"""
import difflib
import os
import pathlib
import subprocess
import sys


def examples(path):
    """(line number, command, expected output) for every '$ ' line in the page's code blocks."""
    found = []
    in_block = False
    current = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.lstrip().startswith("```"):
            if in_block and current:
                found.append(current)
            in_block = not in_block
            current = None
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            if current:
                found.append(current)
            current = (number, line[2:], [], len(found))
        elif current:
            current[2].append(line)
    return found


def main():
    rummy_dir, root = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    pages = [root / "README.md"] + sorted((root / "docs").rglob("*.md"))
    env = dict(os.environ, PATH=f"{rummy_dir}:{os.environ['PATH']}", NO_COLOR="1", COLUMNS="100")
    count, failures = 0, 0
    for page in pages:
        update = "--update" in sys.argv
        page_lines = page.read_text(encoding="utf-8").split("\n")
        replacements = []
        for number, command, expected, _ in examples(page):
            count += 1
            run = subprocess.run(["bash", "-c", command], cwd=root, env=env, capture_output=True,
                                 text=True)
            actual = (run.stdout + run.stderr).splitlines()
            while expected and expected[-1] == "":
                expected.pop()
            if actual != expected and update:
                replacements.append((number, len(expected), actual))
            elif actual != expected:
                failures += 1
                where = f"{page.relative_to(root)}:{number}"
                print(f"FAIL {where}: $ {command}")
                sys.stdout.writelines(
                    line + "\n" for line in difflib.unified_diff(
                        expected, actual, "as documented", "as printed", lineterm=""))
        for number, old_length, actual in reversed(replacements):
            page_lines[number:number + old_length] = actual
        if replacements:
            page.write_text("\n".join(page_lines), encoding="utf-8")
            print(f"updated {len(replacements)} examples in {page.relative_to(root)}")
    print(f"{count} documented examples, {failures} not as printed")
    return 1 if failures or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
