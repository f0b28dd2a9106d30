/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/bitops.h>: bit flags in one word. */
#ifndef ATH5K_SHIM_LINUX_BITOPS_H
#define ATH5K_SHIM_LINUX_BITOPS_H

#include <linux/bits.h>

#define BITS_PER_LONG (8 * sizeof(long))
#define BITS_TO_LONGS(n) (((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)

static inline int test_bit(unsigned int nr, const unsigned long *addr)
{
	return (*addr >> nr) & 1;
}

static inline void set_bit(unsigned int nr, unsigned long *addr)
{
	*addr |= 1UL << nr;
}

static inline void clear_bit(unsigned int nr, unsigned long *addr)
{
	*addr &= ~(1UL << nr);
}

static inline int test_and_clear_bit(unsigned int nr, unsigned long *addr)
{
	int old = test_bit(nr, addr);

	clear_bit(nr, addr);
	return old;
}

static inline int test_and_set_bit(unsigned int nr, unsigned long *addr)
{
	int old = test_bit(nr, addr);

	set_bit(nr, addr);
	return old;
}

#endif
