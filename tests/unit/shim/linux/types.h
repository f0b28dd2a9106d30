/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for the kernel's <linux/types.h>: the userspace
 * header (fixed-width __u32, __le32, ...) plus the kernel's short names,
 * so pure-logic driver files compile unchanged.
 */
#ifndef ATH5K_SHIM_LINUX_TYPES_H
#define ATH5K_SHIM_LINUX_TYPES_H

#include_next <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#endif
