/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/etherdevice.h>. */
#ifndef ATH5K_SHIM_LINUX_ETHERDEVICE_H
#define ATH5K_SHIM_LINUX_ETHERDEVICE_H

#include <string.h>
#include <linux/types.h>

#define ETH_ALEN	6

static inline void ether_addr_copy(u8 *dst, const u8 *src)
{
	memcpy(dst, src, ETH_ALEN);
}

static inline void eth_broadcast_addr(u8 *addr)
{
	memset(addr, 0xff, ETH_ALEN);
}

static inline bool ether_addr_equal(const u8 *a, const u8 *b)
{
	return !memcmp(a, b, ETH_ALEN);
}

static inline bool is_multicast_ether_addr(const u8 *addr)
{
	return addr[0] & 1;
}

#endif
