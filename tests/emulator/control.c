// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Control socket: tests drive fault injection with one command a line
 * ("card0 kill", "quit") and read one answer line ("ok", "error: ...");
 * "card0 crypto" answers with the crypto engine's counts, "card0 stats"
 * with what the driver has cost the card, "card0 legacy-sta [join MAC |
 * leave | doze | wake]" drives a virtual 802.11b station next to the card,
 * "card0 gpio-in PIN 0|1" and "card0 rfkill [on|off]" move what is wired
 * to its GPIO pins; "card0 noise [ofdm=N cck=N | off]" sets the channel's
 * PHY errors and "card0 ani" answers with the immunity the driver chose;
 * "card0 rate-ceiling [off | all|PEER_MAC MBPS|off]" caps the rates that
 * cross the card's links and "card0 rates" answers with its attempts and
 * ACKs per rate; "card0 forge-deauth PEER_MAC" has its radio send a
 * Deauthentication in clear to the peer, as an attacker would (CARD.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fault.h"
#include "server.h"

#define CONTROL_CLIENTS 8
#define CONTROL_LINE_MAX 256
/* Answers may be longer than commands: "stats" is one long line. */
#define CONTROL_ANSWER_MAX (CARD_STATS_LINE_MAX + 16)
_Static_assert(CARD_RATES_LINE_MAX + 4 <= CONTROL_ANSWER_MAX,
	       "the rates answer fits whole");
_Static_assert(CARD_CRYPTO_LINE_MAX + 4 <= CONTROL_ANSWER_MAX,
	       "the crypto answer fits whole");

struct control_client {
	int fd;
	size_t len;
	bool overlong;
	char line[CONTROL_LINE_MAX];
};

struct control {
	struct server *srv;
	int listen_fd;
	char path[108];
	struct control_client clients[CONTROL_CLIENTS];
};

struct control *control_open(struct server *srv, const char *path,
			     char *err, size_t errlen)
{
	struct control *ctl = calloc(1, sizeof(*ctl));

	if (!ctl) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (strlen(path) >= sizeof(ctl->path)) {
		snprintf(err, errlen, "control socket path too long: %s", path);
		free(ctl);
		return NULL;
	}
	ctl->srv = srv;
	strcpy(ctl->path, path);
	for (int i = 0; i < CONTROL_CLIENTS; i++)
		ctl->clients[i].fd = -1;
	ctl->listen_fd = server_listen_unix(path, err, errlen);
	if (ctl->listen_fd < 0) {
		free(ctl);
		return NULL;
	}
	return ctl;
}

void control_close(struct control *ctl)
{
	if (!ctl)
		return;
	for (int i = 0; i < CONTROL_CLIENTS; i++)
		if (ctl->clients[i].fd >= 0)
			close(ctl->clients[i].fd);
	close(ctl->listen_fd);
	unlink(ctl->path);
	free(ctl);
}

int control_poll_fds(const struct control *ctl, struct pollfd *pfds, int max)
{
	int n = 0;

	if (max <= 0)
		return 0;
	pfds[n].fd = ctl->listen_fd;
	pfds[n].events = POLLIN;
	pfds[n++].revents = 0;
	for (int i = 0; i < CONTROL_CLIENTS && n < max; i++) {
		if (ctl->clients[i].fd < 0)
			continue;
		pfds[n].fd = ctl->clients[i].fd;
		pfds[n].events = POLLIN;
		pfds[n++].revents = 0;
	}
	return n;
}

/* Past the first two words of line (card name and verb). */
static const char *after_verb(const char *line)
{
	for (int word = 0; word < 2; word++) {
		line += strspn(line, " \t");
		line += strcspn(line, " \t");
	}
	return line + strspn(line, " \t");
}

/*
 * "CARD fault NAME [ARGS]" (fault.c), "CARD legacy-sta [join MAC|leave|
 * doze|wake]" (legacy_sta.c), "CARD gpio-in PIN 0|1" and "CARD rfkill
 * [on|off]" (gpio.c), "CARD noise [ofdm=N cck=N|off]" (phy_noise.c),
 * "CARD rate-ceiling [...]" (rate_ceiling.c), "CARD rates"
 * (rate_counts.c) and "CARD forge-deauth PEER_MAC" (forge.c): the model
 * takes the words after the verb.
 */
static void control_card_command(struct control *ctl, const char *line,
				 const char *name, const char *verb,
				 int (*run)(struct card *card, const char *args,
					    char *answer, size_t cap),
				 char *answer, size_t cap)
{
	struct server_card *sc = server_find_card(ctl->srv, name);
	const char *args = after_verb(line);

	if (!sc) {
		snprintf(answer, cap, "error: no card named '%s'", name);
		return;
	}
	/* Queries (no arguments) are not logged. */
	if (run(server_card_model(sc), args, answer, cap) == 0 && *args)
		server_log(ctl->srv, server_card_name(sc), "control: %s %s", verb, args);
}

/* The verbs whose words the model reads itself. */
static const struct {
	const char *verb;
	int (*run)(struct card *card, const char *args, char *answer, size_t cap);
} model_verbs[] = {
	{ "fault", card_fault_command },
	{ "legacy-sta", card_legacy_sta_command },
	{ "gpio-in", card_gpio_in_command },
	{ "rfkill", card_rfkill_command },
	{ "noise", card_noise_command },
	{ "rate-ceiling", card_rate_ceiling_command },
	{ "rates", card_rates_command },
	{ "forge-deauth", card_forge_deauth_command },
};

void control_execute(struct control *ctl, const char *line, char *answer,
		     size_t cap)
{
	char name[64], verb[64], extra[8];
	struct server_card *sc;
	int words;

	words = sscanf(line, "%63s %63s %7s", name, verb, extra);
	for (size_t i = 0; words >= 2 &&
			   i < sizeof(model_verbs) / sizeof(model_verbs[0]); i++)
		if (!strcmp(verb, model_verbs[i].verb)) {
			control_card_command(ctl, line, name, verb, model_verbs[i].run,
					     answer, cap);
			return;
		}
	if (words == 1 && !strcmp(name, "quit")) {
		server_stop(ctl->srv);
		snprintf(answer, cap, "ok");
		return;
	}
	if (words != 2) {
		snprintf(answer, cap, "error: expected 'CARD kill|corrupt-eeprom|inject-malformed|disconnect|crypto|radio|ani|stats|journal', 'CARD fault NAME [ARGS]', 'CARD legacy-sta [join MAC|leave|doze|wake]', 'CARD gpio-in PIN 0|1', 'CARD rfkill [on|off]', 'CARD noise [ofdm=N cck=N|off]', 'CARD rate-ceiling [off | all|PEER_MAC MBPS|off]', 'CARD rates', 'CARD forge-deauth PEER_MAC' or 'quit'");
		return;
	}
	sc = server_find_card(ctl->srv, name);
	if (!sc) {
		snprintf(answer, cap, "error: no card named '%s'", name);
		return;
	}
	if (!strcmp(verb, "crypto")) {
		char line[CARD_CRYPTO_LINE_MAX];

		/* A query: the crypto engine's counts, nothing logged. */
		card_crypto_summary(server_card_model(sc), line, sizeof(line));
		snprintf(answer, cap, "ok: %s", line);
		return;
	}
	if (!strcmp(verb, "radio")) {
		char line[128];

		/* A query: channel, mode and BSSID as programmed now. */
		card_radio_summary(server_card_model(sc), line, sizeof(line));
		snprintf(answer, cap, "ok: %s", line);
		return;
	}
	if (!strcmp(verb, "stats")) {
		char line[CARD_STATS_LINE_MAX];

		/* A query: cumulative counts, a bench differences two. */
		card_stats_summary(server_card_model(sc), line, sizeof(line));
		snprintf(answer, cap, "ok: %s", line);
		return;
	}
	if (!strcmp(verb, "ani")) {
		char line[CARD_ANI_LINE_MAX];

		/* A query: the immunity the driver chose, and the noise. */
		if (card_ani_summary(server_card_model(sc), line, sizeof(line)) == 0)
			snprintf(answer, cap, "ok: %s", line);
		else
			snprintf(answer, cap, "%s", line);
		return;
	}
	if (!strcmp(verb, "journal")) {
		/* A query: the card's last frames go to the log, not the answer. */
		unsigned int n = card_journal_dump(server_card_model(sc));

		snprintf(answer, cap, "ok: %u frames in the log", n);
		return;
	}
	if (!strcmp(verb, "kill")) {
		card_make_dead(server_card_model(sc));
	} else if (!strcmp(verb, "corrupt-eeprom")) {
		card_corrupt_eeprom(server_card_model(sc));
	} else if (!strcmp(verb, "inject-malformed")) {
		if (card_inject_malformed_frame(server_card_model(sc)) < 0) {
			snprintf(answer, cap, "error: %s could not inject a frame (receiver not running?)",
				 name);
			return;
		}
	} else if (!strcmp(verb, "disconnect")) {
		if (!server_card_connected(sc)) {
			snprintf(answer, cap, "error: %s has no client", name);
			return;
		}
		server_card_disconnect(sc, "control socket asked");
	} else {
		snprintf(answer, cap, "error: unknown command '%s'", verb);
		return;
	}
	server_log(ctl->srv, server_card_name(sc), "control: %s", verb);
	snprintf(answer, cap, "ok");
}

static void client_close(struct control_client *c)
{
	close(c->fd);
	c->fd = -1;
	c->len = 0;
	c->overlong = false;
}

static void answer_line(struct control_client *c, const char *text)
{
	char out[CONTROL_ANSWER_MAX + 2];
	int n = snprintf(out, sizeof(out), "%s\n", text);

	/* Answers are short; a client that does not read loses them. */
	if (send(c->fd, out, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		client_close(c);
}

static void client_input(struct control *ctl, struct control_client *c)
{
	char buf[512];
	ssize_t n = recv(c->fd, buf, sizeof(buf), MSG_DONTWAIT);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		client_close(c);
		return;
	}
	for (ssize_t i = 0; i < n && c->fd >= 0; i++) {
		char answer[CONTROL_ANSWER_MAX];

		if (buf[i] != '\n') {
			if (c->len + 1 < sizeof(c->line))
				c->line[c->len++] = buf[i];
			else
				c->overlong = true;
			continue;
		}
		c->line[c->len] = '\0';
		if (c->len && c->line[c->len - 1] == '\r')
			c->line[c->len - 1] = '\0';
		if (c->overlong)
			snprintf(answer, sizeof(answer), "error: line too long");
		else
			control_execute(ctl, c->line, answer, sizeof(answer));
		c->len = 0;
		c->overlong = false;
		answer_line(c, answer);
	}
}

void control_handle(struct control *ctl, int fd, short revents)
{
	(void)revents;
	if (fd == ctl->listen_fd) {
		int client = accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);

		if (client < 0)
			return;
		for (int i = 0; i < CONTROL_CLIENTS; i++) {
			if (ctl->clients[i].fd < 0) {
				ctl->clients[i].fd = client;
				return;
			}
		}
		server_log(ctl->srv, NULL, "control: too many clients");
		close(client);
		return;
	}
	for (int i = 0; i < CONTROL_CLIENTS; i++)
		if (ctl->clients[i].fd == fd)
			client_input(ctl, &ctl->clients[i]);
}
