/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The DMA descriptor words of every MAC generation, for desc.c (the
 * AR5212 family's four control words) and desc_2word.c (the AR5211's
 * and the AR5210's two), with the field helpers the formats share.
 *
 * Word layouts from the Linux ath5k driver (desc.[ch] in Debian
 * linux-source-6.1) and the project's hardware-facts note.
 */
/*
 * This file incorporates work covered by the following copyright and permission notices:
 *
 * From drivers/net/wireless/ath/ath5k/desc.c in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 * Copyright (c) 2007-2008 Pavel Roskin <proski@gnu.org>
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 *
 * From drivers/net/wireless/ath/ath5k/desc.h in Linux 6.1:
 *
 * Copyright (c) 2004-2008 Reyk Floeter <reyk@openbsd.org>
 * Copyright (c) 2006-2008 Nick Kossifidis <mickflemm@gmail.com>
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

#ifndef ATH5K_DESC_BITS_H
#define ATH5K_DESC_BITS_H

#include <linux/bitfield.h>

#include "hw.h"

/* TX control word 0 */
#define TX0_FRAME_LEN		GENMASK(11, 0)
#define TX0_POWER		GENMASK(21, 16)
#define TX0_RTS			BIT(22)
#define TX0_VEOL		BIT(23)
#define TX0_CLRDMASK		BIT(24)
#define TX0_ANTENNA		GENMASK(28, 25)
#define TX0_INTREQ		BIT(29)
#define TX0_KEY_VALID		BIT(30)
#define TX0_CTS			BIT(31)
/* TX control word 1 */
#define TX1_BUF_LEN		GENMASK(11, 0)
#define TX1_MORE		BIT(12)
#define TX1_KEY_INDEX		GENMASK(19, 13)
#define TX1_FRAME_TYPE		GENMASK(23, 20)
#define TX1_NOACK		BIT(24)
/* TX control word 2: RTS/CTS duration and tries per series */
#define TX2_RTS_DURATION	GENMASK(14, 0)
#define TX2_TRIES_SHIFT		16	/* four 4-bit fields */
/* TX control word 3: rate per series, RTS/CTS rate */
#define TX3_RATE_BITS		5	/* four 5-bit fields from bit 0 */
#define TX3_RTSCTS_RATE		GENMASK(24, 20)
/* where TX status 0 and 1 sit in ath5k_desc.words: after four controls */
#define TXS_4W_WORD		4
/* TX status word 0 */
#define TXS0_OK			BIT(0)
#define TXS0_XRETRY		BIT(1)
#define TXS0_FIFO		BIT(2)
#define TXS0_FILTERED		BIT(3)
#define TXS0_SHORT_RETRY	GENMASK(7, 4)
#define TXS0_LONG_RETRY		GENMASK(11, 8)
#define TXS0_TSTAMP		GENMASK(31, 16)
/* TX status word 1 */
#define TXS1_DONE		BIT(0)
#define TXS1_SEQ		GENMASK(12, 1)
#define TXS1_ACK_RSSI		GENMASK(20, 13)
#define TXS1_FINAL_IDX		GENMASK(22, 21)
#define TXS1_ANTENNA		BIT(24)
/* RX control word 1 */
#define RX1_BUF_LEN		GENMASK(11, 0)
#define RX1_INTREQ		BIT(13)
/* RX status word 0 */
#define RXS0_LEN		GENMASK(11, 0)
#define RXS0_MORE		BIT(12)
#define RXS0_RATE		GENMASK(19, 15)
#define RXS0_RSSI		GENMASK(27, 20)
#define RXS0_ANTENNA		GENMASK(31, 28)
/* RX status word 1 */
#define RXS1_DONE		BIT(0)
#define RXS1_OK			BIT(1)
#define RXS1_CRC		BIT(2)
#define RXS1_DECRYPT		BIT(3)
#define RXS1_PHY		BIT(4)
#define RXS1_MIC		BIT(5)
#define RXS1_KEY_VALID		BIT(8)
#define RXS1_KEY_INDEX		GENMASK(15, 9)
#define RXS1_PHY_CODE		GENMASK(15, 8)	/* overlays the key fields */
#define RXS1_TSTAMP		GENMASK(30, 16)
#define RXS1_KEY_MISS		BIT(31)

/*
 * AR5211: two TX control words, so the status follows at words 4/5 (TX
 * control words 2/3 of the AR5212 layout); one 4-bit rate, no power, no
 * CTS, the tries from the queue's DCU retry limit.  Bits not listed here
 * sit where the AR5212 keeps them.
 */
#define TX0_2W_RATE		GENMASK(21, 18)
#define TX1_2W_FRAME_TYPE	GENMASK(22, 20)
#define TX1_2W_NOACK		BIT(23)
#define TXS_2W_WORD		2	/* status 0 and 1: words 2 and 3 */
/* the 5210/5211 RX status */
#define RXS0_5211_RATE		GENMASK(18, 15)
#define RXS0_5211_RSSI		GENMASK(26, 19)
#define RXS0_5211_ANTENNA	GENMASK(29, 27)
#define RXS1_5211_DECRYPT	BIT(4)
#define RXS1_5211_PHY_CODE	GENMASK(7, 5)
#define RXS1_5211_KEY_INDEX	GENMASK(14, 9)
#define RXS1_5211_TSTAMP	GENMASK(27, 15)
#define RXS1_5211_KEY_MISS	BIT(28)
/* the AR5210's control words where they differ from the AR5211's */
#define TX0_5210_HDR_LEN	GENMASK(17, 12)
#define TX0_5210_ANTENNA_B	BIT(25)
#define TX0_5210_FRAME_TYPE	GENMASK(28, 26)
#define TX1_5210_KEY_INDEX	GENMASK(18, 13)
#define TX1_5210_RTS_DURATION	GENMASK(31, 19)
#define TYPE_5210_NO_DELAY	3	/* beacons, probe responses: stamped */
#define RXS0_5210_ANTENNA_B	BIT(14)
/* AR5211 rate codes: CCK rates are their AR5212 code's low nibble */
#define RATE_5211		GENMASK(3, 0)
#define RATE_CCK_FLAG		BIT(4)

#define MAX_TRIES		15
#define MAX_KEY_INDEX		127

/* Interrupt, VEOL, CLRDMASK and key: where the AR5212 and AR5211 agree. */
static inline void ath5k_desc_tx_common_bits(const struct ath5k_tx_params *p,
					     u32 *c0, u32 *c1)
{
	if (p->flags & ATH5K_TXF_INTREQ)
		*c0 |= TX0_INTREQ;
	if (p->flags & ATH5K_TXF_VEOL)
		*c0 |= TX0_VEOL;
	if (p->flags & ATH5K_TXF_CLRDMASK)
		*c0 |= TX0_CLRDMASK;
	if (p->key_index != ATH5K_KEY_INVALID) {
		*c0 |= TX0_KEY_VALID;
		*c1 |= FIELD_PREP(TX1_KEY_INDEX, p->key_index);
	}
}

/* The TX status fields every generation keeps in the same place. */
static inline void ath5k_desc_tx_status_common(u32 s0, u32 s1,
					       struct ath5k_tx_status *ts)
{
	ts->tstamp = FIELD_GET(TXS0_TSTAMP, s0);
	ts->short_retry = FIELD_GET(TXS0_SHORT_RETRY, s0);
	ts->long_retry = FIELD_GET(TXS0_LONG_RETRY, s0);
	ts->seq = FIELD_GET(TXS1_SEQ, s1);
	ts->ack_rssi = (s8)FIELD_GET(TXS1_ACK_RSSI, s1);
	if (s0 & TXS0_OK)
		ts->flags |= ATH5K_TXS_OK;
	if (s0 & TXS0_XRETRY)
		ts->flags |= ATH5K_TXS_XRETRY;
	if (s0 & TXS0_FIFO)
		ts->flags |= ATH5K_TXS_FIFO;
	if (s0 & TXS0_FILTERED)
		ts->flags |= ATH5K_TXS_FILTERED;
}

#endif
