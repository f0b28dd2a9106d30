/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Kernel helpers the hardware layer's pure files (desc.c, eeprom.c,
 * rates.c) use beyond what shim/linux/ provides: field access, typed
 * min/max, READ_ONCE/WRITE_ONCE.  Userspace only.
 */
#ifndef ATH5K_UNIT_KSHIM_H
#define ATH5K_UNIT_KSHIM_H

#include <linux/types.h>

#define ATH5K_SHIM_SHIFT(mask)	__builtin_ctzll((unsigned long long)(mask))

#ifndef FIELD_PREP
#define FIELD_PREP(mask, val) \
	((((unsigned long long)(val)) << ATH5K_SHIM_SHIFT(mask)) & (mask))
#define FIELD_GET(mask, reg) \
	((((unsigned long long)(reg)) & (mask)) >> ATH5K_SHIM_SHIFT(mask))
#endif
#ifndef FIELD_MAX
#define FIELD_MAX(mask) ((mask) >> ATH5K_SHIM_SHIFT(mask))
#endif

#ifndef min_t
#define min_t(type, a, b) ((type)(a) < (type)(b) ? (type)(a) : (type)(b))
#define max_t(type, a, b) ((type)(a) > (type)(b) ? (type)(a) : (type)(b))
#define clamp_t(type, v, lo, hi) min_t(type, max_t(type, v, lo), hi)
#endif

#ifndef swap
#define swap(a, b) \
	do { __typeof__(a) swap_tmp_ = (a); (a) = (b); (b) = swap_tmp_; } while (0)
#endif

#ifndef READ_ONCE
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) (*(volatile __typeof__(x) *)&(x) = (val))
#endif

#endif
