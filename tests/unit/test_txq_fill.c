// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Flow control of a data queue (issue 12 finding 12): after `ethtool -G
 * tx N`, for every N from 1 to the maximum, the queue stops when N frames
 * are in flight and wakes once they completed, although the descriptor
 * the hardware parks on is still on the queue's list.
 *
 * Links: src/txq_fill.c
 */
#include <stdio.h>

#include "txq_fill.h"
#include "check.h"

#define TXQ_LEN_MAX	50	/* ATH5K_TXQ_LEN_MAX */

/* Fill to the limit, complete everything, see the queue wake. */
static void check_limit(unsigned int limit)
{
	struct ath5k_txq_fill f;
	unsigned int i, queued = 0;

	ath5k_txq_fill_reset(&f);
	CHECK(!ath5k_txq_fill_full(&f, limit));
	while (!ath5k_txq_fill_full(&f, limit) && queued <= limit) {
		ath5k_txq_fill_queued(&f);
		queued++;
	}
	CHECK_EQ(queued, limit);
	CHECK(!ath5k_txq_fill_has_room(&f, limit));

	/* all complete; every descriptor but the parked one is released */
	for (i = 0; i < queued; i++) {
		ath5k_txq_fill_completed(&f);
		if (i + 1 < queued)
			ath5k_txq_fill_released(&f);
	}
	CHECK_EQ(f.descs, 1);
	CHECK(ath5k_txq_fill_has_room(&f, limit));
	CHECK(!ath5k_txq_fill_full(&f, limit));
}

static void test_limits(void)
{
	unsigned int limit;

	printf("check: limits 1..%u stop when full and wake when drained\n",
	       TXQ_LEN_MAX);
	for (limit = 1; limit <= TXQ_LEN_MAX; limit++)
		check_limit(limit);
}

static void test_half_way(void)
{
	struct ath5k_txq_fill f;
	unsigned int i;

	printf("check: a stopped queue of 10 wakes at 5 frames in flight\n");
	ath5k_txq_fill_reset(&f);
	for (i = 0; i < 10; i++)
		ath5k_txq_fill_queued(&f);
	for (i = 0; i < 4; i++)
		ath5k_txq_fill_completed(&f);
	CHECK(!ath5k_txq_fill_has_room(&f, 10));
	ath5k_txq_fill_completed(&f);
	CHECK(ath5k_txq_fill_has_room(&f, 10));

	printf("check: a completion too many does not wrap the count\n");
	ath5k_txq_fill_reset(&f);
	ath5k_txq_fill_completed(&f);
	ath5k_txq_fill_released(&f);
	CHECK_EQ(f.pending, 0);
	CHECK_EQ(f.descs, 0);
}

int main(void)
{
	test_limits();
	test_half_way();
	return check_done("test_txq_fill");
}
