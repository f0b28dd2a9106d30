/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * For the tests that run the driver's mac80211-layer files: the block of
 * descriptors and their ath5k_buf, as tx.c's ath5k_tx_init() lays it out,
 * in the shim's coherent memory (tests whose files do not include tx.c).
 */
#ifndef ATH5K_UNIT_DESCBLOCK_H
#define ATH5K_UNIT_DESCBLOCK_H

#include <stdlib.h>
#include <linux/dma-mapping.h>

#include "ath5k.h"

static inline void descblock_alloc(struct ath5k_dev *dev, unsigned int n)
{
	unsigned int i;

	ath5k_shim_coherent_used = 0;
	dev->descs_len = n * sizeof(struct ath5k_desc);
	dev->descs = dma_alloc_coherent(dev->dev, dev->descs_len,
					&dev->descs_dma, GFP_KERNEL);
	dev->bufs = calloc(n, sizeof(*dev->bufs));
	if (!dev->descs || !dev->bufs)
		abort();
	for (i = 0; i < n; i++) {
		dev->bufs[i].desc = &dev->descs[i];
		dev->bufs[i].desc_dma = dev->descs_dma +
					i * sizeof(struct ath5k_desc);
	}
}

static inline void descblock_free(struct ath5k_dev *dev)
{
	free(dev->bufs);
	dev->bufs = NULL;
}

#endif
