// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Per rate, the attempts a card made at a frame that waits for an ACK
 * and how many of them were ACKed: what a rate control algorithm chose
 * and what the air made of it, without asking the driver.  Cumulative
 * since the card was created (a reset keeps them), like the cost
 * counters: a check takes two snapshots and differences them.
 *
 * Frames sent once without an ACK (group, NOACK, beacons) say nothing
 * of a rate's success and would drown the lowest rates, so they are left
 * out; so is an attempt whose RTS found no CTS, as its frame never went.
 */
#include "card_model.h"

#include <inttypes.h>
#include <stdio.h>

void rate_counts_note(struct card *card, uint8_t rate_code, bool acked)
{
	int i = rate_index_of_code(rate_code);

	/* The air times a code that names no rate as 6 Mbit/s: so here. */
	if (i < 0)
		i = rate_index_of_code(0x0b);
	card->rate_counts.attempts[i]++;
	if (acked)
		card->rate_counts.acked[i]++;
}

/* "1=N/M 2=N/M ... 54=N/M": attempts/ACKed per rate, in rate_at's order. */
static void rates_line(const struct card *card, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < CARD_RATES && used < len; i++) {
		char name[CARD_RATE_TEXT_MAX];

		used += (size_t)snprintf(buf + used, len - used,
					 "%s%s=%" PRIu64 "/%" PRIu64, i ? " " : "",
					 rate_text(rate_at(i), name),
					 card->rate_counts.attempts[i],
					 card->rate_counts.acked[i]);
	}
}

int card_rates_command(struct card *card, const char *args, char *answer,
		       size_t cap)
{
	char line[CARD_RATES_LINE_MAX];

	if (*args) {
		snprintf(answer, cap,
			 "error: rates: '%s': the verb takes nothing (the counts are cumulative: difference two)",
			 args);
		return -1;
	}
	rates_line(card, line, sizeof(line));
	snprintf(answer, cap, "ok: %s", line);
	return 0;
}

void rate_counts_log(struct card *card)
{
	char line[CARD_RATES_LINE_MAX];
	uint64_t any = 0;

	for (unsigned int i = 0; i < CARD_RATES; i++)
		any |= card->rate_counts.attempts[i];
	if (!any)
		return;
	rates_line(card, line, sizeof(line));
	card_logf(card, "rates (attempts/ACKed): %s", line);
}
