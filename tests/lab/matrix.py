#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""matrix.py [--cells "CELL ..."] [--driver DRIVER]

Runs the lab (run-cell.py) on each cell with our driver: the guest
installs it, then probe, interfaces up, association and ping on the
emulated cards.  Cells run one after another, and each waits while any
other QEMU guest runs on this machine (TCG on a small shared host: two
guests at once starve each other's step limits).  Prints a table (cell,
distro, kernel, dkms build s, probe, assoc, ping, purge, verdict, total s),
writes out/matrix.json and out/matrix.md and exits 1 when a cell fails,
naming its failing step and log directory."""

import argparse
import json
import os
import subprocess
import sys
import time

from cellinfo import (HERE, OUT, TOP, cell_facts, chosen_cells,
                      markdown_table, text_table)

RUN_CELL = os.path.join(HERE, "run-cell.py")
HEAD = ["cell", "distro", "kernel", "dkms build s", "probe", "assoc", "ping",
        "purge", "verdict", "total s"]
# How often the gate looks for another guest, and says it is waiting.
GATE_POLL = 10


def log(msg):
    print("matrix: " + msg, flush=True)


def other_guest():
    r = subprocess.run(["pgrep", "-f", "qemu-system"], stdout=subprocess.PIPE,
                       text=True)
    return r.stdout.split()


def wait_for_quiet_host(cell):
    waited = 0
    while other_guest():
        if waited % 60 == 0:
            log("%s: another QEMU guest runs (pid %s); waiting"
                % (cell, " ".join(other_guest())))
        time.sleep(GATE_POLL)
        waited += GATE_POLL
    return waited


def group_result(checks, prefix):
    """One verdict for the checks named PREFIX-<network>: fail when any
    failed, pass when all ran and passed, else '-' (not run)."""
    results = [c["result"] for c in checks if c["name"].startswith(prefix)]
    if "fail" in results:
        return "fail"
    if results and all(r == "pass" for r in results):
        return "pass"
    return "-"


def summarize(cell, driver, rc, checks, seconds, waited):
    by_name = {c["name"]: c for c in checks}
    install = next((c for c in checks if c["name"].endswith("-install")), None)
    boot = by_name.get("boot", {})
    kernel = boot.get("detail", "").split(",")[0].replace("kernel ", "")
    removal = next((c for c in checks
                    if c["name"].endswith(("-purge", "-remove"))), None)
    failed = [c for c in checks if c["result"] == "fail"]
    verdict = "pass" if rc == 0 and checks and not failed else "fail"
    row = {
        "cell": cell,
        "distro": cell_facts(cell).get("distro", cell),
        "kernel": kernel or "-",
        "driver": driver,
        "dkms_build_seconds": install["seconds"] if install else None,
        "probe": by_name.get("probe", {}).get("result", "-"),
        "assoc": group_result(checks, "assoc-"),
        "ping": group_result(checks, "ping-"),
        "purge": removal["result"] if removal else "-",
        "verdict": verdict,
        "total_seconds": round(seconds, 1),
        "waited_seconds": waited,
        "logs": "out/lab/%s-%s" % (cell, driver),
    }
    if verdict == "fail":
        row["failed_step"] = failed[0]["name"] if failed else "run-cell"
        row["failed_detail"] = (failed[0]["detail"] if failed
                                else "run-cell.py exited %d" % rc)
    return row


def run_cell(cell, driver):
    waited = wait_for_quiet_host(cell)
    log("%s: DRIVER=%s starts" % (cell, driver))
    t0 = time.monotonic()
    proc = subprocess.Popen(["python3", RUN_CELL, "--cell", cell,
                             "--driver", driver], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        print("[%s] %s" % (cell, line.rstrip()), flush=True)
    rc = proc.wait()
    seconds = time.monotonic() - t0
    json_path = os.path.join(OUT, "lab", "%s-%s.json" % (cell, driver))
    checks = []
    # A stale file from an earlier run must not stand in for this one.
    if os.path.exists(json_path) and os.path.getmtime(json_path) >= time.time() - seconds:
        with open(json_path) as f:
            checks = json.load(f)
    return summarize(cell, driver, rc, checks, seconds, waited)


def cells_rows(rows):
    def secs(v):
        return "-" if v is None else "%.0f" % v
    return [[r["cell"], r["distro"], r["kernel"], secs(r["dkms_build_seconds"]),
             r["probe"], r["assoc"], r["ping"], r["purge"], r["verdict"],
             secs(r["total_seconds"])] for r in rows]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", default="",
                    help="space-separated cells (default: every cell)")
    ap.add_argument("--driver", default="dkms",
                    help="the lab driver that installs ours (default dkms)")
    args = ap.parse_args()
    cells = chosen_cells(args.cells, "matrix")

    t0 = time.monotonic()
    rows = []
    for cell in cells:
        rows.append(run_cell(cell, args.driver))
        r = rows[-1]
        log("%s: %s in %.0f s" % (cell, r["verdict"], r["total_seconds"]))
    wall = round(time.monotonic() - t0, 1)

    table = cells_rows(rows)
    print()
    print(text_table(HEAD, table))
    failed = [r for r in rows if r["verdict"] != "pass"]
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "matrix.json"), "w") as f:
        json.dump({"cells": rows, "wall_seconds": wall, "passed": not failed},
                  f, indent=2)
        f.write("\n")
    with open(os.path.join(OUT, "matrix.md"), "w") as f:
        f.write("# ath5k-dkms matrix (DRIVER=%s)\n\n%s\n\nWall time %.0f s.\n"
                % (args.driver, markdown_table(HEAD, table), wall))
    for r in failed:
        print("matrix: %s FAILED at %s: %s (logs: %s/)"
              % (r["cell"], r["failed_step"], r["failed_detail"][:160],
                 r["logs"]))
    if failed:
        return 1
    print("matrix: %d cells passed in %.0f s" % (len(rows), wall))
    return 0


if __name__ == "__main__":
    sys.exit(main())
