/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/mutex.h>, single threaded. */
#ifndef ATH5K_SHIM_LINUX_MUTEX_H
#define ATH5K_SHIM_LINUX_MUTEX_H

#include <stdlib.h>

struct mutex {
	int held;
};

#define mutex_init(m) ((m)->held = 0)
#define mutex_lock(m) do { if ((m)->held++) abort(); } while (0)
#define mutex_unlock(m) do { if (!(m)->held--) abort(); } while (0)

#endif
