// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The cipher layer against published vectors: RFC 3610 packet vectors
 * (AES-CCM through nettle), IEEE 802.11's CCMP MPDU (Annex M), the
 * 802.11i TKIP key-mixing vectors, the chained Michael vectors, the TKIP
 * MPDU of Annex M and the WEP encapsulation of Annex M (Table M-5).
 */
#include "fake_host.h"
#include "wifi_crypto.h"

#include <nettle/ccm.h>

/* Hex with optional spaces into out; returns the byte count. */
static size_t unhex(const char *s, uint8_t *out)
{
	size_t n = 0;

	while (*s) {
		unsigned int v;

		if (*s == ' ') {
			s++;
			continue;
		}
		if (sscanf(s, "%2x", &v) != 1)
			break;
		out[n++] = (uint8_t)v;
		s += 2;
	}
	return n;
}

static bool same(const uint8_t *a, const char *hex)
{
	uint8_t want[512];
	size_t n = unhex(hex, want);

	return !memcmp(a, want, n);
}

static void test_rfc3610(void)
{
	static const struct {
		const char *nonce, *aad, *msg, *out;
	} v[] = {
		{ "00000003020100A0A1A2A3A4A5", "0001020304050607",
		  "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E",
		  "588C979A61C663D2F066D0C2C0F989806D5F6B61DAC38417E8D12CFDF926E0" },
		{ "00000004030201A0A1A2A3A4A5", "0001020304050607",
		  "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
		  "72C91A36E135F8CF291CA894085C87E3CC15C439C9E43A3BA091D56E10400916" },
		{ "00000005040302A0A1A2A3A4A5", "0001020304050607",
		  "08090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F20",
		  "51B1E5F44A197D1DA46B0F8E2D282AE871E838BB64DA8596574ADAA76FBD9FB0C5" },
	};

	printf("RFC 3610 packet vectors 1-3 (AES-CCM, M=8, L=2)\n");
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		uint8_t key[16], nonce[13], aad[16], msg[64], out[80], back[64];
		struct ccm_aes128_ctx ccm;
		size_t an, mn;

		unhex("C0C1C2C3C4C5C6C7C8C9CACBCCCDCECF", key);
		unhex(v[i].nonce, nonce);
		an = unhex(v[i].aad, aad);
		mn = unhex(v[i].msg, msg);
		ccm_aes128_set_key(&ccm, key);
		ccm_aes128_encrypt_message(&ccm, 13, nonce, an, aad, 8, mn + 8, out, msg);
		check(same(out, v[i].out), "packet vector %zu: ciphertext and MIC", i + 1);
		check(ccm_aes128_decrypt_message(&ccm, 13, nonce, an, aad, 8, mn, back, out) &&
		      !memcmp(back, msg, mn), "packet vector %zu opens again", i + 1);
		out[3] ^= 1;
		check(!ccm_aes128_decrypt_message(&ccm, 13, nonce, an, aad, 8, mn, back, out),
		      "packet vector %zu with one bit flipped is refused", i + 1);
	}
}

/* IEEE 802.11 Annex M CCMP test vector: a whole MPDU (its FCS 1d 99 f0 66). */
static void test_ccmp_mpdu(void)
{
	static const char hdr[] = "08 48 c3 2c 0f d2 e1 28 a5 7c 50 30 f1 84 44 08"
				  " ab ae a5 b8 fc ba 80 33";
	static const char sealed[] =
		"08 48 c3 2c 0f d2 e1 28 a5 7c 50 30 f1 84 44 08 ab ae a5 b8 fc ba"
		" 80 33 0c e7 00 20 76 97 03 b5 f3 d0 a2 fe 9a 3d bf 23 42 a6 43 e4"
		" 32 46 e8 0c 3c 04 d0 19 78 45 ce 0b 16 f9 76 23";
	uint8_t tk[16], f[128] = { 0 }, want_aad[32], aad[32], nonce[13];
	size_t n = unhex(hdr, f), plain;

	printf("IEEE 802.11 Annex M CCMP MPDU\n");
	unhex("c9 7c 1f 67 ce 37 11 85 51 4a 8a 19 f2 bd d5 2f", tk);
	n += unhex("0c e7 00 20 76 97 03 b5", f + n);
	plain = unhex("f8 ba 1a 55 d0 2f 85 ae 96 7b b6 2f b6 cd a8 eb 7e 78 a0 50", f + n);
	n += plain + 8;
	ccmp_nonce(f, f + 24, nonce);
	check(same(nonce, "00 50 30 f1 84 44 08 b5 03 97 76 e7 0c"),
	      "nonce: flags, A2, PN5..PN0");
	unhex("08 40 0f d2 e1 28 a5 7c 50 30 f1 84 44 08 ab ae a5 b8 fc ba 00 00", want_aad);
	check(ccmp_aad(f, aad) == 22 && !memcmp(aad, want_aad, 22),
	      "AAD: PwrMgt masked, Protected kept, sequence number masked");
	check(wifi_seal(WIFI_CIPHER_CCMP, tk, 16, f, n) && same(f, sealed),
	      "sealed MPDU matches the standard's bytes");
	check(wifi_icv(f, n) == 0x66f0991d, "FCS 1d 99 f0 66 over the sealed MPDU");
	check(wifi_open(WIFI_CIPHER_CCMP, tk, 16, f, n) == WIFI_OPEN_OK &&
	      same(f + 32, "f8 ba 1a 55 d0 2f 85 ae 96 7b b6 2f b6 cd a8 eb 7e 78 a0 50"),
	      "and opens to the plaintext");
	wifi_seal(WIFI_CIPHER_CCMP, tk, 16, f, n);
	f[2] ^= 0x01;			/* Duration is not authenticated */
	check(wifi_open(WIFI_CIPHER_CCMP, tk, 16, f, n) == WIFI_OPEN_OK,
	      "a changed Duration still opens");
	wifi_seal(WIFI_CIPHER_CCMP, tk, 16, f, n);
	f[4] ^= 0x02;			/* A1 is */
	check(wifi_open(WIFI_CIPHER_CCMP, tk, 16, f, n) == WIFI_OPEN_BAD &&
	      f[32] == 0xf3, "a changed A1 fails the MIC and leaves the frame untouched");
}

static void test_tkip_mixing(void)
{
	/* IEEE 802.11i-2004 TKIP key-mixing test vectors #1, #2, #3, #5, #7 */
	static const struct {
		const char *tk, *ta;
		uint32_t iv32;
		uint16_t iv16;
		uint16_t ttak[5];
		const char *rc4;
	} v[] = {
		{ "000102030405060708090A0B0C0D0E0F", "102233445566", 0, 0,
		  { 0x3DD2, 0x016E, 0x76F4, 0x8697, 0xB2E8 },
		  "00200033EA8D2F60CA6D1374234A660B" },
		{ "000102030405060708090A0B0C0D0E0F", "102233445566", 0, 1,
		  { 0x3DD2, 0x016E, 0x76F4, 0x8697, 0xB2E8 },
		  "00200190FFDC314389A9D9D074FD20AA" },
		{ "63893B250840B8AE0BD0FA7E61D2783E", "64F2EAEDDC25", 0x20DCFD43, 0xFFFF,
		  { 0x7C67, 0x49D7, 0x9724, 0xB5E9, 0xB4F1 },
		  "FF7FFF93810FC6E58F5DD326251544CE" },
		{ "983A16EF4FACB351AA9ECC271D7309E2", "509C4B1727D9", 0xF0A410FC, 0x058C,
		  { 0xF2DF, 0xEBB1, 0x88D3, 0x5923, 0xA07C },
		  "05258CF4D85152F4D9AF1A64F1D07021" },
		{ "C8ADC16A8B4DDA3B4DD5B65438359B05", "945E244E4D6E", 0x8B1573B7, 0x30F8,
		  { 0xEFF1, 0x3F38, 0xA364, 0x60A9, 0x76F3 },
		  "3030F8650DA073EA614EA8F474EE0319" },
	};

	printf("TKIP key mixing, IEEE 802.11i vectors\n");
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		uint8_t tk[16], ta[6], rc4[16];
		uint16_t ttak[5];

		unhex(v[i].tk, tk);
		unhex(v[i].ta, ta);
		tkip_phase1(tk, ta, v[i].iv32, ttak);
		check(!memcmp(ttak, v[i].ttak, sizeof(ttak)),
		      "vector %zu phase 1: %04x %04x %04x %04x %04x", i + 1, ttak[0],
		      ttak[1], ttak[2], ttak[3], ttak[4]);
		tkip_phase2(ttak, tk, v[i].iv16, rc4);
		check(same(rc4, v[i].rc4), "vector %zu phase 2 RC4 key", i + 1);
	}
}

static void test_michael(void)
{
	static const char *const msgs[] = { "", "M", "Mi", "Mic", "Mich", "Michael" };
	static const char *const mics[] = {
		"82925c1ca1d130b8", "434721ca40639b3f", "e8f9becae97e5d29",
		"90038fc6cf13c1db", "d55e100510128986", "0a942b124ecaa546",
	};
	uint8_t key[8] = { 0 }, mic[8];

	printf("Michael, the specification's chained vectors\n");
	for (size_t i = 0; i < sizeof(msgs) / sizeof(msgs[0]); i++) {
		michael(key, (const uint8_t *)msgs[i], strlen(msgs[i]), mic);
		check(same(mic, mics[i]), "Michael(\"%s\") = %s", msgs[i], mics[i]);
		memcpy(key, mic, 8);	/* each MIC keys the next line */
	}
}

/* IEEE 802.11 Annex M TKIP MPDU: FromDS data, PN 1, key id 0. */
static void test_tkip_mpdu(void)
{
	static const char sealed[] =
		"08 42 2c 00 02 03 04 05 06 08 02 03 04 05 06 07"
		" 02 03 04 05 06 07 d0 02 00 20 01 20 00 00 00 00"
		" c0 0e 14 fc e7 cf ab c7 75 47 e6 66 e5 7c 0d ac"
		" 70 4a 1e 35 8a 88 c1 1c 8e 2e 28 2e 38 01 02 7a"
		" 46 56 05 5e e9 3e 9c 25 47 02 e9 73 58 05 dd b5"
		" 76 9b a7 3f 1e bb 56 e8 44 ef 91 22 85 d3 dd 6e"
		" 54 1e 82 38 73 55 8a db a0 79 06 8a bd 7f 7f 50"
		" 95 96 75 ac c4 b4 de 9a a9 9c 05 f2 89 a7 c5 2f"
		" ee 5b fc 14 f6 f8 e5 f8";
	static const char msdu[] =
		"aa aa 03 00 00 00 08 00 45 00 00 54 00 00 40 00"
		" 40 01 a5 55 c0 a8 0a 02 c0 a8 0a 01 08 00 3a b0"
		" 00 00 00 00 cd 4c 05 00 00 00 00 00 08 09 0a 0b"
		" 0c 0d 0e 0f 10 11 12 13 14 15 16 17 18 19 1a 1b"
		" 1c 1d 1e 1f 20 21 22 23 24 25 26 27 28 29 2a 2b"
		" 2c 2d 2e 2f 30 31 32 33 34 35 36 37";
	uint8_t tk[32], f[256], mic[8];
	size_t n = unhex(sealed, f), body;

	printf("IEEE 802.11 Annex M TKIP MPDU\n");
	unhex("12 34 56 78 90 12 34 56 78 90 12 34 56 78 90 12"
	      " 34 56 78 90 12 34 56 78 90 12 34 56 78 90 12 34", tk);
	body = unhex(msdu, f + 32);
	/* authenticator-to-supplicant Michael key: TK bytes 16..23 */
	michael_msdu(tk + 16, f, f + 32, body, mic);
	check(same(mic, "68 81 a3 f3 d6 48 d0 3c"), "Michael MIC over DA, SA, priority, MSDU");
	memcpy(f + 32 + body, mic, 8);
	check(n == 32 + body + 8 + 4, "MPDU is header, IV, MSDU, MIC, ICV (%zu bytes)", n);
	check(wifi_seal(WIFI_CIPHER_TKIP, tk, 16, f, n) && same(f, sealed),
	      "sealed MPDU matches the standard's bytes");
	check(wifi_open(WIFI_CIPHER_TKIP, tk, 16, f, n) == WIFI_OPEN_OK &&
	      same(f + 32, msdu) && same(f + 32 + body, "68 81 a3 f3 d6 48 d0 3c"),
	      "and opens to MSDU and MIC");
	wifi_seal(WIFI_CIPHER_TKIP, tk, 16, f, n);
	f[40] ^= 0x80;
	check(wifi_open(WIFI_CIPHER_TKIP, tk, 16, f, n) == WIFI_OPEN_BAD,
	      "a flipped ciphertext bit fails the ICV");
}

/* IEEE 802.11 Annex M WEP (Table M-5): IV fb 02 9e, key id 2, key "01234". */
static void test_wep(void)
{
	static const char data[] =
		"aa aa 03 00 00 00 08 00 45 00 00 4e 66 1a 00 00 80 11 be 64 0a 00 01"
		" 22 0a ff ff ff 00 89 00 89 00 3a 00 00 80 a6 01 10 00 01 00 00 00 00"
		" 00 00 20 45 43 45 4a 45 48 45 43 46 43 45 50 46 45 45 49 45 46 46 43"
		" 43 41 43 41 43 41 43 41 43 41 41 41 00 00 20 00 01";
	static const char cipher[] =
		"f6 9c 58 06 bd 6c e8 46 26 bc be fb 94 74 65 0a ad 1f 79 09 b0 f6 4d"
		" 5f 58 a5 03 a2 58 b7 ed 22 eb 0e a6 49 30 d3 a0 56 a5 57 42 fc ce 14"
		" 1d 48 5f 8a a8 36 de a1 8d f4 2c 53 80 80 5a d0 c6 1a 5d 6f 58 f4 10"
		" 40 b2 4b 7d 1a 69 38 56 ed 0d 43 98 e7 ae e3 bf 0e 2a 2c a8 f7";
	uint8_t f[160] = { 0x08, 0x01 }, key[5];
	size_t body = unhex(data, f + 28), n = 28 + body + 4;

	printf("IEEE 802.11 Annex M WEP-40\n");
	check(wifi_icv(f + 28, body) == 0x04b6d01b, "ICV 1b d0 b6 04 over the MPDU data");
	unhex("30 31 32 33 34", key);
	unhex("fb 02 9e 80", f + 24);
	check(wifi_seal(WIFI_CIPHER_WEP, key, 5, f, n) && same(f + 28, cipher),
	      "RC4 over data and ICV gives the standard's ciphertext");
	check(wifi_open(WIFI_CIPHER_WEP, key, 5, f, n) == WIFI_OPEN_OK && same(f + 28, data),
	      "and opens again");
	key[0] ^= 1;
	wifi_seal(WIFI_CIPHER_WEP, key, 5, f, n);
	key[0] ^= 1;
	check(wifi_open(WIFI_CIPHER_WEP, key, 5, f, n) == WIFI_OPEN_BAD,
	      "sealed with another key: the ICV fails");
	check(wifi_open(WIFI_CIPHER_WEP, key, 5, f, 30) == WIFI_OPEN_SHORT,
	      "a frame shorter than IV and ICV is refused");
}

int main(void)
{
	test_rfc3610();
	test_ccmp_mpdu();
	test_tkip_mixing();
	test_michael();
	test_tkip_mpdu();
	test_wep();
	return checks_report("test_crypto");
}
