/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What the transport's test programs share: counting checks that report
 * file and line, and the client end of a unix socket.
 */
#ifndef ATH5K_EMU_TRANSPORT_TEST_H
#define ATH5K_EMU_TRANSPORT_TEST_H

#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int failures;

#define CHECK(cond) \
	do { \
		if (!(cond)) { \
			failures++; \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
				__LINE__, #cond); \
		} \
	} while (0)

#define CHECK_EQ(a, b) \
	do { \
		unsigned long long a_ = (unsigned long long)(a); \
		unsigned long long b_ = (unsigned long long)(b); \
		if (a_ != b_) { \
			failures++; \
			fprintf(stderr, "%s:%d: %s == 0x%llx, expected %s == 0x%llx\n", \
				__FILE__, __LINE__, #a, a_, #b, b_); \
		} \
	} while (0)

/* A connected stream socket, or -1. */
static inline int test_connect_unix(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", path);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Reads exactly len bytes; false on end of file or error. */
static inline int test_read_full(int fd, void *buf, size_t len)
{
	unsigned char *p = buf;

	while (len) {
		ssize_t n = read(fd, p, len);

		if (n <= 0)
			return 0;
		p += n;
		len -= (size_t)n;
	}
	return 1;
}

#endif /* ATH5K_EMU_TRANSPORT_TEST_H */
