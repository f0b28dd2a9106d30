/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Inside of the card model, shared by card.c (registers, interrupts,
 * timers), tx_engine.c, rx_engine.c and air.c.  The transport never sees
 * this header.
 */
#ifndef ATH5K_EMU_CARD_MODEL_H
#define ATH5K_EMU_CARD_MODEL_H

#include "card.h"
#include "card_regs.h"
#include "eeprom.h"
#include "fault.h"
#include "wifi_crypto.h"

#define CARD_MAX_FRAME		4096	/* 12-bit length fields */
#define CARD_DESC_SIZE		32
#define CARD_BEACON_QUEUE	9
#define CARD_CAB_QUEUE		8
#define CARD_NOISE_FLOOR_DBM	(-100)	/* nominal; link_noise_floor wanders */
#define CARD_LINKS		8	/* destinations counted for the log */

/* A frame on the air: 802.11 bytes without padding, FCS included. */
struct air_frame {
	uint16_t freq_mhz;
	uint8_t rate_code;		/* hardware rate code of the sender */
	uint8_t rssi;			/* dB above the noise floor at receivers */
	bool fcs_bad;
	uint16_t len;
	uint8_t data[CARD_MAX_FRAME];
};

/* air_journal.c: one frame a card sent or was offered */
#define CARD_JOURNAL_LEN	64
struct journal_entry {
	uint64_t when_us;		/* host µs */
	const char *outcome;		/* a string literal */
	uint16_t seq, len, freq_mhz;
	uint8_t fc[2], addr1[6], addr2[6], rate_code;
	bool sent;			/* sent by this card, else offered to it */
};

struct tx_queue {
	bool in_flight;			/* a frame is on the air until done_at */
	uint64_t done_at;		/* host µs */
	uint32_t desc;			/* descriptor being sent */
	bool veol_beacon;		/* IBSS: resend desc at every TBTT */
	bool stopping;			/* TXD: stop once the attempt on air ends */
	bool collided;			/* the attempt on air met another */
	/* The frame being sent: where its attempts stand. */
	unsigned int series;		/* rate series of the next attempt */
	unsigned int failed;		/* failed attempts in that series */
	unsigned int attempts;		/* attempts so far, all series */
	unsigned int cw;		/* contention window, slots */
	unsigned int data_failed;	/* data sent, no ACK, in that series */
	unsigned int rts_failed;	/* RTS without a CTS, whole frame */
	bool data_sent;			/* the frame itself went out before */
	/*
	 * An RTS-protected attempt with airtime on ends twice: first after
	 * RTS and CTS (rts_phase), then, once the CTS came, at exchange_end.
	 */
	bool rts_phase;
	enum { RTS_UNDECIDED, RTS_CTS_CAME, RTS_NO_CTS } rts_outcome;
	uint64_t exchange_end;		/* host µs */
	bool beacon_len_told;		/* the misuse below is logged once */
};

/*
 * What the crypto engine did (keycache.c), for the log and the control
 * socket: frames sealed and opened per cipher, and frames that crossed
 * the air in clear or without the card's engine.
 */
struct crypto_stats {
	unsigned long tx[WIFI_CIPHERS];	/* sealed with the descriptor's key */
	unsigned long tx_clear;		/* key index of a clear/unusable entry */
	unsigned long tx_sw;		/* Protected without a key index */
	unsigned long tx_plain_keyed;	/* data in clear to a peer with a key */
	unsigned long rx[WIFI_CIPHERS];	/* opened, ICV/MIC good */
	unsigned long rx_miss;		/* Protected, no usable key: as received */
	unsigned long rx_icv_fail;	/* WEP/TKIP ICV or CCMP MIC wrong */
	unsigned long rx_mic_fail;	/* TKIP Michael wrong */
	unsigned long rx_plain_keyed;	/* data in clear from a peer with a key */
	/* 802.11w: unicast management with Protected, group with a BIP MME */
	unsigned long tx_mgmt_protected, tx_mgmt_bip;
	unsigned long rx_mgmt_protected, rx_mgmt_bip;
	unsigned long logged;		/* sum of the above at the last log line */
	uint64_t logged_at;
};

/*
 * What a driver cost the card (card_stats.c), cumulative since
 * card_create: BAR0 accesses the driver made (each 32-bit word of an
 * access once), per hot register too, INTx rising edges, descriptor DMA
 * and frames.  Plain increments, so a benchmark can difference two
 * snapshots taken through the control socket.
 */
enum card_stat_reg {
	CARD_STAT_PISR,
	CARD_STAT_SISR0,		/* ..SISR4: PISR + 1..5, as in BAR0 */
	CARD_STAT_INTPEND = CARD_STAT_SISR0 + 5,
	CARD_STAT_IER,
	CARD_STAT_PIMR,
	CARD_STAT_SIMR0,		/* ..SIMR4: PIMR + 1..5, as in BAR0 */
	CARD_STAT_TXDP = CARD_STAT_SIMR0 + 5,	/* every queue's */
	CARD_STAT_RXDP,
	CARD_STAT_TSF,			/* TSF_L32 and TSF_U32 */
	CARD_STAT_CR,
	CARD_STAT_RAC,			/* the read-and-clear mirrors 0xc0..0xd4 */
	CARD_STAT_OTHER,
	CARD_STAT_REGS
};

/* Distinct offsets the AR5210 lacks that card.c logs an access to. */
#define CARD_ABSENT_LOGGED	16

struct card_stats {
	uint64_t mmio_reads, mmio_writes;
	uint64_t irq_edges;		/* INTx deasserted -> asserted */
	uint64_t tx_desc_fetched, rx_desc_fetched;
	uint64_t tx_desc_written, rx_desc_written;	/* status write-backs */
	uint64_t tx_frames, tx_ok, tx_tries;	/* TX frames completed */
	uint64_t rx_frames;		/* delivered into the RX ring */
	uint64_t rts_sent, rts_failed;	/* RTS put on the air, no CTS back */
	uint64_t cts_sent;		/* CTS answers to another card's RTS */
	uint64_t cts_to_self;		/* CTS-to-self before a data frame */
	uint64_t tx_fragments;		/* fragment attempts on the air */
	uint64_t tx_xretry;		/* frames that failed every series */
	/* group data frames sent right after a DTIM beacon, or elsewhere */
	uint64_t cab_after_dtim, group_outside_dtim;
	uint64_t d3_entries;		/* D0 -> D3hot */
	uint64_t d0_resets;		/* D3hot -> D0, each an internal reset */
	/* times each GPIO pin's level changed by the card's doing (gpio.c) */
	uint64_t gpio_changes[CARD_GPIO_PINS];
	uint64_t absent_reg_accesses;	/* card_absent_reg_accesses() */
	uint64_t reads[CARD_STAT_REGS], writes[CARD_STAT_REGS];
};

/* The counter a BAR0 word at off (aligned) belongs to. */
static inline unsigned int card_stat_reg(uint32_t off)
{
	if (off >= REG_QCU_TXDP(0) && off < REG_QCU_TXDP(CARD_QUEUES))
		return CARD_STAT_TXDP;
	if (off >= REG_PISR && off <= REG_SISR(4))
		return CARD_STAT_PISR + (off - REG_PISR) / 4;
	if (off >= REG_PIMR && off <= REG_SIMR(4))
		return CARD_STAT_PIMR + (off - REG_PIMR) / 4;
	if (off >= REG_RAC_PISR && off <= REG_RAC_LAST)
		return CARD_STAT_RAC;
	switch (off) {
	case REG_INTPEND:
		return CARD_STAT_INTPEND;
	case REG_IER:
		return CARD_STAT_IER;
	case REG_RXDP:
		return CARD_STAT_RXDP;
	case REG_TSF_L32: case REG_TSF_U32:
		return CARD_STAT_TSF;
	case REG_CR:
		return CARD_STAT_CR;
	default:
		return CARD_STAT_OTHER;
	}
}

/*
 * The noise of the channel (phy_noise.c): PHY errors per second the
 * control socket set, and what the card has heard of them.
 */
enum phy_noise_kind { NOISE_OFDM, NOISE_CCK, NOISE_KINDS };

struct phy_noise {
	unsigned int per_second[NOISE_KINDS];
	uint64_t carry[NOISE_KINDS];	/* error-µs short of the next error */
	uint64_t counted_to;		/* host µs */
	uint64_t heard[NOISE_KINDS];	/* errors while listening, since creation */
	uint64_t mib_raised;		/* times the counters raised the MIB cause */
	bool mib_level;
};

/* The receiver knobs ANI turns (immunity.c), as the driver left them. */
enum immunity_knob {
	KNOB_NOISE_IMMUNITY,
	KNOB_SPUR_IMMUNITY,
	KNOB_FIRSTEP,
	KNOB_OFDM_WEAK_SIGNAL,
	KNOB_CCK_WEAK_SIGNAL,
	IMMUNITY_KNOBS
};

struct immunity {
	int level[IMMUNITY_KNOBS];	/* last one decoded; -1: none yet */
	unsigned long raised, lowered;	/* knob changes, since creation */
};

/* What keycache_receive decided about one received frame. */
enum rx_crypto_outcome {
	RX_CRYPTO_NONE,			/* not protected, nothing to say */
	RX_CRYPTO_PLAIN_KEYED,		/* not protected, yet the sender has a key */
	RX_CRYPTO_MISS,			/* protected, no usable key */
	RX_CRYPTO_OK,
	RX_CRYPTO_ICV_FAIL,
	RX_CRYPTO_MIC_FAIL,
};

/* What a management frame shows of 802.11w (keycache.c). */
enum mgmt_protection {
	MGMT_UNPROTECTED,		/* or not a management frame */
	MGMT_PROTECTED,			/* unicast, Protected bit set */
	MGMT_BIP,			/* group, body ending in a Management MIC element */
};

struct rx_crypto {
	enum rx_crypto_outcome outcome;
	enum mgmt_protection mgmt;
	enum wifi_cipher cipher;
	uint32_t status1;		/* key index and error bits of RX status 1 */
};

/* Delivery counts of one destination (group frames share one entry). */
struct link_stats {
	bool used;
	uint8_t mac[6];
	unsigned long frames, first_try, retried, failed, attempts;
	unsigned long rts, rts_failed;	/* RTS sent to it, without a CTS back */
	unsigned long logged_frames;
};

/* rate_names.c: the 802.11a/b/g rates in one order, CCK first */
#define CARD_RATES		12
#define CARD_RATE_TEXT_MAX	12	/* "5.5", "54"; room for any 32-bit rate */

/*
 * rate_ceiling.c: the rate above which a card's frames to a peer are lost
 * (100 kbit/s; 0: none), one peer's own or the card's for everyone.
 */
#define CARD_CEILING_PEERS	8
struct rate_ceiling_peer {
	uint8_t mac[6];
	uint16_t rate_100k;
};

struct rate_ceiling {
	uint16_t all_100k;
	unsigned int peers;		/* in use, in the order set */
	struct rate_ceiling_peer peer[CARD_CEILING_PEERS];
};

/* rate_counts.c: attempts at frames that wait for an ACK, per rate */
struct rate_counts {
	uint64_t attempts[CARD_RATES], acked[CARD_RATES];
};

/*
 * forge.c: Deauthentications in clear spoofing the card, queued by the
 * control socket and sent at the card's next step.
 */
#define CARD_FORGE_QUEUE	8
struct forge_queue {
	unsigned int n;
	uint8_t peer[CARD_FORGE_QUEUE][6];	/* addr1 of each, in order */
	uint64_t queued_at;		/* host µs, of the first */
	uint16_t seq;			/* 12-bit sequence number of the next */
};

struct card {
	struct card_config cfg;
	struct card_pci_identity pci;
	const struct card_host_ops *ops;
	void *host;
	struct air *air;
	struct card *air_next;

	uint32_t regs[CARD_BAR0_SIZE / 4];
	/*
	 * AR5210: its registers the AR5212-family file has no place for
	 * (or has something else at), by their AR5210 offset.
	 */
	uint32_t regs_5210[CARD_BAR0_SIZE / 4];
	uint16_t eeprom[EE_WORDS];
	bool aes_fused_off;		/* EEPROM AES-disable: no CCM in the engine */
	bool dead;
	bool d3hot;			/* PCI D3hot: config space only */
	bool d3hot_access_logged;	/* one log line per stay in D3hot */
	/* offsets the AR5210 lacks that the driver reached, as logged */
	uint32_t absent_logged[CARD_ABSENT_LOGGED];
	unsigned int absent_logged_count;
	bool irq_level;

	/* Interrupt status; PISR's TX summary bits derive from SISR0/1. */
	uint32_t pisr;
	uint32_t sisr[5];
	uint32_t sisr_read[5];		/* causes the driver has read, not cleared */

	/* TSF = host µs + offset, in 64 bits */
	int64_t tsf_offset;

	/* Beacon timers in TSF µs, armed while BEACON_ENABLE is set */
	bool beacon_armed;
	uint64_t next_swba_tsf;
	uint64_t next_tbtt_tsf;

	/* Synthesiser as the driver last programmed it */
	uint32_t rf_buffer_last;
	bool rf_buffer_fresh;		/* written since the last control latch */
	uint16_t freq_mhz;

	bool rx_enabled;		/* CR RXE */
	uint64_t rx_stop_at;		/* RXD written: RXE clears then (0: none) */

	/* Handshakes that take time (host µs when they finish; 0: idle) */
	uint64_t cal_done_at, nf_done_at, iq_done_at;
	uint64_t eeprom_done_at;
	bool sleep_write_logged;	/* one log line per stretch of full sleep */
	/*
	 * GPIO pins (gpio.c): the levels the world outside applies (the
	 * control socket's), the pins' levels when last looked at, and
	 * whether GPIOCR's interrupt condition held then.
	 */
	uint8_t gpio_outside;
	uint8_t gpio_levels;
	bool gpio_irq_condition;
	uint8_t rssi;			/* what others hear of this card */

	struct tx_queue txq[CARD_QUEUES];
	unsigned long frames_sent, frames_received, rx_dropped;
	unsigned long rx_dropped_logged;
	unsigned int malformed_injected;
	struct card_faults *faults;	/* fault.c; NULL until a fault is set */
	/* A test's hook into one register write (card.h), while armed. */
	struct card_write_hook write_hook;
	bool write_hook_armed;
	struct legacy_sta *legacy;	/* legacy_sta.c; NULL until joined */
	struct forge_queue forge;

	uint64_t rng;			/* link_model.c's generator */
	int noise_floor_dbm;
	struct link_stats links[CARD_LINKS];
	uint64_t links_logged_at;
	unsigned long collisions;	/* attempts lost to another sender */
	unsigned long collisions_logged;
	/* answers (ACK, CTS) that came after TIME_OUT ran out; logged once */
	unsigned long answers_too_late;
	struct crypto_stats crypto;
	struct card_stats stats;
	bool cab_window;		/* cab_watch.c: after a DTIM with group traffic */
	struct journal_entry journal[CARD_JOURNAL_LEN];
	unsigned long journal_next;	/* entries ever noted */
	struct phy_noise noise;
	uint64_t profile_counted_to;	/* profile_counters.c, host µs */
	struct immunity immunity;
	struct rate_ceiling ceiling;
	struct rate_counts rate_counts;
};

/*
 * The descriptor layout of a model: the AR5212 family's four TX control
 * words and 5212 RX status, or the AR5211's two TX control words, 5210
 * RX status and 4-bit rate codes (CCK rates as their OFDM-looking low
 * nibble, told apart by PHY_MODE).
 */
enum card_desc_format {
	CARD_DESC_5212,
	CARD_DESC_5211,
	CARD_DESC_5210,			/* the 5211's, frame type and no VEOL/NOACK */
};

/* How the radio takes its channel. */
enum card_synth {
	CARD_SYNTH_RF5112,		/* RF5112/RF2413/RF5413: RF_BUFFER_CONTROL_5 */
	CARD_SYNTH_RF5111,		/* RF5111/RF2111: RF_BUFFER_CONTROL_3 */
	CARD_SYNTH_RF5110,		/* RF5110: RF_BUFFER, latched by CONTROL_0 */
};

/* card.c */
enum card_desc_format card_desc_format(const struct card *card);
bool card_is_ar5210(const struct card *card);
/* An AR5210 register the model keeps by its AR5210 offset. */
uint32_t card_reg_5210(const struct card *card, uint32_t offset);
uint32_t card_reg(const struct card *card, uint32_t offset);
void card_reg_set(struct card *card, uint32_t offset, uint32_t value);
void card_logf(struct card *card, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
uint64_t card_now(struct card *card);
uint64_t card_tsf(struct card *card);
void card_raise_pisr(struct card *card, uint32_t bits);
void card_raise_sisr(struct card *card, unsigned int n, uint32_t bits);
void card_update_irq(struct card *card);
bool card_is_receiving(const struct card *card);
bool card_asleep(const struct card *card);
/*
 * PHY error counters, profile counters and the knobs of ANI: the AR5212
 * family from the AR5213A on (caps.c), the chips ani.c runs on.
 */
bool card_has_ani(const struct card *card);
void card_own_mac(const struct card *card, uint8_t mac[6]);
/*
 * The lowest mandatory rate of the band the card is tuned to, what a
 * radio beside it with no rate control sends at: CCK 1 Mbit/s with the
 * long preamble on 2.4 GHz, OFDM 6 Mbit/s on 5 GHz.
 */
uint8_t card_band_base_rate(const struct card *card);
void card_addr_mask(const struct card *card, uint8_t mask[6]);
bool card_owns_addr(const uint8_t own[6], const uint8_t mask[6],
		    const uint8_t addr[6]);

/* card_stats.c */
void card_stats_log(struct card *card);

/* gpio.c */
/* The levels outside at power-on: the rfkill switch lets the radio run. */
void gpio_init(struct card *card);
/* The pins as GPIODI reads them. */
uint8_t gpio_read_levels(const struct card *card);
/* Pins the card drives now, and which of them it drives high. */
void gpio_driven(const struct card *card, uint8_t *driven, uint8_t *high);
/*
 * Something behind the pins changed (GPIOCR, GPIODO, a level outside, a
 * reset): counts the level changes the card made (by_card), raises the
 * GPIO cause when GPIOCR's condition starts to hold.
 */
void gpio_update(struct card *card, bool by_card);

/* card_trace.c */
const char *card_reg_name(uint32_t offset, char *buf, size_t len);

/* tx_engine.c */
/* A descriptor's rate code to the AR5212 code the air uses, and back. */
uint8_t card_rate_from_hw(const struct card *card, uint8_t code);
uint8_t card_rate_to_hw(const struct card *card, uint8_t code);
void tx_write_txdp(struct card *card, unsigned int q, uint32_t value);
void tx_write_txe(struct card *card, uint32_t bits);
void tx_write_txd(struct card *card, uint32_t bits);
uint32_t tx_queue_status(struct card *card, unsigned int q);
void tx_advance(struct card *card, uint64_t now);
uint64_t tx_next_deadline(const struct card *card);
void tx_beacon_slot(struct card *card);
void tx_reset(struct card *card);
unsigned int tx_airtime_us(uint8_t rate_code, unsigned int len);
uint8_t tx_ack_rate(const struct card *responder, uint8_t rate_code);
unsigned int tx_exchange_us(uint8_t rate_code, unsigned int len, bool wants_ack,
			    const struct card *responder);
/* Whether a rate code (CCK short-preamble bit aside) names a rate. */
bool tx_rate_known(uint8_t rate_code);
/* The rate a code names in 100 kbit/s (CCK short preamble as long); 0: none. */
unsigned int tx_rate_100k(uint8_t rate_code);
/* SIFS of the rate's modulation. */
unsigned int tx_sifs_us(uint8_t rate_code);
/* header length the driver pads after (24, 26, 30, 32) */
unsigned int wifi_pad_position(const uint8_t *frame, unsigned int len);

/* rx_engine.c */
/* A 5212-layout RX status (st[0], st[1]) rewritten in the 5210/5211 one. */
void rx_status_5210(const struct card *card, uint32_t st[2]);
void rx_deliver(struct card *card, const struct air_frame *frame);
void journal_note(struct card *card, bool sent, const struct air_frame *f,
		  const char *outcome);
bool rx_accepts(struct card *card, const struct air_frame *frame);
/* Whether the card's PHY_MODE lets it decode this rate at all. */
bool rx_decodes(const struct card *card, uint8_t rate_code);
unsigned int rx_mcast_hash(const uint8_t *addr);

/* keycache.c */
#define CARD_KEYS		128
/* TX: seals f (802.11 bytes, no FCS yet) with key entry index. */
void keycache_transmit(struct card *card, struct air_frame *f, bool key_valid,
		       unsigned int index, bool count);
/*
 * RX: looks the key up (transmitter address, else default key by key
 * id), opens a copy of f (FCS included) into out and says what the RX
 * status must report (the frame failed when outcome is ICV_FAIL or
 * MIC_FAIL); out holds what reaches the host when outcome is OK or
 * MIC_FAIL, else f does.
 */
void keycache_receive(struct card *card, const struct air_frame *f,
		      struct air_frame *out, struct rx_crypto *res);
void keycache_count_rx(struct card *card, const struct rx_crypto *res);
void keycache_log(struct card *card, bool force);

/* link_model.c */
void link_seed(struct card *card);
uint64_t link_random(struct card *card);
unsigned int link_random_below(struct card *card, unsigned int n);
int link_required_snr(uint8_t rate_code);
/* Chance that one attempt at rate_code arriving with snr_db gets through. */
double link_success_probability(uint8_t rate_code, int snr_db,
				unsigned int loss_percent);
bool link_attempt_survives(struct card *card, uint8_t rate_code, int snr_db,
			   unsigned int loss_percent);
/* This frame's RSSI: the link's mean give or take fade= dB. */
uint8_t link_faded_rssi(struct card *card, unsigned int mean_db);
/* The noise floor as PHY_NF reports it now, in dBm. */
int link_noise_floor(struct card *card);
void link_count(struct card *card, const uint8_t *addr1, bool wants_ack,
		bool ok, unsigned int attempts);
void link_count_rts(struct card *card, const uint8_t *addr1, bool cts);
/* One log line per link that sent frames since the last (10 s apart). */
void link_log(struct card *card, bool force);

/* rate_names.c */
/* The index-th rate of the order the control socket lists, 100 kbit/s. */
unsigned int rate_at(unsigned int index);
/* Where a rate code's rate stands in that order; -1: the code is no rate. */
int rate_index_of_code(uint8_t rate_code);
/* A rate in 100 kbit/s as the control socket writes it: "5.5", "24". */
const char *rate_text(unsigned int rate_100k, char buf[CARD_RATE_TEXT_MAX]);

/* rate_ceiling.c */
/* The card's ceilings at power-on: rate-ceiling= for everyone. */
void rate_ceiling_init(struct card *card);
/*
 * Whether a frame sender puts on the air to ra at rate_code is under the
 * ceiling sender has for ra; true for NULL (a station of another
 * process, or a virtual one, has none here).
 */
bool rate_ceiling_passes(const struct card *sender, const uint8_t *ra,
			 uint8_t rate_code);

/* rate_counts.c */
void rate_counts_note(struct card *card, uint8_t rate_code, bool acked);
/* One log line with the counts, when there are any. */
void rate_counts_log(struct card *card);

/* phy_noise.c */
void phy_noise_power_on(struct card *card);
void phy_noise_advance(struct card *card, uint64_t now);
uint64_t phy_noise_next_deadline(const struct card *card);
/* The driver wrote a PHY error counter: the MIB cause follows it. */
void phy_noise_counters_written(struct card *card);
/* Whether a PHY error counter holds the MIB cause up. */
bool phy_noise_mib_cause(const struct card *card);

/* profile_counters.c */
enum profile_activity {
	PROFILE_TX,			/* this card's transmitter on the air */
	PROFILE_RX,			/* its receiver taking in a frame */
	PROFILE_BUSY,			/* energy on the channel, nothing taken in */
};
void profile_power_on(struct card *card);
void profile_advance(struct card *card, uint64_t now);
void profile_count_air(struct card *card, enum profile_activity what, uint64_t us);
/* A frame's air time (FCS included in its len). */
void profile_count_frame(struct card *card, enum profile_activity what,
			 const struct air_frame *f);
void profile_mib_control(struct card *card, uint32_t value);

/* immunity.c */
void immunity_power_on(struct card *card);
/* The driver wrote one of the knobs' registers. */
void immunity_written(struct card *card);

/* cab_watch.c */
/*
 * A frame (len bytes without FCS) the card puts on the air, retries
 * included; counts its group data against the last DTIM beacon.
 */
void cab_watch_sent(struct card *card, const uint8_t *frame, unsigned int len,
		    bool first_transmission);

/* legacy_sta.c */
/*
 * The card's virtual 11b station hears a frame on the air (sender: the
 * local card that sent it, NULL for a remote one or the station itself);
 * true when the frame is addressed to the station, which ACKs it.
 */
bool legacy_sta_hear(struct card *card, const struct card *sender,
		     const struct air_frame *f);
/* Its address for the presence linked processes see; false: none. */
bool legacy_sta_address(const struct card *card, uint8_t mac[6]);
uint64_t legacy_sta_next_deadline(const struct card *card);
void legacy_sta_advance(struct card *card, uint64_t now);
void legacy_sta_free(struct card *card);

/* forge.c */
uint64_t forge_next_deadline(const struct card *card);
void forge_advance(struct card *card, uint64_t now);

/* air.c */
void air_attach(struct air *air, struct card *card);
void air_detach(struct air *air, struct card *card);
/* The card of this process that would answer a frame to addr, or NULL. */
const struct card *air_card_owning(const struct air *air, const struct card *sender,
				   const uint8_t *addr, uint16_t freq_mhz);
/*
 * Sends on the card's channel; the ACK's RSSI, or -1 without an ACK.  An
 * RTS (wants_ack) is answered the same way, by the CTS's RSSI; a card
 * of this process that owns its RA puts the CTS on the air too.
 */
int air_transmit(struct air *air, struct card *sender,
		 const struct air_frame *frame, bool wants_ack);
/* Frame control byte 0 of the control frames (lengths: air_timing.h). */
#define AIR_FC0_RTS		0xb4
#define AIR_FC0_CTS		0xc4
#define AIR_FC1_RETRY		0x08
/*
 * A unicast frame that is no descriptor's (the legacy station's, a forged
 * one): len bytes at f without FCS (room for it behind them), on card's
 * channel at rate, through card's link model and the air, outside the
 * medium's schedule; sent again with the Retry bit until the addressee's
 * ACK comes back, tries transmissions at most.  from_card: the card's
 * own radio sends it, so the card does not hear it, its rate ceilings
 * apply and its journal notes each transmission; else the card hears it
 * as any station's.  *made (when not NULL): the transmissions made.
 * True when ACKed.
 */
bool air_send_unscheduled(struct card *card, bool from_card, struct air_frame *f,
			  unsigned int len, uint8_t rate, unsigned int tries,
			  unsigned int *made);
/* One attempt's claim on the medium. */
struct air_attempt {
	unsigned int backoff_us;	/* random backoff before it */
	unsigned int exchange_us;	/* DIFS, frame, SIFS + ACK */
	unsigned int slot_us;		/* backoffs this close collide */
};
/*
 * Takes the channel for the attempt from the first moment it is free
 * (frames of this process's cards queue behind each other); returns when
 * the exchange ends.  A sender that was waiting in the same idle window
 * as the last one and ends its backoff in the same slot collides with
 * it: *collided of both becomes true (the caller keeps its flag alive
 * until the attempt ends).
 */
uint64_t air_reserve(struct air *air, const struct card *sender, uint16_t freq_mhz,
		     uint64_t now, const struct air_attempt *a, bool *collided);
/*
 * An attempt reserved to end at end finished early, at until (an RTS
 * left without CTS): the medium is free from then on, unless another
 * sender has taken it behind this one already.
 */
void air_release(struct air *air, const struct card *sender, uint16_t freq_mhz,
		 uint64_t end, uint64_t until);
/*
 * Fills f with an RTS (ta given) or CTS (ta NULL) to ra and its FCS;
 * duration in µs, 15 bits.  Channel, rate and RSSI are the caller's.
 */
void air_control_frame(struct air_frame *f, uint8_t fc0, unsigned int duration,
		       const uint8_t ra[6], const uint8_t *ta);
/* A card's address, channel or receive state may have changed. */
void air_note_change(struct air *air);
uint32_t wifi_crc32(const uint8_t *data, size_t len);

#endif /* ATH5K_EMU_CARD_MODEL_H */
