#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""The lab's host side without a guest: how GuestWatch reads the report
port across a reboot, how the boot files come off the results disk, how
the payload carries the packages, how the matrix sums up a run, which MAC
each card gets from its options, and how strict the verdicts are (every
expected check reported, each driver's own errors in dmesg, the
emulator's driver-misuse lines)."""

import contextlib
import importlib.util
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def load(name, filename):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, filename))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


run_cell = load("run_cell", "run-cell.py")
matrix = load("matrix", "matrix.py")
emulator_proc = load("emulator_proc", "emulator_proc.py")
expected_checks = load("expected_checks", "expected_checks.py")
kmsg = load("kmsg", os.path.join("guest", "kmsg.py"))
TOP = os.path.dirname(os.path.dirname(HERE))
POWER_CURVE = os.path.join(HERE, "eeprom", "power-curve.desc")
EMULATOR = os.path.join(TOP, "out", "bin", "ath5k-emu")


def result_line(name, result, seconds=1.0):
    return "ath5k-lab result " + json.dumps(
        {"name": name, "result": result, "detail": name + " detail", "seconds": seconds})


class GuestWatchAcrossReboot(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.report = os.path.join(self.tmp.name, "report.log")
        self.watch = run_cell.GuestWatch(self.report, "console.log", 600)

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, lines, mode="a"):
        with open(self.report, mode) as f:
            f.write("".join(line + "\n" for line in lines))

    def poll(self):
        with contextlib.redirect_stdout(io.StringIO()):
            self.watch.poll()

    def test_second_boot_is_read_from_the_start_of_the_new_file(self):
        self.write(["ath5k-lab booted 6.1.0-57-amd64",
                    "ath5k-lab step kernel-upgrade-build 1800",
                    result_line("kernel-upgrade-build", "pass"),
                    "ath5k-lab reboot 6.12.95+deb12-amd64"])
        self.poll()
        self.assertEqual(self.watch.reboot, "6.12.95+deb12-amd64")
        self.assertFalse(self.watch.done)
        self.assertEqual(self.watch.rebooting(), "6.12.95+deb12-amd64")
        self.assertIsNone(self.watch.reboot)
        self.assertEqual((self.watch.step, self.watch.step_limit), ("boot", 600))
        # QEMU starts the file afresh: shorter than what was read before.
        self.write(["ath5k-lab booted 6.12.95+deb12-amd64",
                    result_line("kernel-upgrade", "pass"),
                    "ath5k-lab done"], mode="w")
        self.poll()
        names = [c["name"] for c in self.watch.results]
        self.assertEqual(names, ["boot", "kernel-upgrade-build", "reboot", "kernel-upgrade"])
        self.assertIn("6.12.95+deb12-amd64", self.watch.results[2]["detail"])
        self.assertTrue(self.watch.done)

    def test_a_line_split_across_polls_is_read_once(self):
        self.write(["ath5k-lab booted 6.1.0-57-amd64"])
        with open(self.report, "a") as f:
            f.write(result_line("probe", "fail")[:30])
        self.poll()
        with open(self.report, "a") as f:
            f.write(result_line("probe", "fail")[30:] + "\n")
        self.poll()
        self.assertEqual([(c["name"], c["result"]) for c in self.watch.results],
                         [("boot", "pass"), ("probe", "fail")])


class BootFiles(unittest.TestCase):
    def test_kernel_and_initrd_come_off_the_results_disk(self):
        with tempfile.TemporaryDirectory() as tmp:
            disk = os.path.join(tmp, "results.tar")
            with tarfile.open(disk, "w") as tar:
                for name, data in (("vmlinuz", b"kernel"), ("initrd.img", b"initrd")):
                    info = tarfile.TarInfo(name)
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))
            # The guest writes the tar onto a larger raw disk.
            with open(disk, "ab") as f:
                f.truncate(1 << 20)
            vmlinuz, initrd = run_cell.take_boot_files(disk, tmp, "6.12.95")
            with open(vmlinuz, "rb") as f:
                self.assertEqual(f.read(), b"kernel")
            with open(initrd, "rb") as f:
                self.assertEqual(f.read(), b"initrd")

    def test_a_disk_without_them_gives_none(self):
        with tempfile.TemporaryDirectory() as tmp:
            disk = os.path.join(tmp, "results.tar")
            with tarfile.open(disk, "w") as tar:
                info = tarfile.TarInfo("logs/report.log")
                tar.addfile(info, io.BytesIO(b""))
            self.assertIsNone(run_cell.take_boot_files(disk, tmp, "6.12.95"))


class PackagePayload(unittest.TestCase):
    def test_each_deb_becomes_a_flat_repository(self):
        with tempfile.TemporaryDirectory() as tmp:
            debs = []
            for version in ("0.1.0-1", "0.1.1-1"):
                root = os.path.join(tmp, "pkg-" + version)
                os.makedirs(os.path.join(root, "DEBIAN"))
                with open(os.path.join(root, "DEBIAN", "control"), "w") as f:
                    f.write("Package: ath5k-dkms\nVersion: %s\nArchitecture: all\n"
                            "Maintainer: lab test <lab@example.org>\n"
                            "Description: test package\n" % version)
                deb = os.path.join(tmp, "ath5k-dkms_%s_all.deb" % version)
                subprocess.run(["dpkg-deb", "--root-owner-group", "-b", root, deb],
                               check=True, stdout=subprocess.DEVNULL)
                debs.append(deb)
            self.assertEqual([run_cell.package_version(d) for d in debs], ["0.1.0", "0.1.1"])
            scratch = os.path.join(tmp, "scratch")
            os.makedirs(scratch)
            payload = os.path.join(tmp, "payload.tar")
            with tarfile.open(payload, "w") as tar:
                run_cell.add_packages(tar, "deb", debs, scratch)
            with tarfile.open(payload) as tar:
                names = set(tar.getnames())
                index = tar.extractfile("driver/repo-next/Packages").read().decode()
            self.assertIn("driver/repo-current/ath5k-dkms_0.1.0-1_all.deb", names)
            self.assertIn("driver/repo-next/ath5k-dkms_0.1.1-1_all.deb", names)
            self.assertIn("Version: 0.1.1-1", index)
            self.assertNotIn("Version: 0.1.0-1", index)


class MatrixSummary(unittest.TestCase):
    RUN = {"cell": "debian-12", "driver": "deb", "label": "debian-12",
           "run_dir": "/x/out/lab/debian-12-deb-matrix", "log": "/x/out/matrix/debian-12-deb.log"}

    def checks(self, **override):
        results = {"boot": "pass", "deb-install": "pass", "probe": "pass",
                   "assoc-open-ch6": "pass", "assoc-open-ch36": "pass",
                   "ping-open-ch6": "pass", "deb-purge": "pass"}
        results.update(override)
        out = [{"name": n, "result": r, "detail": "kernel 6.1.0-57-amd64, checks started"
                if n == "boot" else n, "seconds": 200.0 if n == "deb-install" else 1.0}
               for n, r in results.items()]
        return out

    def test_a_clean_run_passes_with_its_build_time_and_kernel(self):
        row = matrix.summarize(self.RUN, 0, self.checks(), 300.0)
        self.assertEqual((row["verdict"], row["kernel"], row["dkms_build_seconds"],
                          row["assoc"], row["purge"]),
                         ("pass", "6.1.0-57-amd64", 200.0, "pass", "pass"))

    def test_one_failed_association_fails_the_cell_and_names_it(self):
        row = matrix.summarize(self.RUN, 1, self.checks(**{"assoc-open-ch36": "fail"}), 300.0)
        self.assertEqual((row["verdict"], row["assoc"], row["failed_step"]),
                         ("fail", "fail", "assoc-open-ch36"))

    def test_a_run_without_results_fails(self):
        row = matrix.summarize(self.RUN, 1, [], 30.0)
        self.assertEqual((row["verdict"], row["failed_step"], row["probe"]),
                         ("fail", "run-cell", "-"))

    def test_a_cell_whose_assoc_or_ping_was_skipped_is_not_a_pass(self):
        checks = self.checks(**{"assoc-open-ch6": "skip", "assoc-open-ch36": "skip",
                                "ping-open-ch6": "skip"})
        row = matrix.summarize(self.RUN, 0, checks, 300.0)
        self.assertEqual((row["verdict"], row["assoc"], row["ping"], row["failed_step"]),
                         ("fail", "-", "-", "assoc"))

    def test_a_cell_without_ping_results_is_not_a_pass(self):
        checks = [c for c in self.checks() if not c["name"].startswith("ping-")]
        row = matrix.summarize(self.RUN, 0, checks, 300.0)
        self.assertEqual((row["verdict"], row["ping"], row["failed_step"]),
                         ("fail", "-", "ping"))


def write_desc(directory, name, text):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(text)
    return path


class MatrixPlan(unittest.TestCase):
    ARGS = type("Args", (), {"package": "/p/a_0.1.0-1_all.deb",
                             "next_package": "/p/a_0.1.1-1_all.deb",
                             "rpm_cell": "", "rpm_package": None,
                             "rpm_next_package": None})

    def test_a_release_with_too_old_a_dkms_runs_our_source_instead(self):
        runs = {r["cell"]: r for r in matrix.plan(self.ARGS, ["debian-11", "debian-12"])}
        self.assertEqual(runs["debian-11"]["driver"], "dkms")
        self.assertEqual(runs["debian-11"]["packages"], [])
        self.assertEqual(runs["debian-11"]["label"], "debian-11 (dkms)")
        self.assertEqual(runs["debian-12"]["driver"], "deb")
        self.assertIn("/p/a_0.1.0-1_all.deb", runs["debian-12"]["packages"])


class CardOptions(unittest.TestCase):
    """Which options each card gets and which MAC the guest must look for."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.mac_desc = write_desc(self.tmp.name, "mac.desc",
                                   "# hostile\nmac = 2:0:0:0:0:AA  # as sscanf reads it\n"
                                   "a.xpd0 = 36 20 48 10 60 10 68 10\n")

    def tearDown(self):
        self.tmp.cleanup()

    def specs(self, common, per_card=None):
        emu = emulator_proc.Emulator("ath5k-emu", "/s", run_cell.CARD_MACS, "/l", "/o",
                                     common, per_card)
        return [emu.argv[i + 1] for i, a in enumerate(emu.argv) if a == "--card"]

    def test_a_power_curve_for_both_keeps_the_labs_macs(self):
        common = "model=ar5212,eeprom-desc=" + POWER_CURVE
        self.assertEqual(run_cell.card_macs(common, ["", ""]), (run_cell.CARD_MACS, []))
        self.assertEqual(self.specs(common),
                         ["socket=/s/card0.sock,mac=02:a5:1a:b0:00:01," + common,
                          "socket=/s/card1.sock,mac=02:a5:1a:b0:00:02," + common])

    def test_options_for_one_card_go_to_that_card_only(self):
        own = "model=ar5212,eeprom-desc=" + POWER_CURVE
        self.assertEqual(self.specs("rssi=30", [own, ""]),
                         ["socket=/s/card0.sock,mac=02:a5:1a:b0:00:01,rssi=30," + own,
                          "socket=/s/card1.sock,mac=02:a5:1a:b0:00:02,rssi=30"])
        self.assertEqual(self.specs("", ["", "model=ar2413"])[1],
                         "socket=/s/card1.sock,mac=02:a5:1a:b0:00:02,model=ar2413")

    def test_a_description_that_sets_mac_is_what_the_guest_looks_for(self):
        macs, notes = run_cell.card_macs("", ["eeprom-desc=" + self.mac_desc, ""])
        self.assertEqual(macs, ["02:00:00:00:00:aa", "02:a5:1a:b0:00:02"])
        self.assertEqual(len(notes), 1)
        self.assertIn("card A (station): MAC 02:00:00:00:00:aa", notes[0])

    def test_mac_after_the_description_wins_over_its_mac(self):
        self.assertEqual(emulator_proc.expected_mac(
            "02:a5:1a:b0:00:01", "eeprom-desc=%s,mac=02:00:00:00:00:bb" % self.mac_desc),
            "02:00:00:00:00:bb")
        self.assertEqual(emulator_proc.expected_mac(
            "02:a5:1a:b0:00:01", "mac=02:00:00:00:00:bb,eeprom-desc=" + self.mac_desc),
            "02:00:00:00:00:aa")
        self.assertEqual(emulator_proc.expected_mac(
            "02:a5:1a:b0:00:01", "eeprom-desc=%s,mac=02:00:00:00:00:bb,eeprom-desc=%s"
            % (self.mac_desc, POWER_CURVE)), "02:00:00:00:00:bb")

    def test_one_mac_for_both_cards_is_refused_before_booting(self):
        with self.assertRaisesRegex(ValueError, "both cards would have MAC 02:00:00:00:00:aa"):
            run_cell.card_macs("eeprom-desc=" + self.mac_desc, ["", ""])

    @unittest.skipUnless(os.access(EMULATOR, os.X_OK), "no out/bin/ath5k-emu (make emulator)")
    def test_the_emulator_gives_each_card_the_mac_the_lab_expects(self):
        for i, per_card in enumerate((["model=ar5212,eeprom-desc=" + POWER_CURVE, ""],
                                      ["eeprom-desc=" + self.mac_desc, ""])):
            emu = emulator_proc.Emulator(EMULATOR, self.tmp.name, run_cell.CARD_MACS,
                                         os.path.join(self.tmp.name, "emu%d.log" % i),
                                         os.path.join(self.tmp.name, "emu%d.out" % i),
                                         "", per_card)
            try:
                emu.start()
                self.assertEqual(emu.card_macs(), run_cell.card_macs("", per_card)[0])
                log = emu.output()
            finally:
                emu.stop()
            self.assertIn("card1: AR5413", log)
            if "ar5212" in per_card[0]:
                self.assertIn("card0: AR5212", log)

    def test_a_card_with_another_mac_stops_the_run_at_once(self):
        log = os.path.join(self.tmp.name, "emu.log")
        emu = emulator_proc.Emulator("ath5k-emu", self.tmp.name, run_cell.CARD_MACS, log,
                                     os.path.join(self.tmp.name, "emu.out"))
        with open(log, "w") as f:
            f.write("card0: AR5413 168c:001b, MAC 02:a5:1a:b0:00:01, bands abg\n"
                    "card1: AR5413 168c:001b, MAC 00:03:7f:e0:00:01, bands abg\n")
        with self.assertRaisesRegex(RuntimeError, "the lab expected 02:a5:1a:b0:00:01, "
                                    "02:a5:1a:b0:00:02"):
            emu.check_macs()


class EmulatorMisuse(unittest.TestCase):
    LINES = ["card0: queue 0: TXDP write 0x00012340 ignored while enabled",
             "card1: queue 1: descriptor 0x00012340 has an unusable frame",
             "card0: queue 2: descriptor 0x00012340 unreadable",
             "card0: RX descriptor 0x00012340 unreadable",
             "card0: RX DMA to 0x00012340 failed",
             "card0: queue 0: status write to 0x00012340 failed",
             "card0: DMA read of 16 bytes at 0x1234: guest address not mapped",
             "card1: synthesiser word 0x1234 not understood",
             "card0: protocol error: REGION_READ beyond BAR0"]
    BENIGN = ["card0: AR5413 168c:001b, MAC 02:a5:1a:b0:00:01, bands abg",
              "card0: DMA map 0x0+0x80000000 rw", "card0: DMA unmap all",
              "card0: tuned to 2437 MHz", "card0: client connected",
              "card0: fault: card is gone (BAR0 reads all ones)"]

    def errors_in(self, lines):
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, "emu.log")
            with open(log, "w") as f:
                f.write("\n".join(lines) + "\n")
            emu = emulator_proc.Emulator("ath5k-emu", tmp, run_cell.CARD_MACS, log,
                                         os.path.join(tmp, "emu.out"))
            return emu.protocol_errors()

    def test_each_misuse_line_is_an_error(self):
        for line in self.LINES:
            self.assertEqual(self.errors_in(self.BENIGN + [line]), [line])

    def test_an_ordinary_log_has_none(self):
        self.assertEqual(self.errors_in(self.BENIGN), [])


class DriverErrorsInDmesg(unittest.TestCase):
    """guest/wifi-checks.sh's bad_kernel_lines (dmesg-clean,
    interfaces-up, reload-cycles) on each driver's own messages."""
    OURS = ["ath5k 0000:00:04.0: chip did not enter warm reset",
            "ath5k 0000:00:04.0: chip did not wake up",
            "ath5k 0000:00:04.0: RX DMA did not stop",
            "ath5k 0000:00:04.0: TX queue 1 did not stop (3 frames pending)",
            "ath5k 0000:00:04.0: gain calibration timed out at 2437 MHz",
            "ath5k 0000:00:04.0: cannot start reception: -5",
            "ath5k 0000:00:04.0: cannot get IRQ 11: -16",
            "ath5k 0000:00:04.0: RF5111 radio (rev 0x17) is not supported",
            "ath5k 0000:00:04.0: EEPROM: checksum 0x1234, expected 0xffff",
            "ath5k 0000:00:04.0: the EEPROM enables no usable band",
            "ath5k 0000:00:04.0: 5000 MHz is not on the synthesiser grid",
            "ath5k 0000:00:04.0: no TX power calibration for 5180 MHz",
            "ath5k 0000:00:04.0: card does not answer (SREV reads all ones)",
            "ath5k 0000:00:04.0: fatal bus error interrupt"]
    IN_TREE = ["ath5k: phy0: can't reset hardware (-5)",
               "ath5k: phy0: too many interrupts, giving up for now",
               "ath5k: phy0: beacon queue 7 didn't start/stop ?",
               "ath5k: phy0: can't start recv logic",
               "ath5k: phy0: noise immunity level 9 out of range",
               "ath5k: phy0: zero retries",
               "ath5k: phy0: empty rx buf pool",
               "ath5k: phy0: Couldn't identify radio revision.",
               "ath5k 0000:00:04.0: cannot remap PCI memory region",
               "ath5k: ath5k_hw_rfb_op: Rf register not found!",
               "ath5k: unable to init EEPROM"]
    BENIGN = ["ath5k 0000:00:04.0: registered as 'phy0'",
              "ath5k: phy0: Atheros AR5413 chip found (MAC: 0xa4, PHY: 0x61)",
              "ath5k: phy0: RF5413 multiband radio found (0x63)",
              "ath5k 0000:00:05.0: AR5413 MAC rev 0xa4, RF5413 radio rev 0x63",
              "ath5k: loading out-of-tree module taints kernel.",
              "ath5k: module verification failed: signature and/or required key missing - tainting kernel",
              "wlan0: associated", "usb 1-1: cannot reset port",
              # mac80211 about the interface, seen in a clean in-tree run
              "ath5k 0000:00:06.0 wlp0s6: disabling HT/VHT/HE as WMM/QoS is not "
              "supported by the AP"]

    def bad_lines(self, lines):
        text = "".join("[   12.%06d] %s\n" % (i, l) for i, l in enumerate(lines))
        r = subprocess.run(["bash", "-c", '. "$1"; bad_kernel_lines', "bash",
                            os.path.join(HERE, "guest", "wifi-checks.sh")],
                           input=text, capture_output=True, text=True, check=True)
        self.assertEqual(r.stderr, "")
        return [l.split("] ", 1)[1] for l in r.stdout.splitlines()]

    def test_each_message_of_ours_fails_the_dmesg_check(self):
        for line in self.OURS:
            self.assertEqual(self.bad_lines(self.BENIGN + [line]), [line])

    def test_each_message_of_the_in_tree_driver_fails_the_dmesg_check(self):
        for line in self.IN_TREE:
            self.assertEqual(self.bad_lines(self.BENIGN + [line]), [line])

    def test_a_clean_load_passes(self):
        self.assertEqual(self.bad_lines(self.BENIGN), [])


# The guest's order of calls (guest/run-checks.sh) with run_check stubbed:
# prints each check's name and records a pass, or a fail for the names in
# STUB_FAIL; reboot_into ends the first boot as the real one powers off.
GUEST_DRY_RUN = r"""
set -a
. "$PAYLOAD/guest/report.sh"
. "$PAYLOAD/guest/wifi-checks.sh"
. "$PAYLOAD/guest/driver-checks.sh"
. "$PAYLOAD/guest/drivers/$DRIVER.sh"
set +a
run_check() {
	local result=pass
	case " $STUB_FAIL " in *" $1 "*) result=fail ;; esac
	echo "$1 $result"
	echo "$result" > "$WORK/result.$1"
}
reboot_into() { echo "reboot pass"; touch "$WORK/rebooted"; exit 0; }
dmesg() { :; }
echo "boot pass"
(
	run_driver_checks
	run_wifi_checks
	run_driver_extra_checks
	! declare -F run_driver_late_checks > /dev/null || run_driver_late_checks
)
[ ! -f "$WORK/rebooted" ] || run_driver_after_reboot
"""


class ExpectedChecks(unittest.TestCase):
    def dry_run(self, driver, profile, fail=""):
        with tempfile.TemporaryDirectory() as tmp:
            os.symlink(os.path.join(HERE, "guest"), os.path.join(tmp, "guest"))
            os.makedirs(os.path.join(tmp, "work"))
            env = dict(os.environ, PAYLOAD=tmp, DRIVER=driver, LAB_PROFILE=profile,
                       WORK=os.path.join(tmp, "work"), LOGS=os.path.join(tmp, "logs"),
                       STUB_FAIL=fail)
            r = subprocess.run(["bash", "-c", GUEST_DRY_RUN], env=env,
                               capture_output=True, text=True, check=True)
        return [{"name": n, "result": res, "detail": "", "seconds": 0.0}
                for n, res in (line.split() for line in r.stdout.splitlines())]

    def test_the_lists_are_what_the_guest_scripts_report(self):
        cases = [(d, p, "") for d in ("in-tree", "dkms", "deb", "rpm", "bench")
                 for p in ("full", "matrix")]
        cases.append(("deb", "full", "kernel-upgrade-build"))
        for driver, profile, fail in cases:
            with self.subTest(driver=driver, profile=profile, fail=fail):
                reported = self.dry_run(driver, profile, fail)
                self.assertEqual([c["name"] for c in reported],
                                 expected_checks.guest_checks(driver, profile, reported))

    def test_deb_reboots_only_after_a_kernel_upgrade_build(self):
        names = [c["name"] for c in self.dry_run("deb", "full", "kernel-upgrade-build")]
        self.assertNotIn("kernel-upgrade", names)
        self.assertEqual(names[-2:], ["build-failure", "deb-purge"])

    def test_a_complete_run_passes(self):
        results = self.dry_run("in-tree", "full")
        self.assertEqual(expected_checks.completeness("in-tree", "full", results)["result"],
                         "pass")

    def test_a_check_that_did_not_report_fails_the_run(self):
        results = [c for c in self.dry_run("dkms", "full") if c["name"] != "monitor"]
        verdict = expected_checks.completeness("dkms", "full", results)
        self.assertEqual(verdict["result"], "fail")
        self.assertIn("did not report: monitor", verdict["detail"])

    def test_a_skip_without_a_failure_fails_the_run(self):
        results = self.dry_run("in-tree", "full")
        for c in results:
            if c["name"] == "iperf3":
                c["result"] = "skip"
        self.assertIn("skipped with no failure in the run: iperf3",
                      expected_checks.completeness("in-tree", "full", results)["detail"])
        # A crypto check is never skipped by design any more (the card has
        # its key cache); a skip after a failure is that failure's.
        results = self.dry_run("dkms", "full")
        for c in results:
            if c["name"] == "crypto-tkip-ch6":
                c["result"] = "skip"
        self.assertEqual(expected_checks.completeness("dkms", "full", results)["result"],
                         "fail")
        for c in results:
            if c["name"] == "assoc-tkip-ch6":
                c["result"] = "fail"
        self.assertNotIn("skipped with no failure",
                         expected_checks.completeness("dkms", "full", results)["detail"])


class BootMeansACheckRan(unittest.TestCase):
    def watch_of(self, lines):
        with tempfile.TemporaryDirectory() as tmp:
            report = os.path.join(tmp, "report.log")
            with open(report, "w") as f:
                f.write("".join(line + "\n" for line in lines))
            watch = run_cell.GuestWatch(report, "console.log", 600)
            with contextlib.redirect_stdout(io.StringIO()):
                watch.poll()
            return watch

    def test_a_boot_without_any_check_fails(self):
        watch = self.watch_of(["ath5k-lab booted 6.1.0-57-amd64", "ath5k-lab done"])
        self.assertEqual([(c["name"], c["result"]) for c in watch.results],
                         [("boot", "fail")])
        self.assertIn("no check reported", watch.results[0]["detail"])

    def test_a_boot_passes_with_its_first_check(self):
        watch = self.watch_of(["ath5k-lab booted 6.1.0-57-amd64",
                               result_line("driver-load", "fail")])
        self.assertEqual([(c["name"], c["result"]) for c in watch.results],
                         [("boot", "pass"), ("driver-load", "fail")])
        self.assertEqual(watch.results[0]["detail"], "kernel 6.1.0-57-amd64, checks ran")


class DebugReports(unittest.TestCase):
    """debug_reports.py: each kind of debug-kernel report counted once,
    and tied to ath5k only when its own lines name it."""

    DMESG = """[    5.000000] ======================================================
[    5.000001] WARNING: possible circular locking dependency detected
[    5.000002] 6.12.118-ath5kdebug #1 Not tainted
[    5.000003] ------------------------------------------------------
[    5.000004] systemd-udevd/120 is trying to acquire lock:
[    5.000005]  ffff888003d0 (&sb->s_type->i_mutex_key#3){+.+.}-{3:3}, at: ext4_foo+0x10/0x20
[    9.000000] FAULT_INJECTION: forcing a failure.
[    9.000001] Call Trace:
[    9.000002]  ath5k_init_ah+0x30/0x400 [ath5k]
[   10.000000] ==================================================================
[   10.000001] BUG: KASAN: slab-use-after-free in ath5k_tasklet_rx+0x1a2/0x900 [ath5k]
[   10.000002] Read of size 4 at addr ffff888012345678 by task ksoftirqd/0/15
[   10.000003] ==================================================================
[   11.000000] ------------[ cut here ]------------
[   11.000001] DMA-API: ath5k 0000:00:03.0: device driver frees DMA memory with different size
[   11.000002] WARNING: CPU: 1 PID: 200 at kernel/dma/debug.c:1000 check_unmap+0x1/0x2
[   11.000003] Call Trace:
[   11.000004]  ath5k_rxbuf_free_skb+0x1/0x2 [ath5k]
[   11.000005] ---[ end trace 0000000000000000 ]---
[   12.000000] ------------[ cut here ]------------
[   12.000001] WARNING: CPU: 0 PID: 1 at net/core/dev.c:100 dev_foo+0x1/0x2
[   12.000002] Call Trace:
[   12.000003]  dev_foo+0x1/0x2
[   12.000004] ---[ end trace 0000000000000000 ]---
[   13.000000] ath5k 0000:00:03.0: a line after every report
"""
    KMEMLEAK = """unreferenced object 0xffff888001 (size 64):
  comm "modprobe", pid 300, jiffies 4294
  backtrace (crc 0):
    kmalloc_trace+0x1/0x2
    ath5k_hw_init+0x1/0x2 [ath5k]
unreferenced object 0xffff888002 (size 32):
  comm "swapper/0", pid 1, jiffies 4200
  backtrace (crc 0):
    acpi_foo+0x1/0x2
"""

    def setUp(self):
        self.reports = load("debug_reports", "debug_reports.py")
        self.tmp = tempfile.TemporaryDirectory()
        os.makedirs(os.path.join(self.tmp.name, "logs"))

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        with open(os.path.join(self.tmp.name, "logs", name), "w") as f:
            f.write(text)

    def test_kinds_and_attribution(self):
        counts, firsts = self.reports.count_dmesg(self.DMESG.splitlines(True))
        self.assertEqual(counts["lockdep"], {"all": 1, "ath5k": 0})
        self.assertEqual(counts["kasan"], {"all": 1, "ath5k": 1})
        # The DMA-API WARN is one DMA-API report, not also a warning.
        self.assertEqual(counts["dma-api"], {"all": 1, "ath5k": 1})
        self.assertEqual(counts["warning"], {"all": 1, "ath5k": 0})
        self.assertEqual(counts["ubsan"]["all"], 0)
        self.assertEqual(len(firsts), 2)
        self.assertTrue(firsts[0].startswith("BUG: KASAN: slab-use-after-free"))

    def test_check_fails_on_ath5k_reports_and_leaks(self):
        self.write("dmesg.txt", self.DMESG)
        self.write("kmemleak-end.txt", self.KMEMLEAK)
        c = self.reports.debug_reports_check(self.tmp.name)
        self.assertEqual(c["result"], "fail")
        self.assertEqual(c["counts"]["kmemleak"], {"all": 2, "ath5k": 1})
        self.assertIn("kasan 1/1", c["detail"])

    def test_check_passes_when_nothing_involves_ath5k(self):
        unrelated = self.DMESG.split("[   10.000000]")[0]
        self.write("dmesg.txt", unrelated)
        self.write("kmemleak-end.txt", self.KMEMLEAK.split("unreferenced object 0xffff888002")[0]
                   .replace("[ath5k]", "[ext4]").replace("ath5k_hw_init", "ext4_init"))
        c = self.reports.debug_reports_check(self.tmp.name)
        self.assertEqual(c["result"], "pass", c["detail"])
        self.assertEqual(c["counts"]["lockdep"], {"all": 1, "ath5k": 0})
        self.assertEqual(c["counts"]["kmemleak"], {"all": 1, "ath5k": 0})

    def test_no_kmemleak_file_fails(self):
        self.write("dmesg.txt", "[ 1.0] nothing\n")
        c = self.reports.debug_reports_check(self.tmp.name)
        self.assertEqual(c["result"], "fail")
        self.assertIn("kmemleak", c["detail"])


class KernelLogSinceMark(unittest.TestCase):
    """guest/kmsg.py: what the kernel said after a mark, by sequence number.
    The fault table once called an in-tree probe failure "without a kernel
    message" because a WARN storm had wrapped the ring buffer and a dmesg
    line count no longer moved."""

    @staticmethod
    def ring(first, last):
        return [(seq, seq * 1000, "line %d" % seq) for seq in range(first, last + 1)]

    def test_a_record_is_split_into_sequence_time_and_text(self):
        self.assertEqual(kmsg.parse_record("3,1042,48574215,-;ath5k: phy2: Invalid EEPROM\n"
                                           " SUBSYSTEM=pci\n"),
                         (1042, 48574215, "ath5k: phy2: Invalid EEPROM"))
        self.assertIsNone(kmsg.parse_record("garbage"))

    def test_lines_after_the_mark_come_out_as_dmesg_prints_them(self):
        lines, gone = kmsg.since(self.ring(100, 105), 103)
        self.assertEqual(lines, ["[    0.104000] line 104", "[    0.105000] line 105"])
        self.assertEqual(gone, 0)

    def test_a_wrapped_ring_keeps_every_new_line_after_the_mark(self):
        # The ring holds as many records as before the storm, all new: a
        # line count taken at the mark would skip every one of them.
        lines, gone = kmsg.since(self.ring(5000, 5099), 4999)
        self.assertEqual(len(lines), 100)
        self.assertEqual(gone, 0)

    def test_records_lost_after_the_mark_are_counted(self):
        lines, gone = kmsg.since(self.ring(5000, 5099), 4899)
        self.assertEqual(len(lines), 100)
        self.assertEqual(gone, 100)

    def test_nothing_new_is_nothing(self):
        self.assertEqual(kmsg.since(self.ring(1, 10), 10), ([], 0))
        self.assertEqual(kmsg.since([], 7), ([], 0))


if __name__ == "__main__":
    unittest.main(verbosity=2)
