/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The "rates" answer as a lab check reads it (CARD.md): twelve
 * RATE=ATTEMPTS/ACKED pairs in a fixed order, and a strict parser the
 * tests hold the card's answer to.  Header-only, for test programs.
 */
#ifndef ATH5K_EMU_RATES_LINE_H
#define ATH5K_EMU_RATES_LINE_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const rates_line_keys[] = {
	"1", "2", "5.5", "11", "6", "9", "12", "18", "24", "36", "48", "54",
};

#define RATES_LINE_KEYS (sizeof(rates_line_keys) / sizeof(rates_line_keys[0]))

/* The position of a rate's name in rates_line_keys, or -1. */
static inline int rates_key_index(const char *key)
{
	for (unsigned int i = 0; i < RATES_LINE_KEYS; i++)
		if (!strcmp(rates_line_keys[i], key))
			return (int)i;
	return -1;
}

/* A decimal that fits 64 bits at *p, moving *p past it. */
static inline bool rates_number(const char **p, uint64_t *out)
{
	char *end;

	if (**p < '0' || **p > '9')
		return false;
	errno = 0;
	*out = strtoull(*p, &end, 10);
	*p = end;
	return !errno;
}

/*
 * Parses "1=N/M 2=N/M ... 54=N/M" into attempts[] and acked[] (in key
 * order).  True only for exactly those keys, in order, single spaces
 * between, and never more ACKs than attempts.
 */
static inline bool rates_line_parse(const char *line, uint64_t *attempts,
				    uint64_t *acked)
{
	const char *p = line;

	for (unsigned int i = 0; i < RATES_LINE_KEYS; i++) {
		size_t klen = strlen(rates_line_keys[i]);

		if (i && *p++ != ' ')
			return false;
		if (strncmp(p, rates_line_keys[i], klen) || p[klen] != '=')
			return false;
		p += klen + 1;
		if (!rates_number(&p, &attempts[i]) || *p++ != '/' ||
		    !rates_number(&p, &acked[i]) || acked[i] > attempts[i])
			return false;
	}
	return *p == '\0';
}

#endif /* ATH5K_EMU_RATES_LINE_H */
