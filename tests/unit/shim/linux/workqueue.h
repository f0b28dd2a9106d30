/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/workqueue.h>: work items the test runs. */
#ifndef ATH5K_SHIM_LINUX_WORKQUEUE_H
#define ATH5K_SHIM_LINUX_WORKQUEUE_H

#include <linux/list.h>
#include <linux/jiffies.h>

struct work_struct {
	void (*func)(struct work_struct *work);
	unsigned int queued;
};

struct delayed_work {
	struct work_struct work;
	unsigned long delay;
};

#define INIT_WORK(w, f) do { (w)->func = (f); (w)->queued = 0; } while (0)
#define work_pending(w) ((w)->queued != 0)
#define INIT_DELAYED_WORK(d, f) INIT_WORK(&(d)->work, f)

static inline int cancel_work_sync(struct work_struct *w)
{
	int was = w->queued != 0;

	w->queued = 0;
	return was;
}

struct workqueue_struct;
#define system_bh_highpri_wq	((struct workqueue_struct *)1)
#define system_highpri_wq	((struct workqueue_struct *)2)

static inline bool queue_work(struct workqueue_struct *wq,
			      struct work_struct *w)
{
	(void)wq;
	return w->queued++ == 0;
}

/* Waits for the work queued last: here it runs now, if queued. */
static inline bool flush_work(struct work_struct *w)
{
	if (!w->queued)
		return false;
	w->queued = 0;
	w->func(w);
	return true;
}

static inline int cancel_delayed_work_sync(struct delayed_work *d)
{
	return cancel_work_sync(&d->work);
}

#endif
