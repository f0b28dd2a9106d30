/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Declarations shared between the files of the hardware layer only.  The
 * mac80211 layer uses hw.h and never this file.
 */
#ifndef ATH5K_HW_INTERNAL_H
#define ATH5K_HW_INTERNAL_H

#include <linux/bitfield.h>
#include <linux/bug.h>

#include "hw.h"
#include "reg.h"

/* A register of the DMA block or host interface a hang report shows. */
struct ath5k_debug_reg {
	const char *name;
	u32 offset;
};

/*
 * What one MAC generation does its own way, chosen once at attach
 * (ah->mac_ops): ath5k_qcu_mac_ops for the AR5211 and the AR5212 family
 * (qcu.c; its functions sit with their kind: interrupts in dma.c, PCU
 * in pcu.c, reset in reset.c, EEPROM in hw_attach.c), and
 * ath5k_5210_mac_ops for the AR5210 (ar5210.c).  Generic code calls
 * these and never tests the generation.
 */
struct ath5k_mac_ops {
	/*
	 * TX queues: @q is below ATH5K_TXQ_COUNT, an active queue but for
	 * txq_set_txdp and txq_get_txdp, and for txq_claim (NULL: each
	 * queue number has hardware of its own) one of the type's numbers;
	 * txqs_finish (may be NULL) runs after one queue or all of them
	 * are programmed: what the queues share (their interrupt masks).
	 */
	int (*txq_claim)(struct ath5k_hw *ah, unsigned int q,
			 enum ath5k_txq_type type);
	void (*txq_program)(struct ath5k_hw *ah, unsigned int q);
	void (*txqs_finish)(struct ath5k_hw *ah);
	int (*txq_start)(struct ath5k_hw *ah, unsigned int q);
	int (*txq_stop)(struct ath5k_hw *ah, unsigned int q);
	int (*txq_set_txdp)(struct ath5k_hw *ah, unsigned int q, u32 paddr);
	u32 (*txq_get_txdp)(struct ath5k_hw *ah, unsigned int q);
	unsigned int (*txq_pending)(struct ath5k_hw *ah, unsigned int q);

	/*
	 * Interrupts: read and acknowledge the causes (the hot path); the
	 * primary mask, and the secondary (SIMR2; NULL: none), that give
	 * the abstract ATH5K_INT_* @flags.
	 */
	int (*isr_read)(struct ath5k_hw *ah, struct ath5k_isr *isr);
	u32 (*imr_primary)(u32 flags);
	u32 (*imr_secondary)(const struct ath5k_hw *ah, u32 flags);
	u32 isr_reg;	/* the primary status register (write-one-clear) */
	u32 imr_reg;	/* and mask register */

	/*
	 * PCU: what an operating mode sets besides STA_ID1 (@id1 takes the
	 * generation's own STA_ID1 bits), the global inter-frame spaces
	 * (us), the DIAG_SW bit that holds reception off, and the values
	 * of the DMA and software beacon alert timers that never fire.
	 */
	void (*opmode_write)(struct ath5k_hw *ah, enum ath5k_opmode opmode,
			     u32 *id1);
	void (*ifs_write)(struct ath5k_hw *ah, unsigned int slot_us,
			  unsigned int sifs_us, unsigned int eifs_us);
	u32 diag_dis_rx;
	u32 dba_timer_idle;
	u32 swba_timer_idle;

	/*
	 * Attach and reset: a full reset after ath5k_hw_reset()'s checks
	 * (@fast: a retune will do if the radio can), one EEPROM word, the
	 * EEPROM's access window around the image's load (NULL: always
	 * open), the units a warm reset holds and how long they take to
	 * settle once released (us; 0: no wait).
	 */
	int (*reset)(struct ath5k_hw *ah, enum ath5k_opmode opmode,
		     const struct ath5k_chan *chan, bool fast);
	int (*eeprom_read)(struct ath5k_hw *ah, unsigned int off, u16 *out);
	int (*radio_identify)(struct ath5k_hw *ah);	/* NULL: the usual probe */
	void (*eeprom_access)(struct ath5k_hw *ah, bool on);
	u32 reset_units;
	unsigned int reset_settle_us;

	/*
	 * Where this chip keeps a PCU register (NULL: where the AR5211 and
	 * the AR5212 family do; ATH5K_REG_NONE: nowhere), and the entries
	 * of its key cache.  What a chip lacks, generic code asks ah->caps
	 * about and never reaches.
	 */
	u32 (*pcu_reg)(ath5k_pcu_reg_t reg);
	u16 keycache_entries;

	/* the registers of its own a hang report shows, none changed by a read */
	const struct ath5k_debug_reg *debug_regs;
	unsigned int n_debug_regs;
};

#define ATH5K_REG_NONE		0xffffffffu

extern const struct ath5k_mac_ops ath5k_qcu_mac_ops;
extern const struct ath5k_mac_ops ath5k_5210_mac_ops;

/*
 * A MAC generation's DMA descriptor format (ah->desc_ops, chosen at
 * attach): ath5k_desc_5212_ops for the AR5212 family (desc.c), the
 * two-word ath5k_desc_5211_ops and ath5k_desc_5210_ops (desc_2word.c).
 * desc.c's entry points check the parameters and the DONE bit and call
 * these; tx_status_word is where TX status 0 sits in ath5k_desc.words.
 */
struct ath5k_desc_ops {
	int (*tx_setup)(struct ath5k_desc *d, const struct ath5k_tx_params *p);
	void (*tx_status)(u32 s0, u32 s1, struct ath5k_tx_status *ts);
	void (*rx_status)(const struct ath5k_hw *ah, u32 s0, u32 s1,
			  struct ath5k_rx_status *rs);
	u8 tx_status_word;
	u16 rx_tstamp_mask;
};

/*
 * What a generation's PHY does its own way (ah->phy_ops, chosen at
 * attach: ath5k_phy_5212_ops in phy.c, ath5k_phy_5211_ops in ar5211.c):
 * the PHY mode and PLL of a channel, what its modulation needs before
 * the RF banks, and the I/Q calibration's Q scale.  None for the
 * AR5210, whose reset (ar5210.c) takes its PHY from the initial values
 * and calls none of these.
 */
struct ath5k_phy_ops {
	int (*mode_set)(struct ath5k_hw *ah, const struct ath5k_chan *chan);
	int (*modulation_set)(struct ath5k_hw *ah,
			      const struct ath5k_chan *chan);
	u8 iq_q_shift;
	u8 iq_q_offset;
};

extern const struct ath5k_phy_ops ath5k_phy_5212_ops;	/* phy.c */
extern const struct ath5k_phy_ops ath5k_phy_5211_ops;	/* ar5211.c */

extern const struct ath5k_desc_ops ath5k_desc_5212_ops;
extern const struct ath5k_desc_ops ath5k_desc_5211_ops;
extern const struct ath5k_desc_ops ath5k_desc_5210_ops;

/* ----- PCU register access -------------------------------------------- */

/* The chip's offset of @reg, ATH5K_REG_NONE for one it lacks. */
static inline u32 ath5k_pcu_off(struct ath5k_hw *ah, ath5k_pcu_reg_t reg)
{
	if (ah->mac_ops->pcu_reg)
		return ah->mac_ops->pcu_reg(reg);
	return (__force u32)reg;
}

/*
 * A register the chip lacks is a driver bug (generic code that should
 * have asked ah->caps): warned about, and never sent to an offset that
 * may be another register on this chip.
 */
static inline u32 ath5k_pcu_rd(struct ath5k_hw *ah, ath5k_pcu_reg_t reg)
{
	u32 off = ath5k_pcu_off(ah, reg);

	if (WARN_ON_ONCE(off == ATH5K_REG_NONE))
		return 0;
	return ath5k_rd(ah, off);
}

static inline void ath5k_pcu_wr(struct ath5k_hw *ah, ath5k_pcu_reg_t reg,
				u32 val)
{
	u32 off = ath5k_pcu_off(ah, reg);

	if (!WARN_ON_ONCE(off == ATH5K_REG_NONE))
		ath5k_wr(ah, off, val);
}

static inline void ath5k_pcu_rmw(struct ath5k_hw *ah, ath5k_pcu_reg_t reg,
				 u32 mask, u32 val)
{
	ath5k_pcu_wr(ah, reg, (ath5k_pcu_rd(ah, reg) & ~mask) | (val & mask));
}

static inline void ath5k_pcu_set_bits(struct ath5k_hw *ah,
				      ath5k_pcu_reg_t reg, u32 bits)
{
	ath5k_pcu_rmw(ah, reg, bits, bits);
}

static inline void ath5k_pcu_clear_bits(struct ath5k_hw *ah,
					ath5k_pcu_reg_t reg, u32 bits)
{
	ath5k_pcu_rmw(ah, reg, bits, 0);
}

/* hw_attach.c */
int ath5k_hw_nic_reset(struct ath5k_hw *ah, u32 bits);
int ath5k_hw_nic_wakeup(struct ath5k_hw *ah);
u32 ath5k_hw_reset_all_bits(const struct ath5k_hw *ah);
void ath5k_hw_pci_retry_fix(struct ath5k_hw *ah);
int ath5k_hw_eeprom_wait(struct ath5k_hw *ah, u32 status_reg, u32 data_reg,
			 u16 *out);
int ath5k_qcu_eeprom_read(struct ath5k_hw *ah, unsigned int off, u16 *out);
u32 ath5k_hw_radio_probe(struct ath5k_hw *ah, bool two_ghz);

/* reset.c */
int ath5k_hw_reset_finish(struct ath5k_hw *ah);
int ath5k_qcu_reset(struct ath5k_hw *ah, enum ath5k_opmode opmode,
		    const struct ath5k_chan *chan, bool fast);
u8 ath5k_radio_rev_decode(u8 raw);

/* phy.c */
void ath5k_phy_mode_write(struct ath5k_hw *ah, u32 mode, u32 pll);
int ath5k_hw_rf_alloc(struct ath5k_hw *ah);
void ath5k_hw_rf_free(struct ath5k_hw *ah);
void ath5k_hw_nf_history_reset(struct ath5k_hw *ah);
void ath5k_hw_gainf_init(struct ath5k_hw *ah);
void ath5k_hw_gainf_evaluate(struct ath5k_hw *ah);
int ath5k_hw_phy_mode_set(struct ath5k_hw *ah, const struct ath5k_chan *chan);
int ath5k_hw_channel_set(struct ath5k_hw *ah, const struct ath5k_chan *chan);
int ath5k_hw_rf_banks_write(struct ath5k_hw *ah, const struct ath5k_chan *chan);
int ath5k_hw_txpower_set(struct ath5k_hw *ah, const struct ath5k_chan *chan,
			 u8 limit);
void ath5k_hw_spur_mitigation(struct ath5k_hw *ah, const struct ath5k_chan *chan);
int ath5k_hw_phy_activate(struct ath5k_hw *ah, const struct ath5k_chan *chan);
int ath5k_hw_phy_setup(struct ath5k_hw *ah, const struct ath5k_chan *chan);
int ath5k_hw_fast_retune(struct ath5k_hw *ah, const struct ath5k_chan *chan);
void ath5k_hw_antenna_apply(struct ath5k_hw *ah, const struct ath5k_chan *chan);

/* initvals.c, rfbanks.c: the tables and their writers */
void ath5k_hw_initvals_write(struct ath5k_hw *ah, const struct ath5k_chan *chan,
			     bool skip_pcu);
void ath5k_hw_rfgain_write(struct ath5k_hw *ah, const struct ath5k_chan *chan);

/* pcu.c */
void ath5k_hw_pcu_init(struct ath5k_hw *ah);
void ath5k_hw_dcu_global_init(struct ath5k_hw *ah);
void ath5k_pcu_opmode_write(struct ath5k_hw *ah, enum ath5k_opmode opmode,
			    u32 *id1);
void ath5k_dcu_ifs_write(struct ath5k_hw *ah, unsigned int slot,
			 unsigned int sifs, unsigned int eifs);

/* qcu.c */
int ath5k_hw_txq_program_all(struct ath5k_hw *ah);

/* dma.c */
void ath5k_hw_dma_init(struct ath5k_hw *ah);
/* the primary status bits of @flags that map one to one, and back */
u32 ath5k_int_status_bits(u32 flags);
u32 ath5k_int_flags(u32 status);
/* the AR5211 and the AR5212 family's interrupt registers */
int ath5k_qcu_isr_read(struct ath5k_hw *ah, struct ath5k_isr *isr);
u32 ath5k_qcu_imr_primary(u32 flags);
u32 ath5k_qcu_imr_secondary(const struct ath5k_hw *ah, u32 flags);
/* the largest frame in the TX FIFO trigger's 64-byte units */
#define ATH5K_TX_TRIG_MAX	((2352 / 64) + 1)

/* TX underruns are unmasked whenever any TX interrupt is. */
static inline bool ath5k_hw_txurn_unmasked(u32 imr)
{
	return imr & (ATH5K_INT_TXURN | ATH5K_INT_TX_ANY);
}

#endif /* ATH5K_HW_INTERNAL_H */
