// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * TX queues: which queue serves what (four WMM data queues, the
 * content-after-beacon queue and the beacon queue), their contention
 * parameters, and the QCU/DCU pair of each on the AR5211 and the AR5212
 * family (ath5k_qcu_mac_ops): programmed after a reset, started,
 * stopped and drained.  Register facts from the Linux ath5k driver
 * (its QCU and DMA code and registers, in Debian linux-source-6.1) and
 * the project's hardware-facts note.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
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
 * From drivers/net/wireless/ath/ath5k/dma.c in Linux 6.1:
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
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/log2.h>

#include "hw.h"
#include "hw_internal.h"
#include "reg.h"

#define AIFS_DEFAULT		2
#define AIFS_MAX		0xfc
#define CW_MIN_DEFAULT		15
#define CW_MIN_DEFAULT_11B	31
#define CW_MAX_DEFAULT		1023
#define RETRY_SHORT		7
#define RETRY_LONG		4
/* the CAB queue stops this many TU before the next beacon alert */
#define CAB_READY_MARGIN_TU	(10 - 2)
#define TXQ_POLL_US		100
#define TXQ_POLL_TRIES		1000
#define QUIET_POLL_TRIES	100
#define QUIET_SETTLE_US		400

static bool ath5k_queue_matches_type(unsigned int q, enum ath5k_txq_type type)
{
	switch (type) {
	case ATH5K_TXQ_TYPE_DATA:
		return q < ATH5K_TXQ_DATA_COUNT;
	case ATH5K_TXQ_TYPE_CAB:
		return q == ATH5K_TXQ_CAB;
	case ATH5K_TXQ_TYPE_BEACON:
		return q == ATH5K_TXQ_BEACON;
	default:
		return false;
	}
}

/* Contention windows are 2^n - 1, at most 1023. */
static u16 ath5k_cw_valid(u16 cw)
{
	cw = min_t(u16, cw, CW_MAX_DEFAULT);
	if (is_power_of_2(cw + 1))
		return cw;
	if (is_power_of_2(cw))
		return cw - 1;
	return roundup_pow_of_two(cw) - 1;
}

int ath5k_hw_txq_set_params(struct ath5k_hw *ah, unsigned int q,
			    const struct ath5k_txq_params *p)
{
	struct ath5k_txq_params *dst;

	if (q >= ATH5K_TXQ_COUNT || ah->txq[q].type == ATH5K_TXQ_TYPE_INACTIVE)
		return -EINVAL;
	dst = &ah->txq[q].params;
	*dst = *p;
	if (p->aifs != ATH5K_TXQ_DEFAULT)
		dst->aifs = min_t(u16, p->aifs, AIFS_MAX);
	if (p->cw_min != ATH5K_TXQ_DEFAULT)
		dst->cw_min = ath5k_cw_valid(p->cw_min);
	if (p->cw_max != ATH5K_TXQ_DEFAULT)
		dst->cw_max = ath5k_cw_valid(p->cw_max);
	return 0;
}

int ath5k_hw_txq_setup(struct ath5k_hw *ah, unsigned int q,
		       enum ath5k_txq_type type,
		       const struct ath5k_txq_params *params)
{
	static const struct ath5k_txq_params defaults = {
		.aifs = ATH5K_TXQ_DEFAULT,
		.cw_min = ATH5K_TXQ_DEFAULT,
		.cw_max = ATH5K_TXQ_DEFAULT,
	};
	int ret;

	if (q >= ATH5K_TXQ_COUNT || !ath5k_queue_matches_type(q, type))
		return -EINVAL;
	if (ah->mac_ops->txq_claim) {
		ret = ah->mac_ops->txq_claim(ah, q, type);
		if (ret)
			return ret;
	}
	ah->txq[q].type = type;
	return ath5k_hw_txq_set_params(ah, q, params ? params : &defaults);
}

void ath5k_hw_txq_release(struct ath5k_hw *ah, unsigned int q)
{
	if (q < ATH5K_TXQ_COUNT)
		ah->txq[q].type = ATH5K_TXQ_TYPE_INACTIVE;
}

int ath5k_hw_txq_program(struct ath5k_hw *ah, unsigned int q)
{
	if (q >= ATH5K_TXQ_COUNT)
		return -EINVAL;
	if (ah->txq[q].type == ATH5K_TXQ_TYPE_INACTIVE)
		return 0;
	ah->mac_ops->txq_program(ah, q);
	if (ah->mac_ops->txqs_finish)
		ah->mac_ops->txqs_finish(ah);
	return 0;
}

/* Program every active queue, then what they share, once. */
int ath5k_hw_txq_program_all(struct ath5k_hw *ah)
{
	unsigned int q;

	for (q = 0; q < ATH5K_TXQ_COUNT; q++)
		if (ah->txq[q].type != ATH5K_TXQ_TYPE_INACTIVE)
			ah->mac_ops->txq_program(ah, q);
	if (ah->mac_ops->txqs_finish)
		ah->mac_ops->txqs_finish(ah);
	ath5k_hw_dcu_global_init(ah);
	return 0;
}

/* ----- the QCU/DCU pairs of the AR5211 and the AR5212 family ----------- */

/* Which queues raise which TX interrupts (beacons: no end-of-list). */
static void ath5k_txq_interrupts_write(struct ath5k_hw *ah)
{
	u16 active = 0, eol;
	unsigned int q;

	for (q = 0; q < ATH5K_TXQ_COUNT; q++)
		if (ah->txq[q].type != ATH5K_TXQ_TYPE_INACTIVE)
			active |= BIT(q);
	eol = active & ~BIT(ATH5K_TXQ_BEACON);
	/*
	 * SIMR2 (underruns, beacon and bus causes) has one writer,
	 * ath5k_hw_imr_set() under the driver's interrupt lock; its
	 * underrun bits follow txq_imr from the next call on.
	 */
	WRITE_ONCE(ah->txq_imr, active);

	ath5k_wr(ah, R_SIMR(0), FIELD_PREP(SISR_QHIGH, active));
	ath5k_wr(ah, R_SIMR(1), FIELD_PREP(SISR_QHIGH, eol));
	ath5k_wr(ah, R_SIMR(3), 0);
	ath5k_wr(ah, R_SIMR(4), 0);
	ath5k_wr(ah, R_TXNOFRM, 0);
}

static void ath5k_qcu_txq_program(struct ath5k_hw *ah, unsigned int q)
{
	const struct ath5k_txq_state *tq = &ah->txq[q];
	const struct ath5k_txq_params *p = &tq->params;
	u16 aifs, cw_min, cw_max;
	u32 qmisc, dmisc, ready = 0, txop = 0;

	aifs = p->aifs == ATH5K_TXQ_DEFAULT ? AIFS_DEFAULT : p->aifs;
	cw_min = p->cw_min != ATH5K_TXQ_DEFAULT ? p->cw_min :
		 ah->chan.mode == ATH5K_MODE_11B ? CW_MIN_DEFAULT_11B :
		 CW_MIN_DEFAULT;
	cw_max = p->cw_max == ATH5K_TXQ_DEFAULT ? CW_MAX_DEFAULT : p->cw_max;

	ath5k_wr(ah, R_DCU_LCL_IFS(q), FIELD_PREP(DCU_IFS_CW_MIN, cw_min) |
		 FIELD_PREP(DCU_IFS_CW_MAX, cw_max) |
		 FIELD_PREP(DCU_IFS_AIFS, aifs));
	ath5k_wr(ah, R_DCU_RETRY_LMT(q),
		 FIELD_PREP(DCU_RETRY_RTS, RETRY_LONG) |
		 FIELD_PREP(DCU_RETRY_STA_RTS, RETRY_LONG) |
		 FIELD_PREP(DCU_RETRY_STA_DATA, max(RETRY_LONG, RETRY_SHORT)));

	qmisc = ath5k_rd(ah, R_QCU_MISC(q)) & ~QCU_MISC_FRSHED;
	dmisc = ath5k_rd(ah, R_DCU_MISC(q)) | DCU_MISC_FRAG_WAIT;

	/* zero turns a limit off: written either way, never left stale */
	if (p->ready_time && tq->type != ATH5K_TXQ_TYPE_CAB)
		ready = FIELD_PREP(QCU_RDY_INTERVAL, p->ready_time) |
			QCU_RDY_ENABLE;
	if (p->burst_time)
		txop = FIELD_PREP(DCU_CHAN_TIME_DUR, p->burst_time) |
		       DCU_CHAN_TIME_ENABLE;

	switch (tq->type) {
	case ATH5K_TXQ_TYPE_BEACON:
		/* sent at the DMA beacon alert, locking out everyone else */
		qmisc |= FIELD_PREP(QCU_MISC_FRSHED, QCU_FRSHED_DBA_GATED) |
			 QCU_MISC_CBREXP_BCN_DIS | QCU_MISC_BCN_ENABLE;
		dmisc |= FIELD_PREP(DCU_MISC_ARBLOCK_CTL, DCU_ARBLOCK_GLOBAL) |
			 DCU_MISC_ARBLOCK_IGNORE | DCU_MISC_POST_FR_BKOFF_DIS |
			 DCU_MISC_BCN_ENABLE;
		break;
	case ATH5K_TXQ_TYPE_CAB:
		/* right after the beacon, for at most ready_time TU */
		qmisc |= FIELD_PREP(QCU_MISC_FRSHED, QCU_FRSHED_DBA_GATED) |
			 QCU_MISC_CBREXP_DIS | QCU_MISC_CBREXP_BCN_DIS;
		if (p->ready_time > CAB_READY_MARGIN_TU)
			ready = FIELD_PREP(QCU_RDY_INTERVAL,
					   (p->ready_time -
					    CAB_READY_MARGIN_TU) * 1024) |
				QCU_RDY_ENABLE;
		dmisc |= FIELD_PREP(DCU_MISC_ARBLOCK_CTL, DCU_ARBLOCK_GLOBAL);
		break;
	default:
		break;
	}
	ath5k_wr(ah, R_QCU_RDYTIMECFG(q), ready);
	ath5k_wr(ah, R_DCU_CHAN_TIME(q), txop);
	ath5k_wr(ah, R_QCU_MISC(q), qmisc);
	ath5k_wr(ah, R_DCU_MISC(q), dmisc);

	/* each DCU serves exactly its own QCU */
	ath5k_wr(ah, R_DCU_QCUMASK(q), BIT(q));
}

static int ath5k_qcu_txq_start(struct ath5k_hw *ah, unsigned int q)
{
	ath5k_wr(ah, R_QCU_TXE, BIT(q));
	return 0;
}

static u32 ath5k_frames_pending(struct ath5k_hw *ah, unsigned int q)
{
	return ath5k_rd(ah, R_QCU_STS(q)) & QCU_STS_FRMPENDCNT;
}

static bool ath5k_wait_drained(struct ath5k_hw *ah, unsigned int q,
			       unsigned int tries)
{
	return !ath5k_hw_wait(ah, R_QCU_STS(q), QCU_STS_FRMPENDCNT, 0,
			      TXQ_POLL_US, tries);
}

/*
 * Frames stuck behind a busy medium: open a short quiet period with the
 * channel forced idle so the DCU can flush them (AR2414 and later).
 */
static bool ath5k_quiet_flush(struct ath5k_hw *ah, unsigned int q)
{
	bool drained;

	ath5k_pcu_wr(ah, R_QUIET_CTL2, FIELD_PREP(QUIET_CTL2_QT_PER, 100) |
		     FIELD_PREP(QUIET_CTL2_QT_DUR, 10));
	ath5k_pcu_wr(ah, R_QUIET_CTL1, QUIET_CTL1_QT_EN |
		     FIELD_PREP(QUIET_CTL1_NEXT_QT,
				ath5k_pcu_rd(ah, R_TSF_L32) >> 10));
	ath5k_pcu_set_bits(ah, R_DIAG_SW, DIAG_SW_CHAN_IDLE_HIGH);
	usleep_range(QUIET_SETTLE_US, QUIET_SETTLE_US + 100);
	ath5k_pcu_clear_bits(ah, R_QUIET_CTL1, QUIET_CTL1_QT_EN);
	drained = ath5k_wait_drained(ah, q, QUIET_POLL_TRIES);
	ath5k_pcu_clear_bits(ah, R_DIAG_SW, DIAG_SW_CHAN_IDLE_HIGH);
	return drained;
}

static int ath5k_qcu_txq_stop(struct ath5k_hw *ah, unsigned int q)
{
	bool drained;

	ath5k_set_bits(ah, R_QCU_MISC(q), QCU_MISC_DCU_EARLY);
	WRITE_ONCE(ah->txq_stopping, BIT(q));
	ath5k_wr(ah, R_QCU_TXD, BIT(q));
	if (ath5k_hw_wait(ah, R_QCU_TXE, BIT(q), 0, TXQ_POLL_US,
			  TXQ_POLL_TRIES))
		dev_dbg(ah->dev, "TX queue %u still enabled\n", q);

	drained = ath5k_wait_drained(ah, q, TXQ_POLL_TRIES);
	if (!drained && ah->srev >= SREV_AR2414)
		drained = ath5k_quiet_flush(ah, q);

	ath5k_clear_bits(ah, R_QCU_MISC(q), QCU_MISC_DCU_EARLY);
	ath5k_wr(ah, R_QCU_TXD, 0);
	WRITE_ONCE(ah->txq_stopping, 0);
	if (!drained) {
		dev_err(ah->dev, "TX queue %u did not stop (%u frames pending)\n",
			q, ath5k_frames_pending(ah, q));
		return -EBUSY;
	}
	return 0;
}

static int ath5k_qcu_txq_set_txdp(struct ath5k_hw *ah, unsigned int q,
				  u32 paddr)
{
	if (ath5k_rd(ah, R_QCU_TXE) & BIT(q))
		return -EBUSY;
	ath5k_wr(ah, R_QCU_TXDP(q), paddr);
	return 0;
}

static u32 ath5k_qcu_txq_get_txdp(struct ath5k_hw *ah, unsigned int q)
{
	return ath5k_rd(ah, R_QCU_TXDP(q));
}

static unsigned int ath5k_qcu_txq_pending(struct ath5k_hw *ah, unsigned int q)
{
	u32 n = ath5k_frames_pending(ah, q);

	/* enabled with nothing counted yet: treat as one in flight */
	if (!n && (ath5k_rd(ah, R_QCU_TXE) & BIT(q)))
		return 1;
	return n;
}

static const struct ath5k_debug_reg ath5k_qcu_debug_regs[] = {
	{ "CR", R_CR },
	{ "RXDP", R_RXDP },
	{ "CFG", R_CFG },
	{ "IER", R_IER },
	{ "TXCFG", R_TXCFG },
	{ "RXCFG", R_RXCFG },
	{ "PIMR", R_PIMR },
	{ "SIMR0", R_SIMR(0) },
	{ "SIMR1", R_SIMR(1) },
	{ "SIMR2", R_SIMR(2) },
	{ "QCU_TXE", R_QCU_TXE },
	{ "QCU_TXD", R_QCU_TXD },
	{ "SLEEP_CTL", R_SLEEP_CTL },
};

const struct ath5k_mac_ops ath5k_qcu_mac_ops = {
	.txq_program = ath5k_qcu_txq_program,
	.txqs_finish = ath5k_txq_interrupts_write,
	.txq_start = ath5k_qcu_txq_start,
	.txq_stop = ath5k_qcu_txq_stop,
	.txq_set_txdp = ath5k_qcu_txq_set_txdp,
	.txq_get_txdp = ath5k_qcu_txq_get_txdp,
	.txq_pending = ath5k_qcu_txq_pending,
	.isr_read = ath5k_qcu_isr_read,
	.imr_primary = ath5k_qcu_imr_primary,
	.imr_secondary = ath5k_qcu_imr_secondary,
	.isr_reg = R_PISR,
	.imr_reg = R_PIMR,
	.opmode_write = ath5k_pcu_opmode_write,
	.ifs_write = ath5k_dcu_ifs_write,
	.diag_dis_rx = DIAG_SW_DIS_RX,
	/* as far as the timers count */
	.dba_timer_idle = 0x0000ffff,
	.swba_timer_idle = 0x0007ffff,
	.reset = ath5k_qcu_reset,
	.eeprom_read = ath5k_qcu_eeprom_read,
	.reset_units = RESET_PCU | RESET_BASEBAND,
	.keycache_entries = ATH5K_KEYCACHE_SIZE,
	.debug_regs = ath5k_qcu_debug_regs,
	.n_debug_regs = ARRAY_SIZE(ath5k_qcu_debug_regs),
};
