/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * How full a data queue is, for stopping and waking its mac80211 queue.
 * A frame's descriptor outlives its completion: the hardware parks its
 * queue pointer on the last descriptor, which stays on the list until the
 * next frame moves it on.  Flow control therefore counts frames not yet
 * completed, never descriptors, or a queue whose limit is one would stay
 * stopped forever behind its parked descriptor.  Pure logic: builds in
 * the kernel and in the unit tests.
 */
#ifndef ATH5K_TXQ_FILL_H
#define ATH5K_TXQ_FILL_H

#include <linux/types.h>

struct ath5k_txq_fill {
	unsigned int descs;	/* descriptors on the queue's list */
	unsigned int pending;	/* frames the hardware has not completed */
};

void ath5k_txq_fill_queued(struct ath5k_txq_fill *f);
void ath5k_txq_fill_completed(struct ath5k_txq_fill *f);
void ath5k_txq_fill_released(struct ath5k_txq_fill *f);
void ath5k_txq_fill_reset(struct ath5k_txq_fill *f);

/* Stop the mac80211 queue: @limit frames are in flight. */
bool ath5k_txq_fill_full(const struct ath5k_txq_fill *f, unsigned int limit);
/* Wake it again: it drained to half the limit. */
bool ath5k_txq_fill_has_room(const struct ath5k_txq_fill *f,
			     unsigned int limit);

#endif /* ATH5K_TXQ_FILL_H */
