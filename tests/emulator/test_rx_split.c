// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * A received frame longer than one RX buffer goes on into the next
 * descriptors of the ring, as silicon does: each part's descriptor has
 * DONE, MORE and its own length and nothing else; the last has MORE
 * clear and the frame's status (OK or its error, rate, RSSI, TSF).  One
 * interrupt, one frame in the counts, RXDP past every part.  A ring that
 * ends mid-frame loses the frame as RXEOL and keeps the parts written.
 * Both status layouts: the 5212 one and the AR5211's (5210 layout).
 */
#include "card_model.h"
#include "fake_host.h"

#define RX_RING		0x40000
#define RX_BUFS		(RX_RING + 0x10000)

#define PISR_RXOK	0x01
#define PISR_RXERR	0x04
#define PISR_RXEOL	0x10

#define ST0_LEN		0x00000fff
#define ST0_MORE	0x00001000
#define ST1_DONE	0x00000001
#define ST1_OK		0x00000002
#define ST1_CRC		0x00000004

static uint32_t desc_addr(unsigned int i)
{
	return RX_RING + 32 * i;
}

static uint32_t rx_status(struct test_card *tc, unsigned int i, int word)
{
	return fake_get32(tc->fh, desc_addr(i) + 16 + 4 * word);
}

static const uint8_t *rx_buffer(struct test_card *tc, unsigned int i)
{
	return tc->fh->mem + RX_BUFS + RX_BUF_SIZE * i;
}

/* A fresh ring of n descriptors (the last linked to itself) of buf_len each. */
static void ring_of(struct test_card *tc, unsigned int n, unsigned int buf_len)
{
	test_card_up(tc, tc->card->freq_mhz ? tc->card->freq_mhz : 2412, RX_RING, n);
	for (unsigned int i = 0; i < n; i++)
		fake_put32(tc->fh, desc_addr(i) + 12, buf_len);
	wr(tc->card, 0x80, rd(tc->card, 0x80));
}

/* A data frame to dst of len bytes with its FCS, every byte telling its place. */
static void long_frame(struct air_frame *f, const uint8_t *dst, const uint8_t *src,
		       unsigned int len, bool fcs_bad)
{
	unsigned int body = len - 24 - 4;
	uint32_t crc;

	memset(f, 0, sizeof(*f));
	make_data_frame(f->data, dst, src, body, 0);
	for (unsigned int i = 0; i < body; i++)
		f->data[24 + i] = (uint8_t)(i * 7 + i / 251);
	crc = wifi_crc32(f->data, len - 4);
	for (unsigned int i = 0; i < 4; i++)
		f->data[len - 4 + i] = (uint8_t)(crc >> (8 * i) ^ (fcs_bad ? 0xff : 0));
	f->len = (uint16_t)len;
	f->freq_mhz = 2412;
	f->rate_code = 0x0b;		/* 6 Mbit/s OFDM */
	f->rssi = 35;
	f->fcs_bad = fcs_bad;
}

struct before {
	uint64_t written, frames;
	unsigned long received, dropped, journal;
};

static void note_counts(const struct test_card *tc, struct before *b)
{
	b->written = tc->card->stats.rx_desc_written;
	b->frames = tc->card->stats.rx_frames;
	b->received = tc->card->frames_received;
	b->dropped = tc->card->rx_dropped;
	b->journal = tc->card->journal_next;
}

static const char *last_outcome(const struct test_card *tc)
{
	const struct card *c = tc->card;

	if (!c->journal_next)
		return "nothing";
	return c->journal[(c->journal_next - 1) % CARD_JOURNAL_LEN].outcome;
}

/* Descriptors 0..n-2 are parts of f; what each holds must be exactly that. */
static void check_parts(struct test_card *tc, const struct air_frame *f,
			unsigned int n, unsigned int buf_len, const char *what)
{
	for (unsigned int i = 0; i + 1 < n; i++) {
		uint32_t s0 = rx_status(tc, i, 0), s1 = rx_status(tc, i, 1);

		check(s0 == (ST0_MORE | buf_len),
		      "%s: part %u: MORE and length %u, nothing else in status0 (%08x)",
		      what, i, buf_len, s0);
		check(s1 == ST1_DONE,
		      "%s: part %u: DONE alone in status1, no OK or error yet (%08x)",
		      what, i, s1);
		check(!memcmp(rx_buffer(tc, i), f->data + buf_len * i, buf_len),
		      "%s: part %u: bytes %u..%u of the frame", what, i, buf_len * i,
		      buf_len * (i + 1) - 1);
	}
}

static void check_last(struct test_card *tc, const struct air_frame *f,
		       unsigned int n, unsigned int buf_len, const char *what)
{
	unsigned int tail = f->len - buf_len * (n - 1);
	uint32_t s0 = rx_status(tc, n - 1, 0);

	check((s0 & (ST0_MORE | ST0_LEN)) == tail,
	      "%s: last (%u): MORE clear, length %u (%08x)", what, n - 1, tail, s0);
	check(!memcmp(rx_buffer(tc, n - 1), f->data + buf_len * (n - 1), tail),
	      "%s: last: the frame's last %u bytes", what, tail);
}

static void test_split_5212(struct test_card *tc)
{
	static const struct {
		unsigned int buf_len, parts;
	} cases[] = { { 1500, 2 }, { 1000, 3 } };
	static struct air_frame f;
	struct card *c = tc->card;
	struct before b;

	for (unsigned int k = 0; k < 2; k++) {
		unsigned int buf_len = cases[k].buf_len, n = cases[k].parts;
		char what[32];
		uint32_t s0, s1;

		snprintf(what, sizeof(what), "%u x %u", n, buf_len);
		printf("5212 layout: a 2028-byte frame into buffers of %u: %u descriptors\n",
		       buf_len, n);
		ring_of(tc, 6, buf_len);
		long_frame(&f, tc->mac, (const uint8_t *)"\x00\x03\x7f\x00\x00\x09",
			   2028, false);
		note_counts(tc, &b);
		rx_deliver(c, &f);
		check_parts(tc, &f, n, buf_len, what);
		check_last(tc, &f, n, buf_len, what);
		s0 = rx_status(tc, n - 1, 0);
		s1 = rx_status(tc, n - 1, 1);
		check((s1 & 7) == (ST1_DONE | ST1_OK) && (s0 >> 15 & 0x1f) == 0x0b &&
		      (s0 >> 20 & 0xff) == 35,
		      "%s: last: DONE|OK, rate 0x0b, RSSI 35 (%08x %08x)", what, s0, s1);
		check(!(rx_status(tc, n, 1) & ST1_DONE), "%s: descriptor %u untouched",
		      what, n);
		check(rd(c, 0x0c) == desc_addr(n), "%s: RXDP 0x%x past all %u", what,
		      rd(c, 0x0c), n);
		check((rd(c, 0x80) & (PISR_RXOK | PISR_RXERR | PISR_RXEOL)) == PISR_RXOK,
		      "%s: RXOK alone (PISR %08x)", what, rd(c, 0x80));
		check(c->stats.rx_desc_written == b.written + n &&
		      c->stats.rx_frames == b.frames + 1 &&
		      c->frames_received == b.received + 1 && c->rx_dropped == b.dropped,
		      "%s: %u descriptors written, one frame received", what, n);
		check(c->journal_next == b.journal + 1 &&
		      !strcmp(last_outcome(tc), "received"),
		      "%s: one journal line, \"%s\"", what, last_outcome(tc));
	}
}

static void test_split_crc_error(struct test_card *tc)
{
	static struct air_frame f;
	struct card *c = tc->card;
	uint32_t s1;

	printf("a bad FCS is on the last descriptor only, with RXERR\n");
	ring_of(tc, 4, 1500);
	long_frame(&f, tc->mac, (const uint8_t *)"\x00\x03\x7f\x00\x00\x09", 2028, true);
	rx_deliver(c, &f);
	check_parts(tc, &f, 2, 1500, "bad FCS");
	check_last(tc, &f, 2, 1500, "bad FCS");
	s1 = rx_status(tc, 1, 1);
	check((s1 & 7) == (ST1_DONE | ST1_CRC), "bad FCS: last: DONE|CRC, OK clear (%08x)",
	      s1);
	check((rd(c, 0x80) & (PISR_RXOK | PISR_RXERR | PISR_RXEOL)) == PISR_RXERR,
	      "bad FCS: RXERR alone (PISR %08x)", rd(c, 0x80));
}

static void test_ring_ends_mid_frame(struct test_card *tc)
{
	static struct air_frame f;
	struct card *c = tc->card;
	struct before b;

	printf("a ring of two ends in the middle of a three-part frame: RXEOL\n");
	ring_of(tc, 2, 1000);
	long_frame(&f, tc->mac, (const uint8_t *)"\x00\x03\x7f\x00\x00\x09", 2028, false);
	note_counts(tc, &b);
	rx_deliver(c, &f);
	check_parts(tc, &f, 3, 1000, "cut");
	check((rd(c, 0x80) & (PISR_RXOK | PISR_RXERR | PISR_RXEOL)) == PISR_RXEOL,
	      "cut: RXEOL, no RXOK (PISR %08x)", rd(c, 0x80));
	check(c->rx_dropped == b.dropped + 1 && c->frames_received == b.received &&
	      c->stats.rx_frames == b.frames && c->stats.rx_desc_written == b.written + 2,
	      "cut: frame dropped, not received; both parts written");
	check(rd(c, 0x0c) == desc_addr(1), "cut: RXDP stays on the self-linked one (0x%x)",
	      rd(c, 0x0c));
	check(c->journal_next == b.journal + 1 &&
	      !strcmp(last_outcome(tc), "partly stored (RXEOL)"),
	      "cut: one journal line, \"%s\"", last_outcome(tc));

	printf("the driver re-arms descriptor 0 behind 1: the next frame starts afresh\n");
	fake_put32(tc->fh, desc_addr(1), desc_addr(0));
	fake_put32(tc->fh, desc_addr(0), desc_addr(0));
	memset(tc->fh->mem + desc_addr(0) + 16, 0, 8);
	wr(c, 0x80, rd(c, 0x80));
	long_frame(&f, tc->mac, (const uint8_t *)"\x00\x03\x7f\x00\x00\x09", 300, false);
	rx_deliver(c, &f);
	check((rx_status(tc, 0, 0) & (ST0_MORE | ST0_LEN)) == 300 &&
	      (rx_status(tc, 0, 1) & 3) == 3 && (rd(c, 0x80) & PISR_RXOK),
	      "a whole 300-byte frame in descriptor 0, RXOK");
}

static void test_split_ar5211(void)
{
	static struct air_frame f;
	struct test_card tc;
	struct card *c;
	uint32_t s0, s1;

	printf("AR5211 (5210 status layout): the same split\n");
	test_card_open(&tc, NULL, 0, "model=ar5211,airtime=0");
	c = tc.card;
	test_card_up(&tc, 5180, RX_RING, 4);
	for (unsigned int i = 0; i < 4; i++)
		fake_put32(tc.fh, desc_addr(i) + 12, 1500);
	wr(c, 0x80, rd(c, 0x80));
	long_frame(&f, tc.mac, (const uint8_t *)"\x00\x03\x7f\x00\x00\x09", 2028, false);
	f.freq_mhz = 5180;
	rx_deliver(c, &f);
	check_parts(&tc, &f, 2, 1500, "5211");
	check_last(&tc, &f, 2, 1500, "5211");
	s0 = rx_status(&tc, 1, 0);
	s1 = rx_status(&tc, 1, 1);
	check((s1 & 7) == (ST1_DONE | ST1_OK) && (s0 >> 15 & 0xf) == 0x0b &&
	      (s0 >> 19 & 0xff) == 35,
	      "5211: last: DONE|OK, 4-bit rate 0x0b at 18:15, RSSI 35 at 26:19 (%08x %08x)",
	      s0, s1);
	check(rd(c, 0x0c) == desc_addr(2) &&
	      (rd(c, 0x80) & (PISR_RXOK | PISR_RXERR | PISR_RXEOL)) == PISR_RXOK &&
	      c->stats.rx_frames == 1 && c->stats.rx_desc_written == 2,
	      "5211: RXDP past both, RXOK, one frame in two descriptors");
	test_card_close(&tc);
}

int main(void)
{
	struct test_card tc;

	test_card_open(&tc, NULL, 0, "airtime=0");
	test_split_5212(&tc);
	test_split_crc_error(&tc);
	test_ring_ends_mid_frame(&tc);
	test_card_close(&tc);
	test_split_ar5211();
	return checks_report("test_rx_split");
}
