/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/string.h>: the C library's. */
#ifndef ATH5K_SHIM_LINUX_STRING_H
#define ATH5K_SHIM_LINUX_STRING_H

#include <stddef.h>
#include <string.h>

/* First byte of @start that differs from @c, NULL if all equal it. */
static inline void *memchr_inv(const void *start, int c, size_t bytes)
{
	const unsigned char *p = start;
	size_t i;

	for (i = 0; i < bytes; i++)
		if (p[i] != (unsigned char)c)
			return (void *)(p + i);
	return NULL;
}

#endif
