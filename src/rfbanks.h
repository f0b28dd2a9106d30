/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * RF bank images, field positions and gain tables (rfbanks.c).
 */
#ifndef ATH5K_RFBANKS_H
#define ATH5K_RFBANKS_H

#include <linux/types.h>

#define ATH5K_RF_MODES		3	/* 11a, 11b, 11g */
#define ATH5K_RF_GAIN_REGS	64

/* One analog bank: its words and the control register that latches it. */
struct ath5k_rf_bank {
	u8 bank;
	u16 ctl_reg;
	u16 nwords;
	const u32 (*words)[ATH5K_RF_MODES];
};

/* Settings inside the bank images that the driver rewrites. */
enum ath5k_rf_field_id {
	ATH5K_RF_TURBO,
	ATH5K_RF_OB_2GHZ,
	ATH5K_RF_OB_5GHZ,
	ATH5K_RF_DB_2GHZ,
	ATH5K_RF_DB_5GHZ,
	ATH5K_RF_FIXED_BIAS_A,
	ATH5K_RF_FIXED_BIAS_B,
	ATH5K_RF_PWD_XPD,
	ATH5K_RF_XPD_SEL,
	ATH5K_RF_XPD_GAIN,
	ATH5K_RF_PD_GAIN_LO,
	ATH5K_RF_PD_GAIN_HI,
	ATH5K_RF_HIGH_VC_CP,
	ATH5K_RF_MID_VC_CP,
	ATH5K_RF_LOW_VC_CP,
	ATH5K_RF_PUSH_UP,
	ATH5K_RF_PAD2GND,
	ATH5K_RF_XB2_LVL,
	ATH5K_RF_XB5_LVL,
	ATH5K_RF_PWD_ICLOBUF_2G,
	ATH5K_RF_PWD_84,
	ATH5K_RF_PWD_90,
	ATH5K_RF_PWD_130,
	ATH5K_RF_PWD_131,
	ATH5K_RF_PWD_132,
	ATH5K_RF_PWD_136,
	ATH5K_RF_PWD_137,
	ATH5K_RF_PWD_138,
	ATH5K_RF_PWD_166,
	ATH5K_RF_PWD_167,
	ATH5K_RF_DERBY_CHAN_SEL_MODE,
	ATH5K_RF_GAIN_I,
	ATH5K_RF_PLO_SEL,
	ATH5K_RF_RFGAIN_SEL,
	ATH5K_RF_RFGAIN_STEP,
	ATH5K_RF_WAIT_S,
	ATH5K_RF_WAIT_I,
	ATH5K_RF_MAX_TIME,
	ATH5K_RF_MIXVGA_OVR,
	ATH5K_RF_MIXGAIN_OVR,
	ATH5K_RF_MIXGAIN_STEP,
	ATH5K_RF_PD_DELAY_A,
	ATH5K_RF_PD_DELAY_B,
	ATH5K_RF_PD_DELAY_XR,
	ATH5K_RF_PD_PERIOD_A,
	ATH5K_RF_PD_PERIOD_B,
	ATH5K_RF_PD_PERIOD_XR,
	ATH5K_RF_FIELD_COUNT
};

/*
 * Where a setting lives: bank (0 = the radio has no such field), length
 * in bits, first bit (counted from 1 within the bank's bit string, eight
 * bits per word) and the byte column of the word that carries it.
 */
struct ath5k_rf_field {
	u8 bank;
	u8 len;
	u16 pos;
	u8 col;
};

extern const struct ath5k_rf_bank ath5k_rf5112_banks[];
extern const struct ath5k_rf_bank ath5k_rf5112a_banks[];
extern const struct ath5k_rf_bank ath5k_rf2413_banks[];
extern const struct ath5k_rf_bank ath5k_rf5413_banks[];
extern const struct ath5k_rf_bank ath5k_rf2425_banks[];
extern const struct ath5k_rf_bank ath5k_rf2417_banks[];
extern const struct ath5k_rf_bank ath5k_rf5111_banks[];

extern const struct ath5k_rf_field ath5k_rf5112_fields[ATH5K_RF_FIELD_COUNT];
extern const struct ath5k_rf_field ath5k_rf5112a_fields[ATH5K_RF_FIELD_COUNT];
extern const struct ath5k_rf_field ath5k_rf2413_fields[ATH5K_RF_FIELD_COUNT];
extern const struct ath5k_rf_field ath5k_rf5413_fields[ATH5K_RF_FIELD_COUNT];
extern const struct ath5k_rf_field ath5k_rf2425_fields[ATH5K_RF_FIELD_COUNT];
extern const struct ath5k_rf_field ath5k_rf5111_fields[ATH5K_RF_FIELD_COUNT];

extern const u32 ath5k_rf5112_gain[ATH5K_RF_GAIN_REGS][2];
extern const u32 ath5k_rf2413_gain[ATH5K_RF_GAIN_REGS][2];
extern const u32 ath5k_rf5413_gain[ATH5K_RF_GAIN_REGS][2];
extern const u32 ath5k_rf2425_gain[ATH5K_RF_GAIN_REGS][2];
extern const u32 ath5k_rf5111_gain[ATH5K_RF_GAIN_REGS][2];

/*
 * RF5112 gain_F optimisation: each step sets the mixer gain override and
 * five power-down bits (MIXGAIN_OVR, PWD_138, PWD_137, PWD_136, PWD_132,
 * PWD_131, PWD_130) and changes the receive gain by @gain dB.
 */
#define ATH5K_RF5112_GAIN_STEPS		8
#define ATH5K_RF5112_GAIN_STEP_DEFAULT	1

struct ath5k_rf_gain_step {
	u8 param[7];
	s8 gain;
};

extern const struct ath5k_rf_gain_step
ath5k_rf5112_gain_steps[ATH5K_RF5112_GAIN_STEPS];

/*
 * RF5111 gain_F: the driver keeps the default step, which sets the TX
 * clip level (PHY_FRAME_CTL), two power-down bits and the RF gain select.
 */
struct ath5k_rf5111_gain_step {
	u8 tx_clip;
	u8 pwd_90;
	u8 pwd_84;
	u8 rfgain_sel;
};

extern const struct ath5k_rf5111_gain_step ath5k_rf5111_gain_step_default;

#endif /* ATH5K_RFBANKS_H */
