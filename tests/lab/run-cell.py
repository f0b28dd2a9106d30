#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""run-cell.py --cell CELL --driver DRIVER [--shell | --script FILE]

One lab run: toolbox and image (built when missing), the emulator with two
cards on one air, a throwaway guest that runs the checks of
tests/lab/guest/, then a table of checks and out/lab/CELL-DRIVER.json.
Exits 1 when a check fails, naming the cell, the step and the log.

With --shell or --script (make shell) the guest stops after the driver is
loaded and both cards are bound, and gives a root shell on the terminal or
runs FILE; the run exits with the shell's or the script's status, or 125
when it never started."""

import argparse
import fcntl
import glob
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import termios
import threading
import time

import labvm
from cellinfo import cell_facts, guest_limits, read_assignments
from debug_reports import debug_reports_check
from expected_checks import completeness, unknown_left_out
from emulator_proc import MODELS, Emulator, card_model, expected_mac, options_for_card
from image_prebuild import prebuild
from patched_prebuild import PatchedBuildError, prebuild_patched
from time_groups import guest_seconds, time_groups, time_line

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))

# The two cards every run puts on the air: A is the station, B the AP.
CARD_MACS = ["02:a5:1a:b0:00:01", "02:a5:1a:b0:00:02"]
CARD_ROLES = ["A (station)", "B (AP)"]

# What each DRIVER carries to the guest under driver/ (paths or glob
# patterns in the repository; "required" ones must exist), and the module
# options the checks load it with: none, so hardware crypto is on, as users
# run it (the emulated card's key cache really encrypts).  guest/drivers/<driver>.sh
# does the rest.
DRIVERS = {
    # The in-tree driver's run carries our tree too: the interop checks
    # build from it the software-crypto copy that its cards meet
    # (guest/interop-checks.sh, check_interop_build).
    "in-tree": {"payload": ["VERSION", "src", "compat"],
                "required": ["VERSION", "src"], "options": ""},
    "dkms": {"payload": ["VERSION", "dkms.conf", "src", "compat", "LICENSES"],
             "required": ["VERSION", "dkms.conf", "src"],
             "options": ""},
    # The packages (--package, --next-package) go in as driver/repo-*/
    # (deb: flat apt repositories) or driver/*.rpm; see add_packages.
    "deb": {"payload": [], "options": "", "packages": "deb"},
    "rpm": {"payload": [], "options": "", "packages": "rpm"},
}
# make faults-quick (faults.py) and a quick look at a tree (make lab
# DRIVER=prebuilt): ours as image_prebuild.py built it on the host,
# installed by hand (guest/drivers/prebuilt.sh).
DRIVERS["prebuilt"] = {"payload": ["VERSION", "src", "compat"],
                       "required": ["VERSION", "src"], "options": ""}
# The kernel's own ath5k and ath with upstream/series applied, built on
# the host from the cell kernel's linux-source (patched_prebuild.py,
# guest/drivers/in-tree-patched.sh); our tree for the interop copy, as
# in-tree's.
DRIVERS["in-tree-patched"] = dict(DRIVERS["in-tree"])
# make bench (bench.py): a boot measures one driver, the in-tree ath5k or
# ours from dkms (guest/bench-checks.sh).
DRIVERS["bench-in-tree"] = {"payload": [], "options": ""}
DRIVERS["bench-dkms"] = dict(DRIVERS["dkms"])

# Images, toolboxes and host-built modules (lab.mk exports it).
CACHE = os.environ.get("ATH5K_CACHE", os.path.expanduser("~/.cache/ath5k-dkms"))

REPORT_PREFIX = "ath5k-lab "
# Seconds beyond a step's own limit before the host gives up on the guest.
STEP_GRACE = 60

# make shell (--shell, --script): the drivers whose guest/drivers/*.sh
# load the driver the way a run of the checks does (the bench drivers
# measure instead).
SESSION_DRIVERS = ("in-tree", "in-tree-patched", "dkms", "prebuilt", "deb", "rpm")
# The script's time limit unless --script-limit says otherwise.
SCRIPT_LIMIT = 600
# A script's run may take this much besides the boot and the script: the
# driver's install (a dkms build under TCG takes minutes) and the logs.
SESSION_SETUP_SECONDS = 1800
# A shell's whole run unless --total-limit says otherwise: a person works
# in it, but a forgotten one must still end.
SHELL_TOTAL_LIMIT = 12 * 3600
# The run's status when the script or shell never started (boot, driver
# or card failed): like `docker run`, outside what most scripts return.
SESSION_NOT_RUN = 125


def rel(path):
    return os.path.relpath(path, TOP) if path.startswith(TOP + "/") else path


def log(msg):
    print("lab: " + msg, flush=True)


class Stages:
    """Wall time of each stage, printed as it ends."""

    def __init__(self):
        self.times = []

    def run(self, name, fn, *args):
        log("%s ..." % name)
        t0 = time.monotonic()
        result = fn(*args)
        seconds = time.monotonic() - t0
        self.times.append({"stage": name, "seconds": round(seconds, 1)})
        log("%s: done in %.1f s" % (name, seconds))
        return result


def check(name, result, detail, seconds=0.0):
    return {"name": name, "result": result, "detail": detail,
            "seconds": round(seconds, 1)}


def card_macs(common, per_card):
    """The MAC each card will have (the lab's, unless an EEPROM description
    in its options sets `mac`) and a line per card that does not have the
    lab's; raises when two cards would share one."""
    macs, notes = [], []
    for i, lab_mac in enumerate(CARD_MACS):
        options = options_for_card(common, per_card, i)
        macs.append(expected_mac(lab_mac, options))
        if macs[-1] != lab_mac:
            notes.append("card %s: MAC %s from its options (%s), not the lab's %s; "
                         "the checks look for %s" % (CARD_ROLES[i], macs[-1], options,
                                                     lab_mac, macs[-1]))
    if len(set(macs)) < len(macs):
        raise ValueError("both cards would have MAC %s (an EEPROM description for "
                         "both sets mac); the checks tell the cards apart by MAC: give "
                         "the description to one card (ATH5K_LAB_CARD_A_OPTIONS or "
                         "ATH5K_LAB_CARD_B_OPTIONS) or drop its mac line" % macs[0])
    return macs, notes


def run_tool(argv, what):
    r = subprocess.run(argv)
    if r.returncode != 0:
        raise RuntimeError("%s failed (exit %d): %s" % (what, r.returncode,
                                                          " ".join(argv)))


def package_version(path):
    """The upstream version of a .deb or .rpm (0.1.0 of 0.1.0-1)."""
    if path.endswith(".deb"):
        argv = ["dpkg-deb", "-f", path, "Version"]
    else:
        argv = ["rpm", "-qp", "--qf", "%{VERSION}", path]
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout.strip():
        raise RuntimeError("cannot read the version of %s: %s"
                           % (rel(path), r.stderr.strip()[:200]))
    return r.stdout.strip().rsplit("-", 1)[0] if path.endswith(".deb") \
        else r.stdout.strip()


def add_packages(tar, kind, packages, scratch):
    """driver/repo-current and driver/repo-next (each a flat apt repository
    with its Packages index) for .debs; driver/current.rpm and
    driver/next.rpm for .rpms."""
    for role, path in zip(("current", "next"), packages):
        if kind == "rpm":
            tar.add(path, arcname="driver/%s.rpm" % role)
            continue
        repo = os.path.join(scratch, "repo-" + role)
        os.makedirs(repo)
        shutil.copy(path, repo)
        with open(os.path.join(repo, "Packages"), "w") as index:
            r = subprocess.run(["dpkg-scanpackages", "--multiversion", "."],
                               cwd=repo, stdout=index, stderr=subprocess.PIPE,
                               text=True)
        if r.returncode != 0:
            raise RuntimeError("dpkg-scanpackages failed on %s: %s"
                               % (rel(path), r.stderr.strip()[:200]))
        tar.add(repo, arcname="driver/repo-" + role)


def make_payload(path, driver, env, packages, scratch, prebuilt=(), script=None):
    """A tar on a raw disk: the guest scripts, lab.env, the driver, the
    modules built on the host (PREBUILT: (module, release, directory)
    from image_prebuild.prebuild) and make shell's SCRIPT as `script`."""
    with tarfile.open(path, "w", format=tarfile.GNU_FORMAT) as tar:
        if script:
            info = tar.gettarinfo(script, arcname="script")
            info.mode, info.uid, info.gid, info.uname, info.gname = 0o755, 0, 0, "root", "root"
            with open(script, "rb") as f:
                tar.addfile(info, f)
        for module, release, directory in prebuilt:
            for f in sorted(os.listdir(directory)):
                tar.add(os.path.join(directory, f),
                        arcname="prebuilt/%s/%s/%s" % (module, release, f))
        tar.add(os.path.join(HERE, "guest"), arcname="guest")
        data = "".join("%s=%s\n" % (k, shell_quote(v)) for k, v in env.items())
        info = tarfile.TarInfo("lab.env")
        info.size = len(data.encode())
        tar.addfile(info, io.BytesIO(data.encode()))
        spec = DRIVERS[driver]
        missing = [p for p in spec.get("required", [])
                   if not glob.glob(os.path.join(TOP, p))]
        if missing:
            raise RuntimeError("DRIVER=%s needs %s in the repository"
                               % (driver, ", ".join(missing)))
        for pattern in spec["payload"]:
            for path in sorted(glob.glob(os.path.join(TOP, pattern))):
                tar.add(path, arcname="driver/" + os.path.relpath(path, TOP))
        if "packages" in spec:
            add_packages(tar, spec["packages"], packages, scratch)


def shell_quote(v):
    return "'" + str(v).replace("'", "'\\''") + "'"


def user_data():
    # The payload disk carries everything; cloud-init only starts it, from
    # bootcmd as a service of its own, so the checks need not wait for
    # cloud-init's later stages (masked in the image).  The lines after
    # run-checks.sh run only when it could not start or died: they tell the
    # host at once instead of letting the boot step time out.
    bootstrap = ("exec > /dev/ttyS0 2>&1; "
                 "mkdir -p /run/ath5k-lab/payload && "
                 "tar -xf /dev/disk/by-id/virtio-ath5k-payload -C /run/ath5k-lab/payload && "
                 "bash /run/ath5k-lab/payload/guest/run-checks.sh /run/ath5k-lab/payload; "
                 "echo \\\"ath5k-lab failed run-checks.sh exited with status $?\\\" > /dev/ttyS1; "
                 "sleep 2; echo o > /proc/sysrq-trigger")
    return ("#cloud-config\nbootcmd:\n"
            "  - [systemd-run, --no-block, --unit=ath5k-lab-checks, sh, -c, \"%s\"]\n"
            % bootstrap)


class GuestWatch:
    """Follows the guest's report port, prints each check as it ends and
    enforces each step's time limit."""

    def __init__(self, report_path, console, boot_limit, scale=1):
        self.report_path = report_path
        self.boot_limit = boot_limit
        # A slow cell's factor on the host's own limits (the guest scales
        # the limits of its checks itself).
        self.scale = scale
        self.console = console
        self.offset = 0
        self.partial = ""
        self.results = []
        self.step = "boot"
        self.step_limit = boot_limit
        self.step_start = time.monotonic()
        self.t0 = self.step_start
        self.done = False
        self.boots = 0
        # The kernel the guest asked to be booted next (reboot_into).
        self.reboot = None
        # The boot or reboot check until the guest's first result.
        self.booting = None
        self.booted_kernel = None
        # Whether each check is printed as it ends: not while a shell's
        # console has the terminal (in raw mode, lines would run askew).
        self.echo = True
        # make shell: the script's or shell's exit status once the guest
        # reports it; the script's lines as (stdout|stderr, text).
        self.session_status = None
        self.session_output = []

    def poll(self):
        try:
            with open(self.report_path, "rb") as f:
                f.seek(self.offset)
                chunk = f.read()
        except FileNotFoundError:
            return
        self.offset += len(chunk)
        text = self.partial + chunk.decode(errors="replace")
        lines = text.split("\n")
        self.partial = lines.pop()
        for line in lines:
            line = line.strip("\r")
            if line.startswith(REPORT_PREFIX):
                self.event(line[len(REPORT_PREFIX):])

    def event(self, text):
        kind, _, rest = text.partition(" ")
        now = time.monotonic()
        if kind == "booted":
            # A boot passes once a check has run in the guest, not when
            # the guest merely says it is up.
            self.boots += 1
            self.booting = check("boot" if self.boots == 1 else "reboot", "fail",
                                 "kernel %s, booted but no check reported from the "
                                 "guest; see %s" % (rest, rel(self.console)),
                                 now - self.t0)
            self.booted_kernel = rest
            self.results.append(self.booting)
            self.step = "between checks"
        elif kind == "step":
            name, _, limit = rest.partition(" ")
            self.step, self.step_limit, self.step_start = name, float(limit), now
        elif kind == "result":
            try:
                entry = json.loads(rest)
            except ValueError:
                entry = check(self.step, "fail", "unreadable result: " + rest)
            if self.booting:
                self.booting.update(result="pass",
                                    detail="kernel %s, checks ran" % self.booted_kernel)
                self.show(self.booting)
                self.booting = None
            self.results.append(entry)
            self.show(entry)
            self.step, self.step_limit, self.step_start = "between checks", 120 * self.scale, now
        elif kind in ("stdout", "stderr"):
            # A line of make shell's script, passed on as it comes.
            self.session_output.append((kind, rest))
            out = sys.stdout if kind == "stdout" else sys.stderr
            out.write(rest + "\n")
            out.flush()
        elif kind in ("script-exit", "shell-exit"):
            what = kind.split("-")[0]
            try:
                self.session_status = int(rest)
            except ValueError:
                self.session_status = SESSION_NOT_RUN
            self.results.append(check(what, "pass" if self.session_status == 0 else "fail",
                                      "the %s exited with status %s" % (what, rest),
                                      now - self.step_start))
            self.step, self.step_limit, self.step_start = "between checks", 120 * self.scale, now
        elif kind == "failed" and not self.done:
            self.results.append(check(self.step, "fail", "%s; see %s" % (
                rest, rel(self.console)), now - self.step_start))
            self.show(self.results[-1])
            self.done = True
        elif kind == "reboot":
            self.reboot = rest.strip()
            self.step, self.step_limit, self.step_start = "power off to reboot", 60 * self.scale, now
        elif kind == "done":
            self.done = True
            self.step, self.step_limit, self.step_start = "power off", 30 * self.scale, now

    def rebooting(self):
        """Starts the watch on the next boot; returns the kernel asked for."""
        kver, self.reboot = self.reboot, None
        # QEMU truncates the report file when it starts again.
        self.offset, self.partial = 0, ""
        self.step, self.step_limit = "boot", self.boot_limit
        self.step_start = self.t0 = time.monotonic()
        return kver

    def show(self, c):
        if self.echo:
            print_check(c)

    def overdue(self):
        return time.monotonic() - self.step_start > self.step_limit + STEP_GRACE

    def elapsed(self):
        return time.monotonic() - self.step_start


def print_check(c):
    print("  %-5s %-16s %6.1f s  %s" % (c["result"], c["name"], c["seconds"],
                                       c["detail"][:110]), flush=True)


def print_table(cell, driver, results):
    print()
    print("%s / DRIVER=%s" % (cell, driver))
    print("  %-18s %-6s %8s  %s" % ("check", "result", "seconds", "detail"))
    for c in results:
        print("  %-18s %-6s %8.1f  %s" % (c["name"], c["result"], c["seconds"],
                                          c["detail"][:100]))


def qemu_process(argv, total_limit, qemu_log, on_terminal=False, held_input=False):
    """QEMU under timeout(1): in a session of its own, away from the
    terminal, or (make shell) with the terminal as its console: then in the
    terminal's foreground process group, where it may read it (timeout
    --foreground; a background group would be stopped by SIGTTIN).
    HELD_INPUT: QEMU's stdin is a pipe for feed_input instead of ours."""
    if on_terminal:
        return subprocess.Popen(["timeout", "--foreground", "-k", "10", str(total_limit)]
                                + argv, stderr=qemu_log,
                                stdin=subprocess.PIPE if held_input else None)
    return subprocess.Popen(["timeout", "-k", "10", str(total_limit)] + argv,
                            stdout=qemu_log, stderr=qemu_log,
                            stdin=subprocess.DEVNULL, start_new_session=True)


def stop_process(proc, group):
    """SIGTERM, then SIGKILL after 15 s, to PROC's process group (GROUP) or
    to PROC alone (it shares the terminal's group with us)."""
    send = (lambda sig: os.killpg(proc.pid, sig)) if group else proc.send_signal
    send(signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        send(signal.SIGKILL)
        proc.wait()


def feed_input(pipe):
    """make shell's input when it is no terminal (a here-document, a
    pipe): held back until the guest's shell is up, since what reaches the
    console earlier is lost while the guest has not opened it (the UART's
    FIFO is cleared when it does), then passed on as it comes, then Ctrl-D,
    so the shell ends with the input as bash does reading a file."""
    try:
        while True:
            data = os.read(sys.stdin.fileno(), 4096)
            if not data:
                break
            pipe.write(data)
            pipe.flush()
        pipe.write(b"\x04")
        pipe.close()
    except OSError:
        # QEMU is gone: nothing more to type into.
        pass


def run_guest(argv, run, watch, emulator, total_limit, where, on_terminal=False):
    """Runs QEMU until the guest powers off, a step overruns or the total
    limit passes; returns the checks the host adds (failures it saw).
    ON_TERMINAL: make shell's console on the terminal (labvm.console_serial);
    QEMU ending during the shell is then the person leaving it."""
    qemu_log = open(run["qemu_log"], "a")
    watch.echo = not on_terminal
    # QEMU sets the terminal raw and back, but not when it is killed.
    terminal = termios.tcgetattr(0) if on_terminal and sys.stdin.isatty() else None
    held_input = on_terminal and not sys.stdin.isatty()
    proc = qemu_process(argv, total_limit, qemu_log, on_terminal, held_input)
    extra = []
    try:
        while proc.poll() is None:
            time.sleep(0.5)
            watch.poll()
            if held_input and watch.step == "shell":
                threading.Thread(target=feed_input, args=(proc.stdin,), daemon=True).start()
                held_input = False
            if watch.overdue():
                extra.append(check(watch.step, "fail",
                                   "%s: step '%s' gave no result within %d s; see %s"
                                   % (where, watch.step, watch.step_limit + STEP_GRACE,
                                      rel(run["console"])), watch.elapsed()))
                break
            if emulator and not emulator.alive():
                extra.append(check("emulator-alive", "fail",
                                   "%s: ath5k-emu exited during step '%s': %s"
                                   % (where, watch.step, emulator.tail()),
                                   watch.elapsed()))
                break
    finally:
        if proc.poll() is None:
            stop_process(proc, group=not on_terminal)
        if terminal:
            termios.tcsetattr(0, termios.TCSADRAIN, terminal)
        qemu_log.close()
    watch.poll()
    if watch.booting:
        watch.show(watch.booting)
        watch.booting = None
    if on_terminal and watch.step == "shell" and not extra and \
            proc.returncode not in (124, 137):
        # poweroff in the shell, or Ctrl-A X: the person is done.
        watch.session_status = 0
        watch.results.append(check("shell", "pass", "left by powering the guest off",
                                   watch.elapsed()))
        return extra
    if not watch.done and not watch.reboot and not extra:
        reason = ("QEMU exited with status %d" % proc.returncode
                  if proc.returncode not in (124, 137) else
                  "the whole run passed its %d s limit" % total_limit)
        extra.append(check(watch.step, "fail", "%s: %s during step '%s'; see %s and %s"
                           % (where, reason, watch.step, rel(run["console"]),
                              rel(run["qemu_log"])),
                           watch.elapsed()))
    return extra


def take_boot_files(results_img, run_dir, kver):
    """The kernel and initrd the guest left on the results disk for its
    next boot, as (vmlinuz, initrd) under run_dir/boot-KVER, or None."""
    dest = os.path.join(run_dir, "boot-" + kver)
    os.makedirs(dest, exist_ok=True)
    try:
        with tarfile.open(results_img) as tar:
            for name in ("vmlinuz", "initrd.img"):
                member = tar.getmember(name)
                if not member.isfile():
                    return None
                with tar.extractfile(member) as src, \
                        open(os.path.join(dest, name), "wb") as out:
                    shutil.copyfileobj(src, out)
    except (tarfile.TarError, OSError, KeyError):
        return None
    return os.path.join(dest, "vmlinuz"), os.path.join(dest, "initrd.img")


def read_guest_logs(results_img, dest):
    try:
        with tarfile.open(results_img) as tar:
            tar.extractall(dest, filter="data") if hasattr(tarfile, "data_filter") \
                else tar.extractall(dest)
        return True
    except (tarfile.TarError, OSError):
        return False


# The files of one guest run, inside its run directory.
RUN_FILES = {"overlay": "overlay.qcow2", "seed": "seed.img", "payload": "payload.tar",
             "results": "results.tar", "console": "console.log",
             "report": "report.log", "qemu_log": "qemu.log"}


def run_files(run_dir):
    return {k: os.path.join(run_dir, v) for k, v in RUN_FILES.items()}


def run_name_and_profile(cell, driver, requested, facts, tag=""):
    """(the run's name, its profile).  The profile is the one REQUESTED,
    else the cell's lab_profile, else full; the name says matrix only when
    that was asked for (make matrix), so make lab's run of a cell is
    CELL-DRIVER whatever the cell's own profile.  TAG tells apart two runs
    of one cell and driver that make matrix starts together."""
    name = "-".join(p for p in (cell, driver, tag) if p) + \
        ("-matrix" if requested == "matrix" else "")
    return name, requested or facts.get("lab_profile", "full")


def card_models_options(spec, per_card):
    """Each card's own options with make shell's CARDS=MODEL[,MODEL]
    (--card-models) after them, so the model named there wins: one model
    is both cards', two are card A's (the station) and card B's (the AP).
    Raises ValueError on an unknown model or more than two."""
    if not spec:
        return list(per_card)
    models = [m.strip() for m in spec.split(",")]
    if len(models) > 2 or not all(models):
        raise ValueError("CARDS=%s: one model for both cards, or two, card A's (the "
                         "station) then card B's (the AP), e.g. CARDS=ar5413,ar5211" % spec)
    unknown = [m for m in models if m not in MODELS]
    if unknown:
        raise ValueError("CARDS=%s: ath5k-emu has no model %s; it has %s"
                         % (spec, ", ".join(unknown), ", ".join(MODELS)))
    models = models * 2 if len(models) == 1 else models
    return [",".join(o for o in (own, "model=" + m) if o)
            for own, m in zip(per_card, models)]


def session_plan(args):
    """make shell's run (--shell or --script), or None for a run of the
    checks: mode (shell or script), the script's absolute path, its time
    limit, the profile a package driver installs with (matrix: no checks
    of the package's life cycle around it) and the run's tag (its own
    out/lab/CELL-DRIVER-shell, beside a run of the checks).  Raises
    ValueError when the arguments cannot work."""
    if not args.shell and not args.script:
        return None
    if args.driver not in SESSION_DRIVERS:
        raise ValueError("make shell takes DRIVER=%s, not %s"
                         % ("|".join(SESSION_DRIVERS), args.driver))
    script = None
    if args.script:
        script = os.path.abspath(args.script)
        if not os.path.isfile(script) or not os.access(script, os.R_OK):
            raise ValueError("SCRIPT=%s: no readable file there" % args.script)
    if args.script_limit <= 0:
        raise ValueError("the script's time limit must be a positive number of "
                         "seconds, not %d" % args.script_limit)
    return {"mode": "script" if script else "shell", "script": script,
            "script_limit": args.script_limit, "profile": args.profile or "matrix",
            "tag": "-".join(p for p in (args.run_tag, "shell") if p)}


def session_total_limit(plan, given, limits):
    """The whole run's limit in seconds: GIVEN (--total-limit) when set;
    else for a shell SHELL_TOTAL_LIMIT, for a script the cell's limit or
    enough for boot, driver setup and the whole script if that is more."""
    if given:
        return given
    if plan["mode"] == "shell":
        return SHELL_TOTAL_LIMIT
    return max(limits["total_limit"],
               limits["boot_limit"] + SESSION_SETUP_SECONDS + plan["script_limit"])


def terminal_facts():
    """TERM and the size of the terminal make shell runs in, for the
    guest's shell (stty rows, cols); nothing when stdin is no terminal."""
    if not sys.stdin.isatty():
        return {}
    facts = {"SHELL_TERM": os.environ.get("TERM", "")}
    try:
        size = os.get_terminal_size(sys.stdin.fileno())
        facts.update(SHELL_ROWS=size.lines, SHELL_COLS=size.columns)
    except OSError:
        pass
    return facts


def session_env(plan, total_limit, terminal):
    """lab.env's additions for make shell (guest/shell.sh reads them)."""
    env = {"LAB_MODE": plan["mode"], "SCRIPT_LIMIT": plan["script_limit"],
           "SHELL_LIMIT": total_limit}
    if plan["mode"] == "shell":
        env.update(terminal)
    return env


def session_end(plan, status, results, where):
    """(the run's exit status, the message saying why) once make shell's
    guest is gone: the script's or shell's STATUS, or SESSION_NOT_RUN with
    the first failure that kept it from running."""
    what = plan["mode"]
    if status is not None:
        if status == 0:
            return 0, "%s: the %s exited with status 0" % (where, what)
        why = (" (killed at its time limit of %d s)" % plan["script_limit"]
               if what == "script" and status in (124, 137) else "")
        return status, "%s: FAILED: the %s exited with status %d%s" % (where, what,
                                                                        status, why)
    failed = [c for c in results if c["result"] == "fail"]
    reason = ("%s failed: %s" % (failed[0]["name"], failed[0]["detail"]) if failed
              else "the guest ended without saying why")
    return SESSION_NOT_RUN, "%s: FAILED: the %s did not run or did not end: %s" % (
        where, what, reason)


def end_session(plan, status, results, where, run_dir):
    """make shell's last lines: the checks in one line, anything else that
    failed, and the status; returns the run's exit status."""
    code, message = session_end(plan, status, results, where)
    print()
    log("checks: " + ", ".join("%s %s" % (c["name"], c["result"]) for c in results))
    for c in results:
        if c["result"] == "fail" and c["name"] not in ("script", "shell"):
            log("  %s: %s" % (c["name"], c["detail"]))
    log("logs in %s/ (console.log, emulator.log, logs/%s)"
        % (rel(run_dir), ", script-output.txt" if plan["mode"] == "script" else ""))
    log(message)
    return code


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cell", required=True)
    ap.add_argument("--driver", required=True, choices=sorted(DRIVERS))
    ap.add_argument("--out", default=os.path.join(TOP, "out", "lab"))
    ap.add_argument("--emulator", default=os.path.join(TOP, "out", "bin", "ath5k-emu"))
    ap.add_argument("--cards", type=int, default=2, choices=(0, 2),
                    help="0 boots without the emulator (develops the lab alone)")
    ap.add_argument("--card-options", default=os.environ.get("ATH5K_LAB_CARD_OPTIONS", ""),
                    help="extra key=value options for every --card")
    ap.add_argument("--card-a-options", default=os.environ.get("ATH5K_LAB_CARD_A_OPTIONS", ""),
                    help="options for card A (the station) only, after --card-options")
    ap.add_argument("--card-b-options", default=os.environ.get("ATH5K_LAB_CARD_B_OPTIONS", ""),
                    help="options for card B (the AP) only, after --card-options")
    # A cell file may raise the last three (lab_mem, lab_boot_limit,
    # lab_total_limit) and scale every step's limit (lab_step_scale).
    ap.add_argument("--cpus", type=int, default=2)
    ap.add_argument("--mem", type=int, help="guest RAM, MiB (default 1536)")
    ap.add_argument("--boot-limit", type=int, help="seconds (default 600)")
    ap.add_argument("--total-limit", type=int, help="seconds (default 3600)")
    ap.add_argument("--package", help="DRIVER=deb|rpm: the package to install")
    ap.add_argument("--next-package",
                    help="DRIVER=deb|rpm: the same package, one version later "
                    "(the upgrade check)")
    ap.add_argument("--profile", choices=("full", "matrix"),
                    help="which checks a package driver runs: every one "
                    "(full), or install, Wi-Fi and purge (matrix); default: "
                    "the cell's lab_profile, else full")
    ap.add_argument("--leave-out", default="",
                    help="checks (names, separated by spaces or commas) this run "
                    "neither runs nor expects: make check's lab-in-tree leaves "
                    "the slow feature checks to make lab and make matrix")
    ap.add_argument("--run-tag", default="",
                    help="a word added to the run's name (out/lab/CELL-DRIVER-TAG), "
                    "so make matrix can run one cell twice at once")
    ap.add_argument("--disk",
                    help="the guest's disk (a qcow2 overlay of the image): made "
                    "when missing and kept after the run, so a later run boots "
                    "what this one left (make bench reuses its dkms build)")
    # make shell: the checks that bind both cards, then a shell or a script.
    session = ap.add_mutually_exclusive_group()
    session.add_argument("--shell", action="store_true",
                         help="then a root shell on this terminal (the guest's "
                         "console); leave with exit, poweroff or Ctrl-A X")
    session.add_argument("--script", metavar="FILE",
                         help="then FILE as root in the guest, its output here; "
                         "the run exits with its status")
    ap.add_argument("--script-limit", type=int, default=SCRIPT_LIMIT,
                    help="seconds before the script is killed (default %d)" % SCRIPT_LIMIT)
    ap.add_argument("--card-models", default="", metavar="MODEL[,MODEL]",
                    help="the cards' model=: one for both, or card A's and B's "
                    "(%s)" % ", ".join(MODELS))
    return ap.parse_args(argv)


def run_identity(args, facts, plan):
    """(the run's name, its profile): run_name_and_profile's, or for make
    shell (PLAN) the session's tag in the name and its profile."""
    name, profile = run_name_and_profile(args.cell, args.driver, args.profile, facts,
                                         plan["tag"] if plan else args.run_tag)
    return name, plan["profile"] if plan else profile


class RunRefused(Exception):
    """The run cannot start or go on: a message for stderr, an exit code."""

    def __init__(self, message, code=2):
        super().__init__(message)
        self.code = code


class CellRun:
    """One run of a cell with a driver, as the stages main() calls in
    turn; each stage reads what the ones before it found."""

    def __init__(self, args):
        self.args = args
        self.cell, self.driver = args.cell, args.driver
        self.stages = Stages()
        self.results, self.emulators = [], []
        self.firmware = self.session_status = None

    def configure(self):
        """The guest's limits, the session plan, the packages and the
        cards, all checked before anything is built or booted."""
        args = self.args
        try:
            self.plan = session_plan(args)
        except ValueError as e:
            raise RunRefused(str(e))
        self.shell = bool(self.plan) and self.plan["mode"] == "shell"
        facts = cell_facts(self.cell)
        given_total = args.total_limit
        limits = guest_limits(facts, vars(args))
        args.mem, args.boot_limit, args.total_limit = (
            limits["mem"], limits["boot_limit"], limits["total_limit"])
        if self.plan:
            args.total_limit = session_total_limit(self.plan, given_total, limits)
        self.step_scale = limits["step_scale"]
        self.debug_checks = facts.get("debug_checks") == "yes"
        self.secure_boot = facts.get("secure_boot") == "yes"
        self.cmdline_extra = ["modprobe.blacklist=ath5k"] + limits["cmdline"]
        self.name, args.profile = run_identity(args, facts, self.plan)
        self.packages = self.configure_packages(facts)
        self.configure_cards()
        self.where = "cell %s, DRIVER=%s" % (self.cell, self.driver)
        self.run_dir = os.path.join(args.out, self.name)
        self.json_path = os.path.join(args.out, self.name + ".json")

    def configure_packages(self, facts):
        """The two package files of a packaged driver (none otherwise)."""
        args, driver = self.args, self.driver
        if "packages" not in DRIVERS[driver]:
            return []
        packages = [args.package, args.next_package]
        if not all(packages) or not all(os.path.isfile(p) for p in packages):
            raise RunRefused("DRIVER=%s needs --package and --next-package, two existing "
                             "files (make lab builds them); got %s" % (driver, packages))
        # The full .deb checks reinstall the running kernel's headers and
        # install a newer kernel from the image's offline repository, which
        # only a cell naming upgrade_kernel_suite has.
        if driver == "deb" and args.profile == "full" and \
                not facts.get("upgrade_kernel_suite"):
            raise RunRefused("DRIVER=deb's full checks need a cell with upgrade_kernel_suite "
                             "(tests/lab/cells/debian-12.conf); cell %s has none: use "
                             "--profile matrix (make lab LAB_PROFILE=matrix) or make "
                             "matrix CELLS=%s" % (self.cell, self.cell))
        return packages

    def configure_cards(self):
        """Each card's options, MAC and model; the checks left out."""
        args = self.args
        try:
            self.per_card_options = card_models_options(
                args.card_models, [args.card_a_options, args.card_b_options])
            self.macs, notes = card_macs(args.card_options, self.per_card_options)
        except ValueError as e:
            raise RunRefused(str(e))
        for note in notes:
            log(note)
        self.models = [card_model(options_for_card(args.card_options,
                                                   self.per_card_options, i))
                       for i in range(len(CARD_MACS))]
        self.left_out = tuple(args.leave_out.replace(",", " ").split())
        unknown = unknown_left_out(self.driver, args.profile, self.left_out,
                                   self.secure_boot, self.models)
        if unknown:
            raise RunRefused("--leave-out %s: no such check in a run of DRIVER=%s (%s) "
                             "on %s cards" % (" ".join(unknown), self.driver, args.profile,
                                              ",".join(self.models)))

    def claim_run_dir(self):
        """The run's directory, emptied; two runs of one cell and driver
        would share it, so the second waits for the first."""
        os.makedirs(self.args.out, exist_ok=True)
        self.lock = open(os.path.join(self.args.out, self.name + ".lock"), "w")
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log("waiting for another run of %s to finish" % self.name)
            fcntl.flock(self.lock, fcntl.LOCK_EX)
        shutil.rmtree(self.run_dir, ignore_errors=True)
        os.makedirs(self.run_dir)
        if os.path.exists(self.json_path):
            os.remove(self.json_path)

    def build_host_side(self):
        """The QEMU toolbox, the cell's image and the accelerator."""
        cell = self.cell

        def tools():
            host = labvm.qemu_version([])
            if not host or host < labvm.MIN_QEMU:
                run_tool([labvm.TOOLBOX, "build"], "toolbox build")
            return labvm.qemu_prefix()

        def image():
            run_tool([os.path.join(HERE, "image.sh"), cell], "image build")
            return subprocess.run([os.path.join(HERE, "image.sh"), cell, "--print-dir"],
                                  capture_output=True, text=True, check=True).stdout.strip()

        self.prefix, qemu_desc = self.stages.run("toolbox", tools)
        self.image_dir = self.stages.run("image", image)
        self.scratch = tempfile.mkdtemp(prefix="ath5k-lab-%s-" % self.name, dir="/tmp")
        accel = self.stages.run("accelerator", labvm.choose_accel, self.prefix, self.scratch)
        self.accel = accel
        log("guest: %s, accel %s, %d vCPU, %d MiB"
            % (qemu_desc, accel, self.args.cpus, self.args.mem))

    def guest_env(self):
        """What guest/run-checks.sh is told about the run."""
        args = self.args
        env = {
            "CELL": self.cell, "DRIVER": self.driver, "CARD_COUNT": 2,
            "CARD_A_MAC": self.macs[0], "CARD_B_MAC": self.macs[1],
            "EXPECT_BANDS": os.environ.get("ATH5K_LAB_BANDS", "2.4 5"),
            # Each card's model, A then B: what the checks expect of the MAC.
            "CARD_MODELS": " ".join(self.models),
            "MODULE_OPTIONS": DRIVERS[self.driver]["options"],
            "RESULTS_DISK": "/dev/disk/by-id/virtio-ath5k-results",
            "REPORT_PORT": "/dev/ttyS1",
            "LAB_PROFILE": args.profile,
            "LEAVE_OUT": " ".join(self.left_out),
            "STEP_SCALE": self.step_scale,
            "DEBUG_CHECKS": "yes" if self.debug_checks else "no",
            # "N NAME...": the named checks run N times more (guest/report.sh).
            "REPEAT_CHECKS": os.environ.get("ATH5K_LAB_REPEAT", ""),
            "SECURE_BOOT": "yes" if self.secure_boot else "no",
        }
        if self.plan:
            env.update(session_env(self.plan, args.total_limit, terminal_facts()))
        if self.packages:
            env["PKG_VERSION"], env["NEXT_VERSION"] = (package_version(p)
                                                       for p in self.packages)
            if env["PKG_VERSION"] == env["NEXT_VERSION"]:
                raise RunRefused("--package and --next-package are both version %s"
                                 % env["PKG_VERSION"])
        return env

    def prebuild_modules(self):
        """Modules built on the host in the image's root: ours for
        DRIVER=prebuilt, the patched kernel driver, the interop copy (only
        the full profile runs the interop checks, guest/interop-checks.sh;
        without a copy built here the guest builds one)."""
        args, driver, run_stage = self.args, self.driver, self.stages.run
        prebuilt = []
        if driver == "prebuilt":
            ours = run_stage("module prebuild", prebuild, self.image_dir, CACHE, log, "ath5k")
            if not ours:
                raise RunRefused("DRIVER=prebuilt: no ath5k.ko could be built in %s's root "
                                 "(see the prebuild lines above)" % args.cell, 1)
            prebuilt.append(ours)
        if driver == "in-tree-patched":
            try:
                prebuilt.append(run_stage("patched prebuild", prebuild_patched,
                                          self.image_dir, CACHE, log))
            except PatchedBuildError as e:
                raise RunRefused("DRIVER=in-tree-patched: %s" % e, 1)
        if args.profile == "full" and not self.plan and \
                driver in ("in-tree", "in-tree-patched", "dkms", "deb", "rpm", "prebuilt"):
            interop = run_stage("interop prebuild", prebuild, self.image_dir, CACHE, log)
            prebuilt += [interop] if interop else []
        return prebuilt

    def prepare(self, env, prebuilt):
        """The guest's disks: overlay, seed, payload and results."""
        args, run = self.args, self.run
        if not (args.disk and os.path.exists(run["overlay"])):
            labvm.make_overlay(run["overlay"], os.path.join(self.image_dir, "disk.qcow2"))
        labvm.make_seed(run["seed"], user_data(), "ath5k-lab-%d" % os.getpid())
        make_payload(run["payload"], self.driver, env, self.packages, self.scratch, prebuilt,
                     self.plan["script"] if self.plan else None)
        with open(run["results"], "wb") as f:
            # Logs, or a kernel and initrd for the next boot (reboot_into).
            f.truncate(256 << 20)

    def secure_boot_firmware(self, kver):
        return labvm.secure_boot_files(self.prefix, self.image_dir, self.run_dir, kver,
                                       self.cmdline_extra)

    def start_emulator(self, boot):
        """A fresh emulator for each boot: a reboot power-cycles the cards."""
        args = self.args
        suffix = "" if boot == 1 else "-boot%d" % boot
        emulator = Emulator(args.emulator, self.scratch, CARD_MACS,
                            os.path.join(self.run_dir, "emulator%s.log" % suffix),
                            os.path.join(self.run_dir, "emulator%s.out" % suffix),
                            args.card_options, self.per_card_options, control=True)
        self.emulators.append(emulator)
        emulator.start()
        return emulator

    def boot_guests(self):
        """The guest, booted again into the kernel it asks for (at most
        twice); the checks it reported and those of the host about it."""
        args, run, run_stage = self.args, self.run, self.stages.run
        if args.cards and not os.access(args.emulator, os.X_OK):
            raise RuntimeError("no emulator at %s; run 'make emulator'" % args.emulator)
        watch = GuestWatch(run["report"], run["console"], args.boot_limit, self.step_scale)
        boot_files = None
        extra = []
        for boot in range(1, 3):
            emulator = None
            if args.cards:
                emulator = run_stage("emulator start", self.start_emulator, boot)
            cards = emulator.sockets if emulator else []
            argv = labvm.guest_command(self.prefix, self.accel, self.image_dir, run, cards,
                                       args.cpus, args.mem, self.cmdline_extra,
                                       boot_files, emulator.control if emulator else None,
                                       self.firmware, console_on_terminal=self.shell)
            with open(os.path.join(self.run_dir, "qemu.argv"), "a") as f:
                f.write(" ".join(argv) + "\n")
            log("guest: booting %s%s (console: %s)"
                % (self.cell, " again" if boot > 1 else "", rel(run["console"])))
            if self.shell:
                log("guest: the console is this terminal; a root shell follows once "
                    "the driver is loaded and both cards are bound (minutes under TCG); "
                    "leave with exit, poweroff or Ctrl-A X")
            extra = run_stage("guest" if boot == 1 else "guest boot %d" % boot,
                              run_guest, argv, run, watch, emulator,
                              args.total_limit, self.where, self.shell)
            if emulator:
                emulator.stop()
            if not watch.reboot or extra:
                break
            kver = watch.rebooting()
            # Each boot's console in its own file (QEMU truncates it).
            run["console"] = os.path.join(self.run_dir, "console-boot%d.log" % (boot + 1))
            watch.console = run["console"]
            boot_files = take_boot_files(run["results"], self.run_dir, kver)
            if not boot_files:
                extra = [check("reboot", "fail", "%s: the guest asked to boot %s but left "
                               "no vmlinuz and initrd.img on the results disk"
                               % (self.where, kver))]
                break
            if self.firmware:
                # Through the firmware again: GRUB names KVER on the disk.
                self.firmware = run_stage("secure boot firmware", self.secure_boot_firmware,
                                          kver)
        self.session_status = watch.session_status
        if watch.session_output:
            with open(os.path.join(self.run_dir, "script-output.txt"), "w") as f:
                f.writelines("%s %s\n" % line for line in watch.session_output)
        return watch.results + extra

    def host_checks(self):
        """What the host judges of the run: each boot's emulator log, the
        debug kernel's reports, and whether every expected check ran."""
        checks = []
        for emulator in self.emulators:
            # the unpatched kernel driver's known misuse is its own
            # (emulator_proc.py IN_TREE_RESUME_MISUSE, IN_TREE_TX_WRITEBACK,
            # IN_TREE_AR5210_ABSENT), not the card's
            errors = emulator.protocol_errors(known_in_tree=self.driver == "in-tree")
            checks.append(check("emulator-protocol", "fail" if errors else "pass",
                                "%d protocol errors or driver-misuse lines in %s, "
                                "first: %s"
                                % (len(errors), rel(emulator.log_path), errors[0])
                                if errors else "no protocol error or driver misuse in %s"
                                % rel(emulator.log_path)))
        if self.debug_checks:
            checks.append(debug_reports_check(self.run_dir))
        if not self.plan:
            checks.append(completeness(self.driver, self.args.profile, self.results + checks,
                                       self.secure_boot, self.models, self.left_out))
        return checks

    def guest_and_checks(self, env, prebuilt):
        """Prepare, boot and judge; the emulators stopped and the large
        files removed whatever happens."""
        args, run = self.args, self.run
        try:
            self.stages.run("prepare run", self.prepare, env, prebuilt)
            if self.secure_boot:
                kver = read_assignments(os.path.join(self.image_dir,
                                                     "image.env"))["kernel_release"]
                self.firmware = self.stages.run("secure boot firmware",
                                                self.secure_boot_firmware, kver)
            self.results = self.boot_guests()
            if not read_guest_logs(run["results"], self.run_dir):
                log("no guest logs on the results disk (the guest did not finish)")
            self.results += self.host_checks()
        except RuntimeError as e:
            self.results.append(check("setup", "fail", "%s: %s" % (self.where, e)))
        finally:
            for emulator in self.emulators:
                emulator.stop()
            shutil.rmtree(self.scratch, ignore_errors=True)
            # The overlay and the raw results disk are large and already read.
            for big in ("results",) if args.disk else ("overlay", "results"):
                if os.path.exists(run[big]):
                    os.remove(run[big])

    def report(self, seconds):
        """out/lab/CELL-DRIVER.json, the stage times, the table; the exit
        status (a session's: its script's or shell's)."""
        results, where = self.results, self.where
        self.stages.times.append({"stage": "total", "seconds": round(seconds, 1)})
        with open(self.json_path, "w") as f:
            json.dump(results, f, indent=1)
        with open(os.path.join(self.run_dir, "stages.json"), "w") as f:
            json.dump(self.stages.times, f, indent=1)
        if self.plan:
            return end_session(self.plan, self.session_status, results, where, self.run_dir)
        print_table(self.cell, self.driver, results)
        print("  stages: " + ", ".join("%s %.0f s" % (s["stage"], s["seconds"])
                                       for s in self.stages.times))
        print("  guest time: " + time_line(time_groups(results,
                                                       guest_seconds(self.stages.times))))
        failed = [c for c in results if c["result"] == "fail"]
        if failed or not results:
            log("%s: FAILED %d of %d checks; logs in %s/ (console.log, emulator.log,"
                " logs/checks/)" % (where, len(failed), len(results), rel(self.run_dir)))
            for c in failed:
                log("  %s: %s" % (c["name"], c["detail"]))
            return 1
        log("%s: all %d checks passed or skipped; %s"
            % (where, len(results), rel(self.json_path)))
        return 0

    def execute(self):
        t_start = time.monotonic()
        self.claim_run_dir()
        self.build_host_side()
        self.run = run_files(self.run_dir)
        env = self.guest_env()
        if self.args.disk:
            self.run["overlay"] = os.path.abspath(self.args.disk)
        prebuilt = self.prebuild_modules()
        self.guest_and_checks(env, prebuilt)
        return self.report(time.monotonic() - t_start)


def main():
    args = parse_args()
    # A stopped run still stops its guest and emulator (the finally blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    run = CellRun(args)
    try:
        run.configure()
        return run.execute()
    except RunRefused as e:
        print("lab: %s" % e, file=sys.stderr)
        return e.code


if __name__ == "__main__":
    sys.exit(main())
