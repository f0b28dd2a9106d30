# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""What the matrix scripts share: the list of cells, the facts of a cell
and its image, and plain-text and Markdown tables."""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(TOP, "out")
IMAGE_SH = os.path.join(HERE, "image.sh")


def all_cells():
    names = os.listdir(os.path.join(HERE, "cells"))
    return sorted(n[:-len(".conf")] for n in names if n.endswith(".conf"))


def chosen_cells(spec, tool):
    """The cells a space-separated CELLS names (all when empty); exits with
    a one-line error on an unknown one."""
    known = all_cells()
    cells = spec.split() or known
    unknown = [c for c in cells if c not in known]
    if unknown:
        sys.exit("%s: unknown cell(s) %s (known: %s)"
                 % (tool, " ".join(unknown), " ".join(known)))
    return cells


def read_assignments(path):
    """KEY=VALUE lines (cell files, image.env), values optionally quoted;
    comments and anything else are skipped."""
    facts = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            key, sep, value = line.partition("=")
            if sep and not line.startswith("#") and key.isidentifier():
                facts[key] = value.strip('"')
    return facts


def cell_facts(cell):
    return read_assignments(os.path.join(HERE, "cells", cell + ".conf"))


# A guest's resources and limits where neither the command line nor the
# cell file sets them: RAM in MiB, seconds to the first report line and
# for the whole run.
GUEST_DEFAULTS = {"mem": 1536, "boot_limit": 600, "total_limit": 3600}


def guest_limits(facts, given, defaults=GUEST_DEFAULTS):
    """What a run on a cell with FACTS gives its guest: mem, boot_limit and
    total_limit from GIVEN (the command line's values, None where it gave
    none), else the cell's lab_mem, lab_boot_limit and lab_total_limit,
    else DEFAULTS; step_scale (every step's limit is multiplied, the cell's
    lab_step_scale) and cmdline (the kernel command line the cell adds)."""
    limits = {}
    for key in ("mem", "boot_limit", "total_limit"):
        value = given.get(key)
        limits[key] = int(value if value is not None else facts.get("lab_" + key, defaults[key]))
    limits["step_scale"] = int(facts.get("lab_step_scale", 1))
    limits["cmdline"] = facts.get("kernel_cmdline", "").split()
    return limits


def image_dir(cell):
    """The cache entry the cell's current recipe names (built or not)."""
    r = subprocess.run([IMAGE_SH, cell, "--print-dir"], check=True,
                       stdout=subprocess.PIPE, text=True)
    return r.stdout.strip()


def text_table(head, rows):
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    lines = [head, ["-" * w for w in widths]] + rows
    return "\n".join("  ".join(str(x).ljust(w) for x, w in zip(line, widths))
                     .rstrip() for line in lines)


def markdown_table(head, rows):
    lines = [head, ["---"] * len(head)] + rows
    return "\n".join("| " + " | ".join(str(x) for x in line) + " |"
                     for line in lines)
