// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Whether the group-addressed data a card sends follows a DTIM beacon
 * that announced it.  An AP buffers multicast while a station dozes and
 * must send it right after a DTIM beacon whose TIM element says so
 * (DTIM count 0, bit 0 of Bitmap Control set), before anything else.
 * The card watches its own frames: such a beacon opens a window, group
 * data in it counts as cab_after_dtim, any other frame of the card
 * closes it, and group data outside a window counts as
 * group_outside_dtim (card_stats.c prints both).  RTS and CTS are part
 * of an exchange and never reach here.
 */
#include "card_model.h"

#define HDR_LEN			24
#define BEACON_FIXED		12	/* timestamp, interval, capability */
#define EID_TIM			5
/* DTIM count, DTIM period, Bitmap Control, at least one bitmap octet */
#define TIM_MIN_LEN		4
#define TIM_GROUP_BUFFERED	0x01	/* Bitmap Control bit 0 */

static unsigned int frame_type(uint8_t fc0)
{
	return fc0 >> 2 & 3;
}

static unsigned int frame_subtype(uint8_t fc0)
{
	return fc0 >> 4;
}

static bool is_beacon(const uint8_t *frame)
{
	return (frame[0] & 3) == 0 && frame_type(frame[0]) == 0 &&
	       frame_subtype(frame[0]) == 8;
}

static bool is_group_data(const uint8_t *frame, unsigned int len)
{
	return len >= 10 && (frame[0] & 3) == 0 && frame_type(frame[0]) == 2 &&
	       (frame[4] & 1);
}

/*
 * True when a beacon's TIM element says this is a DTIM with group
 * traffic buffered.  A short beacon, an element running past the end or
 * a TIM too short to hold Bitmap Control announces nothing.
 */
static bool announces_buffered_group(const uint8_t *frame, unsigned int len)
{
	const uint8_t *ies = frame + HDR_LEN + BEACON_FIXED;
	unsigned int n;

	if (len < HDR_LEN + BEACON_FIXED)
		return false;
	n = len - HDR_LEN - BEACON_FIXED;
	for (unsigned int i = 0; i + 2 <= n; i += 2 + ies[i + 1]) {
		unsigned int elen = ies[i + 1];

		if (i + 2 + elen > n)
			return false;
		if (ies[i] != EID_TIM)
			continue;
		return elen >= TIM_MIN_LEN && ies[i + 2] == 0 &&
		       (ies[i + 4] & TIM_GROUP_BUFFERED);
	}
	return false;
}

void cab_watch_sent(struct card *card, const uint8_t *frame, unsigned int len,
		    bool first_transmission)
{
	if (len >= 2 && is_beacon(frame)) {
		card->cab_window = announces_buffered_group(frame, len);
		return;
	}
	if (!is_group_data(frame, len)) {
		card->cab_window = false;
		return;
	}
	if (!first_transmission)
		return;
	if (card->cab_window)
		card->stats.cab_after_dtim++;
	else
		card->stats.group_outside_dtim++;
}
