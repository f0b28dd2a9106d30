/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/err.h>: errors carried in pointers. */
#ifndef ATH5K_SHIM_LINUX_ERR_H
#define ATH5K_SHIM_LINUX_ERR_H

#include <stdbool.h>
#include <stdint.h>

#define MAX_ERRNO	4095

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return (uintptr_t)ptr >= (uintptr_t)-MAX_ERRNO;
}

#endif
