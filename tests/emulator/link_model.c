// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What happens to one attempt on a link: whether a frame survives the
 * air, given the SNR it arrives with and the rate it was sent at (higher
 * rates need more SNR), plus the loss configured on the card; how its
 * RSSI varies from frame to frame; how the noise floor wanders.  Every
 * draw comes from the card's own generator, seeded from seed= and the
 * card's MAC, so a run with the same inputs sees the same losses.  Also
 * keeps per-link delivery and retry counts for the log.
 */
#include "card_model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define NF_MIN_DBM		(-103)
#define NF_MAX_DBM		(-97)
#define LINK_LOG_INTERVAL_US	10000000u
/* dB of SNR over the rate's threshold per e-fold of the error odds */
#define SNR_SLOPE		1.5

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void link_seed(struct card *card)
{
	uint64_t state = card->cfg.seed;

	for (unsigned int i = 0; i < 6; i++)
		state = state << 8 ^ card->cfg.mac[i];
	card->rng = splitmix64(&state);
	if (!card->rng)
		card->rng = 1;
	card->noise_floor_dbm = CARD_NOISE_FLOOR_DBM;
}

uint64_t link_random(struct card *card)
{
	/* xorshift64* */
	uint64_t x = card->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	card->rng = x;
	return x * 0x2545f4914f6cdd1dull;
}

/* Uniform in [0, n). */
unsigned int link_random_below(struct card *card, unsigned int n)
{
	return n ? (unsigned int)((link_random(card) >> 32) % n) : 0;
}

static double random_unit(struct card *card)
{
	return (double)(link_random(card) >> 11) * 0x1.0p-53;
}

/*
 * SNR (dB) at which an attempt at this rate gets through half the time;
 * the usual receiver sensitivity steps of 802.11a/g and 802.11b.
 */
int link_required_snr(uint8_t rate_code)
{
	/* bit 2 is the short-preamble flag of CCK codes only */
	switch ((rate_code & 0x10) ? rate_code & ~0x04 : rate_code) {
	case 0x1b: return 2;	/* 1 Mbit/s DSSS */
	case 0x1a: return 4;	/* 2 */
	case 0x19: return 6;	/* 5.5 CCK */
	case 0x18: return 9;	/* 11 */
	case 0x0b: return 5;	/* 6 Mbit/s OFDM */
	case 0x0f: return 6;	/* 9 */
	case 0x0a: return 8;	/* 12 */
	case 0x0e: return 10;	/* 18 */
	case 0x09: return 13;	/* 24 */
	case 0x0d: return 17;	/* 36 */
	case 0x08: return 21;	/* 48 */
	case 0x0c: return 23;	/* 54 */
	default: return 5;
	}
}

double link_success_probability(uint8_t rate_code, int snr_db,
				unsigned int loss_percent)
{
	double margin = snr_db - link_required_snr(rate_code);
	double p = 1.0 / (1.0 + exp(-margin * SNR_SLOPE));

	if (loss_percent >= 100)
		return 0.0;
	return p * (100 - loss_percent) / 100.0;
}

bool link_attempt_survives(struct card *card, uint8_t rate_code, int snr_db,
			   unsigned int loss_percent)
{
	return random_unit(card) <
	       link_success_probability(rate_code, snr_db, loss_percent);
}

uint8_t link_faded_rssi(struct card *card, unsigned int mean_db)
{
	unsigned int spread = card->cfg.fade_db;
	int v = (int)mean_db;

	if (spread)
		v += (int)link_random_below(card, 2 * spread + 1) - (int)spread;
	if (v < 0)
		v = 0;
	if (v > 100)
		v = 100;
	return (uint8_t)v;
}

int link_noise_floor(struct card *card)
{
	/* A slow random walk of a dB or so around the nominal floor. */
	switch (link_random_below(card, 4)) {
	case 0:
		if (card->noise_floor_dbm > NF_MIN_DBM)
			card->noise_floor_dbm--;
		break;
	case 1:
		if (card->noise_floor_dbm < NF_MAX_DBM)
			card->noise_floor_dbm++;
		break;
	default:
		break;
	}
	return card->noise_floor_dbm;
}

/* ---- per-link counts for the log ----------------------------------------- */

static struct link_stats *stats_for(struct card *card, const uint8_t *addr1)
{
	static const uint8_t group[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	const uint8_t *key = (addr1[0] & 1) ? group : addr1;
	struct link_stats *free_slot = NULL;

	for (unsigned int i = 0; i < CARD_LINKS; i++) {
		struct link_stats *l = &card->links[i];

		if (l->used && !memcmp(l->mac, key, 6))
			return l;
		if (!l->used && !free_slot)
			free_slot = l;
	}
	if (!free_slot)
		free_slot = &card->links[CARD_LINKS - 1];	/* shared overflow */
	if (!free_slot->used) {
		free_slot->used = true;
		memcpy(free_slot->mac, key, 6);
	}
	return free_slot;
}

void link_count(struct card *card, const uint8_t *addr1, bool wants_ack,
		bool ok, unsigned int attempts)
{
	struct link_stats *l = stats_for(card, addr1);

	l->frames++;
	l->attempts += attempts;
	if (!wants_ack)
		return;
	if (!ok)
		l->failed++;
	else if (attempts > 1)
		l->retried++;
	else
		l->first_try++;
}

/* ", N RTS, M without CTS" when the link saw RTS, else nothing. */
static const char *rts_counts(const struct link_stats *l, char *buf, size_t len)
{
	if (!l->rts)
		return "";
	snprintf(buf, len, ", %lu RTS, %lu without CTS", l->rts, l->rts_failed);
	return buf;
}

void link_count_rts(struct card *card, const uint8_t *addr1, bool cts)
{
	struct link_stats *l = stats_for(card, addr1);

	l->rts++;
	if (!cts)
		l->rts_failed++;
}

void link_log(struct card *card, bool force)
{
	uint64_t now = card_now(card);

	if (!force && now - card->links_logged_at < LINK_LOG_INTERVAL_US)
		return;
	card->links_logged_at = now;
	if (card->collisions != card->collisions_logged) {
		card->collisions_logged = card->collisions;
		card_logf(card, "collisions: %lu attempts lost to another sender",
			  card->collisions);
	}
	/* received (and ACKed) with no descriptor free: lost to the host */
	if (card->rx_dropped != card->rx_dropped_logged) {
		card->rx_dropped_logged = card->rx_dropped;
		card_logf(card, "rx ring full: %lu frames dropped", card->rx_dropped);
	}
	for (unsigned int i = 0; i < CARD_LINKS; i++) {
		struct link_stats *l = &card->links[i];
		char rts[64];

		if (!l->used || l->frames == l->logged_frames)
			continue;
		l->logged_frames = l->frames;
		if (l->mac[0] & 1) {
			card_logf(card, "link to group: %lu frames sent once, no ACK",
				  l->frames);
			continue;
		}
		card_logf(card,
			  "link to %02x:%02x:%02x:%02x:%02x:%02x: %lu frames, %lu ACKed first try, %lu after retries, %lu failed every series, %lu attempts%s",
			  l->mac[0], l->mac[1], l->mac[2], l->mac[3], l->mac[4],
			  l->mac[5], l->frames, l->first_try, l->retried, l->failed,
			  l->attempts, rts_counts(l, rts, sizeof(rts)));
	}
}
