/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The channel plan the driver offers before regulatory and hardware
 * limits are applied.  Pure logic: builds in the kernel and in the unit
 * tests.
 */
#ifndef ATH5K_CHANNELS_H
#define ATH5K_CHANNELS_H

#include <linux/types.h>

/* 14 channels at 2.4 GHz and 31 at 5 GHz (4.9 GHz and 802.11j included). */
#define ATH5K_CHANNELS_2GHZ_MAX	14
#define ATH5K_CHANNELS_5GHZ_MAX	31
#define ATH5K_CHANNELS_MAX	(ATH5K_CHANNELS_2GHZ_MAX + ATH5K_CHANNELS_5GHZ_MAX)

struct ath5k_chan_def {
	u16 freq;		/* MHz */
	u8 number;		/* IEEE channel number */
};

/* Centre frequency of IEEE channel @number in the given band, 0 if none. */
u16 ath5k_channel_freq(unsigned int number, bool band_5ghz);

/*
 * Fill @out (room for @max entries) with the band's 20 MHz channels in
 * ascending channel-number order; returns how many were written.
 */
unsigned int ath5k_channels_fill(bool band_5ghz, struct ath5k_chan_def *out,
				 unsigned int max);

#endif /* ATH5K_CHANNELS_H */
