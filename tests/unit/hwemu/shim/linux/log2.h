/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_HWEMU_LINUX_LOG2_H
#define ATH5K_HWEMU_LINUX_LOG2_H

#define ilog2(x) (31 - __builtin_clz((unsigned int)(x)))
#define is_power_of_2(n) ((n) != 0 && (((n) & ((n) - 1)) == 0))

static inline unsigned int roundup_pow_of_two(unsigned int x)
{
	unsigned int r = 1;

	while (r < x)
		r <<= 1;
	return r;
}

#endif
