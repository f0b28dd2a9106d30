// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What ANI reads and writes on the card (phy_noise.c, profile_counters.c,
 * immunity.c), driven as the kernel's ani.c drives it: PHY error counters
 * preloaded below the MIB threshold and counting the control socket's
 * noise through their masks, the MIB interrupt when one gets there, the
 * profile counters frozen, read and zeroed, and the immunity knobs
 * written field by field and read back by "CARD ani".
 */
#include "card_model.h"
#include "fake_host.h"

#define RX_RING			0x40000
#define TX_DESC			0x1000
#define TX_BUF			0x10000
/* ani.c and reg.h: the counters are preloaded this far below the cause */
#define CNT_MAX			0x00c00000u
#define OFDM_TRIG_HIGH		500u
#define CCK_TRIG_HIGH		200u
#define MHZ_11G			44u

static int noise(struct card *c, const char *args)
{
	char answer[256];
	int rc = card_noise_command(c, args, answer, sizeof(answer));

	if (rc)
		printf("    'noise %s': %s\n", args, answer);
	return rc;
}

/* The value of key in the "CARD ani" line, "" when it is not there. */
static const char *ani_value(struct card *c, const char *key)
{
	static char line[CARD_ANI_LINE_MAX], value[32];
	char want[40];
	const char *at;
	size_t n;

	value[0] = '\0';
	if (card_ani_summary(c, line, sizeof(line))) {
		printf("    ani: %s\n", line);
		return value;
	}
	snprintf(want, sizeof(want), " %s=", key);
	if (!strncmp(line, want + 1, strlen(want + 1)))
		at = line + strlen(want + 1);
	else if ((at = strstr(line, want)))
		at += strlen(want);
	else
		return value;
	n = strcspn(at, " ");
	if (n < sizeof(value)) {
		memcpy(value, at, n);
		value[n] = '\0';
	}
	return value;
}

static bool ani_is(struct card *c, const char *key, const char *want)
{
	const char *got = ani_value(c, key);

	if (strcmp(got, want))
		printf("    %s=%s, expected %s\n", key, got, want);
	return !strcmp(got, want);
}

/* ath5k_enable_phy_err_counters() in ani.c */
static void arm_counters(struct card *c)
{
	wr(c, REG_PHYERR_CNT1, CNT_MAX - OFDM_TRIG_HIGH);
	wr(c, REG_PHYERR_CNT2, CNT_MAX - CCK_TRIG_HIGH);
	wr(c, REG_PHYERR_CNT1_MASK, PHYERR_OFDM_TIMING);
	wr(c, REG_PHYERR_CNT2_MASK, PHYERR_CCK_TIMING);
}

/* An 802.11g card listening on mhz, clocked as reset.c sets USEC. */
static void open_listening(struct test_card *tc, struct air *air, unsigned int index,
			   const char *spec, unsigned int mhz)
{
	test_card_open(tc, air, index, spec);
	test_card_up(tc, mhz, RX_RING, 8);
	wr(tc->card, REG_USEC, MHZ_11G - 1);
}

static void advance(struct test_card *tc, uint64_t us)
{
	test_cards_advance(tc, 1, us);
}

/* An 11g card listening on 2437 MHz for one test, its title printed. */
static struct card *open_test(struct test_card *tc, const char *title)
{
	printf("%s\n", title);
	open_listening(tc, NULL, 0, NULL, 2437);
	return tc->card;
}

/* The counters preloaded as ani.c does, then us of card time. */
static void listen_armed(struct test_card *tc, uint64_t us)
{
	arm_counters(tc->card);
	advance(tc, us);
}

static uint32_t errors_since_armed(struct card *c, uint32_t reg, uint32_t trig)
{
	return rd(c, reg) - (CNT_MAX - trig);
}

/* Whether CNT1 and CNT2 took ofdm and cck errors since arm_counters(). */
static bool counted(struct card *c, uint32_t ofdm, uint32_t cck)
{
	uint32_t got_ofdm = errors_since_armed(c, REG_PHYERR_CNT1, OFDM_TRIG_HIGH);
	uint32_t got_cck = errors_since_armed(c, REG_PHYERR_CNT2, CCK_TRIG_HIGH);

	if (got_ofdm != ofdm || got_cck != cck)
		printf("    counted %u OFDM and %u CCK errors, expected %u and %u\n",
		       got_ofdm, got_cck, ofdm, cck);
	return got_ofdm == ofdm && got_cck == cck;
}

static void test_counters_follow_noise(void)
{
	struct test_card t;
	struct card *c;

	c = open_test(&t, "PHY error counters count the noise, at its rate, and nothing without");
	listen_armed(&t, 1000000);
	check(counted(c, 0, 0), "a quiet second: both counters as ani.c left them");
	check(!noise(c, "ofdm=500 cck=200"), "noise ofdm=500 cck=200 accepted");
	advance(&t, 100000);
	check(counted(c, 50, 20), "100 ms: 50 OFDM and 20 CCK timing errors");
	check(rd(c, REG_PHYERR_CNT1) == rd(c, REG_PHYERR_CNT1),
	      "reading a PHY error counter does not clear it (ani.c writes it back)");

	arm_counters(c);
	check(!noise(c, "ofdm=3"), "noise ofdm=3 (CCK quiet)");
	advance(&t, 333333);
	check(counted(c, 0, 0), "3 a second: none before a third of a second is whole");
	advance(&t, 1);
	check(counted(c, 1, 0), "the first one at 333334 µs");
	advance(&t, 666666);
	check(counted(c, 3, 0), "three in the second");
	check(ani_is(c, "ofdm_errors", "53") && ani_is(c, "cck_errors", "20"),
	      "CARD ani: every error heard so far");

	check(!noise(c, "off"), "noise off");
	listen_armed(&t, 5000000);
	check(counted(c, 0, 0), "quiet again: no count in 5 s");
	test_card_close(&t);
}

static void test_masks(void)
{
	struct test_card t;
	struct card *c;

	c = open_test(&t, "each counter counts the error codes its mask selects");
	wr(c, REG_PHYERR_CNT1, 0);
	wr(c, REG_PHYERR_CNT2, 0);
	wr(c, REG_PHYERR_CNT1_MASK, 0);
	wr(c, REG_PHYERR_CNT2_MASK, 0);
	noise(c, "ofdm=1000 cck=400");
	advance(&t, 1000000);
	check(rd(c, REG_PHYERR_CNT1) == 0 && rd(c, REG_PHYERR_CNT2) == 0,
	      "masks 0 (ani.c's disable): nothing counted");
	wr(c, REG_PHYERR_CNT1_MASK, PHYERR_CCK_TIMING);
	wr(c, REG_PHYERR_CNT2_MASK, PHYERR_OFDM_TIMING | PHYERR_CCK_TIMING);
	advance(&t, 1000000);
	check(rd(c, REG_PHYERR_CNT1) == 400, "CNT1 with the CCK bit: 400 (%u)",
	      rd(c, REG_PHYERR_CNT1));
	check(rd(c, REG_PHYERR_CNT2) == 1400, "CNT2 with both bits: 1400 (%u)",
	      rd(c, REG_PHYERR_CNT2));
	wr(c, REG_PHYERR_CNT1_MASK, ~(PHYERR_OFDM_TIMING | PHYERR_CCK_TIMING));
	wr(c, REG_PHYERR_CNT1, 0);
	advance(&t, 1000000);
	check(rd(c, REG_PHYERR_CNT1) == 0, "every other code: nothing");
	test_card_close(&t);
}

static void test_only_while_listening(void)
{
	struct test_card t;
	struct card *c;

	c = open_test(&t, "errors count while the receiver listens, in the modulations it takes");
	arm_counters(c);
	noise(c, "ofdm=1000 cck=1000");
	wr(c, REG_CR, CR_RX_DISABLE);
	advance(&t, 200);
	listen_armed(&t, 1000000);
	check(counted(c, 0, 0), "RX off: nothing");
	wr(c, REG_CR, CR_RX_ENABLE);
	wr(c, REG_MIBC, MIBC_FREEZE);
	advance(&t, 1000000);
	check(counted(c, 0, 0), "MIBC frozen: nothing");
	wr(c, REG_MIBC, 0);
	advance(&t, 10000);
	check(counted(c, 10, 10), "thawed: counting from then on, the frozen second lost");
	wr(c, REG_SLEEP_CTL, SLEEP_CTL_SLE_SLEEP);
	advance(&t, 1000000);
	wr(c, REG_SLEEP_CTL, 0);
	check(counted(c, 10, 10), "full sleep: nothing");

	tune(c, 5180);
	listen_armed(&t, 100000);
	check(counted(c, 100, 0), "5 GHz: OFDM errors, no CCK ones");
	tune(c, 2412);
	wr(c, REG_PHY_MODE, PHY_MODE_2GHZ | PHY_MODE_CCK);
	listen_armed(&t, 100000);
	check(counted(c, 0, 100), "802.11b: CCK errors, no OFDM ones");
	test_card_close(&t);
}

static void test_mib_interrupt(void)
{
	struct test_card t;
	struct card *c;
	uint64_t armed_at;

	c = open_test(&t, "a counter at 0xc00000 raises MIB until the driver winds it back");
	wr(c, REG_IER, 1);
	wr(c, REG_PIMR, INT_MIB);
	arm_counters(c);
	armed_at = t.fh->now;
	noise(c, "ofdm=1000");
	check(phy_noise_next_deadline(c) == armed_at + 500000 &&
	      card_next_deadline(c) == armed_at + 500000,
	      "the event loop is woken when the 500th error comes, 0.5 s on");
	advance(&t, 499999);
	check(!t.fh->irq && !(rd(c, REG_PISR) & INT_MIB), "499 errors: no MIB");
	advance(&t, 1);
	check(rd(c, REG_PHYERR_CNT1) == CNT_MAX, "500 errors: the counter at 0x%x",
	      rd(c, REG_PHYERR_CNT1));
	check(t.fh->irq && (rd(c, REG_RAC_PISR) & INT_MIB), "MIB raised, the line up");
	wr(c, REG_PISR, INT_MIB);
	check(t.fh->irq && (rd(c, REG_PISR) & INT_MIB),
	      "acknowledging it changes nothing while the counter stays there");
	/* ani.c ath5k_ani_save_and_clear_phy_errors(): read, then preload again */
	check(errors_since_armed(c, REG_PHYERR_CNT1, OFDM_TRIG_HIGH) == OFDM_TRIG_HIGH,
	      "the handler reads its 500 errors");
	arm_counters(c);
	check(!t.fh->irq && !(rd(c, REG_PISR) & INT_MIB), "wound back: MIB gone, the line down");
	check(ani_is(c, "mib_raised", "1"), "CARD ani: mib_raised=1");

	printf("masked in PIMR: the cause shows in PISR, the line stays down\n");
	wr(c, REG_PIMR, 0);
	advance(&t, 500000);
	check(!t.fh->irq && (rd(c, REG_PISR) & INT_MIB), "PISR has MIB, no interrupt");
	wr(c, REG_PIMR, INT_MIB);
	check(t.fh->irq, "unmasked: the line rises");
	arm_counters(c);

	printf("a CCK counter gets there the same way; a disabled one never\n");
	noise(c, "cck=200");
	advance(&t, 999999);
	check(!t.fh->irq, "199 CCK errors: no MIB");
	advance(&t, 1);
	check(t.fh->irq && rd(c, REG_PHYERR_CNT2) == CNT_MAX, "the 200th: MIB");
	wr(c, REG_PHYERR_CNT1, 0);
	wr(c, REG_PHYERR_CNT2, 0);
	wr(c, REG_PHYERR_CNT1_MASK, 0);
	wr(c, REG_PHYERR_CNT2_MASK, 0);
	check(!t.fh->irq && phy_noise_next_deadline(c) == CARD_NO_DEADLINE,
	      "counters disabled as ani.c does: no cause, nothing to wake for");
	advance(&t, 10000000);
	check(!t.fh->irq, "10 s of noise later: still none");
	wr(c, REG_PHYERR_CNT1, CNT_MAX);
	check(t.fh->irq, "a counter written at the threshold raises MIB at once");
	check(ani_is(c, "mib_raised", "4"), "CARD ani: mib_raised=4");
	test_card_close(&t);
}

static void test_profile_counters(void)
{
	struct test_card t;
	struct card *c;

	c = open_test(&t, "profile counters: MAC clocks, frozen, zeroed and shifted as reg.h says");
	/* ath_hw_cycle_counters_update(): freeze, read, zero, thaw */
	wr(c, REG_MIBC, MIBC_FREEZE);
	wr(c, REG_PROFCNT_CYCLE, 0);
	wr(c, REG_PROFCNT_RXCLR, 0);
	wr(c, REG_PROFCNT_RX, 0);
	wr(c, REG_PROFCNT_TX, 0);
	advance(&t, 1000);
	check(rd(c, REG_PROFCNT_CYCLE) == 0, "frozen: no cycles");
	wr(c, REG_MIBC, 0);
	advance(&t, 1000);
	check(rd(c, REG_PROFCNT_CYCLE) == 1000 * MHZ_11G, "1 ms at 44 MHz: %u cycles",
	      rd(c, REG_PROFCNT_CYCLE));
	check(rd(c, REG_PROFCNT_CYCLE) == 1000 * MHZ_11G, "a read clears nothing");
	check(rd(c, REG_PROFCNT_RXCLR) == 0 && rd(c, REG_PROFCNT_RX) == 0 &&
	      rd(c, REG_PROFCNT_TX) == 0, "a quiet channel: not busy, no RX, no TX");
	wr(c, REG_SLEEP_CTL, SLEEP_CTL_SLE_SLEEP);
	advance(&t, 1000);
	wr(c, REG_SLEEP_CTL, 0);
	check(rd(c, REG_PROFCNT_CYCLE) == 1000 * MHZ_11G, "full sleep: the clock stops");

	noise(c, "ofdm=1000 cck=1000");
	advance(&t, 100000);
	check(rd(c, REG_PROFCNT_RXCLR) == 100 * (16 + 192) * MHZ_11G,
	      "100 ms of noise: 100 OFDM (16 µs) and 100 CCK (192 µs) false detections busy (%u)",
	      rd(c, REG_PROFCNT_RXCLR));
	check(rd(c, REG_PROFCNT_RX) == 0, "noise is not received");
	noise(c, "off");

	wr(c, 0x8090, 7);		/* ACK_FAIL */
	wr(c, REG_PHYERR_CNT1, 1234);
	wr(c, REG_MIBC, MIBC_CLEAR);
	check(rd(c, REG_PROFCNT_CYCLE) == 0 && rd(c, REG_PROFCNT_RXCLR) == 0 &&
	      rd(c, 0x8090) == 0, "MIBC CLEAR zeroes them and the 802.11 counters");
	check(rd(c, REG_PHYERR_CNT1) == 1234, "but not a PHY error counter's preload");
	check(rd(c, REG_MIBC) == 0, "CLEAR does not stay set");

	wr(c, REG_PROFCNT_CYCLE, 0xffffff00);
	wr(c, REG_PROFCNT_RXCLR, 0x1000);
	wr(c, REG_PROFCNT_RX, 0x800);
	wr(c, REG_PROFCNT_TX, 0x400);
	advance(&t, 10);
	check(rd(c, REG_PROFCNT_CYCLE) == 0x7fffffffu + (440 - 0xff),
	      "cycles full: all shift right, counting goes on (0x%x)",
	      rd(c, REG_PROFCNT_CYCLE));
	check(rd(c, REG_PROFCNT_RXCLR) == 0x800 && rd(c, REG_PROFCNT_RX) == 0x400 &&
	      rd(c, REG_PROFCNT_TX) == 0x200, "busy, RX and TX halved with them");
	test_card_close(&t);
}

/* A broadcast frame from a at 6 Mbit/s; returns its air time in µs. */
static unsigned int send_broadcast(struct test_card *a)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	unsigned int len = make_data_frame(a->fh->mem + TX_BUF, bcast, a->mac, 200, 1);
	struct tx_setup s = { .buf = TX_BUF, .frame_len = len + 4, .buf_len = len,
			      .noack = true, .tries = { 1 }, .rates = { 0x0b } };

	put_tx_desc(a->fh, TX_DESC, &s);
	wr(a->card, REG_QCU_TXDP(0), TX_DESC);
	wr(a->card, REG_QCU_TXE, 1);
	return tx_airtime_us(0x0b, len + 4);
}

static void zero_profile(struct card *c)
{
	wr(c, REG_MIBC, MIBC_FREEZE);
	wr(c, REG_PROFCNT_CYCLE, 0);
	wr(c, REG_PROFCNT_RXCLR, 0);
	wr(c, REG_PROFCNT_RX, 0);
	wr(c, REG_PROFCNT_TX, 0);
	wr(c, REG_MIBC, 0);
}

static void test_air_activity(void)
{
	struct air *air = air_create();
	struct test_card cards[3], *a = &cards[0], *b = &cards[1], *deaf = &cards[2];
	unsigned int us;

	printf("profile counters: a frame is TX time for its sender, RX for its hearers\n");
	open_listening(a, air, 0, NULL, 2412);
	open_listening(b, air, 1, NULL, 2412);
	open_listening(deaf, air, 2, NULL, 2412);
	wr(deaf->card, REG_CR, CR_RX_DISABLE);
	for (int i = 0; i < 3; i++)
		zero_profile(cards[i].card);
	test_cards_advance(cards, 3, 10000);
	us = send_broadcast(a);
	for (int i = 0; i < 10 && !(fake_get32(a->fh, TX_DESC + 28) & 1); i++)
		test_cards_advance(cards, 3, 1000);
	check(fake_get32(a->fh, TX_DESC + 28) & 1, "the frame went out");
	check(rd(a->card, REG_PROFCNT_TX) == us * MHZ_11G && rd(a->card, REG_PROFCNT_RX) == 0,
	      "sender: %u µs of TX (%u cycles)", us, rd(a->card, REG_PROFCNT_TX));
	check(rd(a->card, REG_PROFCNT_RXCLR) == us * MHZ_11G, "sender: the channel busy as long");
	check(rd(b->card, REG_PROFCNT_RX) == us * MHZ_11G && rd(b->card, REG_PROFCNT_TX) == 0 &&
	      rd(b->card, REG_PROFCNT_RXCLR) == us * MHZ_11G,
	      "receiver: as long in RX, busy");
	check(rd(deaf->card, REG_PROFCNT_RX) == 0 &&
	      rd(deaf->card, REG_PROFCNT_RXCLR) == us * MHZ_11G,
	      "a card with RX off: busy, no RX");
	for (int i = 0; i < 3; i++)
		test_card_close(&cards[i]);

	printf("without air time a frame cannot make RX and TX pass the cycles\n");
	open_listening(a, air, 0, "airtime=0", 2412);
	zero_profile(a->card);
	a->fh->now += 10;
	send_broadcast(a);
	check(rd(a->card, REG_PROFCNT_TX) <= rd(a->card, REG_PROFCNT_CYCLE) &&
	      rd(a->card, REG_PROFCNT_RXCLR) <= rd(a->card, REG_PROFCNT_CYCLE),
	      "TX %u, busy %u, cycles %u", rd(a->card, REG_PROFCNT_TX),
	      rd(a->card, REG_PROFCNT_RXCLR), rd(a->card, REG_PROFCNT_CYCLE));
	test_card_close(a);
	air_destroy(air);
}

/* AR5K_REG_WRITE_BITS(): a read-modify-write of one field. */
static void write_bits(struct card *c, uint32_t reg, uint32_t mask, int value)
{
	unsigned int shift = 0;

	while (!(mask >> shift & 1))
		shift++;
	wr(c, reg, (rd(c, reg) & ~mask) | (((uint32_t)value << shift) & mask));
}

/* The ath5k_ani_set_*() of ani.c, one register field at a time. */
static void set_noise_immunity(struct card *c, int level)
{
	static const int size[] = { -55, -62 }, lo[] = { -64, -70 };
	static const int hi[] = { -14, -12 }, firpwr[] = { -78, -80 };

	write_bits(c, REG_PHY_DESIRED_SIZE, 0x0ff00000, size[level]);
	write_bits(c, REG_PHY_AGCCOARSE, 0x00007f80, lo[level]);
	write_bits(c, REG_PHY_AGCCOARSE, 0x003f8000, hi[level]);
	write_bits(c, REG_PHY_SIG, 0x03fc0000, firpwr[level]);
}

static void set_spur_immunity(struct card *c, int level)
{
	write_bits(c, REG_PHY_OFDM_SELFCORR, 0x000000fe, 2 * (level + 1));
}

static void set_firstep(struct card *c, int level)
{
	write_bits(c, REG_PHY_SIG, 0x0003f000, 4 * level);
}

static void set_ofdm_weak(struct card *c, bool on)
{
	write_bits(c, REG_PHY_WEAK_OFDM_LOW, 0x001fc000, on ? 50 : 127);
	write_bits(c, REG_PHY_WEAK_OFDM_LOW, 0x0fe00000, on ? 40 : 127);
	write_bits(c, REG_PHY_WEAK_OFDM_HIGH, 0x00fe0000, on ? 0x4d : 127);
	write_bits(c, REG_PHY_WEAK_OFDM_HIGH, 0x7f000000, on ? 0x40 : 127);
	write_bits(c, REG_PHY_WEAK_OFDM_HIGH, 0x0000001f, on ? 16 : 31);
	write_bits(c, REG_PHY_WEAK_OFDM_LOW, 0x00003f00, on ? 48 : 63);
	write_bits(c, REG_PHY_WEAK_OFDM_LOW, 0x00000001, on);
}

static void set_cck_weak(struct card *c, bool on)
{
	write_bits(c, REG_PHY_CCK_CROSSCORR, 0x0000003f, on ? 6 : 8);
}

static bool knobs_are(struct card *c, const char *noise_imm, const char *spur,
		      const char *firstep, const char *ofdm_weak, const char *cck_weak)
{
	bool a = ani_is(c, "noise_imm", noise_imm), b = ani_is(c, "spur", spur);
	bool d = ani_is(c, "firstep", firstep), e = ani_is(c, "ofdm_weak", ofdm_weak);

	return a && b && d && e && ani_is(c, "cck_weak", cck_weak);
}

static void test_immunity_knobs(void)
{
	struct test_card t;
	struct card *c;

	printf("immunity knobs read back from ani.c's register writes\n");
	test_card_open(&t, NULL, 0, "model=ar5212");
	c = t.card;
	wr(c, REG_SLEEP_CTL, 0);
	/* initvals-like values: none of ani.c's levels */
	wr(c, REG_PHY_DESIRED_SIZE, 0x6d8e8aab);
	wr(c, REG_PHY_SIG, 0x7ec8cd2e);
	wr(c, REG_PHY_WEAK_OFDM_LOW, 0x12345678);
	wr(c, REG_PHY_OFDM_SELFCORR, 0x00000001);
	wr(c, REG_PHY_CCK_CROSSCORR, 0xd03e6701);
	check(knobs_are(c, "none", "none", "none", "none", "none"),
	      "before ANI: no knob at a level ani.c uses");

	/* ath5k_ani_init(ATH5K_ANI_MODE_AUTO) */
	set_noise_immunity(c, 0);
	set_spur_immunity(c, 0);
	set_firstep(c, 0);
	set_ofdm_weak(c, true);
	set_cck_weak(c, false);
	check(knobs_are(c, "0", "0", "0", "on", "off"), "automatic mode's start");
	check(ani_is(c, "raised", "0") && ani_is(c, "lowered", "0"),
	      "setting them up is no change");

	/* ath5k_ani_raise_immunity(), OFDM errors, a station with a strong AP */
	write_bits(c, REG_PHY_DESIRED_SIZE, 0x0ff00000, -62);
	check(ani_is(c, "noise_imm", "none") && ani_is(c, "raised", "0"),
	      "noise immunity half written: no level, nothing counted yet");
	set_noise_immunity(c, 1);
	check(ani_is(c, "noise_imm", "1") && ani_is(c, "raised", "1"),
	      "noise immunity 1: raised once");
	for (int spur = 1; spur <= 7; spur++)
		set_spur_immunity(c, spur);
	set_ofdm_weak(c, false);
	set_spur_immunity(c, 0);
	set_firstep(c, 1);
	set_firstep(c, 2);
	check(knobs_are(c, "1", "0", "2", "off", "off"), "raised to the top");
	check(ani_is(c, "raised", "11") && ani_is(c, "lowered", "1"),
	      "11 raises (noise, 7 spur, OFDM weak off, 2 firstep) and a spur reset");

	/* ath5k_ani_lower_immunity(), the air quiet again */
	set_ofdm_weak(c, true);
	set_firstep(c, 1);
	set_firstep(c, 0);
	set_noise_immunity(c, 0);
	set_cck_weak(c, true);
	check(knobs_are(c, "0", "0", "0", "on", "on"), "all the way down");
	check(ani_is(c, "raised", "11") && ani_is(c, "lowered", "6"),
	      "5 lowers more (CCK weak on lowers too)");
	set_firstep(c, 0);
	check(ani_is(c, "lowered", "6"), "a write of the same level is no change");

	card_reset(c);
	wr(c, REG_SLEEP_CTL, 0);
	set_noise_immunity(c, 1);
	check(ani_is(c, "noise_imm", "1") && ani_is(c, "raised", "11"),
	      "after a power-on the first level is a start again");
	test_card_close(&t);
}

static void test_control_verb(void)
{
	struct test_card t, old;
	char answer[256];

	printf("the noise verb and its errors\n");
	test_card_open(&t, NULL, 0, NULL);
	card_noise_command(t.card, "", answer, sizeof(answer));
	check(!strcmp(answer, "ok: ofdm=0 cck=0"), "query: %s", answer);
	card_noise_command(t.card, " ofdm=500\tcck=200 ", answer, sizeof(answer));
	check(!strcmp(answer, "ok: ofdm=500 cck=200"), "set: %s", answer);
	card_noise_command(t.card, "cck=7", answer, sizeof(answer));
	check(!strcmp(answer, "ok: ofdm=0 cck=7"), "a kind not named is quiet: %s", answer);
	{
		static const char *const bad[] = {
			"ofdm=", "ofdm=abc", "ofdm=-1", "ofdm=+5", "ofdm=5x",
			"ofdm=1000001", "ofdm=1 ofdm=2", "loud=3", "ofdm", "off now",
			"=5", "ofdmx=5",
		};

		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			int rc = card_noise_command(t.card, bad[i], answer, sizeof(answer));

			check(rc == -1 && !strncmp(answer, "error: ", 7),
			      "'noise %s': %s", bad[i], answer);
		}
	}
	card_noise_command(t.card, "", answer, sizeof(answer));
	check(!strcmp(answer, "ok: ofdm=0 cck=7"), "errors change nothing: %s", answer);
	card_noise_command(t.card, "ofdm=1000000", answer, sizeof(answer));
	check(!strcmp(answer, "ok: ofdm=1000000 cck=0"), "the most: one a µs");
	card_noise_command(t.card, "off", answer, sizeof(answer));
	check(!strcmp(answer, "ok: ofdm=0 cck=0"), "off: %s", answer);
	test_card_close(&t);

	printf("cards without ANI: no noise verb, no ANI line, plain registers\n");
	for (int m = 0; m < 2; m++) {
		test_card_open(&old, NULL, 0, m ? "model=ar5210,bands=a" : "model=ar5211");
		check(card_noise_command(old.card, "ofdm=5", answer, sizeof(answer)) == -1 &&
		      strstr(answer, "no PHY error counters"), "%s", answer);
		check(card_ani_summary(old.card, answer, sizeof(answer)) == -1 &&
		      !strncmp(answer, "error: ", 7), "%s", answer);
		test_card_close(&old);
	}
	test_card_open(&old, NULL, 0, "model=ar5211");
	wr(old.card, REG_SLEEP_CTL, 0);
	wr(old.card, REG_IER, 1);
	wr(old.card, REG_PIMR, INT_MIB);
	wr(old.card, REG_PHYERR_CNT1, CNT_MAX);
	wr(old.card, REG_USEC, 43);
	old.fh->now += 1000;
	check(!old.fh->irq && !(rd(old.card, REG_PISR) & INT_MIB) &&
	      rd(old.card, REG_PROFCNT_CYCLE) == 0,
	      "AR5211: no MIB from 0xc00000, no cycles counted");
	test_card_close(&old);
}

int main(void)
{
	test_counters_follow_noise();
	test_masks();
	test_only_while_listening();
	test_mib_interrupt();
	test_profile_counters();
	test_air_activity();
	test_immunity_knobs();
	test_control_verb();
	return checks_report("test_ani");
}
