// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * ath5k-emu: serves emulated AR5212-family cards to QEMU over vfio-user.
 * Parses the command line, sets up the air, the cards and the control
 * socket, says "ready" once every socket listens, then runs the loop.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

#define EXIT_USAGE 2

static volatile int stop_requested;

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: ath5k-emu --card SPEC [--card SPEC ...]\n"
		"                 [--air-listen PATH | --air-connect PATH]\n"
		"                 [--control PATH] [--trace] [--log FILE]\n"
		"\n"
		"Serves emulated Atheros AR5212-family cards to QEMU\n"
		"(-device vfio-user-pci), one unix socket per card; all cards\n"
		"of the process share one air.\n"
		"\n"
		"  --card SPEC         key=value,... : socket=PATH (required),\n"
		"                      model=, mac=, regdomain=, bands=, ...\n"
		"  --air-listen PATH   let other ath5k-emu processes join this air\n"
		"  --air-connect PATH  join the air of another ath5k-emu\n"
		"  --control PATH      line commands: 'CARD kill', 'CARD corrupt-eeprom',\n"
		"                      'CARD inject-malformed', 'CARD disconnect', 'quit',\n"
		"                      'CARD crypto', 'CARD stats' (counts, see CARD.md),\n"
		"                      'CARD fault NAME [ARGS]', 'CARD fault clear'\n"
		"                      ('CARD fault help' lists the faults)\n"
		"  --trace             log every register, config-space and protocol access\n"
		"  --log FILE          append the log to FILE (default: stderr)\n"
		"  --help              this text\n"
		"\n"
		"Prints 'ath5k-emu: ready' on stdout once every socket listens.\n");
}

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "ath5k-emu: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (try --help)\n");
	return EXIT_USAGE;
}

struct options {
	const char *specs[SERVER_MAX_CARDS];
	int ncards;
	const char *air_listen, *air_connect, *control, *log;
	bool trace;
};

/* Returns -1 to go on, or the exit code. */
static int parse_options(int argc, char **argv, struct options *o)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char **slot = NULL;

		if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(arg, "--trace")) {
			o->trace = true;
			continue;
		}
		if (!strcmp(arg, "--card")) {
			if (o->ncards >= SERVER_MAX_CARDS)
				return usage_error("too many --card options (at most %s)",
						   "16");
			slot = &o->specs[o->ncards++];
		} else if (!strcmp(arg, "--air-listen")) {
			slot = &o->air_listen;
		} else if (!strcmp(arg, "--air-connect")) {
			slot = &o->air_connect;
		} else if (!strcmp(arg, "--control")) {
			slot = &o->control;
		} else if (!strcmp(arg, "--log")) {
			slot = &o->log;
		} else {
			return usage_error("unknown option '%s'", arg);
		}
		if (i + 1 >= argc || !argv[i + 1][0])
			return usage_error("%s needs a value", arg);
		if (*slot && slot != &o->specs[o->ncards - 1])
			return usage_error("%s given twice", arg);
		*slot = argv[++i];
	}
	if (o->ncards == 0)
		return usage_error("%s", "at least one --card SPEC is required");
	if (o->air_listen && o->air_connect)
		return usage_error("%s",
				   "--air-listen and --air-connect exclude each other");
	return -1;
}

static int configure_cards(const struct options *o, bool trace,
			   struct card_config *cfgs)
{
	char err[256];

	for (int i = 0; i < o->ncards; i++) {
		card_config_defaults(&cfgs[i], (unsigned int)i);
		if (card_config_parse(&cfgs[i], o->specs[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "ath5k-emu: bad --card '%s': %s\n",
				o->specs[i], err);
			return EXIT_USAGE;
		}
		if (!cfgs[i].socket_path[0])
			return usage_error("--card '%s' has no socket=PATH",
					   o->specs[i]);
		cfgs[i].trace = cfgs[i].trace || trace;
		for (int j = 0; j < i; j++) {
			if (!strcmp(cfgs[i].socket_path, cfgs[j].socket_path))
				return usage_error("socket %s used by two cards",
						   cfgs[i].socket_path);
			if (!strcmp(cfgs[i].name, cfgs[j].name))
				return usage_error("card name %s used twice",
						   cfgs[i].name);
		}
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct card_config cfgs[SERVER_MAX_CARDS];
	struct options o = { 0 };
	struct server_options so = { 0 };
	struct control *ctl = NULL;
	struct server *srv = NULL;
	struct air *air = NULL;
	struct sigaction sa;
	sigset_t stop_signals, wait_mask;
	char err[256];
	int rc;

	rc = parse_options(argc, argv, &o);
	if (rc >= 0)
		return rc;
	rc = configure_cards(&o, o.trace, cfgs);
	if (rc >= 0)
		return rc;

	so.trace = o.trace;
	so.log = stderr;
	if (o.log) {
		so.log = fopen(o.log, "a");
		if (!so.log) {
			fprintf(stderr, "ath5k-emu: cannot open log %s: %s\n",
				o.log, strerror(errno));
			return EXIT_USAGE;
		}
		setvbuf(so.log, NULL, _IOLBF, 0);
	}

	/*
	 * SIGINT/SIGTERM stay blocked except while the loop waits, so a
	 * signal can never slip in between the stop check and the wait.
	 */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	sigprocmask(SIG_BLOCK, &stop_signals, &wait_mask);
	sigdelset(&wait_mask, SIGINT);
	sigdelset(&wait_mask, SIGTERM);
	so.wait_sigmask = &wait_mask;

	rc = EXIT_FAILURE;
	air = air_create();
	if (!air) {
		fprintf(stderr, "ath5k-emu: cannot create the air\n");
		goto out;
	}
	if (o.air_listen && air_listen(air, o.air_listen, err, sizeof(err)) < 0) {
		fprintf(stderr, "ath5k-emu: --air-listen %s: %s\n", o.air_listen, err);
		goto out;
	}
	if (o.air_connect &&
	    air_connect(air, o.air_connect, err, sizeof(err)) < 0) {
		fprintf(stderr, "ath5k-emu: --air-connect %s: %s\n", o.air_connect,
			err);
		goto out;
	}
	srv = server_create(&so, air);
	if (!srv) {
		fprintf(stderr, "ath5k-emu: out of memory\n");
		goto out;
	}
	for (int i = 0; i < o.ncards; i++) {
		if (server_add_card(srv, &cfgs[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "ath5k-emu: %s\n", err);
			goto out;
		}
	}
	if (o.control) {
		ctl = control_open(srv, o.control, err, sizeof(err));
		if (!ctl) {
			fprintf(stderr, "ath5k-emu: %s\n", err);
			goto out;
		}
		server_set_control(srv, ctl);
	}
	server_log(srv, NULL, "ready: %d card%s", o.ncards,
		   o.ncards == 1 ? "" : "s");
	printf("ath5k-emu: ready\n");
	fflush(stdout);
	rc = server_run(srv, &stop_requested) < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
	server_log(srv, NULL, "exiting");
out:
	server_destroy(srv);
	control_close(ctl);
	if (air)
		air_destroy(air);
	if (so.log && so.log != stderr)
		fclose(so.log);
	return rc;
}
