// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * debugfs: what a bug report needs, in an "ath5k" directory under the
 * wiphy's (/sys/kernel/debug/ieee80211/phyN/ath5k/): the TX queues as the
 * driver and the chip see them, the key registers, and the state of
 * adaptive noise immunity.  The directory is created once the wiphy is
 * registered and removed before it is unregistered.  Reading takes
 * dev->lock; while the chip is stopped or resetting (INVALID) it may be
 * asleep or held in reset, so only the driver's side is shown then.
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "ath5k.h"

static int ath5k_dbg_queues_show(struct seq_file *s, void *unused)
{
	struct ath5k_dev *dev = s->private;
	struct ath5k_hw *ah = &dev->ah;
	bool chip;
	unsigned int q;

	mutex_lock(&dev->lock);
	chip = !test_bit(ATH5K_INVALID, &dev->flags);
	seq_printf(s, "free descriptors: %u of %u\n",
		   READ_ONCE(dev->txbuf_free_len), ATH5K_TX_BUFS);
	for (q = 0; q < ATH5K_TXQ_COUNT; q++) {
		struct ath5k_txq *txq = &dev->txqs[q];

		if (!txq->active)
			continue;
		spin_lock_bh(&txq->lock);
		seq_printf(s, "queue %u: pending %u descs %u%s%s", q,
			   txq->fill.pending, txq->fill.descs,
			   txq->txdp_pending ? " waiting-for-txdp" : "",
			   txq->watchdog_mark ? " no-progress" : "");
		spin_unlock_bh(&txq->lock);
		if (chip)
			seq_printf(s, " | chip pending %u txdp 0x%08x",
				   ath5k_hw_txq_pending(ah, q),
				   ath5k_hw_txq_get_txdp(ah, q));
		seq_putc(s, '\n');
	}
	if (!chip)
		seq_puts(s, "chip stopped\n");
	mutex_unlock(&dev->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ath5k_dbg_queues);

static int ath5k_dbg_registers_show(struct seq_file *s, void *unused)
{
	struct ath5k_dev *dev = s->private;
	struct ath5k_reg_value r;
	unsigned int i;

	mutex_lock(&dev->lock);
	if (test_bit(ATH5K_INVALID, &dev->flags)) {
		seq_puts(s, "chip stopped\n");
	} else {
		for (i = 0; !ath5k_hw_debug_reg(&dev->ah, i, &r); i++)
			seq_printf(s, "%-10s 0x%04x 0x%08x\n",
				   r.name, r.offset, r.value);
	}
	mutex_unlock(&dev->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ath5k_dbg_registers);

static int ath5k_dbg_ani_show(struct seq_file *s, void *unused)
{
	struct ath5k_dev *dev = s->private;
	const struct ath5k_ani *ani = &dev->ah.ani;

	mutex_lock(&dev->lock);
	seq_printf(s, "mode: %u (wanted %u)\n", ani->mode, dev->ani_mode);
	seq_printf(s, "noise immunity: %u of %u\n", ani->noise_imm,
		   ATH5K_ANI_MAX_NOISE_IMM);
	seq_printf(s, "spur immunity: %u of %u\n", ani->spur, ani->max_spur);
	seq_printf(s, "firstep: %u of %u\n", ani->firstep,
		   ATH5K_ANI_MAX_FIRSTEP);
	seq_printf(s, "OFDM weak signal: %s\n", ani->ofdm_weak ? "on" : "off");
	seq_printf(s, "CCK weak signal: %s\n", ani->cck_weak ? "on" : "off");
	seq_printf(s, "PHY errors from: %s\n",
		   ani->phyerr_rx ? "RX" : "counters");
	seq_printf(s, "listen time: %u ms\n", ani->listen_ms);
	seq_printf(s, "errors this period: OFDM %u CCK %u\n",
		   ani->ofdm_errors, ani->cck_errors);
	seq_printf(s, "errors last period: OFDM %u CCK %u in %u ms\n",
		   ani->last_ofdm_errors, ani->last_cck_errors,
		   ani->last_listen_ms);
	seq_printf(s, "errors in all: OFDM %u CCK %u\n",
		   ani->sum_ofdm_errors, ani->sum_cck_errors);
	mutex_unlock(&dev->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ath5k_dbg_ani);

void ath5k_debugfs_init(struct ath5k_dev *dev)
{
	struct dentry *dir;

	dir = debugfs_create_dir("ath5k", dev->hw->wiphy->debugfsdir);
	debugfs_create_file("queues", 0400, dir, dev, &ath5k_dbg_queues_fops);
	debugfs_create_file("registers", 0400, dir, dev,
			    &ath5k_dbg_registers_fops);
	debugfs_create_file("ani", 0400, dir, dev, &ath5k_dbg_ani_fops);
	dev->debugfs = dir;
}

void ath5k_debugfs_exit(struct ath5k_dev *dev)
{
	debugfs_remove_recursive(dev->debugfs);
	dev->debugfs = NULL;
}
