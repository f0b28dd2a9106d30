/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * For the tests that run src/rx.c: a device as far as the RX path reads
 * it, on one 2.4 GHz channel whose only rate is 1 Mbit/s (rate_idx maps
 * the card's code for it), with n descriptors from descblock.h.
 */
#ifndef ATH5K_UNIT_RX_DEV_H
#define ATH5K_UNIT_RX_DEV_H

#include <string.h>

#include "ath5k.h"
#include "hw_internal.h"
#include "descblock.h"

#define RATE_1M		0x1b	/* the card's code for 1 Mbit/s CCK */

static inline void rx_dev_setup(struct ath5k_dev *dev,
				struct ieee80211_hw *hw,
				struct device *device,
				struct ieee80211_channel *chan,
				struct ieee80211_rate *rate_1m,
				enum ath5k_opmode opmode, unsigned int n)
{
	memset(dev, 0, sizeof(*dev));
	dev->ah.desc_ops = &ath5k_desc_5212_ops;
	hw->priv = dev;
	dev->hw = hw;
	dev->dev = device;
	dev->cachelsz = 32;
	dev->opmode = opmode;
	dev->curchan = chan;
	dev->sbands[NL80211_BAND_2GHZ].bitrates = rate_1m;
	dev->sbands[NL80211_BAND_2GHZ].n_bitrates = 1;
	memset(dev->rate_idx, -1, sizeof(dev->rate_idx));
	dev->rate_idx[NL80211_BAND_2GHZ][RATE_1M] = 0;
	descblock_alloc(dev, n);
}

#endif
