// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * EEPROM image parser and validator for the AR5211 and AR5212 families.
 *
 * Layout facts (word offsets, field positions, the calibration formats
 * EEMAP 0 for RF5111, EEMAP 1 for RF5112 and EEMAP 2 for
 * RF2413/RF5413/RF2425) come from the Linux ath5k driver (eeprom.[ch] in
 * Debian linux-source-6.1; the 3.0-3.4 layouts checked against 6.12) and
 * the project's hardware-facts note.  The code is ours: the image is read
 * into memory first and parsed here without touching hardware, so this
 * file is also built into the userspace unit tests.
 *
 * Every read is bounds-checked; anything we would later index or divide
 * by is checked for sanity, so that corrupt calibration data fails probe
 * with one clear message instead of misprogramming the radio.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/eeprom.c in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2009 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2008-2009 Felix Fietkau <nbd@openwrt.org>
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
 * From drivers/net/wireless/ath/ath5k/eeprom.h in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
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
#include <linux/types.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/device.h>

#include "eeprom.h"
#include "hw.h"

/*
 * Where the version puts the parts that moved: 3.3 moved the mode
 * sections, CTLs and groups up; 4.0 made the target powers (and the CTL
 * edges after them) movable through MISC1.
 */
struct ee_layout {
	u16 ant_gain;
	u16 mode[ATH5K_EE_NMODES];
	u16 ctl_ids;
	u8 nctls;
	u16 groups;
	u16 targets;		/* 11a target powers; 11b/11g follow */
	u16 ctl_data;		/* edge data of the first CTL */
};

/* Parser state: the image and a failure flag for out-of-range reads. */
struct ee_ctx {
	struct ath5k_eeprom *ee;
	const u16 *img;
	unsigned int nwords;
	struct device *dev;
	bool overrun;
	unsigned int overrun_at;
	struct ee_layout lay;
};

#define ee_fail(c, fmt, ...) \
	({ dev_err((c)->dev, "EEPROM: " fmt "\n", ##__VA_ARGS__); -EINVAL; })

static u16 ath5k_ee_word(struct ee_ctx *c, unsigned int off)
{
	if (off >= c->nwords) {
		if (!c->overrun)
			c->overrun_at = off;
		c->overrun = true;
		return 0;
	}
	return c->img[off];
}

/*
 * Bit streams.  Several EEPROM structures pack fields across word
 * boundaries: the antenna switch table runs MSB-first, the EEMAP 2
 * calibration piers run LSB-first.
 */
struct ee_bits {
	struct ee_ctx *c;
	unsigned int word;	/* next word to load */
	u32 acc;		/* bits not yet consumed */
	unsigned int nacc;
};

static void ath5k_bits_init(struct ee_bits *b, struct ee_ctx *c, unsigned int off)
{
	b->c = c;
	b->word = off;
	b->acc = 0;
	b->nacc = 0;
}

static unsigned int ath5k_bits_lsb(struct ee_bits *b, unsigned int n)
{
	unsigned int v;

	if (b->nacc < n) {
		b->acc |= (u32)ath5k_ee_word(b->c, b->word++) << b->nacc;
		b->nacc += 16;
	}
	v = b->acc & ((1u << n) - 1);
	b->acc >>= n;
	b->nacc -= n;
	return v;
}

/* MSB-first: start inside a word by skipping its top @skip bits. */
static void ath5k_bits_msb_init(struct ee_bits *b, struct ee_ctx *c,
				unsigned int off, unsigned int skip)
{
	ath5k_bits_init(b, c, off + 1);
	b->acc = ath5k_ee_word(c, off) & (0xffffu >> skip);
	b->nacc = 16 - skip;
}

static unsigned int ath5k_bits_msb(struct ee_bits *b, unsigned int n)
{
	if (b->nacc < n) {
		b->acc = (b->acc << 16) | ath5k_ee_word(b->c, b->word++);
		b->nacc += 16;
	}
	b->nacc -= n;
	return (b->acc >> b->nacc) & ((1u << n) - 1);
}

/* Calibration frequency bins (EEPROM >= 3.3 encoding). */
static u16 ath5k_bin_to_freq(u8 bin, unsigned int mode)
{
	if (mode == ATH5K_MODE_11A)
		return 4800 + 5 * bin;
	return 2300 + bin;
}

/*
 * The 7-bit bins of 3.2 and older: 10 MHz steps from 5100 MHz up to bin
 * 62 (5720 MHz), 5 MHz steps above; on 2.4 GHz one MHz from 2400.
 */
#define OLD_BIN_10MHZ_LAST	62

static u16 ath5k_old_bin_to_freq(u8 bin, unsigned int mode)
{
	if (mode != ATH5K_MODE_11A)
		return 2400 + bin;
	if (bin <= OLD_BIN_10MHZ_LAST)
		return 5100 + 10 * bin;
	return 5100 + 10 * OLD_BIN_10MHZ_LAST + 5 * (bin - OLD_BIN_10MHZ_LAST);
}

static bool ath5k_freq_in_band(u16 freq, unsigned int mode)
{
	if (mode == ATH5K_MODE_11A)
		return freq >= 4900 && freq <= 6100;
	return freq >= 2300 && freq <= 2555;
}

static const char *const mode_name[ATH5K_EE_NMODES] = {
	[ATH5K_MODE_11A] = "11a",
	[ATH5K_MODE_11B] = "11b",
	[ATH5K_MODE_11G] = "11g",
};

/* ----- header --------------------------------------------------------- */

/* End (exclusive) of the checksummed area; a zero size field means 1K. */
static unsigned int ath5k_checksum_end(const u16 *img, unsigned int nwords)
{
	if (nwords <= ATH5K_EE_SIZE_HIGH || !img[ATH5K_EE_SIZE_HIGH])
		return ATH5K_EE_WORDS;
	return ((img[ATH5K_EE_SIZE_HIGH] & 0xfff0u) << 12) |
	       img[ATH5K_EE_SIZE_LOW];
}

unsigned int ath5k_eeprom_image_words(const u16 *img, unsigned int nwords)
{
	unsigned int end = ath5k_checksum_end(img, nwords);

	return max_t(unsigned int, end, ATH5K_EE_WORDS);
}

/* Group offsets from the group start, as for the EEMAP 0/1 layouts. */
#define GROUP_TARGETS		0x55	/* before 4.0 */
#define GROUP_CTL_DATA		0x6f	/* before 4.0 */
#define CTL_EDGE_DATA_SKIP	(GROUP_CTL_DATA - GROUP_TARGETS)

/*
 * The fixed homes a version gives its parts.  From 4.0 on MISC1 moves the
 * target powers and CTL edges (set by the caller).  Before 4.0 they sit
 * in the groups, also for 3.3 and 3.4; the Linux parser reads those two
 * versions' target powers relative to a MISC1 it never read (word 0), a
 * place that holds no power data.
 */
static const struct ee_layout ath5k_layout_v3_0 = {
	.ant_gain = ATH5K_EE_ANT_GAIN_V3,
	.mode = { ATH5K_EE_MODES_11A_V3, ATH5K_EE_MODES_11B_V3,
		  ATH5K_EE_MODES_11G_V3 },
	.ctl_ids = ATH5K_EE_CTL_IDS_V3,
	.nctls = ATH5K_EE_MAX_CTLS_V3,
	.groups = ATH5K_EE_GROUPS_V3,
};

static const struct ee_layout ath5k_layout_v3_3 = {
	.ant_gain = ATH5K_EE_ANT_GAIN,
	.mode = { ATH5K_EE_MODES_11A, ATH5K_EE_MODES_11B, ATH5K_EE_MODES_11G },
	.ctl_ids = ATH5K_EE_CTL_IDS,
	.nctls = ATH5K_EE_MAX_CTLS,
	.groups = ATH5K_EE_GROUPS_5112,
};

static void ath5k_set_layout(struct ee_ctx *c)
{
	struct ee_layout *l = &c->lay;

	*l = c->ee->version >= ATH5K_EE_V3_3 ? ath5k_layout_v3_3 :
					       ath5k_layout_v3_0;
	l->targets = l->groups + GROUP_TARGETS;
	l->ctl_data = l->groups + GROUP_CTL_DATA;
}

static int ath5k_parse_header(struct ee_ctx *c)
{
	struct ath5k_eeprom *ee = c->ee;
	unsigned int end, i;
	u16 sum, w;

	if (c->nwords < ATH5K_EE_WORDS)
		return ee_fail(c, "image truncated: %u words, need %u",
			       c->nwords, ATH5K_EE_WORDS);

	end = ath5k_checksum_end(c->img, c->nwords);
	if (end > ATH5K_EE_WORDS_MAX || end <= ATH5K_EE_CKSUM_START)
		return ee_fail(c, "size field claims %u words (0x%x..%u accepted)",
			       end, ATH5K_EE_CKSUM_START + 1,
			       ATH5K_EE_WORDS_MAX);
	if (end > c->nwords)
		return ee_fail(c, "image truncated: %u words, size field says %u",
			       c->nwords, end);

	ee->version = c->img[ATH5K_EE_VERSION];
	if (ee->version < ATH5K_EE_V3_0)
		return ee_fail(c, "version %u.%u too old (need 3.0 or later)",
			       ee->version >> 12, ee->version & 0xfff);

	for (sum = 0, i = ATH5K_EE_CKSUM_START; i < end; i++)
		sum ^= c->img[i];
	if (sum != 0xffff)
		return ee_fail(c, "bad checksum 0x%04x over words 0x%x-0x%x",
			       sum, ATH5K_EE_CKSUM_START, end - 1);

	/* MAC: word 0x1f holds bytes 0/1, 0x1e bytes 2/3, 0x1d bytes 4/5 */
	for (i = 0; i < 3; i++) {
		w = c->img[ATH5K_EE_MAC_01 - i];
		ee->mac[2 * i] = w >> 8;
		ee->mac[2 * i + 1] = w & 0xff;
	}
	if (!memchr_inv(ee->mac, 0, 6) || !memchr_inv(ee->mac, 0xff, 6))
		return ee_fail(c, "no MAC address (%s)",
			       ee->mac[0] ? "all ones" : "all zero");
	if (ee->mac[0] & 1)
		return ee_fail(c, "MAC address is multicast (first byte 0x%02x)",
			       ee->mac[0]);

	ee->regdomain = c->img[ATH5K_EE_REGDOMAIN];
	ee->header = c->img[ATH5K_EE_HEADER];
	ee->modes = ee->header & (BIT(ATH5K_MODE_11A) | BIT(ATH5K_MODE_11B) |
				  BIT(ATH5K_MODE_11G));
	if (!ee->modes)
		return ee_fail(c, "header 0x%04x enables no band", ee->header);
	ee->rfkill_irq = ee->header & BIT(14);

	ath5k_set_layout(c);
	w = c->img[c->lay.ant_gain];
	ee->ant_gain_5ghz = (s8)(w >> 8);
	ee->ant_gain_2ghz = (s8)(w & 0xff);

	/* before 4.0 there is no MISC0: the image is an RF5111 one */
	if (ee->version >= ATH5K_EE_V4_0) {
		ee->misc0 = c->img[ATH5K_EE_MISC0];
		ee->misc1 = c->img[ATH5K_EE_MISC1];
		ee->eemap = ee->misc0 >> 14;
		c->lay.targets = ee->misc1 & 0xfff;
		c->lay.ctl_data = c->lay.targets + CTL_EDGE_DATA_SKIP;
	}
	if (ee->version >= ATH5K_EE_V5_0) {
		ee->misc4 = c->img[ATH5K_EE_MISC4];
		ee->misc5 = c->img[ATH5K_EE_MISC5];
		ee->aes_disabled = ee->misc5 & BIT(1);
	}
	if (ee->eemap == ATH5K_EEMAP_2413 && ee->version < ATH5K_EE_V5_0)
		return ee_fail(c, "EEMAP 2 needs version 5.0, image is %u.%u",
			       ee->version >> 12, ee->version & 0xfff);
	if (ee->eemap > ATH5K_EEMAP_2413)
		return ee_fail(c, "calibration layout EEMAP %u not supported",
			       ee->eemap);

	w = c->img[ATH5K_EE_RFKILL];
	ee->rfkill_gpio = (w >> 2) & 0x7;
	ee->rfkill_active_high = w & BIT(1);
	ee->serdes = c->img[ATH5K_EE_PCIE_OFFSET] == 0x40;
	ee->hb63 = c->img[ATH5K_EE_IS_HB63] != 0;
	return 0;
}

/* ----- per-mode sections ----------------------------------------------- */

/* Antenna settling, attenuation and the 11 six-bit switch settings. */
static void ath5k_parse_antennas(struct ee_ctx *c, unsigned int off,
				 struct ath5k_ee_mode *m)
{
	struct ee_bits b;
	unsigned int i;

	ath5k_bits_msb_init(&b, c, off, 1);	/* bit 15 of the first word is spare */
	m->switch_settling = ath5k_bits_msb(&b, 7);
	m->atn_tx_rx = ath5k_bits_msb(&b, 6);
	for (i = 0; i < ARRAY_SIZE(m->ant_control); i++)
		m->ant_control[i] = ath5k_bits_msb(&b, 6);
}

static void ath5k_add_bin_pier(struct ath5k_ee_mode *m, u8 bin, unsigned int mode)
{
	if (bin == 0xff || bin == 0 || m->npiers >= ATH5K_EE_MAX_PIERS_2GHZ)
		return;
	m->pier[m->npiers++].freq = ath5k_bin_to_freq(bin, mode);
}

/*
 * Defaults for fields an old image lacks: before 3.4 no I gain and no
 * CCK/OFDM power delta (tenths of dB).  Up to 3.2 the Linux driver
 * replaces the image's thresh62 and noise floor with these fixed values
 * (it says: for better performance); we do the same.
 */
#define OLD_I_GAIN		10
#define OLD_CCK_OFDM_DELTA	15
#define OLD_THR62_5GHZ		15
#define OLD_THR62_2GHZ		28
#define OLD_NF_5GHZ		(-54)
#define OLD_NF_2GHZ		(-1)

/*
 * One mode's section: 5 antenna words, then RF front-end settings whose
 * positions depend on the mode and version.  Offsets are relative to @off.
 */
static void ath5k_parse_mode(struct ee_ctx *c, unsigned int mode, unsigned int off)
{
	struct ath5k_eeprom *ee = c->ee;
	struct ath5k_ee_mode *m = &ee->mode[mode];
	unsigned int o = off + 5;	/* past the antenna words */
	u16 w;

	ath5k_parse_antennas(c, off, m);

	w = ath5k_ee_word(c, o++);
	m->adc_desired_size = (s8)(w >> 8);
	if (mode == ATH5K_MODE_11A) {
		/* ob/db for four 5 GHz sub-bands, 3 bits each, MSB first */
		struct ee_bits b;
		int sub;

		ath5k_bits_msb_init(&b, c, o - 1, 8);
		for (sub = 3; sub >= 0; sub--) {
			m->ob[sub] = ath5k_bits_msb(&b, 3);
			m->db[sub] = ath5k_bits_msb(&b, 3);
		}
		o++;
	} else {
		m->ob[1] = (w >> 4) & 0x7;
		m->db[1] = w & 0x7;
	}

	w = ath5k_ee_word(c, o++);
	m->tx_end2xlna = w >> 8;
	m->thr_62 = w & 0xff;
	w = ath5k_ee_word(c, o++);
	m->tx_end2xpa_off = w >> 8;
	m->tx_frame2xpa_on = w & 0xff;
	w = ath5k_ee_word(c, o++);
	m->pga_desired_size = (s8)(w >> 8);
	m->nf_threshold = (s8)(w & 0xff);
	w = ath5k_ee_word(c, o++);
	m->xlna_gain = (w >> 5) & 0xff;
	m->x_gain = (w >> 1) & 0xf;
	m->xpd = w & 0x1;
	if (mode != ATH5K_MODE_11B && ee->version >= ATH5K_EE_V4_0)
		m->fixed_bias = (w >> 13) & 0x1;

	if (ee->version <= ATH5K_EE_V3_2) {
		m->thr_62 = mode == ATH5K_MODE_11A ? OLD_THR62_5GHZ : OLD_THR62_2GHZ;
		m->nf_threshold = mode == ATH5K_MODE_11A ? OLD_NF_5GHZ : OLD_NF_2GHZ;
	}

	if (ee->version >= ATH5K_EE_V3_3) {
		w = ath5k_ee_word(c, o++);
		m->false_detect = (w >> 6) & 0x7f;
		if (mode != ATH5K_MODE_11A) {
			m->ob[0] = w & 0x7;
			m->db[0] = (w >> 3) & 0x7;
		}
	} else if (mode != ATH5K_MODE_11A) {
		/* 11b's and 11g's own words after the CTL ids */
		w = ath5k_ee_word(c, mode == ATH5K_MODE_11B ?
				  ATH5K_EE_OBDB_11B_V3 : ATH5K_EE_OBDB_11G_V3);
		m->ob[0] = w & 0x7;
		m->db[0] = (w >> 3) & 0x7;
	}

	if (ee->version < ATH5K_EE_V3_4) {
		m->i_gain = OLD_I_GAIN;
		ee->cck_ofdm_power_delta = OLD_CCK_OFDM_DELTA;
		return;
	}
	m->i_gain = (w >> 13) & 0x7;
	w = ath5k_ee_word(c, o++);
	m->i_gain |= (w << 3) & 0x38;
	if (mode == ATH5K_MODE_11G) {
		ee->cck_ofdm_power_delta = (w >> 3) & 0xff;
		if (ee->version >= ATH5K_EE_V4_6)
			ee->scaled_cck_delta = (w >> 11) & 0x1f;
	}
	if (ee->version < ATH5K_EE_V4_0)
		return;
	if (mode == ATH5K_MODE_11A) {
		m->i_cal = (w >> 8) & 0x3f;
		m->q_cal = (w >> 3) & 0x1f;
	}

	switch (mode) {
	case ATH5K_MODE_11A:
		if (ee->version >= ATH5K_EE_V4_1)
			m->margin_tx_rx = ath5k_ee_word(c, o++) & 0x3f;
		/* two words of turbo settings, then the PD gain overlap */
		if (ee->version >= ATH5K_EE_V5_0 &&
		    ee->eemap >= ATH5K_EEMAP_2413)
			ee->pd_gain_overlap = (ath5k_ee_word(c, o + 1) >> 9) & 0xf;
		break;
	case ATH5K_MODE_11B:
		/* pre-v5 pier list; EEMAP 2 images replace it later */
		w = ath5k_ee_word(c, o++);
		ath5k_add_bin_pier(m, w & 0xff, mode);
		ath5k_add_bin_pier(m, w >> 8, mode);
		w = ath5k_ee_word(c, o++);
		ath5k_add_bin_pier(m, w & 0xff, mode);
		if (ee->version >= ATH5K_EE_V4_1)
			m->margin_tx_rx = (w >> 8) & 0x3f;
		break;
	case ATH5K_MODE_11G:
		w = ath5k_ee_word(c, o++);
		ath5k_add_bin_pier(m, w & 0xff, mode);
		ath5k_add_bin_pier(m, w >> 8, mode);
		o++;			/* turbo/XR power */
		w = ath5k_ee_word(c, o++);
		ath5k_add_bin_pier(m, w & 0xff, mode);
		if (ee->version >= ATH5K_EE_V4_1)
			m->margin_tx_rx = (w >> 8) & 0x3f;
		w = ath5k_ee_word(c, o++);
		m->i_cal = (w >> 5) & 0x3f;
		m->q_cal = w & 0x1f;
		if (ee->version >= ATH5K_EE_V4_2)
			ee->cck_ofdm_gain_delta = ath5k_ee_word(c, o++) & 0xff;
		break;
	}
}

/* ----- power calibration ------------------------------------------------ */

/* Pier frequencies packed two per word, low byte first, 0 ends. */
static unsigned int ath5k_read_pier_list(struct ee_ctx *c, unsigned int off,
					 unsigned int max, unsigned int mode,
					 struct ath5k_ee_mode *m)
{
	unsigned int i;
	u16 w = 0;
	u8 bin;

	m->npiers = 0;
	for (i = 0; i < max; i++) {
		w = (i & 1) ? w >> 8 : ath5k_ee_word(c, off + i / 2);
		bin = w & 0xff;
		if (!bin)
			break;
		m->pier[m->npiers++].freq = ath5k_bin_to_freq(bin, mode);
	}
	return m->npiers;
}

/*
 * EEMAP 1 (RF5112): two curves per pier at most.  The low-gain curve
 * (x0, high power) has 4 points whose PCDAC steps are deltas; the
 * high-gain curve (x3) has 3 points at fixed steps 20, 35 and 63.
 * x_gain is a mask of hardware gains; curves are stored lowest first.
 */
#define RF5112_GROUP_11A_DATA	0x5
#define RF5112_GROUP_11B	0x37
#define RF5112_GROUP_11G	0x46
#define RF5112_GROUP_11G_NO_A	0x5
#define RF5112_PIER_WORDS	5

/*
 * Before 3.3 the 11a list is ten 7-bit bins in one MSB-first stream over
 * five words.  All ten are piers to the Linux parser; we also take a zero
 * bin after the first pier as the end of a shorter list (bin 0 would be
 * 5100 MHz, below every pier before it, so the list could not go on).
 */
#define OLD_BIN_BITS		7

static void ath5k_read_old_pier_list(struct ee_ctx *c, unsigned int off,
				     struct ath5k_ee_mode *m)
{
	struct ee_bits b;
	unsigned int i;
	u8 bin;

	ath5k_bits_msb_init(&b, c, off, 0);
	m->npiers = 0;
	for (i = 0; i < ATH5K_EE_MAX_PIERS; i++) {
		bin = ath5k_bits_msb(&b, OLD_BIN_BITS);
		if (!bin && i)
			break;
		m->pier[m->npiers++].freq = ath5k_old_bin_to_freq(bin, ATH5K_MODE_11A);
	}
}

/* EEMAP 0/1 11a: the pier list opens the groups; returns where data starts. */
static unsigned int ath5k_groups_11a(struct ee_ctx *c, struct ath5k_ee_mode *m)
{
	if (c->ee->version >= ATH5K_EE_V3_3)
		ath5k_read_pier_list(c, c->lay.groups, ATH5K_EE_MAX_PIERS,
				     ATH5K_MODE_11A, m);
	else
		ath5k_read_old_pier_list(c, c->lay.groups, m);
	return c->lay.groups + RF5112_GROUP_11A_DATA;
}

static int ath5k_parse_pcal_5112(struct ee_ctx *c, unsigned int mode)
{
	struct ath5k_eeprom *ee = c->ee;
	struct ath5k_ee_mode *m = &ee->mode[mode];
	static const u8 x3_steps[3] = { 20, 35, 63 };
	unsigned int off, i, p, g;
	u16 w;

	m->npd_gains = 0;
	for (g = 0; g < ATH5K_EE_PD_GAINS; g++)
		if (m->x_gain & BIT(g))
			m->pd_gain_idx[m->npd_gains++] = g;
	if (m->npd_gains == 0 || m->npd_gains > 2)
		return ee_fail(c, "%s: x_gain mask 0x%x selects %u curves (RF5112 takes 1 or 2)",
			       mode_name[mode], m->x_gain, m->npd_gains);

	switch (mode) {
	case ATH5K_MODE_11A:
		off = ath5k_groups_11a(c, m);
		break;
	case ATH5K_MODE_11B:
		off = c->lay.groups;
		if (ee->modes & BIT(ATH5K_MODE_11A))
			off += RF5112_GROUP_11B;
		break;
	default:
		off = c->lay.groups;
		if (ee->modes & BIT(ATH5K_MODE_11A))
			off += RF5112_GROUP_11G;
		else if (ee->modes & BIT(ATH5K_MODE_11B))
			off += RF5112_GROUP_11G_NO_A;
		break;
	}

	for (p = 0; p < m->npiers; p++, off += RF5112_PIER_WORDS) {
		struct ath5k_ee_pier *pier = &m->pier[p];
		struct ath5k_ee_pd_curve *x0 = &pier->curve[0];
		struct ath5k_ee_pd_curve *x3 = &pier->curve[1];
		u8 delta[4];

		for (i = 0; i < 4; i += 2) {
			w = ath5k_ee_word(c, off + i / 2);
			x0->pwr[i] = (s8)(w & 0xff);
			x0->pwr[i + 1] = (s8)(w >> 8);
		}
		w = ath5k_ee_word(c, off + 2);
		delta[1] = w & 0x1f;
		delta[2] = (w >> 5) & 0x1f;
		delta[3] = (w >> 10) & 0x1f;
		w = ath5k_ee_word(c, off + 3);
		x3->pwr[0] = (s8)(w & 0xff);
		x3->pwr[1] = (s8)(w >> 8);
		w = ath5k_ee_word(c, off + 4);
		x3->pwr[2] = (s8)(w & 0xff);
		/* first step is absolute; before 4.3 it is fixed at 1 */
		delta[0] = ee->version >= ATH5K_EE_V4_3 ? (w >> 8) & 0x3f : 1;

		x0->npoints = 4;
		x0->step[0] = delta[0];
		for (i = 1; i < 4; i++)
			x0->step[i] = x0->step[i - 1] + delta[i];
		x3->npoints = 3;
		memcpy(x3->step, x3_steps, sizeof(x3_steps));

		pier->max_pwr = ee->version >= ATH5K_EE_V4_3 ?
				x0->pwr[3] : (s8)(w >> 8);
		pier->min_pwr = m->npd_gains > 1 ? x3->pwr[0] : x0->pwr[0];
		if (m->npd_gains == 1)
			memset(x3, 0, sizeof(*x3));
	}
	return 0;
}

/*
 * EEMAP 0 (RF5111): one curve of eleven points per pier, five words per
 * pier read as one MSB-first stream of 6-bit fields: PCDAC maximum,
 * PCDAC minimum, then the eleven powers in half dB.  Each point sits a
 * fixed percentage of the way from the minimum to the maximum PCDAC:
 * even tenths from 3.2 on, closer together at both ends before.  The
 * groups start where the RF5112's do, but 11b and 11g have fixed homes
 * and fixed piers whatever else is enabled.  The curve is the lowest
 * hardware gain whose bit x_gain leaves clear; an x_gain with all four
 * bits set selects none, and must fail here rather than index a fifth
 * curve.
 */
#define RF5111_GROUP_11B	0x37
#define RF5111_GROUP_11G	0x46
#define RF5111_PIER_WORDS	5
#define RF5111_PIERS_2GHZ	3

static const u16 rf5111_piers_11b[RF5111_PIERS_2GHZ] = { 2412, 2447, 2484 };
static const u16 rf5111_piers_11g[RF5111_PIERS_2GHZ] = { 2312, 2412, 2484 };

static const u8 rf5111_pcdac_pct[ATH5K_EE_PD_POINTS_5111] = {
	0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100
};

static const u8 rf5111_pcdac_pct_old[ATH5K_EE_PD_POINTS_5111] = {
	0, 5, 10, 20, 30, 50, 70, 85, 90, 95, 100
};

static int ath5k_parse_pcal_5111(struct ee_ctx *c, unsigned int mode)
{
	struct ath5k_ee_mode *m = &c->ee->mode[mode];
	const u8 *pct = c->ee->version >= ATH5K_EE_V3_2 ?
			rf5111_pcdac_pct : rf5111_pcdac_pct_old;
	const u16 *fixed = NULL;
	unsigned int off, p, i, g, lo, hi;

	for (g = 0; g < ATH5K_EE_PD_GAINS; g++)
		if (!(m->x_gain & BIT(g)))
			break;
	if (g == ATH5K_EE_PD_GAINS)
		return ee_fail(c, "%s: x_gain 0x%x leaves no RF5111 power detector curve",
			       mode_name[mode], m->x_gain);
	m->npd_gains = 1;
	m->pd_gain_idx[0] = g;

	switch (mode) {
	case ATH5K_MODE_11A:
		off = ath5k_groups_11a(c, m);
		break;
	case ATH5K_MODE_11B:
		fixed = rf5111_piers_11b;
		off = c->lay.groups + RF5111_GROUP_11B;
		break;
	default:
		fixed = rf5111_piers_11g;
		off = c->lay.groups + RF5111_GROUP_11G;
		break;
	}
	if (fixed) {
		m->npiers = RF5111_PIERS_2GHZ;
		for (p = 0; p < RF5111_PIERS_2GHZ; p++)
			m->pier[p].freq = fixed[p];
	}

	for (p = 0; p < m->npiers; p++, off += RF5111_PIER_WORDS) {
		struct ath5k_ee_pier *pier = &m->pier[p];
		struct ath5k_ee_pd_curve *cv = &pier->curve[0];
		struct ee_bits b;

		memset(pier->curve, 0, sizeof(pier->curve));
		ath5k_bits_msb_init(&b, c, off, 0);
		hi = ath5k_bits_msb(&b, 6);
		lo = ath5k_bits_msb(&b, 6);
		if (hi <= lo && !c->overrun)
			return ee_fail(c, "%s pier %u: PCDAC range %u..%u is empty",
				       mode_name[mode], p, lo, hi);
		cv->npoints = ATH5K_EE_PD_POINTS_5111;
		for (i = 0; i < ATH5K_EE_PD_POINTS_5111; i++) {
			/* half dB to quarter dB */
			cv->pwr[i] = 2 * ath5k_bits_msb(&b, 6);
			cv->step[i] = (lo * (100 - pct[i]) + hi * pct[i]) / 100;
		}
		pier->min_pwr = cv->pwr[0];
		pier->max_pwr = cv->pwr[ATH5K_EE_PD_POINTS_5111 - 1];
	}
	return 0;
}

/*
 * EEMAP 2 (RF2413 family): the calibration data has no fixed home.  It
 * starts at MISC4 >> 4 and holds, for each enabled mode in the order
 * 11a, 11b, 11g, a pier list (5 words for 11a, 2 for 11b/g) and then
 * per pier an LSB-first bit stream: for each curve a 5-bit start power
 * (dB), a 7-bit start PDADC, then (power delta 4 bits in half dB, PDADC
 * delta 6 bits) pairs: three for each curve but the last, four for the
 * last.  The pier is padded to 4/6/9/12 words for 1..4 curves.  Curves
 * run from the highest hardware gain (lowest power) down.
 */
#define RF2413_PIERLIST_11A	5
#define RF2413_PIERLIST_11BG	2

static const u8 rf2413_pier_words[ATH5K_EE_PD_GAINS] = { 4, 6, 9, 12 };

static int ath5k_parse_pcal_2413(struct ee_ctx *c, unsigned int mode,
				 unsigned int *offp)
{
	struct ath5k_ee_mode *m = &c->ee->mode[mode];
	unsigned int off = *offp, p, g, i, npts, listw;
	int g_hw;

	m->npd_gains = 0;
	for (g_hw = ATH5K_EE_PD_GAINS - 1; g_hw >= 0; g_hw--)
		if (m->x_gain & BIT(g_hw))
			m->pd_gain_idx[m->npd_gains++] = g_hw;
	if (!m->npd_gains)
		return ee_fail(c, "%s: x_gain is 0, no power detector curve",
			       mode_name[mode]);

	if (mode == ATH5K_MODE_11A) {
		listw = RF2413_PIERLIST_11A;
		ath5k_read_pier_list(c, off, ATH5K_EE_MAX_PIERS, mode, m);
	} else {
		listw = RF2413_PIERLIST_11BG;
		ath5k_read_pier_list(c, off, ATH5K_EE_MAX_PIERS_2GHZ, mode, m);
	}
	off += listw;

	for (p = 0; p < m->npiers; p++) {
		struct ath5k_ee_pier *pier = &m->pier[p];
		struct ee_bits b;

		ath5k_bits_init(&b, c, off);
		for (g = 0; g < m->npd_gains; g++) {
			struct ath5k_ee_pd_curve *cv = &pier->curve[g];

			npts = (g == m->npd_gains - 1u) ? 5 : 4;
			cv->npoints = npts;
			cv->pwr[0] = 4 * ath5k_bits_lsb(&b, 5);	/* dB to 1/4 dB */
			cv->step[0] = ath5k_bits_lsb(&b, 7);
			for (i = 1; i < npts; i++) {
				cv->pwr[i] = cv->pwr[i - 1] + 2 * ath5k_bits_lsb(&b, 4);
				cv->step[i] = cv->step[i - 1] + ath5k_bits_lsb(&b, 6);
			}
		}
		pier->min_pwr = pier->curve[0].pwr[0];
		pier->max_pwr = pier->curve[m->npd_gains - 1].pwr[4];
		off += rf2413_pier_words[m->npd_gains - 1];
	}
	*offp = off;
	return 0;
}

/*
 * Target powers, two words per channel: frequency bin 15:8, 6-24 Mbit/s
 * power 7:2, 36 Mbit/s split over the word boundary, 48 at 11:6 and 54
 * at 5:0 of the second word.  A 0xff bin or an all-zero second word ends
 * the list early.  Up to 3.2 the same fields sit one bit lower under a
 * 7-bit bin (15:9, 8:3, 2:0 and 15:13, 12:7, 6:1) and only the all-zero
 * second word ends the list.
 */
static const u16 target_off[ATH5K_EE_NMODES] = { 0x00, 0x10, 0x14 };
static const u8 target_max[ATH5K_EE_NMODES] = { 8, 2, 3 };

static void ath5k_parse_targets(struct ee_ctx *c, unsigned int mode)
{
	struct ath5k_ee_mode *m = &c->ee->mode[mode];
	unsigned int off = c->lay.targets + target_off[mode];
	unsigned int i;
	u16 w0, w1;

	m->ntargets = 0;
	for (i = 0; i < target_max[mode]; i++, off += 2) {
		struct ath5k_ee_target *t = &m->target[i];

		w0 = ath5k_ee_word(c, off);
		w1 = ath5k_ee_word(c, off + 1);
		if (c->ee->version <= ATH5K_EE_V3_2) {
			if (!w1)
				break;
			t->freq = ath5k_old_bin_to_freq(w0 >> 9, mode);
			t->pwr_6_24 = (w0 >> 3) & 0x3f;
			t->pwr_36 = ((w0 & 0x7) << 3) | (w1 >> 13);
			t->pwr_48 = (w1 >> 7) & 0x3f;
			t->pwr_54 = (w1 >> 1) & 0x3f;
			m->ntargets++;
			continue;
		}
		if ((w0 >> 8) == 0xff || !w1)
			break;
		t->freq = ath5k_bin_to_freq(w0 >> 8, mode);
		t->pwr_6_24 = (w0 >> 2) & 0x3f;
		t->pwr_36 = ((w0 & 0x3) << 4) | (w1 >> 12);
		t->pwr_48 = (w1 >> 6) & 0x3f;
		t->pwr_54 = w1 & 0x3f;
		m->ntargets++;
	}
}

/* ----- conformance test limits and spurs -------------------------------- */

#define CTL_WORDS		8
#define CTL_WORDS_V3		7

/*
 * Before 3.3 a CTL's edges take seven words: one MSB-first stream of the
 * eight 7-bit bins and then the eight 6-bit powers, with no in-band flags.
 * A zero bin is an unused edge, as in the newer format.
 */
static void ath5k_parse_old_ctl(struct ee_ctx *c, unsigned int off,
				unsigned int mode, struct ath5k_ee_edge *e)
{
	struct ee_bits b;
	unsigned int j;
	u8 bin;

	ath5k_bits_msb_init(&b, c, off, 0);
	for (j = 0; j < ATH5K_EE_CTL_EDGES; j++) {
		bin = ath5k_bits_msb(&b, OLD_BIN_BITS);
		e[j].freq = bin ? ath5k_old_bin_to_freq(bin, mode) : 0;
	}
	for (j = 0; j < ATH5K_EE_CTL_EDGES; j++) {
		e[j].pwr = ath5k_bits_msb(&b, 6);
		e[j].inband = false;
	}
}

static void ath5k_parse_ctls(struct ee_ctx *c)
{
	struct ath5k_eeprom *ee = c->ee;
	bool old = ee->version < ATH5K_EE_V3_3;
	unsigned int off, i, j, mode;
	u16 w;

	ee->nctls = c->lay.nctls;
	for (i = 0; i < ee->nctls; i += 2) {
		w = ath5k_ee_word(c, c->lay.ctl_ids + i / 2);
		ee->ctl_id[i] = w >> 8;
		ee->ctl_id[i + 1] = w & 0xff;
	}

	off = c->lay.ctl_data;
	for (i = 0; i < ee->nctls; i++, off += old ? CTL_WORDS_V3 : CTL_WORDS) {
		struct ath5k_ee_edge *e = ee->ctl_edge[i];

		if (!ee->ctl_id[i])
			continue;
		/* low nibble 0 (11a) and 3 (turbo) are 5 GHz tests */
		mode = ((ee->ctl_id[i] & 0xf) == 0 ||
			(ee->ctl_id[i] & 0xf) == 3) ?
			ATH5K_MODE_11A : ATH5K_MODE_11G;
		if (old) {
			ath5k_parse_old_ctl(c, off, mode, e);
			continue;
		}
		for (j = 0; j < ATH5K_EE_CTL_EDGES; j += 2) {
			w = ath5k_ee_word(c, off + j / 2);
			e[j].freq = (w >> 8) ? ath5k_bin_to_freq(w >> 8, mode) : 0;
			e[j + 1].freq = (w & 0xff) ?
					ath5k_bin_to_freq(w & 0xff, mode) : 0;
			w = ath5k_ee_word(c, off + 4 + j / 2);
			e[j].pwr = (w >> 8) & 0x3f;
			e[j].inband = (w >> 14) & 1;
			e[j + 1].pwr = w & 0x3f;
			e[j + 1].inband = (w >> 6) & 1;
		}
	}
}

/* Spur channels (fbin units of 100 kHz above 4800/2300 MHz, x10). */
static void ath5k_parse_spurs(struct ee_ctx *c)
{
	struct ath5k_eeprom *ee = c->ee;
	unsigned int i;

	if (ee->version < ATH5K_EE_V5_3) {
		/* known RF5413 spurs near 2464 and 2420 MHz */
		ee->spur[0][0] = ATH5K_EE_NO_SPUR;
		ee->spur[1][0] = 1640;
		ee->spur[1][1] = 1200;
		ee->spur[1][2] = ATH5K_EE_NO_SPUR;
		return;
	}
	for (i = 0; i < ATH5K_EE_SPURS; i++) {
		ee->spur[0][i] = ath5k_ee_word(c, ATH5K_EE_SPURS_5GHZ + i);
		ee->spur[1][i] = ath5k_ee_word(c, ATH5K_EE_SPURS_2GHZ + i);
	}
}

/* ----- sanity ------------------------------------------------------------ */

/* Highest power we believe a calibration point: 31.75 dBm. */
#define MAX_SANE_QDBM		127
/*
 * Steepest segment the TX power code can interpolate: it works in steps
 * per quarter dB scaled by 100, so above 100 quarter dB per step the
 * slope rounds to zero and the curve cannot be followed.  No radio moves
 * 25 dB for one step of its power DAC.
 */
#define MAX_QDBM_PER_STEP	100

static int ath5k_check_curve(struct ee_ctx *c, unsigned int mode, unsigned int p,
			     unsigned int g, const struct ath5k_ee_pd_curve *cv)
{
	const char *mn = mode_name[mode];
	unsigned int i;

	if (cv->npoints < 2)
		return ee_fail(c, "%s pier %u curve %u: %u points", mn, p, g,
			       cv->npoints);
	for (i = 0; i < cv->npoints; i++) {
		if (cv->pwr[i] > MAX_SANE_QDBM || cv->pwr[i] < -MAX_SANE_QDBM)
			return ee_fail(c, "%s pier %u curve %u: absurd power %d/4 dBm",
				       mn, p, g, cv->pwr[i]);
		if (!i)
			continue;
		if (cv->pwr[i] < cv->pwr[i - 1] ||
		    cv->step[i] < cv->step[i - 1])
			return ee_fail(c, "%s pier %u curve %u: not monotonic at point %u",
				       mn, p, g, i);
		if (cv->step[i] != cv->step[i - 1] &&
		    cv->pwr[i] - cv->pwr[i - 1] >
		    MAX_QDBM_PER_STEP * (cv->step[i] - cv->step[i - 1]))
			return ee_fail(c, "%s pier %u curve %u: %d/4 dB in %u steps at point %u",
				       mn, p, g, cv->pwr[i] - cv->pwr[i - 1],
				       cv->step[i] - cv->step[i - 1], i);
	}
	/* flat curves are odd but harmless: interpolation copes */
	return 0;
}

static int ath5k_check_mode(struct ee_ctx *c, unsigned int mode)
{
	struct ath5k_ee_mode *m = &c->ee->mode[mode];
	unsigned int p, g, i;
	int ret;

	if (!m->npiers)
		return ee_fail(c, "%s enabled but has no calibration piers",
			       mode_name[mode]);
	if (!m->ntargets)
		return ee_fail(c, "%s enabled but has no target powers",
			       mode_name[mode]);

	for (p = 0; p < m->npiers; p++) {
		const struct ath5k_ee_pier *pier = &m->pier[p];

		if (!ath5k_freq_in_band(pier->freq, mode))
			return ee_fail(c, "%s pier %u: %u MHz is outside the band",
				       mode_name[mode], p, pier->freq);
		if (p && pier->freq <= m->pier[p - 1].freq)
			return ee_fail(c, "%s piers not ascending (%u after %u MHz)",
				       mode_name[mode], pier->freq,
				       m->pier[p - 1].freq);
		for (g = 0; g < m->npd_gains; g++) {
			ret = ath5k_check_curve(c, mode, p, g, &pier->curve[g]);
			if (ret)
				return ret;
		}
	}

	for (i = 0; i < m->ntargets; i++) {
		if (!ath5k_freq_in_band(m->target[i].freq, mode))
			return ee_fail(c, "%s target power %u: %u MHz outside the band",
				       mode_name[mode], i, m->target[i].freq);
	}
	return 0;
}

/* ----- entry point -------------------------------------------------------- */

int ath5k_eeprom_parse(struct ath5k_eeprom *ee, const u16 *img,
		       unsigned int nwords, struct device *dev)
{
	struct ee_ctx c = {
		.ee = ee, .img = img, .nwords = nwords, .dev = dev,
	};
	unsigned int mode, cal_off;
	int ret;

	memset(ee, 0, sizeof(*ee));
	ret = ath5k_parse_header(&c);
	if (ret)
		return ret;

	for (mode = 0; mode < ATH5K_EE_NMODES; mode++)
		ath5k_parse_mode(&c, mode, c.lay.mode[mode]);

	cal_off = ee->misc4 >> 4;
	for (mode = 0; mode < ATH5K_EE_NMODES; mode++) {
		if (!(ee->modes & BIT(mode)))
			continue;
		if (ee->eemap == ATH5K_EEMAP_2413)
			ret = ath5k_parse_pcal_2413(&c, mode, &cal_off);
		else if (ee->eemap == ATH5K_EEMAP_5112)
			ret = ath5k_parse_pcal_5112(&c, mode);
		else
			ret = ath5k_parse_pcal_5111(&c, mode);
		if (ret)
			return ret;
		ath5k_parse_targets(&c, mode);
	}
	ath5k_parse_ctls(&c);
	ath5k_parse_spurs(&c);

	if (c.overrun)
		return ee_fail(&c, "calibration data runs past the image end (word 0x%x of %u)",
			       c.overrun_at, nwords);

	for (mode = 0; mode < ATH5K_EE_NMODES; mode++) {
		if (!(ee->modes & BIT(mode)))
			continue;
		ret = ath5k_check_mode(&c, mode);
		if (ret)
			return ret;
	}
	return 0;
}
