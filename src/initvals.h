/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Encoding of the initial-value tables in initvals.c (see there).
 */
#ifndef ATH5K_INITVALS_H
#define ATH5K_INITVALS_H

#include <linux/types.h>

#define INI_RUN(reg, n)		((u32)(reg) << 16 | (n))
#define INI_RUN_REG(w)		((w) >> 16)
#define INI_RUN_LEN(w)		((w) & 0xffff)
#define INI_END			0

/* The tables of one radio, in the order they are written. */
struct ath5k_ini_set {
	const u32 *modal_head;	/* per mode, before the common values */
	const u32 *common;
	const u32 *radio_modal;
	const u32 *radio_common;
	const u32 *bb_gain;
};

/* Tables for @radio (enum ath5k_radio), NULL if unknown. */
const struct ath5k_ini_set *ath5k_ini_for_radio(unsigned int radio);

#endif /* ATH5K_INITVALS_H */
