// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The debugfs files (src/debugfs.c) against a recording debugfs and a
 * hardware layer that counts its bus reads:
 *
 * - an "ath5k" directory under the wiphy's holds queues, registers and
 *   ani, read-only, each bound to the device;
 * - queues shows the driver's and the chip's view of every active queue;
 *   registers lists what the hardware layer reads; ani its state;
 * - with the chip stopped (INVALID) neither touches the chip;
 * - every read leaves dev->lock free; exit removes the directory and its
 *   files, and nothing of the wiphy's.
 *
 * Links: src/debugfs.c
 */
#include <stdio.h>
#include <string.h>

#include <linux/debugfs.h>

#include "ath5k.h"
#include "check.h"

struct dentry ath5k_shim_dentries[ATH5K_SHIM_DENTRIES];
unsigned int ath5k_shim_dentries_used;

/* ----- the hardware layer ------------------------------------------------ */

static unsigned int chip_reads;

unsigned int ath5k_hw_txq_pending(struct ath5k_hw *ah, unsigned int q)
{
	chip_reads++;
	return q == 1 ? 2 : 0;
}

u32 ath5k_hw_txq_get_txdp(struct ath5k_hw *ah, unsigned int q)
{
	chip_reads++;
	return q == 1 ? 0x1234 : 0;
}

int ath5k_hw_debug_reg(struct ath5k_hw *ah, unsigned int i,
		       struct ath5k_reg_value *r)
{
	static const struct ath5k_reg_value regs[] = {
		{ "CR", 0x0008, 0x4 }, { "QCU_TXE", 0x0840, 0x102 },
	};

	if (i >= ARRAY_SIZE(regs))
		return -ENOENT;
	chip_reads++;
	*r = regs[i];
	return 0;
}

/* ----- a registered device ---------------------------------------------- */

static struct ath5k_dev dev;
static struct ieee80211_hw hw;
static struct wiphy wiphy;
static struct dentry *phy_dir;

static void dev_up(void)
{
	memset(&dev, 0, sizeof(dev));
	ath5k_shim_dentries_used = 0;
	phy_dir = debugfs_create_dir("phy0", NULL);
	wiphy.debugfsdir = phy_dir;
	hw.wiphy = &wiphy;
	hw.priv = &dev;
	dev.hw = &hw;
	chip_reads = 0;
	ath5k_debugfs_init(&dev);
}

static struct dentry *entry(const char *name)
{
	unsigned int i;

	for (i = 0; i < ath5k_shim_dentries_used; i++)
		if (!strcmp(ath5k_shim_dentries[i].name, name))
			return &ath5k_shim_dentries[i];
	return NULL;
}

/* Read file @name as userspace would; the output stays in @s. */
static void read_file(const char *name, struct seq_file *s)
{
	struct dentry *d = entry(name);

	memset(s, 0, sizeof(*s));
	CHECK(d && d->fops && d->fops->show);
	if (!d || !d->fops)
		return;
	s->private = d->data;
	CHECK_EQ(d->fops->show(s, NULL), 0);
	CHECK_EQ(dev.lock.held, 0);
}

static bool has_line(const struct seq_file *s, const char *line)
{
	const char *p = s->buf;
	size_t n = strlen(line);

	while ((p = strstr(p, line))) {
		if ((p == s->buf || p[-1] == '\n') && (p[n] == '\n'))
			return true;
		p++;
	}
	printf("no line \"%s\" in:\n%s", line, s->buf);
	return false;
}

/* Read file @name with the chip stopped: it must not be touched. */
static void read_stopped(const char *name, struct seq_file *s)
{
	set_bit(ATH5K_INVALID, &dev.flags);
	chip_reads = 0;
	read_file(name, s);
	CHECK(has_line(s, "chip stopped"));
	CHECK_EQ(chip_reads, 0);
}

/* ----- tests ------------------------------------------------------------ */

static void test_layout(void)
{
	const char *files[] = { "queues", "registers", "ani" };
	struct dentry *dir;
	unsigned int i;

	printf("check: ath5k/ under the wiphy's directory holds queues, "
	       "registers and ani, read-only\n");
	dev_up();
	dir = entry("ath5k");
	CHECK(dir);
	CHECK(dir && dir->parent == phy_dir);
	CHECK(dev.debugfs == dir);
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		struct dentry *f = entry(files[i]);

		CHECK(f);
		if (!f)
			continue;
		CHECK(f->parent == dir);
		CHECK_EQ(f->mode, 0400);
		CHECK(f->data == &dev);
	}
	CHECK_EQ(chip_reads, 0);

	printf("check: exit removes the directory and its files only\n");
	ath5k_debugfs_exit(&dev);
	CHECK(dev.debugfs == NULL);
	for (i = 0; i < ath5k_shim_dentries_used; i++)
		CHECK_EQ(ath5k_shim_dentries[i].removed,
			 &ath5k_shim_dentries[i] != phy_dir);
}

static void test_queues(void)
{
	struct seq_file s;

	printf("check: queues shows the driver's and the chip's view\n");
	dev_up();
	dev.txbuf_free_len = 190;
	dev.txqs[1].active = true;
	dev.txqs[1].fill.pending = 3;
	dev.txqs[1].fill.descs = 4;
	dev.txqs[1].txdp_pending = true;
	dev.txqs[ATH5K_TXQ_CAB].active = true;
	read_file("queues", &s);
	CHECK(has_line(&s, "queue 1: pending 3 descs 4 waiting-for-txdp "
		       "| chip pending 2 txdp 0x00001234"));
	CHECK(has_line(&s, "queue 8: pending 0 descs 0 "
		       "| chip pending 0 txdp 0x00000000"));
	CHECK(!strstr(s.buf, "queue 0:"));
	CHECK(strstr(s.buf, "free descriptors: 190 of"));
	CHECK_EQ(chip_reads, 4);

	printf("check: with the chip stopped, queues does not touch it\n");
	read_stopped("queues", &s);
	CHECK(has_line(&s, "queue 1: pending 3 descs 4 waiting-for-txdp"));
	ath5k_debugfs_exit(&dev);
}

static void test_registers(void)
{
	struct seq_file s;

	printf("check: registers lists what the hardware layer reads\n");
	dev_up();
	read_file("registers", &s);
	CHECK(has_line(&s, "CR         0x0008 0x00000004"));
	CHECK(has_line(&s, "QCU_TXE    0x0840 0x00000102"));
	CHECK_EQ(chip_reads, 2);

	printf("check: with the chip stopped, registers does not touch it\n");
	read_stopped("registers", &s);
	ath5k_debugfs_exit(&dev);
}

static void test_ani(void)
{
	struct ath5k_ani *ani = &dev.ah.ani;
	struct seq_file s;

	printf("check: ani shows levels, weak-signal switches and errors\n");
	dev_up();
	dev.ani_mode = ATH5K_ANI_AUTO;
	ani->mode = ATH5K_ANI_AUTO;
	ani->noise_imm = 1;
	ani->spur = 2;
	ani->max_spur = 7;
	ani->firstep = 1;
	ani->ofdm_weak = true;
	ani->phyerr_rx = true;
	ani->listen_ms = 480;
	ani->ofdm_errors = 31;
	ani->cck_errors = 7;
	ani->sum_ofdm_errors = 1000;
	ani->sum_cck_errors = 99;
	read_file("ani", &s);
	CHECK(has_line(&s, "noise immunity: 1 of 1"));
	CHECK(has_line(&s, "spur immunity: 2 of 7"));
	CHECK(has_line(&s, "firstep: 1 of 2"));
	CHECK(has_line(&s, "OFDM weak signal: on"));
	CHECK(has_line(&s, "CCK weak signal: off"));
	CHECK(has_line(&s, "PHY errors from: RX"));
	CHECK(has_line(&s, "listen time: 480 ms"));
	CHECK(has_line(&s, "errors this period: OFDM 31 CCK 7"));
	CHECK(has_line(&s, "errors in all: OFDM 1000 CCK 99"));
	CHECK_EQ(chip_reads, 0);
	ath5k_debugfs_exit(&dev);
}

int main(void)
{
	test_layout();
	test_queues();
	test_registers();
	test_ani();
	return check_done("test_debugfs");
}
