// SPDX-License-Identifier: GPL-2.0-or-later
// SPDX-FileCopyrightText: 2026 The LTTV authors
/*
 * ltt-buffer.c: the per-CPU buffers.  A buffer is `count` sub-buffers of one
 * block each; writers reserve space with a compare-and-swap on a free-running
 * offset (seed 004's scheme), write, then add what they wrote to the
 * sub-buffer's commit count.  The writer whose commit completes a sub-buffer
 * finalizes its block header and publishes it to the reader.  Everything a
 * writer touches is CPU-local, so an interrupt or an NMI that nests inside a
 * writer only makes the outer compare-and-swap fail and retry.
 */
#include <linux/crc32.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/vmalloc.h>

#include "ltt-tracer.h"

#define BLOCK_HEADER ((unsigned int)sizeof(struct ltt_block_header))

u64 ltt_clock(void)
{
	/* CLOCK_MONOTONIC, the clock of user-space tracers; safe in NMIs. */
	return ktime_get_mono_fast_ns();
}

static inline unsigned long sb_size(const struct ltt_buf *b)
{
	return 1UL << b->shift;
}

static inline unsigned long buf_size(const struct ltt_buf *b)
{
	return (unsigned long)b->count << b->shift;
}

static inline char *at(const struct ltt_buf *b, unsigned long pos)
{
	return b->data + (pos & (buf_size(b) - 1));
}

static inline struct ltt_subbuf *sb_of(const struct ltt_buf *b, unsigned long pos)
{
	return &b->sb[(pos >> b->shift) & (b->count - 1)];
}

static inline u64 seq_of(const struct ltt_buf *b, unsigned long pos)
{
	return b->seq_base + (pos >> b->shift);
}

unsigned int ltt_buf_block_size(const struct ltt_buf *b)
{
	return sb_size(b);
}

void ltt_block_header_init(struct ltt_block_header *h, unsigned int cpu, unsigned int size,
			   u64 seq, u64 begin, u64 lost_before)
{
	h->magic = LTT_BLOCK_MAGIC;
	h->major = LTT_FORMAT_MAJOR;
	h->minor = LTT_FORMAT_MINOR;
	h->header_size = BLOCK_HEADER;
	h->block_size = size;
	h->cpu = cpu;
	h->used = BLOCK_HEADER;
	h->sequence = seq;
	h->begin_time = begin;
	h->end_time = begin;
	h->lost_before = lost_before;
	h->event_count = 0;
	h->header_crc = 0;
}

void ltt_block_header_seal(struct ltt_block_header *h)
{
	/* zlib's crc32 is the kernel's crc32_le with both inversions. */
	h->header_crc = crc32_le(~0U, (const u8 *)h, offsetof(struct ltt_block_header, header_crc)) ^ ~0U;
}

static void wake_reader(struct irq_work *work)
{
	wake_up_interruptible(&ltt_readers);
}

struct ltt_buf *ltt_buf_new(unsigned int cpu, unsigned int subbuf_size, unsigned int count,
			    bool overwrite)
{
	struct ltt_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);

	if (!b)
		return NULL;
	b->cpu = cpu;
	b->shift = ilog2(subbuf_size);
	b->count = count;
	b->overwrite = overwrite;
	b->sb = kcalloc(count, sizeof(*b->sb), GFP_KERNEL);
	b->data = vzalloc_node((unsigned long)count * subbuf_size, cpu_to_node(cpu));
	if (!b->sb || !b->data) {
		ltt_buf_free(b);
		return NULL;
	}
	init_irq_work(&b->wakeup, wake_reader);
	return b;
}

void ltt_buf_free(struct ltt_buf *b)
{
	if (!b)
		return;
	irq_work_sync(&b->wakeup);
	vfree(b->data);
	kfree(b->sb);
	kfree(b);
}

void ltt_buf_reset(struct ltt_buf *b, u64 seq_base)
{
	unsigned int i;

	b->seq_base = seq_base;
	local_set(&b->offset, 0);
	atomic_long_set(&b->consumed, 0);
	local_set(&b->last_ts, 0);
	local_set(&b->events, 0);
	local_set(&b->lost, 0);
	local_set(&b->overwritten, 0);
	b->read_pos = 0;
	for (i = 0; i < b->count; i++) {
		local_set(&b->sb[i].commit, 0);
		local_set(&b->sb[i].events, 0);
		b->sb[i].ready = 0;
	}
}

/* Every byte of the round is committed: the block is whole.  Runs on the
 * buffer's CPU, in whatever context made the last commit. */
static void finalize(struct ltt_buf *b, unsigned long start)
{
	struct ltt_subbuf *sb = sb_of(b, start);
	struct ltt_block_header *h = (struct ltt_block_header *)at(b, start);

	h->used = sb->used;
	h->end_time = sb->end_time;
	h->event_count = local_read(&sb->events);
	local_set(&sb->events, 0);
	ltt_block_header_seal(h);
	smp_wmb();      /* the reader sees the block before it sees it ready */
	WRITE_ONCE(sb->ready, seq_of(b, start) + 1);
	irq_work_queue(&b->wakeup);
}

static void commit_bytes(struct ltt_buf *b, unsigned long pos, unsigned long n)
{
	unsigned long start = pos & ~(sb_size(b) - 1);
	unsigned long round = start >> (b->shift + ilog2(b->count));
	unsigned long c;

	barrier();      /* the bytes are written before they are counted */
	c = local_add_return(n, &sb_of(b, start)->commit);
	if (c == (round + 1) * sb_size(b))
		finalize(b, start);
}

/* May a block start at begin?  Its sub-buffer's previous round must be
 * finalized (a writer interrupted long enough may still hold it) and, in
 * discard mode, read. */
static bool may_start(const struct ltt_buf *b, unsigned long begin)
{
	if (begin >= buf_size(b)
	    && READ_ONCE(sb_of(b, begin)->ready) != seq_of(b, begin) - b->count + 1)
		return false;
	return b->overwrite || begin - atomic_long_read(&b->consumed) < buf_size(b);
}

/* Overwrite mode: the block about to be reused is the reader's oldest;
 * move the reader past it and count its events as lost. */
static void push_reader(struct ltt_buf *b, unsigned long begin)
{
	unsigned long c = atomic_long_read(&b->consumed);

	while (begin - c >= buf_size(b)) {
		if (atomic_long_cmpxchg(&b->consumed, c, c + sb_size(b)) == c) {
			u32 n = ((struct ltt_block_header *)at(b, c))->event_count;

			local_add(n, &b->lost);
			local_add(n, &b->overwritten);
		}
		c = atomic_long_read(&b->consumed);
	}
}

static void raise_last_ts(struct ltt_buf *b, u64 ts)
{
	long last;

	do {
		last = local_read(&b->last_ts);
		if ((u64)last >= ts)
			return;
	} while (local_cmpxchg(&b->last_ts, last, (long)ts) != last);
}

bool ltt_reserve(struct ltt_buf *b, u16 id, unsigned int payload, struct ltt_slot *s)
{
	unsigned long size = sb_size(b), old, off, begin, evt, next;
	unsigned int hlen, len;
	bool start, pad, ext;
	u64 ts, last;
	char *h;

	do {
		old = local_read(&b->offset);
		last = local_read(&b->last_ts);
		ts = ltt_clock();
		/* An NMI may read the fast clock slightly behind: never go back. */
		if (ts < last)
			ts = last;
		ext = payload >= 0xFFFF || ts - last >= (1ULL << 32);
		off = old & (size - 1);
		hlen = ext ? LTT_EVENT_HEADER_EXT_SIZE : LTT_EVENT_HEADER_SIZE;
		len = hlen + payload;
		start = off == 0 || off + len > size;
		pad = off != 0 && start;
		if (start) {
			/* The first event's compact time is relative to begin_time. */
			ext = payload >= 0xFFFF;
			hlen = ext ? LTT_EVENT_HEADER_EXT_SIZE : LTT_EVENT_HEADER_SIZE;
			len = hlen + payload;
			if (BLOCK_HEADER + len > size)
				goto lost;
			begin = old + (pad ? size - off : 0);
			if (!may_start(b, begin))
				goto lost;
			evt = begin + BLOCK_HEADER;
		} else {
			begin = 0;
			evt = old;
		}
		next = evt + len;
	} while (local_cmpxchg(&b->offset, old, next) != old);

	if (pad) {
		struct ltt_subbuf *o = sb_of(b, old);

		o->used = off;
		o->end_time = ts;
		commit_bytes(b, old, size - off);
	}
	if (start) {
		if (b->overwrite)
			push_reader(b, begin);
		ltt_block_header_init((struct ltt_block_header *)at(b, begin), b->cpu, size,
				      seq_of(b, begin), ts, local_read(&b->lost));
		commit_bytes(b, begin, BLOCK_HEADER);
	}
	raise_last_ts(b, ts);
	if ((next & (size - 1)) == 0) {
		/* This event fills the block exactly: it closes it. */
		sb_of(b, evt)->used = size;
		sb_of(b, evt)->end_time = ts;
	}
	h = at(b, evt);
	if (ext) {
		struct ltt_event_header_ext x = { ts, id, payload };
		struct ltt_event_header c = { 0, LTT_EVENT_ID_EXTENDED, 0 };

		memcpy(h, &c, sizeof(c));
		memcpy(h + sizeof(c), &x, sizeof(x));
	} else {
		struct ltt_event_header c = { (u32)ts, id, (u16)payload };

		memcpy(h, &c, sizeof(c));
	}
	s->buf = b;
	s->pos = evt;
	s->len = len;
	s->p = h + hlen;
	return true;
lost:
	local_inc(&b->lost);
	return false;
}

void ltt_commit(struct ltt_slot *s)
{
	local_inc(&sb_of(s->buf, s->pos)->events);
	local_inc(&s->buf->events);
	commit_bytes(s->buf, s->pos, s->len);
}

void ltt_buf_flush(struct ltt_buf *b)
{
	unsigned long size = sb_size(b), pos = local_read(&b->offset);
	unsigned long off = pos & (size - 1);

	if (off != 0) {
		struct ltt_subbuf *o = sb_of(b, pos);

		o->used = off;
		o->end_time = local_read(&b->last_ts);
		local_set(&b->offset, pos + size - off);
		commit_bytes(b, pos, size - off);
	}
	ltt_buf_tell_lost(b);
}

void ltt_buf_tell_lost(struct ltt_buf *b)
{
	unsigned long size = sb_size(b), pos = local_read(&b->offset);
	u64 lost = local_read(&b->lost), told = 0, last = local_read(&b->last_ts);

	if (pos >= size)
		told = ((struct ltt_block_header *)at(b, pos - size))->lost_before;
	/* Every sub-buffer holds a block not read yet: taking one would drop
	 * recorded events, so the reader frees one first. */
	if (lost == told || pos - atomic_long_read(&b->consumed) >= buf_size(b))
		return;
	ltt_block_header_init((struct ltt_block_header *)at(b, pos), b->cpu, size, seq_of(b, pos),
			      last, lost);
	sb_of(b, pos)->used = BLOCK_HEADER;
	sb_of(b, pos)->end_time = last;
	local_set(&b->offset, pos + size);
	commit_bytes(b, pos, size);
}

const char *ltt_buf_readable(struct ltt_buf *b, bool tracing)
{
	unsigned long c;

	/* A flight recorder's blocks are taken only once it has stopped. */
	if (b->overwrite && tracing)
		return NULL;
	c = atomic_long_read(&b->consumed);
	if (READ_ONCE(sb_of(b, c)->ready) != seq_of(b, c) + 1)
		return NULL;
	smp_rmb();
	return at(b, c);
}

void ltt_buf_consume(struct ltt_buf *b)
{
	b->read_pos = 0;
	atomic_long_add(sb_size(b), &b->consumed);
}
