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
bench = load("bench", "bench.py")
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

    def test_each_cards_model_is_its_last_model_option(self):
        self.assertEqual(emulator_proc.card_model(""), "ar5413")
        self.assertEqual(emulator_proc.card_model("model=ar5212,rssi=30,model=ar5211"),
                         "ar5211")
        self.assertEqual(emulator_proc.card_model(
            emulator_proc.options_for_card("model=ar5211", ["", "model=ar5413"], 1)),
            "ar5413")

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
    def dry_run(self, driver, profile, fail="", state_files=(), models=()):
        """STATE_FILES: names made in the guest's state directory first
        (what an earlier boot on the same disk left); MODELS: the cards'
        models (CARD_MODELS)."""
        with tempfile.TemporaryDirectory() as tmp:
            os.symlink(os.path.join(HERE, "guest"), os.path.join(tmp, "guest"))
            os.makedirs(os.path.join(tmp, "work"))
            os.makedirs(os.path.join(tmp, "state"))
            for name in state_files:
                open(os.path.join(tmp, "state", name), "w").close()
            env = dict(os.environ, PAYLOAD=tmp, DRIVER=driver, LAB_PROFILE=profile,
                       WORK=os.path.join(tmp, "work"), LOGS=os.path.join(tmp, "logs"),
                       STATE=os.path.join(tmp, "state"), STUB_FAIL=fail,
                       CARD_MODELS=" ".join(models))
            r = subprocess.run(["bash", "-c", GUEST_DRY_RUN], env=env,
                               capture_output=True, text=True, check=True)
        return [{"name": n, "result": res, "detail": "", "seconds": 0.0}
                for n, res in (line.split() for line in r.stdout.splitlines())]

    def test_the_lists_are_what_the_guest_scripts_report(self):
        cases = [(d, p, "", ()) for d in ("in-tree", "dkms", "deb", "rpm", "bench-in-tree",
                                            "bench-dkms")
                 for p in ("full", "matrix")]
        cases.append(("deb", "full", "kernel-upgrade-build", ()))
        cases.append(("bench-dkms", "full", "", ("bench-dkms-tree",)))
        cases.append(("bench-dkms", "full", "dkms-install", ()))
        for driver, profile, fail, state in cases:
            with self.subTest(driver=driver, profile=profile, fail=fail, state=state):
                reported = self.dry_run(driver, profile, fail, state)
                self.assertEqual([c["name"] for c in reported],
                                 expected_checks.guest_checks(driver, profile, reported))

    def test_an_ar5211_run_expects_what_the_guest_runs_on_it(self):
        # No AES unit on the AR5211: the guest does not run the check that
        # counts card-sealed CCMP, and the list does not expect it; the
        # WPA2 network's other checks still run.  No BSSID mask either:
        # no two-bss.
        for driver in ("in-tree", "dkms"):
            for models in (("ar5211", "ar5211"), ("ar5413", "ar5211")):
                with self.subTest(driver=driver, models=models):
                    reported = self.dry_run(driver, "full", models=models)
                    names = [c["name"] for c in reported]
                    self.assertEqual(names, expected_checks.guest_checks(
                        driver, "full", reported, models))
                    self.assertNotIn("crypto-wpa2-ch6", names)
                    self.assertNotIn("two-bss", names)
                    for name in ("assoc-wpa2-ch6", "rekey-wpa2-ch6", "crypto-tkip-ch6",
                                 "crypto-wep-ch6", "dmesg-clean"):
                        self.assertIn(name, names)
        for name in ("crypto-wpa2-ch6", "two-bss"):
            self.assertIn(name, expected_checks.guest_checks(
                "in-tree", "full", (), ("ar5212", "ar5413")))
        verdict = expected_checks.completeness(
            "in-tree", "full", self.dry_run("in-tree", "full", models=("ar5211",) * 2),
            ("ar5211", "ar5211"))
        self.assertEqual(verdict["result"], "pass", verdict["detail"])

    def test_the_ar5211s_2ghz_networks_are_11b(self):
        script = ('. "$PAYLOAD/guest/wifi-checks.sh"; network_conf open-ch6; '
                  'network_conf open-ch36')
        for models, mode in (("ar5211 ar5211", "b"), ("ar5413 ar5413", "g"), ("", "g")):
            with self.subTest(models=models):
                r = subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                                   check=True, env=dict(os.environ, PAYLOAD=HERE,
                                                        CARD_MODELS=models))
                self.assertEqual(r.stdout.split("\n")[:2],
                                 ["channel=6 hw_mode=%s security=open" % mode,
                                  "channel=36 hw_mode=a security=open"])

    def test_a_bench_boot_of_ours_builds_once_per_disk(self):
        first = [c["name"] for c in self.dry_run("bench-dkms", "full")]
        later = [c["name"] for c in self.dry_run("bench-dkms", "full",
                                                 state_files=("bench-dkms-tree",))]
        # The build's boot ends in a reboot: the measured boot has not
        # just compiled, and checks the build as the later ones do.
        self.assertEqual(first[:6], ["boot", "dkms-install", "reboot", "dkms-reuse",
                                     "driver-load", "module-is-ours"])
        self.assertEqual(later[:4], ["boot", "dkms-reuse", "driver-load", "module-is-ours"])
        self.assertEqual(first[3:], later[1:])
        # The in-tree boots measure the same phases with the distro's module.
        in_tree = [c["name"] for c in self.dry_run("bench-in-tree", "full")]
        self.assertEqual(in_tree[2:], first[6:])
        self.assertIn("bench-udp-a-b", in_tree)

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


def stats_answer(**counts):
    return "ok: " + " ".join("%s=%d" % kv for kv in counts.items())


def snapshot_text(t, card0, card1, system, softirq, irqs):
    return "\n".join([
        "time %.3f" % t,
        "card0 " + card0,
        "card1 " + card1,
        "clk_tck 100",
        "cpu  500 0 %d 9000 10 7 %d 0 0 0" % (system, softirq),
        "irq   19:  %d  %d  IO-APIC  19-fasteoi   ath5k, ath5k" % (irqs, 3),
        "irq   22:  %d  0  IO-APIC 5 22-fasteoi   ath5k" % irqs,
    ]) + "\n"


class BenchArithmetic(unittest.TestCase):
    """bench.py's arithmetic: medians and spreads, the ratio ours/in-tree,
    the air's ceiling from air_timing.h, the stats answers and the
    per-frame division."""

    def test_median_and_spread_skip_missing_runs(self):
        self.assertEqual(bench.spread([3.0, None, 1.0, 2.0]),
                         {"median": 2.0, "min": 1.0, "max": 3.0, "n": 3})
        self.assertEqual(bench.spread([4, 1, 3, 2])["median"], 2.5)
        self.assertEqual(bench.spread([None])["median"], None)

    def test_ratio_is_of_the_medians_with_the_spread_of_paired_runs(self):
        r = bench.ratio_summary([2.0, 6.0, 4.0], [1.0, 2.0, 4.0])
        self.assertAlmostEqual(r["ratio"], 4.0 / 2.0)
        self.assertEqual((r["min"], r["max"], r["pairs"]), (1.0, 3.0, 3))
        # A run of either driver that was not measured drops its pair only.
        r = bench.ratio_summary([2.0, None], [1.0, 5.0])
        self.assertEqual((r["min"], r["max"], r["pairs"]), (2.0, 2.0, 1))
        self.assertIsNone(bench.ratio_summary([1.0], [0.0])["ratio"])

    def test_boots_alternate_abba(self):
        self.assertEqual(bench.boot_order(3), ["in-tree", "dkms", "dkms", "in-tree",
                                               "in-tree", "dkms"])
        self.assertEqual(bench.boot_order(5).count("dkms"), 5)

    def test_the_header_is_read_with_its_derived_values(self):
        t = bench.air_timing()
        self.assertEqual(t["AIR_OFDM_DIFS_US"], t["AIR_OFDM_SIFS_US"] + 2 * t["AIR_OFDM_SLOT_US"])
        d = bench.parse_defines("#define A 9 /* slot */\n#define B\t(16 + 2 * A)\n"
                                "#define GUARD_H\n#define C (B / 5)\n#define D foo(1)\n")
        self.assertEqual(d, {"A": 9, "B": 34, "C": 6})

    def test_80211g_ceiling(self):
        t = bench.air_timing()
        # 1536 bytes on the air at 54 Mbit/s: 57 symbols; an ACK at 24: 2.
        self.assertEqual(bench.ofdm_airtime_us(t, 54, 1536), 20 + 4 * 57)
        self.assertEqual(bench.ofdm_airtime_us(t, 24, 14), 20 + 4 * 2)
        c = bench.ceiling(t, 54, 24)
        self.assertAlmostEqual(c["frame_us"], 34 + 7.5 * 9 + 248 + 16 + 28)
        self.assertAlmostEqual(c["udp_mbps"], 29.93, places=2)
        self.assertAlmostEqual(c["tcp_mbps"], 23.92, places=2)
        # The long slot of a BSS with 802.11b stations costs backoff time.
        self.assertLess(bench.ceiling(t, 54, 24, slot_us=20)["udp_mbps"], 29.0)

    def test_the_emulated_ceiling_follows_the_header_and_the_card_options(self):
        t = dict(bench.air_timing())
        real = bench.ceilings(t, "")["emulated"]
        self.assertEqual((real["ack_mbps"], real["loss"]), (t["AIR_ACK_OFDM_MBPS"],
                                                            t["AIR_REAL_LOSS_PERCENT"] / 100))
        lossless = bench.ceiling(t, 54, t["AIR_ACK_OFDM_MBPS"], 9, 0.0)
        self.assertLess(real["udp_mbps"], lossless["udp_mbps"])
        # 10 % lost: a mean of 1/0.9 exchanges, backoffs of 7.5, 15.5, ... 511.5 slots.
        exchange = 34 + 248 + 16 + bench.ofdm_airtime_us(t, t["AIR_ACK_OFDM_MBPS"], 14)
        self.assertAlmostEqual(real["frame_us"], exchange / 0.9 + 9 * sum(
            0.1 ** k * min((16 << k) - 1, 1023) / 2 for k in range(12)), places=6)
        ideal = bench.ceilings(t, "air=ideal")["emulated"]
        self.assertEqual((ideal["loss"], ideal["slot_us"]), (0.0, 0))
        self.assertEqual(bench.ceilings(t, "air=ideal,loss=30")["emulated"]["loss"], 0.3)
        t["AIR_OFDM_SIFS_US"] = 10
        self.assertGreater(bench.ceiling(t, 54, 24)["udp_mbps"], 30.0)

    def test_stats_answers(self):
        self.assertEqual(bench.parse_stats_line(
            "ok: mmio_reads=120 mmio_writes=0x10 reads.PISR=7 noise"),
            {"mmio_reads": 120, "mmio_writes": 16, "reads.PISR": 7})
        self.assertIsNone(bench.parse_stats_line("error: unknown command 'stats'"))
        self.assertIsNone(bench.parse_stats_line("no answer"))

    def test_per_frame_figures_are_over_the_frames_both_cards_received(self):
        before = bench.parse_snapshot(snapshot_text(
            100.0, stats_answer(mmio_reads=1000, mmio_writes=500, irq_edges=10, rx_frames=5,
                                tx_ok=50),
            stats_answer(mmio_reads=2000, mmio_writes=800, irq_edges=20, rx_frames=40, tx_ok=6),
            system=300, softirq=100, irqs=30))
        after = bench.parse_snapshot(snapshot_text(
            110.0, stats_answer(mmio_reads=5000, mmio_writes=1500, irq_edges=110, rx_frames=105,
                                tx_ok=950, **{"reads.PISR": 40}),
            stats_answer(mmio_reads=4000, mmio_writes=1800, irq_edges=120, rx_frames=940,
                         tx_ok=106, **{"reads.PISR": 60}),
            system=350, softirq=150, irqs=230))
        c = bench.phase_counters(before, after)
        self.assertEqual(c["delivered_frames"], 100 + 900)
        # A key the snapshot before lacks has no difference.
        self.assertEqual(c["registers"], {"reads.PISR": None})
        self.assertEqual((c["mmio_reads"], c["mmio_writes"], c["irq_edges"]),
                         (6000, 2000, 200))
        # Every ath5k line, each CPU's column, nothing from the chip's name.
        self.assertEqual(c["proc_interrupts"], 2 * 200)
        self.assertAlmostEqual(c["cpu_ms"], 1000.0)
        self.assertAlmostEqual(c["seconds"], 10.0)
        m = bench.phase_metrics(c, 2_500_000, 10.0)
        self.assertAlmostEqual(m["goodput_mbps"], 2.0)
        self.assertAlmostEqual(m["mmio_reads_per_frame"], 6.0)
        self.assertAlmostEqual(m["mmio_writes_per_frame"], 2.0)
        self.assertAlmostEqual(m["irqs_per_frame"], 0.2)
        self.assertAlmostEqual(m["cpu_ms_per_mb"], 400.0)
        # A phase in which nothing arrived has no per-frame figure.
        self.assertIsNone(bench.phase_metrics(dict(c, delivered_frames=0), 0, 10.0)
                          ["mmio_reads_per_frame"])

    def test_udp_goodput_is_what_arrived(self):
        doc = {"start": {"test_start": {"blksize": 1472}},
               "end": {"sum": {"packets": 1000, "lost_packets": 250, "seconds": 10.0,
                               "bytes": 1472000, "bits_per_second": 1177600.0}}}
        got, seconds, loss, _ = bench.iperf_result(doc, "udp")
        self.assertEqual((got, seconds, loss), (750 * 1472, 10.0, 25.0))

    def bench_dir(self, tmp, skip=()):
        for name, proto, _ in bench.PHASES:
            if name in skip:
                continue
            for when, k in (("before", 1), ("after", 2)):
                with open(os.path.join(tmp, "%s.%s" % (name, when)), "w") as f:
                    f.write(snapshot_text(
                        10.0 * k, stats_answer(mmio_reads=100 * k, mmio_writes=10 * k,
                                               irq_edges=k, rx_frames=10 * k),
                        stats_answer(mmio_reads=300 * k, mmio_writes=30 * k, irq_edges=3 * k,
                                     rx_frames=30 * k), system=10 * k, softirq=10 * k, irqs=4 * k))
            end = ({"sum_received": {"bytes": 1_000_000, "seconds": 8.0},
                    "sum_sent": {"retransmits": 2}} if proto == "tcp" else
                   {"sum": {"packets": 100, "lost_packets": 20, "seconds": 10.0}})
            with open(os.path.join(tmp, name + ".out"), "w") as f:
                json.dump({"start": {"test_start": {"blksize": 1472}}, "end": end}, f)
        with open(os.path.join(tmp, "ping.out"), "w") as f:
            f.write("50 packets transmitted, 50 received, 0% packet loss, time 9800ms\n"
                    "rtt min/avg/max/mdev = 1.100/2.200/9.900/0.500 ms\n")
        with open(os.path.join(tmp, "link.txt"), "w") as f:
            f.write("== card A: iw dev wlan1 link\n\trx bitrate: 54.0 MBit/s\n"
                    "\ttx bitrate: 48.0 MBit/s\n\tbss flags:\tshort-preamble short-slot-time\n")

    def test_a_run_is_measured_from_the_guests_files(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.bench_dir(tmp)
            r = bench.measure_run(tmp)
        self.assertAlmostEqual(r["goodput_mbps"], 80 * 1472 * 8 / 10.0 / 1e6)
        self.assertAlmostEqual(r["tcp_a_b_mbps"], 1.0)
        self.assertEqual(r["udp_a_b_loss_percent"], 20.0)
        self.assertAlmostEqual(r["mmio_reads_per_frame"], 400 / 40)
        self.assertAlmostEqual(r["irqs_per_frame"], 4 / 40)
        self.assertAlmostEqual(r["proc_irqs_per_frame"], 8 / 40)
        self.assertEqual((r["ping_min_ms"], r["ping_avg_ms"], r["ping_max_ms"]),
                         (1.1, 2.2, 9.9))
        self.assertEqual((r["link"]["tx_mbps"], r["link"]["short_slot"],
                          r["link"]["cts_protection"]), (48.0, True, False))
        self.assertEqual(sorted(r["tests"]), sorted(p for p, _, _ in bench.PHASES))

    def test_a_missing_phase_names_its_step(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.bench_dir(tmp, skip=("udp-b-a",))
            with self.assertRaisesRegex(ValueError, "^udp-b-a: "):
                bench.measure_run(tmp)
            # Stats the emulator did not answer are no measurement either.
            with open(os.path.join(tmp, "tcp-a-b.after"), "w") as f:
                f.write(snapshot_text(20.0, "error: unknown command 'stats'",
                                      stats_answer(rx_frames=1), 1, 1, 1))
            with self.assertRaisesRegex(ValueError, "^tcp-a-b: no emulator stats from card0"):
                bench.measure_run(tmp)

    def test_the_ceiling_takes_the_bitrate_most_runs_saw(self):
        runs = [{"measured": True, "link": {"tx_mbps": r, "short_slot": True}}
                for r in (54.0, 48.0, 54.0)]
        runs.append({"measured": False, "link": {"tx_mbps": 6.0}})
        s = bench.run_settings(runs)
        self.assertEqual((s["tx_mbps"], s["short_slot"], s["cts_protection"]),
                         (54.0, True, False))
        self.assertEqual(bench.run_settings(runs[1:2] + runs[:1])["tx_mbps"], 54.0)
        runs[1]["link"].update(short_slot=False, cts_protection=True)
        c = bench.ceilings(bench.air_timing(), "", bench.run_settings(runs))
        self.assertEqual(c["standard"]["slot_us"], 20)
        self.assertEqual(len(c["notes"]), 3)

    @unittest.skipUnless(os.access(EMULATOR, os.X_OK), "no out/bin/ath5k-emu (make emulator)")
    def test_the_emulators_stats_answer_has_every_counter_bench_divides(self):
        import socket
        with tempfile.TemporaryDirectory() as tmp:
            emu = emulator_proc.Emulator(EMULATOR, tmp, run_cell.CARD_MACS,
                                         os.path.join(tmp, "emu.log"),
                                         os.path.join(tmp, "emu.out"), control=True)
            try:
                emu.start()
                answers = []
                for card in ("card0", "card1"):
                    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                        s.settimeout(10)
                        s.connect(emu.control)
                        s.sendall(("%s stats\n" % card).encode())
                        data = b""
                        while not data.endswith(b"\n"):
                            chunk = s.recv(4096)
                            if not chunk:
                                break
                            data += chunk
                    answers.append(bench.parse_stats_line(data.decode()))
            finally:
                emu.stop()
        for counts in answers:
            self.assertIsNotNone(counts)
            for key in ("mmio_reads", "mmio_writes", "irq_edges", "rx_frames", "tx_ok",
                        "reads.PISR", "writes.other"):
                self.assertEqual(counts.get(key), 0, key)

    def test_the_summary_leaves_out_runs_that_were_not_measured(self):
        t = bench.air_timing()
        runs = [{"run": 1, "driver": "in-tree", "measured": True, "goodput_mbps": 10.0},
                {"run": 2, "driver": "dkms", "measured": True, "goodput_mbps": 12.0},
                {"run": 3, "driver": "dkms", "measured": False, "error": "x"},
                {"run": 4, "driver": "in-tree", "measured": True, "goodput_mbps": 20.0}]
        result = bench.build_result("debian-12", 2, bench.boot_order(2), runs, t, "")
        s = result["drivers"]["in-tree"]["summary"]["goodput_mbps"]
        self.assertEqual((s["median"], s["min"], s["max"], s["n"]), (15.0, 10.0, 20.0, 2))
        self.assertEqual(result["drivers"]["dkms"]["summary"]["goodput_mbps"]["n"], 1)
        r = result["ratio_ours_to_in_tree"]["goodput_mbps"]
        self.assertAlmostEqual(r["ratio"], 12.0 / 15.0)
        self.assertEqual((r["min"], r["max"], r["pairs"]), (1.2, 1.2, 1))
        self.assertAlmostEqual(result["drivers"]["dkms"]["runs"][0]["share_of_emulated_ceiling"],
                               12.0 / result["ceiling"]["emulated"]["udp_mbps"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
