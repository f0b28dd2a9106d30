// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * A longer session driven only by card_next_deadline/card_advance, as the
 * event loop drives the cards: an AP beaconing every 100 TU and a station
 * streaming 400 frames to it with airtime on, while a model of the ath5k
 * RX tasklet recycles the AP's 40-descriptor ring and a model of the TX
 * tasklet appends to the station's queue.  Nothing may be lost or sent
 * twice, and the clock must add up to the frames' airtime.
 */
#include "card_model.h"
#include "fake_host.h"

#define RING		0x40000
#define RING_SIZE	40
#define TX_DESCS	0x1000
#define TX_BUFS		0x10000
#define TX_SLOTS	16
#define BEACON_DESC	0x3000
#define BEACON_BUF	0x3100
#define FRAMES		400
#define BODY		1000

struct rx_driver {
	struct test_card *tc;
	unsigned int head;		/* oldest descriptor the driver owns */
	unsigned int tail;		/* newest, linked to itself */
	unsigned int seen;
	unsigned int next_seq;
	bool in_order;
	unsigned int beacons;
};

static uint32_t desc_addr(unsigned int i)
{
	return RING + 32 * i;
}

/* ath5k_tasklet_rx: take done descriptors up to RXDP, hand them back. */
static void rx_tasklet(struct rx_driver *rx)
{
	struct fake_host *fh = rx->tc->fh;

	for (;;) {
		uint32_t d = desc_addr(rx->head), st1 = fake_get32(fh, d + 20);
		const uint8_t *buf = fh->mem + fake_get32(fh, d + 4);

		if (rd(rx->tc->card, 0x0c) == d || !(st1 & 1))
			return;
		if ((st1 & 2) && buf[0] == 0x08) {
			unsigned int seq = buf[24] | buf[25] << 8;

			rx->in_order &= seq == rx->next_seq;
			rx->next_seq = seq + 1;
			rx->seen++;
		} else if ((st1 & 2) && buf[0] == 0x80) {
			rx->beacons++;
		}
		/* ath5k_rxbuf_setup: clear, self-link, link the old tail to it */
		memset(fh->mem + d + 16, 0, 8);
		fake_put32(fh, d, d);
		fake_put32(fh, desc_addr(rx->tail), d);
		rx->tail = rx->head;
		rx->head = (rx->head + 1) % RING_SIZE;
	}
}

struct tx_driver {
	struct test_card *tc;
	const uint8_t *dst;
	unsigned int queued, completed, acked;
	uint32_t last;			/* descriptor the last frame went into */
	unsigned int oldest;
};

/* ath5k_txbuf_setup: fill a free slot, link it, write TXE. */
static bool tx_queue_one(struct tx_driver *tx)
{
	struct fake_host *fh = tx->tc->fh;
	unsigned int slot = tx->queued % TX_SLOTS;
	uint32_t d = TX_DESCS + 32 * slot, buf = TX_BUFS + 0x800 * slot;
	unsigned int len;
	struct tx_setup s = { .buf = buf, .intreq = true, .tries = { 4, 4 },
			      .rates = { 0x0b, 0x1b } };

	if (tx->queued - tx->completed >= TX_SLOTS - 1)
		return false;
	len = make_data_frame(fh->mem + buf, tx->dst, tx->tc->mac, BODY, 0);
	fh->mem[buf + 24] = tx->queued & 0xff;
	fh->mem[buf + 25] = tx->queued >> 8 & 0xff;
	s.frame_len = len + 4;
	s.buf_len = len;
	put_tx_desc(fh, d, &s);
	if (tx->queued == 0)
		wr(tx->tc->card, 0x800, d);
	else
		fake_put32(fh, tx->last, d);
	tx->last = d;
	tx->queued++;
	wr(tx->tc->card, 0x840, 1);
	return true;
}

/* ath5k_tx_processq: reap done descriptors in order. */
static void tx_tasklet(struct tx_driver *tx)
{
	while (tx->completed < tx->queued) {
		uint32_t d = TX_DESCS + 32 * (tx->completed % TX_SLOTS);
		uint32_t st0 = fake_get32(tx->tc->fh, d + 24);

		if (!(fake_get32(tx->tc->fh, d + 28) & 1))
			return;
		tx->acked += st0 & 1;
		tx->completed++;
	}
}

static void start_ap(struct test_card *ap)
{
	struct card *c = ap->card;
	uint8_t *b = ap->fh->mem + BEACON_BUF;
	struct tx_setup s = { .link = BEACON_DESC, .buf = BEACON_BUF, .frame_len = 40,
			      .buf_len = 36, .noack = true, .veol = true, .type = 3,
			      .tries = { 1 }, .rates = { 0x0b } };	/* OFDM: 5 GHz */

	memset(b, 0, 36);
	b[0] = 0x80;
	memset(b + 4, 0xff, 6);
	memcpy(b + 10, ap->mac, 6);
	memcpy(b + 16, ap->mac, 6);
	put_tx_desc(ap->fh, BEACON_DESC, &s);
	wr(c, 0x9c0 + 4 * 9, 2);
	wr(c, 0x800 + 4 * 9, BEACON_DESC);
	wr(c, 0x840, 1u << 9);
	wr(c, 0x8028, 100);
	wr(c, 0x8030, 90 << 3);
	wr(c, 0x8020, 0x01000000);
	wr(c, 0x8020, 100 | 0x00800000);
}

/* Two cards on one channel queue behind each other; another channel does not. */
static void test_shared_medium(struct test_card *cards)
{
	struct test_card *ap = &cards[0], *sta = &cards[1];
	unsigned int x = 34 + 20 + 4 * ((16 + 8 * (24 + 500 + 4) + 6 + 23) / 24) + 16 + 44;
	uint64_t t0 = ap->fh->now, first, second;
	struct tx_setup s = { .intreq = true, .tries = { 1 }, .rates = { 0x0b } };
	unsigned int len;

	printf("two senders on one channel share the medium\n");
	sta->fh->now = t0;
	len = make_data_frame(ap->fh->mem + 0x20000, sta->mac, ap->mac, 500, 1);
	s.buf = 0x20000;
	s.frame_len = len + 4;
	s.buf_len = len;
	put_tx_desc(ap->fh, 0x1f00, &s);
	make_data_frame(sta->fh->mem + 0x20000, ap->mac, sta->mac, 500, 2);
	put_tx_desc(sta->fh, 0x1f00, &s);
	wr(ap->card, 0x804, 0x1f00);
	wr(ap->card, 0x840, 2);
	wr(sta->card, 0x804, 0x1f00);
	wr(sta->card, 0x840, 2);
	first = card_next_deadline(ap->card);
	second = card_next_deadline(sta->card);
	check(first == t0 + x && second == t0 + 2 * x,
	      "AP done after %llu us, station after %llu us (one exchange is %u us)",
	      (unsigned long long)(first - t0), (unsigned long long)(second - t0), x);
	tune(sta->card, 5200);
	wr(sta->card, 0x08, 0x4);
	ap->fh->now = sta->fh->now = second;
	card_advance(ap->card, second);
	card_advance(sta->card, second);
	fake_put32(ap->fh, 0x1f00 + 28, 0);
	fake_put32(sta->fh, 0x1f00 + 28, 0);
	wr(ap->card, 0x840, 2);
	wr(sta->card, 0x840, 2);
	check(card_next_deadline(ap->card) == second + x &&
	      card_next_deadline(sta->card) == second + x,
	      "on 5180 and 5200 MHz both go at once");
}

int main(void)
{
	struct air *air = air_create();
	struct test_card cards[2], *ap = &cards[0], *sta = &cards[1];
	struct rx_driver ap_rx = { .in_order = true }, sta_rx = { .in_order = true };
	struct tx_driver tx = { 0 };
	uint64_t start, elapsed, airtime;
	unsigned int wakeups = 0;

	printf("AP and station, %u frames of %u bytes at 6 Mbit/s, airtime on\n", FRAMES, BODY);
	test_card_open(ap, air, 0, "airtime=1");
	test_card_open(sta, air, 1, "airtime=1");
	test_card_up(ap, 5180, RING, RING_SIZE);
	test_card_up(sta, 5180, RING, RING_SIZE);
	wr(sta->card, 0x803c, 0x7 | 0x10);
	ap_rx = (struct rx_driver){ .tc = ap, .tail = RING_SIZE - 1, .in_order = true };
	sta_rx = (struct rx_driver){ .tc = sta, .tail = RING_SIZE - 1, .in_order = true };
	tx = (struct tx_driver){ .tc = sta, .dst = ap->mac };
	start_ap(ap);
	start = sta->fh->now;

	while (tx.completed < FRAMES && wakeups < 100000) {
		uint64_t next = card_next_deadline(ap->card);

		if (card_next_deadline(sta->card) < next)
			next = card_next_deadline(sta->card);
		while (tx.queued < FRAMES && tx_queue_one(&tx))
			;
		if (card_next_deadline(sta->card) < next)
			next = card_next_deadline(sta->card);
		if (next == CARD_NO_DEADLINE)
			break;
		for (int i = 0; i < 2; i++) {
			if (next > cards[i].fh->now)
				cards[i].fh->now = next;
			card_advance(cards[i].card, cards[i].fh->now);
		}
		rx_tasklet(&ap_rx);
		rx_tasklet(&sta_rx);
		tx_tasklet(&tx);
		wakeups++;
	}
	elapsed = sta->fh->now - start;
	/* DIFS, preamble, 6 Mbit/s symbols of 24 bits, SIFS, ACK */
	airtime = (uint64_t)FRAMES *
		  (34 + 20 + 4 * ((16 + 8 * (24 + BODY + 4) + 6 + 23) / 24) + 16 + 44);

	check(tx.completed == FRAMES && tx.acked == FRAMES,
	      "all %u frames completed and ACKed (%u)", FRAMES, tx.acked);
	check(ap_rx.seen >= FRAMES - 1 && ap_rx.in_order,
	      "AP's driver took %u frames in order, none twice (one may wait in the tail)",
	      ap_rx.seen);
	check(ap->card->rx_dropped == 0, "the recycled ring never ran dry");
	check(elapsed >= airtime && elapsed < airtime + 100000,
	      "clock advanced %llu us for %llu us of airtime",
	      (unsigned long long)elapsed, (unsigned long long)airtime);
	check(sta_rx.beacons >= elapsed / 102400 - 1 && sta_rx.beacons <= elapsed / 102400 + 1,
	      "station heard %u beacons in %llu us (one per 100 TU)", sta_rx.beacons,
	      (unsigned long long)elapsed);
	check(rd(sta->card, 0x800) == tx.last, "TXDP rests on the last descriptor");
	test_shared_medium(cards);
	test_card_close(ap);
	test_card_close(sta);
	air_destroy(air);
	return checks_report("test_traffic");
}
