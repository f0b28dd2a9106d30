/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/jiffies.h>: one tick per millisecond. */
#ifndef ATH5K_SHIM_LINUX_JIFFIES_H
#define ATH5K_SHIM_LINUX_JIFFIES_H

__attribute__((weak)) unsigned long jiffies;

#define msecs_to_jiffies(ms) ((unsigned long)(ms))
#define time_after(a, b) ((long)((b) - (a)) < 0)
#define time_is_before_eq_jiffies(a) ((long)(jiffies - (a)) >= 0)

#endif
