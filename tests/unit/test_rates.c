// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The rate table (bitrates and the AR5212's rate codes, long and short
 * preamble) and the ACK airtime the PCU duration registers get, against
 * values worked out by hand from the 802.11 PLCP formulas.
 *
 * Also the rates each band offers and the map from a received rate code
 * to their index (issue 12 finding 13: an 11b-only radio mapped OFDM
 * codes beyond its four rates).
 *
 * Links: src/rates.c src/ratemap.c
 */
#include <errno.h>
#include <stdio.h>

#include "hw.h"
#include "ratemap.h"
#include "check.h"

static void test_table(void)
{
	static const u16 bitrates[ATH5K_RATE_COUNT] = {
		10, 20, 55, 110, 60, 90, 120, 180, 240, 360, 480, 540,
	};
	static const u8 codes[ATH5K_RATE_COUNT] = {
		0x1b, 0x1a, 0x19, 0x18, 0x0b, 0x0f, 0x0a, 0x0e, 0x09, 0x0d,
		0x08, 0x0c,
	};
	unsigned int i;

	printf("check: twelve rates, CCK first, with their hardware codes\n");
	for (i = 0; i < ATH5K_RATE_COUNT; i++) {
		CHECK_EQ(ath5k_rates[i].bitrate, bitrates[i]);
		CHECK_EQ(ath5k_rates[i].code, codes[i]);
		CHECK_EQ(ath5k_rates[i].ofdm, i >= ATH5K_RATE_FIRST_OFDM);
	}

	printf("check: short-preamble codes are the long code | 0x04\n");
	CHECK_EQ(ath5k_rates[0].code_short, 0);
	for (i = 1; i < ATH5K_RATE_FIRST_OFDM; i++)
		CHECK_EQ(ath5k_rates[i].code_short, ath5k_rates[i].code | 0x04);
	for (i = ATH5K_RATE_FIRST_OFDM; i < ATH5K_RATE_COUNT; i++)
		CHECK_EQ(ath5k_rates[i].code_short, 0);
}

static void test_lookup(void)
{
	unsigned int i;

	printf("check: received rate codes map back to their index\n");
	for (i = 0; i < ATH5K_RATE_COUNT; i++)
		CHECK_EQ(ath5k_rate_code_to_idx(ath5k_rates[i].code), (int)i);
	CHECK_EQ(ath5k_rate_code_to_idx(0x1e), 1);
	CHECK_EQ(ath5k_rate_code_to_idx(0x1c), 3);
	printf("check: unknown codes are refused\n");
	CHECK_EQ(ath5k_rate_code_to_idx(0x00), -EINVAL);
	CHECK_EQ(ath5k_rate_code_to_idx(0x1f), -EINVAL);
}

static void test_airtime(void)
{
	printf("check: ACK airtime (SIFS included) per rate\n");
	/* CCK: 10 SIFS + 192 long PLCP + 112 bits at 1 Mbit/s */
	CHECK_EQ(ath5k_frame_airtime(&ath5k_rates[0], ATH5K_ACK_LEN, false), 314);
	/* 2 Mbit/s short: 10 + 96 + 56 */
	CHECK_EQ(ath5k_frame_airtime(&ath5k_rates[1], ATH5K_ACK_LEN, true), 162);
	/* 11 Mbit/s long: 10 + 192 + ceil(112 / 11) = 11 */
	CHECK_EQ(ath5k_frame_airtime(&ath5k_rates[3], ATH5K_ACK_LEN, false), 213);
	/* OFDM 6 Mbit/s: 16 + 16 + 4 + 4 * ceil(134 / 24) = 6 symbols */
	CHECK_EQ(ath5k_frame_airtime(&ath5k_rates[4], ATH5K_ACK_LEN, false), 60);
	/* 24 Mbit/s: 36 + 4 * ceil(134 / 96) = 2 symbols */
	CHECK_EQ(ath5k_frame_airtime(&ath5k_rates[8], ATH5K_ACK_LEN, false), 44);
	/* 54 Mbit/s: 36 + 4 * 1 symbol */
	CHECK_EQ(ath5k_frame_airtime(&ath5k_rates[11], ATH5K_ACK_LEN, false), 40);
	/* a 1500-byte frame at 54 Mbit/s: ceil(12054 / 216) = 56 symbols */
	CHECK_EQ(ath5k_frame_airtime(&ath5k_rates[11], 1500, false), 36 + 224);
}

/* Every code a band maps lands inside it and names the right rate. */
static void check_band_map(enum ath5k_mode mode, unsigned int want_first,
			   unsigned int want_count)
{
	unsigned int first = 99, count, code;
	s8 map[ATH5K_RATE_CODES];
	int idx;

	count = ath5k_band_rate_map(mode, &first, map);
	CHECK_EQ(first, want_first);
	CHECK_EQ(count, want_count);
	for (code = 0; code < ATH5K_RATE_CODES; code++) {
		idx = ath5k_rate_code_to_idx(code);
		if (idx >= (int)first && idx < (int)(first + count))
			CHECK_EQ(map[code], idx - (int)first);
		else
			CHECK_EQ(map[code], -1);
	}
}

static void test_band_maps(void)
{
	unsigned int first;
	s8 map[ATH5K_RATE_CODES];

	printf("check: 11b offers the four CCK rates and maps no OFDM code\n");
	check_band_map(ATH5K_MODE_11B, 0, ATH5K_RATE_FIRST_OFDM);
	ath5k_band_rate_map(ATH5K_MODE_11B, &first, map);
	CHECK_EQ(map[0x0c], -1);		/* 54 Mbit/s */
	CHECK_EQ(map[0x1c], 3);			/* 11 Mbit/s short */
	printf("check: 11g offers all twelve rates\n");
	check_band_map(ATH5K_MODE_11G, 0, ATH5K_RATE_COUNT);
	printf("check: 11a offers the eight OFDM rates and maps no CCK code\n");
	check_band_map(ATH5K_MODE_11A, ATH5K_RATE_FIRST_OFDM,
		       ATH5K_RATE_COUNT - ATH5K_RATE_FIRST_OFDM);
	ath5k_band_rate_map(ATH5K_MODE_11A, &first, map);
	CHECK_EQ(map[0x0b], 0);			/* 6 Mbit/s */
	CHECK_EQ(map[0x1b], -1);		/* 1 Mbit/s */
}

int main(void)
{
	test_table();
	test_lookup();
	test_airtime();
	test_band_maps();
	return check_done("test_rates");
}
