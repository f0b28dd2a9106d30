// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The profile counters a driver weighs listen time and channel load by
 * (reg.h PROFCNT_CYCLE, _RXCLR, _RX, _TX): MAC clocks, and of those the
 * clocks the channel was busy, the receiver took in a frame and the
 * transmitter sent one.  The drivers freeze them with MIBC, read them,
 * write them to zero and let them go again (ath_hw_cycle_counters_update,
 * this project's ath5k_hw_cycles_read); ANI's listen time is cycles less
 * RX less TX.  The clock is the one the driver programmed in USEC
 * (reset.c: USEC_1 is the MHz less one).  AR5212 family only; the others
 * keep plain registers there.
 */
#include "card_model.h"

#define COUNTER_MAX		0xffffffffull

static const uint32_t all_counters[] = {
	REG_PROFCNT_CYCLE, REG_PROFCNT_RXCLR, REG_PROFCNT_RX, REG_PROFCNT_TX,
};

/* The 802.11 counters MIBC clears with them (RTS, ACK, FCS, beacons). */
static const uint32_t mib_counters[] = {
	REG_MIB_FIRST, REG_MIB_FIRST + 4, REG_MIB_FIRST + 8, REG_MIB_FIRST + 12,
	REG_MIB_LAST,
};

/* The MAC clock stops in full sleep. */
static bool counting(const struct card *card)
{
	return card_has_ani(card) && !card->dead && !card_asleep(card) &&
	       !(card_reg(card, REG_MIBC) & MIBC_FREEZE);
}

static uint64_t clocks_per_us(const struct card *card)
{
	return (card_reg(card, REG_USEC) & USEC_1) + 1u;
}

void profile_power_on(struct card *card)
{
	card->profile_counted_to = card_now(card);
}

/*
 * reg.h: instead of wrapping, all four shift right by one when one is
 * full, so their ratios stay right.  Cycles fill first: the others are
 * never more.
 */
static void halve_all(struct card *card)
{
	for (size_t i = 0; i < sizeof(all_counters) / sizeof(all_counters[0]); i++)
		card_reg_set(card, all_counters[i], card_reg(card, all_counters[i]) >> 1);
}

void profile_advance(struct card *card, uint64_t now)
{
	uint64_t elapsed, cycles, add;

	if (now <= card->profile_counted_to)
		return;
	elapsed = now - card->profile_counted_to;
	card->profile_counted_to = now;
	if (!counting(card))
		return;
	cycles = card_reg(card, REG_PROFCNT_CYCLE);
	add = elapsed * clocks_per_us(card);
	while (add > COUNTER_MAX - cycles) {
		add -= COUNTER_MAX - cycles;
		card_reg_set(card, REG_PROFCNT_CYCLE, (uint32_t)COUNTER_MAX);
		halve_all(card);
		cycles = card_reg(card, REG_PROFCNT_CYCLE);
	}
	card_reg_set(card, REG_PROFCNT_CYCLE, (uint32_t)(cycles + add));
}

/*
 * Air time of this card, credited once it is over (the engines report a
 * frame when its exchange ends).  No counter passes the cycles counted
 * since the driver last zeroed them, nor RX and TX together, so listen
 * time never comes out negative.
 */
void profile_count_air(struct card *card, enum profile_activity what, uint64_t us)
{
	uint64_t cycles, busy, rx, tx, add;

	profile_advance(card, card_now(card));
	if (!us || !counting(card))
		return;
	cycles = card_reg(card, REG_PROFCNT_CYCLE);
	busy = card_reg(card, REG_PROFCNT_RXCLR);
	rx = card_reg(card, REG_PROFCNT_RX);
	tx = card_reg(card, REG_PROFCNT_TX);
	add = us * clocks_per_us(card);
	if (what != PROFILE_BUSY) {
		uint32_t reg = what == PROFILE_TX ? REG_PROFCNT_TX : REG_PROFCNT_RX;
		uint64_t room = cycles > rx + tx ? cycles - rx - tx : 0;

		if (add > room)
			add = room;
		card_reg_set(card, reg, (uint32_t)(card_reg(card, reg) + add));
	}
	busy = busy + add < cycles ? busy + add : cycles;
	card_reg_set(card, REG_PROFCNT_RXCLR, (uint32_t)busy);
}

void profile_count_frame(struct card *card, enum profile_activity what,
			 const struct air_frame *f)
{
	profile_count_air(card, what, tx_airtime_us(f->rate_code, f->len));
}

/*
 * MIBC: FREEZE holds the counters (profile_advance and phy_noise.c look
 * at it), CLEAR zeroes the profile and 802.11 counters it controls
 * (reg.h) and does not stay set.  The PHY error counters keep their
 * preload: reg.h does not put them under MIBC.
 */
void profile_mib_control(struct card *card, uint32_t value)
{
	if (value & MIBC_CLEAR && card_has_ani(card)) {
		for (size_t i = 0; i < sizeof(all_counters) / sizeof(all_counters[0]); i++)
			card_reg_set(card, all_counters[i], 0);
		for (size_t i = 0; i < sizeof(mib_counters) / sizeof(mib_counters[0]); i++)
			card_reg_set(card, mib_counters[i], 0);
	}
	card_reg_set(card, REG_MIBC, card_has_ani(card) ? value & ~MIBC_CLEAR : value);
}
