/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * Unit-test stand-in for <linux/debugfs.h>: a table of the entries
 * created, each with its parent, its data and its show function, and
 * marked when removed.  Tests find an entry by name and read it through
 * <linux/seq_file.h>.
 */
#ifndef ATH5K_SHIM_LINUX_DEBUGFS_H
#define ATH5K_SHIM_LINUX_DEBUGFS_H

#include <string.h>
#include <linux/types.h>
#include <linux/seq_file.h>

struct file_operations {
	int (*show)(struct seq_file *s, void *unused);
};

#define DEFINE_SHOW_ATTRIBUTE(name)					\
	static const struct file_operations name##_fops = {		\
		.show = name##_show,					\
	}

#define ATH5K_SHIM_DENTRIES	16

struct dentry {
	const char *name;
	struct dentry *parent;
	void *data;
	const struct file_operations *fops;
	unsigned int mode;
	bool removed;
};

extern struct dentry ath5k_shim_dentries[ATH5K_SHIM_DENTRIES];
extern unsigned int ath5k_shim_dentries_used;

static inline struct dentry *ath5k_shim_dentry_new(const char *name,
						   struct dentry *parent)
{
	struct dentry *d = &ath5k_shim_dentries[ath5k_shim_dentries_used++];

	memset(d, 0, sizeof(*d));
	d->name = name;
	d->parent = parent;
	return d;
}

static inline struct dentry *debugfs_create_dir(const char *name,
						struct dentry *parent)
{
	return ath5k_shim_dentry_new(name, parent);
}

static inline struct dentry *
debugfs_create_file(const char *name, unsigned int mode, struct dentry *parent,
		    void *data, const struct file_operations *fops)
{
	struct dentry *d = ath5k_shim_dentry_new(name, parent);

	d->mode = mode;
	d->data = data;
	d->fops = fops;
	return d;
}

/* Removes @d and everything created under it. */
static inline void debugfs_remove_recursive(struct dentry *d)
{
	unsigned int i;

	if (!d)
		return;
	for (i = 0; i < ath5k_shim_dentries_used; i++) {
		struct dentry *e = &ath5k_shim_dentries[i];
		struct dentry *p;

		for (p = e; p; p = p->parent)
			if (p == d)
				e->removed = true;
	}
}

#endif
