# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""The checks each lab driver and profile must report, in the order the
guest scripts (tests/lab/guest/) run them, and the verdict on a run that
left one out: a check that was expected to run and did not is a failure.
test_host_side.py runs the guest scripts with run_check stubbed and holds
these lists to what they really report."""

# guest/wifi-checks.sh: run_wifi_checks.
WIFI_NETWORKS = ("open-ch6", "sae-ch6", "wpa2-ch6", "tkip-ch6", "wep-ch6", "open-ch36")
PROTECTED = ("wpa2-ch6", "tkip-ch6", "wep-ch6", "sae-ch6")

# Card models (ath5k-emu model=, the lab's CARD_MODELS) whose MAC has no
# AES-CCM unit in its key cache: the AR5211 (attach.c gives
# ATH_CRYPT_CAP_CIPHER_AESCCM only from SREV 0x54, the AR5212 v4, on), so
# mac80211 seals and opens CCMP in software.  crypto-wpa2-ch6 counts the
# CCMP frames the cards' key caches sealed and opened: on these cards
# there are none to count, so it is not expected of a run with one
# (wifi-checks.sh does not run it; rekey-wpa2-ch6 still runs, without
# its key-cache-miss clause), nor are the interop checks, which hold a
# hardware-crypto card to its cipher's counts.  The same cards have no
# 802.11g (caps.c), so the 2.4 GHz networks run as 802.11b there.  The
# AR5210 (SREV below 0x10) has no AES-CCM unit either.
NO_HW_CCMP = frozenset({"ar5211", "ar5210"})
# Card models without a BSSID mask (base.c: ath5k_hw_hasbssidmask is the
# AR5212 family only; the AR5211 compares every bit of its one address):
# a card answers (ACKs, receives unicast) for one interface's address
# only, so two-bss, an AP and a station on each card, cannot work there
# (the station's authentication to the other card's second interface
# is never ACKed); it is not expected and wifi-checks.sh does not run it.
NO_BSSID_MASK = frozenset({"ar5211", "ar5210"})
# Card models with no 2.4 GHz radio at all: the AR5210's RF5110 (caps.c
# ath5k_hw_set_capabilities gives an AR5K_AR5210 11a alone, 5120-5430
# MHz).  The ch6 networks and every check on them (their crypto and
# rekey checks, the interop checks, which run on ch6) are not expected;
# open-ch36 runs, with iperf3 after its ping, and the channels check
# expects 5 GHz alone of such a card (wifi-checks.sh card_bands).  The AR5210 also has
# a single data queue (qcu.c: AR5K_NUM_TX_QUEUES_NOQCU, no DCU), so no
# WMM queues: no check here depends on them.
NO_2GHZ = frozenset({"ar5210"})
# Card models whose descriptor ath5k-emu does not model RTS/CTS for
# (tests/emulator/CARD.md: the AR5212 family's four-word descriptor
# only): frag-rts, which counts RTS and CTS on the air, is not expected
# of a run with one (wifi-checks.sh does not run it), nor is
# erp-protection, which needs 802.11g and counts CTS-to-self.  They are
# the cards without 802.11g.
NO_RTS_MODEL = frozenset({"ar5211", "ar5210"})
# Card models ani.c leaves alone (ath5k_ani_calibration and the PHY error
# counters are the AR5212 family's): the ani check is not expected of a
# run with one (wifi-checks.sh cards_lack ani).
NO_ANI = frozenset({"ar5211", "ar5210"})
# Card models with a LED quirk (led.c's PCI id table): the AR5211
# (0x168c:0x0012, pin 0).  The led check watches card A's LED, so it is
# expected only when card A is one (platform-checks.sh led_of_model).
LED_MODELS = frozenset({"ar5211"})
# guest/interop-checks.sh: the interop checks, after two-bss, in the full
# profile only (they build a second copy of our driver in the guest).
INTEROP = ["interop-build"] + ["interop-%s-sw-%s" % (cipher, role)
                               for role in ("sta", "ap") for cipher in ("ccmp", "tkip")] \
    + ["interop-restore"]


def wifi_networks(models=()):
    """The networks a run whose cards are MODELS sets up, in order."""
    if NO_2GHZ.intersection(models):
        return tuple(n for n in WIFI_NETWORKS if not n.endswith("-ch6"))
    return WIFI_NETWORKS


def dtim_network(models=()):
    """The network dtim-multicast runs on (traffic-checks.sh dtim_network):
    2.4 GHz, where the virtual station is 11b, unless a card lacks it."""
    return "open-ch36" if NO_2GHZ.intersection(models) else "open-ch6"


def platform_network(models=()):
    """The network the platform checks run on (platform-checks.sh
    platform_network): WPA2 unless a card has no 2.4 GHz."""
    return "open-ch36" if NO_2GHZ.intersection(models) else "wpa2-ch6"


def platform_checks(models=()):
    """guest/platform-checks.sh run_platform_checks, in order."""
    return (["runtime-down-up", "suspend-resume", "rfkill"]
            + (["led"] if models and models[0] in LED_MODELS else [])
            + (["ani"] if not NO_ANI.intersection(models) else []))


def wifi_checks(models=(), profile="full"):
    """The Wi-Fi checks of a run with PROFILE whose cards are MODELS."""
    hw_ccmp = not NO_HW_CCMP.intersection(models)
    bssid_mask = not NO_BSSID_MASK.intersection(models)
    networks = wifi_networks(models)
    rts_model = not NO_RTS_MODEL.intersection(models)
    return (["probe", "mac-addresses", "channels", "netns", "interfaces-up", "mesh-open",
             "mesh-sae"]
            + [c for net in networks
               for c in ["ap-" + net, "scan-" + net, "assoc-" + net, "ping-" + net]
               + (["iperf3", "lone-frame", "rate-control"] if net == networks[0] else [])
               + (["frag-rts", "erp-protection"] if net == "open-ch6" and rts_model else [])
               + (["dtim-multicast"] if net == dtim_network(models) else [])
               + (["crypto-" + net] if net in PROTECTED
                  and (hw_ccmp or net != "wpa2-ch6") else [])
               + (["rekey-" + net] if net == "wpa2-ch6" else [])
               + (["wpa3-sae"] if net == "sae-ch6" else [])
               + (["sae-after-wep"] if net == "wep-ch6" else [])
               + (platform_checks(models) if net == platform_network(models) else [])]
            + (["regd-disconnect"] if "open-ch6" in networks else [])
            + (["two-bss"] if bssid_mask else [])
            + (INTEROP if profile == "full" and hw_ccmp and "wpa2-ch6" in networks else [])
            + ["dmesg-clean"])


# Every profile's, on the default cards.
WIFI = wifi_checks(profile="matrix")
# guest/driver-checks.sh: run_driver_extra_checks (our driver, DRIVER_EXTRAS).
EXTRAS = ["ibss", "monitor", "reload-cycles", "ibss-5ghz"]
# guest/secureboot-checks.sh, on a cell with secure_boot=yes: the boot's
# checks right after it, the module's between the driver's checks and the
# Wi-Fi ones (module-sig-trusted only where our module is installed).
SECURE_BOOT_EARLY = ["sb-state", "lockdown", "mok-enrolled"]
SECURE_BOOT_OURS = ("dkms", "deb", "rpm")
# Checks that report skip by design: none.
SKIP_BY_DESIGN = set()


# guest/bench-checks.sh: after the driver is loaded, one measured round
# (udp10: UDP at a fixed load below the air's ceiling; udp: at saturation).
BENCH = (["probe", "netns", "interfaces-up", "ap-open-ch6", "assoc-open-ch6", "bench-ping",
          "bench-rtt-idle"]
         + ["bench-" + p for p in ("tcp-a-b", "tcp-b-a", "udp10-a-b", "udp10-b-a",
                                   "udp-a-b", "udp-b-a")]
         + ["bench-rtt-after", "bench-link", "dmesg-clean"])


def guest_checks(driver, profile, reported=(), secure_boot=False, models=()):
    """Names DRIVER (run-cell.py's --driver) with PROFILE must report, on a
    Secure Boot cell when SECURE_BOOT, on cards of MODELS (ath5k-emu
    model= of each; () for the default).  REPORTED (the names a run did
    report, with results) decides the one branch the guest takes: deb's
    reboot into the upgraded kernel happens only when kernel-upgrade-build
    passed."""
    checks = driver_checks(driver, profile, reported, models)
    if not secure_boot or driver.startswith("bench-"):
        return checks
    wifi = checks.index("probe")
    module = (["module-sig-trusted"] if driver in SECURE_BOOT_OURS else []) + [
        "unsigned-refused"]
    return checks[:1] + SECURE_BOOT_EARLY + checks[1:wifi] + module + checks[wifi:]


def driver_checks(driver, profile, reported, models=()):
    """guest_checks without a cell's own additions."""
    passed = {c["name"] for c in reported if c.get("result") == "pass"}
    wifi = wifi_checks(models, profile)
    if driver == "in-tree":
        return ["boot", "driver-load"] + wifi
    if driver == "dkms":
        return ["boot", "dkms-install", "driver-load", "module-is-ours"] + wifi + EXTRAS
    if driver == "prebuilt":
        return ["boot", "module-install", "driver-load", "module-is-ours"] + wifi + EXTRAS
    if driver == "in-tree-patched":
        return ["boot", "module-install", "driver-load", "module-is-patched"] + wifi
    if driver == "bench-in-tree":
        return ["boot", "driver-load"] + BENCH
    if driver == "bench-dkms":
        # The first boot of ours in a bench builds it and boots again
        # into the measured boot; later ones on the same disk check that
        # build (the guest decides, from the disk).
        names = {c["name"] for c in reported}
        if "dkms-install" in passed:
            setup = ["dkms-install", "reboot", "dkms-reuse"]
        elif "dkms-install" in names:
            setup = ["dkms-install"]
        else:
            setup = ["dkms-reuse"]
        return ["boot"] + setup + ["driver-load", "module-is-ours"] + BENCH
    if driver == "rpm":
        return (["boot", "rpm-install", "driver-load", "module-is-ours",
                 "older-chips", "module-signature"] + wifi
                + ["rpm-upgrade", "rpm-remove"])
    if driver == "deb" and profile == "matrix":
        return (["boot", "deb-install", "driver-load", "module-is-ours", "older-chips"]
                + wifi + ["deb-purge"])
    if driver == "deb":
        checks = (["boot", "deb-missing-headers", "deb-install", "driver-load",
                   "module-is-ours", "older-chips", "module-signature"] + wifi + EXTRAS
                  + ["deb-upgrade", "unsupported-kernel", "kernel-upgrade-build"])
        if "kernel-upgrade-build" in passed:
            checks += ["reboot", "kernel-upgrade"]
        return checks + ["build-failure", "deb-purge"]
    raise ValueError("no list of expected checks for driver %s" % driver)


def unknown_left_out(driver, profile, left_out, secure_boot=False, models=()):
    """The names of LEFT_OUT (run-cell.py --leave-out) that are no check a
    run of DRIVER with PROFILE on cards of MODELS would report."""
    expected = set(guest_checks(driver, profile, (), secure_boot, models))
    return [n for n in left_out if n not in expected]


def missing_checks(driver, profile, results, secure_boot=False, models=(), left_out=()):
    """(expected checks that did not report, skips nothing explains).  A
    skip is explained by a failure elsewhere in the run (a check it needs)
    or by SKIP_BY_DESIGN.  Checks of LEFT_OUT are not expected."""
    reported = {c["name"] for c in results}
    missing = [n for n in guest_checks(driver, profile, results, secure_boot, models)
               if n not in reported and n not in left_out]
    failed = any(c["result"] == "fail" for c in results)
    skipped = [c["name"] for c in results if c["result"] == "skip"
               and c["name"] not in SKIP_BY_DESIGN]
    return missing, ([] if failed else skipped)


def completeness(driver, profile, results, secure_boot=False, models=(), left_out=()):
    """One check, checks-reported: fails when an expected check did not
    report or was skipped with no reason in the run (cards of MODELS);
    checks of LEFT_OUT (run-cell.py --leave-out) are not expected, and
    one of them that reported anyway fails it too."""
    missing, skipped = missing_checks(driver, profile, results, secure_boot, models,
                                      left_out)
    expected = len([n for n in guest_checks(driver, profile, results, secure_boot, models)
                    if n not in left_out])
    ran_anyway = [c["name"] for c in results if c["name"] in left_out]
    if not missing and not skipped and not ran_anyway:
        detail = "all %d checks expected of DRIVER=%s (%s) reported" % (
            expected, driver, profile)
        if left_out:
            detail += "; left out as asked: %s" % ", ".join(left_out)
        return {"name": "checks-reported", "result": "pass", "detail": detail,
                "seconds": 0.0}
    parts = []
    if missing:
        parts.append("%d of %d expected checks did not report: %s"
                     % (len(missing), expected, ", ".join(missing)))
    if skipped:
        parts.append("skipped with no failure in the run: %s" % ", ".join(skipped))
    if ran_anyway:
        parts.append("reported though left out: %s" % ", ".join(ran_anyway))
    return {"name": "checks-reported", "result": "fail", "detail": "; ".join(parts),
            "seconds": 0.0}
