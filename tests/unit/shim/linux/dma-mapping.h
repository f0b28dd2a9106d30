/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/dma-mapping.h>.  Coherent memory comes
 * from one arena whose bus addresses start at ATH5K_SHIM_COHERENT_BUS, so
 * a test can play the device that follows descriptor links; streaming
 * mappings are counted, and unmapping one that is not live aborts.
 */
#ifndef ATH5K_SHIM_LINUX_DMA_MAPPING_H
#define ATH5K_SHIM_LINUX_DMA_MAPPING_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include <asm/barrier.h>

enum dma_data_direction { DMA_BIDIRECTIONAL, DMA_TO_DEVICE, DMA_FROM_DEVICE };

struct device;

#define ATH5K_SHIM_COHERENT_BUS	0x10000000u
#define ATH5K_SHIM_COHERENT_MAX	(64 * 1024)
#define ATH5K_SHIM_MAPS		512

__attribute__((weak)) unsigned char ath5k_shim_coherent[ATH5K_SHIM_COHERENT_MAX]
	__aligned(64);
__attribute__((weak)) size_t ath5k_shim_coherent_used;
/* live streaming mappings: bus address and length, 0 when free */
__attribute__((weak)) dma_addr_t ath5k_shim_map_addr[ATH5K_SHIM_MAPS];
__attribute__((weak)) size_t ath5k_shim_map_len[ATH5K_SHIM_MAPS];
__attribute__((weak)) unsigned int ath5k_shim_maps_live;

static inline void *dma_alloc_coherent(struct device *dev, size_t size,
				       dma_addr_t *handle, int gfp)
{
	void *p = ath5k_shim_coherent + ath5k_shim_coherent_used;

	(void)dev;
	(void)gfp;
	if (ath5k_shim_coherent_used + size > ATH5K_SHIM_COHERENT_MAX)
		return NULL;
	*handle = ATH5K_SHIM_COHERENT_BUS + ath5k_shim_coherent_used;
	ath5k_shim_coherent_used += (size + 63) & ~(size_t)63;
	memset(p, 0, size);
	return p;
}

static inline void dma_free_coherent(struct device *dev, size_t size,
				     void *p, dma_addr_t handle)
{
	(void)dev;
	(void)size;
	(void)p;
	(void)handle;
}

/* Where coherent bus address @bus is in memory, NULL outside the arena. */
static inline void *ath5k_shim_coherent_at(u64 bus)
{
	if (bus < ATH5K_SHIM_COHERENT_BUS ||
	    bus >= ATH5K_SHIM_COHERENT_BUS + ath5k_shim_coherent_used)
		return NULL;
	return ath5k_shim_coherent + (bus - ATH5K_SHIM_COHERENT_BUS);
}

static inline dma_addr_t dma_map_single(struct device *dev, void *p,
					size_t len, int dir)
{
	unsigned int i;

	(void)dev;
	(void)p;
	(void)dir;
	for (i = 0; i < ATH5K_SHIM_MAPS; i++) {
		if (ath5k_shim_map_addr[i])
			continue;
		ath5k_shim_map_addr[i] = 0x80000000u + 0x1000u * i;
		ath5k_shim_map_len[i] = len;
		ath5k_shim_maps_live++;
		return ath5k_shim_map_addr[i];
	}
	return 0;
}

static inline int dma_mapping_error(struct device *dev, dma_addr_t addr)
{
	(void)dev;
	return addr == 0;
}

static inline void dma_unmap_single(struct device *dev, dma_addr_t addr,
				    size_t len, int dir)
{
	unsigned int i;

	(void)dev;
	(void)dir;
	for (i = 0; i < ATH5K_SHIM_MAPS; i++) {
		if (ath5k_shim_map_addr[i] != addr || !addr)
			continue;
		if (ath5k_shim_map_len[i] != len) {
			fprintf(stderr, "unmap of %zu bytes, %zu mapped\n",
				len, ath5k_shim_map_len[i]);
			abort();
		}
		ath5k_shim_map_addr[i] = 0;
		ath5k_shim_maps_live--;
		return;
	}
	fprintf(stderr, "unmap of %#llx, not mapped\n",
		(unsigned long long)addr);
	abort();
}

#define dma_sync_single_for_cpu(dev, addr, len, dir) do { } while (0)
#define dma_sync_single_for_device(dev, addr, len, dir) do { } while (0)

#endif
