// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * "CARD forge-deauth PEER" (forge.c): card B's radio spoofs B with a
 * Deauthentication in clear to card A, sent at B's next step on B's
 * channel at the band's lowest rate; A's ring gets exactly that frame and
 * A ACKs it.  B's counts do not move, A's 802.11w counts neither (they
 * grow for protected frames only); refusals queue nothing; the verb
 * through control_execute, logged as the other settings are.
 */
#include "air_timing.h"
#include "card_model.h"
#include "fake_host.h"
#include "control_test.h"

#define TX_DESC		0x1000
#define TX_BUF		0x2000
#define RX_RING		0x40000
#define RING_N		8
#define DEAUTH_LEN	(24 + 2 + 4)

static const uint8_t nobody[6] = { 0x02, 0x00, 0x00, 0x55, 0x55, 0x55 };
static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

/* ---- what the cards log ---- */

static char last_forge_line[512];
static unsigned int forge_lines;

static void capture_log(void *host, const char *line)
{
	(void)host;
	if (!strstr(line, ": forge-deauth: "))
		return;
	forge_lines++;
	snprintf(last_forge_line, sizeof(last_forge_line), "%s", line);
	printf("    log: %s\n", line);
}

static struct card_host_ops logging_ops;

/* ---- two cards on one air ---- */

struct pair {
	struct air *air;
	struct test_card c[2];		/* A, the victim; B, spoofed */
	unsigned int rx_next;		/* A's next RX descriptor */
};

static void pair_open(struct pair *p, unsigned int mhz)
{
	memset(p, 0, sizeof(*p));
	p->air = air_create();
	if (!p->air)
		exit(2);
	logging_ops = fake_ops;
	logging_ops.log = capture_log;
	test_card_open(&p->c[0], p->air, 0, "airtime=1");
	test_card_open(&p->c[1], p->air, 1, "airtime=1");
	p->c[1].card->ops = &logging_ops;
	test_card_up(&p->c[0], mhz, RX_RING, RING_N);
	test_card_up(&p->c[1], mhz, RX_RING, RING_N);
	forge_lines = 0;
	last_forge_line[0] = '\0';
}

static void pair_close(struct pair *p)
{
	test_card_close(&p->c[0]);
	test_card_close(&p->c[1]);
	air_destroy(p->air);
}

/* Both clocks on by us, in 10 µs steps. */
static void run_us(struct pair *p, unsigned int us)
{
	for (unsigned int t = 0; t < us; t += 10)
		test_cards_advance(p->c, 2, 10);
}

/* A's next received frame (len, RX status words), or NULL. */
static const uint8_t *next_rx(struct pair *p, unsigned int *len, uint32_t st[2])
{
	struct fake_host *fh = p->c[0].fh;
	uint32_t d = RX_RING + 32 * p->rx_next;

	if (p->rx_next >= RING_N || !(fake_get32(fh, d + 20) & 1))
		return NULL;
	st[0] = fake_get32(fh, d + 16);
	st[1] = fake_get32(fh, d + 20);
	*len = st[0] & 0xfff;
	return fh->mem + RX_RING + 0x10000 + RX_BUF_SIZE * p->rx_next++;
}

static bool fcs_good(const uint8_t *frame, unsigned int len)
{
	uint32_t fcs;

	memcpy(&fcs, frame + len - 4, 4);
	return len > 4 && fcs == wifi_crc32(frame, len - 4);
}

static unsigned int le16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static int forge(struct card *c, const char *args, char *answer, size_t cap)
{
	return card_forge_deauth_command(c, args, answer, cap);
}

/*
 * The frame of B's forge-deauth to dst as A must have it: c0 00 (c0 08 when
 * retried), duration, dst, B, B, reason 7, good FCS, at rate with the
 * receive OK bit.
 */
static void expect_deauth(const uint8_t *f, unsigned int len, const uint32_t st[2],
			  const struct pair *p, const uint8_t *dst, uint8_t fc1,
			  unsigned int duration, uint8_t rate, const char *what)
{
	const uint8_t *b = p->c[1].mac;

	check(f && len == DEAUTH_LEN && f[0] == 0xc0 && f[1] == fc1,
	      "%s: %u bytes, frame control %02x%02x", what, len, f ? f[0] : 0, f ? f[1] : 0);
	if (!f || len != DEAUTH_LEN)
		return;
	check(!memcmp(f + 4, dst, 6) && !memcmp(f + 10, b, 6) && !memcmp(f + 16, b, 6),
	      "%s: addr1 the peer, addr2 = addr3 = B's address", what);
	check(le16(f + 24) == 7 && fcs_good(f, len), "%s: reason 7, FCS good", what);
	check(le16(f + 2) == duration, "%s: duration %u (SIFS + ACK), want %u", what,
	      le16(f + 2), duration);
	check((st[1] & 2) && (st[0] >> 15 & 0x1f) == rate,
	      "%s: received OK at rate code 0x%02x (0x%02x)", what, rate, st[0] >> 15 & 0x1f);
}

static void test_forged_deauth(unsigned int mhz, uint8_t rate, unsigned int duration)
{
	struct pair p;
	struct card *a, *b;
	char answer[128], want[64], crypto_before[CARD_CRYPTO_LINE_MAX];
	char crypto_after[CARD_CRYPTO_LINE_MAX], rates[CARD_RATES_LINE_MAX + 4];
	const struct journal_entry *e;
	const uint8_t *f;
	unsigned int len;
	uint32_t st[2], pisr, prof_tx;
	uint64_t tries;

	printf("B forges a deauthentication to A on %u MHz\n", mhz);
	pair_open(&p, mhz);
	a = p.c[0].card;
	b = p.c[1].card;
	card_crypto_summary(b, crypto_before, sizeof(crypto_before));
	tries = b->stats.tx_tries;
	pisr = b->pisr;
	prof_tx = rd(b, 0x80ec);
	snprintf(want, sizeof(want), "ok: deauth to %02x:%02x:%02x:%02x:%02x:%02x queued",
		 p.c[0].mac[0], p.c[0].mac[1], p.c[0].mac[2], p.c[0].mac[3],
		 p.c[0].mac[4], p.c[0].mac[5]);
	check(forge(b, "00:03:7F:E0:00:01", answer, sizeof(answer)) == 0 &&
	      !strcmp(answer, want), "'forge-deauth 00:03:7F:E0:00:01': '%s'", answer);
	check(!next_rx(&p, &len, st) && forge_next_deadline(b) == p.c[1].fh->now,
	      "nothing on the air yet; due at B's next step");
	test_cards_advance(p.c, 2, 0);
	f = next_rx(&p, &len, st);
	expect_deauth(f, len, st, &p, p.c[0].mac, 0x00, duration, rate, "A's ring");
	check(!next_rx(&p, &len, st), "exactly one frame");
	check(forge_next_deadline(b) == CARD_NO_DEADLINE, "nothing left queued");
	snprintf(want, sizeof(want), "rate 0x%02x: ACKed after 1 transmission", rate);
	check(forge_lines == 1 && strstr(last_forge_line, want) &&
	      strstr(last_forge_line, "card1: forge-deauth: deauthentication to 00:03:7f:e0:00:01 from 00:03:7f:e0:00:02, reason 7, seq 0,"),
	      "B's log: the frame, A's ACK");
	e = &b->journal[(b->journal_next - 1) % CARD_JOURNAL_LEN];
	check(b->journal_next == 1 && e->sent && !strcmp(e->outcome, "on the air") &&
	      e->fc[0] == 0xc0 && !memcmp(e->addr1, p.c[0].mac, 6) && e->rate_code == rate,
	      "B's journal: sent, on the air");
	e = &a->journal[(a->journal_next - 1) % CARD_JOURNAL_LEN];
	check(a->journal_next == 1 && !e->sent && !strcmp(e->outcome, "received"),
	      "A's journal: received");

	/* Not a descriptor's: nothing the driver sees at B moves. */
	card_crypto_summary(b, crypto_after, sizeof(crypto_after));
	card_rates_command(b, "", rates, sizeof(rates));
	check(!strcmp(crypto_before, crypto_after) && b->stats.tx_tries == tries &&
	      !b->stats.tx_frames && !b->frames_sent && b->pisr == pisr,
	      "B: no crypto count, TX frame, try or interrupt");
	check(!strcmp(rates, "ok: 1=0/0 2=0/0 5.5=0/0 11=0/0 6=0/0 9=0/0 12=0/0 18=0/0 "
		      "24=0/0 36=0/0 48=0/0 54=0/0"), "B: no attempt per rate (%s)", rates);
	check(!a->crypto.rx_mgmt_protected && !a->crypto.rx_mgmt_bip && a->stats.rx_frames == 1,
	      "A: received 1 frame, counted neither mgmt-protected nor mgmt-bip");

	printf("two queued before a step: both go, in order, seq counting on\n");
	check(forge(b, "00:03:7f:e0:00:01", answer, sizeof(answer)) == 0 &&
	      forge(b, "02:00:00:55:55:55", answer, sizeof(answer)) == 0,
	      "two deauthentications queued");
	wr(a, 0x803c, 0x20 | RX_FILTER_NORMAL);		/* A hears everything */
	run_us(&p, 10);
	f = next_rx(&p, &len, st);
	expect_deauth(f, len, st, &p, p.c[0].mac, 0x00, duration, rate, "first, to A");
	check(f && le16(f + 22) >> 4 == 1, "seq 1");
	/* Nobody owns 02:00:00:55:55:55: four transmissions, the Retry bit after the first. */
	for (unsigned int i = 0; i < 4; i++) {
		f = next_rx(&p, &len, st);
		expect_deauth(f, len, st, &p, nobody, i ? 0x08 : 0x00, duration, rate,
			      i ? "retry, to nobody" : "first try, to nobody");
		check(f && le16(f + 22) >> 4 == 2, "seq 2");
	}
	check(!next_rx(&p, &len, st), "no more");
	check(strstr(last_forge_line, "to 02:00:00:55:55:55") &&
	      strstr(last_forge_line, "not ACKed after 4 transmissions"),
	      "B's log: not ACKed after 4 transmissions");
	check(rd(b, 0x80ec) == prof_tx, "B: PROFCNT_TX still %u", prof_tx);

	if (rate == 0x0b) {
		printf("B's rate ceiling holds for it as for B's own frames\n");
		card_rate_ceiling_command(b, "all 2", answer, sizeof(answer));
		check(forge(b, "00:03:7f:e0:00:01", answer, sizeof(answer)) == 0, "queued");
		run_us(&p, 10);
		e = &b->journal[(b->journal_next - 1) % CARD_JOURNAL_LEN];
		check(!next_rx(&p, &len, st) && !strcmp(e->outcome, "lost above the rate ceiling") &&
		      strstr(last_forge_line, "not ACKed after 4 transmissions"),
		      "above a ceiling of 2 Mbit/s: lost, 4 transmissions");
	}
	pair_close(&p);
}

/* A's 802.11w counts grow for B's protected frames, not for B's forged ones. */
static void test_receiver_counts(void)
{
	struct pair p;
	struct card *a, *b;
	struct fake_host *fh;
	uint8_t *buf;
	char answer[128];
	unsigned int len;
	uint32_t st[2];

	printf("A counts rx mgmt-protected / mgmt-bip for protected frames only\n");
	pair_open(&p, 2412);
	a = p.c[0].card;
	b = p.c[1].card;
	fh = p.c[1].fh;
	buf = fh->mem + TX_BUF;
	for (unsigned int round = 0; round < 3; round++) {
		struct tx_setup s = { .buf = TX_BUF, .intreq = true, .tries = { 4 },
				      .rates = { 0x1b } };
		unsigned int n = 24;

		memset(buf, 0, 64);
		buf[0] = 0xc0;
		memcpy(buf + 10, p.c[1].mac, 6);
		memcpy(buf + 16, p.c[1].mac, 6);
		if (round == 0) {
			/* a deauthentication sealed by software: CCMP header, body, MIC */
			buf[1] = 0x40;
			memcpy(buf + 4, p.c[0].mac, 6);
			buf[27] = 0x20;
			n += 8 + 2 + 8;
		} else if (round == 1) {
			/* a broadcast one under BIP: reason, then the MME */
			memcpy(buf + 4, bcast, 6);
			buf[n] = 7;
			buf[n + 2] = 76;
			buf[n + 3] = 16;
			n += 2 + 18;
			s.noack = true;
			s.tries[0] = 1;
		} else {
			check(forge(b, "00:03:7f:e0:00:01", answer, sizeof(answer)) == 0,
			      "forged: '%s'", answer);
		}
		if (round < 2) {
			s.frame_len = n + 4;
			s.buf_len = n;
			put_tx_desc(fh, TX_DESC, &s);
			wr(b, 0x800, TX_DESC);
			wr(b, 0x840, 1);
		}
		run_us(&p, 20000);
		check(next_rx(&p, &len, st) != NULL, "A received it");
	}
	check(a->crypto.rx_mgmt_protected == 1 && a->crypto.rx_mgmt_bip == 1,
	      "A: rx mgmt-protected 1, mgmt-bip 1 (%lu, %lu)", a->crypto.rx_mgmt_protected,
	      a->crypto.rx_mgmt_bip);
	check(b->crypto.tx_mgmt_protected == 1 && b->crypto.tx_mgmt_bip == 1,
	      "B: tx mgmt-protected 1, mgmt-bip 1: the forged frame is none of its");
	pair_close(&p);
}

static void test_refusals(void)
{
	static const char *const bad[][2] = {
		{ "", "error: forge-deauth: expected 'forge-deauth PEER_MAC'" },
		{ "00:03:7f:e0:00:01 now", "error: forge-deauth: expected 'forge-deauth PEER_MAC'" },
		{ "01:00:5e:00:00:01", "error: forge-deauth: '01:00:5e:00:00:01' is not a unicast xx:xx:xx:xx:xx:xx" },
		{ "ff:ff:ff:ff:ff:ff", "error: forge-deauth: 'ff:ff:ff:ff:ff:ff' is not a unicast xx:xx:xx:xx:xx:xx" },
		{ "00:03:7f:e0:00", "error: forge-deauth: '00:03:7f:e0:00' is not a unicast xx:xx:xx:xx:xx:xx" },
		{ "00:03:7f:e0:00:01x", "error: forge-deauth: '00:03:7f:e0:00:01x' is not a unicast xx:xx:xx:xx:xx:xx" },
		{ "00:03:7f:e0:00:02", "error: forge-deauth: '00:03:7f:e0:00:02' is the card's own address" },
	};
	struct pair p;
	struct test_card c;
	struct card *b;
	char answer[160];
	unsigned int len;
	uint32_t st[2];

	printf("refusals answer their error and queue nothing\n");
	pair_open(&p, 2412);
	b = p.c[1].card;
	wr(p.c[0].card, 0x803c, 0x20 | RX_FILTER_NORMAL);
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = forge(b, bad[i][0], answer, sizeof(answer));

		check(rc < 0 && !strcmp(answer, bad[i][1]), "'forge-deauth %s': '%s'",
		      bad[i][0], answer);
	}
	/* the address the driver gave B counts as its own too */
	wr(b, 0x8000, 0x55000202);
	wr(b, 0x8004, (rd(b, 0x8004) & ~0xffffu) | 0x5555);
	check(forge(b, "02:02:00:55:55:55", answer, sizeof(answer)) < 0 &&
	      !strcmp(answer, "error: forge-deauth: '02:02:00:55:55:55' is the card's own address"),
	      "B's programmed address: '%s'", answer);
	check(forge(b, "00:03:7f:e0:00:02", answer, sizeof(answer)) < 0,
	      "and its mac= still: '%s'", answer);
	check(b->forge.n == 0 && forge_next_deadline(b) == CARD_NO_DEADLINE,
	      "nothing queued");
	run_us(&p, 1000);
	check(!next_rx(&p, &len, st) && !forge_lines, "nothing sent, nothing logged");

	for (unsigned int i = 0; i < CARD_FORGE_QUEUE; i++)
		forge(b, "00:03:7f:e0:00:01", answer, sizeof(answer));
	check(forge(b, "00:03:7f:e0:00:01", answer, sizeof(answer)) < 0 &&
	      !strcmp(answer, "error: forge-deauth: card1 has 8 deauthentications queued already, the most it keeps"),
	      "a ninth before the step: '%s'", answer);
	run_us(&p, 10);
	check(forge_lines == CARD_FORGE_QUEUE && b->forge.n == 0, "the eight went at the step");

	test_card_open(&c, p.air, 2, "airtime=1");
	check(forge(c.card, "00:03:7f:e0:00:01", answer, sizeof(answer)) < 0 &&
	      !strcmp(answer, "error: forge-deauth: the card is not on a channel"),
	      "a card never tuned: '%s'", answer);
	test_card_up(&c, 2412, RX_RING, RING_N);
	card_enter_d3hot(c.card);
	check(forge(c.card, "00:03:7f:e0:00:01", answer, sizeof(answer)) < 0 &&
	      !strcmp(answer, "error: forge-deauth: the card is not on a channel"),
	      "a card in D3hot: '%s'", answer);
	check(c.card->forge.n == 0, "nothing queued");
	card_leave_d3hot(c.card);
	test_card_close(&c);

	/* queued, then the card reset before its step: dropped and logged */
	check(forge(b, "00:03:7f:e0:00:01", answer, sizeof(answer)) == 0, "queued");
	card_reset(b);
	forge_lines = 0;
	test_cards_advance(p.c, 2, 0);
	check(forge_lines == 1 && strstr(last_forge_line, "not sent: the card is not on a channel"),
	      "reset before the step: not sent, logged");
	pair_close(&p);
}

/* ---- the control socket ---- */

static void test_control(void)
{
	struct air *air = air_create();
	struct control_test t;
	char answer[CARD_STATS_LINE_MAX + 16];
	const char *log;

	printf("CARD forge-deauth through control_execute\n");
	if (!air)
		exit(2);
	control_test_open(&t, "test_forge", air);
	control_execute(t.ctl, "card0 forge-deauth 00:03:7f:e0:00:09", answer, sizeof(answer));
	check(!strcmp(answer, "error: forge-deauth: the card is not on a channel"),
	      "before a driver tuned it: '%s'", answer);
	wr(t.card0, 0x4004, 0);
	wr(t.card0, 0x4000, 0);
	tune(t.card0, 2437);
	control_execute(t.ctl, "card0 forge-deauth 00:03:7f:e0:00:09", answer, sizeof(answer));
	check(!strcmp(answer, "ok: deauth to 00:03:7f:e0:00:09 queued"), "tuned: '%s'", answer);
	control_execute(t.ctl, "card0 forge-deauth", answer, sizeof(answer));
	check(!strcmp(answer, "error: forge-deauth: expected 'forge-deauth PEER_MAC'"),
	      "no peer: '%s'", answer);
	control_execute(t.ctl, "card0 forge-deauth 00:03:7f:e0:00:01", answer, sizeof(answer));
	check(!strcmp(answer, "error: forge-deauth: '00:03:7f:e0:00:01' is the card's own address"),
	      "its own: '%s'", answer);
	control_execute(t.ctl, "card9 forge-deauth 00:03:7f:e0:00:09", answer, sizeof(answer));
	check(!strcmp(answer, "error: no card named 'card9'"), "another card: '%s'", answer);
	control_execute(t.ctl, "card0", answer, sizeof(answer));
	check(starts(answer, "error: ") && strstr(answer, "'CARD forge-deauth PEER_MAC'"),
	      "the usage names it: '%s'", answer);
	card_advance(t.card0, t.now);

	log = control_test_log(&t);
	check(strstr(log, "card0: control: forge-deauth 00:03:7f:e0:00:09\n"),
	      "the server log records the setting");
	check(!strstr(log, "control: forge-deauth 00:03:7f:e0:00:01") &&
	      !strstr(log, "control: forge-deauth\n"), "and no refusal");
	check(strstr(log, "card0: forge-deauth: deauthentication to 00:03:7f:e0:00:09 from 00:03:7f:e0:00:01, reason 7, seq 0, 2437 MHz rate 0x1b: not ACKed after 4 transmissions"),
	      "the card log says it went on the air");
	control_test_close(&t);
	air_destroy(air);
}

int main(void)
{
	/* SIFS + the ACK: 10 + 304 µs at 1 Mbit/s CCK, 16 + 44 at 6 OFDM */
	test_forged_deauth(2412, 0x1b, AIR_CCK_SIFS_US + 304);
	test_forged_deauth(5180, 0x0b, AIR_OFDM_SIFS_US + 44);
	test_receiver_counts();
	test_refusals();
	test_control();
	return checks_report("test_forge");
}
