/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/compiler.h>: READ_ONCE and friends. */
#ifndef ATH5K_SHIM_LINUX_COMPILER_H
#define ATH5K_SHIM_LINUX_COMPILER_H

#include "kshim.h"

#endif
