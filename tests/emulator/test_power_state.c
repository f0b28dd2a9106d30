// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * PCI power management as these cards do it (PMCSR No_Soft_Reset = 0):
 * in D3hot only config space answers, the card raises no interrupt, does
 * no DMA and sends nothing; back in D0 it has reset itself as at power-on,
 * EEPROM aside, and its config space is D0uninitialized.  Seen from the
 * card model, from config space alone, and through the vfio-user server
 * that joins the two, with the counters a lab check reads.
 */
#include <stdlib.h>
#include <unistd.h>

#include "card_model.h"
#include "pci_config.h"
#include "server.h"
#include "stats_line.h"
#include "fake_host.h"

#define RX_RING		0x40000
#define TX_DESCS	0x1000
#define TX_BUFS		0x10000
#define PMCSR		0x48
#define KEY_ENTRY	5

static uint32_t cfg32(const struct pci_config *pc, uint32_t off)
{
	uint32_t v = 0;

	pci_config_read(pc, off, &v, 4);
	return v;
}

static void cfg_put(struct pci_config *pc, uint32_t off, uint32_t v, size_t len)
{
	pci_config_write(pc, off, &v, len);
}

/* What a BIOS and pci_enable_device leave in config space. */
static void configure(struct pci_config *pc)
{
	cfg_put(pc, 0x04, 0x0106, 2);		/* memory, bus master, SERR */
	cfg_put(pc, 0x10, 0xfebf0000, 4);
	cfg_put(pc, 0x0c, 0xa810, 2);		/* cache line, latency */
	cfg_put(pc, 0x3c, 0x0b, 1);
	cfg_put(pc, 0x41, 0, 1);
}

static void test_config_space(void)
{
	struct test_card t;
	struct pci_config pc;

	printf("config space: PMCSR and the D3hot to D0 reset\n");
	test_card_open(&t, NULL, 0, "model=ar5413");
	pci_config_init(&pc, card_pci_identity(t.card), CARD_BAR0_SIZE);
	test_card_close(&t);
	check(cfg32(&pc, 0x44) >> 16 == 0x0002 && (cfg32(&pc, 0x44) & 0xff) == 0x01,
	      "PM capability at 0x44: PCI PM 1.1, no D1/D2, no PME (PMC 0x%04x)",
	      cfg32(&pc, 0x44) >> 16);
	check((cfg32(&pc, PMCSR) & 0xffff) == 0,
	      "PMCSR: D0, No_Soft_Reset (bit 3) clear (0x%04x)", cfg32(&pc, PMCSR) & 0xffff);
	configure(&pc);

	cfg_put(&pc, PMCSR, PCI_PM_D3HOT, 2);
	check(pci_config_power_state(&pc) == PCI_PM_D3HOT, "PMCSR takes D3hot");
	check(pci_config_bar0(&pc) == 0xfebf0000 && (cfg32(&pc, 0x04) & 0xffff) == 0x0106,
	      "in D3hot config space answers and keeps its context");
	cfg_put(&pc, PMCSR, PCI_PM_D3HOT, 2);
	cfg_put(&pc, PMCSR, 1, 2);
	check(pci_config_power_state(&pc) == PCI_PM_D3HOT && pci_config_bar0(&pc) == 0xfebf0000,
	      "D3hot again or D1 from D3hot: no change, no reset");

	cfg_put(&pc, PMCSR, PCI_PM_D0, 2);
	check(pci_config_power_state(&pc) == PCI_PM_D0 && (cfg32(&pc, PMCSR) & 0xffff) == 0,
	      "back in D0, No_Soft_Reset still clear");
	check(pci_config_bar0(&pc) == 0 && (cfg32(&pc, 0x04) & 0xffff) == 0 &&
	      cfg32(&pc, 0x0c) == 0 && (cfg32(&pc, 0x3c) & 0xff) == 0,
	      "D0uninitialized: command, BAR0, cache line, latency, interrupt line at reset values");
	check(cfg32(&pc, 0x00) == 0x001b168c && cfg32(&pc, 0x2c) == 0x2051168c &&
	      (cfg32(&pc, 0x3c) >> 8 & 0xff) == 1 && (cfg32(&pc, 0x34) & 0xff) == 0x44,
	      "identity, interrupt pin and capability list as ever");

	configure(&pc);
	cfg_put(&pc, PMCSR, PCI_PM_D0, 2);
	check(pci_config_bar0(&pc) == 0xfebf0000, "D0 written in D0: nothing is reset");
}

/*
 * A card awake with its MAC, RX ring and key entry programmed; airtime on,
 * so that a frame is in flight for a while.
 */
static void open_up(struct test_card *tc, struct air *air, unsigned int index)
{
	test_card_open(tc, air, index, "airtime=1");
	test_card_up(tc, 2412, RX_RING, 4);
	for (unsigned int w = 0; w < 8; w++)
		wr(tc->card, REG_KEYCACHE + 32 * KEY_ENTRY + 4 * w, 0x11111111 * (w + 1));
}

static void test_bar0_in_d3hot(void)
{
	struct test_card t;
	struct card *c;
	uint64_t reads, writes;
	unsigned int lines;

	printf("BAR0 in D3hot\n");
	open_up(&t, NULL, 0);
	c = t.card;
	check(rd(c, REG_SREV) == 0xa4, "D0: SREV answers");
	card_enter_d3hot(c);
	reads = c->stats.mmio_reads;
	writes = c->stats.mmio_writes;
	lines = t.fh->log_lines;
	check(rd(c, REG_SREV) == 0xffffffff && rd(c, REG_STA_ID0) == 0xffffffff &&
	      rd(c, REG_KEYCACHE + 32 * KEY_ENTRY) == 0xffffffff,
	      "32-bit reads return all ones");
	check(card_bar0_read(c, REG_SREV, 1) == 0xff && card_bar0_read(c, REG_SREV, 2) == 0xffff &&
	      card_bar0_read(c, REG_TSF_L32, 8) == UINT64_MAX,
	      "1, 2 and 8-byte reads too");
	wr(c, REG_STA_ID0, 0x12345678);
	wr(c, REG_KEYCACHE + 32 * KEY_ENTRY, 0);
	wr(c, REG_SLEEP_CTL, SLEEP_CTL_SLE_SLEEP);
	check(card_reg(c, REG_STA_ID0) != 0x12345678 &&
	      card_reg(c, REG_KEYCACHE + 32 * KEY_ENTRY) == 0x11111111 &&
	      !(card_reg(c, REG_SLEEP_CTL) & SLEEP_CTL_SLE),
	      "writes are dropped, host interface included");
	check(c->stats.mmio_reads - reads == 7 && c->stats.mmio_writes - writes == 3,
	      "the driver's accesses still count (%llu reads, %llu writes)",
	      (unsigned long long)(c->stats.mmio_reads - reads),
	      (unsigned long long)(c->stats.mmio_writes - writes));
	check(t.fh->log_lines - lines == 1, "one log line for the whole stay");
	test_card_close(&t);
}

static void test_interrupts_in_d3hot(void)
{
	struct test_card t;
	struct card *c;
	uint64_t edges;

	printf("no interrupt in D3hot\n");
	open_up(&t, NULL, 0);
	c = t.card;
	test_ap_beacon_timers(c, 100, 100);
	wr(c, REG_PIMR, INT_SWI | INT_SWBA);
	wr(c, REG_IER, 1);
	wr(c, REG_CR, CR_SWI);
	check(t.fh->irq, "D0: a software interrupt raises the line");
	edges = c->stats.irq_edges;
	card_enter_d3hot(c);
	check(!t.fh->irq, "entering D3hot lowers it");
	check(card_next_deadline(c) == CARD_NO_DEADLINE, "no timer runs for the card");
	t.fh->now += 1000000;
	card_advance(c, t.fh->now);
	check(!t.fh->irq && c->stats.irq_edges == edges && !(c->pisr & INT_SWBA),
	      "a second of beacon periods: no SWBA, no edge");
	card_leave_d3hot(c);
	check(!t.fh->irq && c->stats.irq_edges == edges, "D0: the line stays low");
	wr(c, REG_SLEEP_CTL, 0);
	check(rd(c, REG_PISR) == 0 && rd(c, REG_IER) == 0 && rd(c, REG_PIMR) == 0,
	      "the pending cause, IER and PIMR are gone");
	t.fh->now += 1000000;
	card_advance(c, t.fh->now);
	check(!t.fh->irq && rd(c, REG_PISR) == 0 && rd(c, REG_BEACON) == 0,
	      "the beacon timers with them");
	test_card_close(&t);
}

/* A frame from a to dst on queue 0, as desc.c builds it. */
static uint32_t queue_frame(struct test_card *a, const uint8_t *dst)
{
	uint32_t d = TX_DESCS, buf = TX_BUFS;
	unsigned int len = make_data_frame(a->fh->mem + buf, dst, a->mac, 100, 0x5a);
	struct tx_setup s = { .buf = buf, .frame_len = len + 4, .buf_len = len,
			      .intreq = true, .tries = { 2 }, .rates = { 0x0b } };

	put_tx_desc(a->fh, d, &s);
	wr(a->card, REG_QCU_TXDP(0), d);
	wr(a->card, REG_QCU_TXE, 1);
	return d;
}

/* 100 ms of the cards' time, in steps that let each attempt end. */
static void run(struct test_card *cards, int n)
{
	for (int i = 0; i < 100; i++)
		test_cards_advance(cards, n, 1000);
}

/* A's frame to B goes out, unless A is in D3hot; C's to B gets no ACK while B is. */
static void test_dma_and_air_in_d3hot(void)
{
	struct air *air = air_create();
	struct test_card cards[3];
	struct test_card *a = &cards[0], *b = &cards[1], *c = &cards[2];
	uint32_t d;

	printf("no DMA and nothing on the air in D3hot\n");
	for (unsigned int i = 0; i < 3; i++)
		open_up(&cards[i], air, i);
	d = queue_frame(c, b->mac);
	run(cards, 3);
	check((fake_get32(c->fh, d + 24) & 3) == 1 && b->card->stats.rx_frames == 1,
	      "D0: C's frame to B is received and ACKed");

	d = queue_frame(a, b->mac);
	check(a->card->txq[0].in_flight, "A's frame waits for its airtime");
	card_enter_d3hot(a->card);
	run(cards, 3);
	check(b->card->stats.rx_frames == 1, "A enters D3hot: its frame never reaches B");
	check(fake_get32(a->fh, d + 24) == 0 && fake_get32(a->fh, d + 28) == 0 &&
	      a->card->stats.tx_desc_written == 0,
	      "and A writes no status back");
	card_leave_d3hot(a->card);
	run(cards, 3);
	check(fake_get32(a->fh, d + 28) == 0 && rd(a->card, REG_QCU_TXE) == 0 &&
	      rd(a->card, REG_QCU_TXDP(0)) == 0,
	      "back in D0 A's queue is idle: the frame is forgotten");

	card_enter_d3hot(b->card);
	d = queue_frame(c, b->mac);
	run(cards, 3);
	check((fake_get32(c->fh, d + 24) & 3) == 2 && b->card->stats.rx_frames == 1,
	      "B in D3hot neither receives nor ACKs: C's frame runs out of tries");
	card_leave_d3hot(b->card);
	check(!(rd(b->card, REG_CR) & CR_RX_ENABLE) && rd(b->card, REG_RXDP) == 0,
	      "back in D0 B's RX engine is off, RXDP cleared");
	d = queue_frame(c, b->mac);
	run(cards, 3);
	check((fake_get32(c->fh, d + 24) & 3) == 2 && b->card->stats.rx_frames == 1,
	      "so C's next frame finds no receiver either");
	for (unsigned int i = 0; i < 3; i++)
		test_card_close(&cards[i]);
	air_destroy(air);
}

static void test_state_after_d0(void)
{
	struct test_card t;
	struct card *c;
	char radio[128];
	int mac_word, word_c1;
	bool keys_zero = true;

	printf("D3hot to D0: the card as after power-on, the EEPROM kept\n");
	open_up(&t, NULL, 0);
	c = t.card;
	mac_word = eeprom_word(c, t.fh, 0x1d);
	word_c1 = eeprom_word(c, t.fh, 0xc1);
	wr(c, REG_BSSID_MASK0, 0xfffffff0);
	wr(c, REG_TSF_U32, 0x1234);
	wr(c, 0x4018, 0x5);			/* GPIO data out */
	check(mac_word >= 0 && word_c1 == 0x5003, "EEPROM read in D0 (version 0x%04x)", word_c1);

	card_enter_d3hot(c);
	t.fh->now += 500000;
	card_advance(c, t.fh->now);
	card_leave_d3hot(c);
	check((rd(c, REG_SLEEP_CTL) & SLEEP_CTL_SLE) == SLEEP_CTL_SLE_SLEEP &&
	      (rd(c, REG_PCICFG) & PCICFG_SPWR_DN),
	      "asleep, as at power-on");
	check(rd(c, REG_SREV) == 0xa4, "SREV is the chip's");
	check(rd(c, REG_STA_ID0) == 0 && rd(c, REG_STA_ID1) == STA_ID1_PWR_SV &&
	      rd(c, REG_BSSID_MASK0) == 0xffffffff && rd(c, REG_RX_FILTER) == 0 &&
	      rd(c, REG_SIMR(0)) == 0 && rd(c, 0x4018) == 0,
	      "MAC, BSSID mask, RX filter, SIMR0, GPIO at power-on values");
	for (unsigned int w = 0; w < 8; w++)
		keys_zero &= rd(c, REG_KEYCACHE + 32 * KEY_ENTRY + 4 * w) == 0;
	check(keys_zero, "key cache entry %u cleared", KEY_ENTRY);
	check(rd(c, REG_TSF_U32) == 0 && rd(c, REG_TSF_L32) < 1000,
	      "TSF counts from 0 again (%u)", rd(c, REG_TSF_L32));
	card_radio_summary(c, radio, sizeof(radio));
	check(!strncmp(radio, "freq_mhz=0 ", 11), "the radio is not tuned: %s", radio);
	wr(c, REG_SLEEP_CTL, 0);
	check(eeprom_word(c, t.fh, 0x1d) == mac_word && eeprom_word(c, t.fh, 0xc1) == word_c1,
	      "the EEPROM reads as before");
	check(card_stat(c, "d3_entries") == 1 && card_stat(c, "d0_resets") == 1,
	      "counted: d3_entries=1 d0_resets=1");

	wr(c, REG_STA_ID0, 0x12345678);
	card_leave_d3hot(c);
	check(rd(c, REG_STA_ID0) == 0x12345678 && card_stat(c, "d0_resets") == 1,
	      "leaving D3hot while in D0 does nothing");
	card_enter_d3hot(c);
	card_enter_d3hot(c);
	check(card_stat(c, "d3_entries") == 2, "entering D3hot twice counts once");
	card_reset(c);
	check(card_stat(c, "d0_resets") == 1 && rd(c, REG_SREV) == 0xa4,
	      "a device reset ends D3hot without counting a D0 reset");
	test_card_close(&t);
}

static void test_faults_over_d3hot(void)
{
	struct test_card t;
	struct card *c;
	char answer[128];

	printf("faults over D3hot and back\n");
	open_up(&t, NULL, 0);
	c = t.card;
	check(!card_fault_command(c, "stuck-irq", answer, sizeof(answer)) &&
	      !card_fault_command(c, "tx-dma-stuck", answer, sizeof(answer)),
	      "stuck-irq, tx-dma-stuck armed");
	wr(c, REG_PIMR, INT_RXOK);
	wr(c, REG_IER, 1);
	check(t.fh->irq, "the stuck cause holds the line");
	card_enter_d3hot(c);
	check(!t.fh->irq, "not in D3hot");
	card_leave_d3hot(c);
	wr(c, REG_SLEEP_CTL, 0);
	wr(c, REG_PIMR, INT_RXOK);
	wr(c, REG_IER, 1);
	check(t.fh->irq && fault_stuck_pisr(c) != 0,
	      "stuck-irq stays armed: unmasked again, the line is up");
	check(!fault_ignores_tx_stop(c), "tx-dma-stuck ended by the internal reset");
	card_fault_command(c, "clear", answer, sizeof(answer));
	check(strstr(answer, "ended by a chip reset") != NULL, "clear says so: %s", answer);
	test_card_close(&t);
}

/* ---- through the vfio-user server ---- */

static uint32_t region32(struct server_card *sc, uint32_t region, uint32_t off)
{
	uint32_t v = 0;

	if (!server_card_region_access(sc, region, off, &v, 4, false))
		check(false, "region %u read at 0x%x", region, off);
	return v;
}

static void region_put(struct server_card *sc, uint32_t region, uint32_t off,
		       uint32_t v, size_t len)
{
	if (!server_card_region_access(sc, region, off, &v, len, true))
		check(false, "region %u write at 0x%x", region, off);
}

static uint64_t test_clock_us = 1000000;

static uint64_t test_clock(void *ctx)
{
	(void)ctx;
	return test_clock_us;
}

static void test_server(void)
{
	struct server_options opts = { .clock_us = test_clock };
	char dir[] = "/tmp/test_power_state.XXXXXX", err[256];
	struct card_config cfg;
	struct server_card *sc;
	struct server *srv;
	struct card *c;
	uint64_t closing[STATS_LINE_KEYS];
	char *log_text = NULL;
	size_t log_size = 0;

	printf("through the vfio-user server\n");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(2);
	}
	opts.log = open_memstream(&log_text, &log_size);
	srv = server_create(&opts, NULL);
	card_config_defaults(&cfg, 0);
	snprintf(cfg.socket_path, sizeof(cfg.socket_path), "%s/card0.sock", dir);
	if (!srv || server_add_card(srv, &cfg, err, sizeof(err))) {
		printf("server: %s\n", err);
		exit(2);
	}
	sc = server_find_card(srv, "card0");
	c = server_card_model(sc);

	region_put(sc, 7, 0x04, 0x0106, 2);
	region_put(sc, 7, 0x10, 0xfebf0000, 4);
	region_put(sc, 0, REG_SLEEP_CTL, 0, 4);
	region_put(sc, 0, REG_STA_ID0, 0x7f030000, 4);
	region_put(sc, 0, REG_PIMR, INT_SWI, 4);
	region_put(sc, 0, REG_IER, 1, 4);
	region_put(sc, 0, REG_CR, CR_SWI, 4);
	check(region32(sc, 7, 0x04) & 0x00080000, "D0: the interrupt shows in the status register");

	region_put(sc, 7, PMCSR, PCI_PM_D3HOT, 2);
	check(region32(sc, 0, REG_SREV) == 0xffffffff && region32(sc, 0, REG_STA_ID0) == 0xffffffff,
	      "a PMCSR write of D3hot closes BAR0");
	check(region32(sc, 7, 0x00) == 0x001b168c && (region32(sc, 7, PMCSR) & 3) == 3,
	      "config space still answers, PMCSR reads D3hot");
	check(!(region32(sc, 7, 0x04) & 0x00080000), "the line is down");
	region_put(sc, 0, REG_STA_ID0, 0, 4);

	region_put(sc, 7, PMCSR, PCI_PM_D0, 2);
	check(region32(sc, 0, REG_SREV) == 0xa4, "D0: BAR0 answers again");
	check(region32(sc, 0, REG_STA_ID0) == 0 && region32(sc, 0, REG_IER) == 0,
	      "with the registers at power-on");
	check((region32(sc, 7, 0x04) & 0xffff) == 0 && region32(sc, 7, 0x10) == 0,
	      "command and BAR0 in config space as after reset");
	check(card_stat(c, "d3_entries") == 1 && card_stat(c, "d0_resets") == 1, "the card counted both");

	server_destroy(srv);
	fclose(opts.log);
	check(log_text && strstr(log_text, "card0: D3hot") && strstr(log_text, "card0: D0 from D3hot"),
	      "the log tells both transitions");
	check(stats_log_line(log_text, "card0", closing) &&
	      stats_get(closing, "d3_entries") == 1 && stats_get(closing, "d0_resets") == 1,
	      "and the closing stats line carries them");
	free(log_text);
	rmdir(dir);
}

int main(void)
{
	test_config_space();
	test_bar0_in_d3hot();
	test_interrupts_in_d3hot();
	test_dma_and_air_in_d3hot();
	test_state_after_d0();
	test_faults_over_d3hot();
	test_server();
	return checks_report("test_power_state");
}
