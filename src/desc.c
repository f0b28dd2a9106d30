// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * AR5212 DMA descriptors: building TX descriptors (four control words,
 * up to four multi-rate-retry series) and RX descriptors, and decoding
 * the two status words the hardware writes back; and the AR5211's (two
 * TX control words, one rate, the 5210/5211 RX status), chosen by
 * ah->ar5211.  Pure logic on memory: also built into the userspace unit
 * tests.
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

#include <linux/kernel.h>
#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <asm/barrier.h>

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
#define TXS_2W_WORD		2	/* status 0 in ctl[2], status 1 in ctl[3] */
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

static int ath5k_tx_params_check(const struct ath5k_tx_params *p)
{
	if (!p->tries[0] || !p->rate[0])
		return -EINVAL;
	if (p->frame_len > TX0_FRAME_LEN || p->buf_len > TX1_BUF_LEN ||
	    !p->buf_len)
		return -EINVAL;
	if (p->key_index != ATH5K_KEY_INVALID && p->key_index > MAX_KEY_INDEX)
		return -EINVAL;
	if ((p->flags & ATH5K_TXF_RTS) && (p->flags & ATH5K_TXF_CTS))
		return -EINVAL;
	return 0;
}

/* Interrupt, VEOL, CLRDMASK and key: the same bits on both layouts. */
static void ath5k_tx_common_bits(const struct ath5k_tx_params *p, u32 *c0,
				 u32 *c1)
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

/*
 * AR5211: the first rate only (CCK as its low nibble) and no CTS-to-self;
 * the hardware takes the tries from the queue, the power from the chip.
 */
static int ath5k_tx_desc_setup_2word(struct ath5k_desc *d,
				     const struct ath5k_tx_params *p)
{
	u32 c0, c1;

	if (p->flags & ATH5K_TXF_CTS)
		return -EOPNOTSUPP;
	c0 = FIELD_PREP(TX0_FRAME_LEN, p->frame_len) |
	     FIELD_PREP(TX0_2W_RATE, p->rate[0] & RATE_5211) |
	     FIELD_PREP(TX0_ANTENNA, p->antenna);
	c1 = FIELD_PREP(TX1_BUF_LEN, p->buf_len) |
	     FIELD_PREP(TX1_2W_FRAME_TYPE, p->pkt_type);
	if (p->flags & ATH5K_TXF_NOACK)
		c1 |= TX1_2W_NOACK;
	if (p->flags & ATH5K_TXF_RTS)
		c0 |= TX0_RTS;
	ath5k_tx_common_bits(p, &c0, &c1);
	d->tx.ctl[0] = cpu_to_le32(c0);
	d->tx.ctl[1] = cpu_to_le32(c1);
	d->tx.ctl[TXS_2W_WORD] = 0;
	d->tx.ctl[TXS_2W_WORD + 1] = 0;
	return 0;
}

/*
 * The AR5210's two control words: the 802.11 header length and a frame
 * type of its own in word 0, a 6-bit key index and the RTS duration in
 * word 1; no VEOL and no NOACK (it never waits for the ACK of a group
 * address anyway).
 */
static int ath5k_tx_desc_setup_5210(struct ath5k_desc *d,
				    const struct ath5k_tx_params *p)
{
	u32 c0, c1, type;

	if (p->flags & ATH5K_TXF_CTS)
		return -EOPNOTSUPP;
	if (p->hdr_len > FIELD_MAX(TX0_5210_HDR_LEN))
		return -EINVAL;
	if (p->key_index != ATH5K_KEY_INVALID &&
	    p->key_index > FIELD_MAX(TX1_5210_KEY_INDEX))
		return -EINVAL;
	switch (p->pkt_type) {
	case ATH5K_PKT_BEACON:
	case ATH5K_PKT_PROBE_RESP:
		type = TYPE_5210_NO_DELAY;
		break;
	default:
		type = p->pkt_type;
		break;
	}
	c0 = FIELD_PREP(TX0_FRAME_LEN, p->frame_len) |
	     FIELD_PREP(TX0_5210_HDR_LEN, p->hdr_len) |
	     FIELD_PREP(TX0_2W_RATE, p->rate[0] & RATE_5211) |
	     FIELD_PREP(TX0_5210_FRAME_TYPE, type);
	c1 = FIELD_PREP(TX1_BUF_LEN, p->buf_len);
	if (p->antenna == 2)
		c0 |= TX0_5210_ANTENNA_B;
	if (p->flags & ATH5K_TXF_INTREQ)
		c0 |= TX0_INTREQ;
	if (p->flags & ATH5K_TXF_CLRDMASK)
		c0 |= TX0_CLRDMASK;
	if (p->flags & ATH5K_TXF_RTS) {
		c0 |= TX0_RTS;
		c1 |= FIELD_PREP(TX1_5210_RTS_DURATION,
				 min_t(u32, p->rtscts_duration,
				       FIELD_MAX(TX1_5210_RTS_DURATION)));
	}
	if (p->key_index != ATH5K_KEY_INVALID) {
		c0 |= TX0_KEY_VALID;
		c1 |= FIELD_PREP(TX1_5210_KEY_INDEX, p->key_index);
	}
	d->tx.ctl[0] = cpu_to_le32(c0);
	d->tx.ctl[1] = cpu_to_le32(c1);
	d->tx.ctl[TXS_2W_WORD] = 0;
	d->tx.ctl[TXS_2W_WORD + 1] = 0;
	return 0;
}

int ath5k_hw_tx_desc_setup(const struct ath5k_hw *ah, struct ath5k_desc *d,
			   const struct ath5k_tx_params *p)
{
	u32 c0, c1, c2, c3;
	unsigned int i;
	int ret;

	ret = ath5k_tx_params_check(p);
	if (ret)
		return ret;
	if (ah->ar5210)
		return ath5k_tx_desc_setup_5210(d, p);
	if (ah->ar5211)
		return ath5k_tx_desc_setup_2word(d, p);

	c0 = FIELD_PREP(TX0_FRAME_LEN, p->frame_len) |
	     FIELD_PREP(TX0_POWER, min_t(u8, p->txpower, ATH5K_TXPOWER_MAX)) |
	     FIELD_PREP(TX0_ANTENNA, p->antenna);
	c1 = FIELD_PREP(TX1_BUF_LEN, p->buf_len) |
	     FIELD_PREP(TX1_FRAME_TYPE, p->pkt_type);
	c2 = 0;
	c3 = 0;

	if (p->flags & ATH5K_TXF_NOACK)
		c1 |= TX1_NOACK;
	ath5k_tx_common_bits(p, &c0, &c1);
	if (p->flags & (ATH5K_TXF_RTS | ATH5K_TXF_CTS)) {
		c0 |= (p->flags & ATH5K_TXF_RTS) ? TX0_RTS : TX0_CTS;
		c2 |= FIELD_PREP(TX2_RTS_DURATION, p->rtscts_duration);
		c3 |= FIELD_PREP(TX3_RTSCTS_RATE, p->rtscts_rate);
	}

	/* retry series: a zero try count ends the list */
	for (i = 0; i < ATH5K_MRR_SERIES && p->tries[i]; i++) {
		c2 |= (u32)min_t(u8, p->tries[i], MAX_TRIES) <<
		      (TX2_TRIES_SHIFT + 4 * i);
		c3 |= (u32)(p->rate[i] & 0x1f) << (TX3_RATE_BITS * i);
	}

	d->tx.ctl[0] = cpu_to_le32(c0);
	d->tx.ctl[1] = cpu_to_le32(c1);
	d->tx.ctl[2] = cpu_to_le32(c2);
	d->tx.ctl[3] = cpu_to_le32(c3);
	d->tx.status[0] = 0;
	d->tx.status[1] = 0;
	return 0;
}

/* The two TX status words: after two control words on the AR5211. */
static const __le32 *ath5k_tx_status_words(const struct ath5k_hw *ah,
					   const struct ath5k_desc *d)
{
	return ah->ar5211 ? &d->tx.ctl[TXS_2W_WORD] : d->tx.status;
}

bool ath5k_hw_tx_desc_done(const struct ath5k_hw *ah, const struct ath5k_desc *d)
{
	return le32_to_cpu(READ_ONCE(ath5k_tx_status_words(ah, d)[1])) &
	       TXS1_DONE;
}

/* Same status layout on both; the AR5211 has one series, one antenna. */
int ath5k_hw_tx_desc_status(const struct ath5k_hw *ah,
			    const struct ath5k_desc *d,
			    struct ath5k_tx_status *ts)
{
	const __le32 *st = ath5k_tx_status_words(ah, d);
	u32 s1 = le32_to_cpu(READ_ONCE(st[1]));
	u32 s0;

	if (!(s1 & TXS1_DONE))
		return -EINPROGRESS;
	/* the other status word is only valid once DONE is seen */
	dma_rmb();
	s0 = le32_to_cpu(READ_ONCE(st[0]));

	memset(ts, 0, sizeof(*ts));
	ts->tstamp = FIELD_GET(TXS0_TSTAMP, s0);
	ts->short_retry = FIELD_GET(TXS0_SHORT_RETRY, s0);
	ts->long_retry = FIELD_GET(TXS0_LONG_RETRY, s0);
	ts->seq = FIELD_GET(TXS1_SEQ, s1);
	ts->ack_rssi = (s8)FIELD_GET(TXS1_ACK_RSSI, s1);
	if (!ah->ar5211) {
		ts->final_idx = FIELD_GET(TXS1_FINAL_IDX, s1);
		ts->antenna = (s1 & TXS1_ANTENNA) ? 2 : 1;
	} else {
		ts->antenna = 1;
	}
	if (s0 & TXS0_OK)
		ts->flags |= ATH5K_TXS_OK;
	if (s0 & TXS0_XRETRY)
		ts->flags |= ATH5K_TXS_XRETRY;
	if (s0 & TXS0_FIFO)
		ts->flags |= ATH5K_TXS_FIFO;
	if (s0 & TXS0_FILTERED)
		ts->flags |= ATH5K_TXS_FILTERED;
	return 0;
}

/*
 * The hardware reports failed attempts (retries) of the final series, so
 * an ACK on the first try reads 0; the acknowledged attempt is added here.
 * Every series before the final one used all its tries.
 */
unsigned int ath5k_hw_tx_attempts(const struct ath5k_tx_status *ts,
				  const u8 *tries, u8 *attempts)
{
	unsigned int final = min_t(unsigned int, ts->final_idx,
				   ATH5K_MRR_SERIES - 1);
	unsigned int i;

	for (i = 0; i < ATH5K_MRR_SERIES; i++)
		attempts[i] = i < final ? tries[i] : 0;
	/* a 4-bit field: at most 15 + 1 */
	attempts[final] = ts->long_retry + !!(ts->flags & ATH5K_TXS_OK);
	return final;
}

int ath5k_hw_rx_desc_setup(struct ath5k_desc *d, u16 buf_size, bool intreq)
{
	if (!buf_size || buf_size > RX1_BUF_LEN)
		return -EINVAL;
	d->rx.ctl[0] = 0;
	d->rx.ctl[1] = cpu_to_le32(FIELD_PREP(RX1_BUF_LEN, buf_size) |
				   (intreq ? RX1_INTREQ : 0));
	d->rx.status[0] = 0;
	d->rx.status[1] = 0;
	return 0;
}

bool ath5k_hw_rx_desc_done(const struct ath5k_desc *d)
{
	/* DONE is where the AR5212 keeps it on the AR5211 too */
	return le32_to_cpu(READ_ONCE(d->rx.status[1])) & RXS1_DONE;
}

/*
 * The 5210/5211 RX status: a 4-bit rate (CCK while the channel is
 * 802.11b), 13 TSF bits, a 3-bit PHY error code beside the key fields
 * and no Michael check.
 */
static void ath5k_rx_status_5211(const struct ath5k_hw *ah, u32 s0, u32 s1,
				 struct ath5k_rx_status *rs)
{
	rs->len = FIELD_GET(RXS0_LEN, s0);
	rs->more = s0 & RXS0_MORE;
	rs->rate = FIELD_GET(RXS0_5211_RATE, s0);
	if (ah->chan.mode == ATH5K_MODE_11B)
		rs->rate |= RATE_CCK_FLAG;
	rs->rssi = (s8)FIELD_GET(RXS0_5211_RSSI, s0);
	/* the AR5210 says only whether antenna B heard it */
	if (ah->ar5210)
		rs->antenna = (s0 & RXS0_5210_ANTENNA_B) ? 2 : 1;
	else
		rs->antenna = FIELD_GET(RXS0_5211_ANTENNA, s0);
	rs->tstamp = FIELD_GET(RXS1_5211_TSTAMP, s1);
	rs->key_miss = s1 & RXS1_5211_KEY_MISS;
	if (s1 & RXS1_KEY_VALID) {
		rs->key_valid = true;
		rs->key_index = FIELD_GET(RXS1_5211_KEY_INDEX, s1);
	}
	if (s1 & RXS1_OK)
		return;
	if (s1 & RXS1_5211_PHY_CODE) {
		rs->flags |= ATH5K_RXE_PHY;
		rs->phyerr = FIELD_GET(RXS1_5211_PHY_CODE, s1);
	}
	if (s1 & RXS1_CRC)
		rs->flags |= ATH5K_RXE_CRC;
	if (s1 & RXS1_5211_DECRYPT)
		rs->flags |= ATH5K_RXE_DECRYPT;
}

int ath5k_hw_rx_desc_status(const struct ath5k_hw *ah,
			    const struct ath5k_desc *d,
			    struct ath5k_rx_status *rs)
{
	u32 s1 = le32_to_cpu(READ_ONCE(d->rx.status[1]));
	u32 s0;

	if (!(s1 & RXS1_DONE))
		return -EINPROGRESS;
	/* the other status word is only valid once DONE is seen */
	dma_rmb();
	s0 = le32_to_cpu(READ_ONCE(d->rx.status[0]));

	memset(rs, 0, sizeof(*rs));
	if (ah->ar5211) {
		ath5k_rx_status_5211(ah, s0, s1, rs);
		return 0;
	}
	rs->len = FIELD_GET(RXS0_LEN, s0);
	rs->more = s0 & RXS0_MORE;
	rs->rate = FIELD_GET(RXS0_RATE, s0);
	rs->rssi = (s8)FIELD_GET(RXS0_RSSI, s0);
	rs->antenna = FIELD_GET(RXS0_ANTENNA, s0);
	rs->tstamp = FIELD_GET(RXS1_TSTAMP, s1);
	rs->key_miss = s1 & RXS1_KEY_MISS;

	/* a PHY error overlays its code on the key fields */
	if ((s1 & RXS1_KEY_VALID) && !(s1 & RXS1_PHY)) {
		rs->key_valid = true;
		rs->key_index = FIELD_GET(RXS1_KEY_INDEX, s1);
	}
	if (s1 & RXS1_OK)
		return 0;
	if (s1 & RXS1_PHY) {
		rs->flags |= ATH5K_RXE_PHY;
		rs->phyerr = FIELD_GET(RXS1_PHY_CODE, s1);
	}
	if (s1 & RXS1_CRC)
		rs->flags |= ATH5K_RXE_CRC;
	if (s1 & RXS1_DECRYPT)
		rs->flags |= ATH5K_RXE_DECRYPT;
	if (s1 & RXS1_MIC)
		rs->flags |= ATH5K_RXE_MIC;
	return 0;
}
