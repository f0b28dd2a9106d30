/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <asm/barrier.h>.  dma_rmb() calls a hook a test
 * may set, so it can act as the device whose earlier writes become
 * visible only at the barrier, and see whether the code under test read
 * them before or after it.
 */
#ifndef ATH5K_SHIM_ASM_BARRIER_H
#define ATH5K_SHIM_ASM_BARRIER_H

/* Weak: every test program that includes this shares one hook. */
__attribute__((weak)) void (*ath5k_shim_dma_rmb_hook)(void);

static inline void dma_rmb(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	if (ath5k_shim_dma_rmb_hook)
		ath5k_shim_dma_rmb_hook();
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

static inline void dma_wmb(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

#define smp_store_release(p, v) __atomic_store_n(p, v, __ATOMIC_RELEASE)

#endif
