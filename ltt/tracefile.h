/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* tracefile.h: one channel file (one channel of one CPU) and reading it. */
#ifndef LTT_TRACEFILE_H
#define LTT_TRACEFILE_H

#include <glib.h>
#include "ltt-time.h"
#include "trace.h"

G_BEGIN_DECLS

typedef struct _LttEvent LttEvent;

/* The current event of a tracefile (ltt_tracefile_event).  Its fields are
 * public so that analyses that handle every event read them without a call
 * each; they are read-only, and the accessors of event.h return the same
 * values. */
struct _LttEvent {
	LttTracefile *tf;
	const LttEventType *type;
	const guint8 *payload;
	LttTime time;
	guint32 id;              /* per channel */
	guint32 size;            /* payload bytes */
	guint32 block;           /* index in the tracefile's block index */
	guint32 offset;          /* of the event header, from the start of the block */
	guint32 cpu;             /* the tracefile's */
};

/* An exact event position, as seed 001 describes: tracefile, block, byte
 * offset of the event header inside the block.  A plain value: copy it
 * freely; valid while the trace is open. */
typedef struct {
	LttTracefile *tracefile;
	guint32 block;          /* index in the tracefile's block index */
	guint32 offset;         /* from the start of the block */
	LttTime time;           /* the event's time, for ordering across tracefiles */
} LttEventPosition;

typedef enum {
	LTT_READ_EVENT,         /* a current event is available */
	LTT_READ_END,           /* no more events */
	LTT_READ_DAMAGED        /* error is set; the reader skipped the damage: call next again */
} LttReadStatus;

LttTrace *ltt_tracefile_trace(const LttTracefile *tf);
const char *ltt_tracefile_channel(const LttTracefile *tf);
guint ltt_tracefile_cpu(const LttTracefile *tf);
const char *ltt_tracefile_path(const LttTracefile *tf);
/* "channel_cpu", the file name. */
const char *ltt_tracefile_name(const LttTracefile *tf);
/* Index of the tracefile within its trace. */
guint ltt_tracefile_index(const LttTracefile *tf);

guint ltt_tracefile_block_count(const LttTracefile *tf);
LttTime ltt_tracefile_start_time(const LttTracefile *tf);
LttTime ltt_tracefile_end_time(const LttTracefile *tf);
/* Sum of the block headers' event counts (no event is read). */
guint64 ltt_tracefile_event_count(const LttTracefile *tf);
/* Events lost before the end of the tracefile (last block's cumulative count). */
guint64 ltt_tracefile_lost_events(const LttTracefile *tf);
/* Events lost before the block holding the current event. */
guint64 ltt_tracefile_lost_before_current(const LttTracefile *tf);
/* The time span its header gives block (an index as in LttEvent.block):
 * begin <= its first event's time, end >= its last's.  FALSE when there
 * is no such block. */
gboolean ltt_tracefile_block_span(const LttTracefile *tf, guint32 block, LttTime *begin, LttTime *end);

/* After open and after seek_begin the tracefile is before its first event:
 * next() makes the first event current.  next() makes the following event
 * current.  On LTT_READ_DAMAGED the damage is skipped (rest of the block, or
 * one event of unknown type) and the next call continues after it. */
LttReadStatus ltt_tracefile_next(LttTracefile *tf, GError **error);
/* The id and time of the event next() would make current, when it follows
 * the current one in the same block with a compact header in the host's
 * byte order and reads without damage; FALSE otherwise (nothing is said:
 * call next()).  Lets an analysis handle two events at once without
 * copying the first. */
gboolean ltt_tracefile_peek(const LttTracefile *tf, guint32 *id, LttTime *time);
/* Reads ahead: what up to max calls of next() would make current, into
 * out, as long as they read in next()'s common way (peek's conditions) in
 * the current block; the last of them is left current.  Returns how many,
 * 0 when next() must be called.  Lets an analysis that handles every event
 * take them by runs, without a call each. */
guint ltt_tracefile_next_run(LttTracefile *tf, LttEvent *out, guint max);
void ltt_tracefile_seek_begin(LttTracefile *tf);
/* Makes current the first event whose time is >= t (LTT_READ_EVENT), or
 * returns LTT_READ_END when there is none.  Binary search over the block
 * index, then a scan inside one block. */
LttReadStatus ltt_tracefile_seek_time(LttTracefile *tf, LttTime t, GError **error);
/* Makes current the event at pos, which must come from this tracefile;
 * LTT_ERROR_POSITION when pos does not designate an event. */
gboolean ltt_tracefile_seek_position(LttTracefile *tf, const LttEventPosition *pos, GError **error);

/* The current event: valid until the next call that moves this tracefile,
 * NULL when there is none. */
const LttEvent *ltt_tracefile_event(const LttTracefile *tf);

/* Orders positions: same tracefile by (block, offset); otherwise by time,
 * then trace path, then tracefile index (deterministic for equal times). */
int ltt_event_position_compare(const LttEventPosition *a, const LttEventPosition *b);

G_END_DECLS

#endif
