/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Faults a real card shows, switched on and off at run time through the
 * control socket ("card0 fault NAME [ARGS]", "card0 fault clear") while a
 * guest driver uses the card.  fault.c keeps the state; card.c and
 * rx_engine.c call the small hooks below at the places the hardware would
 * misbehave, and each hook is a no-op while no fault was ever set.
 */
#ifndef ATH5K_EMU_FAULT_H
#define ATH5K_EMU_FAULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct card;
struct eeprom_desc;

/*
 * One control command without the card name: "NAME [ARGS]".  Writes "ok"
 * or "ok: ..." (the command did it) or "error: ..." to answer and returns
 * 0 or -1.  "help" lists every fault.
 */
int card_fault_command(struct card *card, const char *args, char *answer,
		       size_t cap);

/*
 * Turns a model's description into a seeded random one whose every field
 * still fits its bit field (what a damaged or hostile EEPROM holds; the
 * image still checksums).  The same seed gives the same description.
 */
void fault_randomize_eeprom_desc(struct eeprom_desc *desc, uint64_t seed);

/* ---- hooks of the card model ------------------------------------------- */

/* PISR bits that stay set whatever the driver writes (interrupt storm). */
uint32_t fault_stuck_pisr(const struct card *card);
/*
 * INTPEND, and so the line, held asserted with no cause behind it; IER
 * still gates it, as it gates every cause.
 */
bool fault_intpend_stuck(const struct card *card);
/* What a BAR0 read of off returns instead of value (register fuzz). */
uint32_t fault_filter_read(struct card *card, uint32_t off, uint32_t value);
/* CR's RX disable bit, or TXD, is ignored: the DMA never stops. */
bool fault_ignores_rx_stop(const struct card *card);
bool fault_ignores_tx_stop(const struct card *card);
/* The beacon queue never sends and always reports a frame pending. */
bool fault_beacon_stuck(const struct card *card);
/*
 * RESET_CTL reset the MAC or baseband: the cure for a beacon queue or a
 * DMA engine that will not stop, so those faults end here, not when the
 * harness clears them ("fault clear" still reports their hits, and that
 * a reset ended them).
 */
void fault_chip_reset(struct card *card);
/* Rewrites the two RX status words of the frame being received. */
void fault_rx_status(struct card *card, uint32_t status[2]);
/*
 * The fault in force took effect once more (a damaged frame, a cause
 * raised, a read of a gone card, a read of a line held up, a stop
 * ignored, a beacon not sent, an EEPROM word read): "fault clear"
 * answers with the count, so a scenario can prove its fault fired.
 */
void fault_hit(struct card *card);
/* An EEPROM word read: a hit while an EEPROM fault is in force. */
void fault_eeprom_read(struct card *card);
/* Periodic faults (storms, bus errors): timer of the event loop. */
uint64_t fault_next_deadline(const struct card *card);
void fault_advance(struct card *card, uint64_t now_us);
void fault_free(struct card *card);

#endif /* ATH5K_EMU_FAULT_H */
