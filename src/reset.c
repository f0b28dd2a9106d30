// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The full reset: from any state to a chip tuned to a channel with the
 * PCU, queues and DMA configured.  The order of the steps and the values
 * come from the Linux ath5k driver (ath5k_hw_reset and its helpers, and
 * the initial values, in Debian linux-source-6.1) and the project's hardware-
 * facts note.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
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
 *
 * From drivers/net/wireless/ath/ath5k/initvals.c in Linux 6.1:
 *
 * Initial register settings functions
 *
 * Copyright (c) 2004-2007 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2009 Nick Kossifidis <mickflemm@gmail.com>
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
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/errno.h>

#include "hw.h"
#include "hw_internal.h"
#include "initvals.h"
#include "reg.h"

#define PHY_SELECT_5GHZ		0x00000007
#define INI_PAUSE_EVERY		64	/* writes between short pauses */
#define TXF2TXD_START_DEFAULT	14
#define TXF2TXD_START_10MHZ	12
#define TXF2TXD_START_5MHZ	13
#define RX_LATENCY_MAX		63
#define CYCPWR_THR1_DEFAULT	2
#define PCU_FIRST		0x8000
#define PCU_LAST		0x8fff

/* ----- initial values --------------------------------------------------- */

static void ath5k_ini_write(struct ath5k_hw *ah, const u32 *t, unsigned int mode,
			    bool skip_pcu, unsigned int *count)
{
	unsigned int cols = mode < ATH5K_MODE_COUNT ? ATH5K_MODE_COUNT : 1;
	unsigned int col = mode < ATH5K_MODE_COUNT ? mode : 0;
	u32 reg, n, i;

	while (*t != INI_END) {
		reg = INI_RUN_REG(*t);
		n = INI_RUN_LEN(*t);
		t++;
		for (i = 0; i < n; i++, reg += 4, t += cols) {
			if (skip_pcu && reg >= PCU_FIRST && reg <= PCU_LAST)
				continue;
			/* the tables hold this chip's own offsets */
			ath5k_wr(ah, reg, t[col]);
			/* let posted writes drain now and then */
			if (++*count % INI_PAUSE_EVERY == 0)
				udelay(1);
		}
	}
}

#define COMMON_TABLE	ATH5K_MODE_COUNT	/* "mode" of one-column tables */

void ath5k_hw_initvals_write(struct ath5k_hw *ah, const struct ath5k_chan *chan,
			     bool skip_pcu)
{
	const struct ath5k_ini_set *set = ath5k_ini_for_radio(ah->radio);
	unsigned int count = 0;

	ath5k_ini_write(ah, set->modal_head, chan->mode, skip_pcu, &count);
	ath5k_ini_write(ah, set->common, COMMON_TABLE, skip_pcu, &count);
	ath5k_ini_write(ah, set->radio_modal, chan->mode, skip_pcu, &count);
	ath5k_ini_write(ah, set->radio_common, COMMON_TABLE, skip_pcu, &count);
	ath5k_ini_write(ah, set->bb_gain, COMMON_TABLE, skip_pcu, &count);
}

/* ----- clocks ------------------------------------------------------------ */

static bool ath5k_radio_has_40mhz_ref(const struct ath5k_hw *ah)
{
	if (ah->radio == ATH5K_RADIO_RF5111)
		return false;
	return ah->radio != ATH5K_RADIO_RF2425 ||
	       ah->mac_version == MACVER_AR2417;
}

/* Run the sleep timers from the 32 MHz reference, not a 32 kHz crystal. */
static void ath5k_sleep_clock_off(struct ath5k_hw *ah)
{
	bool spending_low = ah->radio == ATH5K_RADIO_RF5112 ||
			    ah->radio == ATH5K_RADIO_RF5413 ||
			    ah->mac_version == MACVER_AR2417;

	ath5k_clear_bits(ah, R_PCICFG, PCICFG_SLEEP_CLK_EN |
			 PCICFG_SLEEP_CLK_RATE);
	ath5k_wr(ah, R_PHY_SCR, PHY_SCR_32MHZ);
	ath5k_wr(ah, R_PHY_SLMT, PHY_SLMT_32MHZ);
	if (ah->mac_version == MACVER_AR2417)
		ath5k_wr(ah, R_PHY_SCAL, PHY_SCAL_32MHZ_2417);
	else if (ah->mac_version == MACVER_AR2425 && ah->ee.hb63)
		ath5k_wr(ah, R_PHY_SCAL, PHY_SCAL_32MHZ_HB63);
	else
		ath5k_wr(ah, R_PHY_SCAL, PHY_SCAL_32MHZ);
	ath5k_wr(ah, R_PHY_SCLOCK, PHY_SCLOCK_32MHZ);
	ath5k_wr(ah, R_PHY_SDELAY, PHY_SDELAY_32MHZ);
	ath5k_wr(ah, R_PHY_SPENDING, spending_low ? 0x14 : 0x18);
	ath5k_pcu_rmw(ah, R_TSF_PARM, TSF_PARM_INC, FIELD_PREP(TSF_PARM_INC, 1));
	ath5k_pcu_rmw(ah, R_USEC, USEC_32, FIELD_PREP(USEC_32, ah->radio ==
		      ATH5K_RADIO_RF2425 ? 31 : 39));
}

/* Microsecond counter of the 32 MHz clock: 40 MHz on the newer radios. */
static u32 ath5k_usec_32(const struct ath5k_hw *ah)
{
	return ah->radio == ATH5K_RADIO_RF2425 ||
	       ah->radio == ATH5K_RADIO_RF5111 ? 31 : 39;
}

/* MAC clock: 40 MHz on 11a, 22 MHz on 11b, 44 MHz on 11g. */
static void ath5k_core_clock_init(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	static const u8 mhz[ATH5K_MODE_COUNT] = { 40, 22, 44 };
	unsigned int stretch = ath5k_chan_stretch(chan);
	u32 usec, txf2txd = TXF2TXD_START_DEFAULT;

	ah->clock_mhz = mhz[chan->mode] / stretch;
	ath5k_rmw(ah, R_DCU_GBL_IFS_MISC, GBL_IFS_MISC_USEC_DUR,
		  FIELD_PREP(GBL_IFS_MISC_USEC_DUR, ah->clock_mhz));

	/* keep the latencies the initial values set, stretched if narrow */
	usec = ath5k_pcu_rd(ah, R_USEC);
	if (stretch > 1) {
		usec = FIELD_PREP(USEC_TX_LATENCY,
				  FIELD_GET(USEC_TX_LATENCY, usec) * stretch) |
		       FIELD_PREP(USEC_RX_LATENCY, RX_LATENCY_MAX);
		txf2txd = stretch == 2 ? TXF2TXD_START_10MHZ :
					 TXF2TXD_START_5MHZ;
	} else {
		usec &= USEC_TX_LATENCY | USEC_RX_LATENCY;
	}
	usec |= FIELD_PREP(USEC_1, ah->clock_mhz - 1);
	usec |= FIELD_PREP(USEC_32, ath5k_usec_32(ah));
	ath5k_pcu_wr(ah, R_USEC, usec);

	if (ah->radio == ATH5K_RADIO_RF5112)
		ath5k_rmw(ah, R_PHY_RF_CTL2, RF_CTL2_TXF2TXD_START, txf2txd);
}

/* ----- revision-specific corrections to the initial values -------------- */

static void ath5k_initvals_tweak(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	if (ah->phy_rev >= PHY_REV_5212A) {
		ath5k_wr(ah, R_PHY_ADC_CTL,
			 FIELD_PREP(ADC_CTL_INBUFGAIN_OFF, 2) |
			 FIELD_PREP(ADC_CTL_INBUFGAIN_ON, 2) |
			 ADC_CTL_PWD_DAC_OFF | ADC_CTL_PWD_ADC_OFF);
		ath5k_clear_bits(ah, R_PHY_DAG_CCK_CTL, DAG_CCK_EN_RSSI_THR);
		ath5k_rmw(ah, R_PHY_DAG_CCK_CTL, DAG_CCK_RSSI_THR,
			  FIELD_PREP(DAG_CCK_RSSI_THR, 2));
		ath5k_pcu_wr(ah, R_SEQ_MASK, 0xf);
	}
	if (ah->phy_rev >= PHY_REV_5212B)
		ath5k_wr(ah, R_PHY_BLUETOOTH, 0);
	if (ah->phy_rev > PHY_REV_5212B)
		ath5k_clear_bits(ah, R_TXCFG, TXCFG_DCU_DBL_BUF_DIS);

	/* the fast ADC disturbs channels 11 and 12 */
	if (ah->radio == ATH5K_RADIO_RF5413 ||
	    ah->mac_version == MACVER_AR2417) {
		u32 fast_adc = chan->freq == 2462 || chan->freq == 2467 ? 0 : 1;

		if (ath5k_rd(ah, R_PHY_FAST_ADC) != fast_adc)
			ath5k_wr(ah, R_PHY_FAST_ADC, fast_adc);
	}

	/* longer channel-estimation window on narrow AR5424-AR5414 */
	if (chan->bw != ATH5K_BW_20 && ah->srev >= SREV_AR5424 &&
	    ah->srev <= SREV_AR5414)
		ath5k_rmw(ah, R_PHY_FRAME_CTL, FRAME_CTL_WIN_LEN,
			  FIELD_PREP(FRAME_CTL_WIN_LEN, 3));

	if (ah->radio == ATH5K_RADIO_RF5112 && ah->radio_rev < RADREV_5112A) {
		ath5k_wr(ah, R_PHY_CCKTXCTL, 0);
		ath5k_wr(ah, R_PHY_FRAME_CTL, ath5k_chan_is_2ghz(chan) ?
			 0xffb80d20 : 0xffb81020);
	}
}

/* Spurs from the reference clock's harmonics near the channel centre. */
static bool ath5k_chan_has_spur_noise(const struct ath5k_hw *ah,
				      const struct ath5k_chan *chan)
{
	unsigned int ref = ath5k_radio_has_40mhz_ref(ah) ? 40 : 32;
	unsigned int off = chan->freq % ref;

	return off && (off < 10 || off > 22);
}

/* Front-end settings of this mode from the EEPROM. */
static void ath5k_eeprom_settings_write(struct ath5k_hw *ah,
					const struct ath5k_chan *chan)
{
	const struct ath5k_eeprom *ee = &ah->ee;
	const struct ath5k_ee_mode *m = &ee->mode[chan->mode];
	s16 delta;
	u32 thr1;

	/* CCK runs this much (tenths of dB) below OFDM on 11g */
	delta = chan->freq == 2484 ?
		((ee->cck_ofdm_power_delta - ee->scaled_cck_delta) * 2) / 10 :
		(ee->cck_ofdm_power_delta * 2) / 10;
	/* the first 5212 basebands lack the register: see rate power */
	if (ah->phy_rev >= PHY_REV_5212A)
		ath5k_wr(ah, R_PHY_TX_PWR_ADJ, chan->mode != ATH5K_MODE_11G ? 0 :
			 FIELD_PREP(TX_PWR_ADJ_CCK_GAIN_DELTA,
				    -ee->cck_ofdm_gain_delta) |
			 FIELD_PREP(TX_PWR_ADJ_CCK_PCDAC_IDX, -delta));

	ath5k_hw_antenna_apply(ah, chan);

	ath5k_wr(ah, R_PHY_NFTHRES, FIELD_PREP(PHY_NF_VALUE, m->nf_threshold) |
		 PHY_NF_LOAD);
	ath5k_rmw(ah, R_PHY_SETTLING, SETTLING_SWITCH,
		  FIELD_PREP(SETTLING_SWITCH, m->switch_settling));
	ath5k_rmw(ah, R_PHY_GAIN, GAIN_TXRX_ATTEN,
		  FIELD_PREP(GAIN_TXRX_ATTEN, m->atn_tx_rx));
	ath5k_rmw(ah, R_PHY_DESIRED_SIZE, DESIRED_SIZE_ADC,
		  FIELD_PREP(DESIRED_SIZE_ADC, (u8)m->adc_desired_size));
	ath5k_rmw(ah, R_PHY_DESIRED_SIZE, DESIRED_SIZE_PGA,
		  FIELD_PREP(DESIRED_SIZE_PGA, (u8)m->pga_desired_size));
	if (ee->version >= ATH5K_EE_V4_1)
		ath5k_rmw(ah, R_PHY_GAIN_2GHZ, GAIN_2GHZ_MARGIN_TXRX,
			  FIELD_PREP(GAIN_2GHZ_MARGIN_TXRX, m->margin_tx_rx));

	ath5k_wr(ah, R_PHY_RF_CTL4, (u32)m->tx_end2xpa_off << 24 |
		 m->tx_end2xpa_off << 16 | m->tx_frame2xpa_on << 8 |
		 m->tx_frame2xpa_on);
	ath5k_rmw(ah, R_PHY_RF_CTL3, RF_CTL3_TXE2XLNA_ON,
		  FIELD_PREP(RF_CTL3_TXE2XLNA_ON, m->tx_end2xlna));
	ath5k_rmw(ah, R_PHY_NF, PHY_NF_THRESH62,
		  FIELD_PREP(PHY_NF_THRESH62, m->thr_62));

	thr1 = CYCPWR_THR1_DEFAULT;
	if (ath5k_chan_has_spur_noise(ah, chan))
		thr1 += m->false_detect;
	ath5k_rmw(ah, R_PHY_OFDM_SELFCORR, SELFCORR_CYPWR_THR1,
		  FIELD_PREP(SELFCORR_CYPWR_THR1, thr1));

	ath5k_rmw(ah, R_PHY_IQ, PHY_IQ_CORR_Q_I_COFF,
		  FIELD_PREP(PHY_IQ_CORR_Q_I_COFF, m->i_cal));
	ath5k_rmw(ah, R_PHY_IQ, PHY_IQ_CORR_Q_Q_COFF,
		  FIELD_PREP(PHY_IQ_CORR_Q_Q_COFF, m->q_cal));
	ath5k_set_bits(ah, R_PHY_IQ, PHY_IQ_CORR_ENABLE);

	if (ee->version >= ATH5K_EE_V5_1)
		ath5k_wr(ah, R_PHY_HEAVY_CLIP_ENABLE, 0);
}

/* ----- the reset ---------------------------------------------------------- */

static int ath5k_chan_check(struct ath5k_hw *ah, const struct ath5k_chan *chan)
{
	if (chan->mode >= ATH5K_MODE_COUNT ||
	    !ath5k_hw_mode_supported(ah, chan->mode)) {
		dev_err(ah->dev, "mode %u not supported by this card\n",
			chan->mode);
		return -EINVAL;
	}
	if (chan->bw > ATH5K_BW_5 ||
	    (chan->bw != ATH5K_BW_20 &&
	     (chan->mode == ATH5K_MODE_11B ||
	      !(ah->caps & ATH5K_CAP_NARROW_BW)))) {
		dev_err(ah->dev, "channel width %u not possible in mode %u\n",
			chan->bw, chan->mode);
		return -EOPNOTSUPP;
	}
	if (!ath5k_hw_freq_supported(ah, chan->freq)) {
		dev_err(ah->dev, "%u MHz outside the card's range\n",
			chan->freq);
		return -EINVAL;
	}
	if (ath5k_freq_is_2ghz(chan->freq) != ath5k_chan_is_2ghz(chan)) {
		dev_err(ah->dev, "%u MHz is not in the band of mode %u\n",
			chan->freq, chan->mode);
		return -EINVAL;
	}
	return 0;
}

int ath5k_hw_reset(struct ath5k_hw *ah, enum ath5k_opmode opmode,
		   const struct ath5k_chan *chan, bool fast)
{
	int ret;

	ret = ath5k_chan_check(ah, chan);
	if (ret)
		return ret;
	return ah->mac_ops->reset(ah, opmode, chan, fast);
}

/* The AR5211's and the AR5212 family's reset. */
int ath5k_qcu_reset(struct ath5k_hw *ah, enum ath5k_opmode opmode,
		    const struct ath5k_chan *chan, bool fast)
{
	u32 seq, led, gpiocr, gpiodo;
	int ret;

	if (fast && ath5k_hw_has_fast_chanswitch(ah) && ah->chan_valid &&
	    chan->mode == ah->chan.mode && opmode == ah->opmode) {
		if (!ath5k_hw_fast_retune(ah, chan))
			return 0;
		dev_dbg(ah->dev, "fast retune to %u MHz failed, full reset\n",
			chan->freq);
	}

	/* what a chip reset would lose but must survive */
	seq = ath5k_rd(ah, R_DCU_SEQNUM(0));
	led = ath5k_rd(ah, R_PCICFG) & (PCICFG_LED | PCICFG_LEDMODE |
					PCICFG_LEDBLINK | PCICFG_LEDSLOW);
	gpiocr = ath5k_rd(ah, R_GPIOCR);
	gpiodo = ath5k_rd(ah, R_GPIODO);

	/* read a pending gain_F measurement before the reset loses it */
	ath5k_hw_gainf_evaluate(ah);
	if (ah->caps & ATH5K_CAP_SLEEP_CLOCK)
		ath5k_sleep_clock_off(ah);
	ah->chan_valid = false;
	ah->opmode = opmode;

	ret = ath5k_hw_nic_wakeup(ah);
	if (ret)
		return ret;
	ath5k_hw_pci_retry_fix(ah);
	ret = ath5k_hw_phy_mode_set(ah, chan);
	if (ret)
		return ret;
	ath5k_wr(ah, R_PHY(0), PHY_SELECT_5GHZ);

	ath5k_hw_initvals_write(ah, chan, false);
	ath5k_core_clock_init(ah, chan);
	ath5k_initvals_tweak(ah, chan);
	ath5k_eeprom_settings_write(ah, chan);

	ath5k_wr(ah, R_DCU_SEQNUM(0), seq);
	ath5k_set_bits(ah, R_PCICFG, led);
	ath5k_wr(ah, R_GPIOCR, gpiocr);
	ath5k_wr(ah, R_GPIODO, gpiodo);

	/* PCU settings use the channel (timing, rates) */
	ah->chan = *chan;
	ath5k_hw_pcu_init(ah);

	ret = ath5k_hw_phy_setup(ah, chan);
	if (ret) {
		dev_err(ah->dev, "PHY setup for %u MHz failed (%d)\n",
			chan->freq, ret);
		return ret;
	}
	return ath5k_hw_reset_finish(ah);
}

/* The last steps of every reset: queues, DMA, beacons off, TSF from 0. */
int ath5k_hw_reset_finish(struct ath5k_hw *ah)
{
	int ret;

	ret = ath5k_hw_txq_program_all(ah);
	if (ret)
		return ret;
	ath5k_hw_dma_init(ah);

	ath5k_pcu_clear_bits(ah, R_BEACON, BEACON_ENABLE);
	ath5k_hw_tsf_reset(ah);
	return 0;
}

int ath5k_hw_stop(struct ath5k_hw *ah)
{
	int ret;

	/* on failure DMA is stopped all the same: the chip is held in reset */
	ret = ath5k_hw_dma_stop(ah);
	ath5k_hw_pcu_rx_stop(ah);
	ath5k_wr(ah, R_PHY_ACTIVE, PHY_ACTIVE_DISABLE);
	ah->chan_valid = false;
	return ret;
}

int ath5k_hw_hold(struct ath5k_hw *ah)
{
	int ret;

	ret = ath5k_hw_set_power(ah, ATH5K_POWER_AWAKE);
	if (ret)
		return ret;
	ret = ath5k_hw_nic_reset(ah, ath5k_hw_reset_all_bits(ah));
	if (ret) {
		dev_err(ah->dev, "chip did not enter warm reset\n");
		return -EIO;
	}
	ah->chan_valid = false;
	return ath5k_hw_set_power(ah, ATH5K_POWER_AWAKE);
}
