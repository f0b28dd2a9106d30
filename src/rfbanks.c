// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * RF bank images, RF field positions and RF gain tables of the radios we
 * support, as data.
 *
 * Layout (ours):
 *  - a bank image (struct ath5k_rf_bank) is the list of 32-bit words
 *    shifted into one analog bank: every word but the last goes to the RF
 *    data register, the last to the bank's control register, which
 *    latches it; three columns for 11a, 11b, 11g;
 *  - a field (struct ath5k_rf_field) locates one analog setting inside a
 *    bank image by bank, bit length, first bit and byte column;
 *  - a gain table lists the 64 RF gain registers from 0x9a00, two columns
 *    (5 GHz, 2 GHz).
 *
 * Facts from the Linux ath5k driver (rfbuffer.h, rfgain.h in Debian
 * linux-source-6.1); each table names its source.  The RF5111 (AR5211)
 * tables are the same files' rfb_5111, rf_regs_5111, rfgain_5111 and
 * rfgain_opt_5111.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/rfbuffer.h in Linux 6.1:
 *
 * RF Buffer handling functions
 *
 * Copyright (c) 2009 Nick Kossifidis <mickflemm@gmail.com>
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 *
 * From drivers/net/wireless/ath/ath5k/rfgain.h in Linux 6.1:
 *
 * RF Gain optimization
 *
 * Copyright (c) 2004-2009 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2009 Nick Kossifidis <mickflemm@gmail.com>
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

#include <linux/kernel.h>

#include "rfbanks.h"

/* Source: rfbuffer.h, table rfb_5112. */
static const u32 ath5k_rf5112_banks_bank1[][ATH5K_RF_MODES] = {
	{ 0x00000020, 0x00000020, 0x00000020 },
};

static const u32 ath5k_rf5112_banks_bank2[][ATH5K_RF_MODES] = {
	{ 0x03060408, 0x03060408, 0x03060408 },
};

static const u32 ath5k_rf5112_banks_bank3[][ATH5K_RF_MODES] = {
	{ 0x00a0c0c0, 0x00e0c0c0, 0x00e0c0c0 },
};

static const u32 ath5k_rf5112_banks_bank6[][ATH5K_RF_MODES] = {
	{ 0x00a00000, 0x00a00000, 0x00a00000 },
	{ 0x000a0000, 0x000a0000, 0x000a0000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00660000, 0x00660000, 0x00660000 },
	{ 0x00db0000, 0x00db0000, 0x00db0000 },
	{ 0x00f10000, 0x00f10000, 0x00f10000 },
	{ 0x00120000, 0x00120000, 0x00120000 },
	{ 0x00120000, 0x00120000, 0x00120000 },
	{ 0x00730000, 0x00730000, 0x00730000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x000c0000, 0x000c0000, 0x000c0000 },
	{ 0x00ff0000, 0x00ff0000, 0x00ff0000 },
	{ 0x00ff0000, 0x00ff0000, 0x00ff0000 },
	{ 0x008b0000, 0x008b0000, 0x008b0000 },
	{ 0x00600000, 0x00600000, 0x00600000 },
	{ 0x000c0000, 0x000c0000, 0x000c0000 },
	{ 0x00840000, 0x00840000, 0x00840000 },
	{ 0x00640000, 0x00640000, 0x00640000 },
	{ 0x00200000, 0x00200000, 0x00200000 },
	{ 0x00240000, 0x00240000, 0x00240000 },
	{ 0x00250000, 0x00250000, 0x00250000 },
	{ 0x00110000, 0x00110000, 0x00110000 },
	{ 0x00110000, 0x00110000, 0x00110000 },
	{ 0x00510000, 0x00510000, 0x00510000 },
	{ 0x1c040000, 0x1c040000, 0x1c040000 },
	{ 0x000a0000, 0x000a0000, 0x000a0000 },
	{ 0x00a10000, 0x00a10000, 0x00a10000 },
	{ 0x00400000, 0x00400000, 0x00400000 },
	{ 0x03090000, 0x03090000, 0x03090000 },
	{ 0x06000000, 0x06000000, 0x06000000 },
	{ 0x000000b0, 0x000000a8, 0x000000a8 },
	{ 0x0000002e, 0x0000002e, 0x0000002e },
	{ 0x006c4a41, 0x006c4af1, 0x006c4a61 },
	{ 0x0050892a, 0x0050892b, 0x0050892b },
	{ 0x00842400, 0x00842400, 0x00842400 },
	{ 0x00c69200, 0x00c69200, 0x00c69200 },
	{ 0x0002000c, 0x0002000c, 0x0002000c },
};

static const u32 ath5k_rf5112_banks_bank7[][ATH5K_RF_MODES] = {
	{ 0x00000094, 0x00000094, 0x00000094 },
	{ 0x00000091, 0x00000091, 0x00000091 },
	{ 0x0000000a, 0x00000012, 0x00000012 },
	{ 0x00000080, 0x00000080, 0x00000080 },
	{ 0x000000c1, 0x000000c1, 0x000000c1 },
	{ 0x00000060, 0x00000060, 0x00000060 },
	{ 0x000000f0, 0x000000f0, 0x000000f0 },
	{ 0x00000022, 0x00000022, 0x00000022 },
	{ 0x00000092, 0x00000092, 0x00000092 },
	{ 0x000000d4, 0x000000d4, 0x000000d4 },
	{ 0x000014cc, 0x000014cc, 0x000014cc },
	{ 0x0000048c, 0x0000048c, 0x0000048c },
	{ 0x00000003, 0x00000003, 0x00000003 },
};

const struct ath5k_rf_bank ath5k_rf5112_banks[] = {
	{ 1, 0x98d4, ARRAY_SIZE(ath5k_rf5112_banks_bank1), ath5k_rf5112_banks_bank1 },
	{ 2, 0x98d0, ARRAY_SIZE(ath5k_rf5112_banks_bank2), ath5k_rf5112_banks_bank2 },
	{ 3, 0x98dc, ARRAY_SIZE(ath5k_rf5112_banks_bank3), ath5k_rf5112_banks_bank3 },
	{ 6, 0x98d0, ARRAY_SIZE(ath5k_rf5112_banks_bank6), ath5k_rf5112_banks_bank6 },
	{ 7, 0x98c4, ARRAY_SIZE(ath5k_rf5112_banks_bank7), ath5k_rf5112_banks_bank7 },
	{ }
};

/* Source: rfbuffer.h, table rfb_5112a. */
static const u32 ath5k_rf5112a_banks_bank1[][ATH5K_RF_MODES] = {
	{ 0x00000020, 0x00000020, 0x00000020 },
};

static const u32 ath5k_rf5112a_banks_bank2[][ATH5K_RF_MODES] = {
	{ 0x03060408, 0x03060408, 0x03060408 },
};

static const u32 ath5k_rf5112a_banks_bank3[][ATH5K_RF_MODES] = {
	{ 0x00a020c0, 0x00e020c0, 0x00e020c0 },
};

static const u32 ath5k_rf5112a_banks_bank6[][ATH5K_RF_MODES] = {
	{ 0x0f000000, 0x0f000000, 0x0f000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00800000, 0x00800000, 0x00800000 },
	{ 0x002a0000, 0x002a0000, 0x002a0000 },
	{ 0x00010000, 0x00010000, 0x00010000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00180000, 0x00180000, 0x00180000 },
	{ 0x00600000, 0x006e0000, 0x006e0000 },
	{ 0x00c70000, 0x00c70000, 0x00c70000 },
	{ 0x004b0000, 0x004b0000, 0x004b0000 },
	{ 0x04480000, 0x04480000, 0x04480000 },
	{ 0x004c0000, 0x004c0000, 0x004c0000 },
	{ 0x00e40000, 0x00e40000, 0x00e40000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00fc0000, 0x00fc0000, 0x00fc0000 },
	{ 0x00ff0000, 0x00ff0000, 0x00ff0000 },
	{ 0x043f0000, 0x043f0000, 0x043f0000 },
	{ 0x000c0000, 0x000c0000, 0x000c0000 },
	{ 0x02190000, 0x02190000, 0x02190000 },
	{ 0x00240000, 0x00240000, 0x00240000 },
	{ 0x00b40000, 0x00b40000, 0x00b40000 },
	{ 0x00990000, 0x00990000, 0x00990000 },
	{ 0x00500000, 0x00500000, 0x00500000 },
	{ 0x002a0000, 0x002a0000, 0x002a0000 },
	{ 0x00120000, 0x00120000, 0x00120000 },
	{ 0xc0320000, 0xc0320000, 0xc0320000 },
	{ 0x01740000, 0x01740000, 0x01740000 },
	{ 0x00110000, 0x00110000, 0x00110000 },
	{ 0x86280000, 0x86280000, 0x86280000 },
	{ 0x31840000, 0x31840000, 0x31840000 },
	{ 0x00f20080, 0x00f20080, 0x00f20080 },
	{ 0x00270019, 0x00270019, 0x00270019 },
	{ 0x00000003, 0x00000003, 0x00000003 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x000000b2, 0x000000b2, 0x000000b2 },
	{ 0x00b02084, 0x00b02084, 0x00b02084 },
	{ 0x004125a4, 0x004125a4, 0x004125a4 },
	{ 0x00119220, 0x00119220, 0x00119220 },
	{ 0x001a4800, 0x001a4800, 0x001a4800 },
	{ 0x000b0230, 0x000b0230, 0x000b0230 },
};

static const u32 ath5k_rf5112a_banks_bank7[][ATH5K_RF_MODES] = {
	{ 0x00000094, 0x00000094, 0x00000094 },
	{ 0x00000091, 0x00000091, 0x00000091 },
	{ 0x00000012, 0x00000012, 0x00000012 },
	{ 0x00000080, 0x00000080, 0x00000080 },
	{ 0x000000d9, 0x000000d9, 0x000000d9 },
	{ 0x00000060, 0x00000060, 0x00000060 },
	{ 0x000000f0, 0x000000f0, 0x000000f0 },
	{ 0x000000a2, 0x000000a2, 0x000000a2 },
	{ 0x00000052, 0x00000052, 0x00000052 },
	{ 0x000000d4, 0x000000d4, 0x000000d4 },
	{ 0x000014cc, 0x000014cc, 0x000014cc },
	{ 0x0000048c, 0x0000048c, 0x0000048c },
	{ 0x00000003, 0x00000003, 0x00000003 },
};

const struct ath5k_rf_bank ath5k_rf5112a_banks[] = {
	{ 1, 0x98d4, ARRAY_SIZE(ath5k_rf5112a_banks_bank1), ath5k_rf5112a_banks_bank1 },
	{ 2, 0x98d0, ARRAY_SIZE(ath5k_rf5112a_banks_bank2), ath5k_rf5112a_banks_bank2 },
	{ 3, 0x98dc, ARRAY_SIZE(ath5k_rf5112a_banks_bank3), ath5k_rf5112a_banks_bank3 },
	{ 6, 0x98d8, ARRAY_SIZE(ath5k_rf5112a_banks_bank6), ath5k_rf5112a_banks_bank6 },
	{ 7, 0x98c4, ARRAY_SIZE(ath5k_rf5112a_banks_bank7), ath5k_rf5112a_banks_bank7 },
	{ }
};

/* Source: rfbuffer.h, table rfb_2413. */
static const u32 ath5k_rf2413_banks_bank1[][ATH5K_RF_MODES] = {
	{ 0x00000020, 0x00000020, 0x00000020 },
};

static const u32 ath5k_rf2413_banks_bank2[][ATH5K_RF_MODES] = {
	{ 0x02001408, 0x02001408, 0x02001408 },
};

static const u32 ath5k_rf2413_banks_bank3[][ATH5K_RF_MODES] = {
	{ 0x00a020c0, 0x00e020c0, 0x00e020c0 },
};

static const u32 ath5k_rf2413_banks_bank6[][ATH5K_RF_MODES] = {
	{ 0xf0000000, 0xf0000000, 0xf0000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x03000000, 0x03000000, 0x03000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x40400000, 0x40400000, 0x40400000 },
	{ 0x65050000, 0x65050000, 0x65050000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00420000, 0x00420000, 0x00420000 },
	{ 0x00b50000, 0x00b50000, 0x00b50000 },
	{ 0x00030000, 0x00030000, 0x00030000 },
	{ 0x00f70000, 0x00f70000, 0x00f70000 },
	{ 0x009d0000, 0x009d0000, 0x009d0000 },
	{ 0x00220000, 0x00220000, 0x00220000 },
	{ 0x04220000, 0x04220000, 0x04220000 },
	{ 0x00230018, 0x00230018, 0x00230018 },
	{ 0x00280000, 0x00280060, 0x00280060 },
	{ 0x005000c0, 0x005000c3, 0x005000c3 },
	{ 0x0004007f, 0x0004007f, 0x0004007f },
	{ 0x00000458, 0x00000458, 0x00000458 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x0000c000, 0x0000c000, 0x0000c000 },
	{ 0x00400230, 0x00400230, 0x00400230 },
};

static const u32 ath5k_rf2413_banks_bank7[][ATH5K_RF_MODES] = {
	{ 0x00006400, 0x00006400, 0x00006400 },
	{ 0x00000800, 0x00000800, 0x00000800 },
	{ 0x0000000e, 0x0000000e, 0x0000000e },
};

const struct ath5k_rf_bank ath5k_rf2413_banks[] = {
	{ 1, 0x98d4, ARRAY_SIZE(ath5k_rf2413_banks_bank1), ath5k_rf2413_banks_bank1 },
	{ 2, 0x98d0, ARRAY_SIZE(ath5k_rf2413_banks_bank2), ath5k_rf2413_banks_bank2 },
	{ 3, 0x98dc, ARRAY_SIZE(ath5k_rf2413_banks_bank3), ath5k_rf2413_banks_bank3 },
	{ 6, 0x98d8, ARRAY_SIZE(ath5k_rf2413_banks_bank6), ath5k_rf2413_banks_bank6 },
	{ 7, 0x98cc, ARRAY_SIZE(ath5k_rf2413_banks_bank7), ath5k_rf2413_banks_bank7 },
	{ }
};

/* Source: rfbuffer.h, table rfb_5413. */
static const u32 ath5k_rf5413_banks_bank1[][ATH5K_RF_MODES] = {
	{ 0x00000020, 0x00000020, 0x00000020 },
};

static const u32 ath5k_rf5413_banks_bank2[][ATH5K_RF_MODES] = {
	{ 0x00000008, 0x00000008, 0x00000008 },
};

static const u32 ath5k_rf5413_banks_bank3[][ATH5K_RF_MODES] = {
	{ 0x00a000c0, 0x00e000c0, 0x00e000c0 },
};

static const u32 ath5k_rf5413_banks_bank6[][ATH5K_RF_MODES] = {
	{ 0x33000000, 0x33000000, 0x33000000 },
	{ 0x01000000, 0x01000000, 0x01000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x1f000000, 0x1f000000, 0x1f000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00b80000, 0x00b80000, 0x00b80000 },
	{ 0x00b70000, 0x00b70000, 0x00b70000 },
	{ 0x00840000, 0x00840000, 0x00840000 },
	{ 0x00980000, 0x00980000, 0x00980000 },
	{ 0x00c00000, 0x00c00000, 0x00c00000 },
	{ 0x00ff0000, 0x00ff0000, 0x00ff0000 },
	{ 0x00ff0000, 0x00ff0000, 0x00ff0000 },
	{ 0x00ff0000, 0x00ff0000, 0x00ff0000 },
	{ 0x00ff0000, 0x00ff0000, 0x00ff0000 },
	{ 0x00d70000, 0x00d70000, 0x00d70000 },
	{ 0x00610000, 0x00610000, 0x00610000 },
	{ 0x00fe0000, 0x00fe0000, 0x00fe0000 },
	{ 0x00de0000, 0x00de0000, 0x00de0000 },
	{ 0x007f0000, 0x007f0000, 0x007f0000 },
	{ 0x043d0000, 0x043d0000, 0x043d0000 },
	{ 0x00770000, 0x00770000, 0x00770000 },
	{ 0x00440000, 0x00440000, 0x00440000 },
	{ 0x00980000, 0x00980000, 0x00980000 },
	{ 0x00100080, 0x00100080, 0x00100080 },
	{ 0x0005c034, 0x0005c034, 0x0005c034 },
	{ 0x003100f0, 0x003100f0, 0x003100f0 },
	{ 0x000c011f, 0x000c011f, 0x000c011f },
	{ 0x00510040, 0x00510040, 0x00510040 },
	{ 0x005000da, 0x005000da, 0x005000da },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00004044, 0x00004044, 0x00004044 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x000060c0, 0x000060c0, 0x000060c0 },
	{ 0x00002c00, 0x00003600, 0x00003600 },
	{ 0x00000403, 0x00040403, 0x00040403 },
};

static const u32 ath5k_rf5413_banks_bank7[][ATH5K_RF_MODES] = {
	{ 0x00006400, 0x00006400, 0x00006400 },
	{ 0x00000800, 0x00000800, 0x00000800 },
	{ 0x0000000e, 0x0000000e, 0x0000000e },
};

const struct ath5k_rf_bank ath5k_rf5413_banks[] = {
	{ 1, 0x98d4, ARRAY_SIZE(ath5k_rf5413_banks_bank1), ath5k_rf5413_banks_bank1 },
	{ 2, 0x98d0, ARRAY_SIZE(ath5k_rf5413_banks_bank2), ath5k_rf5413_banks_bank2 },
	{ 3, 0x98dc, ARRAY_SIZE(ath5k_rf5413_banks_bank3), ath5k_rf5413_banks_bank3 },
	{ 6, 0x98c8, ARRAY_SIZE(ath5k_rf5413_banks_bank6), ath5k_rf5413_banks_bank6 },
	{ 7, 0x98cc, ARRAY_SIZE(ath5k_rf5413_banks_bank7), ath5k_rf5413_banks_bank7 },
	{ }
};

/* Source: rfbuffer.h, table rfb_2425. */
static const u32 ath5k_rf2425_banks_bank1[][ATH5K_RF_MODES] = {
	{ 0x00000020, 0x00000020, 0x00000020 },
};

static const u32 ath5k_rf2425_banks_bank2[][ATH5K_RF_MODES] = {
	{ 0x02001408, 0x02001408, 0x02001408 },
};

static const u32 ath5k_rf2425_banks_bank3[][ATH5K_RF_MODES] = {
	{ 0x00a020c0, 0x00e020c0, 0x00e020c0 },
};

static const u32 ath5k_rf2425_banks_bank6[][ATH5K_RF_MODES] = {
	{ 0x10000000, 0x10000000, 0x10000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x002a0000, 0x002a0000, 0x002a0000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00100000, 0x00100000, 0x00100000 },
	{ 0x00020000, 0x00020000, 0x00020000 },
	{ 0x00730000, 0x00730000, 0x00730000 },
	{ 0x00f80000, 0x00f80000, 0x00f80000 },
	{ 0x00e70000, 0x00e70000, 0x00e70000 },
	{ 0x00140000, 0x00140000, 0x00140000 },
	{ 0x00910040, 0x00910040, 0x00910040 },
	{ 0x0007001a, 0x0007001a, 0x0007001a },
	{ 0x00410000, 0x00410000, 0x00410000 },
	{ 0x00810000, 0x00810060, 0x00810060 },
	{ 0x00020800, 0x00020803, 0x00020803 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00001660, 0x00001660, 0x00001660 },
	{ 0x00001688, 0x00001688, 0x00001688 },
	{ 0x00000001, 0x00000001, 0x00000001 },
};

static const u32 ath5k_rf2425_banks_bank7[][ATH5K_RF_MODES] = {
	{ 0x00006400, 0x00006400, 0x00006400 },
	{ 0x00000800, 0x00000800, 0x00000800 },
	{ 0x0000000e, 0x0000000e, 0x0000000e },
};

const struct ath5k_rf_bank ath5k_rf2425_banks[] = {
	{ 1, 0x98d4, ARRAY_SIZE(ath5k_rf2425_banks_bank1), ath5k_rf2425_banks_bank1 },
	{ 2, 0x98d0, ARRAY_SIZE(ath5k_rf2425_banks_bank2), ath5k_rf2425_banks_bank2 },
	{ 3, 0x98dc, ARRAY_SIZE(ath5k_rf2425_banks_bank3), ath5k_rf2425_banks_bank3 },
	{ 6, 0x98c4, ARRAY_SIZE(ath5k_rf2425_banks_bank6), ath5k_rf2425_banks_bank6 },
	{ 7, 0x98cc, ARRAY_SIZE(ath5k_rf2425_banks_bank7), ath5k_rf2425_banks_bank7 },
	{ }
};

/* Source: rfbuffer.h, table rfb_2417. */
static const u32 ath5k_rf2417_banks_bank1[][ATH5K_RF_MODES] = {
	{ 0x00000020, 0x00000020, 0x00000020 },
};

static const u32 ath5k_rf2417_banks_bank2[][ATH5K_RF_MODES] = {
	{ 0x02001408, 0x02001408, 0x02001408 },
};

static const u32 ath5k_rf2417_banks_bank3[][ATH5K_RF_MODES] = {
	{ 0x00a020c0, 0x00e020c0, 0x00e020c0 },
};

static const u32 ath5k_rf2417_banks_bank6[][ATH5K_RF_MODES] = {
	{ 0x10000000, 0x10000000, 0x10000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x002a0000, 0x002a0000, 0x002a0000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00100000, 0x00100000, 0x00100000 },
	{ 0x00020000, 0x00020000, 0x00020000 },
	{ 0x00730000, 0x00730000, 0x00730000 },
	{ 0x00f80000, 0x00f80000, 0x00f80000 },
	{ 0x00e70000, 0x80e70000, 0x80e70000 },
	{ 0x00140000, 0x00140000, 0x00140000 },
	{ 0x00910040, 0x00910040, 0x00910040 },
	{ 0x0007001a, 0x0207001a, 0x0207001a },
	{ 0x00410000, 0x00410000, 0x00410000 },
	{ 0x00810000, 0x00810060, 0x00810060 },
	{ 0x00020800, 0x00020803, 0x00020803 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00001660, 0x00001660, 0x00001660 },
	{ 0x00001688, 0x00001688, 0x00001688 },
	{ 0x00000001, 0x00000001, 0x00000001 },
};

static const u32 ath5k_rf2417_banks_bank7[][ATH5K_RF_MODES] = {
	{ 0x00006400, 0x00006400, 0x00006400 },
	{ 0x00000800, 0x00000800, 0x00000800 },
	{ 0x0000000e, 0x0000000e, 0x0000000e },
};

const struct ath5k_rf_bank ath5k_rf2417_banks[] = {
	{ 1, 0x98d4, ARRAY_SIZE(ath5k_rf2417_banks_bank1), ath5k_rf2417_banks_bank1 },
	{ 2, 0x98d0, ARRAY_SIZE(ath5k_rf2417_banks_bank2), ath5k_rf2417_banks_bank2 },
	{ 3, 0x98dc, ARRAY_SIZE(ath5k_rf2417_banks_bank3), ath5k_rf2417_banks_bank3 },
	{ 6, 0x98c4, ARRAY_SIZE(ath5k_rf2417_banks_bank6), ath5k_rf2417_banks_bank6 },
	{ 7, 0x98cc, ARRAY_SIZE(ath5k_rf2417_banks_bank7), ath5k_rf2417_banks_bank7 },
	{ }
};

/* Source: rfbuffer.h, table rf_regs_5112. */
const struct ath5k_rf_field ath5k_rf5112_fields[ATH5K_RF_FIELD_COUNT] = {
	[ATH5K_RF_TURBO] = { 2, 1, 1, 2 },
	[ATH5K_RF_OB_2GHZ] = { 6, 3, 269, 0 },
	[ATH5K_RF_DB_2GHZ] = { 6, 3, 272, 0 },
	[ATH5K_RF_OB_5GHZ] = { 6, 3, 261, 0 },
	[ATH5K_RF_DB_5GHZ] = { 6, 3, 264, 0 },
	[ATH5K_RF_FIXED_BIAS_A] = { 6, 1, 260, 0 },
	[ATH5K_RF_FIXED_BIAS_B] = { 6, 1, 259, 0 },
	[ATH5K_RF_XPD_SEL] = { 6, 1, 284, 0 },
	[ATH5K_RF_XPD_GAIN] = { 6, 2, 252, 0 },
	[ATH5K_RF_PWD_130] = { 6, 1, 172, 3 },
	[ATH5K_RF_PWD_131] = { 6, 1, 171, 3 },
	[ATH5K_RF_PWD_132] = { 6, 1, 170, 3 },
	[ATH5K_RF_PWD_136] = { 6, 1, 166, 3 },
	[ATH5K_RF_PWD_137] = { 6, 1, 165, 3 },
	[ATH5K_RF_PWD_138] = { 6, 1, 164, 3 },
	[ATH5K_RF_GAIN_I] = { 7, 6, 14, 0 },
	[ATH5K_RF_MIXVGA_OVR] = { 7, 1, 36, 0 },
	[ATH5K_RF_MIXGAIN_OVR] = { 7, 2, 37, 0 },
	[ATH5K_RF_MIXGAIN_STEP] = { 7, 4, 32, 0 },
	[ATH5K_RF_PD_DELAY_A] = { 7, 4, 58, 0 },
	[ATH5K_RF_PD_DELAY_B] = { 7, 4, 62, 0 },
	[ATH5K_RF_PD_DELAY_XR] = { 7, 4, 66, 0 },
	[ATH5K_RF_PD_PERIOD_A] = { 7, 4, 70, 0 },
	[ATH5K_RF_PD_PERIOD_B] = { 7, 4, 74, 0 },
	[ATH5K_RF_PD_PERIOD_XR] = { 7, 4, 78, 0 },
};

/* Source: rfbuffer.h, table rf_regs_5112a. */
const struct ath5k_rf_field ath5k_rf5112a_fields[ATH5K_RF_FIELD_COUNT] = {
	[ATH5K_RF_TURBO] = { 2, 1, 1, 2 },
	[ATH5K_RF_OB_2GHZ] = { 6, 3, 287, 0 },
	[ATH5K_RF_DB_2GHZ] = { 6, 3, 290, 0 },
	[ATH5K_RF_OB_5GHZ] = { 6, 3, 279, 0 },
	[ATH5K_RF_DB_5GHZ] = { 6, 3, 282, 0 },
	[ATH5K_RF_FIXED_BIAS_A] = { 6, 1, 278, 0 },
	[ATH5K_RF_FIXED_BIAS_B] = { 6, 1, 277, 0 },
	[ATH5K_RF_XPD_SEL] = { 6, 1, 302, 0 },
	[ATH5K_RF_PD_GAIN_LO] = { 6, 2, 270, 0 },
	[ATH5K_RF_PD_GAIN_HI] = { 6, 2, 257, 0 },
	[ATH5K_RF_PWD_130] = { 6, 1, 176, 3 },
	[ATH5K_RF_PWD_131] = { 6, 1, 175, 3 },
	[ATH5K_RF_PWD_132] = { 6, 1, 174, 3 },
	[ATH5K_RF_PWD_136] = { 6, 1, 170, 3 },
	[ATH5K_RF_PWD_137] = { 6, 1, 169, 3 },
	[ATH5K_RF_PWD_138] = { 6, 1, 168, 3 },
	[ATH5K_RF_PWD_166] = { 6, 1, 140, 3 },
	[ATH5K_RF_PWD_167] = { 6, 1, 139, 3 },
	[ATH5K_RF_HIGH_VC_CP] = { 6, 2, 90, 2 },
	[ATH5K_RF_MID_VC_CP] = { 6, 2, 92, 2 },
	[ATH5K_RF_LOW_VC_CP] = { 6, 2, 94, 2 },
	[ATH5K_RF_PUSH_UP] = { 6, 1, 254, 2 },
	[ATH5K_RF_PAD2GND] = { 6, 1, 281, 1 },
	[ATH5K_RF_XB2_LVL] = { 6, 2, 1, 3 },
	[ATH5K_RF_XB5_LVL] = { 6, 2, 3, 3 },
	[ATH5K_RF_GAIN_I] = { 7, 6, 14, 0 },
	[ATH5K_RF_MIXVGA_OVR] = { 7, 1, 36, 0 },
	[ATH5K_RF_MIXGAIN_OVR] = { 7, 2, 37, 0 },
	[ATH5K_RF_MIXGAIN_STEP] = { 7, 4, 32, 0 },
	[ATH5K_RF_PD_DELAY_A] = { 7, 4, 58, 0 },
	[ATH5K_RF_PD_DELAY_B] = { 7, 4, 62, 0 },
	[ATH5K_RF_PD_DELAY_XR] = { 7, 4, 66, 0 },
	[ATH5K_RF_PD_PERIOD_A] = { 7, 4, 70, 0 },
	[ATH5K_RF_PD_PERIOD_B] = { 7, 4, 74, 0 },
	[ATH5K_RF_PD_PERIOD_XR] = { 7, 4, 78, 0 },
};

/* Source: rfbuffer.h, table rf_regs_2413. */
const struct ath5k_rf_field ath5k_rf2413_fields[ATH5K_RF_FIELD_COUNT] = {
	[ATH5K_RF_TURBO] = { 2, 1, 1, 2 },
	[ATH5K_RF_OB_2GHZ] = { 6, 3, 168, 0 },
	[ATH5K_RF_DB_2GHZ] = { 6, 3, 165, 0 },
};

/* Source: rfbuffer.h, table rf_regs_5413. */
const struct ath5k_rf_field ath5k_rf5413_fields[ATH5K_RF_FIELD_COUNT] = {
	[ATH5K_RF_OB_2GHZ] = { 6, 3, 241, 0 },
	[ATH5K_RF_DB_2GHZ] = { 6, 3, 238, 0 },
	[ATH5K_RF_OB_5GHZ] = { 6, 3, 247, 0 },
	[ATH5K_RF_DB_5GHZ] = { 6, 3, 244, 0 },
	[ATH5K_RF_PWD_ICLOBUF_2G] = { 6, 3, 131, 3 },
	[ATH5K_RF_DERBY_CHAN_SEL_MODE] = { 6, 1, 291, 2 },
};

/* Source: rfbuffer.h, table rf_regs_2425. */
const struct ath5k_rf_field ath5k_rf2425_fields[ATH5K_RF_FIELD_COUNT] = {
	[ATH5K_RF_TURBO] = { 2, 1, 1, 2 },
	[ATH5K_RF_OB_2GHZ] = { 6, 3, 193, 0 },
	[ATH5K_RF_DB_2GHZ] = { 6, 3, 190, 0 },
};

/* Source: rfgain.h, table rfgain_5112.  Columns: 5 GHz, 2 GHz. */
const u32 ath5k_rf5112_gain[ATH5K_RF_GAIN_REGS][2] = {
	{ 0x00000007, 0x00000007 },
	{ 0x00000047, 0x00000047 },
	{ 0x00000087, 0x00000087 },
	{ 0x000001a0, 0x000001a0 },
	{ 0x000001e0, 0x000001e0 },
	{ 0x00000020, 0x00000020 },
	{ 0x00000060, 0x00000060 },
	{ 0x000001a1, 0x000001a1 },
	{ 0x000001e1, 0x000001e1 },
	{ 0x00000021, 0x00000021 },
	{ 0x00000061, 0x00000061 },
	{ 0x00000162, 0x00000162 },
	{ 0x000001a2, 0x000001a2 },
	{ 0x000001e2, 0x000001e2 },
	{ 0x00000022, 0x00000022 },
	{ 0x00000062, 0x00000062 },
	{ 0x00000163, 0x00000163 },
	{ 0x000001a3, 0x000001a3 },
	{ 0x000001e3, 0x000001e3 },
	{ 0x00000023, 0x00000023 },
	{ 0x00000063, 0x00000063 },
	{ 0x00000184, 0x00000184 },
	{ 0x000001c4, 0x000001c4 },
	{ 0x00000004, 0x00000004 },
	{ 0x000001ea, 0x0000000b },
	{ 0x0000002a, 0x0000004b },
	{ 0x0000006a, 0x0000008b },
	{ 0x000000aa, 0x000001ac },
	{ 0x000001ab, 0x000001ec },
	{ 0x000001eb, 0x0000002c },
	{ 0x0000002b, 0x00000012 },
	{ 0x0000006b, 0x00000052 },
	{ 0x000000ab, 0x00000092 },
	{ 0x000001ac, 0x00000193 },
	{ 0x000001ec, 0x000001d3 },
	{ 0x0000002c, 0x00000013 },
	{ 0x0000003a, 0x00000053 },
	{ 0x0000007a, 0x00000093 },
	{ 0x000000ba, 0x00000194 },
	{ 0x000001bb, 0x000001d4 },
	{ 0x000001fb, 0x00000014 },
	{ 0x0000003b, 0x0000003a },
	{ 0x0000007b, 0x0000007a },
	{ 0x000000bb, 0x000000ba },
	{ 0x000001bc, 0x000001bb },
	{ 0x000001fc, 0x000001fb },
	{ 0x0000003c, 0x0000003b },
	{ 0x0000007c, 0x0000007b },
	{ 0x000000bc, 0x000000bb },
	{ 0x000000fc, 0x000001bc },
	{ 0x000000fc, 0x000001fc },
	{ 0x000000fc, 0x0000003c },
	{ 0x000000fc, 0x0000007c },
	{ 0x000000fc, 0x000000bc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
	{ 0x000000fc, 0x000000fc },
};

/* Source: rfgain.h, table rfgain_2413.  Columns: 5 GHz, 2 GHz. */
const u32 ath5k_rf2413_gain[ATH5K_RF_GAIN_REGS][2] = {
	{ 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000040 },
	{ 0x00000000, 0x00000080 },
	{ 0x00000000, 0x00000181 },
	{ 0x00000000, 0x000001c1 },
	{ 0x00000000, 0x00000001 },
	{ 0x00000000, 0x00000041 },
	{ 0x00000000, 0x00000081 },
	{ 0x00000000, 0x00000168 },
	{ 0x00000000, 0x000001a8 },
	{ 0x00000000, 0x000001e8 },
	{ 0x00000000, 0x00000028 },
	{ 0x00000000, 0x00000068 },
	{ 0x00000000, 0x00000189 },
	{ 0x00000000, 0x000001c9 },
	{ 0x00000000, 0x00000009 },
	{ 0x00000000, 0x00000049 },
	{ 0x00000000, 0x00000089 },
	{ 0x00000000, 0x00000190 },
	{ 0x00000000, 0x000001d0 },
	{ 0x00000000, 0x00000010 },
	{ 0x00000000, 0x00000050 },
	{ 0x00000000, 0x00000090 },
	{ 0x00000000, 0x00000191 },
	{ 0x00000000, 0x000001d1 },
	{ 0x00000000, 0x00000011 },
	{ 0x00000000, 0x00000051 },
	{ 0x00000000, 0x00000091 },
	{ 0x00000000, 0x00000178 },
	{ 0x00000000, 0x000001b8 },
	{ 0x00000000, 0x000001f8 },
	{ 0x00000000, 0x00000038 },
	{ 0x00000000, 0x00000078 },
	{ 0x00000000, 0x00000199 },
	{ 0x00000000, 0x000001d9 },
	{ 0x00000000, 0x00000019 },
	{ 0x00000000, 0x00000059 },
	{ 0x00000000, 0x00000099 },
	{ 0x00000000, 0x000000d9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
};

/* Source: rfgain.h, table rfgain_5413.  Columns: 5 GHz, 2 GHz. */
const u32 ath5k_rf5413_gain[ATH5K_RF_GAIN_REGS][2] = {
	{ 0x00000000, 0x00000000 },
	{ 0x00000040, 0x00000040 },
	{ 0x00000080, 0x00000080 },
	{ 0x000001a1, 0x00000161 },
	{ 0x000001e1, 0x000001a1 },
	{ 0x00000021, 0x000001e1 },
	{ 0x00000061, 0x00000021 },
	{ 0x00000188, 0x00000061 },
	{ 0x000001c8, 0x00000188 },
	{ 0x00000008, 0x000001c8 },
	{ 0x00000048, 0x00000008 },
	{ 0x00000088, 0x00000048 },
	{ 0x000001a9, 0x00000088 },
	{ 0x000001e9, 0x00000169 },
	{ 0x00000029, 0x000001a9 },
	{ 0x00000069, 0x000001e9 },
	{ 0x000001d0, 0x00000029 },
	{ 0x00000010, 0x00000069 },
	{ 0x00000050, 0x00000190 },
	{ 0x00000090, 0x000001d0 },
	{ 0x000001b1, 0x00000010 },
	{ 0x000001f1, 0x00000050 },
	{ 0x00000031, 0x00000090 },
	{ 0x00000071, 0x00000171 },
	{ 0x000001b8, 0x000001b1 },
	{ 0x000001f8, 0x000001f1 },
	{ 0x00000038, 0x00000031 },
	{ 0x00000078, 0x00000071 },
	{ 0x00000199, 0x00000198 },
	{ 0x000001d9, 0x000001d8 },
	{ 0x00000019, 0x00000018 },
	{ 0x00000059, 0x00000058 },
	{ 0x00000099, 0x00000098 },
	{ 0x000000d9, 0x00000179 },
	{ 0x000000f9, 0x000001b9 },
	{ 0x000000f9, 0x000001f9 },
	{ 0x000000f9, 0x00000039 },
	{ 0x000000f9, 0x00000079 },
	{ 0x000000f9, 0x000000b9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
	{ 0x000000f9, 0x000000f9 },
};

/* Source: rfgain.h, table rfgain_2425.  Columns: 5 GHz, 2 GHz. */
const u32 ath5k_rf2425_gain[ATH5K_RF_GAIN_REGS][2] = {
	{ 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000040 },
	{ 0x00000000, 0x00000080 },
	{ 0x00000000, 0x00000181 },
	{ 0x00000000, 0x000001c1 },
	{ 0x00000000, 0x00000001 },
	{ 0x00000000, 0x00000041 },
	{ 0x00000000, 0x00000081 },
	{ 0x00000000, 0x00000188 },
	{ 0x00000000, 0x000001c8 },
	{ 0x00000000, 0x00000008 },
	{ 0x00000000, 0x00000048 },
	{ 0x00000000, 0x00000088 },
	{ 0x00000000, 0x00000189 },
	{ 0x00000000, 0x000001c9 },
	{ 0x00000000, 0x00000009 },
	{ 0x00000000, 0x00000049 },
	{ 0x00000000, 0x00000089 },
	{ 0x00000000, 0x000001b0 },
	{ 0x00000000, 0x000001f0 },
	{ 0x00000000, 0x00000030 },
	{ 0x00000000, 0x00000070 },
	{ 0x00000000, 0x00000171 },
	{ 0x00000000, 0x000001b1 },
	{ 0x00000000, 0x000001f1 },
	{ 0x00000000, 0x00000031 },
	{ 0x00000000, 0x00000071 },
	{ 0x00000000, 0x000001b8 },
	{ 0x00000000, 0x000001f8 },
	{ 0x00000000, 0x00000038 },
	{ 0x00000000, 0x00000078 },
	{ 0x00000000, 0x000000b8 },
	{ 0x00000000, 0x000001b9 },
	{ 0x00000000, 0x000001f9 },
	{ 0x00000000, 0x00000039 },
	{ 0x00000000, 0x00000079 },
	{ 0x00000000, 0x000000b9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
	{ 0x00000000, 0x000000f9 },
};

/* Source: rfgain.h, table rfgain_opt_5112 (default step 1). */
const struct ath5k_rf_gain_step
ath5k_rf5112_gain_steps[ATH5K_RF5112_GAIN_STEPS] = {
	{ { 3, 0, 0, 0, 0, 0, 0 }, 6 },
	{ { 2, 0, 0, 0, 0, 0, 0 }, 0 },
	{ { 1, 0, 0, 0, 0, 0, 0 }, -3 },
	{ { 0, 0, 0, 0, 0, 0, 0 }, -6 },
	{ { 0, 1, 1, 0, 0, 0, 0 }, -8 },
	{ { 0, 1, 1, 0, 1, 1, 0 }, -10 },
	{ { 0, 1, 0, 1, 1, 1, 0 }, -13 },
	{ { 0, 1, 0, 1, 1, 0, 1 }, -16 },
};

/* Source: rfbuffer.h, table rfb_5111. */
static const u32 ath5k_rf5111_banks_bank0[][ATH5K_RF_MODES] = {
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00380000, 0x00380000, 0x00380000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x000000c0, 0x00000080 },
	{ 0x000400f9, 0x000400ff, 0x000400fd },
	{ 0x00000000, 0x00000004, 0x00000004 },
};

static const u32 ath5k_rf5111_banks_bank1[][ATH5K_RF_MODES] = {
	{ 0x00000020, 0x00000020, 0x00000020 },
};

static const u32 ath5k_rf5111_banks_bank2[][ATH5K_RF_MODES] = {
	{ 0x00000010, 0x00000010, 0x00000010 },
};

static const u32 ath5k_rf5111_banks_bank3[][ATH5K_RF_MODES] = {
	{ 0x00601068, 0x00601068, 0x00601068 },
};

static const u32 ath5k_rf5111_banks_bank6[][ATH5K_RF_MODES] = {
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x10000000, 0x10000000, 0x10000000 },
	{ 0x04000000, 0x04000000, 0x04000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000000, 0x0a000000, 0x00000000 },
	{ 0x003800c0, 0x023800c0, 0x003800c0 },
	{ 0x00020006, 0x00000006, 0x00020006 },
	{ 0x00000089, 0x00000089, 0x00000089 },
	{ 0x000000a0, 0x000000a0, 0x000000a0 },
	{ 0x00040007, 0x00040007, 0x00040007 },
	{ 0x0000001a, 0x0000001a, 0x0000001a },
};

static const u32 ath5k_rf5111_banks_bank7[][ATH5K_RF_MODES] = {
	{ 0x00000040, 0x00000040, 0x00000040 },
	{ 0x00000010, 0x00000010, 0x00000010 },
	{ 0x00000008, 0x00000008, 0x00000008 },
	{ 0x0000004f, 0x0000004f, 0x0000004f },
	{ 0x000000f1, 0x00000061, 0x000000f1 },
	{ 0x0000904f, 0x0000904c, 0x0000904f },
	{ 0x0000125a, 0x0000129a, 0x0000125a },
	{ 0x0000000e, 0x0000000f, 0x0000000e },
};

const struct ath5k_rf_bank ath5k_rf5111_banks[] = {
	{ 0, 0x98d4, ARRAY_SIZE(ath5k_rf5111_banks_bank0), ath5k_rf5111_banks_bank0 },
	{ 1, 0x98d4, ARRAY_SIZE(ath5k_rf5111_banks_bank1), ath5k_rf5111_banks_bank1 },
	{ 2, 0x98d4, ARRAY_SIZE(ath5k_rf5111_banks_bank2), ath5k_rf5111_banks_bank2 },
	{ 3, 0x98d8, ARRAY_SIZE(ath5k_rf5111_banks_bank3), ath5k_rf5111_banks_bank3 },
	{ 6, 0x98d4, ARRAY_SIZE(ath5k_rf5111_banks_bank6), ath5k_rf5111_banks_bank6 },
	{ 7, 0x98cc, ARRAY_SIZE(ath5k_rf5111_banks_bank7), ath5k_rf5111_banks_bank7 },
	{ }
};

/* Source: rfbuffer.h, table rf_regs_5111. */
const struct ath5k_rf_field ath5k_rf5111_fields[ATH5K_RF_FIELD_COUNT] = {
	[ATH5K_RF_TURBO] = { 2, 1, 3, 0 },
	[ATH5K_RF_OB_2GHZ] = { 6, 3, 119, 0 },
	[ATH5K_RF_DB_2GHZ] = { 6, 3, 122, 0 },
	[ATH5K_RF_OB_5GHZ] = { 6, 3, 104, 0 },
	[ATH5K_RF_DB_5GHZ] = { 6, 3, 107, 0 },
	[ATH5K_RF_PWD_XPD] = { 6, 1, 95, 0 },
	[ATH5K_RF_XPD_GAIN] = { 6, 4, 96, 0 },
	[ATH5K_RF_PWD_84] = { 6, 1, 51, 3 },
	[ATH5K_RF_PWD_90] = { 6, 1, 45, 3 },
	[ATH5K_RF_GAIN_I] = { 7, 6, 29, 0 },
	[ATH5K_RF_PLO_SEL] = { 7, 1, 4, 0 },
	[ATH5K_RF_RFGAIN_SEL] = { 7, 1, 36, 0 },
	[ATH5K_RF_RFGAIN_STEP] = { 7, 6, 37, 0 },
	[ATH5K_RF_WAIT_S] = { 7, 5, 19, 0 },
	[ATH5K_RF_WAIT_I] = { 7, 5, 24, 0 },
	[ATH5K_RF_MAX_TIME] = { 7, 2, 49, 0 },
};

/* Source: rfgain.h, table rfgain_5111. */
const u32 ath5k_rf5111_gain[ATH5K_RF_GAIN_REGS][2] = {
	{ 0x000001a9, 0x00000000 },
	{ 0x000001e9, 0x00000040 },
	{ 0x00000029, 0x00000080 },
	{ 0x00000069, 0x00000150 },
	{ 0x00000199, 0x00000190 },
	{ 0x000001d9, 0x000001d0 },
	{ 0x00000019, 0x00000010 },
	{ 0x00000059, 0x00000044 },
	{ 0x00000099, 0x00000084 },
	{ 0x000001a5, 0x00000148 },
	{ 0x000001e5, 0x00000188 },
	{ 0x00000025, 0x000001c8 },
	{ 0x000001c8, 0x00000014 },
	{ 0x00000008, 0x00000042 },
	{ 0x00000048, 0x00000082 },
	{ 0x00000088, 0x00000178 },
	{ 0x00000198, 0x000001b8 },
	{ 0x000001d8, 0x000001f8 },
	{ 0x00000018, 0x00000012 },
	{ 0x00000058, 0x00000052 },
	{ 0x00000098, 0x00000092 },
	{ 0x000001a4, 0x0000017c },
	{ 0x000001e4, 0x000001bc },
	{ 0x00000024, 0x000001fc },
	{ 0x00000064, 0x0000000a },
	{ 0x000000a4, 0x0000004a },
	{ 0x000000e4, 0x0000008a },
	{ 0x0000010a, 0x0000015a },
	{ 0x0000014a, 0x0000019a },
	{ 0x0000018a, 0x000001da },
	{ 0x000001ca, 0x0000000e },
	{ 0x0000000a, 0x0000004e },
	{ 0x0000004a, 0x0000008e },
	{ 0x0000008a, 0x0000015e },
	{ 0x000001ba, 0x0000019e },
	{ 0x000001fa, 0x000001de },
	{ 0x0000003a, 0x00000009 },
	{ 0x0000007a, 0x00000049 },
	{ 0x00000186, 0x00000089 },
	{ 0x000001c6, 0x00000179 },
	{ 0x00000006, 0x000001b9 },
	{ 0x00000046, 0x000001f9 },
	{ 0x00000086, 0x00000039 },
	{ 0x000000c6, 0x00000079 },
	{ 0x000000c6, 0x000000b9 },
	{ 0x000000c6, 0x000001bd },
	{ 0x000000c6, 0x000001fd },
	{ 0x000000c6, 0x0000003d },
	{ 0x000000c6, 0x0000007d },
	{ 0x000000c6, 0x000000bd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
	{ 0x000000c6, 0x000000fd },
};

/*
 * Source: rfgain.h, table rfgain_opt_5111, its default step (index 4):
 * TX clip 4, PWD_90 1, PWD_84 1, RFGAIN_SEL 0.
 */
const struct ath5k_rf5111_gain_step ath5k_rf5111_gain_step_default = {
	.tx_clip = 4, .pwd_90 = 1, .pwd_84 = 1, .rfgain_sel = 0,
};
