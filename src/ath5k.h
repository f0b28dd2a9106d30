/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The driver instance: everything the mac80211/PCI layer keeps about one
 * card.  The chip itself is reached only through struct ath5k_hw (hw.h).
 */
#ifndef ATH5K_H
#define ATH5K_H

#include <linux/bitops.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/leds.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <net/mac80211.h>

#include "hw.h"
#include "channels.h"
#include "keyslot.h"
#include "ratemap.h"
#include "txq_fill.h"
#include "regd_table.h"

#define ATH5K_RX_BUFS		40	/* receive descriptors in the ring */
#define ATH5K_RX_POLL_US	1000	/* ring poll interval while RX is busy */
#define ATH5K_TX_BUFS		200	/* shared by all data queues */
#define ATH5K_BEACON_BUFS	4	/* one per beaconing interface */
#define ATH5K_TXQ_LEN_MAX	50	/* frames a data queue may hold */
#define ATH5K_TX_INTREQ_EVERY	4	/* frames per TX completion interrupt */
#define ATH5K_MAX_VIFS		4
#define ATH5K_MAX_FRAME		2352	/* largest 802.11 frame plus FCS */
#define ATH5K_DEFAULT_TXPOWER	25	/* dBm until mac80211 sets a level */

/* Consecutive missed beacon transmissions before the chip is reset. */
#define ATH5K_BEACON_STUCK	9
/* Seconds without progress on a busy TX queue before a reset. */
#define ATH5K_TX_WATCHDOG_SEC	3
/*
 * Interrupts in a row that the chip claims with no cause the driver
 * handles before it is reset.  A stuck chip then leaves 99 of every 100
 * unhandled, clear of the kernel's spurious-IRQ limit (more than 99,900
 * of 100,000), which would disable a line others may share; 1000 would
 * sit exactly on it.
 */
#define ATH5K_IRQ_UNHANDLED_MAX	100
/* Failed chip resets in a row before mac80211 restarts the device. */
#define ATH5K_RESET_TRIES	3
/* Interrupt causes the NAPI poll handles. */
#define ATH5K_INT_RX_WORK	(ATH5K_INT_RX_ANY | ATH5K_INT_RXEOL | \
				 ATH5K_INT_RXORN)
#define ATH5K_INT_POLLED	(ATH5K_INT_RX_WORK | ATH5K_INT_TX_ANY)
/* Calibration periods. */
#define ATH5K_CAL_SHORT_MS	10000
#define ATH5K_CAL_LONG_MS	60000
#define ATH5K_ANI_MS		100

/* One descriptor and the frame it carries. */
struct ath5k_buf {
	struct list_head list;
	struct ath5k_desc *desc;	/* in the coherent descriptor block */
	dma_addr_t desc_dma;
	struct sk_buff *skb;
	dma_addr_t skb_dma;
	/* the series programmed, as mac80211 gave them, for the status */
	struct ieee80211_tx_rate rates[IEEE80211_TX_MAX_RATES];
};

/* A hardware TX queue as the driver tracks it. */
struct ath5k_txq {
	unsigned int qnum;		/* hardware queue number */
	bool active;
	spinlock_t lock;		/* protects the fields below */
	struct list_head frames;	/* handed to the hardware, in order */
	__le32 *tail_link;		/* link word of the last descriptor */
	bool txdp_pending;		/* frames wait for TXDP to take them */
	struct ath5k_txq_fill fill;
	unsigned int since_intreq;	/* frames queued without INTREQ */
	bool watchdog_mark;		/* no completion since the last check */
};

struct ath5k_vif {
	enum nl80211_iftype type;
	struct ath5k_buf *beacon;	/* NULL unless the type beacons */
	bool beacon_on;			/* mac80211 enabled beaconing */
	u8 addr[ETH_ALEN];
};

/* Survey counters of the channel in use. */
struct ath5k_survey {
	u64 time_us;
	u64 busy_us;
	u64 rx_us;
	u64 tx_us;
};

struct ath5k_led {
	struct led_classdev cdev;
	struct ath5k_dev *dev;
	char name[32];
	bool registered;
};

/* State flags, bits of ath5k_dev.flags. */
enum ath5k_dev_flag {
	ATH5K_RUNNING,		/* between start and stop */
	ATH5K_INVALID,		/* hardware unusable (gone or resetting) */
	ATH5K_HW_CRYPTO,	/* key cache in use */
	ATH5K_RFKILL_BLOCKED,
};

struct ath5k_dev {
	struct ieee80211_hw *hw;
	struct pci_dev *pdev;
	struct device *dev;
	struct ath5k_hw ah;
	unsigned long flags;		/* enum ath5k_dev_flag */
	unsigned int cachelsz;		/* bytes */

	/* Serialises configuration: mac80211 ops, reset, calibration. */
	struct mutex lock;

	/* bands and their channel and rate tables */
	struct ieee80211_supported_band sbands[NUM_NL80211_BANDS];
	struct ieee80211_channel channels[ATH5K_CHANNELS_MAX];
	struct ieee80211_rate rates[NUM_NL80211_BANDS][ATH5K_RATE_COUNT];
	/* rate code -> index into the current band's bitrates, or -1 */
	s8 rate_idx[NUM_NL80211_BANDS][ATH5K_RATE_CODES];
	struct ieee80211_channel *curchan;
	struct ath5k_chan hwchan;

	/* regulatory state: current, and as the EEPROM set it */
	struct ath5k_regd regd;
	struct ath5k_regd regd_eeprom;
	/* our country hinted again, not yet seen applied (regd.c) */
	bool regd_hinted_again;

	/* interfaces */
	unsigned int nvifs;
	unsigned int n_ap, n_sta, n_ibss, n_mesh, n_monitor;
	enum ath5k_opmode opmode;
	u8 bssid[ETH_ALEN];
	u8 bssid_mask[ETH_ALEN];
	u16 aid;
	bool assoc;
	unsigned int filter_flags;	/* FIF_* accepted by mac80211 */
	u64 mcast_filter;
	u8 coverage_class;
	struct ath5k_keyslots keys;	/* key cache entries in use */
	int power_level;		/* dBm asked for by mac80211 */

	/* descriptor memory shared by every ring */
	struct ath5k_desc *descs;
	dma_addr_t descs_dma;
	size_t descs_len;
	struct ath5k_buf *bufs;

	/* receive */
	spinlock_t rx_lock;		/* protects the RX ring lists */
	struct list_head rx_ring;	/* oldest first */
	__le32 *rx_tail_link;
	unsigned int rx_bufsize;
	bool rx_in_continuation;	/* dropping a frame's later descriptors */
	struct hrtimer rx_poll;		/* next ring poll while RX is busy */

	/* transmit */
	spinlock_t txbuf_lock;		/* protects txbuf_free */
	struct list_head txbuf_free;
	unsigned int txbuf_free_len;
	struct ath5k_txq txqs[ATH5K_TXQ_COUNT];
	unsigned int txq_limit;		/* frames per data queue (ethtool) */
	struct delayed_work tx_watchdog;

	/* beacons */
	struct list_head bcbuf_free;
	struct list_head bcbuf_retired;	/* detached while DMA could run */
	struct ieee80211_vif *bvif[ATH5K_BEACON_BUFS];
	unsigned int n_beaconing;
	unsigned int beacon_interval;	/* TU */
	unsigned int beacon_miss;	/* consecutive unsent beacons */
	struct work_struct beacon_work;	/* on a BH workqueue, at SWBA */
	u32 beacon_tbtt;		/* TU: next TBTT the timers wait for */
	u32 beacon_period;		/* TU between alerts, 0: timers off */
	struct work_struct beacon_sync_work;	/* timers after a TSF jump */

	/* completions: RX and TX through NAPI */
	struct net_device *napi_dev;	/* dummy, only to host the context */
	struct napi_struct napi;
	bool napi_on;			/* enabled; under dev->lock */

	/* interrupts */
	u32 imask;			/* ATH5K_INT_* wanted while running */
	u32 irq_held;			/* masked until their handler has run */
	spinlock_t irq_lock;		/* protects imask and irq_held */
	unsigned int irq;
	unsigned int irq_unhandled;	/* in a row: pending, nothing to do */
	bool irq_stuck_said;

	/* periodic work and recovery */
	struct work_struct reset_work;
	unsigned int reset_failures;	/* in a row; past TRIES: given up */
	struct work_struct calib_work;
	unsigned long cal_next_short;	/* jiffies */
	unsigned long cal_next_long;

	/* statistics */
	struct ath5k_survey survey;
	struct ath5k_cycles cycles_seen;	/* ah.cycles_total at last survey */
	int beacon_rssi;		/* own BSS beacons, dB, averaged */
	struct delayed_work ani_work;
	u8 ani_mode;			/* enum ath5k_ani_mode, kept over resets */
	struct ath5k_mib mib;

	/* LED and rfkill */
	enum ath5k_led_state led_state;
	struct ath5k_led tx_led, rx_led;
	int led_gpio;			/* -1 without a GPIO LED */
	bool led_active_high;
	struct work_struct rfkill_work;

	struct dentry *debugfs;		/* our directory under the wiphy's */
};

static inline struct ath5k_dev *ath5k_hw_to_dev(struct ieee80211_hw *hw)
{
	return hw->priv;
}

static inline struct ath5k_vif *ath5k_vif_priv(struct ieee80211_vif *vif)
{
	return (struct ath5k_vif *)vif->drv_priv;
}

/* Hardware queue of a mac80211 queue: mac80211 counts VO first. */
static inline unsigned int ath5k_ac_to_hwq(unsigned int ac)
{
	return ATH5K_TXQ_DATA_COUNT - 1 - ac;
}

static inline unsigned int ath5k_hwq_to_ac(unsigned int q)
{
	return ATH5K_TXQ_DATA_COUNT - 1 - q;
}

extern bool ath5k_nohwcrypt;
extern bool ath5k_no_hw_rfkill;
extern bool ath5k_world_follows_country_ie;

/* main.c */
extern const struct ieee80211_ops ath5k_ops;
extern const struct ieee80211_ops ath5k_ops_one_queue;
int ath5k_init_device(struct ath5k_dev *dev);
void ath5k_deinit_device(struct ath5k_dev *dev);
int ath5k_reset(struct ath5k_dev *dev, const struct cfg80211_chan_def *def,
		bool fast);
void ath5k_schedule_reset(struct ath5k_dev *dev);
void ath5k_update_opmode(struct ath5k_dev *dev, struct ieee80211_vif *adding);
void ath5k_survey_update(struct ath5k_dev *dev);

/* tx.c */
int ath5k_tx_init(struct ath5k_dev *dev);
void ath5k_tx_deinit(struct ath5k_dev *dev);
int ath5k_txq_setup_all(struct ath5k_dev *dev);
void ath5k_txq_drain_all(struct ath5k_dev *dev);
void ath5k_txq_sync(struct ath5k_dev *dev);
void ath5k_tx_op(struct ieee80211_hw *hw, struct ieee80211_tx_control *ctl,
		 struct sk_buff *skb);
struct ath5k_buf *ath5k_tx_prepare(struct ath5k_dev *dev,
				   struct ieee80211_sta *sta,
				   struct sk_buff *skb, bool intreq);
void ath5k_tx_unprepare(struct ath5k_dev *dev, struct ath5k_buf *bf);
void ath5k_txq_adopt(struct ath5k_txq *txq, struct list_head *frames);
int ath5k_tx_submit(struct ath5k_dev *dev, struct ath5k_txq *txq,
		    struct ieee80211_sta *sta, struct sk_buff *skb);
void ath5k_tx_complete(struct ath5k_dev *dev);
bool ath5k_tx_pending(struct ath5k_dev *dev);
void ath5k_tx_watchdog(struct work_struct *work);
unsigned int ath5k_frame_pad(const struct sk_buff *skb);
int ath5k_skb_hdr_pad(struct sk_buff *skb);
void ath5k_skb_hdr_unpad(struct sk_buff *skb);
int ath5k_txq_conf(struct ath5k_dev *dev, unsigned int ac,
		   const struct ieee80211_tx_queue_params *params);

/* rx.c */
int ath5k_rx_init(struct ath5k_dev *dev);
void ath5k_rx_deinit(struct ath5k_dev *dev);
int ath5k_rx_start(struct ath5k_dev *dev);
void ath5k_rx_stop(struct ath5k_dev *dev);
int ath5k_rx_poll(struct ath5k_dev *dev, int budget);
bool ath5k_rx_pending(struct ath5k_dev *dev);

/* beacon.c */
void ath5k_beacon_init(struct ath5k_dev *dev);
int ath5k_beacon_attach_vif(struct ath5k_dev *dev, struct ieee80211_vif *vif);
void ath5k_beacon_detach_vif(struct ath5k_dev *dev, struct ieee80211_vif *vif);
void ath5k_beacon_reclaim(struct ath5k_dev *dev);
void ath5k_beacon_config(struct ath5k_dev *dev);
void ath5k_beacon_work(struct work_struct *work);
bool ath5k_beacon_timers_stale(struct ath5k_dev *dev, u64 tsf);
void ath5k_beacon_resync(struct ath5k_dev *dev);
void ath5k_beacon_sync_work(struct work_struct *work);

/* debugfs.c */
void ath5k_debugfs_init(struct ath5k_dev *dev);
void ath5k_debugfs_exit(struct ath5k_dev *dev);

/* interrupt.c */
irqreturn_t ath5k_intr(int irq, void *data);
void ath5k_irq_enable(struct ath5k_dev *dev);
void ath5k_irq_disable(struct ath5k_dev *dev);
void ath5k_irq_update(struct ath5k_dev *dev, u32 release, u32 hold);
void ath5k_irq_set_wanted(struct ath5k_dev *dev, u32 add, u32 remove);
void ath5k_irq_work_quiesce(struct ath5k_dev *dev);
void ath5k_calib_work(struct work_struct *work);
void ath5k_ani_work(struct work_struct *work);

/* napi.c */
int ath5k_napi_init(struct ath5k_dev *dev);
void ath5k_napi_deinit(struct ath5k_dev *dev);
void ath5k_napi_start(struct ath5k_dev *dev);
void ath5k_napi_stop(struct ath5k_dev *dev);

/* regd.c */
int ath5k_regd_init(struct ath5k_dev *dev);
void ath5k_regd_hint(struct ath5k_dev *dev);

/* sysfs.c */
extern const struct attribute_group *ath5k_sysfs_groups[];

/* led.c */
int ath5k_led_init(struct ath5k_dev *dev);
void ath5k_led_exit(struct ath5k_dev *dev);
void ath5k_led_state(struct ath5k_dev *dev, enum ath5k_led_state state);
void ath5k_led_off(struct ath5k_dev *dev);

/* rfkill.c */
void ath5k_rfkill_start(struct ath5k_dev *dev);
void ath5k_rfkill_stop(struct ath5k_dev *dev);
void ath5k_rfkill_work(struct work_struct *work);
void ath5k_rfkill_init(struct ath5k_dev *dev);
void ath5k_resume_chip(struct ath5k_dev *dev);
void ath5k_op_rfkill_poll(struct ieee80211_hw *hw);

#endif /* ATH5K_H */
