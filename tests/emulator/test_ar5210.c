// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The AR5210 + RF5110 model (model=ar5210) as the in-tree ath5k driver
 * meets it: identity and the RF5110 revision, the AR5210 register map
 * (no QCU/DCU, ISR/IMR, PCU registers at their 5210 offsets), the EEPROM
 * read through the 0x6000 + 4n window, the RF5110 synthesiser, a 2-word
 * TX descriptor through TXDP0, the 5210 RX status and the beacon queue
 * behind TXDP1.  Every access below is written at the AR5210 offset
 * the driver uses (reg.h's [5210] registers).
 */
#include "card_model.h"
#include "eeprom.h"
#include "fake_host.h"
#include "stats_line.h"

#define TX_DESCS	0x1000
#define TX_BUFS		0x8000
#define RX_RING		0x40000

#define A_TXDP0		0x0000
#define A_TXDP1		0x0004
#define A_CR		0x0008
#define A_RXDP		0x000c
#define A_ISR		0x001c
#define A_IMR		0x0020
#define A_IER		0x0024
#define A_BSR		0x002c
#define A_PCICFG	0x4010
#define A_EEPROM(n)	(0x6000 + 4 * (n))
#define A_EEPROM_DATA	0x6800
#define A_EEPROM_STAT	0x6c00
#define A_RETRY_LMT	0x801c
#define A_USEC		0x8020
#define A_BEACON	0x8024
#define A_TIMER(n)	(0x802c + 4 * (n))
#define A_RX_FILTER	0x804c
#define A_DIAG_SW	0x8068
#define A_TSF_L32	0x806c
#define A_TSF_U32	0x8070
#define A_ACK_FAIL	0x8098
#define A_KEY(n)	(0x9000 + 32 * (n))

#define ISR_RXOK	0x00000001
#define ISR_TXOK	0x00000040
#define ISR_SWBA	0x00010000

/* phy.c ath5k_hw_radio_revision on an AR5210: bits 31:28 reversed, + 1. */
static unsigned int driver_radio_revision(struct card *c)
{
	wr(c, 0x9800, 0x7);
	wr(c, 0x98d0, 0x1c16);
	for (int i = 0; i < 8; i++)
		wr(c, 0x9880, 0x10000);
	return flip_bits(rd(c, 0x9c00) >> 28 & 0xf, 4) + 1;
}

/*
 * pci.c ath5k_pci_eeprom_read on an AR5210: EEAE, a read of the word's
 * window address, then status until RDDONE, then data.  Returns -1 on
 * a timeout or RDERR.
 */
static int driver_eeprom_read(struct test_card *tc, unsigned int word)
{
	struct card *c = tc->card;

	wr(c, A_PCICFG, rd(c, A_PCICFG) | 1);
	(void)rd(c, A_EEPROM(word));
	for (int i = 0; i < 1000; i++) {
		uint32_t st = rd(c, A_EEPROM_STAT);

		if (st & 2)
			return st & 1 ? -1 : (int)(rd(c, A_EEPROM_DATA) & 0xffff);
		tc->fh->now += 15;
	}
	return -1;
}

static void test_identity(void)
{
	struct test_card tc;
	const struct card_pci_identity *id;
	struct card_config cfg;
	char err[256] = "";

	printf("identity: 168c:0007, SREV below 0x10, RF5110, 802.11a only\n");
	test_card_open(&tc, NULL, 0, "model=ar5210");
	id = card_pci_identity(tc.card);
	check(id->vendor == 0x168c && id->device == 0x0007, "PCI %04x:%04x",
	      id->vendor, id->device);
	wr(tc.card, 0x4004, 0);
	check(rd(tc.card, 0x4020) < 0x10, "SREV 0x%x: below 0x10, an AR5210 to attach.c",
	      rd(tc.card, 0x4020));
	check((driver_radio_revision(tc.card) & 0xf0) == 0 &&
	      driver_radio_revision(tc.card) == 3 && rd(tc.card, 0x9c00) != 0,
	      "radio revision 0x%x through bits 31:28 (RF5110: & 0xf0 == 0)",
	      driver_radio_revision(tc.card));
	check(tc.card->aes_fused_off, "no AES-CCM unit in the key cache");
	check(tc.card->cfg.mode_a && !tc.card->cfg.mode_b && !tc.card->cfg.mode_g,
	      "bands: a alone by default");
	test_card_close(&tc);

	card_config_defaults(&cfg, 0);
	check(card_config_parse(&cfg, "model=ar5210,bands=ab", err, sizeof(err)) != 0 &&
	      strstr(err, "no 2.4 GHz band"), "bands=ab refused: %s", err);
	card_config_defaults(&cfg, 0);
	check(card_config_parse(&cfg, "model=ar5210,bands=g", err, sizeof(err)) != 0,
	      "bands=g refused: %s", err);
	card_config_defaults(&cfg, 0);
	check(card_config_parse(&cfg, "bands=abg,model=ar5210", err, sizeof(err)) == 0 &&
	      cfg.mode_a && !cfg.mode_b && !cfg.mode_g,
	      "model=ar5210 after bands= leaves a alone: %s", err);
}

static void test_register_map(void)
{
	struct test_card tc;
	struct card *c;
	uint64_t tsf;

	printf("register map: ISR/IMR/IER, CR, PCU registers at 5210 offsets, keys\n");
	test_card_open(&tc, NULL, 0, "model=ar5210");
	c = tc.card;
	wr(c, 0x4004, 0);

	/* ISR: a software interrupt through CR SWI, cleared by reading. */
	wr(c, A_IMR, 0x2000);
	wr(c, A_IER, 1);
	wr(c, A_CR, 0x40);
	check(tc.fh->irq && rd(c, 0x4008) == 1, "CR SWI raises the line (INTPEND 1)");
	check(rd(c, A_ISR) == 0x2000, "ISR 0x1c reads SWI");
	check(!tc.fh->irq && rd(c, A_ISR) == 0, "the read cleared it and the line");
	wr(c, A_CR, 0x40);
	wr(c, A_ISR, 0x2000);
	check(!tc.fh->irq && rd(c, A_ISR) == 0, "writing a bit to ISR clears it (pcu.c BMISS)");

	/* PCU registers reach what they mean; their 5211 offsets are others. */
	wr(c, A_RX_FILTER, 0x15);
	check(card_reg(c, REG_RX_FILTER) == 0x15, "RX filter at 0x804c");
	wr(c, A_USEC, 0x12345);
	check(card_reg(c, REG_BEACON) == 0 && rd(c, A_USEC) == 0x12345,
	      "USEC at 0x8020 is no beacon register (reads back 0x%x)", rd(c, A_USEC));
	wr(c, A_TSF_U32, 2);
	wr(c, A_TSF_L32, 0x1000);
	tsf = (uint64_t)rd(c, A_TSF_U32) << 32 | rd(c, A_TSF_L32);
	check(tsf == (2ull << 32 | 0x1000), "TSF through 0x8070/0x806c (0x%llx)",
	      (unsigned long long)tsf);
	wr(c, A_BEACON, 100 | 0x01000000);
	check(rd(c, A_TSF_L32) == 0 && rd(c, A_TSF_U32) == 0 &&
	      (rd(c, A_BEACON) & 0xffff) == 100, "BEACON 0x8024 with RESET_TSF zeroes the TSF");
	wr(c, A_RETRY_LMT, 5 << 14);
	check(rd(c, A_RETRY_LMT) == 5u << 14 && card_reg(c, 0x1080) == 0,
	      "retry limits at 0x801c, no DCU");

	/* Key cache: 64 entries at 0x9000; ath/key.c's 0x8800 is not it. */
	wr(c, A_KEY(3) + 20, 4);
	check(card_reg(c, REG_KEYCACHE + 32 * 3 + 20) == 4, "entry 3's type at 0x9000 + 3 * 32");
	wr(c, 0x8800 + 32 * 5 + 20, 7);
	check(card_reg(c, REG_KEYCACHE + 32 * 5 + 20) == 0 && rd(c, 0x8800 + 32 * 5 + 20) == 7,
	      "0x8800 is plain storage on an AR5210");
	wr(c, A_KEY(64), 0x55);
	check(card_reg(c, REG_KEYCACHE + 32 * 64) == 0, "no entry 64");

	/* Counted under the registers they are. */
	check(c->stats.reads[CARD_STAT_PISR] == 3 && c->stats.writes[CARD_STAT_CR] >= 2,
	      "ISR reads count as PISR (%llu), CR writes as CR",
	      (unsigned long long)c->stats.reads[CARD_STAT_PISR]);
	test_card_close(&tc);
}

static void test_eeprom(void)
{
	struct test_card tc;
	unsigned int cksum = 0;
	int w, bad = -1;
	uint16_t top = 0;

	printf("EEPROM through the 0x6000 + 4n window, as ath5k_pci_eeprom_read\n");
	test_card_open(&tc, NULL, 0, "model=ar5210,mac=00:03:7f:12:34:56");
	wr(tc.card, 0x4004, 0);
	(void)rd(tc.card, A_EEPROM(0xc1));
	tc.fh->now += 1000;
	check(!(rd(tc.card, A_EEPROM_STAT) & 2), "no read without PCICFG EEAE");

	w = driver_eeprom_read(&tc, 0xc1);
	check(w == tc.card->eeprom[0xc1] && w >= 0x3000, "version word 0x%x (>= 3.0)", w);
	w = driver_eeprom_read(&tc, 0xc2);
	check(w >= 0 && (w & 7) == 1, "header 0x%x: 11a only", w);
	w = driver_eeprom_read(&tc, 0xc4);
	check(w >= 0 && (w >> 14) == 0, "EEMAP 0 (the RF5111/RF5110 parser)");
	w = driver_eeprom_read(&tc, 0x1f);
	check(w == 0x0003, "MAC word 0x1f 0x%04x", w);
	w = driver_eeprom_read(&tc, 0x1d);
	check(w == 0x3456, "MAC word 0x1d 0x%04x", w);

	/*
	 * eeprom.c's checksum reads words 0xc0..0x3ff; 0x6800 and above are
	 * the data and status registers, so words from 0x200 read back the
	 * last word fetched.  The image keeps nothing there, so the sum the
	 * driver computes is the image's.
	 */
	for (unsigned int n = 0x200; n < EE_WORDS; n++)
		top |= tc.card->eeprom[n];
	check(top == 0, "nothing in the image above word 0x1ff");
	for (unsigned int n = 0xc0; n < 0x400; n++) {
		w = driver_eeprom_read(&tc, n);
		if (w < 0 && bad < 0)
			bad = (int)n;
		cksum ^= (unsigned int)(w < 0 ? 0 : w);
	}
	check(bad < 0 && cksum == 0xffff, "the driver's checksum 0x%04x (first failed read %d)",
	      cksum, bad);
	test_card_close(&tc);
}

static void test_synth(void)
{
	static const unsigned int mhz[] = { 5180, 5200, 5240, 5260, 5320 };
	struct test_card tc;

	printf("RF5110 synthesiser: RF_BUFFER latched by RF_BUFFER_CONTROL_0\n");
	test_card_open(&tc, NULL, 0, "model=ar5210");
	wr(tc.card, 0x4004, 0);
	for (size_t i = 0; i < sizeof(mhz) / sizeof(mhz[0]); i++) {
		tune_rf5110(tc.card, mhz[i]);
		check(tc.card->freq_mhz == mhz[i], "%u MHz (got %u)", mhz[i],
		      tc.card->freq_mhz);
	}
	wr(tc.card, 0x989c, 0x1c16);
	wr(tc.card, 0x98c0, 0);
	check(tc.card->freq_mhz == 5320, "a word without the RF5110's fixed bits tunes nothing");
	test_card_close(&tc);
}

/* Awake, MAC, RX ring and RX on, at the AR5210's offsets. */
static void up_5210(struct test_card *tc, unsigned int mhz, unsigned int n)
{
	test_card_up_5210(tc, mhz, RX_FILTER_NORMAL | 0x10, RX_RING, n);
	wr(tc->card, A_IMR, ISR_RXOK | ISR_TXOK | ISR_SWBA);
	wr(tc->card, A_IER, 1);
}

/* A 2-word descriptor as desc.c writes it for an AR5210 (frame type, no NOACK). */
static void put_5210_desc(struct fake_host *fh, uint32_t addr, uint32_t buf,
			  unsigned int len, unsigned int type)
{
	fake_put32(fh, addr, 0);
	fake_put32(fh, addr + 4, buf);
	fake_put32(fh, addr + 8, (len + 4) | 24u << 12 | 0x0bu << 18 |
		   (uint32_t)type << 26 | 0x20000000u);
	fake_put32(fh, addr + 12, (len + 3) & ~3u);
	for (uint32_t o = 16; o < 32; o += 4)
		fake_put32(fh, addr + o, 0xdeadbeef);
	fake_put32(fh, addr + 20, 0);
}

static void test_tx_rx(void)
{
	static const uint8_t nobody[6] = { 0x02, 0, 0, 0, 0, 0x99 };
	struct air *air = air_create();
	struct test_card a, b;
	uint32_t st0, st1, rx0, rx1, d = TX_DESCS, buf = TX_BUFS;
	unsigned int len;

	printf("TXDP0: a 2-word descriptor out, 5210 RX status in\n");
	test_card_open(&a, air, 0, "model=ar5210,airtime=0");
	test_card_open(&b, air, 1, "model=ar5210,airtime=0");
	up_5210(&a, 5200, 4);
	up_5210(&b, 5200, 4);
	check(a.card->freq_mhz == 5200 && b.card->freq_mhz == 5200, "both on 5200 MHz");

	len = make_data_frame(a.fh->mem + buf, b.mac, a.mac, 300, 1);
	put_5210_desc(a.fh, d, buf, len, 0);
	wr(a.card, A_TXDP0, d);
	check(rd(a.card, A_TXDP0) == d && card_reg(a.card, REG_QCU_TXDP(0)) == d,
	      "TXDP0 at 0x0000 is the data queue's");
	wr(a.card, A_CR, rd(a.card, A_CR) | 0x1);
	st0 = fake_get32(a.fh, d + 16);
	st1 = fake_get32(a.fh, d + 20);
	check((st1 & 1) && (st0 & 1) && (st0 >> 8 & 0xf) == 0,
	      "status at words 4/5: DONE, OK, no retries (st0 %08x st1 %08x)", st0, st1);
	check(fake_get32(a.fh, d + 24) == 0xdeadbeef, "word 6 untouched");
	check(!(rd(a.card, A_CR) & 0x1), "CR TXE0 reads clear once the chain is spent");
	check(rd(a.card, A_ISR) & ISR_TXOK, "ISR TXOK");
	check(b.card->frames_received == 1, "B received it");
	rx0 = fake_get32(b.fh, RX_RING + 16);
	rx1 = fake_get32(b.fh, RX_RING + 20);
	check((rx0 & 0xfff) == len + 4 && (rx0 >> 15 & 0xf) == 0x0b &&
	      (rx0 >> 19 & 0xff) == 40, "RX length, rate 0x0b at 18:15, RSSI at 26:19 (%08x)",
	      rx0);
	check((rx1 & 7) == 3 && !(rx1 & 0xf0000000u), "RX DONE and OK (%08x)", rx1);
	check(rd(b.card, A_ISR) & ISR_RXOK, "B's ISR RXOK");

	/* Unanswered: the tries the retry limit register gives. */
	len = make_data_frame(a.fh->mem + buf + 0x800, nobody, a.mac, 40, 2);
	put_5210_desc(a.fh, d + 32, buf + 0x800, len, 0);
	wr(a.card, A_TXDP0, d + 32);
	wr(a.card, A_CR, 0x1);
	st0 = fake_get32(a.fh, d + 32 + 16);
	check((fake_get32(a.fh, d + 32 + 20) & 1) && (st0 & 2) && (st0 >> 8 & 0xf) == 4,
	      "no ACK: excessive retries after the 4 tries of 0x801c (st0 %08x)", st0);
	check(rd(a.card, A_ACK_FAIL) == 4, "ACK_FAIL at 0x8098 counts 4");

	/* DIAG_SW DIS_RX is bit 6 on the AR5210. */
	wr(b.card, A_DIAG_SW, 0x20);
	check(card_is_receiving(b.card), "bit 5 (the 5211's DIS_RX) leaves RX on");
	wr(b.card, A_DIAG_SW, 0x40);
	check(!card_is_receiving(b.card), "bit 6 stops it");
	test_card_close(&a);
	test_card_close(&b);
	air_destroy(air);
}

/* AP beacon timers of 100 TU, then the beacon chain at @desc on TXDP1. */
static void arm_beacon_queue(struct test_card *ap, uint32_t desc)
{
	/* pcu.c ath5k_hw_init_beacon_timers in AP mode */
	wr(ap->card, A_TIMER(0), 0);
	wr(ap->card, A_TIMER(0), 100);
	wr(ap->card, A_TIMER(1), (100 - 2) << 3);
	wr(ap->card, A_TIMER(2), (100 - 10) << 3);
	wr(ap->card, A_TIMER(3), 101);
	wr(ap->card, A_BEACON, 100 | 0x00800000 | 0x01000000);
	/* base.c/dma.c: TXDP1, then CR TXE1 and BSR TQ1V | BDMAE */
	wr(ap->card, A_TXDP1, desc);
	wr(ap->card, A_CR, rd(ap->card, A_CR) | 0x2);
	wr(ap->card, A_BSR, 0x8 | 0x2);
}

/* A beacon from @ap at @f, its timestamp zeroed; returns its length. */
static unsigned int make_beacon(struct test_card *ap, uint8_t *f)
{
	unsigned int len = make_data_frame(f, (const uint8_t *)"\xff\xff\xff\xff\xff\xff",
					   ap->mac, 40, 0);

	f[0] = 0x80;		/* beacon */
	f[1] = 0;
	memset(f + 24, 0, 8);
	return len;
}

static void test_beacon_queue(void)
{
	struct air *air = air_create();
	struct test_card cards[2];
	struct test_card *ap = &cards[0], *sta = &cards[1];
	uint32_t d = TX_DESCS, buf = TX_BUFS, isr, rx0;
	unsigned int len;
	uint64_t stamp = 0;
	uint8_t *f;

	printf("TXDP1: the beacon goes out at TBTT with its timestamp\n");
	test_card_open(ap, air, 0, "model=ar5210,airtime=0");
	test_card_open(sta, air, 1, "model=ar5210,airtime=0");
	up_5210(ap, 5180, 4);
	up_5210(sta, 5180, 4);

	f = ap->fh->mem + buf;
	len = make_beacon(ap, f);
	put_5210_desc(ap->fh, d, buf, len, 3);	/* AR5210 "no delay" */

	arm_beacon_queue(ap, d);
	check(rd(ap->card, A_CR) & 0x2, "CR TXE1 set: the beacon waits for its slot");
	check(sta->card->frames_received == 0, "nothing sent before TBTT");

	test_cards_advance(cards, 2, 95 * 1024);
	isr = rd(ap->card, A_ISR);
	check(isr & ISR_SWBA, "SWBA 10 TU before TBTT (ISR %08x)", isr);
	check(sta->card->frames_received == 0, "still nothing on the air");
	test_cards_advance(cards, 2, 6 * 1024);
	check(sta->card->frames_received == 1, "the beacon went out at TBTT");
	check((fake_get32(ap->fh, d + 20) & 1) && !(rd(ap->card, A_CR) & 0x2),
	      "its status written, TXE1 clear");
	rx0 = fake_get32(sta->fh, RX_RING + 16);
	for (int i = 0; i < 8; i++)
		stamp |= (uint64_t)sta->fh->mem[RX_RING + 0x10000 + 24 + i] << (8 * i);
	check((rx0 & 0xfff) == len + 4 && stamp >= 100 * 1024 && stamp < 102 * 1024,
	      "received with a timestamp at TBTT (%llu us)", (unsigned long long)stamp);
	test_card_close(ap);
	test_card_close(sta);
	air_destroy(air);
}

/* The card's stats line: cab_after_dtim, group_outside_dtim; ~0 unparsed. */
static void cab_counts(struct card *c, uint64_t *after, uint64_t *outside)
{
	char line[CARD_STATS_LINE_MAX];
	uint64_t v[STATS_LINE_KEYS];

	card_stats_summary(c, line, sizeof(line));
	*after = *outside = UINT64_MAX;
	if (!stats_line_parse(line, v))
		return;
	*after = stats_get(v, "cab_after_dtim");
	*outside = stats_get(v, "group_outside_dtim");
}

/*
 * Two AR5210s on 5180 MHz; card A's TXDP1 holds the beacon @beacon makes
 * with group frames 1 and 2 linked behind it, and at the alert (SWBA,
 * before TBTT) group frame 3 goes to TXDP0, as data.
 */
static void chain_behind_beacon(struct air *air, struct test_card cards[2],
				unsigned int (*beacon)(struct test_card *, uint8_t *))
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	struct test_card *ap = &cards[0];
	const uint32_t d = TX_DESCS, buf = TX_BUFS;

	test_card_open(ap, air, 0, "model=ar5210,airtime=0");
	test_card_open(&cards[1], air, 1, "model=ar5210,airtime=0");
	up_5210(ap, 5180, 4);
	up_5210(&cards[1], 5180, 4);

	put_5210_desc(ap->fh, d, buf, beacon(ap, ap->fh->mem + buf), 3);
	for (unsigned int i = 1; i <= 3; i++)
		put_5210_desc(ap->fh, d + 32 * i, buf + 0x800 * i,
			      make_data_frame(ap->fh->mem + buf + 0x800 * i, bcast,
					      ap->mac, 40, (uint8_t)i), 0);
	fake_put32(ap->fh, d, d + 32);		/* beacon -> group 1 */
	fake_put32(ap->fh, d + 32, d + 64);	/* group 1 -> group 2 */
	arm_beacon_queue(ap, d);

	test_cards_advance(cards, 2, 95 * 1024);
	check(rd(ap->card, A_ISR) & ISR_SWBA, "SWBA before TBTT");
	wr(ap->card, A_TXDP0, d + 96);		/* group 3 as data, at the alert */
	wr(ap->card, A_CR, rd(ap->card, A_CR) | 0x1);
}

static void close_scene(struct air *air, struct test_card cards[2])
{
	test_card_close(&cards[0]);
	test_card_close(&cards[1]);
	air_destroy(air);
}

/*
 * The AR5210 has no CAB queue: what a DTIM beacon announces must be
 * linked behind it on TXDP1 to go out after it.  A frame handed to
 * TXDP0 at the alert goes out at once, before the beacon.
 */
static void test_cab_behind_beacon(void)
{
	struct air *air = air_create();
	struct test_card cards[2];
	struct test_card *ap = &cards[0], *sta = &cards[1];
	/* what the station hears, in order: fc and the first body byte */
	static const uint8_t want_fc[4] = { 0x08, 0x80, 0x08, 0x08 };
	static const uint8_t want_body[4] = { 3, 0, 1, 2 };
	uint64_t after, outside;

	printf("TXDP1: frames linked behind the beacon follow it at TBTT, in order; "
	       "TXDP0 sends at once\n");
	chain_behind_beacon(air, cards, make_beacon);
	test_cards_advance(cards, 2, 6 * 1024);
	check(sta->card->frames_received == 4, "four frames heard (%llu)",
	      (unsigned long long)sta->card->frames_received);
	for (unsigned int i = 0; i < 4; i++) {
		const uint8_t *rx = sta->fh->mem + RX_RING + 0x10000 + RX_BUF_SIZE * i;

		check(rx[0] == want_fc[i] && (want_fc[i] == 0x80 || rx[24] == want_body[i]),
		      "heard #%u: fc %02x body %u (want %02x, %u)",
		      i, rx[0], rx[24], want_fc[i], want_body[i]);
	}
	for (unsigned int i = 0; i < 3; i++)
		check(fake_get32(ap->fh, TX_DESCS + 32 * i + 20) & 1,
		      "TXDP1 chain descriptor %u done", i);
	cab_counts(ap->card, &after, &outside);
	check(after == 0 && outside == 3,
	      "this beacon has no TIM: all three group frames count outside (%llu, %llu)",
	      (unsigned long long)after, (unsigned long long)outside);
	close_scene(air, cards);
}

/*
 * make_beacon's frame cut after the fixed fields, then a TIM element:
 * DTIM count 0 of period 1, Bitmap Control bit 0 (group traffic
 * buffered), one bitmap octet.
 */
static unsigned int make_dtim_beacon(struct test_card *ap, uint8_t *f)
{
	static const uint8_t tim[6] = { 5, 4, 0, 1, 0x01, 0 };

	make_beacon(ap, f);
	memcpy(f + 24 + 12, tim, sizeof(tim));
	return 24 + 12 + sizeof(tim);
}

/*
 * The card's counters of group data after a DTIM beacon: the chain
 * beacon -> group -> group on TXDP1 counts two after the DTIM, the
 * group frame given to TXDP0 at the alert one outside.
 */
static void test_cab_counts(void)
{
	struct air *air = air_create();
	struct test_card cards[2];
	struct test_card *ap = &cards[0], *sta = &cards[1];
	uint64_t after, outside;

	printf("TXDP1: the group data behind a DTIM beacon counts after it, TXDP0's outside\n");
	chain_behind_beacon(air, cards, make_dtim_beacon);
	cab_counts(ap->card, &after, &outside);
	check(after == 0 && outside == 1,
	      "the frame on TXDP0 went out before the beacon: outside (%llu, %llu)",
	      (unsigned long long)after, (unsigned long long)outside);
	test_cards_advance(cards, 2, 6 * 1024);
	check(sta->card->frames_received == 4, "four frames heard (%llu)",
	      (unsigned long long)sta->card->frames_received);
	cab_counts(ap->card, &after, &outside);
	check(after == 2 && outside == 1,
	      "the two linked behind the DTIM beacon: after it (%llu, %llu)",
	      (unsigned long long)after, (unsigned long long)outside);
	close_scene(air, cards);
}

int main(void)
{
	test_identity();
	test_register_map();
	test_eeprom();
	test_synth();
	test_tx_rx();
	test_beacon_queue();
	test_cab_behind_beacon();
	test_cab_counts();
	return checks_report("test_ar5210");
}
