// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * TX and RX descriptor rings in fake guest memory, walked the way the
 * ath5k driver builds them: write-back fields, chaining and appending,
 * TXDP left on the last descriptor, RXDP advancing, RXEOL, padding.
 */
#include "card_model.h"
#include "fake_host.h"

#define TX_DESCS	0x1000
#define TX_BUFS		0x8000
#define RX_RING		0x40000

static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static uint32_t tx_status(struct test_card *tc, uint32_t d, int word)
{
	return fake_get32(tc->fh, d + 24 + 4 * word);
}

static uint32_t rx_status(struct test_card *tc, unsigned int i, int word)
{
	return fake_get32(tc->fh, RX_RING + 32 * i + 16 + 4 * word);
}

/* Queue a frame to dst in descriptor slot i of card tc. */
static void queue_frame(struct test_card *tc, unsigned int i, const uint8_t *dst,
			unsigned int body, uint32_t link)
{
	uint32_t d = TX_DESCS + 32 * i, buf = TX_BUFS + 0x800 * i;
	unsigned int len = make_data_frame(tc->fh->mem + buf, dst, tc->mac, body,
					   (uint8_t)i);
	struct tx_setup s = {
		.link = link, .buf = buf, .frame_len = len + 4, .buf_len = len,
		.intreq = true, .tries = { 4, 2, 2, 0 }, .rates = { 0x0b, 0x0b, 0x1b },
	};

	put_tx_desc(tc->fh, d, &s);
}

static void test_tx_chain(struct test_card *a, struct test_card *b)
{
	struct card *c = a->card;
	unsigned int received;

	printf("TX: a chain of three on queue 0, then one appended\n");
	for (unsigned int i = 0; i < 3; i++)
		queue_frame(a, i, b->mac, 100 + i, i < 2 ? TX_DESCS + 32 * (i + 1) : 0);
	wr(c, 0x800, TX_DESCS);
	wr(c, 0x840, 1);
	for (unsigned int i = 0; i < 3; i++) {
		uint32_t d = TX_DESCS + 32 * i, st0 = tx_status(a, d, 0),
			 st1 = tx_status(a, d, 1);

		check((st1 & 1) && (st0 & 1) && !(st0 & 2),
		      "desc %u: DONE and OK (st0 %08x st1 %08x)", i, st0, st1);
		check((st0 >> 8 & 0xf) == 0 && (st1 >> 21 & 3) == 0,
		      "desc %u: ACKed on the first try of series 0: 0 retries", i);
		check((st1 >> 13 & 0xff) == 40, "desc %u: ACK RSSI %u", i,
		      st1 >> 13 & 0xff);
	}
	check(rd(c, 0x800) == TX_DESCS + 64, "TXDP left on the last descriptor (0x%x)",
	      rd(c, 0x800));
	check(!(rd(c, 0x840) & 1) && (rd(c, 0xa00) & 3) == 0,
	      "TXE bit cleared, FRMPENDCNT 0 at the end of the chain");
	check((rd(c, 0x88) & 0x10000) && (rd(c, 0x80) & 0x400),
	      "SISR1 TXEOL(q0) and PISR TXEOL summary");
	check((rd(c, 0x84) & 0x10001) == 0x10001 && (rd(c, 0x80) & 0xc0) == 0xc0,
	      "SISR0 TXOK/TXDESC(q0) and PISR TXOK/TXDESC summaries");
	wr(c, 0x84, rd(c, 0x84));
	wr(c, 0x88, rd(c, 0x88));
	check(!(rd(c, 0x80) & 0x5c0), "clearing SISR0/1 clears the summaries");
	received = (unsigned int)b->card->frames_received;
	check(received == 3, "receiver got 3 frames");

	/* ath5k appends by patching the last link and writing TXE again */
	queue_frame(a, 3, b->mac, 60, 0);
	fake_put32(a->fh, TX_DESCS + 64, TX_DESCS + 96);
	wr(c, 0x840, 1);
	check(tx_status(a, TX_DESCS + 96, 1) & 1, "appended descriptor sent");
	check(b->card->frames_received == received + 1,
	      "done descriptors were not sent again");
	check(rd(c, 0x800) == TX_DESCS + 96, "TXDP now on the appended one");
	wr(c, 0x840, 1);
	check(b->card->frames_received == received + 1 && !(rd(c, 0x840) & 1),
	      "TXE with nothing new: nothing sent, queue idle");
}

static void test_tx_airtime(struct test_card *a, struct test_card *b)
{
	struct card *c = a->card;
	uint64_t deadline;

	printf("TX with airtime: completion waits for the frame's time on air\n");
	queue_frame(a, 4, b->mac, 1400, 0);
	wr(c, 0x804, TX_DESCS + 32 * 4);
	wr(c, 0x840, 2);
	check(!(tx_status(a, TX_DESCS + 128, 1) & 1), "not done at once");
	check((rd(c, 0x840) & 2) && (rd(c, 0xa04) & 3) == 1,
	      "TXE set and one frame pending meanwhile");
	wr(c, 0x804, 0x1234);
	check(rd(c, 0x804) == TX_DESCS + 128, "TXDP write ignored while TXE is set");
	deadline = card_next_deadline(c);
	/*
	 * 1428 bytes at 6 Mbit/s: DIFS 34, preamble 20, 4 µs * ceil(11446 / 24)
	 * symbols, SIFS 16, a 14-byte ACK at 6 Mbit/s (20 + 4 * 6)
	 */
	check(deadline - a->fh->now == 34 + 20 + 4 * 477 + 16 + 44,
	      "deadline %llu us ahead", (unsigned long long)(deadline - a->fh->now));
	test_cards_advance(a, 1, deadline - a->fh->now - 1);
	check(!(tx_status(a, TX_DESCS + 128, 1) & 1), "still on air 1 us before");
	test_cards_advance(a, 1, 1);
	check((tx_status(a, TX_DESCS + 128, 1) & 1) &&
	      (tx_status(a, TX_DESCS + 128, 0) & 1), "done and ACKed at the deadline");
	check(!(rd(c, 0x840) & 2) && card_next_deadline(c) == CARD_NO_DEADLINE,
	      "queue idle, no deadline left");
}

static void test_tx_stop(struct test_card *a, struct test_card *b)
{
	struct card *c = a->card;

	printf("TX stop handshake with a frame on the air (dma.c)\n");
	queue_frame(a, 5, b->mac, 500, 0);
	wr(c, 0x808, TX_DESCS + 32 * 5);
	wr(c, 0x840, 4);
	wr(c, 0x9c8, rd(c, 0x9c8) | 0x800);
	wr(c, 0x880, 4);
	check((rd(c, 0x840) & 4) && (rd(c, 0xa08) & 3) == 1,
	      "TXD: TXE stays set and one frame pending while it is on the air");
	test_cards_advance(a, 1, card_next_deadline(c) - a->fh->now);
	check(!(rd(c, 0x840) & 4) && (rd(c, 0xa08) & 3) == 0 &&
	      (tx_status(a, TX_DESCS + 32 * 5, 1) & 1),
	      "once it is done: TXE clears, nothing pending, status written");
	wr(c, 0x840, 4);
	check(!(rd(c, 0x840) & 4), "TXE refused while TXD is set");
	wr(c, 0x880, 0);
}

static void test_rx_ring(struct test_card *a, struct test_card *b)
{
	struct card *rc = b->card;
	uint8_t *buf0 = b->fh->mem + RX_RING + 0x10000;

	printf("RX: ring of 4, the last linked to itself\n");
	test_card_up(b, 2412, RX_RING, 4);
	wr(rc, 0x80, rd(rc, 0x80));
	for (unsigned int i = 0; i < 3; i++) {
		queue_frame(a, 6, b->mac, 200 + i, 0);
		wr(a->card, 0x800, TX_DESCS + 32 * 6);
		wr(a->card, 0x840, 1);
	}
	for (unsigned int i = 0; i < 3; i++) {
		uint32_t s0 = rx_status(b, i, 0), s1 = rx_status(b, i, 1);

		check((s1 & 3) == 3 && (s0 & 0xfff) == 24 + 200 + i + 4,
		      "desc %u: DONE|OK, length %u (frame + FCS)", i, s0 & 0xfff);
		check((s0 >> 15 & 0x1f) == 0x0b && (s0 >> 20 & 0xff) == 40,
		      "desc %u: rate code 0x%x, RSSI %u", i, s0 >> 15 & 0x1f,
		      s0 >> 20 & 0xff);
		check(!(s1 & 0x8) && !(s1 & 0x100), "desc %u: no decrypt or key bits", i);
	}
	check(buf0[0] == 0x08 && !memcmp(buf0 + 4, b->mac, 6) && buf0[24] == 6,
	      "frame bytes landed in the buffer");
	check(rd(rc, 0x0c) == RX_RING + 96, "RXDP advanced to the 4th descriptor");
	check(rd(rc, 0x80) & 1, "RXOK raised");

	queue_frame(a, 6, b->mac, 10, 0);
	wr(a->card, 0x800, TX_DESCS + 32 * 6);
	wr(a->card, 0x840, 1);
	check(rx_status(b, 3, 1) & 1, "self-linked 4th descriptor filled");
	check(rd(rc, 0x0c) == RX_RING + 96, "RXDP stays on it");
	wr(rc, 0x80, rd(rc, 0x80));
	wr(a->card, 0x840, 1);
	queue_frame(a, 6, b->mac, 11, 0);
	wr(a->card, 0x800, TX_DESCS + 32 * 6);
	wr(a->card, 0x840, 1);
	check((rd(rc, 0x80) & 0x10) && b->card->rx_dropped == 1,
	      "ring exhausted: frame dropped, RXEOL");
	check(tx_status(a, TX_DESCS + 32 * 6, 0) & 1,
	      "the PCU still ACKed it (the sender saw success)");

	/* the driver hands descriptor 0 back and links the tail to it */
	memset(b->fh->mem + RX_RING + 16, 0, 8);
	fake_put32(b->fh, RX_RING, RX_RING);
	fake_put32(b->fh, RX_RING + 96, RX_RING);
	queue_frame(a, 6, b->mac, 12, 0);
	wr(a->card, 0x800, TX_DESCS + 32 * 6);
	wr(a->card, 0x840, 1);
	check((rx_status(b, 0, 0) & 0xfff) == 24 + 12 + 4 && rd(rc, 0x0c) == RX_RING,
	      "next frame follows the re-read link into descriptor 0");
}

static void test_rx_padding(struct test_card *a, struct test_card *b)
{
	uint32_t d = TX_DESCS + 32 * 7, buf = TX_BUFS + 0x800 * 7;
	uint8_t *p = a->fh->mem + buf, *rx;
	struct tx_setup s = { .buf = buf, .intreq = true, .tries = { 2 },
			      .rates = { 0x0c } };
	uint32_t crc;

	printf("RX/TX padding of a 26-byte QoS data header\n");
	test_card_up(b, 2412, RX_RING, 4);
	make_data_frame(p, b->mac, a->mac, 0, 0);
	p[0] = 0x88;					/* QoS data */
	p[24] = 0x05;					/* TID 5 */
	p[25] = 0;
	p[26] = p[27] = 0xee;				/* driver's pad */
	for (int i = 0; i < 40; i++)
		p[28 + i] = (uint8_t)(0x40 + i);
	s.frame_len = 26 + 40 + 4;
	s.buf_len = 28 + 40;
	put_tx_desc(a->fh, d, &s);
	wr(a->card, 0x800, d);
	wr(a->card, 0x840, 1);
	rx = b->fh->mem + RX_RING + 0x10000;
	check((rx_status(b, 0, 0) & 0xfff) == 26 + 2 + 40 + 4,
	      "RX length counts the pad: %u", rx_status(b, 0, 0) & 0xfff);
	check(rx[24] == 5 && rx[26] == 0 && rx[27] == 0 && rx[28] == 0x40 &&
	      rx[28 + 39] == 0x40 + 39, "pad re-inserted after the header, body intact");
	/* FCS over the unpadded frame: header + body */
	{
		uint8_t plain[26 + 40];

		memcpy(plain, rx, 26);
		memcpy(plain + 26, rx + 28, 40);
		crc = wifi_crc32(plain, sizeof(plain));
	}
	check(rx[68] == (crc & 0xff) && rx[71] == crc >> 24,
	      "FCS is computed over the frame without the pad");
	check(wifi_crc32((const uint8_t *)"123456789", 9) == 0xcbf43926,
	      "the FCS is IEEE CRC-32 (check value 0xcbf43926)");
}

static void test_tx_key_icv(struct test_card *a, struct test_card *b)
{
	uint32_t d = TX_DESCS + 32 * 9, buf = TX_BUFS + 0x800 * 9;
	unsigned int len = make_data_frame(a->fh->mem + buf, b->mac, a->mac, 16, 0x70);
	struct tx_setup s = { .buf = buf, .frame_len = len + 8 + 4, .buf_len = len,
			      .tries = { 1 }, .rates = { 0x0b } };
	const uint8_t *rx = b->fh->mem + RX_RING + 0x10000;

	printf("TX with a clear key: the ICV room the driver counts goes out as it is\n");
	test_card_up(b, 2412, RX_RING, 4);
	wr(a->card, 0x8800 + 20, 7);	/* entry 0 clear, as ath_hw_keyreset leaves it */
	put_tx_desc(a->fh, d, &s);
	fake_put32(a->fh, d + 8, fake_get32(a->fh, d + 8) | 0x40000000);
	wr(a->card, 0x800, d);
	wr(a->card, 0x840, 1);
	check((rx_status(b, 0, 0) & 0xfff) == len + 8 + 4 && rx[len - 1] == 0x70 + 15 &&
	      rx[len] == 0 && rx[len + 7] == 0, "frame + 8 zero bytes + FCS (%u)",
	      rx_status(b, 0, 0) & 0xfff);
	fake_put32(a->fh, d + 8, fake_get32(a->fh, d + 8) & ~0x40000000u);
	fake_put32(a->fh, d + 28, 0);
	wr(a->card, 0x840, 1);
	check((tx_status(a, d, 0) & 0x8) && !(rx_status(b, 1, 1) & 1),
	      "without a key a frame longer than its buffer is refused (filtered)");
}

static void test_rx_filter_and_errors(struct test_card *a, struct test_card *b)
{
	static const uint8_t other[6] = { 0x00, 0x03, 0x7f, 0x11, 0x22, 0x33 };
	unsigned long before;

	printf("RX filter, CRC errors and RX off\n");
	test_card_up(b, 2412, RX_RING, 8);
	before = b->card->frames_received;
	queue_frame(a, 8, other, 30, 0);
	wr(a->card, 0x800, TX_DESCS + 32 * 8);
	wr(a->card, 0x840, 1);
	check(b->card->frames_received == before, "unicast to another MAC filtered");
	wr(b->card, 0x803c, 0x20);
	wr(a->card, 0x840, 1);
	queue_frame(a, 8, other, 30, 0);
	/* One try only: a promiscuous card hears every retransmission too. */
	fake_put32(a->fh, TX_DESCS + 32 * 8 + 16, 1u << 16);
	wr(a->card, 0x840, 1);
	check(b->card->frames_received == before + 1, "received in promiscuous mode");
	check(tx_status(a, TX_DESCS + 32 * 8, 0) & 2,
	      "nobody owns addr1: excessive retries");
	wr(b->card, 0x803c, RX_FILTER_NORMAL);
	queue_frame(a, 8, bcast, 30, 0);
	wr(a->card, 0x840, 1);
	check(b->card->frames_received == before + 2 &&
	      (tx_status(a, TX_DESCS + 32 * 8, 0) & 3) == 1,
	      "broadcast received and needs no ACK");
	wr(b->card, 0x80, rd(b->card, 0x80));
	check(card_inject_malformed_frame(b->card) == 0, "malformed frame injected");
	check((rd(b->card, 0x80) & 4) && (rx_status(b, 2, 1) & 5) == 5,
	      "runt: RXERR with the CRC bit");
	check(card_inject_malformed_frame(b->card) == 0 &&
	      (rx_status(b, 3, 0) & 0x1fff) == (0x1000 | RX_BUF_SIZE) &&
	      (rx_status(b, 3, 1) & 3) == 1 &&
	      (rx_status(b, 4, 0) & 0x1fff) == 3000 + 4 - RX_BUF_SIZE &&
	      (rx_status(b, 4, 1) & 3) == 3,
	      "oversized: MORE on a full buffer, the rest and OK in the next");
	check(card_inject_malformed_frame(b->card) == 0 &&
	      (rx_status(b, 5, 0) & 0xfff) == 16 && (rx_status(b, 5, 1) & 3) == 3,
	      "truncated QoS header: 16 bytes, good FCS, no pad inserted");
	before += 2;
	wr(b->card, 0x08, 0x20);
	b->fh->now += 100;		/* RX DMA takes a moment to stop */
	queue_frame(a, 8, b->mac, 30, 0);
	wr(a->card, 0x840, 1);
	check(b->card->frames_received == before + 3, "RX off: nothing received");
	check(tx_status(a, TX_DESCS + 32 * 8, 0) & 2, "and nothing ACKed");
}

int main(void)
{
	struct air *air = air_create();
	struct test_card a, b;

	test_card_open(&a, air, 0, "airtime=0");
	test_card_open(&b, air, 1, "airtime=0");
	test_card_up(&a, 2412, RX_RING, 4);
	test_card_up(&b, 2412, RX_RING, 40);
	test_tx_chain(&a, &b);
	a.card->cfg.airtime = true;
	test_tx_airtime(&a, &b);
	test_tx_stop(&a, &b);
	a.card->cfg.airtime = false;
	test_rx_ring(&a, &b);
	test_rx_padding(&a, &b);
	test_tx_key_icv(&a, &b);
	test_rx_filter_and_errors(&a, &b);
	test_card_close(&a);
	test_card_close(&b);
	air_destroy(air);
	return checks_report("test_rings");
}
