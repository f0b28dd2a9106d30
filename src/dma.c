// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * DMA engines and interrupts: starting and stopping RX with the
 * hardware's handshake, the TX queues' entry points (each generation's
 * ath5k_mac_ops does their work), descriptor pointers, and the
 * translation between the chip's interrupt registers and the abstract
 * ATH5K_INT_* flags.  Facts from the Linux ath5k driver (its DMA code and registers, in
 * Debian linux-source-6.1) and the project's hardware-facts note.
 *
 * Stopping DMA (ath5k_hw_rx_stop(), ath5k_hw_txq_stop(), ath5k_hw_dma_stop())
 * waits up to about a second for a hung engine and sleeps while it does:
 * only process context calls them.  Everything else here may run in
 * atomic context (interrupt handler, NAPI poll, beacon work) and never
 * waits.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
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

#include "hw.h"
#include "hw_internal.h"
#include "reg.h"

#define DMA_POLL_US		100
#define DMA_POLL_TRIES		1000

/* ----- RX ---------------------------------------------------------------- */

int ath5k_hw_rx_set_rxdp(struct ath5k_hw *ah, u32 paddr)
{
	if (ath5k_rd(ah, R_CR) & CR_RXE)
		return -EBUSY;	/* the chip ignores it while RX runs */
	ath5k_wr(ah, R_RXDP, paddr);
	return 0;
}

u32 ath5k_hw_rx_get_rxdp(struct ath5k_hw *ah)
{
	return ath5k_rd(ah, R_RXDP);
}

void ath5k_hw_rx_start(struct ath5k_hw *ah)
{
	ath5k_wr(ah, R_CR, CR_RXE);
}

int ath5k_hw_rx_stop(struct ath5k_hw *ah)
{
	might_sleep();
	ath5k_wr(ah, R_CR, CR_RXD);
	if (ath5k_hw_wait(ah, R_CR, CR_RXE, 0, DMA_POLL_US, DMA_POLL_TRIES)) {
		dev_err(ah->dev, "RX DMA did not stop\n");
		return -EBUSY;
	}
	return 0;
}

/* ----- TX ---------------------------------------------------------------- */

static bool ath5k_txq_active(const struct ath5k_hw *ah, unsigned int q)
{
	return q < ATH5K_TXQ_COUNT &&
	       ah->txq[q].type != ATH5K_TXQ_TYPE_INACTIVE;
}

int ath5k_hw_txq_start(struct ath5k_hw *ah, unsigned int q)
{
	if (!ath5k_txq_active(ah, q))
		return -EINVAL;
	/* only txq_stop() sets TXD: its own record saves a bus read */
	if (READ_ONCE(ah->txq_stopping) & BIT(q))
		return -EIO;	/* a stop is still in progress */
	return ah->mac_ops->txq_start(ah, q);
}

int ath5k_hw_txq_stop(struct ath5k_hw *ah, unsigned int q)
{
	might_sleep();
	if (!ath5k_txq_active(ah, q))
		return -EINVAL;
	return ah->mac_ops->txq_stop(ah, q);
}

int ath5k_hw_txq_set_txdp(struct ath5k_hw *ah, unsigned int q, u32 paddr)
{
	if (q >= ATH5K_TXQ_COUNT)
		return -EINVAL;
	return ah->mac_ops->txq_set_txdp(ah, q, paddr);
}

u32 ath5k_hw_txq_get_txdp(struct ath5k_hw *ah, unsigned int q)
{
	return q < ATH5K_TXQ_COUNT ? ah->mac_ops->txq_get_txdp(ah, q) : 0;
}

unsigned int ath5k_hw_txq_pending(struct ath5k_hw *ah, unsigned int q)
{
	return ath5k_txq_active(ah, q) ? ah->mac_ops->txq_pending(ah, q) : 0;
}

/*
 * Stop RX and every active queue even when one of them hangs, so that no
 * engine is left running on buffers the caller is about to reclaim.  If
 * one would not stop, hold MAC and baseband in warm reset: that stops
 * every engine for certain, and the next ath5k_hw_reset() is a full one.
 */
int ath5k_hw_dma_stop(struct ath5k_hw *ah)
{
	unsigned int q;
	int ret, err;

	ath5k_hw_imr_set(ah, 0);
	ret = ath5k_hw_rx_stop(ah);
	ath5k_wr(ah, ah->mac_ops->isr_reg, INT_ALL_ONES);
	for (q = 0; q < ATH5K_TXQ_COUNT; q++) {
		if (!ath5k_txq_active(ah, q))
			continue;
		err = ath5k_hw_txq_stop(ah, q);
		if (err && !ret)
			ret = err;
	}
	if (ret) {
		dev_err(ah->dev, "DMA would not stop: holding the chip in reset\n");
		ah->chan_valid = false;
		if (ath5k_hw_nic_reset(ah, ath5k_hw_reset_all_bits(ah)))
			dev_err(ah->dev, "chip did not enter warm reset\n");
	}
	return ret;
}

void ath5k_hw_dma_init(struct ath5k_hw *ah)
{
	ath5k_rmw(ah, R_TXCFG, TXCFG_DMA_SIZE,
		  FIELD_PREP(TXCFG_DMA_SIZE, DMA_SIZE_128B));
	ath5k_rmw(ah, R_RXCFG, RXCFG_DMA_SIZE,
		  FIELD_PREP(RXCFG_DMA_SIZE, DMA_SIZE_128B));
	ath5k_hw_imr_set(ah, ah->imr);
}

/* ----- interrupts --------------------------------------------------------- */

/* Abstract flags that map one to one onto primary status bits. */
static const u32 int_map[][2] = {
	{ ATH5K_INT_RXOK, INT_RXOK },
	{ ATH5K_INT_RXERR, INT_RXERR },
	{ ATH5K_INT_RXEOL, INT_RXEOL },
	{ ATH5K_INT_RXORN, INT_RXORN },
	{ ATH5K_INT_TXOK, INT_TXOK },
	{ ATH5K_INT_TXERR, INT_TXERR },
	{ ATH5K_INT_TXDESC, INT_TXDESC },
	{ ATH5K_INT_TXEOL, INT_TXEOL },
	{ ATH5K_INT_SWBA, INT_SWBA },
	{ ATH5K_INT_BMISS, INT_BMISS },
	{ ATH5K_INT_BNR, INT_BNR },
	{ ATH5K_INT_MIB, INT_MIB },
	{ ATH5K_INT_GPIO, INT_GPIO },
	{ ATH5K_INT_FATAL, INT_HIUERR },
	{ ATH5K_INT_TXURN, INT_TXURN },
};

/* @in's bits of int_map's column @from, as those of the other column. */
static u32 ath5k_int_translate(u32 in, unsigned int from)
{
	u32 out = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(int_map); i++)
		if (in & int_map[i][from])
			out |= int_map[i][!from];
	return out;
}

u32 ath5k_int_status_bits(u32 flags)
{
	return ath5k_int_translate(flags, 0);
}

u32 ath5k_int_flags(u32 status)
{
	return ath5k_int_translate(status, 1);
}

/*
 * Primary bits that only summarise secondary registers.  Written back to
 * PISR, one clears its causes in every queue, those that came after the
 * secondary was read too: the secondary's own write acknowledges them.
 */
#define INT_FROM_SECONDARY	(INT_TXOK | INT_TXDESC | INT_TXERR | \
				 INT_TXEOL | INT_TXURN | INT_HIUERR | \
				 INT_TIM | INT_QCBRORN | INT_QCBRURN | \
				 INT_QTRIG)

/*
 * Move the TX FIFO trigger level halfway up to a whole frame after an
 * underrun (the initial values set it low again at every reset).  Only
 * from the interrupt handler, so no interrupt sees it change.
 */
static void ath5k_qcu_tx_triglevel_raise(struct ath5k_hw *ah)
{
	u32 level = FIELD_GET(TXCFG_TXFULL, ath5k_rd(ah, R_TXCFG));

	level += (ATH5K_TX_TRIG_MAX - level) / 2;
	ath5k_rmw(ah, R_TXCFG, TXCFG_TXFULL, FIELD_PREP(TXCFG_TXFULL, level));
}

bool ath5k_hw_irq_pending(struct ath5k_hw *ah)
{
	return ath5k_rd(ah, R_INTPEND) == INTPEND_TRUE;
}

bool ath5k_hw_gone(struct ath5k_hw *ah)
{
	return ath5k_rd(ah, R_SREV) == 0xffffffff;
}

/* The primary bits that summarise each secondary status register. */
static const u32 sisr_summary[5] = {
	INT_TXOK | INT_TXDESC,
	INT_TXERR | INT_TXEOL,
	INT_TXURN | INT_HIUERR | INT_TIM,
	INT_QCBRORN | INT_QCBRURN,
	INT_QTRIG,
};

int ath5k_hw_isr_read(struct ath5k_hw *ah, struct ath5k_isr *isr)
{
	return ah->mac_ops->isr_read(ah, isr);
}

int ath5k_qcu_isr_read(struct ath5k_hw *ah, struct ath5k_isr *isr)
{
	u32 pisr, s[ARRAY_SIZE(sisr_summary)] = { }, flags;
	unsigned int i;

	pisr = ath5k_rd(ah, R_PISR);
	if (pisr == INT_ALL_ONES)
		return -ENODEV;
	/* each read costs a bus round trip: only those that hold a cause */
	for (i = 0; i < ARRAY_SIZE(s); i++)
		if (pisr & sisr_summary[i])
			s[i] = ath5k_rd(ah, R_SISR(i));

	/*
	 * Acknowledge the secondaries first (that clears their summary
	 * bits), then what the primary holds of its own.
	 */
	for (i = 0; i < ARRAY_SIZE(s); i++)
		if (s[i])
			ath5k_wr(ah, R_SISR(i), s[i]);
	ath5k_wr(ah, R_PISR, pisr & ~INT_FROM_SECONDARY);

	flags = ath5k_int_flags(pisr);
	/* the FIFO ran dry mid-frame: start sending later from now on */
	if (pisr & INT_TXURN)
		ath5k_qcu_tx_triglevel_raise(ah);
	if (pisr & INT_TIM) {
		if (s[2] & SISR2_TIM)
			flags |= ATH5K_INT_TIM;
		if (s[2] & SISR2_DTIM)
			flags |= ATH5K_INT_DTIM;
		if (s[2] & SISR2_CAB_TIMEOUT)
			flags |= ATH5K_INT_CAB_TIMEOUT;
	}

	isr->txq_done = 0;
	if (pisr & INT_TXOK)
		isr->txq_done |= FIELD_GET(SISR_QLOW, s[0]);
	if (pisr & INT_TXDESC)
		isr->txq_done |= FIELD_GET(SISR_QHIGH, s[0]);
	if (pisr & INT_TXERR)
		isr->txq_done |= FIELD_GET(SISR_QLOW, s[1]);
	isr->txq_eol = (pisr & INT_TXEOL) ? FIELD_GET(SISR_QHIGH, s[1]) : 0;
	isr->txq_done |= isr->txq_eol;

	/*
	 * Every cause read is acknowledged above, masked sources' too, so
	 * every one is reported: the caller decides what it still wants.
	 */
	isr->flags = flags;
	return 0;
}

u32 ath5k_qcu_imr_primary(u32 flags)
{
	u32 pimr = ath5k_int_status_bits(flags);

	if (ath5k_hw_txurn_unmasked(flags))
		pimr |= INT_TXURN;
	if (flags & (ATH5K_INT_TIM | ATH5K_INT_DTIM | ATH5K_INT_CAB_TIMEOUT))
		pimr |= INT_TIM;
	return pimr;
}

u32 ath5k_qcu_imr_secondary(const struct ath5k_hw *ah, u32 flags)
{
	u32 simr2 = 0;

	if (ath5k_hw_txurn_unmasked(flags))
		simr2 |= FIELD_PREP(SISR2_TXURN, READ_ONCE(ah->txq_imr));
	if (flags & ATH5K_INT_FATAL)
		simr2 |= SISR2_BUS_ERRORS;
	if (flags & ATH5K_INT_TIM)
		simr2 |= SISR2_TIM;
	if (flags & ATH5K_INT_DTIM)
		simr2 |= SISR2_DTIM;
	if (flags & ATH5K_INT_CAB_TIMEOUT)
		simr2 |= SISR2_CAB_TIMEOUT;
	return simr2;
}

u32 ath5k_hw_imr_set(struct ath5k_hw *ah, u32 flags)
{
	const struct ath5k_mac_ops *ops = ah->mac_ops;
	u32 old = ah->imr, pimr, simr2 = 0;

	pimr = ops->imr_primary(flags);
	if (ops->imr_secondary)
		simr2 = ops->imr_secondary(ah, flags);

	/*
	 * For a reader without the lock, the record covers the old mask and
	 * the new while the registers change: no source is unmasked before
	 * it is recorded, none recorded as masked before it is.  A source
	 * masked a moment late only costs a handler pass.
	 */
	WRITE_ONCE(ah->imr, old | flags);

	/* enabled before and after: only what changed */
	if (ah->imr_hw_valid && (old & flags & ATH5K_INT_GLOBAL)) {
		if (pimr != ah->pimr_hw)
			ath5k_wr(ah, ops->imr_reg, pimr);
		if (ops->imr_secondary && simr2 != ah->simr2_hw)
			ath5k_wr(ah, R_SIMR(2), simr2);
		goto done;
	}

	if (old & ATH5K_INT_GLOBAL) {
		ath5k_wr(ah, R_IER, 0);
		ath5k_rd(ah, R_IER);
	}
	ath5k_wr(ah, ops->imr_reg, pimr);
	if (ops->imr_secondary)
		ath5k_wr(ah, R_SIMR(2), simr2);
	ath5k_wr(ah, R_RXNOFRM, 0);
	if (flags & ATH5K_INT_GLOBAL) {
		ath5k_wr(ah, R_IER, IER_ENABLE);
		ath5k_rd(ah, R_IER);
	}
	ah->imr_hw_valid = true;
done:
	ah->pimr_hw = pimr;
	ah->simr2_hw = simr2;
	WRITE_ONCE(ah->imr, flags);
	return old;
}
