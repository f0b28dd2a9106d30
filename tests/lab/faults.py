#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""faults.py --cell CELL [--drivers "in-tree in-tree-patched dkms prebuilt"] [--seed N] [--quick]

The fault table: per driver, one guest disk booted as often as needed (one
boot per card model, one more after a boot that hung), every fault
scenario of tests/lab/guest/fault-checks.sh run in turn against a guest
driver that is using the card, each classified recovered, refused or
failed.  Prints the table scenario x expected outcome x driver, writes
out/faults.md and out/faults.json (or out/faults-quick.* with --quick).
Exits 1 when ours has a scenario (or a run row: module-unload,
card-misuse) at another outcome than EXPECTED names, or in-tree-patched
(the kernel's ath5k with upstream/series applied, patched_prebuild.py)
fails a scenario the series fixes (SERIES_FIXES); in-tree is the
anchor, recorded but never judged.  Ours
comes as dkms builds it in the guest, or prebuilt (image_prebuild.py:
the same source built on the host in the image's root, minutes sooner;
what `make faults-quick` runs).  Uses run-cell.py's payload, guest watch
and boot code."""

import argparse
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import labvm
from cellinfo import GUEST_DEFAULTS, cell_facts, guest_limits
from emulator_proc import Emulator

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))

_spec = importlib.util.spec_from_file_location("run_cell", os.path.join(HERE, "run-cell.py"))
run_cell = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_cell)

# (scenario, card group), in the order they run.  Probe-time and
# destructive scenarios come last in their boot.
SCENARIOS = [
    ("rx-bad-length", "ar5413"), ("rx-bad-rate", "ar5413"),
    ("rx-bad-keyix", "ar5413"), ("rx-decrypt-crc", "ar5413"),
    ("rx-mic", "ar5413"), ("rx-phy-error", "ar5413"),
    ("phy-error-storm", "ar5413"), ("tx-underrun", "ar5413"),
    ("rx-overrun", "ar5413"), ("bus-error", "ar5413"),
    ("reset-under-load", "ar5413"),
    ("stuck-irq", "ar5413"), ("intpend-stuck", "ar5413"),
    ("reg-fuzz", "ar5413"),
    ("beacon-stuck", "ar5413"), ("tx-dma-stuck", "ar5413"),
    ("rx-dma-stuck", "ar5413"), ("eeprom-checksum", "ar5413"),
    ("eeprom-random", "ar5413"), ("eeprom-empty-pd-mask", "ar5413"),
    ("eeprom-max-lists", "ar5413"), ("surprise-removal", "ar5413"),
    ("disconnect", "ar5413"),
    ("eeprom-pcdac-slope", "rf5112"),
]
# What a driver users can rely on does with each fault: it recovers from
# a fault at run time (traffic answered again, no oops); it refuses, at
# probe and with a message, an EEPROM it cannot run the radio from (a bad
# checksum, random words, no power-detector gains, a power curve no
# calibrated card has: 30 dB across one PCDAC step, on which the kernel's
# driver loops forever, issue 12); it accepts an odd but valid one (every
# list at its maximum); it lets go of a card that left the bus
# (disconnect, whose only good outcome the guest names "refused").  Ours
# is judged against this; in-tree's outcomes are only recorded beside it.
# intpend-stuck (the line held up, nothing in PISR/SISR) is a run-time
# fault like the rest: ours returns IRQ_NONE for such interrupts, and
# after ATH5K_IRQ_UNHANDLED_MAX in a row masks the chip, says so once and
# resets it (src/interrupt.c ath5k_intr_unhandled); each reset's end
# unmasks and meets the line again until the fault is cleared.  In-tree
# (base.c ath5k_intr) reads INTPEND, goes 1000 times round an empty
# status, warns "too many interrupts" and returns IRQ_HANDLED, never
# masking: a storm for as long as the fault holds, which it is expected
# to come out of recovered too.
EXPECTED = {s: "recovered" for s, _ in SCENARIOS}
EXPECTED.update({"eeprom-checksum": "refused", "eeprom-random": "refused",
                 "eeprom-empty-pd-mask": "refused", "eeprom-pcdac-slope": "refused",
                 "disconnect": "refused", "module-unload": "recovered",
                 "card-misuse": "recovered"})
# Rows of a run rather than of a scenario: the module's unload after
# everything, and the card's misuse log over every boot.
RUN_ROWS = ("module-unload", "card-misuse")
# The emulator's line for each control-socket fault command: the
# scenario a misuse line came under.
FAULT_COMMAND = re.compile(r"^card\d+: control: (fault (?!help).*)$")
# make check's faults-quick: one of each kind, a few minutes of scenarios.
QUICK = ["rx-bad-length", "rx-phy-error", "stuck-irq", "bus-error",
         "reset-under-load", "eeprom-checksum", "surprise-removal"]
# Card options of each group's boot (added to ATH5K_LAB_CARD_OPTIONS).
GROUP_OPTIONS = {"ar5413": "", "rf5112": "model=ar5212"}
SETUP_CHECKS = ("dkms-install", "module-install", "driver-load", "module-is-ours",
                "module-is-patched",
                "probe", "baseline")
DRIVER_NAMES = ("in-tree", "in-tree-patched", "dkms", "prebuilt")
# in-tree-patched (the kernel's ath5k with upstream/series applied) is
# judged on the scenarios a patch of the series exists for, and only
# those: each must have turned from failed into recovered or refused
# (the smallest fix in the kernel's style may accept what ours refuses:
# 0003 bounds the walk rather than refusing the curve); the rest of its
# row is the anchor's, recorded beside it.
SERIES_FIXES = {
    "rx-bad-length": "0001-wifi-ath5k-drop-RX-frames-longer-than-the-RX-buffer.patch",
    "rx-bad-rate": "0002-wifi-ath5k-do-not-WARN-on-an-unknown-RX-rate-code.patch",
    "eeprom-pcdac-slope": "0003-wifi-ath5k-bound-the-PCDAC-walk-in-ath5k_get_linear_.patch",
    "reset-under-load": "0017-wifi-ath5k-drop-the-frames-that-come-while-the-chip-.patch",
}
OUTCOMES = ("recovered", "refused", "failed")
MAX_BOOTS = 12
# A boot runs a whole group of scenarios: more time than one lab run's.
FAULTS_GUEST_DEFAULTS = dict(GUEST_DEFAULTS, total_limit=5400)


def log(msg):
    print("faults: " + msg, flush=True)


def classify(check):
    """(outcome, detail) of a fault-NAME check: the guest writes
    'OUTCOME: text'; anything else (a timeout, a host-side kill, a skip)
    is a failure of that step."""
    word, sep, text = check["detail"].partition(": ")
    if sep and word in OUTCOMES and check["result"] in ("pass", "fail"):
        return word, text
    if check["result"] == "skip":
        return "failed", "not run: " + check["detail"]
    return "failed", "step %s: %s" % (check["name"], check["detail"])


# The first console lines that say why a guest died or hung.
CONSOLE_TROUBLE = re.compile(r"BUG:|kernel BUG|Oops|WARNING:|soft lockup|hard LOCKUP|"
                             r"blocked for more than|skb_over_panic|Kernel panic|"
                             r"general protection fault|RIP: ")


def console_trouble(path, limit=3):
    try:
        with open(path, errors="replace") as f:
            lines = [l.strip() for l in f if CONSOLE_TROUBLE.search(l)]
    except OSError:
        return ""
    return " | ".join(lines[:limit])[:400]


def card_options(group):
    opts = [o for o in (os.environ.get("ATH5K_LAB_CARD_OPTIONS", ""),
                        GROUP_OPTIONS[group]) if o]
    return ",".join(opts)


def misuse_in(emulator, driver):
    """A boot's vfio-user protocol errors and driver-misuse lines
    (emulator_proc.py), each with the last fault command before it."""
    errors = set(emulator.protocol_errors(known_in_tree=driver == "in-tree"))
    found, last = [], "before any fault"
    for line in emulator.output().splitlines():
        command = FAULT_COMMAND.match(line)
        if command:
            last = command.group(1)
        elif line in errors:
            found.append("%s (after '%s')" % (line, last))
    return found


def misuse_row(driver, misuse, boots):
    """The card-misuse row: a fault is no excuse to misuse the card
    (a TXDP written while its queue is stuck enabled, a descriptor
    outside DMA); judged like a scenario for ours."""
    if misuse:
        detail = "%d protocol errors or driver-misuse lines, first: %s" % (
            len(misuse), misuse[0])
    else:
        detail = "no protocol error or driver misuse in %d boot(s)" % boots
    return {"scenario": "card-misuse", "driver": driver,
            "outcome": "failed" if misuse else "recovered",
            "detail": detail, "seconds": 0}


def run_driver(args, driver, scenarios, prefix, accel, image_dir):
    """Every scenario against one driver; a list of table rows."""
    cell = args.cell
    name = "%s-%s" % (cell, driver)
    run_dir = os.path.join(args.out, name)
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    where = "cell %s, DRIVER=%s, faults" % (cell, driver)
    scratch = tempfile.mkdtemp(prefix="ath5k-faults-%s-" % name, dir="/tmp")
    run = run_cell.run_files(run_dir)
    env = {
        "CELL": cell, "DRIVER": driver, "CARD_COUNT": 2,
        "CARD_A_MAC": run_cell.CARD_MACS[0], "CARD_B_MAC": run_cell.CARD_MACS[1],
        "EXPECT_BANDS": os.environ.get("ATH5K_LAB_BANDS", "2.4 5"),
        "MODULE_OPTIONS": run_cell.DRIVERS[driver]["options"],
        "RESULTS_DISK": "/dev/disk/by-id/virtio-ath5k-results",
        "REPORT_PORT": "/dev/ttyS1", "LAB_PROFILE": "faults",
        "FAULTS": "yes", "FAULT_SEED": args.seed, "STEP_SCALE": args.step_scale,
    }
    rows, pending, checks, restores = {}, {}, [], {}
    for s, group in SCENARIOS:
        if s in scenarios:
            pending.setdefault(group, []).append(s)
    setup_failure = None
    unload, misuse, boots_run = [], [], 0
    try:
        labvm.make_overlay(run["overlay"], os.path.join(image_dir, "disk.qcow2"))
        labvm.make_seed(run["seed"], run_cell.user_data(), "ath5k-faults-%d" % os.getpid())
        prebuilt = []
        if driver == "prebuilt":
            built = run_cell.prebuild(image_dir, run_cell.CACHE, log, "ath5k")
            if not built:
                raise RuntimeError("DRIVER=prebuilt: no ath5k.ko could be built "
                                   "in the image's root (see above)")
            prebuilt.append(built)
        if driver == "in-tree-patched":
            try:
                prebuilt.append(run_cell.prebuild_patched(image_dir, run_cell.CACHE, log))
            except run_cell.PatchedBuildError as e:
                raise RuntimeError("DRIVER=in-tree-patched: %s" % e) from None
        run_cell.make_payload(run["payload"], driver, env, [], scratch, prebuilt)
        with open(run["results"], "wb") as f:
            f.truncate(256 << 20)
        boot = 0
        while any(pending.values()) and boot < MAX_BOOTS and not setup_failure:
            group = next(g for g in GROUP_OPTIONS if pending.get(g))
            planned = list(pending[group])
            boot += 1
            suffix = "" if boot == 1 else "-boot%d" % boot
            run["console"] = os.path.join(run_dir, "console%s.log" % suffix)
            emulator = Emulator(args.emulator, scratch, run_cell.CARD_MACS,
                                os.path.join(run_dir, "emulator%s.log" % suffix),
                                os.path.join(run_dir, "emulator%s.out" % suffix),
                                card_options(group), control=True)
            emulator.start()
            argv = labvm.guest_command(
                prefix, accel, image_dir, run, emulator.sockets, args.cpus, args.mem,
                ["modprobe.blacklist=ath5k", "ath5k_lab_faults=" + ",".join(planned)]
                + args.cmdline,
                control=emulator.control)
            with open(os.path.join(run_dir, "qemu.argv"), "a") as f:
                f.write(" ".join(argv) + "\n")
            log("%s: boot %d (%s cards%s): %s" % (driver, boot, group,
                                                   ", " + card_options(group) if card_options(group) else "",
                                                   " ".join(planned)))
            # QEMU truncates the report file only once it runs: the watch
            # must not read the last boot's lines again.
            if os.path.exists(run["report"]):
                os.remove(run["report"])
            watch = run_cell.GuestWatch(run["report"], run["console"], args.boot_limit,
                                        args.step_scale)
            try:
                extra = run_cell.run_guest(argv, run, watch, emulator, args.total_limit,
                                           where)
            finally:
                emulator.stop()
            misuse += misuse_in(emulator, driver)
            boots_run += 1
            for c in extra:
                kernel = console_trouble(run["console"])
                if kernel:
                    c["detail"] += "; console: " + kernel
                run_cell.print_check(c)
            results = watch.results + extra
            checks += results
            for c in results:
                if c["name"].startswith("fault-"):
                    s = c["name"][len("fault-"):]
                    outcome, detail = classify(c)
                    rows[s] = {"scenario": s, "driver": driver, "outcome": outcome,
                               "detail": detail, "seconds": c.get("seconds", 0)}
                elif c["name"].startswith("restore-"):
                    # Its own row: a card that does not come back after a
                    # probe-time scenario is not the next scenario's failure.
                    r = "%s (restore)" % c["name"][len("restore-"):]
                    restores[r] = {"scenario": r, "driver": driver,
                                   "outcome": "recovered" if c["result"] == "pass" else "failed",
                                   "detail": c["detail"], "seconds": c.get("seconds", 0)}
                elif c["name"] in SETUP_CHECKS and c["result"] != "pass":
                    setup_failure = "%s (boot %d): %s" % (c["name"], boot, c["detail"])
                elif c["name"] == "unload":
                    unload.append((boot, c))
            pending[group] = [s for s in planned if s not in rows]
            if not extra and pending[group] and not setup_failure:
                # The guest ended normally but named no outcome for these.
                for s in pending[group]:
                    rows[s] = {"scenario": s, "driver": driver, "outcome": "failed",
                               "detail": "no result reported (boot %d); see %s"
                               % (boot, run_cell.rel(run["console"])), "seconds": 0}
                pending[group] = []
        for group, rest in pending.items():
            for s in rest:
                rows[s] = {"scenario": s, "driver": driver, "outcome": "failed",
                           "detail": "not run: %s" % (setup_failure or
                                                      "more than %d boots" % MAX_BOOTS),
                           "seconds": 0}
        if not run_cell.read_guest_logs(run["results"], run_dir):
            log("%s: no guest logs on the results disk (the last boot did not finish)"
                % driver)
    except RuntimeError as e:
        setup_failure = str(e)
        for s in scenarios:
            rows.setdefault(s, {"scenario": s, "driver": driver, "outcome": "failed",
                                "detail": "not run: " + str(e), "seconds": 0})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        for big in ("overlay", "results"):
            if os.path.exists(run[big]):
                os.remove(run[big])
    with open(os.path.join(run_dir, "checks.json"), "w") as f:
        json.dump(checks, f, indent=1)
    ordered = []
    for s, _ in SCENARIOS:
        ordered += [rows[s]] if s in rows else []
        ordered += [restores[r] for r in ("%s (restore)" % s,) if r in restores]
    # The module must go when asked, after everything: refcounts intact.
    # Skipped when a probe never returned: that scenario already failed,
    # and a boot without a real rmmod says nothing about refcounts.
    unload = [(b, c) for b, c in unload if c["result"] in ("pass", "fail")]
    bad = [c for _, c in unload if c["result"] == "fail"]
    if unload:
        ordered.append({"scenario": "module-unload", "driver": driver,
                        "outcome": "failed" if bad else "recovered",
                        "detail": "; ".join("boot %d: %s" % (b, c["detail"]) for b, c in unload),
                        "seconds": 0})
    if boots_run:
        ordered.append(misuse_row(driver, misuse, boots_run))
    return ordered


def with_expected(rows):
    """The rows, each with the outcome its scenario expects."""
    return [dict(r, expected=EXPECTED.get(r["scenario"], "recovered")) for r in rows]


def judged(row):
    """Is ROW's outcome held to its scenario's expected one?  Ours always;
    the in-tree anchor never; the patched in-tree driver where the series
    claims a fix."""
    if row["driver"] == "in-tree":
        return False
    if row["driver"] == "in-tree-patched":
        return row["scenario"] in SERIES_FIXES
    return True


def misjudged(rows):
    """Judged rows (judged()) not at their expected outcome; for
    in-tree-patched, rows still failed."""
    def wrong(r):
        if r["driver"] == "in-tree-patched":
            return r["outcome"] == "failed"
        return r["outcome"] != r["expected"]
    return [r for r in with_expected(rows) if judged(r) and wrong(r)]


def write_table(path_md, path_json, cell, seed, drivers, rows):
    rows = with_expected(rows)
    scenarios = []
    for r in rows:
        if r["scenario"] not in scenarios:
            scenarios.append(r["scenario"])
    cell_of = {(r["scenario"], r["driver"]): r for r in rows}
    expected = {r["scenario"]: r["expected"] for r in rows}
    head = "| scenario | expected | " + " | ".join(drivers) + " |"
    lines = ["# Fault table: %s, seed %s" % (cell, seed), "",
             "Ours is judged against the expected outcome; in-tree-patched "
             "only on the scenarios upstream/series fixes (%s), which must not "
             "fail; in-tree is the anchor (recorded, never judged)." % ", ".join(sorted(SERIES_FIXES)), "",
             head, "|" + " --- |" * (len(drivers) + 2)]
    for s in scenarios:
        lines.append("| %s | %s | %s |" % (s, expected[s], " | ".join(
            cell_of[(s, d)]["outcome"] if (s, d) in cell_of else "-" for d in drivers)))
    lines += ["", "## Details", ""]
    for r in rows:
        lines.append("- **%s / %s: %s** %s" % (r["scenario"], r["driver"], r["outcome"],
                                             r["detail"]))
    with open(path_md, "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(path_json, "w") as f:
        json.dump(rows, f, indent=1)
    print()
    width = max([len("scenario")] + [len(s) for s in scenarios])
    print("%-*s %-10s %s" % (width, "scenario", "expected", " ".join("%-10s" % d for d in drivers)))
    for s in scenarios:
        print("%-*s %-10s %s" % (width, s, expected[s], " ".join(
            "%-10s" % (cell_of[(s, d)]["outcome"] if (s, d) in cell_of else "-")
            for d in drivers)))


def boot_limits(cell, given):
    """Each boot's guest on CELL: cellinfo.guest_limits with the fault
    table's defaults (GIVEN: the command line's values)."""
    return guest_limits(cell_facts(cell), given, FAULTS_GUEST_DEFAULTS)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cell", default="debian-12")
    ap.add_argument("--drivers", default="in-tree dkms")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--quick", action="store_true",
                    help="the cheap subset (make check's faults-quick)")
    ap.add_argument("--scenarios", help="space-separated subset to run")
    ap.add_argument("--out", default=os.path.join(TOP, "out"))
    ap.add_argument("--emulator", default=os.path.join(TOP, "out", "bin", "ath5k-emu"))
    ap.add_argument("--cpus", type=int, default=2)
    # Each boot's; a cell file may raise them (cellinfo.guest_limits).
    ap.add_argument("--mem", type=int, help="guest RAM, MiB (default 1536)")
    ap.add_argument("--boot-limit", type=int, help="seconds (default 600)")
    ap.add_argument("--total-limit", type=int, help="seconds (default 5400)")
    args = ap.parse_args()
    limits = boot_limits(args.cell, vars(args))
    args.mem, args.boot_limit, args.total_limit = (
        limits["mem"], limits["boot_limit"], limits["total_limit"])
    args.step_scale, args.cmdline = limits["step_scale"], limits["cmdline"]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    drivers = args.drivers.split()
    for d in drivers:
        if d not in DRIVER_NAMES:
            print("faults: DRIVERS takes %s, not %s" % (", ".join(DRIVER_NAMES), d),
                  file=sys.stderr)
            return 2
    known = [s for s, _ in SCENARIOS]
    scenarios = args.scenarios.split() if args.scenarios else QUICK if args.quick else known
    unknown = [s for s in scenarios if s not in known]
    if unknown:
        print("faults: unknown scenarios %s; known: %s" % (" ".join(unknown), " ".join(known)),
              file=sys.stderr)
        return 2
    if not os.access(args.emulator, os.X_OK):
        print("faults: no emulator at %s; run 'make emulator'" % args.emulator, file=sys.stderr)
        return 2
    base = "faults-quick" if args.quick else "faults"
    args.out_runs = os.path.join(args.out, base)
    os.makedirs(args.out_runs, exist_ok=True)
    out_top = args.out
    args.out = args.out_runs

    t0 = time.monotonic()
    host = labvm.qemu_version([])
    if not host or host < labvm.MIN_QEMU:
        run_cell.run_tool([labvm.TOOLBOX, "build"], "toolbox build")
    prefix, qemu_desc = labvm.qemu_prefix()
    run_cell.run_tool([os.path.join(HERE, "image.sh"), args.cell], "image build")
    image_dir = subprocess.run([os.path.join(HERE, "image.sh"), args.cell, "--print-dir"],
                               capture_output=True, text=True, check=True).stdout.strip()
    scratch = tempfile.mkdtemp(prefix="ath5k-faults-accel-", dir="/tmp")
    try:
        accel = labvm.choose_accel(prefix, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    log("%s, guest %s, accel %s, seed %s, scenarios: %s"
        % (args.cell, qemu_desc, accel, args.seed, " ".join(scenarios)))

    rows = []
    # Ours first: it is the one judged, so a run stopped early loses only
    # the anchor.  The table keeps the order DRIVERS gave.
    for driver in sorted(drivers, key=lambda d: d == "in-tree"):
        rows += run_driver(args, driver, scenarios, prefix, accel, image_dir)
        write_table(os.path.join(out_top, base + ".md"), os.path.join(out_top, base + ".json"),
                    args.cell, args.seed, drivers, rows)
    log("%.0f s; %s, %s" % (time.monotonic() - t0, run_cell.rel(os.path.join(out_top, base + ".md")),
                            run_cell.rel(os.path.join(out_top, base + ".json"))))
    judged = misjudged(rows)
    for r in judged:
        log("FAILED %s / %s: %s, expected %s: %s" % (r["scenario"], r["driver"], r["outcome"],
                                                    r["expected"], r["detail"]))
    return 1 if judged else 0


if __name__ == "__main__":
    sys.exit(main())
