/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* writer.h: creating a trace directory.  Shared by ltt-synth, lttd, the
 * user-space tracer's drainer and the importers, so that one piece of code
 * decides what the files look like. */
#ifndef LTT_WRITER_H
#define LTT_WRITER_H

#include <glib.h>
#include "ltt-time.h"
#include "type.h"

G_BEGIN_DECLS

typedef struct _LttWriter LttWriter;
typedef struct _LttWriterChannel LttWriterChannel;

typedef struct {
	int byte_order;          /* G_LITTLE_ENDIAN, G_BIG_ENDIAN; 0 = host order */
	guint32 block_size;      /* power of two in [LTT_BLOCK_SIZE_MIN, MAX]; 0 = default */
	guint cpu_count;         /* 0 = number of online CPUs */
	const char *host;        /* NULL = this machine's (uname), likewise os and kernel */
	const char *os;
	const char *kernel;
	const char *tracer;      /* NULL = "libltt VERSION" */
	const char *clock_name;  /* NULL = "monotonic" */
	gint64 clock_offset;     /* wall-clock ns minus trace ns; 0 = unknown */
	gboolean overwrite;      /* allow a directory that already holds a trace */
} LttWriterOptions;

/* Creates dir (and parents) and writes the metadata header.  Fails when dir
 * already holds a trace unless options->overwrite. options may be NULL. */
LttWriter *ltt_writer_new(const char *dir, const LttWriterOptions *options, GError **error);

/* Adds a "key value" property line to the metadata (value is quoted and
 * escaped as needed).  Keys are [a-z0-9_.]+. */
gboolean ltt_writer_set_property(LttWriter *w, const char *key, const char *value, GError **error);

/* Declares event type (channel, id, name) whose payload fields are given in
 * the metadata grammar, e.g. "prev_pid: s32; prev_comm: string;".  May be
 * called at any time, also after events were written: the declaration is
 * appended to the metadata file at once (metadata growth).  Redeclaring the
 * same (channel, id) with the same text is accepted; a different text is an
 * error.  Returns the type (owned by the writer) or NULL with error. */
const LttEventType *ltt_writer_declare_event(LttWriter *w, const char *channel, guint id,
                                             const char *name, const char *fields, GError **error);

/* The stream of one channel on one CPU; created (file opened) on first use. */
LttWriterChannel *ltt_writer_channel(LttWriter *w, const char *channel, guint cpu, GError **error);

/* Appends one event.  t must not be earlier than the channel's previous
 * event (LTT_ERROR_INVALID otherwise).  payload is in the trace's byte order
 * (use LttPayload).  The id must have been declared for this channel. */
gboolean ltt_writer_channel_append(LttWriterChannel *ch, LttTime t, guint id,
                                   const void *payload, gsize size, GError **error);
/* Counts events the producer lost; they are reported in the next block header. */
void ltt_writer_channel_add_lost(LttWriterChannel *ch, guint64 count);
/* Ends the current block now (even if not full) and writes it: what was
 * appended so far becomes readable by a concurrent reader. */
gboolean ltt_writer_channel_flush(LttWriterChannel *ch, GError **error);

/* Flushes every channel. */
gboolean ltt_writer_flush(LttWriter *w, GError **error);
/* Flushes, closes every file, frees w (also on failure). */
gboolean ltt_writer_close(LttWriter *w, GError **error);

int ltt_writer_byte_order(const LttWriter *w);
/* The trace directory, as given to ltt_writer_new. */
const char *ltt_writer_dir(const LttWriter *w);
/* Bytes of the channel's file written so far (whole blocks): what a
 * producer that must undo an unfinished write truncates the file back to. */
guint64 ltt_writer_channel_bytes_written(const LttWriterChannel *ch);

/*
 * LttPayload: builds a payload in a given byte order.  Initialise with
 * ltt_payload_init (inline storage for small payloads, grows on the heap),
 * reset between events, clear when done.
 */
typedef struct {
	guint8 *data;
	gsize len;
	gsize cap;
	gboolean swap;
	guint8 inline_buf[256];
} LttPayload;

void ltt_payload_init(LttPayload *p, int byte_order);
void ltt_payload_reset(LttPayload *p);
void ltt_payload_clear(LttPayload *p);
void ltt_payload_put_u8(LttPayload *p, guint8 v);
void ltt_payload_put_u16(LttPayload *p, guint16 v);
void ltt_payload_put_u32(LttPayload *p, guint32 v);
void ltt_payload_put_u64(LttPayload *p, guint64 v);
#define ltt_payload_put_s8(p, v) ltt_payload_put_u8((p), (guint8) (v))
#define ltt_payload_put_s16(p, v) ltt_payload_put_u16((p), (guint16) (v))
#define ltt_payload_put_s32(p, v) ltt_payload_put_u32((p), (guint32) (v))
#define ltt_payload_put_s64(p, v) ltt_payload_put_u64((p), (guint64) (v))
/* Appends the string and its NUL. */
void ltt_payload_put_string(LttPayload *p, const char *s);
void ltt_payload_put_bytes(LttPayload *p, const void *bytes, gsize n);

G_END_DECLS

#endif
