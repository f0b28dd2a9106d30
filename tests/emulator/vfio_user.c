// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * vfio-user message codec.  Parsers trust nothing: every length is checked
 * against the bytes actually received before a field is read.
 */
#include "vfio_user.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

uint16_t vfu_get16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

uint32_t vfu_get32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

uint64_t vfu_get64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

void vfu_put16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, sizeof(v));
}

void vfu_put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, sizeof(v));
}

void vfu_put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, sizeof(v));
}

const char *vfu_command_name(uint16_t command)
{
	switch (command) {
	case VFU_CMD_VERSION: return "VERSION";
	case VFU_CMD_DMA_MAP: return "DMA_MAP";
	case VFU_CMD_DMA_UNMAP: return "DMA_UNMAP";
	case VFU_CMD_DEVICE_GET_INFO: return "DEVICE_GET_INFO";
	case VFU_CMD_DEVICE_GET_REGION_INFO: return "DEVICE_GET_REGION_INFO";
	case VFU_CMD_DEVICE_GET_REGION_IO_FDS: return "DEVICE_GET_REGION_IO_FDS";
	case VFU_CMD_DEVICE_GET_IRQ_INFO: return "DEVICE_GET_IRQ_INFO";
	case VFU_CMD_DEVICE_SET_IRQS: return "DEVICE_SET_IRQS";
	case VFU_CMD_REGION_READ: return "REGION_READ";
	case VFU_CMD_REGION_WRITE: return "REGION_WRITE";
	case VFU_CMD_DMA_READ: return "DMA_READ";
	case VFU_CMD_DMA_WRITE: return "DMA_WRITE";
	case VFU_CMD_DEVICE_RESET: return "DEVICE_RESET";
	case VFU_CMD_REGION_WRITE_MULTI: return "REGION_WRITE_MULTI";
	case VFU_CMD_DEVICE_FEATURE: return "DEVICE_FEATURE";
	case VFU_CMD_MIG_DATA_READ: return "MIG_DATA_READ";
	case VFU_CMD_MIG_DATA_WRITE: return "MIG_DATA_WRITE";
	default: return "unknown";
	}
}

void vfu_header_decode(struct vfu_header *hdr, const void *raw)
{
	const uint8_t *p = raw;

	hdr->msg_id = vfu_get16(p);
	hdr->command = vfu_get16(p + 2);
	hdr->msg_size = vfu_get32(p + 4);
	hdr->flags = vfu_get32(p + 8);
	hdr->error = vfu_get32(p + 12);
}

void vfu_header_encode(void *raw, const struct vfu_header *hdr)
{
	uint8_t *p = raw;

	vfu_put16(p, hdr->msg_id);
	vfu_put16(p + 2, hdr->command);
	vfu_put32(p + 4, hdr->msg_size);
	vfu_put32(p + 8, hdr->flags);
	vfu_put32(p + 12, hdr->error);
}

enum vfu_frame vfu_frame_check(const struct vfu_header *hdr)
{
	if (hdr->msg_size < VFU_HEADER_SIZE)
		return VFU_FRAME_TOO_SHORT;
	if (hdr->msg_size > VFU_MAX_MSG_SIZE)
		return VFU_FRAME_TOO_LONG;
	if ((hdr->flags & VFU_FLAG_TYPE_MASK) != VFU_FLAG_TYPE_COMMAND)
		return VFU_FRAME_NOT_COMMAND;
	return VFU_FRAME_OK;
}

const char *vfu_frame_reason(enum vfu_frame frame)
{
	switch (frame) {
	case VFU_FRAME_OK: return "ok";
	case VFU_FRAME_TOO_SHORT: return "message size below the 16-byte header";
	case VFU_FRAME_TOO_LONG: return "message size above the negotiated maximum";
	case VFU_FRAME_NOT_COMMAND: return "message type is not a command";
	}
	return "?";
}

/*
 * A strict little JSON reader, enough for the version capabilities: it
 * validates the whole text and picks the members of "capabilities".
 */
struct json_reader {
	const char *p, *end;
	int depth;
	struct vfu_caps *caps;
};

static void json_skip_space(struct json_reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' ||
				 *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static bool json_string(struct json_reader *r, char *copy, size_t cap)
{
	size_t n = 0;

	if (r->p >= r->end || *r->p != '"')
		return false;
	r->p++;
	while (r->p < r->end && *r->p != '"') {
		char c = *r->p++;

		if ((unsigned char)c < 0x20)
			return false;
		if (c == '\\') {
			if (r->p >= r->end)
				return false;
			c = *r->p++;
			if (c == 'u') {
				if (r->end - r->p < 4)
					return false;
				r->p += 4;
				c = '?';
			} else if (!strchr("\"\\/bfnrt", c)) {
				return false;
			}
		}
		if (copy && n + 1 < cap)
			copy[n++] = c;
	}
	if (r->p >= r->end)
		return false;
	r->p++;
	if (copy && cap)
		copy[n] = '\0';
	return true;
}

static bool json_number(struct json_reader *r, uint64_t *out, bool *integral)
{
	const char *start = r->p;
	uint64_t v = 0;
	bool whole = true, digits = false;

	if (r->p < r->end && *r->p == '-') {
		whole = false;
		r->p++;
	}
	while (r->p < r->end && *r->p >= '0' && *r->p <= '9') {
		unsigned int d = (unsigned int)(*r->p - '0');

		if (v > (UINT64_MAX - d) / 10)
			whole = false;
		else
			v = v * 10 + d;
		digits = true;
		r->p++;
	}
	if (!digits)
		return false;
	if (r->p < r->end && (*r->p == '.' || *r->p == 'e' || *r->p == 'E')) {
		whole = false;
		r->p++;
		while (r->p < r->end && strchr("0123456789+-eE", *r->p))
			r->p++;
	}
	*out = v;
	*integral = whole && r->p > start;
	return true;
}

static bool json_literal(struct json_reader *r, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n))
		return false;
	r->p += n;
	return true;
}

static bool json_value(struct json_reader *r, const char *key, bool in_caps);

static bool json_object(struct json_reader *r, bool is_caps, bool is_root)
{
	char key[64];

	if (++r->depth > 16)
		return false;
	r->p++;
	json_skip_space(r);
	if (r->p < r->end && *r->p == '}') {
		r->p++;
		r->depth--;
		return true;
	}
	for (;;) {
		json_skip_space(r);
		if (!json_string(r, key, sizeof(key)))
			return false;
		json_skip_space(r);
		if (r->p >= r->end || *r->p != ':')
			return false;
		r->p++;
		json_skip_space(r);
		if (is_root && !strcmp(key, "capabilities")) {
			if (r->p >= r->end || *r->p != '{')
				return false;
			if (!json_object(r, true, false))
				return false;
		} else if (!json_value(r, key, is_caps)) {
			return false;
		}
		json_skip_space(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == '}') {
			r->p++;
			r->depth--;
			return true;
		}
		return false;
	}
}

static bool json_array(struct json_reader *r)
{
	if (++r->depth > 16)
		return false;
	r->p++;
	json_skip_space(r);
	if (r->p < r->end && *r->p == ']') {
		r->p++;
		r->depth--;
		return true;
	}
	for (;;) {
		json_skip_space(r);
		if (!json_value(r, NULL, false))
			return false;
		json_skip_space(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == ']') {
			r->p++;
			r->depth--;
			return true;
		}
		return false;
	}
}

static bool json_value(struct json_reader *r, const char *key, bool in_caps)
{
	uint64_t number;
	bool integral;

	if (r->p >= r->end)
		return false;
	switch (*r->p) {
	case '{':
		return json_object(r, false, false);
	case '[':
		return json_array(r);
	case '"':
		return json_string(r, NULL, 0);
	case 't':
		if (!json_literal(r, "true"))
			return false;
		if (in_caps && key && !strcmp(key, "write_multiple")) {
			r->caps->write_multiple = true;
			r->caps->present |= VFU_CAP_WRITE_MULTIPLE;
		}
		return true;
	case 'f':
		if (in_caps && key && !strcmp(key, "write_multiple"))
			r->caps->present |= VFU_CAP_WRITE_MULTIPLE;
		return json_literal(r, "false");
	case 'n':
		return json_literal(r, "null");
	default:
		if (!json_number(r, &number, &integral))
			return false;
		if (!in_caps || !key || !integral)
			return true;
		if (!strcmp(key, "max_msg_fds")) {
			r->caps->max_msg_fds = number;
			r->caps->present |= VFU_CAP_MAX_MSG_FDS;
		} else if (!strcmp(key, "max_data_xfer_size")) {
			r->caps->max_data_xfer_size = number;
			r->caps->present |= VFU_CAP_MAX_DATA_XFER;
		} else if (!strcmp(key, "pgsizes")) {
			r->caps->pgsizes = number;
			r->caps->present |= VFU_CAP_PGSIZES;
		}
		return true;
	}
}

static void caps_defaults(struct vfu_caps *caps)
{
	caps->max_msg_fds = 1;
	caps->max_data_xfer_size = VFU_MAX_DATA_XFER;
	caps->pgsizes = 4096;
	caps->write_multiple = false;
	caps->present = 0;
}

int vfu_parse_version(const uint8_t *payload, size_t len,
		      struct vfu_version *out, const char **why)
{
	struct json_reader r;
	size_t text_len;

	if (len < 4) {
		*why = "version payload shorter than 4 bytes";
		return EINVAL;
	}
	out->major = vfu_get16(payload);
	out->minor = vfu_get16(payload + 2);
	caps_defaults(&out->caps);
	if (len == 4)
		return 0;
	/* The JSON text ends at its NUL; nothing may follow it. */
	text_len = strnlen((const char *)payload + 4, len - 4);
	if (text_len != len - 5) {
		*why = "version JSON is not NUL-terminated at the end of the message";
		return EINVAL;
	}
	r.p = (const char *)payload + 4;
	r.end = r.p + text_len;
	r.depth = 0;
	r.caps = &out->caps;
	json_skip_space(&r);
	if (r.p >= r.end || *r.p != '{' || !json_object(&r, false, true)) {
		*why = "version JSON is malformed";
		return EINVAL;
	}
	json_skip_space(&r);
	if (r.p != r.end) {
		*why = "version JSON has trailing bytes";
		return EINVAL;
	}
	return 0;
}

int vfu_parse_dma_map(const uint8_t *payload, size_t len,
		      struct vfu_dma_map *out, const char **why)
{
	if (len != VFU_DMA_MAP_SIZE) {
		*why = "DMA_MAP payload is not 32 bytes";
		return EINVAL;
	}
	out->argsz = vfu_get32(payload);
	out->flags = vfu_get32(payload + 4);
	out->offset = vfu_get64(payload + 8);
	out->address = vfu_get64(payload + 16);
	out->size = vfu_get64(payload + 24);
	if (out->argsz != VFU_DMA_MAP_SIZE) {
		*why = "DMA_MAP argsz is not 32";
		return EINVAL;
	}
	if (out->flags & ~(uint32_t)(VFU_DMA_MAP_READ | VFU_DMA_MAP_WRITE |
				     VFU_DMA_MAP_MODE_MMAP |
				     VFU_DMA_MAP_MODE_FILE_IO)) {
		*why = "DMA_MAP has unknown flags";
		return EINVAL;
	}
	if (out->size == 0 || out->address + out->size < out->address) {
		*why = "DMA_MAP range is empty or wraps";
		return EINVAL;
	}
	return 0;
}

int vfu_parse_dma_unmap(const uint8_t *payload, size_t len,
			struct vfu_dma_unmap *out, const char **why)
{
	if (len < VFU_DMA_UNMAP_SIZE) {
		*why = "DMA_UNMAP payload shorter than 24 bytes";
		return EINVAL;
	}
	out->argsz = vfu_get32(payload);
	out->flags = vfu_get32(payload + 4);
	out->address = vfu_get64(payload + 8);
	out->size = vfu_get64(payload + 16);
	if (out->argsz < VFU_DMA_UNMAP_SIZE) {
		*why = "DMA_UNMAP argsz below 24";
		return EINVAL;
	}
	if (out->flags & VFU_DMA_UNMAP_GET_DIRTY) {
		*why = "DMA_UNMAP dirty-page bitmaps are not supported";
		return ENOTSUP;
	}
	if (out->flags & ~(uint32_t)VFU_DMA_UNMAP_ALL) {
		*why = "DMA_UNMAP has unknown flags";
		return EINVAL;
	}
	return 0;
}

/* GET_INFO, GET_REGION_INFO, GET_IRQ_INFO: argsz then (maybe) index. */
int vfu_parse_argsz_index(const uint8_t *payload, size_t len, size_t need,
			  uint32_t *argsz, uint32_t *index, const char **why)
{
	if (len < need) {
		*why = "request payload shorter than its fixed fields";
		return EINVAL;
	}
	*argsz = vfu_get32(payload);
	if (*argsz < need) {
		*why = "argsz smaller than the reply structure";
		return EINVAL;
	}
	if (index)
		*index = len >= 12 ? vfu_get32(payload + 8) : 0;
	return 0;
}

static bool one_bit(uint32_t v)
{
	return v && !(v & (v - 1));
}

int vfu_parse_set_irqs(const uint8_t *payload, size_t len,
		       struct vfu_set_irqs *out, const char **why)
{
	if (len < 20) {
		*why = "SET_IRQS payload shorter than 20 bytes";
		return EINVAL;
	}
	out->argsz = vfu_get32(payload);
	out->flags = vfu_get32(payload + 4);
	out->index = vfu_get32(payload + 8);
	out->start = vfu_get32(payload + 12);
	out->count = vfu_get32(payload + 16);
	out->bools = NULL;
	if (out->argsz < 20 || out->argsz > len) {
		*why = "SET_IRQS argsz does not match the payload";
		return EINVAL;
	}
	if (out->flags & ~(uint32_t)(VFIO_IRQ_SET_DATA_TYPE_MASK |
				     VFIO_IRQ_SET_ACTION_TYPE_MASK)) {
		*why = "SET_IRQS has unknown flags";
		return EINVAL;
	}
	if (!one_bit(out->flags & VFIO_IRQ_SET_DATA_TYPE_MASK) ||
	    !one_bit(out->flags & VFIO_IRQ_SET_ACTION_TYPE_MASK)) {
		*why = "SET_IRQS needs exactly one data and one action flag";
		return EINVAL;
	}
	if (out->index >= VFU_NUM_IRQS) {
		*why = "SET_IRQS index out of range";
		return EINVAL;
	}
	if (out->start > UINT32_MAX - out->count) {
		*why = "SET_IRQS start + count wraps";
		return EINVAL;
	}
	if (out->flags & VFIO_IRQ_SET_DATA_BOOL) {
		if (out->argsz - 20 < out->count) {
			*why = "SET_IRQS bool array shorter than count";
			return EINVAL;
		}
		out->bools = payload + 20;
	}
	return 0;
}

int vfu_parse_region_access(const uint8_t *payload, size_t len, bool write,
			    struct vfu_region_access *out, const char **why)
{
	if (len < VFU_REGION_ACCESS_SIZE) {
		*why = "region access payload shorter than 16 bytes";
		return EINVAL;
	}
	out->offset = vfu_get64(payload);
	out->region = vfu_get32(payload + 8);
	out->count = vfu_get32(payload + 12);
	if (out->count == 0 || out->count > VFU_MAX_DATA_XFER) {
		*why = "region access count is 0 or above max_data_xfer_size";
		return EINVAL;
	}
	if (write && len - VFU_REGION_ACCESS_SIZE != out->count) {
		*why = "REGION_WRITE data length differs from count";
		return EINVAL;
	}
	if (!write && len != VFU_REGION_ACCESS_SIZE) {
		*why = "REGION_READ payload is not 16 bytes";
		return EINVAL;
	}
	return 0;
}

int vfu_parse_write_multi(const uint8_t *payload, size_t len,
			  uint64_t *count, const char **why)
{
	if (len < 8) {
		*why = "REGION_WRITE_MULTI payload shorter than 8 bytes";
		return EINVAL;
	}
	*count = vfu_get64(payload);
	if (*count == 0 || *count > (len - 8) / VFU_WRITE_ENTRY_SIZE ||
	    len - 8 != *count * VFU_WRITE_ENTRY_SIZE) {
		*why = "REGION_WRITE_MULTI count does not match the payload";
		return EINVAL;
	}
	return 0;
}

void vfu_write_entry_decode(struct vfu_write_entry *entry,
			    const uint8_t *payload, uint64_t i)
{
	const uint8_t *p = payload + 8 + i * VFU_WRITE_ENTRY_SIZE;

	entry->offset = vfu_get64(p);
	entry->region = vfu_get32(p + 8);
	entry->count = vfu_get32(p + 12);
	memcpy(entry->data, p + 16, sizeof(entry->data));
}

size_t vfu_build_request(uint8_t *out, size_t cap, uint16_t msg_id,
			 uint16_t command, uint32_t flags,
			 const void *payload, size_t len)
{
	struct vfu_header hdr = {
		.msg_id = msg_id,
		.command = command,
		.flags = flags,
	};

	if (len > cap || VFU_HEADER_SIZE > cap - len || len > UINT32_MAX / 2)
		return 0;
	hdr.msg_size = (uint32_t)(VFU_HEADER_SIZE + len);
	vfu_header_encode(out, &hdr);
	if (len)
		memcpy(out + VFU_HEADER_SIZE, payload, len);
	return hdr.msg_size;
}

size_t vfu_build_reply(uint8_t *out, size_t cap, const struct vfu_header *req,
		       const void *payload, size_t len)
{
	return vfu_build_request(out, cap, req->msg_id, req->command,
				 VFU_FLAG_TYPE_REPLY, payload, len);
}

size_t vfu_build_error(uint8_t *out, size_t cap, const struct vfu_header *req,
		       uint32_t err)
{
	struct vfu_header hdr = {
		.msg_id = req->msg_id,
		.command = req->command,
		.msg_size = VFU_HEADER_SIZE,
		.flags = VFU_FLAG_TYPE_REPLY | VFU_FLAG_ERROR,
		.error = err,
	};

	if (cap < VFU_HEADER_SIZE)
		return 0;
	vfu_header_encode(out, &hdr);
	return VFU_HEADER_SIZE;
}

/* Appends "key":value, to the JSON text when the capability is named. */
static void json_member(char *json, size_t *n, size_t cap, bool named,
			const char *key, unsigned long long value)
{
	if (named && *n < cap)
		*n += (size_t)snprintf(json + *n, cap - *n, "\"%s\":%llu,",
				       key, value);
}

static size_t version_payload(uint8_t *out, size_t cap,
			      const struct vfu_version *v)
{
	const struct vfu_caps *c = &v->caps;
	char json[256];
	size_t n;

	n = (size_t)snprintf(json, sizeof(json), "{\"capabilities\":{");
	json_member(json, &n, sizeof(json), c->present & VFU_CAP_MAX_MSG_FDS,
		    "max_msg_fds", c->max_msg_fds);
	json_member(json, &n, sizeof(json), c->present & VFU_CAP_MAX_DATA_XFER,
		    "max_data_xfer_size", c->max_data_xfer_size);
	json_member(json, &n, sizeof(json), c->present & VFU_CAP_PGSIZES,
		    "pgsizes", c->pgsizes);
	if ((c->present & VFU_CAP_WRITE_MULTIPLE) && n < sizeof(json))
		n += (size_t)snprintf(json + n, sizeof(json) - n,
				      "\"write_multiple\":%s,",
				      c->write_multiple ? "true" : "false");
	/* Replace the last comma (or append to the opening brace). */
	if (n < sizeof(json) && json[n - 1] == ',')
		n--;
	if (n < sizeof(json))
		n += (size_t)snprintf(json + n, sizeof(json) - n, "}}");
	if (n >= sizeof(json) || cap < 4 + n + 1)
		return 0;
	vfu_put16(out, v->major);
	vfu_put16(out + 2, v->minor);
	memcpy(out + 4, json, n + 1);
	return 4 + n + 1;
}

size_t vfu_build_version_reply(uint8_t *out, size_t cap,
			       const struct vfu_header *req,
			       const struct vfu_version *offer)
{
	uint8_t payload[300];
	size_t len = version_payload(payload, sizeof(payload), offer);

	if (!len)
		return 0;
	return vfu_build_reply(out, cap, req, payload, len);
}

size_t vfu_build_version_request(uint8_t *out, size_t cap, uint16_t msg_id,
				 const struct vfu_version *proposal)
{
	uint8_t payload[300];
	size_t len = version_payload(payload, sizeof(payload), proposal);

	if (!len)
		return 0;
	return vfu_build_request(out, cap, msg_id, VFU_CMD_VERSION, 0,
				 payload, len);
}

static void region_access_encode(uint8_t *p, const struct vfu_region_access *a)
{
	vfu_put64(p, a->offset);
	vfu_put32(p + 8, a->region);
	vfu_put32(p + 12, a->count);
}

size_t vfu_build_region_read_reply(uint8_t *out, size_t cap,
				   const struct vfu_header *req,
				   const struct vfu_region_access *acc,
				   const void *data)
{
	size_t size = VFU_HEADER_SIZE + VFU_REGION_ACCESS_SIZE + acc->count;
	struct vfu_header hdr = {
		.msg_id = req->msg_id,
		.command = req->command,
		.msg_size = (uint32_t)size,
		.flags = VFU_FLAG_TYPE_REPLY,
	};

	if (acc->count > VFU_MAX_DATA_XFER || size > cap)
		return 0;
	region_access_encode(out + VFU_HEADER_SIZE, acc);
	memcpy(out + VFU_HEADER_SIZE + VFU_REGION_ACCESS_SIZE, data,
	       acc->count);
	vfu_header_encode(out, &hdr);
	return size;
}

size_t vfu_build_region_write_reply(uint8_t *out, size_t cap,
				    const struct vfu_header *req,
				    const struct vfu_region_access *acc)
{
	uint8_t payload[VFU_REGION_ACCESS_SIZE];

	region_access_encode(payload, acc);
	return vfu_build_reply(out, cap, req, payload, sizeof(payload));
}
