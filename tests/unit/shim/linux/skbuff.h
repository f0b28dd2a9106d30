/* SPDX-License-Identifier: ISC */
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/* Unit-test stand-in for <linux/skbuff.h>: a linear buffer and its cb. */
#ifndef ATH5K_SHIM_LINUX_SKBUFF_H
#define ATH5K_SHIM_LINUX_SKBUFF_H

#include <stdlib.h>
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

static inline u16 skb_get_queue_mapping(const struct sk_buff *skb)
{
	return skb->queue_mapping;
}

#endif
