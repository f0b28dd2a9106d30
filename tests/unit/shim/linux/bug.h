/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/bug.h>: a warning is printed and counted
 * in ath5k_shim_warnings, which the tests that run the hardware layer
 * hold at 0.
 */
#ifndef ATH5K_SHIM_LINUX_BUG_H
#define ATH5K_SHIM_LINUX_BUG_H

#include <stdbool.h>
#include <stdio.h>

__attribute__((weak)) unsigned int ath5k_shim_warnings;

#define WARN_ON_ONCE(cond) ath5k_shim_warn(!!(cond), __FILE__, __LINE__)

static inline bool ath5k_shim_warn(bool cond, const char *file, int line)
{
	if (cond) {
		ath5k_shim_warnings++;
		fprintf(stderr, "WARNING at %s:%d\n", file, line);
	}
	return cond;
}

#endif
