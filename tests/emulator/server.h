/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The vfio-user server: one single-threaded event loop that serves every
 * card of the process on its own listening unix socket, keeps each
 * client's guest-memory maps and INTx eventfd, polls the air and the
 * control socket, and wakes the card models at their deadlines.
 */
#ifndef ATH5K_EMU_SERVER_H
#define ATH5K_EMU_SERVER_H

#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "card.h"

/* Quiet time on BAR0 before a still-high INTx line is signalled again. */
#define SERVER_INTX_RESIGNAL_IDLE_US 200u
#define SERVER_MAX_CARDS 16

struct server;
struct server_card;
struct control;

struct server_options {
	bool trace;	/* log config-space accesses and every message */
	FILE *log;	/* one line per event; not closed by the server */
	/* Signal mask while waiting (signals blocked elsewhere), or NULL. */
	const sigset_t *wait_sigmask;
	/* Monotonic microseconds; NULL for the real clock (tests pass one). */
	uint64_t (*clock_us)(void *ctx);
	void *clock_ctx;
};

struct server *server_create(const struct server_options *opts,
			     struct air *air);
/* Closes every socket, unlinks the socket files, destroys the cards. */
void server_destroy(struct server *srv);

/* Creates the card model and starts listening on cfg->socket_path. */
int server_add_card(struct server *srv, const struct card_config *cfg,
		    char *err, size_t errlen);
void server_set_control(struct server *srv, struct control *ctl);

/*
 * One turn of the loop: waits for input, a card deadline or a pending
 * INTx re-signal, but at most max_wait_us (negative: no limit), then
 * handles what is ready.  Returns -1 on a fatal poll error.
 */
int server_run_once(struct server *srv, int64_t max_wait_us);
/* Turns until server_stop() or a signal sets the stop flag. */
int server_run(struct server *srv, volatile int *stop_flag);
void server_stop(struct server *srv);
bool server_stopping(const struct server *srv);

/*
 * A non-blocking listening unix socket at path; a stale socket file is
 * replaced, a live one refused.  Returns the fd or -1 with a reason.
 */
int server_listen_unix(const char *path, char *err, size_t errlen);

/* "name: text" on the log; name NULL means the program itself. */
void server_log(struct server *srv, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
uint64_t server_now_us(void);

/* For the control socket and the tests. */
struct server_card *server_find_card(struct server *srv, const char *name);
struct card *server_card_model(struct server_card *sc);
const char *server_card_name(const struct server_card *sc);
bool server_card_connected(const struct server_card *sc);
void server_card_disconnect(struct server_card *sc, const char *why);
unsigned int server_card_dma_map_count(const struct server_card *sc);
unsigned long server_card_protocol_errors(const struct server_card *sc);
/* INTx state as the transport sees it (for tests). */
bool server_card_intx_masked(const struct server_card *sc);
unsigned long server_card_intx_signals(const struct server_card *sc);
/* The services the card model gets, reachable for tests without a model. */
bool server_card_dma_read(struct server_card *sc, uint64_t addr, void *buf,
			  size_t len);
bool server_card_dma_write(struct server_card *sc, uint64_t addr,
			   const void *buf, size_t len);
void server_card_set_irq(struct server_card *sc, bool level);
/*
 * A region access as REGION_READ/REGION_WRITE makes it (region 0 is
 * BAR0, 7 config space), for tests without a client; false outside.
 */
bool server_card_region_access(struct server_card *sc, uint32_t region,
			       uint32_t offset, void *buf, size_t len,
			       bool write);

/* control.c: the line-oriented control socket. */
struct control *control_open(struct server *srv, const char *path,
			     char *err, size_t errlen);
void control_close(struct control *ctl);
/* Fills poll entries for the control socket; returns how many. */
int control_poll_fds(const struct control *ctl, struct pollfd *pfds, int max);
void control_handle(struct control *ctl, int fd, short revents);
/* One command line (no newline) to one answer line (no newline). */
void control_execute(struct control *ctl, const char *line, char *answer,
		     size_t cap);

#endif /* ATH5K_EMU_SERVER_H */
