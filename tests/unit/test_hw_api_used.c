// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Every function the hardware layer's interface (src/hw.h) declares is
 * defined in src/ and used there: an interface function nobody calls is
 * dead code the module still carries and reviewers still read (issue 12
 * finding 18: get_def_antenna, rx_filter_get, txpower_max and
 * tx_triglevel_update had no caller).  Reads the sources next to this
 * file; calls from the tests do not count.
 *
 * Links:
 */
#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_SRC		(1 << 20)

static char src_dir[512];
static char *all_c;		/* every .c file of src/, concatenated */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t n;

	if (!f) {
		perror(path);
		exit(2);
	}
	buf = malloc(MAX_SRC);
	n = fread(buf, 1, MAX_SRC - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void read_sources(void)
{
	const char *slash = strrchr(__FILE__, '/');
	size_t used = 0;
	struct dirent *e;
	DIR *d;

	/* this file is tests/unit/test_hw_api_used.c */
	snprintf(src_dir, sizeof(src_dir), "%.*s/../../src",
		 slash ? (int)(slash - __FILE__) : 1, slash ? __FILE__ : ".");
	d = opendir(src_dir);
	if (!d) {
		perror(src_dir);
		exit(2);
	}
	all_c = calloc(1, 8 * MAX_SRC);
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char path[1024];
		char *text;

		if (len < 3 || strcmp(e->d_name + len - 2, ".c"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", src_dir, e->d_name);
		text = slurp(path);
		len = strlen(text);
		if (used + len + 2 > 8 * MAX_SRC)
			exit(2);
		memcpy(all_c + used, text, len);
		used += len;
		all_c[used++] = '\n';
		free(text);
	}
	closedir(d);
}

/* Whole-word occurrences of @name in @text: calls and function pointers. */
static unsigned int calls(const char *text, const char *name)
{
	size_t len = strlen(name);
	unsigned int n = 0;
	const char *p = text;

	while ((p = strstr(p, name))) {
		bool word_start = p == text ||
				  !(isalnum((unsigned char)p[-1]) || p[-1] == '_');

		if (word_start && !isalnum((unsigned char)p[len]) &&
		    p[len] != '_')
			n++;
		p += len;
	}
	return n;
}

int main(void)
{
	char path[1024], *hw_h, *line, *next;
	unsigned int declared = 0;

	read_sources();
	snprintf(path, sizeof(path), "%s/hw.h", src_dir);
	hw_h = slurp(path);

	printf("check: every function hw.h declares is defined and used\n");
	for (line = hw_h; line; line = next) {
		char name[128];
		const char *p = strstr(line, "ath5k_hw_");
		size_t len = 0;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		/* a prototype starts at column 0 with its return type */
		if (!p || !isalpha((unsigned char)line[0]) ||
		    !strncmp(line, "static", 6))
			continue;
		while (isalnum((unsigned char)p[len]) || p[len] == '_')
			len++;
		if (p[len] != '(' || len >= sizeof(name))
			continue;
		memcpy(name, p, len);
		name[len] = '\0';
		declared++;
		/* the definition is one occurrence; a user makes it two */
		if (calls(all_c, name) < 2) {
			printf("       %s: unused in src/\n", name);
			CHECK(!"a declared function without a caller");
		}
	}
	CHECK(declared > 50);
	printf("       %u functions declared\n", declared);
	free(hw_h);
	return check_done("test_hw_api_used");
}
