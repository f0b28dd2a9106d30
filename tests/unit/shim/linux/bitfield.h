/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/bitfield.h>: see kshim.h. */
#ifndef ATH5K_SHIM_LINUX_BITFIELD_H
#define ATH5K_SHIM_LINUX_BITFIELD_H

#include <linux/bits.h>
#include "kshim.h"

#endif
