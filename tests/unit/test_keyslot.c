// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Key cache entry allocation (issue 12 finding 8): two AP interfaces, or
 * an AP next to a station, each keep their own group key instead of
 * sharing the entry of the key ID; a station's group keys sit at their
 * key ID; pairwise keys never take a default entry; entries come back;
 * TKIP keys own their Michael (and, split MIC, RX) entries.
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
	a = ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_TX, 1, &vif_a, false);
	b = ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_TX, 1, &vif_b, false);
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
	ap = ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_TX, 2, &vif_a, false);
	sta = ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 2, &vif_b, false);
	CHECK_EQ(sta, 2);
	CHECK(ap >= ATH5K_KEYSLOT_DEFAULT);
	CHECK(ath5k_keyslot_used(&ks, 2));
}

static void test_station_group_keys(void)
{
	struct ath5k_keyslots ks;

	memset(&ks, 0, sizeof(ks));
	printf("check: station group keys sit at their key ID\n");
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_a, false), 1);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 2, &vif_a, false), 2);
	printf("check: the same interface may replace its key in place\n");
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_a, false), 1);
	printf("check: a second station cannot take over the entry\n");
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_b, false), -EBUSY);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 4, &vif_b, false), -EINVAL);
	printf("check: once freed, the entry is the other station's\n");
	ath5k_keyslot_put(&ks, 1);
	CHECK(!ath5k_keyslot_used(&ks, 1));
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_b, false), 1);
}

/* A pairwise key, TKIP or not, for vif_a. */
static int get_key(struct ath5k_keyslots *ks, bool tkip)
{
	return ath5k_keyslot_get(ks, ATH5K_KEY_PAIRWISE, 0, &vif_a, tkip);
}

static void test_pairwise_and_exhaustion(void)
{
	struct ath5k_keyslots ks;
	unsigned int i, n = 0;
	int slot;

	memset(&ks, 0, sizeof(ks));
	printf("check: pairwise keys fill 4..127 but 64..67, then -ENOSPC\n");
	while ((slot = get_key(&ks, false)) >= 0) {
		CHECK(slot >= ATH5K_KEYSLOT_DEFAULT);
		CHECK(slot < ATH5K_KEYSLOT_MIC ||
		      slot >= ATH5K_KEYSLOT_MIC + ATH5K_KEYSLOT_DEFAULT);
		n++;
	}
	CHECK_EQ(slot, -ENOSPC);
	CHECK_EQ(n, ATH5K_KEYSLOT_COUNT - 2 * ATH5K_KEYSLOT_DEFAULT);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_TX, 0, &vif_a, false),
		 -ENOSPC);
	CHECK_EQ(get_key(&ks, true), -ENOSPC);
	for (i = 0; i < ATH5K_KEYSLOT_DEFAULT; i++)
		CHECK(!ath5k_keyslot_used(&ks, i));
	printf("check: a freed entry is handed out again\n");
	ath5k_keyslot_put(&ks, 17);
	slot = ath5k_keyslot_get(&ks, ATH5K_KEY_PAIRWISE, 0, &vif_b, false);
	CHECK_EQ(slot, 17);
	printf("check: out-of-range entries are never in use\n");
	CHECK(!ath5k_keyslot_used(&ks, ATH5K_KEYSLOT_COUNT));
	ath5k_keyslot_put(&ks, ATH5K_KEYSLOT_COUNT + 3);
}

/* Issue: keys finding 2, combined MIC layout (AR2414 and later). */
static void test_tkip_combined(void)
{
	struct ath5k_keyslots ks;
	int wep, tkip, other, slot;
	unsigned int n = 0;

	memset(&ks, 0, sizeof(ks));
	printf("check: a TKIP key skips entries whose Michael entry is taken\n");
	wep = get_key(&ks, false);
	CHECK_EQ(wep, 4);
	tkip = get_key(&ks, true);
	CHECK(tkip > wep && tkip < ATH5K_KEYSLOT_MIC);
	CHECK(ath5k_keyslot_used(&ks, tkip + ATH5K_KEYSLOT_MIC));
	printf("check: other keys fill broken-up groups first\n");
	other = get_key(&ks, false);
	CHECK_EQ(other, wep + ATH5K_KEYSLOT_MIC);
	printf("check: freeing the TKIP key frees its Michael entry\n");
	ath5k_keyslot_put(&ks, tkip);
	CHECK(!ath5k_keyslot_used(&ks, tkip));
	CHECK(!ath5k_keyslot_used(&ks, tkip + ATH5K_KEYSLOT_MIC));
	printf("check: freeing a key in a Michael entry leaves the rest\n");
	ath5k_keyslot_put(&ks, other);
	CHECK(ath5k_keyslot_used(&ks, wep));

	memset(&ks, 0, sizeof(ks));
	printf("check: TKIP keys stay below 64 and never share an entry\n");
	while ((slot = get_key(&ks, true)) >= 0) {
		CHECK(slot >= ATH5K_KEYSLOT_DEFAULT && slot < ATH5K_KEYSLOT_MIC);
		n++;
	}
	CHECK_EQ(n, ATH5K_KEYSLOT_MIC - ATH5K_KEYSLOT_DEFAULT);
	CHECK_EQ(get_key(&ks, false), -ENOSPC);
	printf("check: a station's TKIP group key keeps its key ID entry\n");
	memset(&ks, 0, sizeof(ks));
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 2, &vif_a, true), 2);
	while ((slot = get_key(&ks, false)) >= 0)
		CHECK(slot != 2 + ATH5K_KEYSLOT_MIC);
}

/* Split MIC layout (AR5212 proper): TX, RX +32, Michael +64 and +96. */
static void test_tkip_split(void)
{
	struct ath5k_keyslots ks;
	unsigned int n = 0, i;
	int tkip, slot;

	memset(&ks, 0, sizeof(ks));
	ks.split_mic = true;
	printf("check: split MIC: a TKIP key takes four entries, 32 apart\n");
	tkip = get_key(&ks, true);
	CHECK_EQ(tkip, 4);
	for (i = 0; i < 4; i++)
		CHECK(ath5k_keyslot_used(&ks, tkip + 32 * i));
	printf("check: split MIC: no other key lands in them\n");
	while ((slot = get_key(&ks, false)) >= 0)
		CHECK(slot % 32 != tkip);
	ath5k_keyslot_put(&ks, tkip);
	for (i = 0; i < 4; i++)
		CHECK(!ath5k_keyslot_used(&ks, tkip + 32 * i));

	memset(&ks, 0, sizeof(ks));
	ks.split_mic = true;
	printf("check: split MIC: TKIP keys stay below 32\n");
	while ((slot = get_key(&ks, true)) >= 0) {
		CHECK(slot >= ATH5K_KEYSLOT_DEFAULT && slot < 32);
		n++;
	}
	CHECK_EQ(n, 32 - ATH5K_KEYSLOT_DEFAULT);
}

/* After a start (resume, restart) every entry is free again, TKIP's too. */
static void test_forget_all(void)
{
	struct ath5k_keyslots ks;
	int first, tkip;

	memset(&ks, 0, sizeof(ks));
	ks.split_mic = true;
	first = ath5k_keyslot_get(&ks, ATH5K_KEY_PAIRWISE, 0, &vif_a, false);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_a, false), 1);
	tkip = ath5k_keyslot_get(&ks, ATH5K_KEY_PAIRWISE, 0, &vif_b, true);
	CHECK(tkip >= 0);
	ath5k_keyslot_forget_all(&ks);
	printf("check: forgetting all frees every entry and keeps split MIC\n");
	for (unsigned int i = 0; i < ATH5K_KEYSLOT_COUNT; i++)
		CHECK(!ath5k_keyslot_used(&ks, i));
	CHECK(ks.split_mic);
	printf("check: the same keys get the same entries again\n");
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_PAIRWISE, 0, &vif_a, false), first);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_GROUP_RX, 1, &vif_b, false), 1);
	CHECK_EQ(ath5k_keyslot_get(&ks, ATH5K_KEY_PAIRWISE, 0, &vif_b, true), tkip);
}

int main(void)
{
	test_ap_group_keys();
	test_ap_and_station();
	test_station_group_keys();
	test_pairwise_and_exhaustion();
	test_tkip_combined();
	test_tkip_split();
	test_forget_all();
	return check_done("test_keyslot");
}
