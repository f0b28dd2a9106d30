/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_COMPAT_LINUX_WORKQUEUE_H
#define ATH5K_COMPAT_LINUX_WORKQUEUE_H

#include_next <linux/workqueue.h>

/*
 * 6.9 added BH workqueues, which run work in softirq context as tasklets
 * did.  Before it the nearest is the high-priority thread pool: a caller
 * that needs BH off while its work runs disables it there itself.
 */
#if COMPAT_KERNEL_BEFORE(6, 9, 0)
#define system_bh_highpri_wq system_highpri_wq
#endif

#endif /* ATH5K_COMPAT_LINUX_WORKQUEUE_H */
