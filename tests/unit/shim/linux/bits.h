/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/bits.h>. */
#ifndef ATH5K_SHIM_LINUX_BITS_H
#define ATH5K_SHIM_LINUX_BITS_H

#define BIT(n) (1UL << (n))
#define BIT_ULL(n) (1ULL << (n))
#define GENMASK(h, l) (((~0U) >> (31 - (h))) & ~((1U << (l)) - 1))

#endif
