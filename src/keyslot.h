/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Which key cache entry a key from mac80211 goes to.  Entries 0-3 are the
 * default keys the chip picks by the key ID of a group-addressed frame it
 * receives, so only a station's group keys may live there, one interface
 * at a time.  Every other key (pairwise keys, and the group key an AP or
 * mesh interface sends with, which the chip only needs by index) takes a
 * free entry above them, so interfaces cannot overwrite each other.  A
 * TKIP key also uses the entry 64 above for its MIC keys, so only the
 * lower half is handed out.  Pure logic: builds in the kernel and in the
 * unit tests.
 */
#ifndef ATH5K_KEYSLOT_H
#define ATH5K_KEYSLOT_H

#include <linux/types.h>

#define ATH5K_KEYSLOT_DEFAULT	4	/* entries found by key ID */
#define ATH5K_KEYSLOT_COUNT	64	/* entries handed out */

enum ath5k_key_use {
	ATH5K_KEY_PAIRWISE,	/* one station's unicast key */
	ATH5K_KEY_GROUP_RX,	/* a station interface's group key */
	ATH5K_KEY_GROUP_TX,	/* an AP/mesh interface's own group key */
};

struct ath5k_keyslots {
	u32 used[ATH5K_KEYSLOT_COUNT / 32];
	/* interface (any token) whose group key holds a default entry */
	const void *group_owner[ATH5K_KEYSLOT_DEFAULT];
};

/*
 * Reserve the entry for a key of @use with key ID @keyidx belonging to
 * interface @owner.  Returns the entry, -EBUSY when another interface's
 * group key holds the default entry, -ENOSPC when none is free, -EINVAL
 * for a key ID beyond the default entries.  A group key replacing one of
 * the same interface at the same key ID reuses the entry.
 */
int ath5k_keyslot_get(struct ath5k_keyslots *ks, enum ath5k_key_use use,
		      unsigned int keyidx, const void *owner);
void ath5k_keyslot_put(struct ath5k_keyslots *ks, unsigned int slot);
/* May run concurrently with get/put (the RX path asks about key IDs). */
bool ath5k_keyslot_used(const struct ath5k_keyslots *ks, unsigned int slot);

#endif /* ATH5K_KEYSLOT_H */
