/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * What the tests of a control verb share: a server with one default card,
 * card0 (its socket in a fresh directory), the control socket, the
 * server's log kept in memory and a clock the test moves.  Header-only,
 * like fake_host.h, and after it.
 */
#ifndef ATH5K_EMU_CONTROL_TEST_H
#define ATH5K_EMU_CONTROL_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "server.h"

struct control_test {
	struct server *srv;
	struct control *ctl;
	struct card *card0;
	uint64_t now;			/* the server's clock, host µs */
	char dir[64];
	FILE *log;
	char *log_text;
	size_t log_size;
};

static inline uint64_t control_test_clock(void *ctx)
{
	return ((struct control_test *)ctx)->now;
}

/* air may be NULL: card0 is then on no air. */
static inline void control_test_open(struct control_test *t, const char *name,
				     struct air *air)
{
	struct server_options opts = { .clock_us = control_test_clock, .clock_ctx = t };
	char sock[128], ctl_path[128], err[256] = "";
	struct card_config cfg;

	memset(t, 0, sizeof(*t));
	t->now = 1000000;
	snprintf(t->dir, sizeof(t->dir), "/tmp/%s.XXXXXX", name);
	t->log = open_memstream(&t->log_text, &t->log_size);
	if (!t->log || !mkdtemp(t->dir)) {
		perror("control test");
		exit(2);
	}
	snprintf(sock, sizeof(sock), "%s/card0.sock", t->dir);
	snprintf(ctl_path, sizeof(ctl_path), "%s/control.sock", t->dir);
	opts.log = t->log;
	t->srv = server_create(&opts, air);
	card_config_defaults(&cfg, 0);
	snprintf(cfg.socket_path, sizeof(cfg.socket_path), "%s", sock);
	if (!t->srv || server_add_card(t->srv, &cfg, err, sizeof(err)) < 0 ||
	    !(t->ctl = control_open(t->srv, ctl_path, err, sizeof(err)))) {
		printf("setup: %s\n", err);
		exit(2);
	}
	t->card0 = server_card_model(server_find_card(t->srv, "card0"));
}

/* Everything the server logged so far ("" before the first line). */
static inline const char *control_test_log(struct control_test *t)
{
	fflush(t->log);
	return t->log_text ? t->log_text : "";
}

static inline void control_test_close(struct control_test *t)
{
	control_close(t->ctl);
	server_destroy(t->srv);
	fclose(t->log);
	free(t->log_text);
	rmdir(t->dir);
}

#endif /* ATH5K_EMU_CONTROL_TEST_H */
