/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The rates each band offers mac80211 and the map from the chip's 5-bit
 * rate codes back to their index there.  Pure logic: builds in the
 * kernel and in the unit tests.
 */
#ifndef ATH5K_RATEMAP_H
#define ATH5K_RATEMAP_H

#include "hw.h"

#define ATH5K_RATE_CODES	32	/* 5-bit hardware rate codes */

/*
 * The band of @mode offers ath5k_rates[*@first .. *@first + count); the
 * count is returned.  @map gets, for every rate code (long and short
 * preamble), the index into those rates, or -1 for a code the band does
 * not offer (an OFDM code on an 11b-only radio, a CCK code at 5 GHz).
 */
unsigned int ath5k_band_rate_map(enum ath5k_mode mode, unsigned int *first,
				 s8 map[ATH5K_RATE_CODES]);

#endif /* ATH5K_RATEMAP_H */
