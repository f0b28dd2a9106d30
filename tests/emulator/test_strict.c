// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Where the card is as strict as the hardware: RXDP refused while RX DMA
 * runs, RX DMA taking a moment to stop, writes dropped in full sleep,
 * SIMR0/1 gating the per-queue TX summaries, the band deciding which
 * modulations a receiver hears, the multicast hash filter, FRMPENDCNT
 * counting the frames really pending, a descriptor's rate series that
 * silicon cannot send refused, no ACK heard after the ACK timeout.
 */
#include "card_model.h"
#include "fake_host.h"

#define TX_DESCS	0x1000
#define TX_BUFS		0x4000
#define RX_RING		0x40000

static void queue_frame(struct test_card *tc, unsigned int i, const uint8_t *dst,
			uint8_t rate, uint32_t link)
{
	uint32_t d = TX_DESCS + 32 * i, buf = TX_BUFS + 0x800 * i;
	unsigned int len = make_data_frame(tc->fh->mem + buf, dst, tc->mac, 60,
					   (uint8_t)i);
	struct tx_setup s = { .link = link, .buf = buf, .frame_len = len + 4,
			      .buf_len = len, .intreq = true, .tries = { 2 },
			      .rates = { rate } };

	put_tx_desc(tc->fh, d, &s);
}

/* Sends descriptor slot i on queue 0 (airtime off: at once). */
static void send_slot(struct test_card *tc, unsigned int i)
{
	wr(tc->card, 0x800, TX_DESCS + 32 * i);
	wr(tc->card, 0x840, 1);
}

static void test_rxdp_and_rx_stop(struct test_card *b)
{
	struct card *c = b->card;

	printf("RXDP while RX DMA runs, and the RX stop handshake\n");
	check(rd(c, 0x08) & 0x4, "RX enabled");
	wr(c, 0x0c, 0x12340);
	check(rd(c, 0x0c) == RX_RING, "RXDP write refused while RXE is set (0x%x)",
	      rd(c, 0x0c));
	wr(c, 0x08, 0x20);
	check(rd(c, 0x08) & 0x4, "RXD written: RXE still reads set at once");
	b->fh->now += 50;
	check(rd(c, 0x08) & 0x4, "50 us later still stopping");
	b->fh->now += 50;
	check(!(rd(c, 0x08) & 0x4), "100 us later RXE clear");
	wr(c, 0x0c, RX_RING + 64);
	check(rd(c, 0x0c) == RX_RING + 64, "RXDP taken once RX is stopped");
	wr(c, 0x0c, RX_RING);
	wr(c, 0x08, 0x4);
}

static void test_full_sleep(struct test_card *b)
{
	struct card *c = b->card;

	printf("full sleep: only the host interface takes writes\n");
	wr(c, 0x8040, 0x11);
	wr(c, 0x4004, 0x10000);
	wr(c, 0x8040, 0x22);
	wr(c, 0x4018, 0x5);			/* GPIO data out: host interface */
	wr(c, 0x4004, 0);
	check(rd(c, 0x8040) == 0x11, "a PCU register kept its value (0x%x)",
	      rd(c, 0x8040));
	check(rd(c, 0x4018) == 0x5, "a host-interface register took the write");
	wr(c, 0x8040, 0);
}

static void test_simr(struct test_card *a, struct test_card *b)
{
	struct card *c = a->card;

	printf("SIMR0/1 gate the per-queue TX summaries in PISR\n");
	wr(c, 0xa4, 0);
	wr(c, 0xa8, 0);
	wr(c, 0xa0, 0x400 | 0x80 | 0x40);
	wr(c, 0x24, 1);
	queue_frame(a, 0, b->mac, 0x0b, 0);
	send_slot(a, 0);
	check((rd(c, 0x84) & 0x10001) == 0x10001, "SISR0 has TXOK and TXDESC of queue 0");
	check(!(rd(c, 0x80) & 0x4c0) && !rd(c, 0x4008) && !a->fh->irq,
	      "masked in SIMR0/1: no PISR summary, no interrupt");
	wr(c, 0xa4, 1u << 16);
	check((rd(c, 0x80) & 0xc0) == 0x80 && rd(c, 0x4008) == 1 && a->fh->irq,
	      "SIMR0 TXDESC(q0) unmasked: PISR TXDESC only, line up");
	wr(c, 0x84, rd(c, 0x84));
	wr(c, 0x88, rd(c, 0x88));
	wr(c, 0x24, 0);
	wr(c, 0xa4, 0x03ff03ff);
	wr(c, 0xa8, 0x03ff03ff);
}

static void test_pisr_write_back(struct test_card *a)
{
	struct card *c = a->card;
	unsigned int lines;

	printf("a summary bit written to PISR clears every SISR cause behind it\n");
	card_raise_sisr(c, 0, 0x3 | 0x10000);	/* TXOK q0 q1, TXDESC q0 */
	card_raise_sisr(c, 1, 0x4);		/* TXERR q2 */
	card_raise_sisr(c, 2, 0x2 | 0x10000);	/* TXURN q1, MCABT */
	check((rd(c, 0x80) & 0x1c0) == 0x1c0, "PISR sums them up: TXOK, TXDESC, TXERR");
	rd(c, 0x84);
	rd(c, 0x88);
	rd(c, 0x8c);
	lines = a->fh->log_lines;
	wr(c, 0x80, 0x40);
	check(rd(c, 0x84) == 0x10000,
	      "TXOK written to PISR cleared SISR0's TXOK of both queues, not TXDESC (0x%x)",
	      rd(c, 0x84));
	check((rd(c, 0x80) & 0x1c0) == 0x180, "PISR: TXDESC and TXERR remain (0x%x)",
	      rd(c, 0x80));
	wr(c, 0x80, 0x80 | 0x100 | 0x800);
	check(!rd(c, 0x84) && !rd(c, 0x88), "TXDESC and TXERR cleared SISR0 and SISR1");
	check(rd(c, 0x8c) == 0x10000, "TXURN cleared SISR2's underruns, not MCABT (0x%x)",
	      rd(c, 0x8c));
	wr(c, 0x80, 0x80000);
	check(!rd(c, 0x8c) && !(rd(c, 0x80) & 0x80dc0), "HIUERR cleared the bus error");
	check(a->fh->log_lines == lines, "causes read before the write: nothing logged");

	printf("a cause cleared that way before the driver read it is misuse\n");
	wr(c, 0x24, 1);
	card_raise_sisr(c, 0, 0x1);
	check(rd(c, 0x84) == 0x1, "SISR0 read with queue 0's TXOK");
	wr(c, 0x84, 0x1);
	card_raise_sisr(c, 0, 0x3);	/* q0 again, and q1, after the read */
	wr(c, 0x80, 0x40);
	check(a->fh->log_lines == lines + 1 && !rd(c, 0x84),
	      "TXOK written to PISR lost two unread completions: one line logged");
	wr(c, 0x24, 0);
	card_raise_sisr(c, 0, 0x3);
	wr(c, 0x80, 0xffffffff);
	check(a->fh->log_lines == lines + 1 && !rd(c, 0x84),
	      "interrupts off, all of PISR written: discarded, nothing logged");
}

static void test_bands(struct test_card *a, struct test_card *b)
{
	unsigned long before;

	printf("modulations per band\n");
	before = b->card->frames_received;
	queue_frame(a, 1, b->mac, 0x1b, 0);
	send_slot(a, 1);
	check(b->card->frames_received == before + 1 &&
	      (fake_get32(a->fh, TX_DESCS + 32 + 24) & 1),
	      "2 GHz 802.11g: CCK heard and ACKed");
	wr(b->card, 0xa200, 0x8 | 0x2 | 0x1);		/* 802.11b: CCK only */
	queue_frame(a, 1, b->mac, 0x0b, 0);
	send_slot(a, 1);
	check(b->card->frames_received == before + 1 &&
	      (fake_get32(a->fh, TX_DESCS + 32 + 24) & 2),
	      "an 802.11b receiver neither hears nor ACKs OFDM");
	tune(a->card, 5180);
	tune(b->card, 5180);
	queue_frame(a, 1, b->mac, 0x1b, 0);
	send_slot(a, 1);
	check(b->card->frames_received == before + 1 &&
	      (fake_get32(a->fh, TX_DESCS + 32 + 24) & 2),
	      "5 GHz: a CCK frame is heard by nobody");
	queue_frame(a, 1, b->mac, 0x0b, 0);
	send_slot(a, 1);
	check(b->card->frames_received == before + 2 &&
	      (fake_get32(a->fh, TX_DESCS + 32 + 24) & 1), "5 GHz: OFDM heard and ACKed");
	tune(a->card, 2412);
	tune(b->card, 2412);
}

static void test_mcast_hash(struct test_card *a, struct test_card *b)
{
	static const uint8_t group[6] = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0xfb };
	static const uint8_t v6[6] = { 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 };
	unsigned int bin = rx_mcast_hash(group);
	unsigned long before = b->card->frames_received;
	uint64_t v = 0;
	unsigned int slow = 0;

	printf("the multicast hash filter\n");
	for (int i = 5; i >= 0; i--)
		v = v << 8 | group[i];
	for (unsigned int i = 0; i < 48; i++)	/* bit i of the address -> bit i%6 */
		slow ^= (unsigned int)(v >> i & 1) << (i % 6);
	check(bin == slow, "bin %u of 01:00:5e:00:00:fb = XOR of its 6-bit groups", bin);
	wr(b->card, 0x8040, 0);
	wr(b->card, 0x8044, 0);
	queue_frame(a, 2, group, 0x0b, 0);
	send_slot(a, 2);
	check(b->card->frames_received == before, "hash bin clear: group frame dropped");
	wr(b->card, bin < 32 ? 0x8040 : 0x8044, 1u << (bin % 32));
	queue_frame(a, 2, group, 0x0b, 0);
	send_slot(a, 2);
	check(b->card->frames_received == before + 1, "its bin set: received");
	queue_frame(a, 2, v6, 0x0b, 0);
	send_slot(a, 2);
	check(rx_mcast_hash(v6) != bin && b->card->frames_received == before + 1,
	      "33:33:00:00:00:01 (bin %u) still dropped", rx_mcast_hash(v6));
	wr(b->card, 0x8040, 0xffffffff);
	wr(b->card, 0x8044, 0xffffffff);
	queue_frame(a, 2, v6, 0x0b, 0);
	send_slot(a, 2);
	check(b->card->frames_received == before + 2, "all bins set (ALLMULTI): received");
}

/* Sends one frame from slot 3 with the given series; true if B got it. */
static bool series_sent(struct test_card *a, struct test_card *b,
			const unsigned int tries[4], const uint8_t rates[4],
			unsigned int *logged)
{
	uint32_t d = TX_DESCS + 32 * 3, buf = TX_BUFS + 0x800 * 3;
	unsigned int len = make_data_frame(a->fh->mem + buf, b->mac, a->mac, 60, 3);
	struct tx_setup s = { .buf = buf, .frame_len = len + 4, .buf_len = len };
	unsigned long before = b->card->frames_received;
	unsigned int lines = a->fh->log_lines;

	memcpy(s.tries, tries, sizeof(s.tries));
	memcpy(s.rates, rates, sizeof(s.rates));
	put_tx_desc(a->fh, d, &s);
	send_slot(a, 3);
	*logged = a->fh->log_lines - lines;
	return b->card->frames_received != before;
}

static void test_rate_series(struct test_card *a, struct test_card *b)
{
	static const unsigned int no_tries[4] = { 0, 2, 0, 0 };
	static const unsigned int tries[4] = { 2, 3, 0, 0 };
	static const uint8_t rate0_zero[4] = { 0x00, 0x0b, 0, 0 };
	static const uint8_t rate1_bad[4] = { 0x0b, 0x05, 0, 0 };
	static const uint8_t good[4] = { 0x0b, 0x1b, 0x00, 0x00 };
	uint32_t st0 = TX_DESCS + 32 * 3 + 24;
	unsigned int logged;

	printf("a 4-word descriptor's rate series\n");
	check(!series_sent(a, b, no_tries, good, &logged) && logged == 1 &&
	      (fake_get32(a->fh, st0) & 0x9) == 0x8 && (fake_get32(a->fh, st0 + 4) & 1),
	      "no tries in series 0: not sent, filtered, done, one misuse line");
	check(!series_sent(a, b, tries, rate0_zero, &logged) && logged == 1 &&
	      (fake_get32(a->fh, st0) & 0x9) == 0x8,
	      "rate code 0 in series 0: not sent, filtered, one misuse line");
	check(!series_sent(a, b, tries, rate1_bad, &logged) && logged == 1 &&
	      (fake_get32(a->fh, st0) & 0x9) == 0x8,
	      "rate code 0x05 in series 1 with tries: not sent");
	check(series_sent(a, b, tries, good, &logged) && logged == 0 &&
	      (fake_get32(a->fh, st0) & 1),
	      "rate code 0 in series without tries: sent and ACKed, nothing logged");
}

/* Sends slot 5 to B at rate; true when A's status says ACKed. */
static bool acked_at(struct test_card *a, struct test_card *b, uint8_t rate,
		     uint32_t time_out, unsigned long *received)
{
	unsigned long before = b->card->frames_received;

	wr(a->card, 0x8014, time_out);
	queue_frame(a, 5, b->mac, rate, 0);
	send_slot(a, 5);
	*received = b->card->frames_received - before;
	return fake_get32(a->fh, TX_DESCS + 32 * 5 + 24) & 1;
}

static void test_answer_timeout(struct test_card *a, struct test_card *b)
{
	unsigned int lines = a->fh->log_lines;
	unsigned long received;

	printf("the ACK timeout the driver programs\n");
	test_card_up(b, 2412, RX_RING, 16);	/* a fresh ring for its 13 frames */
	/* 2 GHz 802.11g: 44 clocks per us, SIFS 10 us, 4 us to detect the ACK */
	check(!acked_at(a, b, 0x0b, 0, &received) && received == 2 &&
	      a->card->answers_too_late == 2 && a->fh->log_lines == lines + 1,
	      "timeout 0: B got both tries, A heard no ACK, one line logged");
	check(!acked_at(a, b, 0x0b, 14 * 44 - 1, &received) && received == 2,
	      "one clock short of SIFS + 4 us: no ACK heard");
	check(acked_at(a, b, 0x0b, 14 * 44, &received) && received == 1,
	      "SIFS + 4 us: ACKed at the first try");
	check(!acked_at(a, b, 0x0b, (14 * 44) << 16, &received),
	      "the CTS field does not stand in for the ACK's");
	check(a->fh->log_lines == lines + 1 && a->card->answers_too_late == 6,
	      "six ACKs too late, still one line logged");
	/* 802.11b: CCK only, 22 clocks per us (B too, to hear CCK) */
	wr(a->card, 0xa200, 0x8 | 0x2 | 0x1);
	wr(b->card, 0xa200, 0x8 | 0x2 | 0x1);
	check(!acked_at(a, b, 0x1b, 14 * 22 - 1, &received) && received == 2 &&
	      acked_at(a, b, 0x1b, 14 * 22, &received),
	      "802.11b: 22 clocks per us, 14 us needed");
	wr(a->card, 0xa200, 0);
	wr(b->card, 0xa200, 0);
	tune(a->card, 5180);
	tune(b->card, 5180);
	check(!acked_at(a, b, 0x0b, 20 * 40 - 1, &received) && received == 2 &&
	      acked_at(a, b, 0x0b, 20 * 40, &received),
	      "5 GHz: 40 clocks per us, SIFS 16 us: 20 us needed");
	tune(a->card, 2412);
	tune(b->card, 2412);
	wr(a->card, 0x8014, 0x04200420);
}

static void test_frmpendcnt(struct test_card *a, struct test_card *b)
{
	struct card *c = a->card;

	printf("FRMPENDCNT counts the frames not yet done\n");
	c->cfg.airtime = true;
	for (unsigned int i = 0; i < 4; i++)
		queue_frame(a, 4 + i, b->mac, 0x0b, i < 3 ? TX_DESCS + 32 * (5 + i) : 0);
	wr(c, 0x804, TX_DESCS + 32 * 4);
	check((rd(c, 0xa04) & 3) == 0, "queue 1 off: 0 pending");
	wr(c, 0x840, 2);
	check((rd(c, 0xa04) & 3) == 3, "four frames queued: the 2-bit field saturates at 3");
	for (unsigned int done = 1; done <= 4; done++)
		test_cards_advance(a, 1, card_next_deadline(c) - a->fh->now);
	check((rd(c, 0xa04) & 3) == 0 && !(rd(c, 0x840) & 2), "all sent: 0 pending, TXE clear");
	c->cfg.airtime = false;
	(void)b;
}

int main(void)
{
	struct air *air = air_create();
	struct test_card a, b;

	if (!air)
		return 2;
	test_card_open(&a, air, 0, "airtime=0");
	test_card_open(&b, air, 1, "airtime=0");
	test_card_up(&a, 2412, 0x80000, 4);
	test_card_up(&b, 2412, RX_RING, 16);
	test_rxdp_and_rx_stop(&b);
	test_full_sleep(&b);
	test_simr(&a, &b);
	test_pisr_write_back(&a);
	test_bands(&a, &b);
	test_mcast_hash(&a, &b);
	test_rate_series(&a, &b);
	test_answer_timeout(&a, &b);
	test_frmpendcnt(&a, &b);
	test_card_close(&a);
	test_card_close(&b);
	air_destroy(air);
	return checks_report("test_strict");
}
