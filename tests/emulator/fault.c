// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Run-time faults of one card: the state the control socket switches and
 * the hooks card.c and rx_engine.c consult.  Each fault is something real
 * AR5212-family cards do: fall off the bus, hand up broken RX status,
 * raise a cause that never clears, assert the line with no cause, keep
 * DMA running after a stop, signal host-interface errors, lose the
 * beacon queue, or carry a hostile EEPROM.
 */
#include "fault.h"
#include "card_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SISR2_QCU0_TXURN	0x00000001

/* RX status words (desc.h of the 5212) */
#define RXS0_LEN		0x00000fff
#define RXS0_RATE_SHIFT		15
#define RXS0_RATE		(0x1fu << RXS0_RATE_SHIFT)
#define RXS1_OK			0x00000002
#define RXS1_DECRYPT_CRC	0x00000008
#define RXS1_PHY_ERROR		0x00000010
#define RXS1_MIC		0x00000020
#define RXS1_KEY_VALID		0x00000100
#define RXS1_KEY_INDEX_SHIFT	9
#define RXS1_PHY_CODE_SHIFT	8
#define RXS1_CODE_FIELD		0x0000ff00

#define FUZZ_MAX		16
#define STORM_PERIOD_US		500
#define ARGS_MAX		20

enum rx_damage {
	RX_INTACT,
	RX_BAD_LENGTH,
	RX_BAD_RATE,
	RX_BAD_KEY_INDEX,
	RX_DECRYPT_CRC,
	RX_MIC,
	RX_PHY_ERROR,
};

static const char *const rx_damage_names[] = {
	[RX_BAD_LENGTH] = "rx-bad-length",
	[RX_BAD_RATE] = "rx-bad-rate",
	[RX_BAD_KEY_INDEX] = "rx-bad-keyix",
	[RX_DECRYPT_CRC] = "rx-decrypt-crc",
	[RX_MIC] = "rx-mic",
	[RX_PHY_ERROR] = "rx-phy-error",
};

struct card_faults {
	unsigned long hits;		/* times the fault took effect */
	bool armed;			/* a fault is in force */
	enum rx_damage rx_damage;
	unsigned int rx_damaged;
	uint32_t stuck_pisr;
	bool intpend_stuck;		/* the line up, nothing in PISR/SISR */
	bool rx_stop_ignored, tx_stop_ignored, beacon_stuck;
	bool ended_by_reset;		/* a chip reset cured it */

	/* Causes raised again every period_us (0: raised once). */
	uint32_t periodic_pisr, periodic_sisr2;
	bool phy_error_storm;
	bool storm_frame;		/* the frame being received is the storm's */
	unsigned int period_us;
	uint64_t next_at;

	uint32_t fuzz_off[FUZZ_MAX];
	unsigned int n_fuzz;
	uint64_t rng;

	bool eeprom_saved;
	uint16_t eeprom_orig[EE_WORDS];
};

/* ---- helpers ------------------------------------------------------------ */

static uint64_t next_random(uint64_t *state)
{
	/* xorshift64*: small, seedable, good enough for hostile data */
	uint64_t x = *state ? *state : 0x9e3779b97f4a7c15ull;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dull;
}

static unsigned int random_below(uint64_t *state, unsigned int n)
{
	return n ? (unsigned int)(next_random(state) % n) : 0;
}

static struct card_faults *faults_of(struct card *card)
{
	if (!card->faults)
		card->faults = calloc(1, sizeof(*card->faults));
	return card->faults;
}

static int reply(char *answer, size_t cap, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int reply(char *answer, size_t cap, int rc, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(answer, cap, "%s", rc ? "error: " : "ok");

	if (fmt && n >= 0 && (size_t)n < cap) {
		if (!rc && (size_t)n + 2 < cap) {
			strcpy(answer + n, ": ");
			n += 2;
		}
		va_start(ap, fmt);
		vsnprintf(answer + n, cap - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return rc;
}

static bool parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (!s || !*s)
		return false;
	*out = strtoull(s, &end, 0);
	return !*end;
}

static void save_eeprom(struct card *card, struct card_faults *f)
{
	if (f->eeprom_saved)
		return;
	memcpy(f->eeprom_orig, card->eeprom, sizeof(f->eeprom_orig));
	f->eeprom_saved = true;
}

/* ---- EEPROM images -------------------------------------------------------- */

static const uint16_t channels_5ghz[] = {
	4920, 4940, 4960, 4980, 5040, 5060, 5080, 5170, 5180, 5200, 5220, 5240,
	5260, 5280, 5300, 5320, 5500, 5520, 5540, 5560, 5580, 5600, 5620, 5640,
	5660, 5680, 5700, 5745, 5765, 5785, 5805, 5825, 5850, 6000, 6070,
};
static const uint16_t channels_2ghz[] = {
	2312, 2372, 2412, 2417, 2422, 2427, 2432, 2437, 2442, 2447, 2452, 2457,
	2462, 2467, 2472, 2484, 2512, 2552,
};

static uint16_t random_channel(uint64_t *rng, bool five)
{
	return five ? channels_5ghz[random_below(rng, sizeof(channels_5ghz) / 2)] :
		      channels_2ghz[random_below(rng, sizeof(channels_2ghz) / 2)];
}

/*
 * What an RF5111 image cannot do without and still attach: a clear gain
 * bit (the one curve), the driver's fixed 2 GHz piers, rising powers;
 * the rest stays random.
 */
static void random_rf5111_mode(uint64_t *rng, struct ee_mode *m, unsigned int mode)
{
	struct ee_pcdac_curve *c = &m->pcdac;
	unsigned int pwr = random_below(rng, 20);

	m->x_gain &= (uint8_t)~(1u << random_below(rng, EE_PD_GAINS));
	if (mode != EE_MODE_A)
		eeprom_rf5111_piers(mode, m->pier_mhz, &m->n_piers);
	c->pcdac_min = (uint8_t)random_below(rng, 63);
	c->pcdac_max = (uint8_t)(c->pcdac_min + 1 + random_below(rng, 63u - c->pcdac_min));
	for (unsigned int p = 0; p < EE_PCDAC_POINTS; p++) {
		c->pwr[p] = (uint8_t)pwr;
		pwr += 1 + random_below(rng, 4);
	}
}

void fault_randomize_eeprom_desc(struct eeprom_desc *d, uint64_t seed)
{
	uint64_t rng = seed * 0x9e3779b97f4a7c15ull + 1;

	d->ant_gain_5ghz = (int8_t)random_below(&rng, 256);
	d->ant_gain_2ghz = (int8_t)random_below(&rng, 256);
	d->pd_gain_overlap = (uint8_t)random_below(&rng, 16);
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		struct ee_mode *m = &d->mode[mode];
		bool five = mode == EE_MODE_A;
		unsigned int max_piers = five ? EE_MAX_PIERS_5GHZ :
			d->eemap == 2 ? EE_MAX_PIERS_2GHZ_MAP2 : EE_MAX_PIERS_2GHZ_MAP1;
		unsigned int max_targets = five ? 8 : mode == EE_MODE_B ? 2 : 3;

		m->switch_settling = (uint8_t)random_below(&rng, 128);
		m->txrx_atten = (uint8_t)random_below(&rng, 64);
		for (unsigned int i = 0; i < EE_ANT_CONTROLS; i++)
			m->ant_control[i] = (uint8_t)random_below(&rng, 64);
		m->adc_desired = (int8_t)random_below(&rng, 256);
		m->pga_desired = (uint8_t)random_below(&rng, 256);
		m->ob = (uint8_t)random_below(&rng, 8);
		m->db = (uint8_t)random_below(&rng, 8);
		m->thr62 = (uint8_t)random_below(&rng, 256);
		m->noise_floor = (int8_t)random_below(&rng, 256);
		m->xlna_gain = (uint8_t)random_below(&rng, 256);
		m->xpd = (uint8_t)random_below(&rng, 2);
		m->false_detect = (uint8_t)random_below(&rng, 128);
		m->i_gain = (uint8_t)random_below(&rng, 64);
		m->margin_tx_rx = (uint8_t)random_below(&rng, 64);
		/* Some gain bits, 1 or 2 of them for RF5112. */
		do {
			m->x_gain = (uint8_t)(1 + random_below(&rng, 15));
		} while (d->eemap == 1 && __builtin_popcount(m->x_gain) > 2);
		/* Pier lists need not be sorted or distinct in a bad image. */
		m->n_piers = 1 + random_below(&rng, max_piers);
		for (unsigned int p = 0; p < m->n_piers; p++)
			m->pier_mhz[p] = random_channel(&rng, five);
		for (unsigned int g = 0; g < EE_PD_GAINS; g++) {
			struct ee_pd_curve *pd = &m->pd[g];

			pd->pwr_start = (uint8_t)random_below(&rng, 32);
			pd->pddac_start = (uint8_t)random_below(&rng, 128);
			for (unsigned int s = 0; s < 4; s++) {
				pd->pwr_step[s] = (uint8_t)random_below(&rng, 16);
				pd->pddac_step[s] = (uint8_t)random_below(&rng, 64);
			}
		}
		for (unsigned int i = 0; i < 4; i++) {
			m->xpd_curves.pwr_x0[i] = (int8_t)random_below(&rng, 256);
			m->xpd_curves.pcdac_x0[i] = (uint8_t)random_below(&rng, i ? 32 : 64);
		}
		for (unsigned int i = 0; i < 3; i++)
			m->xpd_curves.pwr_x3[i] = (int8_t)random_below(&rng, 256);
		if (d->eemap == 0)
			random_rf5111_mode(&rng, m, mode);
		m->n_targets = 1 + random_below(&rng, max_targets);
		for (unsigned int t = 0; t < m->n_targets; t++) {
			struct ee_target_power *tp = &m->target[t];

			tp->freq_mhz = random_channel(&rng, five);
			tp->pwr_6_24 = (uint8_t)random_below(&rng, 64);
			tp->pwr_36 = (uint8_t)random_below(&rng, 64);
			tp->pwr_48 = (uint8_t)random_below(&rng, 64);
			tp->pwr_54 = (uint8_t)random_below(&rng, 64);
		}
	}
	d->n_ctls = random_below(&rng, EE_CTLS + 1);
	for (unsigned int c = 0; c < d->n_ctls; c++) {
		struct ee_ctl *ctl = &d->ctl[c];
		bool five = random_below(&rng, 2);

		ctl->id = (uint8_t)((five ? 0 : 1 + random_below(&rng, 2)) |
				    random_below(&rng, 16) << 4);
		for (unsigned int e = 0; e < EE_CTL_EDGES; e++) {
			ctl->edge_mhz[e] = random_below(&rng, 4) ? random_channel(&rng, five) : 0;
			ctl->edge_power[e] = (uint8_t)random_below(&rng, 64);
			ctl->edge_flag[e] = (uint8_t)random_below(&rng, 2);
		}
	}
}

/*
 * The generated images (random ones, edge cases) fill lists to lengths
 * and frequencies only the 5.3 layout holds: they use it unless the card
 * was given an eeprom_version, which desc_for_card then keeps.
 */
static void generated_desc(const struct card *card, struct eeprom_desc *d)
{
	eeprom_desc_defaults(d, card->cfg.model);
	d->version = EE_VERSION_5_3;
}

static void desc_for_card(const struct card *card, struct eeprom_desc *d)
{
	memcpy(d->mac, card->cfg.mac, sizeof(d->mac));
	d->regdomain = card->cfg.regdomain;
	d->mode_enabled[EE_MODE_A] = card->cfg.mode_a;
	d->mode_enabled[EE_MODE_B] = card->cfg.mode_b;
	d->mode_enabled[EE_MODE_G] = card->cfg.mode_g;
	if (card->cfg.eeprom_version)
		d->version = card->cfg.eeprom_version;
}

static int install_image(struct card *card, struct card_faults *f,
			 const uint16_t *image, const char *what, char *answer,
			 size_t cap)
{
	save_eeprom(card, f);
	memcpy(card->eeprom, image, sizeof(card->eeprom));
	card_logf(card, "fault: EEPROM replaced (%s); the next probe reads it", what);
	return reply(answer, cap, 0, "EEPROM is now %s", what);
}

static int install_desc(struct card *card, struct card_faults *f,
			struct eeprom_desc *d, const char *what, char *answer,
			size_t cap)
{
	uint16_t image[EE_WORDS];
	char err[200];

	desc_for_card(card, d);
	if (eeprom_build(d, image, err, sizeof(err)))
		return reply(answer, cap, -1, "%s: %s", what, err);
	return install_image(card, f, image, what, answer, cap);
}

/* Index of the word holding mode's x_gain field (bits 4:1). */
static int x_gain_word(const struct eeprom_desc *base, unsigned int mode)
{
	struct eeprom_desc other = *base;
	uint16_t a[EE_WORDS], b[EE_WORDS];
	char err[200];

	other.mode[mode].x_gain = base->mode[mode].x_gain == 1 ? 2 : 1;
	if (eeprom_build(base, a, err, sizeof(err)) ||
	    eeprom_build(&other, b, err, sizeof(err)))
		return -1;
	/* Past the checksum word, which differs too. */
	for (unsigned int w = 0xc1; w < EE_WORDS; w++)
		if (a[w] != b[w])
			return (a[w] ^ b[w]) & ~0x1eu ? -1 : (int)w;
	return -1;
}

static void fix_checksum(uint16_t *image)
{
	image[0xc0] ^= (uint16_t)(eeprom_checksum(image) ^ 0xffff);
}

static int edge_empty_pd_mask(struct card *card, struct card_faults *f,
			      struct eeprom_desc *d, char *answer, size_t cap)
{
	uint16_t image[EE_WORDS];
	char err[200];

	desc_for_card(card, d);
	if (eeprom_build(d, image, err, sizeof(err)))
		return reply(answer, cap, -1, "%s", err);
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		int w = x_gain_word(d, mode);

		if (w < 0)
			return reply(answer, cap, -1, "x_gain word of mode %u not found", mode);
		image[w] &= (uint16_t)~0x1eu;
	}
	fix_checksum(image);
	return install_image(card, f, image, "edge case empty-pd-mask", answer, cap);
}

static int edge_max_lists(struct card *card, struct card_faults *f,
			  struct eeprom_desc *d, char *answer, size_t cap)
{
	static const uint16_t a_piers[EE_MAX_PIERS_5GHZ] = {
		4920, 5040, 5170, 5180, 5240, 5320, 5500, 5700, 5825, 6070 };
	static const uint16_t bg_piers[] = { 2312, 2412, 2484, 2552 };

	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		struct ee_mode *m = &d->mode[mode];
		bool five = mode == EE_MODE_A;
		unsigned int max_targets = five ? 8 : mode == EE_MODE_B ? 2 : 3;

		m->n_piers = five ? EE_MAX_PIERS_5GHZ : d->eemap == 2 ?
			EE_MAX_PIERS_2GHZ_MAP2 : EE_MAX_PIERS_2GHZ_MAP1;
		memcpy(m->pier_mhz, five ? a_piers : bg_piers,
		       m->n_piers * sizeof(m->pier_mhz[0]));
		if (d->eemap == 0 && !five)
			eeprom_rf5111_piers(mode, m->pier_mhz, &m->n_piers);
		m->n_targets = max_targets;
		for (unsigned int t = 0; t < max_targets; t++)
			m->target[t] = (struct ee_target_power){
				m->pier_mhz[t % m->n_piers], 63, 63, 63, 63 };
	}
	d->n_ctls = EE_CTLS;
	for (unsigned int c = 0; c < EE_CTLS; c++) {
		bool five = c % 3 == 0;

		d->ctl[c].id = (uint8_t)(c % 3 | (c / 3) << 4);
		for (unsigned int e = 0; e < EE_CTL_EDGES; e++) {
			d->ctl[c].edge_mhz[e] = five ? channels_5ghz[e * 4] :
						       channels_2ghz[e * 2];
			d->ctl[c].edge_power[e] = 63;
			d->ctl[c].edge_flag[e] = e & 1;
		}
	}
	return install_desc(card, f, d, "edge case max-lists", answer, cap);
}

/*
 * RF5112 curves whose first two points are one PCDAC step and 120
 * quarter dBm apart: the interpolated slope rounds to zero, and a loop
 * that walks down until the PCDAC falls to 1 never ends.  One PD gain
 * only: with two, drivers take the minimum of the high-power curve from
 * the other one and never walk this curve.
 */
static int edge_pcdac_slope(struct card *card, struct card_faults *f,
			    struct eeprom_desc *d, char *answer, size_t cap)
{
	if (d->eemap != 1)
		return reply(answer, cap, -1, "pcdac-slope needs an RF5112 card (model=ar5212)");
	for (unsigned int mode = 0; mode < EE_MODES; mode++) {
		struct ee_xpd_curves *x = &d->mode[mode].xpd_curves;

		d->mode[mode].x_gain = 0x1;
		*x = (struct ee_xpd_curves){
			.pwr_x0 = { 0, 120, 124, 127 },
			.pcdac_x0 = { 20, 1, 1, 1 },
			.pwr_x3 = { 8, 20, 32 },
		};
	}
	return install_desc(card, f, d, "edge case pcdac-slope", answer, cap);
}

static int cmd_eeprom_edge(struct card *card, struct card_faults *f, int argc,
			   char **argv, char *answer, size_t cap)
{
	struct eeprom_desc d;

	if (argc != 2)
		return reply(answer, cap, -1, "eeprom-edge wants empty-pd-mask, max-lists or pcdac-slope");
	generated_desc(card, &d);
	if (!strcmp(argv[1], "empty-pd-mask"))
		return edge_empty_pd_mask(card, f, &d, answer, cap);
	if (!strcmp(argv[1], "max-lists"))
		return edge_max_lists(card, f, &d, answer, cap);
	if (!strcmp(argv[1], "pcdac-slope"))
		return edge_pcdac_slope(card, f, &d, answer, cap);
	return reply(answer, cap, -1, "unknown EEPROM edge case '%s'", argv[1]);
}

static int cmd_eeprom_random(struct card *card, struct card_faults *f, int argc,
			     char **argv, char *answer, size_t cap)
{
	struct eeprom_desc d;
	uint64_t seed;
	char what[64];

	if (argc != 2 || !parse_u64(argv[1], &seed))
		return reply(answer, cap, -1, "eeprom-random wants a seed");
	generated_desc(card, &d);
	fault_randomize_eeprom_desc(&d, seed);
	snprintf(what, sizeof(what), "random image, seed %" PRIu64, seed);
	return install_desc(card, f, &d, what, answer, cap);
}

static int cmd_eeprom_load(struct card *card, struct card_faults *f, int argc,
			   char **argv, char *answer, size_t cap)
{
	struct eeprom_desc d;
	char err[200];

	if (argc != 2)
		return reply(answer, cap, -1, "eeprom-load wants a description file");
	eeprom_desc_defaults(&d, card->cfg.model);
	if (eeprom_desc_parse_file(&d, argv[1], err, sizeof(err)))
		return reply(answer, cap, -1, "%s", err);
	return install_desc(card, f, &d, argv[1], answer, cap);
}

static int cmd_eeprom_checksum(struct card *card, struct card_faults *f,
			       int argc, char **argv, char *answer, size_t cap)
{
	(void)argc;
	(void)argv;
	save_eeprom(card, f);
	card_corrupt_eeprom(card);
	return reply(answer, cap, 0, "checksum broken; the next probe reads it");
}

/* ---- run-time faults -------------------------------------------------------- */

static int cmd_surprise_removal(struct card *card, struct card_faults *f,
				int argc, char **argv, char *answer, size_t cap)
{
	(void)f;
	(void)argc;
	(void)argv;
	card_make_dead(card);
	return reply(answer, cap, 0, "card gone; 'fault clear' plugs it back in");
}

static int cmd_rx_damage(struct card *card, struct card_faults *f, int argc,
			 char **argv, char *answer, size_t cap)
{
	(void)argc;
	for (unsigned int k = RX_BAD_LENGTH; k <= RX_PHY_ERROR; k++) {
		if (strcmp(argv[0], rx_damage_names[k]))
			continue;
		f->rx_damage = (enum rx_damage)k;
		card_logf(card, "fault: every received frame gets %s status", argv[0]);
		return reply(answer, cap, 0, NULL);
	}
	return reply(answer, cap, -1, "no such RX fault");
}

static int start_periodic(struct card *card, struct card_faults *f, int argc,
			  char **argv, unsigned int default_period, char *answer,
			  size_t cap)
{
	uint64_t period = default_period;

	if (argc > 2 || (argc == 2 && (!parse_u64(argv[1], &period) || period > 10000000)))
		return reply(answer, cap, -1, "%s wants an optional period in µs", argv[0]);
	f->period_us = (unsigned int)period;
	f->next_at = card_now(card) + period;
	if (f->periodic_pisr) {
		/* Raised once at once; again every period when one is given. */
		card->sisr[2] |= f->periodic_sisr2;
		card_raise_pisr(card, f->periodic_pisr);
		f->hits++;
	}
	card_logf(card, "fault: %s%s", argv[0], period ? " (repeating)" : "");
	return reply(answer, cap, 0, NULL);
}

static int cmd_bus_error(struct card *card, struct card_faults *f, int argc,
			 char **argv, char *answer, size_t cap)
{
	f->periodic_pisr = INT_HIUERR;
	f->periodic_sisr2 = SISR2_BUS_ERRORS;
	return start_periodic(card, f, argc, argv, 0, answer, cap);
}

static int cmd_tx_underrun(struct card *card, struct card_faults *f, int argc,
			   char **argv, char *answer, size_t cap)
{
	f->periodic_pisr = INT_TXURN;
	f->periodic_sisr2 = SISR2_QCU0_TXURN;
	return start_periodic(card, f, argc, argv, 0, answer, cap);
}

static int cmd_rx_overrun(struct card *card, struct card_faults *f, int argc,
			  char **argv, char *answer, size_t cap)
{
	f->periodic_pisr = INT_RXORN;
	f->periodic_sisr2 = 0;
	return start_periodic(card, f, argc, argv, 0, answer, cap);
}

static int cmd_phy_error_storm(struct card *card, struct card_faults *f,
			       int argc, char **argv, char *answer, size_t cap)
{
	f->phy_error_storm = true;
	return start_periodic(card, f, argc, argv, STORM_PERIOD_US, answer, cap);
}

static int cmd_stuck_irq(struct card *card, struct card_faults *f, int argc,
			 char **argv, char *answer, size_t cap)
{
	uint64_t bits = INT_RXOK;

	if (argc > 2 || (argc == 2 && (!parse_u64(argv[1], &bits) || !bits ||
				       bits > UINT32_MAX)))
		return reply(answer, cap, -1, "stuck-irq wants optional PISR bits");
	f->stuck_pisr = (uint32_t)bits;
	card_update_irq(card);
	card_logf(card, "fault: PISR 0x%08x stuck set", f->stuck_pisr);
	return reply(answer, cap, 0, "PISR 0x%08x cannot be cleared", f->stuck_pisr);
}

static int cmd_intpend_stuck(struct card *card, struct card_faults *f, int argc,
			     char **argv, char *answer, size_t cap)
{
	(void)argv;
	if (argc > 1)
		return reply(answer, cap, -1, "intpend-stuck takes no arguments");
	f->intpend_stuck = true;
	card_update_irq(card);
	card_logf(card, "fault: INTPEND stuck at 1 while IER is on, with no cause in PISR/SISR");
	return reply(answer, cap, 0, "the line is asserted with nothing to handle while IER is on");
}

static int cmd_dma_stuck(struct card *card, struct card_faults *f, int argc,
			 char **argv, char *answer, size_t cap)
{
	(void)argc;
	if (!strcmp(argv[0], "tx-dma-stuck"))
		f->tx_stop_ignored = true;
	else
		f->rx_stop_ignored = true;
	card_logf(card, "fault: %s (stop requests ignored)", argv[0]);
	return reply(answer, cap, 0, NULL);
}

static int cmd_beacon_stuck(struct card *card, struct card_faults *f, int argc,
			    char **argv, char *answer, size_t cap)
{
	(void)argc;
	(void)argv;
	f->beacon_stuck = true;
	card_logf(card, "fault: beacon queue stuck");
	return reply(answer, cap, 0, NULL);
}

static int cmd_reg_fuzz(struct card *card, struct card_faults *f, int argc,
			char **argv, char *answer, size_t cap)
{
	uint64_t seed, off;

	if (argc < 3 || argc - 2 > FUZZ_MAX || !parse_u64(argv[1], &seed))
		return reply(answer, cap, -1, "reg-fuzz wants SEED OFFSET... (up to %d)", FUZZ_MAX);
	f->n_fuzz = 0;
	for (int i = 2; i < argc; i++) {
		if (!parse_u64(argv[i], &off) || off >= CARD_BAR0_SIZE || off & 3)
			return reply(answer, cap, -1, "bad register offset '%s'", argv[i]);
		f->fuzz_off[f->n_fuzz++] = (uint32_t)off;
	}
	f->rng = seed ^ 0x5deece66dull;
	card_logf(card, "fault: reads of %u registers return random values (seed %" PRIu64 ")",
		  f->n_fuzz, seed);
	return reply(answer, cap, 0, NULL);
}

static int cmd_clear(struct card *card, struct card_faults *f, int argc,
		     char **argv, char *answer, size_t cap)
{
	bool was_dead = card->dead, ended_by_reset = f->ended_by_reset;
	unsigned long hits = f->hits;

	(void)argc;
	(void)argv;
	if (f->eeprom_saved)
		memcpy(card->eeprom, f->eeprom_orig, sizeof(card->eeprom));
	memset(f, 0, sizeof(*f));
	if (was_dead) {
		/* Plugged back in: a card at power-on. */
		card->dead = false;
		card_reset(card);
	}
	card_update_irq(card);
	card_logf(card, "fault: cleared after %lu hits%s", hits,
		  was_dead ? " (card plugged back in)" : "");
	return reply(answer, cap, 0, "hits=%lu%s", hits,
		     ended_by_reset ? ", ended by a chip reset" : "");
}

struct fault_command {
	const char *name;
	int (*run)(struct card *card, struct card_faults *f, int argc, char **argv,
		   char *answer, size_t cap);
};

static const struct fault_command commands[] = {
	{ "surprise-removal", cmd_surprise_removal },
	{ "eeprom-checksum", cmd_eeprom_checksum },
	{ "eeprom-load", cmd_eeprom_load },
	{ "eeprom-random", cmd_eeprom_random },
	{ "eeprom-edge", cmd_eeprom_edge },
	{ "rx-bad-length", cmd_rx_damage },
	{ "rx-bad-rate", cmd_rx_damage },
	{ "rx-bad-keyix", cmd_rx_damage },
	{ "rx-decrypt-crc", cmd_rx_damage },
	{ "rx-mic", cmd_rx_damage },
	{ "rx-phy-error", cmd_rx_damage },
	{ "phy-error-storm", cmd_phy_error_storm },
	{ "stuck-irq", cmd_stuck_irq },
	{ "intpend-stuck", cmd_intpend_stuck },
	{ "tx-dma-stuck", cmd_dma_stuck },
	{ "rx-dma-stuck", cmd_dma_stuck },
	{ "bus-error", cmd_bus_error },
	{ "beacon-stuck", cmd_beacon_stuck },
	{ "tx-underrun", cmd_tx_underrun },
	{ "rx-overrun", cmd_rx_overrun },
	{ "reg-fuzz", cmd_reg_fuzz },
	{ "clear", cmd_clear },
};

int card_fault_command(struct card *card, const char *args, char *answer,
		       size_t cap)
{
	char copy[256], *argv[ARGS_MAX], *save = NULL, *tok;
	struct card_faults *f;
	int argc = 0;

	if (strlen(args) >= sizeof(copy))
		return reply(answer, cap, -1, "fault command too long");
	strcpy(copy, args);
	for (tok = strtok_r(copy, " \t", &save); tok && argc < ARGS_MAX;
	     tok = strtok_r(NULL, " \t", &save))
		argv[argc++] = tok;
	if (!argc || !strcmp(argv[0], "help")) {
		char list[600] = "";

		for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
			strncat(list, commands[i].name, sizeof(list) - strlen(list) - 2);
			strncat(list, " ", sizeof(list) - strlen(list) - 1);
		}
		return reply(answer, cap, argc ? 0 : -1, "faults: %s", list);
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[0], commands[i].name))
			continue;
		f = faults_of(card);
		if (!f)
			return reply(answer, cap, -1, "out of memory");
		if (commands[i].run != cmd_clear && !f->armed) {
			f->armed = true;
			f->hits = 0;
		}
		return commands[i].run(card, f, argc, argv, answer, cap);
	}
	return reply(answer, cap, -1, "unknown fault '%s' (try 'fault help')", argv[0]);
}

/* ---- hooks ---------------------------------------------------------------- */

void fault_hit(struct card *card)
{
	if (card->faults && card->faults->armed)
		card->faults->hits++;
}

void fault_eeprom_read(struct card *card)
{
	if (card->faults && card->faults->eeprom_saved)
		fault_hit(card);
}

uint32_t fault_stuck_pisr(const struct card *card)
{
	return card->faults ? card->faults->stuck_pisr : 0;
}

bool fault_intpend_stuck(const struct card *card)
{
	return card->faults && card->faults->intpend_stuck;
}

uint32_t fault_filter_read(struct card *card, uint32_t off, uint32_t value)
{
	struct card_faults *f = card->faults;

	if (!f)
		return value;
	for (unsigned int i = 0; i < f->n_fuzz; i++) {
		if (f->fuzz_off[i] == off) {
			f->hits++;
			return (uint32_t)next_random(&f->rng);
		}
	}
	return value;
}

bool fault_ignores_rx_stop(const struct card *card)
{
	return card->faults && card->faults->rx_stop_ignored;
}

bool fault_ignores_tx_stop(const struct card *card)
{
	return card->faults && card->faults->tx_stop_ignored;
}

void fault_chip_reset(struct card *card)
{
	struct card_faults *f = card->faults;

	if (!f || !(f->beacon_stuck || f->tx_stop_ignored || f->rx_stop_ignored))
		return;
	f->beacon_stuck = f->tx_stop_ignored = f->rx_stop_ignored = false;
	f->ended_by_reset = true;
	card_logf(card, "fault: ended by a chip reset after %lu hits", f->hits);
}

bool fault_beacon_stuck(const struct card *card)
{
	return card->faults && card->faults->beacon_stuck;
}

void fault_rx_status(struct card *card, uint32_t st[2])
{
	static const uint8_t bad_rates[] = { 0x00, 0x07, 0x10, 0x1f };
	struct card_faults *f = card->faults;
	enum rx_damage damage;

	if (!f)
		return;
	damage = f->storm_frame ? RX_PHY_ERROR : f->rx_damage;
	switch (damage) {
	case RX_INTACT:
		return;
	case RX_BAD_LENGTH:
		st[0] |= RXS0_LEN;	/* longer than any RX buffer */
		break;
	case RX_BAD_RATE:
		st[0] = (st[0] & ~RXS0_RATE) |
			(uint32_t)bad_rates[f->rx_damaged % sizeof(bad_rates)] << RXS0_RATE_SHIFT;
		break;
	case RX_BAD_KEY_INDEX:
		st[1] = (st[1] & ~RXS1_CODE_FIELD) | RXS1_KEY_VALID |
			0x7fu << RXS1_KEY_INDEX_SHIFT;
		break;
	case RX_DECRYPT_CRC:
		st[1] = (st[1] & ~RXS1_OK) | RXS1_DECRYPT_CRC;
		break;
	case RX_MIC:
		st[1] = (st[1] & ~RXS1_OK) | RXS1_MIC;
		break;
	case RX_PHY_ERROR:
		/* Codes 1..7 and a few unknown ones. */
		st[1] = (st[1] & ~(RXS1_OK | RXS1_CODE_FIELD | 0x4u)) | RXS1_PHY_ERROR |
			(uint32_t)(1 + f->rx_damaged % 40) << RXS1_PHY_CODE_SHIFT;
		break;
	}
	f->rx_damaged++;
	f->hits++;
}

uint64_t fault_next_deadline(const struct card *card)
{
	const struct card_faults *f = card->faults;

	if (!f || !f->period_us || (!f->periodic_pisr && !f->phy_error_storm))
		return CARD_NO_DEADLINE;
	return f->next_at;
}

/* One short reception the baseband gave up on. */
static void storm_reception(struct card *card, struct card_faults *f)
{
	struct air_frame *frame = calloc(1, sizeof(*frame));

	if (!frame)
		return;
	frame->freq_mhz = card->freq_mhz;
	frame->rate_code = 0x0b;
	frame->rssi = 3;
	frame->fcs_bad = true;
	frame->len = 16;
	f->storm_frame = true;
	rx_deliver(card, frame);
	f->storm_frame = false;
	free(frame);
}

void fault_advance(struct card *card, uint64_t now)
{
	struct card_faults *f = card->faults;

	if (fault_next_deadline(card) > now)
		return;
	/* After a stall, one event for the lot: the cause is latched anyway. */
	f->next_at = now + f->period_us;
	if (f->phy_error_storm) {
		if (card_is_receiving(card))
			storm_reception(card, f);
		return;
	}
	card->sisr[2] |= f->periodic_sisr2;
	card_raise_pisr(card, f->periodic_pisr);
	f->hits++;
}

void fault_free(struct card *card)
{
	free(card->faults);
	card->faults = NULL;
}
