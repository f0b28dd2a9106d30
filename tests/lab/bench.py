#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""bench.py [--cell CELL]

`make bench`: one lab boot (run-cell.py --driver bench) measures the
distro's in-tree ath5k and then ours (dkms) between the two emulated cards:
iperf3 TCP throughput and ping latency.  Prints both side by side with the
ratio ours/in-tree and writes out/bench.json.  Exits 1 when either side
could not be measured; the numbers themselves are never judged."""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))

# (key in the guest's result file, row label, scale, format)
ROWS = [
    ("tcp_bits_per_second", "TCP A->B, Mbit/s", 1e-6, "%.2f"),
    ("tcp_retransmits", "TCP retransmits", 1, "%d"),
    ("ping_avg_ms", "ping avg, ms", 1, "%.2f"),
    ("ping_min_ms", "ping min, ms", 1, "%.2f"),
    ("ping_max_ms", "ping max, ms", 1, "%.2f"),
    ("ping_received", "pings answered", 1, "%d"),
]
SIDES = [("in-tree", "in_tree"), ("ours", "ours")]


def fmt(value, scale, form):
    return form % (value * scale) if isinstance(value, (int, float)) else "-"


def ratio(ours, theirs):
    if isinstance(ours, (int, float)) and isinstance(theirs, (int, float)) and theirs:
        return ours / theirs
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cell", default="debian-12")
    ap.add_argument("--out", default=os.path.join(TOP, "out"))
    args = ap.parse_args()

    lab_out = os.path.join(args.out, "lab")
    print("bench: one %s boot, in-tree ath5k then ours (dkms)" % args.cell, flush=True)
    lab = subprocess.run([sys.executable, os.path.join(HERE, "run-cell.py"),
                          "--cell", args.cell, "--driver", "bench", "--out", lab_out])
    bench_dir = os.path.join(lab_out, "%s-bench" % args.cell, "logs", "bench")

    sides = {}
    for label, key in SIDES:
        try:
            with open(os.path.join(bench_dir, label + ".json")) as f:
                sides[key] = json.load(f)
        except (OSError, ValueError):
            sides[key] = None

    result = {"cell": args.cell, "lab_run": os.path.join(lab_out, "%s-bench.json" % args.cell),
              "lab_exit": lab.returncode, "in_tree": sides["in_tree"], "ours": sides["ours"],
              "ratio_ours_to_in_tree": {}}
    print()
    print("bench (%s, emulated air, TCG)" % args.cell)
    print("  %-18s %12s %12s %12s" % ("", "in-tree", "ours", "ours/in-tree"))
    for key, name, scale, form in ROWS:
        theirs = (sides["in_tree"] or {}).get(key)
        ours = (sides["ours"] or {}).get(key)
        r = ratio(ours, theirs)
        if key in ("tcp_bits_per_second", "ping_avg_ms"):
            result["ratio_ours_to_in_tree"][key] = r
        print("  %-18s %12s %12s %12s" % (name, fmt(theirs, scale, form), fmt(ours, scale, form),
                                          "%.2f" % r if r is not None else "-"))
    for _, key in SIDES:
        if sides[key]:
            print("  %s: %s %s" % (key, sides[key].get("module"), sides[key].get("version") or ""))

    path = os.path.join(args.out, "bench.json")
    os.makedirs(args.out, exist_ok=True)
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    missing = [label for label, key in SIDES
               if not sides[key] or not sides[key].get("tcp_bits_per_second")
               or sides[key].get("ping_avg_ms") is None]
    if missing:
        print("bench: no measurement for %s; see %s and the lab table above"
              % (", ".join(missing), os.path.relpath(bench_dir, TOP)))
        return 1
    print("bench: %s" % os.path.relpath(path, TOP))
    return 0


if __name__ == "__main__":
    sys.exit(main())
