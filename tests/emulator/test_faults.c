// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Every run-time fault of fault.c, switched on through the same command
 * text the control socket passes, seen from the driver's side of BAR0
 * and the RX ring, then switched off again with "clear".
 */
#include "card_model.h"
#include "fake_host.h"

#define RX_RING		0x40000

static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static int fault(struct card *c, const char *cmd)
{
	char answer[256];
	int rc = card_fault_command(c, cmd, answer, sizeof(answer));

	if (rc)
		printf("    '%s': %s\n", cmd, answer);
	return rc;
}

/* "clear", and the number of hits it reports (-1: no count in its answer). */
static long clear_hits(struct card *c)
{
	char answer[256];
	long hits = -1;

	if (card_fault_command(c, "clear", answer, sizeof(answer)) ||
	    sscanf(answer, "ok: hits=%ld", &hits) != 1)
		printf("    'clear': %s\n", answer);
	return hits;
}

static uint32_t rx_status(struct test_card *tc, unsigned int i, int word)
{
	return fake_get32(tc->fh, RX_RING + 32 * i + 16 + 4 * word);
}

/* A broadcast data frame with a good FCS straight into card tc's ring. */
static void receive_one(struct test_card *tc, uint8_t rate)
{
	struct air_frame *f = calloc(1, sizeof(*f));
	uint32_t crc;

	f->freq_mhz = 2437;
	f->rate_code = rate;
	f->rssi = 30;
	f->len = (uint16_t)make_data_frame(f->data, bcast, tc->mac, 40, 1);
	crc = wifi_crc32(f->data, f->len);
	memcpy(f->data + f->len, &crc, 4);
	f->len += 4;
	rx_deliver(tc->card, f);
	free(f);
}

static void open_up(struct test_card *tc, const char *spec)
{
	test_card_open(tc, NULL, 0, spec);
	test_card_up(tc, 2437, RX_RING, 8);
}

static void test_surprise_removal(void)
{
	struct test_card tc;

	printf("surprise removal, then plugged back in\n");
	open_up(&tc, NULL);
	check(rd(tc.card, 0x4020) == 0xa4, "SREV before: 0x%x", rd(tc.card, 0x4020));
	check(!fault(tc.card, "surprise-removal"), "command accepted");
	check(rd(tc.card, 0x4020) == 0xffffffff && rd(tc.card, 0x80) == 0xffffffff,
	      "every read is all ones");
	check(clear_hits(tc.card) == 2, "clear accepted: 2 hits, the two reads of the gone card");
	check(rd(tc.card, 0x4020) == 0xa4 && (rd(tc.card, 0x4004) & 0x30000) == 0x10000,
	      "back at power-on: SREV 0x%x, asleep", rd(tc.card, 0x4020));
	test_card_close(&tc);
}

static void test_eeprom_faults(void)
{
	struct test_card tc, rf5112;
	uint16_t first[EE_WORDS], orig[EE_WORDS];
	struct eeprom_desc desc;
	char err[200];
	bool all_ok = true, differs = false;

	printf("EEPROM: checksum, random images, edge cases, restore\n");
	open_up(&tc, NULL);
	memcpy(orig, tc.card->eeprom, sizeof(orig));
	check(!fault(tc.card, "eeprom-checksum") && eeprom_checksum(tc.card->eeprom) != 0xffff,
	      "eeprom-checksum breaks the checksum");
	check(!fault(tc.card, "clear") && !memcmp(tc.card->eeprom, orig, sizeof(orig)),
	      "clear restores the original image");

	for (unsigned int seed = 1; seed <= 64; seed++) {
		char cmd[40];

		snprintf(cmd, sizeof(cmd), "eeprom-random %u", seed);
		if (fault(tc.card, cmd) || eeprom_checksum(tc.card->eeprom) != 0xffff)
			all_ok = false;
		if (memcmp(tc.card->eeprom, orig, sizeof(orig)))
			differs = true;
		if (seed == 1)
			memcpy(first, tc.card->eeprom, sizeof(first));
	}
	check(all_ok && differs, "64 seeded random images build, checksum intact, differ from the original");
	check(!fault(tc.card, "eeprom-random 1") && !memcmp(first, tc.card->eeprom, sizeof(first)),
	      "the same seed gives the same image");
	check(fault(tc.card, "eeprom-random") != 0, "eeprom-random without a seed is refused");

	check(!fault(tc.card, "eeprom-edge empty-pd-mask"), "empty-pd-mask accepted");
	check(eeprom_checksum(tc.card->eeprom) == 0xffff, "empty-pd-mask image checksums");
	err[0] = '\0';
	check(eeprom_decode(tc.card->eeprom, &desc, err, sizeof(err)) && strstr(err, "x_gain"),
	      "decoder sees no PD gain curve (%s)", err);
	check(!fault(tc.card, "eeprom-edge max-lists") &&
	      !eeprom_decode(tc.card->eeprom, &desc, err, sizeof(err)) &&
	      desc.mode[EE_MODE_A].n_piers == EE_MAX_PIERS_5GHZ && desc.n_ctls == EE_CTLS,
	      "max-lists: %u piers at 5 GHz, %u CTLs", desc.mode[EE_MODE_A].n_piers, desc.n_ctls);
	check(fault(tc.card, "eeprom-edge pcdac-slope") != 0,
	      "pcdac-slope is refused on an RF5413 card");
	check(fault(tc.card, "eeprom-load /nonexistent.desc") != 0, "a missing description is refused");
	check(!fault(tc.card, "clear") && !memcmp(tc.card->eeprom, orig, sizeof(orig)),
	      "clear restores the image after several replacements");
	test_card_close(&tc);

	open_up(&rf5112, "model=ar5212");
	err[0] = '\0';
	check(!fault(rf5112.card, "eeprom-edge pcdac-slope") &&
	      !eeprom_decode(rf5112.card->eeprom, &desc, err, sizeof(err)),
	      "pcdac-slope on RF5112 decodes (%s)", err);
	check(desc.mode[EE_MODE_A].xpd_curves.pwr_x0[1] - desc.mode[EE_MODE_A].xpd_curves.pwr_x0[0] > 100 &&
	      desc.mode[EE_MODE_A].xpd_curves.pcdac_x0[1] == 1,
	      "first two points: %d quarter dBm and one PCDAC step apart",
	      desc.mode[EE_MODE_A].xpd_curves.pwr_x0[1] - desc.mode[EE_MODE_A].xpd_curves.pwr_x0[0]);
	check(desc.mode[EE_MODE_G].x_gain == 0x1 && desc.mode[EE_MODE_A].x_gain == 0x1,
	      "one PD gain curve, so the driver walks it (x_gain 0x%x)", desc.mode[EE_MODE_G].x_gain);
	test_card_close(&rf5112);

	/* the AR5211 ships a 3.2 image; the generated ones take 5.3's room */
	open_up(&rf5112, "model=ar5211");
	check(!fault(rf5112.card, "eeprom-edge max-lists") &&
	      !eeprom_decode(rf5112.card->eeprom, &desc, err, sizeof(err)) &&
	      desc.version == EE_VERSION_5_3 && desc.n_ctls == EE_CTLS,
	      "max-lists on the AR5211: a 5.3 image with %u CTLs (%s)", desc.n_ctls, err);
	check(!fault(rf5112.card, "eeprom-random 3") &&
	      eeprom_checksum(rf5112.card->eeprom) == 0xffff,
	      "eeprom-random on the AR5211 builds");
	test_card_close(&rf5112);
}

static void test_rx_damage(void)
{
	static const struct {
		const char *name;
		uint32_t s0_mask, s0_want, s1_mask, s1_want;
	} cases[] = {
		{ "rx-bad-length", 0xfff, 0xfff, 0x3, 0x3 },
		{ "rx-bad-rate", 0x1f << 15, 0, 0x3, 0x3 },	/* first bad code is 0 */
		{ "rx-bad-keyix", 0, 0, 0xff03, 0xff03 },
		{ "rx-decrypt-crc", 0, 0, 0xf, 0x9 },
		{ "rx-mic", 0, 0, 0x23, 0x21 },
		{ "rx-phy-error", 0, 0, 0x13, 0x11 },
	};

	printf("RX status damage, one frame per fault, then an intact one\n");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct test_card tc;
		uint32_t s0, s1;

		open_up(&tc, NULL);
		check(!fault(tc.card, cases[i].name), "%s accepted", cases[i].name);
		receive_one(&tc, 0x0b);
		s0 = rx_status(&tc, 0, 0);
		s1 = rx_status(&tc, 0, 1);
		check((s0 & cases[i].s0_mask) == cases[i].s0_want &&
		      (s1 & cases[i].s1_mask) == cases[i].s1_want,
		      "%s: status0 %08x status1 %08x", cases[i].name, s0, s1);
		check(clear_hits(tc.card) == 1, "clear: 1 hit, the damaged frame");
		receive_one(&tc, 0x0b);
		s0 = rx_status(&tc, 1, 0);
		s1 = rx_status(&tc, 1, 1);
		check((s1 & 0x3f) == 0x3 && (s0 >> 15 & 0x1f) == 0x0b && (s0 & 0xfff) < 100,
		      "after clear the next frame is intact (%08x %08x)", s0, s1);
		test_card_close(&tc);
	}
}

static void test_phy_error_storm(void)
{
	struct test_card tc;
	unsigned int phy_errors = 0;

	printf("PHY-error storm\n");
	open_up(&tc, NULL);
	check(!fault(tc.card, "phy-error-storm 1000"), "phy-error-storm 1000 accepted");
	check(card_next_deadline(tc.card) == tc.fh->now + 1000, "card wakes the loop in 1 ms");
	for (int i = 0; i < 5; i++)
		test_cards_advance(&tc, 1, 1000);
	for (unsigned int d = 0; d < 8; d++)
		if ((rx_status(&tc, d, 1) & 0x13) == 0x11)
			phy_errors++;
	check(phy_errors == 5, "5 ms gave 5 PHY-error receptions (%u)", phy_errors);
	check(rd(tc.card, 0x80) & 0x4, "RXERR raised");
	check(!fault(tc.card, "clear"), "clear");
	test_cards_advance(&tc, 1, 5000);
	check(!(rx_status(&tc, 6, 1) & 1), "no reception after clear");
	test_card_close(&tc);
}

static void test_stuck_irq(void)
{
	struct test_card tc;
	long hits;

	printf("stuck interrupt cause\n");
	open_up(&tc, NULL);
	wr(tc.card, 0xa0, 0x1);
	wr(tc.card, 0x24, 1);
	check(!fault(tc.card, "stuck-irq"), "stuck-irq accepted");
	check((rd(tc.card, 0x80) & 1) && tc.fh->irq, "RXOK set, line up");
	wr(tc.card, 0x80, 0xffffffff);
	(void)rd(tc.card, 0xc0);
	check((rd(tc.card, 0x80) & 1) && rd(tc.card, 0x4008) == 1 && tc.fh->irq,
	      "write-1-to-clear and read-and-clear leave it set, INTPEND 1");
	hits = clear_hits(tc.card);
	check(hits == 3 && !(rd(tc.card, 0x80) & 1) && !tc.fh->irq,
	      "clear drops it and the line; %ld hits, the PISR reads that saw it (3)", hits);
	check(fault(tc.card, "stuck-irq 0") != 0, "stuck-irq 0 is refused");
	test_card_close(&tc);
}

static void test_intpend_stuck(void)
{
	struct test_card tc;
	bool sisr_clear = true;
	long hits;

	printf("INTPEND stuck: the line asserted with nothing to handle\n");
	open_up(&tc, NULL);
	wr(tc.card, 0xa0, 0x1);			/* PIMR: RXOK */
	wr(tc.card, 0x24, 1);
	check(!tc.fh->irq && rd(tc.card, 0x4008) == 0, "before: line low, INTPEND 0");
	check(!fault(tc.card, "intpend-stuck"), "intpend-stuck accepted");
	check(tc.fh->irq && rd(tc.card, 0x4008) == 1 && rd(tc.card, 0x80) == 0,
	      "line up, INTPEND 1, PISR 0");
	for (uint32_t off = 0x84; off <= 0x94; off += 4)
		sisr_clear &= rd(tc.card, off) == 0;
	check(sisr_clear && rd(tc.card, 0xc0) == 0, "SISR0-4 0, read-and-clear PISR 0");
	wr(tc.card, 0x80, 0xffffffff);
	check(tc.fh->irq && rd(tc.card, 0x4008) == 1,
	      "acknowledging everything leaves the line up");
	wr(tc.card, 0x24, 0);
	check(!tc.fh->irq && rd(tc.card, 0x4008) == 0 && rd(tc.card, 0x80) == 0,
	      "IER off masks it: line low, INTPEND 0 (reads that are no hits)");
	wr(tc.card, 0x24, 1);
	check(tc.fh->irq, "IER on: the line up again");
	card_raise_pisr(tc.card, 0x1);
	check(rd(tc.card, 0x80) == 0x1, "a real cause still reads in PISR");
	wr(tc.card, 0x80, 0x1);
	check(tc.fh->irq && rd(tc.card, 0x80) == 0, "and clears, the line stays up");
	check(fault(tc.card, "intpend-stuck 1") != 0, "arguments are refused");
	hits = clear_hits(tc.card);
	check(hits == 6 && !tc.fh->irq && rd(tc.card, 0x4008) == 0,
	      "clear drops the line; %ld hits, the INTPEND and PISR reads while it held (6)",
	      hits);
	test_card_close(&tc);
}

static void test_dma_stuck(void)
{
	struct test_card tc;

	printf("DMA that never stops\n");
	open_up(&tc, NULL);
	check(!fault(tc.card, "rx-dma-stuck"), "rx-dma-stuck accepted");
	wr(tc.card, 0x08, 0x20);
	check(rd(tc.card, 0x08) & 0x4, "CR RXE still set after RXD");
	check(card_is_receiving(tc.card), "card still receives");
	check(clear_hits(tc.card) == 1, "clear: 1 hit, the RXD ignored");
	wr(tc.card, 0x08, 0x20);
	tc.fh->now += 1000;	/* the stop handshake takes its time */
	check(!(rd(tc.card, 0x08) & 0x4), "after clear RXD stops RX");

	/* A queue that is enabled: TXE with a descriptor that is not done yet. */
	wr(tc.card, 0x800 + 4, 0x1000);
	memset(tc.fh->mem + 0x1000, 0, 32);
	check(!fault(tc.card, "tx-dma-stuck"), "tx-dma-stuck accepted");
	wr(tc.card, 0x840, 0x2);
	tc.card->regs[0x840 / 4] |= 0x2;	/* whatever the engine did */
	wr(tc.card, 0x880, 0x2);
	check(rd(tc.card, 0x840) & 0x2, "TXE(1) still set after TXD(1)");
	check(clear_hits(tc.card) == 1, "clear: 1 hit, the TXD ignored");
	wr(tc.card, 0x880, 0x2);
	tc.fh->now += 1000;
	check(!(rd(tc.card, 0x840) & 0x2), "after clear TXD stops the queue");
	test_card_close(&tc);
}

static void test_raised_causes(void)
{
	struct test_card tc;

	printf("bus errors, TX underrun, RX overrun\n");
	open_up(&tc, NULL);
	wr(tc.card, 0xac, 0);		/* SIMR2: bus errors masked */
	check(!fault(tc.card, "bus-error"), "bus-error accepted");
	check(!(rd(tc.card, 0x80) & 0x80000) && (rd(tc.card, 0x8c) & 0x70000) == 0x70000,
	      "SIMR2 masking them: SISR2 MCABT|SSERR|DPERR, no PISR HIUERR");
	wr(tc.card, 0xac, 0x70000);	/* the kernel's mask with AR5K_INT_FATAL */
	wr(tc.card, 0xa0, 0x80000);	/* PIMR HIUERR */
	wr(tc.card, 0x24, 1);		/* IER */
	check((rd(tc.card, 0x80) & 0x80000) && rd(tc.card, 0x4008),
	      "unmasked in SIMR2: PISR HIUERR, INTPEND");
	/*
	 * HIUERR summarises SISR2's bus errors, as TXURN its underruns: the
	 * kernel's ath5k acknowledges them in SISR2 alone, and the line
	 * must drop (it stayed up until the next chip reset: an interrupt
	 * storm and an RCU stall under reset-under-load).
	 */
	wr(tc.card, 0x8c, 0x70000);
	check(!(rd(tc.card, 0x80) & 0x80000) && !rd(tc.card, 0x4008),
	      "HIUERR and INTPEND gone once SISR2 is acknowledged");
	wr(tc.card, 0x80, 0x80000);
	test_cards_advance(&tc, 1, 100000);
	check(!(rd(tc.card, 0x80) & 0x80000), "once: cleared and not raised again");
	check(!fault(tc.card, "bus-error 10000"), "bus-error 10000 accepted");
	wr(tc.card, 0x8c, 0x70000);
	wr(tc.card, 0x80, 0x80000);
	test_cards_advance(&tc, 1, 10000);
	check((rd(tc.card, 0x80) & 0x80000) != 0, "repeating: raised again after the period");
	fault(tc.card, "clear");
	wr(tc.card, 0x8c, 0xffffffff);
	wr(tc.card, 0x80, 0xffffffff);
	wr(tc.card, 0xac, 0x3ff);	/* SIMR2: every queue's underrun */
	check(!fault(tc.card, "tx-underrun") && (rd(tc.card, 0x80) & 0x800) &&
	      (rd(tc.card, 0x8c) & 1), "tx-underrun: PISR TXURN, SISR2 queue 0");
	/* TXURN only summarises SISR2: drivers acknowledge it there alone. */
	wr(tc.card, 0x8c, 0x3ff);
	check(!(rd(tc.card, 0x80) & 0x800), "TXURN gone once SISR2 is acknowledged");
	check(!fault(tc.card, "rx-overrun") && (rd(tc.card, 0x80) & 0x20), "rx-overrun: PISR RXORN");
	check(fault(tc.card, "rx-overrun soon") != 0, "a bad period is refused");
	test_card_close(&tc);
}

static void test_beacon_stuck(void)
{
	struct test_card tc;

	printf("stuck beacon queue\n");
	open_up(&tc, NULL);
	check((rd(tc.card, 0xa24) & 3) == 0, "beacon queue idle before");
	check(!fault(tc.card, "beacon-stuck"), "beacon-stuck accepted");
	check((rd(tc.card, 0xa24) & 3) == 1, "beacon queue reports a frame pending");
	check((rd(tc.card, 0xa20) & 3) == 0, "CAB queue unaffected");
	check(clear_hits(tc.card) == 0,
	      "clear: 0 hits, no beacon was due (a scenario can tell it never fired)");
	check((rd(tc.card, 0xa24) & 3) == 0, "idle again after clear");
	test_card_close(&tc);
}

/* "clear"'s answer, in @answer. */
static void clear_answer(struct card *c, char *answer, size_t cap)
{
	if (card_fault_command(c, "clear", answer, cap))
		printf("    'clear': %s\n", answer);
}

/*
 * A chip reset is the cure for a queue or DMA engine that will not stop:
 * it ends those faults itself, so a driver that never resets never sees
 * them end.  Other faults outlast it.
 */
static void test_reset_ends_stuck(void)
{
	static const char *const cured[] = { "beacon-stuck", "tx-dma-stuck", "rx-dma-stuck" };
	struct test_card tc;
	char answer[256];

	printf("a chip reset ends the stuck-queue and stuck-DMA faults\n");
	open_up(&tc, NULL);
	for (unsigned int i = 0; i < sizeof(cured) / sizeof(cured[0]); i++) {
		check(!fault(tc.card, cured[i]), "%s accepted", cured[i]);
		wr(tc.card, REG_RESET_CTL, RESET_CTL_PCU | RESET_CTL_BASEBAND);
		wr(tc.card, REG_RESET_CTL, 0);
		check(!fault_beacon_stuck(tc.card) && !fault_ignores_tx_stop(tc.card) &&
		      !fault_ignores_rx_stop(tc.card), "%s: over after the reset", cured[i]);
		clear_answer(tc.card, answer, sizeof(answer));
		check(strstr(answer, "ended by a chip reset") != NULL,
		      "%s: clear says the reset ended it (%s)", cured[i], answer);
	}
	check(!fault(tc.card, "stuck-irq"), "stuck-irq accepted");
	wr(tc.card, REG_RESET_CTL, RESET_CTL_PCU | RESET_CTL_BASEBAND);
	wr(tc.card, REG_RESET_CTL, 0);
	check(fault_stuck_pisr(tc.card) != 0, "stuck-irq outlasts a reset");
	clear_answer(tc.card, answer, sizeof(answer));
	check(!strstr(answer, "ended"), "and clear says nothing of one (%s)", answer);
	/* The beacon queue stays stuck through everything but a reset. */
	check(!fault(tc.card, "beacon-stuck"), "beacon-stuck accepted");
	wr(tc.card, REG_RESET_CTL, 0);
	check(fault_beacon_stuck(tc.card), "a RESET_CTL write without a reset bit changes nothing");
	fault(tc.card, "clear");
	test_card_close(&tc);
}

static void test_reg_fuzz(void)
{
	struct test_card tc;
	uint32_t first[4], again[4];
	bool varied = false;

	printf("register fuzz\n");
	open_up(&tc, NULL);
	check(!fault(tc.card, "reg-fuzz 7 0x4020 0x9864"), "reg-fuzz accepted");
	for (int i = 0; i < 4; i++)
		first[i] = rd(tc.card, 0x4020);
	for (int i = 1; i < 4; i++)
		varied |= first[i] != first[0];
	check(varied && first[0] != 0xa4, "SREV reads vary (%08x %08x)", first[0], first[1]);
	check(rd(tc.card, 0x8000) == tc.card->regs[0x8000 / 4], "other registers untouched");
	fault(tc.card, "reg-fuzz 7 0x4020 0x9864");
	for (int i = 0; i < 4; i++)
		again[i] = rd(tc.card, 0x4020);
	check(!memcmp(first, again, sizeof(first)), "the same seed gives the same values");
	check(fault(tc.card, "reg-fuzz 7 0x4021") != 0, "an unaligned offset is refused");
	check(clear_hits(tc.card) == 8, "clear: 8 hits, the fuzzed reads");
	check(rd(tc.card, 0x4020) == 0xa4, "clear: SREV real again");
	test_card_close(&tc);
}

static void test_commands(void)
{
	struct test_card tc;
	char answer[700];

	printf("command parsing\n");
	open_up(&tc, NULL);
	check(fault(tc.card, "melt") != 0, "an unknown fault is refused");
	check(tc.card->faults == NULL, "no fault state until a fault is set");
	check(!card_fault_command(tc.card, "help", answer, sizeof(answer)) &&
	      strstr(answer, "surprise-removal") && strstr(answer, "reg-fuzz") &&
	      strstr(answer, "intpend-stuck"),
	      "help lists the faults");
	check(!fault(tc.card, "  rx-mic  ") && tc.card->faults != NULL,
	      "blanks around a name are fine; state allocated on first use");
	test_card_close(&tc);
}

int main(void)
{
	test_surprise_removal();
	test_eeprom_faults();
	test_rx_damage();
	test_phy_error_storm();
	test_stuck_irq();
	test_intpend_stuck();
	test_dma_stuck();
	test_raised_causes();
	test_beacon_stuck();
	test_reset_ends_stuck();
	test_reg_fuzz();
	test_commands();
	return checks_report("test_faults");
}
