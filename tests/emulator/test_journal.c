// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The air journal (air_journal.c): each frame other than a beacon that a
 * card sent or was offered, with what became of it on each side: on the
 * air, received, filtered, tuned elsewhere; the last CARD_JOURNAL_LEN kept.
 */
#include "card_model.h"
#include "fake_host.h"

#include <string.h>

#define TX_DESC		0x1000
#define TX_BUF		0x2000
#define RX_RING		0x40000

static const uint8_t broadcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static const struct journal_entry *last_entry(const struct card *c)
{
	if (!c->journal_next)
		return NULL;
	return &c->journal[(c->journal_next - 1) % CARD_JOURNAL_LEN];
}

/* Card A sends one frame to dst; fc0 0x08 is data, 0x80 a beacon. */
static void send_from(struct test_card *cards, const uint8_t *dst, uint8_t fc0,
		      uint16_t seq)
{
	struct test_card *a = &cards[0];
	unsigned int len = make_data_frame(a->fh->mem + TX_BUF, dst, a->mac, 40, 7);
	struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4, .buf_len = len,
			      .tries = { 1 }, .rates = { 0x1b }, .noack = true };

	a->fh->mem[TX_BUF] = fc0;
	a->fh->mem[TX_BUF + 22] = (uint8_t)(seq << 4);
	a->fh->mem[TX_BUF + 23] = (uint8_t)(seq >> 4);
	put_tx_desc(a->fh, TX_DESC, &s);
	wr(a->card, 0x800, TX_DESC);
	wr(a->card, 0x840, 1);
	test_cards_advance(cards, 2, 5000);
}

/* B's ring: every descriptor handed back, so nothing is lost to RXEOL. */
static void refill(struct test_card *b)
{
	for (unsigned int i = 0; i < 4; i++)
		fake_put32(b->fh, RX_RING + 32 * i + 20, 0);
}

int main(void)
{
	struct air *air = air_create();
	struct test_card cards[2], *a = &cards[0], *b = &cards[1];
	const struct journal_entry *e;
	unsigned long before;

	if (!air)
		return 2;
	test_card_open(a, air, 0, "loss=0");
	test_card_open(b, air, 1, "loss=0");
	test_card_up(a, 2412, RX_RING + 0x100000 / 2, 4);
	test_card_up(b, 2412, RX_RING, 4);

	printf("a broadcast data frame: on the air at A, received at B\n");
	send_from(cards, broadcast, 0x08, 100);
	e = last_entry(a->card);
	check(e && e->sent && !strcmp(e->outcome, "on the air") && e->seq == 100 &&
	      !memcmp(e->addr1, broadcast, 6) && !memcmp(e->addr2, a->mac, 6) &&
	      e->freq_mhz == 2412,
	      "A: sent, seq 100, to ff:ff:ff:ff:ff:ff from A on 2412 MHz, \"%s\"",
	      e ? e->outcome : "nothing");
	e = last_entry(b->card);
	check(e && !e->sent && !strcmp(e->outcome, "received") && e->seq == 100,
	      "B: heard seq 100, \"%s\"", e ? e->outcome : "nothing");

	printf("B's filter without broadcast: filtered at B\n");
	refill(b);
	wr(b->card, 0x803c, 0x1);
	send_from(cards, broadcast, 0x08, 101);
	e = last_entry(b->card);
	check(e && e->seq == 101 && !strcmp(e->outcome, "filtered"),
	      "B: seq 101 \"%s\"", e ? e->outcome : "nothing");
	wr(b->card, 0x803c, RX_FILTER_NORMAL);

	printf("B on another channel: tuned elsewhere\n");
	tune(b->card, 2437);
	send_from(cards, broadcast, 0x08, 102);
	e = last_entry(b->card);
	check(e && e->seq == 102 && !strcmp(e->outcome, "tuned elsewhere") &&
	      e->freq_mhz == 2412, "B: seq 102 on 2412 MHz \"%s\"",
	      e ? e->outcome : "nothing");
	tune(b->card, 2412);

	printf("a beacon is not kept\n");
	before = a->card->journal_next;
	refill(b);
	send_from(cards, broadcast, 0x80, 103);
	check(a->card->journal_next == before, "A's journal unchanged by a beacon (%lu entries)",
	      a->card->journal_next);

	printf("the journal keeps the last %d frames\n", CARD_JOURNAL_LEN);
	for (unsigned int i = 0; i < CARD_JOURNAL_LEN + 6; i++)
		send_from(cards, broadcast, 0x08, (uint16_t)(200 + i));
	check(card_journal_dump(a->card) == CARD_JOURNAL_LEN,
	      "a dump of A lists %d frames", CARD_JOURNAL_LEN);
	e = last_entry(a->card);
	check(e && e->seq == 200 + CARD_JOURNAL_LEN + 5, "the newest is seq %u",
	      e ? e->seq : 0);

	test_card_close(a);
	test_card_close(b);
	air_destroy(air);
	return checks_report("test_journal");
}
