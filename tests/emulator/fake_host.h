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

#endif /* ATH5K_EMU_FAKE_HOST_H */
