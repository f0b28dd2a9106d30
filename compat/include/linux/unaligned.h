/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_COMPAT_LINUX_UNALIGNED_H
#define ATH5K_COMPAT_LINUX_UNALIGNED_H

/* 6.12 moved <asm/unaligned.h> to <linux/unaligned.h>. */
#if COMPAT_KERNEL_BEFORE(6, 12, 0)
#include <asm/unaligned.h>
#else
#include_next <linux/unaligned.h>
#endif

#endif /* ATH5K_COMPAT_LINUX_UNALIGNED_H */
