/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/slab.h>: the C library's allocator. */
#ifndef ATH5K_SHIM_LINUX_SLAB_H
#define ATH5K_SHIM_LINUX_SLAB_H

#include <stdlib.h>

#define GFP_KERNEL	0
#define GFP_ATOMIC	1
#define kcalloc(n, size, gfp) ((void)(gfp), calloc(n, size))
#define kzalloc(size, gfp) ((void)(gfp), calloc(1, size))
#define kfree(p) free(p)

#endif
