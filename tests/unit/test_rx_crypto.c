// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Protected frames through the RX path (src/rx.c under the NAPI poll of
 * src/napi.c), with hardware crypto on and the peer's pairwise key in
 * the key cache.  The AR5212's key cache predates 802.11w: a management
 * frame the peer sealed with CCMP (an SA Query, a protected
 * deauthentication) comes back with a decrypt error and the index of
 * the peer's pairwise entry.  mac80211 must get it, still sealed and not
 * marked decrypted, to open it in software; dropping it breaks PMF
 * (SA Query timeouts, deauthentications never seen).
 *
 * - a protected management frame with a decrypt error and a key index
 *   goes up without RX_FLAG_DECRYPTED;
 * - the same with a key-cache miss (no key index) too;
 * - a protected data frame the key cache opened goes up with it, by key
 *   index, or by the key ID of its IV for a default key;
 * - a frame with a CRC error is still dropped unless FIF_FCSFAIL asks
 *   for it, decrypt error and key index or not.
 *
 * Links: src/rx.c src/napi.c src/desc.c src/desc_2word.c src/frame.c src/keyslot.c
 */
#include <stdio.h>
#include <string.h>

#include "ath5k.h"
#include "check.h"
#include "rx_card.h"
#include "rx_dev.h"
#include "rx_hw_idle.h"

#define HDR_LEN		24
#define CCMP_HDR_LEN	8
#define CCMP_MIC_LEN	8
#define CCMP_EXT_IV	0x20
#define FRAME_MAX	128
/* the flags this test is about; the rest are the RX path's business */
#define RX_CRYPTO_FLAGS	(RX_FLAG_DECRYPTED | RX_FLAG_MMIC_ERROR | \
			 RX_FLAG_FAILED_FCS_CRC)

/* ----- the hardware layer, as far as rx.c uses it ---------------------- */

u64 ath5k_hw_tsf_get(struct ath5k_hw *ah)
{
	return 0x2000000ULL;
}

/* ----- the driver around rx.c, and mac80211, recording ------------------ */

static struct ath5k_dev dev;
static struct ieee80211_hw hw;
static struct device device = { .name = "rx-crypto" };
static struct ieee80211_rate rates[] = {
	{ .bitrate = 10, .hw_value = RATE_1M },
};
static struct ieee80211_channel chan = {
	.band = NL80211_BAND_2GHZ, .center_freq = 2412,
};
static const char our_vif;	/* owner of the keys: any token will do */
static const u8 ap_addr[ETH_ALEN] = { 0x02, 0x00, 0x5e, 0x00, 0x00, 0x01 };
static const u8 sta_addr[ETH_ALEN] = { 0x02, 0x00, 0x5e, 0x00, 0x00, 0x02 };
static const u8 bcast[ETH_ALEN] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static int peer_slot;		/* the key cache entry of the peer's key */

/* what the card received last */
static u8 sent[FRAME_MAX];
static unsigned int sent_len;

/* what mac80211 was handed */
static struct {
	unsigned int count;
	u16 fc;
	u32 flag;
	unsigned int len;
	u8 frame[FRAME_MAX];
} up;

void ath5k_irq_update(struct ath5k_dev *d, u32 release, u32 hold)
{
}

void ath5k_tx_complete(struct ath5k_dev *d)
{
}

bool ath5k_tx_pending(struct ath5k_dev *d)
{
	return false;
}

void ieee80211_rx_napi(struct ieee80211_hw *h, struct ieee80211_sta *sta,
		       struct sk_buff *skb, struct napi_struct *napi)
{
	const struct ieee80211_rx_status *rxs = IEEE80211_SKB_RXCB(skb);
	const struct ieee80211_hdr *hdr = (const void *)skb->data;

	up.count++;
	up.fc = le16_to_cpu(hdr->frame_control);
	up.flag = rxs->flag;
	up.len = skb->len;
	memcpy(up.frame, skb->data, min_t(unsigned int, skb->len, FRAME_MAX));
	dev_kfree_skb_any(skb);
}

/* ----- the air and the card --------------------------------------------- */

/*
 * A frame as its sender sealed it with CCMP: frame control @fc0 @fc1,
 * the CCMP header with key ID @key_id, @body_len bytes of ciphertext,
 * the MIC and the FCS.  Nothing here checks the cipher: only whether the
 * driver hands the frame up, how it marks it, and that it leaves it as
 * it came.
 */
static void seal(u8 fc0, u8 fc1, const u8 *a1, const u8 *a2, const u8 *a3,
		 unsigned int key_id, unsigned int body_len)
{
	u8 *ccmp = sent + HDR_LEN;
	unsigned int i, tail = body_len + CCMP_MIC_LEN + FCS_LEN;

	memset(sent, 0, sizeof(sent));
	sent[0] = fc0;
	sent[1] = fc1;
	memcpy(sent + 4, a1, ETH_ALEN);
	memcpy(sent + 10, a2, ETH_ALEN);
	memcpy(sent + 16, a3, ETH_ALEN);
	ccmp[0] = 0x07;				/* PN 7 */
	ccmp[3] = CCMP_EXT_IV | key_id << 6;
	for (i = 0; i < tail; i++)
		ccmp[CCMP_HDR_LEN + i] = 0xa5 ^ i;
	sent_len = HDR_LEN + CCMP_HDR_LEN + tail;
}

/* An SA Query request (category, action, transaction ID), from the AP. */
static void seal_sa_query(void)
{
	seal(0xd0, 0x40, sta_addr, ap_addr, ap_addr, 0, 4);
}

/* A deauthentication (its reason code), from the AP. */
static void seal_deauth(void)
{
	seal(0xc0, 0x40, sta_addr, ap_addr, ap_addr, 0, 2);
}

/*
 * The card receives the sealed frame into the next descriptor, reports
 * @s1, and interrupts; the poll takes that one descriptor.
 */
static void hear(u32 s1)
{
	struct ath5k_buf *bf = rx_ring_nth(&dev, 0);

	memset(&up, 0, sizeof(up));
	memcpy(bf->skb->data, sent, sent_len);
	rx_card_complete(bf, sent_len, s1);
	CHECK_EQ(rx_card_interrupt(&dev), 1);
}

static u32 key_index(int slot)
{
	return RXS1_KEY_VALID | FIELD_PREP(RXS1_KEY_INDEX, slot);
}

/* mac80211 got the frame as sent, with @flags of RX_CRYPTO_FLAGS. */
static void check_up(u32 flags)
{
	CHECK_EQ(up.count, 1);
	if (up.count != 1)
		return;
	CHECK_EQ(up.fc, sent[0] | sent[1] << 8);
	CHECK(up.fc & IEEE80211_FCTL_PROTECTED);
	CHECK_EQ(up.len, sent_len);
	/* the CCMP header and MIC stay for mac80211 to open it */
	CHECK(!memcmp(up.frame, sent, sent_len));
	CHECK_EQ(up.flag & RX_CRYPTO_FLAGS, flags);
}

static void crypto_up(void)
{
	rx_dev_setup(&dev, &hw, &device, &chan, rates, ATH5K_OPMODE_STA,
		     ATH5K_RX_BUFS);
	rx_card_up(&dev);
	/* as probe does when the key cache is used */
	set_bit(ATH5K_HW_CRYPTO, &dev.flags);
	/* the AP's pairwise key, in the entry set_key gives it */
	peer_slot = ath5k_keyslot_get(&dev.keys, ATH5K_KEY_PAIRWISE, 0,
				      &our_vif, false);
	CHECK(peer_slot >= ATH5K_KEYSLOT_DEFAULT);
	CHECK(ath5k_keyslot_used(&dev.keys, peer_slot));
}

/* ----- tests ------------------------------------------------------------ */

static void test_pmf_key_index(void)
{
	printf("check: an SA Query the key cache could not open, reported "
	       "with the peer's key index, goes up not decrypted\n");
	crypto_up();
	seal_sa_query();
	hear(RXS1_DECRYPT | key_index(peer_slot));
	check_up(0);

	printf("check: so does a protected deauthentication\n");
	seal_deauth();
	hear(RXS1_DECRYPT | key_index(peer_slot));
	check_up(0);
	rx_card_down(&dev);
}

static void test_pmf_key_miss(void)
{
	printf("check: an SA Query with a decrypt error and a key-cache "
	       "miss goes up not decrypted\n");
	crypto_up();
	seal_sa_query();
	hear(RXS1_DECRYPT | RXS1_KEY_MISS);
	check_up(0);
	rx_card_down(&dev);
}

static void test_opened_by_key_cache(void)
{
	int group_slot;

	printf("check: a protected data frame the key cache opened with the "
	       "peer's key goes up decrypted\n");
	crypto_up();
	seal(0x08, 0x42, sta_addr, ap_addr, ap_addr, 0, 16);	/* FromDS */
	hear(RXS1_OK | key_index(peer_slot));
	check_up(RX_FLAG_DECRYPTED);

	printf("check: so does a group frame opened by a default key, which "
	       "the card reports by the key ID of its IV only\n");
	group_slot = ath5k_keyslot_get(&dev.keys, ATH5K_KEY_GROUP_RX, 1,
				       &our_vif, false);
	CHECK_EQ(group_slot, 1);
	seal(0x08, 0x42, bcast, ap_addr, ap_addr, 1, 16);
	hear(RXS1_OK);
	check_up(RX_FLAG_DECRYPTED);

	printf("check: without hardware crypto nothing is marked decrypted\n");
	clear_bit(ATH5K_HW_CRYPTO, &dev.flags);
	seal(0x08, 0x42, sta_addr, ap_addr, ap_addr, 0, 16);
	hear(RXS1_OK | key_index(peer_slot));
	check_up(0);
	rx_card_down(&dev);
}

static void test_crc_error(void)
{
	printf("check: a frame with a CRC error is dropped\n");
	crypto_up();
	seal(0x08, 0x42, sta_addr, ap_addr, ap_addr, 0, 16);
	hear(RXS1_CRC | key_index(peer_slot));
	CHECK_EQ(up.count, 0);

	printf("check: with a decrypt error and a key index as well, too\n");
	seal_sa_query();
	hear(RXS1_CRC | RXS1_DECRYPT | key_index(peer_slot));
	CHECK_EQ(up.count, 0);

	printf("check: with FIF_FCSFAIL it goes up, marked bad, not "
	       "decrypted\n");
	dev.filter_flags |= FIF_FCSFAIL;
	hear(RXS1_CRC | RXS1_DECRYPT | key_index(peer_slot));
	check_up(RX_FLAG_FAILED_FCS_CRC);
	rx_card_down(&dev);
}

int main(void)
{
	/* each failure right under the case it belongs to */
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_pmf_key_index();
	test_pmf_key_miss();
	test_opened_by_key_cache();
	test_crc_error();
	return check_done("test_rx_crypto");
}
