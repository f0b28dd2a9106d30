/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/spinlock.h>, single threaded: a lock is a
 * depth counter, taking a held lock or releasing a free one aborts (a
 * deadlock or imbalance in the code under test), and a hook a test may
 * set runs just after a lock is taken, so it can play the other CPU that
 * was waiting for it.
 */
#ifndef ATH5K_SHIM_LINUX_SPINLOCK_H
#define ATH5K_SHIM_LINUX_SPINLOCK_H

#include <stdio.h>
#include <stdlib.h>

typedef struct spinlock {
	int held;
} spinlock_t;

__attribute__((weak)) void (*ath5k_shim_spin_lock_hook)(spinlock_t *lock);

static inline void spin_lock_init(spinlock_t *l)
{
	l->held = 0;
}

static inline void ath5k_shim_lock(spinlock_t *l)
{
	if (l->held) {
		fprintf(stderr, "spinlock %p taken twice\n", (void *)l);
		abort();
	}
	l->held = 1;
	if (ath5k_shim_spin_lock_hook)
		ath5k_shim_spin_lock_hook(l);
}

static inline void ath5k_shim_unlock(spinlock_t *l)
{
	if (!l->held) {
		fprintf(stderr, "spinlock %p released while free\n", (void *)l);
		abort();
	}
	l->held = 0;
}

#define spin_lock(l) ath5k_shim_lock(l)
#define spin_unlock(l) ath5k_shim_unlock(l)
#define spin_lock_bh(l) ath5k_shim_lock(l)
#define spin_unlock_bh(l) ath5k_shim_unlock(l)
#define spin_lock_irq(l) ath5k_shim_lock(l)
#define spin_unlock_irq(l) ath5k_shim_unlock(l)
#define spin_lock_irqsave(l, f) do { (f) = 0; ath5k_shim_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f) \
	do { (void)(f); ath5k_shim_unlock(l); } while (0)
#define lockdep_assert_held(l) \
	do { if (!(l)->held) abort(); } while (0)

#endif
