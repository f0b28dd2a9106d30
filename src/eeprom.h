/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What the driver keeps from the AR5211/AR5212-family EEPROM, parsed once
 * at attach.  Power values are in quarter dBm unless a name says otherwise.
 *
 * eeprom.c is pure logic: it parses an image already read into memory,
 * so the same file builds in the kernel and in the userspace unit tests.
 */
#ifndef ATH5K_EEPROM_H
#define ATH5K_EEPROM_H

#include <linux/types.h>

struct device;

/* Word offsets (16-bit words) of the fields we use. */
#define ATH5K_EE_WORDS			0x400	/* default image size */
#define ATH5K_EE_WORDS_MAX		0xc00	/* largest custom size accepted */
#define ATH5K_EE_PCIE_OFFSET		0x02
#define ATH5K_EE_IS_HB63		0x0b
#define ATH5K_EE_RFKILL			0x0f
#define ATH5K_EE_SIZE_LOW		0x1b
#define ATH5K_EE_SIZE_HIGH		0x1c
#define ATH5K_EE_MAC_45			0x1d
#define ATH5K_EE_MAC_23			0x1e
#define ATH5K_EE_MAC_01			0x1f
#define ATH5K_EE_REGDOMAIN		0xbf
#define ATH5K_EE_CKSUM_START		0xc0
#define ATH5K_EE_VERSION		0xc1
#define ATH5K_EE_HEADER			0xc2
#define ATH5K_EE_ANT_GAIN		0xc3
#define ATH5K_EE_MISC0			0xc4
#define ATH5K_EE_MISC1			0xc5
#define ATH5K_EE_MISC4			0xc8
#define ATH5K_EE_MISC5			0xc9
#define ATH5K_EE_MODES_11A		0xd4
#define ATH5K_EE_MODES_11B		0xf2
#define ATH5K_EE_MODES_11G		0x10d
#define ATH5K_EE_CTL_IDS		0x128
#define ATH5K_EE_SPURS_5GHZ		0x148
#define ATH5K_EE_SPURS_2GHZ		0x14d
#define ATH5K_EE_GROUPS_5112		0x150

/*
 * Versions 3.0 to 3.2 keep the same kind of data lower down: the antenna
 * gain one word later, shorter mode sections, 16 CTLs and the groups at
 * 0x100, with separate 2 GHz ob/db words after the CTL ids.
 */
#define ATH5K_EE_ANT_GAIN_V3		0xc4
#define ATH5K_EE_MODES_11A_V3		0xc5
#define ATH5K_EE_MODES_11B_V3		0xd0
#define ATH5K_EE_MODES_11G_V3		0xda
#define ATH5K_EE_CTL_IDS_V3		0xe4
#define ATH5K_EE_OBDB_11B_V3		0xec
#define ATH5K_EE_OBDB_11G_V3		0xed
#define ATH5K_EE_GROUPS_V3		0x100

/*
 * Versions: major << 12 | minor.  3.0 is the oldest we read; MISC0 (and
 * with it the EEMAP field) exists from 4.0, older images are RF5111 ones.
 */
#define ATH5K_EE_V3_0			0x3000
#define ATH5K_EE_V3_2			0x3002
#define ATH5K_EE_V3_3			0x3003
#define ATH5K_EE_V3_4			0x3004
#define ATH5K_EE_V4_0			0x4000
#define ATH5K_EE_V4_1			0x4001
#define ATH5K_EE_V4_2			0x4002
#define ATH5K_EE_V4_3			0x4003
#define ATH5K_EE_V4_6			0x4006
#define ATH5K_EE_V5_0			0x5000
#define ATH5K_EE_V5_1			0x5001
#define ATH5K_EE_V5_3			0x5003

/* Calibration data layouts (MISC0 bits 15:14). */
#define ATH5K_EEMAP_5111		0
#define ATH5K_EEMAP_5112		1
#define ATH5K_EEMAP_2413		2

#define ATH5K_EE_NMODES			3	/* 11a, 11b, 11g */
#define ATH5K_EE_MAX_PIERS		10	/* 11a; 11b/11g have <= 4 */
#define ATH5K_EE_MAX_PIERS_2GHZ		4
#define ATH5K_EE_PD_GAINS		4	/* power-detector gain curves */
#define ATH5K_EE_PD_POINTS		11	/* points per curve, at most */
#define ATH5K_EE_PD_POINTS_5111		11	/* RF5111: always 11 */
#define ATH5K_EE_MAX_TARGETS		8	/* target-power channels, 11a */
#define ATH5K_EE_MAX_CTLS		32
#define ATH5K_EE_MAX_CTLS_V3		16	/* before 3.3 */
#define ATH5K_EE_CTL_EDGES		8
#define ATH5K_EE_SPURS			5
#define ATH5K_EE_NO_SPUR		0x8000

/* One power-detector curve of one calibration pier. */
struct ath5k_ee_pd_curve {
	u8 npoints;
	u8 step[ATH5K_EE_PD_POINTS];	/* PCDAC/PDADC step, increasing */
	s16 pwr[ATH5K_EE_PD_POINTS];	/* quarter dBm, increasing */
};

/* Calibration at one frequency ("pier"). */
struct ath5k_ee_pier {
	u16 freq;			/* MHz */
	s16 min_pwr;			/* quarter dBm over all curves */
	s16 max_pwr;
	/* curves in the order the EEPROM lists them */
	struct ath5k_ee_pd_curve curve[ATH5K_EE_PD_GAINS];
};

/* Target power per rate group at one frequency, half dBm. */
struct ath5k_ee_target {
	u16 freq;
	u8 pwr_6_24;			/* 6-24 Mbit/s (or 1 Mbit/s on 11b) */
	u8 pwr_36;
	u8 pwr_48;
	u8 pwr_54;			/* 54 Mbit/s (or 11 Mbit/s on 11b) */
};

/* Conformance-test edge: maximum power up to/at a band edge. */
struct ath5k_ee_edge {
	u16 freq;			/* 0 = unused */
	u8 pwr;				/* half dBm */
	bool inband;			/* limit applies inside, not just at */
};

struct ath5k_ee_mode {
	/* antenna switch setup */
	u8 switch_settling;
	u8 atn_tx_rx;
	u8 ant_control[11];
	/* RF front end */
	u8 ob[4], db[4];		/* output/driver bias per sub-band */
	u8 tx_end2xlna;
	u8 tx_end2xpa_off;
	u8 tx_frame2xpa_on;
	u8 thr_62;
	u8 xlna_gain;
	u8 xpd;
	u8 x_gain;
	u8 i_gain;
	u8 fixed_bias;
	u8 margin_tx_rx;
	u8 false_detect;
	s8 adc_desired_size;
	s8 pga_desired_size;
	s16 nf_threshold;		/* dBm */
	u8 i_cal, q_cal;
	/* calibration */
	u8 npd_gains;			/* curves per pier */
	u8 pd_gain_idx[ATH5K_EE_PD_GAINS];	/* hardware gain of curve i */
	u8 npiers;
	struct ath5k_ee_pier pier[ATH5K_EE_MAX_PIERS];
	u8 ntargets;
	struct ath5k_ee_target target[ATH5K_EE_MAX_TARGETS];
};

struct ath5k_eeprom {
	u16 version;
	u16 header;
	u16 regdomain;
	u8 eemap;
	u8 mac[6];
	u16 misc0, misc1, misc4, misc5;
	s8 ant_gain_5ghz;		/* dBi */
	s8 ant_gain_2ghz;
	u8 modes;			/* BIT(ATH5K_MODE_*) enabled */
	bool rfkill_irq;		/* header allows the GPIO interrupt */
	u8 rfkill_gpio;
	bool rfkill_active_high;
	bool aes_disabled;
	bool serdes;			/* PCIe SERDES section present */
	bool hb63;			/* HB63 board marker (word 0x0b), AR2425 */
	s8 pd_gain_overlap;		/* half dB */
	u8 cck_ofdm_power_delta;	/* tenths of dB */
	u8 scaled_cck_delta;
	u8 cck_ofdm_gain_delta;

	struct ath5k_ee_mode mode[ATH5K_EE_NMODES];

	u8 nctls;
	u8 ctl_id[ATH5K_EE_MAX_CTLS];
	struct ath5k_ee_edge ctl_edge[ATH5K_EE_MAX_CTLS][ATH5K_EE_CTL_EDGES];

	u16 spur[2][ATH5K_EE_SPURS];	/* [0] 5 GHz, [1] 2 GHz; raw fbins */
};

/*
 * Parse and validate @nwords words of an EEPROM image.  Returns 0, or
 * -EINVAL with one dev_err() line naming what is wrong.  @dev may be NULL
 * (messages then go without device prefix).
 */
int ath5k_eeprom_parse(struct ath5k_eeprom *ee, const u16 *img,
		       unsigned int nwords, struct device *dev);

/* Words the image must have, judged from its size field (>= 0x400). */
unsigned int ath5k_eeprom_image_words(const u16 *img, unsigned int nwords);

#endif /* ATH5K_EEPROM_H */
