// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What the AR5210 (the first MAC, with its RF5110 radio, 802.11a only)
 * does its own way: where its PCU registers sit, the EEPROM window, the
 * radio revision nibble, the reset, the RF5110 synthesiser word and the
 * interframe spaces and retry limits that the later chips keep in their
 * DCUs, and its two TX queues (ath5k_5210_mac_ops).  The rest of the
 * hardware layer reaches its PCU registers through ath5k_5210_pcu_reg()
 * and asks ah->caps what it lacks.
 *
 * Facts from the Linux ath5k driver in Debian linux-source-6.12 (its
 * register file, reset, PHY, PCU, queue and PCI code, AR5K_AR5210 paths).
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/reset.c and reg.h in Linux 6.12:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2007-2008 Luis Rodriguez <mcgrof@winlab.rutgers.edu>
 * Copyright (c) 2007-2008 Pavel Roskin <proski@gnu.org>
 * Copyright (c) 2007-2008 Jiri Slaby <jirislaby@gmail.com>
 * Copyright (c) 2007-2008 Michael Taylor <mike.taylor@apprion.com>
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
 * From drivers/net/wireless/ath/ath5k/phy.c in Linux 6.12:
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
 */

#include <linux/kernel.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/errno.h>

#include "hw.h"
#include "hw_internal.h"
#include "reg.h"

/* ----- the register map ------------------------------------------------ */

/* The PCU registers the AR5210 has: (AR5211 offset, AR5210 offset). */
static const struct {
	ath5k_pcu_reg_t reg;
	u16 off_5210;
} ath5k_5210_pcu_moved[] = {
	{ R_STA_ID0, 0x8000 }, { R_STA_ID1, 0x8004 },
	{ R_BSSID0, 0x8008 }, { R_BSSID1, 0x800c },
	{ R_SLOT_TIME, R5210_SLOT_TIME }, { R_TIME_OUT, 0x8014 },
	{ R_RSSI_THR, 0x8018 }, { R_USEC, 0x8020 }, { R_BEACON, 0x8024 },
	{ R_CFP_PERIOD, 0x8028 },
	{ R_TIMER0, 0x802c }, { R_TIMER1, 0x8030 },
	{ R_TIMER2, 0x8034 }, { R_TIMER3, 0x8038 },
	{ R_CFP_DUR, 0x8048 }, { R_RX_FILTER, 0x804c },
	{ R_MCAST_FILTER0, 0x8050 }, { R_MCAST_FILTER1, 0x8054 },
	{ R_DIAG_SW, 0x8068 }, { R_TSF_L32, 0x806c }, { R_TSF_U32, 0x8070 },
	{ R_LAST_TSTP, 0x8080 }, { R_NAV, 0x808c },
	{ R_RTS_OK, 0x8090 }, { R_RTS_FAIL, 0x8094 }, { R_ACK_FAIL, 0x8098 },
	{ R_FCS_FAIL, 0x809c }, { R_BEACON_CNT, 0x80a0 },
};

#define KEY_FIRST		0x8800
#define KEY_5210_BASE		0x9000
#define KEY_ENTRY_BYTES		32

/*
 * Where the AR5210 keeps a PCU register: the moved ones above, its key
 * cache of R5210_KEY_ENTRIES at KEY_5210_BASE; none of the later PCU
 * additions.
 */
static u32 ath5k_5210_pcu_reg(ath5k_pcu_reg_t reg)
{
	u32 off = (__force u32)reg;
	unsigned int i;

	if (off >= KEY_FIRST &&
	    off < KEY_FIRST + R5210_KEY_ENTRIES * KEY_ENTRY_BYTES)
		return KEY_5210_BASE + (off - KEY_FIRST);
	for (i = 0; i < ARRAY_SIZE(ath5k_5210_pcu_moved); i++)
		if (ath5k_5210_pcu_moved[i].reg == reg)
			return ath5k_5210_pcu_moved[i].off_5210;
	return ATH5K_REG_NONE;
}

/* ----- EEPROM -------------------------------------------------------------- */

/*
 * A read of word n's window address starts the EEPROM read; the status
 * register then says when the data register holds it.  Words from
 * R5210_EEPROM_WORDS up have no window of their own (their addresses are
 * the data and status registers): the AR5210's EEPROM keeps nothing
 * there, so they read as 0.
 */
static int ath5k_5210_eeprom_read(struct ath5k_hw *ah, unsigned int off,
				  u16 *out)
{
	if (off >= R5210_EEPROM_WORDS) {
		*out = 0;
		return 0;
	}
	ath5k_rd(ah, R5210_EEPROM(off));
	return ath5k_hw_eeprom_wait(ah, R5210_EEPROM_STATUS, R5210_EEPROM_DATA,
				    out);
}

static void ath5k_5210_eeprom_access(struct ath5k_hw *ah, bool on)
{
	u32 v = ath5k_rd(ah, R_PCICFG);

	v = on ? v | R5210_PCICFG_EEAE : v & ~R5210_PCICFG_EEAE;
	ath5k_wr(ah, R_PCICFG, v);
}

/* ----- radio --------------------------------------------------------------- */

#define RADIO_REV_NIBBLE	GENMASK(31, 28)

/* The revision nibble, bit-reversed, plus one: 0x0n is an RF5110. */
static u8 ath5k_5210_radio_rev_decode(u32 reg)
{
	u8 raw = FIELD_GET(RADIO_REV_NIBBLE, reg), rev = 0;
	unsigned int i;

	for (i = 0; i < 4; i++)
		if (raw & BIT(i))
			rev |= BIT(3 - i);
	return rev + 1;
}

/* Its probe answers in the top nibble alone; only an RF5110 goes with it. */
static int ath5k_5210_radio_identify(struct ath5k_hw *ah)
{
	u32 probe = ath5k_hw_radio_probe(ah, false);

	ah->radio_rev = ath5k_5210_radio_rev_decode(probe);
	if ((ah->radio_rev & RADREV_RADIO) != RADREV_5110) {
		dev_err(ah->dev, "radio revision 0x%02x is no RF5110: not supported on an AR5210\n",
			ah->radio_rev);
		return -ENODEV;
	}
	ah->radio = ATH5K_RADIO_RF5110;
	return 0;
}

#define RF5110_CHAN_FIRST	24	/* IEEE channel of the synthesiser's 0 */
#define RF5110_WORD_FIXED	(BIT(6) | BIT(0))
#define RF5110_CHAN_FIELD	GENMASK(5, 1)
#define RF5110_SETTLE_US	1000

/* The synthesiser word: (channel - 24) / 2, 5 bits reversed, at 5:1. */
static int ath5k_5210_synth_word(u16 freq, u32 *word)
{
	unsigned int ch, step, rev = 0, i;

	if (freq < 5000 || (freq - 5000) % 10)
		return -EINVAL;
	ch = (freq - 5000) / 5;
	if (ch < RF5110_CHAN_FIRST)
		return -EINVAL;
	step = (ch - RF5110_CHAN_FIRST) / 2;
	if (step > FIELD_MAX(RF5110_CHAN_FIELD))
		return -EINVAL;
	for (i = 0; i < 5; i++)
		if (step & BIT(i))
			rev |= BIT(4 - i);
	*word = FIELD_PREP(RF5110_CHAN_FIELD, rev) | RF5110_WORD_FIXED;
	return 0;
}

static int ath5k_5210_channel_set(struct ath5k_hw *ah,
				  const struct ath5k_chan *chan)
{
	u32 word;
	int ret;

	ret = ath5k_5210_synth_word(chan->freq, &word);
	if (ret)
		return ret;
	ath5k_wr(ah, R_PHY_RF_BUFFER, word);
	ath5k_wr(ah, R_PHY_RF_BUFFER_CTL(0), 0);	/* latches the word */
	usleep_range(RF5110_SETTLE_US, RF5110_SETTLE_US + 500);
	return 0;
}

/* ----- interframe spaces and retries ------------------------------------- */

#define CW_MIN_5210		15
#define RETRY_SHORT_5210	7
#define RETRY_LONG_5210		4

/*
 * No DCU: one slot time, SIFS/DIFS and PIFS/EIFS register for the chip,
 * in clocks of the 40 MHz MAC clock; the SIFS field counts 2 us less,
 * as the DCU's SIFS does on the later chips.
 */
static void ath5k_5210_ifs_write(struct ath5k_hw *ah, unsigned int slot_us,
				 unsigned int sifs_us, unsigned int eifs_us)
{
	unsigned int mhz = ah->clock_mhz;

	ath5k_wr(ah, R5210_SLOT_TIME, slot_us * mhz);
	ath5k_wr(ah, R5210_IFS0,
		 FIELD_PREP(R5210_IFS0_SIFS, (sifs_us - 2) * mhz) |
		     FIELD_PREP(R5210_IFS0_DIFS, (sifs_us + 2 * slot_us) * mhz));
	ath5k_wr(ah, R5210_IFS1,
		 FIELD_PREP(R5210_IFS1_PIFS, (sifs_us + slot_us) * mhz) |
		     FIELD_PREP(R5210_IFS1_EIFS, eifs_us * mhz) |
		     R5210_IFS1_CS_EN);
}

/*
 * The one retry register: a data frame gets the station long limit in
 * tries; @cw_min is the data queue's.
 */
static void ath5k_5210_retry_write(struct ath5k_hw *ah, u16 cw_min)
{
	ath5k_wr(ah, R5210_RETRY_LMT,
		 FIELD_PREP(R5210_RETRY_SH, RETRY_SHORT_5210) |
		     FIELD_PREP(R5210_RETRY_LG, RETRY_LONG_5210) |
		     FIELD_PREP(R5210_RETRY_STA_SH, RETRY_SHORT_5210) |
		     FIELD_PREP(R5210_RETRY_STA_LG,
				max(RETRY_SHORT_5210, RETRY_LONG_5210)) |
		     FIELD_PREP(R5210_RETRY_CW_MIN, cw_min));
}

/* ----- reset --------------------------------------------------------------- */

#define MAC_CLOCK_MHZ		40
#define USEC_32_5210		31
#define TX_LATENCY_5210		54
#define RX_LATENCY_5210		29
#define PHY_SETTLE_US		1000

/* The microsecond counters: the initial values leave them out. */
static void ath5k_5210_clock_init(struct ath5k_hw *ah)
{
	ah->clock_mhz = MAC_CLOCK_MHZ;
	ath5k_pcu_wr(ah, R_USEC, FIELD_PREP(USEC_1, MAC_CLOCK_MHZ - 1) |
		     FIELD_PREP(USEC_32, USEC_32_5210) |
		     FIELD_PREP(R5210_USEC_TX_LATENCY, TX_LATENCY_5210) |
		     FIELD_PREP(R5210_USEC_RX_LATENCY, RX_LATENCY_5210));
}

/* No fast retune: the RF5110 has no RF bus to hand over. */
static int ath5k_5210_reset(struct ath5k_hw *ah, enum ath5k_opmode opmode,
			    const struct ath5k_chan *chan, bool fast)
{
	u32 led, gpiocr, gpiodo;
	int ret;

	led = ath5k_rd(ah, R_PCICFG) & (PCICFG_LED | PCICFG_LEDMODE |
					PCICFG_LEDBLINK | PCICFG_LEDSLOW);
	gpiocr = ath5k_rd(ah, R_GPIOCR);
	gpiodo = ath5k_rd(ah, R_GPIODO);
	ah->chan_valid = false;
	ah->opmode = opmode;

	ret = ath5k_hw_nic_wakeup(ah);
	if (ret)
		return ret;
	ath5k_wr(ah, R_PHY(0), R5210_PHY_SELECT_5GHZ);

	/* a read clears what the interrupt and beacon status still hold */
	ath5k_rd(ah, R5210_ISR);
	ath5k_rd(ah, R5210_BSR);
	ath5k_hw_initvals_write(ah, chan, false);
	ath5k_5210_clock_init(ah);
	ath5k_wr(ah, R5210_PHY_FRAME_CTL, FRAME_CTL_SERVICE_ERR |
		     FRAME_CTL_TXURN_ERR | FRAME_CTL_ILLLEN_ERR |
		     FRAME_CTL_ILLRATE_ERR | FRAME_CTL_PARITY_ERR |
		     FRAME_CTL_TIMING_ERR | R5210_FRAME_CTL_NORMAL);

	ath5k_set_bits(ah, R_PCICFG, led);
	ath5k_wr(ah, R_GPIOCR, gpiocr);
	ath5k_wr(ah, R_GPIODO, gpiodo);

	ah->chan = *chan;
	ath5k_hw_pcu_init(ah);

	/* the baseband off while the synthesiser moves */
	usleep_range(PHY_SETTLE_US, PHY_SETTLE_US + 500);
	ath5k_wr(ah, R_PHY_ACTIVE, PHY_ACTIVE_DISABLE);
	usleep_range(PHY_SETTLE_US, PHY_SETTLE_US + 500);
	ret = ath5k_5210_channel_set(ah, chan);
	if (ret) {
		dev_err(ah->dev, "RF5110 cannot tune %u MHz\n", chan->freq);
		return ret;
	}
	ret = ath5k_hw_phy_activate(ah, chan);
	if (ret)
		return ret;
	ah->chan_valid = true;
	return ath5k_hw_reset_finish(ah);
}

/* ----- TX queues ------------------------------------------------------------ */

/*
 * Two hardware queues: TXDP0 for data (one of the driver's data queue
 * numbers, whichever is claimed first) and TXDP1 for beacons.  No CAB
 * queue: multicast after a DTIM beacon is linked behind it on TXDP1.
 */
static int ath5k_5210_txq_claim(struct ath5k_hw *ah, unsigned int q,
				enum ath5k_txq_type type)
{
	unsigned int i;

	if (type == ATH5K_TXQ_TYPE_CAB)
		return -EOPNOTSUPP;
	if (type != ATH5K_TXQ_TYPE_DATA)
		return 0;
	for (i = 0; i < ATH5K_TXQ_DATA_COUNT; i++)
		if (i != q && ah->txq[i].type == ATH5K_TXQ_TYPE_DATA)
			return -EBUSY;
	return 0;
}

/* The hardware queue (0 or 1) behind the driver's queue @q. */
static int ath5k_5210_hwq(const struct ath5k_hw *ah, unsigned int q)
{
	if (q >= ATH5K_TXQ_COUNT)
		return -EINVAL;
	switch (ah->txq[q].type) {
	case ATH5K_TXQ_TYPE_DATA:
		return 0;
	case ATH5K_TXQ_TYPE_BEACON:
		return 1;
	default:
		return -EINVAL;
	}
}

static const struct {
	u32 txdp, enable, disable;
} ath5k_5210_queues[2] = {
	{ R5210_TXDP0, R5210_CR_TXE0, R5210_CR_TXD0 },
	{ R5210_TXDP1, R5210_CR_TXE1, R5210_CR_TXD1 },
};

static int ath5k_5210_txq_start(struct ath5k_hw *ah, unsigned int q)
{
	int hq = ath5k_5210_hwq(ah, q);

	if (hq < 0)
		return hq;
	/* CR's enable bits act when written as 1: no read needed */
	ath5k_wr(ah, R_CR, ath5k_5210_queues[hq].enable);
	/* the beacon queue's DMA, as the in-tree driver arms it */
	if (hq == 1)
		ath5k_wr(ah, R5210_BSR, R5210_BCR_TQ1V | R5210_BCR_BDMAE);
	return 0;
}

#define TXQ_STOP_POLL_US	100
#define TXQ_STOP_POLL_TRIES	1000

static int ath5k_5210_txq_stop(struct ath5k_hw *ah, unsigned int q)
{
	int hq = ath5k_5210_hwq(ah, q);

	if (hq < 0)
		return hq;
	if (hq == 1)
		ath5k_wr(ah, R5210_BSR, 0);
	ath5k_wr(ah, R_CR, ath5k_5210_queues[hq].disable);
	/* CR reads the enable bit while the queue still runs */
	if (ath5k_hw_wait(ah, R_CR, ath5k_5210_queues[hq].enable, 0,
			  TXQ_STOP_POLL_US, TXQ_STOP_POLL_TRIES)) {
		dev_err(ah->dev, "TX queue %u did not stop\n", q);
		return -EBUSY;
	}
	return 0;
}

/* No frame counter on the AR5210: a running queue has one in flight. */
static unsigned int ath5k_5210_txq_pending(struct ath5k_hw *ah, unsigned int q)
{
	int hq = ath5k_5210_hwq(ah, q);

	return hq >= 0 && (ath5k_rd(ah, R_CR) & ath5k_5210_queues[hq].enable);
}

static int ath5k_5210_txq_set_txdp(struct ath5k_hw *ah, unsigned int q,
				   u32 paddr)
{
	int hq = ath5k_5210_hwq(ah, q);

	if (hq < 0)
		return hq;
	if (ath5k_rd(ah, R_CR) & ath5k_5210_queues[hq].enable)
		return -EBUSY;
	ath5k_wr(ah, ath5k_5210_queues[hq].txdp, paddr);
	return 0;
}

static u32 ath5k_5210_txq_get_txdp(struct ath5k_hw *ah, unsigned int q)
{
	int hq = ath5k_5210_hwq(ah, q);

	return hq < 0 ? 0 : ath5k_rd(ah, ath5k_5210_queues[hq].txdp);
}

/* The data queue's number, for TX completions the ISR cannot place. */
static u16 ath5k_5210_data_queue_bit(const struct ath5k_hw *ah)
{
	unsigned int i;

	for (i = 0; i < ATH5K_TXQ_DATA_COUNT; i++)
		if (ah->txq[i].type == ATH5K_TXQ_TYPE_DATA)
			return BIT(i);
	return 0;
}

/* No DCU: the data queue's window goes into the one retry register. */
static void ath5k_5210_txq_program(struct ath5k_hw *ah, unsigned int q)
{
	const struct ath5k_txq_state *tq = &ah->txq[q];

	if (tq->type == ATH5K_TXQ_TYPE_DATA)
		ath5k_5210_retry_write(ah, tq->params.cw_min != ATH5K_TXQ_DEFAULT ?
				       tq->params.cw_min : CW_MIN_5210);
}

/* ----- interrupts ----------------------------------------------------------- */

/* MCABT sits where INT_BNR is; the AR5210 has no HIUERR and no TIM */
#define INT_5210_FATAL	(R5210_INT_MCABT | R5210_INT_SSERR | R5210_INT_DPERR)
#define INT_5210_TX	(INT_TXOK | INT_TXDESC | INT_TXERR | INT_TXEOL)

/* The TX FIFO trigger level, in a register of its own: see dma.c. */
static void ath5k_5210_tx_triglevel_raise(struct ath5k_hw *ah)
{
	u32 level = ath5k_rd(ah, R5210_TRIG_LVL);

	level += (ATH5K_TX_TRIG_MAX - min_t(u32, level, ATH5K_TX_TRIG_MAX)) / 2;
	ath5k_wr(ah, R5210_TRIG_LVL, level);
}

/*
 * One status register, which the read clears: bus errors are fatal,
 * and a TX interrupt names no queue, so it is the data queue's (beacons
 * are followed by their own SWBA).
 */
static int ath5k_5210_isr_read(struct ath5k_hw *ah, struct ath5k_isr *isr)
{
	u32 status = ath5k_rd(ah, R5210_ISR);
	u32 flags;

	if (status == INT_ALL_ONES)
		return -ENODEV;
	flags = ath5k_int_flags(status) & ~(ATH5K_INT_BNR | ATH5K_INT_FATAL);
	if (status & INT_5210_FATAL)
		flags |= ATH5K_INT_FATAL;
	if (status & INT_TXURN)
		ath5k_5210_tx_triglevel_raise(ah);
	isr->txq_done = (status & INT_5210_TX) ? ath5k_5210_data_queue_bit(ah) : 0;
	isr->txq_eol = (status & INT_TXEOL) ? isr->txq_done : 0;
	isr->flags = flags;
	return 0;
}

static u32 ath5k_5210_imr_primary(u32 flags)
{
	u32 imr = ath5k_int_status_bits(flags) & ~(INT_BNR | INT_HIUERR);

	if (ath5k_hw_txurn_unmasked(flags))
		imr |= INT_TXURN;
	if (flags & ATH5K_INT_FATAL)
		imr |= INT_5210_FATAL;
	return imr;
}

/* It answers no PS-Poll and says in BCR, not CFG, who beacons. */
static void ath5k_5210_opmode_write(struct ath5k_hw *ah,
				    enum ath5k_opmode opmode, u32 *id1)
{
	*id1 |= R5210_STA_ID1_NO_PSPOLL;
	ath5k_wr(ah, R5210_BCR, opmode == ATH5K_OPMODE_IBSS ?
		     R5210_BCR_ADHOC : 0);
}

/* no QCUs, no secondary interrupt registers */
static const struct ath5k_debug_reg ath5k_5210_debug_regs[] = {
	{ "CR", R_CR },
	{ "RXDP", R_RXDP },
	{ "CFG", R_CFG },
	{ "IER", R_IER },
	{ "TXCFG", R_TXCFG },
	{ "RXCFG", R_RXCFG },
	{ "IMR", R5210_IMR },
	{ "SLEEP_CTL", R_SLEEP_CTL },
};

const struct ath5k_mac_ops ath5k_5210_mac_ops = {
	.txq_claim = ath5k_5210_txq_claim,
	.txq_program = ath5k_5210_txq_program,
	.txq_start = ath5k_5210_txq_start,
	.txq_stop = ath5k_5210_txq_stop,
	.txq_set_txdp = ath5k_5210_txq_set_txdp,
	.txq_get_txdp = ath5k_5210_txq_get_txdp,
	.txq_pending = ath5k_5210_txq_pending,
	.isr_read = ath5k_5210_isr_read,
	.imr_primary = ath5k_5210_imr_primary,
	.isr_reg = R5210_ISR,
	.imr_reg = R5210_IMR,
	.opmode_write = ath5k_5210_opmode_write,
	.ifs_write = ath5k_5210_ifs_write,
	/* a bit higher than where the later MACs have it */
	.diag_dis_rx = R5210_DIAG_SW_DIS_RX,
	/* its timers are wider: all ones never fire */
	.dba_timer_idle = 0xffffffff,
	.swba_timer_idle = 0xffffffff,
	.reset = ath5k_5210_reset,
	.eeprom_read = ath5k_5210_eeprom_read,
	.eeprom_access = ath5k_5210_eeprom_access,
	.radio_identify = ath5k_5210_radio_identify,
	.reset_units = RESET_PCU | R5210_RESET_DMA | R5210_RESET_MAC |
		       R5210_RESET_PHY,
	/* its units take a while to settle */
	.reset_settle_us = 2000,
	.pcu_reg = ath5k_5210_pcu_reg,
	.keycache_entries = R5210_KEY_ENTRIES,
	.debug_regs = ath5k_5210_debug_regs,
	.n_debug_regs = ARRAY_SIZE(ath5k_5210_debug_regs),
};
