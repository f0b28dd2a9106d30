/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/list.h>: a circular doubly linked list. */
#ifndef ATH5K_SHIM_LINUX_LIST_H
#define ATH5K_SHIM_LINUX_LIST_H

#include <stddef.h>

#ifndef container_of
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#endif

struct list_head {
	struct list_head *next, *prev;
};

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline int list_is_last(const struct list_head *e,
			       const struct list_head *h)
{
	return e->next == h;
}

static inline int list_empty(const struct list_head *h)
{
	return h->next == h;
}

static inline void list_add_between(struct list_head *n, struct list_head *prev,
				    struct list_head *next)
{
	n->prev = prev;
	n->next = next;
	prev->next = n;
	next->prev = n;
}

static inline void list_add(struct list_head *n, struct list_head *h)
{
	list_add_between(n, h, h->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *h)
{
	list_add_between(n, h->prev, h);
}

/* Poisoned like the kernel's, so a use after list_del() crashes. */
static inline void list_del(struct list_head *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	e->next = (struct list_head *)0x100;
	e->prev = (struct list_head *)0x122;
}

static inline void list_move_tail(struct list_head *e, struct list_head *h)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	list_add_tail(e, h);
}

/* Moves every entry of @from to the end of @to and leaves @from empty. */
static inline void list_splice_tail_init(struct list_head *from,
					 struct list_head *to)
{
	if (list_empty(from))
		return;
	from->next->prev = to->prev;
	to->prev->next = from->next;
	from->prev->next = to;
	to->prev = from->prev;
	INIT_LIST_HEAD(from);
}

#define LIST_HEAD(name) struct list_head name = { &(name), &(name) }
#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(h, type, member) list_entry((h)->next, type, member)
#define list_last_entry(h, type, member) list_entry((h)->prev, type, member)
#define list_first_entry_or_null(h, type, member) \
	(list_empty(h) ? NULL : list_first_entry(h, type, member))
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, __typeof__(*(pos)), member)

#define list_for_each_entry(pos, h, member)				\
	for (pos = list_first_entry(h, __typeof__(*pos), member);	\
	     &pos->member != (h); pos = list_next_entry(pos, member))

#define list_for_each_entry_safe(pos, n, h, member)			\
	for (pos = list_first_entry(h, __typeof__(*pos), member),	\
	     n = list_next_entry(pos, member);				\
	     &pos->member != (h);					\
	     pos = n, n = list_next_entry(n, member))

#endif
