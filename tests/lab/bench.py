#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""bench.py [--cell CELL] [--runs N]

`make bench`: the distro's in-tree ath5k against ours (dkms) between the two
emulated cards, each driver in boots of its own (run-cell.py --driver
bench-in-tree or bench-dkms), N runs per driver in the order in-tree, dkms,
dkms, in-tree, in-tree, dkms, ... (ABBA: a drift of the shared host over
the session falls on both drivers alike).  Each boot measures ping, pings
1 s apart on the idle link (rtt-idle), iperf3 TCP, UDP at a fixed 10
Mbit/s (udp10) and UDP at saturation (udp, 40 Mbit/s offered) in both
directions, then pings 1 s apart right after the last burst (rtt-after)
and, around each, the emulator's per-card counters ("cardN stats"),
/proc/stat and /proc/interrupts; this script turns them into goodput,
loss, MMIO accesses, interrupts and guest CPU time (system + softirq, and
with hard IRQ) per delivered frame and per MB, at saturation and at the
fixed load, and the pings' median, 99th percentile and maximum; prints a
table per driver (median, min-max) with the ratio ours/in-tree, and writes
out/bench.md and out/bench.json.
The numbers are never judged: it exits 1 only when a run could not be
measured, naming the run, the step and the log."""

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
AIR_TIMING = os.path.join(TOP, "tests", "emulator", "air_timing.h")

DRIVERS = ("in-tree", "dkms")
# The traffic phases of a boot (guest/bench-checks.sh), each a check of its
# own: (name, protocol, sender card index).  udp10 is UDP at a fixed
# offered load below the ceiling, udp at saturation.
PHASES = [("tcp-a-b", "tcp", 0), ("tcp-b-a", "tcp", 1),
          ("udp10-a-b", "udp", 0), ("udp10-b-a", "udp", 1),
          ("udp-a-b", "udp", 0), ("udp-b-a", "udp", 1)]
# The headline figures come from the saturation phase: UDP from A (the
# station) to B (the AP) offered above the ceiling.
HEADLINE_PHASE = "udp-a-b"
# The fixed-load phases: at 10 Mbit/s offered both drivers deliver the
# same frames, so per-frame costs are of the same work and per-second
# costs are spread over as many frames for either.
FIXED_LOAD_PHASES = ("udp10-a-b", "udp10-b-a")
# Pings 1 s apart before any burst and right after the last one.
RTT_PHASES = ("rtt-idle", "rtt-after")

# Frames on the air (bytes, FCS included) for a 1500-byte IP MTU, open
# network, no aggregation: a 3-address data header of 24 bytes (no QoS:
# hostapd enables WMM only for 802.11n and up) and LLC/SNAP (8).
MAC_HEADER = 24
LLC_SNAP = 8
FCS = 4
MTU = 1500
UDP_PAYLOAD = MTU - 20 - 8
# TCP with timestamps (Linux's default): 20 IP + 20 TCP + 12 options.
TCP_PAYLOAD = MTU - 20 - 20 - 12
TCP_ACK_IP = 20 + 20 + 12
# Linux acknowledges every second full segment (delayed ACK).
SEGMENTS_PER_TCP_ACK = 2


# ---- statistics -------------------------------------------------------------

def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def spread(values):
    """{median, min, max, n} of the values that are not None."""
    values = [v for v in values if v is not None]
    if not values:
        return {"median": None, "min": None, "max": None, "n": 0}
    return {"median": statistics.median(values), "min": min(values),
            "max": max(values), "n": len(values)}


def percentile(values, p):
    """The P-th percentile (0-100) of VALUES by linear interpolation between
    the closest ranks (rank p/100 * (n - 1), counted from 0: numpy's
    default, Hyndman and Fan's type 7).  Of 20 samples the 99th lies
    between the 19th smallest and the largest, 81 % of the way to it."""
    ordered = sorted(v for v in values if v is not None)
    if not ordered:
        return None
    rank = p / 100.0 * (len(ordered) - 1)
    low = int(math.floor(rank))
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def total(values):
    """The sum, or None when a value is missing."""
    return None if None in values else sum(values)


def divide(num, den):
    """num / den, or None when either is missing or den is 0."""
    if num is None or den is None or den == 0:
        return None
    return num / den


def ratio_summary(ours, theirs):
    """The ratio ours/in-tree of one metric: the ratio of the medians and
    the spread of the ratios of the runs paired in boot order (run i of
    each driver; ABBA puts them next to each other)."""
    pairs = [divide(o, t) for o, t in zip(ours, theirs)]
    pairs = [p for p in pairs if p is not None]
    return {"ratio": divide(median(ours), median(theirs)),
            "min": min(pairs) if pairs else None,
            "max": max(pairs) if pairs else None,
            "pairs": len(pairs)}


def boot_order(runs):
    """in-tree, dkms, dkms, in-tree, ...: RUNS boots of each driver, each
    pair in the other order than the one before it."""
    order = []
    for i in range(runs):
        order += list(DRIVERS) if i % 2 == 0 else list(reversed(DRIVERS))
    return order


# ---- the air's timing and the ceiling --------------------------------------

def parse_defines(text):
    """NAME -> integer for each `#define NAME EXPR` whose EXPR is integer
    arithmetic over numbers and names defined before it (C comments
    dropped; `/` divides as C does for these positive operands)."""
    values = {}
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+([^\n]+)$", text, re.M):
        name, expr = m.group(1), m.group(2).strip()
        out = []
        for tok in re.findall(r"0[xX][0-9a-fA-F]+|\d+|\w+|\S", expr):
            if re.fullmatch(r"0[xX][0-9a-fA-F]+|\d+", tok):
                out.append(str(int(tok, 0)))
            elif tok in values:
                out.append(str(values[tok]))
            elif tok in ("+", "-", "*", "(", ")"):
                out.append(tok)
            elif tok == "/":
                out.append("//")
            else:
                out = None
                break
        if out:
            values[name] = int(eval("".join(out), {"__builtins__": {}}))
    return values


def air_timing(path=AIR_TIMING):
    with open(path) as f:
        return parse_defines(f.read())


def ofdm_airtime_us(t, mbps, nbytes):
    """An OFDM PPDU of NBYTES at MBPS: preamble and SIGNAL, then whole
    symbols of SERVICE + data + tail bits."""
    bits_per_symbol = mbps * t["AIR_OFDM_SYMBOL_US"]
    bits = t["AIR_OFDM_SERVICE_BITS"] + 8 * nbytes + t["AIR_OFDM_TAIL_BITS"]
    return t["AIR_OFDM_PREAMBLE_US"] + t["AIR_OFDM_SYMBOL_US"] * math.ceil(bits / bits_per_symbol)


def exchange_us(t, data_mbps, ack_mbps, nbytes):
    """One unicast attempt without its backoff: DIFS, the frame, SIFS, the
    ACK (a lost attempt waits as long for it)."""
    return (t["AIR_OFDM_DIFS_US"] + ofdm_airtime_us(t, data_mbps, nbytes)
            + t["AIR_OFDM_SIFS_US"] + ofdm_airtime_us(t, ack_mbps, t["AIR_ACK_BYTES"]))


def frame_time_us(t, data_mbps, ack_mbps, nbytes, slot_us, loss=0.0):
    """Mean medium time per delivered frame: each attempt is its exchange
    plus a mean backoff of CW/2 slots, CW starting at CWmin and doubling
    (2CW+1, at most CWmax) after a lost attempt; an attempt is lost with
    probability LOSS (retry limits ignored: at 10 % loss a frame that
    exhausts them is one in 10^10)."""
    cw, reach, total = t["AIR_CW_MIN"], 1.0, 0.0
    exchange = exchange_us(t, data_mbps, ack_mbps, nbytes)
    while reach > 1e-12:
        total += reach * (exchange + cw / 2.0 * slot_us)
        reach *= loss
        cw = min(2 * cw + 1, t["AIR_CW_MAX"])
    return total


def ceiling(t, data_mbps=54, ack_mbps=24, slot_us=None, loss=0.0):
    """Goodput ceilings in Mbit/s of one sender saturating the medium:
    UDP (1472-byte datagrams) and TCP (1448-byte segments, one TCP ACK of
    52 IP bytes sent back per two segments, contending the same way)."""
    slot = t["AIR_OFDM_SLOT_US"] if slot_us is None else slot_us
    frame = MAC_HEADER + LLC_SNAP + MTU + FCS
    ack_frame = MAC_HEADER + LLC_SNAP + TCP_ACK_IP + FCS
    data_us = frame_time_us(t, data_mbps, ack_mbps, frame, slot, loss)
    tcp_ack_us = frame_time_us(t, data_mbps, ack_mbps, ack_frame, slot, loss)
    udp = 8 * UDP_PAYLOAD / data_us
    tcp = 8 * TCP_PAYLOAD * SEGMENTS_PER_TCP_ACK / (SEGMENTS_PER_TCP_ACK * data_us + tcp_ack_us)
    return {"udp_mbps": udp, "tcp_mbps": tcp, "data_mbps": data_mbps, "ack_mbps": ack_mbps,
            "slot_us": slot, "loss": loss, "frame_us": data_us, "tcp_ack_frame_us": tcp_ack_us}


def card_air(t, options):
    """(loss fraction, random backoff) of a card started with OPTIONS, the
    way ath5k-emu's card_config.c applies air=, loss= in order."""
    loss, backoff = t["AIR_REAL_LOSS_PERCENT"], True
    for item in options.split(","):
        key, _, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if key == "air":
            loss, backoff = (t["AIR_REAL_LOSS_PERCENT"], True) if value == "real" else (0, False)
        elif key == "loss":
            loss = int(value, 0)
    return loss / 100.0, backoff


def ack_rate_mbps(t, data_mbps):
    """The rate card B ACKs an OFDM frame of DATA_MBPS at, as ath5k-emu's
    tx_ack_rate() picks it for a card whose driver asks for high ACK
    rates (both drivers do): the highest of 6, 12 and 24 not above it."""
    high = t["AIR_ACK_OFDM_HIGH_MBPS"]
    return max(r for r in (t["AIR_ACK_OFDM_MBPS"], 12, high) if r <= max(data_mbps, 6))


def ceilings(t, options, link=None):
    """The standard 802.11g ceiling (54 Mbit/s data, ACK at 24 Mbit/s, the
    slot the run's BSS used, no loss) and the one the emulated air
    enforces for the run's settings: the data rate the link used, ACKs at
    the rate ath5k-emu answers it at, its 9 us slot (it models neither
    long slots nor ERP protection), card A's loss and backoff."""
    link = link or {}
    data = link.get("tx_mbps") or 54
    slot = t["AIR_OFDM_SLOT_US"] if link.get("short_slot", True) else t["AIR_CCK_SLOT_US"]
    standard = ceiling(t, 54, 24, slot)
    loss, backoff = card_air(t, options)
    emulated = ceiling(t, data, ack_rate_mbps(t, data), t["AIR_OFDM_SLOT_US"] if backoff else 0,
                       loss)
    notes = []
    if link.get("tx_rates_seen"):
        notes.append("card A's TX bitrate after the traffic, per run: %s Mbit/s"
                     % ", ".join("%g" % r for r in link["tx_rates_seen"]))
    if link.get("cts_protection"):
        notes.append("the BSS used ERP (CTS) protection, which ath5k-emu does not model")
    if not link.get("short_slot", True):
        notes.append("the BSS used the long slot (20 us); ath5k-emu always counts 9 us")
    return {"standard": standard, "emulated": emulated, "notes": notes}


# ---- what the guest recorded -------------------------------------------------

def parse_stats_line(line):
    """The counters of one "cardN stats" answer ("ok: key=value ..."), as
    {key: int}; None when it is not an ok answer."""
    line = line.strip()
    if not line.startswith("ok"):
        return None
    counts = {}
    for word in line[2:].lstrip(":").split():
        key, eq, value = word.partition("=")
        if eq:
            try:
                counts[key] = int(value, 0)
            except ValueError:
                pass
    return counts


def parse_snapshot(text):
    """One snapshot file of guest/bench-checks.sh: time, the two cards'
    stats, CLK_TCK, the cpu line of /proc/stat and the cards' lines of
    /proc/interrupts (their counts summed over CPUs and lines)."""
    snap = {"cards": {}, "irq_lines": 0}
    for line in text.splitlines():
        word, _, rest = line.partition(" ")
        if word == "time":
            snap["time"] = float(rest)
        elif re.fullmatch(r"card\d+", word):
            snap["cards"][word] = parse_stats_line(rest)
        elif word == "clk_tck":
            snap["clk_tck"] = int(rest)
        elif word == "cpu":
            f = [int(x) for x in rest.split()]
            # user nice system idle iowait irq softirq ...
            snap["cpu"] = {"system": f[2], "irq": f[5], "softirq": f[6]}
        elif word == "irq":
            # "  19:   123   456   IO-APIC  19-fasteoi   ath5k, ath"
            counts = 0
            for x in rest.split()[1:]:
                if not x.isdigit():
                    break
                counts += int(x)
            snap["irq"] = snap.get("irq", 0) + counts
            snap["irq_lines"] += 1
    return snap


def counter_delta(before, after, card, key):
    b = (before["cards"].get(card) or {}).get(key)
    a = (after["cards"].get(card) or {}).get(key)
    return None if a is None or b is None else a - b


def phase_counters(before, after):
    """What both cards and the guest did between two snapshots.  A
    delivered frame is one a card put into its driver's RX ring: rx_frames
    of card0 plus rx_frames of card1 (both directions, beacons and
    ACK-less frames included, each frame counted once); MMIO and
    interrupts are both cards' (sender and receiver work for the same
    frames)."""
    cards = ("card0", "card1")

    def both(key):
        d = [counter_delta(before, after, c, key) for c in cards]
        return None if None in d else sum(d)

    out = {"seconds": after["time"] - before["time"],
           "delivered_frames": both("rx_frames"),
           "tx_ok": both("tx_ok"), "tx_tries": both("tx_tries"),
           # frames given up after every try of every rate series
           "tx_xretry": both("tx_xretry"),
           "mmio_reads": both("mmio_reads"), "mmio_writes": both("mmio_writes"),
           "irq_edges": both("irq_edges"),
           "proc_interrupts": (after.get("irq") - before.get("irq")
                               if "irq" in after and "irq" in before else None)}
    for c in cards:
        for key in ("rx_frames", "tx_ok", "mmio_reads", "mmio_writes", "irq_edges"):
            out["%s_%s" % (c, key)] = counter_delta(before, after, c, key)
    # Where the accesses went: reads.PISR, writes.TXDP, ... of both cards.
    keys = sorted(k for k in (after["cards"].get("card0") or {})
                  if k.startswith(("reads.", "writes.")))
    out["registers"] = {k: both(k) for k in keys}
    # Guest CPU time in ms: system + softirq, hard IRQ (where both drivers
    # read the interrupt status) and the sum of the three.
    tck = after.get("clk_tck") or before.get("clk_tck")
    if tck and "cpu" in after and "cpu" in before:
        def ms(*keys):
            return sum(after["cpu"][k] - before["cpu"][k] for k in keys) * 1000.0 / tck
        out["sys_softirq_ms"] = ms("system", "softirq")
        out["hardirq_ms"] = ms("irq")
        out["sys_softirq_hardirq_ms"] = ms("system", "softirq", "irq")
    else:
        out["sys_softirq_ms"] = out["hardirq_ms"] = out["sys_softirq_hardirq_ms"] = None
    return out


def udp_summary(doc):
    """The block of a UDP iperf3 -J client run that has the datagram
    counts: sum_received where it has them, else sum."""
    end = doc["end"]
    return end.get("sum_received") if "packets" in end.get("sum_received", {}) else end["sum"]


def udp_datagrams(doc):
    """(sent, lost) datagrams of a UDP iperf3 -J client run."""
    s = udp_summary(doc)
    return s["packets"], s["lost_packets"]


def iperf_result(doc, proto):
    """(received bytes, seconds, loss percent or None, retransmits or None)
    of one iperf3 -J client run."""
    end = doc["end"]
    if proto == "tcp":
        rx = end["sum_received"]
        return rx["bytes"], rx["seconds"], None, end.get("sum_sent", {}).get("retransmits")
    size = doc["start"]["test_start"]["blksize"]
    packets, lost = udp_datagrams(doc)
    loss = 100.0 * lost / packets if packets else None
    return (packets - lost) * size, udp_summary(doc)["seconds"], loss, None


def per_frame(counters, key, scale=1.0):
    value = counters.get(key)
    return divide(value * scale if value is not None else None,
                  counters.get("delivered_frames"))


# The per-frame and per-MB figures of a phase, as phase_metrics names them.
COST_METRICS = ("mmio_reads_per_frame", "mmio_writes_per_frame", "irqs_per_frame",
                "proc_irqs_per_frame", "sys_softirq_us_per_frame",
                "sys_softirq_hardirq_us_per_frame", "sys_softirq_ms_per_mb",
                "sys_softirq_hardirq_ms_per_mb")


def phase_metrics(counters, received_bytes, seconds):
    """Goodput and COST_METRICS of a phase.  CPU comes as system + softirq
    and as system + softirq + hard IRQ, in us per delivered frame and in ms
    per 10^6 bytes received."""
    mb = received_bytes / 1e6 if received_bytes is not None else None
    return {
        "goodput_mbps": divide(8 * received_bytes, seconds * 1e6)
        if received_bytes is not None else None,
        "mmio_reads_per_frame": per_frame(counters, "mmio_reads"),
        "mmio_writes_per_frame": per_frame(counters, "mmio_writes"),
        "irqs_per_frame": per_frame(counters, "irq_edges"),
        "proc_irqs_per_frame": per_frame(counters, "proc_interrupts"),
        "sys_softirq_us_per_frame": per_frame(counters, "sys_softirq_ms", 1000.0),
        "sys_softirq_hardirq_us_per_frame": per_frame(counters, "sys_softirq_hardirq_ms",
                                                      1000.0),
        "sys_softirq_ms_per_mb": divide(counters.get("sys_softirq_ms"), mb),
        "sys_softirq_hardirq_ms_per_mb": divide(counters.get("sys_softirq_hardirq_ms"), mb),
    }


def parse_ping(text):
    out = {}
    m = re.search(r"(\d+) packets transmitted, (\d+) received", text)
    if m:
        out["sent"], out["received"] = int(m.group(1)), int(m.group(2))
    m = re.search(r"= ([\d.]+)/([\d.]+)/([\d.]+)/([\d.]+) ms", text)
    if m:
        out.update(min_ms=float(m.group(1)), avg_ms=float(m.group(2)),
                   max_ms=float(m.group(3)))
    return out


# One echo reply as iputils ping prints it: "64 bytes from 10.0.0.2:
# icmp_seq=3 ttl=64 time=1.23 ms" (a "(DUP!)" at the end is a second
# reply to the same request: not a round trip of its own).
PING_REPLY = re.compile(r"icmp_seq=(\d+)\b.*\btime[=<]\s*([\d.]+)\s*ms")


def parse_ping_replies(text):
    """The round-trip times in ms of PING's replies, in the order they came."""
    times = []
    for line in text.splitlines():
        m = PING_REPLY.search(line)
        if m and "DUP!" not in line:
            times.append(float(m.group(2)))
    return times


def rtt_figures(text):
    """sent, received, every reply's time and their median, 99th percentile
    (percentile()) and maximum, of one ping transcript."""
    times = parse_ping_replies(text)
    summary = parse_ping(text)
    return {"sent": summary.get("sent"), "received": summary.get("received"),
            "times_ms": times, "median_ms": median(times),
            "p99_ms": percentile(times, 99), "max_ms": max(times) if times else None}


def row_prefix(phase):
    """udp10-a-b -> "udp10_a_b_": the prefix of a phase's keys in a run."""
    return phase.replace("-", "_") + "_"


def parse_link(text):
    """What card A's `iw dev link` and both station dumps say: A's TX
    bitrate, B's TX bitrate to A, short slot, CTS protection, WMM."""
    link = {}
    m = re.search(r"tx bitrate:\s*([\d.]+) MBit/s", text)
    if m:
        link["tx_mbps"] = float(m.group(1))
    rates = re.findall(r"tx bitrate:\s*([\d.]+) MBit/s", text)
    link["tx_rates_mbps"] = [float(r) for r in rates]
    flags = re.search(r"bss flags:([^\n]*)", text)
    if flags:
        link["short_slot"] = "short-slot-time" in flags.group(1)
        link["cts_protection"] = "CTS-protection" in flags.group(1)
    m = re.search(r"short slot time:\s*(yes|no)", text)
    if m and "short_slot" not in link:
        link["short_slot"] = m.group(1) == "yes"
    m = re.search(r"WMM/WME:\s*(yes|no)", text)
    if m:
        link["wmm"] = m.group(1) == "yes"
    return link


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def measure_run(bench_dir):
    """Every figure of one boot from the files the guest left in
    logs/bench/; raises ValueError naming the step whose data is missing."""
    tests, headline = {}, {}
    for name, proto, sender in PHASES:
        try:
            before = parse_snapshot(read(os.path.join(bench_dir, name + ".before")))
            after = parse_snapshot(read(os.path.join(bench_dir, name + ".after")))
            doc = json.loads(read(os.path.join(bench_dir, name + ".out")))
        except (OSError, ValueError) as e:
            raise ValueError("%s: %s" % (name, e))
        if "error" in doc:
            raise ValueError("%s: iperf3: %s" % (name, doc["error"]))
        try:
            received, seconds, loss, retransmits = iperf_result(doc, proto)
        except (KeyError, TypeError) as e:
            raise ValueError("%s: iperf3 result without %s" % (name, e))
        counters = phase_counters(before, after)
        missing = [c for c in ("card0", "card1")
                   if not before["cards"].get(c) or not after["cards"].get(c)]
        if missing:
            raise ValueError("%s: no emulator stats from %s" % (name, ", ".join(missing)))
        m = phase_metrics(counters, received, seconds)
        sent_datagrams, lost_datagrams = udp_datagrams(doc) if proto == "udp" else (None, None)
        m.update(loss_percent=loss, retransmits=retransmits, received_bytes=received,
                 iperf_seconds=seconds, sent_datagrams=sent_datagrams,
                 lost_datagrams=lost_datagrams, counters=counters)
        tests[name] = m
    try:
        ping = parse_ping(read(os.path.join(bench_dir, "ping.out")))
    except OSError as e:
        raise ValueError("ping: %s" % e)
    if "avg_ms" not in ping:
        raise ValueError("ping: no round-trip summary")
    rtt = {}
    for name in RTT_PHASES:
        try:
            rtt[name] = rtt_figures(read(os.path.join(bench_dir, name + ".out")))
        except OSError as e:
            raise ValueError("%s: %s" % (name, e))
        if not rtt[name]["times_ms"]:
            raise ValueError("%s: no echo reply" % name)
    try:
        link = parse_link(read(os.path.join(bench_dir, "link.txt")))
    except OSError:
        link = {}
    h = tests[HEADLINE_PHASE]
    headline = {k: h[k] for k in ("goodput_mbps",) + COST_METRICS}
    # Each phase's goodput and UDP loss; the fixed-load phases' costs too,
    # under their phase's prefix (udp10_a_b_mmio_reads_per_frame, ...).
    for name, proto, _ in PHASES:
        prefix = row_prefix(name)
        headline[prefix + "mbps"] = tests[name]["goodput_mbps"]
        if proto == "udp":
            headline[prefix + "loss_percent"] = tests[name]["loss_percent"]
    for name in FIXED_LOAD_PHASES:
        for k in COST_METRICS:
            headline[row_prefix(name) + k] = tests[name][k]
    for name in RTT_PHASES:
        for k in ("median_ms", "p99_ms", "max_ms"):
            headline[row_prefix(name) + k] = rtt[name][k]
    headline.update(
        ping_avg_ms=ping["avg_ms"], ping_min_ms=ping["min_ms"], ping_max_ms=ping["max_ms"],
        tx_xretry=total([tests[name]["counters"]["tx_xretry"] for name, _, _ in PHASES]),
        tests=tests, ping=ping, rtt=rtt, link=link)
    return headline


# ---- tables -------------------------------------------------------------------

# Where each cost row is taken: the saturation phase (the headline keys,
# unprefixed) and beside it the fixed-load phases (their prefix).
COST_LOADS = [("", "UDP A->B at 40M offered (saturation)"),
              (row_prefix("udp10-a-b"), "UDP A->B at 10M offered"),
              (row_prefix("udp10-b-a"), "UDP B->A at 10M offered")]
# (metric, label, format) of the cost rows, one row per load each.
COST_ROWS = [
    ("mmio_reads_per_frame", "MMIO reads per frame", "%.2f"),
    ("mmio_writes_per_frame", "MMIO writes per frame", "%.2f"),
    ("irqs_per_frame", "IRQs per frame (emulator)", "%.3f"),
    ("proc_irqs_per_frame", "IRQs per frame (/proc/interrupts)", "%.3f"),
    ("sys_softirq_us_per_frame", "guest CPU sys+softirq, us per frame", "%.1f"),
    ("sys_softirq_hardirq_us_per_frame", "guest CPU sys+softirq+hardirq, us per frame", "%.1f"),
    ("sys_softirq_ms_per_mb", "guest CPU sys+softirq, ms per MB", "%.1f"),
    ("sys_softirq_hardirq_ms_per_mb", "guest CPU sys+softirq+hardirq, ms per MB", "%.1f"),
]
RTT_LABELS = {"rtt-idle": "before any burst", "rtt-after": "right after the last burst"}

# (key, label, format) of the table's rows.
ROWS = [
    ("goodput_mbps", "goodput UDP A->B at 40M offered (headline), Mbit/s", "%.2f"),
    ("share_of_emulated_ceiling", "  share of the emulated ceiling", "%.3f"),
    ("share_of_standard_ceiling", "  share of the 802.11g ceiling", "%.3f"),
    ("udp_b_a_mbps", "UDP B->A at 40M offered, Mbit/s", "%.2f"),
    ("udp10_a_b_mbps", "UDP A->B at 10M offered, Mbit/s", "%.2f"),
    ("udp10_b_a_mbps", "UDP B->A at 10M offered, Mbit/s", "%.2f"),
    ("tcp_a_b_mbps", "TCP A->B, Mbit/s", "%.2f"),
    ("tcp_b_a_mbps", "TCP B->A, Mbit/s", "%.2f"),
    ("udp_a_b_loss_percent", "UDP A->B loss at 40M offered, %", "%.1f"),
    ("udp_b_a_loss_percent", "UDP B->A loss at 40M offered, %", "%.1f"),
    ("udp10_a_b_loss_percent", "UDP A->B loss at 10M offered, %", "%.2f"),
    ("udp10_b_a_loss_percent", "UDP B->A loss at 10M offered, %", "%.2f"),
] + [(prefix + metric, "%s, %s" % (label, load), form)
     for metric, label, form in COST_ROWS for prefix, load in COST_LOADS] + [
    ("tx_xretry", "frames failed every rate series (all iperf3 phases)", "%g"),
    ("ping_avg_ms", "ping 0.2 s apart: avg, ms", "%.2f"),
    ("ping_min_ms", "ping 0.2 s apart: min, ms", "%.2f"),
    ("ping_max_ms", "ping 0.2 s apart: max, ms", "%.2f"),
] + [(row_prefix(phase) + key, "ping 1 s apart %s: %s, ms" % (RTT_LABELS[phase], what), "%.2f")
     for phase in RTT_PHASES
     for key, what in (("median_ms", "median"), ("p99_ms", "99th percentile"),
                       ("max_ms", "max"))]


def fmt(form, value):
    return form % value if value is not None else "-"


def fmt_spread(form, s):
    if s["median"] is None:
        return "-"
    return "%s (%s-%s)" % (fmt(form, s["median"]), fmt(form, s["min"]), fmt(form, s["max"]))


def summarise(runs):
    ok = [r for r in runs if r.get("measured")]
    return {key: spread([r.get(key) for r in ok]) for key, _, _ in ROWS}


def table_lines(result):
    d = result["drivers"]
    head = ("metric", "in-tree median (min-max)", "ours median (min-max)",
            "ours/in-tree (pair min-max)")
    rows = [head]
    for key, label, form in ROWS:
        r = result["ratio_ours_to_in_tree"][key]
        rows.append((label, fmt_spread(form, d["in-tree"]["summary"][key]),
                     fmt_spread(form, d["dkms"]["summary"][key]),
                     "%s (%s-%s)" % (fmt("%.2f", r["ratio"]), fmt("%.2f", r["min"]),
                                     fmt("%.2f", r["max"])) if r["ratio"] is not None else "-"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def ceiling_lines(c):
    s, e = c["standard"], c["emulated"]
    lines = ["802.11g ceiling: %.1f Mbit/s UDP, %.1f TCP (54 Mbit/s data, ACK at 24, "
             "%d us slot, mean backoff CWmin/2, no loss)" % (s["udp_mbps"], s["tcp_mbps"],
                                                            s["slot_us"]),
             "emulated ceiling: %.1f Mbit/s UDP, %.1f TCP (%g Mbit/s data, ACK at %d as "
             "ath5k-emu sends it, %d us slot, %.0f %% of attempts lost and retried)"
             % (e["udp_mbps"], e["tcp_mbps"], e["data_mbps"], e["ack_mbps"], e["slot_us"],
                100 * e["loss"])]
    return lines + c["notes"]


def write_outputs(out, result):
    with open(os.path.join(out, "bench.json"), "w") as f:
        json.dump(result, f, indent=1)
    lines = ["# make bench: %s, %d runs per driver" % (result["cell"], result["runs_per_driver"]),
             "", "Boot order: %s." % ", ".join(result["order"]), ""]
    lines += ["- " + l for l in ceiling_lines(result["ceiling"])]
    lines += ["", "Per-frame figures and CPU come from UDP A->B at 40 Mbit/s offered "
              "(saturation: the headline) and, beside them, from UDP at a fixed 10 Mbit/s "
              "offered, below the ceiling, where both drivers carry the same frames; a "
              "delivered frame is one a card put into its driver's RX ring (rx_frames of "
              "both cards).  Guest CPU is system + softirq, and system + softirq + hard "
              "IRQ (the /proc/stat irq column).  The pings 1 s apart are 20 per phase; "
              "their 99th percentile interpolates linearly between closest ranks (numpy's "
              "default): between the 19th smallest and the largest.", ""]
    md = ["| metric | in-tree median (min-max) | ours median (min-max) | "
          "ours/in-tree (pair min-max) |", "| --- | --- | --- | --- |"]
    for key, label, form in ROWS:
        r = result["ratio_ours_to_in_tree"][key]
        md.append("| %s | %s | %s | %s |" % (
            label.strip(), fmt_spread(form, result["drivers"]["in-tree"]["summary"][key]),
            fmt_spread(form, result["drivers"]["dkms"]["summary"][key]),
            "%s (%s-%s)" % (fmt("%.2f", r["ratio"]), fmt("%.2f", r["min"]), fmt("%.2f", r["max"]))
            if r["ratio"] is not None else "-"))
    lines += md
    failed = [r for d in DRIVERS for r in result["drivers"][d]["runs"] if not r.get("measured")]
    if failed:
        lines += ["", "Runs not measured:"]
        lines += ["- run %d (%s): %s" % (r["run"], r["driver"], r["error"]) for r in failed]
    with open(os.path.join(out, "bench.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


# ---- the runs -------------------------------------------------------------------

def first_failure(lab_json):
    try:
        with open(lab_json) as f:
            checks = json.load(f)
    except (OSError, ValueError):
        return None
    for c in checks:
        if c.get("result") == "fail":
            return c
    return None


CHECK_LINE = re.compile(r"^  (pass|fail|skip)\s+(\S+)\s+([\d.]+) s\s*(.*)$")


def run_boot(args, index, total, driver, disk):
    """One boot of run-cell.py; its output into a log, its check lines
    echoed as progress.  Returns the run's record."""
    label = "run-%02d-%s" % (index, driver)
    out_dir = os.path.join(args.out, "bench", label)
    os.makedirs(out_dir, exist_ok=True)
    log_path = os.path.join(out_dir, "run-cell.log")
    argv = [sys.executable, os.path.join(HERE, "run-cell.py"), "--cell", args.cell,
            "--driver", "bench-" + driver, "--out", out_dir]
    if disk:
        argv += ["--disk", disk]
    print("bench: run %d/%d: %s ..." % (index, total, driver), flush=True)
    with open(log_path, "w") as log:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        for line in proc.stdout:
            log.write(line)
            m = CHECK_LINE.match(line.rstrip("\n"))
            if m:
                print("bench: run %d/%d: %s: %s %s (%s s) %s"
                      % (index, total, driver, m.group(1), m.group(2), m.group(3),
                         m.group(4)[:90]), flush=True)
        rc = proc.wait()
    name = "%s-bench-%s" % (args.cell, driver)
    run_dir = os.path.join(out_dir, name)
    record = {"run": index, "driver": driver, "lab_exit": rc,
              "log": os.path.relpath(log_path, TOP),
              "lab_dir": os.path.relpath(run_dir, TOP)}
    try:
        record.update(measure_run(os.path.join(run_dir, "logs", "bench")))
        record["measured"] = True
    except ValueError as e:
        failed = first_failure(os.path.join(out_dir, name + ".json"))
        step = failed["name"] if failed else str(e).split(":")[0]
        record.update(measured=False, step=step,
                      error="step %s: %s; log %s, guest logs %s/logs/"
                      % (step, failed["detail"][:200] if failed else e,
                         record["log"], record["lab_dir"]))
    if record.get("measured"):
        failed = first_failure(os.path.join(out_dir, name + ".json"))
        if failed:
            record["lab_failure"] = "%s: %s" % (failed["name"], failed["detail"][:200])
    return record


def run_settings(records):
    """The link settings the runs used, for the ceiling: card A's most
    frequent TX bitrate (what minstrel had settled on when bench-link
    looked), a short slot unless a run saw a long one, CTS protection if
    any run saw it, and every bitrate seen."""
    links = [r["link"] for r in records if r.get("measured") and r.get("link")]
    rates = [l["tx_mbps"] for l in links if l.get("tx_mbps")]
    settings = {"tx_rates_seen": rates,
                "short_slot": all(l.get("short_slot", True) for l in links),
                "cts_protection": any(l.get("cts_protection") for l in links)}
    if rates:
        settings["tx_mbps"] = max(sorted(set(rates), reverse=True), key=rates.count)
    return settings


def add_shares(record, ceil):
    record["share_of_emulated_ceiling"] = divide(record.get("goodput_mbps"),
                                                 ceil["emulated"]["udp_mbps"])
    record["share_of_standard_ceiling"] = divide(record.get("goodput_mbps"),
                                                 ceil["standard"]["udp_mbps"])


def build_result(cell, runs_per_driver, order, records, t, options):
    ceil = ceilings(t, options, run_settings(records))
    for r in records:
        if r.get("measured"):
            add_shares(r, ceil)
    drivers = {}
    for d in DRIVERS:
        runs = [r for r in records if r["driver"] == d]
        drivers[d] = {"runs": runs, "summary": summarise(runs)}
    ratio = {}
    for key, _, _ in ROWS:
        ours = [r.get(key) if r.get("measured") else None for r in drivers["dkms"]["runs"]]
        theirs = [r.get(key) if r.get("measured") else None for r in drivers["in-tree"]["runs"]]
        ratio[key] = ratio_summary(ours, theirs)
    return {"cell": cell, "runs_per_driver": runs_per_driver, "order": order,
            "ceiling": ceil, "drivers": drivers, "ratio_ours_to_in_tree": ratio,
            "headline_phase": HEADLINE_PHASE,
            "delivered_frame": "a frame a card put into its driver's RX ring: "
                               "rx_frames of card0 plus rx_frames of card1 over the phase"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cell", default="debian-12")
    ap.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_RUNS", 5)))
    ap.add_argument("--out", default=os.path.join(TOP, "out"))
    args = ap.parse_args()
    if args.runs < 1:
        print("bench: BENCH_RUNS must be at least 1", file=sys.stderr)
        return 2
    t = air_timing()
    options = ",".join(o for o in (os.environ.get("ATH5K_LAB_CARD_OPTIONS", ""),
                                   os.environ.get("ATH5K_LAB_CARD_A_OPTIONS", "")) if o)
    order = boot_order(args.runs)
    os.makedirs(os.path.join(args.out, "bench"), exist_ok=True)
    # Ours is built by dkms in its first boot and kept on this disk; later
    # boots of ours check that it is the same build of the same tree.
    disk = os.path.join(args.out, "bench", "dkms-disk.qcow2")
    if os.path.exists(disk):
        os.remove(disk)
    print("bench: %s, %d runs per driver, order %s" % (args.cell, args.runs, " ".join(order)),
          flush=True)
    for line in ceiling_lines(ceilings(t, options)):
        print("bench: " + line, flush=True)
    records = []
    for i, driver in enumerate(order, 1):
        r = run_boot(args, i, len(order), driver, disk if driver == "dkms" else None)
        records.append(r)
        if r["measured"]:
            fixed = row_prefix("udp10-a-b")
            print("bench: run %d/%d: %s: UDP A->B %.2f Mbit/s at 40M; at 10M "
                  "%.1f reads/frame, %.3f irqs/frame, %.1f us CPU/frame (sys+softirq+hardirq); "
                  "ping 1 s apart after the bursts %.2f ms median%s"
                  % (i, len(order), driver, r["goodput_mbps"] or 0,
                     r[fixed + "mmio_reads_per_frame"] or 0, r[fixed + "irqs_per_frame"] or 0,
                     r[fixed + "sys_softirq_hardirq_us_per_frame"] or 0,
                     r["rtt_after_median_ms"] or 0,
                     "; lab check failed: " + r["lab_failure"] if r.get("lab_failure") else ""),
                  flush=True)
        else:
            print("bench: run %d/%d: %s: NOT MEASURED, %s" % (i, len(order), driver, r["error"]),
                  flush=True)
    if os.path.exists(disk):
        os.remove(disk)
    result = build_result(args.cell, args.runs, order, records, t, options)
    write_outputs(args.out, result)
    print()
    print("bench (%s, emulated air, %d runs per driver)" % (args.cell, args.runs))
    for line in ceiling_lines(result["ceiling"]):
        print("  " + line)
    for line in table_lines(result):
        print("  " + line)
    print("bench: %s, %s" % (os.path.relpath(os.path.join(args.out, "bench.md"), TOP),
                             os.path.relpath(os.path.join(args.out, "bench.json"), TOP)))
    failed = [r for r in records if not r["measured"]]
    for r in failed:
        print("bench: run %d (%s) not measured: %s" % (r["run"], r["driver"], r["error"]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
