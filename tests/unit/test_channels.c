// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The channel plan: numbers and centre frequencies per band.
 *
 * Links: src/channels.c
 */
#include "channels.h"
#include "check.h"

static void test_freqs(void)
{
	CHECK_EQ(ath5k_channel_freq(1, false), 2412);
	CHECK_EQ(ath5k_channel_freq(13, false), 2472);
	CHECK_EQ(ath5k_channel_freq(14, false), 2484);
	CHECK_EQ(ath5k_channel_freq(15, false), 0);
	CHECK_EQ(ath5k_channel_freq(0, false), 0);
	CHECK_EQ(ath5k_channel_freq(36, true), 5180);
	CHECK_EQ(ath5k_channel_freq(165, true), 5825);
	CHECK_EQ(ath5k_channel_freq(8, true), 5040);
	CHECK_EQ(ath5k_channel_freq(184, true), 4920);
	CHECK_EQ(ath5k_channel_freq(196, true), 4980);
	CHECK_EQ(ath5k_channel_freq(200, true), 0);
}

static void test_2ghz_plan(void)
{
	struct ath5k_chan_def ch[ATH5K_CHANNELS_MAX];
	unsigned int n, i;

	n = ath5k_channels_fill(false, ch, ATH5K_CHANNELS_MAX);
	CHECK_EQ(n, ATH5K_CHANNELS_2GHZ_MAX);
	for (i = 0; i < n; i++)
		CHECK_EQ(ch[i].number, i + 1);
	CHECK_EQ(ch[0].freq, 2412);
	CHECK_EQ(ch[13].freq, 2484);

	/* a short buffer is filled, never overrun */
	CHECK_EQ(ath5k_channels_fill(false, ch, 3), 3);
	CHECK_EQ(ath5k_channels_fill(false, ch, 0), 0);
}

static void test_5ghz_plan(void)
{
	struct ath5k_chan_def ch[ATH5K_CHANNELS_MAX];
	unsigned int n, i, unii1 = 0, midband = 0, unii3 = 0, j = 0;

	n = ath5k_channels_fill(true, ch, ATH5K_CHANNELS_MAX);
	CHECK_EQ(n, ATH5K_CHANNELS_5GHZ_MAX);
	for (i = 0; i < n; i++) {
		if (i)
			CHECK(ch[i].number > ch[i - 1].number);
		CHECK_EQ(ch[i].freq, ath5k_channel_freq(ch[i].number, true));
		if (ch[i].number >= 36 && ch[i].number <= 64)
			unii1++;
		else if (ch[i].number >= 100 && ch[i].number <= 140)
			midband++;
		else if (ch[i].number >= 149 && ch[i].number <= 165)
			unii3++;
		else
			j++;
	}
	CHECK_EQ(unii1, 8);
	CHECK_EQ(midband, 11);
	CHECK_EQ(unii3, 5);
	CHECK_EQ(j, 7);		/* 8, 12, 16, 184, 188, 192, 196 */
	CHECK_EQ(ch[0].number, 8);
	CHECK_EQ(ch[n - 1].freq, 4980);
}

int main(void)
{
	test_freqs();
	test_2ghz_plan();
	test_5ghz_plan();
	return check_done("test_channels");
}
