// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * A rate ceiling on a card's links: every frame the card sends to a peer
 * at a rate above the ceiling it has for that peer is lost on the air,
 * whatever the SNR, so that a rate control algorithm has one rate that
 * works best and a lab check knows which.  The frames at or below it
 * meet the link model as before, with the same draws.
 *
 * A ceiling is the sender's, by the frame's receiver address: the frames
 * of card A to B are capped by A's ceiling for B (or A's "all"), and so
 * are the ACKs and CTSs A answers B with (air.c asks), as those cross the
 * same link.  A link capped both ways takes both cards' ceilings.  Set
 * by the control socket ("CARD rate-ceiling ...") and by rate-ceiling=
 * (the card's "all"); a card reset keeps them: they belong to the room,
 * not to the card's registers.
 */
#include "card_model.h"

#include <stdio.h>
#include <string.h>

void rate_ceiling_init(struct card *card)
{
	memset(&card->ceiling, 0, sizeof(card->ceiling));
	card->ceiling.all_100k = card->cfg.rate_ceiling_100k;
}

static int peer_index(const struct card *card, const uint8_t *mac)
{
	for (unsigned int i = 0; i < card->ceiling.peers; i++)
		if (!memcmp(card->ceiling.peer[i].mac, mac, 6))
			return (int)i;
	return -1;
}

/* The ceiling for frames to ra in 100 kbit/s; 0: none. */
static unsigned int ceiling_for(const struct card *card, const uint8_t *ra)
{
	int i = peer_index(card, ra);

	/* A peer's own ceiling is the more particular wish: it wins. */
	return i >= 0 ? card->ceiling.peer[i].rate_100k : card->ceiling.all_100k;
}

bool rate_ceiling_passes(const struct card *sender, const uint8_t *ra,
			 uint8_t rate_code)
{
	unsigned int ceiling, rate;

	if (!sender)
		return true;
	ceiling = ceiling_for(sender, ra);
	if (!ceiling)
		return true;
	rate = tx_rate_100k(rate_code);
	/* The air times a code that names no rate as 6 Mbit/s: so here. */
	return (rate ? rate : 60) <= ceiling;
}

/* "ok: off" or "ok: all=R MAC=R ...", peers in the order they were set. */
static int answer_ceilings(const struct card *card, char *answer, size_t cap)
{
	size_t used;
	char name[CARD_RATE_TEXT_MAX];

	if (!card->ceiling.all_100k && !card->ceiling.peers) {
		snprintf(answer, cap, "ok: off");
		return 0;
	}
	used = (size_t)snprintf(answer, cap, "ok:");
	if (card->ceiling.all_100k && used < cap)
		used += (size_t)snprintf(answer + used, cap - used, " all=%s",
					 rate_text(card->ceiling.all_100k, name));
	for (unsigned int i = 0; i < card->ceiling.peers && used < cap; i++) {
		const uint8_t *m = card->ceiling.peer[i].mac;

		used += (size_t)snprintf(answer + used, cap - used,
					 " %02x:%02x:%02x:%02x:%02x:%02x=%s", m[0], m[1],
					 m[2], m[3], m[4], m[5],
					 rate_text(card->ceiling.peer[i].rate_100k, name));
	}
	return 0;
}

static int refuse(char *answer, size_t cap, const char *why, const char *word)
{
	snprintf(answer, cap, "error: rate-ceiling: '%s' %s", word, why);
	return -1;
}

/* Sets (rate != 0) or lifts a peer's own ceiling. */
static int set_peer(struct card *card, const uint8_t *mac, unsigned int rate,
		    char *answer, size_t cap)
{
	struct rate_ceiling *c = &card->ceiling;
	int i = peer_index(card, mac);

	if (!rate) {
		/* The others keep their order: the answer lists them so. */
		if (i >= 0)
			memmove(&c->peer[i], &c->peer[i + 1],
				(--c->peers - (unsigned int)i) * sizeof(c->peer[0]));
		return 0;
	}
	if (i < 0 && c->peers == CARD_CEILING_PEERS) {
		snprintf(answer, cap,
			 "error: rate-ceiling: %s has ceilings for %d peers already, the most it keeps: lift one first",
			 card->cfg.name, CARD_CEILING_PEERS);
		return -1;
	}
	if (i < 0) {
		i = (int)c->peers++;
		memcpy(c->peer[i].mac, mac, 6);
	}
	c->peer[i].rate_100k = (uint16_t)rate;
	return 0;
}

int card_rate_ceiling_command(struct card *card, const char *args, char *answer,
			      size_t cap)
{
	char copy[128], *save = NULL, *words[3];
	unsigned int n = 0, rate = 0;
	uint8_t mac[6];
	bool all;

	if (strlen(args) >= sizeof(copy)) {
		snprintf(answer, cap, "error: rate-ceiling: too long");
		return -1;
	}
	strcpy(copy, args);
	for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (n == 3)
			break;
		words[n++] = w;
	}
	if (n == 0)
		return answer_ceilings(card, answer, cap);
	if (n == 1 && !strcmp(words[0], "off")) {
		memset(&card->ceiling, 0, sizeof(card->ceiling));
		return answer_ceilings(card, answer, cap);
	}
	if (n != 2) {
		snprintf(answer, cap,
			 "error: rate-ceiling: expected 'rate-ceiling [off | all|PEER_MAC MBPS|off]'");
		return -1;
	}
	all = !strcmp(words[0], "all");
	/* Both words are checked before anything changes. */
	if (!all && !card_parse_unicast_mac(words[0], mac))
		return refuse(answer, cap, "is neither 'all' nor a unicast xx:xx:xx:xx:xx:xx",
			      words[0]);
	if (!all && !memcmp(mac, card->cfg.mac, 6))
		return refuse(answer, cap, "is the card's own address", words[0]);
	if (strcmp(words[1], "off") && !card_parse_rate(words[1], &rate))
		return refuse(answer, cap,
			      "is neither 'off' nor a rate in Mbit/s (" CARD_RATE_NAMES ")",
			      words[1]);
	if (all)
		card->ceiling.all_100k = (uint16_t)rate;
	else if (set_peer(card, mac, rate, answer, cap))
		return -1;
	return answer_ceilings(card, answer, cap);
}
