#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""fail-nth.py N bind BDF | fail-nth.py N up IFACE

One step of the allocation-failure pass (debug-checks.sh): makes the Nth
allocation of this very task that the fault-injection stack filter lets
through (failslab or fail_page_alloc, called with ath5k on the stack) fail,
then binds the PCI device BDF to ath5k (the probe runs in this task) or
brings IFACE up (the driver's start runs in this task).  Prints
"errno=E injected=yes|no": E is 0 when the step succeeded; injected=no
means the step made fewer than N such allocations."""

import errno
import fcntl
import os
import socket
import struct
import sys

SIOCGIFFLAGS = 0x8913
SIOCSIFFLAGS = 0x8914
IFF_UP = 0x1
FAIL_NTH = "/proc/thread-self/fail-nth"
BIND = "/sys/bus/pci/drivers/ath5k/bind"


def write_once(path, text):
    """One write(2) of TEXT to PATH.  A buffered file object retries a
    failed write when it is closed, which for sysfs's bind is a second
    probe, without the injected failure."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def bind(bdf):
    write_once(BIND, bdf)


def up(iface):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        req = struct.pack("16sH", iface.encode(), 0)
        flags = struct.unpack("16sH", fcntl.ioctl(s, SIOCGIFFLAGS, req)[:18])[1]
        fcntl.ioctl(s, SIOCSIFFLAGS, struct.pack("16sH", iface.encode(), flags | IFF_UP))
    finally:
        s.close()


def main():
    n, action, target = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    step = {"bind": bind, "up": up}[action]
    # Everything the step needs is imported and opened before the counter
    # is armed; only allocations with ath5k on the stack count anyway.
    write_once(FAIL_NTH, str(n))
    err = 0
    try:
        step(target)
    except OSError as e:
        err = e.errno or errno.EIO
    with open(FAIL_NTH) as f:
        left = int(f.read().strip() or 0)
    write_once(FAIL_NTH, "0")
    print("errno=%d injected=%s" % (err, "no" if left else "yes"))


if __name__ == "__main__":
    main()
