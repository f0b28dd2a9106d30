// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The stats counters cab_after_dtim and group_outside_dtim: group data
 * a card sends right after its own DTIM beacon announcing buffered
 * group traffic (TIM element, DTIM count 0, Bitmap Control bit 0) is
 * "after DTIM"; before any beacon, after a beacon that announces
 * nothing, or after another frame of the card it is "outside".  Frames
 * go out in order through TXDP0 (the counters look at frames, not
 * queues), then through the gated beacon and CAB queues at a TBTT.
 * Beacons with a short body, no TIM or broken element lengths open no
 * window.
 */
#include "card_model.h"
#include "fake_host.h"
#include "stats_line.h"

#define TX_DESC		0x1000
#define TX_BUF		0x2000
#define BEACON_DESC	0x1100
#define BEACON_BUF	0x3000
#define CAB_DESCS	0x1200
#define CAB_BUFS	0x4000
#define RX_RING		0x40000
#define RATE_6M		0x0b
#define PERIOD_TU	100
#define FIRST_TBTT_TU	200

static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static const uint8_t group[6] = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0xfb };

/* The two counters as the stats line prints them. */
struct cab_counts {
	uint64_t after, outside;
};

static struct cab_counts counts(struct card *card)
{
	char line[CARD_STATS_LINE_MAX];
	uint64_t v[STATS_LINE_KEYS];
	struct cab_counts c = { UINT64_MAX, UINT64_MAX };

	card_stats_summary(card, line, sizeof(line));
	if (stats_line_parse(line, v)) {
		c.after = stats_get(v, "cab_after_dtim");
		c.outside = stats_get(v, "group_outside_dtim");
	}
	return c;
}

/*
 * A beacon from bssid with an SSID element and a TIM element: DTIM
 * count, DTIM period 2, Bitmap Control, one bitmap octet.  Returns the
 * length; the TIM starts at *tim when tim is not NULL.
 */
static unsigned int make_tim_beacon(uint8_t *p, const uint8_t *bssid,
				    unsigned int dtim_count, uint8_t bitmap_control,
				    unsigned int *tim)
{
	unsigned int n = 24;

	memset(p, 0, 24 + 12);
	p[0] = 0x80;
	memcpy(p + 4, bcast, 6);
	memcpy(p + 10, bssid, 6);
	memcpy(p + 16, bssid, 6);
	n += 8;				/* timestamp, filled by the card */
	p[n++] = PERIOD_TU;
	p[n++] = 0;
	p[n++] = 0x01;			/* ESS */
	p[n++] = 0;
	memcpy(p + n, "\x00\x04" "dtim", 6);
	n += 6;
	if (tim)
		*tim = n;
	p[n++] = 5;
	p[n++] = 4;
	p[n++] = (uint8_t)dtim_count;
	p[n++] = 2;
	p[n++] = bitmap_control;
	p[n++] = 0;
	return n;
}

/* Sends one frame (len bytes without FCS) from card at once through TXDP0. */
static void send_now(struct test_card *tc, const uint8_t *frame, unsigned int len)
{
	bool to_group = frame[4] & 1;
	struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4, .buf_len = len,
			      .noack = to_group, .tries = { to_group ? 1 : 4 },
			      .rates = { RATE_6M } };

	memcpy(tc->fh->mem + TX_BUF, frame, len);
	put_tx_desc(tc->fh, TX_DESC, &s);
	wr(tc->card, 0x800, TX_DESC);
	wr(tc->card, 0x840, 1);
	check(fake_get32(tc->fh, TX_DESC + 28) & 1, "    sent fc %02x to %02x:..:%02x, %u bytes",
	      frame[0], frame[4], frame[9], len);
}

static void send_beacon(struct test_card *tc, unsigned int dtim_count, uint8_t bitmap_control)
{
	uint8_t f[64];

	send_now(tc, f, make_tim_beacon(f, tc->mac, dtim_count, bitmap_control, NULL));
}

static void send_data(struct test_card *tc, const uint8_t *dst)
{
	uint8_t f[128];

	send_now(tc, f, make_data_frame(f, dst, tc->mac, 40, 0));
}

static void expect(struct test_card *tc, struct cab_counts *last, uint64_t after,
		   uint64_t outside, const char *what)
{
	struct cab_counts now = counts(tc->card);

	check(now.after - last->after == after && now.outside - last->outside == outside,
	      "%s: cab_after_dtim +%llu, group_outside_dtim +%llu (want +%llu, +%llu)",
	      what, (unsigned long long)(now.after - last->after),
	      (unsigned long long)(now.outside - last->outside),
	      (unsigned long long)after, (unsigned long long)outside);
	*last = now;
}

static void test_frame_order(void)
{
	struct air *air = air_create();
	struct test_card cards[2];
	struct test_card *ap = &cards[0], *sta = &cards[1];
	struct cab_counts last;
	uint8_t f[64];

	printf("group data after the card's own DTIM beacon, and outside it\n");
	test_card_open(ap, air, 0, "airtime=0");
	test_card_open(sta, air, 1, "airtime=0");
	test_card_up(ap, 2412, RX_RING, 4);
	test_card_up(sta, 2412, RX_RING, 4);
	last = counts(ap->card);
	check(last.after == 0 && last.outside == 0, "a new card counts nothing");

	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "group data before any beacon");

	send_beacon(ap, 0, 0x01);
	send_data(ap, bcast);
	send_data(ap, group);
	expect(ap, &last, 2, 0, "DTIM beacon with group traffic, then two group frames");
	send_data(ap, sta->mac);
	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "then a unicast frame, then group data");

	send_beacon(ap, 1, 0x01);
	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "a beacon with DTIM count 1");
	send_beacon(ap, 0, 0x00);
	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "a DTIM beacon with Bitmap Control bit 0 clear");
	send_beacon(ap, 0, 0xfe);
	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "a DTIM beacon with every bitmap control bit but 0");

	send_beacon(ap, 0, 0x01);
	send_data(ap, sta->mac);
	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "DTIM beacon, unicast frame, group data");
	send_beacon(ap, 0, 0x01);
	memcpy(f, "\xc0\x00\x00\x00", 4);	/* a broadcast deauthentication */
	memcpy(f + 4, bcast, 6);
	memcpy(f + 10, ap->mac, 6);
	memcpy(f + 16, ap->mac, 6);
	memset(f + 22, 0, 4);
	send_now(ap, f, 26);
	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "DTIM beacon, a group management frame, group data");
	send_beacon(ap, 0, 0x01);
	send_beacon(ap, 1, 0x00);
	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "DTIM beacon, then a plain beacon, then group data");
	send_beacon(ap, 1, 0x00);
	send_beacon(ap, 0, 0x01);
	send_data(ap, bcast);
	expect(ap, &last, 1, 0, "a plain beacon, then a DTIM beacon, then group data");

	send_data(ap, sta->mac);
	send_beacon(sta, 0, 0x01);
	send_data(ap, bcast);
	expect(ap, &last, 0, 1,
	       "a unicast frame, another card's DTIM beacon (no window for this one), group data");
	last = counts(sta->card);
	check(last.after == 0 && last.outside == 0,
	      "and that card sent no group data (%llu, %llu)",
	      (unsigned long long)last.after, (unsigned long long)last.outside);
	test_card_close(ap);
	test_card_close(sta);
	air_destroy(air);
}

static void test_broken_beacons(void)
{
	struct air *air = air_create();
	struct test_card ap;
	struct cab_counts last;
	unsigned int len, tim;
	uint8_t f[64];

	printf("beacons with a short body, no TIM or bad element lengths open no window\n");
	test_card_open(&ap, air, 0, "airtime=0");
	test_card_up(&ap, 2412, RX_RING, 4);
	last = counts(ap.card);

	len = make_tim_beacon(f, ap.mac, 0, 0x01, &tim);
	send_now(&ap, f, tim);
	send_data(&ap, bcast);
	expect(&ap, &last, 0, 1, "no TIM element");
	send_now(&ap, f, 24 + 12);
	send_data(&ap, bcast);
	expect(&ap, &last, 0, 1, "no elements at all");
	send_now(&ap, f, 24 + 8);
	send_data(&ap, bcast);
	expect(&ap, &last, 0, 1, "a body shorter than the fixed fields");
	send_now(&ap, f, 24);
	send_data(&ap, bcast);
	expect(&ap, &last, 0, 1, "a bare header");
	send_now(&ap, f, len - 1);
	send_data(&ap, bcast);
	expect(&ap, &last, 0, 1, "a TIM running past the end of the frame");
	f[tim + 1] = 3;
	send_now(&ap, f, len - 1);
	send_data(&ap, bcast);
	expect(&ap, &last, 0, 1, "a TIM of 3 bytes (no bitmap octet)");
	f[tim + 1] = 4;
	f[24 + 12 + 1] = 40;			/* SSID length past the end */
	send_now(&ap, f, len);
	send_data(&ap, bcast);
	expect(&ap, &last, 0, 1, "an element before the TIM running past the end");
	f[24 + 12 + 1] = 4;
	f[tim + 1] = 255;
	send_now(&ap, f, len);
	send_data(&ap, bcast);
	expect(&ap, &last, 0, 1, "a TIM claiming 255 bytes");
	f[tim + 1] = 4;
	send_now(&ap, f, len);
	send_data(&ap, bcast);
	expect(&ap, &last, 1, 0, "the same beacon made whole again");
	test_card_close(&ap);
	air_destroy(air);
}

static void test_gated_queues(void)
{
	struct air *air = air_create();
	struct test_card cards[2];
	struct test_card *ap = &cards[0], *sta = &cards[1];
	struct cab_counts last;
	unsigned int len;
	uint32_t d;

	printf("AR5212 at TBTT: the DTIM beacon on queue 9, group data on CAB queue 8\n");
	test_card_open(ap, air, 0, "airtime=0");
	test_card_open(sta, air, 1, "airtime=0");
	test_card_up(ap, 2412, RX_RING, 4);
	test_card_up(sta, 2412, RX_RING, 8);
	test_ap_beacon_timers(ap->card, FIRST_TBTT_TU, PERIOD_TU);
	last = counts(ap->card);
	test_cards_advance(cards, 2, (FIRST_TBTT_TU - 9) * 1024);
	check(rd(ap->card, 0x80) & 0x10000, "SWBA before the TBTT");

	len = make_tim_beacon(ap->fh->mem + BEACON_BUF, ap->mac, 0, 0x01, NULL);
	put_tx_desc(ap->fh, BEACON_DESC, &(struct tx_setup){
		.buf = BEACON_BUF, .frame_len = len + 4, .buf_len = (len + 3) & ~3u,
		.noack = true, .type = 3, .tries = { 1 }, .rates = { RATE_6M } });
	for (unsigned int i = 0; i < 2; i++) {
		uint32_t buf = CAB_BUFS + 0x800 * i;

		d = CAB_DESCS + 32 * i;
		len = make_data_frame(ap->fh->mem + buf, bcast, ap->mac, 30, (uint8_t)i);
		put_tx_desc(ap->fh, d, &(struct tx_setup){
			.link = i ? 0 : d + 32, .buf = buf, .frame_len = len + 4,
			.buf_len = len, .noack = true, .tries = { 1 }, .rates = { RATE_6M } });
	}
	wr(ap->card, 0x800 + 4 * 9, BEACON_DESC);
	wr(ap->card, 0x800 + 4 * 8, CAB_DESCS);
	wr(ap->card, 0x840, 1u << 9 | 1u << 8);
	/* the old way: group data on the data queue at the alert */
	send_data(ap, bcast);
	expect(ap, &last, 0, 1, "group data on queue 0 at the alert, before the beacon");
	test_cards_advance(cards, 2, 10 * 1024);
	check((fake_get32(ap->fh, BEACON_DESC + 28) & 1) &&
	      (fake_get32(ap->fh, CAB_DESCS + 32 + 28) & 1), "beacon and both CAB frames sent");
	expect(ap, &last, 2, 0, "the CAB queue after the DTIM beacon");
	test_card_close(ap);
	test_card_close(sta);
	air_destroy(air);
}

int main(void)
{
	test_frame_order();
	test_broken_beacons();
	test_gated_queues();
	return checks_report("test_cab_watch");
}
