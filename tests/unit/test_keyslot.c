// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Key cache entry allocation (issue 12 finding 8): two AP interfaces, or
 * an AP next to a station, each keep their own group key instead of
 * sharing the entry of the key ID; a station's group keys sit at their
 * key ID; pairwise keys never take a default entry; entries come back.
 *
 * Links: src/keyslot.c
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "keyslot.h"
#include "check.h"

static const int vif_a, vif_b;	/* two interfaces, as tokens */

static void test_ap_group_keys(void)
{
	struct ath5k_keyslots ks;
	int a, b;

	memset(&ks, 0, sizeof(ks));
	printf("check: two APs' group keys with key ID 1 get distinct entries\n");
	a = ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_TX, 1, &vif_a);
	b = ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_TX, 1, &vif_b);
	CHECK(a >= ATH5K_KEYSLOT_DEFAULT);
	CHECK(b >= ATH5K_KEYSLOT_DEFAULT);
	CHECK(a != b);
	printf("check: an AP's group key leaves the default entries free\n");
	CHECK(!ath5k_keyslot_used(&ks, 1));
}

static void test_ap_and_station(void)
{
	struct ath5k_keyslots ks;
	int ap, sta;

	memset(&ks, 0, sizeof(ks));
	printf("check: AP and station group keys with one key ID coexist\n");
	ap = ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_TX, 2, &vif_a);
	sta = ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 2, &vif_b);
	CHECK_EQ(sta, 2);
	CHECK(ap >= ATH5K_KEYSLOT_DEFAULT);
	CHECK(ath5k_keyslot_used(&ks, 2));
}

static void test_station_group_keys(void)
{
	struct ath5k_keyslots ks;

	memset(&ks, 0, sizeof(ks));
	printf("check: station group keys sit at their key ID\n");
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_a), 1);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 2, &vif_a), 2);
	printf("check: the same interface may replace its key in place\n");
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_a), 1);
	printf("check: a second station cannot take over the entry\n");
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_b), -EBUSY);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 4, &vif_b), -EINVAL);
	printf("check: once freed, the entry is the other station's\n");
	ath5k_keyslot_put(&ks, 1);
	CHECK(!ath5k_keyslot_used(&ks, 1));
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_b), 1);
}

static void test_pairwise_and_exhaustion(void)
{
	struct ath5k_keyslots ks;
	unsigned int i;
	int slot;

	memset(&ks, 0, sizeof(ks));
	printf("check: pairwise keys fill entries 4..63, then -ENOSPC\n");
	for (i = ATH5K_KEYSLOT_DEFAULT; i < ATH5K_KEYSLOT_COUNT; i++)
		CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_PAIRWISE, 0, &vif_a),
			 i);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_PAIRWISE, 0, &vif_a),
		 -ENOSPC);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_TX, 0, &vif_a),
		 -ENOSPC);
	for (i = 0; i < ATH5K_KEYSLOT_DEFAULT; i++)
		CHECK(!ath5k_keyslot_used(&ks, i));
	printf("check: a freed entry is handed out again\n");
	ath5k_keyslot_put(&ks, 17);
	slot = ath5k_keyslot_get(&ks, ATH5K_KEY_PAIRWISE, 0, &vif_b);
	CHECK_EQ(slot, 17);
	printf("check: out-of-range entries are never in use\n");
	CHECK(!ath5k_keyslot_used(&ks, ATH5K_KEYSLOT_COUNT));
	ath5k_keyslot_put(&ks, ATH5K_KEYSLOT_COUNT + 3);
}

int main(void)
{
	test_ap_group_keys();
	test_ap_and_station();
	test_station_group_keys();
	test_pairwise_and_exhaustion();
	return check_done("test_keyslot");
}
