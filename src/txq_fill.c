// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Fill level of a data queue (see txq_fill.h).  The caller serialises
 * the updates (the queue's lock); readers outside it see a value at most
 * one frame stale, which only delays a stop or a wake by one frame.
 */
#include <linux/compiler.h>

#include "txq_fill.h"

void ath5k_txq_fill_queued(struct ath5k_txq_fill *f)
{
	f->descs++;
	WRITE_ONCE(f->pending, f->pending + 1);
}

void ath5k_txq_fill_completed(struct ath5k_txq_fill *f)
{
	if (f->pending)
		WRITE_ONCE(f->pending, f->pending - 1);
}

void ath5k_txq_fill_released(struct ath5k_txq_fill *f)
{
	if (f->descs)
		f->descs--;
}

void ath5k_txq_fill_reset(struct ath5k_txq_fill *f)
{
	f->descs = 0;
	WRITE_ONCE(f->pending, 0);
}

bool ath5k_txq_fill_full(const struct ath5k_txq_fill *f, unsigned int limit)
{
	return READ_ONCE(f->pending) >= limit;
}

bool ath5k_txq_fill_has_room(const struct ath5k_txq_fill *f,
			     unsigned int limit)
{
	return READ_ONCE(f->pending) <= limit / 2;
}
