/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* checkpoint-cache.c: checkpoints in a file next to the trace, so that a
 * second open does not redo the full pass.  Nothing in the file is trusted:
 * every count, index and enum is checked, the content is covered by a
 * SHA-256, and the trace's identity (sizes and times of its files) must
 * match.  Layout in doc/analysis.md §2.2. */
#include "config.h"
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "checkpoint-private.h"

#define CACHE_MAGIC "LTTVSTCP"
/* 2: a state lists its present CPUs with their numbers (1: every number up
 * to the highest).  3: with the time of each one's latest event, and
 * interrupt vectors are IRQ frames (a trace that has them reads otherwise).
 * 4: a charge (sched_stat_runtime) naming a task the state does not know
 * makes it known. */
#define CACHE_VERSION 4
#define DIGEST_SIZE 32
/* Bounds that no real trace reaches: a larger value means a damaged file. */
#define MAX_CPUS 4096
/* The highest CPU number a channel file's name can carry. */
#define MAX_CPU_NUMBER 65535
#define MAX_NAMES 65536
#define MAX_DEPTH 64

/* Writing: little-endian, whatever the host. */

static void put_u8(GByteArray *b, guint8 v)
{
	g_byte_array_append(b, &v, 1);
}

static void put_u32(GByteArray *b, guint32 v)
{
	v = GUINT32_TO_LE(v);
	g_byte_array_append(b, (const guint8 *) &v, 4);
}

static void put_u64(GByteArray *b, guint64 v)
{
	v = GUINT64_TO_LE(v);
	g_byte_array_append(b, (const guint8 *) &v, 8);
}

/* NULL is written as length 0xFFFFFFFF. */
static void put_string(GByteArray *b, const char *s)
{
	guint32 len = s != NULL ? (guint32) strlen(s) : G_MAXUINT32;

	put_u32(b, len);
	if (s != NULL)
		g_byte_array_append(b, (const guint8 *) s, len);
}

/* The trace's identity: its metadata and channel files, by size and
 * modification time.  Any write to the trace changes one of them. */
gboolean lttv_trace_identity(GByteArray *b, LttTrace *trace, GError **error)
{
	guint i, n = ltt_trace_tracefile_count(trace);
	char *meta = g_build_filename(ltt_trace_path(trace), LTT_METADATA_FILE, NULL);
	GStatBuf st;

	for (i = 0; i <= n; i++) {
		const char *path = i == n ? meta : ltt_tracefile_path(ltt_trace_tracefile(trace, i));

		if (g_stat(path, &st) != 0) {
			g_set_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_IO, "%s: %s", path,
			            g_strerror(errno));
			g_free(meta);
			return FALSE;
		}
		put_string(b, i == n ? LTT_METADATA_FILE : ltt_tracefile_name(ltt_trace_tracefile(trace, i)));
		put_u64(b, (guint64) st.st_size);
		put_u64(b, (guint64) st.st_mtim.tv_sec * G_GUINT64_CONSTANT(1000000000) + (guint64) st.st_mtim.tv_nsec);
	}
	g_free(meta);
	return TRUE;
}

static void put_process(GByteArray *b, const LttvProcess *p)
{
	guint i;

	put_u32(b, (guint32) p->pid);
	put_u32(b, (guint32) p->tgid);
	put_u32(b, (guint32) p->ppid);
	put_u32(b, p->cpu);
	put_u32(b, p->status);
	put_string(b, p->name);
	put_u64(b, p->birth);
	put_u64(b, p->first_seen);
	put_u8(b, p->kernel_thread ? 1 : 0);
	put_u8(b, (guint8) p->fork_seen);
	put_u32(b, p->depth);
	for (i = 0; i < p->depth; i++) {
		put_u32(b, p->stack[i].mode);
		put_u32(b, (guint32) p->stack[i].submode);
		put_u64(b, p->stack[i].entry);
	}
}

static void put_names(GByteArray *b, const GPtrArray *names)
{
	guint i;

	put_u32(b, names->len);
	for (i = 0; i < names->len; i++)
		put_string(b, g_ptr_array_index(names, i));
}

static void put_state(GByteArray *b, const LttvTraceState *ts)
{
	GHashTableIter it;
	gpointer value;
	guint i;

	put_u64(b, ts->time);
	put_u64(b, ts->start);
	put_u64(b, ts->event_count);
	put_u32(b, ts->present_cpus->len);
	for (i = 0; i < ts->present_cpus->len; i++) {
		guint cpu = g_array_index(ts->present_cpus, guint, i);
		const LttvCpuState *c = &ts->cpus[cpu];

		put_u32(b, cpu);
		put_u32(b, c->running != NULL ? (guint32) c->running->pid : G_MAXUINT32);
		put_u64(b, c->last_event);
		put_u8(b, c->idle != NULL);
		if (c->idle != NULL)
			put_process(b, c->idle);
	}
	put_u32(b, g_hash_table_size(ts->processes));
	g_hash_table_iter_init(&it, ts->processes);
	while (g_hash_table_iter_next(&it, NULL, &value))
		put_process(b, value);
	put_u32(b, ts->irq_busy->len);
	for (i = 0; i < ts->irq_busy->len; i++)
		put_u32(b, g_array_index(ts->irq_busy, guint, i));
	put_names(b, ts->syscall_names);
	put_names(b, ts->irq_names);
}

static void put_header(GByteArray *b)
{
	g_byte_array_append(b, (const guint8 *) CACHE_MAGIC, 8);
	put_u32(b, CACHE_VERSION);
}

gboolean lttv_checkpoints_save(const LttvCheckpoints *cps, const char *path, GError **error)
{
	GByteArray *b = g_byte_array_new();
	GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
	guint8 digest[DIGEST_SIZE];
	gsize digest_len = DIGEST_SIZE;
	char *tmp = NULL;
	gboolean ok = FALSE;
	guint i, j;

	put_header(b);
	if (!lttv_trace_identity(b, cps->trace, error))
		goto out;
	put_u32(b, cps->interval);
	put_u32(b, cps->n_tracefiles);
	put_u32(b, cps->list->len);
	for (i = 0; i < cps->list->len; i++) {
		const LttvCheckpoint *cp = g_ptr_array_index(cps->list, i);

		for (j = 0; j < cps->n_tracefiles; j++) {
			put_u8(b, cp->has_last[j]);
			put_u32(b, cp->last[j].block);
			put_u32(b, cp->last[j].offset);
			put_u64(b, cp->last[j].time);
		}
		put_state(b, cp->state);
	}
	g_checksum_update(sum, b->data, b->len);
	g_checksum_get_digest(sum, digest, &digest_len);
	g_byte_array_append(b, digest, DIGEST_SIZE);
	tmp = g_strdup_printf("%s.tmp-%d", path, (int) getpid());
	if (!g_file_set_contents(tmp, (const char *) b->data, b->len, error))
		goto out;
	if (g_rename(tmp, path) != 0) {
		g_set_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_IO, "%s: cannot rename to %s: %s",
		            tmp, path, g_strerror(errno));
		g_unlink(tmp);
		goto out;
	}
	ok = TRUE;
out:
	g_free(tmp);
	g_checksum_free(sum);
	g_byte_array_unref(b);
	return ok;
}

/* Reading: a cursor that refuses to run past the end. */
typedef struct {
	const guint8 *data;
	gsize len, pos;
	gboolean bad;
	const char *path;
	GError **error;
} Reader;

static gboolean damaged(Reader *r, const char *what)
{
	if (!r->bad)
		g_set_error(r->error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_CACHE,
		            "%s: offset %" G_GSIZE_FORMAT ": %s", r->path, r->pos, what);
	r->bad = TRUE;
	return FALSE;
}

static const guint8 *take(Reader *r, gsize n)
{
	const guint8 *p;

	if (r->bad || r->len - r->pos < n) {
		damaged(r, "truncated");
		return NULL;
	}
	p = r->data + r->pos;
	r->pos += n;
	return p;
}

static guint8 get_u8(Reader *r)
{
	const guint8 *p = take(r, 1);

	return p != NULL ? p[0] : 0;
}

static guint32 get_u32(Reader *r)
{
	const guint8 *p = take(r, 4);
	guint32 v = 0;

	if (p != NULL)
		memcpy(&v, p, 4);
	return GUINT32_FROM_LE(v);
}

static guint64 get_u64(Reader *r)
{
	const guint8 *p = take(r, 8);
	guint64 v = 0;

	if (p != NULL)
		memcpy(&v, p, 8);
	return GUINT64_FROM_LE(v);
}

/* Interned, or NULL when the file says so or is damaged. */
static const char *get_string(Reader *r)
{
	guint32 len = get_u32(r);
	const guint8 *p;
	char *s;
	const char *interned;

	if (r->bad || len == G_MAXUINT32)
		return NULL;
	p = take(r, len);
	if (p == NULL)
		return NULL;
	s = g_strndup((const char *) p, len);
	interned = g_intern_string(s);
	g_free(s);
	return interned;
}

/* A count that cannot exceed limit nor the bytes left (each item takes at
 * least min_size bytes). */
static guint32 get_count(Reader *r, guint32 limit, gsize min_size)
{
	guint32 n = get_u32(r);

	if (!r->bad && (n > limit || (gsize) n * min_size > r->len - r->pos)) {
		damaged(r, "count out of range");
		return 0;
	}
	return n;
}

static LttvProcess *get_process(Reader *r)
{
	LttvProcess *p = g_new0(LttvProcess, 1);
	guint i;

	p->pid = (gint32) get_u32(r);
	p->tgid = (gint32) get_u32(r);
	p->ppid = (gint32) get_u32(r);
	p->cpu = get_u32(r);
	p->status = get_u32(r);
	p->name = get_string(r);
	if (p->name == NULL)
		p->name = g_intern_static_string("");
	p->birth = get_u64(r);
	p->first_seen = get_u64(r);
	p->kernel_thread = get_u8(r) != 0;
	p->fork_seen = get_u8(r);
	p->depth = get_count(r, MAX_DEPTH, 16);
	if (p->status > LTTV_STATUS_DEAD)
		damaged(r, "process status out of range");
	if (!r->bad && p->depth == 0)
		damaged(r, "empty mode stack");
	p->capacity = MAX(p->depth, 4);
	p->stack = g_new0(LttvExecFrame, p->capacity);
	for (i = 0; i < p->depth && !r->bad; i++) {
		p->stack[i].mode = get_u32(r);
		p->stack[i].submode = (gint32) get_u32(r);
		p->stack[i].entry = get_u64(r);
		if (p->stack[i].mode >= LTTV_MODE_COUNT)
			damaged(r, "execution mode out of range");
	}
	if (r->bad) {
		g_free(p->stack);
		g_free(p);
		return NULL;
	}
	return p;
}

static void get_names(Reader *r, GPtrArray *names)
{
	guint32 i, n = get_count(r, MAX_NAMES, 4);

	for (i = 0; i < n && !r->bad; i++)
		g_ptr_array_add(names, (gpointer) get_string(r));
}

static LttvTraceState *get_state(Reader *r, LttTrace *trace)
{
	LttvTraceState *ts = lttv_trace_state_new(trace);
	guint32 *running, *cpus;
	guint32 i, n, n_cpus;

	ts->time = get_u64(r);
	ts->start = get_u64(r);
	ts->event_count = get_u64(r);
	n_cpus = get_count(r, MAX_CPUS, 17);
	cpus = g_new0(guint32, n_cpus);
	running = g_new0(guint32, n_cpus);
	for (i = 0; i < n_cpus && !r->bad; i++) {
		guint32 cpu = get_u32(r);

		if (r->bad || cpu > MAX_CPU_NUMBER || (i > 0 && cpu <= cpus[i - 1])) {
			damaged(r, "CPU numbers out of range or order");
			break;
		}
		cpus[i] = cpu;
		lttv_trace_state_add_cpu(ts, cpu);
		running[i] = get_u32(r);
		ts->cpus[cpu].last_event = get_u64(r);
		if (get_u8(r) && (ts->cpus[cpu].idle = get_process(r)) != NULL) {
			if (ts->cpus[cpu].idle->pid != 0)
				damaged(r, "idle task with a pid other than 0");
			ts->cpus[cpu].idle->cpu = cpu;
		}
	}
	n = get_count(r, G_MAXUINT32, 50);
	for (i = 0; i < n && !r->bad; i++) {
		LttvProcess *p = get_process(r);

		if (p == NULL)
			break;
		if (p->pid <= 0 || g_hash_table_contains(ts->processes, GINT_TO_POINTER(p->pid))) {
			g_free(p->stack);
			g_free(p);
			damaged(r, "invalid or duplicate pid");
			break;
		}
		g_hash_table_insert(ts->processes, GINT_TO_POINTER(p->pid), p);
	}
	n = get_count(r, MAX_NAMES, 4);
	g_array_set_size(ts->irq_busy, n);
	for (i = 0; i < n && !r->bad; i++)
		g_array_index(ts->irq_busy, guint, i) = get_u32(r);
	get_names(r, ts->syscall_names);
	get_names(r, ts->irq_names);
	for (i = 0; !r->bad && i < n_cpus; i++) {
		LttvCpuState *c = &ts->cpus[cpus[i]];

		if (running[i] == G_MAXUINT32)
			continue;
		c->running = running[i] == 0 ? c->idle : g_hash_table_lookup(ts->processes, GINT_TO_POINTER(running[i]));
		if (c->running == NULL)
			damaged(r, "running task not in the process table");
	}
	g_free(running);
	g_free(cpus);
	if (r->bad) {
		lttv_trace_state_free(ts);
		return NULL;
	}
	return ts;
}

void lttv_state_serialize(GByteArray *b, const LttvTraceState *ts)
{
	put_state(b, ts);
}

LttvTraceState *lttv_state_deserialize(LttTrace *trace, const guint8 *data, gsize len, const char *what,
                                       GError **error)
{
	Reader r = { data, len, 0, FALSE, what, error };
	LttvTraceState *ts = get_state(&r, trace);

	if (ts != NULL && r.pos != r.len) {
		damaged(&r, "trailing bytes");
		lttv_trace_state_free(ts);
		return NULL;
	}
	return ts;
}

LttvCheckpoints *lttv_checkpoints_load(LttTrace *trace, const char *path, GError **error)
{
	gchar *contents = NULL;
	gsize len = 0;
	Reader r = { NULL, 0, 0, FALSE, path, error };
	GByteArray *identity = g_byte_array_new();
	LttvCheckpoints *cps = NULL;
	GChecksum *sum;
	guint8 digest[DIGEST_SIZE];
	gsize digest_len = DIGEST_SIZE;
	guint32 count, i, j;

	if (!g_file_get_contents(path, &contents, &len, error))
		goto fail;
	r.data = (const guint8 *) contents;
	r.len = len;
	if (len < 12 + DIGEST_SIZE || memcmp(contents, CACHE_MAGIC, 8) != 0) {
		damaged(&r, "not a state cache");
		goto fail;
	}
	sum = g_checksum_new(G_CHECKSUM_SHA256);
	g_checksum_update(sum, r.data, len - DIGEST_SIZE);
	g_checksum_get_digest(sum, digest, &digest_len);
	g_checksum_free(sum);
	if (memcmp(digest, r.data + len - DIGEST_SIZE, DIGEST_SIZE) != 0) {
		r.pos = len - DIGEST_SIZE;
		damaged(&r, "checksum mismatch");
		goto fail;
	}
	r.len = len - DIGEST_SIZE;
	r.pos = 8;
	if (get_u32(&r) != CACHE_VERSION) {
		damaged(&r, "unsupported cache version");
		goto fail;
	}
	if (!lttv_trace_identity(identity, trace, error)) {
		r.bad = TRUE;
		goto fail;
	}
	if (r.len - r.pos < identity->len || memcmp(r.data + r.pos, identity->data, identity->len) != 0) {
		damaged(&r, "made for another version of the trace (stale)");
		goto fail;
	}
	r.pos += identity->len;
	cps = lttv_checkpoints_alloc(trace, get_u32(&r));
	if (get_u32(&r) != cps->n_tracefiles && !r.bad)
		damaged(&r, "tracefile count differs");
	count = get_count(&r, G_MAXUINT32, 1);
	for (i = 0; i < count && !r.bad; i++) {
		LttvCheckpoint *cp = lttv_checkpoint_new(cps->n_tracefiles);

		g_ptr_array_add(cps->list, cp);
		for (j = 0; j < cps->n_tracefiles && !r.bad; j++) {
			LttTracefile *tf = ltt_trace_tracefile(trace, j);

			cp->has_last[j] = get_u8(&r) != 0;
			cp->last[j].tracefile = tf;
			cp->last[j].block = get_u32(&r);
			cp->last[j].offset = get_u32(&r);
			cp->last[j].time = get_u64(&r);
			if (cp->has_last[j] && cp->last[j].block >= ltt_tracefile_block_count(tf))
				damaged(&r, "position outside its tracefile");
		}
		if (!r.bad)
			cp->state = get_state(&r, trace);
		if (!r.bad && i > 0 && cp->state->time < lttv_checkpoints_time(cps, i - 1))
			damaged(&r, "checkpoints out of time order");
	}
	if (!r.bad && r.pos != r.len)
		damaged(&r, "trailing bytes");
	if (r.bad)
		goto fail;
	g_byte_array_unref(identity);
	g_free(contents);
	return cps;
fail:
	lttv_checkpoints_free(cps);
	g_byte_array_unref(identity);
	g_free(contents);
	return NULL;
}

char *lttv_checkpoints_cache_path(LttTrace *trace)
{
	return g_build_filename(ltt_trace_path(trace), LTTV_CHECKPOINT_CACHE_NAME, NULL);
}

LttvCheckpoints *lttv_checkpoints_open(LttTrace *trace, guint interval, const LttvEventSource *src,
                                       gpointer data, gboolean *from_cache, GError **error)
{
	char *path = lttv_checkpoints_cache_path(trace);
	LttvCheckpoints *cps = lttv_checkpoints_load(trace, path, NULL);

	if (interval == 0)
		interval = LTTV_CHECKPOINT_INTERVAL_DEFAULT;
	if (cps != NULL && cps->interval != interval) {
		lttv_checkpoints_free(cps);
		cps = NULL;
	}
	if (from_cache != NULL)
		*from_cache = cps != NULL;
	if (cps == NULL) {
		cps = lttv_checkpoints_build(trace, interval, src, data, error);
		/* A read-only trace directory only costs the next open a rebuild. */
		if (cps != NULL)
			lttv_checkpoints_save(cps, path, NULL);
	}
	g_free(path);
	return cps;
}
