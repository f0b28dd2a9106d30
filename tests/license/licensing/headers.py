# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""check-headers: every tracked file of a known kind opens with its
licence tag and copyright line in the project's form (the kernel's form
for C: `//` tag in .c files, `/* */` in headers, both on line 1).
Exit 0 when all do, 1 naming each file that does not, 2 outside git."""

import argparse
import os
import re
import subprocess
import sys

from . import spdx

COPYRIGHT = "SPDX-FileCopyrightText"
HASH_EXT = (".sh", ".py", ".mk", ".conf", ".spec", ".cfg", ".toml", ".yaml", ".yml")
HASH_NAMES = ("Makefile", "Kbuild", "rules", "dkms.conf")
# Files whose licence comes from .reuse/dep5 instead.
EXEMPT = ("tests/license/fixtures/",)


def expected_form(path, first_line):
    """(comment opening, comment closing, lines to skip) or None."""
    name = os.path.basename(path)
    if path.endswith(".c"):
        return ("// ", ""), ("/* ", " */"), 0
    if path.endswith(".h"):
        return ("/* ", " */"), ("/* ", " */"), 0
    if path.endswith(HASH_EXT) or name in HASH_NAMES or first_line.startswith("#!"):
        return ("# ", ""), ("# ", ""), 1 if first_line.startswith("#!") else 0
    return None


def _line_re(comment, tag, value):
    opening, closing = comment
    return re.escape(opening) + re.escape(tag) + ": " + value + re.escape(closing)


def problems_of(path, text):
    lines = text.split("\n")
    form = expected_form(path, lines[0] if lines else "")
    if form is None:
        return None
    tag_comment, holder_comment, skip = form
    head = lines[skip:skip + 2] + ["", ""]
    problems = []
    if not re.fullmatch(_line_re(tag_comment, spdx.LICENSE_TAG, r"\S.*?"), head[0]):
        example = f"{tag_comment[0]}{spdx.LICENSE_TAG}: ISC{tag_comment[1]}"
        problems.append(f"line {skip + 1} should be like {example!r}, not {head[0][:60]!r}")
    elif not re.fullmatch(_line_re(holder_comment, COPYRIGHT, r"\d{4}(?:[-, ]+\d{4})* \S.*?"),
                          head[1]):
        example = f"{holder_comment[0]}{COPYRIGHT}: 2026 The ath5k-dkms authors{holder_comment[1]}"
        problems.append(f"line {skip + 2} should be like {example!r}, not {head[1][:60]!r}")
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(prog="check-headers", description=__doc__)
    parser.add_argument("root", nargs="?", default=".", help="git work tree (default: .)")
    args = parser.parse_args(argv)
    listing = subprocess.run(["git", "-C", args.root, "ls-files", "-z"], capture_output=True)
    if listing.returncode != 0:
        sys.stderr.write(f"check-headers: {args.root}: not a git work tree\n")
        return 2
    checked = bad = 0
    for path in sorted(listing.stdout.decode("utf-8", "replace").split("\0")):
        if not path or path.startswith(EXEMPT):
            continue
        try:
            with open(os.path.join(args.root, path), encoding="utf-8") as handle:
                text = handle.read(4096)
        except (OSError, UnicodeDecodeError):
            continue
        problems = problems_of(path, text)
        if problems is None:
            continue
        checked += 1
        for problem in problems:
            bad += 1
            print(f"check-headers: {path}: {problem}")
    print(f"check-headers: {checked} files checked, {bad} without the project's header")
    return 1 if bad else 0
