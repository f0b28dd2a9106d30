// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * vfio-user server: sockets, message dispatch, regions, guest-memory maps
 * and INTx for every card of the process, all from one event loop.  Never
 * blocks: a reply that cannot be sent at once waits in a per-client
 * buffer, and accesses to guest memory that has no file descriptor fail
 * rather than wait for a DMA_READ/DMA_WRITE round trip.
 */
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "pci_config.h"
#include "vfio_user.h"

/* Handlers share one signature; most take no descriptors. */
#define UNUSED __attribute__((unused))
#define RX_FDS_MAX 16
/* Replies a client may leave unread before it is judged stuck. */
#define TX_BACKLOG_MAX (8u * 1024 * 1024)
#define MAX_DMA_MAPS 1024
#define MESSAGES_PER_TURN 64
#define AIR_FDS_MAX 16
#define CONTROL_FDS_MAX 16

struct dma_map {
	uint64_t address, size;
	uint32_t flags;
	uint8_t *mem;		/* NULL when the client passed no fd */
};

struct server_card {
	struct server *srv;
	struct card_config cfg;
	struct card *card;
	struct pci_config pci;
	int listen_fd;
	int client_fd;
	bool negotiated;

	/* Receive state: header, then the body, plus fds that came along. */
	uint8_t hdr_raw[VFU_HEADER_SIZE];
	size_t hdr_have;
	struct vfu_header hdr;
	uint8_t *body;
	size_t body_len, body_have;
	int rx_fds[RX_FDS_MAX];
	unsigned int rx_nfds;
	bool rx_fds_lost;

	/* Replies the socket did not take yet. */
	uint8_t *tx;
	size_t tx_len, tx_cap;

	struct dma_map *maps;
	unsigned int nmaps;
	bool warned_fdless_dma;

	/* INTx: QEMU's eventfd, the automask and the idleness re-signal. */
	int irq_fd, unmask_fd, mask_fd;
	bool irq_level, irq_masked, resignal_pending;
	bool acked_high;		/* acknowledged, line still high */
	uint64_t last_bar_access_us, unmasked_at_us;
	unsigned long irq_signals;

	unsigned long protocol_errors;
};

struct server {
	struct server_options opts;
	struct air *air;
	struct server_card *cards[SERVER_MAX_CARDS];
	unsigned int ncards;
	struct control *control;
	bool stopping;
	uint8_t *scratch;	/* one outgoing message */
};

static const struct card_host_ops host_ops;

uint64_t server_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static uint64_t clock_now(const struct server *srv)
{
	if (srv->opts.clock_us)
		return srv->opts.clock_us(srv->opts.clock_ctx);
	return server_now_us();
}

void server_log(struct server *srv, const char *name, const char *fmt, ...)
{
	char line[CARD_STATS_LINE_MAX + 1024];	/* a card's closing stats line whole */
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	fprintf(srv->opts.log, "%s: %s\n", name ? name : "ath5k-emu", line);
	fflush(srv->opts.log);
}

#define card_log(sc, ...) server_log((sc)->srv, (sc)->cfg.name, __VA_ARGS__)
#define card_trace(sc, ...) \
	do { \
		if ((sc)->srv->opts.trace) \
			card_log(sc, __VA_ARGS__); \
	} while (0)

/* The lab greps the log for this phrase: keep it in every violation. */
#define protocol_error(sc, ...) \
	do { \
		(sc)->protocol_errors++; \
		card_log(sc, "protocol error: " __VA_ARGS__); \
	} while (0)

/* ---- guest memory ---- */

static struct dma_map *map_at(struct server_card *sc, uint64_t addr)
{
	for (unsigned int i = 0; i < sc->nmaps; i++) {
		struct dma_map *m = &sc->maps[i];

		if (addr >= m->address && addr - m->address < m->size)
			return m;
	}
	return NULL;
}

/* Walks [addr, addr+len) across maps; false at the first hole. */
static bool dma_access(struct server_card *sc, uint64_t addr, uint8_t *buf,
		       size_t len, bool write)
{
	if (addr + len < addr)
		return false;
	while (len) {
		struct dma_map *m = map_at(sc, addr);
		uint64_t in_map;
		size_t chunk;

		if (!m) {
			card_log(sc, "DMA %s of %zu bytes at 0x%llx: guest address not mapped",
				 write ? "write" : "read", len,
				 (unsigned long long)addr);
			return false;
		}
		if (!m->mem) {
			if (!sc->warned_fdless_dma)
				card_log(sc, "DMA %s at 0x%llx hits a map without a file descriptor; refused (message-based DMA would block the loop)",
					 write ? "write" : "read",
					 (unsigned long long)addr);
			sc->warned_fdless_dma = true;
			return false;
		}
		if (!(m->flags & (write ? VFU_DMA_MAP_WRITE : VFU_DMA_MAP_READ))) {
			card_log(sc, "DMA %s at 0x%llx: map does not allow it",
				 write ? "write" : "read",
				 (unsigned long long)addr);
			return false;
		}
		in_map = addr - m->address;
		chunk = len;
		if (chunk > m->size - in_map)
			chunk = (size_t)(m->size - in_map);
		if (write)
			memcpy(m->mem + in_map, buf, chunk);
		else
			memcpy(buf, m->mem + in_map, chunk);
		addr += chunk;
		buf += chunk;
		len -= chunk;
	}
	return true;
}

static bool host_dma_read(void *host, uint64_t addr, void *buf, size_t len)
{
	return dma_access(host, addr, buf, len, false);
}

static bool host_dma_write(void *host, uint64_t addr, const void *buf,
			   size_t len)
{
	/* dma_access only reads from buf when writing guest memory. */
	return dma_access(host, addr, (uint8_t *)(uintptr_t)buf, len, true);
}

static void unmap_one(struct server_card *sc, unsigned int i)
{
	struct dma_map *m = &sc->maps[i];

	if (m->mem)
		munmap(m->mem, m->size);
	sc->maps[i] = sc->maps[--sc->nmaps];
}

static void unmap_all(struct server_card *sc)
{
	while (sc->nmaps)
		unmap_one(sc, sc->nmaps - 1);
}

/* ---- INTx ---- */

static void intx_signal(struct server_card *sc)
{
	uint64_t one = 1;

	sc->resignal_pending = false;
	sc->acked_high = false;
	if (sc->irq_fd < 0)
		return;
	if (write(sc->irq_fd, &one, sizeof(one)) != sizeof(one)) {
		card_log(sc, "INTx eventfd write failed: %s", strerror(errno));
		return;
	}
	sc->irq_masked = true;
	sc->irq_signals++;
	card_trace(sc, "INTx signalled (now masked until unmask)");
}

static bool intx_can_signal(const struct server_card *sc)
{
	return sc->irq_fd >= 0 && !sc->irq_masked &&
	       !pci_config_intx_disabled(&sc->pci);
}

static void host_set_irq(void *host, bool level)
{
	struct server_card *sc = host;
	bool rising = level && !sc->irq_level;

	sc->irq_level = level;
	pci_config_set_intx_status(&sc->pci, level);
	if (!level) {
		sc->resignal_pending = false;
		sc->acked_high = false;
		return;
	}
	if (rising && intx_can_signal(sc))
		intx_signal(sc);
}

/*
 * The driver has acknowledged and the line is still high: a cause it did
 * not clear (or a new one).  A level-triggered line fires again as soon
 * as it is unmasked, which is what makes an interrupt storm visible.
 */
static void host_irq_still_high(void *host)
{
	struct server_card *sc = host;

	if (!sc->irq_level)
		return;
	if (intx_can_signal(sc))
		intx_signal(sc);
	else
		sc->acked_high = true;	/* fires at the unmask */
}

/*
 * QEMU unmasks after the guest's first BAR access following an interrupt,
 * usually before the handler has cleared the cause, so a line still high
 * at the unmask is no reason to fire: the handler's acknowledgement
 * (host_irq_still_high) is.  Without one, signalling again after the
 * registers went quiet keeps a driver that never acknowledges going.
 */
static void intx_unmask(struct server_card *sc)
{
	sc->irq_masked = false;
	sc->unmasked_at_us = clock_now(sc->srv);
	if (sc->irq_level && sc->acked_high && intx_can_signal(sc)) {
		intx_signal(sc);
		return;
	}
	if (sc->irq_level)
		sc->resignal_pending = true;
}

static uint64_t intx_resignal_deadline(const struct server_card *sc)
{
	uint64_t quiet_since = sc->last_bar_access_us;

	if (!sc->resignal_pending)
		return CARD_NO_DEADLINE;
	if (sc->unmasked_at_us > quiet_since)
		quiet_since = sc->unmasked_at_us;
	return quiet_since + SERVER_INTX_RESIGNAL_IDLE_US;
}

static void intx_check_resignal(struct server_card *sc, uint64_t now)
{
	if (!sc->resignal_pending || now < intx_resignal_deadline(sc))
		return;
	/* Unmasking or re-enabling INTx arms it again; never spin here. */
	sc->resignal_pending = false;
	if (sc->irq_level && intx_can_signal(sc))
		intx_signal(sc);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void intx_release(struct server_card *sc)
{
	close_fd(&sc->irq_fd);
	close_fd(&sc->unmask_fd);
	close_fd(&sc->mask_fd);
	sc->irq_masked = false;
	sc->resignal_pending = false;
}

static uint64_t host_now_us(void *host)
{
	struct server_card *sc = host;

	return clock_now(sc->srv);
}

static void host_log(void *host, const char *line)
{
	struct server_card *sc = host;
	size_t n = strlen(sc->cfg.name);

	/* Lines that already name the card are not prefixed twice. */
	if (!strncmp(line, sc->cfg.name, n) && !strncmp(line + n, ": ", 2))
		line += n + 2;
	card_log(sc, "%s", line);
}

static const struct card_host_ops host_ops = {
	.dma_read = host_dma_read,
	.dma_write = host_dma_write,
	.set_irq = host_set_irq,
	.irq_still_high = host_irq_still_high,
	.now_us = host_now_us,
	.log = host_log,
};

/* ---- sending ---- */

static bool tx_flush(struct server_card *sc)
{
	while (sc->tx_len) {
		ssize_t n = send(sc->client_fd, sc->tx, sc->tx_len,
				 MSG_NOSIGNAL | MSG_DONTWAIT);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return true;
		if (n <= 0)
			return false;
		memmove(sc->tx, sc->tx + n, sc->tx_len - (size_t)n);
		sc->tx_len -= (size_t)n;
	}
	return true;
}

static void send_message(struct server_card *sc, const uint8_t *msg,
			 size_t len)
{
	if (sc->client_fd < 0 || len == 0)
		return;
	if (sc->tx_len + len > TX_BACKLOG_MAX) {
		protocol_error(sc, "client leaves %zu bytes of replies unread",
			       sc->tx_len);
		server_card_disconnect(sc, "client stopped reading");
		return;
	}
	if (sc->tx_len + len > sc->tx_cap) {
		size_t cap = sc->tx_len + len;
		uint8_t *tx = realloc(sc->tx, cap);

		if (!tx) {
			server_card_disconnect(sc, "out of memory for a reply");
			return;
		}
		sc->tx = tx;
		sc->tx_cap = cap;
	}
	memcpy(sc->tx + sc->tx_len, msg, len);
	sc->tx_len += len;
	if (!tx_flush(sc))
		server_card_disconnect(sc, "send failed");
}

static void reply_error(struct server_card *sc, const struct vfu_header *req,
			int err)
{
	uint8_t msg[VFU_HEADER_SIZE];

	if (req->flags & VFU_FLAG_NO_REPLY)
		return;
	send_message(sc, msg, vfu_build_error(msg, sizeof(msg), req,
					       (uint32_t)err));
}

/* Logs a violation and answers it; true when err says to stop. */
static bool refused(struct server_card *sc, const struct vfu_header *hdr,
		    int err, const char *what, const char *why)
{
	if (!err)
		return false;
	protocol_error(sc, "%s: %s", what, why);
	reply_error(sc, hdr, err);
	return true;
}

static void reply(struct server_card *sc, const struct vfu_header *req,
		  const void *payload, size_t len)
{
	uint8_t *msg = sc->srv->scratch;

	if (req->flags & VFU_FLAG_NO_REPLY)
		return;
	send_message(sc, msg, vfu_build_reply(msg, VFU_MAX_MSG_SIZE, req,
					      payload, len));
}

/* ---- regions ---- */

static uint64_t region_size(uint32_t region)
{
	if (region == VFIO_PCI_BAR0_REGION_INDEX)
		return CARD_BAR0_SIZE;
	if (region == VFIO_PCI_CONFIG_REGION_INDEX)
		return PCI_CONFIG_SIZE;
	return 0;
}

static uint64_t le_value(const uint8_t *p, unsigned int size)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < size; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static void put_le_value(uint8_t *p, uint64_t v, unsigned int size)
{
	for (unsigned int i = 0; i < size; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Natural 1/2/4/8-byte accesses go to the card whole; others bytewise. */
static unsigned int bar_piece(uint64_t offset, size_t left)
{
	static const unsigned int sizes[] = { 8, 4, 2, 1 };

	for (unsigned int i = 0; i < 4; i++)
		if (left >= sizes[i] && !(offset % sizes[i]))
			return sizes[i];
	return 1;
}

static void bar0_read(struct server_card *sc, uint32_t offset, uint8_t *buf,
		      size_t len)
{
	while (len) {
		unsigned int size = bar_piece(offset, len);

		put_le_value(buf, card_bar0_read(sc->card, offset, size), size);
		offset += size;
		buf += size;
		len -= size;
	}
}

static void bar0_write(struct server_card *sc, uint32_t offset,
		       const uint8_t *buf, size_t len)
{
	while (len) {
		unsigned int size = bar_piece(offset, len);

		card_bar0_write(sc->card, offset, le_value(buf, size), size);
		offset += size;
		buf += size;
		len -= size;
	}
}

static void config_write(struct server_card *sc, uint32_t offset,
			 const uint8_t *buf, size_t len)
{
	bool intx_was_disabled = pci_config_intx_disabled(&sc->pci);
	unsigned int was = pci_config_power_state(&sc->pci), now;

	pci_config_write(&sc->pci, offset, buf, len);
	if (sc->srv->opts.trace)
		card_log(sc, "config write 0x%02x/%zu = 0x%llx", offset, len,
			 (unsigned long long)le_value(buf, len > 8 ? 8 : (unsigned int)len));
	now = pci_config_power_state(&sc->pci);
	if (now == PCI_PM_D3HOT && was != PCI_PM_D3HOT) {
		card_enter_d3hot(sc->card);
	} else if (now == PCI_PM_D0 && was == PCI_PM_D3HOT) {
		/* pci_config_write has reset the config space already. */
		card_leave_d3hot(sc->card);
		pci_config_set_intx_status(&sc->pci, sc->irq_level);
	}
	if (intx_was_disabled && !pci_config_intx_disabled(&sc->pci) &&
	    sc->irq_level)
		sc->resignal_pending = true;
}

/* Checks region and range; returns 0 or an errno after logging why. */
static int check_region_access(struct server_card *sc,
			       const struct vfu_region_access *acc)
{
	uint64_t size;

	if (acc->region >= VFU_NUM_REGIONS) {
		protocol_error(sc, "region %u does not exist", acc->region);
		return EINVAL;
	}
	size = region_size(acc->region);
	if (acc->offset >= size || acc->count > size - acc->offset) {
		protocol_error(sc, "access of %u bytes at 0x%llx is outside region %u (size 0x%llx)",
			       acc->count, (unsigned long long)acc->offset,
			       acc->region, (unsigned long long)size);
		return EINVAL;
	}
	return 0;
}

static void region_access_bytes(struct server_card *sc, uint32_t region,
				uint32_t offset, uint8_t *data, size_t len,
				bool write)
{
	if (region == VFIO_PCI_BAR0_REGION_INDEX) {
		sc->last_bar_access_us = clock_now(sc->srv);
		if (write)
			bar0_write(sc, offset, data, len);
		else
			bar0_read(sc, offset, data, len);
		return;
	}
	if (write) {
		config_write(sc, offset, data, len);
		return;
	}
	pci_config_read(&sc->pci, offset, data, len);
	if (sc->srv->opts.trace)
		card_log(sc, "config read 0x%02x/%zu = 0x%llx", offset, len,
			 (unsigned long long)le_value(data, len > 8 ? 8 : (unsigned int)len));
}

static bool parse_region_access(struct server_card *sc,
				const struct vfu_header *hdr,
				const uint8_t *payload, size_t len, bool write,
				struct vfu_region_access *acc)
{
	const char *why = "";
	int err;

	err = vfu_parse_region_access(payload, len, write, acc, &why);
	if (refused(sc, hdr, err, write ? "REGION_WRITE" : "REGION_READ", why))
		return false;
	err = check_region_access(sc, acc);
	if (err)
		reply_error(sc, hdr, err);
	return !err;
}

static void handle_region_read(struct server_card *sc,
			       const struct vfu_header *hdr,
			       const uint8_t *payload, size_t len,
			       int *fds UNUSED, unsigned int nfds UNUSED)
{
	struct vfu_region_access acc;
	uint8_t *msg = sc->srv->scratch;
	uint8_t *data = msg + VFU_HEADER_SIZE + VFU_REGION_ACCESS_SIZE;

	if (!parse_region_access(sc, hdr, payload, len, false, &acc))
		return;
	region_access_bytes(sc, acc.region, (uint32_t)acc.offset, data,
			    acc.count, false);
	if (hdr->flags & VFU_FLAG_NO_REPLY)
		return;
	/* The data already sits where the reply wants it. */
	send_message(sc, msg, vfu_build_region_read_reply(msg, VFU_MAX_MSG_SIZE,
							  hdr, &acc, data));
}

static void handle_region_write(struct server_card *sc,
				const struct vfu_header *hdr,
				const uint8_t *payload, size_t len,
				int *fds UNUSED, unsigned int nfds UNUSED)
{
	struct vfu_region_access acc;
	uint8_t out[VFU_HEADER_SIZE + VFU_REGION_ACCESS_SIZE];

	if (!parse_region_access(sc, hdr, payload, len, true, &acc))
		return;
	/* Writes never change the payload, but share the read path. */
	region_access_bytes(sc, acc.region, (uint32_t)acc.offset,
			    (uint8_t *)(uintptr_t)(payload + VFU_REGION_ACCESS_SIZE),
			    acc.count, true);
	if (hdr->flags & VFU_FLAG_NO_REPLY)
		return;
	send_message(sc, out, vfu_build_region_write_reply(out, sizeof(out),
							   hdr, &acc));
}

static void handle_write_multi(struct server_card *sc,
			       const struct vfu_header *hdr,
			       const uint8_t *payload, size_t len,
			       int *fds UNUSED, unsigned int nfds UNUSED)
{
	uint64_t count, done = 0;
	const char *why = "";
	uint8_t answer[8];
	int err;

	err = vfu_parse_write_multi(payload, len, &count, &why);
	if (refused(sc, hdr, err, "REGION_WRITE_MULTI", why))
		return;
	for (uint64_t i = 0; i < count; i++) {
		struct vfu_write_entry e;
		struct vfu_region_access acc;

		vfu_write_entry_decode(&e, payload, i);
		acc.offset = e.offset;
		acc.region = e.region;
		acc.count = e.count;
		if (e.count == 0 || e.count > sizeof(e.data)) {
			protocol_error(sc, "REGION_WRITE_MULTI entry %llu has count %u",
				       (unsigned long long)i, e.count);
			break;
		}
		if (check_region_access(sc, &acc))
			break;
		region_access_bytes(sc, e.region, (uint32_t)e.offset, e.data,
				    e.count, true);
		done++;
	}
	if (done != count) {
		reply_error(sc, hdr, EINVAL);
		return;
	}
	vfu_put64(answer, done);
	reply(sc, hdr, answer, sizeof(answer));
}

/* ---- device and interrupt information ---- */

static void handle_device_info(struct server_card *sc,
			       const struct vfu_header *hdr,
			       const uint8_t *payload, size_t len,
			       int *fds UNUSED, unsigned int nfds UNUSED)
{
	const char *why = "";
	uint32_t argsz;
	uint8_t info[16];
	int err;

	err = vfu_parse_argsz_index(payload, len, sizeof(info), &argsz, NULL,
				    &why);
	if (refused(sc, hdr, err, "DEVICE_GET_INFO", why))
		return;
	vfu_put32(info, sizeof(info));
	vfu_put32(info + 4, VFIO_DEVICE_FLAGS_RESET | VFIO_DEVICE_FLAGS_PCI);
	vfu_put32(info + 8, VFU_NUM_REGIONS);
	vfu_put32(info + 12, VFU_NUM_IRQS);
	reply(sc, hdr, info, sizeof(info));
}

static void handle_region_info(struct server_card *sc,
			       const struct vfu_header *hdr,
			       const uint8_t *payload, size_t len,
			       int *fds UNUSED, unsigned int nfds UNUSED)
{
	const char *why = "";
	uint32_t argsz, index, flags = 0;
	uint8_t info[32];
	int err;

	err = vfu_parse_argsz_index(payload, len, sizeof(info), &argsz, &index,
				    &why);
	if (!err && index >= VFU_NUM_REGIONS) {
		why = "region index out of range";
		err = EINVAL;
	}
	if (refused(sc, hdr, err, "DEVICE_GET_REGION_INFO", why))
		return;
	if (region_size(index))
		flags = VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE;
	vfu_put32(info, sizeof(info));
	vfu_put32(info + 4, flags);
	vfu_put32(info + 8, index);
	vfu_put32(info + 12, 0);
	vfu_put64(info + 16, region_size(index));
	/* Distinct offsets, as the kernel's vfio-pci lays regions out. */
	vfu_put64(info + 24, (uint64_t)index << 40);
	card_trace(sc, "region %u: size 0x%llx flags 0x%x", index,
		   (unsigned long long)region_size(index), flags);
	reply(sc, hdr, info, sizeof(info));
}

static void handle_irq_info(struct server_card *sc,
			    const struct vfu_header *hdr,
			    const uint8_t *payload, size_t len,
			    int *fds UNUSED, unsigned int nfds UNUSED)
{
	const char *why = "";
	uint32_t argsz, index, flags, count = 0;
	uint8_t info[16];
	int err;

	err = vfu_parse_argsz_index(payload, len, sizeof(info), &argsz, &index,
				    &why);
	if (!err && index >= VFU_NUM_IRQS) {
		why = "IRQ index out of range";
		err = EINVAL;
	}
	if (refused(sc, hdr, err, "DEVICE_GET_IRQ_INFO", why))
		return;
	/* As the kernel's vfio-pci answers for a conventional PCI device. */
	if (index == VFIO_PCI_ERR_IRQ_INDEX || index == VFIO_PCI_REQ_IRQ_INDEX) {
		card_trace(sc, "IRQ index %u: not on conventional PCI", index);
		reply_error(sc, hdr, EINVAL);
		return;
	}
	flags = VFIO_IRQ_INFO_EVENTFD;
	if (index == VFIO_PCI_INTX_IRQ_INDEX) {
		flags |= VFIO_IRQ_INFO_MASKABLE | VFIO_IRQ_INFO_AUTOMASKED;
		count = 1;
	} else if (index == VFIO_PCI_MSI_IRQ_INDEX ||
		   index == VFIO_PCI_MSIX_IRQ_INDEX) {
		flags |= VFIO_IRQ_INFO_NORESIZE;
	}
	vfu_put32(info, sizeof(info));
	vfu_put32(info + 4, flags);
	vfu_put32(info + 8, index);
	vfu_put32(info + 12, count);
	reply(sc, hdr, info, sizeof(info));
}

/* Takes ownership of fds[0] when it uses it (sets it to -1). */
static void set_notify_fd(int *slot, int *fds, unsigned int nfds)
{
	close_fd(slot);
	if (nfds) {
		*slot = fds[0];
		fds[0] = -1;
	}
}

static void handle_set_irqs(struct server_card *sc,
			    const struct vfu_header *hdr,
			    const uint8_t *payload, size_t len, int *fds,
			    unsigned int nfds)
{
	struct vfu_set_irqs req;
	const char *why = "";
	uint32_t data, action;
	bool act = true;
	int err;

	err = vfu_parse_set_irqs(payload, len, &req, &why);
	if (err)
		goto bad;
	data = req.flags & VFIO_IRQ_SET_DATA_TYPE_MASK;
	action = req.flags & VFIO_IRQ_SET_ACTION_TYPE_MASK;
	card_trace(sc, "SET_IRQS index %u flags 0x%x start %u count %u fds %u",
		   req.index, req.flags, req.start, req.count, nfds);
	if (data != VFIO_IRQ_SET_DATA_EVENTFD && nfds) {
		why = "file descriptors sent without DATA_EVENTFD";
		err = EINVAL;
		goto bad;
	}
	/* count 0 with DATA_NONE disables the whole index, any index. */
	if (req.count == 0 && req.start == 0 && data == VFIO_IRQ_SET_DATA_NONE &&
	    action == VFIO_IRQ_SET_ACTION_TRIGGER) {
		if (req.index == VFIO_PCI_INTX_IRQ_INDEX) {
			intx_release(sc);
			card_log(sc, "INTx disabled");
		}
		reply(sc, hdr, NULL, 0);
		return;
	}
	if (req.index != VFIO_PCI_INTX_IRQ_INDEX || req.start != 0 ||
	    req.count != 1) {
		why = "only INTx vector 0 exists";
		err = EINVAL;
		goto bad;
	}
	if (data == VFIO_IRQ_SET_DATA_EVENTFD && nfds > req.count) {
		why = "more file descriptors than count";
		err = EINVAL;
		goto bad;
	}
	if (data == VFIO_IRQ_SET_DATA_BOOL)
		act = req.bools[0] != 0;
	if (data == VFIO_IRQ_SET_DATA_EVENTFD) {
		if (action == VFIO_IRQ_SET_ACTION_TRIGGER) {
			set_notify_fd(&sc->irq_fd, fds, nfds);
			sc->irq_masked = false;
			card_log(sc, "INTx %s", nfds ? "eventfd set" : "eventfd removed");
			if (sc->irq_level && intx_can_signal(sc))
				intx_signal(sc);
		} else if (action == VFIO_IRQ_SET_ACTION_UNMASK) {
			set_notify_fd(&sc->unmask_fd, fds, nfds);
		} else {
			set_notify_fd(&sc->mask_fd, fds, nfds);
		}
		reply(sc, hdr, NULL, 0);
		return;
	}
	if (act) {
		if (action == VFIO_IRQ_SET_ACTION_MASK)
			sc->irq_masked = true;
		else if (action == VFIO_IRQ_SET_ACTION_UNMASK)
			intx_unmask(sc);
		else
			intx_signal(sc);	/* the client triggers INTx */
	}
	reply(sc, hdr, NULL, 0);
	return;
bad:
	protocol_error(sc, "DEVICE_SET_IRQS: %s", why);
	reply_error(sc, hdr, err);
}

/* ---- DMA maps ---- */

static void handle_dma_map(struct server_card *sc,
			   const struct vfu_header *hdr,
			   const uint8_t *payload, size_t len, int *fds,
			   unsigned int nfds)
{
	struct vfu_dma_map req;
	const char *why = "";
	struct dma_map *m;
	int err, prot = 0;
	void *mem = NULL;

	err = vfu_parse_dma_map(payload, len, &req, &why);
	if (!err && nfds > 1) {
		why = "more than one file descriptor";
		err = EINVAL;
	}
	if (!err && !nfds &&
	    (req.flags & (VFU_DMA_MAP_MODE_MMAP | VFU_DMA_MAP_MODE_FILE_IO))) {
		why = "an fd access mode without a file descriptor";
		err = EINVAL;
	}
	if (refused(sc, hdr, err, "DMA_MAP", why))
		return;
	for (unsigned int i = 0; i < sc->nmaps; i++) {
		m = &sc->maps[i];
		if (req.address < m->address + m->size &&
		    m->address < req.address + req.size) {
			protocol_error(sc, "DMA_MAP 0x%llx+0x%llx overlaps an existing map",
				       (unsigned long long)req.address,
				       (unsigned long long)req.size);
			reply_error(sc, hdr, EEXIST);
			return;
		}
	}
	if (sc->nmaps >= MAX_DMA_MAPS || req.size > SIZE_MAX) {
		card_log(sc, "DMA_MAP refused: too many or too large maps");
		reply_error(sc, hdr, ENOSPC);
		return;
	}
	if (nfds) {
		if (req.flags & VFU_DMA_MAP_READ)
			prot |= PROT_READ;
		if (req.flags & VFU_DMA_MAP_WRITE)
			prot |= PROT_WRITE;
		mem = mmap(NULL, (size_t)req.size, prot ? prot : PROT_NONE,
			   MAP_SHARED, fds[0], (off_t)req.offset);
		if (mem == MAP_FAILED) {
			err = errno;
			card_log(sc, "DMA_MAP 0x%llx+0x%llx: mmap failed: %s",
				 (unsigned long long)req.address,
				 (unsigned long long)req.size, strerror(err));
			reply_error(sc, hdr, err);
			return;
		}
	}
	m = realloc(sc->maps, (sc->nmaps + 1) * sizeof(*m));
	if (!m) {
		if (mem)
			munmap(mem, (size_t)req.size);
		reply_error(sc, hdr, ENOMEM);
		return;
	}
	sc->maps = m;
	m = &sc->maps[sc->nmaps++];
	m->address = req.address;
	m->size = req.size;
	m->flags = req.flags;
	m->mem = mem;
	card_log(sc, "DMA map 0x%llx+0x%llx %s%s", (unsigned long long)req.address,
		 (unsigned long long)req.size,
		 req.flags & VFU_DMA_MAP_WRITE ? "rw" : "ro",
		 mem ? " (shared memory)" : " (no fd)");
	reply(sc, hdr, NULL, 0);
}

static void handle_dma_unmap(struct server_card *sc,
			     const struct vfu_header *hdr,
			     const uint8_t *payload, size_t len,
			     int *fds UNUSED, unsigned int nfds UNUSED)
{
	struct vfu_dma_unmap req;
	const char *why = "";
	int err;

	err = vfu_parse_dma_unmap(payload, len, &req, &why);
	if (refused(sc, hdr, err, "DMA_UNMAP", why))
		return;
	if (req.flags & VFU_DMA_UNMAP_ALL) {
		unmap_all(sc);
		card_log(sc, "DMA unmap all");
		reply(sc, hdr, payload, VFU_DMA_UNMAP_SIZE);
		return;
	}
	for (unsigned int i = 0; i < sc->nmaps; i++) {
		if (sc->maps[i].address == req.address &&
		    sc->maps[i].size == req.size) {
			unmap_one(sc, i);
			card_log(sc, "DMA unmap 0x%llx+0x%llx",
				 (unsigned long long)req.address,
				 (unsigned long long)req.size);
			reply(sc, hdr, payload, VFU_DMA_UNMAP_SIZE);
			return;
		}
	}
	protocol_error(sc, "DMA_UNMAP 0x%llx+0x%llx matches no map",
		       (unsigned long long)req.address,
		       (unsigned long long)req.size);
	reply_error(sc, hdr, EINVAL);
}

/* ---- version and reset ---- */

static void handle_version(struct server_card *sc,
			   const struct vfu_header *hdr,
			   const uint8_t *payload, size_t len,
			   int *fds UNUSED, unsigned int nfds UNUSED)
{
	struct vfu_version proposal, offer;
	uint8_t out[512];
	const char *why = "";
	int err;

	if (sc->negotiated) {
		protocol_error(sc, "VERSION sent twice");
		reply_error(sc, hdr, EINVAL);
		return;
	}
	err = vfu_parse_version(payload, len, &proposal, &why);
	if (!err && proposal.major != VFU_VERSION_MAJOR) {
		why = "unsupported major version";
		err = ENOTSUP;
	}
	if (refused(sc, hdr, err, "VERSION", why))
		return;
	offer.major = VFU_VERSION_MAJOR;
	offer.minor = VFU_VERSION_MINOR;
	offer.caps.max_msg_fds = VFU_MAX_MSG_FDS;
	offer.caps.max_data_xfer_size =
		proposal.caps.max_data_xfer_size < VFU_MAX_DATA_XFER ?
		proposal.caps.max_data_xfer_size : VFU_MAX_DATA_XFER;
	offer.caps.pgsizes = 4096;
	offer.caps.write_multiple = false;
	/* Name only what the client named (the spec's subset rule). */
	offer.caps.present = proposal.caps.present &
		(VFU_CAP_MAX_MSG_FDS | VFU_CAP_MAX_DATA_XFER | VFU_CAP_PGSIZES);
	sc->negotiated = true;
	card_log(sc, "client speaks vfio-user %u.%u; answered %u.%u",
		 proposal.major, proposal.minor, offer.major, offer.minor);
	send_message(sc, out, vfu_build_version_reply(out, sizeof(out), hdr,
						      &offer));
}

static void reset_device(struct server_card *sc)
{
	card_reset(sc->card);
	pci_config_reset(&sc->pci);
	pci_config_set_intx_status(&sc->pci, sc->irq_level);
	sc->irq_masked = false;
	sc->resignal_pending = false;
	sc->acked_high = false;
	card_log(sc, "device reset");
}

static void handle_reset(struct server_card *sc, const struct vfu_header *hdr,
			 const uint8_t *payload UNUSED, size_t len UNUSED,
			 int *fds UNUSED, unsigned int nfds UNUSED)
{
	reset_device(sc);
	reply(sc, hdr, NULL, 0);
}

/* ---- dispatch ---- */

typedef void handler_fn(struct server_card *sc, const struct vfu_header *hdr,
			const uint8_t *payload, size_t len, int *fds,
			unsigned int nfds);

static handler_fn *const handlers[] = {
	[VFU_CMD_VERSION] = handle_version,
	[VFU_CMD_DMA_MAP] = handle_dma_map,
	[VFU_CMD_DMA_UNMAP] = handle_dma_unmap,
	[VFU_CMD_DEVICE_GET_INFO] = handle_device_info,
	[VFU_CMD_DEVICE_GET_REGION_INFO] = handle_region_info,
	[VFU_CMD_DEVICE_GET_IRQ_INFO] = handle_irq_info,
	[VFU_CMD_DEVICE_SET_IRQS] = handle_set_irqs,
	[VFU_CMD_REGION_READ] = handle_region_read,
	[VFU_CMD_REGION_WRITE] = handle_region_write,
	[VFU_CMD_DEVICE_RESET] = handle_reset,
	[VFU_CMD_REGION_WRITE_MULTI] = handle_write_multi,
};

static void dispatch(struct server_card *sc, const struct vfu_header *hdr,
		     const uint8_t *payload, size_t len, int *fds,
		     unsigned int nfds)
{
	uint16_t cmd = hdr->command;

	/* Region accesses are traced by what they reach, not as messages. */
	if (cmd != VFU_CMD_REGION_READ && cmd != VFU_CMD_REGION_WRITE)
		card_trace(sc, "<- %s id %u size %u flags 0x%x fds %u",
			   vfu_command_name(cmd), hdr->msg_id, hdr->msg_size,
			   hdr->flags, nfds);
	if (nfds && cmd != VFU_CMD_DMA_MAP && cmd != VFU_CMD_DEVICE_SET_IRQS) {
		protocol_error(sc, "%s carries %u file descriptors",
			       vfu_command_name(cmd), nfds);
		reply_error(sc, hdr, EINVAL);
		return;
	}
	if (!sc->negotiated && cmd != VFU_CMD_VERSION) {
		protocol_error(sc, "%s before VERSION", vfu_command_name(cmd));
		reply_error(sc, hdr, EINVAL);
		return;
	}
	if (cmd < sizeof(handlers) / sizeof(handlers[0]) && handlers[cmd]) {
		handlers[cmd](sc, hdr, payload, len, fds, nfds);
		return;
	}
	switch (cmd) {
	case VFU_CMD_DEVICE_GET_REGION_IO_FDS:
	case VFU_CMD_DEVICE_FEATURE:
	case VFU_CMD_MIG_DATA_READ:
	case VFU_CMD_MIG_DATA_WRITE:
		/* Optional features: a plain "not supported" is the answer. */
		card_trace(sc, "%s not supported", vfu_command_name(cmd));
		reply_error(sc, hdr, ENOTSUP);
		break;
	case VFU_CMD_DMA_READ:
	case VFU_CMD_DMA_WRITE:
		protocol_error(sc, "%s goes from server to client",
			       vfu_command_name(cmd));
		reply_error(sc, hdr, EINVAL);
		break;
	default:
		protocol_error(sc, "unknown command %u", cmd);
		reply_error(sc, hdr, ENOSYS);
		break;
	}
}

/* ---- receiving ---- */

static void rx_release_fds(struct server_card *sc)
{
	for (unsigned int i = 0; i < sc->rx_nfds; i++)
		close_fd(&sc->rx_fds[i]);
	sc->rx_nfds = 0;
	sc->rx_fds_lost = false;
}

static void rx_reset(struct server_card *sc)
{
	rx_release_fds(sc);
	sc->hdr_have = 0;
	sc->body_len = 0;
	sc->body_have = 0;
}

/* recvmsg that also collects passed descriptors. */
static ssize_t rx_read(struct server_card *sc, uint8_t *buf, size_t len)
{
	union {
		struct cmsghdr align;
		char buf[CMSG_SPACE(sizeof(int) * RX_FDS_MAX)];
	} control;
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = control.buf,
		.msg_controllen = sizeof(control.buf),
	};
	struct cmsghdr *c;
	ssize_t n;

	do
		n = recvmsg(sc->client_fd, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return n;
	if (msg.msg_flags & MSG_CTRUNC)
		sc->rx_fds_lost = true;
	for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		size_t count;
		int fd;

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (size_t i = 0; i < count; i++) {
			memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(fd));
			if (sc->rx_nfds < RX_FDS_MAX) {
				sc->rx_fds[sc->rx_nfds++] = fd;
			} else {
				close(fd);
				sc->rx_fds_lost = true;
			}
		}
	}
	return n;
}

/* Reads at most one message; false when nothing more can be read now. */
static bool rx_step(struct server_card *sc)
{
	enum vfu_frame frame;
	ssize_t n;

	if (sc->hdr_have < VFU_HEADER_SIZE) {
		n = rx_read(sc, sc->hdr_raw + sc->hdr_have,
			    VFU_HEADER_SIZE - sc->hdr_have);
		if (n == 0) {
			server_card_disconnect(sc, sc->hdr_have ?
					       "client closed mid-message" :
					       "client closed the connection");
			return false;
		}
		if (n < 0) {
			if (errno != EAGAIN && errno != EWOULDBLOCK)
				server_card_disconnect(sc, strerror(errno));
			return false;
		}
		sc->hdr_have += (size_t)n;
		if (sc->hdr_have < VFU_HEADER_SIZE)
			return true;
		vfu_header_decode(&sc->hdr, sc->hdr_raw);
		frame = vfu_frame_check(&sc->hdr);
		if (frame != VFU_FRAME_OK) {
			protocol_error(sc, "%s (size %u, flags 0x%x); dropping the connection",
				       vfu_frame_reason(frame), sc->hdr.msg_size,
				       sc->hdr.flags);
			server_card_disconnect(sc, "framing lost");
			return false;
		}
		sc->body_len = sc->hdr.msg_size - VFU_HEADER_SIZE;
		sc->body_have = 0;
		if (sc->body_len > 0) {
			uint8_t *body = realloc(sc->body, sc->body_len);

			if (!body) {
				server_card_disconnect(sc, "out of memory");
				return false;
			}
			sc->body = body;
		}
	}
	if (sc->body_have < sc->body_len) {
		n = rx_read(sc, sc->body + sc->body_have,
			    sc->body_len - sc->body_have);
		if (n == 0) {
			server_card_disconnect(sc, "client closed mid-message");
			return false;
		}
		if (n < 0) {
			if (errno != EAGAIN && errno != EWOULDBLOCK)
				server_card_disconnect(sc, strerror(errno));
			return false;
		}
		sc->body_have += (size_t)n;
		if (sc->body_have < sc->body_len)
			return true;
	}
	if (sc->rx_fds_lost || sc->rx_nfds > VFU_MAX_MSG_FDS) {
		protocol_error(sc, "%s carries more file descriptors than negotiated",
			       vfu_command_name(sc->hdr.command));
		reply_error(sc, &sc->hdr, EINVAL);
	} else {
		dispatch(sc, &sc->hdr, sc->body, sc->body_len, sc->rx_fds,
			 sc->rx_nfds);
	}
	if (sc->client_fd < 0)
		return false;
	rx_reset(sc);
	return true;
}

static void client_readable(struct server_card *sc)
{
	for (int i = 0; i < MESSAGES_PER_TURN && sc->client_fd >= 0; i++)
		if (!rx_step(sc))
			break;
}

void server_card_disconnect(struct server_card *sc, const char *why)
{
	if (sc->client_fd < 0)
		return;
	close_fd(&sc->client_fd);
	rx_reset(sc);
	sc->tx_len = 0;
	unmap_all(sc);
	/*
	 * The machine that drove the card is gone: the card stops as one
	 * without power does, and no queue or beacon timer goes on to DMA
	 * through maps that no longer exist.
	 */
	card_reset(sc->card);
	/*
	 * Power taken from a card in D3hot (D3cold) brings it back
	 * D0uninitialized: config space too, or PMCSR would still say D3hot.
	 */
	if (pci_config_power_state(&sc->pci) == PCI_PM_D3HOT) {
		pci_config_reset(&sc->pci);
		pci_config_set_intx_status(&sc->pci, sc->irq_level);
	}
	intx_release(sc);
	sc->negotiated = false;
	sc->warned_fdless_dma = false;
	card_log(sc, "client disconnected (%s) after %lu INTx signals; card powered off, kept for a reconnect",
		 why, sc->irq_signals);
}

static void accept_client(struct server_card *sc)
{
	int fd = accept4(sc->listen_fd, NULL, NULL,
			 SOCK_NONBLOCK | SOCK_CLOEXEC);

	if (fd < 0) {
		if (errno != EAGAIN && errno != EINTR)
			card_log(sc, "accept failed: %s", strerror(errno));
		return;
	}
	if (sc->client_fd >= 0) {
		card_log(sc, "refused a second client: one is already connected");
		close(fd);
		return;
	}
	sc->client_fd = fd;
	rx_reset(sc);
	card_log(sc, "client connected");
}

/* ---- setup ---- */

/* True when something answers on the socket at path. */
static bool socket_in_use(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	bool used;

	if (fd < 0)
		return false;
	strcpy(addr.sun_path, path);
	used = connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0;
	close(fd);
	return used;
}

int server_listen_unix(const char *path, char *err, size_t errlen)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct stat st;
	int fd;

	if (strlen(path) >= sizeof(addr.sun_path)) {
		snprintf(err, errlen, "socket path too long: %s", path);
		return -1;
	}
	strcpy(addr.sun_path, path);
	if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode)) {
		if (socket_in_use(path)) {
			snprintf(err, errlen, "%s is in use by another server",
				 path);
			return -1;
		}
		/* Left by an earlier run: it would block bind. */
		unlink(path);
	}
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
	    listen(fd, 4) < 0) {
		snprintf(err, errlen, "cannot listen on %s: %s", path,
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

struct server *server_create(const struct server_options *opts,
			     struct air *air)
{
	struct server *srv = calloc(1, sizeof(*srv));

	if (!srv)
		return NULL;
	srv->opts = *opts;
	if (!srv->opts.log)
		srv->opts.log = stderr;
	srv->air = air;
	srv->scratch = malloc(VFU_MAX_MSG_SIZE);
	if (!srv->scratch) {
		free(srv);
		return NULL;
	}
	return srv;
}

int server_add_card(struct server *srv, const struct card_config *cfg,
		    char *err, size_t errlen)
{
	struct server_card *sc;
	char why[200] = "";

	if (srv->ncards >= SERVER_MAX_CARDS) {
		snprintf(err, errlen, "at most %d cards", SERVER_MAX_CARDS);
		return -1;
	}
	if (!cfg->socket_path[0]) {
		snprintf(err, errlen, "%s: no socket= path given", cfg->name);
		return -1;
	}
	sc = calloc(1, sizeof(*sc));
	if (!sc) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	sc->srv = srv;
	sc->cfg = *cfg;
	sc->client_fd = sc->irq_fd = sc->unmask_fd = sc->mask_fd = -1;
	sc->card = card_create(&sc->cfg, srv->air, &host_ops, sc, why,
			       sizeof(why));
	if (!sc->card) {
		snprintf(err, errlen, "%s: %s", cfg->name, why);
		free(sc);
		return -1;
	}
	pci_config_init(&sc->pci, card_pci_identity(sc->card), CARD_BAR0_SIZE);
	sc->listen_fd = server_listen_unix(cfg->socket_path, why, sizeof(why));
	if (sc->listen_fd < 0) {
		snprintf(err, errlen, "%s: %s", cfg->name, why);
		card_destroy(sc->card);
		free(sc);
		return -1;
	}
	srv->cards[srv->ncards++] = sc;
	card_log(sc, "listening on %s (%04x:%04x)", cfg->socket_path,
		 card_pci_identity(sc->card)->vendor,
		 card_pci_identity(sc->card)->device);
	return 0;
}

void server_set_control(struct server *srv, struct control *ctl)
{
	srv->control = ctl;
}

void server_destroy(struct server *srv)
{
	if (!srv)
		return;
	for (unsigned int i = 0; i < srv->ncards; i++) {
		struct server_card *sc = srv->cards[i];

		server_card_disconnect(sc, "server exiting");
		close_fd(&sc->listen_fd);
		unlink(sc->cfg.socket_path);
		card_destroy(sc->card);
		free(sc->maps);
		free(sc->body);
		free(sc->tx);
		free(sc);
	}
	free(srv->scratch);
	free(srv);
}

/* ---- the loop ---- */

enum watch_kind { WATCH_LISTEN, WATCH_CLIENT, WATCH_UNMASK, WATCH_MASK,
		  WATCH_AIR, WATCH_CONTROL };

struct watch {
	enum watch_kind kind;
	struct server_card *sc;
};

#define WATCH_MAX (SERVER_MAX_CARDS * 4 + AIR_FDS_MAX + CONTROL_FDS_MAX)

static int add_watch(struct pollfd *pfds, struct watch *w, int n, int fd,
		     short events, enum watch_kind kind,
		     struct server_card *sc)
{
	if (fd < 0 || n >= WATCH_MAX)
		return n;
	pfds[n].fd = fd;
	pfds[n].events = events;
	pfds[n].revents = 0;
	w[n].kind = kind;
	w[n].sc = sc;
	return n + 1;
}

static void drain_eventfd(int fd)
{
	uint64_t value;

	if (read(fd, &value, sizeof(value)) < 0)
		return;
}

static uint64_t next_deadline(struct server *srv)
{
	uint64_t when = CARD_NO_DEADLINE;

	for (unsigned int i = 0; i < srv->ncards; i++) {
		uint64_t d = card_next_deadline(srv->cards[i]->card);
		uint64_t r = intx_resignal_deadline(srv->cards[i]);

		if (d < when)
			when = d;
		if (r < when)
			when = r;
	}
	return when;
}

int server_run_once(struct server *srv, int64_t max_wait_us)
{
	struct pollfd pfds[WATCH_MAX];
	struct watch w[WATCH_MAX];
	int air_fd_list[AIR_FDS_MAX];
	struct timespec ts, *tsp = NULL;
	uint64_t now, deadline;
	int n = 0, nair, ready;

	for (unsigned int i = 0; i < srv->ncards; i++) {
		struct server_card *sc = srv->cards[i];

		n = add_watch(pfds, w, n, sc->listen_fd, POLLIN, WATCH_LISTEN, sc);
		n = add_watch(pfds, w, n, sc->client_fd,
			      (short)(POLLIN | (sc->tx_len ? POLLOUT : 0)),
			      WATCH_CLIENT, sc);
		n = add_watch(pfds, w, n, sc->unmask_fd, POLLIN, WATCH_UNMASK, sc);
		n = add_watch(pfds, w, n, sc->mask_fd, POLLIN, WATCH_MASK, sc);
	}
	nair = srv->air ? air_fds(srv->air, air_fd_list, AIR_FDS_MAX) : 0;
	for (int i = 0; i < nair; i++)
		n = add_watch(pfds, w, n, air_fd_list[i], POLLIN, WATCH_AIR, NULL);
	if (srv->control) {
		int first = n;

		n += control_poll_fds(srv->control, pfds + n, WATCH_MAX - n);
		for (int i = first; i < n; i++)
			w[i].kind = WATCH_CONTROL;
	}

	now = clock_now(srv);
	deadline = next_deadline(srv);
	if (deadline != CARD_NO_DEADLINE || max_wait_us >= 0) {
		uint64_t wait = deadline > now ? deadline - now : 0;

		if (max_wait_us >= 0 && (uint64_t)max_wait_us < wait)
			wait = (uint64_t)max_wait_us;
		ts.tv_sec = (time_t)(wait / 1000000u);
		ts.tv_nsec = (long)(wait % 1000000u) * 1000;
		tsp = &ts;
	}
	ready = ppoll(pfds, (nfds_t)n, tsp, srv->opts.wait_sigmask);
	if (ready < 0) {
		if (errno == EINTR)
			return 0;
		server_log(srv, NULL, "poll failed: %s", strerror(errno));
		return -1;
	}
	for (int i = 0; i < n && ready > 0; i++) {
		short rev = pfds[i].revents;
		struct server_card *sc = w[i].sc;

		if (!rev)
			continue;
		switch (w[i].kind) {
		case WATCH_LISTEN:
			accept_client(sc);
			break;
		case WATCH_CLIENT:
			if (sc->client_fd != pfds[i].fd)
				break;
			if ((rev & POLLOUT) && !tx_flush(sc)) {
				server_card_disconnect(sc, "send failed");
				break;
			}
			if (rev & (POLLIN | POLLHUP | POLLERR))
				client_readable(sc);
			break;
		case WATCH_UNMASK:
			if (sc->unmask_fd == pfds[i].fd) {
				drain_eventfd(sc->unmask_fd);
				intx_unmask(sc);
			}
			break;
		case WATCH_MASK:
			if (sc->mask_fd == pfds[i].fd) {
				drain_eventfd(sc->mask_fd);
				sc->irq_masked = true;
			}
			break;
		case WATCH_AIR:
			air_poll(srv->air, pfds[i].fd);
			break;
		case WATCH_CONTROL:
			control_handle(srv->control, pfds[i].fd, rev);
			break;
		}
	}
	now = clock_now(srv);
	for (unsigned int i = 0; i < srv->ncards; i++)
		card_advance(srv->cards[i]->card, now);
	now = clock_now(srv);
	for (unsigned int i = 0; i < srv->ncards; i++)
		intx_check_resignal(srv->cards[i], now);
	return 0;
}

int server_run(struct server *srv, volatile int *stop_flag)
{
	while (!srv->stopping && !(stop_flag && *stop_flag))
		if (server_run_once(srv, -1) < 0)
			return -1;
	return 0;
}

void server_stop(struct server *srv)
{
	srv->stopping = true;
}

bool server_stopping(const struct server *srv)
{
	return srv->stopping;
}

struct server_card *server_find_card(struct server *srv, const char *name)
{
	for (unsigned int i = 0; i < srv->ncards; i++)
		if (!strcmp(srv->cards[i]->cfg.name, name))
			return srv->cards[i];
	return NULL;
}

struct card *server_card_model(struct server_card *sc)
{
	return sc->card;
}

const char *server_card_name(const struct server_card *sc)
{
	return sc->cfg.name;
}

bool server_card_connected(const struct server_card *sc)
{
	return sc->client_fd >= 0;
}

unsigned int server_card_dma_map_count(const struct server_card *sc)
{
	return sc->nmaps;
}

unsigned long server_card_protocol_errors(const struct server_card *sc)
{
	return sc->protocol_errors;
}

bool server_card_intx_masked(const struct server_card *sc)
{
	return sc->irq_masked;
}

unsigned long server_card_intx_signals(const struct server_card *sc)
{
	return sc->irq_signals;
}

bool server_card_dma_read(struct server_card *sc, uint64_t addr, void *buf,
			  size_t len)
{
	return host_dma_read(sc, addr, buf, len);
}

bool server_card_dma_write(struct server_card *sc, uint64_t addr,
			   const void *buf, size_t len)
{
	return host_dma_write(sc, addr, buf, len);
}

void server_card_set_irq(struct server_card *sc, bool level)
{
	host_set_irq(sc, level);
}

bool server_card_region_access(struct server_card *sc, uint32_t region,
			       uint32_t offset, void *buf, size_t len,
			       bool write)
{
	uint64_t size = region_size(region);

	if (!len || offset >= size || len > size - offset)
		return false;
	region_access_bytes(sc, region, offset, buf, len, write);
	return true;
}
