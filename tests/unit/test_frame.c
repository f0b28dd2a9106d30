// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * 802.11 header padding as the chip lays it out, for 24-byte (no pad),
 * 26-byte QoS (2 pad bytes), 30-byte four-address (2 pad bytes) and
 * 32-byte four-address QoS (no pad) headers, and the 10- and 16-byte
 * headers of control frames (2 and no pad bytes): padding for transmit
 * and back, unpadding a received frame, and the key ID read from the IV
 * behind the header (issue 12 finding 7: it was read before the pad was
 * removed).
 *
 * Links: src/frame.c
 */
#include <stdio.h>
#include <string.h>

#include "frame.h"
#include "check.h"

#define BODY_LEN	8	/* IV (4) + extended IV (4) */

/* A frame: header bytes 0x10.., then an IV whose key ID is @key_id. */
static unsigned int build_frame(u8 *f, unsigned int hdrlen, int key_id)
{
	unsigned int i;

	for (i = 0; i < hdrlen; i++)
		f[i] = 0x10 + i;
	f[hdrlen + 0] = 0xa0;
	f[hdrlen + 1] = 0xa1;
	f[hdrlen + 2] = 0x00;
	f[hdrlen + 3] = 0x20 | (u8)(key_id << 6);	/* ExtIV + key ID */
	for (i = 4; i < BODY_LEN; i++)
		f[hdrlen + i] = 0xb0 + i;
	return hdrlen + BODY_LEN;
}

static void test_pad_len(void)
{
	printf("check: pad bytes for 24/26/30/32-byte headers\n");
	CHECK_EQ(ath5k_hdr_pad(24), 0);
	CHECK_EQ(ath5k_hdr_pad(26), 2);
	CHECK_EQ(ath5k_hdr_pad(30), 2);
	CHECK_EQ(ath5k_hdr_pad(32), 0);
	printf("check: control frame headers: ACK/CTS 10 bytes pad 2, "
	       "RTS/PS-Poll/BAR 16 none\n");
	CHECK_EQ(ath5k_hdr_pad(10), 2);
	CHECK_EQ(ath5k_hdr_pad(16), 0);
	/* every header length 802.11 has ends on a multiple of four */
	CHECK_EQ((10 + ath5k_hdr_pad(10)) % 4, 0);
	CHECK_EQ((26 + ath5k_hdr_pad(26)) % 4, 0);
	CHECK_EQ((30 + ath5k_hdr_pad(30)) % 4, 0);
}

/* TX: pad in front of a frame, the chip's layout, then back. */
static void test_tx_roundtrip(unsigned int hdrlen)
{
	u8 want[64], buf[64];
	unsigned int pad = ath5k_hdr_pad(hdrlen), len;
	u8 *start;

	printf("check: %u-byte header padded for TX and restored\n", hdrlen);
	len = build_frame(want, hdrlen, 1);
	memset(buf, 0xee, sizeof(buf));
	memcpy(buf + 4, want, len);
	start = buf + 4 - pad;		/* what skb_push() hands back */
	ath5k_hdr_pad_insert(start, hdrlen);
	CHECK(!memcmp(start, want, hdrlen));
	CHECK(!memcmp(start + hdrlen + pad, want + hdrlen, len - hdrlen));

	ath5k_hdr_pad_remove(start, hdrlen);
	CHECK(!memcmp(start + pad, want, len));
}

/* RX: the chip wrote header, pad, IV; mac80211 wants header, IV. */
static void test_rx_unpad(unsigned int hdrlen, int key_id)
{
	u8 want[64], buf[64];
	unsigned int pad = ath5k_hdr_pad(hdrlen), len, moved;
	int got_id = -2;

	printf("check: received %u-byte header unpadded, key ID %d found\n",
	       hdrlen, key_id);
	len = build_frame(want, hdrlen, key_id);
	memcpy(buf, want, hdrlen);
	/* pad bytes that would be taken for an IV's key ID byte */
	memset(buf + hdrlen, 0xff, pad);
	memcpy(buf + hdrlen + pad, want + hdrlen, len - hdrlen);

	moved = ath5k_rx_frame_unpad(buf, len + pad, hdrlen, &got_id);
	CHECK_EQ(moved, pad);
	CHECK(!memcmp(buf + moved, want, len));
	CHECK_EQ(got_id, key_id);
}

/*
 * A header the chip pads that is not followed by an IV: a CTS as received
 * in monitor mode, 10 bytes, the pad, then the FCS.  The FCS ends up right
 * behind the header, and nothing past the frame is touched.
 */
static void test_rx_control(void)
{
	static const u8 cts[10] = { 0xc4, 0x00, 0x3a, 0x01,
				    0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	static const u8 fcs[4] = { 0xf1, 0xf2, 0xf3, 0xf4 };
	u8 buf[32];
	unsigned int moved;
	int id = -2;

	printf("check: a received CTS (10-byte header) loses its 2 pad bytes\n");
	memset(buf, 0xee, sizeof(buf));
	memcpy(buf, cts, sizeof(cts));
	memset(buf + 10, 0xff, 2);
	memcpy(buf + 12, fcs, sizeof(fcs));
	moved = ath5k_rx_frame_unpad(buf, 16, 10, &id);
	CHECK_EQ(moved, 2);
	CHECK(!memcmp(buf + moved, cts, sizeof(cts)));
	CHECK(!memcmp(buf + moved + 10, fcs, sizeof(fcs)));
	CHECK_EQ(buf[16], 0xee);	/* nothing written behind the frame */
}

static void test_rx_short(void)
{
	u8 buf[32] = { 0 };
	int id = -2;

	printf("check: a frame without room for an IV has no key ID\n");
	CHECK_EQ(ath5k_rx_frame_unpad(buf, 26 + 2 + 3, 26, &id), 2);
	CHECK_EQ(id, -1);
	printf("check: a frame shorter than header and pad is left alone\n");
	CHECK_EQ(ath5k_rx_frame_unpad(buf, 27, 26, &id), 0);
	CHECK_EQ(id, -1);
	CHECK_EQ(ath5k_rx_frame_unpad(buf, 10, 0, &id), 0);
	CHECK_EQ(id, -1);
}

int main(void)
{
	int id;

	test_pad_len();
	test_tx_roundtrip(24);
	test_tx_roundtrip(26);
	test_tx_roundtrip(30);
	test_tx_roundtrip(32);		/* four addresses and QoS */
	test_tx_roundtrip(10);		/* ACK, CTS */
	test_tx_roundtrip(16);		/* RTS, PS-Poll, BAR */
	for (id = 0; id < 4; id++) {
		test_rx_unpad(24, id);
		test_rx_unpad(26, id);
		test_rx_unpad(30, id);
		test_rx_unpad(32, id);
	}
	test_rx_control();
	test_rx_short();
	return check_done("test_frame");
}
