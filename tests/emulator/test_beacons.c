// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Beacons the way base.c sends them: SWBA before each TBTT, the driver
 * loads the gated beacon queue, the card sends it at TBTT with the TSF
 * in the timestamp, then the CAB queue.  IBSS: one self-linked VEOL
 * descriptor goes out every TBTT on its own.
 */
#include "card_model.h"
#include "fake_host.h"

#define BEACON_DESC	0x1000
#define CAB_DESC	0x1100
#define BEACON_BUF	0x2000
#define CAB_BUF		0x3000
#define RX_RING		0x40000
#define RX_BUF0		(RX_RING + 0x10000)
#define PERIOD_TU	100
#define FIRST_TBTT_TU	200

static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static unsigned int make_beacon(uint8_t *p, const uint8_t *bssid)
{
	memset(p, 0, 36);
	p[0] = 0x80;				/* management, beacon */
	memcpy(p + 4, bcast, 6);
	memcpy(p + 10, bssid, 6);
	memcpy(p + 16, bssid, 6);
	p[32] = PERIOD_TU;			/* beacon interval */
	p[34] = 0x01;				/* ESS */
	memcpy(p + 36, "\x00\x04test", 6);	/* SSID element */
	return 42;
}

static void load_beacon(struct test_card *ap, bool veol)
{
	unsigned int len = make_beacon(ap->fh->mem + BEACON_BUF, ap->mac);
	struct tx_setup s = { .link = veol ? BEACON_DESC : 0, .buf = BEACON_BUF,
			      .frame_len = len + 4, .buf_len = (len + 3) & ~3u,
			      .noack = true, .veol = veol, .type = 3,
			      .tries = { 1 }, .rates = { 0x1b } };

	put_tx_desc(ap->fh, BEACON_DESC, &s);
}

/* qcu.c: beacon queue gated by the DMA beacon alert, CAB queue too. */
static void setup_ap(struct test_card *ap)
{
	struct card *c = ap->card;

	wr(c, 0x24, 1);
	wr(c, 0xa0, 0x800814b5 | 0x10000);
	test_ap_beacon_timers(c, FIRST_TBTT_TU, PERIOD_TU);
}

/* dma.c's stop handshake, then TXDP and TXE, as ath5k_beacon_send. */
static bool driver_beacon_send(struct test_card *ap)
{
	struct card *c = ap->card;

	if ((rd(c, 0xa00 + 4 * 9) & 3) || (rd(c, 0x840) & (1u << 9)))
		return false;		/* still pending: a missed beacon */
	wr(c, 0x880, 1u << 9);
	if (rd(c, 0x840) & (1u << 9))
		return false;
	wr(c, 0x880, 0);
	load_beacon(ap, false);
	wr(c, 0x800 + 4 * 9, BEACON_DESC);
	wr(c, 0x840, 1u << 9);
	return true;
}

static uint64_t beacon_timestamp(const uint8_t *frame)
{
	uint64_t t = 0;

	for (int i = 7; i >= 0; i--)
		t = t << 8 | frame[24 + i];
	return t;
}

static void test_ap_beacons(struct test_card *ap, struct test_card *sta)
{
	struct test_card both[2] = { *ap, *sta };
	unsigned int before;
	uint64_t ts;
	bool sent;

	printf("AP beacons through SWBA and the gated beacon queue\n");
	test_card_up(ap, 2437, RX_RING, 4);
	test_card_up(sta, 2437, RX_RING, 8);
	wr(sta->card, 0x803c, 0x7 | 0x10);	/* scanning: beacons from anyone */
	setup_ap(ap);
	test_cards_advance(both, 2, (FIRST_TBTT_TU - 11) * 1024);
	check(!(rd(ap->card, 0x80) & 0x10000), "no SWBA 11 TU before the first TBTT");
	test_cards_advance(both, 2, 1024 + 1);
	check((rd(ap->card, 0x80) & 0x10000) && ap->fh->irq, "SWBA at TBTT - 10 TU");
	wr(ap->card, 0x80, 0x10000);
	sent = driver_beacon_send(ap);
	check(sent, "beacon queue idle: driver loads the beacon");
	{
		/* a broadcast frame for the CAB queue, sent after the beacon */
		unsigned int len = make_data_frame(ap->fh->mem + CAB_BUF, bcast, ap->mac,
						   20, 0);
		struct tx_setup s = { .buf = CAB_BUF, .frame_len = len + 4,
				      .buf_len = len, .intreq = true,
				      .tries = { 1 }, .rates = { 0x1b } };

		put_tx_desc(ap->fh, CAB_DESC, &s);
		wr(ap->card, 0x800 + 4 * 8, CAB_DESC);
		wr(ap->card, 0x840, 1u << 8);
	}
	before = (unsigned int)sta->card->frames_received;
	check(!(fake_get32(ap->fh, BEACON_DESC + 28) & 1) &&
	      !(fake_get32(ap->fh, CAB_DESC + 28) & 1),
	      "gated queues wait for TBTT");
	check(rd(ap->card, 0xa00 + 4 * 9) & 3, "queue 9 shows a pending frame");
	test_cards_advance(both, 2, 10 * 1024);
	check(fake_get32(ap->fh, BEACON_DESC + 28) & 1, "beacon sent at TBTT");
	check(fake_get32(ap->fh, CAB_DESC + 28) & 1, "CAB frame sent after it");
	check(sta->card->frames_received == before + 2, "station received both");
	ts = beacon_timestamp(sta->fh->mem + RX_BUF0);
	check(ts >= (uint64_t)FIRST_TBTT_TU * 1024 &&
	      ts < (uint64_t)(FIRST_TBTT_TU + 1) * 1024,
	      "beacon timestamp is the TSF at TBTT (%llu us)", (unsigned long long)ts);
	check((fake_get32(sta->fh, RX_RING + 16) & 0xfff) == 42 + 4,
	      "beacon length from ctl0 (42 + FCS), not the rounded buffer");
	check(!(rd(ap->card, 0x840) & (3u << 8)) && !(rd(ap->card, 0xa00 + 4 * 9) & 3),
	      "beacon and CAB queues idle again");

	/* a late driver: the beacon misses its TBTT and goes out one later */
	test_cards_advance(both, 2, (PERIOD_TU - 5) * 1024);
	check(rd(ap->card, 0x80) & 0x10000, "next SWBA");
	wr(ap->card, 0x80, 0x10000);
	test_cards_advance(both, 2, 6 * 1024);
	before = (unsigned int)sta->card->frames_received;
	check(driver_beacon_send(ap), "loaded after its TBTT");
	test_cards_advance(both, 2, (PERIOD_TU - 10) * 1024);
	check(sta->card->frames_received == before, "held until the next TBTT");
	check((rd(ap->card, 0x80) & 0x10000) && !driver_beacon_send(ap),
	      "at that SWBA the queue is still busy: the driver counts a miss");
	wr(ap->card, 0x80, 0x10000);
	test_cards_advance(both, 2, 11 * 1024);
	check(sta->card->frames_received == before + 1, "sent at the next TBTT");
	wr(ap->card, 0x8020, PERIOD_TU);
	test_cards_advance(both, 2, 3 * PERIOD_TU * 1024);
	check(sta->card->frames_received == before + 1 &&
	      !(rd(ap->card, 0x80) & 0x10000), "beacons disabled: silence");
}

static void test_probe_response(struct test_card *ap, struct test_card *sta)
{
	unsigned int len = make_beacon(ap->fh->mem + CAB_BUF, ap->mac);
	struct tx_setup s = { .buf = CAB_BUF, .frame_len = len + 4, .buf_len = len,
			      .intreq = true, .type = 4, .tries = { 3 },
			      .rates = { 0x1b } };
	uint64_t ts, tsf;

	printf("probe responses get the TSF too\n");
	ap->fh->mem[CAB_BUF] = 0x50;			/* probe response */
	memcpy(ap->fh->mem + CAB_BUF + 4, sta->mac, 6);
	test_card_up(ap, 2462, RX_RING, 4);
	test_card_up(sta, 2462, RX_RING, 4);
	put_tx_desc(ap->fh, CAB_DESC, &s);
	tsf = (uint64_t)rd(ap->card, 0x8050) << 32 | rd(ap->card, 0x804c);
	wr(ap->card, 0x800, CAB_DESC);
	wr(ap->card, 0x840, 1);
	ts = beacon_timestamp(sta->fh->mem + RX_BUF0);
	check((fake_get32(ap->fh, CAB_DESC + 24) & 1) && ts >= tsf && ts < tsf + 10,
	      "ACKed, timestamp %llu = AP TSF %llu", (unsigned long long)ts,
	      (unsigned long long)tsf);
}

static void test_ibss_beacons(struct test_card *ap, struct test_card *sta)
{
	struct test_card both[2] = { *ap, *sta };
	unsigned int before;

	printf("IBSS: a self-linked VEOL beacon sent every TBTT by the card\n");
	test_card_up(ap, 2412, RX_RING, 4);
	test_card_up(sta, 2412, RX_RING, 40);
	wr(sta->card, 0x803c, 0x7 | 0x10);
	setup_ap(ap);
	load_beacon(ap, true);
	wr(ap->card, 0x800 + 4 * 9, BEACON_DESC);
	wr(ap->card, 0x840, 1u << 9);
	before = (unsigned int)sta->card->frames_received;
	/* the event loop wakes at every deadline: step 10 TU at a time */
	for (int t = 0; t <= FIRST_TBTT_TU + 3 * PERIOD_TU; t += 10)
		test_cards_advance(both, 2, 10 * 1024);
	check(sta->card->frames_received == before + 4,
	      "four TBTTs, four beacons (%lu)", sta->card->frames_received - before);
	check(rd(ap->card, 0x800 + 4 * 9) == BEACON_DESC,
	      "TXDP stays on the self-linked descriptor");
	before = (unsigned int)sta->card->frames_received;
	test_cards_advance(both, 2, 20 * PERIOD_TU * 1024);
	check(sta->card->frames_received - before <= 2,
	      "after a 20-period stall the lost beacons are not sent in a burst (%lu)",
	      sta->card->frames_received - before);
}

int main(void)
{
	struct air *air = air_create();
	struct test_card ap, sta;

	test_card_open(&ap, air, 0, "airtime=0");
	test_card_open(&sta, air, 1, "airtime=0");
	test_ap_beacons(&ap, &sta);
	test_probe_response(&ap, &sta);
	test_ibss_beacons(&ap, &sta);
	test_card_close(&ap);
	test_card_close(&sta);
	air_destroy(air);
	return checks_report("test_beacons");
}
