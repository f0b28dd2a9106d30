#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""The lab's host side without a guest: how GuestWatch reads the report
port across a reboot, how the boot files come off the results disk, how
the payload carries the packages, and how the matrix sums up a run."""

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


if __name__ == "__main__":
    unittest.main(verbosity=2)
