/* trace-private.h: an open trace, its tracefiles and their cursors. */
#ifndef LTT_TRACE_PRIVATE_H
#define LTT_TRACE_PRIVATE_H

#include <glib.h>
#include "trace.h"
#include "tracefile.h"
#include "metadata-private.h"
#include "map-guard.h"

/* One valid block of a channel file, from its header. */
typedef struct {
	guint64 file_offset;
	guint32 number;          /* block number in the file (file_offset / block_size) */
	guint32 header_size;
	guint32 used;            /* readable bytes: the header's used, cut to the bytes present */
	guint32 event_count;
	LttTime begin, end;
	guint64 sequence;
	guint64 lost_before;
} LttBlock;

/* Allocated on a cache-line boundary (ltt_tracefile_open) with the
 * reading state first: next() and the event accessors touch two lines per
 * tracefile, which is what a merge of 1,000 tracefiles read in turn pays. */
struct _LttTracefile {
	/* Cursor.  blk == NULL: block cur is not entered yet (or cur is past
	 * the last block: the end). */
	const guint8 *blk;
	guint32 pos;             /* offset of the next event header in the block */
	guint32 used;
	LttTime prev;
	LttTime block_end;
	/* types->dense as seen by the fast path of next(); refreshed whenever
	 * the metadata is read (the vector may move). */
	const LttEventType *const *dense;
	guint32 dense_len;
	guint32 cur;
	gboolean swap;
	gboolean has_event;
	LttEvent ev;

	LttTrace *trace;
	guint index;
	char *channel;
	guint cpu;
	char *name;
	char *path;
	LttChannelTypes *types;  /* owned by the trace's metadata */

	int fd;                  /* open while indexing (headers are read with pread), else -1 */
	const guint8 *map;       /* whole file, read-only; NULL when empty */
	gsize map_size;
	LttMapGuard *guard;      /* of map: the file may shrink under it */
	gboolean cut_reported;
	gboolean metadata_checked; /* re-read for an unknown id since the block was entered */
	gpointer unknown_kind;   /* of this file's "id is not declared" warnings (trace.c) */
	guint32 block_size;      /* 0 until a valid header told it */
	gboolean order_known;
	GArray *blocks;          /* LttBlock */
	guint64 index_end;       /* file offset where indexing resumes on reload */
	guint64 event_count;
};

struct _LttTrace {
	gint ref;
	LttTrace *parent;        /* of a reader (ltt_trace_new_reader): owns the files and metadata */
	char *path;
	char *name;
	LttMetadata *md;
	GPtrArray *tracefiles;   /* LttTracefile*, by channel then CPU */
	GPtrArray *warnings;     /* char*, oldest first */
	GHashTable *warning_set; /* the same strings: a damage met twice is reported once */
	GHashTable *warning_kinds; /* pattern -> WarningKind (trace.c): repeated kinds are counted */
	gboolean summaries_stale;  /* a count changed since the warnings were last read */
	LttTime start, end;
};

/* Records a warning (takes msg) unless the same text was recorded already;
 * past a few of one kind (the same text but for its numbers), only counts
 * it, and one "N more like this" warning says how many. */
G_GNUC_INTERNAL void ltt_trace_warn(LttTrace *trace, char *msg);
/* The same, and *kind remembers msg's kind, so that a warning known to be
 * of it can be counted by ltt_trace_warn_count_only without its text:
 * TRUE when it was (enough of the kind are kept already). */
G_GNUC_INTERNAL void ltt_trace_warn_kind(LttTrace *trace, char *msg, gpointer *kind);
G_GNUC_INTERNAL gboolean ltt_trace_warn_count_only(LttTrace *trace, gpointer kind);
/* Reads new metadata statements; TRUE when the file had grown. */
G_GNUC_INTERNAL gboolean ltt_trace_reload_metadata(LttTrace *trace, GError **error);

/* tracefile.c */
G_GNUC_INTERNAL LttTracefile *ltt_tracefile_open(LttTrace *trace, const char *path, const char *name,
                                                 const char *channel, guint cpu, GError **error);
G_GNUC_INTERNAL void ltt_tracefile_free(LttTracefile *tf);
/* A cursor of its own on tf's file (mapping, index and strings borrowed),
 * for reader, before the first event. */
G_GNUC_INTERNAL LttTracefile *ltt_tracefile_new_reader(const LttTracefile *tf, LttTrace *reader);
G_GNUC_INTERNAL void ltt_tracefile_free_reader(LttTracefile *tf);
/* Maps what was appended to the file and indexes the new blocks. */
G_GNUC_INTERNAL gboolean ltt_tracefile_update(LttTracefile *tf, GError **error);
G_GNUC_INTERNAL void ltt_tracefile_refresh_types(LttTracefile *tf);

/* block-order.c: appends to tf's index the blocks of found (valid headers,
 * in file order) in sequence order, keeping the largest set whose times
 * follow each other and the index's last block; the others are reported. */
G_GNUC_INTERNAL void ltt_block_order_append(LttTracefile *tf, GArray *found);

#endif
