/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_COMPAT_LINUX_PM_H
#define ATH5K_COMPAT_LINUX_PM_H

#include_next <linux/pm.h>

/*
 * From 5.17 DEFINE_SIMPLE_DEV_PM_OPS() leaves the storage class to its
 * caller, who writes "static".  The 5.16 form, which Debian 11's 5.10
 * carries, says "static" itself; kernels before it lack the macro.  Both
 * get the newest form.
 */
#if COMPAT_KERNEL_BEFORE(5, 17, 0)
#undef DEFINE_SIMPLE_DEV_PM_OPS
#ifdef SYSTEM_SLEEP_PM_OPS
#define DEFINE_SIMPLE_DEV_PM_OPS(name, suspend_fn, resume_fn)		\
	const struct dev_pm_ops name = {				\
		SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)		\
	}
#else
#define DEFINE_SIMPLE_DEV_PM_OPS(name, suspend_fn, resume_fn)		\
	const struct dev_pm_ops __maybe_unused name = {			\
		SET_SYSTEM_SLEEP_PM_OPS(suspend_fn, resume_fn)		\
	}
#endif
#endif

/* 5.16: a PM table that only exists with CONFIG_PM_SLEEP. */
#ifndef pm_sleep_ptr
#define pm_sleep_ptr(ptr) (IS_ENABLED(CONFIG_PM_SLEEP) ? (ptr) : NULL)
#endif

#endif /* ATH5K_COMPAT_LINUX_PM_H */
