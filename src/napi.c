// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Completion work: one NAPI context, on a dummy netdev as mac80211 PCI
 * drivers have it, reaps the TX queues and receives under a budget.  The
 * interrupt handler masks the RX and TX sources when it schedules the
 * poll; the poll lets them through again once it has run out of work.
 *
 * The AR5212 family has no interrupt mitigation timer (RIMT/TIMT came
 * with the AR5416).  Its software form: while frames keep coming, the
 * ring is polled again after ATH5K_RX_POLL_US with the RX interrupts
 * still masked.  At 54 Mbit/s a full frame takes about 250 us on the
 * air, so a poll finds a few and the ring never fills in between.
 */
#include <linux/netdevice.h>

#include "ath5k.h"

static enum hrtimer_restart ath5k_rx_poll_due(struct hrtimer *t)
{
	struct ath5k_dev *dev = container_of(t, struct ath5k_dev, rx_poll);

	/* a disabled context schedules nothing: no INVALID test needed */
	napi_schedule(&dev->napi);
	return HRTIMER_NORESTART;
}

static int ath5k_poll(struct napi_struct *napi, int budget)
{
	struct ath5k_dev *dev = container_of(napi, struct ath5k_dev, napi);
	int done;

	/* stopping or resetting: the rings are drained and re-armed later */
	if (test_bit(ATH5K_INVALID, &dev->flags)) {
		napi_complete_done(napi, 0);
		return 0;
	}

	ath5k_tx_complete(dev);
	done = ath5k_rx_poll(dev, budget);
	if (done >= budget)
		return budget;		/* called again, sources still masked */

	/* scheduled again meanwhile: the next run releases the sources */
	if (!napi_complete_done(napi, done))
		return done;

	if (done) {
		/* busy: TX may interrupt again, RX is polled */
		ath5k_irq_update(dev, ATH5K_INT_TX_ANY, 0);
		hrtimer_start(&dev->rx_poll,
			      ns_to_ktime(ATH5K_RX_POLL_US * NSEC_PER_USEC),
			      HRTIMER_MODE_REL);
		return done;
	}

	ath5k_irq_update(dev, ATH5K_INT_POLLED, 0);
	/*
	 * A completion between the last look and the release raised a
	 * cause the chip still holds, so its interrupt follows; this look,
	 * in memory only, spares it the round trip.
	 */
	if (ath5k_rx_pending(dev) || ath5k_tx_pending(dev))
		napi_schedule(napi);
	return done;
}

int ath5k_napi_init(struct ath5k_dev *dev)
{
	dev->napi_dev = alloc_netdev_dummy(0);
	if (!dev->napi_dev)
		return -ENOMEM;
	netif_napi_add(dev->napi_dev, &dev->napi, ath5k_poll);
	hrtimer_setup(&dev->rx_poll, ath5k_rx_poll_due, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL);
	return 0;
}

void ath5k_napi_deinit(struct ath5k_dev *dev)
{
	hrtimer_cancel(&dev->rx_poll);
	netif_napi_del(&dev->napi);
	free_netdev(dev->napi_dev);
	dev->napi_dev = NULL;
}

/* With dev->lock held, before the interrupts are let through. */
void ath5k_napi_start(struct ath5k_dev *dev)
{
	lockdep_assert_held(&dev->lock);
	if (dev->napi_on)
		return;
	napi_enable(&dev->napi);
	dev->napi_on = true;
}

/*
 * With dev->lock held, INVALID set and the interrupt masked: wait for a
 * running poll, then nothing schedules one until ath5k_napi_start().
 */
void ath5k_napi_stop(struct ath5k_dev *dev)
{
	lockdep_assert_held(&dev->lock);
	if (dev->napi_on) {
		napi_disable(&dev->napi);
		dev->napi_on = false;
	}
	/* armed by the last poll; it finds the context disabled */
	hrtimer_cancel(&dev->rx_poll);
}
