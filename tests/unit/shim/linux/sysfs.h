/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/sysfs.h>: attributes live in device.h. */
#ifndef ATH5K_SHIM_LINUX_SYSFS_H
#define ATH5K_SHIM_LINUX_SYSFS_H

#include <stdarg.h>
#include <stdio.h>
#include <linux/device.h>

#define ATH5K_SHIM_PAGE_SIZE	4096

static inline int sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, ATH5K_SHIM_PAGE_SIZE, fmt, ap);
	va_end(ap);
	return n;
}

#endif
