// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Adaptive noise immunity: the baseband's sensitivity knobs (noise
 * immunity, spur immunity, FIR step, OFDM and CCK weak-signal detection)
 * and the controller that turns them up when PHY errors per listen time
 * rise and back down when the air is quiet.  Register values and the
 * controller's thresholds and order of steps come from the Linux ath5k
 * driver (ani.c, ani.h, reg.h in Debian linux-source-6.1).
 *
 * The mac80211 layer calls ath5k_hw_ani_init() after each reset and
 * whenever the mode changes, ath5k_hw_ani_tick() about every 100 ms (not
 * in hard-IRQ context), and ath5k_hw_ani_mib_irq() on ATH5K_INT_MIB.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/ani.c and
 * drivers/net/wireless/ath/ath5k/ani.h in Linux 6.1:
 *
 * Copyright (C) 2010 Bruno Randolf <br1@einfach.org>
 *
 * Permission to use, copy, modify, and/or distribute this software for any
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
#include <linux/string.h>

#include "hw.h"
#include "hw_internal.h"
#include "reg.h"

#define PHYERR_CNT_MAX		0x00c00000	/* raises ATH5K_INT_MIB */
#define OFDM_TRIG_HIGH		500	/* errors per second of listening */
#define OFDM_TRIG_LOW		200
#define CCK_TRIG_HIGH		200
#define CCK_TRIG_LOW		100
#define RSSI_THR_HIGH		40
#define RSSI_THR_LOW		7
#define LISTEN_PERIOD_MS	100

static bool ath5k_has_phyerr_counters(const struct ath5k_hw *ah)
{
	return ah->srev >= SREV_AR5213A;
}

/* ----- the knobs --------------------------------------------------------- */

int ath5k_hw_ani_set_noise_immunity(struct ath5k_hw *ah, u8 level)
{
	static const s8 size[] = { -55, -62 };
	static const s8 coarse_lo[] = { -64, -70 };
	static const s8 coarse_hi[] = { -14, -12 };
	static const s8 fir_pwr[] = { -78, -80 };

	if (level >= ARRAY_SIZE(size))
		return -EINVAL;
	ath5k_rmw(ah, R_PHY_DESIRED_SIZE, DESIRED_SIZE_TOT,
		  FIELD_PREP(DESIRED_SIZE_TOT, (u8)size[level]));
	ath5k_rmw(ah, R_PHY_AGCCOARSE, AGCCOARSE_LO,
		  FIELD_PREP(AGCCOARSE_LO, (u8)coarse_lo[level]));
	ath5k_rmw(ah, R_PHY_AGCCOARSE, AGCCOARSE_HI,
		  FIELD_PREP(AGCCOARSE_HI, (u8)coarse_hi[level] & 0x7f));
	ath5k_rmw(ah, R_PHY_SIG, PHY_SIG_FIRPWR,
		  FIELD_PREP(PHY_SIG_FIRPWR, (u8)fir_pwr[level]));
	ah->ani.noise_imm = level;
	return 0;
}

int ath5k_hw_ani_set_spur_immunity(struct ath5k_hw *ah, u8 level)
{
	if (level > ah->ani.max_spur)
		return -EINVAL;
	/* cycle-power threshold 2, 4, ... 16 */
	ath5k_rmw(ah, R_PHY_OFDM_SELFCORR, SELFCORR_CYPWR_THR1,
		  FIELD_PREP(SELFCORR_CYPWR_THR1, 2 * (level + 1)));
	ah->ani.spur = level;
	return 0;
}

int ath5k_hw_ani_set_firstep(struct ath5k_hw *ah, u8 level)
{
	if (level > ATH5K_ANI_MAX_FIRSTEP)
		return -EINVAL;
	ath5k_rmw(ah, R_PHY_SIG, PHY_SIG_FIRSTEP,
		  FIELD_PREP(PHY_SIG_FIRSTEP, 4 * level));
	ah->ani.firstep = level;
	return 0;
}

void ath5k_hw_ani_set_ofdm_weak_signal(struct ath5k_hw *ah, bool on)
{
	u32 low, high;

	low = FIELD_PREP(WEAK_LOW_M1, on ? 50 : 127) |
	      FIELD_PREP(WEAK_LOW_M2, on ? 40 : 127) |
	      FIELD_PREP(WEAK_LOW_M2_COUNT, on ? 48 : 63) |
	      (on ? WEAK_LOW_SELFCOR_EN : 0);
	high = FIELD_PREP(WEAK_HIGH_M1, on ? 0x4d : 127) |
	       FIELD_PREP(WEAK_HIGH_M2, on ? 0x40 : 127) |
	       FIELD_PREP(WEAK_HIGH_M2_COUNT, on ? 16 : 31);
	ath5k_rmw(ah, R_PHY_WEAK_OFDM_LOW, WEAK_LOW_M1 | WEAK_LOW_M2 |
		  WEAK_LOW_M2_COUNT | WEAK_LOW_SELFCOR_EN, low);
	ath5k_rmw(ah, R_PHY_WEAK_OFDM_HIGH, WEAK_HIGH_M1 | WEAK_HIGH_M2 |
		  WEAK_HIGH_M2_COUNT, high);
	ah->ani.ofdm_weak = on;
}

void ath5k_hw_ani_set_cck_weak_signal(struct ath5k_hw *ah, bool on)
{
	ath5k_rmw(ah, R_PHY_CCK_CROSSCORR, CCK_WEAK_SIG_THR,
		  FIELD_PREP(CCK_WEAK_SIG_THR, on ? 6 : 8));
	ah->ani.cck_weak = on;
}

/* ----- PHY error counters ---------------------------------------------- */

/* Preload so the counter hits the MIB threshold after TRIG_HIGH errors. */
static void ath5k_counters_arm(struct ath5k_hw *ah)
{
	ath5k_pcu_wr(ah, R_PHYERR_CNT1, PHYERR_CNT_MAX - OFDM_TRIG_HIGH);
	ath5k_pcu_wr(ah, R_PHYERR_CNT2, PHYERR_CNT_MAX - CCK_TRIG_HIGH);
}

static void ath5k_counters_enable(struct ath5k_hw *ah, bool on)
{
	if (on) {
		ath5k_counters_arm(ah);
	} else {
		ath5k_pcu_wr(ah, R_PHYERR_CNT1, 0);
		ath5k_pcu_wr(ah, R_PHYERR_CNT2, 0);
	}
	ath5k_pcu_wr(ah, R_PHYERR_CNT1_MASK, on ? PHY_ERR_FIL_OFDM : 0);
	ath5k_pcu_wr(ah, R_PHYERR_CNT2_MASK, on ? PHY_ERR_FIL_CCK : 0);
	ath5k_pcu_wr(ah, R_OFDM_FIL_CNT, 0);
	ath5k_pcu_wr(ah, R_CCK_FIL_CNT, 0);
}

/* Errors since the counters were armed; re-arms them.  True if any. */
static bool ath5k_counters_collect(struct ath5k_hw *ah)
{
	s32 ofdm, cck;

	ofdm = (s32)ath5k_pcu_rd(ah, R_PHYERR_CNT1) -
	       (PHYERR_CNT_MAX - OFDM_TRIG_HIGH);
	cck = (s32)ath5k_pcu_rd(ah, R_PHYERR_CNT2) -
	      (PHYERR_CNT_MAX - CCK_TRIG_HIGH);
	ath5k_counters_arm(ah);
	if (ofdm > 0) {
		ah->ani.ofdm_errors += ofdm;
		ah->ani.sum_ofdm_errors += ofdm;
	}
	if (cck > 0) {
		ah->ani.cck_errors += cck;
		ah->ani.sum_cck_errors += cck;
	}
	return ofdm > 0 || cck > 0;
}

/* ----- the controller ------------------------------------------------------ */

static void ath5k_raise_immunity(struct ath5k_hw *ah, bool ofdm, int rssi)
{
	struct ath5k_ani *a = &ah->ani;

	if (a->noise_imm < ATH5K_ANI_MAX_NOISE_IMM) {
		ath5k_hw_ani_set_noise_immunity(ah, a->noise_imm + 1);
		return;
	}
	if (ofdm && a->spur < a->max_spur) {
		ath5k_hw_ani_set_spur_immunity(ah, a->spur + 1);
		return;
	}
	/* an AP cannot judge by its peers' signal: only the FIR step */
	if (ah->opmode == ATH5K_OPMODE_AP) {
		if (a->firstep < ATH5K_ANI_MAX_FIRSTEP)
			ath5k_hw_ani_set_firstep(ah, a->firstep + 1);
		return;
	}
	if (rssi > RSSI_THR_HIGH) {
		/* strong peer: weak-signal detection only costs us */
		if (ofdm && a->ofdm_weak) {
			ath5k_hw_ani_set_ofdm_weak_signal(ah, false);
			ath5k_hw_ani_set_spur_immunity(ah, 0);
			return;
		}
		if (a->firstep < ATH5K_ANI_MAX_FIRSTEP) {
			ath5k_hw_ani_set_firstep(ah, a->firstep + 1);
			return;
		}
	} else if (rssi > RSSI_THR_LOW) {
		if (ofdm && !a->ofdm_weak)
			ath5k_hw_ani_set_ofdm_weak_signal(ah, true);
		if (a->firstep < ATH5K_ANI_MAX_FIRSTEP)
			ath5k_hw_ani_set_firstep(ah, a->firstep + 1);
		return;
	} else if (ath5k_chan_is_2ghz(&ah->chan)) {
		/* weak peer: keep every bit of sensitivity */
		if (ofdm && a->ofdm_weak)
			ath5k_hw_ani_set_ofdm_weak_signal(ah, false);
		if (a->firstep > 0)
			ath5k_hw_ani_set_firstep(ah, 0);
		return;
	}
	if (a->cck_weak)
		ath5k_hw_ani_set_cck_weak_signal(ah, false);
}

static void ath5k_lower_immunity(struct ath5k_hw *ah, int rssi)
{
	struct ath5k_ani *a = &ah->ani;

	if (ah->opmode == ATH5K_OPMODE_AP) {
		if (a->firstep > 0) {
			ath5k_hw_ani_set_firstep(ah, a->firstep - 1);
			return;
		}
	} else if (rssi > RSSI_THR_HIGH) {
		/* strong peer: leave the FIR step where it is */
	} else if (rssi > RSSI_THR_LOW) {
		if (!a->ofdm_weak) {
			ath5k_hw_ani_set_ofdm_weak_signal(ah, true);
			return;
		}
		if (a->firstep > 0) {
			ath5k_hw_ani_set_firstep(ah, a->firstep - 1);
			return;
		}
	} else if (a->firstep > 0) {
		ath5k_hw_ani_set_firstep(ah, a->firstep - 1);
		return;
	}
	if (a->spur > 0) {
		ath5k_hw_ani_set_spur_immunity(ah, a->spur - 1);
		return;
	}
	if (a->noise_imm > 0)
		ath5k_hw_ani_set_noise_immunity(ah, a->noise_imm - 1);
}

static void ath5k_period_restart(struct ath5k_ani *a)
{
	a->last_ofdm_errors = a->ofdm_errors;
	a->last_cck_errors = a->cck_errors;
	a->last_listen_ms = a->listen_ms;
	a->ofdm_errors = 0;
	a->cck_errors = 0;
	a->listen_ms = 0;
}

void ath5k_hw_ani_tick(struct ath5k_hw *ah, int beacon_rssi)
{
	struct ath5k_ani *a = &ah->ani;
	struct ath5k_cycles d;
	u32 busy, ofdm_high, cck_high;

	/* listen time: cycles neither receiving nor transmitting */
	ath5k_hw_cycles_read(ah, &d);
	busy = d.rx_frame + d.tx_frame;
	if (ah->clock_mhz && d.cycles > busy)
		a->listen_ms += (d.cycles - busy) / (ah->clock_mhz * 1000);

	if (a->mode != ATH5K_ANI_AUTO)
		return;
	if (ath5k_has_phyerr_counters(ah))
		ath5k_counters_collect(ah);

	ofdm_high = a->listen_ms * OFDM_TRIG_HIGH / 1000;
	cck_high = a->listen_ms * CCK_TRIG_HIGH / 1000;
	if (a->ofdm_errors > ofdm_high || a->cck_errors > cck_high) {
		ath5k_raise_immunity(ah, a->ofdm_errors > ofdm_high, beacon_rssi);
		ath5k_period_restart(a);
	} else if (a->listen_ms > 5 * LISTEN_PERIOD_MS) {
		if (a->ofdm_errors <= a->listen_ms * OFDM_TRIG_LOW / 1000 &&
		    a->cck_errors <= a->listen_ms * CCK_TRIG_LOW / 1000)
			ath5k_lower_immunity(ah, beacon_rssi);
		ath5k_period_restart(a);
	}
}

bool ath5k_hw_ani_mib_irq(struct ath5k_hw *ah)
{
	struct ath5k_ani *a = &ah->ani;

	if (!ath5k_has_phyerr_counters(ah))
		return false;
	ath5k_pcu_wr(ah, R_OFDM_FIL_CNT, 0);
	ath5k_pcu_wr(ah, R_CCK_FIL_CNT, 0);
	if (a->mode != ATH5K_ANI_AUTO || !ath5k_counters_collect(ah))
		return false;
	return a->ofdm_errors > OFDM_TRIG_HIGH || a->cck_errors > CCK_TRIG_HIGH;
}

void ath5k_hw_ani_phy_error(struct ath5k_hw *ah, u8 phyerr)
{
	struct ath5k_ani *a = &ah->ani;

	/* with error counters these are counted already */
	if (!a->phyerr_rx)
		return;
	if (phyerr == ATH5K_PHYERR_OFDM_TIMING) {
		a->ofdm_errors++;
		a->sum_ofdm_errors++;
	} else if (phyerr == ATH5K_PHYERR_CCK_TIMING) {
		a->cck_errors++;
		a->sum_cck_errors++;
	}
}

int ath5k_hw_ani_init(struct ath5k_hw *ah, enum ath5k_ani_mode mode)
{
	struct ath5k_ani *a = &ah->ani;
	bool sensitive = mode != ATH5K_ANI_MANUAL_HIGH;

	if (mode >= ATH5K_ANI_MODE_COUNT)
		return -EINVAL;
	memset(a, 0, sizeof(*a));
	/* the AR5211 has neither the immunity controls nor error reports */
	if (!(ah->caps & ATH5K_CAP_ANI)) {
		a->mode = ATH5K_ANI_OFF;
		return mode == ATH5K_ANI_OFF ? 0 : -EOPNOTSUPP;
	}
	a->max_spur = ah->srev < SREV_AR2414 ? 7 : 2;
	a->mode = mode;

	if (mode != ATH5K_ANI_OFF) {
		ath5k_hw_ani_set_noise_immunity(ah, sensitive ? 0 :
						ATH5K_ANI_MAX_NOISE_IMM);
		ath5k_hw_ani_set_spur_immunity(ah, sensitive ? 0 : a->max_spur);
		ath5k_hw_ani_set_firstep(ah, sensitive ? 0 :
					 ATH5K_ANI_MAX_FIRSTEP);
		ath5k_hw_ani_set_ofdm_weak_signal(ah, sensitive);
		/* automatic mode starts without CCK weak-signal detection */
		ath5k_hw_ani_set_cck_weak_signal(ah, mode == ATH5K_ANI_MANUAL_LOW);
	}

	if (ath5k_has_phyerr_counters(ah)) {
		ath5k_counters_enable(ah, mode == ATH5K_ANI_AUTO);
	} else {
		/* kept on by ath5k_hw_rx_filter_set() whatever the caller asks */
		a->phyerr_rx = mode == ATH5K_ANI_AUTO;
		ath5k_hw_rx_filter_set(ah, ah->rx_filter);
	}
	return 0;
}
