// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The key cache and crypto engine end to end: keys programmed through the
 * registers the way ath/key.c writes them, frames laid out the way
 * mac80211 hands them to ath5k (IV written, Michael appended for TKIP,
 * ICV/MIC room counted in the frame length), sent with the key index in
 * the descriptor by card A, received by card B with the RX status the
 * hardware writes.  Card C listens promiscuously without keys: what it
 * gets is the ciphertext on the air, which must open with the standard's
 * cipher in software (the interop a nohwcrypt peer relies on).
 */
#include "card_model.h"
#include "fake_host.h"
#include "wifi_crypto.h"

#define TX_DESC		0x1000
#define TX_BUF		0x8000
#define RX_RING		0x40000
#define RX_BUF0		(RX_RING + 0x10000)

#define ST1_OK		0x00000002
#define ST1_DECRYPT	0x00000008
#define ST1_MIC		0x00000020
#define ST1_KEY_VALID	0x00000100
#define ST1_KEY_MISS	0x80000000
#define ST1_ERRORS	(0x4 | ST1_DECRYPT | 0x10 | ST1_MIC)

#define TYPE_WEP104	1
#define TYPE_TKIP	4
#define TYPE_CCM	6
#define TYPE_CLEAR	7

static const uint8_t tk[16] = { 0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78,
				0x87, 0x96, 0xa5, 0xb4, 0xc3, 0xd2, 0xe1, 0xf0 };
static const uint8_t mic_ab[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };	/* A to B */
static const uint8_t mic_ba[8] = { 9, 10, 11, 12, 13, 14, 15, 16 };

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* ath_hw_set_keycache_entry + ath_hw_keysetmac, register by register. */
static void set_key(struct card *c, unsigned int n, unsigned int type,
		    const uint8_t *key, size_t len, const uint8_t *mac)
{
	uint8_t k[16] = { 0 };
	uint32_t base = 0x8800 + 32 * n, lo = 0, hi = 0;

	memcpy(k, key, len);
	wr(c, base + 0, le32(k));
	wr(c, base + 4, (uint32_t)(k[4] | k[5] << 8));
	wr(c, base + 8, le32(k + 6));
	wr(c, base + 12, (uint32_t)(k[10] | k[11] << 8));
	wr(c, base + 16, len <= 13 ? k[12] : le32(k + 12));
	wr(c, base + 20, type);
	if (mac) {
		lo = le32(mac) >> 1 | (uint32_t)(mac[4] & 1) << 31;
		hi = (uint32_t)(mac[4] | mac[5] << 8) >> 1 |
		     ((mac[0] & 1) ? 0 : 0x8000);
	}
	wr(c, base + 24, lo);
	wr(c, base + 28, hi);
}

/* The combined Michael entry at n + 64: RX key in KEY0/KEY2, TX around it. */
static void set_mic(struct card *c, unsigned int n, const uint8_t rx[8],
		    const uint8_t tx[8])
{
	uint32_t base = 0x8800 + 32 * (n + 64);

	wr(c, base + 0, le32(rx));
	wr(c, base + 4, (uint32_t)(tx[2] | tx[3] << 8));
	wr(c, base + 8, le32(rx + 4));
	wr(c, base + 12, (uint32_t)(tx[0] | tx[1] << 8));
	wr(c, base + 16, le32(tx + 4));
	wr(c, base + 20, TYPE_CLEAR);
	wr(c, base + 24, 0);
	wr(c, base + 28, 0);
}

/*
 * Cards A, B, C on air, awake on 2412 MHz (the key cache takes no writes
 * in full sleep), every key entry cleared as ath5k_init does.
 */
static void cards_open(struct air *air, struct test_card *a, struct test_card *b,
		       struct test_card *c)
{
	struct test_card *all[3] = { a, b, c };

	for (unsigned int i = 0; i < 3; i++) {
		test_card_open(all[i], air, i, "airtime=0");
		test_card_up(all[i], 2412, RX_RING, 4);
		for (unsigned int n = 0; n < 128; n++)
			set_key(all[i]->card, n, TYPE_CLEAR, tk, 0, NULL);
	}
}

static void cards_close(struct test_card *a, struct test_card *b, struct test_card *c)
{
	test_card_close(a);
	test_card_close(b);
	test_card_close(c);
}

struct frame {
	uint8_t b[512];		/* as the air carries it, without pad and FCS */
	unsigned int hdr, len;	/* len: header .. end of the ICV/MIC room */
	unsigned int body;	/* offset of the body */
	unsigned int trailer;
};

/* A data frame from src to dst: QoS (tid) when tid >= 0, IV as mac80211 writes it. */
static void make_frame(struct frame *f, const uint8_t *dst, const uint8_t *src,
		       int tid, enum wifi_cipher c, uint8_t keyid, uint64_t pn,
		       unsigned int body_len)
{
	uint8_t *iv;

	memset(f, 0, sizeof(*f));
	f->b[0] = tid >= 0 ? 0x88 : 0x08;
	f->b[1] = 0x42;			/* FromDS, Protected */
	memcpy(f->b + 4, dst, 6);
	memcpy(f->b + 10, src, 6);
	memcpy(f->b + 16, src, 6);
	f->b[22] = 0x50;		/* sequence number 5 */
	f->hdr = 24;
	if (tid >= 0) {
		f->b[24] = (uint8_t)tid;
		f->hdr = 26;
	}
	iv = f->b + f->hdr;
	switch (c) {
	case WIFI_CIPHER_WEP:
		iv[0] = (uint8_t)pn;
		iv[1] = (uint8_t)(pn >> 8);
		iv[2] = (uint8_t)(pn >> 16);
		iv[3] = (uint8_t)(keyid << 6);
		break;
	case WIFI_CIPHER_TKIP:
		iv[0] = (uint8_t)(pn >> 8);
		iv[1] = (uint8_t)(((pn >> 8) | 0x20) & 0x7f);
		iv[2] = (uint8_t)pn;
		iv[3] = (uint8_t)(keyid << 6 | 0x20);
		for (int i = 0; i < 4; i++)
			iv[4 + i] = (uint8_t)(pn >> (16 + 8 * i));
		break;
	default:
		iv[0] = (uint8_t)pn;
		iv[1] = (uint8_t)(pn >> 8);
		iv[3] = (uint8_t)(keyid << 6 | 0x20);
		for (int i = 0; i < 4; i++)
			iv[4 + i] = (uint8_t)(pn >> (16 + 8 * i));
		break;
	}
	f->body = f->hdr + wifi_cipher_iv_len(c);
	for (unsigned int i = 0; i < body_len; i++)
		f->b[f->body + i] = (uint8_t)(0x30 + i);
	f->trailer = wifi_cipher_trailer_len(c);
	f->len = f->body + body_len + f->trailer;
}

/* mac80211's GENERATE_MMIC: Michael over the MSDU, appended to the body. */
static void add_michael(struct frame *f, const uint8_t key[8])
{
	unsigned int body_len = f->len - f->body - f->trailer;

	michael_msdu(key, f->b, f->b + f->body, body_len, f->b + f->body + body_len);
	f->len += WIFI_MICHAEL_LEN;
}

/*
 * ath5k_txbuf_setup: buffer = header, pad, rest as mac80211 left it;
 * frame length = skb + icv_len - pad + FCS; buffer length = skb + icv_len.
 * With a key index the trailer is the engine's (icv_len), without one
 * the frame is sent whole (software crypto put its trailer in the skb).
 */
static void send(struct test_card *a, const struct frame *f, int keyix)
{
	uint8_t *buf = a->fh->mem + TX_BUF;
	unsigned int engine = keyix >= 0 ? f->trailer : 0;
	unsigned int pad = f->hdr & 3, skb = f->len - engine + pad;
	struct tx_setup s = { .buf = TX_BUF, .frame_len = f->len + 4,
			      .buf_len = skb + engine, .intreq = true,
			      .tries = { 1 }, .rates = { 0x0b } };

	memset(buf, 0xee, 0x800);	/* what lies past the skb is not sent */
	memcpy(buf, f->b, f->hdr);
	memset(buf + f->hdr, 0, pad);
	memcpy(buf + f->hdr + pad, f->b + f->hdr, f->len - engine - f->hdr);
	put_tx_desc(a->fh, TX_DESC, &s);
	if (keyix >= 0) {
		fake_put32(a->fh, TX_DESC + 8, fake_get32(a->fh, TX_DESC + 8) | 0x40000000);
		fake_put32(a->fh, TX_DESC + 12, fake_get32(a->fh, TX_DESC + 12) |
			   (uint32_t)keyix << 13);
	}
	wr(a->card, 0x800, TX_DESC);
	wr(a->card, 0x840, 1);
}

static uint32_t rx_st1(struct test_card *tc)
{
	return fake_get32(tc->fh, RX_RING + 20);
}

static unsigned int rx_len(struct test_card *tc)
{
	return fake_get32(tc->fh, RX_RING + 16) & 0xfff;
}

/* The received frame without its pad (and FCS). */
static const uint8_t *rx_frame(struct test_card *tc, const struct frame *f)
{
	static uint8_t out[512];
	const uint8_t *raw = tc->fh->mem + RX_BUF0;
	unsigned int pad = f->hdr & 3;

	memcpy(out, raw, f->hdr);
	memcpy(out + f->hdr, raw + f->hdr + pad, f->len - f->hdr);
	return out;
}

static void rx_fresh(struct test_card *b, struct test_card *c)
{
	test_card_up(b, 2412, RX_RING, 4);
	test_card_up(c, 2412, RX_RING, 4);
	wr(c->card, 0x803c, 0x20 | 0x7);	/* C hears everything */
}

static void test_ccmp_pairwise(struct test_card *a, struct test_card *b,
			       struct test_card *c)
{
	struct frame f, air;
	uint32_t st1;

	printf("CCMP, pairwise, QoS data (padded header), key by address\n");
	set_key(a->card, 10, TYPE_CCM, tk, 16, b->mac);
	set_key(b->card, 12, TYPE_CCM, tk, 16, a->mac);
	make_frame(&f, b->mac, a->mac, 5, WIFI_CIPHER_CCMP, 0, 0x0102, 40);
	rx_fresh(b, c);
	send(a, &f, 10);
	st1 = rx_st1(b);
	check((st1 & ST1_OK) && !(st1 & ST1_ERRORS) && (st1 & ST1_KEY_VALID) &&
	      (st1 >> 9 & 0x7f) == 12, "B: OK, key index valid, index 12 (st1 %08x)", st1);
	check(rx_len(b) == f.len + 2 + 4, "B: length counts pad, IV, MIC, FCS (%u)", rx_len(b));
	check(!memcmp(rx_frame(b, &f), f.b, f.len - 8),
	      "B: header, CCMP header and plaintext as A's driver wrote them");
	check(!(rx_st1(c) & ST1_KEY_VALID) && (rx_st1(c) & ST1_OK) &&
	      (rx_st1(c) & ST1_KEY_MISS) && !(rx_st1(b) & ST1_KEY_MISS),
	      "C (no key): received as it is, no key index, key-cache miss, no error");
	memcpy(&air, &f, sizeof(air));
	memcpy(air.b, rx_frame(c, &f), f.len);
	check(memcmp(air.b + air.body, f.b + f.body, 40) != 0,
	      "on the air the body is not the plaintext");
	check(wifi_open(WIFI_CIPHER_CCMP, tk, 16, air.b, air.len) == WIFI_OPEN_OK &&
	      !memcmp(air.b + air.body, f.b + f.body, 40),
	      "the air's bytes open with the standard's CCMP in software");
	check(a->card->crypto.tx[WIFI_CIPHER_CCMP] == 1 &&
	      b->card->crypto.rx[WIFI_CIPHER_CCMP] == 1 && c->card->crypto.rx_miss == 1,
	      "counted: A sealed 1, B opened 1, C missed 1");

	printf("CCMP from a software-crypto peer (no key index, already sealed)\n");
	make_frame(&f, b->mac, a->mac, -1, WIFI_CIPHER_CCMP, 0, 0x0103, 60);
	wifi_seal(WIFI_CIPHER_CCMP, tk, 16, f.b, f.len);
	rx_fresh(b, c);
	send(a, &f, -1);
	check((rx_st1(b) & ST1_OK) && (rx_st1(b) & ST1_KEY_VALID) &&
	      rx_frame(b, &f)[f.body] == 0x30 && rx_frame(b, &f)[f.body + 59] == 0x30 + 59,
	      "B opens it with its key: plaintext");
	check(a->card->crypto.tx_sw == 1 && b->card->crypto.rx[WIFI_CIPHER_CCMP] == 2,
	      "counted: A sent 1 protected frame without its engine, B opened 2");
}

static void test_ccmp_errors(struct test_card *a, struct test_card *b,
			     struct test_card *c)
{
	static const uint8_t other[16] = { 0xaa };
	struct frame f;
	uint32_t st1;

	printf("CCMP with the wrong key at B: decrypt error, ciphertext kept\n");
	set_key(b->card, 12, TYPE_CCM, other, 16, a->mac);
	make_frame(&f, b->mac, a->mac, -1, WIFI_CIPHER_CCMP, 0, 0x0104, 32);
	rx_fresh(b, c);
	send(a, &f, 10);
	st1 = rx_st1(b);
	check(!(st1 & ST1_OK) && (st1 & ST1_DECRYPT) && !(st1 & ST1_MIC) &&
	      (st1 & ST1_KEY_VALID) && (st1 >> 9 & 0x7f) == 12,
	      "B: decrypt-CRC error, key index 12 (st1 %08x)", st1);
	check(rx_len(b) == rx_len(c) &&
	      !memcmp(b->fh->mem + RX_BUF0, c->fh->mem + RX_BUF0, rx_len(b)),
	      "B got the bytes of the air (C's copy)");
	check(b->card->crypto.rx_icv_fail == 1, "counted as icv-fail");

	printf("key-cache miss: B's entry cleared as ath_hw_keyreset does\n");
	set_key(b->card, 12, TYPE_CLEAR, other, 0, NULL);
	rx_fresh(b, c);
	send(a, &f, 10);
	st1 = rx_st1(b);
	check((st1 & ST1_OK) && !(st1 & ST1_ERRORS) && !(st1 & ST1_KEY_VALID),
	      "B: received as it is, no key index, no error (st1 %08x)", st1);
	check(memcmp(rx_frame(b, &f) + f.body, f.b + f.body, 32) != 0,
	      "and still encrypted");
	check(b->card->crypto.rx_miss == 1, "counted as miss");
	set_key(b->card, 12, TYPE_CCM, tk, 16, a->mac);

	printf("a protected management frame (802.11w) is not the engine's\n");
	make_frame(&f, b->mac, a->mac, -1, WIFI_CIPHER_CCMP, 0, 0x0105, 32);
	f.b[0] = 0xd0;			/* action */
	f.b[1] = 0x40;
	wifi_seal(WIFI_CIPHER_CCMP, tk, 16, f.b, f.len);
	rx_fresh(b, c);
	send(a, &f, -1);
	st1 = rx_st1(b);
	check(!(st1 & ST1_OK) && (st1 & ST1_DECRYPT) &&
	      !memcmp(rx_frame(b, &f), f.b, f.len),
	      "B: decrypt-CRC error, frame as it came, for mac80211 (st1 %08x)", st1);
	check(b->card->crypto.rx_icv_fail == 2, "counted as icv-fail");
}

static void test_tkip(struct test_card *a, struct test_card *b, struct test_card *c)
{
	struct frame f;
	uint32_t st1;

	printf("TKIP, pairwise: mac80211's Michael, the card's RC4 and ICV\n");
	/* the CCMP keys deleted first (ath_key_delete: address cleared) */
	set_key(a->card, 10, TYPE_CCM, tk, 16, NULL);
	set_key(b->card, 12, TYPE_CCM, tk, 16, NULL);
	set_key(a->card, 20, TYPE_TKIP, tk, 16, b->mac);
	set_mic(a->card, 20, mic_ba, mic_ab);
	set_key(b->card, 30, TYPE_TKIP, tk, 16, a->mac);
	set_mic(b->card, 30, mic_ab, mic_ba);
	make_frame(&f, b->mac, a->mac, -1, WIFI_CIPHER_TKIP, 0, 0x1234567, 50);
	add_michael(&f, mic_ab);
	rx_fresh(b, c);
	send(a, &f, 20);
	st1 = rx_st1(b);
	check((st1 & ST1_OK) && !(st1 & ST1_ERRORS) && (st1 & ST1_KEY_VALID) &&
	      (st1 >> 9 & 0x7f) == 30, "B: OK, key index 30 (st1 %08x)", st1);
	check(!memcmp(rx_frame(b, &f), f.b, f.len - 4),
	      "B: IV, MSDU and Michael MIC in clear, left for mac80211");
	memcpy(f.b + f.body, rx_frame(c, &f) + f.body, f.len - f.body);
	check(wifi_open(WIFI_CIPHER_TKIP, tk, 16, f.b, f.len) == WIFI_OPEN_OK,
	      "the air's bytes open with the standard's TKIP in software");

	printf("TKIP with a wrong Michael MIC: MIC error, frame decrypted\n");
	make_frame(&f, b->mac, a->mac, -1, WIFI_CIPHER_TKIP, 0, 0x1234568, 50);
	add_michael(&f, mic_ba);	/* the other direction's key */
	rx_fresh(b, c);
	send(a, &f, 20);
	st1 = rx_st1(b);
	check(!(st1 & ST1_OK) && (st1 & ST1_MIC) && !(st1 & ST1_DECRYPT) &&
	      (st1 & ST1_KEY_VALID), "B: MIC error, key index valid (st1 %08x)", st1);
	check(!memcmp(rx_frame(b, &f), f.b, f.len - 4), "B: the frame is decrypted");
	check(b->card->crypto.rx_mic_fail == 1 && b->card->crypto.rx[WIFI_CIPHER_TKIP] == 1,
	      "counted: 1 opened, 1 mic-fail");

	printf("TKIP fragment: Michael spans the MSDU, not checked per fragment\n");
	make_frame(&f, b->mac, a->mac, -1, WIFI_CIPHER_TKIP, 0, 0x1234569, 50);
	f.b[1] |= 0x04;			/* More Fragments */
	rx_fresh(b, c);
	send(a, &f, 20);
	check((rx_st1(b) & ST1_OK) && !(rx_st1(b) & ST1_ERRORS),
	      "B: first fragment OK (st1 %08x)", rx_st1(b));
}

/*
 * The AR5212's split Michael layout (ath/key.c without MIC_COMBINED): the
 * TX entry idx without an address, the RX entry idx + 32 with the peer's,
 * each with its Michael key in KEY0/KEY2 of the entry 64 above.
 */
static void set_split_mic(struct card *c, unsigned int n, const uint8_t mic[8])
{
	uint32_t base = 0x8800 + 32 * (n + 64);

	wr(c, base + 0, le32(mic));
	wr(c, base + 4, 0);
	wr(c, base + 8, le32(mic + 4));
	for (unsigned int off = 12; off < 32; off += 4)
		wr(c, base + off, off == 20 ? TYPE_CLEAR : 0);
}

static void test_tkip_split(struct test_card *a, struct test_card *b,
			    struct test_card *c)
{
	struct frame f;
	uint32_t st1;

	printf("TKIP in the split layout: TX entry 5, RX entry 37, Michael at +64\n");
	set_key(a->card, 20, TYPE_TKIP, tk, 16, NULL);	/* the combined ones go */
	set_key(b->card, 30, TYPE_TKIP, tk, 16, NULL);
	set_key(a->card, 5, TYPE_TKIP, tk, 16, NULL);
	set_split_mic(a->card, 5, mic_ab);
	set_key(a->card, 37, TYPE_TKIP, tk, 16, b->mac);
	set_split_mic(a->card, 37, mic_ba);
	set_key(b->card, 5, TYPE_TKIP, tk, 16, NULL);
	set_split_mic(b->card, 5, mic_ba);
	set_key(b->card, 37, TYPE_TKIP, tk, 16, a->mac);
	set_split_mic(b->card, 37, mic_ab);
	make_frame(&f, b->mac, a->mac, 3, WIFI_CIPHER_TKIP, 0, 0x20001, 70);
	add_michael(&f, mic_ab);
	rx_fresh(b, c);
	send(a, &f, 5);
	st1 = rx_st1(b);
	check((st1 & ST1_OK) && !(st1 & ST1_ERRORS) && (st1 & ST1_KEY_VALID) &&
	      (st1 >> 9 & 0x7f) == 37, "B: OK by its RX entry 37, Michael from 101 (st1 %08x)",
	      st1);
	check(!memcmp(rx_frame(b, &f), f.b, f.len - 4), "B: QoS frame decrypted");
	for (unsigned int n = 5; n < 128; n += 32) {
		set_key(a->card, n, TYPE_CLEAR, tk, 0, NULL);
		set_key(b->card, n, TYPE_CLEAR, tk, 0, NULL);
	}
}

static void test_group_wep(struct test_card *a, struct test_card *b,
			   struct test_card *c)
{
	static const uint8_t wep[13] = { 'W', 'E', 'P', '-', '1', '0', '4', ' ',
					 'k', 'e', 'y', '!', '?' };
	uint8_t group[6], st;
	struct frame f;
	uint32_t st1;

	printf("WEP-104 group key: AP slot with its group address, STA default key 1\n");
	memcpy(group, a->mac, 6);
	group[0] |= 1;
	set_key(a->card, 40, TYPE_WEP104, wep, 13, group);
	set_key(b->card, 1, TYPE_WEP104, wep, 13, NULL);
	make_frame(&f, (const uint8_t *)"\xff\xff\xff\xff\xff\xff", a->mac, -1,
		   WIFI_CIPHER_WEP, 1, 0xabcdef, 30);
	rx_fresh(b, c);
	send(a, &f, 40);
	st1 = rx_st1(b);
	check((st1 & ST1_OK) && !(st1 & ST1_ERRORS) && !(st1 & ST1_KEY_VALID) &&
	      (st1 & ST1_KEY_MISS),
	      "B: OK with its default key, no key index (as base.c notes), key-cache miss (st1 %08x)",
	      st1);
	check(!memcmp(rx_frame(b, &f), f.b, f.len - 4),
	      "B: decrypted, though B holds A's pairwise CCMP key (unicast only)");
	memcpy(f.b + f.body, rx_frame(c, &f) + f.body, f.len - f.body);
	check(wifi_open(WIFI_CIPHER_WEP, wep, 13, f.b, f.len) == WIFI_OPEN_OK,
	      "the air's bytes open with the standard's WEP in software");
	check(a->card->crypto.tx[WIFI_CIPHER_WEP] == 1 &&
	      b->card->crypto.rx[WIFI_CIPHER_WEP] == 1, "counted: wep 1 sealed, 1 opened");

	printf("default key empty (clear): key id 2 misses\n");
	set_key(b->card, 2, TYPE_CLEAR, wep, 0, NULL);
	make_frame(&f, (const uint8_t *)"\xff\xff\xff\xff\xff\xff", a->mac, -1,
		   WIFI_CIPHER_WEP, 2, 0x11, 30);
	rx_fresh(b, c);
	send(a, &f, 40);
	st = (uint8_t)rx_st1(b);
	check((st & ST1_OK) && !(st & ST1_ERRORS), "B: received as it is, no error");
	check(b->card->crypto.rx_miss == 2, "counted as miss");
}

static void test_plaintext(struct test_card *a, struct test_card *b,
			   struct test_card *c)
{
	struct frame f;

	printf("plaintext data between peers that hold keys is flagged\n");
	set_key(a->card, 10, TYPE_CCM, tk, 16, b->mac);
	set_key(b->card, 12, TYPE_CCM, tk, 16, a->mac);
	make_frame(&f, b->mac, a->mac, -1, WIFI_CIPHER_CCMP, 0, 0, 20);
	f.b[1] = 0x02;			/* not protected */
	rx_fresh(b, c);
	send(a, &f, -1);
	check((rx_st1(b) & ST1_OK) && !(rx_st1(b) & ST1_KEY_VALID),
	      "B: delivered as the hardware does");
	check(a->card->crypto.tx_plain_keyed == 1 && b->card->crypto.rx_plain_keyed == 1,
	      "counted: plain-keyed on both sides");
	memcpy(f.b + 24, "\xaa\xaa\x03\x00\x00\x00\x88\x8e", 8);	/* EAPOL */
	rx_fresh(b, c);
	send(a, &f, -1);
	check(a->card->crypto.tx_plain_keyed == 1 && b->card->crypto.rx_plain_keyed == 1,
	      "EAPOL in clear is not counted");
}

static char logged[CARD_CRYPTO_LINE_MAX + 64];

static void capture_log(void *host, const char *line)
{
	(void)host;
	snprintf(logged, sizeof(logged), "%s", line);
}

static void test_summary(struct test_card *a, struct test_card *b)
{
	struct card_host_ops ops = *a->card->ops;
	const struct card_host_ops *saved = a->card->ops;
	char line[CARD_CRYPTO_LINE_MAX], want[CARD_CRYPTO_LINE_MAX + 64];

	/* the 802.11w action frame of test_ccmp_errors: mgmt-protected */
	card_crypto_summary(a->card, line, sizeof(line));
	check(!strcmp(line, "tx wep=2 tkip=4 ccmp=3 clear=0 sw=2 plain-keyed=1 "
		      "mgmt-protected=1 mgmt-bip=0; "
		      "rx wep=0 tkip=0 ccmp=0 miss=0 icv-fail=0 mic-fail=0 plain-keyed=0 "
		      "mgmt-protected=0 mgmt-bip=0"),
	      "A's summary: %s", line);
	card_crypto_summary(b->card, line, sizeof(line));
	check(!strcmp(line, "tx wep=0 tkip=0 ccmp=0 clear=0 sw=0 plain-keyed=0 "
		      "mgmt-protected=0 mgmt-bip=0; "
		      "rx wep=1 tkip=3 ccmp=2 miss=2 icv-fail=2 mic-fail=1 plain-keyed=1 "
		      "mgmt-protected=1 mgmt-bip=0"),
	      "B's summary: %s", line);
	ops.log = capture_log;
	a->card->ops = &ops;
	keycache_log(a->card, true);
	card_crypto_summary(a->card, line, sizeof(line));
	snprintf(want, sizeof(want), "%s: crypto: %s", a->card->cfg.name, line);
	check(!strcmp(logged, want), "closing log line: %s", logged);
	logged[0] = 0;
	keycache_log(a->card, false);
	check(!logged[0], "no periodic line while the counts stand still");
	a->card->ops = saved;
}

/* A card whose EEPROM disables AES (word 0xc9 bit 1) has no CCM unit. */
static void test_aes_disabled(struct test_card *a, struct test_card *b)
{
	const char *path = "/tmp/ath5k-test-keycache-noaes.desc";
	struct test_card n;
	struct frame f;
	char spec[96];
	FILE *fp = fopen(path, "w");

	printf("EEPROM with AES disabled: a CCM entry seals nothing\n");
	if (!fp || fputs("aes_disabled = 1\n", fp) < 0 || fclose(fp)) {
		check(false, "description file written");
		return;
	}
	snprintf(spec, sizeof(spec), "airtime=0,eeprom-desc=%s", path);
	test_card_open(&n, a->card->air, 3, spec);
	remove(path);
	test_card_up(&n, 2412, RX_RING, 4);
	check(n.card->eeprom[0xc9] & 2, "EEPROM word 0xc9 has the AES-disable bit");
	set_key(n.card, 10, TYPE_CCM, tk, 16, b->mac);
	make_frame(&f, b->mac, n.mac, -1, WIFI_CIPHER_CCMP, 0, 0x0200, 24);
	test_card_up(b, 2412, RX_RING, 4);
	send(&n, &f, 10);
	check(n.card->crypto.tx_clear == 1 && n.card->crypto.tx[WIFI_CIPHER_CCMP] == 0,
	      "counted as clear, not ccmp");
	check(!memcmp(rx_frame(b, &f) + f.body, f.b + f.body, 24),
	      "the body crossed the air in clear (B, without a key for it, got it as sent)");
	test_card_close(&n);
}

/* ---- 802.11w management frames in the counts ---- */

static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

/* A management frame fc0/fc1 to dst from src with body bytes, no crypto. */
static void make_mgmt(struct frame *f, uint8_t fc0, uint8_t fc1, const uint8_t *dst,
		      const uint8_t *src, const uint8_t *body, unsigned int body_len)
{
	memset(f, 0, sizeof(*f));
	f->b[0] = fc0;
	f->b[1] = fc1;
	memcpy(f->b + 4, dst, 6);
	memcpy(f->b + 10, src, 6);
	memcpy(f->b + 16, src, 6);
	f->hdr = f->body = 24;
	memcpy(f->b + 24, body, body_len);
	f->len = 24 + body_len;
}

/* Reason code 7, then an element id/len with len filler bytes after it. */
static unsigned int reason_and_element(uint8_t *body, uint8_t id, uint8_t len)
{
	body[0] = 7;
	body[1] = 0;
	body[2] = id;
	body[3] = len;
	for (unsigned int i = 0; i < len; i++)
		body[4 + i] = (uint8_t)(0xa0 + i);
	return 4u + len;
}

struct mgmt_counts {
	unsigned long tx_protected, tx_bip, rx_protected, rx_bip;
};

static struct mgmt_counts mgmt_counts(const struct card *c)
{
	return (struct mgmt_counts){ c->crypto.tx_mgmt_protected, c->crypto.tx_mgmt_bip,
				     c->crypto.rx_mgmt_protected, c->crypto.rx_mgmt_bip };
}

/*
 * A sends f (no key index); how A's tx and B's and C's rx counts moved
 * must be tx_p/tx_b at A, rx_p/rx_b at B (C, promiscuous, like B unless
 * only_c: then C alone hears it).
 */
static void expect_mgmt(struct test_card *a, struct test_card *b, struct test_card *c,
			const struct frame *f, int keyix, unsigned int tx_p, unsigned int tx_b,
			unsigned int rx_p, unsigned int rx_b, bool only_c, const char *what)
{
	struct mgmt_counts a0 = mgmt_counts(a->card), b0 = mgmt_counts(b->card);
	struct mgmt_counts c0 = mgmt_counts(c->card), a1, b1, c1;

	rx_fresh(b, c);
	send(a, f, keyix);
	a1 = mgmt_counts(a->card);
	b1 = mgmt_counts(b->card);
	c1 = mgmt_counts(c->card);
	check(a1.tx_protected - a0.tx_protected == tx_p && a1.tx_bip - a0.tx_bip == tx_b &&
	      a1.rx_protected == a0.rx_protected && a1.rx_bip == a0.rx_bip,
	      "%s: A tx mgmt-protected +%lu mgmt-bip +%lu", what,
	      a1.tx_protected - a0.tx_protected, a1.tx_bip - a0.tx_bip);
	check(b1.rx_protected - b0.rx_protected == (only_c ? 0 : rx_p) &&
	      b1.rx_bip - b0.rx_bip == (only_c ? 0 : rx_b) &&
	      b1.tx_protected == b0.tx_protected && b1.tx_bip == b0.tx_bip,
	      "%s: B rx mgmt-protected +%lu mgmt-bip +%lu", what,
	      b1.rx_protected - b0.rx_protected, b1.rx_bip - b0.rx_bip);
	check(c1.rx_protected - c0.rx_protected == rx_p && c1.rx_bip - c0.rx_bip == rx_b,
	      "%s: C rx mgmt-protected +%lu mgmt-bip +%lu", what,
	      c1.rx_protected - c0.rx_protected, c1.rx_bip - c0.rx_bip);
}

static void test_mgmt_protection(void)
{
	static const uint8_t wep[13] = { 'p', 'm', 'f', '-', 'a', 'u', 't', 'h',
					 '-', 'k', 'e', 'y', '!' };
	struct air *air = air_create();
	struct test_card a, b, c;
	uint8_t body[64], other[6];
	struct frame f;
	unsigned int n;
	char line[CARD_CRYPTO_LINE_MAX];

	printf("802.11w: protected unicast and BIP group management frames counted\n");
	cards_open(air, &a, &b, &c);
	/* A's pairwise CCMP key at B: its engine still fails the action frame. */
	set_key(b.card, 12, TYPE_CCM, tk, 16, a.mac);

	make_frame(&f, b.mac, a.mac, -1, WIFI_CIPHER_CCMP, 0, 0x0301, 20);
	f.b[0] = 0xd0;			/* action, Protected (an SA Query) */
	f.b[1] = 0x40;
	wifi_seal(WIFI_CIPHER_CCMP, tk, 16, f.b, f.len);
	expect_mgmt(&a, &b, &c, &f, -1, 1, 0, 1, 0, false,
		    "unicast protected action, sealed by software");
	check(b.card->crypto.rx_icv_fail == 1 && c.card->crypto.rx_miss == 1,
	      "counted whether the key cache opened it or not (B icv-fail %lu, C miss %lu)",
	      b.card->crypto.rx_icv_fail, c.card->crypto.rx_miss);

	make_frame(&f, b.mac, a.mac, -1, WIFI_CIPHER_WEP, 0, 0x42, 136);
	f.b[0] = 0xb0;			/* shared key authentication, transaction 3 */
	f.b[1] = 0x40;
	set_key(b.card, 12, TYPE_CLEAR, tk, 0, NULL);	/* the first entry for A wins */
	set_key(a.card, 50, TYPE_WEP104, wep, 13, b.mac);
	set_key(b.card, 51, TYPE_WEP104, wep, 13, a.mac);
	expect_mgmt(&a, &b, &c, &f, 50, 1, 0, 1, 0, false,
		    "unicast WEP authentication, sealed by A's key cache");
	check(a.card->crypto.tx[WIFI_CIPHER_WEP] == 1 && b.card->crypto.rx[WIFI_CIPHER_WEP] == 1,
	      "and opened by B's (wep sealed 1, opened 1)");
	set_key(a.card, 50, TYPE_CLEAR, wep, 0, NULL);
	set_key(b.card, 51, TYPE_CLEAR, wep, 0, NULL);

	n = reason_and_element(body, 0, 0) - 2;		/* the reason alone */
	make_mgmt(&f, 0xc0, 0x00, b.mac, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 0, 0, 0, false,
		    "unicast deauthentication in clear (a forged one)");

	n = reason_and_element(body, 76, 16);
	make_mgmt(&f, 0xc0, 0x00, bcast, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 1, 0, 1, false,
		    "broadcast deauthentication, BIP-CMAC-128 MME (16)");
	n = reason_and_element(body, 76, 24);
	make_mgmt(&f, 0xa0, 0x00, bcast, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 1, 0, 1, false,
		    "broadcast disassociation, BIP-GMAC/CMAC-256 MME (24)");
	n = reason_and_element(body + 1, 76, 32) + 1;
	body[0] = 8;			/* action: SA Query category */
	make_mgmt(&f, 0xd0, 0x00, bcast, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 1, 0, 1, false,
		    "broadcast action, an MME of length 32");

	n = reason_and_element(body, 76, 20);
	make_mgmt(&f, 0xc0, 0x00, bcast, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 0, 0, 0, false,
		    "element 76 of length 20 is no MME");
	n = reason_and_element(body, 76, 16);
	memcpy(body + n, "\xdd\x03\x00\x10\x18", 5);	/* a vendor element after it */
	make_mgmt(&f, 0xc0, 0x00, bcast, a.mac, body, n + 5);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 0, 0, 0, false,
		    "an MME that does not end the body");
	n = reason_and_element(body, 0, 0) - 2;
	make_mgmt(&f, 0xc0, 0x00, bcast, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 0, 0, 0, false,
		    "broadcast deauthentication without MME");
	n = reason_and_element(body, 76, 16);
	make_mgmt(&f, 0xc0, 0x40, bcast, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 0, 0, 0, false,
		    "a group frame with the Protected bit (no BIP there)");
	memset(body, 0, 12);		/* timestamp, interval, capability */
	n = reason_and_element(body + 10, 76, 16) + 10;
	make_mgmt(&f, 0x80, 0x00, bcast, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 0, 0, 0, true,
		    "a beacon ending in an MME (beacon protection) is left out");
	n = reason_and_element(body, 76, 16);
	make_mgmt(&f, 0x08, 0x02, bcast, a.mac, body, n);
	expect_mgmt(&a, &b, &c, &f, -1, 0, 0, 0, 0, false,
		    "group data ending in the same bytes is not management");

	make_frame(&f, b.mac, a.mac, -1, WIFI_CIPHER_CCMP, 0, 0x0302, 20);
	f.b[0] = 0xd0;
	f.b[1] = 0x40;
	memcpy(other, b.mac, 6);
	other[5] ^= 0x40;
	memcpy(f.b + 4, other, 6);
	expect_mgmt(&a, &b, &c, &f, -1, 1, 0, 1, 0, true,
		    "protected action to another address: B filters it, C hears it");

	printf("counted once per frame on TX, per stored frame on RX\n");
	{
		struct mgmt_counts a0 = mgmt_counts(a.card), b0;
		struct tx_setup s = { .buf = TX_BUF, .frame_len = f.len + 4,
				      .buf_len = f.len, .intreq = true,
				      .tries = { 4, 4 }, .rates = { 0x0b, 0x0b } };
		unsigned long tries = a.card->stats.tx_tries;

		/* nobody owns other: 8 attempts, one frame */
		memcpy(a.fh->mem + TX_BUF, f.b, f.len);
		put_tx_desc(a.fh, TX_DESC, &s);
		wr(a.card, 0x800, TX_DESC);
		wr(a.card, 0x840, 1);
		check(a.card->stats.tx_tries - tries == 8 &&
		      mgmt_counts(a.card).tx_protected - a0.tx_protected == 1,
		      "8 attempts without ACK count 1 (%lu attempts)",
		      (unsigned long)(a.card->stats.tx_tries - tries));

		/* B's ring of 4 takes 4 frames; the fifth is lost (RXEOL) */
		make_frame(&f, b.mac, a.mac, -1, WIFI_CIPHER_CCMP, 0, 0x0303, 20);
		f.b[0] = 0xd0;
		f.b[1] = 0x40;
		test_card_up(&b, 2412, RX_RING, 4);
		b0 = mgmt_counts(b.card);
		for (int i = 0; i < 5; i++)
			send(&a, &f, -1);
		check(mgmt_counts(b.card).rx_protected - b0.rx_protected == 4 &&
		      b.card->rx_dropped == 1,
		      "B: 4 stored and counted, 1 lost to RXEOL not counted (%lu, dropped %lu)",
		      mgmt_counts(b.card).rx_protected - b0.rx_protected, b.card->rx_dropped);

		/* a reception with a bad FCS reaches the ring, not the counts */
		{
			static struct air_frame bad;
			uint32_t fcs = wifi_crc32(f.b, f.len);

			test_card_up(&b, 2412, RX_RING, 4);
			b0 = mgmt_counts(b.card);
			memset(&bad, 0, sizeof(bad));
			memcpy(bad.data, f.b, f.len);
			memcpy(bad.data + f.len, &fcs, 4);
			bad.data[f.len] ^= 1;
			bad.len = (uint16_t)(f.len + 4);
			bad.freq_mhz = 2412;
			bad.rate_code = 0x0b;
			bad.rssi = 40;
			bad.fcs_bad = true;
			rx_deliver(b.card, &bad);
			check((rx_st1(&b) & 1) && (rx_st1(&b) & 0x4) &&
			      mgmt_counts(b.card).rx_protected == b0.rx_protected,
			      "B: stored with the CRC error, not counted (st1 %08x)", rx_st1(&b));
		}
	}

	/* A sent 9 protected (1 + 1 + 1 + 1 + 5) and 3 BIP; B stored 6 and 3 */
	card_crypto_summary(a.card, line, sizeof(line));
	check(!strcmp(line, "tx wep=1 tkip=0 ccmp=0 clear=0 sw=9 plain-keyed=0 "
		      "mgmt-protected=9 mgmt-bip=3; rx wep=0 tkip=0 ccmp=0 miss=0 "
		      "icv-fail=0 mic-fail=0 plain-keyed=0 mgmt-protected=0 mgmt-bip=0"),
	      "A's line: %s", line);
	card_crypto_summary(b.card, line, sizeof(line));
	check(strstr(line, "plain-keyed=0 mgmt-protected=0 mgmt-bip=0; rx ") &&
	      strstr(line, " plain-keyed=0 mgmt-protected=6 mgmt-bip=3") ==
	      line + strlen(line) - strlen(" plain-keyed=0 mgmt-protected=6 mgmt-bip=3"),
	      "B's line: %s", line);
	cards_close(&a, &b, &c);
	air_destroy(air);
}

int main(void)
{
	struct air *air = air_create();
	struct test_card a, b, c;

	cards_open(air, &a, &b, &c);
	test_ccmp_pairwise(&a, &b, &c);
	test_ccmp_errors(&a, &b, &c);
	test_tkip(&a, &b, &c);
	test_tkip_split(&a, &b, &c);
	test_group_wep(&a, &b, &c);
	test_plaintext(&a, &b, &c);
	test_summary(&a, &b);
	test_aes_disabled(&a, &b);
	test_mgmt_protection();
	cards_close(&a, &b, &c);
	air_destroy(air);
	return checks_report("test_keycache");
}
