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

/*
 * Driver files are held to kbuild's W=1, whose -Wextra leaves out
 * unused-parameter and sign-compare (an operation a generation does not
 * need all of keeps the table's signature).
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
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
typedef u64 dma_addr_t;
typedef unsigned int gfp_t;
typedef unsigned short umode_t;
typedef long ssize_t;

/* compiler annotations the kernel gets from compiler_types.h */
#ifndef __packed
#define __packed __attribute__((__packed__))
#endif
#ifndef __aligned
#define __aligned(n) __attribute__((__aligned__(n)))
#endif
#define __iomem
#define __bitwise
#define __force

/* byte order helpers the kernel gets from <asm/byteorder.h> */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define cpu_to_le16(x) ((__le16)(__u16)(x))
#define le16_to_cpu(x) ((__u16)(x))
#define cpu_to_le32(x) ((__le32)(__u32)(x))
#define le32_to_cpu(x) ((__u32)(x))
#else
#define cpu_to_le16(x) ((__le16)__builtin_bswap16(x))
#define le16_to_cpu(x) __builtin_bswap16((__u16)(x))
#define cpu_to_le32(x) ((__le32)__builtin_bswap32(x))
#define le32_to_cpu(x) __builtin_bswap32((__u32)(x))
#endif

#endif
