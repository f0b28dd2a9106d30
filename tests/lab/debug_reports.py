#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""debug_reports.py RUN_DIR

Counts the reports a debug kernel (the cell debian-13-debug) printed during
a lab run, per kind, from the guest's logs/dmesg.txt and kmemleak files,
and says which of them involve ath5k (a report does when any line of it,
from its header to the next report, names ath5k).  run-cell.py adds the
result as the check debug-reports, with the counts, to CELL-DRIVER.json;
it fails on any report that involves ath5k."""

import json
import os
import re
import sys

# A report's first line, per kind; the first pattern that matches decides.
# A WARN from DMA-API debug or debugobjects is counted once, by its own
# line ("DMA-API: ...", "ODEBUG: ..."), not again as a warning.
KINDS = [
    ("kasan", re.compile(r"BUG: KASAN: ")),
    ("kfence", re.compile(r"BUG: KFENCE: ")),
    ("ubsan", re.compile(r"UBSAN: [a-z-]+ in ")),
    ("lockdep", re.compile(
        r"WARNING: (possible circular locking dependency|possible recursive locking"
        r"|inconsistent lock state|suspicious RCU usage|bad unlock balance"
        r"|lock held when returning to user space|Nested lock was not taken"
        r"|possible irq lock inversion|.*-safe -> .*-unsafe lock order"
        r"|held lock freed|lock held at task exit)"
        r"|BUG: (held lock freed|MAX_LOCKDEP_\w+ too low|looking up invalid subclass"
        r"|key \w+ has not been registered)")),
    ("atomic-sleep", re.compile(
        r"BUG: (sleeping function called from invalid context|scheduling while atomic)")),
    ("debug-objects", re.compile(r"ODEBUG: ")),
    ("dma-api", re.compile(r"DMA-API: (\S+ \S+: |cacheline tracking E)")),
    ("hang", re.compile(
        r"INFO: task .* blocked for more than|soft lockup - CPU|hard LOCKUP"
        r"|BUG: workqueue lockup|rcu: INFO: rcu_\w+ (self-)?detected stall")),
    ("oops", re.compile(
        r"BUG: unable to handle|general protection fault|Oops: |kernel BUG at")),
    ("corruption", re.compile(r"refcount_t: |list_(add|del) corruption")),
    ("warning", re.compile(r"WARNING: CPU: \d+ PID: \d+ at (?!kernel/dma/debug\.c"
                           r"|lib/debugobjects\.c)")),
]
KIND_NAMES = [k for k, _ in KINDS] + ["kmemleak"]
# Where a report ends at the latest, when no other report follows: its
# own closing line, the start of a WARN, or a fault injection's stack.
END = re.compile(r"---\[ end trace |^={20,}$|\[ cut here \]|FAULT_INJECTION: forcing")
MAX_REPORT_LINES = 120
# The driver, in a function, module or device name; not the debug kernel's
# release (6.12.N-ath5kdebug), which every report's CPU line carries.
ATH5K = re.compile(r"ath5k(?!debug)")


def strip_time(line):
    return re.sub(r"^\[\s*\d+\.\d+\]\s?", "", line.rstrip("\n"))


def count_dmesg(lines):
    """{kind: {"all": n, "ath5k": m}} and the first line of each report
    that involves ath5k."""
    counts = {k: {"all": 0, "ath5k": 0} for k in KIND_NAMES}
    firsts = []
    reports = []  # [kind, header, involves_ath5k, lines_seen, open]
    for raw in lines:
        line = strip_time(raw)
        kind = next((k for k, rx in KINDS if rx.search(line)), None)
        if kind:
            for r in reports:
                r[4] = False
            reports.append([kind, line, bool(ATH5K.search(line)), 0, True])
            continue
        if reports and reports[-1][4]:
            r = reports[-1]
            r[3] += 1
            if ATH5K.search(line):
                r[2] = True
            if END.search(line) or r[3] >= MAX_REPORT_LINES:
                r[4] = False
    for kind, header, ath5k, _, _ in reports:
        counts[kind]["all"] += 1
        if ath5k:
            counts[kind]["ath5k"] += 1
            firsts.append(header)
    return counts, firsts


def count_kmemleak(text):
    """(suspects, suspects whose backtrace passes through the Wi-Fi stack)."""
    blocks = re.split(r"(?m)^(?=unreferenced object)", text)
    blocks = [b for b in blocks if b.startswith("unreferenced object")]
    wifi = [b for b in blocks
            if re.search(r"\[(ath5k|ath|mac80211|cfg80211)\]", b) or ATH5K.search(b)]
    return len(blocks), len(wifi)


def debug_reports_check(run_dir):
    """The check debug-reports of one run (its logs under RUN_DIR/logs)."""
    logs = os.path.join(run_dir, "logs")
    dmesg = os.path.join(logs, "dmesg.txt")
    if not os.path.exists(dmesg):
        return {"name": "debug-reports", "result": "fail", "seconds": 0.0,
                "detail": "no logs/dmesg.txt from the guest: nothing to count"}
    with open(dmesg, errors="replace") as f:
        counts, firsts = count_dmesg(f)
    path = os.path.join(logs, "kmemleak-end.txt")
    if os.path.exists(path):
        with open(path, errors="replace") as f:
            total, wifi = count_kmemleak(f.read())
        counts["kmemleak"] = {"all": total, "ath5k": wifi}
        if wifi:
            firsts.append("kmemleak: %d suspects allocated through the Wi-Fi stack "
                          "(logs/kmemleak-end.txt)" % wifi)
    else:
        counts["kmemleak"] = {"all": None, "ath5k": None}
        firsts.append("no logs/kmemleak-end.txt (the kmemleak check did not run)")
    summary = ", ".join("%s %s/%s" % (k, c["ath5k"], c["all"]) for k, c in counts.items()
                        if c["all"] != 0)
    detail = "reports with ath5k/all: %s" % (summary or "none of any kind")
    if firsts:
        detail = "%s; first: %s" % (detail, firsts[0])
    return {"name": "debug-reports", "result": "fail" if firsts else "pass",
            "detail": detail, "seconds": 0.0, "counts": counts}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: debug_reports.py RUN_DIR")
    print(json.dumps(debug_reports_check(sys.argv[1]), indent=1))


if __name__ == "__main__":
    main()
