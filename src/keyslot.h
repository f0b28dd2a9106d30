/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Which key cache entry a key from mac80211 goes to.  Entries 0-3 are the
 * default keys the chip picks by the key ID of a group-addressed frame it
 * receives, so only a station's group keys may live there, one interface
 * at a time.  Every other key (pairwise keys, and the group key an AP or
 * mesh interface sends with, which the chip only needs by index) takes a
 * free entry above them, so interfaces cannot overwrite each other.
 *
 * A TKIP key also owns the entry 64 above it (its Michael keys); on a
 * chip without the combined MIC layout a per-key TKIP key owns four:
 * @slot, @slot + 32, @slot + 64, @slot + 96 (TX key, RX key and their
 * Michael entries, as the Linux ath common key code lays them out).  So
 * TKIP keys get entries below 64 (below 32 when split) whose partners
 * are free, other keys prefer entries whose partners are already taken,
 * and 64-67 stay free for the Michael keys of default-entry TKIP keys.
 * Pure logic: builds in the kernel and in the unit tests.
 */
#ifndef ATH5K_KEYSLOT_H
#define ATH5K_KEYSLOT_H

#include <linux/types.h>

#define ATH5K_KEYSLOT_DEFAULT	4	/* entries found by key ID */
#define ATH5K_KEYSLOT_COUNT	128	/* the whole key cache */
#define ATH5K_KEYSLOT_MIC	64	/* TKIP: Michael entry above the key */
#define ATH5K_KEYSLOT_SPLIT_RX	32	/* TKIP, split MIC: RX key above TX */

enum ath5k_key_use {
	ATH5K_KEY_PAIRWISE,	/* one station's unicast key */
	ATH5K_KEY_GROUP_RX,	/* a station interface's group key */
	ATH5K_KEY_GROUP_TX,	/* an AP/mesh interface's own group key */
};

struct ath5k_keyslots {
	u32 used[ATH5K_KEYSLOT_COUNT / 32];
	u32 tkip[ATH5K_KEYSLOT_COUNT / 32];	/* TKIP keys' first entries */
	bool split_mic;		/* set once at probe: no combined MIC */
	/* interface (any token) whose group key holds a default entry */
	const void *group_owner[ATH5K_KEYSLOT_DEFAULT];
};

/*
 * Reserve the entry for a key of @use with key ID @keyidx belonging to
 * interface @owner; @tkip also reserves the entries a TKIP key needs.
 * Returns the entry, -EBUSY when another interface's group key holds the
 * default entry, -ENOSPC when none is free, -EINVAL for a key ID beyond
 * the default entries.  A group key replacing one of the same interface
 * at the same key ID reuses the entry.
 */
int ath5k_keyslot_get(struct ath5k_keyslots *ks, enum ath5k_key_use use,
		      unsigned int keyidx, const void *owner, bool tkip);
/* Frees @slot, and every entry of it if it holds a TKIP key. */
void ath5k_keyslot_put(struct ath5k_keyslots *ks, unsigned int slot);
/*
 * Frees every entry: after a start the key cache holds nothing mac80211
 * installed before (it installs its keys again after a resume or a
 * restart without removing them first).  split_mic stays.
 */
void ath5k_keyslot_forget_all(struct ath5k_keyslots *ks);
/* May run concurrently with get/put (the RX path asks about key IDs). */
bool ath5k_keyslot_used(const struct ath5k_keyslots *ks, unsigned int slot);

#endif /* ATH5K_KEYSLOT_H */
