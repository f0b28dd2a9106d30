// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The registers the ath5k probe and reset paths depend on, driven the way
 * attach.c, reset.c, phy.c and pci.c drive them.
 */
#include "fake_host.h"

/* The clock of the card under test: polls wait on it as drivers do. */
static struct fake_host *clock_host;

static struct card *new_card(struct fake_host *fh, const char *spec)
{
	struct card_config cfg;
	char err[256];
	struct card *c;

	card_config_defaults(&cfg, 0);
	if (spec && card_config_parse(&cfg, spec, err, sizeof(err))) {
		printf("config '%s': %s\n", spec, err);
		exit(2);
	}
	c = card_create(&cfg, NULL, &fake_ops, fh, err, sizeof(err));
	if (!c) {
		printf("card_create: %s\n", err);
		exit(2);
	}
	clock_host = fh;
	return c;
}

/* pci.c's EEPROM read: offset, RMW the read bit, poll RDDONE. */
static int eeprom_read(struct card *c, unsigned int word, uint16_t *data)
{
	wr(c, 0x6000, word);
	wr(c, 0x6008, rd(c, 0x6008) | 1);
	for (int i = 0; i < 20000; i++) {
		uint32_t st = rd(c, 0x600c);

		if (st & 2) {
			if (st & 1)
				return -1;
			*data = (uint16_t)rd(c, 0x6004);
			return 0;
		}
		clock_host->now += 15;		/* usleep_range(15, 20) */
	}
	return -2;
}

/* phy.c's radio revision read and decoding. */
static unsigned int radio_revision(struct card *c, bool two_ghz)
{
	unsigned int b;

	wr(c, 0x9800, two_ghz ? 0x4007 : 0x7);
	wr(c, 0x98d0, 0x1c16);
	for (int i = 0; i < 8; i++)
		wr(c, 0x9880, 0x10000);
	b = rd(c, 0x9c00) >> 24 & 0xff;
	wr(c, 0x9800, 0x7);
	return flip_bits(((b & 0xf0) >> 4) | ((b & 0x0f) << 4), 8);
}

static void test_identity(void)
{
	static const struct {
		const char *spec;
		uint16_t device;
		uint32_t srev, phy;
		unsigned int radio;
	} models[] = {
		{ "model=ar5413", 0x001b, 0xa4, 0x61, 0x63 },
		{ "model=ar2413", 0x001a, 0x78, 0x45, 0x56 },
		{ "model=ar5212", 0x0013, 0x59, 0x43, 0x36 },
	};

	printf("identity: PCI ids, SREV, PHY and radio revisions per model\n");
	for (size_t i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
		struct fake_host *fh = fake_host_new();
		struct card *c = new_card(fh, models[i].spec);
		const struct card_pci_identity *id = card_pci_identity(c);

		check(id->vendor == 0x168c && id->device == models[i].device,
		      "%s: PCI %04x:%04x", models[i].spec, id->vendor, id->device);
		check(rd(c, 0x4020) == models[i].srev,
		      "%s: SREV 0x%08x (full word, bits 31:8 zero)", models[i].spec,
		      rd(c, 0x4020));
		check(rd(c, 0x9818) == models[i].phy, "%s: PHY_CHIP_ID 0x%x",
		      models[i].spec, rd(c, 0x9818));
		check(radio_revision(c, false) == models[i].radio,
		      "%s: 5 GHz radio revision decodes to 0x%02x", models[i].spec,
		      radio_revision(c, false));
		check(radio_revision(c, true) == models[i].radio,
		      "%s: 2 GHz radio revision decodes too", models[i].spec);
		card_destroy(c);
		free(fh);
	}
}

static void test_wakeup_and_reset(struct card *c)
{
	printf("wake-up and reset handshakes (reset.c)\n");
	check(rd(c, 0x4010) & 0x10000, "power-on: full sleep, PCICFG SPWR_DN set");
	rd(c, 0x8004);
	wr(c, 0x4004, rd(c, 0x4004) & ~0x30000u);
	check(!(rd(c, 0x4010) & 0x10000), "PCICFG SPWR_DN reads 0 once awake");
	wr(c, 0x4004, 0x20000);
	check(!(rd(c, 0x4010) & 0x10000), "network sleep (SLE_ALLOW) counts as awake");
	wr(c, 0x4004, 0x10000);
	check(rd(c, 0x4010) & 0x10000, "full sleep powers down again");
	wr(c, 0x4004, 0);
	wr(c, 0x8004, rd(c, 0x8004) & ~0x40000u);
	check(!(rd(c, 0x8004) & 0x40000), "STA_ID1 PWR_SV clears");
	wr(c, 0x4000, 0x13);
	check((rd(c, 0x4000) & 3) == 3, "RESET_CTL PCU|BB read back while held");
	check(!(rd(c, 0x4000) & 0x10), "RESET_CTL PCI bit clears itself");
	wr(c, 0x4000, 0);
	check((rd(c, 0x4000) & 3) == 0, "RESET_CTL released");
	wr(c, 0x14, 0);
	check(rd(c, 0x14) == 0, "CFG written 0 reads 0");
}

static void test_post(struct card *c)
{
	static const uint32_t patterns[] = { 0x55555555, 0xaaaaaaaa, 0x66666666,
					     0x99999999, 0xffffffff, 0, 0x12345678 };
	bool ok = true;

	printf("POST registers are full 32-bit storage (attach.c)\n");
	for (size_t i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
		wr(c, 0x8000, patterns[i]);
		wr(c, 0x9820, ~patterns[i]);
		ok &= rd(c, 0x8000) == patterns[i] && rd(c, 0x9820) == ~patterns[i];
	}
	check(ok, "STA_ID0 and PHY(8) keep every pattern");
}

static void test_eeprom_window(struct card *c)
{
	uint16_t v = 0, mac[3] = { 0 };
	uint16_t sum = 0;
	bool all_read = true;

	printf("EEPROM through BAR0 0x6000/0x6004/0x6008/0x600c (pci.c)\n");
	wr(c, 0x6000, 0xc1);
	wr(c, 0x6008, rd(c, 0x6008) | 1);
	check(!(rd(c, 0x600c) & 2), "RDDONE not yet set right after the command");
	clock_host->now += 20;
	check((rd(c, 0x600c) & 3) == 2 && rd(c, 0x6004) == 0x5003,
	      "20 us later: RDDONE and the word");
	int rc = eeprom_read(c, 0xc1, &v);

	check(rc == 0 && v == 0x5003, "version word 0x%04x", v);
	for (int i = 0; i < 3; i++)
		eeprom_read(c, 0x1f - i, &mac[i]);
	check(mac[0] == 0x0003 && mac[1] == 0x7fe0 && mac[2] == 0x0001,
	      "MAC words 0x1f..0x1d = %04x %04x %04x", mac[0], mac[1], mac[2]);
	for (unsigned int w = 0xc0; w < 0x400; w++) {
		all_read &= eeprom_read(c, w, &v) == 0;
		sum ^= v;
	}
	check(all_read && sum == 0xffff, "checksum over 0xc0..0x3ff = 0x%04x", sum);
	check(eeprom_read(c, 0x400, &v) == -1, "offset past the image reports an error");
	card_corrupt_eeprom(c);
	sum = 0;
	for (unsigned int w = 0xc0; w < 0x400; w++) {
		eeprom_read(c, w, &v);
		sum ^= v;
	}
	check(sum != 0xffff, "card_corrupt_eeprom breaks the checksum (0x%04x)", sum);
}

static void test_interrupts(struct card *c, struct fake_host *fh)
{
	printf("ISR/IMR: latched status, write-1-to-clear, INTPEND, IRQ level\n");
	wr(c, 0xa0, 0x2000);			/* PIMR: SWI */
	wr(c, 0x24, 0);
	wr(c, 0x08, 0x40);			/* CR SWI raises the software interrupt */
	check(rd(c, 0x80) & 0x2000, "PISR latches SWI");
	check(!fh->irq && rd(c, 0x4008) == 0, "no IRQ and INTPEND 0 while IER is off");
	wr(c, 0x24, 1);
	check(fh->irq && rd(c, 0x4008) == 1, "IER on: IRQ high, INTPEND reads exactly 1");
	wr(c, 0xa0, 0);
	check(!fh->irq && (rd(c, 0x80) & 0x2000), "masked: IRQ low, status kept");
	wr(c, 0xa0, 0x2000);
	check(fh->irq, "unmasked again: IRQ high");
	wr(c, 0x80, 0x1);
	check(fh->irq && (rd(c, 0x80) & 0x2000), "writing another bit clears nothing");
	wr(c, 0x80, rd(c, 0x80));
	check(!fh->irq && !(rd(c, 0x80) & 0x2000) && rd(c, 0x4008) == 0,
	      "writing back what was read clears it, IRQ low");
	wr(c, 0x08, 0x40);
	check(rd(c, 0xc0) & 0x2000, "read-and-clear mirror returns the status");
	check(!(rd(c, 0x80) & 0x2000) && !fh->irq, "and clears it");
}

/* What a write hook's callback saw of the card from inside the write. */
struct hook_view {
	struct card *card;
	struct fake_host *fh;
	unsigned int runs;
	uint32_t pimr, pisr, intpend;
	bool line;
};

static void hook_look(void *arg)
{
	struct hook_view *v = arg;

	v->runs++;
	v->pimr = rd(v->card, 0xa0);
	v->pisr = rd(v->card, 0x80);
	v->intpend = rd(v->card, 0x4008);
	v->line = v->fh->irq;
	wr(v->card, 0xa0, v->pimr);	/* the hooked register again */
}

static void test_write_hook(struct card *c, struct fake_host *fh)
{
	struct hook_view v = { .card = c, .fh = fh };
	struct card_write_hook h = {
		.offset = 0xa0, .when = CARD_HOOK_AFTER_WRITE,
		.raise_pisr = 0x1, .run = hook_look, .arg = &v,
	};

	printf("a test's hook into one register write\n");
	wr(c, 0xa0, 0);
	wr(c, 0x80, 0xffffffff);
	wr(c, 0x24, 1);
	card_set_write_hook(c, &h);
	wr(c, 0x24, 1);
	check(card_write_hook_armed(c) && !v.runs, "another register's write leaves it armed");
	wr(c, 0xa0, 0x1);
	check(v.runs == 1 && !card_write_hook_armed(c),
	      "the write fires it once, its own write of PIMR not again (%u runs)", v.runs);
	check(v.pimr == 0x1 && (v.pisr & 0x1) && v.intpend == 1 && v.line,
	      "after the write: PIMR 0x%x, the cause raised, INTPEND %u, line up",
	      v.pimr, v.intpend);

	wr(c, 0x80, 0xffffffff);
	v.runs = 0;
	h.when = CARD_HOOK_BEFORE_WRITE;
	h.mask = 0x1;
	h.match = 0;			/* only a write that masks RXOK */
	card_set_write_hook(c, &h);
	wr(c, 0xa0, 0x1);
	check(!v.runs && card_write_hook_armed(c), "a value it does not match leaves it armed");
	wr(c, 0xa0, 0);
	check(v.runs == 1 && v.pimr == 0x1 && v.intpend == 1 && v.line,
	      "before the write: PIMR still 0x%x, the cause seen, line up", v.pimr);
	check(rd(c, 0xa0) == 0 && !fh->irq && (rd(c, 0x80) & 0x1),
	      "then the write masks it: line down, the cause kept");

	wr(c, 0x80, 0xffffffff);
	h = (struct card_write_hook){ .offset = 0x84, .raise_sisr = { 0x4 } };
	card_set_write_hook(c, &h);
	wr(c, 0x84, 0);
	check(rd(c, 0x84) == 0x4, "raising alone: SISR0 0x%x", rd(c, 0x84));
	wr(c, 0x84, 0x4);
	card_set_write_hook(c, &h);
	card_set_write_hook(c, NULL);
	wr(c, 0x84, 0);
	check(!card_write_hook_armed(c) && rd(c, 0x84) == 0, "disarmed: the write is plain");
	wr(c, 0x24, 0);
}

static void test_calibration(struct card *c)
{
	int32_t nf;

	printf("self-clearing calibration bits and noise floor (phy.c)\n");
	wr(c, 0x9860, rd(c, 0x9860) | 0x3);
	wr(c, 0x9920, rd(c, 0x9920) | 0x10000);
	check((rd(c, 0x9860) & 0x3) == 0x3 && (rd(c, 0x9920) & 0x10000),
	      "CAL, NF and RUN still set right after the write");
	clock_host->now += 1000;
	check((rd(c, 0x9860) & 0x3) == 0x1, "NF clears after 1 ms, CAL still runs");
	clock_host->now += 1000;
	check(!(rd(c, 0x9860) & 0x3), "AGCCTL CAL clears itself after 2 ms");
	clock_host->now += 1000;
	check(!(rd(c, 0x9920) & 0x10000), "PHY_IQ RUN clears itself after 3 ms");
	wr(c, 0x981c, 1);
	check(!(rd(c, 0x9c24) & 0x10), "PHY_TX_ACTIVE bit 4 is 0");
	nf = (int32_t)(rd(c, 0x9864) >> 19 & 0x1ff);
	if (nf & 0x100)
		nf -= 0x200;
	check(nf >= -103 && nf <= -97, "PHY_NF minCCA reads %d dBm (-100 +- 3)", nf);
	wr(c, 0x997c, 1);
	check(rd(c, 0x9c20) & 1, "RF bus granted on request (fast channel switch)");
}

static uint64_t read_tsf(struct card *c)
{
	uint32_t hi, lo;

	do {
		hi = rd(c, 0x8050);
		lo = rd(c, 0x804c);
	} while (hi != rd(c, 0x8050));
	return (uint64_t)hi << 32 | lo;
}

static void test_tsf_and_swba(struct card *c, struct fake_host *fh)
{
	uint64_t t0, t1;

	printf("TSF and beacon timers (pcu.c)\n");
	t0 = read_tsf(c);
	fh->now += 1234;
	t1 = read_tsf(c);
	check(t1 - t0 == 1234, "TSF counts microseconds (%llu)",
	      (unsigned long long)(t1 - t0));
	{
		bool monotonic = true;
		uint64_t prev = t1, now;

		/* across the 32-bit boundary: U/L/U reads stay consistent */
		wr(c, 0x804c, 0xffff0000);
		wr(c, 0x8050, 0);
		prev = read_tsf(c);
		for (int i = 0; i < 2000; i++) {
			fh->now += (uint64_t)(i % 7) * 37;
			now = read_tsf(c);
			monotonic &= now >= prev;
			prev = now;
		}
		check(monotonic && prev > 0xffffffffull,
		      "TSF never goes backwards, carries into the upper half");
	}
	wr(c, 0x804c, 0x89abcdef);
	wr(c, 0x8050, 0x1);
	check(read_tsf(c) == 0x189abcdefull, "TSF write L32 then U32 sets it");
	wr(c, 0x8020, 0x01000000);
	check(read_tsf(c) < 10, "BEACON RESET_TSF sets it to zero");

	/* AP: next TBTT 100 TU, SWBA 10 TU earlier, period 100 TU */
	wr(c, 0x24, 1);
	wr(c, 0xa0, 0x10000);
	wr(c, 0x8028, 100);
	wr(c, 0x802c, (100 - 2) << 3);
	wr(c, 0x8030, (100 - 10) << 3);
	wr(c, 0x8034, 101);
	wr(c, 0x8020, 100 | 0x00800000);
	fh->now += 89 * 1024;
	card_advance(c, fh->now);
	check(!(rd(c, 0x80) & 0x10000), "no SWBA before TIMER2");
	check(card_next_deadline(c) <= fh->now + 1024 + 8,
	      "next deadline is the SWBA (in %lld us)",
	      (long long)(card_next_deadline(c) - fh->now));
	fh->now += 1024 + 8;
	card_advance(c, fh->now);
	check((rd(c, 0x80) & 0x10000) && fh->irq, "SWBA raised at TIMER2, IRQ high");
	wr(c, 0x80, 0x10000);
	fh->now += 100 * 1024;
	card_advance(c, fh->now);
	check(rd(c, 0x80) & 0x10000, "SWBA again one beacon period later");
	wr(c, 0x80, 0x10000);
	/* pcu.c re-initialising the timers: TIMER0 = 0 first, BEACON last */
	wr(c, 0x8028, 0);
	wr(c, 0x8030, 0);
	check(!(rd(c, 0x80) & 0x10000), "zeroed timers fire nothing before BEACON");
	wr(c, 0x8028, 400);
	wr(c, 0x8030, (400 - 10) << 3);
	wr(c, 0x8020, 100 | 0x00800000);
	check(!(rd(c, 0x80) & 0x10000), "re-armed at TBTT 400 TU: quiet for now");
	wr(c, 0x8020, 100);
	fh->now += 300 * 1024;
	card_advance(c, fh->now);
	check(!(rd(c, 0x80) & 0x10000), "no SWBA once beacons are disabled");
}

static void test_queues_idle(struct card *c)
{
	printf("DMA stop handshakes on an idle card (dma.c)\n");
	wr(c, 0x08, 0x20);
	check(!(rd(c, 0x08) & 0x4), "CR RXE reads 0 after RXD");
	for (unsigned int q = 0; q < 10; q++)
		wr(c, 0x880, 1u << q);
	check(rd(c, 0x840) == 0, "QCU_TXE clear");
	check((rd(c, 0xa00 + 4 * 9) & 3) == 0, "queue 9 FRMPENDCNT 0");
	wr(c, 0x880, 0);
}

/* Guest garbage must never crash the card or touch memory out of range. */
static void test_register_storm(void)
{
	struct fake_host *fh = fake_host_new();
	struct card *c = new_card(fh, NULL);
	uint32_t x = 12345;
	unsigned int irq_edges;

	printf("20000 pseudo-random BAR0 writes (descriptor pointers into memory)\n");
	for (int i = 0; i < 20000; i++) {
		uint32_t off, val;

		x = x * 1103515245u + 12345u;
		off = (x >> 8) % CARD_BAR0_SIZE & ~3u;
		if (i % 3 == 0)
			off = (uint32_t[]){ 0x08, 0x0c, 0x800, 0x824, 0x840, 0x880, 0x4000,
					    0x8020, 0x8028, 0x989c, 0x98d8, 0xa200,
					    0x80, 0x24, 0xa0 }[(x >> 4) % 15];
		x = x * 1103515245u + 12345u;
		val = x;
		if (off == 0x0c || (off >= 0x800 && off < 0x828))
			val %= FAKE_MEM_SIZE + 64;	/* some just past the end */
		wr(c, off, val);
		fh->now += x % 300;
		card_advance(c, fh->now);
		if (off == 0x4020 || off == 0x4000)
			wr(c, 0x4000, 0);
	}
	irq_edges = fh->irq_edges;
	check(rd(c, 0x4020) == 0xa4 && rd(c, 0x9818) == 0x61, "card still identifies itself");
	card_reset(c);
	check(rd(c, 0x840) == 0 && !fh->irq && rd(c, 0x4008) == 0,
	      "reset brings it back quiet (%u IRQ edges during the storm)", irq_edges);
	card_destroy(c);
	free(fh);
}

static void test_dead(void)
{
	struct fake_host *fh = fake_host_new();
	struct card *c = new_card(fh, NULL);

	printf("fault hook: dead card\n");
	card_make_dead(c);
	check(rd(c, 0x4020) == 0xffffffff && rd(c, 0x80) == 0xffffffff,
	      "BAR0 reads all ones");
	check((card_bar0_read(c, 0x4020, 2) & 0xffff) == 0xffff, "narrow reads too");
	card_destroy(c);
	free(fh);
}

static void test_config(void)
{
	static const struct {
		const char *spec, *reason;
	} bad[] = {
		{ "colour=blue", "unknown card option 'colour'" },
		{ "model=ar9999", "ar5413, ar2413, ar5212, ar5211 or ar5210" },
		{ "mac=01:02:03:04:05:06", "unicast" },
		{ "mac=00:11:22:33:44", "xx:xx" },
		{ "regdomain=0x10000", "0..0xffff" },
		{ "bands=abcd", "subset of abg" },
		{ "model=ar2413,bands=ab", "no 5 GHz band" },
		{ "trace=yes", "0 or 1" },
		{ "rssi=101", "0..100" },
		{ "socket", "not key=value" },
		{ "eeprom-desc=/nonexistent.desc", "/nonexistent.desc" },
	};
	struct card_config cfg, before;
	char err[256];
	int rc;

	printf("card options (--card SPEC)\n");
	card_config_defaults(&cfg, 3);
	check(!strcmp(cfg.name, "card3") && cfg.mac[5] == 4 && cfg.model == CARD_MODEL_AR5413 &&
	      cfg.mode_a && cfg.mode_b && cfg.mode_g && cfg.airtime && cfg.rssi == 40,
	      "defaults: card3, AR5413, abg, airtime on, rssi 40");
	rc = card_config_parse(&cfg, "socket=/tmp/s,model=ar2413,mac=02:00:00:00:00:09,"
			       "regdomain=0x10,trace=1,airtime=0,rssi=20,name=ap",
			       err, sizeof(err));
	check(rc == 0 && !strcmp(cfg.socket_path, "/tmp/s") &&
	      cfg.model == CARD_MODEL_AR2413 && !cfg.mode_a && cfg.mac[5] == 9 &&
	      cfg.regdomain == 0x10 && cfg.trace && !cfg.airtime && cfg.rssi == 20 &&
	      !strcmp(cfg.name, "ap"), "every key lands in the config");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		before = cfg;
		rc = card_config_parse(&cfg, bad[i].spec, err, sizeof(err));
		check(rc == -1 && strstr(err, bad[i].reason) &&
		      !memcmp(&cfg, &before, sizeof(cfg)),
		      "'%s' refused: %s", bad[i].spec, err);
	}
}

int main(void)
{
	struct fake_host *fh = fake_host_new();
	struct card *c;

	test_config();
	test_identity();
	c = new_card(fh, NULL);
	test_wakeup_and_reset(c);
	test_post(c);
	test_interrupts(c, fh);
	test_write_hook(c, fh);
	test_calibration(c);
	test_tsf_and_swba(c, fh);
	test_queues_idle(c);
	test_eeprom_window(c);
	card_destroy(c);
	free(fh);
	test_register_storm();
	test_dead();
	return checks_report("test_registers");
}
