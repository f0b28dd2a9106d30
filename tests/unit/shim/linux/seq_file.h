/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/seq_file.h>: output into one buffer. */
#ifndef ATH5K_SHIM_LINUX_SEQ_FILE_H
#define ATH5K_SHIM_LINUX_SEQ_FILE_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct seq_file {
	char buf[4096];
	size_t len;
	void *private;
};

static inline __attribute__((format(printf, 2, 3)))
void seq_printf(struct seq_file *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(s->buf + s->len, sizeof(s->buf) - s->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		s->len += (size_t)n < sizeof(s->buf) - s->len ?
			  (size_t)n : sizeof(s->buf) - s->len - 1;
}

static inline void seq_puts(struct seq_file *s, const char *str)
{
	seq_printf(s, "%s", str);
}

static inline void seq_putc(struct seq_file *s, char c)
{
	seq_printf(s, "%c", c);
}

#endif
