// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Cards sharing an air: unicast from one card's TX queue into another's
 * RX ring, ACKs only from the owner of addr1 (its STA_ID under the BSSID
 * mask), retries when nobody answers,
 * channels kept apart, and airs of separate processes linked by a socket.
 */
#include "card_model.h"
#include "fake_host.h"

#include <unistd.h>

#define TX_DESC		0x1000
#define TX_BUF		0x2000
#define RX_RING		0x40000
#define RX_BUF0		(RX_RING + 0x10000)

/* One frame from a to dst on queue 0; returns the two status words. */
static void send_one(struct test_card *a, const uint8_t *dst, unsigned int body,
		     uint8_t rate, const unsigned int tries[4], uint32_t st[2])
{
	unsigned int len = make_data_frame(a->fh->mem + TX_BUF, dst, a->mac, body,
					   0x30);
	struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4, .buf_len = len,
			      .intreq = true, .rates = { rate, rate, rate, rate } };

	memcpy(s.tries, tries, sizeof(s.tries));
	put_tx_desc(a->fh, TX_DESC, &s);
	wr(a->card, 0x800, TX_DESC);
	wr(a->card, 0x840, 1);
	for (int i = 0; i < 100 && !(fake_get32(a->fh, TX_DESC + 28) & 1); i++)
		test_cards_advance(a, 1, 1000);
	st[0] = fake_get32(a->fh, TX_DESC + 24);
	st[1] = fake_get32(a->fh, TX_DESC + 28);
}

static unsigned int rx_count(const struct test_card *b)
{
	return (unsigned int)b->card->frames_received;
}

static void test_unicast(struct test_card *a, struct test_card *b)
{
	static const unsigned int tries[4] = { 4, 2, 2, 0 };
	const uint8_t *rx = b->fh->mem + RX_BUF0;
	uint32_t st[2], s0, s1, crc;

	printf("unicast A -> B on 2412 MHz\n");
	test_card_up(a, 2412, RX_RING, 4);
	test_card_up(b, 2412, RX_RING, 4);
	a->fh->now += 23456;
	b->fh->now += 23456;
	send_one(a, b->mac, 300, 0x0c, tries, st);
	s0 = fake_get32(b->fh, RX_RING + 16);
	s1 = fake_get32(b->fh, RX_RING + 20);
	check((s1 & 3) == 3, "B's first RX descriptor DONE|OK");
	check((s0 & 0xfff) == 24 + 300 + 4, "length %u = 24 + 300 + FCS", s0 & 0xfff);
	check((s0 >> 15 & 0x1f) == 0x0c, "rate code 0x%x (54 Mbit/s)", s0 >> 15 & 0x1f);
	check((s0 >> 20 & 0xff) == 40, "RSSI %u dB over the noise floor", s0 >> 20 & 0xff);
	{
		uint32_t tsf = rd(b->card, 0x804c);

		check((s1 >> 16 & 0x7fff) == (tsf & 0x7fff) && tsf >= 23456,
		      "RX timestamp is B's TSF bits 14:0 (0x%x)", s1 >> 16 & 0x7fff);
	}
	crc = wifi_crc32(rx, 24 + 300);
	check(rx[324] == (crc & 0xff) && rx[325] == (crc >> 8 & 0xff) &&
	      rx[326] == (crc >> 16 & 0xff) && rx[327] == crc >> 24,
	      "FCS matches the frame");
	check(!memcmp(rx + 10, a->mac, 6) && rx[24] == 0x30 && rx[323] == (uint8_t)(0x30 + 299),
	      "addresses and body as sent");
	check((st[0] & 3) == 1 && (st[0] >> 8 & 0xf) == 0 && (st[1] >> 21 & 3) == 0,
	      "A: OK on the first try of series 0, 0 retries (st0 %08x st1 %08x)",
	      st[0], st[1]);
	check((st[1] >> 13 & 0xff) == 55, "A: ACK RSSI is how A hears B (rssi=55): %u",
	      st[1] >> 13 & 0xff);
}

static void test_no_receiver(struct test_card *a, struct test_card *b)
{
	static const uint8_t nobody[6] = { 0x00, 0x03, 0x7f, 0x99, 0x99, 0x99 };
	static const unsigned int tries[4] = { 4, 2, 3, 0 };
	static const unsigned int one_series[4] = { 7, 0, 0, 0 };
	uint32_t st[2], ack_fail;

	printf("unicast to a MAC nobody owns: retries, then failure\n");
	rd(a->card, 0x8090);			/* MIB counters clear on read */
	send_one(a, nobody, 50, 0x0b, tries, st);
	check((st[0] & 3) == 2, "excessive retries, not OK (st0 %08x)", st[0]);
	check((st[1] >> 21 & 3) == 2, "final series is the last with tries (2)");
	check((st[0] >> 8 & 0xf) == 3, "long retry count = failed attempts of that series (%u)",
	      st[0] >> 8 & 0xf);
	check((st[1] >> 13 & 0xff) == 0, "no ACK RSSI");
	ack_fail = rd(a->card, 0x8090);
	check(ack_fail == 9, "ACK_FAIL counted every try (%u)", ack_fail);
	send_one(a, nobody, 50, 0x0b, one_series, st);
	check((st[0] & 3) == 2 && (st[1] >> 21 & 3) == 0 && (st[0] >> 8 & 0xf) == 7,
	      "single series: failure after its 7 tries");

	wr(b->card, 0x08, 0x20);
	b->fh->now += 100;		/* RX DMA takes a moment to stop */
	send_one(a, b->mac, 50, 0x0b, tries, st);
	check((st[0] & 3) == 2, "B with RX stopped does not ACK");
	wr(b->card, 0x08, 0x4);
	wr(b->card, 0x8048, 0x20);
	send_one(a, b->mac, 50, 0x0b, tries, st);
	check((st[0] & 3) == 2, "B with DIAG_SW DIS_RX does not ACK");
	wr(b->card, 0x8048, 0);
	wr(b->card, 0x4004, 0x10000);
	send_one(a, b->mac, 50, 0x0b, tries, st);
	check((st[0] & 3) == 2, "B in full sleep does not ACK");
	wr(b->card, 0x4004, 0);
	send_one(a, b->mac, 50, 0x0b, tries, st);
	check((st[0] & 3) == 1, "B awake again ACKs");
}

static void test_channels(struct test_card *a, struct test_card *b)
{
	static const unsigned int tries[4] = { 2, 0, 0, 0 };
	static const unsigned int channels[] = {
		2412, 2417, 2437, 2462, 2472, 2484, 5170, 5180, 5200, 5220,
		5240, 5260, 5300, 5500, 5580, 5700, 5745, 5765, 5805, 5825,
	};
	uint32_t st[2];
	unsigned int n;
	bool all = true;

	printf("channels: only cards on the same frequency hear each other\n");
	for (size_t i = 0; i < sizeof(channels) / sizeof(channels[0]); i++) {
		test_card_up(a, channels[i], RX_RING, 4);
		test_card_up(b, channels[i], RX_RING, 4);
		n = rx_count(b);
		send_one(a, b->mac, 20, channels[i] < 3000 ? 0x1b : 0x0b, tries, st);
		if (rx_count(b) != n + 1 || (st[0] & 3) != 1) {
			printf("    %u MHz: not heard\n", channels[i]);
			all = false;
		}
		if (a->card->freq_mhz != channels[i]) {
			printf("    tuned to %u, wanted %u\n", a->card->freq_mhz,
			       channels[i]);
			all = false;
		}
	}
	check(all, "the synthesiser words of %zu channels decode and match",
	      sizeof(channels) / sizeof(channels[0]));
	test_card_up(a, 2412, RX_RING, 4);
	test_card_up(b, 2437, RX_RING, 4);
	n = rx_count(b);
	send_one(a, b->mac, 20, 0x1b, tries, st);
	check(rx_count(b) == n && (st[0] & 3) == 2, "2412 vs 2437: not heard, not ACKed");
	test_card_up(a, 5180, RX_RING, 4);
	test_card_up(b, 5200, RX_RING, 4);
	send_one(a, b->mac, 20, 0x0b, tries, st);
	check(rx_count(b) == n && (st[0] & 3) == 2, "5180 vs 5200: not heard");
	{
		char radio[128];

		card_radio_summary(b->card, radio, sizeof(radio));
		check(!strncmp(radio, "freq_mhz=5200 band=5ghz ", 24),
		      "the radio summary names the tuned channel: %s", radio);
	}
}

static void test_broadcast(struct test_card *a, struct test_card *b,
			   struct test_card *c)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const unsigned int tries[4] = { 1, 0, 0, 0 };
	unsigned int na, nb, nc;
	uint32_t st[2];

	printf("broadcast reaches every card on the channel, no ACK\n");
	test_card_up(a, 2437, RX_RING, 4);
	test_card_up(b, 2437, RX_RING, 4);
	test_card_up(c, 2437, RX_RING, 4);
	na = rx_count(a);
	nb = rx_count(b);
	nc = rx_count(c);
	send_one(a, bcast, 64, 0x1b, tries, st);
	check(rx_count(b) == nb + 1 && rx_count(c) == nc + 1, "B and C received it");
	check((st[0] & 3) == 1, "sender: OK without an ACK");
	check(rx_count(a) == na, "sender does not hear itself");
}

/*
 * A second interface on B with an address of its own: the driver clears
 * the bits in which it differs from STA_ID out of the BSSID mask, and B
 * then receives and ACKs frames to either address, none to an address
 * that differs in a bit the mask keeps.
 */
static void test_bssid_mask(struct test_card *a, struct test_card *b,
			    bool linked, struct air **airs)
{
	static const unsigned int tries[4] = { 2, 0, 0, 0 };
	uint8_t second[6], other[6];
	uint32_t st[2];
	unsigned int n;

	memcpy(second, b->mac, 6);
	second[0] ^= 0x04;
	memcpy(other, b->mac, 6);
	other[3] ^= 0x10;
	n = rx_count(b);
	send_one(a, second, 40, 0x1b, tries, st);
	if (linked)
		test_airs_pump(airs, 3);
	check((st[0] & 3) == 2 && rx_count(b) == n,
	      "%s: full mask: a frame to B's second address is neither heard nor ACKed",
	      linked ? "linked" : "local");
	/* the mask with bit 2 of the first octet cleared */
	wr(b->card, 0x80e0, 0xfffffffb);
	wr(b->card, 0x80e4, 0xffff);
	if (linked)
		test_airs_pump(airs, 3);
	send_one(a, second, 40, 0x1b, tries, st);
	if (linked)
		test_airs_pump(airs, 3);
	check((st[0] & 3) == 1 && rx_count(b) == n + 1,
	      "%s: mask without that bit: received and ACKed (st0 %08x)",
	      linked ? "linked" : "local", st[0]);
	send_one(a, b->mac, 40, 0x1b, tries, st);
	if (linked)
		test_airs_pump(airs, 3);
	check((st[0] & 3) == 1 && rx_count(b) == n + 2,
	      "%s: B's own address still received and ACKed", linked ? "linked" : "local");
	send_one(a, other, 40, 0x1b, tries, st);
	if (linked)
		test_airs_pump(airs, 3);
	check((st[0] & 3) == 2 && rx_count(b) == n + 2,
	      "%s: a bit the mask keeps: not B's", linked ? "linked" : "local");
	wr(b->card, 0x80e0, 0xffffffff);
	if (linked)
		test_airs_pump(airs, 3);
}

static void test_linked_airs(void)
{
	static const unsigned int tries[4] = { 3, 0, 0, 0 };
	struct air *airs[3] = { air_create(), air_create(), air_create() };
	struct test_card a, b, c;
	char path[64], err[256] = "";
	uint32_t st[2];
	unsigned int nb;

	printf("three processes' airs linked over a unix socket\n");
	snprintf(path, sizeof(path), "/tmp/ath5k-test-air-%d.sock", (int)getpid());
	check(air_listen(airs[0], path, err, sizeof(err)) == 0, "listen %s", err);
	test_card_open(&a, airs[0], 10, "airtime=0");
	test_card_open(&b, airs[1], 11, "airtime=0,rssi=33");
	test_card_open(&c, airs[2], 12, "airtime=0");
	check(air_connect(airs[1], path, err, sizeof(err)) == 0, "second connects %s", err);
	check(air_connect(airs[2], path, err, sizeof(err)) == 0, "third connects %s", err);
	test_airs_pump(airs, 3);
	test_card_up(&a, 2462, RX_RING, 4);
	test_card_up(&b, 2462, RX_RING, 4);
	test_card_up(&c, 2462, RX_RING, 4);
	test_airs_pump(airs, 3);
	send_one(&a, b.mac, 120, 0x1b, tries, st);
	check((st[0] & 3) == 1 && (st[1] >> 13 & 0xff) == 33,
	      "A's unicast to B in the other process is ACKed at B's RSSI");
	test_airs_pump(airs, 3);
	check(rx_count(&b) == 1 && (fake_get32(b.fh, RX_RING + 16) & 0xfff) == 24 + 120 + 4,
	      "B received it with the right length");
	check(rx_count(&c) == 0, "C (not addressed) filtered it");
	test_bssid_mask(&a, &b, true, airs);
	send_one(&b, c.mac, 30, 0x1b, tries, st);
	test_airs_pump(airs, 3);
	check((st[0] & 3) == 1 && rx_count(&c) == 1,
	      "B -> C crosses the listener (relayed), ACKed");
	test_card_up(&c, 2412, RX_RING, 4);
	test_airs_pump(airs, 3);
	nb = rx_count(&c);
	send_one(&a, c.mac, 30, 0x1b, tries, st);
	test_airs_pump(airs, 3);
	check((st[0] & 3) == 2 && rx_count(&c) == nb,
	      "after C retunes to 2412: not heard, not ACKed");
	test_card_up(&c, 2462, RX_RING, 4);
	test_airs_pump(airs, 3);
	send_one(&a, c.mac, 30, 0x1b, tries, st);
	check((st[0] & 3) == 1, "C back on 2462: ACKed again");
	card_make_dead(c.card);
	test_airs_pump(airs, 3);
	send_one(&a, c.mac, 30, 0x1b, tries, st);
	check((st[0] & 3) == 2, "C dead: peers stop counting on its ACK");
	{
		struct test_card d;
		uint8_t d_mac[6];

		test_card_open(&d, airs[1], 13, "airtime=0");
		memcpy(d_mac, d.mac, 6);
		test_card_up(&d, 2462, RX_RING, 4);
		test_airs_pump(airs, 3);
		send_one(&a, d_mac, 30, 0x1b, tries, st);
		check((st[0] & 3) == 1, "D joins B's process: ACKed");
		test_card_close(&d);
		test_airs_pump(airs, 3);
		send_one(&a, d_mac, 30, 0x1b, tries, st);
		check((st[0] & 3) == 2, "D destroyed: no longer ACKed");
	}
	test_card_close(&c);
	air_destroy(airs[2]);
	test_airs_pump(airs, 2);
	nb = rx_count(&b);
	send_one(&a, b.mac, 30, 0x1b, tries, st);
	test_airs_pump(airs, 2);
	check((st[0] & 3) == 1 && rx_count(&b) == nb + 1, "a peer leaving does not hurt the rest");
	test_card_close(&a);
	test_card_close(&b);
	air_destroy(airs[0]);
	air_destroy(airs[1]);
	check(access(path, F_OK) != 0, "listener removed its socket");
}

int main(void)
{
	struct air *air = air_create();
	struct test_card a, b, c;

	test_card_open(&a, air, 0, "airtime=0");
	test_card_open(&b, air, 1, "airtime=0,rssi=55");
	test_card_open(&c, air, 2, "airtime=0");
	test_unicast(&a, &b);
	test_no_receiver(&a, &b);
	test_channels(&a, &b);
	test_broadcast(&a, &b, &c);
	test_bssid_mask(&a, &b, false, NULL);
	test_card_close(&a);
	test_card_close(&b);
	test_card_close(&c);
	air_destroy(air);
	test_linked_airs();
	return checks_report("test_air");
}
