/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Hardware layer of the AR5212-family driver: the only interface the
 * mac80211/PCI layer uses to touch the chip.  Everything above this file
 * speaks in abstract terms (channels, queues, flags); everything below it
 * speaks registers.  Functions return 0 or a negative errno unless noted.
 *
 * Locking: the caller serialises all calls on one struct ath5k_hw except
 * ath5k_hw_irq_pending(), ath5k_hw_isr_read() and ath5k_hw_imr_set(), which
 * run from the interrupt handler; the caller keeps those apart from a reset.
 *
 * The usual order of calls:
 *   probe:   ath5k_hw_attach(); ath5k_hw_key_clear_all(); bands from
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
#define ATH5K_INT_TXURN		BIT(17)	/* TX FIFO underrun: raise trigger level */
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
 * A 5212 descriptor as the DMA engine sees it: little-endian words, 32
 * bytes, link first.  TX uses four control words then two status words;
 * RX uses two control words then two status words.
 */
struct ath5k_desc {
	__le32 link;
	__le32 data;
	union {
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
	u16 tstamp;		/* 15 bits of the TSF at reception */
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
	u16 txq_imr;		/* queues with TX interrupts enabled */
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

static inline u32 ath5k_rd(struct ath5k_hw *ah, u32 reg)
{
	return ioread32(ah->iomem + reg);
}

static inline void ath5k_wr(struct ath5k_hw *ah, u32 reg, u32 val)
{
	iowrite32(val, ah->iomem + reg);
}

static inline void ath5k_set_bits(struct ath5k_hw *ah, u32 reg, u32 bits)
{
	ath5k_wr(ah, reg, ath5k_rd(ah, reg) | bits);
}

static inline void ath5k_clear_bits(struct ath5k_hw *ah, u32 reg, u32 bits)
{
	ath5k_wr(ah, reg, ath5k_rd(ah, reg) & ~bits);
}

/* Replace the field @mask of @reg with @val (already shifted). */
static inline void ath5k_rmw(struct ath5k_hw *ah, u32 reg, u32 mask, u32 val)
{
	ath5k_wr(ah, reg, (ath5k_rd(ah, reg) & ~mask) | (val & mask));
}

/* Poll until (reg & mask) == val; -ETIMEDOUT otherwise.  May sleep. */
int ath5k_hw_wait(struct ath5k_hw *ah, u32 reg, u32 mask, u32 val,
		  unsigned int step_us, unsigned int tries);

/* ----- attach, power, reset (hw_attach.c, reset.c) --------------------- */

/*
 * Wake the chip, identify MAC/PHY/radio, self-test, read and validate the
 * EEPROM.  On success perm_addr, ee (bands, regdomain, gains, limits) and
 * the identity fields are valid.  @iomem is BAR0.
 */
int ath5k_hw_attach(struct ath5k_hw *ah, struct device *dev,
		    void __iomem *iomem, bool pcie);
void ath5k_hw_detach(struct ath5k_hw *ah);

/* Human-readable chip names for the probe message. */
const char *ath5k_hw_mac_name(const struct ath5k_hw *ah);
const char *ath5k_hw_radio_name(const struct ath5k_hw *ah);

int ath5k_hw_set_power(struct ath5k_hw *ah, enum ath5k_power mode);

/*
 * Bring the chip to a working state on @chan in @opmode.  With @fast and a
 * radio that supports it (RF2413/RF5413, same mode and opmode), only
 * retune (queues, keys and DMA survive); otherwise, or if that fails, a
 * full reset.  Before a full reset the caller stops DMA
 * (ath5k_hw_dma_stop()) and reclaims its buffers; afterwards RX is
 * stopped, the TX queues claimed with ath5k_hw_txq_setup() are
 * programmed, the interrupt mask is the last one set, the TSF is reset.
 * The caller then sets RXDP, starts RX, the RX filter and addresses.
 * May sleep.
 */
int ath5k_hw_reset(struct ath5k_hw *ah, enum ath5k_opmode opmode,
		   const struct ath5k_chan *chan, bool fast);

/* Quiesce before power-down or remove: stop DMA, disable interrupts. */
void ath5k_hw_stop(struct ath5k_hw *ah);
/*
 * Idle the stopped chip: awake, MAC and baseband held in warm reset (the
 * state attach leaves; full sleep misbehaves on several revisions).
 */
int ath5k_hw_hold(struct ath5k_hw *ah);

/* Band and channel capability (EEPROM + radio). */
bool ath5k_hw_mode_supported(const struct ath5k_hw *ah, enum ath5k_mode mode);
bool ath5k_hw_freq_supported(const struct ath5k_hw *ah, u16 freq);
bool ath5k_hw_has_aes(const struct ath5k_hw *ah);
bool ath5k_hw_has_fast_chanswitch(const struct ath5k_hw *ah);

/* ----- PHY (phy.c) ---------------------------------------------------- */

/* Maximum TX power the calibration data allows on @chan, half dBm. */
u8 ath5k_hw_txpower_max(const struct ath5k_hw *ah, const struct ath5k_chan *chan);
/* Set the user limit (half dBm) and reprogram the current channel. */
int ath5k_hw_set_txpower_limit(struct ath5k_hw *ah, u8 half_dbm);
/*
 * Regulatory CTL groups (upper nibble of the EEPROM CTL ids: 0x10 FCC,
 * 0x30 ETSI, 0x40 MKK; 0xff none) the conformance limits are taken from.
 */
void ath5k_hw_set_ctl_groups(struct ath5k_hw *ah, u8 group_2ghz, u8 group_5ghz);

/* Read the noise floor and start a new measurement (short calibration). */
void ath5k_hw_nf_update(struct ath5k_hw *ah);
/*
 * Long calibration: I/Q correction, RF5112 gain_F probe, noise floor.
 * Returns 1 when the chip needs a full reset to load new RF gain
 * settings, else 0.  May sleep.
 */
int ath5k_hw_calibrate(struct ath5k_hw *ah);

void ath5k_hw_set_antenna_mode(struct ath5k_hw *ah, enum ath5k_ant_mode mode);
void ath5k_hw_set_def_antenna(struct ath5k_hw *ah, u8 ant);
u8 ath5k_hw_get_def_antenna(struct ath5k_hw *ah);

/* ----- PCU (pcu.c) ---------------------------------------------------- */

void ath5k_hw_set_opmode(struct ath5k_hw *ah, enum ath5k_opmode opmode);
void ath5k_hw_set_mac(struct ath5k_hw *ah, const u8 *mac);
void ath5k_hw_set_bssid(struct ath5k_hw *ah, const u8 *bssid, u16 aid);
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

void ath5k_hw_rx_filter_set(struct ath5k_hw *ah, u32 filter);
u32 ath5k_hw_rx_filter_get(struct ath5k_hw *ah);
/* Hash bit (0..63) of a multicast address in the 64-bit filter. */
unsigned int ath5k_hw_mcast_hash(const u8 *addr);
void ath5k_hw_mcast_filter_set(struct ath5k_hw *ah, u64 filter);

/* Start/stop frame reception in the PCU (DMA is separate). */
void ath5k_hw_pcu_rx_start(struct ath5k_hw *ah);
void ath5k_hw_pcu_rx_stop(struct ath5k_hw *ah);

u64 ath5k_hw_tsf_get(struct ath5k_hw *ah);
void ath5k_hw_tsf_set(struct ath5k_hw *ah, u64 tsf);
void ath5k_hw_tsf_reset(struct ath5k_hw *ah);

/* Program beacon timers: first target beacon time and interval in TU. */
void ath5k_hw_beacon_timers_init(struct ath5k_hw *ah, u32 next_tbtt_tu,
				 u32 interval_tu, bool reset_tsf);
void ath5k_hw_beacon_timers_stop(struct ath5k_hw *ah);
/* Do the timers still describe a beacon every @interval_tu (IBSS merge)? */
bool ath5k_hw_beacon_timers_valid(struct ath5k_hw *ah, u32 interval_tu);

void ath5k_hw_set_slot_time(struct ath5k_hw *ah, unsigned int us);
void ath5k_hw_set_coverage_class(struct ath5k_hw *ah, u8 coverage_class);
void ath5k_hw_set_ack_rate_high(struct ath5k_hw *ah, bool high);

void ath5k_hw_cycles_read(struct ath5k_hw *ah, struct ath5k_cycles *delta);
void ath5k_hw_mib_read(struct ath5k_hw *ah, struct ath5k_mib *acc);

/* ----- ANI (noise_immunity.c) ------------------------------------------ */

/* After every reset and on a mode change. */
int ath5k_hw_ani_init(struct ath5k_hw *ah, enum ath5k_ani_mode mode);
/* About every 100 ms, not in hard-IRQ context; @beacon_rssi in dB. */
void ath5k_hw_ani_tick(struct ath5k_hw *ah, int beacon_rssi);
/* On ATH5K_INT_MIB; true when a tick should run now. */
bool ath5k_hw_ani_mib_irq(struct ath5k_hw *ah);
/* Chips without error counters: count PHY errors seen on RX. */
void ath5k_hw_ani_phy_error(struct ath5k_hw *ah, u8 phyerr);
/* Manual control of the knobs (sysfs); -EINVAL when out of range. */
int ath5k_hw_ani_set_noise_immunity(struct ath5k_hw *ah, u8 level);
int ath5k_hw_ani_set_spur_immunity(struct ath5k_hw *ah, u8 level);
int ath5k_hw_ani_set_firstep(struct ath5k_hw *ah, u8 level);
void ath5k_hw_ani_set_ofdm_weak_signal(struct ath5k_hw *ah, bool on);
void ath5k_hw_ani_set_cck_weak_signal(struct ath5k_hw *ah, bool on);

/* ----- TX queues (qcu.c) ---------------------------------------------- */

/* Claim queue @q (see ATH5K_TXQ_*) for @type with @params. */
int ath5k_hw_txq_setup(struct ath5k_hw *ah, unsigned int q,
		       enum ath5k_txq_type type,
		       const struct ath5k_txq_params *params);
int ath5k_hw_txq_set_params(struct ath5k_hw *ah, unsigned int q,
			    const struct ath5k_txq_params *params);
void ath5k_hw_txq_release(struct ath5k_hw *ah, unsigned int q);
/* Write the stored parameters of queue @q into the chip (after reset). */
int ath5k_hw_txq_program(struct ath5k_hw *ah, unsigned int q);

int ath5k_hw_txq_start(struct ath5k_hw *ah, unsigned int q);
int ath5k_hw_txq_stop(struct ath5k_hw *ah, unsigned int q);
/* Only valid while the queue is stopped: -EBUSY otherwise. */
int ath5k_hw_txq_set_txdp(struct ath5k_hw *ah, unsigned int q, u32 paddr);
u32 ath5k_hw_txq_get_txdp(struct ath5k_hw *ah, unsigned int q);
/* Frames the hardware still holds in queue @q. */
unsigned int ath5k_hw_txq_pending(struct ath5k_hw *ah, unsigned int q);

/* ----- DMA and interrupts (dma.c) ------------------------------------- */

/* -EBUSY while RX DMA runs (the chip would ignore the write). */
int ath5k_hw_rx_set_rxdp(struct ath5k_hw *ah, u32 paddr);
u32 ath5k_hw_rx_get_rxdp(struct ath5k_hw *ah);
void ath5k_hw_rx_start(struct ath5k_hw *ah);
int ath5k_hw_rx_stop(struct ath5k_hw *ah);
/* Stop RX and every active TX queue; -EBUSY if the hardware hangs. */
int ath5k_hw_dma_stop(struct ath5k_hw *ah);

bool ath5k_hw_irq_pending(struct ath5k_hw *ah);
/* Read and acknowledge; -ENODEV when the card is gone (all ones). */
int ath5k_hw_isr_read(struct ath5k_hw *ah, struct ath5k_isr *isr);
/* Set the unmasked ATH5K_INT_* set; returns the previous one. */
u32 ath5k_hw_imr_set(struct ath5k_hw *ah, u32 flags);
/* Move the TX FIFO trigger level up (after underruns) or down. */
int ath5k_hw_tx_triglevel_update(struct ath5k_hw *ah, bool increase);

/* ----- descriptors (desc.c) ------------------------------------------- */

/* Descriptor power field for @half_dbm on the current channel. */
u8 ath5k_hw_desc_txpower(const struct ath5k_hw *ah, u8 half_dbm);
int ath5k_hw_tx_desc_setup(struct ath5k_desc *d, const struct ath5k_tx_params *p);
/* -EINPROGRESS while the hardware still owns the descriptor. */
int ath5k_hw_tx_desc_status(const struct ath5k_desc *d, struct ath5k_tx_status *ts);
/*
 * Attempts made at each retry series of a finished frame, from the tries
 * the descriptor allowed (@tries, ATH5K_MRR_SERIES entries) and its status.
 * Fills @attempts (ATH5K_MRR_SERIES entries) and returns the final series.
 */
unsigned int ath5k_hw_tx_attempts(const struct ath5k_tx_status *ts,
				  const u8 *tries, u8 *attempts);
int ath5k_hw_rx_desc_setup(struct ath5k_desc *d, u16 buf_size, bool intreq);
int ath5k_hw_rx_desc_status(const struct ath5k_desc *d, struct ath5k_rx_status *rs);

/* ----- key cache (keycache.c) ----------------------------------------- */

int ath5k_hw_key_set(struct ath5k_hw *ah, u16 idx, const struct ath5k_key *key,
		     const u8 *mac);
void ath5k_hw_key_clear(struct ath5k_hw *ah, u16 idx);
void ath5k_hw_key_clear_all(struct ath5k_hw *ah);
bool ath5k_hw_key_valid(struct ath5k_hw *ah, u16 idx);
/*
 * TKIP Michael keys: true when one MIC entry (idx + 64) holds both the TX
 * and RX key (AR2414 and later).  Otherwise it holds the RX key only and
 * the caller gives TX its own key entry (the "split MIC" scheme).
 */
bool ath5k_hw_tkip_combined_mic(const struct ath5k_hw *ah);

/* ----- GPIO, rfkill, LED (gpio.c) ------------------------------------- */

#define ATH5K_GPIO_COUNT	6

int ath5k_hw_gpio_input(struct ath5k_hw *ah, unsigned int gpio);
int ath5k_hw_gpio_output(struct ath5k_hw *ah, unsigned int gpio);
int ath5k_hw_gpio_get(struct ath5k_hw *ah, unsigned int gpio);
int ath5k_hw_gpio_set(struct ath5k_hw *ah, unsigned int gpio, bool val);
/* Interrupt when @gpio reads the opposite of @level. */
void ath5k_hw_gpio_irq(struct ath5k_hw *ah, unsigned int gpio, bool level);

/* rfkill switch (pin and polarity from the EEPROM). */
bool ath5k_hw_rfkill_present(const struct ath5k_hw *ah);
bool ath5k_hw_rfkill_blocked(struct ath5k_hw *ah);
/*
 * Watch the switch with ATH5K_INT_GPIO (if the EEPROM allows it); this
 * adds ATH5K_INT_GPIO to the mask: keep it in later ath5k_hw_imr_set().
 */
void ath5k_hw_rfkill_irq(struct ath5k_hw *ah, bool enable);
/* Radio on: drive the line unblocked, then watch it.  Stop: the reverse. */
void ath5k_hw_rfkill_start(struct ath5k_hw *ah);
void ath5k_hw_rfkill_stop(struct ath5k_hw *ah);

/* Drive the PCI-config LED bits. */
void ath5k_hw_led_set(struct ath5k_hw *ah, enum ath5k_led_state state);

#endif /* ATH5K_HW_H */
