/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What the unit tests lend a card instead of the vfio-user transport:
 * a flat fake guest memory, a clock the test moves, an IRQ line it can
 * watch, and a tiny check/report helper.  Header-only so emulator.mk
 * builds it into the tests alone.
 */
#ifndef ATH5K_EMU_FAKE_HOST_H
#define ATH5K_EMU_FAKE_HOST_H

#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "card.h"

#define FAKE_MEM_SIZE (1u << 20)

struct fake_host {
	uint8_t mem[FAKE_MEM_SIZE];
	uint64_t now;
	bool irq;
	unsigned int irq_edges;
	bool verbose_log;
	unsigned int log_lines;		/* every line the card logged */
};

static inline bool fake_dma_read(void *h, uint64_t addr, void *buf, size_t len)
{
	struct fake_host *fh = h;

	if (addr >= FAKE_MEM_SIZE || len > FAKE_MEM_SIZE - addr)
		return false;
	memcpy(buf, fh->mem + addr, len);
	return true;
}

static inline bool fake_dma_write(void *h, uint64_t addr, const void *buf,
				  size_t len)
{
	struct fake_host *fh = h;

	if (addr >= FAKE_MEM_SIZE || len > FAKE_MEM_SIZE - addr)
		return false;
	memcpy(fh->mem + addr, buf, len);
	return true;
}

static inline void fake_set_irq(void *h, bool level)
{
	struct fake_host *fh = h;

	fh->irq = level;
	fh->irq_edges++;
}

static inline uint64_t fake_now(void *h)
{
	return ((struct fake_host *)h)->now;
}

static inline void fake_log(void *h, const char *line)
{
	((struct fake_host *)h)->log_lines++;
	if (((struct fake_host *)h)->verbose_log)
		printf("    log: %s\n", line);
}

static const struct card_host_ops fake_ops = {
	.dma_read = fake_dma_read,
	.dma_write = fake_dma_write,
	.set_irq = fake_set_irq,
	.now_us = fake_now,
	.log = fake_log,
};

static inline struct fake_host *fake_host_new(void)
{
	struct fake_host *fh = calloc(1, sizeof(*fh));

	if (!fh) {
		perror("calloc");
		exit(2);
	}
	fh->now = 1000000;
	return fh;
}

static inline void fake_put32(struct fake_host *fh, uint32_t addr, uint32_t v)
{
	memcpy(fh->mem + addr, &v, 4);
}

static inline uint32_t fake_get32(const struct fake_host *fh, uint32_t addr)
{
	uint32_t v;

	memcpy(&v, fh->mem + addr, 4);
	return v;
}

/* ---- checks ---- */

static unsigned int checks_passed, checks_failed;

static inline void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s ", ok ? "  ok  " : "  FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (ok)
		checks_passed++;
	else
		checks_failed++;
}

#ifdef STATS_LINE_KEYS
/* One counter of a card's stats line (include stats_line.h first). */
static inline uint64_t card_stat(struct card *c, const char *key)
{
	char line[CARD_STATS_LINE_MAX];
	uint64_t v[STATS_LINE_KEYS];

	card_stats_summary(c, line, sizeof(line));
	if (!stats_line_parse(line, v)) {
		check(false, "stats line parses: %s", line);
		return UINT64_MAX;
	}
	return stats_get(v, key);
}
#endif

static inline int checks_report(const char *what)
{
	printf("%s: %u passed, %u failed\n", what, checks_passed, checks_failed);
	return checks_failed ? 1 : 0;
}

/* ---- driving a card as the ath5k driver does ---- */

static inline uint32_t rd(struct card *c, uint32_t off)
{
	return (uint32_t)card_bar0_read(c, off, 4);
}

static inline void wr(struct card *c, uint32_t off, uint32_t v)
{
	card_bar0_write(c, off, v, 4);
}

static inline unsigned int flip_bits(unsigned int v, unsigned int width)
{
	unsigned int out = 0;

	for (unsigned int i = 0; i < width; i++)
		out |= (v >> i & 1) << (width - 1 - i);
	return out;
}

/* One EEPROM word as pci.c reads it (card awake); -1 on RDERR or no RDDONE. */
static inline int eeprom_word(struct card *c, struct fake_host *fh, unsigned int word)
{
	wr(c, 0x6000, word);
	wr(c, 0x6008, rd(c, 0x6008) | 1);
	for (int i = 0; i < 20000; i++) {
		uint32_t st = rd(c, 0x600c);

		if (st & 2)
			return st & 1 ? -1 : (int)(rd(c, 0x6004) & 0xffff);
		fh->now += 15;
	}
	return -1;
}

/*
 * Programs the synthesiser the way phy.c does for RF5112-class radios:
 * PHY_MODE band bit, then the channel word split over RF_BUFFER and
 * RF_BUFFER_CONTROL_5.  Only the channel plans the lab uses.
 */
static inline void tune(struct card *c, unsigned int mhz)
{
	unsigned int field, ref = 0, lo = 0, word;

	if (mhz < 4800) {
		wr(c, 0xa200, 0x8 | 0x2 | 0x4);
		if ((mhz - 2224) % 5 == 0) {
			field = (2 * (mhz - 704) - 3040) / 10;
			lo = 1;
		} else {
			field = (2 * (mhz - 672) - 3040) / 10;
		}
		field = flip_bits((field << 2) & 0xff, 8);
	} else {
		wr(c, 0xa200, 0x8);
		if (mhz % 20 == 0 && mhz >= 5120) {
			field = flip_bits((mhz - 4800) / 20 << 2, 8);
			ref = flip_bits(3, 2);
		} else if (mhz % 10 == 0) {
			field = flip_bits((mhz - 4800) / 10 << 1, 8);
			ref = flip_bits(2, 2);
		} else {
			field = flip_bits((mhz - 4800) / 5, 8);
			ref = flip_bits(1, 2);
		}
	}
	word = field << 4 | lo << 1 | ref << 2 | 0x1001;
	wr(c, 0x989c, word & 0xff);
	wr(c, 0x98d8, (word >> 8) & 0x7f);
}

/*
 * The AR5210's RF5110 as phy.c's ath5k_hw_rf5110_channel tunes it: one
 * word, latched by CONTROL_0.
 */
static inline void tune_rf5110(struct card *c, unsigned int mhz)
{
	unsigned int ch = (mhz - 5000) / 5;

	wr(c, 0x989c, flip_bits((ch - 24) / 2, 5) << 1 | 1 << 6 | 1);
	wr(c, 0x98c0, 0);
}

/* ---- cards on an air, brought up the way ath5k leaves them ---- */

struct test_card {
	struct card *card;
	struct fake_host *fh;
	uint8_t mac[6];
};

static inline void test_card_open(struct test_card *tc, struct air *air,
				  unsigned int index, const char *spec)
{
	struct card_config cfg;
	char err[256];

	card_config_defaults(&cfg, index);
	/* Tests that pin exact RSSI and timing ask for a lossless air. */
	if (card_config_parse(&cfg, "air=ideal", err, sizeof(err)) ||
	    (spec && card_config_parse(&cfg, spec, err, sizeof(err)))) {
		printf("config '%s': %s\n", spec, err);
		exit(2);
	}
	tc->fh = fake_host_new();
	tc->card = card_create(&cfg, air, &fake_ops, tc->fh, err, sizeof(err));
	if (!tc->card) {
		printf("card_create: %s\n", err);
		exit(2);
	}
	memcpy(tc->mac, cfg.mac, 6);
}

static inline void test_card_close(struct test_card *tc)
{
	card_destroy(tc->card);
	free(tc->fh);
}

/* Moves every card's clock together and lets them catch up. */
static inline void test_cards_advance(struct test_card *cards, int n,
				      uint64_t us)
{
	for (int i = 0; i < n; i++) {
		cards[i].fh->now += us;
		card_advance(cards[i].card, cards[i].fh->now);
	}
}

/* Lets airs linked over sockets exchange everything queued between them. */
static inline void test_airs_pump(struct air **airs, int n)
{
	for (int round = 0; round < 50; round++) {
		struct pollfd pfd[64];
		struct air *owner[64];
		int k = 0, ready;

		for (int i = 0; i < n; i++) {
			int fds[16], m = air_fds(airs[i], fds, 16);

			for (int j = 0; j < m && k < 64; j++) {
				pfd[k] = (struct pollfd){ .fd = fds[j], .events = POLLIN };
				owner[k++] = airs[i];
			}
		}
		ready = poll(pfd, (nfds_t)k, 20);
		if (ready <= 0)
			return;
		for (int i = 0; i < k; i++)
			if (pfd[i].revents & (POLLIN | POLLHUP))
				air_poll(owner[i], pfd[i].fd);
	}
}

#define RX_FILTER_NORMAL 0x7	/* unicast, multicast, broadcast */
#define RX_BUF_SIZE 2368

/* Awake, MAC programmed, RX ring of n descriptors at ring, RX on. */
/* n RX descriptors at ring, buffers 64 KiB above it, the last self-linked. */
static inline void fake_rx_ring(struct fake_host *fh, uint32_t ring, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		uint32_t d = ring + 32 * i;

		memset(fh->mem + d, 0, 32);
		fake_put32(fh, d, i + 1 < n ? d + 32 : d);
		fake_put32(fh, d + 4, ring + 0x10000 + RX_BUF_SIZE * i);
		fake_put32(fh, d + 12, RX_BUF_SIZE);
	}
}

static inline void test_card_up(struct test_card *tc, unsigned int mhz,
				uint32_t ring, unsigned int n)
{
	struct card *c = tc->card;
	const uint8_t *m = tc->mac;

	wr(c, 0x4004, 0);
	wr(c, 0x4000, 0);
	/* RXDP takes a write only once RX DMA has stopped (dma.c polls RXE). */
	wr(c, 0x08, 0x20);
	for (int i = 0; i < 1000 && (rd(c, 0x08) & 0x4); i++)
		tc->fh->now += 10;
	wr(c, 0x8000, (uint32_t)(m[0] | m[1] << 8 | m[2] << 16 | (uint32_t)m[3] << 24));
	wr(c, 0x8004, (uint32_t)(m[4] | m[5] << 8));
	wr(c, 0x803c, RX_FILTER_NORMAL);
	/* every queue's TX events reach PISR, as a driver unmasks them */
	wr(c, 0xa4, 0x03ff03ff);
	wr(c, 0xa8, 0x03ff03ff);
	tune(c, mhz);
	fake_rx_ring(tc->fh, ring, n);
	wr(c, 0x0c, ring);
	wr(c, 0x08, 0x4);
	wr(c, 0x8048, 0);
}

/*
 * The same for an AR5210 at its own offsets (STA_ID, RX filter 0x804c,
 * DIAG_SW 0x8068), tuned as phy.c tunes the RF5110, with rx_filter and
 * the station's long retries 4 (qcu.c ath5k_hw_set_tx_retry_limits).
 */
static inline void test_card_up_5210(struct test_card *tc, unsigned int mhz,
				     uint32_t rx_filter, uint32_t ring, unsigned int n)
{
	struct card *c = tc->card;
	const uint8_t *m = tc->mac;

	wr(c, 0x4004, 0);
	wr(c, 0x4000, 0);
	wr(c, 0x8000, (uint32_t)(m[0] | m[1] << 8 | m[2] << 16 | (uint32_t)m[3] << 24));
	wr(c, 0x8004, (uint32_t)(m[4] | m[5] << 8));
	wr(c, 0x804c, rx_filter);
	tune_rf5110(c, mhz);
	fake_rx_ring(tc->fh, ring, n);
	wr(c, 0x0c, ring);		/* RXDP */
	wr(c, 0x08, 0x4);		/* CR RXE */
	wr(c, 0x8068, 0);
	wr(c, 0x801c, 4 | 4 << 4 | 4 << 8 | 4 << 14);
}

/*
 * An AR5212-family AP's beacon timers (pcu.c ath5k_hw_init_beacon_timers):
 * the beacon queue 9 gated by the beacon alert, the CAB queue 8 behind
 * it (qcu.c), the TSF reset, the first TBTT at first_tu, every period_tu.
 */
static inline void test_ap_beacon_timers(struct card *c, unsigned int first_tu,
					 unsigned int period_tu)
{
	wr(c, 0x8004, rd(c, 0x8004) | 0x10000 | 0x10000000);
	wr(c, 0x9c0 + 4 * 9, 2 | 0x40 | 0x80);
	wr(c, 0x9c0 + 4 * 8, 2 | 0x20 | 0x40);
	wr(c, 0x8020, 0x01000000);		/* reset TSF */
	wr(c, 0x8028, 0);
	wr(c, 0x8028, first_tu);
	wr(c, 0x802c, (first_tu - 2) << 3);
	wr(c, 0x8030, (first_tu - 10) << 3);
	wr(c, 0x8034, first_tu + 1);
	wr(c, 0x8020, period_tu | 0x00800000);
}

/* A 4-word TX descriptor as desc.c's 5212 setup writes it. */
struct tx_setup {
	uint32_t link, buf;
	unsigned int frame_len;	/* 802.11 bytes without pad, plus 4 (FCS) */
	unsigned int buf_len;
	bool intreq, noack, veol;
	unsigned int type;
	unsigned int tries[4];
	uint8_t rates[4];
};

static inline void put_tx_desc(struct fake_host *fh, uint32_t addr,
			       const struct tx_setup *s)
{
	uint32_t ctl0 = s->frame_len | (s->veol ? 0x00800000u : 0) |
			(s->intreq ? 0x20000000u : 0) | 0x3f0000u;
	uint32_t ctl1 = s->buf_len | (s->type & 0xf) << 20 |
			(s->noack ? 0x01000000u : 0);
	uint32_t ctl2 = 0, ctl3 = 0;

	for (int i = 0; i < 4; i++) {
		ctl2 |= (s->tries[i] & 0xf) << (16 + 4 * i);
		ctl3 |= (uint32_t)(s->rates[i] & 0x1f) << (5 * i);
	}
	fake_put32(fh, addr, s->link);
	fake_put32(fh, addr + 4, s->buf);
	fake_put32(fh, addr + 8, ctl0);
	fake_put32(fh, addr + 12, ctl1);
	fake_put32(fh, addr + 16, ctl2);
	fake_put32(fh, addr + 20, ctl3);
	fake_put32(fh, addr + 24, 0);
	fake_put32(fh, addr + 28, 0);
}

/* A data frame (FromDS) to dst from src, body of body_len bytes. */
static inline unsigned int make_data_frame(uint8_t *out, const uint8_t *dst,
					   const uint8_t *src, unsigned int body_len,
					   uint8_t fill)
{
	memset(out, 0, 24);
	out[0] = 0x08;
	out[1] = 0x02;
	memcpy(out + 4, dst, 6);
	memcpy(out + 10, src, 6);
	memcpy(out + 16, src, 6);
	for (unsigned int i = 0; i < body_len; i++)
		out[24 + i] = (uint8_t)(fill + i);
	return 24 + body_len;
}

#endif /* ATH5K_EMU_FAKE_HOST_H */
