// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The realistic air (air=real, the default): attempts lost by configured
 * loss and by SNR against the rate, retries through the four rate series
 * with the retry count the hardware writes (failed attempts in the final
 * series), the Retry bit on retransmissions, per-frame RSSI, a wandering
 * noise floor, backoff, and the same outcomes for the same seed.
 */
#include "air_timing.h"
#include "card_model.h"
#include "fake_host.h"

#define TX_DESC		0x1000
#define TX_BUF		0x2000
#define RX_RING		0x40000
#define RX_BUF0		(RX_RING + 0x10000)

struct outcome {
	bool ok, xretry;
	unsigned int final, retries, ack_rssi;
	unsigned int copies;		/* frames B received */
	bool retry_bit;			/* on the first copy B received */
	unsigned int rx_rssi;
};

/* Opens a card on the realistic air (fake_host's helper asks for ideal). */
static void open_real(struct test_card *tc, struct air *air, unsigned int index,
		      const char *spec)
{
	char full[200];

	snprintf(full, sizeof(full), "air=real,airtime=0,%s", spec);
	test_card_open(tc, air, index, full);
}

/* One unicast frame A -> dst with the given series; B's ring fresh. */
static struct outcome send_one(struct test_card *a, struct test_card *b,
			       const uint8_t *dst, const unsigned int tries[4],
			       const uint8_t rates[4])
{
	unsigned int len = make_data_frame(a->fh->mem + TX_BUF, dst, a->mac, 200, 1);
	struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4, .buf_len = len,
			      .intreq = true };
	unsigned long before;
	struct outcome o;
	uint32_t st0, st1;

	memcpy(s.tries, tries, sizeof(s.tries));
	memcpy(s.rates, rates, sizeof(s.rates));
	wr(b->card, 0x08, 0x20);		/* RX off before a new RXDP */
	test_card_up(b, 2412, RX_RING, 4);
	before = b->card->frames_received;
	put_tx_desc(a->fh, TX_DESC, &s);
	wr(a->card, 0x800, TX_DESC);
	wr(a->card, 0x840, 1);
	st0 = fake_get32(a->fh, TX_DESC + 24);
	st1 = fake_get32(a->fh, TX_DESC + 28);
	o.ok = st0 & 1;
	o.xretry = st0 & 2;
	o.retries = st0 >> 8 & 0xf;
	o.final = st1 >> 21 & 3;
	o.ack_rssi = st1 >> 13 & 0xff;
	o.copies = (unsigned int)(b->card->frames_received - before);
	o.retry_bit = b->fh->mem[RX_BUF0 + 1] & 0x08;
	o.rx_rssi = fake_get32(b->fh, RX_RING + 16) >> 20 & 0xff;
	return o;
}

static unsigned int attempts_of(const struct outcome *o, const unsigned int tries[4])
{
	unsigned int n = o->retries + (o->ok ? 1 : 0);

	for (unsigned int s = 0; s < o->final; s++)
		n += tries[s];
	return n;
}

/* An OFDM ACK's PPDU at mbps. */
static unsigned int ofdm_ack_us(unsigned int mbps)
{
	unsigned int bits = AIR_OFDM_SERVICE_BITS + 8 * AIR_ACK_BYTES + AIR_OFDM_TAIL_BITS;
	unsigned int per_symbol = mbps * AIR_OFDM_SYMBOL_US;

	return AIR_OFDM_PREAMBLE_US + AIR_OFDM_SYMBOL_US * ((bits + per_symbol - 1) / per_symbol);
}

/* A unicast exchange at rate_code is longer by SIFS + the ACK: want us. */
static void check_ack_share(uint8_t rate_code, unsigned int want, const char *what)
{
	unsigned int us = tx_exchange_us(rate_code, 100, true, NULL) -
			  tx_exchange_us(rate_code, 100, false, NULL);

	check(us == want, "ACK of %s: %u us with SIFS (want %u)", what, us, want);
}

static void test_probability(void)
{
	printf("success probability from SNR, rate and loss\n");
	check(link_required_snr(0x0c) > link_required_snr(0x0d) &&
	      link_required_snr(0x0d) > link_required_snr(0x09) &&
	      link_required_snr(0x09) > link_required_snr(0x0b) &&
	      link_required_snr(0x18) > link_required_snr(0x1b),
	      "faster rates need more SNR (54 > 36 > 24 > 6, 11 > 1)");
	check(link_success_probability(0x0c, 40, 0) > 0.999,
	      "54 Mbit/s at 40 dB gets through");
	check(link_success_probability(0x0c, 12, 0) < 0.001 &&
	      link_success_probability(0x0b, 12, 0) > 0.99,
	      "at 12 dB: 54 Mbit/s fails, 6 Mbit/s gets through");
	check(link_success_probability(0x0b, 40, 30) < 0.71 &&
	      link_success_probability(0x0b, 40, 30) > 0.69,
	      "loss=30 takes 30%% of attempts whatever the SNR");
	check(link_success_probability(0x0b, 40, 100) == 0.0, "loss=100 takes all");
	/* Bit 2 is part of OFDM codes (54 = 0x0c), a preamble flag only on CCK. */
	check(tx_airtime_us(0x0c, 1500) == 20 + 4 * 56 && tx_airtime_us(0x08, 1500) == 20 + 4 * 63,
	      "1500 bytes: 54 Mbit/s %u us, 48 Mbit/s %u us", tx_airtime_us(0x0c, 1500),
	      tx_airtime_us(0x08, 1500));
	check(tx_airtime_us(0x1e, 100) == 96 + 400 && tx_airtime_us(0x1a, 100) == 192 + 400,
	      "CCK short preamble 2 Mbit/s %u us, long %u us", tx_airtime_us(0x1e, 100),
	      tx_airtime_us(0x1a, 100));
	/* The ACK's share of an exchange is at the rate air_timing.h names. */
	check_ack_share(0x0c, AIR_OFDM_SIFS_US + ofdm_ack_us(AIR_ACK_OFDM_HIGH_MBPS),
			"54 Mbit/s, AIR_ACK_OFDM_HIGH_MBPS");
	check_ack_share(0x0b, AIR_OFDM_SIFS_US + ofdm_ack_us(AIR_ACK_OFDM_MBPS),
			"6 Mbit/s, AIR_ACK_OFDM_MBPS");
	check_ack_share(0x1b, AIR_CCK_SIFS_US + AIR_CCK_LONG_PREAMBLE_US +
			8 * AIR_ACK_BYTES / AIR_ACK_CCK_MBPS, "1 Mbit/s, AIR_ACK_CCK_MBPS");
	check_ack_share(0x18, AIR_CCK_SIFS_US + AIR_CCK_LONG_PREAMBLE_US +
			8 * AIR_ACK_BYTES / AIR_ACK_CCK_HIGH_MBPS,
			"11 Mbit/s, AIR_ACK_CCK_HIGH_MBPS");
}

/*
 * The responder picks the ACK's rate: the AR5212 family the highest
 * mandatory rate not above the frame's, unless STA_ID1 asks for the base
 * rate; the AR5211 always the base rate.  An attempt takes the medium
 * for the ACK its addressee will send.
 */
static void test_ack_rates(void)
{
	struct air *air = air_create();
	static const uint8_t frame[] = {
		0x0b, 0x0f, 0x0a, 0x0e, 0x09, 0x0d, 0x08, 0x0c, 0x1b, 0x1a, 0x19, 0x18, 0x1e,
	};
	static const uint8_t high[] = {
		0x0b, 0x0b, 0x0a, 0x0a, 0x09, 0x09, 0x09, 0x09, 0x1b, 0x1a, 0x1a, 0x1a, 0x1a,
	};
	struct test_card a, b, old;
	unsigned int len, took[2];
	bool mapped = true;

	if (!air)
		exit(2);
	printf("ACK rates: the responder's choice\n");
	for (size_t i = 0; i < sizeof(frame); i++)
		mapped &= tx_ack_rate(NULL, frame[i]) == high[i];
	check(mapped, "6, 9 -> 6; 12, 18 -> 12; 24-54 -> 24; 1 -> 1; 2-11 -> 2 Mbit/s");
	test_card_open(&a, air, 0, "loss=0");
	test_card_open(&b, air, 1, "loss=0");
	test_card_open(&old, air, 2, "model=ar5211,loss=0");
	test_card_up(&a, 2412, 0x80000, 2);
	test_card_up(&b, 2412, RX_RING, 4);
	check(tx_ack_rate(b.card, 0x0c) == 0x09 && tx_ack_rate(b.card, 0x18) == 0x1a,
	      "AR5413, ACKCTS_6MB clear: 54 -> 24, 11 -> 2");
	check(tx_ack_rate(old.card, 0x0c) == 0x0b && tx_ack_rate(old.card, 0x18) == 0x1b,
	      "AR5211: 54 -> 6, 11 -> 1");
	len = make_data_frame(a.fh->mem + TX_BUF, b.mac, a.mac, 1000, 1);
	for (int base = 0; base < 2; base++) {
		struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4,
				      .buf_len = len, .tries = { 1 },
				      .rates = { 0x0c } };

		wr(b.card, 0x8004, (rd(b.card, 0x8004) & ~0x01000000u) |
				   (base ? 0x01000000u : 0));
		put_tx_desc(a.fh, TX_DESC, &s);
		wr(a.card, 0x800, TX_DESC);
		wr(a.card, 0x840, 1);
		took[base] = (unsigned int)(card_next_deadline(a.card) - a.fh->now);
		test_cards_advance(&a, 1, took[base]);
		test_cards_advance(&b, 1, took[base]);
	}
	check(tx_ack_rate(b.card, 0x0c) == 0x0b, "AR5413, ACKCTS_6MB set: 54 -> 6");
	check(took[1] - took[0] == tx_airtime_us(0x0b, AIR_ACK_BYTES) -
				   tx_airtime_us(0x09, AIR_ACK_BYTES),
	      "a 54 Mbit/s frame to B: %u us with B's ACK at 24, %u at 6", took[0], took[1]);
	test_card_close(&a);
	test_card_close(&b);
	test_card_close(&old);
	air_destroy(air);
}

static void test_retries(struct air *air)
{
	static const unsigned int tries[4] = { 4, 2, 2, 0 };
	static const uint8_t rates[4] = { 0x0b, 0x0b, 0x1b, 0 };
	unsigned int first = 0, after = 0, failed = 0, later_series = 0;
	unsigned int bad_count = 0, bad_copies = 0, bad_bit = 0, failed_attempts = 0;
	struct test_card a, b;
	uint32_t ack_fail;

	printf("loss=60: first-try ACKs, ACKs after retries, failures of every series\n");
	open_real(&a, air, 0, "loss=60");
	open_real(&b, air, 1, "snr=50");
	test_card_up(&a, 2412, 0x80000, 2);
	rd(a.card, 0x8090);
	for (unsigned int i = 0; i < 300; i++) {
		struct outcome o = send_one(&a, &b, b.mac, tries, rates);
		unsigned int n = attempts_of(&o, tries);

		failed_attempts += n - (o.ok ? 1 : 0);
		if (o.ok && n == 1)
			first++;
		else if (o.ok)
			after++;
		else
			failed++;
		if (o.ok && o.final > 0)
			later_series++;
		if (o.xretry && (o.final != 2 || o.retries != 2))
			bad_count++;
		if (o.copies != (o.ok ? 1u : 0u))
			bad_copies++;
		if (o.ok && o.retry_bit != (n > 1))
			bad_bit++;
	}
	check(first > 60 && after > 60 && failed > 0,
	      "%u first try, %u after retries, %u failed every series", first, after,
	      failed);
	check(later_series > 0, "%u ACKed in a fallback series", later_series);
	check(bad_count == 0,
	      "excessive retries report the last series and its 2 failed attempts");
	check(bad_copies == 0, "B got exactly one copy of each ACKed frame, none of the others");
	check(bad_bit == 0, "the copy B got has the Retry bit exactly when it was a retransmission");
	ack_fail = rd(a.card, 0x8090);
	check(ack_fail == failed_attempts,
	      "ACK_FAIL %u = failed attempts counted from the statuses %u", ack_fail,
	      failed_attempts);
	test_card_close(&a);
	test_card_close(&b);
}

static void test_snr_against_rate(struct air *air)
{
	static const unsigned int tries[4] = { 2, 2, 4, 0 };
	static const uint8_t rates[4] = { 0x0c, 0x0d, 0x0b, 0 };
	unsigned int in_series[4] = { 0 }, lost = 0;
	struct test_card a, b;

	printf("snr=12: 54 and 36 Mbit/s fail, the 6 Mbit/s series gets through\n");
	open_real(&a, air, 0, "loss=0,snr=12");
	open_real(&b, air, 1, "loss=0");
	test_card_up(&a, 2412, 0x80000, 2);
	for (unsigned int i = 0; i < 50; i++) {
		struct outcome o = send_one(&a, &b, b.mac, tries, rates);

		if (o.ok)
			in_series[o.final]++;
		else
			lost++;
	}
	check(in_series[0] == 0 && in_series[2] >= 45,
	      "ACKed in series 0/1/2: %u/%u/%u, lost %u", in_series[0], in_series[1],
	      in_series[2], lost);
	test_card_close(&a);
	test_card_close(&b);
}

static void test_rssi_and_noise(struct air *air)
{
	static const unsigned int tries[4] = { 8, 0, 0, 0 };
	static const uint8_t rates[4] = { 0x0b, 0, 0, 0 };
	unsigned int lo = 255, hi = 0, ack_lo = 255, ack_hi = 0;
	int nf_lo = 0, nf_hi = -200;
	struct test_card a, b;

	printf("RSSI varies per frame around the link's SNR; the noise floor wanders\n");
	open_real(&a, air, 0, "loss=0,snr=30");
	open_real(&b, air, 1, "loss=0,snr=45");
	test_card_up(&a, 2412, 0x80000, 2);
	for (unsigned int i = 0; i < 100; i++) {
		struct outcome o = send_one(&a, &b, b.mac, tries, rates);

		if (o.rx_rssi < lo)
			lo = o.rx_rssi;
		if (o.rx_rssi > hi)
			hi = o.rx_rssi;
		if (o.ack_rssi < ack_lo)
			ack_lo = o.ack_rssi;
		if (o.ack_rssi > ack_hi)
			ack_hi = o.ack_rssi;
	}
	check(lo >= 27 && hi <= 33 && lo < hi, "RX RSSI in %u..%u (snr=30, fade=3)", lo, hi);
	check(ack_lo >= 42 && ack_hi <= 48 && ack_lo < ack_hi,
	      "ACK RSSI in %u..%u (B's snr=45)", ack_lo, ack_hi);
	for (unsigned int i = 0; i < 200; i++) {
		uint32_t v = rd(a.card, 0x9864) >> 19 & 0x1ff;
		int nf = v & 0x100 ? (int)v - 0x200 : (int)v;

		if (nf < nf_lo)
			nf_lo = nf;
		if (nf > nf_hi)
			nf_hi = nf;
	}
	check(nf_lo >= -103 && nf_hi <= -97 && nf_lo < nf_hi,
	      "PHY_NF reads %d..%d dBm", nf_lo, nf_hi);
	test_card_close(&a);
	test_card_close(&b);
}

/* The ACK/loss pattern of 40 frames from a card with this seed. */
static uint64_t pattern(struct air *air, const char *seed)
{
	static const unsigned int tries[4] = { 3, 3, 0, 0 };
	static const uint8_t rates[4] = { 0x0b, 0x1b, 0, 0 };
	struct test_card a, b;
	uint64_t bits = 0;
	char spec[64];

	snprintf(spec, sizeof(spec), "loss=50,%s", seed);
	open_real(&a, air, 0, spec);
	open_real(&b, air, 1, "loss=0");
	test_card_up(&a, 2412, 0x80000, 2);
	for (unsigned int i = 0; i < 40; i++) {
		struct outcome o = send_one(&a, &b, b.mac, tries, rates);

		bits = bits * 7 + attempts_of(&o, tries);
	}
	test_card_close(&a);
	test_card_close(&b);
	return bits;
}

static void test_seed(struct air *air)
{
	printf("the same seed gives the same losses; another seed others\n");
	check(pattern(air, "seed=1") == pattern(air, "seed=1"), "seed=1 twice: same");
	check(pattern(air, "seed=1") != pattern(air, "seed=2"), "seed=2: different");
}

static void test_backoff(struct air *air)
{
	struct test_card a, b;
	unsigned int len, exchange, lo = ~0u, hi = 0;

	printf("airtime: an attempt takes its exchange plus 0..CWmin slots of backoff\n");
	test_card_open(&a, air, 0, "air=real,loss=0");
	test_card_open(&b, air, 1, "air=real,loss=0");
	test_card_up(&a, 2412, 0x80000, 2);
	test_card_up(&b, 2412, RX_RING, 4);
	len = make_data_frame(a.fh->mem + TX_BUF, b.mac, a.mac, 100, 1);
	exchange = tx_exchange_us(0x0b, len + 4, true, b.card);
	for (unsigned int i = 0; i < 64; i++) {
		struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4,
				      .buf_len = len, .tries = { 1 },
				      .rates = { 0x0b } };
		uint64_t took;

		put_tx_desc(a.fh, TX_DESC, &s);
		wr(a.card, 0x800, TX_DESC);
		wr(a.card, 0x840, 1);
		took = card_next_deadline(a.card) - a.fh->now;
		if (took < lo)
			lo = (unsigned int)took;
		if (took > hi)
			hi = (unsigned int)took;
		test_cards_advance(&a, 1, took);
		test_cards_advance(&b, 1, took);
	}
	check(lo >= exchange && hi <= exchange + AIR_CW_MIN * AIR_OFDM_SLOT_US &&
	      lo < hi, "%u..%u us for a %u us exchange", lo, hi, exchange);
	test_card_close(&a);
	test_card_close(&b);
}

/*
 * Two stations with a frame each, queued in the same instant with the
 * medium idle: whoever ends its backoff first takes the air, unless both
 * end it in the same slot.  Then neither frame gets through.
 */
static void test_collisions(void)
{
	struct air *air = air_create();
	struct test_card cards[3], *a = &cards[0], *b = &cards[1], *ap = &cards[2];
	unsigned int collided = 0, fail_a = 0, fail_b = 0, apart = 0;

	if (!air)
		exit(2);
	printf("collisions: two senders ending their backoff in the same slot\n");
	test_card_open(a, air, 0, "air=real,loss=0,fade=0");
	test_card_open(b, air, 1, "air=real,loss=0,fade=0");
	test_card_open(ap, air, 2, "air=real,loss=0,fade=0");
	for (int i = 0; i < 3; i++)
		test_card_up(&cards[i], 2412, RX_RING + 0x10000 * (uint32_t)i, 4);
	for (unsigned int round = 0; round < 300; round++) {
		for (int i = 0; i < 2; i++) {
			struct test_card *tc = &cards[i];
			unsigned int len = make_data_frame(tc->fh->mem + TX_BUF, ap->mac,
							   tc->mac, 100, 1);
			struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4,
					      .buf_len = len, .tries = { 1 },
					      .rates = { 0x0b } };

			put_tx_desc(tc->fh, TX_DESC, &s);
			wr(tc->card, 0x800, TX_DESC);
			wr(tc->card, 0x840, 1);
		}
		test_cards_advance(cards, 3, 5000);
		fail_a += fake_get32(a->fh, TX_DESC + 24) >> 1 & 1;
		fail_b += fake_get32(b->fh, TX_DESC + 24) >> 1 & 1;
		if ((fake_get32(a->fh, TX_DESC + 24) & 2) &&
		    (fake_get32(b->fh, TX_DESC + 24) & 2))
			collided++;
		else if ((fake_get32(a->fh, TX_DESC + 24) & 1) &&
			 (fake_get32(b->fh, TX_DESC + 24) & 1))
			apart++;

		/* the AP's ring: hand the descriptors back */
		wr(ap->card, 0x08, 0x20);
		test_card_up(ap, 2412, RX_RING + 0x20000, 4);
	}
	check(collided > 0 && collided < 60 && collided + apart == 300,
	      "%u of 300 rounds collided (about 1 in 16), %u went one after the other",
	      collided, apart);
	check(fail_a == collided && fail_b == collided,
	      "a collision costs both senders their attempt (%u, %u)", fail_a, fail_b);
	check(a->card->collisions == collided && b->card->collisions == collided,
	      "each card counted its collisions");
	for (int i = 0; i < 3; i++)
		test_card_close(&cards[i]);
	air_destroy(air);
}

static void test_options(void)
{
	struct card_config cfg;
	char err[256];

	printf("card options for the air\n");
	card_config_defaults(&cfg, 0);
	check(cfg.loss_percent == 10 && cfg.fade_db == 3 && cfg.backoff &&
	      cfg.seed == 1 && cfg.rssi == 40,
	      "defaults: a real room (loss 10%%, fade 3 dB, backoff, seed 1, snr 40)");
	check(card_config_parse(&cfg, "loss=25,seed=0x1234,fade=5,snr=22", err,
				sizeof(err)) == 0 &&
	      cfg.loss_percent == 25 && cfg.seed == 0x1234 && cfg.fade_db == 5 &&
	      cfg.rssi == 22, "loss, seed, fade, snr land in the config");
	check(card_config_parse(&cfg, "air=ideal", err, sizeof(err)) == 0 &&
	      !cfg.loss_percent && !cfg.fade_db && !cfg.backoff,
	      "air=ideal: no loss, no fading, no backoff");
	check(card_config_parse(&cfg, "loss=101", err, sizeof(err)) &&
	      card_config_parse(&cfg, "fade=-1", err, sizeof(err)) &&
	      card_config_parse(&cfg, "air=wire", err, sizeof(err)) &&
	      card_config_parse(&cfg, "seed=", err, sizeof(err)),
	      "out-of-range values refused");
}

int main(void)
{
	struct air *air = air_create();

	if (!air)
		return 2;
	test_options();
	test_probability();
	test_retries(air);
	test_snr_against_rate(air);
	test_rssi_and_noise(air);
	test_seed(air);
	test_backoff(air);
	test_ack_rates();	/* an air of its own, free from the start */
	test_collisions();	/* on an air of its own: a medium free from the start */
	air_destroy(air);
	return checks_report("test_link");
}
