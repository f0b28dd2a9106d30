// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The key cache and the crypto engine of the AR5212 family.
 *
 * 128 entries of eight registers at 0x8800 + 32 * n (ath/key.c): KEY0
 * (key bytes 0-3), KEY1 (4-5), KEY2 (6-9), KEY3 (10-11), KEY4 (12-15),
 * TYPE (0 WEP-40, 1 WEP-104, 3 WEP-128, 4 TKIP, 5 AES-OCB, 6 AES-CCM,
 * 7 clear), MAC0/MAC1 (the address shifted right by one; MAC1 bit 15
 * says it is a unicast peer's).  A TKIP entry's Michael key sits in the
 * entry 64 above: KEY0 bytes 0-3, KEY2 bytes 4-7 hold the receive key in
 * both the combined (AR2414 and later) and the split layout, so the
 * engine reads it there either way.  The registers stay plain storage;
 * this file reads them when a frame needs a key.
 *
 * TX: a descriptor with the key-valid bit names an entry; the frame
 * carries the IV/CCMP header mac80211 wrote (the drivers ask it to
 * generate the IV, and the Michael MIC for TKIP) and the ICV/MIC room
 * the driver counted in the frame length; the engine encrypts the body
 * and fills the ICV or CCM MIC.
 *
 * RX: a protected frame is opened with the entry whose address is the
 * transmitter's (unicast-flagged entries for unicast frames, the others
 * for group frames), reported with key-index-valid and the index; else
 * with the default key of the frame's key id in entries 0-3, reported
 * without an index (the in-tree driver notes the hardware does not give
 * it, base.c ath5k_rx_decrypted); either way a protected frame whose
 * transmitter no entry holds gets the key-cache-miss bit (status 1 bit
 * 31, desc.h KEY_CACHE_MISS).  A clear or unusable entry leaves the
 * frame as it came (a key-cache miss: no error, no index).  A wrong ICV or
 * CCM MIC sets the decrypt-CRC error and leaves the ciphertext; a wrong
 * TKIP Michael MIC (unfragmented data) sets the MIC error with the frame
 * decrypted.  Neither strips IV, MIC or ICV: the drivers do not ask.
 *
 * The counts also note 802.11w management frames both ways, whoever
 * sealed them: unicast ones with the Protected bit, and group ones whose
 * body ends in a BIP Management MIC element (mac80211 computes BIP, the
 * engine has no such cipher).
 */
#include "card_model.h"

#include <stdio.h>
#include <string.h>

#define KEY_REG(n, off)		(REG_KEYCACHE + 32 * (n) + (off))
#define KEY_TYPE		20
#define KEY_MAC0		24
#define KEY_MAC1		28
#define  KEY_MAC1_UNICAST	0x00008000
#define  KEY_MAC1_HIGH		0x00007fff
#define KEY_TYPE_WEP40		0
#define KEY_TYPE_WEP104		1
#define KEY_TYPE_WEP128		3
#define KEY_TYPE_TKIP		4
#define KEY_TYPE_CCM		6
#define KEY_TYPE_MASK		0x7
#define MIC_ENTRY_OFFSET	64
#define DEFAULT_KEYS		4

#define RX_ST1_DECRYPT_CRC	0x00000008
#define RX_ST1_MIC		0x00000020
#define RX_ST1_KEY_VALID	0x00000100
#define RX_ST1_KEY_SHIFT	9
#define RX_ST1_KEY_MISS		0x80000000

#define FC1_MORE_FRAGS		0x04
#define FC1_PROTECTED		0x40
#define FC0_BEACON		0x80
#define EID_MME			76	/* Management MIC element (BIP) */
#define LOG_INTERVAL_US		10000000u

struct key_entry {
	enum wifi_cipher cipher;
	bool usable;			/* a cipher the engine runs */
	uint8_t key[16];
	size_t len;
};

static void read_key(const struct card *card, unsigned int n, struct key_entry *k)
{
	uint32_t w[5];

	for (unsigned int i = 0; i < 5; i++)
		w[i] = card_reg(card, KEY_REG(n, 4 * i));
	/* 32, 16, 32, 16, 32 bits: the layout ath_hw_set_keycache_entry writes */
	for (unsigned int i = 0; i < 4; i++) {
		k->key[i] = (uint8_t)(w[0] >> (8 * i));
		k->key[6 + i] = (uint8_t)(w[2] >> (8 * i));
		k->key[12 + i] = (uint8_t)(w[4] >> (8 * i));
	}
	for (unsigned int i = 0; i < 2; i++) {
		k->key[4 + i] = (uint8_t)(w[1] >> (8 * i));
		k->key[10 + i] = (uint8_t)(w[3] >> (8 * i));
	}
	k->usable = true;
	switch (card_reg(card, KEY_REG(n, KEY_TYPE)) & KEY_TYPE_MASK) {
	case KEY_TYPE_WEP40:
		k->cipher = WIFI_CIPHER_WEP;
		k->len = 5;
		break;
	case KEY_TYPE_WEP104:
		k->cipher = WIFI_CIPHER_WEP;
		k->len = 13;
		break;
	case KEY_TYPE_WEP128:
		k->cipher = WIFI_CIPHER_WEP;
		k->len = 16;
		break;
	case KEY_TYPE_TKIP:
		k->cipher = WIFI_CIPHER_TKIP;
		k->len = 16;
		break;
	case KEY_TYPE_CCM:
		/* an EEPROM that disables AES fuses the CCM unit off */
		k->cipher = WIFI_CIPHER_CCMP;
		k->len = 16;
		k->usable = !card->aes_fused_off;
		break;
	default:			/* clear, AES-OCB, reserved */
		k->usable = false;
		break;
	}
}

/* Michael receive key of entry n: KEY0 and KEY2 of entry n + 64. */
static bool read_mic_key(const struct card *card, unsigned int n, uint8_t mic[8])
{
	uint32_t lo, hi;

	if (n + MIC_ENTRY_OFFSET >= CARD_KEYS)
		return false;
	lo = card_reg(card, KEY_REG(n + MIC_ENTRY_OFFSET, 0));
	hi = card_reg(card, KEY_REG(n + MIC_ENTRY_OFFSET, 8));
	for (unsigned int i = 0; i < 4; i++) {
		mic[i] = (uint8_t)(lo >> (8 * i));
		mic[4 + i] = (uint8_t)(hi >> (8 * i));
	}
	return true;
}

/* An address as the MAC registers hold it: 47 bits, the group bit gone. */
static uint64_t stored_address(const uint8_t *mac)
{
	uint64_t v = 0;

	for (int i = 5; i >= 0; i--)
		v = v << 8 | mac[i];
	return v >> 1;
}

/* The entry holding addr with the unicast flag as given, or -1. */
static int find_address(const struct card *card, const uint8_t *addr, bool unicast)
{
	uint64_t want = stored_address(addr);

	for (unsigned int n = 0; n < CARD_KEYS; n++) {
		uint32_t mac1 = card_reg(card, KEY_REG(n, KEY_MAC1));
		uint64_t have = (uint64_t)(mac1 & KEY_MAC1_HIGH) << 32 |
				card_reg(card, KEY_REG(n, KEY_MAC0));

		if (have && have == want && !!(mac1 & KEY_MAC1_UNICAST) == unicast)
			return (int)n;
	}
	return -1;
}

/* A usable pairwise key for peer (the frames to or from it must be sealed). */
static bool peer_has_key(const struct card *card, const uint8_t *peer)
{
	struct key_entry k;
	int n;

	if (peer[0] & 1)
		return false;
	n = find_address(card, peer, true);
	if (n < 0)
		return false;
	read_key(card, (unsigned int)n, &k);
	return k.usable;
}

/* Data frames that carry an MSDU other than EAPOL (which may go in clear). */
static bool carries_data(const struct air_frame *f, size_t len)
{
	static const uint8_t eapol[8] = { 0xaa, 0xaa, 0x03, 0, 0, 0, 0x88, 0x8e };
	unsigned int hdr;

	if (len < 24 || (f->data[0] & 0x0c) != 0x08 || (f->data[0] & 0x40))
		return false;		/* not data, or a null (no-data) subtype */
	hdr = wifi_header_len(f->data);
	return !(len >= hdr + sizeof(eapol) && !memcmp(f->data + hdr, eapol, sizeof(eapol)));
}

static bool is_data_or_mgmt(const struct air_frame *f, size_t len)
{
	unsigned int type = f->data[0] & 0x0c;

	return len >= 24 && (type == 0x00 || type == 0x08);
}

/*
 * What a management frame (len bytes, no FCS) shows of 802.11w: the
 * Protected bit on a unicast one, or a BIP Management MIC element
 * ending the clear body of a group one: length 16 (8-byte MIC) or 24
 * (16-byte MIC), and 32, which no cipher uses, taken as well.  Beacons
 * are left out: beacon protection puts the element in every one, which
 * would bury the rare group deauth.
 */
static enum mgmt_protection classify_mgmt(const uint8_t *d, size_t len)
{
	static const unsigned int mme_len[] = { 16, 24, 32 };

	if (len < 24 || (d[0] & 0x0c))
		return MGMT_UNPROTECTED;
	if (!(d[4] & 1))
		return (d[1] & FC1_PROTECTED) ? MGMT_PROTECTED : MGMT_UNPROTECTED;
	if (d[0] == FC0_BEACON || (d[1] & FC1_PROTECTED))
		return MGMT_UNPROTECTED;
	for (unsigned int i = 0; i < sizeof(mme_len) / sizeof(mme_len[0]); i++) {
		size_t at;

		if (len < 24 + 2 + mme_len[i])
			continue;
		at = len - 2 - mme_len[i];
		if (d[at] == EID_MME && d[at + 1] == mme_len[i])
			return MGMT_BIP;
	}
	return MGMT_UNPROTECTED;
}

static void count_mgmt(unsigned long *protected, unsigned long *bip,
		       enum mgmt_protection m)
{
	if (m == MGMT_PROTECTED)
		(*protected)++;
	else if (m == MGMT_BIP)
		(*bip)++;
}

void keycache_transmit(struct card *card, struct air_frame *f, bool key_valid,
		       unsigned int index, bool count)
{
	struct crypto_stats *s = &card->crypto;
	struct key_entry k;

	if (!is_data_or_mgmt(f, f->len))
		return;
	/* Before sealing: an MME is looked for in the clear body. */
	if (count)
		count_mgmt(&s->tx_mgmt_protected, &s->tx_mgmt_bip,
			   classify_mgmt(f->data, f->len));
	if (!key_valid) {
		if (!count)
			return;
		if (f->data[1] & FC1_PROTECTED)
			s->tx_sw++;
		else if (carries_data(f, f->len) && peer_has_key(card, f->data + 4))
			s->tx_plain_keyed++;
		return;
	}
	read_key(card, index % CARD_KEYS, &k);
	if (!k.usable || !wifi_seal(k.cipher, k.key, k.len, f->data, f->len)) {
		if (count)
			s->tx_clear++;
		return;
	}
	if (count)
		s->tx[k.cipher]++;
}

void keycache_receive(struct card *card, const struct air_frame *f,
		      struct air_frame *out, struct rx_crypto *res)
{
	size_t len = f->len >= 4 ? f->len - 4 : 0;	/* without the FCS */
	bool by_address;
	struct key_entry k;
	unsigned int hdr;
	int n;

	memset(res, 0, sizeof(*res));
	if (f->fcs_bad || !is_data_or_mgmt(f, len))
		return;
	res->mgmt = classify_mgmt(f->data, len);
	if (!(f->data[1] & FC1_PROTECTED)) {
		if (carries_data(f, len) && peer_has_key(card, f->data + 10))
			res->outcome = RX_CRYPTO_PLAIN_KEYED;
		return;
	}
	res->outcome = RX_CRYPTO_MISS;
	hdr = wifi_header_len(f->data);
	if (len < hdr + WIFI_WEP_IV_LEN)
		return;
	n = find_address(card, f->data + 10, !(f->data[4] & 1));
	by_address = n >= 0;
	if (!by_address) {
		/* no entry holds the transmitter: the key-cache-miss bit */
		res->status1 = RX_ST1_KEY_MISS;
		n = f->data[hdr + 3] >> 6 & (DEFAULT_KEYS - 1);
	}
	read_key(card, (unsigned int)n, &k);
	if (!k.usable)
		return;
	res->cipher = k.cipher;
	if (by_address)
		res->status1 = RX_ST1_KEY_VALID | (uint32_t)n << RX_ST1_KEY_SHIFT;
	memcpy(out, f, offsetof(struct air_frame, data) + f->len);
	/*
	 * The engine predates management frame protection: it opens only
	 * WEP management frames (shared-key authentication); a TKIP/CCMP
	 * one fails like a wrong key and goes up as it came.
	 */
	if ((f->data[0] & 0x0c) != 0x08 && k.cipher != WIFI_CIPHER_WEP) {
		res->outcome = RX_CRYPTO_ICV_FAIL;
		res->status1 |= RX_ST1_DECRYPT_CRC;
		return;
	}
	if (wifi_open(k.cipher, k.key, k.len, out->data, len) != WIFI_OPEN_OK) {
		res->outcome = RX_CRYPTO_ICV_FAIL;
		res->status1 |= RX_ST1_DECRYPT_CRC;
		return;
	}
	res->outcome = RX_CRYPTO_OK;
	/* Michael covers a whole MSDU: only unfragmented data can be checked. */
	if (k.cipher == WIFI_CIPHER_TKIP && (f->data[0] & 0x0c) == 0x08 &&
	    !(f->data[1] & FC1_MORE_FRAGS) && !(f->data[22] & 0x0f)) {
		size_t body = hdr + WIFI_EXT_IV_LEN;
		size_t overhead = body + WIFI_MICHAEL_LEN + WIFI_WEP_ICV_LEN;
		uint8_t mic_key[8], mic[WIFI_MICHAEL_LEN];

		if (len < overhead || !read_mic_key(card, (unsigned int)n, mic_key))
			return;
		michael_msdu(mic_key, out->data, out->data + body, len - overhead, mic);
		if (memcmp(mic, out->data + len - WIFI_WEP_ICV_LEN - WIFI_MICHAEL_LEN,
			   sizeof(mic))) {
			res->outcome = RX_CRYPTO_MIC_FAIL;
			res->status1 |= RX_ST1_MIC;
		}
	}
}

void keycache_count_rx(struct card *card, const struct rx_crypto *res)
{
	struct crypto_stats *s = &card->crypto;

	count_mgmt(&s->rx_mgmt_protected, &s->rx_mgmt_bip, res->mgmt);
	switch (res->outcome) {
	case RX_CRYPTO_NONE:
		break;
	case RX_CRYPTO_PLAIN_KEYED:
		s->rx_plain_keyed++;
		break;
	case RX_CRYPTO_MISS:
		s->rx_miss++;
		break;
	case RX_CRYPTO_OK:
		s->rx[res->cipher]++;
		break;
	case RX_CRYPTO_ICV_FAIL:
		s->rx_icv_fail++;
		break;
	case RX_CRYPTO_MIC_FAIL:
		s->rx_mic_fail++;
		break;
	}
}

static unsigned long stats_total(const struct crypto_stats *s)
{
	unsigned long t = s->tx_clear + s->tx_sw + s->tx_plain_keyed + s->rx_miss +
			  s->rx_icv_fail + s->rx_mic_fail + s->rx_plain_keyed +
			  s->tx_mgmt_protected + s->tx_mgmt_bip +
			  s->rx_mgmt_protected + s->rx_mgmt_bip;

	for (unsigned int c = 0; c < WIFI_CIPHERS; c++)
		t += s->tx[c] + s->rx[c];
	return t;
}

void card_crypto_summary(const struct card *card, char *buf, size_t len)
{
	const struct crypto_stats *s = &card->crypto;

	snprintf(buf, len,
		 "tx wep=%lu tkip=%lu ccmp=%lu clear=%lu sw=%lu plain-keyed=%lu "
		 "mgmt-protected=%lu mgmt-bip=%lu; "
		 "rx wep=%lu tkip=%lu ccmp=%lu miss=%lu icv-fail=%lu mic-fail=%lu plain-keyed=%lu "
		 "mgmt-protected=%lu mgmt-bip=%lu",
		 s->tx[WIFI_CIPHER_WEP], s->tx[WIFI_CIPHER_TKIP], s->tx[WIFI_CIPHER_CCMP],
		 s->tx_clear, s->tx_sw, s->tx_plain_keyed, s->tx_mgmt_protected,
		 s->tx_mgmt_bip, s->rx[WIFI_CIPHER_WEP], s->rx[WIFI_CIPHER_TKIP],
		 s->rx[WIFI_CIPHER_CCMP], s->rx_miss, s->rx_icv_fail, s->rx_mic_fail,
		 s->rx_plain_keyed, s->rx_mgmt_protected, s->rx_mgmt_bip);
}

/*
 * One line every 10 s while the counts move, and always one when the card
 * closes (force), so every card's log ends with its final counts.
 */
void keycache_log(struct card *card, bool force)
{
	struct crypto_stats *s = &card->crypto;
	unsigned long total = stats_total(s);
	uint64_t now = card_now(card);
	/* card_logf's line is too short for the largest counts: built here */
	char line[sizeof(card->cfg.name) + 16 + CARD_CRYPTO_LINE_MAX];
	int n;

	if (!force && (total == s->logged || now - s->logged_at < LOG_INTERVAL_US))
		return;
	s->logged = total;
	s->logged_at = now;
	if (!card->ops->log)
		return;
	n = snprintf(line, sizeof(line), "%s: crypto: ", card->cfg.name);
	if (n < 0 || (size_t)n >= sizeof(line))
		return;
	card_crypto_summary(card, line + n, sizeof(line) - (size_t)n);
	card->ops->log(card->host, line);
}
