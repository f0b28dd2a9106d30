// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The shared medium.  A frame sent on a frequency reaches every other
 * card tuned to it.  A unicast frame is ACKed when a receiving card owns
 * addr1.  Several emulator processes share one air over a unix
 * SOCK_SEQPACKET socket: one listens, the others connect, and the
 * listener relays between them.  Each process tells its peers which cards
 * it has (MAC, channel, receiving) so the sender can decide about the ACK
 * without a round trip.  An RTS is answered the same way, and the card
 * that owns its RA puts a CTS on the air for the others to hear.
 */
#include "air_timing.h"
#include "card_model.h"
#include "wifi_crypto.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define AIR_MAX_PEERS		16
#define AIR_MAX_REMOTE_CARDS	64
#define AIR_MAGIC		0x41354b41u	/* "AK5A" */
#define AIR_SOCKET_BUFFER	(1 << 20)	/* a few hundred frames in flight */
#define MSG_FRAME		1
#define MSG_PRESENCE		2

struct presence_entry {
	uint8_t mac[6];
	uint8_t mask[6];	/* BSSID mask: the card's other addresses */
	uint16_t freq_mhz;
	uint8_t receiving;
	uint8_t rssi;
};

struct msg_header {
	uint32_t magic;
	uint16_t type;
	uint16_t count;			/* presence entries */
};

struct frame_msg {
	struct msg_header h;
	uint16_t freq_mhz;
	uint8_t rate_code, rssi, fcs_bad, pad;
	uint16_t len;
	uint8_t data[CARD_MAX_FRAME];
};

struct presence_msg {
	struct msg_header h;
	struct presence_entry e[AIR_MAX_REMOTE_CARDS];
};

struct peer {
	int fd;
	bool presence_stale;		/* our last presence did not fit */
	unsigned int n_cards;
	struct presence_entry cards[AIR_MAX_REMOTE_CARDS];
};

/*
 * When each channel's medium (in this process) is free again, and the
 * last attempt that took it: a sender that was already waiting when that
 * attempt won the contention counted its backoff from the same idle
 * moment, so ending its backoff in the same slot means a collision.
 */
struct medium {
	uint16_t freq_mhz;
	uint64_t busy_until;		/* host µs */
	const struct card *last_sender;
	bool *last_collided;		/* the last sender's flag */
	uint64_t last_start;		/* end of its backoff */
	uint64_t last_idle_from;	/* when it began counting backoff */
};

#define AIR_MEDIA		16

struct air {
	struct card *cards;
	struct medium media[AIR_MEDIA];
	int listen_fd;
	char listen_path[108];
	struct peer peers[AIR_MAX_PEERS];
	unsigned int n_peers;
	struct presence_msg last_local;	/* what peers last heard of us */
	unsigned int last_local_count;
};

uint32_t wifi_crc32(const uint8_t *data, size_t len)
{
	return wifi_icv(data, len);
}

struct air *air_create(void)
{
	struct air *air = calloc(1, sizeof(*air));

	if (air)
		air->listen_fd = -1;
	return air;
}

void air_attach(struct air *air, struct card *card)
{
	card->air_next = air->cards;
	air->cards = card;
}

static void share_presence(struct air *air, bool force);
static void forget_sender(struct air *air, const struct card *card);

void air_detach(struct air *air, struct card *card)
{
	for (struct card **p = &air->cards; *p; p = &(*p)->air_next)
		if (*p == card) {
			*p = card->air_next;
			break;
		}
	card->air = NULL;
	forget_sender(air, card);
	share_presence(air, false);	/* peers must stop counting on its ACKs */
}

static void drop_peer(struct air *air, unsigned int i)
{
	close(air->peers[i].fd);
	air->peers[i] = air->peers[--air->n_peers];
}

void air_destroy(struct air *air)
{
	if (!air)
		return;
	while (air->n_peers)
		drop_peer(air, 0);
	if (air->listen_fd >= 0) {
		close(air->listen_fd);
		unlink(air->listen_path);
	}
	for (struct card *c = air->cards; c; c = c->air_next)
		c->air = NULL;
	free(air);
}

uint64_t air_reserve(struct air *air, const struct card *sender, uint16_t freq_mhz,
		     uint64_t now, const struct air_attempt *a, bool *collided)
{
	struct medium *m = NULL, *oldest = &air->media[0];
	uint64_t idle_from, start, end;

	for (unsigned int i = 0; i < AIR_MEDIA; i++) {
		if (air->media[i].freq_mhz == freq_mhz) {
			m = &air->media[i];
			break;
		}
		if (air->media[i].busy_until < oldest->busy_until)
			oldest = &air->media[i];
	}
	if (!m) {
		m = oldest;
		*m = (struct medium){ .freq_mhz = freq_mhz };
	}
	*collided = false;
	if (m->last_sender && m->last_sender != sender && now < m->last_start) {
		/* Contending in the same idle window as the last winner. */
		start = m->last_idle_from + a->backoff_us;
		if (start + a->slot_us > m->last_start &&
		    start < m->last_start + a->slot_us) {
			*collided = true;
			if (m->last_collided)
				*m->last_collided = true;
			end = start + a->exchange_us;
			if (end > m->busy_until)
				m->busy_until = end;
			return end;
		}
	}
	idle_from = m->busy_until > now ? m->busy_until : now;
	start = idle_from + a->backoff_us;
	m->last_sender = sender;
	m->last_collided = collided;
	m->last_start = start;
	m->last_idle_from = idle_from;
	m->busy_until = start + a->exchange_us;
	return m->busy_until;
}

void air_release(struct air *air, const struct card *sender, uint16_t freq_mhz,
		 uint64_t end, uint64_t until)
{
	for (unsigned int i = 0; i < AIR_MEDIA; i++) {
		struct medium *m = &air->media[i];

		if (m->freq_mhz == freq_mhz && m->last_sender == sender &&
		    m->busy_until == end && until < end)
			m->busy_until = until;
	}
}

/* A card leaving the air: no medium may point into it any more. */
static void forget_sender(struct air *air, const struct card *card)
{
	for (unsigned int i = 0; i < AIR_MEDIA; i++)
		if (air->media[i].last_sender == card) {
			air->media[i].last_sender = NULL;
			air->media[i].last_collided = NULL;
		}
}

/* ---- presence ----------------------------------------------------------- */

static unsigned int collect_presence(struct air *air, int except_fd,
				     struct presence_entry *out)
{
	unsigned int n = 0;

	for (struct card *c = air->cards; c && n < AIR_MAX_REMOTE_CARDS;
	     c = c->air_next) {
		memset(&out[n], 0, sizeof(out[n]));
		card_own_mac(c, out[n].mac);
		card_addr_mask(c, out[n].mask);
		out[n].freq_mhz = c->freq_mhz;
		out[n].receiving = card_is_receiving(c);
		out[n].rssi = c->rssi;
		n++;
		/* A card's virtual station: it ACKs what is sent to it. */
		if (n == AIR_MAX_REMOTE_CARDS)
			break;
		memset(&out[n], 0, sizeof(out[n]));
		if (legacy_sta_address(c, out[n].mac)) {
			memset(out[n].mask, 0xff, 6);
			out[n].freq_mhz = c->freq_mhz;
			out[n].receiving = 1;
			out[n].rssi = c->rssi;
			n++;
		}
	}
	for (unsigned int p = 0; p < air->n_peers; p++) {
		if (air->peers[p].fd == except_fd)
			continue;
		for (unsigned int i = 0; i < air->peers[p].n_cards &&
		     n < AIR_MAX_REMOTE_CARDS; i++)
			out[n++] = air->peers[p].cards[i];
	}
	return n;
}

static void send_presence(struct air *air, unsigned int p)
{
	struct presence_msg m = { .h = { AIR_MAGIC, MSG_PRESENCE, 0 } };
	unsigned int n = collect_presence(air, air->peers[p].fd, m.e);

	m.h.count = (uint16_t)n;
	air->peers[p].presence_stale = false;
	if (send(air->peers[p].fd, &m, sizeof(m.h) + n * sizeof(m.e[0]),
		 MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			air->peers[p].presence_stale = true;	/* retried later */
		else
			drop_peer(air, p);
	}
}

/* Tells peers about changes; cheap when nothing changed. */
static void share_presence(struct air *air, bool force)
{
	struct presence_msg now;
	unsigned int n;

	if (!air->n_peers)
		return;
	n = collect_presence(air, -1, now.e);
	if (!force && n == air->last_local_count &&
	    !memcmp(now.e, air->last_local.e, n * sizeof(now.e[0]))) {
		for (unsigned int p = air->n_peers; p-- > 0;)
			if (air->peers[p].presence_stale)
				send_presence(air, p);
		return;
	}
	air->last_local = now;
	air->last_local_count = n;
	for (unsigned int p = air->n_peers; p-- > 0;)
		send_presence(air, p);
}

void air_note_change(struct air *air)
{
	share_presence(air, false);
}

/* ---- frames -------------------------------------------------------------- */

void air_control_frame(struct air_frame *f, uint8_t fc0, unsigned int duration,
		       const uint8_t ra[6], const uint8_t *ta)
{
	unsigned int body = ta ? AIR_RTS_BYTES - 4 : AIR_CTS_BYTES - 4;
	uint32_t fcs;

	memset(f->data, 0, body);
	f->data[0] = fc0;
	f->data[2] = (uint8_t)duration;
	f->data[3] = (uint8_t)(duration >> 8 & 0x7f);
	memcpy(f->data + 4, ra, 6);
	if (ta)
		memcpy(f->data + 10, ta, 6);
	fcs = wifi_crc32(f->data, body);
	for (unsigned int i = 0; i < 4; i++)
		f->data[body + i] = (uint8_t)(fcs >> (8 * i));
	f->len = (uint16_t)(body + 4);
	f->fcs_bad = false;
}

static bool is_rts(const struct air_frame *f)
{
	return f->len == AIR_RTS_BYTES && f->data[0] == AIR_FC0_RTS && !f->fcs_bad;
}

/*
 * The card of this process that would answer a frame to @addr on
 * @freq_mhz (it owns the address and is listening there), or NULL.
 */
const struct card *air_card_owning(const struct air *air, const struct card *sender,
				   const uint8_t *addr, uint16_t freq_mhz)
{
	for (const struct card *c = air->cards; c; c = c->air_next) {
		uint8_t mac[6], mask[6];

		if (c == sender || c->freq_mhz != freq_mhz || !card_is_receiving(c))
			continue;
		card_own_mac(c, mac);
		card_addr_mask(c, mask);
		if (card_owns_addr(mac, mask, addr))
			return c;
	}
	return NULL;
}

/*
 * Whether c's ACK to f (at the rate c picks for it), or its CTS to an RTS
 * (at the RTS's rate), is under the ceiling c has for f's transmitter.
 */
static bool answer_passes(const struct card *c, const struct air_frame *f)
{
	if (f->len < 16)
		return true;	/* no transmitter address to answer */
	return rate_ceiling_passes(c, f->data + 10, is_rts(f) ? f->rate_code :
				   tx_ack_rate(c, f->rate_code));
}

/*
 * *answer: the card of this process that owns the RA of an RTS, which
 * owes a CTS once the RTS has reached everyone.
 */
static int deliver_local(struct air *air, const struct card *sender,
			 const struct air_frame *f, bool wants_ack,
			 struct card **answer)
{
	int ack_rssi = -1;

	for (struct card *c = air->cards; c; c = c->air_next) {
		uint8_t mac[6], mask[6];

		if (c == sender)
			continue;
		if (!c->freq_mhz || c->freq_mhz != f->freq_mhz) {
			journal_note(c, false, f, "tuned elsewhere");
			continue;
		}
		if (!card_is_receiving(c) || !rx_decodes(c, f->rate_code)) {
			/* Energy on its channel all the same */
			profile_count_frame(c, PROFILE_BUSY, f);
			journal_note(c, false, f, card_is_receiving(c) ?
				     "rate not decoded" : "not receiving");
			continue;
		}
		profile_count_frame(c, PROFILE_RX, f);
		rx_deliver(c, f);
		card_own_mac(c, mac);
		card_addr_mask(c, mask);
		if (f->fcs_bad || f->len < 10 || !card_owns_addr(mac, mask, f->data + 4))
			continue;
		/* The answer crosses the link back under c's own ceiling. */
		if (!answer_passes(c, f))
			continue;
		if (wants_ack)
			ack_rssi = c->rssi;
		if (is_rts(f) && !*answer)
			*answer = c;
	}
	/* Virtual 11b stations next to a card hear the same frame. */
	for (struct card *c = air->cards; c; c = c->air_next)
		if (c->legacy && legacy_sta_hear(c, sender, f) && wants_ack &&
		    ack_rssi < 0)
			ack_rssi = c->rssi;
	return ack_rssi;
}

/*
 * The CTS of card c to an RTS: at the RTS's rate, to its TA, the RTS's
 * duration less SIFS and the CTS itself.
 */
static void answer_rts(struct air *air, struct card *c, const struct air_frame *rts)
{
	static struct air_frame cts;
	unsigned int duration = rts->data[2] | (rts->data[3] & 0x7f) << 8;
	unsigned int spent = tx_sifs_us(rts->rate_code) +
			     tx_airtime_us(rts->rate_code, AIR_CTS_BYTES);

	air_control_frame(&cts, AIR_FC0_CTS, duration > spent ? duration - spent : 0,
			  rts->data + 10, NULL);
	cts.freq_mhz = rts->freq_mhz;
	cts.rate_code = rts->rate_code;
	cts.rssi = c->rssi;
	c->stats.cts_sent++;
	profile_count_frame(c, PROFILE_TX, &cts);
	air_transmit(air, c, &cts, false);
}

static int remote_ack_rssi(const struct air *air, const struct air_frame *f)
{
	for (unsigned int p = 0; p < air->n_peers; p++)
		for (unsigned int i = 0; i < air->peers[p].n_cards; i++) {
			const struct presence_entry *e = &air->peers[p].cards[i];

			if (e->receiving && e->freq_mhz == f->freq_mhz &&
			    card_owns_addr(e->mac, e->mask, f->data + 4))
				return e->rssi;
		}
	return -1;
}

static void relay(struct air *air, const struct air_frame *f, int except_fd)
{
	struct frame_msg m = { .h = { AIR_MAGIC, MSG_FRAME, 0 } };

	m.freq_mhz = f->freq_mhz;
	m.rate_code = f->rate_code;
	m.rssi = f->rssi;
	m.fcs_bad = f->fcs_bad;
	m.len = f->len;
	memcpy(m.data, f->data, f->len);
	for (unsigned int p = air->n_peers; p-- > 0;) {
		if (air->peers[p].fd == except_fd)
			continue;
		if (send(air->peers[p].fd, &m, offsetof(struct frame_msg, data) + f->len,
			 MSG_NOSIGNAL | MSG_DONTWAIT) < 0 && errno != EAGAIN)
			drop_peer(air, p);
	}
}

int air_transmit(struct air *air, struct card *sender,
		 const struct air_frame *f, bool wants_ack)
{
	struct card *answer = NULL;
	int ack_rssi;

	if (!f->freq_mhz)
		return -1;	/* radio never tuned */
	share_presence(air, false);
	ack_rssi = deliver_local(air, sender, f, wants_ack, &answer);
	if (air->n_peers) {
		if (wants_ack && ack_rssi < 0 && f->len >= 10)
			ack_rssi = remote_ack_rssi(air, f);
		relay(air, f, -1);
	}
	if (answer)
		answer_rts(air, answer, f);
	return wants_ack ? ack_rssi : -1;
}

/*
 * Sent from next to the card (its legacy station, a forged frame): no
 * descriptor, no backoff, no airtime, no collisions, only the card's
 * link model and the ACK the addressee's hardware gives.
 */
bool air_send_unscheduled(struct card *card, bool from_card, struct air_frame *f,
			  unsigned int len, uint8_t rate, unsigned int tries,
			  unsigned int *made)
{
	struct card *sender = from_card ? card : NULL;
	unsigned int attempt;
	bool acked = false;

	for (attempt = 0; attempt < tries && !acked; attempt++) {
		const struct card *responder;
		int ack_rssi = -1;
		uint32_t fcs;

		if (attempt)
			f->data[1] |= AIR_FC1_RETRY;
		fcs = wifi_crc32(f->data, len);
		for (unsigned int i = 0; i < 4; i++)
			f->data[len + i] = (uint8_t)(fcs >> (8 * i));
		f->len = (uint16_t)(len + 4);
		f->freq_mhz = card->freq_mhz;
		f->rate_code = rate;
		f->fcs_bad = false;
		f->rssi = link_faded_rssi(card, card->rssi);
		if (!card->air || !f->freq_mhz) {
			if (sender)
				journal_note(sender, true, f, "no air");
			break;
		}
		/* The card's own frames meet its ceilings; its station's do not. */
		if (sender && !rate_ceiling_passes(sender, f->data + 4, rate)) {
			journal_note(sender, true, f, "lost above the rate ceiling");
			continue;
		}
		if (link_attempt_survives(card, rate, f->rssi, card->cfg.loss_percent)) {
			if (sender)
				journal_note(sender, true, f, "on the air");
			ack_rssi = air_transmit(card->air, sender, f, true);
		} else if (sender) {
			journal_note(sender, true, f, "lost on the air");
		}
		if (ack_rssi < 0)
			continue;
		responder = air_card_owning(card->air, sender, f->data + 4, f->freq_mhz);
		acked = link_attempt_survives(card, tx_ack_rate(responder, rate),
					      link_faded_rssi(card, (unsigned int)ack_rssi), 0);
	}
	if (made)
		*made = attempt;
	return acked;
}

/* ---- sockets ------------------------------------------------------------- */

static int unix_address(struct sockaddr_un *sa, const char *path, char *err,
			size_t errlen)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sa->sun_path)) {
		snprintf(err, errlen, "air socket path too long: %s", path);
		return -1;
	}
	strcpy(sa->sun_path, path);
	return 0;
}

static int add_peer(struct air *air, int fd, char *err, size_t errlen)
{
	int buf = AIR_SOCKET_BUFFER;

	if (air->n_peers == AIR_MAX_PEERS) {
		snprintf(err, errlen, "air: more than %d peers", AIR_MAX_PEERS);
		close(fd);
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buf, sizeof(buf));
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buf, sizeof(buf));
	air->peers[air->n_peers++] = (struct peer){ .fd = fd };
	share_presence(air, true);
	return 0;
}

int air_listen(struct air *air, const char *path, char *err, size_t errlen)
{
	struct sockaddr_un sa;
	int fd;

	if (air->listen_fd >= 0) {
		snprintf(err, errlen, "air already listens on %s", air->listen_path);
		return -1;
	}
	if (unix_address(&sa, path, err, errlen))
		return -1;
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0) {
		snprintf(err, errlen, "air socket: %s", strerror(errno));
		return -1;
	}
	unlink(path);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) || listen(fd, 8)) {
		snprintf(err, errlen, "air listen on %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	air->listen_fd = fd;
	snprintf(air->listen_path, sizeof(air->listen_path), "%s", path);
	return 0;
}

int air_connect(struct air *air, const char *path, char *err, size_t errlen)
{
	struct sockaddr_un sa;
	int fd;

	if (unix_address(&sa, path, err, errlen))
		return -1;
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errlen, "air socket: %s", strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		snprintf(err, errlen, "air connect to %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return add_peer(air, fd, err, errlen);
}

int air_fds(const struct air *air, int *fds, int max)
{
	int n = 0;

	if (air->listen_fd >= 0 && n < max)
		fds[n++] = air->listen_fd;
	for (unsigned int p = 0; p < air->n_peers && n < max; p++)
		fds[n++] = air->peers[p].fd;
	return n;
}

static void handle_message(struct air *air, unsigned int p, const void *buf,
			   size_t len)
{
	const struct msg_header *h = buf;
	int fd = air->peers[p].fd;

	if (len < sizeof(*h) || h->magic != AIR_MAGIC)
		return;
	if (h->type == MSG_PRESENCE) {
		const struct presence_msg *m = buf;
		unsigned int n = h->count;

		if (n > AIR_MAX_REMOTE_CARDS ||
		    len != sizeof(*h) + n * sizeof(m->e[0]))
			return;
		air->peers[p].n_cards = n;
		memcpy(air->peers[p].cards, m->e, n * sizeof(m->e[0]));
		/* Others learn about this peer's cards through us. */
		for (unsigned int q = air->n_peers; q-- > 0;)
			if (air->peers[q].fd != fd)
				send_presence(air, q);
	} else if (h->type == MSG_FRAME) {
		const struct frame_msg *m = buf;
		struct card *answer = NULL;
		struct air_frame *f;

		if (len < offsetof(struct frame_msg, data) || m->len > CARD_MAX_FRAME ||
		    len != offsetof(struct frame_msg, data) + m->len)
			return;
		f = malloc(sizeof(*f));
		if (!f)
			return;
		f->freq_mhz = m->freq_mhz;
		f->rate_code = m->rate_code;
		f->rssi = m->rssi;
		f->fcs_bad = m->fcs_bad;
		f->len = m->len;
		memcpy(f->data, m->data, m->len);
		deliver_local(air, NULL, f, false, &answer);
		relay(air, f, fd);
		/* An RTS from another process: the CTS goes back to it. */
		if (answer)
			answer_rts(air, answer, f);
		free(f);
	}
}

void air_poll(struct air *air, int fd)
{
	static struct frame_msg buf;

	if (fd == air->listen_fd) {
		int peer = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
		char err[128];

		if (peer >= 0 && add_peer(air, peer, err, sizeof(err)))
			fprintf(stderr, "%s\n", err);
		return;
	}
	for (unsigned int p = 0; p < air->n_peers; p++) {
		ssize_t n;

		if (air->peers[p].fd != fd)
			continue;
		while ((n = recv(fd, &buf, sizeof(buf), MSG_DONTWAIT)) > 0) {
			handle_message(air, p, &buf, (size_t)n);
			if (p >= air->n_peers || air->peers[p].fd != fd)
				return;	/* dropped while relaying */
		}
		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK))
			drop_peer(air, p);
		share_presence(air, false);	/* retries what did not fit */
		return;
	}
}
