// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Header padding of 802.11 frames in DMA buffers, and the key ID of a
 * received protected frame.  The IV's fourth byte carries the key ID in
 * its top two bits (IEEE 802.11-2020 12.3.2.2 WEP, 12.5.2.2 TKIP,
 * 12.5.3.2 CCMP).
 */
#include <linux/string.h>

#include "frame.h"

#define ATH5K_IV_KEYID_BYTE	3
#define ATH5K_IV_KEYID_SHIFT	6

void ath5k_hdr_pad_insert(u8 *start, unsigned int hdrlen)
{
	unsigned int pad = ath5k_hdr_pad(hdrlen);

	if (pad)
		memmove(start, start + pad, hdrlen);
}

void ath5k_hdr_pad_remove(u8 *data, unsigned int hdrlen)
{
	unsigned int pad = ath5k_hdr_pad(hdrlen);

	if (pad)
		memmove(data + pad, data, hdrlen);
}

unsigned int ath5k_rx_frame_unpad(u8 *data, unsigned int len,
				  unsigned int hdrlen, int *key_id)
{
	unsigned int pad = ath5k_hdr_pad(hdrlen);

	*key_id = -1;
	if (!hdrlen || len < hdrlen + pad)
		return 0;
	if (pad)
		ath5k_hdr_pad_remove(data, hdrlen);
	/* the IV follows the header, not the pad */
	if (len - pad > hdrlen + ATH5K_IV_KEYID_BYTE)
		*key_id = data[pad + hdrlen + ATH5K_IV_KEYID_BYTE] >>
			  ATH5K_IV_KEYID_SHIFT;
	return pad;
}
