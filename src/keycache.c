// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Hardware key cache: 128 entries of eight words (five key words, the
 * cipher type, the peer address shifted right by one with a valid bit).
 * TKIP keeps its Michael keys in the entry 64 above the key (split-MIC
 * chips: a peer's key is a TX and an RX entry 32 apart).  Layout from
 * the Linux ath common key code (ath/key.c, ath/reg.h in Debian
 * linux-source-6.1) and the project's hardware-facts note.
 *
 * The mac80211 layer decides whether to use it (module parameter
 * nohwcrypt); this file only programs entries.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/key.c in Linux 6.1:
 *
 * Copyright (c) 2009 Atheros Communications Inc.
 * Copyright (c) 2010 Bruno Randolf <br1@einfach.org>
 *
 * Permission to use, copy, modify, and/or distribute this software for any
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
 * From drivers/net/wireless/ath/reg.h in Linux 6.1:
 *
 * Copyright (c) 2008-2009 Atheros Communications Inc.
 *
 * Permission to use, copy, modify, and/or distribute this software for any
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
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "hw.h"
#include "hw_internal.h"
#include "reg.h"

#define KEY_WORDS		8
#define TKIP_MIC_OFFSET		64
#define TKIP_SPLIT_RX_OFFSET	32

static void ath5k_entry_wipe(struct ath5k_hw *ah, u16 idx)
{
	unsigned int w;

	for (w = 0; w < KEY_WORDS; w++)
		ath5k_pcu_wr(ah, R_KEY(idx, w), w == KEY_WORD_TYPE ?
			     KEY_TYPE_NULL : 0);
}

/* Peer address as the key search wants it: shifted right by one bit. */
static void ath5k_entry_mac_write(struct ath5k_hw *ah, u16 idx, const u8 *mac)
{
	u32 lo = 0, hi = 0, valid = KEY_MAC1_VALID;

	if (mac) {
		lo = get_unaligned_le32(mac);
		hi = get_unaligned_le16(mac + 4);
		lo = lo >> 1 | (hi & 1) << 31;
		hi >>= 1;
		if (mac[0] & 1)
			valid = 0;	/* group address: no unicast match */
	}
	ath5k_pcu_wr(ah, R_KEY(idx, KEY_WORD_MAC0), lo);
	ath5k_pcu_wr(ah, R_KEY(idx, KEY_WORD_MAC1), hi | valid);
}

bool ath5k_hw_tkip_combined_mic(const struct ath5k_hw *ah)
{
	return ah->srev >= SREV_AR2414;
}

/* The RX half of a split-MIC TKIP key: the entry and its Michael entry. */
static void ath5k_tkip_rx_half_clear(struct ath5k_hw *ah, u16 idx)
{
	if (ath5k_pcu_rd(ah, R_KEY(idx, KEY_WORD_TYPE)) != KEY_TYPE_TKIP)
		return;		/* another key's entry: a group key's partner */
	ath5k_entry_wipe(ah, idx);
	ath5k_entry_wipe(ah, idx + TKIP_MIC_OFFSET);
}

void ath5k_hw_key_clear(struct ath5k_hw *ah, u16 idx)
{
	bool tkip;

	if (idx >= ATH5K_KEYCACHE_SIZE)
		return;
	tkip = ath5k_pcu_rd(ah, R_KEY(idx, KEY_WORD_TYPE)) == KEY_TYPE_TKIP;
	ath5k_entry_wipe(ah, idx);
	if (!tkip || idx + TKIP_MIC_OFFSET >= ATH5K_KEYCACHE_SIZE)
		return;
	ath5k_entry_wipe(ah, idx + TKIP_MIC_OFFSET);
	/* split MIC: a per-peer key's RX half 32 entries above goes too */
	if (idx < TKIP_SPLIT_RX_OFFSET && !ath5k_hw_tkip_combined_mic(ah))
		ath5k_tkip_rx_half_clear(ah, idx + TKIP_SPLIT_RX_OFFSET);
}

/*
 * DISABLE_KEY: frames may still sit in a TX queue naming this entry.  A
 * CCMP or TKIP entry keeps its key (and Michael keys) so they still go
 * out sealed; only the peer address goes, so no received frame matches
 * it any more.  Other entries are wiped as before.  (The in-tree
 * ath_key_delete behaves the same way.)
 */
void ath5k_hw_key_delete(struct ath5k_hw *ah, u16 idx)
{
	u32 type;

	if (idx >= ATH5K_KEYCACHE_SIZE)
		return;
	type = ath5k_pcu_rd(ah, R_KEY(idx, KEY_WORD_TYPE));
	if (type != KEY_TYPE_CCM && type != KEY_TYPE_TKIP) {
		ath5k_hw_key_clear(ah, idx);
		return;
	}
	ath5k_entry_mac_write(ah, idx, NULL);
	/* split MIC: the TX half stays for queued frames, the RX half goes */
	if (type == KEY_TYPE_TKIP && idx < TKIP_SPLIT_RX_OFFSET &&
	    !ath5k_hw_tkip_combined_mic(ah))
		ath5k_tkip_rx_half_clear(ah, idx + TKIP_SPLIT_RX_OFFSET);
}

void ath5k_hw_key_clear_all(struct ath5k_hw *ah)
{
	u16 i;

	for (i = 0; i < ah->mac_ops->keycache_entries; i++)
		ath5k_entry_wipe(ah, i);
}

/*
 * Michael entry of @idx: @mic (the key the engine checks or uses) in words
 * 0/2; in the combined layout @tx_mic too, split over words 1/3/4 (NULL
 * in the split layout, where TX and RX keys have entries of their own).
 */
static void ath5k_tkip_mic_write(struct ath5k_hw *ah, u16 idx, const u8 *mic,
				 const u8 *tx_mic)
{
	u16 m = idx + TKIP_MIC_OFFSET;

	ath5k_pcu_wr(ah, R_KEY(m, 0), get_unaligned_le32(mic));
	ath5k_pcu_wr(ah, R_KEY(m, 1), tx_mic ? get_unaligned_le16(tx_mic + 2) : 0);
	ath5k_pcu_wr(ah, R_KEY(m, 2), get_unaligned_le32(mic + 4));
	ath5k_pcu_wr(ah, R_KEY(m, 3), tx_mic ? get_unaligned_le16(tx_mic) : 0);
	ath5k_pcu_wr(ah, R_KEY(m, 4), tx_mic ? get_unaligned_le32(tx_mic + 4) : 0);
	ath5k_pcu_wr(ah, R_KEY(m, KEY_WORD_TYPE), KEY_TYPE_NULL);
	ath5k_pcu_wr(ah, R_KEY(m, KEY_WORD_MAC0), 0);
	ath5k_pcu_wr(ah, R_KEY(m, KEY_WORD_MAC1), 0);
}

/*
 * One TKIP entry and its Michael entry.  The entry must never look valid
 * with a half-written key: the first words go in inverted, then the
 * rest and the Michael entry, then the real first words.
 */
static void ath5k_tkip_entry_write(struct ath5k_hw *ah, u16 idx,
				   const u32 *w, const u8 *mac, const u8 *mic,
				   const u8 *tx_mic)
{
	ath5k_pcu_wr(ah, R_KEY(idx, 0), ~w[0]);
	ath5k_pcu_wr(ah, R_KEY(idx, 1), ~w[1]);
	ath5k_pcu_wr(ah, R_KEY(idx, 2), w[2]);
	ath5k_pcu_wr(ah, R_KEY(idx, 3), w[3]);
	ath5k_pcu_wr(ah, R_KEY(idx, 4), w[4]);
	ath5k_pcu_wr(ah, R_KEY(idx, KEY_WORD_TYPE), KEY_TYPE_TKIP);
	ath5k_entry_mac_write(ah, idx, mac);
	ath5k_tkip_mic_write(ah, idx, mic, tx_mic);
	ath5k_pcu_wr(ah, R_KEY(idx, 0), w[0]);
	ath5k_pcu_wr(ah, R_KEY(idx, 1), w[1]);
}

/*
 * Combined MIC (AR2414 and later): one entry, both Michael keys.  Split
 * (AR5212 proper), as the Linux ath common key code lays it out: a key
 * without a peer is one entry with the RX Michael key; a peer's key is
 * a TX entry at @idx (no address, TX Michael key at +64) and an RX entry
 * at @idx + 32 (the peer's address, RX Michael key at +96).
 */
static int ath5k_tkip_key_write(struct ath5k_hw *ah, u16 idx, const u32 *w,
				const struct ath5k_key *k, const u8 *mac)
{
	if (ath5k_hw_tkip_combined_mic(ah)) {
		ath5k_tkip_entry_write(ah, idx, w, mac, k->rx_mic, k->tx_mic);
		return 0;
	}
	if (!mac) {
		ath5k_tkip_entry_write(ah, idx, w, NULL, k->rx_mic, NULL);
		return 0;
	}
	if (idx >= TKIP_SPLIT_RX_OFFSET)
		return -EINVAL;
	ath5k_tkip_entry_write(ah, idx, w, NULL, k->tx_mic, NULL);
	ath5k_tkip_entry_write(ah, idx + TKIP_SPLIT_RX_OFFSET, w, mac,
			       k->rx_mic, NULL);
	return 0;
}

int ath5k_hw_key_set(struct ath5k_hw *ah, u16 idx, const struct ath5k_key *k,
		     const u8 *mac)
{
	u8 kv[16] = { 0 };
	u32 type, w[5];

	if (idx >= ATH5K_KEYCACHE_SIZE || k->len > sizeof(kv))
		return -EINVAL;
	/* AR5210: no hardware crypto from us, mac80211 seals the frames */
	if (!(ah->caps & ATH5K_CAP_HW_CRYPTO))
		return -EOPNOTSUPP;

	switch (k->cipher) {
	case ATH5K_CIPHER_WEP40:
		type = KEY_TYPE_WEP40;
		break;
	case ATH5K_CIPHER_WEP104:
		type = KEY_TYPE_WEP104;
		break;
	case ATH5K_CIPHER_TKIP:
		if (idx + TKIP_MIC_OFFSET >= ATH5K_KEYCACHE_SIZE)
			return -EINVAL;
		type = KEY_TYPE_TKIP;
		break;
	case ATH5K_CIPHER_CCMP:
		if (!ath5k_hw_has_aes(ah))
			return -EOPNOTSUPP;
		type = KEY_TYPE_CCM;
		break;
	default:
		return -EOPNOTSUPP;
	}

	memcpy(kv, k->key, k->len);
	w[0] = get_unaligned_le32(kv);
	w[1] = get_unaligned_le16(kv + 4);
	w[2] = get_unaligned_le32(kv + 6);
	w[3] = get_unaligned_le16(kv + 10);
	w[4] = get_unaligned_le32(kv + 12);
	if (k->len <= 13)
		w[4] &= 0xff;	/* WEP: only byte 12 is key */

	if (type == KEY_TYPE_TKIP)
		return ath5k_tkip_key_write(ah, idx, w, k, mac);

	ath5k_pcu_wr(ah, R_KEY(idx, 0), w[0]);
	ath5k_pcu_wr(ah, R_KEY(idx, 1), w[1]);
	ath5k_pcu_wr(ah, R_KEY(idx, 2), w[2]);
	ath5k_pcu_wr(ah, R_KEY(idx, 3), w[3]);
	ath5k_pcu_wr(ah, R_KEY(idx, 4), w[4]);
	ath5k_pcu_wr(ah, R_KEY(idx, KEY_WORD_TYPE), type);
	ath5k_entry_mac_write(ah, idx, mac);
	return 0;
}
