/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/hrtimer.h>: a timer is its callback, the
 * delay it was last started with and whether it is armed; the test fires
 * it when it chooses (ath5k_shim_hrtimer_fire()).
 */
#ifndef ATH5K_SHIM_LINUX_HRTIMER_H
#define ATH5K_SHIM_LINUX_HRTIMER_H

#include <linux/types.h>

typedef s64 ktime_t;

enum hrtimer_restart { HRTIMER_NORESTART, HRTIMER_RESTART };
enum hrtimer_mode { HRTIMER_MODE_REL = 1 };
#define CLOCK_MONOTONIC	1

struct hrtimer {
	enum hrtimer_restart (*function)(struct hrtimer *t);
	ktime_t delay;
	bool armed;
};

#define NSEC_PER_USEC	1000L

static inline ktime_t ns_to_ktime(u64 ns)
{
	return (ktime_t)ns;
}

static inline void hrtimer_setup(struct hrtimer *t,
				 enum hrtimer_restart (*fn)(struct hrtimer *),
				 int clock, enum hrtimer_mode mode)
{
	(void)clock;
	(void)mode;
	t->function = fn;
	t->delay = 0;
	t->armed = false;
}

static inline void hrtimer_start(struct hrtimer *t, ktime_t delay,
				 enum hrtimer_mode mode)
{
	(void)mode;
	t->delay = delay;
	t->armed = true;
}

static inline int hrtimer_cancel(struct hrtimer *t)
{
	bool was = t->armed;

	t->armed = false;
	return was;
}

/* The time has come: runs the callback of an armed timer. */
static inline bool ath5k_shim_hrtimer_fire(struct hrtimer *t)
{
	if (!t->armed)
		return false;
	t->armed = false;
	if (t->function(t) == HRTIMER_RESTART)
		t->armed = true;
	return true;
}

#endif /* ATH5K_SHIM_LINUX_HRTIMER_H */
