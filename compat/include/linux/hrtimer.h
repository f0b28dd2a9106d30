/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_COMPAT_LINUX_HRTIMER_H
#define ATH5K_COMPAT_LINUX_HRTIMER_H

#include_next <linux/hrtimer.h>

/*
 * 6.13 added hrtimer_setup(), which sets the callback together with the
 * clock and mode; before it a driver called hrtimer_init() and then
 * assigned the callback.
 */
#if COMPAT_KERNEL_BEFORE(6, 13, 0)
static inline void
hrtimer_setup(struct hrtimer *timer,
	      enum hrtimer_restart (*function)(struct hrtimer *),
	      clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}
#endif

#endif /* ATH5K_COMPAT_LINUX_HRTIMER_H */
