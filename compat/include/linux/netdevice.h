/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
#ifndef ATH5K_COMPAT_LINUX_NETDEVICE_H
#define ATH5K_COMPAT_LINUX_NETDEVICE_H

#include_next <linux/netdevice.h>
#include <linux/slab.h>

/*
 * 6.1 dropped the weight argument of netif_napi_add(); the default weight
 * is what every caller passed.
 */
#if COMPAT_KERNEL_BEFORE(6, 1, 0)
#define netif_napi_add(dev, napi, poll) \
	netif_napi_add(dev, napi, poll, NAPI_POLL_WEIGHT)
#endif

/*
 * 6.10 added alloc_netdev_dummy(), a NAPI host that free_netdev() takes
 * back.  Before it a driver set one up with init_dummy_netdev(), which
 * clears the whole structure and leaves the parts free_netdev() walks
 * unset, so the compat free gives such a device straight back.
 */
#if COMPAT_KERNEL_BEFORE(6, 10, 0)
static inline struct net_device *alloc_netdev_dummy(int sizeof_priv)
{
	struct net_device *dev;

	dev = kzalloc(ALIGN(sizeof(*dev), NETDEV_ALIGN) + sizeof_priv,
		      GFP_KERNEL);
	if (dev)
		init_dummy_netdev(dev);
	return dev;
}

static inline void compat_free_netdev(struct net_device *dev)
{
	if (dev->reg_state == NETREG_DUMMY) {
		struct napi_struct *napi, *next;

		list_for_each_entry_safe(napi, next, &dev->napi_list, dev_list)
			netif_napi_del(napi);
		kfree(dev);
		return;
	}
	free_netdev(dev);
}

#define free_netdev compat_free_netdev
#endif

#endif /* ATH5K_COMPAT_LINUX_NETDEVICE_H */
