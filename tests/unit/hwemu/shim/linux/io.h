/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* The hardware layer's register accessors, routed to the card model. */
#ifndef ATH5K_HWEMU_LINUX_IO_H
#define ATH5K_HWEMU_LINUX_IO_H

#include <linux/types.h>
#include "card_bus.h"

static inline u32 ioread32(const volatile void *addr)
{
	return card_bus_read((uintptr_t)addr - CARD_BUS_BASE);
}

static inline void iowrite32(u32 val, volatile void *addr)
{
	card_bus_write((uintptr_t)addr - CARD_BUS_BASE, val);
}

#endif
