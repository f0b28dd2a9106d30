// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The per-card cost counters (struct card_stats) as one line of
 * key=value pairs, for the control socket ("CARD stats") and the log.
 * The key names are an interface: benchmarks parse them (CARD.md).
 */
#include "card_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

static const char *const reg_keys[CARD_STAT_REGS] = {
	[CARD_STAT_PISR] = "PISR",
	[CARD_STAT_SISR0] = "SISR0",
	[CARD_STAT_SISR0 + 1] = "SISR1",
	[CARD_STAT_SISR0 + 2] = "SISR2",
	[CARD_STAT_SISR0 + 3] = "SISR3",
	[CARD_STAT_SISR0 + 4] = "SISR4",
	[CARD_STAT_INTPEND] = "INTPEND",
	[CARD_STAT_IER] = "IER",
	[CARD_STAT_PIMR] = "PIMR",
	[CARD_STAT_SIMR0] = "SIMR0",
	[CARD_STAT_SIMR0 + 1] = "SIMR1",
	[CARD_STAT_SIMR0 + 2] = "SIMR2",
	[CARD_STAT_SIMR0 + 3] = "SIMR3",
	[CARD_STAT_SIMR0 + 4] = "SIMR4",
	[CARD_STAT_TXDP] = "TXDP",
	[CARD_STAT_RXDP] = "RXDP",
	[CARD_STAT_TSF] = "TSF",
	[CARD_STAT_CR] = "CR",
	[CARD_STAT_RAC] = "RAC",
	[CARD_STAT_OTHER] = "other",
};

/* Appends to buf at used; a full buffer stays NUL-terminated. */
static size_t append(char *buf, size_t len, size_t used, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static size_t append(char *buf, size_t len, size_t used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (used >= len)
		return used;
	va_start(ap, fmt);
	n = vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
	return n < 0 ? len : used + (size_t)n;
}

void card_stats_summary(const struct card *card, char *buf, size_t len)
{
	const struct card_stats *s = &card->stats;
	uint8_t driven, driven_high;
	size_t used;

	if (!len)
		return;
	buf[0] = '\0';
	used = append(buf, len, 0,
		      "mmio_reads=%" PRIu64 " mmio_writes=%" PRIu64 " irq_edges=%" PRIu64
		      " tx_desc_fetched=%" PRIu64 " rx_desc_fetched=%" PRIu64
		      " tx_desc_written=%" PRIu64 " rx_desc_written=%" PRIu64
		      " tx_frames=%" PRIu64 " tx_ok=%" PRIu64 " tx_tries=%" PRIu64
		      " rx_frames=%" PRIu64,
		      s->mmio_reads, s->mmio_writes, s->irq_edges, s->tx_desc_fetched,
		      s->rx_desc_fetched, s->tx_desc_written, s->rx_desc_written,
		      s->tx_frames, s->tx_ok, s->tx_tries, s->rx_frames);
	used = append(buf, len, used,
		      " rts_sent=%" PRIu64 " rts_failed=%" PRIu64 " cts_sent=%" PRIu64
		      " cts_to_self=%" PRIu64 " tx_fragments=%" PRIu64
		      " tx_xretry=%" PRIu64 " cab_after_dtim=%" PRIu64
		      " group_outside_dtim=%" PRIu64 " d3_entries=%" PRIu64
		      " d0_resets=%" PRIu64,
		      s->rts_sent, s->rts_failed, s->cts_sent, s->cts_to_self,
		      s->tx_fragments, s->tx_xretry, s->cab_after_dtim,
		      s->group_outside_dtim, s->d3_entries, s->d0_resets);
	gpio_driven(card, &driven, &driven_high);
	used = append(buf, len, used, " gpio_driven=%u gpio_driven_high=%u",
		      driven, driven_high);
	for (unsigned int pin = 0; pin < CARD_GPIO_PINS; pin++)
		used = append(buf, len, used, " gpio_changes.%u=%" PRIu64, pin,
			      s->gpio_changes[pin]);
	for (unsigned int r = 0; r < CARD_STAT_REGS; r++)
		used = append(buf, len, used, " reads.%s=%" PRIu64, reg_keys[r],
			      s->reads[r]);
	for (unsigned int r = 0; r < CARD_STAT_REGS; r++)
		used = append(buf, len, used, " writes.%s=%" PRIu64, reg_keys[r],
			      s->writes[r]);
}

/* The closing line of every card's log: "NAME: stats: KEY=N ...". */
void card_stats_log(struct card *card)
{
	char line[sizeof(card->cfg.name) + 16 + CARD_STATS_LINE_MAX];
	int n;

	if (!card->ops->log)
		return;
	n = snprintf(line, sizeof(line), "%s: stats: ", card->cfg.name);
	if (n < 0 || (size_t)n >= sizeof(line))
		return;
	card_stats_summary(card, line + n, sizeof(line) - (size_t)n);
	card->ops->log(card->host, line);
}
