/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The 802.11 ciphers a card's crypto engine runs, as the standard
 * defines them: WEP (RC4, CRC-32 ICV), TKIP (key mixing, RC4, Michael)
 * and CCMP (AES-CCM, 8-byte MIC).  RC4, AES-CCM and CRC-32 come from
 * nettle and zlib; the TKIP key mixing and Michael, which no library
 * offers, are written from the standard's description.  Nothing here
 * knows about registers: keycache.c feeds it keys and frames.
 *
 * A frame is 802.11 bytes without FCS: header, the cipher's IV/header,
 * the body, then room for the ICV or MIC.
 */
#ifndef ATH5K_EMU_WIFI_CRYPTO_H
#define ATH5K_EMU_WIFI_CRYPTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum wifi_cipher {
	WIFI_CIPHER_WEP,
	WIFI_CIPHER_TKIP,
	WIFI_CIPHER_CCMP,
	WIFI_CIPHERS
};

#define WIFI_WEP_IV_LEN		4
#define WIFI_WEP_ICV_LEN	4
#define WIFI_EXT_IV_LEN		8	/* TKIP and CCMP */
#define WIFI_CCMP_MIC_LEN	8
#define WIFI_MICHAEL_LEN	8
#define WIFI_TK_LEN		16

const char *wifi_cipher_name(enum wifi_cipher c);
/* Bytes before the body (IV/header) and after it (ICV or MIC). */
unsigned int wifi_cipher_iv_len(enum wifi_cipher c);
unsigned int wifi_cipher_trailer_len(enum wifi_cipher c);

/* 802.11 header length from the frame control field (24..32). */
unsigned int wifi_header_len(const uint8_t *frame);
/* The QoS TID of a QoS data frame, else 0. */
unsigned int wifi_tid(const uint8_t *frame);

/* CRC-32 of 802.11 (FCS and WEP/TKIP ICV). */
uint32_t wifi_icv(const uint8_t *data, size_t len);

/* WEP: data (len bytes) followed by room for 4: appends the ICV, encrypts. */
void wep_seal(const uint8_t *rc4_key, size_t key_len, uint8_t *data, size_t len);
/* Decrypts data (len bytes, ICV last) in place; whether the ICV matched. */
bool wep_open(const uint8_t *rc4_key, size_t key_len, uint8_t *data, size_t len);

/* TKIP key mixing (IEEE 802.11 12.5.2.5). */
void tkip_phase1(const uint8_t tk[WIFI_TK_LEN], const uint8_t ta[6],
		 uint32_t iv32, uint16_t ttak[5]);
void tkip_phase2(const uint16_t ttak[5], const uint8_t tk[WIFI_TK_LEN],
		 uint16_t iv16, uint8_t rc4_key[16]);
/* Michael over a byte string (the standard's padding included). */
void michael(const uint8_t key[8], const uint8_t *data, size_t len,
	     uint8_t mic[WIFI_MICHAEL_LEN]);
/* Michael of an MSDU: DA, SA, priority from the header, then the body. */
void michael_msdu(const uint8_t key[8], const uint8_t *hdr, const uint8_t *body,
		  size_t len, uint8_t mic[WIFI_MICHAEL_LEN]);

/* CCMP's nonce (13 bytes) and AAD (returns its length, up to 30). */
void ccmp_nonce(const uint8_t *hdr, const uint8_t *ccmp_hdr, uint8_t nonce[13]);
size_t ccmp_aad(const uint8_t *hdr, uint8_t aad[32]);

/*
 * Frame level.  frame has len bytes: header, IV (as the sender wrote it),
 * body, and the trailer's bytes last (their content is ignored on
 * encryption).  Encryption replaces body and trailer; decryption
 * leaves body (and, for TKIP, the Michael MIC at its end) in clear.
 */
enum wifi_open_result {
	WIFI_OPEN_OK,
	WIFI_OPEN_SHORT,	/* too short for the cipher's IV and trailer */
	WIFI_OPEN_BAD,		/* ICV or CCM MIC mismatch: data untouched */
};

bool wifi_seal(enum wifi_cipher c, const uint8_t *key, size_t key_len,
	       uint8_t *frame, size_t len);
enum wifi_open_result wifi_open(enum wifi_cipher c, const uint8_t *key,
				size_t key_len, uint8_t *frame, size_t len);

#endif /* ATH5K_EMU_WIFI_CRYPTO_H */
