#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""matrix.py --package DEB --next-package DEB [--cells "CELL ..."] [--jobs N]
             [--rpm-cell CELL --rpm-package RPM --rpm-next-package RPM]
             [--older-card CELL:MODEL]

Runs the lab (run-cell.py --profile matrix) on each cell with the .deb: a
fresh overlay of the cell's image boots, `apt install ath5k-dkms` builds
our module, the probe, interfaces-up, association and ping checks run on
the emulated cards, then `apt-get purge` must leave nothing and bring the
in-tree driver back.  A cell with matrix_driver=dkms (a release whose dkms
is older than the .deb depends on) runs DRIVER=dkms instead: our source
through the release's own dkms.  One cell (--rpm-cell) also takes the
.rpm path, and one (--older-card CELL:MODEL) runs the .deb once more
with both emulated cards of an older chip (model=ar5211: PCI ID 0012,
RF5111, EEPROM map 0, 2-word descriptors).
Up to JOBS runs at once, each with CPUS/JOBS virtual CPUs; each run's
output goes to out/matrix/<run>.log and a progress line per run is printed
as it moves.  Prints a table (cell, distro, kernel, dkms build s, probe,
assoc, ping, purge, verdict, total s), writes out/matrix.json and
out/matrix.md and exits 1 when a cell fails, naming its failing step and
log directory."""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import threading
import time

from cellinfo import (HERE, OUT, cell_facts, chosen_cells, markdown_table,
                      text_table)
from time_groups import GROUPS, guest_seconds, time_groups

RUN_CELL = os.path.join(HERE, "run-cell.py")
# The time columns: where the guest's time went (time_groups.py), then
# the run's wall time.
TIME_HEAD = ["boot s", "build s", "checks s", "removal s", "other s"]
HEAD = ["cell", "distro", "kernel", "dkms build s", "probe", "assoc", "ping",
        "purge", "verdict"] + TIME_HEAD + ["total s"]
# Seconds between "still running" lines for a run whose state is unchanged.
HEARTBEAT = 120
# A run's output lines that say where it is: stages and finished checks.
PROGRESS = re.compile(r"^lab: (.*) \.\.\.$|^  (pass|fail|skip) +(\S+)")

# Card models of the chips before the AR5212 that our driver supports.
OLDER_MODELS = ("ar5211",)

print_lock = threading.Lock()


def say(msg):
    with print_lock:
        print("matrix: " + msg, flush=True)


def group_result(checks, prefix):
    """One verdict for the checks named PREFIX-<network>: fail when any
    failed, pass when all ran and passed, else '-' (not run)."""
    results = [c["result"] for c in checks if c["name"].startswith(prefix)]
    if "fail" in results:
        return "fail"
    if results and all(r == "pass" for r in results):
        return "pass"
    return "-"


def summarize(run, rc, checks, seconds):
    cell, driver = run["cell"], run["driver"]
    by_name = {c["name"]: c for c in checks}
    install = next((c for c in checks if c["name"].endswith("-install")), None)
    boot = by_name.get("boot", {})
    kernel = boot.get("detail", "").split(",")[0].replace("kernel ", "")
    removal = next((c for c in checks
                    if c["name"].endswith(("-purge", "-remove"))), None)
    failed = [c for c in checks if c["result"] == "fail"]
    probe = by_name.get("probe", {}).get("result", "-")
    assoc, ping = group_result(checks, "assoc-"), group_result(checks, "ping-")
    # A cell passes only when the Wi-Fi checks ran and passed, not when
    # they were skipped or never reported.
    not_run = [name for name, result in (("probe", probe), ("assoc", assoc),
                                         ("ping", ping)) if result != "pass"]
    verdict = "pass" if rc == 0 and checks and not failed and not not_run else "fail"
    row = {
        "cell": cell,
        "label": run["label"],
        "distro": cell_facts(cell).get("distro", cell),
        "kernel": kernel or "-",
        "driver": driver,
        "dkms_build_seconds": install["seconds"] if install else None,
        "probe": probe,
        "assoc": assoc,
        "ping": ping,
        "purge": removal["result"] if removal else "-",
        "verdict": verdict,
        "total_seconds": round(seconds, 1),
        "logs": os.path.relpath(run["run_dir"], os.path.dirname(OUT)),
        "output": os.path.relpath(run["log"], os.path.dirname(OUT)),
    }
    stages_json = os.path.join(run["run_dir"], "stages.json")
    guest = None
    if checks and os.path.exists(stages_json):
        with open(stages_json) as f:
            guest = guest_seconds(json.load(f))
    row["time"] = time_groups(checks, guest)
    if verdict == "fail" and failed:
        row["failed_step"], row["failed_detail"] = failed[0]["name"], failed[0]["detail"]
    elif verdict == "fail" and checks and rc == 0:
        row["failed_step"] = not_run[0]
        row["failed_detail"] = "%s did not run (no check passed, none failed); see %s" % (
            " and ".join(not_run), row["output"])
    elif verdict == "fail":
        row["failed_step"] = "run-cell"
        row["failed_detail"] = "run-cell.py exited %d; see %s" % (rc, row["output"])
    return row


def run_one(run, cpus):
    """One run-cell.py; its output to run["log"], progress to stdout."""
    label = run["label"]
    say("%s: starts (%d vCPU; output in %s)"
        % (label, cpus, os.path.relpath(run["log"], os.path.dirname(OUT))))
    t0 = time.monotonic()
    argv = ["python3", RUN_CELL, "--cell", run["cell"], "--driver", run["driver"],
            "--profile", "matrix", "--cpus", str(cpus)] + run["packages"]
    if run.get("model"):
        # After the caller's options: the last model= wins.
        common = os.environ.get("ATH5K_LAB_CARD_OPTIONS", "")
        argv += ["--run-tag", run["model"], "--card-options",
                 ",".join(o for o in (common, "model=" + run["model"]) if o)]
    state, last_said = "starting", time.monotonic()
    with open(run["log"], "w") as log:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        for line in proc.stdout:
            log.write(line)
            log.flush()
            m = PROGRESS.match(line.rstrip())
            now = time.monotonic()
            if m:
                state = (m.group(1) if m.group(1)
                         else "%s %s" % (m.group(3), m.group(2)))
            if m or now - last_said > HEARTBEAT:
                say("%-22s %5.0f s  %s" % (label, now - t0, state))
                last_said = now
        rc = proc.wait()
    seconds = time.monotonic() - t0
    checks = []
    # A stale file from an earlier run must not stand in for this one.
    if os.path.exists(run["json"]) and \
            os.path.getmtime(run["json"]) >= time.time() - seconds:
        with open(run["json"]) as f:
            checks = json.load(f)
    row = summarize(run, rc, checks, seconds)
    say("%s: %s in %.0f s" % (label, row["verdict"], seconds))
    return row


def cells_rows(rows):
    def secs(v):
        return "-" if v is None else "%.0f" % v
    return [[r["label"], r["distro"], r["kernel"], secs(r["dkms_build_seconds"]),
             r["probe"], r["assoc"], r["ping"], r["purge"], r["verdict"]] +
            [secs(r.get("time", {}).get(g)) for g in GROUPS] +
            [secs(r["total_seconds"])] for r in rows]


def older_card(spec, cells):
    """(cell, model) of --older-card CELL:MODEL, or None when SPEC is empty
    or names a cell this matrix does not run."""
    if not spec:
        return None
    cell, sep, model = spec.partition(":")
    if not sep or not cell or model not in OLDER_MODELS:
        sys.exit("matrix: --older-card wants CELL:MODEL with MODEL one of %s, got '%s'"
                 % (", ".join(OLDER_MODELS), spec))
    return (cell, model) if cell in cells else None


def plan(args, cells):
    def run(cell, driver, packages, model=""):
        name = "-".join(p for p in (cell, driver, model) if p)
        label = cell if driver == "deb" else "%s (%s)" % (cell, driver)
        return {"cell": cell, "driver": driver, "packages": packages,
                "model": model,
                "label": "%s (%s)" % (label, model) if model else label,
                "log": os.path.join(OUT, "matrix", name + ".log"),
                "run_dir": os.path.join(OUT, "lab", name + "-matrix"),
                "json": os.path.join(OUT, "lab", name + "-matrix.json")}
    runs = []
    for c in cells:
        # A release whose dkms is older than the .deb's Depends runs our
        # source through its own dkms instead (the cell says why).
        if cell_facts(c).get("matrix_driver", "deb") == "dkms":
            runs.append(run(c, "dkms", []))
        else:
            runs.append(run(c, "deb", ["--package", args.package,
                                       "--next-package", args.next_package]))
    if args.rpm_cell and args.rpm_cell in cells:
        runs.append(run(args.rpm_cell, "rpm",
                        ["--package", args.rpm_package,
                         "--next-package", args.rpm_next_package]))
    older = older_card(getattr(args, "older_card", ""), cells)
    if older:
        runs.append(run(older[0], "deb", ["--package", args.package,
                                          "--next-package", args.next_package],
                        older[1]))
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", default="",
                    help="space-separated cells (default: every cell)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="runs at once (default: the number of CPUs)")
    ap.add_argument("--package", required=True, help="the .deb (version N)")
    ap.add_argument("--next-package", required=True, help="the .deb (N+1)")
    ap.add_argument("--rpm-cell", default="debian-12",
                    help="the cell that also takes the .rpm path ('' for none)")
    ap.add_argument("--rpm-package", help="the .rpm (version N)")
    ap.add_argument("--rpm-next-package", help="the .rpm (N+1)")
    ap.add_argument("--older-card", default="",
                    help="CELL:MODEL: one more .deb run of CELL with both cards "
                    "of an older chip ('' for none)")
    args = ap.parse_args()
    cells = chosen_cells(args.cells, "matrix")
    for path in (args.package, args.next_package) + (
            (args.rpm_package, args.rpm_next_package)
            if args.rpm_cell in cells else ()):
        if not path or not os.path.isfile(path):
            sys.exit("matrix: no package at '%s' (make matrix builds them)" % path)
    if args.jobs < 1:
        sys.exit("matrix: --jobs must be at least 1")

    runs = plan(args, cells)
    jobs = min(args.jobs, len(runs))
    cpus = max(1, (os.cpu_count() or 1) // jobs)
    os.makedirs(os.path.join(OUT, "matrix"), exist_ok=True)
    say("%d runs (%s), %d at a time"
        % (len(runs), ", ".join(r["label"] for r in runs), jobs))
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        rows = list(pool.map(lambda r: run_one(r, cpus), runs))
    wall = round(time.monotonic() - t0, 1)

    table = cells_rows(rows)
    print()
    print(text_table(HEAD, table))
    failed = [r for r in rows if r["verdict"] != "pass"]
    with open(os.path.join(OUT, "matrix.json"), "w") as f:
        json.dump({"cells": rows, "wall_seconds": wall, "jobs": jobs,
                   "passed": not failed}, f, indent=2)
        f.write("\n")
    with open(os.path.join(OUT, "matrix.md"), "w") as f:
        f.write("# ath5k-dkms matrix\n\n%s\n\nWall time %.0f s, %d runs at a time.\n"
                % (markdown_table(HEAD, table), wall, jobs))
    print("\nmatrix: wall time %.0f s for %d runs, %d at a time; out/matrix.json, out/matrix.md"
          % (wall, len(rows), jobs))
    for r in failed:
        print("matrix: %s FAILED at %s: %s (logs: %s/, output: %s)"
              % (r["label"], r["failed_step"], r["failed_detail"][:160],
                 r["logs"], r["output"]))
    if failed:
        return 1
    print("matrix: all %d runs passed" % len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
