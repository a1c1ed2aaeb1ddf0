/* trace.h: a trace directory opened for reading. */
#ifndef LTT_TRACE_H
#define LTT_TRACE_H

#include <glib.h>
#include "ltt-time.h"
#include "type.h"

G_BEGIN_DECLS

typedef struct _LttTrace LttTrace;
typedef struct _LttTracefile LttTracefile;

/* What the metadata says about where and how the trace was recorded. */
typedef struct {
	guint format_major, format_minor;
	int byte_order;          /* G_LITTLE_ENDIAN or G_BIG_ENDIAN */
	guint cpu_count;
	const char *host;        /* never NULL ("" when unknown), likewise below */
	const char *os;          /* e.g. "Linux" */
	const char *kernel;      /* kernel release */
	const char *tracer;      /* producer and its version, e.g. "ltt-synth 0.1" */
	const char *clock_name;  /* e.g. "monotonic" */
	guint64 clock_freq;      /* ticks per second; 1000000000 for ns */
	gint64 clock_offset;     /* ns to add to a trace time to get wall-clock ns since the epoch */
} LttTraceInfo;

/* Opens the trace directory at path: parses the metadata, maps every channel
 * file and builds its block index (block headers only: O(blocks)).  Damaged
 * blocks do not make the open fail; they are listed in ltt_trace_warnings().
 * Fails (NULL + error naming the file, line/column or offset) when there is no
 * readable metadata or no channel file. */
LttTrace *ltt_trace_open(const char *path, GError **error);
LttTrace *ltt_trace_ref(LttTrace *trace);
void ltt_trace_unref(LttTrace *trace);
/* A second reader of an open trace, for another thread: the same files,
 * mappings, block index and event types (the same LttEventType pointers),
 * with tracefile cursors of its own, each before its first event.  Damage
 * it meets is listed in its own warnings.  It holds a reference on trace,
 * which must not be reloaded while the reader is used; the reader itself
 * cannot be reloaded. */
LttTrace *ltt_trace_new_reader(LttTrace *trace);

const char *ltt_trace_path(const LttTrace *trace);
/* Last component of the path, for display. */
const char *ltt_trace_name(const LttTrace *trace);
const LttTraceInfo *ltt_trace_info(const LttTrace *trace);
/* Any "key value" property of the metadata (also the ones LttTraceInfo
 * interprets), or NULL. */
const char *ltt_trace_property(const LttTrace *trace, const char *key);

/* Tracefiles sorted by channel name then CPU. */
guint ltt_trace_tracefile_count(const LttTrace *trace);
LttTracefile *ltt_trace_tracefile(const LttTrace *trace, guint i);
LttTracefile *ltt_trace_tracefile_find(const LttTrace *trace, const char *channel, guint cpu);

/* Time of the first and last event over all tracefiles (from block headers). */
LttTime ltt_trace_start_time(const LttTrace *trace);
LttTime ltt_trace_end_time(const LttTrace *trace);

guint ltt_trace_event_type_count(const LttTrace *trace);
const LttEventType *ltt_trace_event_type(const LttTrace *trace, guint i);
/* NULL when the metadata declares no such type (even after a reload). */
const LttEventType *ltt_trace_event_type_lookup(const LttTrace *trace, const char *channel, guint id);
/* First type with this name; channel NULL matches any channel. */
const LttEventType *ltt_trace_event_type_by_name(const LttTrace *trace, const char *channel, const char *name);

/* Reads what was appended to the metadata since it was last read (an
 * application registered new event types while tracing) and maps new blocks
 * appended to the channel files.  Existing types stay valid. */
gboolean ltt_trace_reload(LttTrace *trace, GError **error);

/* Messages about damage found while opening or reading (file, block,
 * offset), oldest first.  The reader skipped what they describe.  A few of
 * each kind are kept; the rest of a kind is one message,
 * "N more like this: TEXT" with the numbers of TEXT shown as '#'. */
guint ltt_trace_warning_count(const LttTrace *trace);
const char *ltt_trace_warning(const LttTrace *trace, guint i);
/* Adds to trace the warnings of reader (made by ltt_trace_new_reader(trace))
 * that trace does not have yet: call it once the reader is no longer in
 * use by another thread, so that damage a private reader met is reported
 * with the trace. */
void ltt_trace_take_reader_warnings(LttTrace *trace, const LttTrace *reader);

G_END_DECLS

#endif
