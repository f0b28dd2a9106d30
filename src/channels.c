// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Which channel numbers exist on these radios.  Facts: IEEE 802.11-2020
 * Annex E (channel starting frequencies) and the channel choice of Linux
 * 6.1's ath5k (base.c), which offers UNII-1/2, the 5.47-5.725 GHz
 * mid-band, UNII-3, and the Japanese 802.11j channels at 4.9 and 5.0 GHz.
 */
#include "channels.h"

u16 ath5k_channel_freq(unsigned int number, bool band_5ghz)
{
	if (!band_5ghz) {
		if (number == 14)
			return 2484;
		if (number >= 1 && number <= 13)
			return 2407 + 5 * number;
		return 0;
	}
	/* Channels 182..196 start at 4 GHz (802.11j), the rest at 5 GHz. */
	if (number >= 182 && number <= 196)
		return 4000 + 5 * number;
	if (number >= 1 && number <= 181)
		return 5000 + 5 * number;
	return 0;
}

static bool ath5k_channel_offered_5ghz(unsigned int n)
{
	bool on_four = (n & 3) == 0;

	if (on_four && n >= 36 && n <= 64)		/* UNII-1 and 2 */
		return true;
	if (on_four && n >= 100 && n <= 140)		/* mid-band */
		return true;
	if ((n & 3) == 1 && n >= 149 && n <= 165)	/* UNII-3 */
		return true;
	/* 802.11j: 5.04-5.08 GHz and 4.92-4.98 GHz */
	return n == 8 || n == 12 || n == 16 ||
	       n == 184 || n == 188 || n == 192 || n == 196;
}

unsigned int ath5k_channels_fill(bool band_5ghz, struct ath5k_chan_def *out,
				 unsigned int max)
{
	unsigned int last = band_5ghz ? 196 : 14;
	unsigned int n, count = 0;

	for (n = 1; n <= last && count < max; n++) {
		if (band_5ghz && !ath5k_channel_offered_5ghz(n))
			continue;
		out[count].number = n;
		out[count].freq = ath5k_channel_freq(n, band_5ghz);
		count++;
	}
	return count;
}
