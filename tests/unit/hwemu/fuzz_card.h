/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The card model's side of the fuzz target (fuzz_hw_layer.c): what it
 * needs from the model's inside (card_model.h, eeprom.h), behind plain
 * types, since the model's eeprom.h would clash with the driver's.
 */
#ifndef ATH5K_HWEMU_FUZZ_CARD_H
#define ATH5K_HWEMU_FUZZ_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "card.h"

#define FUZZ_CARD_MODELS	5	/* enum card_model: ar5413 .. ar5210 */
#define FUZZ_EE_PATCHES		8	/* raw EEPROM words one input may set */

/* The EEPROM a fuzz input asks for, on top of a model's description. */
struct fuzz_eeprom {
	enum card_model desc_model;	/* whose description to start from */
	uint16_t version;		/* 0: that description's own */
	bool bands_given;
	bool mode_a, mode_b, mode_g;
	bool randomize;			/* fault_randomize_eeprom_desc() */
	uint64_t seed;
	unsigned int n_patches;		/* raw words written after the build */
	uint16_t patch_word[FUZZ_EE_PATCHES];
	uint16_t patch_value[FUZZ_EE_PATCHES];
	bool keep_checksum;		/* false: patched words re-checksummed */
};

/*
 * A card of @model with the EEPROM @ee describes, on @host (a struct
 * fake_host) with @ops.  When the description does not build (a version
 * the layout refuses), the card keeps its model's own image.  NULL only
 * when the card model itself cannot be made.
 */
struct card *fuzz_card_create(enum card_model model,
			      const struct fuzz_eeprom *ee,
			      const struct card_host_ops *ops, void *host);

/* One frame heard on the air, as another station sent it. */
void fuzz_card_rx(struct card *card, uint8_t rate_code, uint8_t rssi,
		  bool fcs_bad, const uint8_t *data, size_t len);

/* Raise interrupt causes as the hardware would (card.c). */
void fuzz_card_raise(struct card *card, uint32_t pisr, unsigned int sisr_n,
		     uint32_t sisr);

/* The frequency the synthesiser is tuned to, 0 before any tuning. */
unsigned int fuzz_card_freq(const struct card *card);

#endif
