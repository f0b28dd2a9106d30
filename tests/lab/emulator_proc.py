# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Runs ath5k-emu on the host for one lab guest: N cards on one air, one
vfio-user socket each, and tells when its sockets listen."""

import os
import signal
import subprocess
import time

READY = "ath5k-emu: ready"
PROTOCOL_ERROR = "protocol error"


class Emulator:
    def __init__(self, binary, socket_dir, macs, log_path, out_path,
                 card_options="", control=False):
        self.sockets = [os.path.join(socket_dir, "card%d.sock" % i)
                        for i in range(len(macs))]
        self.log_path = log_path
        self.out_path = out_path
        self.argv = [binary]
        for sock, mac in zip(self.sockets, macs):
            spec = "socket=%s,mac=%s" % (sock, mac)
            if card_options:
                spec += "," + card_options
            self.argv += ["--card", spec]
        self.argv += ["--log", log_path]
        # control: the fault-injection socket (make faults), else None.
        self.control = os.path.join(socket_dir, "control.sock") if control else None
        if self.control:
            self.argv += ["--control", self.control]
        self.proc = None

    def start(self, timeout=20):
        """Starts the server and waits for its ready line; raises with the
        tail of its output when it exits or stays silent."""
        out = open(self.out_path, "w")
        self.proc = subprocess.Popen(self.argv, stdout=out, stderr=out,
                                     stdin=subprocess.DEVNULL,
                                     start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if READY in self.output():
                if all(os.path.exists(s) for s in self.sockets + [self.control] if s):
                    return
            if self.proc.poll() is not None:
                raise RuntimeError("ath5k-emu exited with status %d: %s"
                                   % (self.proc.returncode, self.tail()))
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("ath5k-emu did not print '%s' within %d s: %s"
                           % (READY, timeout, self.tail()))

    def output(self):
        text = ""
        for path in (self.out_path, self.log_path):
            try:
                with open(path, errors="replace") as f:
                    text += f.read()
            except FileNotFoundError:
                pass
        return text

    def tail(self, lines=3):
        return " | ".join(self.output().strip().splitlines()[-lines:]) or "no output"

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        if not self.alive():
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def protocol_errors(self):
        return [l for l in self.output().splitlines() if PROTOCOL_ERROR in l]
