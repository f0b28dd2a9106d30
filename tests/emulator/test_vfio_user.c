// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit tests of the vfio-user transport: the codec on byte buffers, then a
 * whole session played from the client side of a real unix socket against
 * the server loop, including malformed messages, guest-memory maps and
 * the INTx mask/unmask cycle.  Runs against the real card model when it
 * is built (EMU_HAVE_CARD_MODEL), else against a small register file.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "card.h"
#include "pci_config.h"
#include "server.h"
#include "stats_line.h"
#include "transport_test.h"
#include "vfio_user.h"

#define SREV_OFFSET 0x4020u
#define SREV_AR5413 0xa4u
#define IMR_OFFSET 0x00a0u
#define GPIO_DATA_OUT 0x4018u	/* host interface: written even in full sleep */

#ifndef EMU_HAVE_CARD_MODEL
/* A register file standing in for the model until card.c exists. */
struct card {
	struct card_pci_identity id;
	uint32_t regs[CARD_BAR0_SIZE / 4];
	bool dead;
};

static const struct card_pci_identity fake_identity = {
	.vendor = 0x168c, .device = 0x001b, .revision = 0x01,
	.subsystem_vendor = 0x168c, .subsystem_device = 0x2051,
	.class_code = 0x020000,
};

struct card *card_create(const struct card_config *cfg, struct air *air,
			 const struct card_host_ops *ops, void *host,
			 char *err, size_t errlen)
{
	struct card *c = calloc(1, sizeof(*c));

	(void)cfg, (void)air, (void)ops, (void)host, (void)err, (void)errlen;
	c->id = fake_identity;
	c->regs[SREV_OFFSET / 4] = SREV_AR5413;
	return c;
}

void card_destroy(struct card *card)
{
	free(card);
}

const struct card_pci_identity *card_pci_identity(const struct card *card)
{
	return &card->id;
}

uint64_t card_bar0_read(struct card *card, uint32_t offset, unsigned int size)
{
	uint32_t v = card->dead ? 0xffffffffu : card->regs[offset / 4];

	if (size == 8)
		return v | (uint64_t)card->regs[offset / 4 + 1] << 32;
	v >>= 8 * (offset % 4);
	return size == 4 ? v : v & ((1u << (8 * size)) - 1);
}

void card_bar0_write(struct card *card, uint32_t offset, uint64_t value,
		     unsigned int size)
{
	if (size == 4 && offset != SREV_OFFSET)
		card->regs[offset / 4] = (uint32_t)value;
}

void card_reset(struct card *card)
{
	memset(card->regs, 0, sizeof(card->regs));
	card->regs[SREV_OFFSET / 4] = SREV_AR5413;
}

uint64_t card_next_deadline(const struct card *card)
{
	(void)card;
	return CARD_NO_DEADLINE;
}

void card_advance(struct card *card, uint64_t now_us)
{
	(void)card, (void)now_us;
}

void card_make_dead(struct card *card)
{
	card->dead = true;
}

/* The stand-in has no power states: it stays in D0. */
void card_enter_d3hot(struct card *card)
{
	(void)card;
}

void card_leave_d3hot(struct card *card)
{
	(void)card;
}

void card_corrupt_eeprom(struct card *card)
{
	(void)card;
}

int card_inject_malformed_frame(struct card *card)
{
	(void)card;
	return -1;
}

void card_radio_summary(const struct card *card, char *buf, size_t len)
{
	(void)card;
	snprintf(buf, len, "freq_mhz=0");
}
#endif

#ifndef EMU_HAVE_AIR
int air_fds(const struct air *air, int *fds, int max)
{
	(void)air, (void)fds, (void)max;
	return 0;
}

void air_poll(struct air *air, int fd)
{
	(void)air, (void)fd;
}
#endif

/* ---- codec ---- */

static void test_header_round_trip(void)
{
	struct vfu_header in = { 0x1234, VFU_CMD_REGION_READ, 48, 0x10, 7 };
	struct vfu_header out;
	uint8_t raw[VFU_HEADER_SIZE];

	vfu_header_encode(raw, &in);
	vfu_header_decode(&out, raw);
	CHECK_EQ(out.msg_id, 0x1234);
	CHECK_EQ(out.command, VFU_CMD_REGION_READ);
	CHECK_EQ(out.msg_size, 48);
	CHECK_EQ(out.flags, 0x10);
	CHECK_EQ(out.error, 7);
	CHECK_EQ(vfu_frame_check(&out), VFU_FRAME_OK);
	out.msg_size = 8;
	CHECK_EQ(vfu_frame_check(&out), VFU_FRAME_TOO_SHORT);
	out.msg_size = VFU_MAX_MSG_SIZE + 1;
	CHECK_EQ(vfu_frame_check(&out), VFU_FRAME_TOO_LONG);
	out.msg_size = 16;
	out.flags = VFU_FLAG_TYPE_REPLY;
	CHECK_EQ(vfu_frame_check(&out), VFU_FRAME_NOT_COMMAND);
	CHECK(!strcmp(vfu_command_name(VFU_CMD_DMA_MAP), "DMA_MAP"));
	CHECK(!strcmp(vfu_command_name(99), "unknown"));
}

static void test_version_codec(void)
{
	struct vfu_version v = {
		.major = 0, .minor = 3,
		.caps = { 16, 65536, 4096, true, VFU_CAP_MAX_MSG_FDS |
			  VFU_CAP_MAX_DATA_XFER | VFU_CAP_PGSIZES |
			  VFU_CAP_WRITE_MULTIPLE },
	}, parsed;
	struct vfu_header hdr;
	uint8_t buf[512];
	const char *why = "";
	size_t n;

	n = vfu_build_version_request(buf, sizeof(buf), 5, &v);
	CHECK(n > VFU_HEADER_SIZE + 4);
	vfu_header_decode(&hdr, buf);
	CHECK_EQ(hdr.msg_size, n);
	CHECK_EQ(hdr.command, VFU_CMD_VERSION);
	CHECK_EQ(vfu_parse_version(buf + VFU_HEADER_SIZE, n - VFU_HEADER_SIZE,
				   &parsed, &why), 0);
	CHECK_EQ(parsed.minor, 3);
	CHECK_EQ(parsed.caps.max_msg_fds, 16);
	CHECK_EQ(parsed.caps.max_data_xfer_size, 65536);
	CHECK_EQ(parsed.caps.pgsizes, 4096);
	CHECK(parsed.caps.write_multiple);
	CHECK_EQ(parsed.caps.present, v.caps.present);
	/* A proposal without capabilities gets an answer without them. */
	v.caps.present = 0;
	n = vfu_build_version_request(buf, sizeof(buf), 6, &v);
	CHECK_EQ(vfu_parse_version(buf + VFU_HEADER_SIZE, n - VFU_HEADER_SIZE,
				   &parsed, &why), 0);
	CHECK_EQ(parsed.caps.present, 0);
	CHECK(!strcmp((const char *)buf + VFU_HEADER_SIZE + 4,
		      "{\"capabilities\":{}}"));

	/* The version QEMU sends, with members we do not know. */
	static const char qemu[] =
		"{\"capabilities\":{\"max_msg_fds\":16,\"max_data_xfer_size\":1048576,"
		"\"pgsizes\":4096,\"write_multiple\":true,\"migration\":"
		"{\"pgsize\":4096,\"max_bitmap_size\":1048576}}}";
	memset(buf, 0, 4);
	memcpy(buf + 4, qemu, sizeof(qemu));
	CHECK_EQ(vfu_parse_version(buf, 4 + sizeof(qemu), &parsed, &why), 0);
	CHECK_EQ(parsed.caps.max_data_xfer_size, 1048576);

	/* No JSON at all: defaults. */
	CHECK_EQ(vfu_parse_version(buf, 4, &parsed, &why), 0);
	CHECK_EQ(parsed.caps.max_msg_fds, 1);

	static const char *const bad[] = {
		"{\"capabilities\":{\"max_msg_fds\":}}",
		"{\"capabilities\":[1,2}",
		"{} trailing",
		"\"just a string\"",
		"{\"a\":tru}",
		"{\"a\":\"unterminated}",
		"{\"capabilities\":{\"pgsizes\":4096,}}",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = strlen(bad[i]) + 1;

		memcpy(buf + 4, bad[i], len);
		why = NULL;
		CHECK_EQ(vfu_parse_version(buf, 4 + len, &parsed, &why), EINVAL);
		CHECK(why != NULL);
	}
	/* Not NUL-terminated, or bytes after the NUL. */
	memcpy(buf + 4, "{}", 2);
	CHECK_EQ(vfu_parse_version(buf, 6, &parsed, &why), EINVAL);
	memcpy(buf + 4, "{}\0x", 4);
	CHECK_EQ(vfu_parse_version(buf, 8, &parsed, &why), EINVAL);
	CHECK_EQ(vfu_parse_version(buf, 3, &parsed, &why), EINVAL);
	/* Deep nesting is refused rather than recursing without end. */
	memset(buf + 4, '[', 100);
	buf[104] = '\0';
	memcpy(buf + 4, "{\"a\":", 5);
	CHECK_EQ(vfu_parse_version(buf, 105, &parsed, &why), EINVAL);
}

static void put_dma_map(uint8_t *p, uint32_t argsz, uint32_t flags,
			uint64_t offset, uint64_t addr, uint64_t size)
{
	vfu_put32(p, argsz);
	vfu_put32(p + 4, flags);
	vfu_put64(p + 8, offset);
	vfu_put64(p + 16, addr);
	vfu_put64(p + 24, size);
}

static void test_dma_codec(void)
{
	struct vfu_dma_map map;
	struct vfu_dma_unmap unmap;
	const char *why = "";
	uint8_t p[40];

	put_dma_map(p, 32, 3, 0x1000, 0x100000, 0x20000);
	CHECK_EQ(vfu_parse_dma_map(p, 32, &map, &why), 0);
	CHECK_EQ(map.flags, 3);
	CHECK_EQ(map.offset, 0x1000);
	CHECK_EQ(map.address, 0x100000);
	CHECK_EQ(map.size, 0x20000);
	CHECK_EQ(vfu_parse_dma_map(p, 31, &map, &why), EINVAL);
	CHECK_EQ(vfu_parse_dma_map(p, 40, &map, &why), EINVAL);
	put_dma_map(p, 24, 3, 0, 0x100000, 0x1000);
	CHECK_EQ(vfu_parse_dma_map(p, 32, &map, &why), EINVAL);
	put_dma_map(p, 32, 0x100, 0, 0x100000, 0x1000);
	CHECK_EQ(vfu_parse_dma_map(p, 32, &map, &why), EINVAL);
	put_dma_map(p, 32, 3, 0, 0x100000, 0);
	CHECK_EQ(vfu_parse_dma_map(p, 32, &map, &why), EINVAL);
	put_dma_map(p, 32, 3, 0, UINT64_MAX - 10, 0x1000);
	CHECK_EQ(vfu_parse_dma_map(p, 32, &map, &why), EINVAL);

	vfu_put32(p, 24);
	vfu_put32(p + 4, 0);
	vfu_put64(p + 8, 0x100000);
	vfu_put64(p + 16, 0x1000);
	CHECK_EQ(vfu_parse_dma_unmap(p, 24, &unmap, &why), 0);
	CHECK_EQ(unmap.address, 0x100000);
	CHECK_EQ(unmap.size, 0x1000);
	CHECK_EQ(vfu_parse_dma_unmap(p, 20, &unmap, &why), EINVAL);
	vfu_put32(p + 4, VFU_DMA_UNMAP_GET_DIRTY);
	CHECK_EQ(vfu_parse_dma_unmap(p, 24, &unmap, &why), ENOTSUP);
	vfu_put32(p + 4, VFU_DMA_UNMAP_ALL);
	CHECK_EQ(vfu_parse_dma_unmap(p, 24, &unmap, &why), 0);
	vfu_put32(p, 8);
	CHECK_EQ(vfu_parse_dma_unmap(p, 24, &unmap, &why), EINVAL);
}

static size_t put_set_irqs(uint8_t *p, uint32_t flags, uint32_t index,
			   uint32_t start, uint32_t count)
{
	vfu_put32(p, 20);
	vfu_put32(p + 4, flags);
	vfu_put32(p + 8, index);
	vfu_put32(p + 12, start);
	vfu_put32(p + 16, count);
	return 20;
}

static void test_irq_and_region_codec(void)
{
	struct vfu_set_irqs irqs;
	struct vfu_region_access acc;
	struct vfu_write_entry e;
	const char *why = "";
	uint8_t p[64];
	uint64_t count;

	put_set_irqs(p, VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER,
		     0, 0, 1);
	CHECK_EQ(vfu_parse_set_irqs(p, 20, &irqs, &why), 0);
	CHECK_EQ(irqs.count, 1);
	CHECK_EQ(vfu_parse_set_irqs(p, 19, &irqs, &why), EINVAL);
	put_set_irqs(p, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_DATA_BOOL |
		     VFIO_IRQ_SET_ACTION_MASK, 0, 0, 1);
	CHECK_EQ(vfu_parse_set_irqs(p, 20, &irqs, &why), EINVAL);
	put_set_irqs(p, VFIO_IRQ_SET_DATA_NONE, 0, 0, 1);
	CHECK_EQ(vfu_parse_set_irqs(p, 20, &irqs, &why), EINVAL);
	put_set_irqs(p, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK,
		     VFU_NUM_IRQS, 0, 1);
	CHECK_EQ(vfu_parse_set_irqs(p, 20, &irqs, &why), EINVAL);
	/* A bool array must be inside argsz. */
	put_set_irqs(p, VFIO_IRQ_SET_DATA_BOOL | VFIO_IRQ_SET_ACTION_MASK,
		     0, 0, 1);
	CHECK_EQ(vfu_parse_set_irqs(p, 20, &irqs, &why), EINVAL);
	vfu_put32(p, 21);
	p[20] = 1;
	CHECK_EQ(vfu_parse_set_irqs(p, 21, &irqs, &why), 0);
	CHECK_EQ(irqs.bools[0], 1);
	vfu_put32(p, 40);
	CHECK_EQ(vfu_parse_set_irqs(p, 21, &irqs, &why), EINVAL);

	vfu_put64(p, 0x4020);
	vfu_put32(p + 8, 0);
	vfu_put32(p + 12, 4);
	CHECK_EQ(vfu_parse_region_access(p, 16, false, &acc, &why), 0);
	CHECK_EQ(acc.offset, 0x4020);
	CHECK_EQ(acc.count, 4);
	CHECK_EQ(vfu_parse_region_access(p, 20, false, &acc, &why), EINVAL);
	CHECK_EQ(vfu_parse_region_access(p, 20, true, &acc, &why), 0);
	CHECK_EQ(vfu_parse_region_access(p, 19, true, &acc, &why), EINVAL);
	CHECK_EQ(vfu_parse_region_access(p, 15, false, &acc, &why), EINVAL);
	vfu_put32(p + 12, 0);
	CHECK_EQ(vfu_parse_region_access(p, 16, false, &acc, &why), EINVAL);
	vfu_put32(p + 12, VFU_MAX_DATA_XFER + 1);
	CHECK_EQ(vfu_parse_region_access(p, 16, false, &acc, &why), EINVAL);

	vfu_put64(p, 2);
	for (int i = 0; i < 2; i++) {
		uint8_t *w = p + 8 + i * VFU_WRITE_ENTRY_SIZE;

		vfu_put64(w, 0x100 + 4 * (uint64_t)i);
		vfu_put32(w + 8, 0);
		vfu_put32(w + 12, 4);
		vfu_put64(w + 16, 0xa0 + (uint64_t)i);
	}
	CHECK_EQ(vfu_parse_write_multi(p, 56, &count, &why), 0);
	CHECK_EQ(count, 2);
	vfu_write_entry_decode(&e, p, 1);
	CHECK_EQ(e.offset, 0x104);
	CHECK_EQ(e.count, 4);
	CHECK_EQ(e.data[0], 0xa1);
	CHECK_EQ(vfu_parse_write_multi(p, 55, &count, &why), EINVAL);
	vfu_put64(p, 3);
	CHECK_EQ(vfu_parse_write_multi(p, 56, &count, &why), EINVAL);
	vfu_put64(p, UINT64_MAX);
	CHECK_EQ(vfu_parse_write_multi(p, 56, &count, &why), EINVAL);
}

static void test_reply_builders(void)
{
	struct vfu_header req = { 9, VFU_CMD_REGION_READ, 32, 0, 0 }, hdr;
	struct vfu_region_access acc = { 0x4020, 0, 4 };
	uint8_t data[4] = { 0xa4, 0, 0, 0 };
	uint8_t out[64];
	size_t n;

	n = vfu_build_region_read_reply(out, sizeof(out), &req, &acc, data);
	CHECK_EQ(n, 36);
	vfu_header_decode(&hdr, out);
	CHECK_EQ(hdr.msg_id, 9);
	CHECK_EQ(hdr.msg_size, 36);
	CHECK_EQ(hdr.flags, VFU_FLAG_TYPE_REPLY);
	CHECK_EQ(vfu_get64(out + 16), 0x4020);
	CHECK_EQ(vfu_get32(out + 28), 4);
	CHECK_EQ(vfu_get32(out + 32), 0xa4);
	CHECK_EQ(vfu_build_region_read_reply(out, 35, &req, &acc, data), 0);

	n = vfu_build_error(out, sizeof(out), &req, ENOSYS);
	CHECK_EQ(n, 16);
	vfu_header_decode(&hdr, out);
	CHECK_EQ(hdr.flags, VFU_FLAG_TYPE_REPLY | VFU_FLAG_ERROR);
	CHECK_EQ(hdr.error, ENOSYS);
	CHECK_EQ(vfu_build_error(out, 15, &req, ENOSYS), 0);
	CHECK_EQ(vfu_build_reply(out, 20, &req, data, 8), 0);
}

/* ---- config space alone ---- */

static uint32_t cfg_read32(const struct pci_config *pc, uint32_t off)
{
	uint8_t b[4];

	CHECK(pci_config_read(pc, off, b, 4));
	return vfu_get32(b);
}

static void cfg_write(struct pci_config *pc, uint32_t off, uint32_t v,
		      size_t len)
{
	uint8_t b[4];

	vfu_put32(b, v);
	CHECK(pci_config_write(pc, off, b, len));
}

static void test_pci_config(void)
{
	static const struct card_pci_identity id = {
		.vendor = 0x168c, .device = 0x0013, .revision = 0x01,
		.subsystem_vendor = 0x1186, .subsystem_device = 0x3a13,
		.class_code = 0x020000,
	};
	struct pci_config pc;
	uint8_t b[4];

	pci_config_init(&pc, &id, CARD_BAR0_SIZE);
	CHECK_EQ(cfg_read32(&pc, 0x00), 0x0013168c);
	CHECK_EQ(cfg_read32(&pc, 0x08), 0x02000001);
	CHECK_EQ(cfg_read32(&pc, 0x2c), 0x3a131186);
	CHECK_EQ(cfg_read32(&pc, 0x0c), 0);
	CHECK_EQ(pc.bytes[0x3d], 1);
	/* Size probing of a 64 KiB 32-bit memory BAR. */
	cfg_write(&pc, 0x10, 0xffffffff, 4);
	CHECK_EQ(cfg_read32(&pc, 0x10), 0xffff0000);
	cfg_write(&pc, 0x10, 0xfebf1234, 4);
	CHECK_EQ(pci_config_bar0(&pc), 0xfebf0000);
	cfg_write(&pc, 0x14, 0xffffffff, 4);
	CHECK_EQ(cfg_read32(&pc, 0x14), 0);
	/* Cache line and latency, byte 0x41, read-only IDs. */
	cfg_write(&pc, 0x0c, 0xa810, 2);
	CHECK_EQ(cfg_read32(&pc, 0x0c), 0x0000a810);
	cfg_write(&pc, 0x40, 0x0000ff00, 4);
	CHECK_EQ(cfg_read32(&pc, 0x40) & 0xff00, 0xff00);
	cfg_write(&pc, 0x41, 0, 1);
	CHECK_EQ(pc.bytes[0x41], 0);
	cfg_write(&pc, 0x00, 0xffffffff, 4);
	CHECK_EQ(cfg_read32(&pc, 0x00), 0x0013168c);
	/* Command: only the defined bits stick; INTx disable is seen. */
	cfg_write(&pc, 0x04, 0xffff, 2);
	CHECK_EQ(cfg_read32(&pc, 0x04) & 0xffff, 0x0547);
	CHECK(pci_config_intx_disabled(&pc));
	/* Status: interrupt bit mirrors the line; error bits clear on 1. */
	pci_config_set_intx_status(&pc, true);
	CHECK(cfg_read32(&pc, 0x04) & 0x00080000);
	pc.bytes[0x07] |= 0x20;	/* as if a master abort was seen */
	cfg_write(&pc, 0x06, 0x2000, 2);
	CHECK_EQ(pc.bytes[0x07] & 0x20, 0);
	CHECK(cfg_read32(&pc, 0x04) & 0x00100000);
	/* Power management capability: D3hot and back, D1 refused. */
	CHECK_EQ(pc.bytes[0x34], 0x44);
	CHECK_EQ(pc.bytes[0x44], 0x01);
	cfg_write(&pc, 0x48, 3, 2);
	CHECK_EQ(pci_config_power_state(&pc), 3);
	cfg_write(&pc, 0x48, 1, 2);
	CHECK_EQ(pci_config_power_state(&pc), 3);
	cfg_write(&pc, 0x48, 0, 2);
	CHECK_EQ(pci_config_power_state(&pc), 0);
	/* Out of range and reset. */
	CHECK(!pci_config_read(&pc, 0xfe, b, 4));
	CHECK(!pci_config_write(&pc, 0x100, b, 1));
	CHECK(pci_config_read(&pc, 0xfc, b, 4));
	pci_config_reset(&pc);
	CHECK_EQ(cfg_read32(&pc, 0x0c), 0);
	CHECK_EQ(cfg_read32(&pc, 0x10), 0);
}

/* ---- a session from the client side ---- */

/* The server's clock in the session tests: it moves only when told. */
static uint64_t test_clock_us = 1000000;

static uint64_t test_clock(void *ctx)
{
	(void)ctx;
	return test_clock_us;
}

struct session {
	char dir[64], path[128];
	FILE *log;
	char *log_text;
	size_t log_size;
	struct server *srv;
	struct server_card *sc;
	int fd;
	uint16_t next_id;
};

static void session_connect(struct session *s)
{
	s->fd = test_connect_unix(s->path);
	if (s->fd < 0) {
		perror("connect");
		exit(2);
	}
	/* Let the loop accept before the first message. */
	for (int i = 0; i < 20 && !server_card_connected(s->sc); i++)
		server_run_once(s->srv, 1000);
	CHECK(server_card_connected(s->sc));
}

/* A card configuration for the session's server (model defaults if any). */
static void test_card_config(struct card_config *cfg, unsigned int index,
			     const char *socket_path)
{
	memset(cfg, 0, sizeof(*cfg));
#ifdef EMU_HAVE_CARD_MODEL
	card_config_defaults(cfg, index);
#endif
	snprintf(cfg->name, sizeof(cfg->name), "card%u", index);
	snprintf(cfg->socket_path, sizeof(cfg->socket_path), "%s", socket_path);
}

static void session_open(struct session *s)
{
	struct server_options opts = { .trace = true, .clock_us = test_clock };
	struct card_config cfg;
	char err[256];

	memset(s, 0, sizeof(*s));
	snprintf(s->dir, sizeof(s->dir), "/tmp/test_vfio_user.XXXXXX");
	if (!mkdtemp(s->dir)) {
		perror("mkdtemp");
		exit(2);
	}
	snprintf(s->path, sizeof(s->path), "%s/card0.sock", s->dir);
	s->log = open_memstream(&s->log_text, &s->log_size);
	opts.log = s->log;
	s->srv = server_create(&opts, NULL);
	test_card_config(&cfg, 0, s->path);
	if (server_add_card(s->srv, &cfg, err, sizeof(err)) < 0) {
		fprintf(stderr, "server_add_card: %s\n", err);
		exit(2);
	}
	s->sc = server_find_card(s->srv, "card0");
	session_connect(s);
}

static void session_close(struct session *s)
{
	if (s->fd >= 0)
		close(s->fd);
	server_destroy(s->srv);
#ifdef EMU_HAVE_CARD_MODEL
	/* Every card's log ends with what the driver cost it, whole. */
	fflush(s->log);
	{
		uint64_t values[STATS_LINE_KEYS];

		CHECK(stats_log_line(s->log_text, "card0", values));
		CHECK(stats_get(values, "mmio_reads") > 0);
	}
#endif
	fclose(s->log);
	free(s->log_text);
	rmdir(s->dir);
}

static void send_with_fds(int fd, const uint8_t *msg, size_t len,
			  const int *fds, unsigned int nfds)
{
	union {
		struct cmsghdr align;
		char buf[CMSG_SPACE(sizeof(int) * 4)];
	} control;
	struct iovec iov = { .iov_base = (void *)(uintptr_t)msg, .iov_len = len };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };

	if (nfds) {
		struct cmsghdr *c;

		mh.msg_control = control.buf;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
	}
	if (sendmsg(fd, &mh, MSG_NOSIGNAL) != (ssize_t)len) {
		perror("sendmsg");
		exit(2);
	}
}

/* Turns the loop until the client has something to read. */
static bool pump_until_readable(struct session *s)
{
	for (int i = 0; i < 200; i++) {
		struct pollfd p = { .fd = s->fd, .events = POLLIN };

		if (poll(&p, 1, 0) > 0)
			return true;
		server_run_once(s->srv, 1000);
	}
	return false;
}

/* Sends one command and returns its reply (header in hdr, payload in out). */
static size_t transact_fds(struct session *s, uint16_t cmd, uint32_t flags,
			   const void *payload, size_t len, const int *fds,
			   unsigned int nfds, struct vfu_header *hdr,
			   uint8_t *out, size_t cap)
{
	uint8_t msg[4096], raw[VFU_HEADER_SIZE];
	uint16_t id = ++s->next_id;
	size_t n = vfu_build_request(msg, sizeof(msg), id, cmd, flags, payload,
				     len);

	send_with_fds(s->fd, msg, n, fds, nfds);
	memset(hdr, 0, sizeof(*hdr));
	if (!pump_until_readable(s) || !test_read_full(s->fd, raw, sizeof(raw))) {
		CHECK(!"reply expected");
		return 0;
	}
	vfu_header_decode(hdr, raw);
	CHECK_EQ(hdr->msg_id, id);
	CHECK_EQ(hdr->command, cmd);
	CHECK_EQ(hdr->flags & VFU_FLAG_TYPE_MASK, VFU_FLAG_TYPE_REPLY);
	n = hdr->msg_size - VFU_HEADER_SIZE;
	if (hdr->msg_size < VFU_HEADER_SIZE || n > cap ||
	    !test_read_full(s->fd, out, n)) {
		CHECK(!"reply payload fits");
		return 0;
	}
	return n;
}

static size_t transact(struct session *s, uint16_t cmd, const void *payload,
		       size_t len, struct vfu_header *hdr, uint8_t *out,
		       size_t cap)
{
	return transact_fds(s, cmd, 0, payload, len, NULL, 0, hdr, out, cap);
}

/* Expects an error reply carrying err. */
static void expect_error(struct session *s, uint16_t cmd, const void *payload,
			 size_t len, uint32_t err)
{
	struct vfu_header hdr;
	uint8_t out[64];
	unsigned long before = server_card_protocol_errors(s->sc);

	CHECK_EQ(transact(s, cmd, payload, len, &hdr, out, sizeof(out)), 0);
	CHECK(hdr.flags & VFU_FLAG_ERROR);
	CHECK_EQ(hdr.error, err);
	if (err != ENOTSUP)
		CHECK(server_card_protocol_errors(s->sc) > before);
}

static void negotiate(struct session *s)
{
	struct vfu_version v = {
		0, 0, { 16, VFU_MAX_DATA_XFER, 4096, true,
			VFU_CAP_MAX_MSG_FDS | VFU_CAP_MAX_DATA_XFER |
			VFU_CAP_PGSIZES | VFU_CAP_WRITE_MULTIPLE },
	};
	struct vfu_version answer;
	struct vfu_header hdr;
	uint8_t msg[512], out[512];
	const char *why = "";
	size_t n = vfu_build_version_request(msg, sizeof(msg), 0, &v);

	n = transact(s, VFU_CMD_VERSION, msg + VFU_HEADER_SIZE,
		     n - VFU_HEADER_SIZE, &hdr, out, sizeof(out));
	CHECK(!(hdr.flags & VFU_FLAG_ERROR));
	CHECK_EQ(vfu_parse_version(out, n, &answer, &why), 0);
	CHECK_EQ(answer.major, 0);
	CHECK_EQ(answer.minor, 0);
	CHECK_EQ(answer.caps.max_data_xfer_size, VFU_MAX_DATA_XFER);
	CHECK_EQ(answer.caps.max_msg_fds, VFU_MAX_MSG_FDS);
	CHECK_EQ(answer.caps.pgsizes, 4096);
	/* write_multiple was offered but is not taken up. */
	CHECK_EQ(answer.caps.present, VFU_CAP_MAX_MSG_FDS |
		 VFU_CAP_MAX_DATA_XFER | VFU_CAP_PGSIZES);
}

static uint64_t region_read(struct session *s, uint32_t region,
			    uint64_t offset, uint32_t count)
{
	struct vfu_region_access acc = { offset, region, count };
	struct vfu_header hdr;
	uint8_t p[16], out[64];
	uint64_t v = 0;

	vfu_put64(p, acc.offset);
	vfu_put32(p + 8, acc.region);
	vfu_put32(p + 12, acc.count);
	CHECK_EQ(transact(s, VFU_CMD_REGION_READ, p, sizeof(p), &hdr, out,
			  sizeof(out)), 16 + count);
	CHECK(!(hdr.flags & VFU_FLAG_ERROR));
	CHECK_EQ(vfu_get64(out), offset);
	CHECK_EQ(vfu_get32(out + 8), region);
	CHECK_EQ(vfu_get32(out + 12), count);
	memcpy(&v, out + 16, count < 8 ? count : 8);
	return v;
}

/* A posted write: QEMU's usual form, which must get no reply. */
static void region_write_posted(struct session *s, uint32_t region,
				uint64_t offset, uint64_t value, uint32_t count)
{
	uint8_t msg[64], p[24];
	size_t n;

	vfu_put64(p, offset);
	vfu_put32(p + 8, region);
	vfu_put32(p + 12, count);
	memcpy(p + 16, &value, count);
	n = vfu_build_request(msg, sizeof(msg), ++s->next_id,
			      VFU_CMD_REGION_WRITE, VFU_FLAG_NO_REPLY, p,
			      16 + count);
	send_with_fds(s->fd, msg, n, NULL, 0);
}

/* A second server must not steal a socket that is being served. */
static void test_socket_in_use(struct session *s)
{
	struct server_options opts = { .log = s->log, .clock_us = test_clock };
	struct server *other = server_create(&opts, NULL);
	struct card_config cfg;
	char err[256] = "";

	test_card_config(&cfg, 1, s->path);
	CHECK_EQ(server_add_card(other, &cfg, err, sizeof(err)), -1);
	CHECK(strstr(err, "in use") != NULL);
	CHECK(control_open(other, s->path, err, sizeof(err)) == NULL);
	server_destroy(other);
	/* The first server still answers on it. */
	CHECK_EQ(region_read(s, 7, 0, 2), 0x168c);
}

static void test_session_discovery(struct session *s)
{
	struct vfu_header hdr;
	uint8_t p[32] = { 0 }, out[64];

	/* Nothing before VERSION. */
	expect_error(s, VFU_CMD_DEVICE_GET_INFO, p, 16, EINVAL);
	negotiate(s);

	memset(p, 0, sizeof(p));
	vfu_put32(p, 16);
	CHECK_EQ(transact(s, VFU_CMD_DEVICE_GET_INFO, p, 16, &hdr, out,
			  sizeof(out)), 16);
	CHECK_EQ(vfu_get32(out + 4), VFIO_DEVICE_FLAGS_RESET | VFIO_DEVICE_FLAGS_PCI);
	CHECK_EQ(vfu_get32(out + 8), VFIO_PCI_NUM_REGIONS);
	CHECK_EQ(vfu_get32(out + 12), VFIO_PCI_NUM_IRQS);
	vfu_put32(p, 8);
	expect_error(s, VFU_CMD_DEVICE_GET_INFO, p, 16, EINVAL);

	for (uint32_t index = 0; index < VFIO_PCI_NUM_REGIONS; index++) {
		uint64_t size = index == 0 ? CARD_BAR0_SIZE : index == 7 ? 256 : 0;

		memset(p, 0, sizeof(p));
		vfu_put32(p, 32);
		vfu_put32(p + 8, index);
		CHECK_EQ(transact(s, VFU_CMD_DEVICE_GET_REGION_INFO, p, 32,
				  &hdr, out, sizeof(out)), 32);
		CHECK_EQ(vfu_get32(out + 8), index);
		CHECK_EQ(vfu_get64(out + 16), size);
		CHECK_EQ(vfu_get32(out + 4),
			 size ? VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE : 0);
	}
	vfu_put32(p + 8, VFIO_PCI_NUM_REGIONS);
	expect_error(s, VFU_CMD_DEVICE_GET_REGION_INFO, p, 32, EINVAL);
	vfu_put32(p + 8, 0);
	expect_error(s, VFU_CMD_DEVICE_GET_REGION_INFO, p, 12, EINVAL);

	memset(p, 0, sizeof(p));
	vfu_put32(p, 16);
	CHECK_EQ(transact(s, VFU_CMD_DEVICE_GET_IRQ_INFO, p, 16, &hdr, out,
			  sizeof(out)), 16);
	CHECK_EQ(vfu_get32(out + 4), VFIO_IRQ_INFO_EVENTFD |
		 VFIO_IRQ_INFO_MASKABLE | VFIO_IRQ_INFO_AUTOMASKED);
	CHECK_EQ(vfu_get32(out + 12), 1);
	for (uint32_t index = 1; index < VFIO_PCI_NUM_IRQS; index++) {
		bool pcie_only = index == VFIO_PCI_ERR_IRQ_INDEX ||
				 index == VFIO_PCI_REQ_IRQ_INDEX;
		unsigned long errors = server_card_protocol_errors(s->sc);

		vfu_put32(p + 8, index);
		CHECK_EQ(transact(s, VFU_CMD_DEVICE_GET_IRQ_INFO, p, 16, &hdr,
				  out, sizeof(out)), pcie_only ? 0 : 16);
		if (pcie_only) {
			/* QEMU takes an error here as "legacy PCI": no warning. */
			CHECK_EQ(hdr.error, EINVAL);
			CHECK_EQ(server_card_protocol_errors(s->sc), errors);
		} else {
			CHECK_EQ(vfu_get32(out + 12), 0);
		}
	}
	vfu_put32(p + 8, VFIO_PCI_NUM_IRQS);
	expect_error(s, VFU_CMD_DEVICE_GET_IRQ_INFO, p, 16, EINVAL);
	/* Version twice is a violation; optional features are just absent. */
	memset(p, 0, sizeof(p));
	expect_error(s, VFU_CMD_VERSION, p, 4, EINVAL);
	expect_error(s, VFU_CMD_DEVICE_FEATURE, p, 8, ENOTSUP);
}

static void test_session_regions(struct session *s)
{
	struct vfu_header hdr;
	uint8_t p[32], out[64];

	/* Config space: the identity the card model gives. */
	CHECK_EQ(region_read(s, 7, 0, 2), 0x168c);
	CHECK_EQ(region_read(s, 7, 2, 2), 0x001b);
	CHECK_EQ(region_read(s, 7, 0, 4), 0x001b168c);
	CHECK_EQ(region_read(s, 7, 0x3d, 1), 1);
	region_write_posted(s, 7, 0x10, 0xffffffff, 4);
	CHECK_EQ(region_read(s, 7, 0x10, 4), 0xffff0000);
	region_write_posted(s, 7, 0x10, 0xfebf0000, 4);
	CHECK_EQ(region_read(s, 7, 0x10, 4), 0xfebf0000);
	CHECK_EQ(region_read(s, 7, 0x0c, 1), 0);
	region_write_posted(s, 7, 0x0c, 0x10, 1);
	region_write_posted(s, 7, 0x41, 0, 1);
	CHECK_EQ(region_read(s, 7, 0x0c, 1), 0x10);

	/* BAR0 reaches the card: SREV of an AR5413. */
	CHECK_EQ(region_read(s, 0, SREV_OFFSET, 4), SREV_AR5413);
	region_write_posted(s, 0, 0x4004, 0, 4);	/* wake: asleep it takes no writes */
	region_write_posted(s, 0, IMR_OFFSET, 0x00000041, 4);
	CHECK_EQ(region_read(s, 0, IMR_OFFSET, 4), 0x00000041);

	/* A write that asks for a reply gets one. */
	vfu_put64(p, 0x0c);
	vfu_put32(p + 8, 7);
	vfu_put32(p + 12, 1);
	p[16] = 0x20;
	CHECK_EQ(transact(s, VFU_CMD_REGION_WRITE, p, 17, &hdr, out,
			  sizeof(out)), 16);
	CHECK_EQ(vfu_get32(out + 12), 1);
	CHECK_EQ(region_read(s, 7, 0x0c, 1), 0x20);

	/* Bad regions and ranges are refused, the session goes on. */
	vfu_put64(p, 0);
	vfu_put32(p + 8, 3);
	vfu_put32(p + 12, 4);
	expect_error(s, VFU_CMD_REGION_READ, p, 16, EINVAL);
	vfu_put32(p + 8, 9);
	expect_error(s, VFU_CMD_REGION_READ, p, 16, EINVAL);
	vfu_put64(p, CARD_BAR0_SIZE - 2);
	vfu_put32(p + 8, 0);
	expect_error(s, VFU_CMD_REGION_READ, p, 16, EINVAL);
	vfu_put64(p, 0xfc);
	vfu_put32(p + 8, 7);
	vfu_put32(p + 12, 8);
	expect_error(s, VFU_CMD_REGION_READ, p, 16, EINVAL);
	vfu_put64(p, 0);
	vfu_put32(p + 12, 4);
	expect_error(s, VFU_CMD_REGION_WRITE, p, 18, EINVAL);
	expect_error(s, 99, p, 16, ENOSYS);
	expect_error(s, VFU_CMD_DMA_READ, p, 16, EINVAL);
	CHECK_EQ(region_read(s, 7, 0, 4), 0x001b168c);
}

static void map_request(uint8_t *p, uint32_t flags, uint64_t offset,
			uint64_t addr, uint64_t size)
{
	put_dma_map(p, 32, flags, offset, addr, size);
}

static void test_session_dma(struct session *s)
{
	const size_t size = 0x10000;
	struct vfu_header hdr;
	uint8_t p[32], out[64], buf[32];
	int memfd = memfd_create("guest-ram", MFD_CLOEXEC);
	uint8_t *ram;

	CHECK(memfd >= 0 && ftruncate(memfd, (off_t)(2 * size)) == 0);
	ram = mmap(NULL, 2 * size, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0);
	CHECK(ram != MAP_FAILED);
	for (size_t i = 0; i < 2 * size; i++)
		ram[i] = (uint8_t)(i * 7);

	/* RAM window at 0x100000 backed by the second half of the file. */
	map_request(p, VFU_DMA_MAP_READ | VFU_DMA_MAP_WRITE, size, 0x100000, size);
	CHECK_EQ(transact_fds(s, VFU_CMD_DMA_MAP, 0, p, 32, &memfd, 1, &hdr,
			      out, sizeof(out)), 0);
	CHECK(!(hdr.flags & VFU_FLAG_ERROR));
	/* A ROM-like window without a file descriptor. */
	map_request(p, VFU_DMA_MAP_READ, 0, 0x200000, 0x1000);
	CHECK_EQ(transact(s, VFU_CMD_DMA_MAP, p, 32, &hdr, out, sizeof(out)), 0);
	CHECK(!(hdr.flags & VFU_FLAG_ERROR));
	CHECK_EQ(server_card_dma_map_count(s->sc), 2);

	CHECK(server_card_dma_read(s->sc, 0x100010, buf, 16));
	for (int i = 0; i < 16; i++)
		CHECK_EQ(buf[i], (uint8_t)((size + 0x10 + (size_t)i) * 7));
	memset(buf, 0x5a, sizeof(buf));
	CHECK(server_card_dma_write(s->sc, 0x10fff0, buf, 16));
	CHECK_EQ(ram[size + 0xfff0], 0x5a);
	CHECK_EQ(ram[size + 0xffff], 0x5a);
	CHECK(!server_card_dma_read(s->sc, 0x10fff8, buf, 16));
	CHECK(!server_card_dma_read(s->sc, 0x300000, buf, 4));
	CHECK(!server_card_dma_read(s->sc, 0x200000, buf, 4));
	CHECK(!server_card_dma_write(s->sc, UINT64_MAX - 2, buf, 8));

	/* Overlaps, fds where none belong, mode bits without an fd. */
	map_request(p, 3, 0, 0x108000, 0x1000);
	expect_error(s, VFU_CMD_DMA_MAP, p, 32, EEXIST);
	map_request(p, 3 | VFU_DMA_MAP_MODE_MMAP, 0, 0x400000, 0x1000);
	expect_error(s, VFU_CMD_DMA_MAP, p, 32, EINVAL);
	{
		int two[2] = { memfd, memfd };

		map_request(p, 3, 0, 0x500000, 0x1000);
		CHECK_EQ(transact_fds(s, VFU_CMD_DMA_MAP, 0, p, 32, two, 2,
				      &hdr, out, sizeof(out)), 0);
		CHECK_EQ(hdr.error, EINVAL);
		vfu_put32(p, 16);
		CHECK_EQ(transact_fds(s, VFU_CMD_DEVICE_GET_INFO, 0, p, 16,
				      &memfd, 1, &hdr, out, sizeof(out)), 0);
		CHECK_EQ(hdr.error, EINVAL);
	}
	CHECK_EQ(server_card_dma_map_count(s->sc), 2);

	/* Unmaps must match a map exactly; the reply echoes the request. */
	vfu_put32(p, 24);
	vfu_put32(p + 4, 0);
	vfu_put64(p + 8, 0x100000);
	vfu_put64(p + 16, 0x1000);
	expect_error(s, VFU_CMD_DMA_UNMAP, p, 24, EINVAL);
	vfu_put64(p + 16, size);
	CHECK_EQ(transact(s, VFU_CMD_DMA_UNMAP, p, 24, &hdr, out, sizeof(out)), 24);
	CHECK(!memcmp(out, p, 24));
	CHECK_EQ(server_card_dma_map_count(s->sc), 1);
	CHECK(!server_card_dma_read(s->sc, 0x100010, buf, 4));

	munmap(ram, 2 * size);
	close(memfd);
}

static bool eventfd_fired(int fd)
{
	uint64_t v;

	return read(fd, &v, sizeof(v)) == sizeof(v) && v > 0;
}

static void set_irqs(struct session *s, uint32_t flags, uint32_t count,
		     const int *fd)
{
	struct vfu_header hdr;
	uint8_t p[24], out[16];

	put_set_irqs(p, flags, 0, 0, count);
	CHECK_EQ(transact_fds(s, VFU_CMD_DEVICE_SET_IRQS, 0, p, 20, fd,
			      fd ? 1 : 0, &hdr, out, sizeof(out)), 0);
	CHECK(!(hdr.flags & VFU_FLAG_ERROR));
}

/*
 * A level-triggered line with the card model behind it: a cause the
 * driver acknowledges away does not fire again, one it never clears
 * (an interrupt storm) fires again at once instead of after the quiet.
 */
/* A BAR0 write the server has handled by the time it returns. */
static void bar_write(struct session *s, uint32_t off, uint32_t v)
{
	region_write_posted(s, 0, off, v, 4);
	region_read(s, 0, SREV_OFFSET, 4);
}

static void test_session_intx_storm(struct session *s)
{
	int efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	unsigned long before;

	set_irqs(s, VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER,
		 1, &efd);
	bar_write(s, 0x4004, 0);		/* awake */
	bar_write(s, IMR_OFFSET, 0x2000);	/* PIMR: SWI */
	bar_write(s, 0x24, 1);			/* IER */
	before = server_card_intx_signals(s->sc);

	/* A cause the handler clears: one interrupt, nothing after. */
	bar_write(s, 0x08, 0x40);		/* CR: SWI */
	CHECK(eventfd_fired(efd));
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	CHECK_EQ(region_read(s, 0, 0x80, 4), 0x2000);
	bar_write(s, 0x80, 0x2000);		/* acknowledged */
	test_clock_us += 2 * SERVER_INTX_RESIGNAL_IDLE_US;
	server_run_once(s->srv, 0);
	CHECK(!eventfd_fired(efd));
	CHECK_EQ(server_card_intx_signals(s->sc), before + 1);

	/* A cause the handler never clears: the acknowledgement fires again. */
	bar_write(s, 0x08, 0x40);
	CHECK(eventfd_fired(efd));
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	CHECK(!eventfd_fired(efd));				/* not on the unmask */
	bar_write(s, 0x80, 0x1);		/* acks another bit */
	CHECK(eventfd_fired(efd));
	CHECK_EQ(server_card_intx_signals(s->sc), before + 3);
	/* Acknowledged while still masked: fires at the unmask. */
	bar_write(s, 0x80, 0x1);
	CHECK(!eventfd_fired(efd));
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	CHECK(eventfd_fired(efd));
	CHECK_EQ(server_card_intx_signals(s->sc), before + 4);

	bar_write(s, 0x80, 0x2000);
	bar_write(s, 0x24, 0);
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER, 0, NULL);
	close(efd);
}

static void test_session_intx(struct session *s)
{
	int efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	uint8_t p[24];

	set_irqs(s, VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER,
		 1, &efd);
	/* Raising the line signals once and masks. */
	server_card_set_irq(s->sc, true);
	CHECK(eventfd_fired(efd));
	CHECK(server_card_intx_masked(s->sc));
	/* Still masked: a new rise waits for the unmask. */
	server_card_set_irq(s->sc, false);
	server_card_set_irq(s->sc, true);
	CHECK(!eventfd_fired(efd));
	/* Unmask with the line high: re-signal only after BAR0 is quiet. */
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	CHECK(!server_card_intx_masked(s->sc));
	CHECK(!eventfd_fired(efd));
	test_clock_us += SERVER_INTX_RESIGNAL_IDLE_US - 1;
	server_run_once(s->srv, 0);
	CHECK(!eventfd_fired(efd));
	/* A BAR0 access restarts the quiet period. */
	CHECK_EQ(region_read(s, 0, SREV_OFFSET, 4), SREV_AR5413);
	test_clock_us += SERVER_INTX_RESIGNAL_IDLE_US - 1;
	server_run_once(s->srv, 0);
	CHECK(!eventfd_fired(efd));
	test_clock_us += 1;
	server_run_once(s->srv, 0);
	CHECK(eventfd_fired(efd));
	CHECK(server_card_intx_masked(s->sc));
	/* Unmask after the cause is cleared: nothing more. */
	server_card_set_irq(s->sc, false);
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	test_clock_us += 2 * SERVER_INTX_RESIGNAL_IDLE_US;
	server_run_once(s->srv, 0);
	CHECK(!eventfd_fired(efd));
	/* Masked by the client, then a rise: held back. */
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_MASK, 1, NULL);
	server_card_set_irq(s->sc, true);
	CHECK(!eventfd_fired(efd));
	server_card_set_irq(s->sc, false);
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	CHECK_EQ(server_card_intx_signals(s->sc), 2);

	/* INTx disabled in the command register holds the line back. */
	server_card_set_irq(s->sc, true);
	CHECK(eventfd_fired(efd));
	region_write_posted(s, 7, 0x04, 0x0406, 2);
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	test_clock_us += 2 * SERVER_INTX_RESIGNAL_IDLE_US;
	server_run_once(s->srv, 0);
	CHECK(!eventfd_fired(efd));
	CHECK(region_read(s, 7, 0x04, 4) & 0x00080000);	/* status: pending */
	region_write_posted(s, 7, 0x04, 0x0006, 2);
	CHECK_EQ(region_read(s, 7, 0x04, 2), 0x0006);
	test_clock_us += 2 * SERVER_INTX_RESIGNAL_IDLE_US;
	server_run_once(s->srv, 0);
	CHECK(eventfd_fired(efd));
	server_card_set_irq(s->sc, false);
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_UNMASK, 1, NULL);
	CHECK_EQ(server_card_intx_signals(s->sc), 4);

	/* Only INTx vector 0 exists; MSI cannot be set up. */
	put_set_irqs(p, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER,
		     0, 1, 1);
	expect_error(s, VFU_CMD_DEVICE_SET_IRQS, p, 20, EINVAL);
	put_set_irqs(p, VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER,
		     VFIO_PCI_MSI_IRQ_INDEX, 0, 1);
	expect_error(s, VFU_CMD_DEVICE_SET_IRQS, p, 20, EINVAL);
	/* Disable (count 0): the eventfd is released. */
	set_irqs(s, VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER, 0, NULL);
	server_card_set_irq(s->sc, true);
	CHECK(!eventfd_fired(efd));
	server_card_set_irq(s->sc, false);
	close(efd);
}

/* Reads and drops whatever the server has answered so far. */
static void drain_replies(struct session *s)
{
	uint8_t junk[4096];

	for (int quiet = 0; quiet < 3;) {
		struct pollfd p = { .fd = s->fd, .events = POLLIN };

		server_run_once(s->srv, 0);
		if (poll(&p, 1, 1) > 0 && read(s->fd, junk, sizeof(junk)) > 0)
			quiet = 0;
		else
			quiet++;
	}
}

static uint32_t fuzz_next(uint32_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

/*
 * Well-framed messages with random commands, flags and payloads: every
 * one must be answered or refused without harm, and the session must
 * still work afterwards.  Writes to BAR0 are left out: they would test
 * the card model, not the transport.
 */
static void test_session_fuzz(struct session *s)
{
	uint32_t state = 0x5eed1234;
	uint8_t msg[256], payload[200];
	unsigned long errors = server_card_protocol_errors(s->sc);

	for (int i = 0; i < 4000; i++) {
		uint16_t cmd = (uint16_t)(fuzz_next(&state) % 20);
		uint32_t flags = fuzz_next(&state) % 4 ? 0 : VFU_FLAG_NO_REPLY;
		size_t len = fuzz_next(&state) % sizeof(payload);
		size_t n;

		for (size_t j = 0; j < len; j++)
			payload[j] = (uint8_t)fuzz_next(&state);
		/* Often make the fixed fields plausible to reach deeper code. */
		if (len >= 16 && fuzz_next(&state) % 2) {
			vfu_put32(payload, (uint32_t)len);
			vfu_put32(payload + 8, fuzz_next(&state) % 10);
		}
		if (cmd == VFU_CMD_REGION_READ || cmd == VFU_CMD_REGION_WRITE) {
			if (len < 16)
				len = 16;
			vfu_put64(payload, fuzz_next(&state) % 0x11000);
			vfu_put32(payload + 8, fuzz_next(&state) % 2 ? 7 : fuzz_next(&state) % 10);
			vfu_put32(payload + 12, 1u << (fuzz_next(&state) % 4));
			if (cmd == VFU_CMD_REGION_WRITE && vfu_get32(payload + 8) == 0)
				vfu_put32(payload + 8, 7);
		}
		if (cmd == VFU_CMD_REGION_WRITE_MULTI || cmd == VFU_CMD_DEVICE_RESET)
			cmd = VFU_CMD_DEVICE_GET_INFO;
		n = vfu_build_request(msg, sizeof(msg), (uint16_t)i, cmd, flags,
				      payload, len);
		send_with_fds(s->fd, msg, n, NULL, 0);
		if (i % 16 == 0)
			drain_replies(s);
	}
	drain_replies(s);
	CHECK(server_card_connected(s->sc));
	/* Most random messages are violations, each one caught. */
	CHECK(server_card_protocol_errors(s->sc) - errors > 1000);
	CHECK_EQ(region_read(s, 7, 0, 4), 0x001b168c);
}

/* A control socket NAME in the session's directory, served by its loop. */
static struct control *session_control(struct session *s, const char *name,
				       char *path, size_t len)
{
	struct control *ctl;
	char err[256];

	snprintf(path, len, "%s/%s", s->dir, name);
	ctl = control_open(s->srv, path, err, sizeof(err));
	CHECK(ctl != NULL);
	if (ctl)
		server_set_control(s->srv, ctl);
	return ctl;
}

#ifdef EMU_HAVE_CARD_MODEL
/* "card0 stats" parsed into values; false when the answer is not ok. */
static bool control_stats(struct control *ctl, uint64_t *values)
{
	char answer[CARD_STATS_LINE_MAX + 16];

	control_execute(ctl, "card0 stats", answer, sizeof(answer));
	CHECK(!strncmp(answer, "ok: ", 4));
	CHECK(stats_line_parse(answer + 4, values));
	return !strncmp(answer, "ok: ", 4) && stats_line_parse(answer + 4, values);
}

/*
 * The control socket's "stats" as a bench uses it: two snapshots around
 * known BAR0 traffic through vfio-user, and the whole line over the
 * socket itself.
 */
static void test_session_stats(struct session *s)
{
	uint64_t before[STATS_LINE_KEYS], after[STATS_LINE_KEYS];
	char answer[CARD_STATS_LINE_MAX + 16], path[160];
	struct control *ctl = session_control(s, "stats.sock", path, sizeof(path));

	if (!ctl)
		return;
	control_execute(ctl, "card9 stats", answer, sizeof(answer));
	CHECK(!strncmp(answer, "error: ", 7));
	control_execute(ctl, "card0", answer, sizeof(answer));
	CHECK(!strncmp(answer, "error: ", 7) && strstr(answer, "|stats|journal'"));
	/* nothing sent or heard yet: an empty journal, in the log */
	control_execute(ctl, "card0 journal", answer, sizeof(answer));
	CHECK(!strcmp(answer, "ok: 0 frames in the log"));
	if (control_stats(ctl, before)) {
		for (int i = 0; i < 5; i++)
			region_read(s, 0, 0x80, 4);
		region_read(s, 0, 0x804c, 8);
		region_write_posted(s, 0, 0x80, 0, 4);
		region_write_posted(s, 0, 0x24, 0, 4);
		region_read(s, 0, SREV_OFFSET, 4);	/* the posted writes are done */
		CHECK(control_stats(ctl, after));
		CHECK_EQ(stats_get(after, "mmio_reads") - stats_get(before, "mmio_reads"), 8);
		CHECK_EQ(stats_get(after, "reads.PISR") - stats_get(before, "reads.PISR"), 5);
		CHECK_EQ(stats_get(after, "reads.TSF") - stats_get(before, "reads.TSF"), 2);
		CHECK_EQ(stats_get(after, "reads.other") - stats_get(before, "reads.other"), 1);
		CHECK_EQ(stats_get(after, "mmio_writes") - stats_get(before, "mmio_writes"), 2);
		CHECK_EQ(stats_get(after, "writes.PISR") - stats_get(before, "writes.PISR"), 1);
		CHECK_EQ(stats_get(after, "writes.IER") - stats_get(before, "writes.IER"), 1);
		CHECK_EQ(stats_get(after, "reads.SISR0"), stats_get(before, "reads.SISR0"));
	}

	/* Over the socket: the long answer arrives whole, one line. */
	{
		int fd = test_connect_unix(path);
		char reply[CARD_STATS_LINE_MAX + 32] = "";
		size_t n = 0;

		CHECK(write(fd, "card0 stats\n", 12) == 12);
		for (int i = 0; i < 100 && !memchr(reply, '\n', n); i++) {
			struct pollfd pf = { .fd = fd, .events = POLLIN };

			server_run_once(s->srv, 1000);
			if (poll(&pf, 1, 0) > 0) {
				ssize_t got = read(fd, reply + n, sizeof(reply) - 1 - n);

				if (got > 0)
					n += (size_t)got;
				reply[n] = '\0';
			}
		}
		CHECK(n > 4 && reply[n - 1] == '\n' && !strncmp(reply, "ok: ", 4));
		if (n > 4 && reply[n - 1] == '\n') {
			reply[n - 1] = '\0';
			CHECK(stats_line_parse(reply + 4, after));
		}
		close(fd);
	}
	server_set_control(s->srv, NULL);
	control_close(ctl);
}
#endif

static void expect_dropped(struct session *s, const struct vfu_header *hdr,
			   size_t len);

/*
 * A client that hangs up takes the card's machine with it: the card is
 * left as after power-on, with no DMA engine or beacon timer running
 * against maps that no longer exist.
 */
static void test_session_hangup_powers_off(struct session *s)
{
	struct vfu_header hdr = { 1, VFU_CMD_VERSION, 8, 0, 0 };

	region_write_posted(s, 0, GPIO_DATA_OUT, 0x5, 4);
	CHECK_EQ(region_read(s, 0, GPIO_DATA_OUT, 4), 0x5);
	expect_dropped(s, &hdr, VFU_HEADER_SIZE);
	CHECK_EQ(card_bar0_read(server_card_model(s->sc), GPIO_DATA_OUT, 4), 0);
	session_connect(s);
	negotiate(s);
	CHECK_EQ(region_read(s, 0, GPIO_DATA_OUT, 4), 0);
}

/*
 * A client that hangs up on a card in D3hot takes its power (D3cold): the
 * next client finds it in D0, config space reset, BAR0 answering.
 */
static void test_session_hangup_in_d3hot(struct session *s)
{
	struct vfu_header hdr = { 1, VFU_CMD_VERSION, 8, 0, 0 };

	region_write_posted(s, 7, 0x0c, 0x10, 1);
	region_write_posted(s, 7, 0x48, 3, 2);
	CHECK_EQ(region_read(s, 7, 0x48, 2), 3);
#ifdef EMU_HAVE_CARD_MODEL
	CHECK_EQ(region_read(s, 0, SREV_OFFSET, 4), 0xffffffff);
#endif
	expect_dropped(s, &hdr, VFU_HEADER_SIZE);
	session_connect(s);
	negotiate(s);
	CHECK_EQ(region_read(s, 7, 0x48, 2), 0);
	CHECK_EQ(region_read(s, 7, 0x0c, 1), 0);
	CHECK_EQ(region_read(s, 0, SREV_OFFSET, 4), SREV_AR5413);
}

static void test_session_reset_and_control(struct session *s)
{
	struct vfu_header hdr;
	uint8_t out[16];
	char answer[256];
	struct control *ctl;
	char path[160];

	region_write_posted(s, 7, 0x0c, 0x20, 1);
	CHECK_EQ(region_read(s, 7, 0x0c, 1), 0x20);
	CHECK_EQ(transact(s, VFU_CMD_DEVICE_RESET, NULL, 0, &hdr, out,
			  sizeof(out)), 0);
	CHECK(!(hdr.flags & VFU_FLAG_ERROR));
	CHECK_EQ(region_read(s, 7, 0x0c, 1), 0);
	CHECK_EQ(region_read(s, 0, SREV_OFFSET, 4), SREV_AR5413);

	ctl = session_control(s, "control.sock", path, sizeof(path));
	if (!ctl)
		return;
	control_execute(ctl, "card9 kill", answer, sizeof(answer));
	CHECK(!strncmp(answer, "error: ", 7));
	control_execute(ctl, "card0 fly", answer, sizeof(answer));
	CHECK(!strncmp(answer, "error: ", 7));
	control_execute(ctl, "", answer, sizeof(answer));
	CHECK(!strncmp(answer, "error: ", 7));
	control_execute(ctl, "card0 crypto", answer, sizeof(answer));
	CHECK(!strcmp(answer, "ok: tx wep=0 tkip=0 ccmp=0 clear=0 sw=0 plain-keyed=0 "
		      "mgmt-protected=0 mgmt-bip=0; rx wep=0 tkip=0 ccmp=0 miss=0 "
		      "icv-fail=0 mic-fail=0 plain-keyed=0 mgmt-protected=0 mgmt-bip=0"));
	control_execute(ctl, "card9 crypto", answer, sizeof(answer));
	CHECK(!strncmp(answer, "error: ", 7));
	control_execute(ctl, "card0 radio", answer, sizeof(answer));
	CHECK(!strncmp(answer, "ok: freq_mhz=", 13));
	control_execute(ctl, "card9 radio", answer, sizeof(answer));
	CHECK(!strncmp(answer, "error: ", 7));
	control_execute(ctl, "card0 kill", answer, sizeof(answer));
	CHECK(!strcmp(answer, "ok"));
	CHECK_EQ(region_read(s, 0, SREV_OFFSET, 4), 0xffffffff);

	/* The same over the socket, one line at a time. */
	{
		int fd = test_connect_unix(path);
		char reply[64] = "";
		ssize_t n = 0;

		CHECK(write(fd, "card0 corrupt-eeprom\nquit\n", 26) == 26);
		for (int i = 0; i < 100 && !strstr(reply, "ok\nok\n"); i++) {
			struct pollfd pf = { .fd = fd, .events = POLLIN };

			server_run_once(s->srv, 1000);
			if (poll(&pf, 1, 0) > 0) {
				ssize_t got = read(fd, reply + n,
						   sizeof(reply) - 1 - (size_t)n);

				if (got > 0)
					n += got;
				reply[n] = '\0';
			}
		}
		CHECK(!strcmp(reply, "ok\nok\n"));
		CHECK(server_stopping(s->srv));
		close(fd);
	}
	server_set_control(s->srv, NULL);
	control_close(ctl);
}

/* Sends raw bytes that lose the framing; the server must hang up. */
static void expect_dropped(struct session *s, const struct vfu_header *hdr,
			   size_t len)
{
	uint8_t raw[VFU_HEADER_SIZE];

	vfu_header_encode(raw, hdr);
	CHECK(write(s->fd, raw, len) == (ssize_t)len);
	if (len < sizeof(raw))
		shutdown(s->fd, SHUT_WR);
	for (int i = 0; i < 10 && server_card_connected(s->sc); i++)
		server_run_once(s->srv, 1000);
	CHECK(!server_card_connected(s->sc));
	CHECK(read(s->fd, raw, 1) == 0);
	close(s->fd);
	s->fd = -1;
}

static void test_session_framing(struct session *s)
{
	struct vfu_header hdr;

	/* A header announcing more than the maximum. */
	hdr = (struct vfu_header){ 1, VFU_CMD_REGION_WRITE,
				   VFU_MAX_MSG_SIZE + 16, 0, 0 };
	expect_dropped(s, &hdr, VFU_HEADER_SIZE);

	/* Reconnect: a new session on the same card; maps were released. */
	session_connect(s);
	CHECK_EQ(server_card_dma_map_count(s->sc), 0);
	negotiate(s);
	CHECK_EQ(region_read(s, 7, 0, 4), 0x001b168c);

	/* Half a header and a hang-up. */
	expect_dropped(s, &hdr, 8);

	/* msg_size below the header. */
	session_connect(s);
	hdr = (struct vfu_header){ 1, VFU_CMD_VERSION, 8, 0, 0 };
	expect_dropped(s, &hdr, VFU_HEADER_SIZE);

	/* A reply where a command must be. */
	session_connect(s);
	negotiate(s);
	hdr = (struct vfu_header){ 7, VFU_CMD_DEVICE_GET_INFO, 16,
				   VFU_FLAG_TYPE_REPLY, 0 };
	expect_dropped(s, &hdr, VFU_HEADER_SIZE);

	/* Still serving. */
	session_connect(s);
	negotiate(s);
	CHECK_EQ(region_read(s, 7, 2, 2), 0x001b);
	fflush(s->log);
	CHECK(s->log_text && strstr(s->log_text, "protocol error"));
}

int main(void)
{
	struct session s;

	test_header_round_trip();
	test_version_codec();
	test_dma_codec();
	test_irq_and_region_codec();
	test_reply_builders();
	test_pci_config();

	session_open(&s);
	test_session_discovery(&s);
	test_session_regions(&s);
	test_socket_in_use(&s);
	test_session_dma(&s);
	test_session_intx(&s);
	test_session_intx_storm(&s);
	test_session_fuzz(&s);
#ifdef EMU_HAVE_CARD_MODEL
	test_session_stats(&s);
#endif
	test_session_hangup_powers_off(&s);
	test_session_hangup_in_d3hot(&s);
	test_session_reset_and_control(&s);
	test_session_framing(&s);
	fflush(s.log);
	if (failures)
		fprintf(stderr, "server log:\n%s", s.log_text ? s.log_text : "");
	session_close(&s);

	if (failures) {
		fprintf(stderr, "test_vfio_user: %d check(s) failed\n", failures);
		return 1;
	}
	printf("test_vfio_user: all checks passed\n");
	return 0;
}
