// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * A libFuzzer target: the driver's hardware layer (src/, register level)
 * on the emulated card, as test_hw_on_card.c runs it, with the input in
 * the hardware's place.  The input's first bytes pick the card model
 * and its EEPROM (any model's description, any layout version, seeded
 * random calibration, raw words); the rest is a list of steps: resets to
 * channels, frames heard on the air and RX descriptors written by hand,
 * then decoded as the driver's RX path would; interrupt causes raised
 * and read by the ISR; the emulator's faults, "reg-fuzz" among them
 * (registers that read random values); time passing with calibration
 * and ANI; TX, keys.  Attach and every step must succeed or fail with
 * an error code: a crash, a sanitizer report, a leak, a BAR0 access
 * outside the BAR or a hang is a finding.
 *
 * Each input gets a fresh card and fresh driver state and frees both;
 * delays move the fake host's clock, so no input sleeps.
 *
 * Built by tests/unit/hwemu/fuzz.mk with clang (-fsanitize=fuzzer).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>
#include <linux/device.h>

#include "card_bus.h"
#include "fake_host.h"
#include "fault.h"
#include "fuzz_card.h"
#include "hw.h"
#include "reg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the input, read front to back; zeros once it runs out ---- */

struct input {
	const u8 *p;
	size_t left;
};

static u8 in_u8(struct input *in)
{
	if (!in->left)
		return 0;
	in->left--;
	return *in->p++;
}

/* Little-endian; one read per statement, so the bytes go in order. */
static u16 in_u16(struct input *in)
{
	u16 lo = in_u8(in);

	return (u16)(lo | in_u8(in) << 8);
}

static u32 in_u32(struct input *in)
{
	u32 lo = in_u16(in);

	return lo | (u32)in_u16(in) << 16;
}

/* ---- the bus: BAR0 accesses go to this input's card ---- */

static struct card *bus_card;
static struct fake_host *bus_host;

/*
 * Offsets the driver read during this input, in first-read order: the
 * registers worth fuzzing (an offset nobody reads would waste the step).
 */
#define SEEN_MAX	512
static u16 seen_off[SEEN_MAX];
static unsigned int n_seen;
static u8 seen_map[CARD_BAR0_SIZE / 4 / 8];

/* A driver access outside BAR0 would be a wild MMIO in the kernel. */
static void bus_check(uintptr_t offset, const char *what)
{
	if (offset < CARD_BAR0_SIZE && !(offset & 3))
		return;
	fprintf(stderr, "fuzz: driver %s at BAR0 offset 0x%lx\n", what,
		(unsigned long)offset);
	abort();
}

uint32_t card_bus_read(uintptr_t offset)
{
	unsigned int w = (unsigned int)offset / 4;

	bus_check(offset, "read");
	if (!(seen_map[w / 8] & BIT(w % 8)) && n_seen < SEEN_MAX) {
		seen_map[w / 8] |= BIT(w % 8);
		seen_off[n_seen++] = (u16)offset;
	}
	return (uint32_t)card_bar0_read(bus_card, (uint32_t)offset, 4);
}

void card_bus_write(uintptr_t offset, uint32_t value)
{
	bus_check(offset, "write");
	card_bar0_write(bus_card, (uint32_t)offset, value, 4);
}

unsigned long long card_bus_busy_us;

void card_bus_delay(unsigned long us)
{
	bus_host->now += us;
	card_advance(bus_card, bus_host->now);
}

/* ---- the emulator's faults ---- */

static void fault(const char *cmd)
{
	char answer[256];

	/* refused commands are fine: the input asked for nonsense */
	card_fault_command(bus_card, cmd, answer, sizeof(answer));
}

/* Registers worth fuzzing before the driver read any (attach's). */
static const u16 attach_regs[] = {
	R_SREV, R_PHY_CHIP_ID, R_PHY(0), R_PHY_SHIFT, R_EEPROM_DATA,
	R_EEPROM_STATUS, R_EEPROM_CMD, R_RESET_CTL, R_SLEEP_CTL, R_PCICFG,
	R_PHY_AGCCTL, R_PHY_NF, R_PHY_ACTIVE, R_PISR, R_INTPEND, R_CR,
	R_GPIODI, R_KEY(0, 0), R_TSF_L32, R_TSF_U32, R_PHY_PAPD_PROBE,
	R_PHY_IQ, R_QCU_TXE, R_QCU_TXD, R_PHY_RF_BUFFER,
};

/* "reg-fuzz SEED OFF...": up to four registers read random values. */
static void reg_fuzz(struct input *in, bool attach)
{
	unsigned int n = 1 + in_u8(in) % 4, i;
	char cmd[128];
	int len;

	len = snprintf(cmd, sizeof(cmd), "reg-fuzz %u", in_u16(in));
	for (i = 0; i < n; i++) {
		u8 pick = in_u8(in);
		u32 off;

		if (attach || !n_seen)
			off = attach_regs[pick % ARRAY_SIZE(attach_regs)];
		else
			off = seen_off[pick % n_seen];
		len += snprintf(cmd + len, sizeof(cmd) - len, " 0x%x", off);
	}
	fault(cmd);
}

static const char *const faults[] = {
	"stuck-irq", "intpend-stuck", "rx-bad-length", "rx-bad-rate",
	"rx-bad-keyix", "rx-decrypt-crc", "rx-mic", "rx-phy-error",
	"bus-error", "tx-underrun", "rx-overrun", "phy-error-storm 1000",
	"tx-dma-stuck", "rx-dma-stuck", "beacon-stuck", "surprise-removal",
	"clear",
};

/* ---- the driver's state for one input ---- */

/* Host memory layout (fake_host's flat memory). */
#define FZ_RX_RING		0x1000
#define FZ_RX_BUFS		0x10000
#define FZ_RX_BUF_SIZE	2368	/* what the driver gives the DMA engine */
#define FZ_RX_BUF_STRIDE	0x1000
#define FZ_RX_SLOTS	8
#define FZ_TX_DESC		0x2000
#define FZ_TX_FRAME	0x30000

static struct ath5k_hw ah;
static bool chan_ok;		/* the last reset succeeded */
static unsigned int rx_good;	/* frames the RX pass would hand up */

static struct ath5k_desc *rx_desc(unsigned int i)
{
	return (void *)(bus_host->mem + FZ_RX_RING + ATH5K_DESC_SIZE * i);
}

static void rx_ring_build(void)
{
	unsigned int i;

	for (i = 0; i < FZ_RX_SLOTS; i++) {
		struct ath5k_desc *d = rx_desc(i);

		memset(d, 0, sizeof(*d));
		ath5k_desc_set_link(d, FZ_RX_RING +
				    ATH5K_DESC_SIZE * ((i + 1) % FZ_RX_SLOTS));
		d->data = cpu_to_le32(FZ_RX_BUFS + FZ_RX_BUF_STRIDE * i);
		ath5k_hw_rx_desc_setup(d, FZ_RX_BUF_SIZE, true);
	}
}

/* What rx.c does with the ring: decode the done descriptors, re-arm them. */
static void rx_ring_process(void)
{
	struct ath5k_rx_status rs;
	unsigned int i;

	for (i = 0; i < FZ_RX_SLOTS; i++) {
		struct ath5k_desc *d = rx_desc(i);

		if (!ath5k_hw_rx_desc_done(d))
			continue;
		if (ath5k_hw_rx_desc_status(&ah, d, &rs))
			continue;
		/* as rx.c: the length must fit the buffer, the rate decode */
		if (rs.len <= FZ_RX_BUF_SIZE && !rs.flags &&
		    ath5k_rate_code_to_idx(rs.rate) >= 0)
			rx_good++;
		memset(&d->rx.status, 0, sizeof(d->rx.status));
		ath5k_hw_rx_desc_setup(d, FZ_RX_BUF_SIZE, true);
	}
}

#define CH(mhz, mode)	{ mhz, ATH5K_MODE_##mode, ATH5K_BW_20 }

static const struct ath5k_chan chans[] = {
	CH(2412, 11G), CH(2437, 11G),
	CH(2472, 11G), CH(2484, 11B),
	CH(2412, 11B), CH(2462, 11B),
	CH(2312, 11G), CH(2732, 11G),
	CH(5180, 11A), CH(5200, 11A),
	CH(5260, 11A), CH(5320, 11A),
	CH(5500, 11A), CH(5700, 11A),
	CH(5745, 11A), CH(5825, 11A),
	CH(4920, 11A), CH(5120, 11A),
	CH(5430, 11A), CH(6100, 11A),
};

/* A reset as main.c does it: DMA stopped first, RX restarted after. */
static void step_reset(struct input *in)
{
	u8 pick = in_u8(in), how = in_u8(in);
	struct ath5k_chan ch = chans[pick % ARRAY_SIZE(chans)];
	static const u8 own[6] = { 0x00, 0x03, 0x7f, 0xe0, 0x00, 0x01 };

	/* bandwidth 20 mostly, 10 and 5 now and then */
	ch.bw = (pick >> 5) == 7 ? ATH5K_BW_5 :
		(pick >> 5) == 6 ? ATH5K_BW_10 : ATH5K_BW_20;
	ath5k_hw_dma_stop(&ah);
	chan_ok = !ath5k_hw_reset(&ah, (enum ath5k_opmode)(how & 3), &ch,
				  how & 4);
	if (!chan_ok)
		return;
	ath5k_hw_set_mac(&ah, how & 8 ? own : ah.perm_addr);
	rx_ring_build();
	if (ath5k_hw_rx_set_rxdp(&ah, FZ_RX_RING))
		return;
	ath5k_hw_rx_start(&ah);
	ath5k_hw_pcu_rx_start(&ah);
	ath5k_hw_rx_filter_set(&ah, ATH5K_RXF_UCAST | ATH5K_RXF_BCAST |
			       ATH5K_RXF_MCAST | (how & 0xf0 ? 0 :
						  ATH5K_RXF_PROM));
	ath5k_hw_imr_set(&ah, ATH5K_INT_RX_ANY | ATH5K_INT_RXEOL |
			 ATH5K_INT_TX_ANY | ATH5K_INT_FATAL |
			 ATH5K_INT_MIB | ATH5K_INT_GLOBAL);
}

/* A frame another station sent, then the driver's RX pass. */
static void step_rx_air(struct input *in)
{
	static const u8 rates[] = {
		0x1b, 0x1a, 0x1e, 0x19, 0x0b, 0x0f, 0x0a, 0x0e,
		0x09, 0x0d, 0x08, 0x0c,
	};
	static u8 frame[2400];
	u8 how = in_u8(in), rate = in_u8(in), rssi = in_u8(in);
	size_t len = in_u16(in) % sizeof(frame), n;

	n = len < in->left ? len : in->left;
	memset(frame, 0, len);
	memcpy(frame, in->p, n);
	in->p += n;
	in->left -= n;
	/* mostly a data frame to everyone, so the PCU filter passes it */
	if (!(how & 1) && len >= 16) {
		frame[0] = 0x08;
		memset(frame + 4, 0xff, 6);
	}
	fuzz_card_rx(bus_card, how & 2 ? rate : rates[rate % sizeof(rates)],
		     rssi, how & 4, frame, len);
	rx_ring_process();
}

/* RX descriptor words as a broken or hostile DMA engine might leave them. */
static void step_rx_desc(struct input *in)
{
	struct ath5k_desc *d = rx_desc(in_u8(in) % FZ_RX_SLOTS);
	u8 how = in_u8(in);

	if (how & 1)
		d->rx.ctl[1] = cpu_to_le32(in_u32(in));
	d->rx.status[0] = cpu_to_le32(in_u32(in));
	d->rx.status[1] = cpu_to_le32(in_u32(in));
	rx_ring_process();
}

/* Interrupt causes as the hardware raises them, then the ISR's read. */
static void step_irq(struct input *in)
{
	u32 pisr = in_u32(in), sisr = 0;
	u8 n = in_u8(in);
	struct ath5k_isr isr;

	if (n & 0x80)
		sisr = in_u32(in);
	fuzz_card_raise(bus_card, pisr, n, sisr);
	if (!ath5k_hw_irq_pending(&ah))
		return;
	if (ath5k_hw_isr_read(&ah, &isr))
		return;
	if (isr.flags & ATH5K_INT_RX_ANY)
		rx_ring_process();
	if (isr.flags & ATH5K_INT_MIB)
		ath5k_hw_ani_mib_irq(&ah);
}

/* A frame on a data queue, its completion and status. */
static void step_tx(struct input *in)
{
	struct ath5k_desc *d = (void *)(bus_host->mem + FZ_TX_DESC);
	u8 *frame = bus_host->mem + FZ_TX_FRAME;
	/* one input byte per declarator: initializer lists have no order */
	unsigned int q = in_u8(in) % ATH5K_TXQ_DATA_COUNT, i;
	u8 body = in_u8(in), flags = in_u8(in), type = in_u8(in);
	u8 power = in_u8(in), rts_duration = in_u8(in);
	struct ath5k_tx_params p = {
		.frame_len = 24 + 4 + body,
		.key_index = ATH5K_KEY_INVALID,
		.flags = flags & 0x3f,
		.pkt_type = type % 5,
		.hdr_len = 24,
		.txpower = ath5k_hw_desc_txpower(&ah, power),
		.rtscts_rate = 0x0b,
		.rtscts_duration = rts_duration,
	};
	struct ath5k_tx_status ts;
	u8 attempts[ATH5K_MRR_SERIES];

	for (i = 0; i < ATH5K_MRR_SERIES; i++) {
		p.rate[i] = in_u8(in);
		p.tries[i] = in_u8(in) % 16;
	}
	p.buf_len = p.frame_len - 4;
	memset(frame, 0, p.buf_len);
	frame[0] = 0x08;
	memset(frame + 4, 0xff, 6);
	memcpy(frame + 10, ah.perm_addr, 6);
	memset(d, 0, sizeof(*d));
	d->data = cpu_to_le32(FZ_TX_FRAME);
	if (ath5k_hw_tx_desc_setup(&ah, d, &p))
		return;
	if (ath5k_hw_txq_set_txdp(&ah, q, FZ_TX_DESC) ||
	    ath5k_hw_txq_start(&ah, q))
		return;
	for (i = 0; i < 50 && !ath5k_hw_tx_desc_done(&ah, d); i++)
		card_bus_delay(200);
	if (!ath5k_hw_tx_desc_status(&ah, d, &ts))
		ath5k_hw_tx_attempts(&ts, p.tries, attempts);
	ath5k_hw_txq_stop(&ah, q);
}

static void step_time(struct input *in)
{
	u8 what = in_u8(in);
	struct ath5k_cycles cycles;
	struct ath5k_mib mib = { };

	card_bus_delay(100u * in_u8(in));
	if (what & 1)
		ath5k_hw_nf_update(&ah);
	if (what & 2 && ath5k_hw_calibrate(&ah))
		chan_ok = false;	/* main.c resets then */
	if (what & 4)
		ath5k_hw_ani_tick(&ah, (s8)in_u8(in));
	if (what & 8)
		ath5k_hw_tsf_get(&ah);
	if (what & 16)
		ath5k_hw_cycles_read(&ah, &cycles);
	if (what & 32)
		ath5k_hw_mib_read(&ah, &mib);
	if (what & 64)
		ath5k_hw_ani_phy_error(&ah, in_u8(in));
}

static void step_ani(struct input *in)
{
	u8 what = in_u8(in), level = in_u8(in);

	switch (what % 6) {
	case 0:
		ath5k_hw_ani_init(&ah, (enum ath5k_ani_mode)(level % ATH5K_ANI_MODE_COUNT));
		break;
	case 1:
		ath5k_hw_ani_set_noise_immunity(&ah, level % 8);
		break;
	case 2:
		ath5k_hw_ani_set_spur_immunity(&ah, level % 8);
		break;
	case 3:
		ath5k_hw_ani_set_firstep(&ah, level % 4);
		break;
	case 4:
		ath5k_hw_ani_set_ofdm_weak_signal(&ah, level & 1);
		break;
	default:
		ath5k_hw_ani_set_cck_weak_signal(&ah, level & 1);
		break;
	}
}

static void step_key(struct input *in)
{
	struct ath5k_key key = { };
	u16 idx = in_u8(in) % 128;
	u8 how = in_u8(in), peer[6];

	key.cipher = how % 4;
	key.len = key.cipher == ATH5K_CIPHER_WEP40 ? 5 :
		  key.cipher == ATH5K_CIPHER_WEP104 ? 13 : 16;
	memset(key.key, in_u8(in), sizeof(key.key));
	memset(key.tx_mic, in_u8(in), sizeof(key.tx_mic));
	memset(key.rx_mic, in_u8(in), sizeof(key.rx_mic));
	memset(peer, in_u8(in) & 0xfe, sizeof(peer));
	if (how & 4)
		ath5k_hw_key_clear(&ah, idx);
	else if (how & 8)
		ath5k_hw_key_delete(&ah, idx);
	else
		ath5k_hw_key_set(&ah, idx, &key, how & 16 ? NULL : peer);
}

static void step_misc(struct input *in)
{
	u8 what = in_u8(in), v = in_u8(in);
	u8 addr[6];

	memset(addr, v, sizeof(addr));
	switch (what % 10) {
	case 0:
		ath5k_hw_set_txpower_limit(&ah, v);
		break;
	case 1:
		ath5k_hw_set_coverage_class(&ah, v);
		break;
	case 2:
		ath5k_hw_set_slot_time(&ah, v);
		break;
	case 3:
		ath5k_hw_set_antenna_mode(&ah, (enum ath5k_ant_mode)(v % ATH5K_ANT_MODE_COUNT));
		break;
	case 4:
		ath5k_hw_set_def_antenna(&ah, 1 + (v & 1));
		break;
	case 5:
		ath5k_hw_set_bssid(&ah, addr, v);
		break;
	case 6:
		ath5k_hw_beacon_timers_init(&ah, v, 1 + in_u8(in), v & 1);
		break;
	case 7:
		ath5k_hw_set_ctl_groups(&ah, v, in_u8(in));
		ath5k_hw_set_txpower_limit(&ah, ATH5K_TXPOWER_MAX);
		break;
	case 8:
		ath5k_hw_mcast_filter_set(&ah, (u64)in_u32(in) << 32 | in_u32(in));
		break;
	default:
		ath5k_hw_set_ack_rate_high(&ah, v & 1);
		break;
	}
}

/* What main.c does around the data path: GPIO, power, TSF, queues. */
static void step_control(struct input *in)
{
	u8 what = in_u8(in), v = in_u8(in);
	unsigned int gpio = v % (ATH5K_GPIO_COUNT + 1);
	u8 addr[6];

	memset(addr, v, sizeof(addr));
	switch (what % 14) {
	case 0:
		ath5k_hw_gpio_input(&ah, gpio);
		ath5k_hw_gpio_get(&ah, gpio);
		break;
	case 1:
		ath5k_hw_gpio_output(&ah, gpio);
		ath5k_hw_gpio_set(&ah, gpio, v & 0x80);
		break;
	case 2:
		if (ath5k_hw_rfkill_present(&ah)) {
			ath5k_hw_rfkill_start(&ah);
			ath5k_hw_rfkill_blocked(&ah);
			ath5k_hw_rfkill_irq(&ah, v & 1);
			ath5k_hw_rfkill_stop(&ah);
		}
		break;
	case 3:
		ath5k_hw_led_set(&ah, (enum ath5k_led_state)(v % 5));
		break;
	case 4:
		/* main.c's stop: a reset is the only way back */
		ath5k_hw_stop(&ah);
		if (v & 1)
			ath5k_hw_hold(&ah);
		chan_ok = false;
		break;
	case 5:
		/* network sleep and back, as power save does */
		if (!ath5k_hw_set_power(&ah, ATH5K_POWER_NETWORK_SLEEP))
			card_bus_delay(v);
		if (ath5k_hw_set_power(&ah, ATH5K_POWER_AWAKE))
			chan_ok = false;
		break;
	case 6:
		if (v & 1)
			ath5k_hw_tsf_reset(&ah);
		else
			ath5k_hw_tsf_set(&ah, (u64)in_u32(in) << 32 | in_u32(in));
		ath5k_hw_tsf_get(&ah);
		break;
	case 7:
		ath5k_hw_beacon_timers_stop(&ah);
		break;
	case 8:
		ath5k_hw_key_clear_all(&ah);
		break;
	case 9:
		ath5k_hw_txq_pending(&ah, v % ATH5K_TXQ_COUNT);
		ath5k_hw_txq_get_txdp(&ah, v % ATH5K_TXQ_COUNT);
		ath5k_hw_gone(&ah);
		break;
	case 10:
		/* RX off and on again, as the RX path's recovery does */
		ath5k_hw_pcu_rx_stop(&ah);
		if (!ath5k_hw_rx_stop(&ah)) {
			ath5k_hw_rx_get_rxdp(&ah);
			rx_ring_build();
			if (!ath5k_hw_rx_set_rxdp(&ah, FZ_RX_RING))
				ath5k_hw_rx_start(&ah);
		}
		ath5k_hw_pcu_rx_start(&ah);
		break;
	case 11:
		ath5k_hw_set_opmode(&ah, (enum ath5k_opmode)(v & 3));
		ath5k_hw_set_bssid_mask(&ah, addr);
		break;
	case 12:
		ath5k_hw_mcast_filter_set(&ah, BIT_ULL(ath5k_hw_mcast_hash(addr)));
		ath5k_hw_rx_filter_set(&ah, in_u16(in));
		break;
	default:
		ath5k_hw_imr_set(&ah, in_u32(in));
		break;
	}
}

/* ---- one input ---- */

#define MAX_STEPS	48

static void run_steps(struct input *in)
{
	unsigned int steps;

	for (steps = 0; steps < MAX_STEPS && in->left; steps++) {
		u8 op = in_u8(in);

		/* without a channel, main.c only resets (or gives up) */
		if (!chan_ok && op % 13 > 2) {
			step_reset(in);
			continue;
		}
		switch (op % 13) {
		case 0:
			step_reset(in);
			break;
		case 1:
			reg_fuzz(in, false);
			break;
		case 2:
			fault(faults[in_u8(in) % ARRAY_SIZE(faults)]);
			break;
		case 3:
		case 4:
			step_rx_air(in);
			break;
		case 5:
			step_rx_desc(in);
			break;
		case 6:
			step_irq(in);
			break;
		case 7:
			step_tx(in);
			break;
		case 8:
			step_time(in);
			break;
		case 9:
			step_ani(in);
			break;
		case 10:
			step_key(in);
			break;
		case 11:
			step_misc(in);
			break;
		default:
			step_control(in);
			break;
		}
	}
}

static void read_eeprom_choice(struct input *in, enum card_model model,
			       struct fuzz_eeprom *ee)
{
	static const u16 versions[] = {
		0x5003, 0x3000, 0x3001, 0x3002, 0x3003, 0x3004,
	};
	u8 how = in_u8(in), bands = in_u8(in);
	unsigned int i;

	memset(ee, 0, sizeof(*ee));
	ee->desc_model = how & 0x80 ? (enum card_model)(in_u8(in) % FUZZ_CARD_MODELS) :
				      model;
	if (how & 0x08)
		ee->version = versions[(how >> 4) % ARRAY_SIZE(versions)];
	if (bands & 0x08) {
		ee->bands_given = true;
		ee->mode_a = bands & 1;
		ee->mode_b = bands & 2;
		ee->mode_g = bands & 4;
	}
	if (how & 0x01) {
		ee->randomize = true;
		ee->seed = in_u32(in);
	}
	if (how & 0x02) {
		ee->n_patches = 1 + in_u8(in) % FUZZ_EE_PATCHES;
		for (i = 0; i < ee->n_patches; i++) {
			ee->patch_word[i] = in_u16(in);
			ee->patch_value[i] = in_u16(in);
		}
		ee->keep_checksum = how & 0x04;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct device dev = { .name = "fuzz" };
	struct input in = { data, size };
	enum card_model model;
	struct fuzz_eeprom ee;
	u8 flags;

	model = (enum card_model)(in_u8(&in) % FUZZ_CARD_MODELS);
	flags = in_u8(&in);
	read_eeprom_choice(&in, model, &ee);

	/* one host for every input, cleared: cheaper than a fresh mapping */
	if (!bus_host)
		bus_host = fake_host_new();
	memset(bus_host, 0, sizeof(*bus_host));
	bus_host->now = 1000000;
	bus_card = fuzz_card_create(model, &ee, &fake_ops, bus_host);
	if (!bus_card)
		return 0;
	n_seen = 0;
	memset(seen_map, 0, sizeof(seen_map));
	chan_ok = false;
	if (flags & 1)
		reg_fuzz(&in, true);
	if (!ath5k_hw_attach(&ah, &dev, (void *)CARD_BUS_BASE, flags & 2)) {
		unsigned int q;

		for (q = 0; q < ATH5K_TXQ_DATA_COUNT; q++)
			ath5k_hw_txq_setup(&ah, q, ATH5K_TXQ_TYPE_DATA, NULL);
		ath5k_hw_txq_setup(&ah, ATH5K_TXQ_CAB, ATH5K_TXQ_TYPE_CAB, NULL);
		ath5k_hw_txq_setup(&ah, ATH5K_TXQ_BEACON, ATH5K_TXQ_TYPE_BEACON,
				   NULL);
		/* attach's reg-fuzz was for attach; the steps choose their own */
		if (flags & 4)
			fault("clear");
		run_steps(&in);
		ath5k_hw_stop(&ah);
	}
	ath5k_hw_detach(&ah);
	card_destroy(bus_card);
	bus_card = NULL;
	return 0;
}
