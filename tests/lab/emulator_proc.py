# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Runs ath5k-emu on the host for one lab guest: N cards on one air, one
vfio-user socket each, and tells when its sockets listen.  Also knows
which MAC each card ends up with once its options (and an EEPROM
description's `mac`) are applied, the way ath5k-emu's card_config.c
does."""

import os
import re
import signal
import subprocess
import time

READY = "ath5k-emu: ready"
PROTOCOL_ERROR = "protocol error"
# Lines where ath5k-emu says the driver misused the card (tx_engine.c,
# rx_engine.c, card.c) or its DMA failed (vfio_user.c, server.c): each fails
# the emulator-protocol check like a vfio-user protocol error.
DRIVER_MISUSE = re.compile(
    r"ignored while enabled"           # TXDP written while the queue runs
    r"|has an unusable frame"          # TX descriptor the card cannot send
    r"|descriptor 0x[0-9a-f]+ unreadable"  # TX or RX descriptor outside DMA
    r"|DMA\S* .*(failed|not mapped|does not allow|refused)"
    r"|status write to 0x[0-9a-f]+ failed"
    r"|not understood"                 # a synthesiser word no radio takes
    r"|rate code 0x[0-9a-f]+ is no rate"  # a rate series or RTS/CTS at no rate
    r"|has no tries in series 0"       # a 4-word descriptor that sends nothing
    r"|RTSENA and CTSENA both set"     # a TX descriptor asking for both
    r"|is not a multiple of 4"         # a two-word beacon's buffer length
    r"|in full sleep ignored"          # a register write the chip cannot take
    r"|never read"                     # a PISR write that lost unread causes
    r"|has no register at"             # an AR5210 offset with nothing there
    r"|ends before an answer can start")  # an ACK/CTS timeout no answer meets
# A misuse the kernel's own ath5k commits on every resume, judged for
# every other driver: the card comes back from D3hot asleep (an internal
# reset, as at power-on) and ath5k_start() -> ath5k_init_hw() ->
# ath5k_stop_locked() clears PIMR (ath5k_hw_set_imr(ah, 0)) before
# ath5k_reset() wakes the chip (base.c in 6.1 and 6.12; upstream/ has the
# fix).  Only that write, once between the card's D0 and its next tuning.
IN_TREE_RESUME_MISUSE = re.compile(r"^(\S+): write 0x00000000 to 0x00a0 in full sleep ignored$")
# The kernel's ath5k_hw_get_isr() writes the TX summary bits it read back
# to PISR (dma.c, pisr_clear, 6.1 and 6.12), after reading SISR0/1: a TX
# cause that comes between the two is cleared unread (upstream/ has the
# fix).  Judged for every other driver.
IN_TREE_TX_WRITEBACK = re.compile(
    r"^\S+: PISR write 0x[0-9a-f]{8} cleared SISR[01] causes 0x[0-9a-f]{8} never read$")
# Where the kernel's ath5k reaches registers an AR5210 lacks (6.1 and
# 6.12): the cycle counters 0x80ec-0x80f8 (ath/hw.c
# ath_hw_cycle_counters_update(), from ath5k_reset(), the survey and
# the ANI calibration, which runs on every chip), the key table at
# 0x8800 (ath/key.c ath_hw_keyreset() with ath/reg.h's
# AR_KEYTABLE_0, from ath5k_start() for the AR5210's 64 entries, which
# sit at 0x9000) and PIMR 0x00a0 (gpio.c ath5k_hw_set_gpio_intr(), from
# the rfkill start).  upstream/0019, 0020 and 0012 fix them; judged for
# every other driver.
IN_TREE_AR5210_ABSENT = re.compile(
    r"^\S+: AR5210 has no register at 0x(80(ec|f0|f4|f8)|8[89a-f][0-9a-f]{2}|00a0) "
    r"\(driver (read|write)\)$")
D0_LINE = re.compile(r"^(\S+): D0 from D3hot")
TUNED_LINE = re.compile(r"^\S+: tuned to ")
# The line ath5k-emu logs for each card it creates.
CARD_LINE = re.compile(r"^(\S+): \S+ [0-9a-f]{4}:[0-9a-f]{4}, MAC ([0-9a-f:]{17}),")


# ath5k-emu's card model without model= (tests/emulator/card_config.c).
DEFAULT_MODEL = "ar5413"
# Every model= ath5k-emu knows (card_config.c), to refuse another before
# minutes of image and guest.
MODELS = ("ar5413", "ar2413", "ar5212", "ar5211", "ar5210")


def option_items(options):
    """(key, value) of each key=value in a --card option string."""
    items = []
    for item in options.split(","):
        key, _, value = item.partition("=")
        if key.strip():
            items.append((key.strip(), value.strip()))
    return items


def card_model(options):
    """The ath5k-emu model a card started with OPTIONS is (the last model=,
    else the emulator's default)."""
    model = DEFAULT_MODEL
    for key, value in option_items(options):
        if key == "model":
            model = value
    return model


def normal_mac(text):
    """A MAC as ath5k-emu logs it (two lower-case digits per octet); TEXT
    unchanged when it is no MAC (ath5k-emu then refuses it)."""
    octets = text.strip().split(":")
    try:
        if len(octets) == 6 and all(0 < len(o) <= 2 for o in octets):
            return ":".join("%02x" % int(o, 16) for o in octets)
    except ValueError:
        pass
    return text.strip()


def description_mac(path):
    """The MAC an EEPROM description's text sets (its last `mac` line), or
    None when it sets none or cannot be read (ath5k-emu then says why)."""
    mac = None
    try:
        with open(path, errors="replace") as f:
            for line in f:
                key, eq, value = line.split("#", 1)[0].partition("=")
                if eq and key.strip() == "mac":
                    mac = normal_mac(value)
    except OSError:
        return None
    return mac


def expected_mac(lab_mac, options):
    """The MAC ath5k-emu gives a card started with mac=LAB_MAC followed by
    OPTIONS: the last mac= wins, and the last eeprom-desc's own `mac` wins
    over every mac= before it."""
    mac, desc = normal_mac(lab_mac), None
    for key, value in option_items(options):
        if key == "mac":
            mac = normal_mac(value)
            if desc:
                desc = (desc[0], True)
        elif key == "eeprom-desc":
            # (path, whether a mac= came after it)
            desc = (value, False)
    if desc and not desc[1]:
        mac = description_mac(desc[0]) or mac
    return mac


# Each lab card's rfkill switch, PIN:POLARITY (ath5k-emu's rfkill-switch=,
# before the card's options, which may replace it): a laptop card's
# wiring, with both polarities rfkill.c knows, card A's blocked while its
# pin is high, card B's while low; on pins no LED quirk of the models here
# uses (the AR5211 lights pin 0) and the kernel driver's GPIODI mask 0x2f
# shows (not pin 4).  Nothing moves a switch but the rfkill check.
LAB_RFKILL_SWITCHES = ("1:1", "2:0")


def options_for_card(common, per_card, index):
    """The options card INDEX gets: those for every card, then its own."""
    own = per_card[index] if per_card and index < len(per_card) else ""
    return ",".join(o for o in (common, own) if o)


class Emulator:
    def __init__(self, binary, socket_dir, macs, log_path, out_path,
                 card_options="", per_card_options=None, control=False):
        """MACS: the MAC the lab gives each card (mac=, before the options);
        CARD_OPTIONS go to every card, PER_CARD_OPTIONS[i] to card i after
        them; CONTROL opens the fault-injection socket (make faults)."""
        self.sockets = [os.path.join(socket_dir, "card%d.sock" % i)
                        for i in range(len(macs))]
        self.log_path = log_path
        self.out_path = out_path
        self.argv = [binary]
        self.expected_macs = []
        for i, (sock, mac) in enumerate(zip(self.sockets, macs)):
            options = options_for_card(card_options, per_card_options, i)
            spec = "socket=%s,mac=%s" % (sock, mac)
            if i < len(LAB_RFKILL_SWITCHES):
                spec += ",rfkill-switch=" + LAB_RFKILL_SWITCHES[i]
            if options:
                spec += "," + options
            self.argv += ["--card", spec]
            self.expected_macs.append(expected_mac(mac, options))
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
                    self.check_macs()
                    return
            if self.proc.poll() is not None:
                raise RuntimeError("ath5k-emu exited with status %d: %s"
                                   % (self.proc.returncode, self.tail()))
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("ath5k-emu did not print '%s' within %d s: %s"
                           % (READY, timeout, self.tail()))

    def card_macs(self):
        """The MAC of each card as ath5k-emu logged it, in card order."""
        return [m.group(2) for m in map(CARD_LINE.match, self.output().splitlines())
                if m]

    def check_macs(self):
        """Stops with a clear reason when a card's MAC is not the one the
        lab told the guest to look for."""
        got = self.card_macs()
        if got != self.expected_macs:
            self.stop()
            raise RuntimeError("ath5k-emu gave the cards MACs %s, the lab expected %s "
                               "(from mac= and the EEPROM descriptions); see %s"
                               % (", ".join(got) or "none", ", ".join(self.expected_macs),
                                  self.log_path))

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

    def protocol_errors(self, known_in_tree=False):
        """vfio-user protocol errors and driver-misuse lines, in order.
        KNOWN_IN_TREE: leave out the kernel ath5k's resume misuse
        (IN_TREE_RESUME_MISUSE), for a run of that driver unpatched: once
        per D0 of a card, before the card is tuned again (the reset that
        wakes it); its TX causes cleared unread (IN_TREE_TX_WRITEBACK); its
        accesses where an AR5210 has no register (IN_TREE_AR5210_ABSENT)."""
        errors, resumed = [], set()
        for line in self.output().splitlines():
            card = line.split(":", 1)[0]
            d0 = D0_LINE.match(line)
            if d0:
                resumed.add(d0.group(1))
            elif TUNED_LINE.match(line):
                resumed.discard(card)
            elif known_in_tree and card in resumed and IN_TREE_RESUME_MISUSE.match(line):
                resumed.discard(card)
                continue
            elif known_in_tree and (IN_TREE_TX_WRITEBACK.match(line) or
                                    IN_TREE_AR5210_ABSENT.match(line)):
                continue
            if PROTOCOL_ERROR in line or DRIVER_MISUSE.search(line):
                errors.append(line)
        return errors
