/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* tests/unit/shim's kernel.h plus what the register-level files use. */
#ifndef ATH5K_HWEMU_LINUX_KERNEL_H
#define ATH5K_HWEMU_LINUX_KERNEL_H

#include_next <linux/kernel.h>
#include "kshim.h"

#define lower_32_bits(n) ((u32)(n))
#define upper_32_bits(n) ((u32)((n) >> 32))
#define fallthrough __attribute__((__fallthrough__))
#define might_sleep() do { } while (0)

#endif
