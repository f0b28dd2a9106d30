/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/interrupt.h>: IRQ registration a test
 * defines, and bottom halves as a count of disables.
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

/* No other CPU here: nothing to wait for. */
#define synchronize_irq(irq) do { (void)(irq); } while (0)

/* Weak: every test program that includes this shares one count. */
__attribute__((weak)) int ath5k_shim_bh_disabled;

static inline void local_bh_disable(void)
{
	ath5k_shim_bh_disabled++;
}

static inline void local_bh_enable(void)
{
	ath5k_shim_bh_disabled--;
}

#endif
