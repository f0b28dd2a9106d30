// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Baseband and radio: PLL and PHY mode, RF banks and gain tables, the
 * synthesiser, OFDM timing, spur filter, TX power from the EEPROM
 * calibration, noise floor and I/Q calibration, antenna selection.
 *
 * Register values, bit layouts and sequences follow the Linux ath5k
 * driver (its PHY and reset code, Debian linux-source-6.1) and the project's
 * hardware-facts note; the structure and the code are ours.  Besides
 * 20 MHz, the 10 and 5 MHz OFDM channels are supported (no turbo).
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/phy.c in Linux 6.1:
 *
 * Copyright (c) 2004-2007 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2009 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2007-2008 Jiri Slaby <jirislaby@gmail.com>
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
 * From drivers/net/wireless/ath/ath5k/reset.c in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2007-2008 Luis Rodriguez <mcgrof@winlab.rutgers.edu>
 * Copyright (c) 2007-2008 Pavel Roskin <proski@gnu.org>
 * Copyright (c) 2007-2008 Jiri Slaby <jirislaby@gmail.com>
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
#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "hw.h"
#include "hw_internal.h"
#include "rfbanks.h"
#include "reg.h"

/* Reverse the low @n bits of @v: the radio shifts data in MSB first. */
static u32 ath5k_bitrev_n(u32 v, unsigned int n)
{
	u32 out = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		if (v & BIT(i))
			out |= BIT(n - 1 - i);
	return out;
}

static u8 ath5k_chan_ee_mode(const struct ath5k_chan *chan)
{
	return chan->mode;	/* enum ath5k_mode matches the EEPROM order */
}

/* ----- PLL and PHY mode ----------------------------------------------- */

#define PLL_RF5112		0x40
#define PLL_40MHZ_5212		0xaa
#define PLL_44MHZ_5212		0xab
#define PLL_40MHZ_5413		0x04
#define PLL_HALF_RATE		0x100
#define PLL_QUARTER_RATE	0x200

/* The PLL needs time to lock: only touch it when it changes. */
void ath5k_phy_mode_write(struct ath5k_hw *ah, u32 mode, u32 pll)
{
	if (ath5k_rd(ah, R_PHY_PLL) != pll) {
		ath5k_wr(ah, R_PHY_PLL, pll);
		usleep_range(300, 350);
	}
	ath5k_wr(ah, R_PHY_MODE, mode);
	ath5k_wr(ah, R_PHY_TURBO, 0);
}

int ath5k_hw_phy_mode_set(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	if (chan->bw != ATH5K_BW_20 && chan->mode == ATH5K_MODE_11B)
		return -EOPNOTSUPP;	/* narrow channels are OFDM only */
	return ah->phy_ops->mode_set(ah, chan);
}

static int ath5k_phy_mode_set_5212(struct ath5k_hw *ah,
				   const struct ath5k_chan *chan)
{
	u32 mode = PHY_MODE_RAD_RF5112, pll = PLL_RF5112;

	if (ath5k_chan_is_2ghz(chan)) {
		mode |= PHY_MODE_2GHZ;
		pll |= PLL_44MHZ_5212;
		mode |= chan->mode == ATH5K_MODE_11B ? PHY_MODE_CCK :
						       PHY_MODE_DYNAMIC;
	} else {
		pll = ah->radio == ATH5K_RADIO_RF5413 ? PLL_40MHZ_5413 :
			pll | PLL_40MHZ_5212;
	}

	/* narrow channels: the RF5413 halves its baseband, others the PLL */
	if (chan->bw != ATH5K_BW_20) {
		bool half = chan->bw == ATH5K_BW_10;

		if (ah->radio == ATH5K_RADIO_RF5413)
			mode |= half ? PHY_MODE_HALF_RATE : PHY_MODE_QUARTER_RATE;
		else
			pll |= half ? PLL_HALF_RATE : PLL_QUARTER_RATE;
	}

	ath5k_phy_mode_write(ah, mode, pll);
	return 0;
}

/* ----- RF banks ------------------------------------------------------- */

static const struct ath5k_rf_bank *ath5k_rf_bank_table(const struct ath5k_hw *ah)
{
	switch (ah->radio) {
	case ATH5K_RADIO_RF5112:
		return ah->radio_rev >= RADREV_5112A ? ath5k_rf5112a_banks :
					       ath5k_rf5112_banks;
	case ATH5K_RADIO_RF2413:
		return ath5k_rf2413_banks;
	case ATH5K_RADIO_RF5413:
		return ath5k_rf5413_banks;
	case ATH5K_RADIO_RF2425:
		return ah->srev >= SREV_AR2417 ? ath5k_rf2417_banks :
					  ath5k_rf2425_banks;
	case ATH5K_RADIO_RF5111:
		return ath5k_rf5111_banks;
	}
	return NULL;
}

static const struct ath5k_rf_field *ath5k_rf_field_table(const struct ath5k_hw *ah)
{
	switch (ah->radio) {
	case ATH5K_RADIO_RF5112:
		return ah->radio_rev >= RADREV_5112A ? ath5k_rf5112a_fields :
					       ath5k_rf5112_fields;
	case ATH5K_RADIO_RF2413:
		return ath5k_rf2413_fields;
	case ATH5K_RADIO_RF5413:
		return ath5k_rf5413_fields;
	case ATH5K_RADIO_RF2425:
		return ath5k_rf2425_fields;
	case ATH5K_RADIO_RF5111:
		return ath5k_rf5111_fields;
	}
	return NULL;
}

int ath5k_hw_rf_alloc(struct ath5k_hw *ah)
{
	const struct ath5k_rf_bank *b = ath5k_rf_bank_table(ah);
	unsigned int n = 0;

	/* the RF5110 takes one synthesiser word, no banks (the 5210 reset) */
	if (!b)
		return ah->radio == ATH5K_RADIO_RF5110 ? 0 : -ENODEV;
	for (; b->nwords; b++) {
		if (b->bank >= ARRAY_SIZE(ah->rf_bank_start))
			return -EINVAL;
		ah->rf_bank_start[b->bank] = n;
		n += b->nwords;
	}
	ah->rf_banks = kcalloc(n, sizeof(u32), GFP_KERNEL);
	if (!ah->rf_banks)
		return -ENOMEM;
	ah->rf_banks_len = n;
	return 0;
}

void ath5k_hw_rf_free(struct ath5k_hw *ah)
{
	kfree(ah->rf_banks);
	ah->rf_banks = NULL;
	ah->rf_banks_len = 0;
}

/*
 * Store @val in a field of the bank images.  A field is a bit string
 * that runs through one byte column of consecutive words, eight bits per
 * word, and the radio expects its most significant bit first.
 */
static void ath5k_rf_field_set(struct ath5k_hw *ah, enum ath5k_rf_field_id id,
			       u32 val)
{
	const struct ath5k_rf_field *f = &ath5k_rf_field_table(ah)[id];
	unsigned int i, bit, word, shift;

	if (!f->bank)
		return;		/* this radio has no such setting */
	for (i = 0; i < f->len; i++) {
		bit = f->pos - 1 + i;
		word = ah->rf_bank_start[f->bank] + bit / 8;
		if (word >= ah->rf_banks_len)
			return;
		shift = f->col * 8 + bit % 8;
		ah->rf_banks[word] &= ~BIT(shift);
		if (val & BIT(f->len - 1 - i))
			ah->rf_banks[word] |= BIT(shift);
	}
}

/* Read a field back from the bank images (see ath5k_rf_field_set). */
static u32 ath5k_rf_field_get(struct ath5k_hw *ah, enum ath5k_rf_field_id id)
{
	const struct ath5k_rf_field *f = &ath5k_rf_field_table(ah)[id];
	unsigned int i, bit, word, shift;
	u32 val = 0;

	if (!f->bank)
		return 0;
	for (i = 0; i < f->len; i++) {
		bit = f->pos - 1 + i;
		word = ah->rf_bank_start[f->bank] + bit / 8;
		if (word >= ah->rf_banks_len)
			return 0;
		shift = f->col * 8 + bit % 8;
		if (ah->rf_banks[word] & BIT(shift))
			val |= BIT(f->len - 1 - i);
	}
	return val;
}

/* Output/driver bias sub-band of a 5 GHz channel. */
static unsigned int ath5k_obdb_5ghz_index(u16 freq)
{
	if (freq >= 5725)
		return 3;
	if (freq >= 5500)
		return 2;
	if (freq >= 5260)
		return 1;
	return 0;
}

/*
 * RF5111: the default gain_F step on OFDM (TX clip level in the
 * baseband, two power-down bits, RF gain select), then the external
 * power detector, its gain mask, the I gain and the PLO select.
 */
static void ath5k_rf5111_banks_tune(struct ath5k_hw *ah,
				    const struct ath5k_chan *chan,
				    const struct ath5k_ee_mode *m)
{
	const struct ath5k_rf5111_gain_step *gs =
		&ath5k_rf5111_gain_step_default;

	if (chan->mode != ATH5K_MODE_11B) {
		ath5k_rmw(ah, R_PHY_FRAME_CTL, FRAME_CTL_TX_CLIP,
			  FIELD_PREP(FRAME_CTL_TX_CLIP, gs->tx_clip));
		ath5k_rf_field_set(ah, ATH5K_RF_PWD_90, gs->pwd_90);
		ath5k_rf_field_set(ah, ATH5K_RF_PWD_84, gs->pwd_84);
		ath5k_rf_field_set(ah, ATH5K_RF_RFGAIN_SEL, gs->rfgain_sel);
	}
	ath5k_rf_field_set(ah, ATH5K_RF_PWD_XPD, !m->xpd);
	ath5k_rf_field_set(ah, ATH5K_RF_XPD_GAIN, m->x_gain);
	ath5k_rf_field_set(ah, ATH5K_RF_GAIN_I, m->i_gain);
	ath5k_rf_field_set(ah, ATH5K_RF_PLO_SEL, m->xpd);
}

static void ath5k_rf_banks_tune(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	const struct ath5k_ee_mode *m = &ah->ee.mode[ath5k_chan_ee_mode(chan)];
	unsigned int sub;

	if (ath5k_chan_is_2ghz(chan)) {
		/* RF5111/RF5112 keep their 2 GHz bias in slot 0, others in 1 */
		sub = ah->radio == ATH5K_RADIO_RF5112 ||
		      ah->radio == ATH5K_RADIO_RF5111 ? 0 : 1;
		ath5k_rf_field_set(ah, ATH5K_RF_OB_2GHZ, m->ob[sub]);
		ath5k_rf_field_set(ah, ATH5K_RF_DB_2GHZ, m->db[sub]);
	} else {
		sub = ath5k_obdb_5ghz_index(chan->freq);
		ath5k_rf_field_set(ah, ATH5K_RF_OB_5GHZ, m->ob[sub]);
		ath5k_rf_field_set(ah, ATH5K_RF_DB_5GHZ, m->db[sub]);
	}

	if (ah->radio == ATH5K_RADIO_RF5112) {
		if (chan->mode != ATH5K_MODE_11B) {
			const u8 *gp =
				ath5k_rf5112_gain_steps[ah->gainf.step].param;

			ath5k_rf_field_set(ah, ATH5K_RF_MIXGAIN_OVR, gp[0]);
			ath5k_rf_field_set(ah, ATH5K_RF_PWD_138, gp[1]);
			ath5k_rf_field_set(ah, ATH5K_RF_PWD_137, gp[2]);
			ath5k_rf_field_set(ah, ATH5K_RF_PWD_136, gp[3]);
			ath5k_rf_field_set(ah, ATH5K_RF_PWD_132, gp[4]);
			ath5k_rf_field_set(ah, ATH5K_RF_PWD_131, gp[5]);
			ath5k_rf_field_set(ah, ATH5K_RF_PWD_130, gp[6]);
		}
		/* (11b has no gain_F steps: nothing left to change either) */
		ah->gainf.state = ATH5K_GAINF_ACTIVE;
		ath5k_rf_field_set(ah, ATH5K_RF_XPD_SEL, m->xpd);
		if (ah->radio_rev < RADREV_5112A) {
			ath5k_rf_field_set(ah, ATH5K_RF_XPD_GAIN, m->x_gain);
		} else {
			ath5k_rf_field_set(ah, ATH5K_RF_PD_GAIN_LO, m->pd_gain_idx[0]);
			ath5k_rf_field_set(ah, ATH5K_RF_PD_GAIN_HI,
					   m->pd_gain_idx[m->npd_gains > 1 ? 1 : 0]);
			/* revision 2 radios want a lower synth voltage */
			if (ah->radio_rev & RADREV_REV) {
				ath5k_rf_field_set(ah, ATH5K_RF_HIGH_VC_CP, 2);
				ath5k_rf_field_set(ah, ATH5K_RF_MID_VC_CP, 2);
				ath5k_rf_field_set(ah, ATH5K_RF_LOW_VC_CP, 2);
				ath5k_rf_field_set(ah, ATH5K_RF_PUSH_UP, 2);
			}
			/* power savings on 5212A and later basebands */
			if (ah->phy_rev >= PHY_REV_5212A) {
				ath5k_rf_field_set(ah, ATH5K_RF_PAD2GND, 1);
				ath5k_rf_field_set(ah, ATH5K_RF_XB2_LVL, 1);
				ath5k_rf_field_set(ah, ATH5K_RF_XB5_LVL, 1);
				ath5k_rf_field_set(ah, ATH5K_RF_PWD_167, 1);
				ath5k_rf_field_set(ah, ATH5K_RF_PWD_166, 1);
			}
		}
		ath5k_rf_field_set(ah, ATH5K_RF_GAIN_I, m->i_gain);

		/* slower power detector on narrow channels */
		if (chan->bw != ATH5K_BW_20) {
			ath5k_rf_field_set(ah, ATH5K_RF_PD_PERIOD_A,
					   chan->bw == ATH5K_BW_5 ? 0xf : 0x8);
			ath5k_rf_field_set(ah, ATH5K_RF_PD_DELAY_A, 0xf);
		}
	}

	if (ah->radio == ATH5K_RADIO_RF5111)
		ath5k_rf5111_banks_tune(ah, chan, m);

	if (ah->radio == ATH5K_RADIO_RF5413 && ath5k_chan_is_2ghz(chan)) {
		ath5k_rf_field_set(ah, ATH5K_RF_DERBY_CHAN_SEL_MODE, 1);
		/* early PCIe revisions (AR5424) want a different buffer bias */
		if (ah->srev >= SREV_AR5424 && ah->srev < SREV_AR5413)
			ath5k_rf_field_set(ah, ATH5K_RF_PWD_ICLOBUF_2G,
					   ath5k_bitrev_n(6, 3));
	}
}

int ath5k_hw_rf_banks_write(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	const struct ath5k_rf_bank *b = ath5k_rf_bank_table(ah);
	unsigned int i, n = 0;

	if (!b || !ah->rf_banks)
		return -EINVAL;

	for (; b->nwords; b++)
		for (i = 0; i < b->nwords; i++)
			ah->rf_banks[n++] = b->words[i][chan->mode];

	ath5k_rf_banks_tune(ah, chan);

	/* every word is shifted in through the data register but the last,
	 * which goes to the bank's control register and latches the bank
	 */
	n = 0;
	for (b = ath5k_rf_bank_table(ah); b->nwords; b++)
		for (i = 0; i < b->nwords; i++, n++)
			ath5k_wr(ah, i == b->nwords - 1u ? b->ctl_reg :
				 R_PHY_RF_BUFFER, ah->rf_banks[n]);
	return 0;
}

void ath5k_hw_rfgain_write(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	const u32 (*gain)[2];
	unsigned int i, col = ath5k_chan_is_2ghz(chan) ? 1 : 0;

	switch (ah->radio) {
	case ATH5K_RADIO_RF5112:
		gain = ath5k_rf5112_gain;
		break;
	case ATH5K_RADIO_RF2413:
		gain = ath5k_rf2413_gain;
		break;
	case ATH5K_RADIO_RF5413:
		gain = ath5k_rf5413_gain;
		break;
	case ATH5K_RADIO_RF5111:
		gain = ath5k_rf5111_gain;
		break;
	default:
		gain = ath5k_rf2425_gain;
		break;
	}
	for (i = 0; i < ATH5K_RF_GAIN_REGS; i++)
		ath5k_wr(ah, R_PHY_RF_GAIN(i), gain[i][col]);
}

/* ----- synthesiser ------------------------------------------------------ */

/*
 * Channel word of the RF5112-style synthesiser (RF5112, RF2413, RF5413).
 * 2 GHz channels are on a 5 MHz grid from 2224 or 2192 MHz; 5 GHz ones
 * on 20/10/5 MHz grids from 4800 MHz, or the 2.5 MHz-offset grid of the
 * 802.11j channels below 5435 MHz.
 */
static int ath5k_synth_word_5112(u16 f, u32 *word)
{
	u32 d0, d1 = 0, d2 = 0;

	if (f < 4800) {
		if ((f - 2224) % 5 == 0) {
			d0 = (2 * (f - 704) - 3040) / 10;
			d1 = 1;
		} else if ((f - 2192) % 5 == 0) {
			d0 = (2 * (f - 672) - 3040) / 10;
		} else {
			return -EINVAL;
		}
		d0 = ath5k_bitrev_n((d0 << 2) & 0xff, 8);
	} else if (f % 5 != 2 || f > 5435) {
		if (f % 20 == 0 && f >= 5120) {
			d0 = ath5k_bitrev_n((f - 4800) / 20 << 2, 8);
			d2 = ath5k_bitrev_n(3, 2);
		} else if (f % 10 == 0) {
			d0 = ath5k_bitrev_n((f - 4800) / 10 << 1, 8);
			d2 = ath5k_bitrev_n(2, 2);
		} else if (f % 5 == 0) {
			d0 = ath5k_bitrev_n((f - 4800) / 5, 8);
			d2 = ath5k_bitrev_n(1, 2);
		} else {
			return -EINVAL;
		}
	} else {
		d0 = ath5k_bitrev_n((10 * (f - 2 - 4800)) / 25 + 1, 8);
	}
	*word = d0 << 4 | d1 << 1 | d2 << 2 | 0x1001;
	return 0;
}

/* The RF2425 synthesiser: 1 MHz steps from 2272 MHz at 2 GHz. */
static int ath5k_synth_word_2425(u16 f, u32 *word)
{
	u32 d0, d2 = 0;

	if (f < 4800) {
		d0 = ath5k_bitrev_n(f - 2272, 8);
	} else if (f % 5 != 2 || f > 5435) {
		if (f % 20 == 0 && f < 5120)
			d0 = ath5k_bitrev_n((f - 4800) / 20 << 2, 8);
		else if (f % 10 == 0)
			d0 = ath5k_bitrev_n((f - 4800) / 10 << 1, 8);
		else if (f % 5 == 0)
			d0 = ath5k_bitrev_n((f - 4800) / 5, 8);
		else
			return -EINVAL;
		d2 = ath5k_bitrev_n(1, 2);
	} else {
		d0 = ath5k_bitrev_n((10 * (f - 2 - 4800)) / 25 + 1, 8);
	}
	*word = d0 << 4 | d2 << 2 | 0x1001;
	return 0;
}

/*
 * RF5111 synthesiser.  It takes a 5 GHz channel number, (MHz - 5000) / 5;
 * a 2 GHz channel goes through the RF2111 converter as number 115 + its
 * IEEE channel (124 for channel 14) with a flags byte (0x46, 0x44 for
 * channel 14).  data1: bits 0 and 10 set, bit 1 the reference (1: every
 * number, 0: odd numbers from 145 on in 10 MHz steps), bits 9:2 the
 * number less 24 (halved for reference 0), bit-reversed.  data0, 2 GHz
 * only: bit 4 set, the flags bit-reversed at 12:5.  RF_BUFFER takes the
 * low bytes of data1 and data0, RF_BUFFER_CONTROL_3 the high bytes.
 */
#define RF5111_CHAN_MIN		24	/* 5120 MHz */
#define RF2111_CHAN_BASE	115
#define RF2111_FLAGS		0x46
#define RF2111_FLAGS_CH14	0x44

static int ath5k_synth_words_5111(u16 f, u32 *low, u32 *high)
{
	u32 ch, d0 = 0, d1;

	if (f < 4800) {
		u32 flags = RF2111_FLAGS;

		if (f == 2484) {
			ch = RF2111_CHAN_BASE + 9;
			flags = RF2111_FLAGS_CH14;
		} else if (f >= 2412 && f <= 2472 && (f - 2407) % 5 == 0) {
			ch = RF2111_CHAN_BASE + (f - 2407) / 5;
		} else {
			return -EINVAL;
		}
		d0 = ath5k_bitrev_n(flags, 8) << 5 | BIT(4);
	} else {
		if (f % 5 || (f - 5000) / 5 < RF5111_CHAN_MIN)
			return -EINVAL;
		ch = (f - 5000) / 5;
	}
	if (ch < 145 || !(ch & 1))
		d1 = ath5k_bitrev_n(ch - RF5111_CHAN_MIN, 8) << 2 | BIT(1);
	else
		d1 = ath5k_bitrev_n((ch - RF5111_CHAN_MIN) / 2, 8) << 2;
	d1 |= BIT(10) | BIT(0);
	*low = (d1 & 0xff) | (d0 & 0xff) << 8;
	*high = (d1 >> 8 & 0xff) | (d0 & 0xff00);
	return 0;
}

int ath5k_hw_channel_set(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	u32 word, high = 0;
	int ret;

	if (!ath5k_hw_freq_supported(ah, chan->freq)) {
		dev_err(ah->dev, "%u MHz is outside this card's range\n",
			chan->freq);
		return -EINVAL;
	}
	if (ah->radio == ATH5K_RADIO_RF5111)
		ret = ath5k_synth_words_5111(chan->freq, &word, &high);
	else if (ah->radio == ATH5K_RADIO_RF2425)
		ret = ath5k_synth_word_2425(chan->freq, &word);
	else
		ret = ath5k_synth_word_5112(chan->freq, &word);
	if (ret) {
		dev_err(ah->dev, "%u MHz is not on the synthesiser grid\n",
			chan->freq);
		return ret;
	}
	if (ah->radio == ATH5K_RADIO_RF5111) {
		ath5k_wr(ah, R_PHY_RF_BUFFER, word);
		ath5k_wr(ah, R_PHY_RF_BANK_CTL3, high);
	} else {
		ath5k_wr(ah, R_PHY_RF_BUFFER, word & 0xff);
		ath5k_wr(ah, R_PHY_RF_BANK_CTL5, (word >> 8) & 0x7f);
	}

	/* channel 14 (Japan) needs the CCK spectral mask for Japan */
	if (chan->freq == 2484)
		ath5k_set_bits(ah, R_PHY_CCKTXCTL, CCKTXCTL_JAPAN);
	else
		ath5k_clear_bits(ah, R_PHY_CCKTXCTL, CCKTXCTL_JAPAN);

	ah->chan = *chan;
	ah->chan_valid = true;
	return 0;
}

/* Give the synthesiser time to settle: 100 us plus the RX delay. */
static void ath5k_wait_for_synth(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	u32 delay = ath5k_rd(ah, R_PHY_RX_DELAY) & RX_DELAY_MASK;

	/* RX_DELAY counts 100 ns units (22 MHz clock on 11b) */
	delay = chan->mode == ATH5K_MODE_11B ? (delay << 2) / 22 : delay / 10;
	delay *= ath5k_chan_stretch(chan);
	usleep_range(100 + delay, 100 + 2 * delay);
}

/* ----- OFDM timing and spur filter ------------------------------------- */

/* Delta-slope coefficient for pilot tracking, as mantissa and exponent. */
static int ath5k_ofdm_timings_set(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	u32 scaled, exp, man;

	u32 clock = 40 / ath5k_chan_stretch(chan);

	scaled = ((5 * (clock << 24)) / 2) / chan->freq;
	if (!scaled || !ilog2(scaled))
		return -EINVAL;
	exp = 14 - (ilog2(scaled) - 24);
	man = scaled + (1 << (24 - exp - 1));

	ath5k_rmw(ah, R_PHY_TIMING_3, TIMING_3_DSC_MAN,
		  FIELD_PREP(TIMING_3_DSC_MAN, man >> (24 - exp)));
	ath5k_rmw(ah, R_PHY_TIMING_3, TIMING_3_DSC_EXP,
		  FIELD_PREP(TIMING_3_DSC_EXP, exp - 16));
	return 0;
}

#define SPUR_WINDOW		87	/* fbin units (100 kHz) */
#define SPUR_SYMBOL_WIDTH	3125	/* 100 Hz units, 20 MHz channel */
#define SPUR_FBIN_MASK		0x3fff

static void ath5k_spur_filter_write(struct ath5k_hw *ah, bool on, u32 timing11,
				    const u32 pilot[2], const u32 mag[4])
{
	unsigned int i;

	ath5k_rmw(ah, R_PHY_BIN_MASK_CTL, BIN_MASK_CTL_RATE,
		  on ? BIN_MASK_CTL_RATE : 0);
	if (on)
		ath5k_set_bits(ah, R_PHY_IQ, PHY_IQ_PILOT_MASK_EN |
			       PHY_IQ_CHAN_MASK_EN | PHY_IQ_SPUR_FILT_EN);
	else
		ath5k_clear_bits(ah, R_PHY_IQ, PHY_IQ_PILOT_MASK_EN |
				 PHY_IQ_CHAN_MASK_EN | PHY_IQ_SPUR_FILT_EN);
	ath5k_wr(ah, R_PHY_TIMING_11, timing11);
	ath5k_wr(ah, R_PHY_TIMING_7, pilot[0]);
	ath5k_rmw(ah, R_PHY_TIMING_8, TIMING_PILOT_MASK_2, pilot[1]);
	ath5k_wr(ah, R_PHY_TIMING_9, pilot[0]);
	ath5k_rmw(ah, R_PHY_TIMING_10, TIMING_PILOT_MASK_2, pilot[1]);
	for (i = 0; i < 3; i++) {
		ath5k_wr(ah, R_PHY_BIN_MASK(i), mag[i]);
		ath5k_wr(ah, R_PHY_BIN_MASK2(i), mag[i]);
	}
	ath5k_rmw(ah, R_PHY_BIN_MASK_CTL, BIN_MASK_4, mag[3]);
	ath5k_rmw(ah, R_PHY_BIN_MASK2(3), BIN_MASK_4, mag[3]);
}

/*
 * Known spurs (EEPROM list, fbin = 100 kHz above 2300/4900 MHz) that fall
 * inside the channel are notched out of the pilot and magnitude masks.
 */
void ath5k_hw_spur_mitigation(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	bool two_ghz = ath5k_chan_is_2ghz(chan);
	s32 chan_fbin, spur = 0, offset, phase, sigma, nsym16;
	u32 pilot[2] = { 0, 0 }, mag[4] = { 0, 0, 0, 0 };
	unsigned int i, noffsets;

	chan_fbin = (chan->freq - (two_ghz ? 2300 : 4900)) * 10;
	for (i = 0; i < ATH5K_EE_SPURS; i++) {
		u16 s = ah->ee.spur[two_ghz][i];

		if (s == ATH5K_EE_NO_SPUR)
			break;
		s &= SPUR_FBIN_MASK;
		if (s && s >= chan_fbin - SPUR_WINDOW &&
		    s <= chan_fbin + SPUR_WINDOW) {
			spur = s;
			break;
		}
	}

	if (!spur) {
		if (ath5k_rd(ah, R_PHY_IQ) & PHY_IQ_SPUR_FILT_EN)
			ath5k_spur_filter_write(ah, false, 0, pilot, mag);
		return;
	}

	offset = spur - chan_fbin;
	/*
	 * A narrower channel turns the same offset into more phase.  A spur
	 * below the centre is a negative offset: multiply, never shift it.
	 */
	phase = offset * (1 << (17 + ilog2(ath5k_chan_stretch(chan)))) / 25;
	sigma = two_ghz && chan->bw == ATH5K_BW_20 ? offset * 256 / 55 :
		phase >> 10;
	nsym16 = (offset * 1000 * 16) /
		 (SPUR_SYMBOL_WIDTH / (int)ath5k_chan_stretch(chan));
	noffsets = (nsym16 & 0xf) ? 4 : 3;

	for (i = 0; i < noffsets; i++) {
		s32 sym = nsym16 / 16 + i + 25;
		u32 weight = (i == 0 || i == noffsets - 1) ? 1 : 2;

		if (sym >= 0 && sym <= 32) {
			if (sym <= 25)
				pilot[0] |= BIT(sym);
			else if (sym >= 27)
				pilot[0] |= BIT(sym - 1);
		} else if (sym >= 33 && sym <= 52) {
			pilot[1] |= BIT(sym - 33);
		}

		if (sym >= -1 && sym <= 14)
			mag[0] |= weight << ((sym + 1) * 2);
		else if (sym >= 15 && sym <= 30)
			mag[1] |= weight << ((sym - 15) * 2);
		else if (sym >= 31 && sym <= 46)
			mag[2] |= weight << ((sym - 31) * 2);
		else if (sym >= 47 && sym <= 53)
			mag[3] |= weight << ((sym - 47) * 2);
	}

	ath5k_spur_filter_write(ah, true,
				FIELD_PREP(TIMING_11_SPUR_DELTA_PHASE, phase) |
				FIELD_PREP(TIMING_11_SPUR_FREQ_SD, sigma) |
				TIMING_11_SPUR_IN_AGC, pilot, mag);
}

/* ----- TX power ---------------------------------------------------------- */

static int ath5k_interp(int x, int x0, int x1, int y0, int y1)
{
	if (x0 == x1 || y0 == y1)
		return y0;
	return y0 + ((100 * (y1 - y0)) / (x1 - x0)) * (x - x0) / 100;
}

/* Entries on each side of @freq in an ascending list (ends clamp). */
static void ath5k_surrounding(const u16 *freqs, unsigned int n, u16 freq,
			      unsigned int *l, unsigned int *r)
{
	unsigned int i;

	*l = 0;
	*r = 0;
	if (freq <= freqs[0])
		return;
	for (i = 1; i < n; i++) {
		if (freq <= freqs[i]) {
			*l = freq == freqs[i] ? i : i - 1;
			*r = i;
			return;
		}
	}
	*l = n - 1;
	*r = n - 1;
}

/*
 * Sample a calibration curve (power in 1/4 dB against step) every half
 * dB from @pmin to @pmax (half-dB units).  The linear-PCDAC radios
 * (RF5112) instead sample 64 points from @pmin in 1/4 dB.
 */
static void ath5k_sample_curve(s16 pmin, s16 pmax, const struct ath5k_ee_pd_curve *c,
			       u8 *out, bool linear)
{
	unsigned int lo = 0, hi = 1;
	s16 p = linear ? pmin : 2 * pmin;
	int i, n;

	if (c->npoints < 2)
		return;
	n = linear ? ATH5K_PWR_TABLE : min(pmax - pmin + 1, ATH5K_PWR_TABLE);
	for (i = 0; i < n; i++, p += 2) {
		if (p > c->pwr[hi] && hi < c->npoints - 1u) {
			lo++;
			hi++;
		}
		out[i] = ath5k_interp(p, c->pwr[lo], c->pwr[hi], c->step[lo],
				      c->step[hi]);
	}
}

/*
 * Quarter dB the 64-entry PCDAC table spans.  The caller never lets the
 * table start further than that below the top, so searching further down
 * cannot change the result; it only bounds the search.
 */
#define LINEAR_PCDAC_SPAN	(2 * ATH5K_PWR_TABLE)

/*
 * RF5112: lowest power both piers' first segments can still reach.  A
 * segment whose slope ath5k_interp() rounds to zero never reaches PCDAC 1:
 * the search stops LINEAR_PCDAC_SPAN below the first point.
 */
static s16 ath5k_linear_pcdac_min(const struct ath5k_ee_pd_curve *l,
				  const struct ath5k_ee_pd_curve *r)
{
	const struct ath5k_ee_pd_curve *c[2] = { l, r };
	s16 lim[2];
	unsigned int k;

	if (l->step[0] == l->step[1] || r->step[0] == r->step[1])
		return max(l->pwr[0], r->pwr[0]);
	for (k = 0; k < 2; k++) {
		s16 p = c[k]->pwr[0];
		s16 floor = p - LINEAR_PCDAC_SPAN;

		if (c[k]->pwr[0] != c[k]->pwr[1]) {
			for (p--; p > floor; p--)
				if ((s8)ath5k_interp(p, c[k]->pwr[0], c[k]->pwr[1],
						     c[k]->step[0],
						     c[k]->step[1]) <= 1)
					break;
		}
		lim[k] = p;
	}
	return max(lim[0], lim[1]);
}

static void ath5k_pdadc_table_write(struct ath5k_hw *ah, const struct ath5k_ee_mode *m,
				    const s16 *pmin, const s16 *pmax)
{
	struct ath5k_txpower *t = &ah->txp;
	u8 boundary[ATH5K_EE_PD_GAINS];
	unsigned int g, n = 0, i;
	u32 overlap, rg1;

	overlap = ath5k_rd(ah, R_PHY_TPC_RG5) & TPC_RG5_PD_GAIN_OVERLAP;

	for (g = 0; g < m->npd_gains; g++) {
		const u8 *cur = t->curve[g];
		s16 start, end, size, stop, step;

		boundary[g] = g == m->npd_gains - 1u ? pmax[g] + 4 :
			      (pmax[g] + pmin[g + 1]) / 2;
		boundary[g] = min_t(u8, boundary[g], ATH5K_TXPOWER_MAX);

		/* overlap with the previous curve: extrapolate downwards */
		start = g ? (boundary[g - 1] - pmin[g]) - overlap : 0;
		step = max(cur[1] - cur[0], 1);
		for (; start < 0 && n < sizeof(t->pd_table); start++)
			t->pd_table[n++] = max(0, cur[0] + start * step);

		end = boundary[g] + overlap - pmin[g];
		size = min_t(s16, pmax[g] - pmin[g], ATH5K_PWR_TABLE);
		stop = min(end, size);
		while (start < stop && n < sizeof(t->pd_table))
			t->pd_table[n++] = cur[start++];
		if (end <= stop || size < 2)
			continue;

		/* beyond the calibrated range: extrapolate upwards */
		step = max(cur[size - 1] - cur[size - 2], 1);
		for (; start < end && n < sizeof(t->pd_table); start++)
			t->pd_table[n++] = min(127, cur[size - 1] +
						    (start - stop) * step);
	}
	for (; g < ATH5K_EE_PD_GAINS; g++)
		boundary[g] = boundary[g - 1];
	for (; n < sizeof(t->pd_table); n++)
		t->pd_table[n] = n ? t->pd_table[n - 1] : 0;

	ath5k_wr(ah, R_PHY_TPC_RG5,
		 FIELD_PREP(TPC_RG5_PD_GAIN_OVERLAP, overlap) |
		 FIELD_PREP(TPC_RG5_PD_GAIN_BOUNDARY_1, boundary[0]) |
		 FIELD_PREP(TPC_RG5_PD_GAIN_BOUNDARY_2, boundary[1]) |
		 FIELD_PREP(TPC_RG5_PD_GAIN_BOUNDARY_3, boundary[2]) |
		 FIELD_PREP(TPC_RG5_PD_GAIN_BOUNDARY_4, boundary[3]));

	rg1 = ath5k_rd(ah, R_PHY_TPC_RG1) &
	      ~(TPC_RG1_NUM_PD_GAIN | TPC_RG1_PDGAIN_1 | TPC_RG1_PDGAIN_2 |
		TPC_RG1_PDGAIN_3);
	rg1 |= FIELD_PREP(TPC_RG1_NUM_PD_GAIN, m->npd_gains);
	if (m->npd_gains > 2)
		rg1 |= FIELD_PREP(TPC_RG1_PDGAIN_3, m->pd_gain_idx[2]);
	if (m->npd_gains > 1)
		rg1 |= FIELD_PREP(TPC_RG1_PDGAIN_2, m->pd_gain_idx[1]);
	rg1 |= FIELD_PREP(TPC_RG1_PDGAIN_1, m->pd_gain_idx[0]);
	ath5k_wr(ah, R_PHY_TPC_RG1, rg1);

	for (i = 0; i < sizeof(t->pd_table) / 4; i++)
		ath5k_wr(ah, R_PHY_PDADC_TXPOWER(i),
			 t->pd_table[4 * i] | t->pd_table[4 * i + 1] << 8 |
			 t->pd_table[4 * i + 2] << 16 |
			 (u32)t->pd_table[4 * i + 3] << 24);
	t->offset = pmin[0];
}

/* The 64 PCDAC entries, two per register in bits 15:8 and 31:24. */
static void ath5k_pcdac_regs_write(struct ath5k_hw *ah)
{
	const u8 *tab = ah->txp.pd_table;
	unsigned int i;

	for (i = 0; i < ATH5K_PWR_TABLE / 2; i++)
		ath5k_wr(ah, R_PHY_PCDAC_TXPOWER(i),
			 ((tab[2 * i] << 8 | 0xff) & 0xffff) |
			 ((tab[2 * i + 1] << 8 | 0xff) & 0xffff) << 16);
}

/* RF5112: one 64-entry PCDAC table, the high-power curve on top. */
static void ath5k_pcdac_table_write(struct ath5k_hw *ah, const struct ath5k_ee_mode *m,
				    const s16 *pmin, const s16 *pmax)
{
	struct ath5k_txpower *t = &ah->txp;
	/* a pointer to the whole row: array bounds checkers see the index */
	const u8 (*src)[ATH5K_PWR_TABLE] = &t->curve[0];
	s16 idx = (pmax[0] - pmin[0]) / 2, mid = 0;
	u8 edge = 0;
	int i;

	if (m->npd_gains > 1) {
		mid = pmax[1] - pmin[1] - 1;
		edge = 0x40;	/* entries from the low-gain curve */
	}
	for (i = ATH5K_PWR_TABLE - 1; i >= 0; i--) {
		if (edge && (2 * idx <= pmax[1] - pmin[0] || idx == 0)) {
			edge = 0;
			src = &t->curve[1];
			idx = mid / 2;
		}
		idx = clamp_t(s16, idx, 0, ATH5K_PWR_TABLE - 1);
		if ((*src)[idx] < 1 && !edge) {
			/* below the curve: repeat the lowest entry written */
			for (; i >= 0; i--)
				t->pd_table[i] = i < ATH5K_PWR_TABLE - 1 ?
						 t->pd_table[i + 1] : 0;
			break;
		}
		t->pd_table[i] = min(126, (*src)[idx] | edge);
		idx--;
	}
	ath5k_pcdac_regs_write(ah);
	t->offset = 64 - pmax[0] / 2;
}

/*
 * RF5111: one curve, and the 64 entries map power (half dB from 0 dBm)
 * straight to PCDAC: below the calibrated range the lowest PCDAC, above
 * it the highest.  Rate powers then index the table without an offset.
 */
#define RF5111_PCDAC_MAX	63

static void ath5k_pwr_to_pcdac_write(struct ath5k_hw *ah, s16 pmin, s16 pmax)
{
	struct ath5k_txpower *t = &ah->txp;
	int top = clamp_t(int, pmax - pmin, 0, ATH5K_PWR_TABLE - 1);
	int i;

	for (i = 0; i < ATH5K_PWR_TABLE; i++)
		t->pd_table[i] = min_t(u8, RF5111_PCDAC_MAX,
				       t->curve[0][clamp_t(int, i - pmin, 0, top)]);
	ath5k_pcdac_regs_write(ah);
	t->offset = 0;
}

/* Build the per-channel power-detector table from the two nearest piers. */
static int ath5k_channel_power_table(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	const struct ath5k_ee_mode *m = &ah->ee.mode[ath5k_chan_ee_mode(chan)];
	bool linear = ah->radio == ATH5K_RADIO_RF5112;
	struct ath5k_txpower *t = &ah->txp;
	s16 pmin[ATH5K_EE_PD_GAINS], pmax[ATH5K_EE_PD_GAINS];
	const struct ath5k_ee_pier *pl, *pr;
	u16 freqs[ATH5K_EE_MAX_PIERS];
	unsigned int l, r, g, i;
	int n;

	if (!m->npiers || !m->npd_gains)
		return -EINVAL;
	for (i = 0; i < m->npiers; i++)
		freqs[i] = m->pier[i].freq;
	ath5k_surrounding(freqs, m->npiers, chan->freq, &l, &r);
	pl = &m->pier[l];
	pr = &m->pier[r];

	memset(t->curve, 0, sizeof(t->curve));
	memset(t->curve_r, 0, sizeof(t->curve_r));
	for (g = 0; g < m->npd_gains; g++) {
		const struct ath5k_ee_pd_curve *cl = &pl->curve[g];
		const struct ath5k_ee_pd_curve *cr = &pr->curve[g];

		if (cl->npoints < 2 || cr->npoints < 2)
			return -EINVAL;
		pmin[g] = min(cl->pwr[0], cr->pwr[0]);
		pmax[g] = max(cl->pwr[cl->npoints - 1], cr->pwr[cr->npoints - 1]);
		/*
		 * RF5111: only the range both piers calibrated, so neither
		 * curve is extrapolated past its PCDAC range (the table
		 * repeats its ends beyond)
		 */
		if (ah->radio == ATH5K_RADIO_RF5111) {
			pmin[g] = max(cl->pwr[0], cr->pwr[0]);
			pmax[g] = max_t(s16, pmin[g],
					min(cl->pwr[cl->npoints - 1],
					    cr->pwr[cr->npoints - 1]));
		}
		if (linear) {
			if (!(m->npd_gains > 1 && g == 0))
				pmin[g] = ath5k_linear_pcdac_min(cl, cr);
			/*
			 * The sampled curve has 64 half-dB entries: keep its
			 * top 31.5 dB, so that pmax is inside it on every curve
			 */
			if (pmax[g] - pmin[g] > LINEAR_PCDAC_SPAN - 2)
				pmin[g] = pmax[g] - (LINEAR_PCDAC_SPAN - 2);
		} else {
			pmin[g] /= 2;
			pmax[g] /= 2;
		}
		ath5k_sample_curve(pmin[g], pmax[g], cl, t->curve[g], linear);
		if (l == r)
			continue;
		ath5k_sample_curve(pmin[g], pmax[g], cr, t->curve_r[g], linear);
		n = min(pmax[g] - pmin[g], ATH5K_PWR_TABLE);
		for (i = 0; (int)i < n; i++)
			t->curve[g][i] = ath5k_interp(chan->freq, pl->freq, pr->freq,
						      t->curve[g][i],
						      t->curve_r[g][i]);
	}

	t->min_pwr = ath5k_interp(chan->freq, pl->freq, pr->freq, pl->min_pwr,
				  pr->min_pwr);
	t->max_pwr = ath5k_interp(chan->freq, pl->freq, pr->freq, pl->max_pwr,
				  pr->max_pwr);
	if (linear)
		ath5k_pcdac_table_write(ah, m, pmin, pmax);
	else if (ah->radio == ATH5K_RADIO_RF5111)
		ath5k_pwr_to_pcdac_write(ah, pmin[0], pmax[0]);
	else
		ath5k_pdadc_table_write(ah, m, pmin, pmax);
	t->freq = chan->freq;
	t->mode = chan->mode;
	t->valid = true;
	return 0;
}

/* Target powers (half dB) at @chan, interpolated between channels. */
static void ath5k_target_powers(const struct ath5k_hw *ah,
				const struct ath5k_chan *chan, struct ath5k_ee_target *out)
{
	const struct ath5k_ee_mode *m = &ah->ee.mode[ath5k_chan_ee_mode(chan)];
	const struct ath5k_ee_target *tl, *tr;
	u16 freqs[ATH5K_EE_MAX_TARGETS];
	unsigned int l, r, i;

	memset(out, 0, sizeof(*out));
	if (!m->ntargets)
		return;
	for (i = 0; i < m->ntargets; i++)
		freqs[i] = m->target[i].freq;
	ath5k_surrounding(freqs, m->ntargets, chan->freq, &l, &r);
	tl = &m->target[l];
	tr = &m->target[r];
	out->freq = chan->freq;
	out->pwr_6_24 = ath5k_interp(chan->freq, tl->freq, tr->freq, tl->pwr_6_24,
				     tr->pwr_6_24);
	out->pwr_36 = ath5k_interp(chan->freq, tl->freq, tr->freq, tl->pwr_36,
				   tr->pwr_36);
	out->pwr_48 = ath5k_interp(chan->freq, tl->freq, tr->freq, tl->pwr_48,
				   tr->pwr_48);
	out->pwr_54 = ath5k_interp(chan->freq, tl->freq, tr->freq, tl->pwr_54,
				   tr->pwr_54);
}

/* CTL test ids: low nibble is the mode, high nibble the regulatory group. */
#define CTL_11A		0
#define CTL_11B		1
#define CTL_11G		2

/* Conformance limit (half dB) for @chan, or 0 when none applies. */
static u8 ath5k_ctl_limit(const struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	const struct ath5k_eeprom *ee = &ah->ee;
	u8 group = ath5k_chan_is_2ghz(chan) ? ah->ctl_group_2ghz :
					      ah->ctl_group_5ghz;
	u8 want, i, e;

	if (group == 0xff)
		return 0;
	want = group | (chan->mode == ATH5K_MODE_11A ? CTL_11A :
			chan->mode == ATH5K_MODE_11B ? CTL_11B : CTL_11G);
	for (i = 0; i < ee->nctls; i++) {
		const struct ath5k_ee_edge *edge = ee->ctl_edge[i];

		if (ee->ctl_id[i] != want)
			continue;
		for (e = 0; e < ATH5K_EE_CTL_EDGES && edge[e].freq; e++) {
			if (chan->freq == edge[e].freq)
				return edge[e].pwr;
			if (chan->freq < edge[e].freq)
				return e && edge[e - 1].inband ?
				       edge[e - 1].pwr : 0;
		}
		return 0;
	}
	return 0;
}

u8 ath5k_hw_desc_txpower(const struct ath5k_hw *ah, u8 half_dbm)
{
	return clamp_t(int, half_dbm + ah->txp.offset, 0, ATH5K_TXPOWER_MAX);
}

void ath5k_hw_set_ctl_groups(struct ath5k_hw *ah, u8 group_2ghz, u8 group_5ghz)
{
	ah->ctl_group_2ghz = group_2ghz;
	ah->ctl_group_5ghz = group_5ghz;
}

/*
 * Per-rate power: index 0-7 are the OFDM rates 6..54 Mbit/s, 8-15 the
 * CCK ones (1L, 2L, 2S, 5.5L, 5.5S, 11L, 11S, XR) as the rate-power
 * registers group them.
 */
static void ath5k_rate_power_write(struct ath5k_hw *ah, const struct ath5k_chan *chan,
				   u8 limit)
{
	struct ath5k_txpower *t = &ah->txp;
	struct ath5k_ee_target tp;
	u8 *r = t->rate_idx;
	unsigned int i;
	s16 cap;
	u8 ctl;

	ath5k_target_powers(ah, chan, &tp);
	cap = min_t(s16, 2 * limit, t->max_pwr) / 2;
	ctl = ath5k_ctl_limit(ah, chan);
	if (ctl)
		cap = min_t(s16, cap, ctl);
	cap = max_t(s16, cap, 0);

	for (i = 0; i < 5; i++)
		r[i] = min_t(s16, cap, tp.pwr_6_24);
	r[5] = min(r[0], tp.pwr_36);
	r[6] = min(r[0], tp.pwr_48);
	r[7] = min(r[0], tp.pwr_54);
	r[8] = min(r[0], tp.pwr_6_24);
	r[9] = min(r[0], tp.pwr_36);
	r[10] = min(r[0], tp.pwr_36);
	r[11] = min(r[0], tp.pwr_48);
	r[12] = min(r[0], tp.pwr_48);
	r[13] = min(r[0], tp.pwr_54);
	r[14] = min(r[0], tp.pwr_54);
	r[15] = min(r[0], tp.pwr_6_24);
	/* first 5212 basebands cannot offset CCK in hardware: do it here */
	if (chan->mode == ATH5K_MODE_11G && ah->phy_rev < PHY_REV_5212A)
		for (i = 8; i < ARRAY_SIZE(t->rate_idx); i++)
			r[i] = r[i] > ah->ee.cck_ofdm_gain_delta ?
			       r[i] - ah->ee.cck_ofdm_gain_delta : 0;
	ah->txpower_cur = r[0];
	t->ofdm_pwr = r[7];

	for (i = 0; i < ARRAY_SIZE(t->rate_idx); i++)
		r[i] = clamp_t(s16, r[i] + t->offset, 0, ATH5K_TXPOWER_MAX);

#define RP(i, shift)	((u32)(r[i] & 0x3f) << (shift))
	ath5k_wr(ah, R_PHY_TXPOWER_RATE1, RP(3, 24) | RP(2, 16) | RP(1, 8) | RP(0, 0));
	ath5k_wr(ah, R_PHY_TXPOWER_RATE2, RP(7, 24) | RP(6, 16) | RP(5, 8) | RP(4, 0));
	ath5k_wr(ah, R_PHY_TXPOWER_RATE3, RP(10, 24) | RP(9, 16) | RP(15, 8) | RP(8, 0));
	ath5k_wr(ah, R_PHY_TXPOWER_RATE4, RP(14, 24) | RP(13, 16) | RP(12, 8) | RP(11, 0));
#undef RP
	/* no per-frame power control: one ceiling for every frame */
	ath5k_wr(ah, R_PHY_TXPOWER_RATE_MAX, ATH5K_TXPOWER_MAX);
}

int ath5k_hw_txpower_set(struct ath5k_hw *ah, const struct ath5k_chan *chan,
			 u8 limit)
{
	int ret;

	if (limit > ATH5K_TXPOWER_MAX)
		limit = ATH5K_TXPOWER_MAX;
	/* the AR5210 has no power table: it sends at the power it has */
	if (!(ah->caps & ATH5K_CAP_TXPOWER_TABLE)) {
		ah->txpower_cur = limit;
		return 0;
	}
	/* cheap enough to rebuild from the calibration every time */
	ret = ath5k_channel_power_table(ah, chan);
	if (ret) {
		dev_err(ah->dev, "no TX power calibration for %u MHz\n",
			chan->freq);
		return ret;
	}
	ath5k_rate_power_write(ah, chan, limit);
	return 0;
}

int ath5k_hw_set_txpower_limit(struct ath5k_hw *ah, u8 half_dbm)
{
	ah->txpower_limit = min_t(u8, half_dbm, ATH5K_TXPOWER_MAX);
	if (!ah->chan_valid)
		return 0;
	return ath5k_hw_txpower_set(ah, &ah->chan, ah->txpower_limit);
}

/* ----- activation and calibration ---------------------------------------- */

#define CAL_POLL_US		15
#define CAL_POLL_TRIES		20000

/*
 * Enable the baseband on the programmed channel and run the initial
 * AGC/noise-floor calibration (and start I/Q calibration on OFDM).
 */
int ath5k_hw_phy_activate(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	unsigned int i;
	u32 test1;

	ath5k_wr(ah, R_PHY_ACTIVE, PHY_ACTIVE_ENABLE);
	ath5k_wait_for_synth(ah, chan);

	/* hold TX while the ADC settles */
	test1 = ath5k_rd(ah, R_PHY_TEST1);
	ath5k_wr(ah, R_PHY_TEST1, TEST1_TXHOLD);
	for (i = 0; i <= 20; i++) {
		if (!(ath5k_rd(ah, R_PHY_ADC_TEST) & ADC_TEST_BUSY))
			break;
		usleep_range(200, 250);
	}
	ath5k_wr(ah, R_PHY_TEST1, test1);

	ath5k_set_bits(ah, R_PHY_AGCCTL, AGCCTL_CAL | AGCCTL_NF);

	/* no I/Q measurement among the AR5210's baseband registers */
	ah->iq_cal_pending = chan->mode != ATH5K_MODE_11B &&
			     (ah->caps & ATH5K_CAP_IQ_CAL);
	if (ah->iq_cal_pending) {
		ath5k_rmw(ah, R_PHY_IQ, PHY_IQ_CAL_NUM_LOG_MAX,
			  FIELD_PREP(PHY_IQ_CAL_NUM_LOG_MAX, 15));
		ath5k_set_bits(ah, R_PHY_IQ, PHY_IQ_RUN);
	}

	if (ath5k_hw_wait(ah, R_PHY_AGCCTL, AGCCTL_CAL, 0, CAL_POLL_US,
			  CAL_POLL_TRIES))
		dev_warn(ah->dev, "gain calibration timed out at %u MHz\n",
			 chan->freq);

	ath5k_hw_set_antenna_mode(ah, ah->ant_mode);
	return 0;
}

/* Fast channel change (RF2413/RF5413): retune without a chip reset. */
int ath5k_hw_fast_retune(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	int ret;

	if (!ah->chan_valid || chan->mode != ah->chan.mode)
		return -EINVAL;

	ath5k_set_bits(ah, R_PHY_RFBUS_REQ, RFBUS_REQ_REQUEST);
	ret = ath5k_hw_wait(ah, R_PHY_RFBUS_GRANT, RFBUS_GRANT_OK,
			    RFBUS_GRANT_OK, 5, 100);
	if (ret)
		goto out;
	ret = ath5k_hw_channel_set(ah, chan);
	if (ret)
		goto out;
	ath5k_wait_for_synth(ah, chan);
	ret = ath5k_hw_txpower_set(ah, chan, ah->txpower_limit);
	if (ret)
		goto out;
	if (chan->mode != ATH5K_MODE_11B) {
		ath5k_ofdm_timings_set(ah, chan);
		if (ah->srev >= SREV_AR5424)
			ath5k_hw_spur_mitigation(ah, chan);
	}
	ath5k_set_bits(ah, R_PHY_AGCCTL, AGCCTL_NF);
out:
	ath5k_clear_bits(ah, R_PHY_RFBUS_REQ, RFBUS_REQ_REQUEST);
	return ret;
}

/* Everything of the PHY setup that needs the channel, full reset path. */
int ath5k_hw_phy_setup(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	int ret;

	ah->txp.valid = false;
	ret = ath5k_hw_txpower_set(ah, chan, ah->txpower_limit);
	if (ret)
		return ret;
	ret = ah->phy_ops->modulation_set(ah, chan);
	if (ret)
		return ret;
	ath5k_hw_rfgain_write(ah, chan);
	usleep_range(1000, 1500);
	ret = ath5k_hw_rf_banks_write(ah, chan);
	if (ret)
		return ret;
	ret = ath5k_hw_channel_set(ah, chan);
	if (ret)
		return ret;
	return ath5k_hw_phy_activate(ah, chan);
}

/* ----- RF5112 gain_F ------------------------------------------------------ */

#define GAINF_LOW		20
#define GAINF_HIGH		85
#define GAINF_CCK_PROBE_CORR	5
#define PAPD_PROBE_TXPOWER	GENMASK(14, 9)
#define PAPD_PROBE_TX_NEXT	BIT(15)
#define PAPD_PROBE_TYPE		GENMASK(24, 23)
#define PAPD_PROBE_TYPE_CCK	2
#define PAPD_PROBE_GAINF	GENMASK(31, 25)

void ath5k_hw_gainf_init(struct ath5k_hw *ah)
{
	struct ath5k_gainf *g = &ah->gainf;

	memset(g, 0, sizeof(*g));
	if (ah->radio != ATH5K_RADIO_RF5112)
		return;
	g->step = ATH5K_RF5112_GAIN_STEP_DEFAULT;
	g->low = GAINF_LOW;
	g->high = GAINF_HIGH;
	g->state = ATH5K_GAINF_ACTIVE;
}

/* Ask the chip to measure the gain on the next OFDM frame it sends. */
static void ath5k_gainf_probe_request(struct ath5k_hw *ah)
{
	if (ah->gainf.state != ATH5K_GAINF_ACTIVE)
		return;
	ath5k_wr(ah, R_PHY_PAPD_PROBE,
		 FIELD_PREP(PAPD_PROBE_TXPOWER, ah->txp.ofdm_pwr - 4) |
		 PAPD_PROBE_TX_NEXT);
	ah->gainf.state = ATH5K_GAINF_PROBE_REQUESTED;
}

/* Later RF5112 revisions report gain_F offset by the mixer setting. */
static u32 ath5k_gainf_correction(struct ath5k_hw *ah)
{
	u32 step;

	if (ah->radio_rev <= RADREV_5112A ||
	    ath5k_rf_field_get(ah, ATH5K_RF_MIXVGA_OVR) != 1)
		return 0;
	step = ath5k_rf_field_get(ah, ATH5K_RF_MIXGAIN_STEP);
	switch (ath5k_rf5112_gain_steps[ah->gainf.step].param[0]) {
	case 3:
		return step * 2;
	case 2:
		return step >= 5 ? (step - 5) * 2 : 0;
	case 1:
		return step;
	default:
		return 0;
	}
}

/* Is the reading inside the window the mixer setting can measure? */
static bool ath5k_gainf_reading_valid(struct ath5k_hw *ah)
{
	u32 top = 107;

	if (ath5k_rf_field_get(ah, ATH5K_RF_MIXVGA_OVR) == 1)
		top = 83;
	else
		ah->gainf.high = 55;
	return ah->gainf.current_gain <= top;
}

/* Pick the step that brings the gain back into [low, high]. */
static bool ath5k_gainf_adjust(struct ath5k_hw *ah)
{
	struct ath5k_gainf *g = &ah->gainf;
	const struct ath5k_rf_gain_step *steps = ath5k_rf5112_gain_steps;
	s32 target = g->current_gain;

	if (g->current_gain >= g->high) {
		if (g->step == 0)
			return false;
		while (target >= (s32)g->high && g->step > 0) {
			target -= 2 * (steps[g->step - 1].gain -
				       steps[g->step].gain);
			g->step--;
		}
	} else if (g->current_gain <= g->low) {
		if (g->step == ATH5K_RF5112_GAIN_STEPS - 1)
			return false;
		while (target <= (s32)g->low &&
		       g->step < ATH5K_RF5112_GAIN_STEPS - 1) {
			target -= 2 * (steps[g->step + 1].gain -
				       steps[g->step].gain);
			g->step++;
		}
	} else {
		return false;
	}
	g->target = max(target, 0);
	return true;
}

/* Evaluate a finished probe; the state says whether a reset is due. */
void ath5k_hw_gainf_evaluate(struct ath5k_hw *ah)
{
	struct ath5k_gainf *g = &ah->gainf;
	u32 data, corr;

	if (g->state != ATH5K_GAINF_PROBE_REQUESTED || !ah->rf_banks)
		return;
	data = ath5k_rd(ah, R_PHY_PAPD_PROBE);
	if (data & PAPD_PROBE_TX_NEXT)
		return;		/* nothing measured yet */

	g->current_gain = FIELD_GET(PAPD_PROBE_GAINF, data);
	if (FIELD_GET(PAPD_PROBE_TYPE, data) == PAPD_PROBE_TYPE_CCK)
		g->current_gain += ah->radio_rev >= RADREV_5112A ?
				   ah->ee.cck_ofdm_gain_delta :
				   GAINF_CCK_PROBE_CORR;
	if (ah->radio_rev >= RADREV_5112A) {
		corr = ath5k_gainf_correction(ah);
		g->f_corr = corr;
		g->current_gain = g->current_gain >= corr ?
				  g->current_gain - corr : 0;
	}
	if (ath5k_gainf_reading_valid(ah) &&
	    (g->current_gain <= g->low || g->current_gain >= g->high) &&
	    ath5k_gainf_adjust(ah))
		g->state = ATH5K_GAINF_NEED_CHANGE;
	else
		g->state = ATH5K_GAINF_ACTIVE;
}

/* ----- noise floor ------------------------------------------------------- */

#define NF_HISTORY		ATH5K_NF_HISTORY
#define NF_RESTART_DBM		(-50)

void ath5k_hw_nf_history_reset(struct ath5k_hw *ah)
{
	unsigned int i;

	ah->nf_hist_pos = 0;
	for (i = 0; i < NF_HISTORY; i++)
		ah->nf_history[i] = ATH5K_NF_DEFAULT;
}

static s16 ath5k_nf_median(const struct ath5k_hw *ah)
{
	s16 v[NF_HISTORY];
	unsigned int i, j;

	memcpy(v, ah->nf_history, sizeof(v));
	for (i = 1; i < NF_HISTORY; i++)
		for (j = i; j > 0 && v[j] > v[j - 1]; j--)
			swap(v[j], v[j - 1]);
	return v[(NF_HISTORY - 1) / 2];
}

/*
 * Read the last measurement, keep the median of the recent ones as the
 * RSSI base, load it into the chip and start a new measurement.  A
 * reading above the EEPROM threshold means interference, not noise.
 * May sleep (waits for the chip to accept the loaded value).
 */
void ath5k_hw_nf_update(struct ath5k_hw *ah)
{
	const struct ath5k_ee_mode *m;
	s16 nf;
	u32 v;

	if (!ah->chan_valid)
		return;
	if (ath5k_rd(ah, R_PHY_AGCCTL) & AGCCTL_NF)
		return;		/* previous measurement still running */

	m = &ah->ee.mode[ath5k_chan_ee_mode(&ah->chan)];
	nf = sign_extend32(FIELD_GET(PHY_NF_READ, ath5k_rd(ah, R_PHY_NF)), 8);
	if (nf > m->nf_threshold)
		nf = ATH5K_NF_DEFAULT;

	ah->nf_hist_pos = (ah->nf_hist_pos + 1) % NF_HISTORY;
	ah->nf_history[ah->nf_hist_pos] = nf;
	nf = ath5k_nf_median(ah);

	/* load the median (half dB) and let the chip take it */
	v = ath5k_rd(ah, R_PHY_NF) & ~PHY_NF_VALUE;
	ath5k_wr(ah, R_PHY_NF, v | ((nf * 2) & PHY_NF_VALUE));
	ath5k_rmw(ah, R_PHY_AGCCTL,
		  AGCCTL_NF | AGCCTL_NF_EN | AGCCTL_NF_NOUPDATE, AGCCTL_NF);
	if (ath5k_hw_wait(ah, R_PHY_AGCCTL, AGCCTL_NF, 0, CAL_POLL_US,
			  CAL_POLL_TRIES))
		dev_dbg(ah->dev, "noise floor load timed out\n");

	/* then measure again from a neutral start */
	ath5k_wr(ah, R_PHY_NF, v | ((NF_RESTART_DBM * 2) & PHY_NF_VALUE));
	ath5k_set_bits(ah, R_PHY_AGCCTL,
		       AGCCTL_NF_EN | AGCCTL_NF_NOUPDATE | AGCCTL_NF);
	ah->noise_floor = nf;
}

/* I/Q imbalance correction from the chip's measurement. */
static int ath5k_iq_calibrate(struct ath5k_hw *ah)
{
	u32 i_pwr = 0, q_pwr = 0;
	s32 corr = 0, i_coffd, q_coffd, i_coff, q_coff;
	unsigned int i;

	if (!ah->iq_cal_pending)
		return -EINVAL;
	if (ath5k_rd(ah, R_PHY_IQ) & PHY_IQ_RUN)
		return -EBUSY;

	for (i = 0; i <= 10; i++) {
		corr = ath5k_rd(ah, R_PHY_IQRES_CAL_CORR);
		i_pwr = ath5k_rd(ah, R_PHY_IQRES_CAL_PWR_I);
		q_pwr = ath5k_rd(ah, R_PHY_IQRES_CAL_PWR_Q);
		if (i_pwr && q_pwr)
			break;
	}
	i_coffd = ((i_pwr >> 1) + (q_pwr >> 1)) >> 7;
	q_coffd = q_pwr >> ah->phy_ops->iq_q_shift;
	if (!i_coffd || q_coffd < 2)
		return -ECANCELED;

	/* negate after the division: the register may read S32_MIN */
	i_coff = -clamp_t(s32, corr / i_coffd, -31, 32);
	q_coff = clamp_t(s32, (s32)(i_pwr / q_coffd) - ah->phy_ops->iq_q_offset,
			 -16, 15);

	ath5k_rmw(ah, R_PHY_IQ, PHY_IQ_CORR_Q_I_COFF,
		  FIELD_PREP(PHY_IQ_CORR_Q_I_COFF, i_coff));
	ath5k_rmw(ah, R_PHY_IQ, PHY_IQ_CORR_Q_Q_COFF,
		  FIELD_PREP(PHY_IQ_CORR_Q_Q_COFF, q_coff));
	ath5k_set_bits(ah, R_PHY_IQ, PHY_IQ_CORR_ENABLE);

	/* start the next measurement */
	ath5k_rmw(ah, R_PHY_IQ, PHY_IQ_CAL_NUM_LOG_MAX,
		  FIELD_PREP(PHY_IQ_CAL_NUM_LOG_MAX, 15));
	ath5k_set_bits(ah, R_PHY_IQ, PHY_IQ_RUN);
	return 0;
}

int ath5k_hw_calibrate(struct ath5k_hw *ah)
{
	int ret;

	ath5k_hw_gainf_evaluate(ah);
	if (ah->gainf.state == ATH5K_GAINF_NEED_CHANGE)
		return 1;

	ret = ath5k_iq_calibrate(ah);
	if (ret)
		dev_dbg(ah->dev, "no I/Q correction this round (%d)\n", ret);
	if (ah->radio == ATH5K_RADIO_RF5112 && ah->chan_valid &&
	    ah->chan.mode != ATH5K_MODE_11B)
		ath5k_gainf_probe_request(ah);
	ath5k_hw_nf_update(ah);
	return 0;
}

/* ----- antennas ------------------------------------------------------------ */

void ath5k_hw_antenna_apply(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	const struct ath5k_ee_mode *m = &ah->ee.mode[ath5k_chan_ee_mode(chan)];
	const u8 *a = m->ant_control;
	u32 table_a, table_b, t0, t1;

	table_a = a[1] | a[2] << 6 | a[3] << 12 | a[4] << 18 | (u32)a[5] << 24;
	table_b = a[6] | a[7] << 6 | a[8] << 12 | a[9] << 18 | (u32)a[10] << 24;
	t0 = ah->ant_mode == ATH5K_ANT_FIXED_B ? table_b : table_a;
	t1 = ah->ant_mode == ATH5K_ANT_FIXED_A ? table_a : table_b;

	/*
	 * Idle switch setting: the reference driver writes (setting << 4 |
	 * TX/RX enable) into this 6-bit field; we program the same bits.
	 */
	ath5k_rmw(ah, R_PHY_ANT_CTL, ANT_CTL_SWTABLE_IDLE,
		  FIELD_PREP(ANT_CTL_SWTABLE_IDLE,
			     (a[0] << 4) | ANT_CTL_TXRX_ENABLE));
	ath5k_wr(ah, R_PHY_ANT_SWITCH_A, t0);
	ath5k_wr(ah, R_PHY_ANT_SWITCH_B, t1);
}

static void ath5k_fast_diversity(struct ath5k_hw *ah, const struct ath5k_chan *chan,
				 bool enable)
{
	if (chan->mode == ATH5K_MODE_11B || !enable)
		ath5k_set_bits(ah, R_PHY_AGCCTL, AGCCTL_OFDM_DIV_DIS);
	else
		ath5k_clear_bits(ah, R_PHY_AGCCTL, AGCCTL_OFDM_DIV_DIS);

	ath5k_rmw(ah, R_PHY_RESTART, RESTART_DIV_GC,
		  FIELD_PREP(RESTART_DIV_GC, enable ? 4 : 0));
	if (enable)
		ath5k_set_bits(ah, R_PHY_FAST_ANT_DIV, FAST_ANT_DIV_EN);
	else
		ath5k_clear_bits(ah, R_PHY_FAST_ANT_DIV, FAST_ANT_DIV_EN);
}

void ath5k_hw_set_def_antenna(struct ath5k_hw *ah, u8 ant)
{
	ah->def_ant = ant;
	ath5k_pcu_wr(ah, R_DEFAULT_ANTENNA, ant & 0x7);
}

/* How each mode uses the default antenna (bits of STA_ID1) and diversity. */
struct ant_policy {
	u8 def_ant;		/* 0: keep the current one */
	u8 tx_ant;
	bool use_def_tx, update_def, def_rts, def_selfgen, fast_div;
};

static const struct ant_policy ant_policies[ATH5K_ANT_MODE_COUNT] = {
	[ATH5K_ANT_DIVERSITY]	= { 0, 0, false, false, false, false, true },
	[ATH5K_ANT_FIXED_A]	= { 1, 1, true, false, true, true, false },
	[ATH5K_ANT_FIXED_B]	= { 2, 2, true, false, true, true, false },
	[ATH5K_ANT_SECTOR_AP]	= { 0, 1, false, false, true, false, false },
	[ATH5K_ANT_SECTOR_STA]	= { 0, 1, true, false, true, false, true },
	[ATH5K_ANT_DEBUG]	= { 1, 2, false, false, false, false, false },
};

void ath5k_hw_set_antenna_mode(struct ath5k_hw *ah, enum ath5k_ant_mode mode)
{
	const struct ant_policy *p;
	u32 bits = 0;

	if (mode >= ATH5K_ANT_MODE_COUNT)
		return;
	ah->ant_mode = mode;
	/* the AR5210 keeps the antenna its initial values select */
	if (!ah->chan_valid || !(ah->caps & ATH5K_CAP_ANT_CONTROL))
		return;		/* applied at the next reset */

	p = &ant_policies[mode];
	if (p->def_ant)
		ah->def_ant = p->def_ant;
	ah->tx_ant = p->tx_ant;

	bits |= p->use_def_tx ? STA_ID1_DEFAULT_ANT : 0;
	bits |= p->update_def ? STA_ID1_DESC_ANT : 0;
	bits |= p->def_rts ? STA_ID1_RTS_DEF_ANT : 0;
	bits |= p->def_selfgen ? STA_ID1_SELFGEN_DEF_ANT : 0;
	ath5k_pcu_rmw(ah, R_STA_ID1, STA_ID1_ANT_BITS, bits);

	ath5k_hw_antenna_apply(ah, &ah->chan);
	ath5k_fast_diversity(ah, &ah->chan, p->fast_div);
	ath5k_hw_set_def_antenna(ah, ah->def_ant);
}

/* OFDM timing and spur mitigation: the AR5212 family's registers */
static int ath5k_phy_modulation_set_5212(struct ath5k_hw *ah,
					 const struct ath5k_chan *chan)
{
	int ret;

	if (chan->mode == ATH5K_MODE_11B)
		return 0;
	ret = ath5k_ofdm_timings_set(ah, chan);
	if (ret)
		return ret;
	if (ah->srev >= SREV_AR5424)
		ath5k_hw_spur_mitigation(ah, chan);
	return 0;
}

const struct ath5k_phy_ops ath5k_phy_5212_ops = {
	.mode_set = ath5k_phy_mode_set_5212,
	.modulation_set = ath5k_phy_modulation_set_5212,
	.iq_q_shift = 7,
	.iq_q_offset = 128,
};
