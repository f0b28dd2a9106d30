// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Receive side: the RX filter and the descriptor ring that starts at
 * RXDP.  A received frame fills the descriptor RXDP points at, then RXDP
 * moves along its link; a frame longer than that descriptor's buffer goes
 * on into the next ones.  The driver keeps the newest descriptor linked to
 * itself; reaching one that is still done means the ring is exhausted
 * (RXEOL) and the frame is lost.  Protected frames go through the key
 * cache first (keycache.c), which decrypts them and sets the key-index,
 * decrypt-CRC and MIC status bits as the hardware does.
 */
#include "card_model.h"

#include <string.h>

#define RXD_STATUS		16
#define RX_CTL1_BUF_LEN		0x00000fff

#define RX_ST0_MORE		0x00001000
#define RX_ST0_RATE_SHIFT	15
#define RX_ST0_RSSI_SHIFT	20
#define RX_ST1_DONE		0x00000001
#define RX_ST1_OK		0x00000002
#define RX_ST1_CRC		0x00000004
#define RX_ST1_TSF_SHIFT	16

/* The 5210/5211 status layout (rx_status_5210) */
#define RX_ST0_5210_RATE_SHIFT	15
#define RX_ST0_5210_RSSI_SHIFT	19
#define RX_ST1_5210_DECRYPT_CRC	0x00000010
#define RX_ST1_5210_PHYERR_SHIFT 5
#define RX_ST1_5210_KEY_VALID	0x00000100
#define RX_ST1_5210_KEY_SHIFT	9
#define RX_ST1_5210_KEY_MASK	0x3f
#define RX_ST1_5210_TSF_SHIFT	15
#define RX_ST1_5210_TSF_MASK	0x1fff
#define RX_ST1_5210_KEY_MISS	0x10000000
/* The 5212 fields it is made from */
#define RX_ST1_DECRYPT_CRC	0x00000008
#define RX_ST1_PHYERR		0x00000010
#define RX_ST1_MIC		0x00000020
#define RX_ST1_PHYERR_CODE_SHIFT 8
#define RX_ST1_KEY_VALID	0x00000100
#define RX_ST1_KEY_MISS		0x80000000

#define RING_LIMIT		64	/* done descriptors skipped per part */
/* Descriptors one frame may fill: a guard against rings of empty buffers */
#define RX_PART_LIMIT		256
#define REG_FCS_FAIL		0x8094

static bool is_group(const uint8_t *addr)
{
	return addr[0] & 1;
}

static bool is_broadcast(const uint8_t *addr)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	return !memcmp(addr, bcast, 6);
}

static void bssid_of(const struct card *card, uint8_t bssid[6])
{
	uint32_t lo = card_reg(card, REG_BSSID0), hi = card_reg(card, REG_BSSID1);

	for (int i = 0; i < 4; i++)
		bssid[i] = (uint8_t)(lo >> (8 * i));
	bssid[4] = hi & 0xff;
	bssid[5] = hi >> 8 & 0xff;
}

/*
 * The baseband decodes what its PHY_MODE selects: OFDM unless set to CCK
 * only (802.11b), CCK only on 2 GHz with CCK or dynamic CCK/OFDM.  So
 * nothing on 5 GHz hears a CCK frame.
 */
bool rx_decodes(const struct card *card, uint8_t rate_code)
{
	uint32_t mode = card_reg(card, REG_PHY_MODE);

	if (rate_code & 0x10)
		return (mode & PHY_MODE_2GHZ) && (mode & (PHY_MODE_CCK | PHY_MODE_DYN));
	return !(mode & PHY_MODE_CCK);
}

/* The bin of the 64-bit hash filter: XOR of the address's eight 6-bit groups. */
unsigned int rx_mcast_hash(const uint8_t *addr)
{
	uint64_t v = 0;
	unsigned int pos = 0;

	for (int i = 5; i >= 0; i--)
		v = v << 8 | addr[i];
	for (unsigned int i = 0; i < 8; i++)
		pos ^= (unsigned int)(v >> (6 * i)) & 0x3f;
	return pos;
}

static bool mcast_hash_passes(const struct card *card, const uint8_t *addr)
{
	unsigned int bin = rx_mcast_hash(addr);
	uint32_t word = card_reg(card, bin < 32 ? REG_MCAST_FILTER0 : REG_MCAST_FILTER1);

	return word >> (bin % 32) & 1;
}

bool rx_accepts(struct card *card, const struct air_frame *f)
{
	uint32_t filter = card_reg(card, REG_RX_FILTER);
	unsigned int type, subtype;
	const uint8_t *addr1 = f->data + 4;
	uint8_t own[6], mask[6], bssid[6];

	/* Frames that fail the FCS go up flagged; the driver counts them. */
	if ((filter & RX_FILTER_PROM) || f->fcs_bad)
		return true;
	if (f->len < 10 + 4)
		return false;		/* too short to address: noise */
	type = f->data[0] >> 2 & 3;
	subtype = f->data[0] >> 4;
	if (type == 1)
		return filter & RX_FILTER_CONTROL;
	card_own_mac(card, own);
	card_addr_mask(card, mask);
	if (!is_group(addr1) && card_owns_addr(own, mask, addr1))
		return filter & RX_FILTER_UCAST;
	if (type == 0 && subtype == 8) {	/* beacon */
		bssid_of(card, bssid);
		return (filter & RX_FILTER_BEACON) ||
		       (f->len >= 24 && !memcmp(f->data + 16, bssid, 6));
	}
	if (type == 0 && subtype == 4)		/* probe request */
		return (filter & RX_FILTER_PROBEREQ) ||
		       (is_broadcast(addr1) && (filter & RX_FILTER_BCAST));
	if (is_broadcast(addr1))
		return filter & RX_FILTER_BCAST;
	if (is_group(addr1))
		return (filter & RX_FILTER_MCAST) && mcast_hash_passes(card, addr1);
	return false;
}

/* The frame as it lands in the buffer: pad after 26/30-byte headers. */
static unsigned int layout(const struct air_frame *f, uint8_t *out)
{
	unsigned int pos = wifi_pad_position(f->data, f->len), pad = pos & 3;

	if (f->len < 2 || (f->data[0] & 0x0c) != 0x08 || f->len <= pos)
		pad = 0;		/* only data frames carry the pad */
	if (!pad) {
		memcpy(out, f->data, f->len);
		return f->len;
	}
	memcpy(out, f->data, pos);
	memset(out + pos, 0, pad);
	memcpy(out + pos + pad, f->data + pos, f->len - pos);
	return f->len + pad;
}

/*
 * The AR5211 writes the 5210 layout: a 4-bit rate, RSSI one bit lower,
 * decrypt-CRC at bit 4, a 3-bit PHY error code at 7:5 (overlaying no key
 * fields), a 6-bit key index, 13 bits of TSF at 27:15, key-cache miss at
 * bit 28 and no MIC-error bit: it has no Michael check, so a frame whose
 * only fault is its MIC is received OK and the host finds the bad MIC.
 * Made from the 5212 status so faults and the key cache speak one layout.
 */
void rx_status_5210(const struct card *card, uint32_t st[2])
{
	uint32_t s0 = st[0], s1 = st[1];
	uint8_t rate = card_rate_to_hw(card, s0 >> RX_ST0_RATE_SHIFT & 0x1f);

	st[0] = (s0 & (RX_CTL1_BUF_LEN | RX_ST0_MORE)) |
		(uint32_t)(rate & 0xf) << RX_ST0_5210_RATE_SHIFT |
		(s0 >> RX_ST0_RSSI_SHIFT & 0xff) << RX_ST0_5210_RSSI_SHIFT;
	st[1] = s1 & (RX_ST1_DONE | RX_ST1_OK | RX_ST1_CRC);
	if ((s1 & RX_ST1_MIC) &&
	    !(s1 & (RX_ST1_CRC | RX_ST1_DECRYPT_CRC | RX_ST1_PHYERR)))
		st[1] |= RX_ST1_OK;
	st[1] |= ((s1 >> RX_ST1_TSF_SHIFT) & RX_ST1_5210_TSF_MASK) << RX_ST1_5210_TSF_SHIFT;
	if (s1 & RX_ST1_DECRYPT_CRC)
		st[1] |= RX_ST1_5210_DECRYPT_CRC;
	if (s1 & RX_ST1_KEY_MISS)
		st[1] |= RX_ST1_5210_KEY_MISS;
	if (s1 & RX_ST1_PHYERR) {
		st[1] |= (s1 >> RX_ST1_PHYERR_CODE_SHIFT & 7) << RX_ST1_5210_PHYERR_SHIFT;
		return;
	}
	if (s1 & RX_ST1_KEY_VALID)
		st[1] |= RX_ST1_5210_KEY_VALID |
			 ((s1 >> RX_ST1_5210_KEY_SHIFT) & RX_ST1_5210_KEY_MASK) <<
			 RX_ST1_5210_KEY_SHIFT;
}

/*
 * The first descriptor from cur the driver has not yet seen filled, with
 * its words in d; 0 when the ring has run out.  Done ones are walked past
 * along their links, RXDP following, as long as the driver linked more.
 */
static uint32_t rx_next_free(struct card *card, uint32_t cur, uint32_t d[6])
{
	for (unsigned int i = 0; i < RING_LIMIT && cur; i++) {
		if (!card->ops->dma_read(card->host, cur, d, 6 * sizeof(*d))) {
			card_logf(card, "RX descriptor 0x%08x unreadable", cur);
			return 0;
		}
		card->stats.rx_desc_fetched++;
		if (!(d[5] & RX_ST1_DONE))
			return cur;
		if (!d[0] || d[0] == cur)
			return 0;	/* driver has not handed us more */
		cur = d[0];
		card_reg_set(card, REG_RXDP, cur);
	}
	return 0;
}

/*
 * A frame longer than a descriptor's buffer goes on in the next ones.
 * Every descriptor but the last gets DONE, MORE and its part's length and
 * nothing more; the last gets MORE clear and the frame's status.  From
 * Linux 6.1's drivers/net/wireless/ath:
 * - DONE on the parts: ath5k/desc.c:610-612 and :706-707 take a
 *   descriptor without it for one still being filled (-EINPROGRESS), and
 *   ath9k/recv.c:1157-1173 consumes MORE descriptors as finished parts,
 *   appending each one's rs_datalen bytes to the frame (recv.c:1175-1190).
 * - No status on them: ath9k/common.c:68-71 notes that the error status
 *   is filled in only on a chain's final descriptor, and
 *   ath9k/recv.c:851-853 returns before looking at a MORE one's status.
 * OK stays clear on a part as well (the FCS verdict only exists at the
 * frame's end); with OK clear and no error bit, ath5k/desc.c:655-677 and
 * :738-755 still find no error in it.  Rate, RSSI, key and TSF are left
 * out of parts too: neither kernel driver uses them from one.
 */
static bool rx_write_part(struct card *card, uint32_t desc, uint32_t buf,
			  const uint8_t *bytes, unsigned int len,
			  const uint32_t final_status[2])
{
	uint32_t status[2] = { RX_ST0_MORE | len, RX_ST1_DONE };

	if (final_status)
		memcpy(status, final_status, sizeof(status));
	if (!card->ops->dma_write(card->host, buf, bytes, len) ||
	    !card->ops->dma_write(card->host, desc + RXD_STATUS, status,
				  sizeof(status))) {
		card_logf(card, "RX DMA to 0x%08x failed", buf);
		return false;
	}
	card->stats.rx_desc_written++;
	return true;
}

/*
 * The ring running out mid-frame (the next descriptor still done, or no
 * link) loses the frame as RXEOL, as running out before its first byte
 * does.  The parts already written stay as they are: silicon writes a
 * part's status when its buffer is full and only then fetches the next
 * descriptor, so it cannot take back a part once it finds nowhere to put
 * the rest.  The driver is left with DONE|MORE parts and no last one.
 */
void rx_deliver(struct card *card, const struct air_frame *air)
{
	static uint8_t bytes[CARD_MAX_FRAME + 4];
	static struct air_frame opened;
	const struct air_frame *f = air;
	unsigned int total, stored = 0, parts = 0;
	struct rx_crypto crypto;
	bool ok;

	if (!card_is_receiving(card) || !rx_decodes(card, air->rate_code))
		return;
	if (!rx_accepts(card, air)) {
		journal_note(card, false, air, "filtered");
		return;
	}
	if (air->fcs_bad)
		card_reg_set(card, REG_FCS_FAIL, card_reg(card, REG_FCS_FAIL) + 1);
	keycache_receive(card, air, &opened, &crypto);
	if (crypto.outcome == RX_CRYPTO_OK || crypto.outcome == RX_CRYPTO_MIC_FAIL)
		f = &opened;
	ok = !f->fcs_bad && crypto.outcome != RX_CRYPTO_ICV_FAIL &&
	     crypto.outcome != RX_CRYPTO_MIC_FAIL;
	total = layout(f, bytes);
	while (parts < RX_PART_LIMIT) {
		uint32_t d[6], status[2], cur;
		unsigned int len;

		cur = rx_next_free(card, card_reg(card, REG_RXDP), d);
		if (!cur)
			break;
		len = d[3] & RX_CTL1_BUF_LEN;
		if (len >= total - stored) {
			len = total - stored;
			status[0] = (uint32_t)f->rate_code << RX_ST0_RATE_SHIFT |
				    (uint32_t)f->rssi << RX_ST0_RSSI_SHIFT | len;
			status[1] = RX_ST1_DONE | (f->fcs_bad ? RX_ST1_CRC : 0) |
				    (ok ? RX_ST1_OK : 0) | crypto.status1 |
				    (uint32_t)(card_tsf(card) & 0x7fff) << RX_ST1_TSF_SHIFT;
			fault_rx_status(card, status);
			if (card_desc_format(card) != CARD_DESC_5212)
				rx_status_5210(card, status);
			if (!rx_write_part(card, cur, d[1], bytes + stored, len, status))
				break;
			card->frames_received++;
			card->stats.rx_frames++;
			keycache_count_rx(card, &crypto);
			if (d[0])
				card_reg_set(card, REG_RXDP, d[0]);
			card_raise_pisr(card, ok ? INT_RXOK : INT_RXERR);
			journal_note(card, false, air,
				     ok ? "received" : "received with an error");
			return;
		}
		/* MORE, DONE and the length sit alike in both status layouts */
		if (!rx_write_part(card, cur, d[1], bytes + stored, len, NULL))
			break;
		stored += len;
		parts++;
		if (d[0])
			card_reg_set(card, REG_RXDP, d[0]);
	}
	journal_note(card, false, air,
		     parts ? "partly stored (RXEOL)" : "not stored (RXEOL)");
	card->rx_dropped++;
	card_raise_pisr(card, INT_RXEOL);
}
