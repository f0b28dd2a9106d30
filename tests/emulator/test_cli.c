// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * End-to-end test of the ath5k-emu program (path in $ATH5K_EMU): option
 * errors, the "ready" line, a client reaching the card's config space and
 * BAR0 through the real socket, the control socket, and a clean exit.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rates_line.h"
#include "stats_line.h"
#include "transport_test.h"
#include "vfio_user.h"

static const char *emu;

struct run {
	pid_t pid;
	int out_fd;		/* the program's stdout and stderr */
	char out[8192];
	size_t out_len;
};

static void start(struct run *r, char *const argv[])
{
	int pipe_fds[2];

	memset(r, 0, sizeof(*r));
	if (pipe2(pipe_fds, O_CLOEXEC) < 0) {
		perror("pipe2");
		exit(2);
	}
	r->pid = fork();
	if (r->pid == 0) {
		dup2(pipe_fds[1], 1);
		dup2(pipe_fds[1], 2);
		execv(emu, argv);
		_exit(127);
	}
	close(pipe_fds[1]);
	r->out_fd = pipe_fds[0];
}

/* Collects output until text shows up, the pipe closes or ~5 s pass. */
static bool wait_output(struct run *r, const char *text)
{
	for (int i = 0; i < 500; i++) {
		struct pollfd p = { .fd = r->out_fd, .events = POLLIN };
		ssize_t n;

		r->out[r->out_len] = '\0';
		if (text && strstr(r->out, text))
			return true;
		if (poll(&p, 1, 10) <= 0)
			continue;
		n = read(r->out_fd, r->out + r->out_len,
			 sizeof(r->out) - 1 - r->out_len);
		if (n <= 0)
			return text == NULL;
		r->out_len += (size_t)n;
	}
	return false;
}

static int finish(struct run *r)
{
	int status = 0;

	wait_output(r, NULL);
	close(r->out_fd);
	waitpid(r->pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* One command line; expects exit 2 and exactly one line of error. */
static void expect_usage_error(char *const argv[], const char *phrase)
{
	struct run r;
	char *newline;

	start(&r, argv);
	CHECK(finish(&r) == 2);
	newline = strchr(r.out, '\n');
	CHECK(newline && newline[1] == '\0');
	CHECK(strstr(r.out, phrase) != NULL);
	if (!strstr(r.out, phrase))
		fprintf(stderr, "  output was: %s", r.out);
}

/* Sends a request, returns the reply payload length or -1. */
static ssize_t request(int fd, uint16_t id, uint16_t cmd, const void *payload,
		       size_t len, uint8_t *out, size_t cap)
{
	uint8_t msg[512], raw[VFU_HEADER_SIZE];
	struct vfu_header hdr;
	size_t n = vfu_build_request(msg, sizeof(msg), id, cmd, 0, payload, len);

	if (write(fd, msg, n) != (ssize_t)n || !test_read_full(fd, raw, sizeof(raw)))
		return -1;
	vfu_header_decode(&hdr, raw);
	if (hdr.msg_id != id || (hdr.flags & VFU_FLAG_ERROR) ||
	    hdr.msg_size - VFU_HEADER_SIZE > cap)
		return -1;
	n = hdr.msg_size - VFU_HEADER_SIZE;
	return test_read_full(fd, out, n) ? (ssize_t)n : -1;
}

static uint32_t read32(int fd, uint16_t id, uint32_t region, uint64_t offset)
{
	uint8_t p[16], out[32];

	vfu_put64(p, offset);
	vfu_put32(p + 8, region);
	vfu_put32(p + 12, 4);
	if (request(fd, id, VFU_CMD_REGION_READ, p, sizeof(p), out,
		    sizeof(out)) != 20)
		return 0xdeadbeef;
	return vfu_get32(out + 16);
}

/* One control line, its answer line (newline included) into out. */
static bool control_line(int ctl, const char *line, char *out, size_t cap)
{
	ssize_t n;

	memset(out, 0, cap);
	if (write(ctl, line, strlen(line)) != (ssize_t)strlen(line))
		return false;
	n = read(ctl, out, cap - 1);
	return n > 0 && out[n - 1] == '\n';
}

/* "CARD rate-ceiling" (rate_ceiling.c) and "CARD rates" (rate_counts.c). */
static void check_rate_verbs(int ctl)
{
	uint64_t attempts[RATES_LINE_KEYS], acked[RATES_LINE_KEYS];
	char line[1024];

	/* rate-ceiling=54 on the command line is the card's "all". */
	CHECK(control_line(ctl, "card0 rate-ceiling\n", line, sizeof(line)));
	CHECK(!strcmp(line, "ok: all=54\n"));
	CHECK(control_line(ctl, "card0 rate-ceiling all off\n", line, sizeof(line)));
	CHECK(!strcmp(line, "ok: off\n"));
	CHECK(control_line(ctl, "card0 rate-ceiling 00:03:7f:e0:00:02 24\n", line,
			   sizeof(line)));
	CHECK(!strcmp(line, "ok: 00:03:7f:e0:00:02=24\n"));
	CHECK(control_line(ctl, "card0 rate-ceiling all 7\n", line, sizeof(line)));
	CHECK(!strncmp(line, "error: rate-ceiling: '7' is neither 'off' nor a rate", 52));
	CHECK(control_line(ctl, "card0 rate-ceiling\n", line, sizeof(line)));
	CHECK(!strcmp(line, "ok: 00:03:7f:e0:00:02=24\n"));
	CHECK(control_line(ctl, "card0 rates\n", line, sizeof(line)));
	line[strcspn(line, "\n")] = '\0';
	CHECK(!strncmp(line, "ok: ", 4) && rates_line_parse(line + 4, attempts, acked));
	CHECK(attempts[rates_key_index("54")] == 0 && acked[rates_key_index("1")] == 0);
	CHECK(control_line(ctl, "card0 rates now\n", line, sizeof(line)));
	CHECK(!strncmp(line, "error: rates: 'now'", 19));
	CHECK(control_line(ctl, "card0 rate-ceiling off\n", line, sizeof(line)));
	CHECK(!strcmp(line, "ok: off\n"));
}

static void test_session(const char *dir)
{
	char card[128], spec[192], control[128], answer[128] = "";
	char *argv[] = { (char *)emu, "--card", spec, "--control", control,
			 NULL };
	uint8_t version[8] = { 0 }, out[256];
	uint64_t values[STATS_LINE_KEYS];
	struct run r;
	struct stat st;
	int fd, ctl;
	ssize_t n;

	snprintf(card, sizeof(card), "%s/card0.sock", dir);
	snprintf(spec, sizeof(spec), "socket=%s,mac=00:03:7f:12:34:56,rate-ceiling=54",
		 card);
	snprintf(control, sizeof(control), "%s/control.sock", dir);
	start(&r, argv);
	CHECK(wait_output(&r, "ath5k-emu: ready\n"));

	fd = test_connect_unix(card);
	CHECK(fd >= 0);
	if (fd >= 0) {
		/* Version without capabilities, then the card's identity. */
		n = request(fd, 1, VFU_CMD_VERSION, version, 4, out, sizeof(out));
		CHECK(n >= 4 && vfu_get16(out) == 0);
		CHECK(read32(fd, 2, VFIO_PCI_CONFIG_REGION_INDEX, 0) == 0x001b168c);
		CHECK(read32(fd, 3, VFIO_PCI_BAR0_REGION_INDEX, 0x4020) == 0xa4);
	}

	ctl = test_connect_unix(control);
	CHECK(ctl >= 0);
	if (ctl >= 0 && fd >= 0) {
		/* "CARD fault ..." reaches fault.c; the guest sees it in BAR0. */
		static const char set[] = "card0 fault stuck-irq 0x2000\n";
		static const char clear[] = "card0  fault   clear\n";

		CHECK(write(ctl, set, strlen(set)) == (ssize_t)strlen(set));
		CHECK(read(ctl, answer, sizeof(answer) - 1) > 0);
		CHECK(!strncmp(answer, "ok: PISR 0x00002000", 19));
		CHECK(read32(fd, 5, VFIO_PCI_BAR0_REGION_INDEX, 0x80) & 0x2000);
		memset(answer, 0, sizeof(answer));
		CHECK(write(ctl, clear, strlen(clear)) == (ssize_t)strlen(clear));
		CHECK(read(ctl, answer, sizeof(answer) - 1) > 0);
		/* One PISR read saw the stuck cause: the fault fired once. */
		CHECK(!strcmp(answer, "ok: hits=1\n"));
		CHECK(!(read32(fd, 6, VFIO_PCI_BAR0_REGION_INDEX, 0x80) & 0x2000));
		memset(answer, 0, sizeof(answer));
	}
	if (ctl >= 0) {
		/* gpio.c's verbs: the default EEPROM's switch is pin 0, blocked at 0. */
		static const char on[] = "card0 rfkill on\n";
		static const char bad[] = "card0 gpio-in 9 1\n";

		CHECK(write(ctl, on, strlen(on)) == (ssize_t)strlen(on));
		CHECK(read(ctl, answer, sizeof(answer) - 1) > 0);
		CHECK(!strcmp(answer, "ok: pin=0 outside=0 driven=0 reads=0 polarity=0 switch=unwired radio=blocked\n"));
		memset(answer, 0, sizeof(answer));
		CHECK(write(ctl, bad, strlen(bad)) == (ssize_t)strlen(bad));
		CHECK(read(ctl, answer, sizeof(answer) - 1) > 0);
		CHECK(!strncmp(answer, "error: no GPIO pin '9'", 22));
		memset(answer, 0, sizeof(answer));
	}
	if (ctl >= 0) {
		/* "CARD noise" reaches phy_noise.c, "CARD ani" immunity.c. */
		static const char set[] = "card0 noise ofdm=500 cck=200\n";
		char line[512] = "";	/* the ani line is long */

		CHECK(write(ctl, set, strlen(set)) == (ssize_t)strlen(set));
		CHECK(read(ctl, line, sizeof(line) - 1) > 0);
		CHECK(!strcmp(line, "ok: ofdm=500 cck=200\n"));
		memset(line, 0, sizeof(line));
		CHECK(write(ctl, "card0 ani\n", 10) == 10);
		CHECK(read(ctl, line, sizeof(line) - 1) > 0);
		CHECK(!strncmp(line, "ok: noise_imm=none ", 19) &&
		      strstr(line, " noise_ofdm=500 noise_cck=200 "));
		memset(line, 0, sizeof(line));
		CHECK(write(ctl, "card0 noise loud\n", 17) == 17);
		CHECK(read(ctl, line, sizeof(line) - 1) > 0);
		CHECK(!strncmp(line, "error: noise: 'loud'", 20));
	}
	if (ctl >= 0)
		check_rate_verbs(ctl);
	if (ctl >= 0) {
		CHECK(write(ctl, "card0 kill\n", 11) == 11);
		CHECK(read(ctl, answer, sizeof(answer) - 1) > 0);
		CHECK(!strcmp(answer, "ok\n"));
	}
	if (fd >= 0) {
		CHECK(read32(fd, 7, VFIO_PCI_BAR0_REGION_INDEX, 0x4020) ==
		      0xffffffff);
		close(fd);
	}
	if (ctl >= 0) {
		memset(answer, 0, sizeof(answer));
		CHECK(write(ctl, "quit\n", 5) == 5);
		CHECK(read(ctl, answer, sizeof(answer) - 1) > 0);
		CHECK(!strcmp(answer, "ok\n"));
		close(ctl);
	}
	CHECK(finish(&r) == 0);
	CHECK(strstr(r.out, "card0: client connected") != NULL);
	CHECK(strstr(r.out, "protocol error") == NULL);
	CHECK(strstr(r.out, "card0: control: rfkill on") != NULL);
	/* Settings are logged, refusals and queries not. */
	CHECK(strstr(r.out, "card0: control: rate-ceiling 00:03:7f:e0:00:02 24\n") != NULL);
	CHECK(strstr(r.out, "card0: control: rate-ceiling off\n") != NULL);
	CHECK(strstr(r.out, "control: rate-ceiling all 7") == NULL);
	CHECK(strstr(r.out, "control: rates") == NULL);
	/* The closing stats line: the client's four BAR0 reads, no write. */
	CHECK(stats_log_line(r.out, "card0", values));
	CHECK_EQ(stats_get(values, "mmio_reads"), 4);
	CHECK_EQ(stats_get(values, "reads.PISR"), 2);
	CHECK_EQ(stats_get(values, "reads.other"), 2);
	CHECK_EQ(stats_get(values, "mmio_writes"), 0);
	CHECK(stat(card, &st) < 0 && errno == ENOENT);
	CHECK(stat(control, &st) < 0 && errno == ENOENT);
}

static void test_sigterm(const char *dir)
{
	char spec[160];
	char *argv[] = { (char *)emu, "--card", spec, NULL };
	struct run r;

	snprintf(spec, sizeof(spec), "socket=%s/sig.sock", dir);
	start(&r, argv);
	CHECK(wait_output(&r, "ath5k-emu: ready\n"));
	kill(r.pid, SIGTERM);
	CHECK(finish(&r) == 0);
}

int main(void)
{
	char dir[] = "/tmp/test_cli.XXXXXX";
	char in_use[160];

	emu = getenv("ATH5K_EMU");
	if (!emu || access(emu, X_OK) < 0) {
		fprintf(stderr, "test_cli: set ATH5K_EMU to the ath5k-emu program\n");
		return 1;
	}
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}

	expect_usage_error((char *[]){ (char *)emu, NULL }, "--card");
	expect_usage_error((char *[]){ (char *)emu, "--frobnicate", NULL },
			   "unknown option '--frobnicate'");
	expect_usage_error((char *[]){ (char *)emu, "--card", NULL },
			   "needs a value");
	expect_usage_error((char *[]){ (char *)emu, "--card", "model=ar9999",
				       NULL }, "bad --card");
	expect_usage_error((char *[]){ (char *)emu, "--card", "rate-ceiling=7", NULL },
			   "bad value '7' for rate-ceiling");
	expect_usage_error((char *[]){ (char *)emu, "--card", "mac=00:11:22:33:44:55",
				       NULL }, "socket");
	snprintf(in_use, sizeof(in_use), "socket=%s/x.sock", dir);
	expect_usage_error((char *[]){ (char *)emu, "--card", in_use, "--card",
				       in_use, NULL }, "used by two cards");
	expect_usage_error((char *[]){ (char *)emu, "--card", in_use,
				       "--air-listen", "a", "--air-connect",
				       "b", NULL }, "exclude");
	{
		struct run r;

		start(&r, (char *[]){ (char *)emu, "--help", NULL });
		CHECK(finish(&r) == 0);
		CHECK(strstr(r.out, "usage: ath5k-emu") != NULL);
	}

	test_session(dir);
	test_sigterm(dir);
	rmdir(dir);

	if (failures) {
		fprintf(stderr, "test_cli: %d check(s) failed\n", failures);
		return 1;
	}
	printf("test_cli: all checks passed\n");
	return 0;
}
