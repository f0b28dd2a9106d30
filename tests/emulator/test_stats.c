// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The per-card cost counters (card_stats.c): a known sequence of driver
 * register accesses, interrupts, TX and RX frames must show up as exact
 * counts, the model's own work must not, and the "stats" line must carry
 * every key in order with the counts.
 */
#include "card_model.h"
#include "fake_host.h"
#include "stats_line.h"

#define RX_RING		0x40000
#define TX_DESCS	0x1000
#define TX_BUFS		0x10000

static const uint8_t nobody[6] = { 0x02, 0, 0, 0, 0, 0x99 };

/* The card's summary line parsed; false (and a failed check) if malformed. */
static bool snapshot(struct card *c, uint64_t *v)
{
	char line[CARD_STATS_LINE_MAX];
	bool ok;

	card_stats_summary(c, line, sizeof(line));
	ok = stats_line_parse(line, v);
	if (!ok)
		check(false, "stats line parses: %s", line);
	return ok;
}

/* How much key grew between two snapshots. */
static uint64_t grew(const uint64_t *before, const uint64_t *after, const char *key)
{
	return stats_get(after, key) - stats_get(before, key);
}

struct expect {
	const char *key;
	uint64_t value;
};

/* Every key of the line: those listed must have grown by their value, the rest not at all. */
static void check_growth(const char *what, const uint64_t *before, const uint64_t *after,
			 const struct expect *want, unsigned int n)
{
	bool all = true;

	for (unsigned int k = 0; k < STATS_LINE_KEYS; k++) {
		const char *key = stats_line_keys[k];
		uint64_t expected = 0, got = after[k] - before[k];

		for (unsigned int i = 0; i < n; i++)
			if (!strcmp(want[i].key, key))
				expected = want[i].value;
		if (got != expected) {
			check(false, "%s: %s grew by %llu, expected %llu", what, key,
			      (unsigned long long)got, (unsigned long long)expected);
			all = false;
		}
	}
	if (all)
		check(true, "%s: every counter as expected", what);
}

static void test_registers(void)
{
	struct test_card t;
	struct card *c;
	uint64_t zero[STATS_LINE_KEYS], v[STATS_LINE_KEYS];
	static const struct expect want[] = {
		{ "mmio_reads", 42 }, { "mmio_writes", 31 },
		{ "reads.PISR", 8 }, { "writes.PISR", 3 },
		{ "reads.SISR0", 1 }, { "reads.SISR1", 2 }, { "reads.SISR2", 3 },
		{ "reads.SISR3", 4 }, { "reads.SISR4", 5 },
		{ "writes.SISR0", 1 }, { "writes.SISR1", 1 }, { "writes.SISR2", 1 },
		{ "writes.SISR3", 1 }, { "writes.SISR4", 1 },
		{ "reads.INTPEND", 2 }, { "writes.INTPEND", 1 },
		{ "reads.IER", 1 }, { "writes.IER", 1 },
		{ "writes.PIMR", 2 },
		{ "writes.SIMR0", 1 }, { "writes.SIMR1", 1 }, { "writes.SIMR2", 1 },
		{ "writes.SIMR3", 1 }, { "writes.SIMR4", 1 }, { "reads.SIMR3", 1 },
		{ "reads.TXDP", 2 }, { "writes.TXDP", 10 },
		{ "reads.RXDP", 1 }, { "writes.RXDP", 1 },
		{ "reads.TSF", 4 }, { "writes.TSF", 1 },
		{ "reads.CR", 1 }, { "writes.CR", 1 },
		{ "reads.RAC", 2 },
		{ "reads.other", 5 }, { "writes.other", 1 },
	};

	printf("BAR0 accesses counted per register\n");
	test_card_open(&t, NULL, 0, NULL);
	c = t.card;
	memset(zero, 0, sizeof(zero));
	if (!snapshot(c, v))
		return;
	check_growth("a new card", zero, v, NULL, 0);

	wr(c, 0x4004, 0);			/* awake: other */
	for (int i = 0; i < 7; i++)
		rd(c, 0x80);
	card_bar0_read(c, 0x81, 1);		/* a byte of PISR */
	for (int i = 0; i < 3; i++)
		wr(c, 0x80, 0);
	for (unsigned int n = 0; n < 5; n++) {
		for (unsigned int i = 0; i <= n; i++)
			rd(c, 0x84 + 4 * n);
		wr(c, 0x84 + 4 * n, 0);
	}
	rd(c, 0x4008);
	rd(c, 0x4008);
	wr(c, 0x4008, 1);			/* read-only, still an access */
	wr(c, 0x24, 0);
	rd(c, 0x24);
	wr(c, 0xa0, 0);
	wr(c, 0xa0, 0);
	for (unsigned int n = 0; n < 5; n++)
		wr(c, 0xa4 + 4 * n, 0);
	rd(c, 0xb0);
	for (unsigned int q = 0; q < 10; q++)
		wr(c, 0x800 + 4 * q, 0);
	rd(c, 0x80c);
	rd(c, 0x824);
	wr(c, 0x0c, 0);
	rd(c, 0x0c);
	rd(c, 0x804c);
	rd(c, 0x8050);
	card_bar0_read(c, 0x804c, 8);		/* both halves: two words */
	wr(c, 0x804c, 0);
	rd(c, 0x08);
	wr(c, 0x08, 0);
	rd(c, 0xc0);				/* RAC_PISR */
	rd(c, 0xd4);				/* RAC_SISR4 */
	rd(c, 0xd8);				/* past the mirrors */
	rd(c, 0x98);				/* between SISR4 and PIMR */
	rd(c, 0x7fc);				/* below TXDP0 */
	rd(c, 0x828);				/* past TXDP9 */
	rd(c, 0x4020);				/* SREV */
	card_bar0_read(c, CARD_BAR0_SIZE, 4);	/* outside BAR0: no access */
	if (!snapshot(c, v))
		return;
	check_growth("the sequence", zero, v, want, sizeof(want) / sizeof(want[0]));
	check(c->stats.mmio_reads == 42 && c->stats.reads[CARD_STAT_PISR] == 8 &&
	      c->stats.writes[CARD_STAT_TXDP] == 10,
	      "the line shows the counters themselves");

	/* The model's own work and a device reset change nothing. */
	t.fh->now += 10000000;
	card_advance(c, t.fh->now);
	card_reset(c);
	{
		uint64_t after[STATS_LINE_KEYS];

		if (snapshot(c, after))
			check_growth("10 s of model time and a reset", v, after, NULL, 0);
	}

	/* A card that is gone still costs the driver its accesses. */
	card_make_dead(c);
	check(rd(c, 0x80) == 0xffffffff, "dead card reads all ones");
	wr(c, 0x80, 0);
	check(c->stats.reads[CARD_STAT_PISR] == 9 && c->stats.writes[CARD_STAT_PISR] == 4 &&
	      c->stats.mmio_reads == 43 && c->stats.mmio_writes == 32,
	      "and its accesses are counted");
	test_card_close(&t);
}

static void test_irq_edges(void)
{
	struct test_card t;
	struct card *c;

	printf("INTx rising edges\n");
	test_card_open(&t, NULL, 0, NULL);
	c = t.card;
	wr(c, 0x4004, 0);
	wr(c, 0xa0, 0x2000);			/* PIMR: SWI */
	wr(c, 0x24, 1);
	wr(c, 0x08, 0x40);			/* CR SWI */
	check(t.fh->irq && c->stats.irq_edges == 1, "software interrupt: one edge");
	wr(c, 0x08, 0x40);
	check(c->stats.irq_edges == 1, "raised again while high: no edge");
	wr(c, 0x80, 0x2000);
	check(!t.fh->irq && c->stats.irq_edges == 1, "acknowledged: line low, no edge");
	wr(c, 0x08, 0x40);
	check(c->stats.irq_edges == 2, "raised again: second edge");
	wr(c, 0x24, 0);
	wr(c, 0x24, 1);
	check(c->stats.irq_edges == 3, "IER off and on with the cause pending: third edge");
	card_reset(c);
	check(!t.fh->irq && c->stats.irq_edges == 3, "reset lowers the line, no edge");
	test_card_close(&t);
}

/* A one-descriptor frame to dst at desc slot i, linked to link. */
static uint32_t put_frame(struct test_card *a, unsigned int i, const uint8_t *dst,
			  uint32_t link, unsigned int tries0, unsigned int tries1)
{
	uint32_t d = TX_DESCS + 32 * i, buf = TX_BUFS + 0x800 * i;
	unsigned int len = make_data_frame(a->fh->mem + buf, dst, a->mac, 100, (uint8_t)i);
	struct tx_setup s = { .link = link, .buf = buf, .frame_len = len + 4,
			      .buf_len = len, .intreq = true,
			      .tries = { tries0, tries1 }, .rates = { 0x0b, 0x0b } };

	put_tx_desc(a->fh, d, &s);
	return d;
}

static void test_frames(void)
{
	struct air *air = air_create();
	struct test_card a, b;
	uint64_t a0[STATS_LINE_KEYS], a1[STATS_LINE_KEYS], a2[STATS_LINE_KEYS];
	uint64_t b0[STATS_LINE_KEYS], b1[STATS_LINE_KEYS], b2[STATS_LINE_KEYS];
	uint32_t d0, d1, d2;
	static const struct expect want_a[] = {
		{ "mmio_writes", 4 }, { "writes.IER", 1 }, { "writes.PIMR", 1 },
		{ "writes.TXDP", 1 }, { "writes.other", 1 },
		{ "irq_edges", 1 }, { "tx_desc_fetched", 2 }, { "tx_desc_written", 2 },
		{ "tx_frames", 2 }, { "tx_tries", 4 }, { "tx_ok", 1 },
		{ "tx_xretry", 1 },
	};
	static const struct expect want_b[] = {
		{ "rx_desc_fetched", 1 }, { "rx_desc_written", 1 }, { "rx_frames", 1 },
	};
	/* Appended after the queue stopped: the engine walks the done tail. */
	static const struct expect want_a_append[] = {
		{ "mmio_writes", 1 }, { "writes.other", 1 },
		{ "tx_desc_fetched", 2 }, { "tx_desc_written", 1 },
		{ "tx_frames", 1 }, { "tx_tries", 1 }, { "tx_ok", 1 },
	};

	printf("TX and RX frames, descriptors and tries\n");
	test_card_open(&a, air, 0, "airtime=0");
	test_card_open(&b, air, 1, "airtime=0");
	test_card_up(&a, 2412, RX_RING, 4);
	test_card_up(&b, 2412, RX_RING, 4);
	d1 = put_frame(&a, 1, nobody, 0, 2, 1);	/* nobody ACKs: 2 + 1 tries */
	d0 = put_frame(&a, 0, b.mac, d1, 4, 0);	/* B ACKs the first try */
	if (!snapshot(a.card, a0) || !snapshot(b.card, b0))
		return;
	wr(a.card, 0x24, 1);
	wr(a.card, 0xa0, 0x140);		/* PIMR: TXOK, TXERR */
	wr(a.card, 0x800, d0);
	wr(a.card, 0x840, 1);
	check((fake_get32(a.fh, d0 + 24) & 1) && (fake_get32(a.fh, d1 + 24) & 2),
	      "first frame ACKed, second out of retries");
	if (!snapshot(a.card, a1) || !snapshot(b.card, b1))
		return;
	check_growth("sender", a0, a1, want_a, sizeof(want_a) / sizeof(want_a[0]));
	check_growth("receiver (no driver access in between)", b0, b1, want_b,
		     sizeof(want_b) / sizeof(want_b[0]));

	d2 = put_frame(&a, 2, b.mac, 0, 1, 0);
	fake_put32(a.fh, d1, d2);
	wr(a.card, 0x840, 1);
	if (!snapshot(a.card, a2) || !snapshot(b.card, b2))
		return;
	check_growth("sender, appended frame", a1, a2, want_a_append,
		     sizeof(want_a_append) / sizeof(want_a_append[0]));
	check(grew(b1, b2, "rx_frames") == 1 && grew(b1, b2, "mmio_reads") == 0,
	      "receiver: one more frame");
	{
		char line[CARD_STATS_LINE_MAX];

		card_stats_summary(a.card, line, sizeof(line));
		printf("    sender's line: %s\n", line);
	}
	test_card_close(&a);
	test_card_close(&b);
	air_destroy(air);
}

/*
 * IBSS: the card re-sends a self-linked VEOL beacon at every TBTT on its
 * own, fetching the descriptor again each time, with no driver access.
 */
static void test_veol_beacon(void)
{
	struct test_card t;
	struct card *c;
	uint32_t d = TX_DESCS, buf = TX_BUFS;
	uint8_t *b;
	uint64_t v0[STATS_LINE_KEYS], v1[STATS_LINE_KEYS];
	struct tx_setup s = { .link = TX_DESCS, .buf = TX_BUFS, .frame_len = 40,
			      .buf_len = 36, .noack = true, .veol = true, .type = 3,
			      .tries = { 1 }, .rates = { 0x1b } };
	static const struct expect want[] = {
		{ "tx_desc_fetched", 4 }, { "tx_desc_written", 4 },
		{ "tx_frames", 4 }, { "tx_tries", 4 }, { "tx_ok", 4 },
	};

	printf("a VEOL beacon fetched at every TBTT\n");
	test_card_open(&t, NULL, 0, "airtime=0");
	c = t.card;
	test_card_up(&t, 2412, RX_RING, 4);
	b = t.fh->mem + buf;
	memset(b, 0, 36);
	b[0] = 0x80;
	memset(b + 4, 0xff, 6);
	memcpy(b + 10, t.mac, 6);
	memcpy(b + 16, t.mac, 6);
	put_tx_desc(t.fh, d, &s);
	wr(c, 0x8020, 0x01000000);		/* reset TSF */
	wr(c, 0x8028, 200);			/* first TBTT, TU */
	wr(c, 0x8020, 100 | 0x00800000);	/* every 100 TU */
	wr(c, 0x800 + 4 * 9, d);
	wr(c, 0x840, 1u << 9);
	if (!snapshot(c, v0))
		return;
	/* Up to just past the fourth TBTT (200, 300, 400, 500 TU). */
	for (int tu = 0; tu < 510; tu += 10) {
		t.fh->now += 10 * 1024;
		card_advance(c, t.fh->now);
	}
	if (snapshot(c, v1))
		check_growth("four TBTTs", v0, v1, want, sizeof(want) / sizeof(want[0]));
	test_card_close(&t);
}

/* The GPIO keys: two masks, then each pin's changes. */
#define GPIO_KEYS	(2 + CARD_GPIO_PINS)

static void test_line(void)
{
	struct test_card t;
	char line[CARD_STATS_LINE_MAX];
	uint64_t v[STATS_LINE_KEYS];
	struct card_stats *s;
	bool match = true;

	printf("the stats line\n");
	test_card_open(&t, NULL, 0, NULL);
	s = &t.card->stats;
	/* Pins 0 and 2 outputs, 5 driven only high: 0 low, 2 and 5 high. */
	wr(t.card, 0x4014, 3u << 0 | 3u << 4 | 2u << 10);
	wr(t.card, 0x4018, 1u << 2 | 1u << 5);
	/* Distinct values, so a key showing another's count is caught. */
	s->mmio_reads = 1;
	s->mmio_writes = 2;
	s->irq_edges = 3;
	s->tx_desc_fetched = 4;
	s->rx_desc_fetched = 5;
	s->tx_desc_written = 6;
	s->rx_desc_written = 7;
	s->tx_frames = 8;
	s->tx_ok = 9;
	s->tx_tries = 10;
	s->rx_frames = 11;
	s->rts_sent = 12;
	s->rts_failed = 13;
	s->cts_sent = 14;
	s->cts_to_self = 15;
	s->tx_fragments = 16;
	s->tx_xretry = 17;
	s->cab_after_dtim = 18;
	s->group_outside_dtim = 19;
	s->d3_entries = 20;
	s->d0_resets = 21;
	for (unsigned int pin = 0; pin < CARD_GPIO_PINS; pin++)
		s->gpio_changes[pin] = 30 + pin;
	for (unsigned int r = 0; r < CARD_STAT_REGS; r++) {
		s->reads[r] = 100 + r;
		s->writes[r] = 200 + r;
	}
	card_stats_summary(t.card, line, sizeof(line));
	check(!strncmp(line, "mmio_reads=1 mmio_writes=2 irq_edges=3 tx_desc_fetched=4 "
		       "rx_desc_fetched=5 tx_desc_written=6 rx_desc_written=7 tx_frames=8 "
		       "tx_ok=9 tx_tries=10 rx_frames=11 rts_sent=12 rts_failed=13 cts_sent=14 "
		       "cts_to_self=15 tx_fragments=16 tx_xretry=17 cab_after_dtim=18 "
		       "group_outside_dtim=19 d3_entries=20 d0_resets=21 gpio_driven=37 "
		       "gpio_driven_high=36 gpio_changes.0=30 gpio_changes.1=31 "
		       "gpio_changes.2=32 gpio_changes.3=33 gpio_changes.4=34 "
		       "gpio_changes.5=35 reads.PISR=100 reads.SISR0=101 ", 479),
	      "starts as documented: %.60s...", line);
	check(stats_line_parse(line, v), "parses with every key in order");
	for (unsigned int k = 0; k < STATS_LINE_KEYS; k++) {
		static const uint64_t gpio[GPIO_KEYS] = { 37, 36, 30, 31, 32, 33, 34, 35 };
		uint64_t want = k < 21 ? k + 1 :
				k < 21 + GPIO_KEYS ? gpio[k - 21] :
				k < 21 + GPIO_KEYS + CARD_STAT_REGS ?
				100 + (k - 21 - GPIO_KEYS) :
				200 + (k - 21 - GPIO_KEYS - CARD_STAT_REGS);

		if (v[k] != want) {
			check(false, "%s=%llu, expected %llu", stats_line_keys[k],
			      (unsigned long long)v[k], (unsigned long long)want);
			match = false;
		}
	}
	check(match && STATS_LINE_KEYS == 21 + GPIO_KEYS + 2 * CARD_STAT_REGS,
	      "each key carries its own counter (%u keys)", (unsigned int)STATS_LINE_KEYS);
	check(stats_get(v, "reads.TSF") == 100 + CARD_STAT_TSF &&
	      stats_get(v, "writes.other") == 200 + CARD_STAT_OTHER, "named lookups");

	memset(s, 0xff, sizeof(*s));
	card_stats_summary(t.card, line, sizeof(line));
	check(stats_line_parse(line, v) && v[STATS_LINE_KEYS - 1] == UINT64_MAX &&
	      strlen(line) < sizeof(line) - 1,
	      "every counter at 2^64-1 still fits whole (%zu chars)", strlen(line));
	card_stats_summary(t.card, line, 40);
	check(strlen(line) == 39, "a short buffer is cut, not overrun");
	memset(s, 0, sizeof(*s));
	test_card_close(&t);
}

static char closing[CARD_STATS_LINE_MAX + 64];
static unsigned int stats_lines;

static void capture_log(void *host, const char *line)
{
	(void)host;
	if (strstr(line, ": stats: ")) {
		stats_lines++;
		snprintf(closing, sizeof(closing), "%s", line);
	}
}

static void test_closing_log(void)
{
	struct test_card t;
	struct card_host_ops ops = fake_ops;
	char line[CARD_STATS_LINE_MAX], want[sizeof(closing)];

	printf("the closing log line\n");
	ops.log = capture_log;
	test_card_open(&t, NULL, 0, "name=stat7");
	t.card->ops = &ops;
	for (int i = 0; i < 3; i++)
		rd(t.card, 0x80);
	wr(t.card, 0x24, 0);
	t.fh->now += 20000000;
	card_advance(t.card, t.fh->now);
	check(stats_lines == 0, "no stats line while the card runs");
	card_stats_summary(t.card, line, sizeof(line));
	snprintf(want, sizeof(want), "stat7: stats: %s", line);
	test_card_close(&t);
	check(stats_lines == 1 && !strcmp(closing, want), "one line at close: %s", closing);
	check(strstr(closing, " reads.PISR=3 ") && strstr(closing, "mmio_reads=3 ") &&
	      strstr(closing, " writes.IER=1 "), "with the card's counts");
}

int main(void)
{
	test_registers();
	test_irq_edges();
	test_frames();
	test_veol_beacon();
	test_line();
	test_closing_log();
	return checks_report("test_stats");
}
