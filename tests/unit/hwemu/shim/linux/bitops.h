/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_HWEMU_LINUX_BITOPS_H
#define ATH5K_HWEMU_LINUX_BITOPS_H

#include_next <linux/bitops.h>
#include <linux/types.h>

/* Sign-extend @value from bit @index (two's complement). */
static inline s32 sign_extend32(u32 value, int index)
{
	u32 sign = 1u << index;

	value &= (sign << 1) - 1;
	return (s32)(value ^ sign) - (s32)sign;
}

#endif
