// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The rate ceiling on a card's links and the per-rate attempt counts:
 * attempts above the ceiling are never ACKed and nobody hears them,
 * those at or below meet the link model with the very draws they met
 * without it, a ceiling holds for its peer alone (or for everyone with
 * "all") and for the ACKs and CTSs a card answers that peer with, it
 * lifts, the counts come out exact for a known run of attempts, and bad
 * input is refused with nothing changed.
 */
#include "card_model.h"
#include "fake_host.h"
#include "rates_line.h"

#include <stdarg.h>

#define TX_DESC		0x1000
#define TX_BUF		0x2000
#define RX_RING		0x40000

/* AR5212 rate codes */
#define R2_SHORT	0x1e		/* CCK 2 Mbit/s, short preamble */
#define R6		0x0b
#define R12		0x0a
#define R18		0x0e
#define R24		0x09
#define R36		0x0d
#define R54		0x0c

#define CTL0_RTSENA	0x00400000u
#define CTL0_CTSENA	0x80000000u
#define STA_ID1_ACK_6MB	0x01000000u
#define FILTER_CONTROL	0x08

/* Every rate, in the order of the rates line. */
static const uint8_t line_codes[RATES_LINE_KEYS] = {
	0x1b, 0x1a, 0x19, 0x18, 0x0b, 0x0f, 0x0a, 0x0e, 0x09, 0x0d, 0x08, 0x0c,
};

/* Three cards on one channel; frames complete at once (airtime=0). */
struct room {
	struct air *air;
	struct test_card c[3];
};

static void room_open(struct room *r, const char *spec)
{
	char full[160];

	r->air = air_create();
	if (!r->air)
		exit(2);
	snprintf(full, sizeof(full), "airtime=0%s%s", *spec ? "," : "", spec);
	for (unsigned int i = 0; i < 3; i++) {
		test_card_open(&r->c[i], r->air, i, full);
		test_card_up(&r->c[i], 2412, RX_RING, 4);
	}
}

static void room_close(struct room *r)
{
	for (unsigned int i = 0; i < 3; i++)
		test_card_close(&r->c[i]);
	air_destroy(r->air);
}

/* What became of one frame. */
struct sent {
	bool ok, xretry;
	unsigned int final, retries;
	unsigned int copies;		/* frames the receiver took in, ring full or not */
};

/* What a descriptor asks for besides its series. */
struct extras {
	bool noack;
	uint32_t ctl0_bits;		/* RTSENA, CTSENA */
	uint8_t rts_rate;
};

static unsigned long heard(const struct test_card *tc)
{
	return tc->card->frames_received + tc->card->rx_dropped;
}

static struct sent send_frame(struct test_card *from, struct test_card *to,
			      const uint8_t *dst, const unsigned int tries[4],
			      const uint8_t rates[4], const struct extras *x)
{
	struct fake_host *fh = from->fh;
	unsigned int len = make_data_frame(fh->mem + TX_BUF, dst, from->mac, 200, 1);
	struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4, .buf_len = len,
			      .noack = x && x->noack };
	unsigned long before = heard(to);
	uint32_t st0, st1;

	memcpy(s.tries, tries, sizeof(s.tries));
	memcpy(s.rates, rates, sizeof(s.rates));
	put_tx_desc(fh, TX_DESC, &s);
	if (x) {
		fake_put32(fh, TX_DESC + 8, fake_get32(fh, TX_DESC + 8) | x->ctl0_bits);
		fake_put32(fh, TX_DESC + 16, fake_get32(fh, TX_DESC + 16) | 300);
		fake_put32(fh, TX_DESC + 20, fake_get32(fh, TX_DESC + 20) |
					     (uint32_t)x->rts_rate << 20);
	}
	wr(from->card, 0x800, TX_DESC);
	wr(from->card, 0x840, 1);
	st0 = fake_get32(fh, TX_DESC + 24);
	st1 = fake_get32(fh, TX_DESC + 28);
	return (struct sent){ .ok = st0 & 1, .xretry = st0 & 2, .final = st1 >> 21 & 3,
			      .retries = st0 >> 8 & 0xf,
			      .copies = (unsigned int)(heard(to) - before) };
}

/* One frame from -> to at one rate, tries tries. */
static struct sent send_at(struct test_card *from, struct test_card *to, uint8_t rate,
			   unsigned int tries)
{
	const unsigned int t[4] = { tries };
	const uint8_t r[4] = { rate };

	return send_frame(from, to, to->mac, t, r, NULL);
}

static const char *mac_text(const struct test_card *tc, char out[18])
{
	snprintf(out, 18, "%02x:%02x:%02x:%02x:%02x:%02x", tc->mac[0], tc->mac[1],
		 tc->mac[2], tc->mac[3], tc->mac[4], tc->mac[5]);
	return out;
}

static char answer[1024];

/* "CARD rate-ceiling ARGS" on tc; 0 or -1, the answer in answer[]. */
static int ceiling(struct test_card *tc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int ceiling(struct test_card *tc, const char *fmt, ...)
{
	char args[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(args, sizeof(args), fmt, ap);
	va_end(ap);
	return card_rate_ceiling_command(tc->card, args, answer, sizeof(answer));
}

/* "CARD rate-ceiling" alone: the ceilings now, in answer[]. */
static const char *ceilings_now(struct test_card *tc)
{
	if (card_rate_ceiling_command(tc->card, "", answer, sizeof(answer)))
		return "(query failed)";
	return answer;
}

/* "CARD rates" parsed; false when the answer is not a whole rates line. */
static bool rates_of(struct test_card *tc, uint64_t *attempts, uint64_t *acked)
{
	return card_rates_command(tc->card, "", answer, sizeof(answer)) == 0 &&
	       !strncmp(answer, "ok: ", 4) && rates_line_parse(answer + 4, attempts, acked);
}

static const char *last_sent_outcome(const struct test_card *tc)
{
	const struct card *c = tc->card;

	return c->journal_next ? c->journal[(c->journal_next - 1) % CARD_JOURNAL_LEN].outcome
			       : "";
}

static void test_above_lost(void)
{
	struct room r;
	struct test_card *a = &r.c[0], *b = &r.c[1], *c = &r.c[2];
	unsigned int wrong = 0, lost = 0;
	unsigned long b_journal, c_journal;
	char peer[18];
	struct sent s;

	printf("A's ceiling of 24 Mbit/s for B: every rate above lost, at or below ACKed\n");
	room_open(&r, "");
	check(ceiling(a, "%s 24", mac_text(b, peer)) == 0 &&
	      !strcmp(answer, "ok: 00:03:7f:e0:00:02=24"), "set: '%s'", answer);
	for (unsigned int i = 0; i < RATES_LINE_KEYS; i++) {
		bool below = tx_rate_100k(line_codes[i]) <= 240;

		s = send_at(a, b, line_codes[i], 1);
		if (s.ok != below || s.copies != (below ? 1u : 0u))
			wrong++;
		lost += !s.ok;
	}
	check(wrong == 0 && lost == 3, "1..24 Mbit/s ACKed with B's copy, 36/48/54 lost (%u lost)",
	      lost);
	b_journal = b->card->journal_next;
	c_journal = c->card->journal_next;
	s = send_at(a, b, R54, 8);
	check(!s.ok && s.xretry && s.retries == 8 && s.copies == 0,
	      "eight tries at 54: excessive retries, 8 failed, B got nothing");
	check(b->card->journal_next == b_journal && c->card->journal_next == c_journal,
	      "nobody on the air heard them");
	check(!strcmp(last_sent_outcome(a), "lost above the rate ceiling"),
	      "A's journal: '%s'", last_sent_outcome(a));
	check(a->card->collisions == 0, "no collision counted for them");
	room_close(&r);
}

#define RUN_FRAMES	60

/* Outcomes of RUN_FRAMES frames A -> B on a lossy air, series all <= 24. */
static void lossy_run(const char *ceilings, struct sent out[RUN_FRAMES])
{
	static const unsigned int tries[4] = { 2, 2, 2, 0 };
	static const uint8_t rates[4] = { R24, R12, R6, 0 };
	struct room r;
	char peer[18];

	room_open(&r, "air=real,loss=40,seed=7");
	if (!strcmp(ceilings, "peer"))
		ceiling(&r.c[0], "%s 24", mac_text(&r.c[1], peer));
	if (!strcmp(ceilings, "both ways")) {
		ceiling(&r.c[0], "all 24");
		ceiling(&r.c[1], "%s 24", mac_text(&r.c[0], peer));
	}
	if (!strcmp(ceilings, "12"))
		ceiling(&r.c[0], "all 12");
	for (unsigned int i = 0; i < RUN_FRAMES; i++)
		out[i] = send_frame(&r.c[0], &r.c[1], r.c[1].mac, tries, rates, NULL);
	room_close(&r);
}

static bool same_run(const struct sent *x, const struct sent *y)
{
	for (unsigned int i = 0; i < RUN_FRAMES; i++)
		if (x[i].ok != y[i].ok || x[i].final != y[i].final ||
		    x[i].retries != y[i].retries || x[i].copies != y[i].copies)
			return false;
	return true;
}

static void test_below_as_before(void)
{
	struct sent none[RUN_FRAMES], peer[RUN_FRAMES], both[RUN_FRAMES], low[RUN_FRAMES];
	unsigned int first = 0, later = 0, failed = 0, in_series0 = 0;

	printf("loss=40: frames at or below the ceiling meet the same draws as without it\n");
	lossy_run("none", none);
	lossy_run("peer", peer);
	lossy_run("both ways", both);
	lossy_run("12", low);
	for (unsigned int i = 0; i < RUN_FRAMES; i++) {
		first += none[i].ok && none[i].final == 0 && none[i].retries == 0;
		later += none[i].ok && (none[i].final || none[i].retries);
		failed += !none[i].ok;
		in_series0 += low[i].ok && low[i].final == 0;
	}
	check(first > 0 && later > 0 && failed > 0,
	      "the loss is at work: %u first try, %u after retries, %u failed", first, later,
	      failed);
	check(same_run(none, peer), "A's ceiling of 24 for B: the same %u outcomes", RUN_FRAMES);
	check(same_run(none, both), "24 both ways (ACKs at 24/12/6): the same %u outcomes",
	      RUN_FRAMES);
	check(!same_run(none, low) && in_series0 == 0,
	      "a ceiling of 12 changes them: nothing ACKed in the 24 Mbit/s series");
}

static void test_counts(void)
{
	static const unsigned int tries[4] = { 2, 2, 3, 1 };
	static const uint8_t rates[4] = { R54, R36, R24, R6 };
	static const uint8_t group[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const struct extras noack = { .noack = true };
	uint64_t attempts[RATES_LINE_KEYS], acked[RATES_LINE_KEYS], sum = 0;
	unsigned int in_series2 = 0, after_lift = 0;
	struct room r;
	struct test_card *a = &r.c[0], *b = &r.c[1];
	char peer[18];

	printf("per-rate counts: exact for a known run of attempts\n");
	room_open(&r, "");
	ceiling(a, "%s 24", mac_text(b, peer));
	for (unsigned int i = 0; i < 10; i++) {
		struct sent s = send_frame(a, b, b->mac, tries, rates, NULL);

		in_series2 += s.ok && s.final == 2 && s.retries == 0;
	}
	check(in_series2 == 10, "series 54x2, 36x2, 24x3: each frame ACKed at once in the third");
	/* Sent once, no ACK due: not counted. */
	send_frame(a, b, group, tries, rates, NULL);
	send_frame(a, b, b->mac, tries, rates, &noack);
	for (unsigned int i = 0; i < 4; i++)
		send_at(a, b, R2_SHORT, 1);
	ceiling(a, "%s off", peer);
	for (unsigned int i = 0; i < 10; i++) {
		struct sent s = send_frame(a, b, b->mac, tries, rates, NULL);

		after_lift += s.ok && s.final == 0 && s.retries == 0;
	}
	check(after_lift == 10, "ceiling lifted: each frame ACKed at 54 at once");
	check(card_rates_command(a->card, "", answer, sizeof(answer)) == 0 &&
	      !strcmp(answer, "ok: 1=0/0 2=4/4 5.5=0/0 11=0/0 6=0/0 9=0/0 12=0/0 18=0/0 24=10/10 36=20/0 48=0/0 54=30/10"),
	      "A: '%s'", answer);
	check(rates_of(a, attempts, acked), "the line parses strictly");
	for (unsigned int i = 0; i < RATES_LINE_KEYS; i++)
		sum += attempts[i];
	check(sum + 2 == a->card->stats.tx_tries,
	      "%llu attempts = tx_tries %llu less the group and NOACK frames",
	      (unsigned long long)sum, (unsigned long long)a->card->stats.tx_tries);
	check(card_rates_command(b->card, "", answer, sizeof(answer)) == 0 &&
	      !strcmp(answer, "ok: 1=0/0 2=0/0 5.5=0/0 11=0/0 6=0/0 9=0/0 12=0/0 18=0/0 24=0/0 36=0/0 48=0/0 54=0/0"),
	      "B's ACKs are not attempts: '%s'", answer);
	card_reset(a->card);
	check(rates_of(a, attempts, acked) && attempts[rates_key_index("54")] == 30 &&
	      acked[rates_key_index("54")] == 10, "a card reset keeps the counts");
	check(card_rates_command(a->card, "reset", answer, sizeof(answer)) == -1 &&
	      !strncmp(answer, "error: rates: 'reset'", 21), "'rates reset' refused: '%s'",
	      answer);
	room_close(&r);
}

static void test_scope(void)
{
	struct room r;
	struct test_card *a = &r.c[0], *b = &r.c[1], *c = &r.c[2];
	char pb[18], pc[18];

	printf("scope: a peer's ceiling, 'all', the peer's over 'all', lifting\n");
	room_open(&r, "");
	mac_text(b, pb);
	mac_text(c, pc);
	ceiling(a, "%s 12", pb);
	check(!send_at(a, b, R18, 1).ok && send_at(a, b, R12, 1).ok,
	      "A -> B: 18 lost, 12 ACKed");
	check(send_at(a, c, R54, 1).ok, "A -> C at 54: ACKed (C is not B)");
	check(send_at(c, b, R54, 1).ok && send_at(b, c, R54, 1).ok,
	      "C -> B, B -> C at 54: ACKed (A takes no part)");
	check(!send_at(b, a, R54, 1).ok && send_at(b, a, R18, 1).ok,
	      "B -> A: at 54 A's ACK at 24 lost, at 18 its ACK at 12 gets back");
	ceiling(a, "all 6");
	check(!strcmp(ceilings_now(a), "ok: all=6 00:03:7f:e0:00:02=12"), "query: '%s'",
	      answer);
	check(!send_at(a, c, R12, 1).ok && send_at(a, c, R6, 1).ok,
	      "A -> C under 'all 6': 12 lost, 6 ACKed");
	check(send_at(a, b, R12, 1).ok, "A -> B: B's own 12 wins over 'all 6'");
	ceiling(a, "%s off", pb);
	check(!strcmp(answer, "ok: all=6"), "B's lifted: '%s'", answer);
	check(!send_at(a, b, R12, 1).ok && send_at(a, b, R6, 1).ok,
	      "A -> B now under 'all 6'");
	ceiling(a, "%s 54", pc);
	ceiling(a, "%s 5.5", pb);
	check(!strcmp(answer, "ok: all=6 00:03:7f:e0:00:03=54 00:03:7f:e0:00:02=5.5"),
	      "peers listed in the order set: '%s'", answer);
	check(send_at(a, b, 0x19, 1).ok && !send_at(a, b, R6, 1).ok,
	      "B at 5.5: 5.5 CCK ACKed, 6 OFDM lost");
	check(ceiling(a, "off") == 0 && !strcmp(answer, "ok: off"), "'off': '%s'", answer);
	check(send_at(a, b, R54, 1).ok && send_at(a, c, R54, 1).ok,
	      "everything lifted: 54 ACKed to B and C");
	room_close(&r);
}

/* B's answers to A cross the link under B's ceiling for A. */
static void test_answers(void)
{
	struct extras rts = { .ctl0_bits = CTL0_RTSENA, .rts_rate = R24 };
	static const unsigned int one[4] = { 1 };
	static const uint8_t at12[4] = { R12 };
	struct room r;
	struct test_card *a = &r.c[0], *b = &r.c[1], *c = &r.c[2];
	uint64_t attempts[RATES_LINE_KEYS], acked[RATES_LINE_KEYS];
	char pa[18], pb[18];
	struct sent s;

	printf("ACKs and CTSs under the answering card's ceiling\n");
	room_open(&r, "");
	ceiling(b, "%s 12", mac_text(a, pa));
	s = send_at(a, b, R54, 1);
	check(!s.ok && s.copies == 1, "A -> B at 54: B took it, its ACK at 24 lost");
	s = send_at(a, b, R24, 1);
	check(!s.ok && s.copies == 1, "at 24: the same");
	s = send_at(a, b, R18, 1);
	check(s.ok && s.copies == 1, "at 18: B's ACK at 12 gets back");
	wr(b->card, 0x8004, rd(b->card, 0x8004) | STA_ID1_ACK_6MB);
	check(send_at(a, b, R54, 1).ok, "B with ACKCTS_6MB: the 54 frame's ACK at 6 gets back");
	wr(b->card, 0x8004, rd(b->card, 0x8004) & ~STA_ID1_ACK_6MB);

	rates_of(a, attempts, acked);
	s = send_frame(a, b, b->mac, one, at12, &rts);
	check(!s.ok && s.copies == 0 && a->card->stats.rts_failed == 1,
	      "RTS at 24: B's CTS at 24 lost, the frame never went");
	rates_of(a, attempts + 0, acked);
	check(attempts[rates_key_index("12")] == 0, "and no attempt at 12 counted");
	rts.rts_rate = R6;
	s = send_frame(a, b, b->mac, one, at12, &rts);
	check(s.ok && s.copies == 1, "RTS at 6: CTS, then the frame at 12 ACKed");

	ceiling(b, "off");
	ceiling(a, "%s 12", mac_text(b, pb));
	rts.rts_rate = R24;
	s = send_frame(a, b, b->mac, one, at12, &rts);
	check(!s.ok && s.copies == 0 && a->card->stats.rts_failed == 2,
	      "A's own ceiling: its RTS at 24 lost");

	/* C takes control frames: it sees the CTS-to-self, or not. */
	wr(c->card, 0x803c, RX_FILTER_NORMAL | FILTER_CONTROL);
	{
		struct extras cts = { .ctl0_bits = CTL0_CTSENA, .rts_rate = R24 };

		s = send_frame(a, c, b->mac, one, at12, &cts);
		check(s.ok && s.copies == 1, "CTS-to-self at 24 under no 'all': C hears it");
		ceiling(a, "all 12");
		s = send_frame(a, c, b->mac, one, at12, &cts);
		check(s.ok && s.copies == 0,
		      "under 'all 12' the CTS-to-self at 24 is lost, the frame at 12 ACKed");
	}
	room_close(&r);
}

/* Each bad line is refused with a reason and leaves the ceilings as they were. */
static void test_bad_input(void)
{
	static const char *const bad[] = {
		"all", "24", "all 7", "all 24.0", "all 024", "all 5.50", "all -1",
		"all 0", "all 24 now", "off now", "ff:ff:ff:ff:ff:ff 24",
		"01:00:5e:00:00:01 24", "00:03:7f:e0:00:01 24", "00:03:7f:e0:00:0g 24",
		"00:03:7f:e0:00:02:00 24", "bob 24", "all on", "00:03:7f:e0:00:02",
	};
	struct room r;
	struct test_card *a = &r.c[0];
	char before[sizeof(answer)];
	unsigned int changed = 0, unexplained = 0;

	printf("bad rate-ceiling lines refused, nothing changed\n");
	room_open(&r, "");
	ceiling(a, "all 24");
	ceiling(a, "00:03:7f:e0:00:02 12");
	snprintf(before, sizeof(before), "%s", answer);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int ret = ceiling(a, "%s", bad[i]);

		if (ret != -1 || strncmp(answer, "error: rate-ceiling: ", 21)) {
			unexplained++;
			printf("    '%s' -> %d '%s'\n", bad[i], ret, answer);
		}
		changed += strcmp(ceilings_now(a), before) != 0;
	}
	check(unexplained == 0, "%zu lines refused with 'error: rate-ceiling: ...'",
	      sizeof(bad) / sizeof(bad[0]));
	check(changed == 0, "the ceilings stayed '%s'", before + 4);
	ceiling(a, "all 7");
	check(strstr(answer, "'7' is neither 'off' nor a rate in Mbit/s (1 2 5.5 11 6 9 12 18 24 36 48 54)") != NULL,
	      "the reason names the rates: '%s'", answer);
	ceiling(a, "00:03:7f:e0:00:01 24");
	check(strstr(answer, "own address") != NULL, "own address: '%s'", answer);
	for (unsigned int i = 0; i < CARD_CEILING_PEERS - 1; i++)
		ceiling(a, "02:00:00:00:00:%02x 54", i);
	check(strstr(ceilings_now(a), "02:00:00:00:00:06=54") != NULL, "8 peers kept");
	snprintf(before, sizeof(before), "%s", answer);
	check(ceiling(a, "02:00:00:00:00:%02x 54", 99) == -1 && strstr(answer, "lift one first"),
	      "a ninth refused: '%s'", answer);
	check(ceiling(a, "02:00:00:00:00:00 36") == 0 && strstr(answer, "02:00:00:00:00:00=36"),
	      "a peer already kept takes a new ceiling");
	ceiling(a, "02:00:00:00:00:00 54");
	check(!strcmp(answer, before), "and the full table is as it was");
	check(ceiling(a, "02:00:00:00:00:63 off") == 0 && !strcmp(answer, before),
	      "lifting a peer with no ceiling: ok, nothing changes");
	room_close(&r);
}

static void test_option(void)
{
	static const char *const bad[] = {
		"rate-ceiling=7", "rate-ceiling=", "rate-ceiling=24.0", "rate-ceiling=54M",
		"rate-ceiling=all",
	};
	struct card_config cfg;
	struct room r;
	char err[256];
	unsigned int refused = 0;

	printf("rate-ceiling= card option: the card's ceiling for everyone\n");
	card_config_defaults(&cfg, 0);
	check(cfg.rate_ceiling_100k == 0, "none by default");
	check(card_config_parse(&cfg, "rate-ceiling=5.5", err, sizeof(err)) == 0 &&
	      cfg.rate_ceiling_100k == 55, "rate-ceiling=5.5");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		refused += card_config_parse(&cfg, bad[i], err, sizeof(err)) == -1 &&
			   cfg.rate_ceiling_100k == 55;
	check(refused == sizeof(bad) / sizeof(bad[0]), "bad values refused, the last good kept");
	check(strstr(err, "off or a rate in Mbit/s") != NULL, "'%s'", err);
	check(card_config_parse(&cfg, "rate-ceiling=off", err, sizeof(err)) == 0 &&
	      cfg.rate_ceiling_100k == 0, "rate-ceiling=off");

	room_open(&r, "rate-ceiling=24");
	check(!strcmp(ceilings_now(&r.c[0]), "ok: all=24"), "the card: '%s'", answer);
	check(!send_at(&r.c[0], &r.c[1], R36, 1).ok && send_at(&r.c[0], &r.c[1], R24, 1).ok,
	      "36 lost, 24 ACKed");
	ceiling(&r.c[0], "all 54");
	card_reset(r.c[0].card);
	check(!strcmp(ceilings_now(&r.c[0]), "ok: all=54"),
	      "a card reset keeps the ceiling the control socket set");
	room_close(&r);
}

int main(void)
{
	test_above_lost();
	test_below_as_before();
	test_counts();
	test_scope();
	test_answers();
	test_bad_input();
	test_option();
	return checks_report("test_rate_ceiling");
}
