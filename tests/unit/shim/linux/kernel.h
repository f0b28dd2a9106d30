/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for the few <linux/kernel.h> helpers driver logic uses. */
#ifndef ATH5K_SHIM_LINUX_KERNEL_H
#define ATH5K_SHIM_LINUX_KERNEL_H

#include <linux/types.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define clamp(v, lo, hi) min(max(v, lo), hi)
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define roundup(x, y) (DIV_ROUND_UP(x, y) * (y))
#define div_u64(n, d) ((u64)(n) / (d))
/* no kernel configuration here: every option is off */
#define IS_ENABLED(option) 0

#endif
