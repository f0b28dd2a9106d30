/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Hardware layer of the AR5212-family driver (and of the AR5211: no 11g,
 * one rate per TX descriptor, no BSSID mask, no ANI; and of the AR5210:
 * 11a alone, no QCU/DCU but one data and one beacon queue, one interrupt
 * register, its PCU registers elsewhere, no hardware crypto; ah->caps
 * says which): the only interface the mac80211/PCI layer uses to touch
 * the chip.  Everything above this file speaks in abstract terms
 * (channels, queues, flags); everything below it speaks registers.
 * Functions return 0 or a negative errno unless noted.
 *
 * Locking: the caller serialises all calls on one struct ath5k_hw except
 * ath5k_hw_irq_pending(), ath5k_hw_isr_read() and ath5k_hw_imr_set(), which
 * run from the interrupt handler; the caller keeps those apart from a reset.
 *
 * The usual order of calls:
 *   probe:   ath5k_hw_attach() (it clears the key cache); bands from
 *            ath5k_hw_mode_supported()/ath5k_hw_freq_supported(), rates
 *            from ath5k_rates[], MAC from perm_addr, regdomain from ee.
 *   start:   ath5k_hw_txq_setup() for every queue used; ath5k_hw_reset();
 *            RX ring (ath5k_hw_rx_desc_setup(), ath5k_hw_rx_set_rxdp(),
 *            ath5k_hw_rx_start(), ath5k_hw_pcu_rx_start()); addresses and
 *            filters; ath5k_hw_ani_init(); ath5k_hw_imr_set(... GLOBAL).
 *   IRQ:     ath5k_hw_irq_pending(), then ath5k_hw_isr_read() until not
 *            pending; ATH5K_INT_FATAL or -ENODEV means reset or give up.
 *   TX:      ath5k_hw_tx_desc_setup(), link, ath5k_hw_txq_set_txdp() on an
 *            idle queue or patch the last link, ath5k_hw_txq_start().
 *   timers:  ath5k_hw_nf_update() ~10 s, ath5k_hw_calibrate() ~60 s (reset
 *            when it returns 1), ath5k_hw_ani_tick() ~100 ms.
 *   channel: ath5k_hw_dma_stop(), reclaim buffers, ath5k_hw_reset(fast).
 *   stop:    ath5k_hw_stop(), reclaim buffers, ath5k_hw_hold();
 *   remove:  ath5k_hw_detach().
 */
#ifndef ATH5K_HW_H
#define ATH5K_HW_H

#include <linux/types.h>
#include <linux/bits.h>
#include <linux/io.h>
#include <asm/byteorder.h>

#include "eeprom.h"

struct device;

/* ----- chip identity -------------------------------------------------- */

enum ath5k_radio {
	ATH5K_RADIO_RF5112,	/* also RF2112 (2 GHz only variant) */
	ATH5K_RADIO_RF2413,
	ATH5K_RADIO_RF5413,	/* also RF5424 */
	ATH5K_RADIO_RF2425,	/* also RF2417 */
	ATH5K_RADIO_RF5111,	/* AR5211 only, with an RF2111 for 2 GHz */
	ATH5K_RADIO_RF5110,	/* AR5210 only, 5 GHz alone */
};

/* ----- channels and modes --------------------------------------------- */

/* Operating mode of a channel; indexes the per-mode EEPROM sections. */
enum ath5k_mode {
	ATH5K_MODE_11A,
	ATH5K_MODE_11B,
	ATH5K_MODE_11G,
	ATH5K_MODE_COUNT,
};

/* Channel width; 10 and 5 MHz only with OFDM (11a, 11g). */
enum ath5k_bw {
	ATH5K_BW_20,
	ATH5K_BW_10,
	ATH5K_BW_5,
};

/* What reset and channel programming need to know about a channel. */
struct ath5k_chan {
	u16 freq;		/* centre frequency, MHz */
	u8 mode;		/* enum ath5k_mode */
	u8 bw;			/* enum ath5k_bw */
};

static inline bool ath5k_chan_is_2ghz(const struct ath5k_chan *c)
{
	return c->mode != ATH5K_MODE_11A;
}

/* Whether @freq (MHz) is in the 2 GHz band, the only one 11b/g tune in. */
static inline bool ath5k_freq_is_2ghz(u16 freq)
{
	return freq < 4000;
}

/* Clocks and symbol times stretch by this factor on 10 and 5 MHz. */
static inline unsigned int ath5k_chan_stretch(const struct ath5k_chan *c)
{
	return c->bw == ATH5K_BW_10 ? 2 : c->bw == ATH5K_BW_5 ? 4 : 1;
}

/* ----- operating modes, power, antennas ------------------------------- */

enum ath5k_opmode {
	ATH5K_OPMODE_STA,
	ATH5K_OPMODE_AP,	/* also mesh point */
	ATH5K_OPMODE_IBSS,
	ATH5K_OPMODE_MONITOR,
};

enum ath5k_power {
	ATH5K_POWER_AWAKE,
	ATH5K_POWER_NETWORK_SLEEP,
	ATH5K_POWER_FULL_SLEEP,
};

enum ath5k_ant_mode {
	ATH5K_ANT_DIVERSITY,	/* hardware picks, default antenna follows RX */
	ATH5K_ANT_FIXED_A,
	ATH5K_ANT_FIXED_B,
	ATH5K_ANT_SECTOR_AP,	/* several antennas, fixed per frame, for APs */
	ATH5K_ANT_SECTOR_STA,
	ATH5K_ANT_DEBUG,
	ATH5K_ANT_MODE_COUNT,
};

/* ----- interrupts: abstract flags, independent of register layout ----- */

#define ATH5K_INT_RXOK		BIT(0)	/* frame received */
#define ATH5K_INT_RXERR		BIT(1)	/* frame received with error */
#define ATH5K_INT_RXEOL		BIT(2)	/* RX ring exhausted */
#define ATH5K_INT_RXORN		BIT(3)	/* RX FIFO overrun */
#define ATH5K_INT_TXOK		BIT(4)	/* a TX queue completed a frame */
#define ATH5K_INT_TXERR		BIT(5)
#define ATH5K_INT_TXDESC	BIT(6)	/* descriptor with INTREQ done */
#define ATH5K_INT_TXEOL		BIT(7)	/* a TX queue reached its end */
#define ATH5K_INT_TX_ANY	(ATH5K_INT_TXOK | ATH5K_INT_TXERR | \
				 ATH5K_INT_TXDESC | ATH5K_INT_TXEOL)
#define ATH5K_INT_SWBA		BIT(8)	/* software beacon alert */
#define ATH5K_INT_BMISS		BIT(9)	/* beacon miss */
#define ATH5K_INT_BNR		BIT(10)	/* beacon not ready */
#define ATH5K_INT_MIB		BIT(11)	/* MIB/PHY error counter threshold */
#define ATH5K_INT_FATAL		BIT(12)	/* bus error: needs a reset */
#define ATH5K_INT_GPIO		BIT(13)	/* rfkill GPIO changed */
#define ATH5K_INT_TIM		BIT(14)
#define ATH5K_INT_DTIM		BIT(15)
#define ATH5K_INT_CAB_TIMEOUT	BIT(16)
#define ATH5K_INT_TXURN		BIT(17)	/* TX FIFO underrun (handled here) */
#define ATH5K_INT_RX_ANY	(ATH5K_INT_RXOK | ATH5K_INT_RXERR)
#define ATH5K_INT_GLOBAL	BIT(31)	/* master enable (IER) */

/* One interrupt's worth of causes, filled by ath5k_hw_isr_read(). */
struct ath5k_isr {
	u32 flags;		/* ATH5K_INT_* that fired and are unmasked */
	u16 txq_done;		/* bit q: queue q had TXOK/TXERR/TXDESC/TXEOL */
	u16 txq_eol;		/* bit q: queue q reached end of list */
};

/* ----- TX queues ------------------------------------------------------ */

/*
 * Fixed queue numbers: four data queues (one per WMM access category,
 * 0 = background .. 3 = voice as the hardware schedules them by number),
 * the content-after-beacon queue and the beacon queue.
 */
#define ATH5K_TXQ_DATA_COUNT	4
#define ATH5K_TXQ_CAB		8
#define ATH5K_TXQ_BEACON	9
#define ATH5K_TXQ_COUNT		10	/* queue numbers 0..9 */

enum ath5k_txq_type {
	ATH5K_TXQ_TYPE_INACTIVE,
	ATH5K_TXQ_TYPE_DATA,
	ATH5K_TXQ_TYPE_CAB,
	ATH5K_TXQ_TYPE_BEACON,
};

/* Contention parameters; ATH5K_TXQ_DEFAULT keeps the hardware default. */
#define ATH5K_TXQ_DEFAULT	0xffff

struct ath5k_txq_params {
	u16 aifs;		/* slots */
	u16 cw_min;		/* 2^n - 1 */
	u16 cw_max;		/* 2^n - 1 */
	u16 burst_time;		/* TXOP, us; 0 = one frame */
	u32 ready_time;		/* CAB: TU after TBTT it may send (80% of
				 * the beacon interval is usual)
				 */
};

/* ----- descriptors ---------------------------------------------------- */

/*
 * A descriptor as the DMA engine sees it: little-endian words, 32 bytes,
 * link first.  On the AR5212 family TX uses four control words then two
 * status words (on the AR5211 and AR5210 two and two: the words view);
 * RX uses two control words then two status words.
 */
struct ath5k_desc {
	__le32 link;
	__le32 data;
	union {
		__le32 words[6];
		struct {
			__le32 ctl[4];
			__le32 status[2];
		} tx;
		struct {
			__le32 ctl[2];
			__le32 status[2];
		} rx;
	};
} __packed __aligned(4);

#define ATH5K_DESC_SIZE		32

/* Chain @d to the descriptor at bus address @next (0 ends the chain). */
static inline void ath5k_desc_set_link(struct ath5k_desc *d, u32 next)
{
	d->link = cpu_to_le32(next);
}

#define ATH5K_MRR_SERIES	4	/* multi-rate retry series */
#define ATH5K_KEY_INVALID	0xffff

/* Frame type the hardware cares about (timestamps, duration). */
enum ath5k_pkt_type {
	ATH5K_PKT_NORMAL = 0,
	ATH5K_PKT_ATIM = 1,
	ATH5K_PKT_PSPOLL = 2,
	ATH5K_PKT_BEACON = 3,
	ATH5K_PKT_PROBE_RESP = 4,
};

#define ATH5K_TXF_NOACK		BIT(0)
#define ATH5K_TXF_INTREQ	BIT(1)	/* raise TXDESC when done */
#define ATH5K_TXF_VEOL		BIT(2)	/* end of list: resend (IBSS) */
#define ATH5K_TXF_RTS		BIT(3)
#define ATH5K_TXF_CTS		BIT(4)	/* CTS-to-self protection */
#define ATH5K_TXF_CLRDMASK	BIT(5)

struct ath5k_tx_params {
	u16 frame_len;		/* whole frame including FCS */
	u16 buf_len;		/* bytes in this buffer */
	u8 pkt_type;		/* enum ath5k_pkt_type */
	u8 hdr_len;		/* 802.11 header bytes (the AR5210 wants them) */
	u8 txpower;		/* from ath5k_hw_desc_txpower() */
	u8 antenna;		/* 0 = use default */
	u8 flags;		/* ATH5K_TXF_* */
	u16 key_index;		/* ATH5K_KEY_INVALID for none */
	u16 rtscts_duration;	/* us */
	u8 rtscts_rate;		/* hardware rate code */
	u8 rate[ATH5K_MRR_SERIES];	/* hardware rate codes */
	u8 tries[ATH5K_MRR_SERIES];	/* 0 ends the series list */
};

/* Completion flags of a transmitted frame. */
#define ATH5K_TXS_OK		BIT(0)
#define ATH5K_TXS_XRETRY	BIT(1)	/* too many retries */
#define ATH5K_TXS_FIFO		BIT(2)	/* FIFO underrun */
#define ATH5K_TXS_FILTERED	BIT(3)	/* dropped by the PCU filter */

struct ath5k_tx_status {
	u16 seq;
	u16 tstamp;		/* low 16 bits of the TSF at transmission */
	u8 flags;		/* ATH5K_TXS_* */
	u8 final_idx;		/* which retry series ended it */
	u8 long_retry;		/* failed attempts in the final series */
	u8 short_retry;		/* RTS failures */
	s8 ack_rssi;
	u8 antenna;
};

/* Error flags of a received frame. */
#define ATH5K_RXE_CRC		BIT(0)
#define ATH5K_RXE_PHY		BIT(1)
#define ATH5K_RXE_DECRYPT	BIT(2)
#define ATH5K_RXE_MIC		BIT(3)

struct ath5k_rx_status {
	u16 len;		/* bytes including FCS */
	u16 tstamp;		/* 15 (AR5211: 13) bits of the TSF at reception */
	u8 flags;		/* ATH5K_RXE_*; 0 = good frame */
	u8 phyerr;		/* PHY error code when ATH5K_RXE_PHY */
	u8 rate;		/* hardware rate code */
	s8 rssi;		/* dB above the noise floor */
	u8 antenna;
	bool more;		/* frame continues in the next descriptor */
	bool key_valid;
	u8 key_index;
	bool key_miss;
};

/* ----- rates ---------------------------------------------------------- */

struct ath5k_rate_info {
	u16 bitrate;		/* 100 kbit/s units, as cfg80211 wants */
	u8 code;		/* hardware rate code */
	u8 code_short;		/* short-preamble code, 0 if none */
	bool ofdm;
};

/* The twelve 802.11a/b/g rates, CCK first, ascending. */
#define ATH5K_RATE_COUNT	12
extern const struct ath5k_rate_info ath5k_rates[ATH5K_RATE_COUNT];
#define ATH5K_RATE_FIRST_OFDM	4

/* Index into ath5k_rates of a received rate code, or -EINVAL. */
int ath5k_rate_code_to_idx(u8 code);
/*
 * Microseconds on air of a @len-byte frame (FCS added here) at @rate,
 * SIFS included, as the PCU duration registers count it.
 */
unsigned int ath5k_frame_airtime(const struct ath5k_rate_info *rate,
				 unsigned int len, bool short_preamble);
#define ATH5K_ACK_LEN		10	/* bytes of an ACK without FCS */

/* ----- key cache ------------------------------------------------------ */

#define ATH5K_KEYCACHE_SIZE	128	/* TKIP MIC keys live at idx + 64 */

enum ath5k_cipher {
	ATH5K_CIPHER_WEP40,
	ATH5K_CIPHER_WEP104,
	ATH5K_CIPHER_TKIP,
	ATH5K_CIPHER_CCMP,
};

struct ath5k_key {
	u8 cipher;		/* enum ath5k_cipher */
	u8 len;			/* bytes of key[] (5, 13 or 16) */
	u8 key[16];
	u8 tx_mic[8];		/* TKIP only */
	u8 rx_mic[8];		/* TKIP only */
};

/* ----- LED ------------------------------------------------------------ */

enum ath5k_led_state {
	ATH5K_LED_INIT,		/* idle */
	ATH5K_LED_SCAN,
	ATH5K_LED_AUTH,
	ATH5K_LED_ASSOC,
	ATH5K_LED_RUN,
};

/* ----- survey / MIB ---------------------------------------------------- */

struct ath5k_cycles {
	u32 cycles;		/* all clocks */
	u32 rx_busy;		/* medium busy */
	u32 rx_frame;		/* receiving a frame */
	u32 tx_frame;		/* transmitting */
};

struct ath5k_mib {
	u32 ack_fail;
	u32 rts_fail;
	u32 rts_ok;
	u32 fcs_error;
	u32 beacons;
};

/* ----- limits ---------------------------------------------------------- */

#define ATH5K_TXPOWER_MAX	63	/* half dBm: the descriptor field's range */
#define ATH5K_NF_DEFAULT	(-95)	/* dBm, until a measurement exists */
#define ATH5K_NF_HISTORY	8	/* noise-floor readings for the median */

/* ----- adaptive noise immunity (noise_immunity.c) ------------------- */

enum ath5k_ani_mode {
	ATH5K_ANI_OFF,
	ATH5K_ANI_MANUAL_LOW,	/* fixed: most sensitive */
	ATH5K_ANI_MANUAL_HIGH,	/* fixed: most immune */
	ATH5K_ANI_AUTO,
	ATH5K_ANI_MODE_COUNT,
};

#define ATH5K_ANI_MAX_NOISE_IMM	1
#define ATH5K_ANI_MAX_FIRSTEP	2

/* PHY error codes of received frames that feed ANI (ath5k_rx_status). */
#define ATH5K_PHYERR_OFDM_TIMING	17
#define ATH5K_PHYERR_CCK_TIMING		25

/* Current levels (for sysfs/debugfs) and the error bookkeeping. */
struct ath5k_ani {
	u8 mode;		/* enum ath5k_ani_mode */
	u8 noise_imm;
	u8 spur, max_spur;
	u8 firstep;
	bool ofdm_weak, cck_weak;
	u32 listen_ms;
	u32 ofdm_errors, cck_errors;
	u32 last_ofdm_errors, last_cck_errors, last_listen_ms;
	u32 sum_ofdm_errors, sum_cck_errors;
	bool phyerr_rx;		/* no error counters: errors come from RX */
};

/* ----- the hardware state -------------------------------------------- */

/* Working tables of the TX power computation (phy.c). */
#define ATH5K_PWR_TABLE		64	/* half-dB steps per curve */

struct ath5k_txpower {
	u8 curve[ATH5K_EE_PD_GAINS][ATH5K_PWR_TABLE];	/* at the channel */
	u8 curve_r[ATH5K_EE_PD_GAINS][ATH5K_PWR_TABLE]; /* right pier */
	u8 pd_table[2 * ATH5K_PWR_TABLE];	/* what goes to the chip */
	u8 rate_idx[16];	/* per rate group: index into pd_table */
	u8 ofdm_pwr;		/* half dB at 54 Mbit/s */
	s16 min_pwr, max_pwr;	/* quarter dBm the calibration covers */
	s16 offset;		/* rate power to table index */
	u16 freq;		/* channel the curves were built for */
	u8 mode;
	bool valid;
};

/* RF5112 gain_F optimisation (phy.c). */
enum ath5k_gainf_state {
	ATH5K_GAINF_INACTIVE,
	ATH5K_GAINF_ACTIVE,		/* settings programmed */
	ATH5K_GAINF_PROBE_REQUESTED,	/* waiting for a measured frame */
	ATH5K_GAINF_NEED_CHANGE,	/* next reset loads a new step */
};

struct ath5k_gainf {
	u8 state;
	u8 step;
	u32 current_gain, target, low, high, f_corr;
};

struct ath5k_txq_state {
	u8 type;		/* enum ath5k_txq_type */
	struct ath5k_txq_params params;
};

struct ath5k_mac_ops;
struct ath5k_desc_ops;
struct ath5k_phy_ops;

/*
 * What a MAC generation has (ah->caps, set at attach): code above and
 * inside the hardware layer asks for a capability, never a generation.
 */
#define ATH5K_CAP_11B		BIT(0)	/* 2 GHz at all (CCK) */
#define ATH5K_CAP_11G		BIT(1)	/* OFDM at 2 GHz */
#define ATH5K_CAP_NARROW_BW	BIT(2)	/* 5 and 10 MHz channels */
#define ATH5K_CAP_BSSID_MASK	BIT(3)	/* frames for several addresses */
#define ATH5K_CAP_MRR		BIT(4)	/* four rate series per descriptor */
#define ATH5K_CAP_WMM		BIT(5)	/* four data queues and a CAB queue */
#define ATH5K_CAP_HW_CRYPTO	BIT(6)	/* a key cache the driver uses */
#define ATH5K_CAP_PHYERR_FILTER	BIT(7)	/* PHY errors reported as frames */
#define ATH5K_CAP_ANI		BIT(8)	/* noise immunity controls */
#define ATH5K_CAP_ACK_RATES	BIT(9)	/* ACK rate and QoS no-ACK policy */
#define ATH5K_CAP_SLEEP_CLOCK	BIT(10)	/* 32 kHz sleep clock */
#define ATH5K_CAP_TXPOWER_TABLE	BIT(11)	/* TX power from the calibration */
#define ATH5K_CAP_IQ_CAL	BIT(12)	/* I/Q imbalance calibration */
#define ATH5K_CAP_ANT_CONTROL	BIT(13)	/* antenna policy in STA_ID1 */
#define ATH5K_CAP_CYCLE_COUNTERS BIT(14)	/* busy, RX and TX clock counts */

#define ATH5K_CAPS_AR5210	0
#define ATH5K_CAPS_AR5211	(ATH5K_CAP_11B | ATH5K_CAP_WMM | \
				 ATH5K_CAP_HW_CRYPTO | ATH5K_CAP_TXPOWER_TABLE | \
				 ATH5K_CAP_IQ_CAL | ATH5K_CAP_ANT_CONTROL | \
				 ATH5K_CAP_CYCLE_COUNTERS)
#define ATH5K_CAPS_AR5212	(ATH5K_CAPS_AR5211 | ATH5K_CAP_11G | \
				 ATH5K_CAP_NARROW_BW | ATH5K_CAP_BSSID_MASK | \
				 ATH5K_CAP_MRR | ATH5K_CAP_PHYERR_FILTER | \
				 ATH5K_CAP_ANI | ATH5K_CAP_ACK_RATES | \
				 ATH5K_CAP_SLEEP_CLOCK)

struct ath5k_hw {
	void __iomem *iomem;
	struct device *dev;
	bool pcie;

	/* identity */
	u16 srev;		/* MAC revision: version << 4 | revision */
	u8 mac_version;		/* srev >> 4 */
	u8 phy_rev;
	u8 radio_rev;		/* 5 GHz radio */
	u8 radio_rev_2ghz;	/* separate 2 GHz radio on RF5112, else 0 */
	u8 radio;		/* enum ath5k_radio */
	/*
	 * The MAC generation, for identification alone (hw_attach.c): what
	 * differs is in the tables below and in caps.
	 */
	bool ar5211;		/* an AR5211 or AR5210 */
	bool ar5210;
	const struct ath5k_mac_ops *mac_ops;	/* chosen at attach */
	const struct ath5k_desc_ops *desc_ops;	/* likewise */
	const struct ath5k_phy_ops *phy_ops;	/* likewise; NULL: AR5210 */
	u32 caps;		/* ATH5K_CAP_* */

	struct ath5k_eeprom ee;
	u8 perm_addr[6];	/* from the EEPROM */

	/* running configuration */
	enum ath5k_opmode opmode;
	struct ath5k_chan chan;
	bool chan_valid;	/* chan holds the channel last programmed */
	u8 mac[6];
	u8 bssid[6];
	u8 bssid_mask[6];
	u16 aid;
	u32 rx_filter;
	u32 imr;		/* ATH5K_INT_* currently unmasked */
	u32 pimr_hw;		/* PIMR and SIMR2 as last written, valid */
	u32 simr2_hw;		/* only until the next chip reset */
	bool imr_hw_valid;
	u16 txq_imr;		/* queues with TX interrupts enabled */
	u16 txq_stopping;	/* queues whose TXD bit is set */
	u8 coverage_class;
	u8 clock_mhz;		/* MAC clock on this channel, for us->clocks */
	u8 slot_time;		/* us, 0 = mode default */
	bool ack_rate_high;	/* ACK at the highest basic rate */

	/* power and calibration */
	struct ath5k_txpower txp;
	u8 ctl_group_2ghz;	/* regulatory CTL group, 0xff: none */
	u8 ctl_group_5ghz;
	u8 txpower_limit;	/* half dBm requested by the stack */
	u8 txpower_cur;		/* half dBm actually programmed */
	s16 noise_floor;	/* dBm, the RSSI base */
	struct ath5k_gainf gainf;
	s16 nf_history[ATH5K_NF_HISTORY];
	u8 nf_hist_pos;
	bool iq_cal_pending;

	/* antennas */
	u8 ant_mode;		/* enum ath5k_ant_mode */
	u8 def_ant;		/* 1 = A, 2 = B */
	u8 tx_ant;		/* antenna for descriptors, 0 = any */

	/* TX queues */
	struct ath5k_txq_state txq[ATH5K_TXQ_COUNT];

	/* RF banks for the current channel (built in phy.c) */
	u32 *rf_banks;		/* allocated at attach */
	unsigned int rf_banks_len;
	u16 rf_bank_start[8];	/* first word of each bank in rf_banks */

	/* survey: every ath5k_hw_cycles_read() (also ANI's) adds here */
	struct ath5k_cycles cycles_total;

	struct ath5k_ani ani;
};

/* ----- register access ------------------------------------------------ */

/**
 * ath5k_rd() - read a register
 * @ah: hardware state
 * @reg: BAR0 offset on this chip (R_* and R5210_* in reg.h; the PCU's
 *       registers go through ath5k_pcu_rd() and its kin)
 *
 * Return: the register's value.
 */
static inline u32 ath5k_rd(struct ath5k_hw *ah, u32 reg)
{
	return ioread32(ah->iomem + reg);
}

/**
 * ath5k_wr() - write a register
 * @ah: hardware state
 * @reg: BAR0 offset on this chip
 * @val: value to write
 */
static inline void ath5k_wr(struct ath5k_hw *ah, u32 reg, u32 val)
{
	iowrite32(val, ah->iomem + reg);
}

/**
 * ath5k_set_bits() - set bits of a register (read-modify-write)
 * @ah: hardware state
 * @reg: BAR0 offset
 * @bits: bits to set
 */
static inline void ath5k_set_bits(struct ath5k_hw *ah, u32 reg, u32 bits)
{
	ath5k_wr(ah, reg, ath5k_rd(ah, reg) | bits);
}

/**
 * ath5k_clear_bits() - clear bits of a register (read-modify-write)
 * @ah: hardware state
 * @reg: BAR0 offset
 * @bits: bits to clear
 */
static inline void ath5k_clear_bits(struct ath5k_hw *ah, u32 reg, u32 bits)
{
	ath5k_wr(ah, reg, ath5k_rd(ah, reg) & ~bits);
}

/**
 * ath5k_rmw() - replace one field of a register
 * @ah: hardware state
 * @reg: BAR0 offset
 * @mask: the field
 * @val: its new value, already shifted into @mask
 */
static inline void ath5k_rmw(struct ath5k_hw *ah, u32 reg, u32 mask, u32 val)
{
	ath5k_wr(ah, reg, (ath5k_rd(ah, reg) & ~mask) | (val & mask));
}

/**
 * ath5k_hw_wait() - poll a register field, sleeping between reads
 * @ah: hardware state
 * @reg: BAR0 offset
 * @mask: bits to compare
 * @val: wanted value of @reg & @mask
 * @step_us: sleep between reads
 * @tries: reads before giving up
 *
 * Context: process context; sleeps.
 * Return: 0, or -ETIMEDOUT.
 */
int ath5k_hw_wait(struct ath5k_hw *ah, u32 reg, u32 mask, u32 val,
		  unsigned int step_us, unsigned int tries);

/* ----- attach, power, reset (hw_attach.c, reset.c) --------------------- */

/**
 * ath5k_hw_attach() - bring the chip up far enough for probe
 * @ah: hardware state to fill (cleared first)
 * @dev: device for messages
 * @iomem: BAR0
 * @pcie: the card is PCIe (no PCI core reset, SERDES setup)
 *
 * Wakes the chip, identifies MAC/PHY/radio, runs the self test, reads and
 * validates the EEPROM and clears the key cache.  On success perm_addr,
 * ee (bands, regdomain, gains, limits) and the identity fields are valid.
 *
 * Context: process context; sleeps.
 * Return: 0, -ENODEV for a chip this driver does not run, -EINVAL for
 * EEPROM data it refuses, or another negative errno.
 */
int ath5k_hw_attach(struct ath5k_hw *ah, struct device *dev,
		    void __iomem *iomem, bool pcie);

/**
 * ath5k_hw_detach() - free what ath5k_hw_attach() allocated
 * @ah: hardware state
 */
void ath5k_hw_detach(struct ath5k_hw *ah);

/**
 * ath5k_hw_mac_name() - MAC chip name for the probe message
 * @ah: attached hardware state
 *
 * Return: a static string such as "AR5213A".
 */
const char *ath5k_hw_mac_name(const struct ath5k_hw *ah);

/**
 * ath5k_hw_radio_name() - radio name for the probe message
 * @ah: attached hardware state
 *
 * Return: a static string such as "RF5112".
 */
const char *ath5k_hw_radio_name(const struct ath5k_hw *ah);

/**
 * ath5k_hw_set_power() - change the chip's power state
 * @ah: hardware state
 * @mode: awake, network sleep or full sleep
 *
 * Context: process context; sleeps when waking.
 * Return: 0, -EIO if the chip does not wake, -EINVAL for a bad @mode.
 */
int ath5k_hw_set_power(struct ath5k_hw *ah, enum ath5k_power mode);

/**
 * ath5k_hw_reset() - bring the chip to a working state on a channel
 * @ah: hardware state
 * @opmode: operating mode to program
 * @chan: channel
 * @fast: only retune if the radio can (RF2413/RF5413, same mode and
 *	opmode); queues, keys and DMA then survive
 *
 * Without @fast, or when the retune fails, a full reset.  Before it the
 * caller stops DMA (ath5k_hw_dma_stop()) and reclaims its buffers;
 * afterwards RX is stopped, the TX queues claimed with
 * ath5k_hw_txq_setup() are programmed, the interrupt mask is the last one
 * set and the TSF is reset.  The caller then sets RXDP, starts RX and
 * sets the RX filter and addresses.
 *
 * Context: process context; sleeps.
 * Return: 0, -EINVAL or -EOPNOTSUPP for a channel the card cannot use,
 * or the error of the step that failed.
 */
int ath5k_hw_reset(struct ath5k_hw *ah, enum ath5k_opmode opmode,
		   const struct ath5k_chan *chan, bool fast);

/**
 * ath5k_hw_stop() - quiesce before power-down or remove
 * @ah: hardware state
 *
 * Stops DMA (see ath5k_hw_dma_stop()), PCU reception and the baseband.
 *
 * Context: process context; sleeps.
 * Return: ath5k_hw_dma_stop()'s result; DMA is stopped either way.
 */
int ath5k_hw_stop(struct ath5k_hw *ah);

/**
 * ath5k_hw_hold() - idle the stopped chip
 * @ah: hardware state
 *
 * Awake, MAC and baseband held in warm reset: the state attach leaves
 * (full sleep misbehaves on several revisions).
 *
 * Context: process context; sleeps.
 * Return: 0, or -EIO if the chip does not enter reset or wake.
 */
int ath5k_hw_hold(struct ath5k_hw *ah);

/**
 * ath5k_hw_mode_supported() - can the card operate in a mode
 * @ah: attached hardware state
 * @mode: 11a, 11b or 11g
 *
 * Return: true when the EEPROM enables @mode and the radio has its band.
 */
bool ath5k_hw_mode_supported(const struct ath5k_hw *ah, enum ath5k_mode mode);

/**
 * ath5k_hw_freq_supported() - can the card tune to a frequency
 * @ah: attached hardware state
 * @freq: centre frequency, MHz
 *
 * Return: true when the synthesiser reaches @freq and a mode of its band
 * is supported.
 */
bool ath5k_hw_freq_supported(const struct ath5k_hw *ah, u16 freq);

/**
 * ath5k_hw_has_aes() - does the key cache take CCMP keys
 * @ah: attached hardware state
 *
 * Return: true from the AR5212 v4 on, unless the EEPROM disables AES.
 */
bool ath5k_hw_has_aes(const struct ath5k_hw *ah);

/**
 * ath5k_hw_has_fast_chanswitch() - can ath5k_hw_reset() retune only
 * @ah: attached hardware state
 *
 * Return: true for the RF2413 and RF5413 radios.
 */
bool ath5k_hw_has_fast_chanswitch(const struct ath5k_hw *ah);

/* ----- PHY (phy.c) ---------------------------------------------------- */

/**
 * ath5k_hw_set_txpower_limit() - set the stack's TX power limit
 * @ah: hardware state
 * @half_dbm: limit in half dBm (capped at ATH5K_TXPOWER_MAX)
 *
 * Reprograms the power tables of the current channel, if there is one.
 *
 * Return: 0, or -EINVAL when the channel has no calibration.
 */
int ath5k_hw_set_txpower_limit(struct ath5k_hw *ah, u8 half_dbm);

/**
 * ath5k_hw_set_ctl_groups() - pick the conformance limits to obey
 * @ah: hardware state
 * @group_2ghz: CTL group for 2.4 GHz (0x10 FCC, 0x30 ETSI, 0x40 MKK,
 *	0xff none): the upper nibble of the EEPROM CTL ids
 * @group_5ghz: the same for 5 GHz
 *
 * Takes effect at the next TX power programming.
 */
void ath5k_hw_set_ctl_groups(struct ath5k_hw *ah, u8 group_2ghz, u8 group_5ghz);

/**
 * ath5k_hw_nf_update() - short calibration: the noise floor
 * @ah: hardware state
 *
 * Reads the last measurement into the median that ah->noise_floor
 * follows, loads that into the chip and starts a new measurement.
 *
 * Context: process context; sleeps.
 */
void ath5k_hw_nf_update(struct ath5k_hw *ah);

/**
 * ath5k_hw_calibrate() - long calibration
 * @ah: hardware state
 *
 * I/Q correction, the RF5112 gain_F probe and the noise floor.
 *
 * Context: process context; sleeps.
 * Return: 1 when the chip needs a full reset to load new RF gain
 * settings, else 0.
 */
int ath5k_hw_calibrate(struct ath5k_hw *ah);

/**
 * ath5k_hw_set_antenna_mode() - choose how antennas are used
 * @ah: hardware state
 * @mode: diversity, a fixed antenna, sectored or debug
 *
 * Applied now if a channel is programmed, else at the next reset.
 */
void ath5k_hw_set_antenna_mode(struct ath5k_hw *ah, enum ath5k_ant_mode mode);

/**
 * ath5k_hw_set_def_antenna() - set the default antenna
 * @ah: hardware state
 * @ant: 1 = A, 2 = B
 */
void ath5k_hw_set_def_antenna(struct ath5k_hw *ah, u8 ant);

/* ----- PCU (pcu.c) ---------------------------------------------------- */

/**
 * ath5k_hw_set_opmode() - program the PCU for an operating mode
 * @ah: hardware state
 * @opmode: station, AP (also mesh), IBSS or monitor
 */
void ath5k_hw_set_opmode(struct ath5k_hw *ah, enum ath5k_opmode opmode);

/**
 * ath5k_hw_set_mac() - set the station address
 * @ah: hardware state
 * @mac: six bytes
 */
void ath5k_hw_set_mac(struct ath5k_hw *ah, const u8 *mac);

/**
 * ath5k_hw_set_bssid() - set the BSSID and association id
 * @ah: hardware state
 * @bssid: six bytes
 * @aid: association id, 0 when not associated
 */
void ath5k_hw_set_bssid(struct ath5k_hw *ah, const u8 *bssid, u16 aid);

/**
 * ath5k_hw_set_bssid_mask() - set the BSSID mask (several interfaces)
 * @ah: hardware state
 * @mask: six bytes; a 0 bit ignores that address bit
 */
void ath5k_hw_set_bssid_mask(struct ath5k_hw *ah, const u8 *mask);

/* RX filter bits (ath5k_hw_rx_filter_set). */
#define ATH5K_RXF_UCAST		BIT(0)
#define ATH5K_RXF_MCAST		BIT(1)
#define ATH5K_RXF_BCAST		BIT(2)
#define ATH5K_RXF_CONTROL	BIT(3)
#define ATH5K_RXF_BEACON	BIT(4)
#define ATH5K_RXF_PROM		BIT(5)
#define ATH5K_RXF_PROBEREQ	BIT(6)
#define ATH5K_RXF_PHYERR	BIT(7)
#define ATH5K_RXF_RADARERR	BIT(8)

/**
 * ath5k_hw_rx_filter_set() - choose the frames the PCU passes up
 * @ah: hardware state
 * @filter: ATH5K_RXF_* bits
 *
 * Automatic ANI on chips without PHY error counters (before the AR5213A)
 * keeps ATH5K_RXF_PHYERR on in the hardware whatever @filter says; those
 * reports go to ath5k_hw_ani_phy_error().
 */
void ath5k_hw_rx_filter_set(struct ath5k_hw *ah, u32 filter);

/**
 * ath5k_hw_mcast_hash() - bit of a multicast address in the hash filter
 * @addr: six bytes
 *
 * Return: the bit (0..63) to set in ath5k_hw_mcast_filter_set()'s filter.
 */
unsigned int ath5k_hw_mcast_hash(const u8 *addr);

/**
 * ath5k_hw_mcast_filter_set() - set the 64-bit multicast hash filter
 * @ah: hardware state
 * @filter: bit n passes the addresses whose hash is n
 */
void ath5k_hw_mcast_filter_set(struct ath5k_hw *ah, u64 filter);

/**
 * ath5k_hw_pcu_rx_start() - let the PCU receive (DMA is separate)
 * @ah: hardware state
 */
void ath5k_hw_pcu_rx_start(struct ath5k_hw *ah);

/**
 * ath5k_hw_pcu_rx_stop() - stop the PCU receiving (DMA is separate)
 * @ah: hardware state
 */
void ath5k_hw_pcu_rx_stop(struct ath5k_hw *ah);

/**
 * ath5k_hw_tsf_get() - read the 64-bit TSF
 * @ah: hardware state
 *
 * Return: the TSF in microseconds, consistent across a low-word wrap.
 */
u64 ath5k_hw_tsf_get(struct ath5k_hw *ah);

/**
 * ath5k_hw_tsf_set() - set the 64-bit TSF
 * @ah: hardware state
 * @tsf: microseconds
 */
void ath5k_hw_tsf_set(struct ath5k_hw *ah, u64 tsf);

/**
 * ath5k_hw_tsf_reset() - restart the TSF from zero
 * @ah: hardware state
 */
void ath5k_hw_tsf_reset(struct ath5k_hw *ah);

/**
 * ath5k_hw_beacon_timers_init() - program the beacon timers
 * @ah: hardware state (its opmode decides which timers run)
 * @next_tbtt_tu: first target beacon transmission time, TU
 * @interval_tu: beacon interval, TU
 * @reset_tsf: restart the TSF as well
 */
void ath5k_hw_beacon_timers_init(struct ath5k_hw *ah, u32 next_tbtt_tu,
				 u32 interval_tu, bool reset_tsf);

/**
 * ath5k_hw_beacon_timers_stop() - stop the beacon timers
 * @ah: hardware state
 */
void ath5k_hw_beacon_timers_stop(struct ath5k_hw *ah);

/**
 * ath5k_hw_set_slot_time() - set the slot time
 * @ah: hardware state
 * @us: microseconds, 0 for the mode's default; below 6 is ignored
 */
void ath5k_hw_set_slot_time(struct ath5k_hw *ah, unsigned int us);

/**
 * ath5k_hw_set_coverage_class() - stretch slot and ACK/CTS timeouts
 * @ah: hardware state
 * @coverage_class: 3 us of slot per class (802.11 coverage class)
 *
 * A class accepted on a slower clock saturates the timeouts after a
 * reset to a faster one.
 *
 * Return: 0, or -EINVAL (and nothing changes) when the ACK/CTS timeout it
 * needs does not fit the 13-bit clock count on the current channel
 * (above class 55 on 11g).
 */
int ath5k_hw_set_coverage_class(struct ath5k_hw *ah, u8 coverage_class);

/**
 * ath5k_hw_set_ack_rate_high() - choose the rate of our ACKs
 * @ah: hardware state
 * @high: the highest basic rate not above the received one; else the
 *	lowest rate of the received frame's modulation
 */
void ath5k_hw_set_ack_rate_high(struct ath5k_hw *ah, bool high);

/**
 * ath5k_hw_cycles_read() - read and restart the busy-time counters
 * @ah: hardware state (its cycles_total grows by the same amounts)
 * @delta: clocks counted since the last read
 */
void ath5k_hw_cycles_read(struct ath5k_hw *ah, struct ath5k_cycles *delta);

/**
 * ath5k_hw_mib_read() - add the MIB counters to a running total
 * @ah: hardware state
 * @acc: totals to add to (the counters clear on read)
 */
void ath5k_hw_mib_read(struct ath5k_hw *ah, struct ath5k_mib *acc);

/* ----- ANI (noise_immunity.c) ------------------------------------------ */

/**
 * ath5k_hw_ani_init() - (re)start adaptive noise immunity
 * @ah: hardware state
 * @mode: off, manual low/high or automatic
 *
 * After every reset and on a mode change.
 *
 * Return: 0, or -EINVAL for a bad @mode.
 */
int ath5k_hw_ani_init(struct ath5k_hw *ah, enum ath5k_ani_mode mode);

/**
 * ath5k_hw_ani_tick() - let automatic ANI look at the last period
 * @ah: hardware state
 * @beacon_rssi: average beacon signal of our BSS, dB
 *
 * About every 100 ms.
 *
 * Context: not in hard-IRQ context.
 */
void ath5k_hw_ani_tick(struct ath5k_hw *ah, int beacon_rssi);

/**
 * ath5k_hw_ani_mib_irq() - handle ATH5K_INT_MIB
 * @ah: hardware state
 *
 * Return: true when an ANI tick should run now.
 */
bool ath5k_hw_ani_mib_irq(struct ath5k_hw *ah);

/**
 * ath5k_hw_ani_phy_error() - count a PHY error seen on RX
 * @ah: hardware state
 * @phyerr: the error code of the received report
 *
 * Counted only where automatic ANI has no PHY error counters (see
 * ath5k_hw_rx_filter_set()); elsewhere the counters saw it already.
 */
void ath5k_hw_ani_phy_error(struct ath5k_hw *ah, u8 phyerr);

/**
 * ath5k_hw_ani_set_noise_immunity() - set the noise immunity level
 * @ah: hardware state
 * @level: 0..ATH5K_ANI_MAX_NOISE_IMM
 *
 * Return: 0, or -EINVAL when out of range.
 */
int ath5k_hw_ani_set_noise_immunity(struct ath5k_hw *ah, u8 level);

/**
 * ath5k_hw_ani_set_spur_immunity() - set the spur immunity level
 * @ah: hardware state
 * @level: 0..ah->ani.max_spur
 *
 * Return: 0, or -EINVAL when out of range.
 */
int ath5k_hw_ani_set_spur_immunity(struct ath5k_hw *ah, u8 level);

/**
 * ath5k_hw_ani_set_firstep() - set the first-step detection level
 * @ah: hardware state
 * @level: 0..ATH5K_ANI_MAX_FIRSTEP
 *
 * Return: 0, or -EINVAL when out of range.
 */
int ath5k_hw_ani_set_firstep(struct ath5k_hw *ah, u8 level);

/**
 * ath5k_hw_ani_set_ofdm_weak_signal() - OFDM weak-signal detection
 * @ah: hardware state
 * @on: detect weak OFDM signals
 */
void ath5k_hw_ani_set_ofdm_weak_signal(struct ath5k_hw *ah, bool on);

/**
 * ath5k_hw_ani_set_cck_weak_signal() - CCK weak-signal detection
 * @ah: hardware state
 * @on: detect weak CCK signals
 */
void ath5k_hw_ani_set_cck_weak_signal(struct ath5k_hw *ah, bool on);

/* ----- TX queues (qcu.c) ---------------------------------------------- */

/**
 * ath5k_hw_txq_setup() - claim a TX queue
 * @ah: hardware state
 * @q: queue number (see ATH5K_TXQ_*)
 * @type: what the queue serves; must match @q
 * @params: contention parameters, NULL for the defaults
 *
 * Programmed into the chip at the next reset or ath5k_hw_txq_program().
 *
 * Return: 0, or -EINVAL when @q cannot serve @type.
 */
int ath5k_hw_txq_setup(struct ath5k_hw *ah, unsigned int q,
		       enum ath5k_txq_type type,
		       const struct ath5k_txq_params *params);

/**
 * ath5k_hw_txq_set_params() - store new contention parameters
 * @ah: hardware state
 * @q: a claimed queue
 * @params: parameters (contention windows rounded to 2^n - 1)
 *
 * Return: 0, or -EINVAL for an unclaimed queue.
 */
int ath5k_hw_txq_set_params(struct ath5k_hw *ah, unsigned int q,
			    const struct ath5k_txq_params *params);

/**
 * ath5k_hw_txq_release() - give a queue up
 * @ah: hardware state
 * @q: queue number
 */
void ath5k_hw_txq_release(struct ath5k_hw *ah, unsigned int q);

/**
 * ath5k_hw_txq_program() - write a queue's stored parameters to the chip
 * @ah: hardware state
 * @q: queue number (an unclaimed one is left alone)
 *
 * Return: 0, or -EINVAL for a bad @q.
 */
int ath5k_hw_txq_program(struct ath5k_hw *ah, unsigned int q);

/**
 * ath5k_hw_txq_start() - let a queue send from its TXDP
 * @ah: hardware state
 * @q: a claimed queue
 *
 * Return: 0, -EINVAL for an unclaimed queue, -EIO while a stop is still
 * in progress.
 */
int ath5k_hw_txq_start(struct ath5k_hw *ah, unsigned int q);

/**
 * ath5k_hw_txq_stop() - stop a queue and wait for it to drain
 * @ah: hardware state
 * @q: a claimed queue
 *
 * Context: process context; sleeps (up to about 200 ms).
 * Return: 0, -EINVAL for an unclaimed queue, -EBUSY if it hangs.
 */
int ath5k_hw_txq_stop(struct ath5k_hw *ah, unsigned int q);

/**
 * ath5k_hw_txq_set_txdp() - point a stopped queue at a descriptor
 * @ah: hardware state
 * @q: queue number
 * @paddr: bus address of the first descriptor
 *
 * Return: 0, -EINVAL for a bad @q, -EBUSY while the queue runs (the chip
 * would ignore the write).
 */
int ath5k_hw_txq_set_txdp(struct ath5k_hw *ah, unsigned int q, u32 paddr);

/**
 * ath5k_hw_txq_get_txdp() - the descriptor a queue is at
 * @ah: hardware state
 * @q: queue number
 *
 * Return: its bus address, 0 for a bad @q.
 */
u32 ath5k_hw_txq_get_txdp(struct ath5k_hw *ah, unsigned int q);

/**
 * ath5k_hw_txq_pending() - frames the hardware still holds in a queue
 * @ah: hardware state
 * @q: queue number
 *
 * Return: the count; an enabled queue with none counted yet counts one.
 */
unsigned int ath5k_hw_txq_pending(struct ath5k_hw *ah, unsigned int q);

/* ----- DMA and interrupts (dma.c) ------------------------------------- */

/**
 * ath5k_hw_rx_set_rxdp() - point RX DMA at the first descriptor
 * @ah: hardware state
 * @paddr: its bus address
 *
 * Return: 0, or -EBUSY while RX DMA runs (the chip would ignore it).
 */
int ath5k_hw_rx_set_rxdp(struct ath5k_hw *ah, u32 paddr);

/**
 * ath5k_hw_rx_get_rxdp() - the descriptor RX DMA is at
 * @ah: hardware state
 *
 * Return: its bus address.
 */
u32 ath5k_hw_rx_get_rxdp(struct ath5k_hw *ah);

/**
 * ath5k_hw_rx_start() - start RX DMA
 * @ah: hardware state
 */
void ath5k_hw_rx_start(struct ath5k_hw *ah);

/**
 * ath5k_hw_rx_stop() - stop RX DMA
 * @ah: hardware state
 *
 * Context: process context; sleeps (up to 100 ms).
 * Return: 0, or -EBUSY if RX DMA does not stop.
 */
int ath5k_hw_rx_stop(struct ath5k_hw *ah);

/**
 * ath5k_hw_dma_stop() - stop RX and every claimed TX queue
 * @ah: hardware state
 *
 * Stops all of them even if one hangs.  Then, if one did, holds the chip
 * in warm reset, so that no DMA runs on buffers the caller reclaims; the
 * next ath5k_hw_reset() is a full one.
 *
 * Context: process context; sleeps.
 * Return: 0, or the first error (-EBUSY).
 */
int ath5k_hw_dma_stop(struct ath5k_hw *ah);

/**
 * ath5k_hw_irq_pending() - does the card assert its interrupt
 * @ah: hardware state
 *
 * Context: any, the interrupt handler included.
 * Return: true when it does.
 */
bool ath5k_hw_irq_pending(struct ath5k_hw *ah);

/**
 * ath5k_hw_gone() - has the card left the bus
 * @ah: hardware state
 *
 * A card that was unplugged, or whose link went down, answers every read
 * with all ones; no revision register of a chip present does.
 *
 * Context: any.
 * Return: true when the card no longer answers.
 */
bool ath5k_hw_gone(struct ath5k_hw *ah);

/**
 * ath5k_hw_isr_read() - read and acknowledge the interrupt causes
 * @ah: hardware state
 * @isr: the causes that fired, masked or not (all are acknowledged),
 *	and their queues
 *
 * A TX underrun raises the TX FIFO trigger level here.  Only the
 * secondary status registers that the primary one summarises as set are
 * read.  The acknowledging writes are posted: the caller's next read of
 * the card (ath5k_hw_irq_pending()) flushes them before the line is
 * sampled again.
 *
 * Context: the interrupt handler (or with it excluded).
 * Return: 0, or -ENODEV when the card is gone (reads all ones).
 */
int ath5k_hw_isr_read(struct ath5k_hw *ah, struct ath5k_isr *isr);

/**
 * ath5k_hw_imr_set() - set the unmasked interrupt causes
 * @ah: hardware state
 * @flags: ATH5K_INT_* to unmask, ATH5K_INT_GLOBAL for the master enable
 *
 * With any TX interrupt the TX underrun one is unmasked too, for
 * ath5k_hw_isr_read(); it reports ATH5K_INT_TXURN only when in @flags.
 * While the master enable stays on, only mask registers whose value
 * changes are written, and nothing is read back: holding and releasing
 * sources around deferred work costs one posted write.
 *
 * Return: the previous set.
 */
u32 ath5k_hw_imr_set(struct ath5k_hw *ah, u32 flags);

/* ----- descriptors (desc.c) ------------------------------------------- */

/**
 * ath5k_hw_desc_txpower() - descriptor TX power field for a power
 * @ah: hardware state (its power table for the current channel)
 * @half_dbm: wanted power, half dBm
 *
 * Return: the field's value, 0..ATH5K_TXPOWER_MAX.
 */
u8 ath5k_hw_desc_txpower(const struct ath5k_hw *ah, u8 half_dbm);

/**
 * ath5k_hw_tx_desc_setup() - fill the control words of a TX descriptor
 * @ah: hardware state (the chip's descriptor format)
 * @d: descriptor (link and data already set)
 * @p: what to send and how; the AR5211 sends at @p->rate[0] only and
 *     takes the tries from the queue
 *
 * Return: 0, -EINVAL for parameters the descriptor cannot hold, or
 * -EOPNOTSUPP for CTS-to-self on the AR5211.
 */
int ath5k_hw_tx_desc_setup(const struct ath5k_hw *ah, struct ath5k_desc *d,
			   const struct ath5k_tx_params *p);

/**
 * ath5k_hw_tx_desc_done() - has the hardware completed a TX descriptor
 * @ah: hardware state (the chip's descriptor format)
 * @d: descriptor
 *
 * Once a descriptor's successor is done, the DMA engine has left it.
 *
 * Return: true when its status is final.
 */
bool ath5k_hw_tx_desc_done(const struct ath5k_hw *ah, const struct ath5k_desc *d);

/**
 * ath5k_hw_tx_desc_status() - decode a completed TX descriptor
 * @ah: hardware state (the chip's descriptor format)
 * @d: descriptor
 * @ts: the outcome (on the AR5211 always series 0)
 *
 * Return: 0, or -EINPROGRESS while the hardware still owns @d.
 */
int ath5k_hw_tx_desc_status(const struct ath5k_hw *ah, const struct ath5k_desc *d,
			    struct ath5k_tx_status *ts);

/**
 * ath5k_hw_tx_attempts() - attempts made at each retry series of a frame
 * @ts: the frame's decoded status
 * @tries: the tries the descriptor allowed, ATH5K_MRR_SERIES entries
 * @attempts: filled with the attempts made, ATH5K_MRR_SERIES entries
 *
 * The status counts the failed attempts of the final series only; every
 * earlier series used all its tries, and a success adds the ACKed one.
 *
 * Return: the final series.
 */
unsigned int ath5k_hw_tx_attempts(const struct ath5k_tx_status *ts,
				  const u8 *tries, u8 *attempts);

/**
 * ath5k_hw_rx_desc_setup() - prepare an RX descriptor for the hardware
 * @d: descriptor (link and data already set)
 * @buf_size: bytes the buffer holds
 * @intreq: raise an interrupt when it completes
 *
 * Return: 0, or -EINVAL when @buf_size does not fit the field.
 */
int ath5k_hw_rx_desc_setup(struct ath5k_desc *d, u16 buf_size, bool intreq);

/**
 * ath5k_hw_rx_desc_done() - has the hardware completed an RX descriptor
 * @d: descriptor
 *
 * Once a descriptor's successor is done, the DMA engine has left it.
 *
 * Return: true when its status is final.
 */
bool ath5k_hw_rx_desc_done(const struct ath5k_desc *d);

/**
 * ath5k_hw_rx_desc_status() - decode a completed RX descriptor
 * @ah: hardware state (the chip's status format; on the AR5211 the
 *      channel's mode tells its CCK rate codes from OFDM ones)
 * @d: descriptor
 * @rs: what was received (@rs->tstamp: ath5k_hw_rx_tstamp_mask() bits)
 *
 * Return: 0, or -EINPROGRESS while the hardware still owns @d.
 */
int ath5k_hw_rx_desc_status(const struct ath5k_hw *ah, const struct ath5k_desc *d,
			    struct ath5k_rx_status *rs);

/**
 * ath5k_hw_rx_tstamp_mask() - TSF bits an RX status carries
 * @ah: hardware state
 *
 * Return: 0x7fff (15 bits), 0x1fff (13) on the AR5211 and AR5210.
 */
u16 ath5k_hw_rx_tstamp_mask(const struct ath5k_hw *ah);

/* ----- key cache (keycache.c) ----------------------------------------- */

/**
 * ath5k_hw_key_set() - write a key cache entry
 * @ah: hardware state
 * @idx: entry (TKIP: its Michael keys go to @idx + 64)
 * @key: cipher and key material
 * @mac: peer address, NULL for a key any sender may use
 *
 * Return: 0, -EINVAL for an entry or cipher the chip cannot hold, or
 * -EOPNOTSUPP on the AR5210 (no hardware crypto: mac80211 does it).
 */
int ath5k_hw_key_set(struct ath5k_hw *ah, u16 idx, const struct ath5k_key *key,
		     const u8 *mac);

/**
 * ath5k_hw_key_clear() - invalidate a key cache entry
 * @ah: hardware state
 * @idx: entry (and its TKIP Michael entry)
 */
void ath5k_hw_key_clear(struct ath5k_hw *ah, u16 idx);

/**
 * ath5k_hw_key_delete() - retire an entry mac80211 disabled
 * @ah: hardware state
 * @idx: entry
 *
 * A CCMP or TKIP entry loses only its peer address, so frames already
 * queued with @idx still go out encrypted; any other entry is cleared.
 */
void ath5k_hw_key_delete(struct ath5k_hw *ah, u16 idx);

/**
 * ath5k_hw_key_clear_all() - invalidate every key cache entry
 * @ah: hardware state
 */
void ath5k_hw_key_clear_all(struct ath5k_hw *ah);

/**
 * ath5k_hw_tkip_combined_mic() - where TKIP's TX Michael key goes
 * @ah: attached hardware state
 *
 * Return: true when one MIC entry (idx + 64) holds both the TX and the RX
 * key (AR2414 and later); otherwise it holds the RX key only and the
 * caller gives TX its own key entry (the "split MIC" scheme).
 */
bool ath5k_hw_tkip_combined_mic(const struct ath5k_hw *ah);

/* ----- GPIO, rfkill, LED (gpio.c) ------------------------------------- */

#define ATH5K_GPIO_COUNT	6

/**
 * ath5k_hw_gpio_input() - make a GPIO an input
 * @ah: hardware state
 * @gpio: 0..ATH5K_GPIO_COUNT - 1
 *
 * Return: 0, or -EINVAL for a bad @gpio.
 */
int ath5k_hw_gpio_input(struct ath5k_hw *ah, unsigned int gpio);

/**
 * ath5k_hw_gpio_output() - make a GPIO an output
 * @ah: hardware state
 * @gpio: 0..ATH5K_GPIO_COUNT - 1
 *
 * Return: 0, or -EINVAL for a bad @gpio.
 */
int ath5k_hw_gpio_output(struct ath5k_hw *ah, unsigned int gpio);

/**
 * ath5k_hw_gpio_get() - read a GPIO
 * @ah: hardware state
 * @gpio: 0..ATH5K_GPIO_COUNT - 1
 *
 * Return: 0 or 1, or -EINVAL for a bad @gpio.
 */
int ath5k_hw_gpio_get(struct ath5k_hw *ah, unsigned int gpio);

/**
 * ath5k_hw_gpio_set() - drive a GPIO output
 * @ah: hardware state
 * @gpio: 0..ATH5K_GPIO_COUNT - 1
 * @val: level
 *
 * Return: 0, or -EINVAL for a bad @gpio.
 */
int ath5k_hw_gpio_set(struct ath5k_hw *ah, unsigned int gpio, bool val);

/**
 * ath5k_hw_gpio_irq() - interrupt on a GPIO level
 * @ah: hardware state
 * @gpio: 0..ATH5K_GPIO_COUNT - 1
 * @level: the interrupt fires while @gpio reads the opposite
 */
void ath5k_hw_gpio_irq(struct ath5k_hw *ah, unsigned int gpio, bool level);

/**
 * ath5k_hw_rfkill_present() - does the EEPROM name an rfkill switch
 * @ah: attached hardware state
 *
 * Return: true when it does.
 */
bool ath5k_hw_rfkill_present(const struct ath5k_hw *ah);

/**
 * ath5k_hw_rfkill_blocked() - read the rfkill switch
 * @ah: hardware state
 *
 * Return: true when the switch blocks the radio.
 */
bool ath5k_hw_rfkill_blocked(struct ath5k_hw *ah);

/**
 * ath5k_hw_rfkill_irq() - watch the rfkill switch with ATH5K_INT_GPIO
 * @ah: hardware state
 * @enable: watch it (if the EEPROM allows), or stop
 *
 * Adds ATH5K_INT_GPIO to the mask: keep it in later ath5k_hw_imr_set().
 */
void ath5k_hw_rfkill_irq(struct ath5k_hw *ah, bool enable);

/**
 * ath5k_hw_rfkill_start() - radio on: drive the line unblocked, watch it
 * @ah: hardware state
 */
void ath5k_hw_rfkill_start(struct ath5k_hw *ah);

/**
 * ath5k_hw_rfkill_stop() - radio off: stop watching, drive it blocked
 * @ah: hardware state
 */
void ath5k_hw_rfkill_stop(struct ath5k_hw *ah);

/**
 * ath5k_hw_led_set() - drive the PCI-config LED bits
 * @ah: hardware state
 * @state: what the LEDs show
 */
void ath5k_hw_led_set(struct ath5k_hw *ah, enum ath5k_led_state state);

/* ----- debugging ------------------------------------------------------- */

/* One register of the debug dump. */
struct ath5k_reg_value {
	const char *name;
	u32 offset;
	u32 value;
};

/**
 * ath5k_hw_debug_reg() - read one register of the debug dump
 * @ah: the chip, awake
 * @i: index into the dump, from 0
 * @r: filled with the register's name, offset and value
 *
 * The dump holds the registers a report of a hung queue or a silent
 * radio wants; reading them changes nothing on the chip.
 *
 * Return: 0, or -ENOENT when @i is past the last register.
 */
int ath5k_hw_debug_reg(struct ath5k_hw *ah, unsigned int i,
		       struct ath5k_reg_value *r);

#endif /* ATH5K_HW_H */
