/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/netdevice.h>: a NAPI context with the
 * kernel's scheduling rules (a schedule while scheduled is remembered and
 * makes napi_complete_done() refuse; a disabled context is not
 * scheduled).  The test runs the poll when it chooses
 * (ath5k_shim_napi_run()), which also checks the poll's side of the
 * contract: below the budget it must have completed, or been scheduled
 * again meanwhile.
 */
#ifndef ATH5K_SHIM_LINUX_NETDEVICE_H
#define ATH5K_SHIM_LINUX_NETDEVICE_H

#include <stdbool.h>
#include <stdlib.h>

#define NAPI_POLL_WEIGHT	64

struct net_device {
	int dummy;
};

struct napi_struct {
	int (*poll)(struct napi_struct *napi, int budget);
	bool enabled;
	bool scheduled;		/* queued or polling */
	bool missed;		/* scheduled again while it was */
	bool repoll;		/* napi_complete_done() refused this run */
	bool completed;		/* napi_complete_done() agreed this run */
	unsigned int contract_broken;	/* runs that left it hanging */
};

static inline struct net_device *alloc_netdev_dummy(int sizeof_priv)
{
	return calloc(1, sizeof(struct net_device) + (size_t)sizeof_priv);
}

static inline void free_netdev(struct net_device *dev)
{
	free(dev);
}

static inline void netif_napi_add(struct net_device *dev,
				  struct napi_struct *napi,
				  int (*poll)(struct napi_struct *, int))
{
	(void)dev;
	*napi = (struct napi_struct){ .poll = poll };
}

static inline void netif_napi_del(struct napi_struct *napi)
{
	napi->poll = NULL;
}

static inline void napi_enable(struct napi_struct *napi)
{
	napi->enabled = true;
}

/* The kernel waits for a running poll; here none runs. */
static inline void napi_disable(struct napi_struct *napi)
{
	napi->enabled = false;
	napi->scheduled = false;
	napi->missed = false;
}

static inline void napi_schedule(struct napi_struct *napi)
{
	if (!napi->enabled)
		return;
	if (napi->scheduled)
		napi->missed = true;
	napi->scheduled = true;
}

static inline bool napi_complete_done(struct napi_struct *napi, int done)
{
	(void)done;
	if (napi->missed) {
		napi->missed = false;
		napi->repoll = true;
		return false;
	}
	napi->scheduled = false;
	napi->completed = true;
	return true;
}

/* The softirq: one poll of @napi if it is scheduled; its return or -1. */
static inline int ath5k_shim_napi_run(struct napi_struct *napi, int budget)
{
	int done;

	if (!napi->enabled || !napi->scheduled)
		return -1;
	napi->repoll = false;
	napi->completed = false;
	done = napi->poll(napi, budget);
	if (done < budget && !napi->completed && !napi->repoll)
		napi->contract_broken++;
	return done;
}

#endif
