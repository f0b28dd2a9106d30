/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/interrupt.h>: a tasklet is its callback
 * and a count of pending schedules; the test runs it when it chooses.
 */
#ifndef ATH5K_SHIM_LINUX_INTERRUPT_H
#define ATH5K_SHIM_LINUX_INTERRUPT_H

#include <linux/list.h>

typedef int irqreturn_t;
#define IRQ_NONE	0
#define IRQ_HANDLED	1

#define IRQF_SHARED	0x80

/* Defined by a test that probes a device. */
int request_irq(unsigned int irq, irqreturn_t (*handler)(int, void *),
		unsigned long flags, const char *name, void *dev);
void free_irq(unsigned int irq, void *dev);

struct tasklet_struct {
	void (*callback)(struct tasklet_struct *t);
	unsigned int scheduled;		/* schedules since it last ran */
	int disabled;
};

#define from_tasklet(var, t, field) \
	container_of(t, __typeof__(*(var)), field)

static inline void tasklet_setup(struct tasklet_struct *t,
				 void (*cb)(struct tasklet_struct *))
{
	t->callback = cb;
	t->scheduled = 0;
	t->disabled = 0;
}

static inline void tasklet_schedule(struct tasklet_struct *t)
{
	t->scheduled++;
}

/* Runs the same way here: the test calls it. */
#define tasklet_hi_schedule(t) tasklet_schedule(t)

/* No other CPU here: nothing to wait for. */
#define synchronize_irq(irq) do { (void)(irq); } while (0)

static inline void tasklet_disable(struct tasklet_struct *t)
{
	t->disabled++;
}

static inline void tasklet_enable(struct tasklet_struct *t)
{
	t->disabled--;
}

static inline void tasklet_kill(struct tasklet_struct *t)
{
	t->scheduled = 0;
}

/* The softirq: run @t once if it is scheduled and enabled. */
static inline int ath5k_shim_tasklet_run(struct tasklet_struct *t)
{
	if (!t->scheduled || t->disabled)
		return 0;
	t->scheduled = 0;
	t->callback(t);
	return 1;
}

#endif
