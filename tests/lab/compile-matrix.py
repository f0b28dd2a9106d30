#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""compile-matrix.py [--cells "CELL ..."] [--jobs N] [--tree DIR]

Builds ath5k.ko with W=1 against the kernel headers of every lab cell,
inside the cell's cached image root (image.sh keeps the unpacked root/ next
to the qcow2), so each kernel is built by its own distro's compiler.  No
guest boots.  Images are built on demand.  Prints a table (cell, kernel,
result, warnings, seconds), writes out/compile-matrix.json and exits 1 when
any cell has a warning or an error; the per-cell build log is
out/compile-matrix/CELL.log.  --tree builds the sources of another
checkout (a patch under review) with this checkout's cells."""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

from cellinfo import (IMAGE_SH, OUT, TOP, chosen_cells, image_dir,
                      read_assignments, text_table)

# What a module build needs from the tree (as src/module.mk copies it).
MODULE_SOURCES = ["src", "compat", "VERSION"]
# The modules built in each cell: the driver, and the compile-only module
# that calls every compat interface (skipped if a --tree has none).
MODULE_DIRS = ["src", "tests/compat"]
# Compiler, sparse and modpost diagnostics.
DIAGNOSTIC = re.compile(r"(warning|error):|WARNING:|ERROR:")
# A clean environment inside the root: English messages, no outer make's
# jobserver or flags leaking into the cell's make.
CHROOT_ENV = ["env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin",
              "HOME=/root", "LC_ALL=C"]


def log(msg):
    print("compile-matrix: " + msg, flush=True)


def ensure_image(cell, cell_log):
    """Builds the cell's image when the cache has none; returns its dir."""
    r = subprocess.run([IMAGE_SH, cell], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    cell_log.write(r.stdout)
    for line in r.stdout.splitlines():
        print("  " + line, flush=True)
    if r.returncode != 0:
        return None
    return image_dir(cell)


def in_root(root, build_dir, argv):
    """argv for running a command chrooted in root with build_dir (and the
    /dev and /proc a compiler expects) bound at the same paths.  A private
    mount namespace keeps the binds off the host and the cache."""
    script = ('set -e; root=$1; build=$2; shift 2; '
              'for d in /dev /proc "$build"; do '
              'mkdir -p "$root$d"; mount --rbind "$d" "$root$d"; done; '
              'exec chroot "$root" "$@"')
    return (["unshare", "--mount", "--propagation", "private", "--",
             "/bin/sh", "-c", script, "compile-matrix", root, build_dir]
            + CHROOT_ENV + argv)


def compile_cell(cell, jobs, tree):
    t0 = time.monotonic()
    entry = {"cell": cell, "kernel": "", "compiler": "", "result": "fail",
             "warnings": 0, "seconds": 0.0, "image_seconds": 0.0,
             "log": os.path.relpath(os.path.join(OUT, "compile-matrix",
                                                 cell + ".log"), TOP)}
    build_dir = os.path.join(OUT, "compile-matrix", cell)
    log_path = os.path.join(TOP, entry["log"])
    os.makedirs(os.path.dirname(build_dir), exist_ok=True)
    with open(log_path, "w") as cell_log:
        log("%s: image (built on first use, about 3 minutes)" % cell)
        entry_dir = ensure_image(cell, cell_log)
        entry["image_seconds"] = round(time.monotonic() - t0, 1)
        if entry_dir is None:
            entry["result"] = "image-failed"
            return entry
        facts = read_assignments(os.path.join(entry_dir, "image.env"))
        kver = facts.get("kernel_release", "")
        entry["kernel"] = kver
        root = os.path.join(entry_dir, "root")
        kdir = "/lib/modules/%s/build" % kver
        # The build link is absolute: resolve it inside the root.
        link = root + kdir
        if os.path.islink(link) and os.readlink(link).startswith("/"):
            link = root + os.readlink(link)
        if not os.path.isdir(link):
            cell_log.write("no kernel headers at %s in %s\n" % (kdir, root))
            entry["result"] = "no-headers"
            return entry

        shutil.rmtree(build_dir, ignore_errors=True)
        os.makedirs(build_dir)
        for name in MODULE_SOURCES + MODULE_DIRS[1:]:
            src = os.path.join(tree, name)
            if name not in MODULE_SOURCES and not os.path.isdir(src):
                continue
            dst = os.path.join(build_dir, name)
            if os.path.isdir(src):
                shutil.copytree(src, dst)
            else:
                shutil.copy2(src, dst)

        cc = subprocess.run(in_root(root, build_dir, ["gcc", "--version"]),
                            stdout=subprocess.PIPE, text=True)
        entry["compiler"] = (cc.stdout.splitlines() or [""])[0]
        log("%s: W=1 build against %s (%s)" % (cell, kver, entry["compiler"]))
        t1 = time.monotonic()
        output, failed = "", False
        for module in MODULE_DIRS:
            if not os.path.isdir(os.path.join(build_dir, module)):
                continue
            # -k: every file is compiled, so one log lists every diagnostic.
            make = ["make", "-C", kdir, "M=%s/%s" % (build_dir, module),
                    "W=1", "-k", "-j%d" % jobs, "modules"]
            cell_log.write("$ %s\n" % " ".join(make))
            cell_log.flush()
            r = subprocess.run(in_root(root, build_dir, make),
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            cell_log.write(r.stdout)
            output += r.stdout
            failed = failed or r.returncode != 0
        entry["seconds"] = round(time.monotonic() - t1, 1)
    diagnostics = [ln for ln in output.splitlines() if DIAGNOSTIC.search(ln)]
    entry["warnings"] = len(diagnostics)
    if failed:
        entry["result"] = "error"
    elif diagnostics:
        entry["result"] = "warnings"
    else:
        entry["result"] = "pass"
    for line in diagnostics[:10]:
        print("    " + line.replace(build_dir + "/", ""), flush=True)
    if len(diagnostics) > 10:
        print("    ... %d more in %s" % (len(diagnostics) - 10, entry["log"]))
    return entry


def print_table(rows):
    head = ["cell", "kernel", "result", "warnings", "seconds"]
    print(text_table(head, [[r["cell"], r["kernel"] or "-", r["result"],
                             r["warnings"], "%.1f" % r["seconds"]]
                            for r in rows]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", default="",
                    help="space-separated cells (default: every cell)")
    ap.add_argument("--tree", default=TOP,
                    help="checkout whose src/ and compat/ are built")
    ap.add_argument("--jobs", type=int, default=2,
                    help="make -j inside each build (default 2)")
    args = ap.parse_args()
    cells = chosen_cells(args.cells, "compile-matrix")
    if os.geteuid() != 0:
        sys.exit("compile-matrix: needs root (chroot into the image roots)")

    t0 = time.monotonic()
    tree = os.path.abspath(args.tree)
    missing = [n for n in MODULE_SOURCES
               if not os.path.exists(os.path.join(tree, n))]
    if missing:
        sys.exit("compile-matrix: %s has no %s" % (tree, " ".join(missing)))
    rows = [compile_cell(cell, args.jobs, tree) for cell in cells]
    wall = round(time.monotonic() - t0, 1)
    print()
    print_table(rows)
    failed = [r["cell"] for r in rows if r["result"] != "pass"]
    with open(os.path.join(OUT, "compile-matrix.json"), "w") as f:
        json.dump({"cells": rows, "wall_seconds": wall,
                   "passed": not failed}, f, indent=2)
        f.write("\n")
    if failed:
        print("compile-matrix: FAILED: %s (logs: out/compile-matrix/CELL.log)"
              % " ".join(failed))
        return 1
    print("compile-matrix: %d kernels W=1-clean in %.0f s"
          % (len(rows), wall))
    return 0


if __name__ == "__main__":
    sys.exit(main())
