// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * AR5212 descriptors: TX control words (lengths, power, antenna, key,
 * flags, four retry series), TX and RX status decoding, RX setup, and
 * refusal of impossible parameters; the AR5211's two-word TX descriptor,
 * its status at words 4/5 and its 5210/5211 RX status.  Expected words are written out from
 * the documented bit layout.
 *
 * Links: src/desc.c src/desc_2word.c
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <asm/barrier.h>

#include "hw_internal.h"
#include "check.h"

/* The descriptor format follows the chip: an AR5212-family one here. */
static struct ath5k_hw ah5212 = { .desc_ops = &ath5k_desc_5212_ops };

static u32 w(__le32 v)
{
	return le32_to_cpu(v);
}

static struct ath5k_tx_params base_params(void)
{
	struct ath5k_tx_params p;

	memset(&p, 0, sizeof(p));
	p.frame_len = 1504;
	p.buf_len = 1500;
	p.pkt_type = ATH5K_PKT_NORMAL;
	p.txpower = 40;
	p.key_index = ATH5K_KEY_INVALID;
	p.rate[0] = 0x0c;	/* 54 Mbit/s */
	p.tries[0] = 2;
	return p;
}

static void test_tx_setup(void)
{
	struct ath5k_desc d;
	struct ath5k_tx_params p = base_params();

	printf("check: TX descriptor words for one series, no key\n");
	memset(&d, 0xa5, sizeof(d));
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[0]), 1504u | 40u << 16);
	CHECK_EQ(w(d.tx.ctl[1]), 1500u);
	CHECK_EQ(w(d.tx.ctl[2]), 2u << 16);
	CHECK_EQ(w(d.tx.ctl[3]), 0x0cu);
	CHECK_EQ(w(d.tx.status[0]), 0);
	CHECK_EQ(w(d.tx.status[1]), 0);

	printf("check: multi-rate retry, key, antenna, flags, frame type\n");
	p.rate[1] = 0x0a;
	p.tries[1] = 3;
	p.rate[2] = 0x1b;
	p.tries[2] = 4;
	p.rate[3] = 0x1a;
	p.tries[3] = 15;
	p.key_index = 100;
	p.antenna = 2;
	p.flags = ATH5K_TXF_INTREQ | ATH5K_TXF_NOACK | ATH5K_TXF_VEOL |
		  ATH5K_TXF_CLRDMASK;
	p.pkt_type = ATH5K_PKT_BEACON;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[0]), 1504u | 40u << 16 | 1u << 23 | 1u << 24 |
		 2u << 25 | 1u << 29 | 1u << 30);
	CHECK_EQ(w(d.tx.ctl[1]), 1500u | 100u << 13 | 3u << 20 | 1u << 24);
	CHECK_EQ(w(d.tx.ctl[2]), 2u << 16 | 3u << 20 | 4u << 24 | 15u << 28);
	CHECK_EQ(w(d.tx.ctl[3]), 0x0cu | 0x0au << 5 | 0x1bu << 10 |
		 0x1au << 15);

	printf("check: a zero try count ends the series list\n");
	p.tries[2] = 0;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[2]), 2u << 16 | 3u << 20);
	CHECK_EQ(w(d.tx.ctl[3]), 0x0cu | 0x0au << 5);

	printf("check: RTS protection carries rate and duration\n");
	p = base_params();
	p.flags = ATH5K_TXF_RTS;
	p.rtscts_rate = 0x0b;
	p.rtscts_duration = 300;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), 0);
	CHECK(w(d.tx.ctl[0]) & (1u << 22));
	CHECK(!(w(d.tx.ctl[0]) & (1u << 31)));
	CHECK_EQ(w(d.tx.ctl[2]) & 0x7fff, 300);
	CHECK_EQ((w(d.tx.ctl[3]) >> 20) & 0x1f, 0x0b);
	p.flags = ATH5K_TXF_CTS;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), 0);
	CHECK(w(d.tx.ctl[0]) & (1u << 31));
}

static void test_tx_refuse(void)
{
	struct ath5k_desc d;
	struct ath5k_tx_params p;

	printf("check: impossible TX parameters are refused\n");
	p = base_params();
	p.tries[0] = 0;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), -EINVAL);
	p = base_params();
	p.rate[0] = 0;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), -EINVAL);
	p = base_params();
	p.frame_len = 4096;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), -EINVAL);
	p = base_params();
	p.key_index = 128;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), -EINVAL);
	p = base_params();
	p.flags = ATH5K_TXF_RTS | ATH5K_TXF_CTS;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5212, &d, &p), -EINVAL);
}

static void test_tx_status(void)
{
	struct ath5k_desc d;
	struct ath5k_tx_status ts;

	printf("check: TX status not yet written back is in progress\n");
	memset(&d, 0, sizeof(d));
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5212, &d, &ts), -EINPROGRESS);

	printf("check: TX status: acked in series 2 after 3 failed attempts there\n");
	d.tx.status[0] = cpu_to_le32(1u | 1u << 4 | 3u << 8 | 0x1234u << 16);
	d.tx.status[1] = cpu_to_le32(1u | 0x5a5u << 1 | 0xf6u << 13 |
				     2u << 21 | 1u << 24);
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5212, &d, &ts), 0);
	CHECK_EQ(ts.flags, ATH5K_TXS_OK);
	CHECK_EQ(ts.short_retry, 1);
	CHECK_EQ(ts.long_retry, 3);
	CHECK_EQ(ts.tstamp, 0x1234);
	CHECK_EQ(ts.seq, 0x5a5);
	CHECK_EQ(ts.ack_rssi, -10);
	CHECK_EQ(ts.final_idx, 2);
	CHECK_EQ(ts.antenna, 2);

	printf("check: TX status: excessive retries, FIFO, filtered\n");
	d.tx.status[0] = cpu_to_le32(1u << 1 | 1u << 2 | 1u << 3 | 15u << 8);
	d.tx.status[1] = cpu_to_le32(1u | 3u << 21);
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5212, &d, &ts), 0);
	CHECK_EQ(ts.flags, ATH5K_TXS_XRETRY | ATH5K_TXS_FIFO |
		 ATH5K_TXS_FILTERED);
	CHECK_EQ(ts.long_retry, 15);
	CHECK_EQ(ts.final_idx, 3);
}

static void test_tx_attempts(void)
{
	static const u8 tries[ATH5K_MRR_SERIES] = { 4, 2, 2, 0 };
	struct ath5k_tx_status ts;
	u8 attempts[ATH5K_MRR_SERIES];

	printf("check: attempts: ACK on the very first try counts one\n");
	memset(&ts, 0, sizeof(ts));
	ts.flags = ATH5K_TXS_OK;
	CHECK_EQ(ath5k_hw_tx_attempts(&ts, tries, attempts), 0);
	CHECK_EQ(attempts[0], 1);
	CHECK_EQ(attempts[1], 0);
	CHECK_EQ(attempts[3], 0);

	printf("check: attempts: ACK in series 1 after one retry there\n");
	ts.final_idx = 1;
	ts.long_retry = 1;
	CHECK_EQ(ath5k_hw_tx_attempts(&ts, tries, attempts), 1);
	CHECK_EQ(attempts[0], 4);
	CHECK_EQ(attempts[1], 2);
	CHECK_EQ(attempts[2], 0);

	printf("check: attempts: every series failed (excessive retries)\n");
	ts.flags = ATH5K_TXS_XRETRY;
	ts.final_idx = 2;
	ts.long_retry = 2;
	CHECK_EQ(ath5k_hw_tx_attempts(&ts, tries, attempts), 2);
	CHECK_EQ(attempts[0], 4);
	CHECK_EQ(attempts[1], 2);
	CHECK_EQ(attempts[2], 2);
	CHECK_EQ(attempts[3], 0);

	printf("check: attempts: filtered before any attempt counts none\n");
	memset(&ts, 0, sizeof(ts));
	ts.flags = ATH5K_TXS_FILTERED;
	CHECK_EQ(ath5k_hw_tx_attempts(&ts, tries, attempts), 0);
	CHECK_EQ(attempts[0], 0);

	printf("check: attempts: a final index beyond the series is clamped\n");
	ts.flags = ATH5K_TXS_OK;
	ts.final_idx = 7;
	ts.long_retry = 15;
	CHECK_EQ(ath5k_hw_tx_attempts(&ts, tries, attempts), 3);
	CHECK_EQ(attempts[3], 16);
}

static void test_rx(void)
{
	struct ath5k_desc d;
	struct ath5k_rx_status rs;

	printf("check: RX descriptor setup and size limits\n");
	memset(&d, 0xff, sizeof(d));
	CHECK_EQ(ath5k_hw_rx_desc_setup(&d, 2368, true), 0);
	CHECK_EQ(w(d.rx.ctl[0]), 0);
	CHECK_EQ(w(d.rx.ctl[1]), 2368u | 1u << 13);
	CHECK_EQ(w(d.rx.status[0]), 0);
	CHECK_EQ(w(d.rx.status[1]), 0);
	CHECK_EQ(ath5k_hw_rx_desc_setup(&d, 4096, false), -EINVAL);
	CHECK_EQ(ath5k_hw_rx_desc_setup(&d, 0, false), -EINVAL);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5212, &d, &rs), -EINPROGRESS);

	printf("check: RX status: good frame decrypted with key 5\n");
	d.rx.status[0] = cpu_to_le32(1504u | 0x0cu << 15 | 40u << 20 |
				     1u << 28);
	d.rx.status[1] = cpu_to_le32(1u | 1u << 1 | 1u << 8 | 5u << 9 |
				     0x7abcu << 16);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5212, &d, &rs), 0);
	CHECK_EQ(rs.len, 1504);
	CHECK_EQ(rs.rate, 0x0c);
	CHECK_EQ(rs.rssi, 40);
	CHECK_EQ(rs.antenna, 1);
	CHECK_EQ(rs.flags, 0);
	CHECK(rs.key_valid);
	CHECK_EQ(rs.key_index, 5);
	CHECK_EQ(rs.tstamp, 0x7abc);
	CHECK(!rs.more);

	printf("check: RX status: CRC error, continued frame\n");
	d.rx.status[0] = cpu_to_le32(100u | 1u << 12);
	d.rx.status[1] = cpu_to_le32(1u | 1u << 2);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5212, &d, &rs), 0);
	CHECK_EQ(rs.flags, ATH5K_RXE_CRC);
	CHECK(rs.more);
	CHECK(!rs.key_valid);

	printf("check: RX status: PHY error code overlays the key fields\n");
	d.rx.status[0] = cpu_to_le32(0);
	d.rx.status[1] = cpu_to_le32(1u | 1u << 4 | 0x13u << 8);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5212, &d, &rs), 0);
	CHECK_EQ(rs.flags, ATH5K_RXE_PHY);
	CHECK_EQ(rs.phyerr, 0x13);
	CHECK(!rs.key_valid);

	printf("check: RX status: decrypt and MIC failures, key miss\n");
	d.rx.status[1] = cpu_to_le32(1u | 1u << 3 | 1u << 5 | 1u << 31);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5212, &d, &rs), 0);
	CHECK_EQ(rs.flags, ATH5K_RXE_DECRYPT | ATH5K_RXE_MIC);
	CHECK(rs.key_miss);
}

/*
 * A weakly ordered bus: the device wrote status word 0 before the DONE
 * word, but the CPU is only sure to see it after dma_rmb().  Until the
 * barrier the descriptor shows a stale word 0.
 */
static __le32 *late_word;
static u32 late_value;
static unsigned int rmb_calls;

static void late_word_lands(void)
{
	rmb_calls++;
	if (late_word)
		*late_word = cpu_to_le32(late_value);
}

static void test_status_order(void)
{
	struct ath5k_rx_status rs;
	struct ath5k_tx_status ts;
	struct ath5k_desc d;

	ath5k_shim_dma_rmb_hook = late_word_lands;

	printf("check: RX word 0 is read after DONE and a read barrier\n");
	memset(&d, 0, sizeof(d));
	d.rx.status[0] = cpu_to_le32(0xdeadu);		/* stale */
	d.rx.status[1] = cpu_to_le32(1u | 1u << 1);	/* DONE, OK */
	late_word = &d.rx.status[0];
	late_value = 1504u | 0x0cu << 15;
	rmb_calls = 0;
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5212, &d, &rs), 0);
	CHECK_EQ(rmb_calls, 1);
	CHECK_EQ(rs.len, 1504);
	CHECK_EQ(rs.rate, 0x0c);

	printf("check: TX word 0 is read after DONE and a read barrier\n");
	memset(&d, 0, sizeof(d));
	d.tx.status[0] = cpu_to_le32(0xbeefu << 16);	/* stale */
	d.tx.status[1] = cpu_to_le32(1u);		/* DONE */
	late_word = &d.tx.status[0];
	late_value = 1u | 0x1234u << 16;		/* acked */
	rmb_calls = 0;
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5212, &d, &ts), 0);
	CHECK_EQ(rmb_calls, 1);
	CHECK_EQ(ts.flags, ATH5K_TXS_OK);
	CHECK_EQ(ts.tstamp, 0x1234);

	printf("check: a descriptor without DONE is neither fenced nor parsed\n");
	memset(&d, 0, sizeof(d));
	d.rx.status[0] = cpu_to_le32(0x5a5u);
	late_word = NULL;
	rmb_calls = 0;
	memset(&rs, 0x77, sizeof(rs));
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5212, &d, &rs), -EINPROGRESS);
	CHECK_EQ(rs.len, 0x7777);
	memset(&ts, 0x77, sizeof(ts));
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5212, &d, &ts), -EINPROGRESS);
	CHECK_EQ(ts.tstamp, 0x7777);
	CHECK_EQ(rmb_calls, 0);

	ath5k_shim_dma_rmb_hook = NULL;
}

/*
 * AR5211: two TX control words (frame length 11:0, rate 21:18, RTS 22,
 * VEOL 23, CLRDMASK 24, antenna 28:25, interrupt 29, key valid 30; buffer
 * length 11:0, key index 19:13, frame type 22:20, no-ACK 23), the status
 * in words 4/5; the 5210/5211 RX status (rate 18:15, RSSI 26:19, antenna
 * 29:27; decrypt-CRC 4, PHY error 7:5, key index 14:9, TSF 27:15, key
 * miss 28).
 */
static struct ath5k_hw ah5211 = {
	.ar5211 = true,
	.desc_ops = &ath5k_desc_5211_ops,
};

static void test_5211_tx(void)
{
	struct ath5k_tx_params p = base_params();
	struct ath5k_tx_status ts;
	struct ath5k_desc d;

	printf("check: AR5211 TX: two control words, one rate, no power, status zeroed\n");
	memset(&d, 0xff, sizeof(d));
	p.antenna = 2;
	p.tries[1] = 3;
	p.rate[1] = 0x0b;
	p.flags = ATH5K_TXF_INTREQ | ATH5K_TXF_CLRDMASK | ATH5K_TXF_NOACK;
	p.key_index = 37;
	p.pkt_type = ATH5K_PKT_BEACON;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5211, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[0]), 1504u | 0xcu << 18 | 1u << 24 | 2u << 25 |
		 1u << 29 | 1u << 30);
	CHECK_EQ(w(d.tx.ctl[1]), 1500u | 37u << 13 | 3u << 20 | 1u << 23);
	CHECK_EQ(w(d.tx.ctl[2]), 0);
	CHECK_EQ(w(d.tx.ctl[3]), 0);

	printf("check: AR5211 TX: 1 Mbit/s CCK as its low nibble, RTS and VEOL\n");
	p = base_params();
	p.rate[0] = 0x1b;
	p.flags = ATH5K_TXF_RTS | ATH5K_TXF_VEOL;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5211, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[0]), 1504u | 0xbu << 18 | 1u << 22 | 1u << 23);
	CHECK_EQ(w(d.tx.ctl[1]), 1500u);

	printf("check: AR5211 TX: CTS-to-self and impossible lengths refused\n");
	p.flags = ATH5K_TXF_CTS;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5211, &d, &p), -EOPNOTSUPP);
	p = base_params();
	p.frame_len = 4096;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5211, &d, &p), -EINVAL);
	p = base_params();
	p.key_index = 128;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5211, &d, &p), -EINVAL);

	printf("check: AR5211 TX status is read from words 4/5\n");
	memset(&d, 0, sizeof(d));
	d.tx.status[1] = cpu_to_le32(1u);	/* the AR5212's place: not ours */
	CHECK(!ath5k_hw_tx_desc_done(&ah5211, &d));
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5211, &d, &ts), -EINPROGRESS);
	d.tx.ctl[2] = cpu_to_le32(1u | 2u << 4 | 4u << 8 | 0x4321u << 16);
	d.tx.ctl[3] = cpu_to_le32(1u | 0x123u << 1 | 0x14u << 13 | 3u << 21 |
				  1u << 24);
	CHECK(ath5k_hw_tx_desc_done(&ah5211, &d));
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5211, &d, &ts), 0);
	CHECK_EQ(ts.flags, ATH5K_TXS_OK);
	CHECK_EQ(ts.short_retry, 2);
	CHECK_EQ(ts.long_retry, 4);
	CHECK_EQ(ts.tstamp, 0x4321);
	CHECK_EQ(ts.seq, 0x123);
	CHECK_EQ(ts.ack_rssi, 20);
	/* one series, one antenna whatever those bits hold */
	CHECK_EQ(ts.final_idx, 0);
	CHECK_EQ(ts.antenna, 1);

	printf("check: AR5211 TX status: excessive retries\n");
	d.tx.ctl[2] = cpu_to_le32(1u << 1 | 7u << 8);
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5211, &d, &ts), 0);
	CHECK_EQ(ts.flags, ATH5K_TXS_XRETRY);
	CHECK_EQ(ts.long_retry, 7);
}

static void test_5211_rx(void)
{
	struct ath5k_rx_status rs;
	struct ath5k_desc d;

	printf("check: AR5211 RX status: good frame, key 37, 13 TSF bits\n");
	memset(&d, 0, sizeof(d));
	ah5211.chan.mode = ATH5K_MODE_11A;
	d.rx.status[0] = cpu_to_le32(1504u | 0xbu << 15 | 0xc8u << 19 |
				     2u << 27);
	d.rx.status[1] = cpu_to_le32(1u | 1u << 1 | 1u << 8 | 37u << 9 |
				     0x1abcu << 15 | 1u << 28);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5211, &d, &rs), 0);
	CHECK_EQ(rs.len, 1504);
	CHECK_EQ(rs.rate, 0x0b);		/* 6 Mbit/s on 11a */
	CHECK_EQ(rs.rssi, -56);
	CHECK_EQ(rs.antenna, 2);
	CHECK_EQ(rs.flags, 0);
	CHECK(rs.key_valid);
	CHECK_EQ(rs.key_index, 37);
	CHECK_EQ(rs.tstamp, 0x1abc);
	CHECK(rs.key_miss);
	CHECK_EQ(ath5k_hw_rx_tstamp_mask(&ah5211), 0x1fff);
	CHECK_EQ(ath5k_hw_rx_tstamp_mask(&ah5212), 0x7fff);

	printf("check: AR5211 RX status: the same code is 1 Mbit/s CCK on 11b\n");
	ah5211.chan.mode = ATH5K_MODE_11B;
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5211, &d, &rs), 0);
	CHECK_EQ(rs.rate, 0x1b);

	printf("check: AR5211 RX status: 3-bit PHY error beside the key fields\n");
	d.rx.status[1] = cpu_to_le32(1u | 5u << 5);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5211, &d, &rs), 0);
	CHECK_EQ(rs.flags, ATH5K_RXE_PHY);
	CHECK_EQ(rs.phyerr, 5);

	printf("check: AR5211 RX status: CRC and decrypt-CRC, no MIC bit\n");
	d.rx.status[1] = cpu_to_le32(1u | 1u << 2 | 1u << 4);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5211, &d, &rs), 0);
	CHECK_EQ(rs.flags, ATH5K_RXE_CRC | ATH5K_RXE_DECRYPT);
	CHECK(!rs.key_miss);
	CHECK(!ath5k_hw_rx_desc_done(&(struct ath5k_desc){ 0 }));
	CHECK(ath5k_hw_rx_desc_done(&d));
}

/*
 * The AR5210's two control words: header length at ctl0 17:12 (a 24-byte
 * header reads 24 there), its frame type at 28:26 ("no delay", 3, for
 * beacons and probe responses), antenna B at bit 25, no VEOL and no
 * NOACK; a 6-bit key index at ctl1 18:13 and the RTS duration at 31:19.
 */
static struct ath5k_hw ah5210 = {
	.ar5211 = true,
	.ar5210 = true,
	.desc_ops = &ath5k_desc_5210_ops,
};

static void test_5210_tx(void)
{
	struct ath5k_tx_params p = base_params();
	struct ath5k_rx_status rs;
	struct ath5k_tx_status ts;
	struct ath5k_desc d;

	printf("check: AR5210 TX: header length at 17:12, frame type at 28:26\n");
	memset(&d, 0xff, sizeof(d));
	p.hdr_len = 24;
	p.antenna = 2;
	p.flags = ATH5K_TXF_INTREQ | ATH5K_TXF_CLRDMASK | ATH5K_TXF_NOACK |
		  ATH5K_TXF_VEOL;
	p.key_index = 37;
	p.pkt_type = ATH5K_PKT_BEACON;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5210, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[0]), 1504u | 24u << 12 | 0xcu << 18 | 1u << 24 |
		 1u << 25 | 3u << 26 | 1u << 29 | 1u << 30);
	CHECK_EQ(w(d.tx.ctl[1]), 1500u | 37u << 13);
	CHECK_EQ(w(d.tx.ctl[2]), 0);
	CHECK_EQ(w(d.tx.ctl[3]), 0);

	printf("check: AR5210 TX: a 30-byte header, probe response, PS-Poll\n");
	p = base_params();
	p.hdr_len = 30;
	p.pkt_type = ATH5K_PKT_PROBE_RESP;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5210, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[0]), 1504u | 30u << 12 | 0xcu << 18 | 3u << 26);
	p.pkt_type = ATH5K_PKT_PSPOLL;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5210, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[0]), 1504u | 30u << 12 | 0xcu << 18 | 2u << 26);

	printf("check: AR5210 TX: RTS with its duration in ctl1 31:19\n");
	p = base_params();
	p.hdr_len = 24;
	p.flags = ATH5K_TXF_RTS;
	p.rtscts_duration = 314;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5210, &d, &p), 0);
	CHECK_EQ(w(d.tx.ctl[0]), 1504u | 24u << 12 | 0xcu << 18 | 1u << 22);
	CHECK_EQ(w(d.tx.ctl[1]), 1500u | 314u << 19);

	printf("check: AR5210 TX: CTS, key 64 and a 64-byte header refused\n");
	p.flags = ATH5K_TXF_CTS;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5210, &d, &p), -EOPNOTSUPP);
	p = base_params();
	p.key_index = 64;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5210, &d, &p), -EINVAL);
	p = base_params();
	p.hdr_len = 64;
	CHECK_EQ(ath5k_hw_tx_desc_setup(&ah5210, &d, &p), -EINVAL);

	printf("check: AR5210 TX status from words 4/5, as the AR5211's\n");
	memset(&d, 0, sizeof(d));
	d.tx.ctl[2] = cpu_to_le32(1u | 3u << 8);
	d.tx.ctl[3] = cpu_to_le32(1u);
	CHECK_EQ(ath5k_hw_tx_desc_status(&ah5210, &d, &ts), 0);
	CHECK_EQ(ts.flags, ATH5K_TXS_OK);
	CHECK_EQ(ts.long_retry, 3);

	printf("check: AR5210 RX status: antenna B from bit 14\n");
	memset(&d, 0, sizeof(d));
	ah5210.chan.mode = ATH5K_MODE_11A;
	d.rx.status[0] = cpu_to_le32(100u | 1u << 14 | 0xbu << 15 | 0x28u << 19 |
				     7u << 27);
	d.rx.status[1] = cpu_to_le32(1u | 1u << 1 | 0x0123u << 15);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5210, &d, &rs), 0);
	CHECK_EQ(rs.len, 100);
	CHECK_EQ(rs.rate, 0x0b);
	CHECK_EQ(rs.rssi, 40);
	CHECK_EQ(rs.antenna, 2);
	CHECK_EQ(rs.tstamp, 0x0123);
	d.rx.status[0] = cpu_to_le32(100u | 0xbu << 15 | 7u << 27);
	CHECK_EQ(ath5k_hw_rx_desc_status(&ah5210, &d, &rs), 0);
	CHECK_EQ(rs.antenna, 1);
}

static void test_layout(void)
{
	struct ath5k_desc d;

	printf("check: descriptor layout is 32 bytes, link first\n");
	CHECK_EQ(sizeof(d), ATH5K_DESC_SIZE);
	CHECK_EQ((char *)&d.data - (char *)&d, 4);
	CHECK_EQ((char *)&d.tx.status[0] - (char *)&d, 24);
	CHECK_EQ((char *)&d.rx.status[0] - (char *)&d, 16);
	ath5k_desc_set_link(&d, 0x12345678);
	CHECK_EQ(w(d.link), 0x12345678);
}

int main(void)
{
	test_layout();
	test_tx_setup();
	test_tx_refuse();
	test_tx_status();
	test_tx_attempts();
	test_rx();
	test_status_order();
	test_5211_tx();
	test_5211_rx();
	test_5210_tx();
	return check_done("test_desc");
}
