// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The card: identity, BAR0 dispatch, the register file and the registers
 * with behaviour (reset and power handshakes, revisions, EEPROM window,
 * interrupts, TSF and beacon timers, self-clearing calibration bits).
 * Everything not named here is plain storage, as the driver only writes
 * it and maybe reads it back.
 */
#include "card_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TU_US			1024u
/*
 * How long the handshakes take, well inside the drivers' poll limits
 * (CAL 20000 x 15 us, RXE 1000 x 100 us, EEPROM 20000 x 15 us).
 */
#define CAL_US			2000	/* AGCCTL CAL: the PHY calibration */
#define NF_US			1000	/* AGCCTL NF: a noise-floor measurement */
#define IQ_US			3000	/* PHY_IQ RUN: I/Q over received frames */
#define RX_STOP_US		100	/* CR RXD until RXE reads clear */
#define EEPROM_READ_US		20	/* one word over the serial bus */
/* The host interface (reset, sleep, PCI) answers in full sleep too. */
#define HOST_IF_FIRST		0x4000
#define HOST_IF_END		0x5000

#define PHY_NF_MINCCA_SHIFT	19
#define PHY_NF_MINCCA_MASK	(0x1ffu << PHY_NF_MINCCA_SHIFT)

struct model_identity {
	const char *name;
	uint16_t device, subsystem;
	uint32_t srev;
	uint32_t phy_chip_id;
	uint8_t radio_rev;
	uint8_t radio_rev_2ghz;		/* a separate 2 GHz radio's; 0: the same */
	enum card_desc_format desc;
	enum card_synth synth;
	bool has_aes;			/* the key cache has an AES-CCM unit */
	bool has_bssid_mask;		/* BSSID_MASK0/1 exist (AR5212 family) */
	bool has_ani;			/* card_has_ani() */
};

/*
 * The AR5211 (MAC 4.2, PHY 3.0) pairs an RF5111 (5 GHz, 0x17) with an
 * RF2111 (2 GHz, 0x23); the driver reads each through PHY_SHIFT.  The
 * AR5210 (SREV below 0x10, attach.c's AR5K_AR5210) has one RF5110; its
 * radio revision comes through its own nibble (radio_revision_register).
 */
static const struct model_identity identities[] = {
	[CARD_MODEL_AR5413] = { "AR5413", 0x001b, 0x2051, 0xa4, 0x61, 0x63, 0,
				CARD_DESC_5212, CARD_SYNTH_RF5112, true, true, true },
	[CARD_MODEL_AR2413] = { "AR2413", 0x001a, 0x2052, 0x78, 0x45, 0x56, 0,
				CARD_DESC_5212, CARD_SYNTH_RF5112, true, true, true },
	[CARD_MODEL_AR5212_RF5112] = { "AR5212/RF5112B", 0x0013, 0x2026, 0x59,
				       0x43, 0x36, 0, CARD_DESC_5212,
				       CARD_SYNTH_RF5112, true, true, true },
	[CARD_MODEL_AR5211] = { "AR5211/RF5111", 0x0012, 0x2011, 0x42, 0x30, 0x17,
				0x23, CARD_DESC_5211, CARD_SYNTH_RF5111, false, false,
				false },
	[CARD_MODEL_AR5210] = { "AR5210/RF5110", 0x0007, 0x2007, 0x01, 0x00, 0x03,
				0, CARD_DESC_5210, CARD_SYNTH_RF5110, false, false,
				false },
};

enum card_desc_format card_desc_format(const struct card *card)
{
	return identities[card->cfg.model].desc;
}

bool card_is_ar5210(const struct card *card)
{
	return card->cfg.model == CARD_MODEL_AR5210;
}

/*
 * Every AR5212-family model here has an SREV of 0x59 (AR5213A) or more,
 * caps.c's line for PHY error counters; ani.c leaves older MACs alone.
 */
bool card_has_ani(const struct card *card)
{
	return identities[card->cfg.model].has_ani;
}

/* ---- helpers shared with the engines ----------------------------------- */

uint32_t card_reg(const struct card *card, uint32_t offset)
{
	return card->regs[(offset & (CARD_BAR0_SIZE - 1)) / 4];
}

void card_reg_set(struct card *card, uint32_t offset, uint32_t value)
{
	card->regs[(offset & (CARD_BAR0_SIZE - 1)) / 4] = value;
}

uint32_t card_reg_5210(const struct card *card, uint32_t offset)
{
	return card->regs_5210[(offset & (CARD_BAR0_SIZE - 1)) / 4];
}

void card_logf(struct card *card, const char *fmt, ...)
{
	char line[512];
	int n;
	va_list ap;

	if (!card->ops->log)
		return;
	n = snprintf(line, sizeof(line), "%s: ", card->cfg.name);
	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	card->ops->log(card->host, line);
}

uint64_t card_now(struct card *card)
{
	return card->ops->now_us(card->host);
}

uint64_t card_tsf(struct card *card)
{
	return (uint64_t)((int64_t)card_now(card) + card->tsf_offset);
}

static void set_tsf(struct card *card, uint64_t tsf)
{
	card->tsf_offset = (int64_t)(tsf - card_now(card));
}

void card_own_mac(const struct card *card, uint8_t mac[6])
{
	uint32_t id0 = card_reg(card, REG_STA_ID0), id1 = card_reg(card, REG_STA_ID1);

	mac[0] = id0 & 0xff;
	mac[1] = id0 >> 8 & 0xff;
	mac[2] = id0 >> 16 & 0xff;
	mac[3] = id0 >> 24;
	mac[4] = id1 & 0xff;
	mac[5] = id1 >> 8 & 0xff;
}

uint8_t card_band_base_rate(const struct card *card)
{
	enum { CCK_1M_LONG = 0x1b, OFDM_6M = 0x0b, MHZ_5GHZ_FROM = 3000 };

	return card->freq_mhz >= MHZ_5GHZ_FROM ? OFDM_6M : CCK_1M_LONG;
}

void card_addr_mask(const struct card *card, uint8_t mask[6])
{
	uint32_t m0 = card_reg(card, REG_BSSID_MASK0);
	uint32_t m1 = card_reg(card, REG_BSSID_MASK1);

	/*
	 * Before the AR5212 there is no BSSID mask (base.c's
	 * ath5k_hw_hasbssidmask): every address bit is compared, so one
	 * address only is the card's.
	 */
	if (!identities[card->cfg.model].has_bssid_mask) {
		memset(mask, 0xff, 6);
		return;
	}
	for (unsigned int i = 0; i < 4; i++)
		mask[i] = (uint8_t)(m0 >> (8 * i));
	mask[4] = m1 & 0xff;
	mask[5] = m1 >> 8 & 0xff;
}

/*
 * Whether @addr is one of the card's addresses: STA_ID in every bit the
 * BSSID mask keeps.  A driver with several interfaces clears the bits in
 * which their addresses differ, so the card receives and ACKs for all.
 */
bool card_owns_addr(const uint8_t own[6], const uint8_t mask[6],
		    const uint8_t addr[6])
{
	for (unsigned int i = 0; i < 6; i++)
		if ((own[i] ^ addr[i]) & mask[i])
			return false;
	return true;
}

bool card_asleep(const struct card *card)
{
	return (card_reg(card, REG_SLEEP_CTL) & SLEEP_CTL_SLE) == SLEEP_CTL_SLE_SLEEP;
}

bool card_is_receiving(const struct card *card)
{
	bool stopped = card->rx_stop_at &&
		       card->ops->now_us(card->host) >= card->rx_stop_at;

	/* reg.h: the AR5210's DIAG_SW has DIS_RX one bit higher. */
	uint32_t dis_rx = card_is_ar5210(card) ? DIAG_SW_DIS_RX_5210 : DIAG_SW_DIS_RX;

	return !card->dead && !card->d3hot && card->rx_enabled && !stopped &&
	       !card_asleep(card) && !(card_reg(card, REG_DIAG_SW) & dis_rx) &&
	       !(card_reg(card, REG_RESET_CTL) & (RESET_CTL_PCU | RESET_CTL_BASEBAND));
}

/* ---- interrupts --------------------------------------------------------- */

static uint32_t effective_pisr(const struct card *card)
{
	uint32_t pisr = (card->pisr | fault_stuck_pisr(card) |
			 (card->gpio_irq_condition ? INT_GPIO : 0)) & ~INT_FROM_SISR;
	/*
	 * Only the queues SIMR0/1 unmask reach the summary bits.  The
	 * AR5210 has no per-queue registers: its two queues raise the ISR
	 * bits directly (the engine keeps them in SISR all the same).
	 */
	bool ar5210 = card_is_ar5210(card);
	uint32_t s0 = card->sisr[0] & (ar5210 ? ~0u : card_reg(card, REG_SIMR(0)));
	uint32_t s1 = card->sisr[1] & (ar5210 ? ~0u : card_reg(card, REG_SIMR(1)));
	uint32_t s2 = card->sisr[2] & (ar5210 ? ~0u : card_reg(card, REG_SIMR(2)));

	/* A level: it holds until the driver winds the counter back. */
	if (phy_noise_mib_cause(card))
		pisr |= INT_MIB;
	if (s0 & SISR_QUEUES_LOW)
		pisr |= INT_TXOK;
	if (s0 & SISR_QUEUES_HIGH)
		pisr |= INT_TXDESC;
	if (s1 & SISR_QUEUES_LOW)
		pisr |= INT_TXERR;
	if (s1 & SISR_QUEUES_HIGH)
		pisr |= INT_TXEOL;
	/* TXURN and HIUERR too: a driver clears them in SISR2 */
	if (s2 & SISR2_QCU_TXURN)
		pisr |= INT_TXURN;
	if (s2 & SISR2_BUS_ERRORS)
		pisr |= INT_HIUERR;
	return pisr;
}

/* The intpend-stuck fault holds the line up now (IER gates it too). */
static bool intpend_held_by_fault(const struct card *card)
{
	return (card_reg(card, REG_IER) & 1) && fault_intpend_stuck(card);
}

static bool interrupt_pending(const struct card *card)
{
	return intpend_held_by_fault(card) ||
	       ((card_reg(card, REG_IER) & 1) &&
		(effective_pisr(card) & card_reg(card, REG_PIMR)));
}

/*
 * The driver read INTPEND, or PISR (@pisr): a hit while intpend-stuck
 * holds the line up, and for PISR while stuck-irq holds a bit set.
 */
static void interrupt_read_hits(struct card *card, bool pisr)
{
	if (intpend_held_by_fault(card) || (pisr && fault_stuck_pisr(card)))
		fault_hit(card);
}

void card_update_irq(struct card *card)
{
	bool level = !card->dead && !card->d3hot && interrupt_pending(card);

	if (level == card->irq_level)
		return;
	card->irq_level = level;
	if (level)
		card->stats.irq_edges++;
	if (card->ops->set_irq)
		card->ops->set_irq(card->host, level);
}

void card_raise_pisr(struct card *card, uint32_t bits)
{
	card->pisr |= bits;
	card_update_irq(card);
}

void card_raise_sisr(struct card *card, unsigned int n, uint32_t bits)
{
	card->sisr[n] |= bits;
	card_update_irq(card);
}

/* ---- radio -------------------------------------------------------------- */

static unsigned int reverse_bits(unsigned int value, unsigned int width)
{
	unsigned int out = 0;

	for (unsigned int i = 0; i < width; i++)
		out |= (value >> i & 1) << (width - 1 - i);
	return out;
}

/*
 * The driver reads the radio id nibble-swapped and bit-reversed; on the
 * AR5210 (phy.c ath5k_hw_radio_revision) only bits 31:28, bit-reversed,
 * plus one.
 */
static uint32_t radio_revision_register(const struct card *card, uint8_t revision)
{
	unsigned int reversed = reverse_bits(revision, 8);

	if (card_is_ar5210(card))
		return (uint32_t)reverse_bits((revision - 1u) & 0xf, 4) << 28;
	return (uint32_t)((reversed & 0xf) << 4 | reversed >> 4) << 24;
}

/* The revision of the radio PHY_SHIFT selects (5 GHz unless bit 14). */
static uint8_t radio_selected(const struct card *card)
{
	const struct model_identity *id = &identities[card->cfg.model];

	if ((card_reg(card, REG_PHY_SHIFT) & PHY_SHIFT_2GHZ) && id->radio_rev_2ghz)
		return id->radio_rev_2ghz;
	return id->radio_rev;
}

/*
 * RF5111 synthesiser: data1 = bit 0 and bit 10 set, bit 1 the reference
 * (1: every channel number, 0: odd ones above 145 in 10 MHz steps), bits
 * 9:2 the channel number less 24, bit-reversed.  On 2 GHz data0 has bit 4
 * set and bits 12:5 a bit-reversed flags byte, 0x46 (0x44 for channel
 * 14), and the channel is 115 + the 2 GHz channel.  RF_BUFFER takes the
 * low bytes of data1 and data0, RF_BUFFER_CONTROL_3 the high bytes.
 */
static int decode_rf5111(uint32_t low, uint32_t high)
{
	uint32_t data1 = (low & 0xff) | (high & 0xff) << 8;
	uint32_t data0 = (low >> 8 & 0xff) | (high & 0xff00);
	unsigned int field, ch;

	field = reverse_bits(data1 >> 2 & 0xff, 8);
	ch = (data1 & 2) ? field + 24 : 2 * field + 25;
	if (!(data0 & 0x10))
		return data0 ? -1 : (int)(5000 + 5 * ch);
	switch (reverse_bits(data0 >> 5 & 0xff, 8)) {
	case 0x46:
		return ch >= 116 && ch <= 128 ? (int)(2407 + 5 * (ch - 115)) : -1;
	case 0x44:
		return ch == 124 ? 2484 : -1;
	default:
		return -1;
	}
}

/*
 * RF5112/RF2413/RF5413 synthesiser word: bit 0 and bit 12 set, bits 11:4
 * an 8-bit channel field stored bit-reversed, bits 3:2 a 2-bit reference
 * selector stored bit-reversed, bit 1 the 2 GHz LO choice.  The low byte
 * goes to RF_BUFFER, the rest to RF_BUFFER_CONTROL_5.
 */
static int decode_synth(uint32_t word, bool two_ghz)
{
	unsigned int field, ref, lo;

	if (!(word & 1) || !(word & 0x1000))
		return -1;
	field = reverse_bits(word >> 4 & 0xff, 8);
	ref = reverse_bits(word >> 2 & 3, 2);
	lo = word >> 1 & 1;
	if (two_ghz) {
		if (ref || field & 3)
			return -1;
		return (int)(5 * (field >> 2) + (lo ? 2224 : 2192));
	}
	switch (ref) {
	case 3:
		return (int)(4800 + 20 * (field >> 2));
	case 2:
		return (int)(4800 + 10 * (field >> 1));
	case 1:
		return (int)(4800 + 5 * field);
	default:
		return field ? (int)(4802 + (field - 1) * 5 / 2) : -1;
	}
}

/*
 * RF5110 (phy.c ath5k_hw_rf5110_channel): one RF_BUFFER word, bit 0 and
 * bit 6 set, bits 5:1 the 5 GHz channel number less 24, halved and
 * bit-reversed; RF_BUFFER_CONTROL_0 latches it.  So only even channels.
 */
static int decode_rf5110(uint32_t word)
{
	if ((word & ~0x7fu) || (word & 0x41) != 0x41)
		return -1;
	return (int)(5000 + 5 * (2 * reverse_bits(word >> 1 & 0x1f, 5) + 24));
}

static void program_synth(struct card *card, uint32_t high)
{
	uint32_t word, old = card->freq_mhz;
	int mhz;

	if (identities[card->cfg.model].synth == CARD_SYNTH_RF5110) {
		word = card->rf_buffer_last;
		mhz = decode_rf5110(word);
	} else if (identities[card->cfg.model].synth == CARD_SYNTH_RF5111) {
		/*
		 * No RF5111 bank goes through CONTROL_3, but the radio
		 * revision probe writes 0x1c16 there: only a word with the
		 * synthesiser's fixed bits (data1 bits 0 and 10) tunes, and
		 * only with an RF_BUFFER half written since the last latch
		 * (a re-attach probes after the old driver's last channel).
		 */
		bool fresh = card->rf_buffer_fresh;

		card->rf_buffer_fresh = false;
		if (!fresh || !(card->rf_buffer_last & 1) || !(high & 0x4) ||
		    (card->rf_buffer_last & ~0xffffu) || (high & ~0xffffu))
			return;
		word = (high << 16) | card->rf_buffer_last;
		mhz = decode_rf5111(card->rf_buffer_last, high);
	} else {
		if ((card->rf_buffer_last & ~0xffu) || (high & ~0x7fu))
			return;	/* an RF bank write, not the synthesiser */
		word = (high << 8) | card->rf_buffer_last;
		mhz = decode_synth(word, card_reg(card, REG_PHY_MODE) & PHY_MODE_2GHZ);
	}
	if (mhz < 0) {
		card_logf(card, "synthesiser word 0x%04x not understood", word);
		return;
	}
	card->freq_mhz = (uint16_t)mhz;
	if (old != card->freq_mhz)
		card_logf(card, "tuned to %u MHz", card->freq_mhz);
}

/* ---- beacon timers ------------------------------------------------------ */

/*
 * The timers take effect when BEACON is written: pcu.c writes TIMER0 = 0
 * and then the new TIMER0..3 before it, which must not fire anything.
 */
static void arm_beacon_timers(struct card *card)
{
	uint32_t beacon = card_reg(card, REG_BEACON);
	uint32_t period = beacon & BEACON_PERIOD;

	card->beacon_armed = (beacon & BEACON_ENABLE) && period;
	if (!card->beacon_armed)
		return;
	card->next_tbtt_tsf = (uint64_t)card_reg(card, REG_TIMER0) * TU_US;
	card->next_swba_tsf = (uint64_t)card_reg(card, REG_TIMER2) * TU_US / 8;
}

static void run_beacon_timers(struct card *card)
{
	uint64_t period = (uint64_t)(card_reg(card, REG_BEACON) & BEACON_PERIOD) * TU_US;
	uint64_t tsf = card_tsf(card);
	unsigned int guard = 0;

	/* After a long stall, skip the periods that are gone for good. */
	if (card->beacon_armed && period && card->next_swba_tsf + 2 * period < tsf &&
	    card->next_tbtt_tsf + 2 * period < tsf) {
		uint64_t lost = (tsf - card->next_tbtt_tsf) / period - 1;

		card->next_tbtt_tsf += lost * period;
		card->next_swba_tsf += lost * period;
	}
	while (card->beacon_armed && guard++ < 64) {
		if (card->next_swba_tsf <= card->next_tbtt_tsf &&
		    card->next_swba_tsf <= tsf) {
			card->next_swba_tsf += period;
			card_raise_pisr(card, INT_SWBA);
		} else if (card->next_tbtt_tsf <= tsf) {
			card->next_tbtt_tsf += period;
			if (!fault_beacon_stuck(card))
				tx_beacon_slot(card);
			else
				fault_hit(card);
		} else {
			break;
		}
	}
}

static uint64_t beacon_deadline(const struct card *card)
{
	uint64_t next;

	if (!card->beacon_armed)
		return CARD_NO_DEADLINE;
	next = card->next_swba_tsf < card->next_tbtt_tsf ? card->next_swba_tsf :
							    card->next_tbtt_tsf;
	return (uint64_t)((int64_t)next - card->tsf_offset);
}

/* ---- power-on state ----------------------------------------------------- */

static void power_on(struct card *card)
{
	const struct model_identity *id = &identities[card->cfg.model];

	memset(card->regs, 0, sizeof(card->regs));
	card->pisr = 0;
	memset(card->sisr, 0, sizeof(card->sisr));
	memset(card->sisr_read, 0, sizeof(card->sisr_read));
	card->rx_enabled = false;
	card->rx_stop_at = 0;
	card->cal_done_at = card->nf_done_at = card->iq_done_at = 0;
	card->eeprom_done_at = 0;
	card->beacon_armed = false;
	card->freq_mhz = 0;
	card->rf_buffer_last = 0;
	card->rf_buffer_fresh = false;
	tx_reset(card);
	set_tsf(card, 0);
	memset(card->regs_5210, 0, sizeof(card->regs_5210));
	card_reg_set(card, REG_SREV, id->srev);
	card_reg_set(card, REG_PHY_CHIP_ID, id->phy_chip_id);
	card_reg_set(card, REG_SLEEP_CTL, SLEEP_CTL_SLE_SLEEP);
	card_reg_set(card, REG_STA_ID1, STA_ID1_PWR_SV);
	/*
	 * The AR5210's drivers never write TIME_OUT (the kernel's ar5210_ini
	 * has none, and it sets a timeout only for a coverage class), so its
	 * reset value must let ACKs in: the AR5211's 11a one, 25.6 us.
	 */
	card_reg_set(card, REG_TIME_OUT, TIME_OUT_POWER_ON);
	/* every address bit compared until a driver says otherwise */
	card_reg_set(card, REG_BSSID_MASK0, 0xffffffff);
	card_reg_set(card, REG_BSSID_MASK1, 0xffff);
	card_reg_set(card, REG_EEPROM_STATUS, 0);
	/* Every pin an input again: what is outside shows. */
	gpio_update(card, true);
	phy_noise_power_on(card);
	profile_power_on(card);
	immunity_power_on(card);
	if (card->irq_level) {
		card->irq_level = false;
		if (card->ops->set_irq)
			card->ops->set_irq(card->host, false);
	}
}

/* ---- handshakes that take time ----------------------------------------- */

static bool due(uint64_t *at, uint64_t now)
{
	if (!*at || now < *at)
		return false;
	*at = 0;
	return true;
}

static void finish_handshakes(struct card *card, uint64_t now)
{
	if (due(&card->cal_done_at, now))
		card_reg_set(card, REG_PHY_AGCCTL,
			     card_reg(card, REG_PHY_AGCCTL) & ~AGCCTL_CAL);
	if (due(&card->nf_done_at, now))
		card_reg_set(card, REG_PHY_AGCCTL,
			     card_reg(card, REG_PHY_AGCCTL) & ~AGCCTL_NF);
	if (due(&card->iq_done_at, now))
		card_reg_set(card, REG_PHY_IQ, card_reg(card, REG_PHY_IQ) & ~PHY_IQ_RUN);
	if (due(&card->rx_stop_at, now)) {
		card->rx_enabled = false;
		if (card->air)
			air_note_change(card->air);
	}
	if (due(&card->eeprom_done_at, now)) {
		uint32_t word = card_reg(card, REG_EEPROM_BASE);

		card_reg_set(card, REG_EEPROM_DATA, card->eeprom[word % EE_WORDS]);
		card_reg_set(card, REG_EEPROM_STATUS, EEPROM_STAT_RDDONE);
	}
}

static uint64_t handshake_deadline(const struct card *card)
{
	const uint64_t at[] = { card->cal_done_at, card->nf_done_at, card->iq_done_at,
				card->rx_stop_at, card->eeprom_done_at };
	uint64_t next = CARD_NO_DEADLINE;

	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++)
		if (at[i] && at[i] < next)
			next = at[i];
	return next;
}

/* ---- BAR0 reads ---------------------------------------------------------- */

static uint32_t read_reg(struct card *card, uint32_t off)
{
	uint32_t v;

	if (off == REG_QCU_STS(CARD_BEACON_QUEUE) && fault_beacon_stuck(card))
		return tx_queue_status(card, CARD_BEACON_QUEUE) | 1;
	if (off >= REG_QCU_STS(0) && off < REG_QCU_STS(CARD_QUEUES))
		return tx_queue_status(card, (off - REG_QCU_STS(0)) / 4);
	if (off >= REG_MIB_FIRST && off <= REG_MIB_LAST) {
		v = card_reg(card, off);	/* MIB counters clear on read */
		card_reg_set(card, off, 0);
		return v;
	}
	if (off >= REG_RAC_PISR && off <= REG_RAC_LAST) {
		/* Read-and-clear mirrors of PISR and SISR0-4 */
		unsigned int n = (off - REG_RAC_PISR) / 4;

		if (n == 0) {
			interrupt_read_hits(card, true);
			v = effective_pisr(card);
			card->pisr = 0;
		} else {
			v = card->sisr[n - 1];
			card->sisr[n - 1] = 0;
			card->sisr_read[n - 1] = 0;
		}
		card_update_irq(card);
		return v;
	}
	switch (off) {
	case REG_PISR:
		interrupt_read_hits(card, true);
		return effective_pisr(card);
	case REG_SISR(0): case REG_SISR(1): case REG_SISR(2): case REG_SISR(3):
	case REG_SISR(4):
		v = card->sisr[(off - REG_SISR(0)) / 4];
		card->sisr_read[(off - REG_SISR(0)) / 4] = v;
		return v;
	case REG_INTPEND:
		interrupt_read_hits(card, false);
		return interrupt_pending(card) ? 1 : 0;
	case REG_CR:
		return (card_reg(card, REG_CR) & ~(CR_RX_ENABLE | CR_RX_DISABLE)) |
		       (card->rx_enabled ? CR_RX_ENABLE : 0);
	case REG_PCICFG:
		/* Powered down only in full sleep; wake-up is immediate. */
		return (card_reg(card, REG_PCICFG) & ~PCICFG_SPWR_DN) |
		       (card_asleep(card) ? PCICFG_SPWR_DN : 0);
	case REG_TSF_L32:
		return (uint32_t)card_tsf(card);
	case REG_TSF_U32:
		return (uint32_t)(card_tsf(card) >> 32);
	case REG_PHY_RADIO_REV:
		return radio_revision_register(card, radio_selected(card));
	case REG_PHY_NF:
		return (card_reg(card, off) & ~PHY_NF_MINCCA_MASK) |
		       (((uint32_t)link_noise_floor(card) << PHY_NF_MINCCA_SHIFT) &
			PHY_NF_MINCCA_MASK);
	case REG_GPIODI:
		return gpio_read_levels(card);
	case REG_PHY_TX_ACTIVE:
		return card_reg(card, off) & ~PHY_TX_ACTIVE_BUSY;
	case REG_PHY_FAST_DONE:
		/* The RF bus is granted as soon as it is requested. */
		return card_reg(card, REG_PHY_FAST_CHAN) & 1;
	default:
		return card_reg(card, off);
	}
}

/* ---- BAR0 writes --------------------------------------------------------- */

static void eeprom_command(struct card *card, uint32_t cmd)
{
	uint32_t word = card_reg(card, REG_EEPROM_BASE);

	card_reg_set(card, REG_EEPROM_CMD, cmd & ~(EEPROM_CMD_READ | EEPROM_CMD_WRITE |
						   EEPROM_CMD_RESET));
	if (cmd & EEPROM_CMD_READ) {
		if (word >= EE_WORDS) {
			card_reg_set(card, REG_EEPROM_STATUS,
				     EEPROM_STAT_RDDONE | EEPROM_STAT_RDERR);
			return;
		}
		/* The word arrives over the serial bus a little later. */
		card_reg_set(card, REG_EEPROM_STATUS, 0);
		fault_eeprom_read(card);
		card->eeprom_done_at = card_now(card) + EEPROM_READ_US;
	} else if (cmd & EEPROM_CMD_WRITE) {
		/* The image is read-only: report the write as failed. */
		card_reg_set(card, REG_EEPROM_STATUS,
			     EEPROM_STAT_WRDONE | EEPROM_STAT_WRERR);
	}
}

static void write_reset_ctl(struct card *card, uint32_t value)
{
	/* The PCI core reset bit clears itself; the others hold. */
	card_reg_set(card, REG_RESET_CTL, value & ~RESET_CTL_PCI);
	if (value & (RESET_CTL_PCU | RESET_CTL_BASEBAND)) {
		card->rx_enabled = false;
		card->rx_stop_at = 0;
		card->beacon_armed = false;
		card->pisr = 0;
		memset(card->sisr, 0, sizeof(card->sisr));
		memset(card->sisr_read, 0, sizeof(card->sisr_read));
		tx_reset(card);
		fault_chip_reset(card);
		card_update_irq(card);
	}
}

static void write_beacon(struct card *card, uint32_t value)
{
	if (value & BEACON_RESET_TSF)
		set_tsf(card, 0);
	card_reg_set(card, REG_BEACON, value & ~BEACON_RESET_TSF);
	arm_beacon_timers(card);
}

/*
 * A summary bit written to PISR clears every cause it summarises, in
 * every queue, whatever SIMR masks (the kernel's dma.c, at its PISR
 * write-back): a driver that acknowledges TXOK there loses the TXOK of
 * a queue that completed after it read SISR0, logged as misuse while
 * interrupts are enabled.  The AR5210 has no SISRs.
 */
static void pisr_write_clears_sisr(struct card *card, uint32_t value)
{
	static const struct {
		uint32_t summary;
		unsigned int sisr;
		uint32_t causes;
	} summaries[] = {
		{ INT_TXOK, 0, SISR_QUEUES_LOW },
		{ INT_TXDESC, 0, SISR_QUEUES_HIGH },
		{ INT_TXERR, 1, SISR_QUEUES_LOW },
		{ INT_TXEOL, 1, SISR_QUEUES_HIGH },
		{ INT_TXURN, 2, SISR2_QCU_TXURN },
		{ INT_HIUERR, 2, SISR2_BUS_ERRORS },
	};

	if (card_is_ar5210(card))
		return;
	for (size_t i = 0; i < sizeof(summaries) / sizeof(summaries[0]); i++) {
		unsigned int n = summaries[i].sisr;
		uint32_t unread;

		if (!(value & summaries[i].summary))
			continue;
		unread = card->sisr[n] & summaries[i].causes & ~card->sisr_read[n];
		/* interrupts off, a driver discards what is pending: no loss */
		if (unread && (card_reg(card, REG_IER) & 1))
			card_logf(card, "PISR write 0x%08x cleared SISR%u causes 0x%08x "
				  "never read", value, n, unread);
		card->sisr[n] &= ~summaries[i].causes;
		card->sisr_read[n] &= ~summaries[i].causes;
	}
}

static void write_reg(struct card *card, uint32_t off, uint32_t value)
{
	if (off >= REG_QCU_TXDP(0) && off < REG_QCU_TXDP(CARD_QUEUES)) {
		tx_write_txdp(card, (off - REG_QCU_TXDP(0)) / 4, value);
		return;
	}
	if (off >= REG_QCU_STS(0) && off < REG_QCU_STS(CARD_QUEUES))
		return;		/* status is the engine's */
	switch (off) {
	case REG_PISR:
		card->pisr &= ~value;
		pisr_write_clears_sisr(card, value);
		card_update_irq(card);
		/* Drivers write PISR last: what still holds the line is real. */
		if (card->irq_level && card->ops->irq_still_high)
			card->ops->irq_still_high(card->host);
		return;
	case REG_SISR(0): case REG_SISR(1): case REG_SISR(2): case REG_SISR(3):
	case REG_SISR(4):
		card->sisr[(off - REG_SISR(0)) / 4] &= ~value;
		card->sisr_read[(off - REG_SISR(0)) / 4] &= ~value;
		card_update_irq(card);
		return;
	case REG_IER: case REG_PIMR:
	case REG_SIMR(0): case REG_SIMR(1): case REG_SIMR(2): case REG_SIMR(3):
	case REG_SIMR(4):
		card_reg_set(card, off, value);
		card_update_irq(card);
		return;
	case REG_INTPEND: case REG_SREV: case REG_PHY_CHIP_ID: case REG_PHY_RADIO_REV:
	case REG_EEPROM_DATA: case REG_EEPROM_STATUS: case REG_GPIODI:
		return;		/* read-only */
	case REG_CR:
		if (value & CR_SWI)
			card_raise_pisr(card, INT_SWI);
		if (value & CR_RX_DISABLE) {
			/* RXE reads set until the DMA engine has stopped. */
			if (card->rx_enabled && !card->rx_stop_at &&
			    !fault_ignores_rx_stop(card))
				card->rx_stop_at = card_now(card) + RX_STOP_US;
			else if (card->rx_enabled && fault_ignores_rx_stop(card))
				fault_hit(card);
		} else if (value & CR_RX_ENABLE) {
			card->rx_enabled = true;
			card->rx_stop_at = 0;
		}
		card_reg_set(card, REG_CR, value & ~(CR_RX_ENABLE | CR_RX_DISABLE | CR_SWI));
		return;
	case REG_QCU_TXE:
		tx_write_txe(card, value);
		return;
	case REG_QCU_TXD:
		card_reg_set(card, off, value & 0x3ff);
		if (!fault_ignores_tx_stop(card))
			tx_write_txd(card, value & 0x3ff);
		else
			fault_hit(card);
		return;
	case REG_RESET_CTL:
		write_reset_ctl(card, value);
		return;
	case REG_EEPROM_CMD:
		eeprom_command(card, value);
		return;
	case REG_EEPROM_BASE:
		card_reg_set(card, off, value & 0xffff);
		card_reg_set(card, REG_EEPROM_STATUS, 0);
		return;
	case REG_BEACON:
		write_beacon(card, value);
		return;
	case REG_GPIOCR: case REG_GPIODO:
		card_reg_set(card, off, value);
		gpio_update(card, true);
		return;
	case REG_TSF_L32:
		/* Either half may come first (set_tsf64 vs. the reset restore). */
		set_tsf(card, (card_tsf(card) & ~0xffffffffull) | value);
		return;
	case REG_TSF_U32:
		set_tsf(card, (uint64_t)value << 32 | (uint32_t)card_tsf(card));
		return;
	case REG_PHY_AGCCTL:
		/* Calibration and noise-floor runs clear their bit when done. */
		if (value & AGCCTL_CAL && !card->cal_done_at)
			card->cal_done_at = card_now(card) + CAL_US;
		if (value & AGCCTL_NF && !card->nf_done_at)
			card->nf_done_at = card_now(card) + NF_US;
		card_reg_set(card, off, value);
		return;
	case REG_PHY_IQ:
		if (value & PHY_IQ_RUN && !card->iq_done_at)
			card->iq_done_at = card_now(card) + IQ_US;
		card_reg_set(card, off, value);
		return;
	case REG_RXDP:
		if (card->rx_enabled) {
			card_logf(card, "RXDP write 0x%08x ignored while enabled (RX DMA on)",
				  value);
			return;
		}
		card_reg_set(card, off, value);
		return;
	case REG_PHYERR_CNT1: case REG_PHYERR_CNT2:
		card_reg_set(card, off, value);
		phy_noise_counters_written(card);
		return;
	case REG_MIBC:
		profile_mib_control(card, value);
		return;
	case REG_PHY_DESIRED_SIZE: case REG_PHY_SIG: case REG_PHY_AGCCOARSE:
	case REG_PHY_WEAK_OFDM_HIGH: case REG_PHY_WEAK_OFDM_LOW:
	case REG_PHY_OFDM_SELFCORR: case REG_PHY_CCK_CROSSCORR:
		card_reg_set(card, off, value);
		immunity_written(card);
		return;
	case REG_RF_BUFFER:
		card->rf_buffer_last = value;
		card->rf_buffer_fresh = true;
		card_reg_set(card, off, value);
		return;
	case REG_RF_BUFFER_CTL0:
		card_reg_set(card, off, value);
		if (identities[card->cfg.model].synth == CARD_SYNTH_RF5110)
			program_synth(card, value);
		return;
	case REG_RF_BUFFER_CTL3: case REG_RF_BUFFER_CTL5:
		card_reg_set(card, off, value);
		/* RF5111 banks use CONTROL_5, its synthesiser CONTROL_3. */
		if ((off == REG_RF_BUFFER_CTL3) ==
		    (identities[card->cfg.model].synth == CARD_SYNTH_RF5111))
			program_synth(card, value);
		return;
	default:
		card_reg_set(card, off, value);
		return;
	}
}

/* ---- the AR5210's register map ------------------------------------------ */

/*
 * The AR5210 (reg.h's [5210] registers) has no QCU/DCU and no secondary
 * interrupt registers, and its PCU registers sit at other offsets.  Its
 * accesses are translated to the AR5212-family registers of the same
 * meaning, so one model runs both; what has no counterpart is plain
 * storage by its AR5210 offset (regs_5210).
 */
#define R5210_TXDP0		0x0000	/* data queue */
#define R5210_TXDP1		0x0004	/* beacon (and CAB) queue */
#define R5210_ISR		0x001c	/* one status register; a read clears it */
#define R5210_IMR		0x0020
#define  R5210_CR_TXE0		0x00000001
#define  R5210_CR_TXE1		0x00000002
#define  R5210_CR_TXD0		0x00000008
#define  R5210_CR_TXD1		0x00000010
#define R5210_EEPROM_WINDOW	0x6000	/* reading 0x6000 + 4n fetches word n */
#define R5210_EEPROM_DATA	0x6800
#define R5210_EEPROM_STATUS	0x6c00
#define  R5210_PCICFG_EEAE	0x00000001	/* EEPROM access enable */
#define R5210_KEYCACHE		0x9000
#define R5210_KEYS		64
#define R5210_QUEUE_DATA	0	/* the engine's queues for TXDP0/1 */
#define R5210_QUEUE_BEACON	CARD_BEACON_QUEUE

static const struct {
	uint16_t ar5210, internal;
} map_5210[] = {
	{ R5210_TXDP0, REG_QCU_TXDP(R5210_QUEUE_DATA) },
	{ R5210_TXDP1, REG_QCU_TXDP(R5210_QUEUE_BEACON) },
	{ REG_CR, REG_CR }, { REG_RXDP, REG_RXDP }, { REG_CFG, REG_CFG },
	{ R5210_ISR, REG_PISR }, { R5210_IMR, REG_PIMR }, { REG_IER, REG_IER },
	{ REG_TXCFG, REG_TXCFG }, { REG_RXCFG, REG_RXCFG },
	{ 0x8000, REG_STA_ID0 }, { 0x8004, REG_STA_ID1 },
	{ 0x8008, REG_BSSID0 }, { 0x800c, REG_BSSID1 },
	{ REG_TIME_OUT, REG_TIME_OUT },
	{ 0x8024, REG_BEACON },
	{ 0x802c, REG_TIMER0 }, { 0x8030, REG_TIMER1 },
	{ 0x8034, REG_TIMER2 }, { 0x8038, REG_TIMER3 },
	{ 0x804c, REG_RX_FILTER },
	{ 0x8050, REG_MCAST_FILTER0 }, { 0x8054, REG_MCAST_FILTER1 },
	{ 0x8068, REG_DIAG_SW },
	{ 0x806c, REG_TSF_L32 }, { 0x8070, REG_TSF_U32 },
	/* RTS ok/fail, ACK fail, FCS fail, beacons: 8 bytes above the 5211's */
	{ 0x8090, REG_MIB_FIRST }, { 0x8094, REG_MIB_FIRST + 4 },
	{ 0x8098, REG_MIB_FIRST + 8 }, { 0x809c, REG_MIB_FIRST + 12 },
	{ 0x80a0, REG_MIB_LAST },
};

/*
 * Whether the AR5210 has a register at off (the kernel's reg.h, its
 * [5210] registers): the DMA block up to 0x5c, the host interface, its
 * EEPROM window, data and status, the PCU up to BEACON_CNT, 64 key
 * entries and the baseband.
 */
#define R5210_DMA_END		0x0060
#define R5210_EEPROM_END	0x7000
#define R5210_PCU_FIRST		0x8000
#define R5210_PCU_END		0x80a4

static bool ar5210_has(uint32_t off)
{
	return off < R5210_DMA_END ||
	       (off >= HOST_IF_FIRST && off < HOST_IF_END) ||
	       (off >= R5210_EEPROM_WINDOW && off < R5210_EEPROM_END) ||
	       (off >= R5210_PCU_FIRST && off < R5210_PCU_END) ||
	       (off >= R5210_KEYCACHE && off < R5210_KEYCACHE + 32 * R5210_KEYS) ||
	       off >= REG_PHY_SHIFT;
}

/*
 * A driver access to a register the AR5210 lacks: counted; the first to
 * each of the first CARD_ABSENT_LOGGED offsets logged.
 */
static void absent_reg_access(struct card *card, bool write, uint32_t off)
{
	unsigned int i, n = card->absent_logged_count;

	card->stats.absent_reg_accesses++;
	for (i = 0; i < n; i++)
		if (card->absent_logged[i] == off)
			return;
	if (n == CARD_ABSENT_LOGGED)
		return;
	card->absent_logged[n] = off;
	card->absent_logged_count = n + 1;
	card_logf(card, "AR5210 has no register at 0x%04x (driver %s)",
		  off, write ? "write" : "read");
}

uint64_t card_absent_reg_accesses(const struct card *card)
{
	return card->stats.absent_reg_accesses;
}

unsigned long card_answers_too_late(const struct card *card)
{
	return card->answers_too_late;
}

/* What an AR5210 offset is to the model. */
enum map_kind { MAP_INTERNAL, MAP_PLAIN, MAP_EEPROM_WINDOW };

static enum map_kind map_ar5210(uint32_t off, uint32_t *internal)
{
	*internal = off;
	for (size_t i = 0; i < sizeof(map_5210) / sizeof(map_5210[0]); i++)
		if (map_5210[i].ar5210 == off) {
			*internal = map_5210[i].internal;
			return MAP_INTERNAL;
		}
	if (off >= R5210_EEPROM_WINDOW && off < R5210_EEPROM_DATA)
		return MAP_EEPROM_WINDOW;
	if (off == R5210_EEPROM_DATA || off == R5210_EEPROM_STATUS) {
		*internal = off == R5210_EEPROM_DATA ? REG_EEPROM_DATA : REG_EEPROM_STATUS;
		return MAP_INTERNAL;
	}
	if (off >= R5210_KEYCACHE && off < R5210_KEYCACHE + 32 * R5210_KEYS) {
		*internal = REG_KEYCACHE + (off - R5210_KEYCACHE);
		return MAP_INTERNAL;
	}
	/* The host interface and the baseband are where the 5211's are. */
	if ((off >= HOST_IF_FIRST && off < HOST_IF_END) || off >= REG_PHY_SHIFT)
		return MAP_INTERNAL;
	return MAP_PLAIN;
}

/* The register an access of the driver's counts under (card_stats.c). */
static uint32_t stat_offset(const struct card *card, uint32_t off)
{
	uint32_t internal;

	if (!card_is_ar5210(card))
		return off;
	return map_ar5210(off, &internal) == MAP_INTERNAL ? internal : 0x0ffc;
}

static uint32_t read_ar5210(struct card *card, uint32_t off)
{
	uint32_t internal, v;

	switch (map_ar5210(off, &internal)) {
	case MAP_PLAIN:
		return card_reg_5210(card, off);
	case MAP_EEPROM_WINDOW:
		/* pci.c: the read primes the word; status and data follow. */
		if (card_reg(card, REG_PCICFG) & R5210_PCICFG_EEAE) {
			card_reg_set(card, REG_EEPROM_BASE, (off - R5210_EEPROM_WINDOW) / 4);
			eeprom_command(card, EEPROM_CMD_READ);
		}
		return card_reg(card, REG_EEPROM_DATA);
	default:
		break;
	}
	switch (internal) {
	case REG_PISR:
		/* dma.c ath5k_hw_get_isr only reads: the read clears. */
		interrupt_read_hits(card, true);
		v = effective_pisr(card);
		card->pisr = 0;
		memset(card->sisr, 0, sizeof(card->sisr));
		card_update_irq(card);
		return v;
	case REG_CR:
		v = read_reg(card, REG_CR);
		if (card_reg(card, REG_QCU_TXE) >> R5210_QUEUE_DATA & 1)
			v |= R5210_CR_TXE0;
		if (card_reg(card, REG_QCU_TXE) >> R5210_QUEUE_BEACON & 1)
			v |= R5210_CR_TXE1;
		return v;
	default:
		return read_reg(card, internal);
	}
}

/* CR: RX and SWI as on the 5211; TXE0/1 and TXD0/1 drive the two queues. */
static void write_cr_5210(struct card *card, uint32_t value)
{
	static const struct {
		uint32_t enable, disable;
		unsigned int queue;
	} q[] = {
		{ R5210_CR_TXE0, R5210_CR_TXD0, R5210_QUEUE_DATA },
		{ R5210_CR_TXE1, R5210_CR_TXD1, R5210_QUEUE_BEACON },
	};

	write_reg(card, REG_CR, value & ~(R5210_CR_TXE0 | R5210_CR_TXE1 |
					  R5210_CR_TXD0 | R5210_CR_TXD1));
	for (size_t i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		if (value & q[i].disable) {
			if (!fault_ignores_tx_stop(card))
				tx_write_txd(card, 1u << q[i].queue);
			else
				fault_hit(card);
		} else if (value & q[i].enable) {
			tx_write_txe(card, 1u << q[i].queue);
		}
	}
}

/* Returns the model's register the write went to (~0: none with behaviour). */
static uint32_t write_ar5210(struct card *card, uint32_t off, uint32_t value)
{
	uint32_t internal;

	switch (map_ar5210(off, &internal)) {
	case MAP_PLAIN:
		card->regs_5210[off / 4] = value;
		return ~0u;
	case MAP_EEPROM_WINDOW:
		/* A write of word n: the image is read-only, the write fails. */
		if (card_reg(card, REG_PCICFG) & R5210_PCICFG_EEAE)
			eeprom_command(card, EEPROM_CMD_WRITE);
		return ~0u;
	default:
		break;
	}
	if (internal == REG_CR)
		write_cr_5210(card, value);
	else
		write_reg(card, internal, value);
	return internal;
}

/* ---- public interface ---------------------------------------------------- */

static void trace_access(struct card *card, char dir, uint32_t off, uint32_t value)
{
	char name[48];
	const char *named;
	uint32_t internal;

	/* An AR5210 access is named after the register it reaches. */
	if (card_is_ar5210(card) && map_ar5210(off, &internal) != MAP_INTERNAL) {
		snprintf(name, sizeof(name), "AR5210 %04x", off);
		named = name;
	} else {
		named = card_reg_name(card_is_ar5210(card) ? internal : off, name,
				      sizeof(name));
	}
	card_logf(card, "%c %04x %-16s %08x", dir, off, named, value);
}

/*
 * The driver's BAR0 accesses, counted before anything else looks at them
 * (a dead or sleeping card still costs the driver its access); an 8-byte
 * access counts once per 32-bit word, so the per-register counts add up
 * to the totals.  The model's own register traffic never comes here.
 */
static void count_access(struct card *card, bool write, uint32_t offset,
			 unsigned int size)
{
	struct card_stats *s = &card->stats;
	uint32_t aligned = offset & ~3u;
	unsigned int words = size == 8 ? 2 : 1;

	for (unsigned int i = 0; i < words && aligned < CARD_BAR0_SIZE; i++, aligned += 4) {
		unsigned int reg = card_stat_reg(stat_offset(card, aligned));

		if (write) {
			s->mmio_writes++;
			s->writes[reg]++;
		} else {
			s->mmio_reads++;
			s->reads[reg]++;
		}
	}
}

/* What a read nobody answers returns: all ones, whatever its size. */
static uint64_t all_ones(unsigned int size)
{
	return UINT64_MAX >> (64 - 8 * size);
}

/*
 * A BAR0 access in D3hot is a master abort on the bus: the driver gets
 * nothing, and the log says so once per stay in D3hot.
 */
static void d3hot_access(struct card *card, bool write, uint32_t offset)
{
	if (card->d3hot_access_logged)
		return;
	card->d3hot_access_logged = true;
	card_logf(card, "BAR0 %s 0x%04x in D3hot not answered (config space only)",
		  write ? "write to" : "read of", offset);
}

static uint64_t bar0_read(struct card *card, uint32_t offset, unsigned int size)
{
	uint32_t aligned = offset & ~3u, value;

	if (card->dead) {
		fault_hit(card);	/* a surprise removal's reads */
		return all_ones(size);
	}
	if (card->d3hot) {
		d3hot_access(card, false, offset);
		return all_ones(size);
	}
	if (offset >= CARD_BAR0_SIZE)
		return 0;
	card_advance(card, card_now(card));
	if (size == 8) {
		uint64_t low = bar0_read(card, offset, 4);

		return low | bar0_read(card, offset + 4, 4) << 32;
	}
	if (card_is_ar5210(card) && !ar5210_has(aligned))
		absent_reg_access(card, false, aligned);
	value = card_is_ar5210(card) ? read_ar5210(card, aligned) : read_reg(card, aligned);
	value = fault_filter_read(card, aligned, value);
	if (card->cfg.trace)
		trace_access(card, 'R', aligned, value);
	if (size < 4)
		value = value >> (8 * (offset & 3)) & ((1u << (8 * size)) - 1);
	return value;
}

/* ---- a test's hook into one write ---------------------------------------- */

void card_set_write_hook(struct card *card, const struct card_write_hook *hook)
{
	card->write_hook_armed = hook != NULL;
	if (hook)
		card->write_hook = *hook;
}

bool card_write_hook_armed(const struct card *card)
{
	return card->write_hook_armed;
}

/*
 * The hook the write of value to the driver's offset fires, copied out
 * and disarmed (the callback may write the same register); NULL: none.
 */
static const struct card_write_hook *write_hook_take(struct card *card,
						     uint32_t offset,
						     uint32_t value,
						     struct card_write_hook *taken)
{
	const struct card_write_hook *h = &card->write_hook;

	if (h->offset != offset || (value & h->mask) != h->match)
		return NULL;
	*taken = *h;
	card->write_hook_armed = false;
	return taken;
}

static void write_hook_fire(struct card *card, const struct card_write_hook *h)
{
	for (unsigned int n = 0; n < sizeof(h->raise_sisr) / sizeof(h->raise_sisr[0]); n++)
		if (h->raise_sisr[n])
			card_raise_sisr(card, n, h->raise_sisr[n]);
	if (h->raise_pisr)
		card_raise_pisr(card, h->raise_pisr);
	if (h->run)
		h->run(h->arg);
}

static void bar0_write(struct card *card, uint32_t offset, uint64_t value,
		       unsigned int size)
{
	uint32_t aligned = offset & ~3u, v = (uint32_t)value;
	const struct card_write_hook *hook = NULL;
	struct card_write_hook taken;

	if (card->dead || offset >= CARD_BAR0_SIZE)
		return;
	if (card->d3hot) {
		d3hot_access(card, true, offset);
		return;
	}
	card_advance(card, card_now(card));
	if (size == 8) {
		bar0_write(card, offset, value & 0xffffffff, 4);
		bar0_write(card, offset + 4, value >> 32, 4);
		return;
	}
	if (size < 4) {
		/* Narrow writes merge into the stored word. */
		unsigned int shift = 8 * (offset & 3);
		uint32_t mask = ((1u << (8 * size)) - 1) << shift;

		v = (card_reg(card, aligned) & ~mask) | ((v << shift) & mask);
	}
	if (card_is_ar5210(card) && !ar5210_has(aligned))
		absent_reg_access(card, true, aligned);
	if (card->cfg.trace)
		trace_access(card, 'W', aligned, v);
	if (card_asleep(card) && (aligned < HOST_IF_FIRST || aligned >= HOST_IF_END)) {
		/* In full sleep only the host interface is clocked. */
		if (!card->sleep_write_logged)
			card_logf(card, "write 0x%08x to 0x%04x in full sleep ignored",
				  v, aligned);
		card->sleep_write_logged = true;
		return;
	}
	if (aligned == REG_SLEEP_CTL)
		card->sleep_write_logged = false;
	/* a test's hook: one flag test on every write of a guest */
	if (card->write_hook_armed)
		hook = write_hook_take(card, aligned, v, &taken);
	if (hook && hook->when == CARD_HOOK_BEFORE_WRITE)
		write_hook_fire(card, hook);
	if (card_is_ar5210(card)) {
		aligned = write_ar5210(card, aligned, v);
		if (card->air && aligned == REG_RF_BUFFER_CTL0)
			air_note_change(card->air);
	} else {
		write_reg(card, aligned, v);
	}
	if (card->air && (aligned == REG_STA_ID0 || aligned == REG_STA_ID1 ||
			  aligned == REG_BSSID_MASK0 || aligned == REG_BSSID_MASK1 ||
			  aligned == REG_CR || aligned == REG_DIAG_SW ||
			  aligned == REG_RESET_CTL || aligned == REG_RF_BUFFER_CTL3 ||
			  aligned == REG_RF_BUFFER_CTL5))
		air_note_change(card->air);
	if (hook && hook->when == CARD_HOOK_AFTER_WRITE)
		write_hook_fire(card, hook);
}

uint64_t card_bar0_read(struct card *card, uint32_t offset, unsigned int size)
{
	count_access(card, false, offset, size);
	return bar0_read(card, offset, size);
}

void card_bar0_write(struct card *card, uint32_t offset, uint64_t value,
		     unsigned int size)
{
	count_access(card, true, offset, size);
	bar0_write(card, offset, value, size);
}

struct card *card_create(const struct card_config *cfg, struct air *air,
			 const struct card_host_ops *ops, void *host, char *err,
			 size_t errlen)
{
	const struct model_identity *id;
	struct eeprom_desc desc;
	struct card *card;

	if ((unsigned int)cfg->model >= sizeof(identities) / sizeof(identities[0])) {
		snprintf(err, errlen, "unknown card model %d", (int)cfg->model);
		return NULL;
	}
	if (!ops || !ops->now_us || !ops->dma_read || !ops->dma_write) {
		snprintf(err, errlen, "card host services missing");
		return NULL;
	}
	eeprom_desc_defaults(&desc, cfg->model);
	if (cfg->eeprom_desc[0] &&
	    eeprom_desc_parse_file(&desc, cfg->eeprom_desc, err, errlen))
		return NULL;
	memcpy(desc.mac, cfg->mac, sizeof(desc.mac));
	desc.regdomain = cfg->regdomain;
	desc.mode_enabled[EE_MODE_A] = cfg->mode_a;
	desc.mode_enabled[EE_MODE_B] = cfg->mode_b;
	desc.mode_enabled[EE_MODE_G] = cfg->mode_g;
	if (cfg->eeprom_version)
		desc.version = cfg->eeprom_version;
	if (cfg->rfkill_given) {
		desc.rfkill_switch = cfg->rfkill_switch;
		desc.rfkill_gpio = cfg->rfkill_gpio;
		desc.rfkill_polarity = cfg->rfkill_polarity;
	}
	card = calloc(1, sizeof(*card));
	if (!card) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (eeprom_build(&desc, card->eeprom, err, errlen)) {
		free(card);
		return NULL;
	}
	card->cfg = *cfg;
	rate_ceiling_init(card);
	gpio_init(card);
	card->aes_fused_off = desc.aes_disabled || !identities[cfg->model].has_aes;
	card->ops = ops;
	card->host = host;
	card->rssi = cfg->rssi;
	link_seed(card);
	id = &identities[cfg->model];
	card->pci = (struct card_pci_identity){
		.vendor = 0x168c,
		.device = id->device,
		.subsystem_vendor = 0x168c,
		.subsystem_device = id->subsystem,
		.revision = 0x01,
		.class_code = 0x020000,
	};
	power_on(card);
	card->air = air;
	if (air)
		air_attach(air, card);
	card_logf(card, "%s %04x:%04x, MAC %02x:%02x:%02x:%02x:%02x:%02x, bands %s%s%s",
		  id->name, card->pci.vendor, card->pci.device, cfg->mac[0],
		  cfg->mac[1], cfg->mac[2], cfg->mac[3], cfg->mac[4], cfg->mac[5],
		  cfg->mode_a ? "a" : "", cfg->mode_b ? "b" : "",
		  cfg->mode_g ? "g" : "");
	return card;
}

void card_destroy(struct card *card)
{
	if (!card)
		return;
	link_log(card, true);
	rate_counts_log(card);
	keycache_log(card, true);
	card_stats_log(card);
	if (card->air)
		air_detach(card->air, card);
	fault_free(card);
	legacy_sta_free(card);
	free(card);
}

const struct card_pci_identity *card_pci_identity(const struct card *card)
{
	return &card->pci;
}

void card_reset(struct card *card)
{
	card->d3hot = false;
	power_on(card);
	if (card->air)
		air_note_change(card->air);
}

void card_enter_d3hot(struct card *card)
{
	if (card->d3hot)
		return;
	card->d3hot = true;
	card->d3hot_access_logged = false;
	card->stats.d3_entries++;
	card_update_irq(card);
	if (card->air)
		air_note_change(card->air);
	card_logf(card, "D3hot: BAR0 closed, no interrupt, no DMA, off the air");
}

/*
 * The internal reset of No_Soft_Reset = 0 reaches as far as a power-on:
 * registers, key cache, engines, TSF.  The EEPROM is another chip and
 * keeps its words.  A fault the harness armed stays armed (it stands for
 * the card, not its state), except those a chip reset cures.
 */
void card_leave_d3hot(struct card *card)
{
	if (!card->d3hot)
		return;
	card->d3hot = false;
	card->stats.d0_resets++;
	power_on(card);
	fault_chip_reset(card);
	if (card->air)
		air_note_change(card->air);
	card_logf(card, "D0 from D3hot: internal reset, the card as after power-on");
}

uint64_t card_next_deadline(const struct card *card)
{
	uint64_t tx = tx_next_deadline(card), bc = beacon_deadline(card);
	uint64_t fault = fault_next_deadline(card);
	uint64_t hs = handshake_deadline(card);
	uint64_t sta = legacy_sta_next_deadline(card);
	uint64_t noise = phy_noise_next_deadline(card);
	uint64_t forge = forge_next_deadline(card);

	if (card->dead)
		return CARD_NO_DEADLINE;
	/* A forged frame queued before D3hot is dropped (and logged) on time. */
	if (forge < sta)
		sta = forge;
	if (card->d3hot)
		return sta;
	if (fault < tx)
		tx = fault;
	if (noise < tx)
		tx = noise;
	if (sta < tx)
		tx = sta;
	if (hs < bc)
		bc = hs;
	return tx < bc ? tx : bc;
}

void card_advance(struct card *card, uint64_t now_us)
{
	if (card->dead)
		return;
	/* In D3hot the chip stands still; the station next to it does not. */
	if (!card->d3hot) {
		finish_handshakes(card, now_us);
		tx_advance(card, now_us);
		run_beacon_timers(card);
		fault_advance(card, now_us);
	}
	legacy_sta_advance(card, now_us);
	forge_advance(card, now_us);
	profile_advance(card, now_us);
	phy_noise_advance(card, now_us);
	link_log(card, false);
	keycache_log(card, false);
}

void card_make_dead(struct card *card)
{
	card->dead = true;
	card_update_irq(card);
	if (card->air)
		air_note_change(card->air);
	card_logf(card, "fault: card is gone (BAR0 reads all ones)");
}

void card_radio_summary(const struct card *card, char *buf, size_t len)
{
	uint32_t id1 = card_reg(card, REG_STA_ID1);
	uint32_t lo = card_reg(card, REG_BSSID0), hi = card_reg(card, REG_BSSID1);
	const char *opmode = "sta";

	if (id1 & STA_ID1_AP)
		opmode = "ap";
	else if (id1 & STA_ID1_ADHOC)
		opmode = "adhoc";
	snprintf(buf, len,
		 "freq_mhz=%u band=%s opmode=%s bssid=%02x:%02x:%02x:%02x:%02x:%02x",
		 card->freq_mhz, card->freq_mhz < 3000 ? "2ghz" : "5ghz", opmode,
		 lo & 0xff, (lo >> 8) & 0xff, (lo >> 16) & 0xff, lo >> 24,
		 hi & 0xff, (hi >> 8) & 0xff);
}

void card_corrupt_eeprom(struct card *card)
{
	/* A word inside the checksummed range that the header never uses. */
	card->eeprom[0x3ff] ^= 0x5a5a;
	card_logf(card, "fault: EEPROM checksum broken");
}

/*
 * Each call injects the next of three broken receptions, so the driver's
 * error paths all get exercised: a runt with a bad FCS, a frame longer
 * than the RX buffer (split over descriptors, MORE on all but the last),
 * and a truncated QoS header with a good FCS.
 */
int card_inject_malformed_frame(struct card *card)
{
	static const char *const kinds[] = { "runt with bad FCS",
		"oversized, split (MORE)", "truncated QoS header" };
	struct air_frame *f;
	unsigned int kind = card->malformed_injected % 3;
	uint8_t own[6];
	uint32_t crc;

	if (card->dead || !card_is_receiving(card))
		return -1;
	f = calloc(1, sizeof(*f));
	if (!f)
		return -1;
	f->freq_mhz = card->freq_mhz;
	f->rate_code = 0x0b;
	f->rssi = card->rssi;
	card_own_mac(card, own);
	switch (kind) {
	case 0:
		f->fcs_bad = true;
		f->len = 7;
		memcpy(f->data, "\x08\x00\x00\x00\xde\xad\x00", 7);
		break;
	case 1:
		f->len = 3000;
		f->data[0] = 0x08;
		memcpy(f->data + 4, own, 6);
		memset(f->data + 24, 0xa5, f->len - 24);
		break;
	default:
		f->len = 12;
		f->data[0] = 0x88;
		memset(f->data + 4, 0xff, 6);
		break;
	}
	if (!f->fcs_bad) {
		crc = wifi_crc32(f->data, f->len);
		for (unsigned int i = 0; i < 4; i++)
			f->data[f->len + i] = (uint8_t)(crc >> (8 * i));
		f->len += 4;
	}
	rx_deliver(card, f);
	free(f);
	card->malformed_injected++;
	card_logf(card, "fault: malformed frame injected (%s)", kinds[kind]);
	return 0;
}
