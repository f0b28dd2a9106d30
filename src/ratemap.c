// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Rates per band: 11a offers the eight OFDM rates, 11b the four CCK
 * rates, 11g all twelve (ath5k_rates[] lists CCK first).
 */
#include <linux/string.h>

#include "ratemap.h"

unsigned int ath5k_band_rate_map(enum ath5k_mode mode, unsigned int *first,
				 s8 map[ATH5K_RATE_CODES])
{
	unsigned int i, count;

	switch (mode) {
	case ATH5K_MODE_11A:
		*first = ATH5K_RATE_FIRST_OFDM;
		count = ATH5K_RATE_COUNT - ATH5K_RATE_FIRST_OFDM;
		break;
	case ATH5K_MODE_11B:
		*first = 0;
		count = ATH5K_RATE_FIRST_OFDM;
		break;
	default:
		*first = 0;
		count = ATH5K_RATE_COUNT;
		break;
	}

	memset(map, -1, ATH5K_RATE_CODES);
	for (i = 0; i < count; i++) {
		const struct ath5k_rate_info *ri = &ath5k_rates[*first + i];

		map[ri->code % ATH5K_RATE_CODES] = i;
		if (ri->code_short)
			map[ri->code_short % ATH5K_RATE_CODES] = i;
	}
	return count;
}
