// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The AR5211 + RF5111 model (model=ar5211) as the in-tree ath5k driver
 * meets it: identity registers and the two radios behind PHY_SHIFT, an
 * RF5111 (EEMAP 0) EEPROM, the RF5111 synthesiser, and the two-word TX
 * descriptor / 5210 RX status layouts with 4-bit rate codes.
 */
#include "card_model.h"
#include "eeprom.h"
#include "fake_host.h"

#define TX_DESCS	0x1000
#define TX_BUFS		0x8000
#define RX_RING		0x40000
#define PHY_MODE_11B	(0x8 | 0x2 | 0x1)	/* RF5111 radio bits 0, 2 GHz, CCK */

/* The radio revision as phy.c reads it: nibbles swapped, then bit-reversed. */
static unsigned int driver_radio_revision(struct card *c, uint32_t shift)
{
	uint32_t srev;

	wr(c, 0x9800, shift);
	wr(c, 0x98d0, 0x1c16);
	for (int i = 0; i < 8; i++)
		wr(c, 0x9880, 0x10000);
	srev = rd(c, 0x9c00) >> 24 & 0xff;
	wr(c, 0x9800, 0x7);
	return flip_bits((srev & 0xf0) >> 4 | (srev & 0x0f) << 4, 8);
}

/* The RF5111 channel words as phy.c computes them (ath5k_hw_rf5111_channel). */
static void tune_rf5111(struct card *c, unsigned int mhz)
{
	unsigned int ch, data0 = 0, data1;

	if (mhz < 3000) {
		unsigned int ieee = mhz == 2484 ? 14 : (mhz - 2407) / 5;

		ch = ieee <= 13 ? 115 + ieee : 124;
		data0 = (flip_bits(ieee <= 13 ? 0x46 : 0x44, 8) & 0xff) << 5 | 1 << 4;
	} else {
		ch = (mhz - 5000) / 5;
	}
	if (ch < 145 || !(ch & 1))
		data1 = (flip_bits(ch - 24, 8) & 0xff) << 2 | 1 << 1 | 1 << 10 | 1;
	else
		data1 = (flip_bits((ch - 24) / 2, 8) & 0xff) << 2 | 1 << 10 | 1;
	wr(c, 0x989c, (data1 & 0xff) | (data0 & 0xff) << 8);
	wr(c, 0x98d0, (data1 >> 8 & 0xff) | (data0 & 0xff00));
}

static void test_identity(void)
{
	struct test_card tc;
	const struct card_pci_identity *id;

	printf("identity: 168c:0012, MAC 4.2, PHY 3.0, RF5111 0x17 + RF2111 0x23\n");
	test_card_open(&tc, NULL, 0, "model=ar5211");
	id = card_pci_identity(tc.card);
	check(id->vendor == 0x168c && id->device == 0x0012, "PCI %04x:%04x",
	      id->vendor, id->device);
	wr(tc.card, 0x4004, 0);
	check(rd(tc.card, 0x4020) == 0x42, "SREV 0x%x: < 0x50, an AR5211 to attach.c",
	      rd(tc.card, 0x4020));
	check(rd(tc.card, 0x9818) == 0x30, "PHY chip id 0x%x", rd(tc.card, 0x9818));
	check(driver_radio_revision(tc.card, 0x7) == 0x17,
	      "5 GHz radio reads 0x17 (RF5111: & 0xf0 == 0x10)");
	check(driver_radio_revision(tc.card, 0x4007) == 0x23,
	      "2 GHz radio reads 0x23 (RF2111)");
	check(tc.card->freq_mhz == 0, "the revision probe's 0x1c16 tunes nothing");
	check(tc.card->aes_fused_off, "no AES-CCM unit in the key cache");
	test_card_close(&tc);
}

static void test_eeprom_image(void)
{
	struct test_card tc;
	struct eeprom_desc d;
	const uint16_t *e;
	char err[256] = "";
	unsigned int pwr[11], prev = 0;
	bool rising = true;

	printf("EEPROM: RF5111 layout 3.2 (no MISC0: EEMAP 0), bands a and b\n");
	test_card_open(&tc, NULL, 0, "model=ar5211");
	e = tc.card->eeprom;
	check(eeprom_checksum(e) == 0xffff, "checksum 0x%04x", eeprom_checksum(e));
	check(e[0xc1] == 0x3002, "version word 0x%04x: 3.2", e[0xc1]);
	check(e[0xc4] == 0x0202, "antenna gains 2/2 dBi at 3.2's 0xc4 (0x%04x)", e[0xc4]);
	check((e[0xc2] & 7) == 3, "header: 11a and 11b, no 11g (0x%x)", e[0xc2] & 7);
	/* ten 7-bit bins from 0x100: 5180 MHz is bin 8, 5220 bin 12 */
	check(e[0x100] >> 9 == 8 && (e[0x100] >> 2 & 0x7f) == 12,
	      "11a pier list at 0x100 in 7-bit bins (0x%04x)", e[0x100]);
	check(eeprom_decode(e, &d, err, sizeof(err)) == 0 && d.eemap == 0 &&
	      d.version == 0x3002 && d.mode[EE_MODE_A].n_piers == 10 &&
	      d.mode[EE_MODE_A].pier_mhz[9] == 5825 && d.mode[EE_MODE_B].n_piers == 3 &&
	      d.mode[EE_MODE_B].pier_mhz[1] == 2447, "decodes: %s", err);
	/* The first 11a pier at groups + 5, unpacked as eeprom.c's 5111 reader does. */
	{
		const uint16_t *w = &e[0x105];

		pwr[0] = (w[0] << 2 & 0x3f) | (w[1] >> 14 & 3);
		pwr[1] = w[1] >> 8 & 0x3f;
		pwr[2] = w[1] >> 2 & 0x3f;
		pwr[3] = (w[1] << 4 & 0x3f) | (w[2] >> 12 & 0xf);
		pwr[4] = w[2] >> 6 & 0x3f;
		pwr[5] = w[2] & 0x3f;
		pwr[6] = w[3] >> 10 & 0x3f;
		pwr[7] = w[3] >> 4 & 0x3f;
		pwr[8] = (w[3] << 2 & 0x3f) | (w[4] >> 14 & 3);
		pwr[9] = w[4] >> 8 & 0x3f;
		pwr[10] = w[4] >> 2 & 0x3f;
		for (int i = 0; i < 11; i++) {
			rising &= i == 0 || pwr[i] > prev;
			prev = pwr[i];
		}
		check((w[0] >> 10 & 0x3f) == 63 && (w[0] >> 4 & 0x3f) == 1,
		      "pier 0 PCDAC range %u..%u", w[0] >> 4 & 0x3f, w[0] >> 10 & 0x3f);
		check(rising && pwr[0] == 2 && pwr[10] == 42,
		      "pier 0 powers rise 1..21 dBm (%u..%u half dB)", pwr[0], pwr[10]);
	}
	/* 11a section at 0xc5: 5 antenna, 2 ob/db, 3 more, then x_gain */
	check((e[0xc5 + 5 + 2 + 3] >> 1 & 0xf) == 0xe,
	      "11a x_gain 0xe leaves a curve for the RF5111 (0x%x)",
	      e[0xc5 + 5 + 2 + 3] >> 1 & 0xf);
	test_card_close(&tc);

	eeprom_desc_defaults(&d, CARD_MODEL_AR5211);
	d.mode[EE_MODE_B].pier_mhz[1] = 2442;
	check(eeprom_build(&d, (uint16_t[EE_WORDS]){ 0 }, err, sizeof(err)) != 0,
	      "2 GHz piers other than the driver's fixed ones refused: %s", err);
	eeprom_desc_defaults(&d, CARD_MODEL_AR5211);
	d.mode[EE_MODE_A].x_gain = 0xf;
	check(eeprom_build(&d, (uint16_t[EE_WORDS]){ 0 }, err, sizeof(err)) != 0,
	      "x_gain with no clear bit refused: %s", err);
}

static void test_synth(void)
{
	static const unsigned int mhz[] = { 2412, 2437, 2462, 2484, 5180, 5320, 5745, 5825 };
	struct test_card tc;

	printf("RF5111 synthesiser through RF_BUFFER_CONTROL_3\n");
	test_card_open(&tc, NULL, 0, "model=ar5211");
	wr(tc.card, 0x4004, 0);
	for (size_t i = 0; i < sizeof(mhz) / sizeof(mhz[0]); i++) {
		tune_rf5111(tc.card, mhz[i]);
		check(tc.card->freq_mhz == mhz[i], "%u MHz (got %u)", mhz[i],
		      tc.card->freq_mhz);
	}
	/* A bank 3 write (CONTROL_5 on the RF5111) must not retune. */
	wr(tc.card, 0x989c, 0x01);
	wr(tc.card, 0x98d8, 0x12);
	check(tc.card->freq_mhz == 5825, "a CONTROL_5 bank write leaves the channel");
	test_card_close(&tc);
}

/*
 * A driver attaching again (rmmod, modprobe) probes the radio revision
 * with RF_BUFFER still holding the last channel's low half: the probe's
 * CONTROL_3 write is not a synthesiser word (the lab's reload cycles
 * logged "synthesiser word 0x1c16501b not understood" 80 times).
 */
static void test_radio_probe_after_channel(void)
{
	struct test_card tc;
	unsigned int logged;

	printf("radio revision probe after a channel: not a synthesiser word\n");
	test_card_open(&tc, NULL, 0, "model=ar5211");
	wr(tc.card, 0x4004, 0);
	tune_rf5111(tc.card, 5180);
	check(tc.card->freq_mhz == 5180, "tuned to 5180 MHz (got %u)", tc.card->freq_mhz);
	logged = tc.fh->log_lines;
	wr(tc.card, 0x9800, 0x7);
	wr(tc.card, 0x98d0, 0x1c16);
	check(tc.fh->log_lines == logged, "the probe's CONTROL_3 write logs nothing (%u lines)",
	      tc.fh->log_lines - logged);
	check(tc.card->freq_mhz == 5180, "the probe leaves the channel (got %u)",
	      tc.card->freq_mhz);
	tune_rf5111(tc.card, 5320);
	check(tc.card->freq_mhz == 5320, "a fresh word still tunes (got %u)", tc.card->freq_mhz);
	test_card_close(&tc);
}

/* A two-word TX descriptor as desc.c's 2-word setup writes it for a 5211. */
static void put_2w_desc(struct fake_host *fh, uint32_t addr, uint32_t link,
			uint32_t buf, unsigned int len, uint8_t rate, bool noack)
{
	fake_put32(fh, addr, link);
	fake_put32(fh, addr + 4, buf);
	fake_put32(fh, addr + 8, (len + 4) | (uint32_t)(rate & 0xf) << 18 |
		   0x20000000u);
	fake_put32(fh, addr + 12, len | (noack ? 0x00800000u : 0));
	for (uint32_t o = 16; o < 32; o += 4)
		fake_put32(fh, addr + o, 0xdeadbeef);	/* the driver's leftovers */
	fake_put32(fh, addr + 20, 0);
}

static void up_11b(struct test_card *tc, unsigned int n)
{
	test_card_up(tc, 2437, RX_RING, n);
	wr(tc->card, 0xa200, PHY_MODE_11B);
	tune_rf5111(tc->card, 2437);
	/* qcu.c: STA data retry limit 7 (bits 19:14) on every DCU */
	for (unsigned int q = 0; q < 10; q++)
		wr(tc->card, 0x1080 + 4 * q, 4 | 4 << 8 | 7 << 14);
}

static void test_descriptors(void)
{
	static const uint8_t nobody[6] = { 0x02, 0, 0, 0, 0, 0x99 };
	struct air *air = air_create();
	struct test_card a, b;
	uint32_t st0, st1, rx0, rx1, d = TX_DESCS, buf = TX_BUFS;
	unsigned int len;

	printf("two-word TX descriptors and 5210 RX status on 802.11b\n");
	test_card_open(&a, air, 0, "model=ar5211,airtime=0");
	test_card_open(&b, air, 1, "model=ar5211,airtime=0");
	up_11b(&a, 4);
	up_11b(&b, 4);
	check(a.card->freq_mhz == 2437 && b.card->freq_mhz == 2437, "both on 2437 MHz");

	/* 1 Mbit/s CCK: 0x1b on a 5212, its low nibble 0x0b on a 5211 */
	len = make_data_frame(a.fh->mem + buf, b.mac, a.mac, 200, 1);
	put_2w_desc(a.fh, d, 0, buf, len, 0x0b, false);
	wr(a.card, 0x800, d);
	wr(a.card, 0x840, 1);
	st0 = fake_get32(a.fh, d + 16);
	st1 = fake_get32(a.fh, d + 20);
	check((st1 & 1) && (st0 & 1) && (st0 >> 8 & 0xf) == 0,
	      "status at words 4/5: DONE, OK, no retries (st0 %08x st1 %08x)", st0, st1);
	check((st1 >> 13 & 0xff) == 40 && !(st1 >> 21 & 3), "ACK RSSI 40, no series index");
	check(fake_get32(a.fh, d + 24) == 0xdeadbeef && fake_get32(a.fh, d + 28) == 0xdeadbeef,
	      "words 6/7 untouched (no 4-word status)");
	check(b.card->frames_received == 1, "B received it");
	rx0 = fake_get32(b.fh, RX_RING + 16);
	rx1 = fake_get32(b.fh, RX_RING + 20);
	check((rx0 & 0xfff) == len + 4 && (rx0 >> 15 & 0xf) == 0x0b,
	      "RX length %u and 4-bit rate 0x%x (5210 layout)", rx0 & 0xfff,
	      rx0 >> 15 & 0xf);
	check((rx0 >> 19 & 0xff) == 40 && !(rx0 >> 27),
	      "RSSI 40 at bits 26:19 (got %u)", rx0 >> 19 & 0xff);
	check((rx1 & 7) == 3 && !(rx1 & 0xf0000000u),
	      "DONE and OK; no 5212 TSF/miss bits above 27 (%08x)", rx1);

	/* unanswered: tries come from the DCU retry limit (7) */
	len = make_data_frame(a.fh->mem + buf + 0x800, nobody, a.mac, 50, 2);
	put_2w_desc(a.fh, d + 32, 0, buf + 0x800, len, 0x0b, false);
	wr(a.card, 0x804, d + 32);
	wr(a.card, 0x840, 2);
	st0 = fake_get32(a.fh, d + 32 + 16);
	check((fake_get32(a.fh, d + 32 + 20) & 1) && (st0 & 2) && (st0 >> 8 & 0xf) == 7,
	      "no ACK: excessive retries after 7 failed tries (st0 %08x)", st0);

	/* a 5 GHz OFDM code keeps its meaning off CCK */
	wr(b.card, 0xa200, 0x8);
	tune_rf5111(b.card, 5180);
	check(card_rate_from_hw(b.card, 0x0b) == 0x0b && card_rate_from_hw(a.card, 0x0b) == 0x1b,
	      "rate code 0x0b: 6 Mbit/s OFDM at 5 GHz, 1 Mbit/s CCK in 11b");
	test_card_close(&a);
	test_card_close(&b);
	air_destroy(air);
}

/* No BSSID mask before the AR5212: a second address is never the card's. */
static void test_no_bssid_mask(void)
{
	static const char *const models[] = { "model=ar5211", "model=ar5212" };

	printf("BSSID mask: absent on the AR5211, present on the AR5212\n");
	for (int i = 0; i < 2; i++) {
		struct test_card tc;
		uint8_t own[6], mask[6], second[6];

		test_card_open(&tc, NULL, 0, models[i]);
		wr(tc.card, 0x4004, 0);
		wr(tc.card, 0x8000, 0x1a1aa502);
		wr(tc.card, 0x8004, 0x01b0);
		/* ath/hw.c: the bit two interfaces differ in cleared */
		wr(tc.card, 0x80e0, 0xfffffffb);
		wr(tc.card, 0x80e4, 0xffff);
		card_own_mac(tc.card, own);
		card_addr_mask(tc.card, mask);
		memcpy(second, own, 6);
		second[0] ^= 0x04;
		check(card_owns_addr(own, mask, second) == (i == 1),
		      "%s: an address differing in the masked bit is %s", models[i],
		      i ? "the card's" : "not the card's");
		test_card_close(&tc);
	}
}

static void test_rx_status_layout(void)
{
	struct test_card tc;
	uint32_t st[2];

	printf("5212 RX status fields land where proc_5210_rx_status reads them\n");
	test_card_open(&tc, NULL, 0, "model=ar5211");
	st[0] = 100 | 0x1000 | 0x0au << 15 | 33u << 20;
	st[1] = 1 | 0x100 | 5u << 9 | 0x8 | 0x1234u << 16;
	rx_status_5210(tc.card, st);
	check((st[0] & 0x1fff) == (100 | 0x1000) && (st[0] >> 15 & 0xf) == 0x0a &&
	      (st[0] >> 19 & 0xff) == 33, "status 0: length, MORE, rate, RSSI (%08x)", st[0]);
	check((st[1] & 0x100) && (st[1] >> 9 & 0x3f) == 5 && (st[1] & 0x10) &&
	      !(st[1] & 0x8) && (st[1] >> 15 & 0x1fff) == (0x1234 & 0x1fff),
	      "status 1: key index 5, decrypt-CRC at bit 4, 13-bit TSF (%08x)", st[1]);
	st[1] = 1 | 0x80000000u;
	rx_status_5210(tc.card, st);
	check(st[1] == (1 | 0x10000000u), "key-cache miss moves to bit 28 (%08x)", st[1]);
	st[1] = 1 | 0x20 | 0x100 | 7u << 9;
	rx_status_5210(tc.card, st);
	check((st[1] & 3) == 3 && (st[1] >> 9 & 0x3f) == 7,
	      "a MIC-only failure is received OK: no Michael check on a 5211 (%08x)",
	      st[1]);
	st[1] = 1 | 0x10 | 3u << 8;
	rx_status_5210(tc.card, st);
	check((st[1] >> 5 & 7) == 3 && !(st[1] & 0x100), "PHY error code 3 at 7:5 (%08x)",
	      st[1]);
	test_card_close(&tc);
}

static unsigned int beacon_len_lines;

static void count_beacon_len_lines(void *host, const char *line)
{
	(void)host;
	if (strstr(line, "beacon buffer length") && strstr(line, "multiple of 4"))
		beacon_len_lines++;
}

/*
 * A beacon on the gated beacon queue (9) of a two-word card, sent at
 * TBTT; @buf_len as the driver gives it.  Whether the card sent it.
 */
static bool send_2w_beacon(struct test_card *ap, unsigned int buf_len)
{
	struct card *c = ap->card;
	uint8_t *p = ap->fh->mem + TX_BUFS;
	uint32_t d = TX_DESCS;
	unsigned long sent = c->frames_sent;

	memset(p, 0, 61);
	p[0] = 0x80;				/* management, beacon */
	memset(p + 4, 0xff, 6);
	memcpy(p + 10, ap->mac, 6);
	memcpy(p + 16, ap->mac, 6);
	put_2w_desc(ap->fh, d, 0, TX_BUFS, 61, 0x0b, true);
	fake_put32(ap->fh, d + 12, buf_len | 3u << 20 | 0x00800000u);
	/* qcu.c: the beacon queue gated by the beacon alert; timers at TU 2 */
	wr(c, 0x9c0 + 4 * 9, 2 | 0x40 | 0x80);
	wr(c, 0x8020, 0x01000000);		/* reset TSF */
	wr(c, 0x8028, 2);
	wr(c, 0x8034, 3);
	wr(c, 0x8020, 100 | 0x00800000);
	wr(c, 0x800 + 4 * 9, d);
	wr(c, 0x840, 1u << 9);
	test_cards_advance(ap, 1, 3 * 1024);
	return c->frames_sent > sent;
}

static void test_beacon_buffer_length(void)
{
	static struct card_host_ops logging_ops;
	struct air *air = air_create();
	struct test_card ap;
	bool sent;

	printf("two-word beacons: a buffer length in whole words, as the "
	       "kernel's driver rounds it\n");
	test_card_open(&ap, air, 0, "model=ar5211,airtime=0");
	logging_ops = fake_ops;
	logging_ops.log = count_beacon_len_lines;
	ap.card->ops = &logging_ops;
	up_11b(&ap, 4);
	sent = send_2w_beacon(&ap, 64);
	check(sent && beacon_len_lines == 0,
	      "a 61-byte beacon with buffer length 64: sent, nothing said");
	sent = send_2w_beacon(&ap, 61);
	check(sent && beacon_len_lines == 1,
	      "buffer length 61: misuse logged (%u lines)", beacon_len_lines);
	sent = send_2w_beacon(&ap, 61);
	check(sent && beacon_len_lines == 1,
	      "and only once (%u lines)", beacon_len_lines);
	test_card_close(&ap);
	air_destroy(air);
}

int main(void)
{
	test_identity();
	test_eeprom_image();
	test_synth();
	test_radio_probe_after_channel();
	test_descriptors();
	test_rx_status_layout();
	test_no_bssid_mask();
	test_beacon_buffer_length();
	return checks_report("test_ar5211");
}
