// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * RTS/CTS and CTS-to-self of the AR5212 descriptor: the RTS and the CTS
 * answering it cross the air where a third card with RX_FILTER_CONTROL
 * sees them, a missing CTS costs the attempt and keeps the frame off the
 * air, descriptors silicon cannot send protected are logged, airtime
 * grows by the protection, and fragments are counted.
 */
#include "air_timing.h"
#include "card_model.h"
#include "fake_host.h"

#include <unistd.h>

#define TX_DESC		0x1000
#define TX_BUF		0x2000
#define RX_RING		0x40000

#define CTL0_RTSENA	0x00400000u
#define CTL0_CTSENA	0x80000000u
#define RATE_6M		0x0b
#define RATE_24M	0x09
#define RATE_54M	0x0c
#define RATE_2M_SHORT	0x1e		/* CCK 2 Mbit/s, short preamble */
#define FILTER_CONTROL	0x08

static const uint8_t nobody[6] = { 0x00, 0x03, 0x7f, 0x55, 0x55, 0x55 };

/* ---- log lines the cards write ---- */

static char last_misuse[256], last_link[256];
static unsigned int misuse_lines;

static void capture_log(void *host, const char *line)
{
	(void)host;
	if (strstr(line, "link to "))
		snprintf(last_link, sizeof(last_link), "%s", line);
	if (strstr(line, "RTS/CTS rate code") || strstr(line, "RTSENA and CTSENA")) {
		misuse_lines++;
		snprintf(last_misuse, sizeof(last_misuse), "%s", line);
	}
}

static struct card_host_ops logging_ops;

/* ---- three cards on one air: A sends, B answers, C listens ---- */

struct trio {
	struct air *air;
	struct test_card a, b, c;
};

static void trio_open(struct trio *t, const char *spec)
{
	t->air = air_create();
	if (!t->air)
		exit(2);
	logging_ops = fake_ops;
	logging_ops.log = capture_log;
	test_card_open(&t->a, t->air, 0, spec);
	test_card_open(&t->b, t->air, 1, spec);
	test_card_open(&t->c, t->air, 2, spec);
	t->a.card->ops = &logging_ops;
	test_card_up(&t->a, 2412, RX_RING, 8);
	test_card_up(&t->b, 2412, RX_RING, 8);
	test_card_up(&t->c, 2412, RX_RING, 8);
	/* C takes control frames besides what a station takes. */
	wr(t->c.card, 0x803c, RX_FILTER_NORMAL | FILTER_CONTROL);
	misuse_lines = 0;
	last_misuse[0] = '\0';
}

static void trio_close(struct trio *t)
{
	test_card_close(&t->a);
	test_card_close(&t->b);
	test_card_close(&t->c);
	air_destroy(t->air);
}

/* What A's descriptor asks for beyond an ordinary frame. */
struct protect {
	uint32_t ctl0_bits;		/* RTSENA, CTSENA */
	unsigned int duration;
	uint8_t rate;
};

/* Writes A's frame to dst with the tries at 6 Mbit/s and the protection. */
static void put_frame(struct trio *t, const uint8_t *dst, const unsigned int tries[4],
		      const struct protect *p)
{
	struct fake_host *fh = t->a.fh;
	unsigned int len = make_data_frame(fh->mem + TX_BUF, dst, t->a.mac, 100, 0x40);
	struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4, .buf_len = len,
			      .intreq = true,
			      .rates = { RATE_6M, RATE_6M, RATE_6M, RATE_6M } };

	memcpy(s.tries, tries, sizeof(s.tries));
	put_tx_desc(fh, TX_DESC, &s);
	fake_put32(fh, TX_DESC + 8, fake_get32(fh, TX_DESC + 8) | p->ctl0_bits);
	fake_put32(fh, TX_DESC + 16, fake_get32(fh, TX_DESC + 16) | (p->duration & 0x7fff));
	fake_put32(fh, TX_DESC + 20, fake_get32(fh, TX_DESC + 20) | (uint32_t)p->rate << 20);
}

/*
 * Starts queue 0 and moves every card's clock 1 µs at a time until the
 * status is written; returns the µs it took.
 */
static unsigned int send_and_wait(struct trio *t, uint32_t st[2])
{
	struct test_card all[3] = { t->a, t->b, t->c };	/* same cards, same hosts */
	unsigned int us = 0;

	wr(t->a.card, 0x800, TX_DESC);
	wr(t->a.card, 0x840, 1);
	while (!(fake_get32(t->a.fh, TX_DESC + 28) & 1) && us < 200000) {
		test_cards_advance(all, 3, 1);
		us++;
	}
	st[0] = fake_get32(t->a.fh, TX_DESC + 24);
	st[1] = fake_get32(t->a.fh, TX_DESC + 28);
	return us;
}

/* put_frame, then send_and_wait. */
static unsigned int send_frame(struct trio *t, const uint8_t *dst,
			       const unsigned int tries[4], const struct protect *p,
			       uint32_t st[2])
{
	put_frame(t, dst, tries, p);
	return send_and_wait(t, st);
}

/* Frame i of a card's RX ring: its bytes, length and rate code. */
static const uint8_t *rx_frame(const struct test_card *tc, unsigned int i,
			       unsigned int *len, unsigned int *rate)
{
	uint32_t st0 = fake_get32(tc->fh, RX_RING + 32 * i + 16);

	*len = st0 & 0xfff;
	*rate = st0 >> 15 & 0x1f;
	return tc->fh->mem + RX_RING + 0x10000 + RX_BUF_SIZE * i;
}

static unsigned int duration_of(const uint8_t *frame)
{
	return frame[2] | (frame[3] & 0x7f) << 8;
}

static bool fcs_good(const uint8_t *frame, unsigned int len)
{
	uint32_t crc = wifi_crc32(frame, len - 4);

	return frame[len - 4] == (crc & 0xff) && frame[len - 3] == (crc >> 8 & 0xff) &&
	       frame[len - 2] == (crc >> 16 & 0xff) && frame[len - 1] == crc >> 24;
}

static void test_rts_cts_data_ack(void)
{
	static const unsigned int tries[4] = { 4, 0, 0, 0 };
	const struct protect p = { CTL0_RTSENA, 400, RATE_24M };
	unsigned int len, rate, cts_dur;
	const uint8_t *f;
	struct trio t;
	uint32_t st[2];

	printf("RTS -> CTS -> data -> ACK between two cards, a third listening\n");
	trio_open(&t, "airtime=0");
	rd(t.a.card, 0x8088);
	send_frame(&t, t.b.mac, tries, &p, st);
	check((st[0] & 3) == 1 && (st[0] >> 4 & 0xff) == 0,
	      "A: OK on the first try, no RTS or data failures (st0 %08x)", st[0]);
	check(t.a.card->stats.rts_sent == 1 && t.a.card->stats.rts_failed == 0,
	      "A: rts_sent=%llu rts_failed=%llu",
	      (unsigned long long)t.a.card->stats.rts_sent,
	      (unsigned long long)t.a.card->stats.rts_failed);
	check(t.b.card->stats.cts_sent == 1 && t.a.card->stats.cts_sent == 0,
	      "B answered with one CTS (cts_sent=%llu)",
	      (unsigned long long)t.b.card->stats.cts_sent);
	check(rd(t.a.card, 0x8088) == 1 && rd(t.a.card, 0x808c) == 0,
	      "A's RTS_OK counted the CTS, RTS_FAIL nothing");
	f = rx_frame(&t.b, 0, &len, &rate);
	check(t.b.card->frames_received == 1 && len == 24 + 100 + 4 && f[0] == 0x08 &&
	      f[24] == 0x40, "B got the data frame and nothing else (%lu frames)",
	      t.b.card->frames_received);
	check(t.a.card->frames_received == 0, "A, an ordinary station, took no CTS into its ring");

	check(t.c.card->frames_received == 2, "C (RX_FILTER_CONTROL) got two frames: %lu",
	      t.c.card->frames_received);
	f = rx_frame(&t.c, 0, &len, &rate);
	check(len == AIR_RTS_BYTES && f[0] == 0xb4 && f[1] == 0 && fcs_good(f, len),
	      "the first is a 20-byte RTS with a good FCS (len %u, fc %02x)", len, f[0]);
	check(duration_of(f) == 400 && rate == RATE_24M,
	      "RTS duration %u (programmed 400), rate 0x%02x (programmed 0x%02x)",
	      duration_of(f), rate, RATE_24M);
	check(!memcmp(f + 4, t.b.mac, 6) && !memcmp(f + 10, t.a.mac, 6),
	      "RTS: RA is the frame's addr1 (B), TA its addr2 (A)");
	f = rx_frame(&t.c, 1, &len, &rate);
	cts_dur = 400 - AIR_OFDM_SIFS_US - tx_airtime_us(RATE_24M, AIR_CTS_BYTES);
	check(len == AIR_CTS_BYTES && f[0] == 0xc4 && fcs_good(f, len) &&
	      !memcmp(f + 4, t.a.mac, 6),
	      "the second is a 14-byte CTS to A (len %u, fc %02x)", len, f[0]);
	check(duration_of(f) == cts_dur && rate == RATE_24M,
	      "CTS duration %u = RTS duration - SIFS - CTS (%u), at the RTS's rate",
	      duration_of(f), cts_dur);
	trio_close(&t);
}

static void test_rts_nobody(void)
{
	static const unsigned int tries[4] = { 2, 3, 0, 0 };
	const struct protect p = { CTL0_RTSENA, 300, RATE_6M };
	unsigned int len, rate, rts_frames = 0;
	struct trio t;
	uint32_t st[2];

	printf("RTS to an address nobody owns: no CTS, no data frame, excessive retries\n");
	trio_open(&t, "airtime=0");
	wr(t.c.card, 0x803c, 0x20);		/* C promiscuous: hears everything */
	rd(t.a.card, 0x808c);
	rd(t.a.card, 0x8090);
	send_frame(&t, nobody, tries, &p, st);
	check((st[0] & 3) == 2, "XRETRY, not OK (st0 %08x)", st[0]);
	check((st[0] >> 4 & 0xf) == 5, "RTS fail count (status0 7:4) = 5: %u",
	      st[0] >> 4 & 0xf);
	check((st[0] >> 8 & 0xf) == 0, "data fail count (11:8) 0: the frame never went out");
	check((st[1] >> 21 & 3) == 1, "final series 1, both series used up");
	check(t.a.card->stats.rts_sent == 5 && t.a.card->stats.rts_failed == 5,
	      "rts_sent=%llu rts_failed=%llu: every try",
	      (unsigned long long)t.a.card->stats.rts_sent,
	      (unsigned long long)t.a.card->stats.rts_failed);
	check(t.a.card->stats.tx_tries == 5 && t.a.card->stats.tx_xretry == 1 &&
	      t.a.card->stats.tx_ok == 0, "tx_tries=5, tx_xretry=1");
	check(rd(t.a.card, 0x808c) == 5 && rd(t.a.card, 0x8090) == 0,
	      "RTS_FAIL counted 5, ACK_FAIL nothing");
	for (unsigned int i = 0; i < t.c.card->frames_received && i < 8; i++)
		if (rx_frame(&t.c, i, &len, &rate)[0] == 0xb4 && len == AIR_RTS_BYTES)
			rts_frames++;
	check(t.c.card->frames_received == 5 && rts_frames == 5,
	      "promiscuous C heard 5 RTS and nothing else (%lu frames)",
	      t.c.card->frames_received);
	check(t.b.card->frames_received == 0 && t.b.card->stats.cts_sent == 0,
	      "B neither received nor answered anything");
	trio_close(&t);
	check(strstr(last_link, "00:03:7f:55:55:55: 1 frames, 0 ACKed first try, 0 after "
			       "retries, 1 failed every series, 5 attempts, 5 RTS, 5 without CTS"),
	      "A's link log line: %s", last_link);
}

static void test_cts_timeout(void)
{
	static const unsigned int tries[4] = { 2, 0, 0, 0 };
	const struct protect p = { CTL0_RTSENA, 400, RATE_24M };
	struct trio t;
	uint32_t st[2];

	printf("a CTS timeout shorter than SIFS + 4 us: the CTS is not heard\n");
	trio_open(&t, "airtime=0");
	/* the ACK field as the initial values have it, the CTS field 0 */
	wr(t.a.card, 0x8014, 0x00000420);
	send_frame(&t, t.b.mac, tries, &p, st);
	check((st[0] & 3) == 2 && (st[0] >> 4 & 0xf) == 2,
	      "XRETRY, both RTS without CTS (st0 %08x)", st[0]);
	check(t.b.card->stats.cts_sent == 2 && t.b.card->frames_received == 0,
	      "B answered both RTS and got no data frame");
	check(t.a.card->answers_too_late == 2, "A: two answers too late (%lu)",
	      t.a.card->answers_too_late);
	wr(t.a.card, 0x8014, 0x04200420);
	send_frame(&t, t.b.mac, tries, &p, st);
	check((st[0] & 3) == 1 && t.b.card->frames_received == 1,
	      "the initial values' 24 us: CTS heard, frame sent and ACKed");
	trio_close(&t);
}

static void test_cts_to_self(void)
{
	static const unsigned int tries[4] = { 4, 0, 0, 0 };
	const struct protect p = { CTL0_CTSENA, 250, RATE_6M };
	unsigned int len, rate;
	const uint8_t *f;
	struct trio t;
	uint32_t st[2];

	printf("CTS-to-self before the frame\n");
	trio_open(&t, "airtime=0");
	send_frame(&t, t.b.mac, tries, &p, st);
	check((st[0] & 3) == 1, "A: OK (st0 %08x)", st[0]);
	check(t.a.card->stats.cts_to_self == 1 && t.a.card->stats.rts_sent == 0,
	      "A: cts_to_self=%llu, no RTS",
	      (unsigned long long)t.a.card->stats.cts_to_self);
	check(t.b.card->frames_received == 1 && t.b.card->stats.cts_sent == 0,
	      "B got the data frame and answered no CTS");
	f = rx_frame(&t.c, 0, &len, &rate);
	check(t.c.card->frames_received == 1 && len == AIR_CTS_BYTES && f[0] == 0xc4 &&
	      !memcmp(f + 4, t.a.mac, 6) && fcs_good(f, len),
	      "C saw one CTS, to A itself (%lu frames)", t.c.card->frames_received);
	check(duration_of(f) == 250 && rate == RATE_6M,
	      "with the programmed duration %u and rate 0x%02x", duration_of(f), rate);
	trio_close(&t);
}

static void test_misuse(void)
{
	static const unsigned int one[4] = { 1, 0, 0, 0 };
	static const unsigned int three[4] = { 3, 0, 0, 0 };
	const struct protect bad_rate = { CTL0_RTSENA, 300, 0x07 };
	const struct protect bad_cts_rate = { CTL0_CTSENA, 300, 0x00 };
	const struct protect both = { CTL0_RTSENA | CTL0_CTSENA, 300, RATE_6M };
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	struct trio t;
	uint32_t st[2];

	printf("descriptors silicon cannot send protected\n");
	trio_open(&t, "airtime=0");
	send_frame(&t, t.b.mac, one, &bad_rate, st);
	check(misuse_lines == 1 && strstr(last_misuse, "RTS/CTS rate code 0x07 is no rate"),
	      "RTSENA with rate code 0x07 logged: %s", last_misuse);
	check((st[0] & 3) == 1 && t.b.card->frames_received == 1 &&
	      t.a.card->stats.rts_sent == 0 && t.c.card->frames_received == 0,
	      "the frame still reached B, without any RTS");

	misuse_lines = 0;
	send_frame(&t, t.b.mac, one, &bad_cts_rate, st);
	check(misuse_lines == 1 && strstr(last_misuse, "RTS/CTS rate code 0x00 is no rate") &&
	      (st[0] & 3) == 1 && t.a.card->stats.cts_to_self == 0,
	      "CTSENA with rate code 0: logged, sent without CTS-to-self");

	misuse_lines = 0;
	send_frame(&t, nobody, three, &both, st);
	check(misuse_lines == 1 && strstr(last_misuse, "RTSENA and CTSENA both set"),
	      "both bits logged once for three attempts: %s", last_misuse);
	check((st[0] & 3) == 2 && (st[0] >> 8 & 0xf) == 3 && (st[0] >> 4 & 0xf) == 0 &&
	      t.a.card->stats.rts_sent == 0 && t.a.card->stats.cts_to_self == 0,
	      "sent unprotected: three data attempts, no RTS or CTS (st0 %08x)", st[0]);

	misuse_lines = 0;
	send_frame(&t, bcast, one, &bad_rate, st);
	check(misuse_lines == 0 && (st[0] & 3) == 1 && t.a.card->stats.rts_sent == 0,
	      "RTSENA on a broadcast frame: ignored, no misuse, no RTS");
	trio_close(&t);
}

static void test_airtime(void)
{
	static const unsigned int one[4] = { 1, 0, 0, 0 };
	const struct protect none = { 0, 0, 0 };
	const struct protect rts = { CTL0_RTSENA, 300, RATE_6M };
	const struct protect cts = { CTL0_CTSENA, 300, RATE_6M };
	const struct protect rts_cck = { CTL0_RTSENA, 300, RATE_2M_SHORT };
	unsigned int plain, rts_us, cts_us, fail_us, want, len;
	struct trio t;
	uint32_t st[2];

	printf("airtime: protection lengthens the exchange\n");
	trio_open(&t, "airtime=1");
	wr(t.c.card, 0x803c, RX_FILTER_NORMAL);
	plain = send_frame(&t, t.b.mac, one, &none, st);
	check((st[0] & 3) == 1, "unprotected frame: %u us", plain);
	len = 24 + 100 + 4;
	check(plain == tx_exchange_us(RATE_6M, len, true, NULL),
	      "= DIFS + frame + SIFS + ACK (%u)", tx_exchange_us(RATE_6M, len, true, NULL));

	rts_us = send_frame(&t, t.b.mac, one, &rts, st);
	want = tx_airtime_us(RATE_6M, AIR_RTS_BYTES) + tx_airtime_us(RATE_6M, AIR_CTS_BYTES) +
	       2 * AIR_OFDM_SIFS_US;
	check((st[0] & 3) == 1 && rts_us - plain == want,
	      "RTS-protected: %u us, %u more = RTS + CTS + 2 SIFS (%u)", rts_us,
	      rts_us - plain, want);
	check(t.b.card->frames_received == 2, "B got both frames");

	rts_us = send_frame(&t, t.b.mac, one, &rts_cck, st);
	want = tx_airtime_us(RATE_2M_SHORT, AIR_RTS_BYTES) +
	       tx_airtime_us(RATE_2M_SHORT, AIR_CTS_BYTES) + 2 * AIR_CCK_SIFS_US;
	check((st[0] & 3) == 1 && rts_us - plain == want,
	      "RTS at 2 Mbit/s CCK: %u more = RTS + CTS + 2 CCK SIFS (%u)",
	      rts_us - plain, want);

	cts_us = send_frame(&t, t.b.mac, one, &cts, st);
	want = tx_airtime_us(RATE_6M, AIR_CTS_BYTES) + AIR_OFDM_SIFS_US;
	check((st[0] & 3) == 1 && cts_us - plain == want,
	      "CTS-to-self: %u more = CTS + SIFS (%u)", cts_us - plain, want);

	fail_us = send_frame(&t, nobody, one, &rts, st);
	want = AIR_OFDM_DIFS_US + tx_airtime_us(RATE_6M, AIR_RTS_BYTES) + AIR_OFDM_SIFS_US +
	       tx_airtime_us(RATE_6M, AIR_CTS_BYTES);
	check((st[0] & 3) == 2 && fail_us == want,
	      "RTS without CTS: %u us = DIFS + RTS + SIFS + CTS timeout (%u), no frame",
	      fail_us, want);
	trio_close(&t);
}

static void test_fragments(void)
{
	static const unsigned int one[4] = { 1, 0, 0, 0 };
	static const unsigned int three[4] = { 3, 0, 0, 0 };
	const struct protect none = { 0, 0, 0 };
	struct trio t;
	uint32_t st[2];

	printf("tx_fragments: attempts of fragments on the air\n");
	trio_open(&t, "airtime=0");
	send_frame(&t, t.b.mac, one, &none, st);
	check(t.a.card->stats.tx_fragments == 0, "a whole frame is no fragment");
	put_frame(&t, t.b.mac, one, &none);
	t.a.fh->mem[TX_BUF + 1] |= 0x04;	/* More Fragments */
	send_and_wait(&t, st);
	check((st[0] & 3) == 1 && t.a.card->stats.tx_fragments == 1,
	      "More Fragments set: tx_fragments=%llu",
	      (unsigned long long)t.a.card->stats.tx_fragments);
	put_frame(&t, t.b.mac, one, &none);
	t.a.fh->mem[TX_BUF + 22] = 0x02;	/* fragment 2, the last */
	send_and_wait(&t, st);
	check(t.a.card->stats.tx_fragments == 2, "fragment number 2: counted too");
	put_frame(&t, nobody, three, &none);
	t.a.fh->mem[TX_BUF + 1] |= 0x04;
	send_and_wait(&t, st);
	check((st[0] & 3) == 2 && t.a.card->stats.tx_fragments == 5,
	      "a fragment nobody ACKs: each of its 3 attempts counts (%llu)",
	      (unsigned long long)t.a.card->stats.tx_fragments);
	trio_close(&t);
}

/*
 * B in another process: A counts on B's CTS from its presence, B's
 * process answers the relayed RTS with a CTS that crosses back to C.
 */
static void test_linked_airs(void)
{
	static const unsigned int tries[4] = { 4, 0, 0, 0 };
	const struct protect p = { CTL0_RTSENA, 500, RATE_6M };
	struct air *airs[2] = { air_create(), air_create() };
	struct trio t;
	char path[64], err[256] = "";
	unsigned int len, rate;
	const uint8_t *f;
	uint32_t st[2];

	printf("RTS to a card of a linked process\n");
	if (!airs[0] || !airs[1])
		exit(2);
	snprintf(path, sizeof(path), "/tmp/ath5k-test-rts-%d.sock", (int)getpid());
	check(air_listen(airs[0], path, err, sizeof(err)) == 0, "listen %s", err);
	t.air = airs[0];
	test_card_open(&t.a, airs[0], 20, "airtime=0");
	test_card_open(&t.b, airs[1], 21, "airtime=0");
	test_card_open(&t.c, airs[0], 22, "airtime=0");
	t.a.card->ops = &logging_ops;
	check(air_connect(airs[1], path, err, sizeof(err)) == 0, "connect %s", err);
	test_card_up(&t.a, 2412, RX_RING, 8);
	test_card_up(&t.b, 2412, RX_RING, 8);
	test_card_up(&t.c, 2412, RX_RING, 8);
	wr(t.c.card, 0x803c, RX_FILTER_NORMAL | FILTER_CONTROL);
	test_airs_pump(airs, 2);
	send_frame(&t, t.b.mac, tries, &p, st);
	test_airs_pump(airs, 2);
	check((st[0] & 3) == 1 && t.a.card->stats.rts_sent == 1 &&
	      t.a.card->stats.rts_failed == 0, "A: CTS counted on, frame ACKed (st0 %08x)",
	      st[0]);
	check(t.b.card->stats.cts_sent == 1 && t.b.card->frames_received == 1,
	      "B's process answered the RTS (cts_sent=%llu) and B got the data",
	      (unsigned long long)t.b.card->stats.cts_sent);
	f = rx_frame(&t.c, 1, &len, &rate);
	check(t.c.card->frames_received == 2 && len == AIR_CTS_BYTES && f[0] == 0xc4 &&
	      !memcmp(f + 4, t.a.mac, 6),
	      "C heard the RTS and then B's CTS, relayed back (%lu frames)",
	      t.c.card->frames_received);
	test_card_close(&t.a);
	test_card_close(&t.b);
	test_card_close(&t.c);
	air_destroy(airs[1]);
	air_destroy(airs[0]);
}

int main(void)
{
	test_rts_cts_data_ack();
	test_rts_nobody();
	test_cts_timeout();
	test_cts_to_self();
	test_misuse();
	test_airtime();
	test_fragments();
	test_linked_airs();
	return checks_report("test_rts_cts");
}
