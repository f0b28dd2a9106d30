#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""kmsg.py mark | kmsg.py since SEQ

The kernel log by record sequence number (/dev/kmsg), for checks that want
only what the kernel said after a point: `mark` prints the sequence number
of the newest record, `since SEQ` prints every record after SEQ as dmesg
does ("[   12.345678] text").  Counting dmesg lines breaks once the ring
buffer wraps (a WARN storm does it): the count stops growing and new lines
look old.  Sequence numbers keep growing; when records after SEQ were
already overwritten, `since` says how many first, so a check never takes a
lost report for a quiet kernel."""

import errno
import os
import sys

KMSG = "/dev/kmsg"


def parse_record(raw):
    """(seq, usec, text) of one /dev/kmsg record, None if unreadable."""
    head, sep, body = raw.partition(";")
    fields = head.split(",")
    if not sep or len(fields) < 3:
        return None
    try:
        seq, usec = int(fields[1]), int(fields[2])
    except ValueError:
        return None
    # continuation lines (" KEY=value") follow the text; keep the text
    return seq, usec, body.split("\n", 1)[0]


def read_records(path=KMSG):
    """Every record still in the ring, oldest first."""
    records = []
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        while True:
            try:
                raw = os.read(fd, 8192)
            except OSError as e:
                if e.errno == errno.EAGAIN:
                    break
                if e.errno == errno.EPIPE:
                    continue    # overwritten under us: on to the oldest
                raise
            if not raw:
                break
            rec = parse_record(raw.decode("utf-8", "replace"))
            if rec:
                records.append(rec)
    finally:
        os.close(fd)
    return records


def since(records, mark):
    """Lines after sequence number mark, and how many of them are gone."""
    lines = ["[%5d.%06d] %s" % (usec // 1000000, usec % 1000000, text)
             for seq, usec, text in records if seq > mark]
    oldest = records[0][0] if records else mark + 1
    return lines, max(0, oldest - mark - 1)


def main(argv):
    if len(argv) == 2 and argv[1] == "mark":
        records = read_records()
        print(records[-1][0] if records else -1)
        return 0
    if len(argv) == 3 and argv[1] == "since":
        records = read_records()
        lines, gone = since(records, int(argv[2]))
        if gone:
            print("kmsg: %d kernel log records after the mark were overwritten "
                  "before they were read" % gone)
        for line in lines:
            print(line)
        return 0
    sys.stderr.write(__doc__.splitlines()[0] + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
