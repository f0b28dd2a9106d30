#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Seed inputs of fuzz_hw_layer.c, one file each, into the directory given:
every card model with its EEPROM variants, then the steps a working
driver takes.  The byte layout is the target's (see its read_eeprom_choice
and run_steps); a seed only needs to reach the interesting code, libFuzzer
does the rest.

    fuzz_seeds.py DIR
"""

import struct
import sys

AR5413, AR2413, AR5212, AR5211, AR5210 = range(5)

# Step numbers (op % 13 in run_steps).
RESET, REG_FUZZ, FAULT, RX_AIR, RX_DESC, IRQ, TX, TIME, ANI, KEY, MISC, \
    CONTROL = \
    0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12

CH_2412_G, CH_2412_B, CH_5180_A = 0, 4, 8


def u16(v):
    return struct.pack("<H", v)


def u32(v):
    return struct.pack("<I", v)


def steps(model, chan):
    ofdm = chan != CH_2412_B
    rate = 0x0b if ofdm else 0x1b
    # rate table index for step_rx_air: 0x0b is entry 4, 0x1b entry 0
    rx_rate = 4 if ofdm else 0
    b = bytes([RESET, chan, 0x00])
    b += bytes([RX_AIR, 0x00, rx_rate, 40]) + u16(100) + bytes(range(100))
    b += bytes([IRQ]) + u32(0x1) + bytes([0])
    b += bytes([TIME, 0x7f, 10, 20, 1])
    b += bytes([TX, 2, 0x40, 0x02, 0, 0x3c, 0]) + \
        bytes([rate, 1, 0, 0, 0, 0, 0, 0])
    b += bytes([ANI, 0, 3])
    b += bytes([KEY, 5, 3, 0x11, 0x22, 0x33, 0x02])
    b += bytes([MISC, 0, 0x3c])
    b += bytes([RX_DESC, 1, 0]) + u32(100) + u32(3)
    b += bytes([RESET, chan, 0x04])
    return b


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    seeds = {}
    for model in range(5):
        chan = CH_5180_A if model == AR5210 else \
            CH_2412_B if model == AR5211 else CH_2412_G
        body = steps(model, chan)
        name = "m%d" % model
        # header: model, flags, EEPROM how, bands, then how's extras
        seeds[name + "-default"] = bytes([model, 0, 0x00, 0]) + body
        seeds[name + "-random"] = bytes([model, 0, 0x01, 0]) + u32(7) + body
        seeds[name + "-patch"] = bytes([model, 0, 0x02, 0, 0]) + \
            u16(0xc5) + u16(0x1234) + body
        seeds[name + "-other-desc"] = bytes([model, 0, 0x80, 0,
                                             (model + 2) % 5]) + body
        seeds[name + "-regfuzz"] = bytes([model, 0x05, 0x00, 0, 1]) + \
            u16(3) + bytes([0, 4]) + body + \
            bytes([REG_FUZZ, 3]) + u16(9) + bytes([1, 2, 3, 4]) + body
        seeds[name + "-faults"] = bytes([model, 0, 0x00, 0]) + body + \
            bytes([FAULT, 2, FAULT, 8]) + body + bytes([FAULT, 15]) + body
        for i in range(6):
            if model in (AR5211, AR5210) or i == 0:
                seeds["%s-version%d" % (name, i)] = \
                    bytes([model, 0, 0x08 | i << 4, 0]) + body
    for name, data in sorted(seeds.items()):
        with open("%s/%s" % (out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
