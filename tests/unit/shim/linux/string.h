/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/string.h>: the C library's. */
#ifndef ATH5K_SHIM_LINUX_STRING_H
#define ATH5K_SHIM_LINUX_STRING_H

#include <string.h>

#endif
