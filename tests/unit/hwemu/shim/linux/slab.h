/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_HWEMU_LINUX_SLAB_H
#define ATH5K_HWEMU_LINUX_SLAB_H

#include <stdlib.h>

#define GFP_KERNEL 0
#define kcalloc(n, size, gfp) calloc(n, size)
#define kfree(p) free(p)

#endif
