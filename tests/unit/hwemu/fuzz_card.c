// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The card model's side of the fuzz target: cards with the EEPROM an
 * input describes, frames heard on the air, interrupt causes.  Built
 * against the model's own headers, apart from the driver's.
 */
#include "fuzz_card.h"

#include <stdio.h>
#include <string.h>

#include "card_model.h"
#include "eeprom.h"
#include "fault.h"

static const char *const model_names[FUZZ_CARD_MODELS] = {
	[CARD_MODEL_AR5413] = "ar5413",
	[CARD_MODEL_AR2413] = "ar2413",
	[CARD_MODEL_AR5212_RF5112] = "ar5212",
	[CARD_MODEL_AR5211] = "ar5211",
	[CARD_MODEL_AR5210] = "ar5210",
};

/* The image @ee describes into @image; false when it does not build. */
static bool build_image(const struct card_config *cfg,
			const struct fuzz_eeprom *ee, uint16_t *image,
			bool *aes_disabled)
{
	struct eeprom_desc d;
	char err[200];

	eeprom_desc_defaults(&d, ee->desc_model);
	memcpy(d.mac, cfg->mac, sizeof(d.mac));
	d.regdomain = cfg->regdomain;
	d.mode_enabled[EE_MODE_A] = cfg->mode_a;
	d.mode_enabled[EE_MODE_B] = cfg->mode_b;
	d.mode_enabled[EE_MODE_G] = cfg->mode_g;
	/* random lists fit the 5.3 layout; a 3.x version then trims them */
	if (ee->randomize) {
		d.version = EE_VERSION_5_3;
		fault_randomize_eeprom_desc(&d, ee->seed);
	}
	if (ee->version)
		d.version = ee->version;
	eeprom_desc_fit_version(&d);
	if (eeprom_build(&d, image, err, sizeof(err)))
		return false;
	*aes_disabled = d.aes_disabled;
	return true;
}

static void patch_image(uint16_t *image, const struct fuzz_eeprom *ee)
{
	unsigned int i;

	if (!ee->n_patches)
		return;
	for (i = 0; i < ee->n_patches && i < FUZZ_EE_PATCHES; i++)
		image[ee->patch_word[i] % EE_WORDS] = ee->patch_value[i];
	/* the driver refuses a bad checksum early: mostly keep it valid */
	if (!ee->keep_checksum)
		image[0xc0] ^= (uint16_t)(eeprom_checksum(image) ^ 0xffff);
}

struct card *fuzz_card_create(enum card_model model,
			      const struct fuzz_eeprom *ee,
			      const struct card_host_ops *ops, void *host)
{
	uint16_t image[EE_WORDS];
	struct card_config cfg;
	struct card *card;
	char spec[64], err[256];
	bool aes_disabled;

	if ((unsigned int)model >= FUZZ_CARD_MODELS)
		return NULL;
	card_config_defaults(&cfg, 0);
	/* air=ideal: no loss or fading draws, the same run every time */
	snprintf(spec, sizeof(spec), "model=%s,air=ideal", model_names[model]);
	if (card_config_parse(&cfg, spec, err, sizeof(err)))
		return NULL;
	if (ee->bands_given) {
		cfg.mode_a = ee->mode_a;
		cfg.mode_b = ee->mode_b;
		cfg.mode_g = ee->mode_g;
	}
	card = card_create(&cfg, NULL, ops, host, err, sizeof(err));
	if (!card) {
		/* bands the model's image cannot carry: its own ones then */
		card_config_parse(&cfg, spec, err, sizeof(err));
		card = card_create(&cfg, NULL, ops, host, err, sizeof(err));
		if (!card)
			return NULL;
	}
	memcpy(image, card->eeprom, sizeof(image));
	if ((ee->randomize || ee->version || ee->desc_model != model) &&
	    build_image(&card->cfg, ee, image, &aes_disabled))
		card->aes_fused_off |= aes_disabled;
	patch_image(image, ee);
	memcpy(card->eeprom, image, sizeof(image));
	return card;
}

void fuzz_card_rx(struct card *card, uint8_t rate_code, uint8_t rssi,
		  bool fcs_bad, const uint8_t *data, size_t len)
{
	static struct air_frame frame;

	if (len > sizeof(frame.data))
		len = sizeof(frame.data);
	memset(&frame, 0, sizeof(frame));
	frame.freq_mhz = card->freq_mhz;
	frame.rate_code = rate_code;
	frame.rssi = rssi;
	frame.fcs_bad = fcs_bad;
	frame.len = (uint16_t)len;
	memcpy(frame.data, data, len);
	rx_deliver(card, &frame);
}

void fuzz_card_raise(struct card *card, uint32_t pisr, unsigned int sisr_n,
		     uint32_t sisr)
{
	if (sisr)
		card_raise_sisr(card, sisr_n % 5, sisr);
	card_raise_pisr(card, pisr);
}

unsigned int fuzz_card_freq(const struct card *card)
{
	return card->freq_mhz;
}
