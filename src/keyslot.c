// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Key cache entry allocation (see keyslot.h).  The split between default
 * entries and per-key entries follows the common Atheros key code of
 * Linux 6.1 (drivers/net/wireless/ath/key.c): an AP's group key takes a
 * free entry of its own instead of its key ID.
 */
#include <linux/compiler.h>
#include <linux/errno.h>

#include "keyslot.h"

static void ath5k_keyslot_mark(struct ath5k_keyslots *ks, unsigned int slot,
			       bool used)
{
	u32 word = ks->used[slot / 32];

	if (used)
		word |= 1U << (slot % 32);
	else
		word &= ~(1U << (slot % 32));
	WRITE_ONCE(ks->used[slot / 32], word);
}

bool ath5k_keyslot_used(const struct ath5k_keyslots *ks, unsigned int slot)
{
	if (slot >= ATH5K_KEYSLOT_COUNT)
		return false;
	return READ_ONCE(ks->used[slot / 32]) & (1U << (slot % 32));
}

int ath5k_keyslot_get(struct ath5k_keyslots *ks, enum ath5k_key_use use,
		      unsigned int keyidx, const void *owner)
{
	unsigned int slot;

	if (use == ATH5K_KEY_GROUP_RX) {
		if (keyidx >= ATH5K_KEYSLOT_DEFAULT)
			return -EINVAL;
		if (ath5k_keyslot_used(ks, keyidx) &&
		    ks->group_owner[keyidx] != owner)
			return -EBUSY;
		ks->group_owner[keyidx] = owner;
		ath5k_keyslot_mark(ks, keyidx, true);
		return keyidx;
	}

	for (slot = ATH5K_KEYSLOT_DEFAULT; slot < ATH5K_KEYSLOT_COUNT; slot++) {
		if (!ath5k_keyslot_used(ks, slot)) {
			ath5k_keyslot_mark(ks, slot, true);
			return slot;
		}
	}
	return -ENOSPC;
}

void ath5k_keyslot_put(struct ath5k_keyslots *ks, unsigned int slot)
{
	if (slot >= ATH5K_KEYSLOT_COUNT)
		return;
	if (slot < ATH5K_KEYSLOT_DEFAULT)
		ks->group_owner[slot] = NULL;
	ath5k_keyslot_mark(ks, slot, false);
}
