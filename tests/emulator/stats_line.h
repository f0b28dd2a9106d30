/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The "stats" line as a benchmark reads it (CARD.md): the key names in
 * their order, and a strict parser the tests hold the card's answer to.
 * Header-only, for test programs.
 */
#ifndef ATH5K_EMU_STATS_LINE_H
#define ATH5K_EMU_STATS_LINE_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STATS_REG_KEYS(dir) \
	dir ".PISR", dir ".SISR0", dir ".SISR1", dir ".SISR2", dir ".SISR3", \
	dir ".SISR4", dir ".INTPEND", dir ".IER", dir ".PIMR", dir ".SIMR0", \
	dir ".SIMR1", dir ".SIMR2", dir ".SIMR3", dir ".SIMR4", dir ".TXDP", \
	dir ".RXDP", dir ".TSF", dir ".CR", dir ".RAC", dir ".other"

static const char *const stats_line_keys[] = {
	"mmio_reads", "mmio_writes", "irq_edges", "tx_desc_fetched",
	"rx_desc_fetched", "tx_desc_written", "rx_desc_written", "tx_frames",
	"tx_ok", "tx_tries", "rx_frames", "rts_sent", "rts_failed", "cts_sent",
	"cts_to_self", "tx_fragments", "tx_xretry", "cab_after_dtim",
	"group_outside_dtim", "d3_entries", "d0_resets", "gpio_driven",
	"gpio_driven_high", "gpio_changes.0", "gpio_changes.1", "gpio_changes.2",
	"gpio_changes.3", "gpio_changes.4", "gpio_changes.5",
	STATS_REG_KEYS("reads"),
	STATS_REG_KEYS("writes"),
};

#define STATS_LINE_KEYS (sizeof(stats_line_keys) / sizeof(stats_line_keys[0]))

/* The position of key in stats_line_keys, or -1. */
static inline int stats_key_index(const char *key)
{
	for (unsigned int i = 0; i < STATS_LINE_KEYS; i++)
		if (!strcmp(stats_line_keys[i], key))
			return (int)i;
	return -1;
}

/*
 * Parses "KEY=N KEY=N ..." into values (STATS_LINE_KEYS of them, in key
 * order).  True only when the keys are exactly stats_line_keys, in order,
 * separated by single spaces, each with a decimal value that fits 64 bits.
 */
static inline bool stats_line_parse(const char *line, uint64_t *values)
{
	const char *p = line;

	for (unsigned int i = 0; i < STATS_LINE_KEYS; i++) {
		size_t klen = strlen(stats_line_keys[i]);
		char *end;

		if (i && *p++ != ' ')
			return false;
		if (strncmp(p, stats_line_keys[i], klen) || p[klen] != '=')
			return false;
		p += klen + 1;
		if (*p < '0' || *p > '9')
			return false;
		errno = 0;
		values[i] = strtoull(p, &end, 10);
		if (errno)
			return false;
		p = end;
	}
	return *p == '\0';
}

/*
 * Finds the closing "CARD: stats: ..." line of card in a log and parses
 * it; false when there is none or it is not whole.
 */
static inline bool stats_log_line(const char *log, const char *card, uint64_t *values)
{
	char head[64], line[4096];
	const char *at, *end;
	size_t n;

	snprintf(head, sizeof(head), "%s: stats: ", card);
	at = log ? strstr(log, head) : NULL;
	if (!at)
		return false;
	at += strlen(head);
	end = strchr(at, '\n');
	n = end ? (size_t)(end - at) : strlen(at);
	if (n >= sizeof(line))
		return false;
	memcpy(line, at, n);
	line[n] = '\0';
	return stats_line_parse(line, values);
}

/* values[key] of a parsed line; the key must exist. */
static inline uint64_t stats_get(const uint64_t *values, const char *key)
{
	int i = stats_key_index(key);

	if (i < 0)
		abort();
	return values[i];
}

#endif /* ATH5K_EMU_STATS_LINE_H */
