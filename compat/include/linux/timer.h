/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_COMPAT_LINUX_TIMER_H
#define ATH5K_COMPAT_LINUX_TIMER_H

#include_next <linux/timer.h>

/* 6.16 renamed from_timer() to timer_container_of(). */
#ifndef timer_container_of
#define timer_container_of(var, timer, field) from_timer(var, timer, field)
#endif

#endif /* ATH5K_COMPAT_LINUX_TIMER_H */
