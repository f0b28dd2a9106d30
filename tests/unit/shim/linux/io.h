/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/io.h>: register space is plain memory. */
#ifndef ATH5K_SHIM_LINUX_IO_H
#define ATH5K_SHIM_LINUX_IO_H

#include <linux/types.h>

static inline u32 ioread32(const volatile void *addr)
{
	return *(const volatile u32 *)addr;
}

static inline void iowrite32(u32 val, volatile void *addr)
{
	*(volatile u32 *)addr = val;
}

#endif
