# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Where a lab run's guest time went, by group of checks: boots, package
installs and module builds, the Wi-Fi and driver checks, package removal,
and what no check accounts for (shutdown, copying the logs off, a step
between checks).  run-cell.py prints it after its table and matrix.py
puts it in matrix.md and matrix.json."""

GROUPS = ("boot", "install and build", "checks", "removal", "unaccounted")

# Checks whose time is a package install or a module build in the guest
# (the minutes of TCG compiles), named as guest/drivers/*.sh name them.
BUILD_CHECKS = {"build-failure", "deb-missing-headers", "deb-upgrade", "rpm-upgrade",
                "unsupported-kernel"}


def group_of(name):
    """The group of check NAME."""
    if name in ("boot", "reboot"):
        return "boot"
    if name.endswith(("-install", "-build")) or name in BUILD_CHECKS:
        return "install and build"
    if name.endswith(("-purge", "-remove")):
        return "removal"
    return "checks"


def guest_seconds(stages):
    """The guest's wall time from a run's stages (stages.json): every boot."""
    return sum(s["seconds"] for s in stages if s["stage"].startswith("guest"))


def time_groups(checks, guest_seconds=None):
    """{group: seconds} over CHECKS (the run's json), rounded; with
    GUEST_SECONDS (the guest stages' wall time) also what no check
    accounts for."""
    totals = dict.fromkeys(GROUPS[:-1], 0.0)
    for c in checks:
        totals[group_of(c["name"])] += c.get("seconds") or 0.0
    if guest_seconds is not None:
        totals["unaccounted"] = max(0.0, guest_seconds - sum(totals.values()))
    return {g: round(s) for g, s in totals.items()}


def time_line(groups):
    """'boot 23 s, install and build 199 s, ...' in GROUPS order."""
    return ", ".join("%s %d s" % (g, groups[g]) for g in GROUPS if g in groups)
