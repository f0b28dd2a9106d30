/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for the few <linux/kernel.h> helpers driver logic uses. */
#ifndef ATH5K_SHIM_LINUX_KERNEL_H
#define ATH5K_SHIM_LINUX_KERNEL_H

#include <linux/types.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define clamp(v, lo, hi) min(max(v, lo), hi)
#define min_t(type, a, b) ((type)(a) < (type)(b) ? (type)(a) : (type)(b))
#define max_t(type, a, b) ((type)(a) > (type)(b) ? (type)(a) : (type)(b))
#define clamp_t(type, v, lo, hi) min_t(type, max_t(type, v, lo), hi)
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define roundup(x, y) (DIV_ROUND_UP(x, y) * (y))
#define ALIGN(x, a) (((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define div_u64(n, d) ((u64)(n) / (d))
#define BUILD_BUG_ON(cond) _Static_assert(!(cond), #cond)
/* base 0: C prefixes; a trailing newline is allowed, as from sysfs */
static inline int kstrtou8(const char *s, unsigned int base, u8 *res)
{
	unsigned long v = 0;
	unsigned int digits = 0;

	if (!base) {
		base = 10;
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
			base = 16;
			s += 2;
		} else if (s[0] == '0' && s[1]) {
			base = 8;
		}
	}
	for (; *s && *s != '\n'; s++, digits++) {
		unsigned int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return -22;	/* -EINVAL */
		if (d >= base)
			return -22;
		v = v * base + d;
		if (v > 0xff)
			return -34;	/* -ERANGE */
	}
	if (!digits || (*s == '\n' && s[1]))
		return -22;
	*res = (u8)v;
	return 0;
}

/* no kernel configuration here: every option is off */
#define IS_ENABLED(option) 0

#endif
