/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The boundary between the vfio-user transport and the AR5212-family card
 * model.  The transport (vfio_user*.c, server.c, pci_config.c, main.c) owns
 * sockets, the event loop, guest memory maps, PCI config space and the INTx
 * handshake with QEMU.  The model (card*.c, eeprom*.c, air*.c) owns BAR0
 * registers, the EEPROM, the DMA engines and the shared air.  Each side
 * sees only this header of the other, so both can be unit-tested alone.
 */
#ifndef ATH5K_EMU_CARD_H
#define ATH5K_EMU_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CARD_BAR0_SIZE 0x10000u
#define CARD_NO_DEADLINE UINT64_MAX

struct card;
struct air;

/* Services the transport lends a card; unit tests pass fakes. */
struct card_host_ops {
	/* Guest-physical memory; false when any byte is unmapped. */
	bool (*dma_read)(void *host, uint64_t addr, void *buf, size_t len);
	bool (*dma_write)(void *host, uint64_t addr, const void *buf,
			  size_t len);
	/* Level of the INTx line; the transport does QEMU's unmask cycle. */
	void (*set_irq)(void *host, bool level);
	/*
	 * The driver acknowledged causes (its PISR write) and the line is
	 * still high: a level-triggered line fires again.  Optional.
	 */
	void (*irq_still_high)(void *host);
	/* Monotonic time in microseconds. */
	uint64_t (*now_us)(void *host);
	/* One line for the log (no trailing newline); --trace and errors. */
	void (*log)(void *host, const char *line);
};

enum card_model {
	CARD_MODEL_AR5413,	/* 168c:001b, RF5413, default */
	CARD_MODEL_AR2413,	/* 168c:001a, RF2413 */
	CARD_MODEL_AR5212_RF5112, /* 168c:0013, RF5112B */
	CARD_MODEL_AR5211,	/* 168c:0012, RF5111 + RF2111: 11a and 11b */
	CARD_MODEL_AR5210,	/* 168c:0007, RF5110: 11a only, no QCU/DCU */
};

struct card_config {
	char name[32];		/* "card0": prefixes every log line */
	char socket_path[256];	/* the vfio-user socket (transport's) */
	enum card_model model;
	uint8_t mac[6];
	uint16_t regdomain;	/* EEPROM word 0xbf */
	bool mode_a, mode_b, mode_g;	/* bands the EEPROM enables */
	bool trace;		/* name every register access */
	char eeprom_desc[256];	/* description file, "" for the defaults */
	uint16_t eeprom_version; /* layout, e.g. 0x3003; 0: the model's own */
	bool airtime;		/* frames take their PHY time (default on) */
	uint8_t rssi;		/* dB over the noise floor others hear us at (snr=) */
	uint8_t loss_percent;	/* attempts lost on the air whatever the SNR */
	uint8_t fade_db;	/* per-frame RSSI spread, +- dB */
	uint32_t seed;		/* of the loss, fading and backoff draws */
	bool backoff;		/* random backoff before each attempt */
	/* frames above it lost on the air, to everyone (100 kbit/s; 0: none) */
	uint16_t rate_ceiling_100k;
	/*
	 * rfkill-switch=: true replaces the EEPROM's switch (header bit 14,
	 * word 0x0f pin and polarity) with the three below, after any
	 * eeprom-desc, so a lab can wire one without a description file.
	 */
	bool rfkill_given;
	bool rfkill_switch;
	uint8_t rfkill_gpio;
	bool rfkill_polarity;
};

/*
 * Parses "key=value,key=value" (socket=, model=, mac=, regdomain=, bands=,
 * eeprom-desc=FILE, ...) on top of the defaults already in *cfg.  Returns 0,
 * or -1 with a one-line reason in err.
 */
int card_config_parse(struct card_config *cfg, const char *spec,
		      char *err, size_t errlen);
void card_config_defaults(struct card_config *cfg, unsigned int index);
/* "xx:xx:xx:xx:xx:xx" with the group bit clear into mac; false otherwise. */
bool card_parse_unicast_mac(const char *text, uint8_t mac[6]);
/* mac as "xx:xx:xx:xx:xx:xx" (lower case) into out; returns out. */
char *card_format_mac(const uint8_t mac[6], char out[18]);
/*
 * An 802.11a/b/g rate in Mbit/s, as "1", "5.5" or "54" (no other
 * spelling), into 100 kbit/s; false otherwise.
 */
bool card_parse_rate(const char *text, unsigned int *rate_100k);
/* Those names, for a message that lists them. */
#define CARD_RATE_NAMES "1 2 5.5 11 6 9 12 18 24 36 48 54"

struct card_pci_identity {
	uint16_t vendor, device;
	uint16_t subsystem_vendor, subsystem_device;
	uint8_t revision;
	uint32_t class_code;	/* 24 bits: base, sub, prog-if */
};

struct card *card_create(const struct card_config *cfg, struct air *air,
			 const struct card_host_ops *ops, void *host,
			 char *err, size_t errlen);
void card_destroy(struct card *card);

const struct card_pci_identity *card_pci_identity(const struct card *card);

/*
 * The driver's BAR0 accesses to offsets where the model's chip has no
 * register (the AR5210 lacks the QCU/DCU block, the secondary interrupt
 * registers, the later PCU registers and half the key cache); the first
 * access to each of the first 16 such offsets is logged as misuse.  Always 0 on the AR5211 and later models,
 * which lack nothing the driver names.
 */
uint64_t card_absent_reg_accesses(const struct card *card);
/* ACKs and CTSs the card sent a frame for but stopped waiting for
 * before they could start (its TIME_OUT too short). */
unsigned long card_answers_too_late(const struct card *card);

/* BAR0 accesses; size is 1, 2, 4 or 8 bytes, offset < CARD_BAR0_SIZE. */
uint64_t card_bar0_read(struct card *card, uint32_t offset, unsigned int size);
void card_bar0_write(struct card *card, uint32_t offset, uint64_t value,
		     unsigned int size);

/* vfio-user DEVICE_RESET or a PCI reset: registers back to power-on, D0. */
void card_reset(struct card *card);

/*
 * PCI power management as the transport's PMCSR drives it (No_Soft_Reset
 * = 0).  In D3hot the function answers config cycles only: BAR0 reads
 * all ones and takes no writes, and the card raises no interrupt, does
 * no DMA and is off the air.  Leaving D3hot is an internal reset: the
 * card is as after power-on, its EEPROM aside.  Repeats are ignored.
 */
void card_enter_d3hot(struct card *card);
void card_leave_d3hot(struct card *card);

/*
 * Timers (TSF/beacon, airtime, deferred DMA): the event loop sleeps until
 * the earliest deadline of all cards, then lets each card catch up.
 */
uint64_t card_next_deadline(const struct card *card);
void card_advance(struct card *card, uint64_t now_us);

/*
 * A test's hook into one register write, for races a second CPU would
 * run into: the next write of @offset whose value has (value & @mask) ==
 * @match raises @raise_pisr and @raise_sisr[] as the hardware would and
 * then calls @run(@arg), before the write reaches the register or once
 * it has taken effect.  It fires once: it is disarmed before it runs, so
 * the callback's own accesses go through plainly.  A write ignored (dead
 * card, full sleep) does not fire it.  The transport never sets one.
 */
enum card_hook_when {
	CARD_HOOK_AFTER_WRITE,	/* the write took effect (an unmask is seen) */
	CARD_HOOK_BEFORE_WRITE,	/* the register still holds its old value */
};

struct card_write_hook {
	uint32_t offset;	/* BAR0 offset as written (an AR5210's own) */
	uint32_t mask, match;	/* which values fire it; 0, 0: any */
	enum card_hook_when when;
	uint32_t raise_pisr;
	uint32_t raise_sisr[5];
	void (*run)(void *arg);	/* NULL: only raise the causes */
	void *arg;
};

/* Arms @hook (copied), replacing one not yet fired; NULL disarms. */
void card_set_write_hook(struct card *card, const struct card_write_hook *hook);
/* Whether the hook set last is still waiting for its write. */
bool card_write_hook_armed(const struct card *card);

/* Fault hooks for the reliability tests (driven by the control socket). */
void card_make_dead(struct card *card);		/* BAR0 reads 0xffffffff */
void card_corrupt_eeprom(struct card *card);	/* breaks the checksum */
int card_inject_malformed_frame(struct card *card); /* 0 or -1 */
/*
 * The virtual 802.11b station next to the card (legacy_sta.c, CARD.md):
 * args is what follows "legacy-sta" on the control line: "" (query),
 * "join MAC", "doze", "wake" or "leave".  Writes "ok", "ok: ..." or "error: ..." to
 * answer and returns 0 or -1.
 */
int card_legacy_sta_command(struct card *card, const char *args, char *answer,
			    size_t cap);
/*
 * An attacker spoofing the card (forge.c, CARD.md): args is what follows
 * "forge-deauth" on the control line, one unicast PEER_MAC.  Queues a
 * Deauthentication in clear from the card's address to it, sent at the
 * card's next step; writes "ok: deauth to PEER queued" or "error: ..."
 * to answer and returns 0 or -1 (an error queues nothing).
 */
int card_forge_deauth_command(struct card *card, const char *args, char *answer,
			      size_t cap);
/*
 * The world outside the card's GPIO pins (gpio.c, CARD.md), args being
 * what follows the verb on the control line.  card_gpio_in_command:
 * "PIN 0|1" sets the level applied to a pin, which GPIODI reads while
 * the card does not drive it.  card_rfkill_command: "on" (radio blocked)
 * or "off" (radio free) puts the EEPROM's rfkill pin at the level that
 * means so; "" asks.  Write "ok: ..." or "error: ..." to answer and
 * return 0 or -1.
 */
int card_gpio_in_command(struct card *card, const char *args, char *answer,
			 size_t cap);
int card_rfkill_command(struct card *card, const char *args, char *answer,
			size_t cap);
/*
 * The noise of the card's channel (phy_noise.c, CARD.md): args is what
 * follows "noise" on the control line: "" (query), "off", or
 * "ofdm=N cck=N" (PHY errors per second; a kind not named is quiet).
 * Writes "ok: ofdm=N cck=N" or "error: ..." to answer; returns 0 or -1.
 */
int card_noise_command(struct card *card, const char *args, char *answer,
		       size_t cap);
/*
 * The rate ceilings on the card's links (rate_ceiling.c, CARD.md): args
 * is what follows "rate-ceiling" on the control line: "" (query), "off"
 * (every ceiling lifted), "all MBPS|off" or "PEER_MAC MBPS|off".  Writes
 * "ok: off", "ok: all=MBPS PEER_MAC=MBPS ..." or "error: ..." to answer
 * and returns 0 or -1; an error changes nothing.
 */
int card_rate_ceiling_command(struct card *card, const char *args, char *answer,
			      size_t cap);
/*
 * The card's attempts and ACKs per rate since it was created
 * (rate_counts.c, CARD.md): args must be empty.  Writes "ok: 1=N/M 2=N/M
 * 5.5=N/M ... 54=N/M" (a buffer of CARD_RATES_LINE_MAX + 4 holds it
 * whole) or "error: ..." to answer; returns 0 or -1.
 */
#define CARD_RATES_LINE_MAX 576
int card_rates_command(struct card *card, const char *args, char *answer,
		       size_t cap);
/*
 * ANI as the card sees it in one line ("noise_imm=N spur=N ... mib_raised=N",
 * see CARD.md), which a buffer of CARD_ANI_LINE_MAX always holds whole;
 * -1 with "error: ..." in buf on a card without ANI.
 */
#define CARD_ANI_LINE_MAX 384
int card_ani_summary(struct card *card, char *buf, size_t len);
/*
 * The crypto engine's counts in one line ("tx wep=N tkip=N ccmp=N ...",
 * see CARD.md), for the control socket and the log; a buffer of
 * CARD_CRYPTO_LINE_MAX always holds it whole.
 */
#define CARD_CRYPTO_LINE_MAX 576
void card_crypto_summary(const struct card *card, char *buf, size_t len);
/*
 * What the radio is set to in one line ("freq_mhz=N band=2ghz|5ghz
 * opmode=sta|ap|adhoc bssid=XX:..."), for a lab check's failure log.
 */
void card_radio_summary(const struct card *card, char *buf, size_t len);
/* Logs the card's last frames other than beacons (air_journal.c); returns
 * how many. */
unsigned int card_journal_dump(struct card *card);
/*
 * What the driver cost the card so far in one line of key=value pairs
 * ("mmio_reads=N mmio_writes=N ... writes.other=N", see CARD.md); a
 * buffer of CARD_STATS_LINE_MAX always holds it whole.
 */
#define CARD_STATS_LINE_MAX 2304
void card_stats_summary(const struct card *card, char *buf, size_t len);

/*
 * The air shared by every card of a process; several processes may share
 * one through a local socket (air_listen/air_connect).  air_fds() fills
 * up to max descriptors the event loop must poll for input and returns how
 * many; the loop calls air_poll() with each one that is readable.
 */
struct air *air_create(void);
void air_destroy(struct air *air);
int air_listen(struct air *air, const char *path, char *err, size_t errlen);
int air_connect(struct air *air, const char *path, char *err, size_t errlen);
int air_fds(const struct air *air, int *fds, int max);
void air_poll(struct air *air, int fd);

#endif /* ATH5K_EMU_CARD_H */
