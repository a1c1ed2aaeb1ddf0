/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* precompute-cache.c: the precomputation's results in a file next to the
 * trace (or under $XDG_CACHE_HOME/lttv/ when the trace's folder cannot be
 * written), so that a second open maps them instead of redoing the pass.
 *
 * The file is in the host's byte order and laid out as memory holds the
 * results (the interval chunks, the serialized checkpoints), so that
 * loading is a mapping, a hash and a check of every count, index and time
 * order; nothing in it is trusted.  Layout in doc/analysis.md §6.5. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "precompute-private.h"
#include "checkpoint-private.h"
#include "intervals-private.h"

#define CACHE_MAGIC "LTTVPREC"
/* 2: checkpoint states list their present CPUs (checkpoint-cache.c).  3:
 * and the time of each one's latest event; interrupt vectors are IRQ
 * frames.  4: each entity's chunk summaries follow its chunks
 * (intervals-summary.c), so that a reopen need not read every change
 * again to make them.
 * 5: the event marks (the event index's places, precompute-marks.c) after
 * the checkpoints.  6: a CPU's chunk summaries count its longest state by
 * what it executes, whatever the task (lttv_entity_share_key).  7: its
 * checkpoints' states know the tasks that only a charge named
 * (checkpoint-cache.c's version 4). */
#define CACHE_VERSION 7u
#define BYTE_ORDER_MARK 0x01020304u
#define CACHE_NAME ".lttv-precompute-cache"
/* Bounds no real trace reaches: beyond, the file is damaged. */
#define MAX_ID (1 << 22)

/* An entity as the file holds it. */
typedef struct {
	guint32 kind;
	gint32 id, tgid, ppid;
	guint32 cpu;
	guint32 name;            /* offset in the string table, G_MAXUINT32: NULL */
	guint64 birth, first, last;
	guint64 n;               /* changes, in ceil(n / LTTV_INTERVAL_CHUNK) chunks */
} DiskEntity;

typedef LttvCacheHash CacheHash;

#define HASH_PRIME G_GUINT64_CONSTANT(0x9E3779B97F4A7C15)

static void hash_init(CacheHash *h)
{
	h->lane[0] = 1;
	h->lane[1] = 2;
	h->lane[2] = 3;
	h->lane[3] = 4;
	h->words = 0;
}

static inline void hash_word(guint64 *l, const guint8 *data)
{
	guint64 w;

	memcpy(&w, data, 8);
	*l = (*l ^ w) * HASH_PRIME;
	*l ^= *l >> 29;
}

/* len: a multiple of 8.  Word i of the whole stream goes to lane i % 4;
 * the four lanes are independent, so they run in parallel. */
static void hash_update(CacheHash *h, const guint8 *data, gsize len)
{
	gsize i = 0, n = len / 8;
	guint64 l0, l1, l2, l3;

	for (; i < n && ((h->words + i) & 3) != 0; i++)
		hash_word(&h->lane[(h->words + i) & 3], data + i * 8);
	l0 = h->lane[0];
	l1 = h->lane[1];
	l2 = h->lane[2];
	l3 = h->lane[3];
	for (; i + 4 <= n; i += 4) {
		hash_word(&l0, data + i * 8);
		hash_word(&l1, data + i * 8 + 8);
		hash_word(&l2, data + i * 8 + 16);
		hash_word(&l3, data + i * 8 + 24);
	}
	h->lane[0] = l0;
	h->lane[1] = l1;
	h->lane[2] = l2;
	h->lane[3] = l3;
	for (; i < n; i++)
		hash_word(&h->lane[(h->words + i) & 3], data + i * 8);
	h->words += n;
}

static guint64 hash_final(const CacheHash *h)
{
	return (h->lane[0] * 3) ^ (h->lane[1] * 5) ^ (h->lane[2] * 7) ^ (h->lane[3] * 11) ^ h->words;
}

void lttv_cache_hash_init(LttvCacheHash *h)
{
	hash_init(h);
}

void lttv_cache_hash_update(LttvCacheHash *h, const guint8 *data, gsize len)
{
	hash_update(h, data, len);
}

guint64 lttv_cache_hash_final(const LttvCacheHash *h)
{
	return hash_final(h);
}

/* The trace's identity: its files (names, sizes, times), its time span and
 * a hash of its metadata. */
static GByteArray *identity(LttTrace *trace, GError **error)
{
	GByteArray *b = g_byte_array_new();
	char *meta = g_build_filename(ltt_trace_path(trace), LTT_METADATA_FILE, NULL);
	gchar *contents = NULL;
	gsize len = 0;
	guint64 span[2] = { ltt_trace_start_time(trace), ltt_trace_end_time(trace) };

	if (!lttv_trace_identity(b, trace, error) || !g_file_get_contents(meta, &contents, &len, error)) {
		g_byte_array_unref(b);
		g_free(meta);
		return NULL;
	}
	g_byte_array_append(b, (const guint8 *) span, sizeof(span));
	{
		GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
		guint8 digest[32];
		gsize dlen = sizeof(digest);

		g_checksum_update(sum, (const guint8 *) contents, len);
		g_checksum_get_digest(sum, digest, &dlen);
		g_checksum_free(sum);
		g_byte_array_append(b, digest, sizeof(digest));
	}
	while (b->len % 8 != 0)
		g_byte_array_append(b, (const guint8 *) "", 1);
	g_free(contents);
	g_free(meta);
	return b;
}

GByteArray *lttv_precompute_identity(LttTrace *trace, GError **error)
{
	return identity(trace, error);
}

/* beside: TRACE/name, else $XDG_CACHE_HOME/lttv/SHA256(absolute trace
 * path).suffix */
static char *cache_path(LttTrace *trace, gboolean beside, const char *name, const char *suffix)
{
	char *abs, *sum, *dir, *path;

	if (beside)
		return g_build_filename(ltt_trace_path(trace), name, NULL);
	abs = g_canonicalize_filename(ltt_trace_path(trace), NULL);
	sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, abs, -1);
	dir = g_build_filename(g_get_user_cache_dir(), "lttv", NULL);
	path = g_strdup_printf("%s/%s.%s", dir, sum, suffix);
	g_free(dir);
	g_free(sum);
	g_free(abs);
	return path;
}

char *lttv_precompute_cache_path(LttTrace *trace, gboolean beside)
{
	return cache_path(trace, beside, CACHE_NAME, "precompute");
}

char *lttv_window_stats_cache_path(LttTrace *trace, gboolean beside)
{
	return cache_path(trace, beside, ".lttv-window-stats-cache", "window-stats");
}

/* Writing, a piece per step: everything goes through a buffer, each item
 * padded to 8 bytes. */
#define FLUSH_SIZE (1u << 20)

struct _LttvCacheWriter {
	const LttvIntervalStore *store;
	const LttvCompactCheckpoints *cps;
	const LttvEventMarks *marks;
	guint n_tracefiles;
	char *path, *tmp;
	int fd;
	GByteArray *buf;
	CacheHash hash;
	guint entity;            /* next entity whose chunks to write */
	guint chunk;             /* next chunk of it */
	guint checkpoint;        /* next checkpoint to write */
	gboolean headed;         /* the checkpoints' header is written */
	guint64 mark;            /* next event mark to write */
	gboolean marks_headed;
};

static void emit(LttvCacheWriter *w, const void *data, gsize len)
{
	static const guint8 zeros[8] = { 0 };

	g_byte_array_append(w->buf, data, len);
	if (len % 8 != 0)
		g_byte_array_append(w->buf, zeros, 8 - len % 8);
}

static void emit_u64(LttvCacheWriter *w, guint64 v)
{
	emit(w, &v, 8);
}

static gboolean flush(LttvCacheWriter *w, GError **error)
{
	gsize done = 0;

	hash_update(&w->hash, w->buf->data, w->buf->len);
	while (done < w->buf->len) {
		ssize_t n = write(w->fd, w->buf->data + done, w->buf->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			g_set_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_IO, "%s: %s", w->tmp,
			            n < 0 ? g_strerror(errno) : "short write");
			return FALSE;
		}
		done += (gsize) n;
	}
	g_byte_array_set_size(w->buf, 0);
	/* What was read to write it need not stay in memory. */
	lttv_arena_drop_resident(w->store->arena);
	lttv_arena_drop_resident(lttv_compact_checkpoints_arena(w->cps));
	return TRUE;
}

void lttv_cache_writer_free(LttvCacheWriter *w)
{
	if (w == NULL)
		return;
	if (w->fd >= 0) {
		close(w->fd);
		g_unlink(w->tmp);
	}
	g_byte_array_unref(w->buf);
	g_free(w->tmp);
	g_free(w->path);
	g_free(w);
}

/* A temporary file beside the trace, else in the user's cache folder. */
static gboolean open_tmp(LttvCacheWriter *w, LttTrace *trace, GError **error)
{
	gboolean beside;

	for (beside = TRUE; beside >= FALSE; beside--) {
		char *dir;

		w->path = lttv_precompute_cache_path(trace, beside);
		w->tmp = g_strconcat(w->path, ".XXXXXX", NULL);
		dir = g_path_get_dirname(w->path);
		if (g_mkdir_with_parents(dir, 0700) == 0)
			w->fd = g_mkstemp(w->tmp);
		g_free(dir);
		if (w->fd >= 0)
			return TRUE;
		if (!beside)
			g_set_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_IO, "%s: %s", w->tmp, g_strerror(errno));
		g_free(w->path);
		g_free(w->tmp);
		w->path = w->tmp = NULL;
	}
	return FALSE;
}

LttvCacheWriter *lttv_cache_writer_new(LttTrace *trace, const LttvIntervalStore *store,
                                       const LttvCompactCheckpoints *cps, const LttvEventMarks *marks,
                                       guint64 events, GError **error)
{
	LttvCacheWriter *w = g_new0(LttvCacheWriter, 1);
	GByteArray *id = identity(trace, error);
	GString *strings = g_string_new(NULL);
	guint32 version = CACHE_VERSION, mark = BYTE_ORDER_MARK;
	guint e;

	w->store = store;
	w->cps = cps;
	w->marks = marks;
	w->n_tracefiles = ltt_trace_tracefile_count(trace);
	w->fd = -1;
	w->buf = g_byte_array_new();
	hash_init(&w->hash);
	if (id == NULL || !open_tmp(w, trace, error)) {
		if (id != NULL)
			g_byte_array_unref(id);
		g_string_free(strings, TRUE);
		lttv_cache_writer_free(w);
		return NULL;
	}
	emit(w, CACHE_MAGIC, 8);
	g_byte_array_append(w->buf, (const guint8 *) &version, 4);
	g_byte_array_append(w->buf, (const guint8 *) &mark, 4);
	emit_u64(w, id->len);
	emit(w, id->data, id->len);
	g_byte_array_unref(id);
	emit_u64(w, store->entities->len);
	emit_u64(w, store->reached);
	emit_u64(w, events);
	for (e = 0; e < store->entities->len; e++) {
		const LttvEntityRecord *rec = g_ptr_array_index(store->entities, e);
		DiskEntity d = { rec->info.kind, rec->info.id, rec->info.tgid, rec->info.ppid, rec->info.cpu, G_MAXUINT32,
		                 rec->info.birth, rec->info.first, rec->info.last, rec->n };

		if (rec->info.name != NULL) {
			d.name = (guint32) strings->len;
			g_string_append_len(strings, rec->info.name, (gssize) strlen(rec->info.name) + 1);
		}
		emit(w, &d, sizeof(d));
	}
	emit_u64(w, strings->len);
	emit(w, strings->str, strings->len);
	g_string_free(strings, TRUE);
	return w;
}

gboolean lttv_cache_writer_step(LttvCacheWriter *w, gint64 deadline, gboolean *finished, GError **error)
{
	guint ncp = lttv_compact_checkpoints_count(w->cps), i;

	*finished = FALSE;
	while (w->entity < w->store->entities->len) {
		const LttvEntityRecord *rec = g_ptr_array_index(w->store->entities, w->entity);
		guint chunks = (rec->n + LTTV_INTERVAL_CHUNK - 1) / LTTV_INTERVAL_CHUNK;

		/* A busy CPU has megabytes of changes: look at the clock between
		 * pieces of it. */
		while (w->chunk < chunks && w->buf->len < FLUSH_SIZE)
			emit(w, rec->chunks[w->chunk++], sizeof(LttvIntervalChunk));
		if (w->chunk == chunks) {
			emit(w, rec->summaries, lttv_summaries_due(rec->n) * sizeof(LttvChunkSummary));
			w->entity++;
			w->chunk = 0;
		}
		if (w->buf->len >= FLUSH_SIZE && !flush(w, error))
			return FALSE;
		if (g_get_monotonic_time() >= deadline)
			return TRUE;
	}
	if (!w->headed) {
		w->headed = TRUE;
		emit_u64(w, lttv_compact_checkpoints_interval(w->cps));
		emit_u64(w, w->n_tracefiles);
		emit_u64(w, ncp);
	}
	while (w->checkpoint < ncp) {
		const LttvCompactCheckpoint *cp = lttv_compact_checkpoints_get(w->cps, w->checkpoint++);

		emit_u64(w, cp->time);
		emit_u64(w, cp->state_len);
		for (i = 0; i < w->n_tracefiles; i++) {
			emit_u64(w, cp->has_last[i]);
			emit_u64(w, cp->last[i].block);
			emit_u64(w, cp->last[i].offset);
			emit_u64(w, cp->last[i].time);
		}
		emit(w, cp->state, cp->state_len);
		if (w->buf->len >= FLUSH_SIZE && !flush(w, error))
			return FALSE;
		if (g_get_monotonic_time() >= deadline)
			return TRUE;
	}
	if (!w->marks_headed) {
		w->marks_headed = TRUE;
		emit_u64(w, lttv_event_marks_interval(w->marks));
		emit_u64(w, lttv_event_marks_tracefiles(w->marks));
		emit_u64(w, lttv_event_marks_count(w->marks));
	}
	while (w->mark < lttv_event_marks_count(w->marks)) {
		emit(w, lttv_event_marks_get(w->marks, w->mark++),
		     lttv_event_marks_tracefiles(w->marks) * sizeof(LttvMarkPlace));
		if (w->buf->len >= FLUSH_SIZE && !flush(w, error))
			return FALSE;
		if (g_get_monotonic_time() >= deadline)
			return TRUE;
	}
	if (!flush(w, error))
		return FALSE;
	{
		guint64 sum = hash_final(&w->hash);

		g_byte_array_append(w->buf, (const guint8 *) &sum, 8);
		/* The trailer is not part of what it covers. */
		if (write(w->fd, w->buf->data, 8) != 8 || close(w->fd) != 0) {
			g_set_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_IO, "%s: %s", w->tmp, g_strerror(errno));
			w->fd = -1;
			g_unlink(w->tmp);
			return FALSE;
		}
	}
	w->fd = -1;
	if (g_rename(w->tmp, w->path) != 0) {
		g_set_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_IO, "%s: %s", w->path, g_strerror(errno));
		g_unlink(w->tmp);
		return FALSE;
	}
	*finished = TRUE;
	return TRUE;
}

/* Reading: a cursor over the mapping that refuses to run past its end. */
typedef struct {
	const guint8 *data;
	gsize len, pos;
	gboolean bad;
	const char *path;
	GError **error;
} CacheReader;

static gboolean damaged(CacheReader *r, const char *what)
{
	if (!r->bad)
		g_set_error(r->error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_CACHE, "%s: offset %" G_GSIZE_FORMAT ": %s",
		            r->path, r->pos, what);
	r->bad = TRUE;
	return FALSE;
}

/* n bytes (padded to 8) from the cursor, NULL when they are not there. */
static const guint8 *take(CacheReader *r, gsize n, const char *what)
{
	gsize padded = (n + 7) & ~(gsize) 7;
	const guint8 *p;

	if (r->bad || padded < n || r->len - r->pos < padded) {
		damaged(r, what);
		return NULL;
	}
	p = r->data + r->pos;
	r->pos += padded;
	return p;
}

static guint64 take_u64(CacheReader *r, const char *what)
{
	const guint8 *p = take(r, 8, what);
	guint64 v = 0;

	if (p != NULL)
		memcpy(&v, p, 8);
	return v;
}

/* Checks and adopts an entity whose chunks start at the cursor; its
 * changes are checked afterwards (check_chunks).  NULL when invalid. */
static LttvEntityRecord *load_entity(CacheReader *r, LttvIntervalStore *store, const DiskEntity *d,
                                     const char *strings, gsize strings_len)
{
	guint64 chunks = (d->n + LTTV_INTERVAL_CHUNK - 1) / LTTV_INTERVAL_CHUNK, c;
	guint summaries;
	LttvIntervalEntity e;
	LttvEntityRecord *rec;
	const guint8 *data;

	if (d->kind > LTTV_ENTITY_SOFTIRQ || d->id < 0 || d->id >= MAX_ID || d->cpu >= MAX_ID || d->n == 0
	    || d->n > G_MAXUINT32 || (d->name != G_MAXUINT32 && (d->name >= strings_len || d->kind != LTTV_ENTITY_PROCESS))
	    || (d->name == G_MAXUINT32 && d->kind == LTTV_ENTITY_PROCESS) || d->last < d->first) {
		damaged(r, "invalid entity");
		return NULL;
	}
	if (chunks > (r->len - r->pos) / sizeof(LttvIntervalChunk)) {
		damaged(r, "truncated changes");
		return NULL;
	}
	data = take(r, chunks * sizeof(LttvIntervalChunk), "truncated changes");
	summaries = lttv_summaries_due((guint) d->n);
	if (summaries > (r->len - r->pos) / sizeof(LttvChunkSummary)) {
		damaged(r, "truncated chunk summaries");
		return NULL;
	}
	e = lttv_intervals_add(store, d->kind, d->id, d->cpu, d->first);
	rec = lttv_intervals_record(store, e);
	rec->info.tgid = d->tgid;
	rec->info.ppid = d->ppid;
	rec->info.birth = d->birth;
	rec->info.last = d->last;
	rec->info.name = d->name != G_MAXUINT32 ? g_intern_string(strings + d->name) : NULL;
	rec->chunks = g_new(LttvIntervalChunk *, chunks);
	rec->n_chunks = rec->chunks_capacity = (guint) chunks;
	for (c = 0; c < chunks; c++)
		rec->chunks[c] = (LttvIntervalChunk *) (data + c * sizeof(LttvIntervalChunk));
	rec->n = (guint) d->n;
	/* Copied to the heap, 24 bytes a chunk: they are what redraws read. */
	rec->summaries = g_memdup2(take(r, summaries * sizeof(LttvChunkSummary), "truncated chunk summaries"),
	                           summaries * sizeof(LttvChunkSummary));
	rec->n_summaries = rec->summaries_capacity = summaries;
	rec->last_value = lttv_entity_value(rec, rec->n - 1);
	rec->last_time = lttv_entity_time(rec, rec->n - 1);
	store->changes += d->n;
	if (lttv_entity_time(rec, 0) != d->first) {
		damaged(r, "entity's first change is not its start");
		return NULL;
	}
	return rec;
}

/* Chunks [c0, c1) of rec: hashed and checked for time order, each while
 * it is in cache.  FALSE when out of order. */
static gboolean check_chunks(CacheReader *r, const LttvEntityRecord *rec, guint c0, guint c1, CacheHash *hash)
{
	guint c, k;

	for (c = c0; c < c1; c++) {
		const guint64 *times = rec->chunks[c]->times;
		guint64 prev = c > 0 ? rec->chunks[c - 1]->times[LTTV_INTERVAL_CHUNK - 1] : times[0];
		guint in_chunk = MIN(rec->n - c * LTTV_INTERVAL_CHUNK, LTTV_INTERVAL_CHUNK);
		gboolean disorder = FALSE;

		for (k = 0; k < in_chunk; k++) {
			disorder |= times[k] < prev;
			prev = times[k];
		}
		if (disorder)
			return damaged(r, "changes out of time order");
		hash_update(hash, (const guint8 *) rec->chunks[c], sizeof(LttvIntervalChunk));
	}
	return TRUE;
}

/* The summaries of rec, after its chunks: each spans its chunk, from its
 * first change to the next chunk's (a query searches them by time).  Their
 * values are unpacked with the checks of any value. */
static gboolean check_summaries(CacheReader *r, const LttvEntityRecord *rec, CacheHash *hash)
{
	guint c;

	for (c = 0; c < rec->n_summaries; c++)
		if (rec->summaries[c].start != rec->chunks[c]->times[0] || rec->summaries[c].end != rec->chunks[c + 1]->times[0])
			return damaged(r, "chunk summary does not span its chunk");
	hash_update(hash, (const guint8 *) rec->summaries, rec->n_summaries * sizeof(LttvChunkSummary));
	return TRUE;
}

static void load_checkpoints(CacheReader *r, LttTrace *trace, LttvCompactCheckpoints **cps_out)
{
	guint64 interval = take_u64(r, "truncated"), n_tf = take_u64(r, "truncated"), count = take_u64(r, "truncated");
	guint ntf = ltt_trace_tracefile_count(trace), i, j;
	LttEventPosition *last = g_new0(LttEventPosition, ntf);
	gboolean *has_last = g_new0(gboolean, ntf);
	LttvCompactCheckpoints *cps;
	LttTime prev = 0;

	if (!r->bad && (n_tf != ntf || interval == 0 || interval > G_MAXUINT32 || count > r->len / 8))
		damaged(r, "invalid checkpoints header");
	cps = lttv_compact_checkpoints_new(trace, (guint) MIN(interval, G_MAXUINT32));
	for (i = 0; i < count && !r->bad; i++) {
		LttTime time = take_u64(r, "truncated checkpoint");
		guint64 len = take_u64(r, "truncated checkpoint");
		const guint8 *state;

		for (j = 0; j < ntf && !r->bad; j++) {
			LttTracefile *tf = ltt_trace_tracefile(trace, j);

			has_last[j] = take_u64(r, "truncated checkpoint") != 0;
			last[j].tracefile = tf;
			last[j].block = (guint32) take_u64(r, "truncated checkpoint");
			last[j].offset = (guint32) take_u64(r, "truncated checkpoint");
			last[j].time = take_u64(r, "truncated checkpoint");
			if (has_last[j] && last[j].block >= ltt_tracefile_block_count(tf))
				damaged(r, "checkpoint position outside its tracefile");
		}
		if (time < prev)
			damaged(r, "checkpoints out of time order");
		prev = time;
		state = take(r, len, "truncated checkpoint state");
		if (!r->bad)
			lttv_compact_checkpoints_adopt(cps, time, last, has_last, state, len);
	}
	g_free(last);
	g_free(has_last);
	*cps_out = cps;
}

/* The event marks: one for every interval events of the pass; each
 * tracefile's places inside it and never going back; none past every
 * event. */
static void load_marks(CacheReader *r, LttTrace *trace, guint64 events, LttvEventMarks **marks_out)
{
	guint64 interval = take_u64(r, "truncated"), n_tf = take_u64(r, "truncated"), count = take_u64(r, "truncated");
	guint ntf = ltt_trace_tracefile_count(trace), j;
	const LttvMarkPlace *places = NULL, *prev = NULL;
	guint64 i;

	if (!r->bad && (n_tf != ntf || interval == 0 || interval > G_MAXUINT32
	                || count != events / interval + (events % interval != 0)
	                || (ntf > 0 && count > (r->len - r->pos) / (ntf * sizeof(LttvMarkPlace)))))
		damaged(r, "invalid event marks header");
	if (!r->bad)
		places = (const LttvMarkPlace *) take(r, count * ntf * sizeof(LttvMarkPlace), "truncated event marks");
	for (i = 0; i < count && !r->bad; i++) {
		const LttvMarkPlace *m = places + i * ntf;
		gint first = -1;

		for (j = 0; j < ntf; j++) {
			/* A tracefile at its end stays there. */
			if (m[j].block == LTTV_MARK_NO_EVENT)
				continue;
			if (m[j].block >= ltt_tracefile_block_count(ltt_trace_tracefile(trace, j))
			    || (prev != NULL && (prev[j].block == LTTV_MARK_NO_EVENT || prev[j].block > m[j].block
			                         || (prev[j].block == m[j].block && prev[j].offset > m[j].offset)))) {
				damaged(r, "event mark outside its tracefile or going back");
				break;
			}
			if (first < 0 || m[j].time < m[first].time)
				first = (gint) j;
		}
		if (!r->bad && first < 0)
			damaged(r, "event mark past every event");
		prev = m;
	}
	*marks_out = r->bad ? NULL : lttv_event_marks_adopt(ntf, (guint) interval, places, count);
}

/* Loading, a piece per step, in the file's order: the header and entity
 * table, then each entity's changes, then the checkpoints, each part
 * hashed as it is checked (one pass over the file's memory); the hash
 * decides at the end.  A damaged header can be reported as stale or
 * invalid rather than as a hash mismatch: it is refused either way. */
typedef enum { LOAD_HEADER, LOAD_ENTITIES, LOAD_TAIL, LOAD_CHECKPOINTS } LoadPhase;

/* Chunks checked, and bytes hashed, between two looks at the clock (about
 * 1 MB). */
#define LOAD_CHUNKS 512
#define HASH_PIECE (1u << 20)

struct _LttvCacheLoader {
	LttTrace *trace;
	char *path;
	CacheReader r;
	LttvPrecomputeCache out;
	LoadPhase phase;
	CacheHash hash;
	guint64 n_entities, entity;
	LttvEntityRecord *checking;   /* the entity whose chunks are being checked */
	gsize hashed;                 /* LOAD_TAIL: bytes hashed from the cursor on */
	gsize dropped;                /* bytes of the file's start unmapped since checked */
	guint chunk;                  /* its next chunk */
	const DiskEntity *entities;
	const char *strings;
	guint64 strings_len;
};

/* Bytes checked between two unmappings: each costs a flush of the TLBs. */
#define DROP_EVERY (8u << 20)

/* Unmaps the file's pages before p, checked: they are read again only
 * where a viewer looks.  Every few megabytes rather than at the end of a
 * step, as the file's pages come in large folios (it was written, not
 * mapped): each touch maps up to a megabyte, and a step checks tens of
 * them. */
static void drop_checked(LttvCacheLoader *l, const guint8 *p)
{
	gsize page = (gsize) sysconf(_SC_PAGESIZE), upto = (gsize) (p - l->r.data) / page * page;

	if (upto >= l->dropped + DROP_EVERY) {
		madvise((guint8 *) l->out.map + l->dropped, upto - l->dropped, MADV_DONTNEED);
		l->dropped = upto;
	}
}

void lttv_cache_loader_free(LttvCacheLoader *l)
{
	if (l == NULL)
		return;
	lttv_precompute_cache_clear(&l->out);
	g_free(l->path);
	g_free(l);
}

LttvCacheLoader *lttv_cache_loader_new(LttTrace *trace, const char *path, GError **error)
{
	LttvCacheLoader *l;
	int fd = g_open(path, O_RDONLY, 0);
	struct stat st;
	void *map;

	if (fd < 0) {
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "%s: %s", path, g_strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) != 0 || st.st_size < 48 || st.st_size % 8 != 0) {
		close(fd);
		g_set_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_CACHE, "%s: offset 0: truncated", path);
		return NULL;
	}
	map = mmap(NULL, (gsize) st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		g_set_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_IO, "%s: %s", path, g_strerror(errno));
		return NULL;
	}
	l = g_new0(LttvCacheLoader, 1);
	l->trace = trace;
	l->path = g_strdup(path);
	l->out.map = map;
	l->out.map_len = (gsize) st.st_size;
	l->r.data = map;
	l->r.len = l->out.map_len - 8;
	l->r.path = l->path;
	l->r.error = error;
	hash_init(&l->hash);
	if (memcmp(l->r.data, CACHE_MAGIC, 8) != 0) {
		damaged(&l->r, "not a precomputation cache");
		lttv_cache_loader_free(l);
		return NULL;
	}
	return l;
}

/* The header, once the hash says the file is whole. */
static gboolean load_header(LttvCacheLoader *l)
{
	CacheReader *r = &l->r;
	GByteArray *id;
	guint32 version, mark;
	const guint8 *p;

	memcpy(&version, r->data + 8, 4);
	memcpy(&mark, r->data + 12, 4);
	r->pos = 16;
	if (version != CACHE_VERSION || mark != BYTE_ORDER_MARK)
		return damaged(r, "another version or byte order");
	id = identity(l->trace, r->error);
	if (id == NULL) {
		r->bad = TRUE;
		return FALSE;
	}
	if (take_u64(r, "truncated") != id->len || (p = take(r, id->len, "truncated")) == NULL
	    || memcmp(p, id->data, id->len) != 0) {
		g_byte_array_unref(id);
		return damaged(r, "made for another version of the trace (stale)");
	}
	g_byte_array_unref(id);
	l->n_entities = take_u64(r, "truncated");
	l->out.reached = take_u64(r, "truncated");
	l->out.events = take_u64(r, "truncated");
	if (r->bad || l->n_entities > (r->len - r->pos) / sizeof(DiskEntity))
		return damaged(r, "entity count beyond the file");
	l->entities = (const DiskEntity *) take(r, l->n_entities * sizeof(DiskEntity), "truncated");
	l->strings_len = take_u64(r, "truncated");
	l->strings = (const char *) take(r, l->strings_len, "truncated string table");
	if (r->bad || (l->strings_len > 0 && l->strings[l->strings_len - 1] != '\0'))
		return damaged(r, "invalid string table");
	l->out.store = lttv_intervals_new();
	return TRUE;
}

gboolean lttv_cache_loader_step(LttvCacheLoader *l, gint64 deadline, LttvPrecomputeCache *done, GError **error)
{
	CacheReader *r = &l->r;

	r->error = error;
	do {
		switch (l->phase) {
		case LOAD_HEADER:
			if (!load_header(l))
				return FALSE;
			hash_update(&l->hash, r->data, r->pos);
			l->phase = LOAD_ENTITIES;
			break;
		case LOAD_ENTITIES:
			if (l->checking != NULL) {
				/* A busy CPU has megabytes of changes: a piece at a time. */
				guint end = MIN(l->checking->n_chunks, l->chunk + LOAD_CHUNKS);

				if (!check_chunks(r, l->checking, l->chunk, end, &l->hash))
					return FALSE;
				l->chunk = end;
				if (end == l->checking->n_chunks) {
					if (!check_summaries(r, l->checking, &l->hash))
						return FALSE;
					l->checking = NULL;
					drop_checked(l, r->data + r->pos);
				} else {
					drop_checked(l, (const guint8 *) l->checking->chunks[end]);
				}
				break;
			}
			if (l->entity < l->n_entities) {
				l->checking = load_entity(r, l->out.store, &l->entities[l->entity++], l->strings,
				                          l->strings_len);
				l->chunk = 0;
				if (r->bad)
					return FALSE;
				break;
			}
			l->phase = LOAD_TAIL;
			break;
		case LOAD_TAIL: {
			gsize n = MIN(HASH_PIECE, r->len - r->pos - l->hashed);

			hash_update(&l->hash, r->data + r->pos + l->hashed, n);
			l->hashed += n;
			drop_checked(l, r->data + r->pos + l->hashed);
			if (r->pos + l->hashed == r->len)
				l->phase = LOAD_CHECKPOINTS;
			break;
		}
		case LOAD_CHECKPOINTS: {
			guint64 sum;

			memcpy(&sum, r->data + r->len, 8);
			if (sum != hash_final(&l->hash)) {
				r->pos = r->len;
				return damaged(r, "checksum mismatch");
			}
			load_checkpoints(r, l->trace, &l->out.cps);
			load_marks(r, l->trace, l->out.events, &l->out.marks);
			if (!r->bad && r->pos != r->len)
				damaged(r, "trailing bytes");
			if (r->bad)
				return FALSE;
			lttv_intervals_set_reached(l->out.store, l->out.reached, TRUE);
			madvise(l->out.map, l->out.map_len, MADV_DONTNEED);
			*done = l->out;
			memset(&l->out, 0, sizeof(l->out));
			return TRUE;
		}
		}
	} while (g_get_monotonic_time() < deadline);
	/* The file's pages checked so far are read again only where a viewer
	 * looks: they need not stay mapped in. */
	madvise(l->out.map, l->out.map_len, MADV_DONTNEED);
	return TRUE;
}

void lttv_precompute_cache_clear(LttvPrecomputeCache *c)
{
	lttv_intervals_free(c->store);
	lttv_compact_checkpoints_free(c->cps);
	lttv_event_marks_free(c->marks);
	if (c->map != NULL)
		munmap(c->map, c->map_len);
	memset(c, 0, sizeof(*c));
}
