/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Forced into every driver file by src/Kbuild, ahead of any kernel header.
 * The headers beside this one shadow kernel headers of the same name: each
 * pulls in the kernel's own copy with #include_next and then supplies what
 * an older kernel lacks, so src/ is written against the newest API only.
 */
#ifndef ATH5K_COMPAT_H
#define ATH5K_COMPAT_H

#include <linux/kconfig.h>
#include <linux/version.h>

/* True when the kernel being built against is older than a.b.c. */
#define COMPAT_KERNEL_BEFORE(a, b, c) \
	(LINUX_VERSION_CODE < KERNEL_VERSION(a, b, c))

#endif /* ATH5K_COMPAT_H */
