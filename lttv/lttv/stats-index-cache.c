/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-index-cache.c: the window statistics index (stats-index.c) in a
 * file of its own beside the precomputation's cache, so that a second
 * open reads it instead of counting the whole trace again.
 *
 * Written by the index's thread once it has counted the whole trace, read
 * by it before it counts, never on the main thread.  The file is in the
 * host's byte order; the deltas and open frames stay in its mapping, the
 * rest is copied.  Nothing in it is trusted: the trace's identity, a hash
 * of the whole file, and every count, number, index and time order are
 * checked before the index is used.  Layout in doc/analysis.md §6.4. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "stats-index-private.h"

#define INDEX_MAGIC "LTTVWIDX"
/* To change whenever what a count gives changes (stats.c, stats-index.c):
 * the identity and the hash cannot tell an older count. */
#define INDEX_VERSION 3u
#define BYTE_ORDER_MARK 0x01020304u
/* Leaves of one record, and CPUs of a charge, beyond which the file is
 * damaged (a window's sum allocates a record's leaves and charges up to
 * the largest). */
#define MAX_LEAVES (1u << 20)
#define MAX_CPUS (1u << 16)
/* Bytes written, or checked, between two looks at a stop and two
 * unmappings of what was read. */
#define PIECE (8u << 20)

typedef struct {
	guint32 channel;         /* offset in the string table */
	guint32 id;
} DiskType;

typedef struct {
	guint64 at, repairs, unusable, n_frames, delta_len;
} DiskDrain;

/* ---- writing ---- */

typedef struct {
	LttvStatsIndex *x;
	int fd;
	char *path, *tmp;
	GByteArray *buf;
	LttvCacheHash hash;
	gsize written;           /* since the arena's pages were last dropped */
	gboolean failed;
} Writer;

static void put(Writer *w, const void *data, gsize len)
{
	static const guint8 zeros[8] = { 0 };

	g_byte_array_append(w->buf, data, len);
	if (len % 8 != 0)
		g_byte_array_append(w->buf, zeros, 8 - len % 8);
}

static void put_u64(Writer *w, guint64 v)
{
	put(w, &v, 8);
}

/* Writes out the buffer once it holds a piece (or always when all). */
static void flush(Writer *w, gboolean all)
{
	gsize done = 0;

	if (w->failed || (!all && w->buf->len < (1u << 20)))
		return;
	lttv_cache_hash_update(&w->hash, w->buf->data, w->buf->len);
	while (done < w->buf->len) {
		ssize_t n = write(w->fd, w->buf->data + done, w->buf->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			w->failed = TRUE;
			return;
		}
		done += (gsize) n;
	}
	w->written += w->buf->len;
	g_byte_array_set_size(w->buf, 0);
	/* What was read to write it need not stay in memory. */
	if (w->written >= PIECE) {
		lttv_arena_drop_resident(w->x->arena);
		w->written = 0;
	}
	if (g_atomic_int_get(&w->x->cancel_write))
		w->failed = TRUE;
}

/* A temporary file beside the trace, else in the user's cache folder. */
static gboolean open_tmp(Writer *w, LttTrace *trace)
{
	gboolean beside;

	for (beside = TRUE; beside >= FALSE; beside--) {
		char *dir;

		w->path = lttv_window_stats_cache_path(trace, beside);
		w->tmp = g_strconcat(w->path, ".XXXXXX", NULL);
		dir = g_path_get_dirname(w->path);
		if (g_mkdir_with_parents(dir, 0700) == 0)
			w->fd = g_mkstemp(w->tmp);
		g_free(dir);
		if (w->fd >= 0)
			return TRUE;
		g_free(w->path);
		g_free(w->tmp);
		w->path = w->tmp = NULL;
	}
	return FALSE;
}

/* The header, the tables and the strings. */
static void put_head(Writer *w, const GByteArray *id)
{
	LttvStatsIndex *x = w->x;
	GString *strings = g_string_new(NULL);
	GArray *records = g_array_copy(x->records);
	guint32 version = INDEX_VERSION, mark = BYTE_ORDER_MARK;
	guint i;

	put(w, INDEX_MAGIC, 8);
	g_byte_array_append(w->buf, (const guint8 *) &version, 4);
	g_byte_array_append(w->buf, (const guint8 *) &mark, 4);
	put_u64(w, id->len);
	put(w, id->data, id->len);
	put_u64(w, x->interval);
	put_u64(w, x->drains->len);
	put_u64(w, x->records->len);
	put_u64(w, x->spans->len);
	put_u64(w, x->types->len);
	put_u64(w, x->names->len);
	{
		DiskType *types = g_new0(DiskType, MAX(x->types->len, 1));
		guint32 *names = g_new0(guint32, MAX(x->names->len, 1));

		for (i = 0; i < x->types->len; i++) {
			const LttEventType *et = g_ptr_array_index(x->types, i);
			const char *channel = ltt_event_type_channel(et);

			types[i].channel = (guint32) strings->len;
			types[i].id = ltt_event_type_id(et);
			g_string_append_len(strings, channel, (gssize) strlen(channel) + 1);
		}
		for (i = 0; i < x->names->len; i++) {
			const char *name = g_ptr_array_index(x->names, i);

			names[i] = name != NULL ? (guint32) strings->len : G_MAXUINT32;
			if (name != NULL)
				g_string_append_len(strings, name, (gssize) strlen(name) + 1);
		}
		put_u64(w, strings->len);
		put(w, types, x->types->len * sizeof(DiskType));
		put(w, names, x->names->len * sizeof(guint32));
		put(w, strings->str, strings->len);
		g_free(types);
		g_free(names);
	}
	/* A frame may end at a leaf its record had not at any checkpoint: the
	 * file's bound covers it, so that a loaded span's leaf can be checked. */
	for (i = 0; i < x->spans->len; i++) {
		const Span *sp = &g_array_index(x->spans, Span, i);

		if (sp->record != 0) {
			RecordKey *k = &g_array_index(records, RecordKey, sp->record - 1);

			k->n_leaves = MAX(k->n_leaves, sp->leaf + 1);
		}
	}
	put(w, records->data, records->len * sizeof(RecordKey));
	put(w, x->spans->data, x->spans->len * sizeof(Span));
	for (i = 0; i < x->drains->len; i++) {
		const Drain *d = &g_array_index(x->drains, Drain, i);
		DiskDrain dd = { d->at, d->repairs, d->unusable != FALSE, d->n_frames, d->delta_len };

		put(w, &dd, sizeof(dd));
	}
	g_array_unref(records);
	g_string_free(strings, TRUE);
}

void lttv_stats_index_write_file(LttvStatsIndex *x)
{
	Writer w = { x, -1, NULL, NULL, NULL, { { 0 }, 0 }, 0, FALSE };
	GByteArray *id = lttv_precompute_identity(x->reader, NULL);
	guint i;

	if (id == NULL)
		return;
	if (!open_tmp(&w, x->reader)) {
		g_byte_array_unref(id);
		return;
	}
	w.buf = g_byte_array_new();
	lttv_cache_hash_init(&w.hash);
	put_head(&w, id);
	g_byte_array_unref(id);
	for (i = 0; i < x->drains->len && !w.failed; i++) {
		const Drain *d = &g_array_index(x->drains, Drain, i);

		put(&w, d->frames, d->n_frames * sizeof(OpenFrame));
		put(&w, d->delta, d->delta_len);
		flush(&w, FALSE);
	}
	flush(&w, TRUE);
	lttv_arena_drop_resident(x->arena);
	if (!w.failed) {
		guint64 sum = lttv_cache_hash_final(&w.hash);

		/* The trailer is not part of what it covers. */
		w.failed = write(w.fd, &sum, 8) != 8;
	}
	w.failed |= close(w.fd) != 0;
	if (w.failed || g_rename(w.tmp, w.path) != 0)
		g_unlink(w.tmp);
	g_byte_array_unref(w.buf);
	g_free(w.path);
	g_free(w.tmp);
}

/* ---- reading ---- */

/* What a file gave, until it is checked whole. */
typedef struct {
	const guint8 *data;      /* the mapping */
	gsize len, pos;          /* len: without the trailer */
	gsize dropped;           /* bytes of the start unmapped since checked */
	const char *path;
	char *why;               /* set at the first problem */
	GArray *drains, *records, *spans, *groups;
	GPtrArray *types, *names;
	guint64 n_drains, n_records, n_spans, n_types, n_names;
} Loaded;

static gboolean damaged(Loaded *l, const char *what)
{
	if (l->why == NULL)
		l->why = g_strdup_printf("%s: offset %" G_GSIZE_FORMAT ": %s", l->path, l->pos, what);
	return FALSE;
}

/* n bytes (padded to 8) at the cursor; NULL when they are not there. */
static const guint8 *take(Loaded *l, guint64 n, const char *what)
{
	guint64 padded = (n + 7) & ~(guint64) 7;
	const guint8 *p;

	if (l->why != NULL || padded < n || l->len - l->pos < padded) {
		damaged(l, what);
		return NULL;
	}
	p = l->data + l->pos;
	l->pos += padded;
	return p;
}

static guint64 take_u64(Loaded *l, const char *what)
{
	const guint8 *p = take(l, 8, what);
	guint64 v = 0;

	if (p != NULL)
		memcpy(&v, p, 8);
	return v;
}

/* Unmaps the file's pages before p, checked (each touch of a written
 * file's pages maps up to a megabyte of them). */
static void drop_checked(Loaded *l, gboolean all)
{
	gsize page = (gsize) sysconf(_SC_PAGESIZE), upto = l->pos / page * page;

	if (all || upto >= l->dropped + PIECE) {
		madvise((guint8 *) l->data + l->dropped, upto - l->dropped, MADV_DONTNEED);
		l->dropped = upto;
	}
}

/* The whole file but its trailer against the trailer, a piece at a time;
 * FALSE when it differs or the thread is to stop. */
static gboolean check_hash(Loaded *l, LttvStatsIndex *x)
{
	LttvCacheHash h;
	gsize at = 0, page = (gsize) sysconf(_SC_PAGESIZE);
	guint64 sum;

	lttv_cache_hash_init(&h);
	while (at < l->len) {
		gsize n = MIN(PIECE, l->len - at);

		if (g_atomic_int_get(&x->stop))
			return FALSE;
		lttv_cache_hash_update(&h, l->data + at, n);
		at += n;
		madvise((guint8 *) l->data, at / page * page, MADV_DONTNEED);
	}
	memcpy(&sum, l->data + l->len, 8);
	if (sum != lttv_cache_hash_final(&h)) {
		l->pos = l->len;
		return damaged(l, "checksum mismatch");
	}
	return TRUE;
}

/* The header: this version, this trace, this interval. */
static gboolean read_header(Loaded *l, LttvStatsIndex *x)
{
	guint32 version, mark;
	GByteArray *id;
	const guint8 *p;
	gboolean same;

	if (memcmp(l->data, INDEX_MAGIC, 8) != 0)
		return damaged(l, "not a window statistics index");
	memcpy(&version, l->data + 8, 4);
	memcpy(&mark, l->data + 12, 4);
	l->pos = 16;
	if (version != INDEX_VERSION || mark != BYTE_ORDER_MARK)
		return damaged(l, "another version or byte order");
	id = lttv_precompute_identity(x->reader, NULL);
	if (id == NULL)
		return damaged(l, "the trace's files cannot be read");
	same = take_u64(l, "truncated") == id->len && (p = take(l, id->len, "truncated")) != NULL
	       && memcmp(p, id->data, id->len) == 0;
	g_byte_array_unref(id);
	if (!same)
		return damaged(l, "made for another version of the trace (stale)");
	if (take_u64(l, "truncated") != x->interval)
		return damaged(l, "made with another checkpoint interval (stale)");
	return TRUE;
}

/* The tables: counts within the file, event types of the trace, names and
 * numbers within their ranges. */
static gboolean read_tables(Loaded *l, LttvStatsIndex *x)
{
	const DiskType *types;
	const guint32 *names;
	const char *strings;
	const RecordKey *records;
	const Span *spans;
	guint64 strings_len, i;

	l->n_drains = take_u64(l, "truncated");
	l->n_records = take_u64(l, "truncated");
	l->n_spans = take_u64(l, "truncated");
	l->n_types = take_u64(l, "truncated");
	l->n_names = take_u64(l, "truncated");
	strings_len = take_u64(l, "truncated");
	if (l->why != NULL)
		return FALSE;
	/* Each beyond the bytes left (or a number's range) is damage. */
	if (l->n_drains > l->len / sizeof(DiskDrain) || l->n_records >= G_MAXUINT32
	    || l->n_records > l->len / sizeof(RecordKey) || l->n_spans >= G_MAXUINT32
	    || l->n_spans > l->len / sizeof(Span) || l->n_types > l->len / sizeof(DiskType) || l->n_names == 0
	    || l->n_names > l->len / sizeof(guint32) || strings_len > l->len)
		return damaged(l, "counts beyond the file");
	types = (const DiskType *) take(l, l->n_types * sizeof(DiskType), "truncated event types");
	names = (const guint32 *) take(l, l->n_names * sizeof(guint32), "truncated names");
	strings = (const char *) take(l, strings_len, "truncated string table");
	if (l->why != NULL)
		return FALSE;
	if (strings_len > 0 && strings[strings_len - 1] != '\0')
		return damaged(l, "invalid string table");
	for (i = 0; i < l->n_types; i++) {
		const LttEventType *et = types[i].channel < strings_len
		                       ? ltt_trace_event_type_lookup(x->reader, strings + types[i].channel, types[i].id)
		                       : NULL;

		if (et == NULL)
			return damaged(l, "an event type the trace does not have");
		g_ptr_array_add(l->types, (gpointer) et);
	}
	for (i = 0; i < l->n_names; i++) {
		if (names[i] != G_MAXUINT32 && names[i] >= strings_len)
			return damaged(l, "a name outside the string table");
		g_ptr_array_add(l->names, names[i] == G_MAXUINT32 ? NULL : (gpointer) g_intern_string(strings + names[i]));
	}
	records = (const RecordKey *) take(l, l->n_records * sizeof(RecordKey), "truncated records");
	spans = (const Span *) take(l, l->n_spans * sizeof(Span), "truncated spans");
	if (l->why != NULL)
		return FALSE;
	for (i = 0; i < l->n_records; i++)
		if (records[i].n_leaves > MAX_LEAVES)
			return damaged(l, "a record with too many leaves");
	g_array_append_vals(l->records, records, (guint) l->n_records);
	for (i = 0; i < l->n_spans; i++)
		if (spans[i].record > l->n_records || spans[i].delta > l->n_drains
		    || (spans[i].record != 0 && spans[i].leaf >= records[spans[i].record - 1].n_leaves))
			return damaged(l, "a frame's end outside the records");
	g_array_append_vals(l->spans, spans, (guint) l->n_spans);
	return TRUE;
}

/* A checkpoint's open frames: in order (they are searched), each with its
 * span. */
static gboolean check_frames(Loaded *l, const OpenFrame *f, guint64 n)
{
	guint64 i;

	for (i = 0; i < n; i++) {
		if (f[i].span == 0 || f[i].span > l->n_spans)
			return damaged(l, "an open frame without its end");
		if (i > 0 && lttv_open_frame_compare(&f[i - 1], &f[i]) >= 0)
			return damaged(l, "open frames out of order");
	}
	return TRUE;
}

/* A delta: records by number, leaves within their record's, modes, counts
 * by type and charges by CPU, none running past its end. */
static gboolean check_delta(Loaded *l, const guint8 *p, gsize len)
{
	const guint8 *end = p + len;

	while (p < end) {
		DeltaRecord r;
		guint32 k, c;
		guint32 bound;

		if ((gsize) (end - p) < sizeof(r))
			return damaged(l, "truncated delta");
		memcpy(&r, p, sizeof(r));
		p += sizeof(r);
		if (r.record == 0 || r.record > l->n_records || r.name >= l->n_names)
			return damaged(l, "a delta's record outside the records");
		bound = g_array_index(l->records, RecordKey, r.record - 1).n_leaves;
		for (k = 0; k < r.n_leaves; k++) {
			DeltaLeaf dl;
			const DeltaCount *dc;

			if ((gsize) (end - p) < sizeof(dl))
				return damaged(l, "truncated delta");
			memcpy(&dl, p, sizeof(dl));
			p += sizeof(dl);
			if (dl.leaf >= bound || dl.mode >= LTTV_MODE_COUNT)
				return damaged(l, "a delta's leaf outside its record");
			if (dl.n_counts > (gsize) (end - p) / sizeof(DeltaCount))
				return damaged(l, "truncated delta");
			dc = (const DeltaCount *) p;
			for (c = 0; c < dl.n_counts; c++)
				if (dc[c].type >= l->n_types)
					return damaged(l, "a count of an unknown event type");
			p += dl.n_counts * sizeof(DeltaCount);
		}
		if (r.n_charges > (gsize) (end - p) / sizeof(DeltaCharge))
			return damaged(l, "truncated delta");
		for (k = 0; k < r.n_charges; k++) {
			DeltaCharge dc;

			memcpy(&dc, p, sizeof(dc));
			p += sizeof(dc);
			if (dc.cpu >= MAX_CPUS)
				return damaged(l, "a charge on a CPU out of range");
		}
	}
	return TRUE;
}

/* The checkpoints: times increasing, repairs never decreasing, and each
 * one's frames and delta, which stay in the mapping. */
static gboolean read_drains(Loaded *l, LttvStatsIndex *x)
{
	const DiskDrain *dd = (const DiskDrain *) take(l, l->n_drains * sizeof(DiskDrain), "truncated checkpoints");
	guint64 i;

	if (dd == NULL)
		return FALSE;
	for (i = 0; i < l->n_drains; i++) {
		Drain d = { dd[i].at, dd[i].repairs, dd[i].unusable != 0, NULL, 0, NULL, 0, 0, 0 };

		if (g_atomic_int_get(&x->stop))
			return FALSE;
		if (dd[i].unusable > 1 || (i > 0 && (dd[i].at <= dd[i - 1].at || dd[i].repairs < dd[i - 1].repairs)))
			return damaged(l, "checkpoints out of order");
		if (dd[i].n_frames > (l->len - l->pos) / sizeof(OpenFrame) || dd[i].delta_len % 8 != 0
		    || dd[i].delta_len > G_MAXUINT32)
			return damaged(l, "a checkpoint beyond the file");
		d.n_frames = (guint) dd[i].n_frames;
		d.frames = (const OpenFrame *) take(l, dd[i].n_frames * sizeof(OpenFrame), "truncated open frames");
		if (d.frames == NULL || !check_frames(l, d.frames, d.n_frames))
			return FALSE;
		d.delta_len = (gsize) dd[i].delta_len;
		d.delta = take(l, dd[i].delta_len, "truncated delta");
		if (d.delta == NULL || !check_delta(l, d.delta, d.delta_len))
			return FALSE;
		if (!lttv_stats_index_group_delta(&d, l->groups))
			return damaged(l, "a delta's records out of order");
		g_array_append_val(l->drains, d);
		drop_checked(l, FALSE);
	}
	if (l->pos != l->len)
		return damaged(l, "trailing bytes");
	return TRUE;
}

/* Reads the file at path into x.  FALSE: no file (*why NULL), or why not. */
static gboolean read_path(LttvStatsIndex *x, const char *path, char **why)
{
	Loaded l = { 0 };
	int fd = g_open(path, O_RDONLY, 0);
	struct stat st;
	void *map;
	gboolean ok;

	*why = NULL;
	if (fd < 0) {
		if (errno != ENOENT)
			*why = g_strdup_printf("%s: %s", path, g_strerror(errno));
		return FALSE;
	}
	if (fstat(fd, &st) != 0 || st.st_size < 24 || st.st_size % 8 != 0) {
		close(fd);
		*why = g_strdup_printf("%s: offset 0: truncated", path);
		return FALSE;
	}
	map = mmap(NULL, (gsize) st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		*why = g_strdup_printf("%s: %s", path, g_strerror(errno));
		return FALSE;
	}
	l.data = map;
	l.len = (gsize) st.st_size - 8;
	l.path = path;
	l.drains = g_array_new(FALSE, FALSE, sizeof(Drain));
	l.records = g_array_new(FALSE, FALSE, sizeof(RecordKey));
	l.spans = g_array_new(FALSE, FALSE, sizeof(Span));
	l.groups = g_array_new(FALSE, FALSE, sizeof(guint32));
	l.types = g_ptr_array_new();
	l.names = g_ptr_array_new();
	ok = read_header(&l, x) && check_hash(&l, x) && read_tables(&l, x) && read_drains(&l, x);
	drop_checked(&l, TRUE);
	if (ok) {
		/* In place at once: x held nothing, and windows replayed until now. */
		g_mutex_lock(&x->lock);
		g_array_unref(x->drains);
		g_array_unref(x->records);
		g_array_unref(x->spans);
		g_array_unref(x->groups);
		g_ptr_array_unref(x->types);
		g_ptr_array_unref(x->names);
		x->drains = l.drains;
		x->records = l.records;
		x->spans = l.spans;
		x->groups = l.groups;
		x->types = l.types;
		x->names = l.names;
		x->map = map;
		x->map_len = (gsize) st.st_size;
		x->from_file = TRUE;
		g_mutex_unlock(&x->lock);
		return TRUE;
	}
	*why = l.why;
	g_array_unref(l.drains);
	g_array_unref(l.records);
	g_array_unref(l.spans);
	g_array_unref(l.groups);
	g_ptr_array_unref(l.types);
	g_ptr_array_unref(l.names);
	munmap(map, (gsize) st.st_size);
	return FALSE;
}

gboolean lttv_stats_index_read_file(LttvStatsIndex *x)
{
	gboolean beside;

	for (beside = TRUE; beside >= FALSE && !g_atomic_int_get(&x->stop); beside--) {
		char *path = lttv_window_stats_cache_path(x->reader, beside), *why = NULL;
		gboolean ok = read_path(x, path, &why);

		g_free(path);
		if (ok)
			return TRUE;
		if (why != NULL) {
			g_mutex_lock(&x->lock);
			if (x->warning == NULL)
				x->warning = g_strdup_printf("%s; counting again", why);
			g_mutex_unlock(&x->lock);
			g_free(why);
		}
	}
	return FALSE;
}
