// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * An attacker spoofing a card: "CARD forge-deauth PEER" has the card's
 * radio put one Deauthentication in clear on the card's channel, to PEER
 * from the card's address (TA and BSSID, what an AP's own deauth
 * carries), reason 7.  A peer with management frame protection (802.11w)
 * must ignore it; one without drops the link.  It is no descriptor's
 * frame: the driver sees nothing of it and the card's counts do not move,
 * only its journal and log tell.  It leaves at the card's next step,
 * through the card's link model and the air (air_send_unscheduled), and
 * is ACKed by whoever owns PEER like any frame.
 */
#include "air_timing.h"
#include "card_model.h"

#include <stdio.h>
#include <string.h>

#define FORGE_FC0_DEAUTH	0xc0
#define FORGE_REASON		7	/* class 3 frame from nonassociated STA */
#define FORGE_TRIES		4	/* a radio's retries until the ACK comes */
#define FORGE_HDR_LEN		24

/* The address the card's frames carry: STA_ID, or mac= before a driver set it. */
static void spoofed_address(const struct card *card, uint8_t mac[6])
{
	static const uint8_t none[6];

	card_own_mac(card, mac);
	if (!memcmp(mac, none, 6))
		memcpy(mac, card->cfg.mac, 6);
}

/* Its radio is up on a channel: tuned, powered, not gone. */
static bool on_channel(const struct card *card)
{
	return card->freq_mhz && !card->d3hot && !card->dead;
}

static void send_deauth(struct card *card, const uint8_t *peer)
{
	static struct air_frame f;
	struct forge_queue *q = &card->forge;
	uint8_t rate = card_band_base_rate(card), own[6];
	unsigned int duration, made = 0, seq = q->seq;
	char to[18], from[18];
	bool acked;

	spoofed_address(card, own);
	card_format_mac(peer, to);
	card_format_mac(own, from);
	if (!on_channel(card)) {
		card_logf(card, "forge-deauth: deauthentication to %s not sent: the card is not on a channel",
			  to);
		return;
	}
	/* What a sender expects: SIFS and the ACK at the lowest rate. */
	duration = tx_sifs_us(rate) + tx_airtime_us(tx_ack_rate(NULL, rate), AIR_ACK_BYTES);
	memset(&f, 0, offsetof(struct air_frame, data) + FORGE_HDR_LEN + 2);
	f.data[0] = FORGE_FC0_DEAUTH;
	f.data[2] = (uint8_t)duration;
	f.data[3] = (uint8_t)(duration >> 8);
	memcpy(f.data + 4, peer, 6);
	memcpy(f.data + 10, own, 6);
	memcpy(f.data + 16, own, 6);
	f.data[22] = (uint8_t)(seq << 4);
	f.data[23] = (uint8_t)(seq >> 4);
	q->seq = (q->seq + 1) & 0xfff;
	f.data[FORGE_HDR_LEN] = FORGE_REASON;
	acked = air_send_unscheduled(card, true, &f, FORGE_HDR_LEN + 2, rate,
				     FORGE_TRIES, &made);
	if (!made) {
		card_logf(card, "forge-deauth: deauthentication to %s not sent: no air",
			  to);
		return;
	}
	card_logf(card, "forge-deauth: deauthentication to %s from %s, reason %u, seq %u, %u MHz rate 0x%02x: %s after %u transmission%s",
		  to, from, FORGE_REASON, seq, card->freq_mhz, rate,
		  acked ? "ACKed" : "not ACKed", made, made == 1 ? "" : "s");
}

uint64_t forge_next_deadline(const struct card *card)
{
	return card->forge.n ? card->forge.queued_at : CARD_NO_DEADLINE;
}

void forge_advance(struct card *card, uint64_t now)
{
	struct forge_queue *q = &card->forge;
	uint8_t peers[CARD_FORGE_QUEUE][6];
	unsigned int n = q->n;

	if (!n || now < q->queued_at)
		return;
	/* Taken off first: nothing sent below can queue more meanwhile. */
	memcpy(peers, q->peer, n * sizeof(peers[0]));
	q->n = 0;
	for (unsigned int i = 0; i < n; i++)
		send_deauth(card, peers[i]);
}

static int refuse(char *answer, size_t cap, const char *word, const char *why)
{
	snprintf(answer, cap, "error: forge-deauth: '%s' %s", word, why);
	return -1;
}

int card_forge_deauth_command(struct card *card, const char *args, char *answer,
			      size_t cap)
{
	char word[64], extra[2], text[18];
	uint8_t peer[6], own[6];
	struct forge_queue *q = &card->forge;

	if (sscanf(args, "%63s %1s", word, extra) != 1) {
		snprintf(answer, cap, "error: forge-deauth: expected 'forge-deauth PEER_MAC'");
		return -1;
	}
	if (!card_parse_unicast_mac(word, peer))
		return refuse(answer, cap, word, "is not a unicast xx:xx:xx:xx:xx:xx");
	spoofed_address(card, own);
	if (!memcmp(peer, own, 6) || !memcmp(peer, card->cfg.mac, 6))
		return refuse(answer, cap, word, "is the card's own address");
	if (!on_channel(card)) {
		snprintf(answer, cap, "error: forge-deauth: the card is not on a channel");
		return -1;
	}
	if (q->n == CARD_FORGE_QUEUE) {
		snprintf(answer, cap,
			 "error: forge-deauth: %s has %d deauthentications queued already, the most it keeps",
			 card->cfg.name, CARD_FORGE_QUEUE);
		return -1;
	}
	if (!q->n)
		q->queued_at = card_now(card);
	memcpy(q->peer[q->n++], peer, 6);
	card_format_mac(peer, text);
	snprintf(answer, cap, "ok: deauth to %s queued", text);
	return 0;
}
