// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The receiver knobs ANI turns, read back from the baseband registers
 * the way ani.c writes them: noise immunity (desired size, coarse AGC
 * and FIR power together), spur immunity (cyclic power threshold), FIR
 * step, OFDM weak-signal detection (seven thresholds and self-correlation
 * together) and CCK weak-signal detection.  Each change from one level
 * the driver uses to another is counted and logged, so a lab check sees
 * ANI raise immunity and lower it again; "CARD ani" reports them with
 * the noise and what the card heard of it (phy_noise.c).
 */
#include "card_model.h"

#include <inttypes.h>
#include <stdio.h>

#define KNOB_LEVELS_MAX		8
#define KNOB_FIELDS_MAX		7
#define LEVEL_TEXT_MAX		12	/* an int, or on/off/none */

/* Register fields, reg.h's names */
#define DESIRED_SIZE_TOT	0x0ff00000
#define SIG_FIRSTEP		0x0003f000
#define SIG_FIRPWR		0x03fc0000
#define AGCCOARSE_LO		0x00007f80
#define AGCCOARSE_HI		0x003f8000
#define WEAK_HIGH_M2_COUNT	0x0000001f
#define WEAK_HIGH_M1		0x00fe0000
#define WEAK_HIGH_M2		0x7f000000
#define WEAK_LOW_SELFCOR_EN	0x00000001
#define WEAK_LOW_M2_COUNT	0x00003f00
#define WEAK_LOW_M1		0x001fc000
#define WEAK_LOW_M2		0x0fe00000
#define SELFCORR_CYPWR_THR1	0x000000fe
#define CCK_WEAK_SIG_THR	0x0000003f

struct knob_field {
	uint32_t reg, mask;		/* mask 0 ends a knob's fields */
	int16_t at[KNOB_LEVELS_MAX];	/* its value at each level, signed as ani.c has it */
};

struct knob {
	const char *key;
	unsigned int levels;
	bool detection;			/* on/off, on (1) the more sensitive */
	struct knob_field fields[KNOB_FIELDS_MAX];
};

/* The levels ani.c's ath5k_ani_set_* functions write. */
static const struct knob knobs[IMMUNITY_KNOBS] = {
	[KNOB_NOISE_IMMUNITY] = { "noise_imm", 2, false, {
		{ REG_PHY_DESIRED_SIZE, DESIRED_SIZE_TOT, { -55, -62 } },
		{ REG_PHY_AGCCOARSE, AGCCOARSE_LO, { -64, -70 } },
		{ REG_PHY_AGCCOARSE, AGCCOARSE_HI, { -14, -12 } },
		{ REG_PHY_SIG, SIG_FIRPWR, { -78, -80 } },
	} },
	[KNOB_SPUR_IMMUNITY] = { "spur", 8, false, {
		{ REG_PHY_OFDM_SELFCORR, SELFCORR_CYPWR_THR1,
		  { 2, 4, 6, 8, 10, 12, 14, 16 } },
	} },
	[KNOB_FIRSTEP] = { "firstep", 3, false, {
		{ REG_PHY_SIG, SIG_FIRSTEP, { 0, 4, 8 } },
	} },
	[KNOB_OFDM_WEAK_SIGNAL] = { "ofdm_weak", 2, true, {
		{ REG_PHY_WEAK_OFDM_LOW, WEAK_LOW_M1, { 127, 50 } },
		{ REG_PHY_WEAK_OFDM_LOW, WEAK_LOW_M2, { 127, 40 } },
		{ REG_PHY_WEAK_OFDM_LOW, WEAK_LOW_M2_COUNT, { 63, 48 } },
		{ REG_PHY_WEAK_OFDM_LOW, WEAK_LOW_SELFCOR_EN, { 0, 1 } },
		{ REG_PHY_WEAK_OFDM_HIGH, WEAK_HIGH_M1, { 127, 0x4d } },
		{ REG_PHY_WEAK_OFDM_HIGH, WEAK_HIGH_M2, { 127, 0x40 } },
		{ REG_PHY_WEAK_OFDM_HIGH, WEAK_HIGH_M2_COUNT, { 31, 16 } },
	} },
	[KNOB_CCK_WEAK_SIGNAL] = { "cck_weak", 2, true, {
		{ REG_PHY_CCK_CROSSCORR, CCK_WEAK_SIG_THR, { 8, 6 } },
	} },
};

static unsigned int lowest_bit(uint32_t mask)
{
	unsigned int shift = 0;

	while (!(mask >> shift & 1))
		shift++;
	return shift;
}

/* The knob's level the registers hold now, or -1 when none matches. */
static int decode(const struct card *card, const struct knob *k)
{
	for (unsigned int level = 0; level < k->levels; level++) {
		bool all = true;

		for (const struct knob_field *f = k->fields;
		     all && f < k->fields + KNOB_FIELDS_MAX && f->mask; f++) {
			unsigned int shift = lowest_bit(f->mask);
			uint32_t field = (card_reg(card, f->reg) & f->mask) >> shift;

			all = field == ((uint32_t)(int32_t)f->at[level] & (f->mask >> shift));
		}
		if (all)
			return (int)level;
	}
	return -1;
}

static const char *level_text(const struct knob *k, int level, char *buf, size_t len)
{
	if (level < 0)
		return "none";
	if (k->detection)
		return level ? "on" : "off";
	snprintf(buf, len, "%d", level);
	return buf;
}

void immunity_power_on(struct card *card)
{
	/* What a driver writes after power-on is a start, not a change. */
	for (unsigned int i = 0; i < IMMUNITY_KNOBS; i++)
		card->immunity.level[i] = -1;
}

/*
 * ani.c moves a knob with several read-modify-writes: the registers
 * match no level in between, and the change counts once it is whole.
 */
void immunity_written(struct card *card)
{
	struct immunity *im = &card->immunity;

	if (!card_has_ani(card))
		return;
	for (unsigned int i = 0; i < IMMUNITY_KNOBS; i++) {
		const struct knob *k = &knobs[i];
		int now = decode(card, k), was = im->level[i];
		char a[LEVEL_TEXT_MAX], b[LEVEL_TEXT_MAX];
		bool raised;

		if (now < 0 || now == was)
			continue;
		im->level[i] = now;
		if (was < 0)
			continue;
		/* Weak-signal detection off is the more immune. */
		raised = k->detection ? now < was : now > was;
		if (raised)
			im->raised++;
		else
			im->lowered++;
		card_logf(card, "ani: %s %s -> %s (immunity %s)", k->key,
			  level_text(k, was, a, sizeof(a)), level_text(k, now, b, sizeof(b)),
			  raised ? "raised" : "lowered");
	}
}

int card_ani_summary(struct card *card, char *buf, size_t len)
{
	const struct phy_noise *n = &card->noise;
	int used = 0;

	if (!card_has_ani(card)) {
		snprintf(buf, len, "error: %s runs no ANI (ani.c takes the AR5212 family only)",
			 card->cfg.name);
		return -1;
	}
	phy_noise_advance(card, card_now(card));
	for (unsigned int i = 0; i < IMMUNITY_KNOBS && used >= 0 && (size_t)used < len; i++) {
		char level[LEVEL_TEXT_MAX];

		used += snprintf(buf + used, len - (size_t)used, "%s=%s ", knobs[i].key,
				 level_text(&knobs[i], decode(card, &knobs[i]), level,
					    sizeof(level)));
	}
	if (used >= 0 && (size_t)used < len)
		snprintf(buf + used, len - (size_t)used,
			 "raised=%lu lowered=%lu noise_ofdm=%u noise_cck=%u ofdm_errors=%" PRIu64
			 " cck_errors=%" PRIu64 " mib_raised=%" PRIu64,
			 card->immunity.raised, card->immunity.lowered,
			 n->per_second[NOISE_OFDM], n->per_second[NOISE_CCK],
			 n->heard[NOISE_OFDM], n->heard[NOISE_CCK], n->mib_raised);
	return 0;
}
