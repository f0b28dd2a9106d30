/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The card's serial EEPROM: a readable description (eeprom_desc.c), the
 * 1024-word image built from it (eeprom.c; layout 5.3, or 3.0-3.4 for an
 * RF5111 card) and a decoder that reads an
 * image back by the rules the Linux ath5k parser follows, for --dump and
 * the round-trip test.
 */
#ifndef ATH5K_EMU_EEPROM_H
#define ATH5K_EMU_EEPROM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "card.h"

#define EE_WORDS		1024
#define EE_VERSION_5_3		0x5003
#define EE_VERSION_3_0		0x3000	/* oldest the drivers read */
#define EE_VERSION_3_2		0x3002	/* last with 7-bit frequency bins */
#define EE_VERSION_3_3		0x3003	/* 5.3's homes, 32 CTLs */
#define EE_VERSION_3_4		0x3004	/* adds the I gain */
#define EE_MODES		3	/* 11a, 11b, 11g in that order */
#define EE_MODE_A		0
#define EE_MODE_B		1
#define EE_MODE_G		2
#define EE_ANT_CONTROLS		11
#define EE_PD_GAINS		4
#define EE_MAX_PIERS_5GHZ	10
#define EE_MAX_PIERS_2GHZ_MAP2	4
#define EE_MAX_PIERS_2GHZ_MAP1	3
#define EE_PCDAC_POINTS		11	/* RF5111 (EEMAP 0): points per pier */
#define EE_CTLS			32
#define EE_CTL_EDGES		8
#define EE_SPUR_CHANS		5
#define EE_NO_SPUR		0x8000

/* One power-detector gain curve of the RF2413/RF5413 (EEMAP 2) format. */
struct ee_pd_curve {
	uint8_t pwr_start;		/* dBm, 5 bits */
	uint8_t pddac_start;		/* 7 bits */
	uint8_t pwr_step[4];		/* half dB, 4 bits; [3] only on the last gain */
	uint8_t pddac_step[4];		/* 6 bits */
};

/*
 * The RF5111 (EEMAP 0) curve of one pier: the power at 11 PCDAC values
 * spread from pcdac_min to pcdac_max (the driver places them itself).
 */
struct ee_pcdac_curve {
	uint8_t pcdac_min, pcdac_max;	/* 6 bits each */
	uint8_t pwr[EE_PCDAC_POINTS];	/* half dB, 6 bits, rising */
};

/* The RF5112 (EEMAP 1) curves of one pier. */
struct ee_xpd_curves {
	int8_t pwr_x0[4];		/* quarter dBm */
	uint8_t pcdac_x0[4];		/* [0] 6 bits, [1..3] 5 bits */
	int8_t pwr_x3[3];		/* quarter dBm */
};

struct ee_target_power {
	uint16_t freq_mhz;
	uint8_t pwr_6_24, pwr_36, pwr_48, pwr_54;	/* half dB, 6 bits */
};

struct ee_mode {
	uint8_t switch_settling;	/* 7 bits */
	uint8_t txrx_atten;		/* 6 bits */
	uint8_t ant_control[EE_ANT_CONTROLS];	/* 6 bits each */
	int8_t adc_desired;
	uint8_t pga_desired;
	uint8_t ob, db;			/* 3 bits each, every slot alike */
	uint8_t thr62;
	int8_t noise_floor;		/* dBm threshold, e.g. -85 */
	uint8_t xlna_gain;
	uint8_t x_gain;			/* mask of the PD gain curves present */
	uint8_t xpd;			/* 1 bit */
	uint8_t false_detect;		/* 7 bits */
	uint8_t i_gain;			/* 6 bits */
	uint8_t margin_tx_rx;		/* 6 bits */
	unsigned int n_piers;
	uint16_t pier_mhz[EE_MAX_PIERS_5GHZ];
	struct ee_pd_curve pd[EE_PD_GAINS];	/* EEMAP 2, indexed by gain bit */
	struct ee_xpd_curves xpd_curves;	/* EEMAP 1 */
	struct ee_pcdac_curve pcdac;		/* EEMAP 0 */
	unsigned int n_targets;
	struct ee_target_power target[8];
};

struct ee_ctl {
	uint8_t id;			/* low nibble: 0 11a, 1 11b, 2 11g, 3 turbo */
	uint16_t edge_mhz[EE_CTL_EDGES];	/* 0: unused edge */
	uint8_t edge_power[EE_CTL_EDGES];	/* half dB, 6 bits */
	uint8_t edge_flag[EE_CTL_EDGES];
};

struct eeprom_desc {
	uint16_t version;		/* 0x5003, or 0x3000..0x3004 (RF5111) */
	uint8_t mac[6];
	uint16_t regdomain;
	bool mode_enabled[EE_MODES];
	unsigned int eemap;		/* 2: RF2413/RF5413, 1: RF5112, 0: RF5111 */
	int8_t ant_gain_5ghz, ant_gain_2ghz;
	uint8_t pd_gain_overlap;	/* 4 bits */
	bool aes_disabled;
	uint8_t rfkill_gpio;		/* 3 bits */
	bool rfkill_polarity;
	bool rfkill_switch;		/* header bit 14: drivers watch the switch */
	struct ee_mode mode[EE_MODES];
	unsigned int n_ctls;		/* CTL ids in use, from the first */
	struct ee_ctl ctl[EE_CTLS];
	uint16_t spur[2][EE_SPUR_CHANS];	/* [0] 5 GHz, [1] 2 GHz, raw */
	/*
	 * The keys a card option can set too that the description text named
	 * (EE_NAMED_*): a card keeps its own value for the others.
	 */
	unsigned int named;
};

#define EE_NAMED_MAC		0x1
#define EE_NAMED_REGDOMAIN	0x2
#define EE_NAMED_BANDS		0x4
#define EE_NAMED_VERSION	0x8

/* "3.3" -> 0x3003 (3.0..3.4 or 5.3); 0, or -1 for anything else. */
int eeprom_parse_version(const char *s, uint16_t *version);

/*
 * The fixed 2 GHz calibration piers the driver assumes for an RF5111
 * (EEMAP 0) image: 11b 2412/2447/2484, 11g 2312/2412/2484.
 */
void eeprom_rf5111_piers(unsigned int mode, uint16_t mhz[EE_MAX_PIERS_2GHZ_MAP1],
			 unsigned int *n);

/*
 * Sets the fields a 3.x layout has no room for to what a reader gets
 * back (I gain 10 before 3.4, no false detect before 3.3, no margin or
 * PD gain overlap); a 5.3 description is left alone.
 */
void eeprom_desc_fit_version(struct eeprom_desc *d);

/* The description a card of this model ships with. */
void eeprom_desc_defaults(struct eeprom_desc *desc, enum card_model model);

/*
 * Reads "key = value" lines ('#' starts a comment) on top of *desc.
 * Returns 0, or -1 with "NAME:LINE: reason" in err.
 */
int eeprom_desc_parse_text(struct eeprom_desc *desc, const char *text,
			   const char *name, char *err, size_t errlen);
int eeprom_desc_parse_file(struct eeprom_desc *desc, const char *path,
			   char *err, size_t errlen);

/* "abg" subset -> enabled[]; 0, or -1 when empty or not such a subset. */
int eeprom_parse_bands(const char *s, bool enabled[EE_MODES]);

/* Image from description; 0, or -1 with the reason in err. */
int eeprom_build(const struct eeprom_desc *desc, uint16_t image[EE_WORDS],
		 char *err, size_t errlen);

/* XOR of the words the driver checksums; 0xffff when intact. */
uint16_t eeprom_checksum(const uint16_t image[EE_WORDS]);

/*
 * The rfkill word (0x0f) of an image: the GPIO pin of the switch and its
 * polarity, the pin level the driver takes for "radio blocked".
 */
void eeprom_rfkill(const uint16_t image[EE_WORDS], uint8_t *gpio, bool *polarity);
/* Whether the header says a switch is wired (drivers watch it only then). */
bool eeprom_rfkill_wired(const uint16_t image[EE_WORDS]);

/*
 * Reads an image back by the driver's rules (header checks, mode
 * sections, calibration, target powers, CTLs, spurs).  0, or -1 with the
 * first problem the driver would reject the image for.
 */
int eeprom_decode(const uint16_t image[EE_WORDS], struct eeprom_desc *desc,
		  char *err, size_t errlen);

/* Human-readable listing of a decoded description. */
void eeprom_desc_print(const struct eeprom_desc *desc, FILE *out);

#endif /* ATH5K_EMU_EEPROM_H */
