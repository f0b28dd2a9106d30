// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * WEP, TKIP and CCMP as IEEE 802.11 specifies them (see wifi_crypto.h).
 * Library primitives: nettle's ARCFOUR and AES-CCM, zlib's CRC-32.
 */
#include "wifi_crypto.h"

#include <nettle/arcfour.h>
#include <nettle/ccm.h>
#include <string.h>
#include <zlib.h>

#define FC_TYPE_MASK		0x0c
#define FC_TYPE_MGMT		0x00
#define FC_TYPE_DATA		0x08
#define FC_QOS			0x80	/* subtype bit of QoS data */
#define FC1_TODS		0x01
#define FC1_FROMDS		0x02

static const char *const cipher_names[WIFI_CIPHERS] = {
	[WIFI_CIPHER_WEP] = "wep",
	[WIFI_CIPHER_TKIP] = "tkip",
	[WIFI_CIPHER_CCMP] = "ccmp",
};

const char *wifi_cipher_name(enum wifi_cipher c)
{
	return (unsigned int)c < WIFI_CIPHERS ? cipher_names[c] : "?";
}

unsigned int wifi_cipher_iv_len(enum wifi_cipher c)
{
	return c == WIFI_CIPHER_WEP ? WIFI_WEP_IV_LEN : WIFI_EXT_IV_LEN;
}

unsigned int wifi_cipher_trailer_len(enum wifi_cipher c)
{
	return c == WIFI_CIPHER_CCMP ? WIFI_CCMP_MIC_LEN : WIFI_WEP_ICV_LEN;
}

static bool is_data(const uint8_t *frame)
{
	return (frame[0] & FC_TYPE_MASK) == FC_TYPE_DATA;
}

static bool is_qos_data(const uint8_t *frame)
{
	return is_data(frame) && (frame[0] & FC_QOS);
}

static bool has_addr4(const uint8_t *frame)
{
	return is_data(frame) && (frame[1] & (FC1_TODS | FC1_FROMDS)) ==
				 (FC1_TODS | FC1_FROMDS);
}

unsigned int wifi_header_len(const uint8_t *frame)
{
	return 24 + (has_addr4(frame) ? 6 : 0) + (is_qos_data(frame) ? 2 : 0);
}

unsigned int wifi_tid(const uint8_t *frame)
{
	if (!is_qos_data(frame))
		return 0;
	return frame[wifi_header_len(frame) - 2] & 0x0f;
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

uint32_t wifi_icv(const uint8_t *data, size_t len)
{
	return (uint32_t)crc32(crc32(0L, Z_NULL, 0), data, (uInt)len);
}

/* ---- WEP ----------------------------------------------------------------- */

void wep_seal(const uint8_t *rc4_key, size_t key_len, uint8_t *data, size_t len)
{
	struct arcfour_ctx rc4;

	put_le32(data + len, wifi_icv(data, len));
	arcfour_set_key(&rc4, key_len, rc4_key);
	arcfour_crypt(&rc4, len + WIFI_WEP_ICV_LEN, data, data);
}

bool wep_open(const uint8_t *rc4_key, size_t key_len, uint8_t *data, size_t len)
{
	struct arcfour_ctx rc4;

	if (len < WIFI_WEP_ICV_LEN)
		return false;
	arcfour_set_key(&rc4, key_len, rc4_key);
	arcfour_crypt(&rc4, len, data, data);
	len -= WIFI_WEP_ICV_LEN;
	return get_le32(data + len) == wifi_icv(data, len);
}

/* ---- TKIP key mixing ----------------------------------------------------- */

static uint8_t gf_double(uint8_t a)
{
	return (uint8_t)(a << 1 ^ ((a & 0x80) ? 0x1b : 0));
}

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
	uint8_t p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = gf_double(a);
		b >>= 1;
	}
	return p;
}

static uint8_t rotl8(uint8_t v, unsigned int n)
{
	return (uint8_t)(v << n | v >> (8 - n));
}

/* The AES S-box: the inverse in GF(2^8), then the affine map. */
static uint8_t aes_sbox(uint8_t x)
{
	uint8_t inv = 1, base = x;

	/* x^254 is x's inverse (0 stays 0). */
	for (unsigned int e = 254; e; e >>= 1) {
		if (e & 1)
			inv = gf_mul(inv, base);
		base = gf_mul(base, base);
	}
	if (!x)
		inv = 0;
	return inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63;
}

/*
 * TKIP's 16-bit S-box: entry i holds 2*S[i] in the high byte and 3*S[i]
 * in the low byte (S the AES S-box); a 16-bit input is substituted by
 * the entry of its low byte XOR the byte-swapped entry of its high byte.
 */
static uint16_t tkip_sbox_table[256];

static uint16_t tkip_s(uint16_t v)
{
	uint16_t lo, hi;

	if (!tkip_sbox_table[0]) {
		for (unsigned int i = 0; i < 256; i++) {
			uint8_t s = aes_sbox((uint8_t)i);

			tkip_sbox_table[i] = (uint16_t)(gf_double(s) << 8 |
							(gf_double(s) ^ s));
		}
	}
	lo = tkip_sbox_table[v & 0xff];
	hi = tkip_sbox_table[v >> 8];
	return lo ^ (uint16_t)(hi << 8 | hi >> 8);
}

static uint16_t mk16(uint8_t hi, uint8_t lo)
{
	return (uint16_t)(hi << 8 | lo);
}

static uint16_t rotr1(uint16_t v)
{
	return (uint16_t)(v >> 1 | v << 15);
}

void tkip_phase1(const uint8_t tk[WIFI_TK_LEN], const uint8_t ta[6],
		 uint32_t iv32, uint16_t ttak[5])
{
	ttak[0] = (uint16_t)iv32;
	ttak[1] = (uint16_t)(iv32 >> 16);
	ttak[2] = mk16(ta[1], ta[0]);
	ttak[3] = mk16(ta[3], ta[2]);
	ttak[4] = mk16(ta[5], ta[4]);
	for (unsigned int i = 0; i < 8; i++) {
		unsigned int j = 2 * (i & 1);

		ttak[0] += tkip_s(ttak[4] ^ mk16(tk[1 + j], tk[0 + j]));
		ttak[1] += tkip_s(ttak[0] ^ mk16(tk[5 + j], tk[4 + j]));
		ttak[2] += tkip_s(ttak[1] ^ mk16(tk[9 + j], tk[8 + j]));
		ttak[3] += tkip_s(ttak[2] ^ mk16(tk[13 + j], tk[12 + j]));
		ttak[4] += (uint16_t)(tkip_s(ttak[3] ^ mk16(tk[1 + j], tk[0 + j])) + i);
	}
}

void tkip_phase2(const uint16_t ttak[5], const uint8_t tk[WIFI_TK_LEN],
		 uint16_t iv16, uint8_t rc4_key[16])
{
	uint16_t ppk[6];

	memcpy(ppk, ttak, 5 * sizeof(ppk[0]));
	ppk[5] = (uint16_t)(ttak[4] + iv16);
	/* six S-box rounds, keyed by TK bytes 0..11 */
	for (unsigned int i = 0; i < 6; i++)
		ppk[i] += tkip_s(ppk[(i + 5) % 6] ^ mk16(tk[2 * i + 1], tk[2 * i]));
	/* six rotate rounds, the first two keyed by TK bytes 12..15 */
	ppk[0] += rotr1(ppk[5] ^ mk16(tk[13], tk[12]));
	ppk[1] += rotr1(ppk[0] ^ mk16(tk[15], tk[14]));
	for (unsigned int i = 2; i < 6; i++)
		ppk[i] += rotr1(ppk[i - 1]);
	rc4_key[0] = (uint8_t)(iv16 >> 8);
	rc4_key[1] = (uint8_t)(((iv16 >> 8) | 0x20) & 0x7f);
	rc4_key[2] = (uint8_t)iv16;
	rc4_key[3] = (uint8_t)((ppk[5] ^ mk16(tk[1], tk[0])) >> 1);
	for (unsigned int i = 0; i < 6; i++) {
		rc4_key[4 + 2 * i] = (uint8_t)ppk[i];
		rc4_key[5 + 2 * i] = (uint8_t)(ppk[i] >> 8);
	}
}

/* ---- Michael ------------------------------------------------------------- */

struct michael_state {
	uint32_t l, r;
	uint8_t word[4];
	size_t fill;
};

static uint32_t rotl32(uint32_t v, unsigned int n)
{
	return v << n | v >> (32 - n);
}

static void michael_block(struct michael_state *m, uint32_t w)
{
	uint32_t l = m->l ^ w, r = m->r;

	r ^= rotl32(l, 17);
	l += r;
	r ^= ((l & 0xff00ff00u) >> 8) | ((l & 0x00ff00ffu) << 8);
	l += r;
	r ^= rotl32(l, 3);
	l += r;
	r ^= rotl32(l, 30);
	l += r;
	m->l = l;
	m->r = r;
}

static void michael_init(struct michael_state *m, const uint8_t key[8])
{
	m->l = get_le32(key);
	m->r = get_le32(key + 4);
	m->fill = 0;
}

static void michael_update(struct michael_state *m, const uint8_t *data, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		m->word[m->fill++] = data[i];
		if (m->fill == 4) {
			michael_block(m, get_le32(m->word));
			m->fill = 0;
		}
	}
}

/* Pads with 0x5a and 4..7 zero bytes to a whole number of words. */
static void michael_final(struct michael_state *m, uint8_t mic[WIFI_MICHAEL_LEN])
{
	static const uint8_t pad[8] = { 0x5a };
	size_t zeros = 4 + (4 - (m->fill + 1) % 4) % 4;

	michael_update(m, pad, 1 + zeros);
	put_le32(mic, m->l);
	put_le32(mic + 4, m->r);
}

void michael(const uint8_t key[8], const uint8_t *data, size_t len,
	     uint8_t mic[WIFI_MICHAEL_LEN])
{
	struct michael_state m;

	michael_init(&m, key);
	michael_update(&m, data, len);
	michael_final(&m, mic);
}

void michael_msdu(const uint8_t key[8], const uint8_t *hdr, const uint8_t *body,
		  size_t len, uint8_t mic[WIFI_MICHAEL_LEN])
{
	const uint8_t *a1 = hdr + 4, *a2 = hdr + 10, *a3 = hdr + 16, *a4 = hdr + 24;
	const uint8_t *da, *sa;
	uint8_t head[16] = { 0 };
	struct michael_state m;

	switch (hdr[1] & (FC1_TODS | FC1_FROMDS)) {
	case 0:
		da = a1;
		sa = a2;
		break;
	case FC1_FROMDS:
		da = a1;
		sa = a3;
		break;
	case FC1_TODS:
		da = a3;
		sa = a2;
		break;
	default:
		da = a3;
		sa = a4;
		break;
	}
	memcpy(head, da, 6);
	memcpy(head + 6, sa, 6);
	head[12] = (uint8_t)wifi_tid(hdr);
	michael_init(&m, key);
	michael_update(&m, head, sizeof(head));
	michael_update(&m, body, len);
	michael_final(&m, mic);
}

/* ---- CCMP ---------------------------------------------------------------- */

void ccmp_nonce(const uint8_t *hdr, const uint8_t *ccmp_hdr, uint8_t nonce[13])
{
	bool mgmt = (hdr[0] & FC_TYPE_MASK) == FC_TYPE_MGMT;

	nonce[0] = (uint8_t)(wifi_tid(hdr) | (mgmt ? 0x10 : 0));
	memcpy(nonce + 1, hdr + 10, 6);
	/* PN5 first: the CCMP header holds PN0 PN1 - - PN2 PN3 PN4 PN5 */
	nonce[7] = ccmp_hdr[7];
	nonce[8] = ccmp_hdr[6];
	nonce[9] = ccmp_hdr[5];
	nonce[10] = ccmp_hdr[4];
	nonce[11] = ccmp_hdr[1];
	nonce[12] = ccmp_hdr[0];
}

size_t ccmp_aad(const uint8_t *hdr, uint8_t aad[32])
{
	uint8_t fc0 = hdr[0], fc1 = hdr[1];
	size_t n = 0;

	/* Retry, PwrMgt and MoreData masked; Protected set */
	fc1 = (uint8_t)((fc1 & ~(0x08 | 0x10 | 0x20)) | 0x40);
	if ((fc0 & FC_TYPE_MASK) != FC_TYPE_MGMT)
		fc0 &= (uint8_t)~0x70;		/* subtype bits 4..6 of data */
	if (is_qos_data(hdr))
		fc1 &= (uint8_t)~0x80;		/* Order */
	aad[n++] = fc0;
	aad[n++] = fc1;
	memcpy(aad + n, hdr + 4, 18);		/* A1, A2, A3 */
	n += 18;
	aad[n++] = hdr[22] & 0x0f;		/* fragment number only */
	aad[n++] = 0;
	if (has_addr4(hdr)) {
		memcpy(aad + n, hdr + 24, 6);
		n += 6;
	}
	if (is_qos_data(hdr)) {
		aad[n++] = (uint8_t)wifi_tid(hdr);
		aad[n++] = 0;
	}
	return n;
}

/* ---- frames -------------------------------------------------------------- */

/* Body offset and length; false when the frame cannot hold the cipher. */
static bool frame_layout(enum wifi_cipher c, const uint8_t *frame, size_t len,
			 size_t *body, size_t *body_len)
{
	size_t hdr, overhead;

	if (len < 24 || (unsigned int)c >= WIFI_CIPHERS)
		return false;
	hdr = wifi_header_len(frame);
	overhead = hdr + wifi_cipher_iv_len(c) + wifi_cipher_trailer_len(c);
	if (len < overhead)
		return false;
	*body = hdr + wifi_cipher_iv_len(c);
	*body_len = len - overhead;
	return true;
}

/* The RC4 key of a WEP or TKIP frame. */
static size_t rc4_key_of(enum wifi_cipher c, const uint8_t *key, size_t key_len,
			 const uint8_t *frame, uint8_t out[32])
{
	const uint8_t *iv = frame + wifi_header_len(frame);
	uint16_t ttak[5];

	if (c == WIFI_CIPHER_WEP) {
		if (key_len > 29)
			key_len = 29;
		memcpy(out, iv, 3);
		memcpy(out + 3, key, key_len);
		return 3 + key_len;
	}
	/* TKIP: TSC1 TSC0 in IV bytes 0 and 2, TSC2..5 in bytes 4..7 */
	tkip_phase1(key, frame + 10, get_le32(iv + 4), ttak);
	tkip_phase2(ttak, key, (uint16_t)(iv[0] << 8 | iv[2]), out);
	return 16;
}

static bool key_fits(enum wifi_cipher c, size_t key_len)
{
	if (c == WIFI_CIPHER_WEP)
		return key_len >= 1;
	return key_len >= WIFI_TK_LEN;
}

bool wifi_seal(enum wifi_cipher c, const uint8_t *key, size_t key_len,
	       uint8_t *frame, size_t len)
{
	static uint8_t out[4096 + WIFI_CCMP_MIC_LEN];
	size_t body, body_len;
	uint8_t k[32], nonce[13], aad[32];
	struct ccm_aes128_ctx ccm;

	if (!key_fits(c, key_len) || !frame_layout(c, frame, len, &body, &body_len))
		return false;
	if (c != WIFI_CIPHER_CCMP) {
		size_t n = rc4_key_of(c, key, key_len, frame, k);

		wep_seal(k, n, frame + body, body_len);
		return true;
	}
	if (body_len > sizeof(out) - WIFI_CCMP_MIC_LEN)
		return false;
	ccmp_nonce(frame, frame + body - WIFI_EXT_IV_LEN, nonce);
	ccm_aes128_set_key(&ccm, key);
	ccm_aes128_encrypt_message(&ccm, sizeof(nonce), nonce, ccmp_aad(frame, aad), aad,
				   WIFI_CCMP_MIC_LEN, body_len + WIFI_CCMP_MIC_LEN, out,
				   frame + body);
	memcpy(frame + body, out, body_len + WIFI_CCMP_MIC_LEN);
	return true;
}

enum wifi_open_result wifi_open(enum wifi_cipher c, const uint8_t *key,
				size_t key_len, uint8_t *frame, size_t len)
{
	static uint8_t out[4096 + WIFI_CCMP_MIC_LEN];
	size_t body, body_len;
	uint8_t k[32], nonce[13], aad[32];
	struct ccm_aes128_ctx ccm;
	int ok;

	if (!key_fits(c, key_len) || !frame_layout(c, frame, len, &body, &body_len) ||
	    body_len > sizeof(out) - WIFI_CCMP_MIC_LEN)
		return WIFI_OPEN_SHORT;
	if (c != WIFI_CIPHER_CCMP) {
		size_t n = rc4_key_of(c, key, key_len, frame, k);

		memcpy(out, frame + body, body_len + WIFI_WEP_ICV_LEN);
		if (!wep_open(k, n, out, body_len + WIFI_WEP_ICV_LEN))
			return WIFI_OPEN_BAD;
		memcpy(frame + body, out, body_len + WIFI_WEP_ICV_LEN);
		return WIFI_OPEN_OK;
	}
	ccmp_nonce(frame, frame + body - WIFI_EXT_IV_LEN, nonce);
	ccm_aes128_set_key(&ccm, key);
	ok = ccm_aes128_decrypt_message(&ccm, sizeof(nonce), nonce, ccmp_aad(frame, aad),
					aad, WIFI_CCMP_MIC_LEN, body_len, out, frame + body);
	if (!ok)
		return WIFI_OPEN_BAD;
	memcpy(frame + body, out, body_len);
	return WIFI_OPEN_OK;
}
