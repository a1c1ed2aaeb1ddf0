/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/*
 * ltt-tracer.h: the pieces of the LTT kernel trace module and how they call
 * each other.  The module writes events in the LTT format
 * (../../ltt/ltt-format.h, doc/format.md) straight into per-CPU buffers of
 * sub-buffers; each sub-buffer is one block of a channel file, so that a
 * reader (lttd, or cat) copies whole blocks to kernel_CPU unchanged.
 */
#ifndef LTT_TRACER_H
#define LTT_TRACER_H

#include <linux/types.h>
#include <linux/irq_work.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <asm/local.h>

#include "ltt-format.h"

#define LTT_TRACER_VERSION "0.1.0"

/* Event ids of channel "kernel": the state dump first, then the probes in
 * the order of ltt-probes.c's table. */
enum {
	LTT_ID_STATEDUMP_PROCESS,
	LTT_ID_STATEDUMP_IRQ,
	LTT_ID_STATEDUMP_SYSCALL,
	LTT_ID_STATEDUMP_END,
	LTT_ID_FIRST_PROBE
};

/* One sub-buffer's bookkeeping (the data itself is in ltt_buf.data). */
struct ltt_subbuf {
	local_t commit;         /* bytes committed, cumulative over the rounds */
	local_t events;         /* events committed in the current round */
	u64 end_time;           /* set by the writer whose reservation closed it */
	u32 used;               /* likewise: bytes of header and events */
	u64 ready;              /* sequence + 1 of the last round finalized */
};

/* The buffer of one CPU.  Only that CPU writes it (probes run with
 * preemption off); interrupts and NMIs nest inside a writer, which is why
 * the reservation is a compare-and-swap loop on a CPU-local word. */
struct ltt_buf {
	unsigned int cpu;
	char *data;             /* count sub-buffers of 1 << shift bytes */
	unsigned int shift;
	unsigned int count;     /* a power of two, at least 2 */
	bool overwrite;
	u64 seq_base;           /* sequence of the first sub-buffer (after the dump) */
	local_t offset;         /* free-running write position in bytes */
	atomic_long_t consumed; /* free-running read position, at a sub-buffer start */
	local_t last_ts;        /* latest timestamp handed out: times never decrease */
	local_t events;         /* events written */
	local_t lost;           /* events refused (full) or overwritten */
	local_t overwritten;    /* of which overwritten (overwrite mode) */
	struct ltt_subbuf *sb;
	unsigned int read_pos;  /* bytes of the block at consumed already read */
	struct irq_work wakeup;
};

/* A reserved slot: header written, payload to fill at p, then commit. */
struct ltt_slot {
	struct ltt_buf *buf;
	unsigned long pos;      /* position of the event header */
	unsigned int len;       /* header + payload */
	char *p;                /* payload */
};

/* ltt-buffer.c */
struct ltt_buf *ltt_buf_new(unsigned int cpu, unsigned int subbuf_size, unsigned int count,
			    bool overwrite);
void ltt_buf_free(struct ltt_buf *buf);
void ltt_buf_reset(struct ltt_buf *buf, u64 seq_base);
bool ltt_reserve(struct ltt_buf *buf, u16 id, unsigned int payload, struct ltt_slot *slot);
void ltt_commit(struct ltt_slot *slot);
/* Tracing is off and no writer is left: ends the current sub-buffer, then
 * ltt_buf_tell_lost. */
void ltt_buf_flush(struct ltt_buf *buf);
/* Tracing is off: the events lost since the last block began are told by
 * an empty block carrying the cumulative count, once a sub-buffer is free
 * for it (a full buffer waits for its reader: called again after each
 * block read); nothing when none was lost since. */
void ltt_buf_tell_lost(struct ltt_buf *buf);
/* The block a reader may take now, or NULL. */
const char *ltt_buf_readable(struct ltt_buf *buf, bool tracing);
void ltt_buf_consume(struct ltt_buf *buf);
unsigned int ltt_buf_block_size(const struct ltt_buf *buf);
void ltt_block_header_init(struct ltt_block_header *h, unsigned int cpu, unsigned int size,
			   u64 seq, u64 begin, u64 lost_before);
void ltt_block_header_seal(struct ltt_block_header *h);
u64 ltt_clock(void);

/* ltt-probes.c */
extern pid_t ltt_exclude_tgid;  /* this process's events stay out (but scheduling) */
int ltt_probes_lookup(void);
unsigned int ltt_probe_count(void);
const char *ltt_probe_name(unsigned int i);
bool ltt_probe_present(unsigned int i);
const char *ltt_probe_fields(unsigned int i);
int ltt_probes_register(const unsigned long *enabled);
void ltt_probes_unregister(void);

/* ltt-statedump.c: a snapshot of the system taken with every CPU stopped,
 * kept as ready-made blocks that lttd reads first from kernel_0. */
struct ltt_statedump {
	char *blocks;
	unsigned int count;     /* blocks */
	unsigned int size;      /* block size */
	unsigned int read;      /* blocks read so far */
	unsigned int read_pos;  /* bytes of the current block read */
	unsigned int processes; /* tasks in the snapshot */
};
extern const char ltt_statedump_fields_process[];
extern const char ltt_statedump_fields_irq[];
extern const char ltt_statedump_fields_syscall[];
/* Snapshots the system and switches *active on at the snapshot's time t0,
 * every CPU being stopped, so that no event is older than the dump and no
 * change between the two is missed. */
int ltt_statedump_take(struct ltt_statedump *d, unsigned int block_size, int *active,
		       struct ltt_buf *cpu0, u64 *t0);
void ltt_statedump_free(struct ltt_statedump *d);

/* Readers of every CPU sleep here: woken when a block is ready (from any
 * context, through the buffer's irq_work) and when tracing starts or stops. */
extern wait_queue_head_t ltt_readers;

/* ltt-session.c: the one tracing session and its settings. */
struct ltt_session {
	struct mutex lock;
	unsigned int subbuf_size, subbuf_count;
	bool overwrite;
	unsigned long *enabled;         /* bitmap over the probes */
	bool tracing;
	bool started;                   /* started once: readers may see the end */
	s64 clock_offset;
	struct ltt_buf **bufs;          /* nr_cpu_ids entries; NULL for impossible CPUs */
	struct ltt_statedump dump;
};
extern struct ltt_session ltt_session;
extern int ltt_active;
extern struct ltt_buf **ltt_bufs;
int ltt_session_init(void);
void ltt_session_exit(void);
int ltt_session_command(const char *line);
char *ltt_session_metadata(size_t *len);
char *ltt_session_stats(size_t *len);
/* Copies what CPU cpu's reader may take now; 0 when nothing is ready. */
ssize_t ltt_session_read(unsigned int cpu, char __user *ubuf, size_t count);
bool ltt_session_readable(unsigned int cpu);
/* Tracing ran and stopped: a reader that finds nothing has reached the end. */
bool ltt_session_ended(void);

/* ltt-device.c: /dev/ltt/ctl, /dev/ltt/stats, /dev/ltt/cpuN */
int ltt_device_init(void);
void ltt_device_exit(void);

#endif
