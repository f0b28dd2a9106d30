// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * ath5k-eeprom-gen: turns a card description into the 2048-byte EEPROM
 * image (little-endian words) or lists what an image holds.
 *   ath5k-eeprom-gen [--model ar5413|ar2413|ar5212|ar5211|ar5210] DESC OUT.bin
 *   ath5k-eeprom-gen [--model ...] --random SEED OUT.bin   (a hostile image)
 *   ath5k-eeprom-gen --dump IMAGE
 */
#include "eeprom.h"
#include "fault.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
	fprintf(stderr,
		"usage: ath5k-eeprom-gen [--model ar5413|ar2413|ar5212|ar5211|ar5210] DESC OUT.bin\n"
		"       ath5k-eeprom-gen [--model ...] --random SEED OUT.bin\n"
		"       ath5k-eeprom-gen --dump IMAGE\n");
	return 2;
}

static int dump(const char *path)
{
	uint8_t bytes[EE_WORDS * 2 + 1];
	uint16_t image[EE_WORDS];
	struct eeprom_desc desc;
	char err[256];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		fprintf(stderr, "ath5k-eeprom-gen: %s: %s\n", path, strerror(errno));
		return 1;
	}
	n = fread(bytes, 1, sizeof(bytes), f);
	fclose(f);
	if (n != EE_WORDS * 2) {
		fprintf(stderr, "ath5k-eeprom-gen: %s: %zu bytes, expected %u\n", path,
			n, EE_WORDS * 2);
		return 1;
	}
	for (unsigned int i = 0; i < EE_WORDS; i++)
		image[i] = (uint16_t)(bytes[2 * i] | bytes[2 * i + 1] << 8);
	printf("# %s: checksum 0x%04x (0xffff expected), version 0x%04x\n", path,
	       eeprom_checksum(image), image[0xc1]);
	if (eeprom_decode(image, &desc, err, sizeof(err))) {
		fprintf(stderr, "ath5k-eeprom-gen: %s: %s\n", path, err);
		return 1;
	}
	eeprom_desc_print(&desc, stdout);
	return 0;
}

/* desc_path NULL: a seeded random image (seed) instead of a description. */
static int generate(enum card_model model, const char *desc_path,
		    unsigned long long seed, const char *out_path)
{
	uint8_t bytes[EE_WORDS * 2];
	uint16_t image[EE_WORDS];
	struct eeprom_desc desc;
	char err[256];
	FILE *f;

	eeprom_desc_defaults(&desc, model);
	if (!desc_path)
		fault_randomize_eeprom_desc(&desc, seed);
	if ((desc_path && eeprom_desc_parse_file(&desc, desc_path, err, sizeof(err))) ||
	    eeprom_build(&desc, image, err, sizeof(err))) {
		fprintf(stderr, "ath5k-eeprom-gen: %s\n", err);
		return 1;
	}
	for (unsigned int i = 0; i < EE_WORDS; i++) {
		bytes[2 * i] = image[i] & 0xff;
		bytes[2 * i + 1] = image[i] >> 8;
	}
	f = fopen(out_path, "wb");
	if (!f || fwrite(bytes, 1, sizeof(bytes), f) != sizeof(bytes) ||
	    fclose(f)) {
		fprintf(stderr, "ath5k-eeprom-gen: %s: %s\n", out_path, strerror(errno));
		return 1;
	}
	printf("ath5k-eeprom-gen: wrote %s (%u words, v5.3, EEMAP %u)\n", out_path,
	       EE_WORDS, desc.eemap);
	return 0;
}

int main(int argc, char **argv)
{
	enum card_model model = CARD_MODEL_AR5413;
	int i = 1;

	if (argc == 3 && !strcmp(argv[1], "--dump"))
		return dump(argv[2]);
	if (argc > 2 && !strcmp(argv[1], "--model")) {
		if (!strcmp(argv[2], "ar5413"))
			model = CARD_MODEL_AR5413;
		else if (!strcmp(argv[2], "ar2413"))
			model = CARD_MODEL_AR2413;
		else if (!strcmp(argv[2], "ar5212"))
			model = CARD_MODEL_AR5212_RF5112;
		else if (!strcmp(argv[2], "ar5211"))
			model = CARD_MODEL_AR5211;
		else if (!strcmp(argv[2], "ar5210"))
			model = CARD_MODEL_AR5210;
		else
			return usage();
		i = 3;
	}
	if (argc - i == 3 && !strcmp(argv[i], "--random")) {
		char *end;
		unsigned long long seed = strtoull(argv[i + 1], &end, 0);

		if (!argv[i + 1][0] || *end)
			return usage();
		return generate(model, NULL, seed, argv[i + 2]);
	}
	if (argc - i != 2 || argv[i][0] == '-')
		return usage();
	return generate(model, argv[i], 0, argv[i + 1]);
}
