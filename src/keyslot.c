// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Key cache entry allocation (see keyslot.h).  The split between default
 * entries and per-key entries follows the common Atheros key code of
 * Linux 6.1 (drivers/net/wireless/ath/key.c): an AP's group key takes a
 * free entry of its own instead of its key ID; a TKIP key takes its
 * Michael (and, split, RX) entries with it.
 */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/string.h>

#include "keyslot.h"

static bool ath5k_keyslot_test(const u32 *map, unsigned int slot)
{
	return slot < ATH5K_KEYSLOT_COUNT &&
	       (READ_ONCE(map[slot / 32]) & (1U << (slot % 32)));
}

static void ath5k_keyslot_mark(u32 *map, unsigned int slot, bool set)
{
	u32 word = map[slot / 32];

	if (set)
		word |= 1U << (slot % 32);
	else
		word &= ~(1U << (slot % 32));
	WRITE_ONCE(map[slot / 32], word);
}

bool ath5k_keyslot_used(const struct ath5k_keyslots *ks, unsigned int slot)
{
	return ath5k_keyslot_test(ks->used, slot);
}

/* Entries a per-key TKIP key owns together: 2, or 4 when split. */
static unsigned int ath5k_keyslot_span(const struct ath5k_keyslots *ks)
{
	return ks->split_mic ? 4 : 2;
}

/* Member @n of the TKIP group starting at @base. */
static unsigned int ath5k_keyslot_member(const struct ath5k_keyslots *ks,
					 unsigned int base, unsigned int n)
{
	unsigned int step = ks->split_mic ? ATH5K_KEYSLOT_SPLIT_RX :
					    ATH5K_KEYSLOT_MIC;

	return base + n * step;
}

/* How many entries of @slot's TKIP group are in use. */
static unsigned int ath5k_keyslot_group_used(const struct ath5k_keyslots *ks,
					     unsigned int slot)
{
	unsigned int step = ks->split_mic ? ATH5K_KEYSLOT_SPLIT_RX :
					    ATH5K_KEYSLOT_MIC;
	unsigned int base = slot % step, n, count = 0;

	for (n = 0; n < ath5k_keyslot_span(ks); n++)
		count += ath5k_keyslot_used(ks,
					    ath5k_keyslot_member(ks, base, n));
	return count;
}

/* Michael entries of TKIP keys in the default entries: never handed out. */
static bool ath5k_keyslot_reserved(unsigned int slot)
{
	return slot >= ATH5K_KEYSLOT_MIC &&
	       slot < ATH5K_KEYSLOT_MIC + ATH5K_KEYSLOT_DEFAULT;
}

static int ath5k_keyslot_get_tkip(struct ath5k_keyslots *ks)
{
	unsigned int base, n, end = ks->split_mic ? ATH5K_KEYSLOT_SPLIT_RX :
						    ATH5K_KEYSLOT_MIC;

	for (base = ATH5K_KEYSLOT_DEFAULT; base < end; base++) {
		if (ath5k_keyslot_group_used(ks, base))
			continue;
		for (n = 0; n < ath5k_keyslot_span(ks); n++)
			ath5k_keyslot_mark(ks->used,
					   ath5k_keyslot_member(ks, base, n),
					   true);
		ath5k_keyslot_mark(ks->tkip, base, true);
		return base;
	}
	return -ENOSPC;
}

/*
 * Any other key: first an entry whose TKIP group is already broken up,
 * so whole groups stay free for TKIP keys, then any free entry.
 */
static int ath5k_keyslot_get_other(struct ath5k_keyslots *ks)
{
	unsigned int slot, pass;

	for (pass = 0; pass < 2; pass++) {
		for (slot = ATH5K_KEYSLOT_DEFAULT; slot < ATH5K_KEYSLOT_COUNT;
		     slot++) {
			if (ath5k_keyslot_used(ks, slot) ||
			    ath5k_keyslot_reserved(slot))
				continue;
			if (!pass && !ath5k_keyslot_group_used(ks, slot))
				continue;
			ath5k_keyslot_mark(ks->used, slot, true);
			return slot;
		}
	}
	return -ENOSPC;
}

int ath5k_keyslot_get(struct ath5k_keyslots *ks, enum ath5k_key_use use,
		      unsigned int keyidx, const void *owner, bool tkip)
{
	if (use == ATH5K_KEY_GROUP_RX) {
		if (keyidx >= ATH5K_KEYSLOT_DEFAULT)
			return -EINVAL;
		if (ath5k_keyslot_used(ks, keyidx) &&
		    ks->group_owner[keyidx] != owner)
			return -EBUSY;
		ks->group_owner[keyidx] = owner;
		ath5k_keyslot_mark(ks->used, keyidx, true);
		ath5k_keyslot_mark(ks->tkip, keyidx, tkip);
		return keyidx;
	}
	return tkip ? ath5k_keyslot_get_tkip(ks) : ath5k_keyslot_get_other(ks);
}

void ath5k_keyslot_forget_all(struct ath5k_keyslots *ks)
{
	memset(ks->used, 0, sizeof(ks->used));
	memset(ks->tkip, 0, sizeof(ks->tkip));
	memset(ks->group_owner, 0, sizeof(ks->group_owner));
}

void ath5k_keyslot_put(struct ath5k_keyslots *ks, unsigned int slot)
{
	unsigned int n;

	if (slot >= ATH5K_KEYSLOT_COUNT)
		return;
	if (slot < ATH5K_KEYSLOT_DEFAULT)
		ks->group_owner[slot] = NULL;
	if (slot >= ATH5K_KEYSLOT_DEFAULT && ath5k_keyslot_test(ks->tkip, slot))
		for (n = 1; n < ath5k_keyslot_span(ks); n++)
			ath5k_keyslot_mark(ks->used,
					   ath5k_keyslot_member(ks, slot, n),
					   false);
	ath5k_keyslot_mark(ks->tkip, slot, false);
	ath5k_keyslot_mark(ks->used, slot, false);
}
