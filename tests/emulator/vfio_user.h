/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * vfio-user message codec: wire layouts from QEMU's
 * docs/interop/vfio-user.rst, and pure functions that check and build
 * messages.  Nothing here touches sockets, cards or file descriptors, so
 * every rule can be unit-tested on byte buffers.
 */
#ifndef ATH5K_EMU_VFIO_USER_H
#define ATH5K_EMU_VFIO_USER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/vfio.h>

enum vfu_command {
	VFU_CMD_VERSION = 1,
	VFU_CMD_DMA_MAP = 2,
	VFU_CMD_DMA_UNMAP = 3,
	VFU_CMD_DEVICE_GET_INFO = 4,
	VFU_CMD_DEVICE_GET_REGION_INFO = 5,
	VFU_CMD_DEVICE_GET_REGION_IO_FDS = 6,
	VFU_CMD_DEVICE_GET_IRQ_INFO = 7,
	VFU_CMD_DEVICE_SET_IRQS = 8,
	VFU_CMD_REGION_READ = 9,
	VFU_CMD_REGION_WRITE = 10,
	VFU_CMD_DMA_READ = 11,
	VFU_CMD_DMA_WRITE = 12,
	VFU_CMD_DEVICE_RESET = 13,
	VFU_CMD_REGION_WRITE_MULTI = 15,
	VFU_CMD_DEVICE_FEATURE = 16,
	VFU_CMD_MIG_DATA_READ = 17,
	VFU_CMD_MIG_DATA_WRITE = 18,
};

#define VFU_FLAG_TYPE_MASK 0x0fu
#define VFU_FLAG_TYPE_COMMAND 0x0u
#define VFU_FLAG_TYPE_REPLY 0x1u
#define VFU_FLAG_NO_REPLY 0x10u
#define VFU_FLAG_ERROR 0x20u

/* What we accept and announce in the version handshake. */
#define VFU_VERSION_MAJOR 0
#define VFU_VERSION_MINOR 0
#define VFU_MAX_DATA_XFER 0x100000u
#define VFU_MAX_MSG_FDS 8u
/* A message is a header, at most 32 bytes of fixed fields and the data. */
#define VFU_MAX_MSG_SIZE (VFU_MAX_DATA_XFER + 64u)

/* PCI layout the card presents (indexes follow <linux/vfio.h>). */
#define VFU_NUM_REGIONS VFIO_PCI_NUM_REGIONS
#define VFU_NUM_IRQS VFIO_PCI_NUM_IRQS
#define VFU_CONFIG_SPACE_SIZE 256u

struct vfu_header {
	uint16_t msg_id;
	uint16_t command;
	uint32_t msg_size;	/* header included */
	uint32_t flags;
	uint32_t error;		/* errno, replies only */
};
#define VFU_HEADER_SIZE 16u

/* Region read/write: fixed part of the request and reply. */
struct vfu_region_access {
	uint64_t offset;
	uint32_t region;
	uint32_t count;
};
#define VFU_REGION_ACCESS_SIZE 16u

struct vfu_dma_map {
	uint32_t argsz;
	uint32_t flags;
	uint64_t offset;	/* in the passed file */
	uint64_t address;	/* guest (IOVA) address */
	uint64_t size;
};
#define VFU_DMA_MAP_SIZE 32u
#define VFU_DMA_MAP_READ 0x1u
#define VFU_DMA_MAP_WRITE 0x2u
#define VFU_DMA_MAP_MODE_MMAP 0x4u
#define VFU_DMA_MAP_MODE_FILE_IO 0x8u

struct vfu_dma_unmap {
	uint32_t argsz;
	uint32_t flags;
	uint64_t address;
	uint64_t size;
};
#define VFU_DMA_UNMAP_SIZE 24u
#define VFU_DMA_UNMAP_GET_DIRTY 0x1u
#define VFU_DMA_UNMAP_ALL 0x2u

/* One entry of REGION_WRITE_MULTI. */
struct vfu_write_entry {
	uint64_t offset;
	uint32_t region;
	uint32_t count;
	uint8_t data[8];
};
#define VFU_WRITE_ENTRY_SIZE 24u

/*
 * Capabilities a version message may carry; absent ones keep defaults.
 * present says which were named, since a reply may only name those the
 * proposal named.
 */
#define VFU_CAP_MAX_MSG_FDS 0x1u
#define VFU_CAP_MAX_DATA_XFER 0x2u
#define VFU_CAP_PGSIZES 0x4u
#define VFU_CAP_WRITE_MULTIPLE 0x8u
struct vfu_caps {
	uint64_t max_msg_fds;
	uint64_t max_data_xfer_size;
	uint64_t pgsizes;
	bool write_multiple;
	unsigned int present;
};

struct vfu_version {
	uint16_t major, minor;
	struct vfu_caps caps;
};

/* Parsed SET_IRQS request; data points into the message for DATA_BOOL. */
struct vfu_set_irqs {
	uint32_t argsz, flags, index, start, count;
	const uint8_t *bools;
};

/* Result of looking at the first bytes of the stream. */
enum vfu_frame {
	VFU_FRAME_OK,
	VFU_FRAME_TOO_SHORT,	/* msg_size below the header */
	VFU_FRAME_TOO_LONG,	/* above VFU_MAX_MSG_SIZE */
	VFU_FRAME_NOT_COMMAND,	/* replies or unknown types from a client */
};

const char *vfu_command_name(uint16_t command);

/* Header from 16 raw bytes; framing errors lose the stream. */
void vfu_header_decode(struct vfu_header *hdr, const void *raw);
void vfu_header_encode(void *raw, const struct vfu_header *hdr);
enum vfu_frame vfu_frame_check(const struct vfu_header *hdr);
const char *vfu_frame_reason(enum vfu_frame frame);

/*
 * Request parsers: payload is what follows the header.  Each returns 0 or
 * a positive errno for the error reply, with a reason for the log.
 */
int vfu_parse_version(const uint8_t *payload, size_t len,
		      struct vfu_version *out, const char **why);
int vfu_parse_dma_map(const uint8_t *payload, size_t len,
		      struct vfu_dma_map *out, const char **why);
int vfu_parse_dma_unmap(const uint8_t *payload, size_t len,
			struct vfu_dma_unmap *out, const char **why);
int vfu_parse_argsz_index(const uint8_t *payload, size_t len, size_t need,
			  uint32_t *argsz, uint32_t *index, const char **why);
int vfu_parse_set_irqs(const uint8_t *payload, size_t len,
		       struct vfu_set_irqs *out, const char **why);
int vfu_parse_region_access(const uint8_t *payload, size_t len, bool write,
			    struct vfu_region_access *out, const char **why);
int vfu_parse_write_multi(const uint8_t *payload, size_t len,
			  uint64_t *count, const char **why);
void vfu_write_entry_decode(struct vfu_write_entry *entry,
			    const uint8_t *payload, uint64_t i);

/*
 * Reply builders write header + payload into out (capacity cap) and
 * return the message size, or 0 when it does not fit.
 */
size_t vfu_build_error(uint8_t *out, size_t cap, const struct vfu_header *req,
		       uint32_t err);
size_t vfu_build_reply(uint8_t *out, size_t cap, const struct vfu_header *req,
		       const void *payload, size_t len);
size_t vfu_build_version_reply(uint8_t *out, size_t cap,
			       const struct vfu_header *req,
			       const struct vfu_version *offer);
size_t vfu_build_region_read_reply(uint8_t *out, size_t cap,
				   const struct vfu_header *req,
				   const struct vfu_region_access *acc,
				   const void *data);
size_t vfu_build_region_write_reply(uint8_t *out, size_t cap,
				    const struct vfu_header *req,
				    const struct vfu_region_access *acc);

/* Request builders (the client's side), used by the unit tests. */
size_t vfu_build_request(uint8_t *out, size_t cap, uint16_t msg_id,
			 uint16_t command, uint32_t flags,
			 const void *payload, size_t len);
size_t vfu_build_version_request(uint8_t *out, size_t cap, uint16_t msg_id,
				 const struct vfu_version *proposal);

/* Little helpers the encoders share (host byte order, as the spec says). */
uint16_t vfu_get16(const uint8_t *p);
uint32_t vfu_get32(const uint8_t *p);
uint64_t vfu_get64(const uint8_t *p);
void vfu_put16(uint8_t *p, uint16_t v);
void vfu_put32(uint8_t *p, uint32_t v);
void vfu_put64(uint8_t *p, uint64_t v);

#endif /* ATH5K_EMU_VFIO_USER_H */
