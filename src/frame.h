/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The one place that knows how the chip lays out an 802.11 frame in a
 * DMA buffer: a header whose length is not a multiple of four (26 bytes
 * for QoS data, 30 for four-address) is followed by pad bytes up to the
 * next multiple, on transmit and on receive alike.  Pure logic on bytes:
 * builds in the kernel and in the unit tests.
 */
#ifndef ATH5K_FRAME_H
#define ATH5K_FRAME_H

#include <linux/types.h>

/* Pad bytes the chip puts after a header of @hdrlen bytes. */
static inline unsigned int ath5k_hdr_pad(unsigned int hdrlen)
{
	return hdrlen & 3;
}

/*
 * Transmit: the caller made room for ath5k_hdr_pad(@hdrlen) bytes in
 * front of the frame; @start is the new first byte.  The header moves to
 * @start and the pad bytes sit between it and the body.
 */
void ath5k_hdr_pad_insert(u8 *start, unsigned int hdrlen);

/*
 * The reverse: @data holds a padded header; afterwards the unpadded frame
 * starts ath5k_hdr_pad(@hdrlen) bytes later, where the caller moves its
 * start to.
 */
void ath5k_hdr_pad_remove(u8 *data, unsigned int hdrlen);

/*
 * A received frame of @len bytes at @data as the chip wrote it: remove
 * the header pad and return how many bytes the frame start moved (0 when
 * the frame is too short to carry a pad).  *@key_id is the key ID of the
 * IV behind the header, read after unpadding, or -1 without room for one.
 */
unsigned int ath5k_rx_frame_unpad(u8 *data, unsigned int len,
				  unsigned int hdrlen, int *key_id);

#endif /* ATH5K_FRAME_H */
