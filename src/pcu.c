// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Protocol control unit: addresses, operating mode, RX filter, multicast
 * hash, TSF and beacon timers, IFS/slot/ACK timing, MIB and cycle
 * counters.  Register facts from the Linux ath5k driver (its PCU and QCU code,
 * reg.h in Debian linux-source-6.1) and the project's hardware-facts note.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/pcu.c in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2007-2008 Matthew W. S. Bell  <mentor@madwifi.org>
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
 * From drivers/net/wireless/ath/ath5k/qcu.c in Linux 6.1:
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
 *
 * From drivers/net/wireless/ath/ath5k/reg.h in Linux 6.1:
 *
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
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
 */

#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/irqflags.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "hw.h"
#include "hw_internal.h"
#include "reg.h"

/* ----- addresses and mode ---------------------------------------------- */

/* Addresses go to the chip least significant byte first. */
static void ath5k_write_addr(struct ath5k_hw *ah, ath5k_pcu_reg_t lo_reg,
			     ath5k_pcu_reg_t hi_reg, const u8 *addr,
			     u32 hi_keep_mask, u32 hi_extra)
{
	u32 hi = ath5k_pcu_rd(ah, hi_reg) & hi_keep_mask;

	ath5k_pcu_wr(ah, lo_reg, get_unaligned_le32(addr));
	ath5k_pcu_wr(ah, hi_reg, hi | hi_extra | get_unaligned_le16(addr + 4));
}

void ath5k_hw_set_mac(struct ath5k_hw *ah, const u8 *mac)
{
	memcpy(ah->mac, mac, 6);
	ath5k_write_addr(ah, R_STA_ID0, R_STA_ID1, mac, (u32)~STA_ID1_ADDR_HI, 0);
}

void ath5k_hw_set_bssid_mask(struct ath5k_hw *ah, const u8 *mask)
{
	memcpy(ah->bssid_mask, mask, 6);
	/* the AR5211 compares every bit of its one address */
	if (!(ah->caps & ATH5K_CAP_BSSID_MASK))
		return;
	ath5k_pcu_wr(ah, R_BSSID_MASK0, get_unaligned_le32(mask));
	ath5k_pcu_wr(ah, R_BSSID_MASK1, get_unaligned_le16(mask + 4));
}

void ath5k_hw_set_bssid(struct ath5k_hw *ah, const u8 *bssid, u16 aid)
{
	memcpy(ah->bssid, bssid, 6);
	ah->aid = aid;
	ath5k_hw_set_bssid_mask(ah, ah->bssid_mask);
	ath5k_write_addr(ah, R_BSSID0, R_BSSID1, bssid, 0,
			 FIELD_PREP(BSSID1_AID, aid & 0x3fff));
}

void ath5k_hw_set_opmode(struct ath5k_hw *ah, enum ath5k_opmode opmode)
{
	u32 id1 = STA_ID1_KEYSRCH_MODE, keep;

	switch (opmode) {
	case ATH5K_OPMODE_IBSS:
		id1 |= STA_ID1_ADHOC;
		break;
	case ATH5K_OPMODE_AP:
		id1 |= STA_ID1_AP;
		break;
	default:
		break;
	}
	ah->mac_ops->opmode_write(ah, opmode, &id1);
	ah->opmode = opmode;
	keep = (u32)~(STA_ID1_ADDR_HI | STA_ID1_ADHOC | STA_ID1_AP |
		 STA_ID1_KEYSRCH_MODE);
	ath5k_write_addr(ah, R_STA_ID0, R_STA_ID1, ah->mac, keep, id1);
}

/* The AR5211 and the AR5212 family tell their DCUs about IBSS in CFG. */
void ath5k_pcu_opmode_write(struct ath5k_hw *ah, enum ath5k_opmode opmode,
			    u32 *id1)
{
	if (opmode == ATH5K_OPMODE_IBSS)
		ath5k_set_bits(ah, R_CFG, CFG_IBSS);
	else if (opmode == ATH5K_OPMODE_AP)
		ath5k_clear_bits(ah, R_CFG, CFG_IBSS);
}

/* ----- RX filter ---------------------------------------------------------- */

#define RXCFG_ZERO_LEN_DMA	BIT(3)

static const u8 rx_filter_bits[][2] = {
	{ ATH5K_RXF_UCAST, RXF_UCAST },
	{ ATH5K_RXF_MCAST, RXF_MCAST },
	{ ATH5K_RXF_BCAST, RXF_BCAST },
	{ ATH5K_RXF_CONTROL, RXF_CONTROL },
	{ ATH5K_RXF_BEACON, RXF_BEACON },
	{ ATH5K_RXF_PROM, RXF_PROM },
	{ ATH5K_RXF_PROBEREQ, RXF_PROBEREQ },
};

void ath5k_hw_rx_filter_set(struct ath5k_hw *ah, u32 filter)
{
	u32 hw = 0, phyerr = 0, want = filter;
	unsigned int i;

	/* ANI on chips without error counters lives on the error reports */
	if (ah->ani.phyerr_rx)
		want |= ATH5K_RXF_PHYERR;
	for (i = 0; i < ARRAY_SIZE(rx_filter_bits); i++)
		if (want & rx_filter_bits[i][0])
			hw |= rx_filter_bits[i][1];
	/* the AR5211 cannot report PHY errors: it has no error filter */
	if (!(ah->caps & ATH5K_CAP_PHYERR_FILTER))
		want &= ~(ATH5K_RXF_RADARERR | ATH5K_RXF_PHYERR);
	if (want & ATH5K_RXF_RADARERR)
		phyerr |= PHY_ERR_FIL_RADAR;
	if (want & ATH5K_RXF_PHYERR)
		phyerr |= PHY_ERR_FIL_OFDM | PHY_ERR_FIL_CCK;

	/* PHY error reports arrive as zero-length frames */
	if (phyerr)
		ath5k_set_bits(ah, R_RXCFG, RXCFG_ZERO_LEN_DMA);
	else
		ath5k_clear_bits(ah, R_RXCFG, RXCFG_ZERO_LEN_DMA);
	ath5k_pcu_wr(ah, R_RX_FILTER, hw);
	if (ah->caps & ATH5K_CAP_PHYERR_FILTER)
		ath5k_pcu_wr(ah, R_PHY_ERR_FIL, phyerr);
	ah->rx_filter = filter;
}

/* The 64-bin hash: XOR of the eight 6-bit groups of the address. */
unsigned int ath5k_hw_mcast_hash(const u8 *addr)
{
	u32 lo = get_unaligned_le32(addr), hi, pos;

	/* groups 4-7 are bits 24-47: three bytes, never past the address */
	hi = addr[3] | addr[4] << 8 | addr[5] << 16;
	pos = (lo >> 18) ^ (lo >> 12) ^ (lo >> 6) ^ lo;
	pos ^= (hi >> 18) ^ (hi >> 12) ^ (hi >> 6) ^ hi;
	return pos & 0x3f;
}

void ath5k_hw_mcast_filter_set(struct ath5k_hw *ah, u64 filter)
{
	ath5k_pcu_wr(ah, R_MCAST_FILTER0, lower_32_bits(filter));
	ath5k_pcu_wr(ah, R_MCAST_FILTER1, upper_32_bits(filter));
}

void ath5k_hw_pcu_rx_start(struct ath5k_hw *ah)
{
	ath5k_pcu_clear_bits(ah, R_DIAG_SW, ah->mac_ops->diag_dis_rx);
}

void ath5k_hw_pcu_rx_stop(struct ath5k_hw *ah)
{
	ath5k_pcu_set_bits(ah, R_DIAG_SW, ah->mac_ops->diag_dis_rx);
}

/* ----- TSF and beacon timers -------------------------------------------- */

#define TSF_READ_TRIES		10

/* The two halves are not latched together: re-read until stable. */
u64 ath5k_hw_tsf_get(struct ath5k_hw *ah)
{
	u32 hi, lo = 0, hi2;
	unsigned long flags;
	unsigned int i;

	local_irq_save(flags);
	hi = ath5k_pcu_rd(ah, R_TSF_U32);
	for (i = 0; i < TSF_READ_TRIES; i++) {
		lo = ath5k_pcu_rd(ah, R_TSF_L32);
		hi2 = ath5k_pcu_rd(ah, R_TSF_U32);
		if (hi2 == hi)
			break;
		hi = hi2;
	}
	local_irq_restore(flags);
	return (u64)hi << 32 | lo;
}

void ath5k_hw_tsf_set(struct ath5k_hw *ah, u64 tsf)
{
	ath5k_pcu_wr(ah, R_TSF_L32, lower_32_bits(tsf));
	ath5k_pcu_wr(ah, R_TSF_U32, upper_32_bits(tsf));
}

/* The reset bit must be written twice to take effect. */
void ath5k_hw_tsf_reset(struct ath5k_hw *ah)
{
	u32 v = ath5k_pcu_rd(ah, R_BEACON) | BEACON_RESET_TSF;

	ath5k_pcu_wr(ah, R_BEACON, v);
	ath5k_pcu_wr(ah, R_BEACON, v);
}

/* Lead times before TBTT: DMA beacon alert and software beacon alert. */
#define DMA_BEACON_LEAD_TU	2
#define SW_BEACON_LEAD_TU	10
#define TXCFG_ADHOC_BCN_ATIM	BIT(11)

void ath5k_hw_beacon_timers_init(struct ath5k_hw *ah, u32 next_tbtt_tu,
				 u32 interval_tu, bool reset_tsf)
{
	u32 dba, swba;

	switch (ah->opmode) {
	case ATH5K_OPMODE_STA:
	case ATH5K_OPMODE_MONITOR:
		dba = ah->mac_ops->dba_timer_idle;
		swba = ah->mac_ops->swba_timer_idle;
		break;
	case ATH5K_OPMODE_IBSS:
		ath5k_set_bits(ah, R_TXCFG, TXCFG_ADHOC_BCN_ATIM);
		fallthrough;
	default:
		dba = (next_tbtt_tu - DMA_BEACON_LEAD_TU) << 3;
		swba = (next_tbtt_tu - SW_BEACON_LEAD_TU) << 3;
		break;
	}

	if (ah->opmode == ATH5K_OPMODE_AP)
		ath5k_pcu_wr(ah, R_TIMER0, 0);
	ath5k_pcu_wr(ah, R_TIMER0, next_tbtt_tu);
	ath5k_pcu_wr(ah, R_TIMER1, dba);
	ath5k_pcu_wr(ah, R_TIMER2, swba);
	ath5k_pcu_wr(ah, R_TIMER3, next_tbtt_tu + 1);

	if (reset_tsf)
		ath5k_hw_tsf_reset(ah);
	ath5k_pcu_wr(ah, R_BEACON, FIELD_PREP(BEACON_PERIOD, interval_tu) |
		     BEACON_ENABLE);

	/* a stale beacon-miss from before must not fire now */
	ath5k_wr(ah, ah->mac_ops->isr_reg, INT_BMISS);
	ath5k_pcu_clear_bits(ah, R_STA_ID1, STA_ID1_PWR_SV);
}

void ath5k_hw_beacon_timers_stop(struct ath5k_hw *ah)
{
	ath5k_pcu_clear_bits(ah, R_BEACON, BEACON_ENABLE);
}

/* ----- timing ------------------------------------------------------------ */

#define SLOT_US_DEFAULT		9
#define SLOT_US_11B		20
#define SLOT_US_10MHZ		13
#define SLOT_US_5MHZ		21
#define SIFS_US_A		16
#define SIFS_US_BG		10
#define SIFS_US_10MHZ		32
#define SIFS_US_5MHZ		64

static unsigned int ath5k_slot_default(const struct ath5k_hw *ah)
{
	if (ah->slot_time)
		return ah->slot_time;
	if (ah->chan.bw == ATH5K_BW_10)
		return SLOT_US_10MHZ;
	if (ah->chan.bw == ATH5K_BW_5)
		return SLOT_US_5MHZ;
	return ah->chan.mode == ATH5K_MODE_11B ? SLOT_US_11B : SLOT_US_DEFAULT;
}

static unsigned int ath5k_sifs_default(const struct ath5k_hw *ah)
{
	if (ah->chan.bw == ATH5K_BW_10)
		return SIFS_US_10MHZ;
	if (ah->chan.bw == ATH5K_BW_5)
		return SIFS_US_5MHZ;
	return ah->chan.mode == ATH5K_MODE_11A ? SIFS_US_A : SIFS_US_BG;
}

#define OFDM_PREAMBLE_US	20	/* preamble and SIGNAL */
#define OFDM_SYMBOL_US		4
#define OFDM_PLCP_BITS		22

/* ACK airtime on this channel: narrow channels stretch every OFDM term. */
static unsigned int ath5k_ack_airtime(const struct ath5k_hw *ah,
				      const struct ath5k_rate_info *rate, bool short_pre)
{
	unsigned int k = ath5k_chan_stretch(&ah->chan), sym, bits, rate_k;

	if (k == 1)
		return ath5k_frame_airtime(rate, ATH5K_ACK_LEN, short_pre);
	sym = OFDM_SYMBOL_US * k;
	rate_k = DIV_ROUND_UP(rate->bitrate, k);
	bits = OFDM_PLCP_BITS + 8 * ATH5K_ACK_LEN;
	return ath5k_sifs_default(ah) + OFDM_PREAMBLE_US * k +
	       sym * DIV_ROUND_UP(bits * 10, rate_k * sym);
}

static u32 ath5k_us_to_clocks(const struct ath5k_hw *ah, unsigned int us)
{
	return us * ah->clock_mhz;
}

/* SIFS, slot and EIFS for the DCUs; EIFS covers an ACK at the base rate. */
static void ath5k_ifs_write(struct ath5k_hw *ah, unsigned int slot)
{
	const struct ath5k_rate_info *base =
		&ath5k_rates[ah->chan.mode == ATH5K_MODE_11A ?
			     ATH5K_RATE_FIRST_OFDM : 0];
	unsigned int sifs = ath5k_sifs_default(ah);
	unsigned int eifs;

	if (ah->chan.bw != ATH5K_BW_20)
		base = &ath5k_rates[ATH5K_RATE_FIRST_OFDM];
	eifs = ath5k_ack_airtime(ah, base, false) + sifs + 2 * slot;

	ah->mac_ops->ifs_write(ah, slot, sifs, eifs);
}

/* The DCUs' global timing on the AR5211 and the AR5212 family. */
void ath5k_dcu_ifs_write(struct ath5k_hw *ah, unsigned int slot,
			 unsigned int sifs, unsigned int eifs)
{
	ath5k_wr(ah, R_DCU_GBL_IFS_SLOT, ath5k_us_to_clocks(ah, slot));
	ath5k_wr(ah, R_DCU_GBL_IFS_EIFS, ath5k_us_to_clocks(ah, eifs));
	ath5k_rmw(ah, R_DCU_GBL_IFS_MISC, GBL_IFS_MISC_SIFS_DUR,
		  FIELD_PREP(GBL_IFS_MISC_SIFS_DUR, sifs));
	ath5k_wr(ah, R_DCU_GBL_IFS_SIFS, ath5k_us_to_clocks(ah, sifs - 2));
}

/* Slot time grows by 3 us per coverage class. */
static unsigned int ath5k_slot_for(const struct ath5k_hw *ah, u8 coverage_class)
{
	return ath5k_slot_default(ah) + 3 * coverage_class;
}

/* ACK/CTS wait in MAC clocks for @coverage_class on the current channel. */
static u32 ath5k_ack_timeout_clocks(const struct ath5k_hw *ah, u8 coverage_class)
{
	return ath5k_us_to_clocks(ah, ath5k_sifs_default(ah) + ath5k_slot_for(ah, coverage_class));
}

/* ACK and CTS timeout fields are equally wide (13 bits). */
#define ACK_TIMEOUT_MAX_CLOCKS	FIELD_MAX(TIME_OUT_ACK)

static void ath5k_timing_apply(struct ath5k_hw *ah)
{
	u32 timeout;

	if (!ah->clock_mhz)
		return;		/* no channel yet; applied at reset */
	ath5k_ifs_write(ah, ath5k_slot_for(ah, ah->coverage_class));
	if (ah->coverage_class || ah->slot_time) {
		/* a class accepted on a slower clock saturates, not wraps */
		timeout = min_t(u32, ath5k_ack_timeout_clocks(ah, ah->coverage_class),
				ACK_TIMEOUT_MAX_CLOCKS);
		ath5k_pcu_rmw(ah, R_TIME_OUT, TIME_OUT_ACK,
			      FIELD_PREP(TIME_OUT_ACK, timeout));
		ath5k_pcu_rmw(ah, R_TIME_OUT, TIME_OUT_CTS,
			      FIELD_PREP(TIME_OUT_CTS, timeout));
	}
}

void ath5k_hw_set_slot_time(struct ath5k_hw *ah, unsigned int us)
{
	if (us && us < 6)
		return;
	ah->slot_time = us;
	ath5k_timing_apply(ah);
}

int ath5k_hw_set_coverage_class(struct ath5k_hw *ah, u8 coverage_class)
{
	if (ah->clock_mhz &&
	    ath5k_ack_timeout_clocks(ah, coverage_class) > ACK_TIMEOUT_MAX_CLOCKS)
		return -EINVAL;
	ah->coverage_class = coverage_class;
	ath5k_timing_apply(ah);
	return 0;
}

/*
 * ACK airtime per received rate, so the PCU can compute NAV: with "ACK
 * rate high" the ACK goes out at the highest basic rate not above the
 * received one, otherwise at 1 Mbit/s (CCK) or 6 Mbit/s (OFDM).
 */
static const u8 ack_rate_high[ATH5K_RATE_COUNT] = {
	0, 1, 1, 1, 4, 4, 6, 6, 8, 8, 8, 8,
};

static void ath5k_rate_durations_write(struct ath5k_hw *ah)
{
	const struct ath5k_rate_info *rx, *ack;
	unsigned int i;

	for (i = 0; i < ATH5K_RATE_COUNT; i++) {
		rx = &ath5k_rates[i];
		if (ah->ack_rate_high)
			ack = &ath5k_rates[ack_rate_high[i]];
		else
			ack = &ath5k_rates[rx->ofdm ? ATH5K_RATE_FIRST_OFDM : 0];
		ath5k_pcu_wr(ah, R_RATE_DUR(rx->code), ath5k_ack_airtime(ah, ack, false));
		if (rx->code_short)
			ath5k_pcu_wr(ah, R_RATE_DUR(rx->code_short),
				     ath5k_ack_airtime(ah, ack, true));
	}
}

void ath5k_hw_set_ack_rate_high(struct ath5k_hw *ah, bool high)
{
	u32 bits = STA_ID1_BASE_RATE_11B | STA_ID1_ACKCTS_6MB;

	ah->ack_rate_high = high;
	if (!(ah->caps & ATH5K_CAP_ACK_RATES))
		return;
	if (high)
		ath5k_pcu_clear_bits(ah, R_STA_ID1, bits);
	else
		ath5k_pcu_set_bits(ah, R_STA_ID1, bits);
	ath5k_rate_durations_write(ah);
}

/* ----- counters ----------------------------------------------------------- */

void ath5k_hw_cycles_read(struct ath5k_hw *ah, struct ath5k_cycles *delta)
{
	ath5k_wr(ah, R_MIBC, MIBC_FREEZE);
	if (ah->caps & ATH5K_CAP_CYCLE_COUNTERS) {
		delta->cycles = ath5k_pcu_rd(ah, R_PROFCNT_CYCLE);
		delta->rx_busy = ath5k_pcu_rd(ah, R_PROFCNT_RXCLR);
		delta->rx_frame = ath5k_pcu_rd(ah, R_PROFCNT_RX);
		delta->tx_frame = ath5k_pcu_rd(ah, R_PROFCNT_TX);
		ath5k_pcu_wr(ah, R_PROFCNT_CYCLE, 0);
		ath5k_pcu_wr(ah, R_PROFCNT_RXCLR, 0);
		ath5k_pcu_wr(ah, R_PROFCNT_RX, 0);
		ath5k_pcu_wr(ah, R_PROFCNT_TX, 0);
	} else {
		memset(delta, 0, sizeof(*delta));
	}
	ath5k_wr(ah, R_MIBC, 0);

	ah->cycles_total.cycles += delta->cycles;
	ah->cycles_total.rx_busy += delta->rx_busy;
	ah->cycles_total.rx_frame += delta->rx_frame;
	ah->cycles_total.tx_frame += delta->tx_frame;
}

/* The MIB counters clear on read: accumulate into @acc. */
void ath5k_hw_mib_read(struct ath5k_hw *ah, struct ath5k_mib *acc)
{
	acc->ack_fail += ath5k_pcu_rd(ah, R_ACK_FAIL);
	acc->rts_fail += ath5k_pcu_rd(ah, R_RTS_FAIL);
	acc->rts_ok += ath5k_pcu_rd(ah, R_RTS_OK);
	acc->fcs_error += ath5k_pcu_rd(ah, R_FCS_FAIL);
	acc->beacons += ath5k_pcu_rd(ah, R_BEACON_CNT);
}

/* ----- after a reset --------------------------------------------------- */

#define RSSI_THR_DEFAULT	129
#define BMISS_THR_DEFAULT	7
#define RSSI_THR_BMISS_SHIFT	8
#define MIC_QOS_CTL_DEFAULT	0x000100aa
#define MIC_QOS_SEL_DEFAULT	0x00003210
#define QOS_NOACK_DEFAULT	(2 | 5 << 4)	/* 2-bit values at bit 5 */

void ath5k_hw_pcu_init(struct ath5k_hw *ah)
{
	ath5k_hw_set_bssid(ah, ah->bssid, ah->aid);
	ath5k_hw_set_opmode(ah, ah->opmode);
	ath5k_pcu_wr(ah, R_RSSI_THR, RSSI_THR_DEFAULT |
		     BMISS_THR_DEFAULT << RSSI_THR_BMISS_SHIFT);
	if (ah->srev >= SREV_AR2413) {
		ath5k_pcu_wr(ah, R_MIC_QOS_CTL, MIC_QOS_CTL_DEFAULT);
		ath5k_pcu_wr(ah, R_MIC_QOS_SEL, MIC_QOS_SEL_DEFAULT);
	}
	/* QoS no-ACK policy, ACK rates and their durations: AR5212 on */
	if (!(ah->caps & ATH5K_CAP_ACK_RATES))
		return;
	ath5k_pcu_wr(ah, R_QOS_NOACK, QOS_NOACK_DEFAULT);
	ath5k_hw_set_ack_rate_high(ah, ah->ack_rate_high);
}

/* Global DCU timing for the channel (after the queues are set up). */
void ath5k_hw_dcu_global_init(struct ath5k_hw *ah)
{
	ath5k_ifs_write(ah, ath5k_slot_default(ah) + 3 * ah->coverage_class);
	if (ah->coverage_class || ah->slot_time)
		ath5k_timing_apply(ah);
}
