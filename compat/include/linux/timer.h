/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_COMPAT_LINUX_TIMER_H
#define ATH5K_COMPAT_LINUX_TIMER_H

#include_next <linux/timer.h>

/* 6.16 renamed from_timer() to timer_container_of(). */
#ifndef timer_container_of
#define timer_container_of(var, timer, field) from_timer(var, timer, field)
#endif

/*
 * 6.2 named the deletion calls timer_delete() and timer_delete_sync();
 * 6.15 removed the old del_timer() names.  (Debian's 5.10 has a backported
 * timer_delete_sync(); mapping it to del_timer_sync() is equivalent.)
 */
#if COMPAT_KERNEL_BEFORE(6, 2, 0)
#define timer_delete(timer) del_timer(timer)
#define timer_delete_sync(timer) del_timer_sync(timer)
#endif

#endif /* ATH5K_COMPAT_LINUX_TIMER_H */
