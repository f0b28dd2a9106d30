// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The twelve 802.11a/b/g rates as people name them in Mbit/s ("5.5",
 * "54"), in one fixed order, CCK first: the words of the control socket's
 * rate-ceiling and rates verbs and of the rate-ceiling= card option.
 */
#include "card_model.h"

#include <stdio.h>
#include <string.h>

/* 100 kbit/s: the one fraction among the rates is 5.5 */
static const uint16_t rates_100k[CARD_RATES] = {
	10, 20, 55, 110,			/* DSSS/CCK */
	60, 90, 120, 180, 240, 360, 480, 540,	/* OFDM */
};

unsigned int rate_at(unsigned int index)
{
	return index < CARD_RATES ? rates_100k[index] : 0;
}

int rate_index_of_code(uint8_t rate_code)
{
	unsigned int rate = tx_rate_100k(rate_code);

	for (unsigned int i = 0; rate && i < CARD_RATES; i++)
		if (rates_100k[i] == rate)
			return (int)i;
	return -1;
}

const char *rate_text(unsigned int rate_100k, char buf[CARD_RATE_TEXT_MAX])
{
	if (rate_100k % 10)
		snprintf(buf, CARD_RATE_TEXT_MAX, "%u.%u", rate_100k / 10,
			 rate_100k % 10);
	else
		snprintf(buf, CARD_RATE_TEXT_MAX, "%u", rate_100k / 10);
	return buf;
}

/*
 * Only the names rate_text writes: "5.50", "024" or "6.0" would be the
 * same rate in another spelling, and a check that spells it so has a typo.
 */
bool card_parse_rate(const char *text, unsigned int *rate_100k)
{
	for (unsigned int i = 0; i < CARD_RATES; i++) {
		char name[CARD_RATE_TEXT_MAX];

		if (!strcmp(text, rate_text(rates_100k[i], name))) {
			*rate_100k = rates_100k[i];
			return true;
		}
	}
	return false;
}
