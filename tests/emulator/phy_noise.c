// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * A noisy channel, as the control socket sets it ("CARD noise ofdm=N
 * cck=N"): OFDM and CCK timing errors per second of card time, which the
 * two PHY error counters count through their masks while the card
 * listens.  A counter whose bits 23 and 22 are both set holds the MIB
 * cause up (reg.h ATH5K_PHYERR_CNT_MAX; ani.c preloads the counters that
 * far below it), so a driver hears of the noise by interrupt or by
 * reading the counters, as on an AR5212.
 *
 * Errors come by time, not per frame: noise is what the receiver picks
 * up between frames, and a quiet channel has no frames to hang it on.
 */
#include "card_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define US_PER_S		1000000u
#define NOISE_MAX_PER_S		1000000u	/* one error a µs */
/*
 * Far past any real gap between two looks at the card; it keeps
 * rate * elapsed inside 64 bits.
 */
#define NOISE_MAX_STEP_US	1000000000000ull
/*
 * Air a false detection keeps busy: the preamble the receiver locked on
 * to before giving up, OFDM short and long training (16 µs), a long CCK
 * preamble and PLCP header (192 µs).
 */
static const unsigned int busy_us_per_error[NOISE_KINDS] = { 16, 192 };
static const uint32_t counted_as[NOISE_KINDS] = {
	PHYERR_OFDM_TIMING, PHYERR_CCK_TIMING,
};
static const char *const kind_keys[NOISE_KINDS] = { "ofdm", "cck" };
static const struct {
	uint32_t count, mask;
} counters[] = {
	{ REG_PHYERR_CNT1, REG_PHYERR_CNT1_MASK },
	{ REG_PHYERR_CNT2, REG_PHYERR_CNT2_MASK },
};

#define COUNTERS (sizeof(counters) / sizeof(counters[0]))

/* The baseband sees the channel: PHY errors count, unless frozen. */
static bool listening(const struct card *card)
{
	return card_has_ani(card) && card->freq_mhz && card_is_receiving(card) &&
	       !(card_reg(card, REG_MIBC) & MIBC_FREEZE);
}

/* CCK errors only where the PHY takes CCK: 2 GHz, 802.11b or g. */
static bool hears(const struct card *card, enum phy_noise_kind kind)
{
	static const uint8_t sample_rate[NOISE_KINDS] = { 0x0b, 0x1b };

	return rx_decodes(card, sample_rate[kind]);
}

bool phy_noise_mib_cause(const struct card *card)
{
	if (!card_has_ani(card))
		return false;
	for (size_t c = 0; c < COUNTERS; c++)
		if ((card_reg(card, counters[c].count) & PHYERR_CNT_MIB) == PHYERR_CNT_MIB)
			return true;
	return false;
}

/* Counts the cause's rising edges and lets the line follow it. */
static void follow_mib_cause(struct card *card)
{
	bool level = phy_noise_mib_cause(card);

	if (level && !card->noise.mib_level)
		card->noise.mib_raised++;
	card->noise.mib_level = level;
	card_update_irq(card);
}

void phy_noise_counters_written(struct card *card)
{
	follow_mib_cause(card);
}

void phy_noise_power_on(struct card *card)
{
	struct phy_noise *n = &card->noise;

	/* The channel stays as noisy as it was: that is the air's. */
	memset(n->carry, 0, sizeof(n->carry));
	n->counted_to = card_now(card);
	n->mib_level = false;
}

void phy_noise_advance(struct card *card, uint64_t now)
{
	struct phy_noise *n = &card->noise;
	uint64_t elapsed = now > n->counted_to ? now - n->counted_to : 0;
	uint64_t heard[NOISE_KINDS] = { 0 }, busy_us = 0;
	bool any = false;

	if (!elapsed)
		return;
	n->counted_to = now;
	if (!listening(card))
		return;
	if (elapsed > NOISE_MAX_STEP_US)
		elapsed = NOISE_MAX_STEP_US;
	for (unsigned int k = 0; k < NOISE_KINDS; k++) {
		uint64_t total;

		if (!n->per_second[k] || !hears(card, k))
			continue;
		total = n->carry[k] + n->per_second[k] * elapsed;
		heard[k] = total / US_PER_S;
		n->carry[k] = total % US_PER_S;
		n->heard[k] += heard[k];
		busy_us += heard[k] * busy_us_per_error[k];
		any = any || heard[k];
	}
	if (!any)
		return;
	profile_count_air(card, PROFILE_BUSY, busy_us);
	for (size_t c = 0; c < COUNTERS; c++) {
		uint32_t mask = card_reg(card, counters[c].mask);
		uint64_t add = 0;

		for (unsigned int k = 0; k < NOISE_KINDS; k++)
			if (mask & counted_as[k])
				add += heard[k];
		if (add)
			card_reg_set(card, counters[c].count,
				     card_reg(card, counters[c].count) + (uint32_t)add);
	}
	follow_mib_cause(card);
}

/*
 * When the next counter reaches the MIB threshold, so the event loop
 * wakes for the interrupt however quiet the driver is.  A counter fed by
 * both kinds is timed by their sum, which is at most one error early: the
 * card then looks again.
 */
uint64_t phy_noise_next_deadline(const struct card *card)
{
	const struct phy_noise *n = &card->noise;
	uint64_t next = CARD_NO_DEADLINE;

	if (!listening(card))
		return next;
	for (size_t c = 0; c < COUNTERS; c++) {
		uint32_t value = card_reg(card, counters[c].count);
		uint32_t mask = card_reg(card, counters[c].mask);
		uint64_t rate = 0, carry = 0, owed, us;

		if ((value & PHYERR_CNT_MIB) == PHYERR_CNT_MIB)
			continue;
		for (unsigned int k = 0; k < NOISE_KINDS; k++)
			if ((mask & counted_as[k]) && n->per_second[k] && hears(card, k)) {
				rate += n->per_second[k];
				carry += n->carry[k];
			}
		if (!rate)
			continue;
		owed = (uint64_t)(((value & ~0xffffffu) | PHYERR_CNT_MIB) - value) * US_PER_S;
		us = owed > carry ? (owed - carry + rate - 1) / rate : 1;
		if (n->counted_to + us < next)
			next = n->counted_to + us;
	}
	return next;
}

/* ---- the control socket -------------------------------------------------- */

static int answer_rates(const struct card *card, char *answer, size_t cap)
{
	snprintf(answer, cap, "ok: ofdm=%u cck=%u", card->noise.per_second[NOISE_OFDM],
		 card->noise.per_second[NOISE_CCK]);
	return 0;
}

/* "KEY=N" for one of kind_keys into rates; false with a reason in answer. */
static bool parse_rate(const char *word, unsigned int rates[NOISE_KINDS],
		       bool named[NOISE_KINDS], char *answer, size_t cap)
{
	const char *eq = strchr(word, '=');
	unsigned long value;
	char *end;

	for (unsigned int k = 0; eq && k < NOISE_KINDS; k++) {
		if (strlen(kind_keys[k]) != (size_t)(eq - word) ||
		    strncmp(word, kind_keys[k], (size_t)(eq - word)))
			continue;
		if (named[k]) {
			snprintf(answer, cap, "error: noise: %s given twice", kind_keys[k]);
			return false;
		}
		value = strtoul(eq + 1, &end, 10);
		if (eq[1] < '0' || eq[1] > '9' || *end || value > NOISE_MAX_PER_S) {
			snprintf(answer, cap,
				 "error: noise: '%s': want %s=N, N PHY errors per second, 0..%u",
				 word, kind_keys[k], NOISE_MAX_PER_S);
			return false;
		}
		rates[k] = (unsigned int)value;
		named[k] = true;
		return true;
	}
	snprintf(answer, cap,
		 "error: noise: '%s' (expected 'noise ofdm=N cck=N', 'noise off' or 'noise')",
		 word);
	return false;
}

int card_noise_command(struct card *card, const char *args, char *answer, size_t cap)
{
	unsigned int rates[NOISE_KINDS] = { 0 };
	bool named[NOISE_KINDS] = { false };
	char copy[128], *save = NULL, *word;

	if (!card_has_ani(card)) {
		snprintf(answer, cap,
			 "error: %s has no PHY error counters (the AR5212 family's, for ANI)",
			 card->cfg.name);
		return -1;
	}
	if (strlen(args) >= sizeof(copy)) {
		snprintf(answer, cap, "error: noise: too long");
		return -1;
	}
	strcpy(copy, args);
	word = strtok_r(copy, " \t", &save);
	if (!word)
		return answer_rates(card, answer, cap);
	if (!strcmp(word, "off")) {
		if (strtok_r(NULL, " \t", &save)) {
			snprintf(answer, cap, "error: noise: 'off' takes nothing after it");
			return -1;
		}
	} else {
		for (; word; word = strtok_r(NULL, " \t", &save))
			if (!parse_rate(word, rates, named, answer, cap))
				return -1;
	}
	/* Errors so far fall at the old rates. */
	phy_noise_advance(card, card_now(card));
	memcpy(card->noise.per_second, rates, sizeof(rates));
	return answer_rates(card, answer, cap);
}
