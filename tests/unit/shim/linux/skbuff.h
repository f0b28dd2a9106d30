/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/skbuff.h>: a linear buffer and its cb. */
#ifndef ATH5K_SHIM_LINUX_SKBUFF_H
#define ATH5K_SHIM_LINUX_SKBUFF_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

struct sk_buff {
	unsigned char *head, *data;
	unsigned int len, size;
	u16 queue_mapping;
	char cb[48] __aligned(8);
};

static inline unsigned int skb_headroom(const struct sk_buff *skb)
{
	return (unsigned int)(skb->data - skb->head);
}

static inline unsigned char *skb_push(struct sk_buff *skb, unsigned int n)
{
	if (n > skb_headroom(skb))
		abort();
	skb->data -= n;
	skb->len += n;
	return skb->data;
}

static inline unsigned char *skb_pull(struct sk_buff *skb, unsigned int n)
{
	if (n > skb->len)
		return NULL;
	skb->data += n;
	skb->len -= n;
	return skb->data;
}

static inline unsigned char *skb_put(struct sk_buff *skb, unsigned int n)
{
	unsigned char *tail = skb->data + skb->len;

	if (tail + n > skb->head + skb->size)
		abort();
	skb->len += n;
	return tail;
}

static inline void skb_reserve(struct sk_buff *skb, unsigned int n)
{
	skb->data += n;
}

static inline unsigned char *skb_tail_pointer(const struct sk_buff *skb)
{
	return skb->data + skb->len;
}

static inline unsigned int skb_tailroom(const struct sk_buff *skb)
{
	return (unsigned int)(skb->head + skb->size - skb_tail_pointer(skb));
}

/* A new head with @nhead more bytes before the data and @ntail after. */
static inline int pskb_expand_head(struct sk_buff *skb, int nhead, int ntail,
				   gfp_t gfp)
{
	unsigned int size = skb->size + (unsigned int)(nhead + ntail);
	unsigned char *head = calloc(1, size);

	(void)gfp;
	if (!head)
		return -ENOMEM;
	memcpy(head + nhead, skb->head, skb->size);
	skb->data = head + nhead + skb_headroom(skb);
	free(skb->head);
	skb->head = head;
	skb->size = size;
	return 0;
}

/* Counted, so a test can see that every buffer came back. */
__attribute__((weak)) unsigned int ath5k_shim_skbs_live;

static inline struct sk_buff *__dev_alloc_skb(unsigned int len, gfp_t gfp)
{
	struct sk_buff *skb = calloc(1, sizeof(*skb));

	(void)gfp;
	if (!skb)
		return NULL;
	skb->size = len + 32;
	skb->head = calloc(1, skb->size);
	if (!skb->head) {
		free(skb);
		return NULL;
	}
	skb->data = skb->head + 32;
	skb->size = len + 32;
	ath5k_shim_skbs_live++;
	return skb;
}

static inline void dev_kfree_skb_any(struct sk_buff *skb)
{
	ath5k_shim_skbs_live--;
	free(skb->head);
	free(skb);
}

static inline u16 skb_get_queue_mapping(const struct sk_buff *skb)
{
	return skb->queue_mapping;
}

#endif
