/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* intervals.c: the state-interval store and its queries at any resolution. */
#include "config.h"
#include <string.h>
#include "intervals-private.h"

/* Bytes of each mapped segment of chunks. */
#define SEGMENT_SIZE (16u << 20)
/* An entity's chunks come in extents of consecutive chunks, twice as many
 * as it has each time, up to this many (48 KB): the store is filled in
 * time order, so single chunks would lie among every other entity's, and
 * reading one entity's would map pages of all (doc/performance.md,
 * "lttv-gui memory"). */
#define EXTENT_MAX_CHUNKS 32

/* A process's value: status (4 bits), mode (4 bits), submode (24 bits,
 * signed; numbers beyond are kept as LTTV_SUBMODE_NONE).  A CPU's: mode
 * (4 bits), running pid + 1 (28 bits; 0: not known).  IRQ lines and soft
 * IRQ vectors: 1 busy, 0 not. */
#define SUBMODE_BITS 24
#define SUBMODE_MASK ((1u << SUBMODE_BITS) - 1)
#define PID_MASK LTTV_CPU_PID_MASK

guint32 lttv_intervals_pack_process(LttvProcessStatus status, LttvExecMode mode, gint32 submode)
{
	if (submode >= (1 << (SUBMODE_BITS - 1)) || submode < -(1 << (SUBMODE_BITS - 1)))
		submode = LTTV_SUBMODE_NONE;
	return ((guint32) status << 28) | (((guint32) mode & 0xF) << 24) | ((guint32) submode & SUBMODE_MASK);
}

guint32 lttv_intervals_pack_cpu(LttvCpuMode mode, gint32 pid)
{
	guint32 p = pid < 0 || (guint32) pid >= PID_MASK ? 0 : (guint32) pid + 1;

	return ((guint32) mode << 28) | p;
}

/* Values read back from a cache file are checked here, where they are
 * used: a status or mode beyond its range reads as unknown (a CPU's as
 * busy). */
static void unpack(LttvEntityKind kind, guint32 v, LttvIntervalItem *item)
{
	item->mode = -1;
	item->submode = -1;
	item->pid = -1;
	switch (kind) {
	case LTTV_ENTITY_PROCESS:
		item->status = (gint32) (v >> 28);
		item->mode = (gint32) ((v >> 24) & 0xF);
		/* Sign-extends the 24 bits. */
		item->submode = (gint32) ((v & SUBMODE_MASK) << (32 - SUBMODE_BITS)) >> (32 - SUBMODE_BITS);
		if (item->status > LTTV_STATUS_DEAD)
			item->status = LTTV_STATUS_UNKNOWN;
		if (item->mode >= LTTV_MODE_COUNT)
			item->mode = LTTV_MODE_UNKNOWN;
		break;
	case LTTV_ENTITY_CPU:
		item->status = (gint32) (v >> 28);
		if (item->status > LTTV_CPU_TRAP)
			item->status = LTTV_CPU_BUSY;
		item->pid = (gint32) (v & PID_MASK) - 1;
		break;
	default:
		item->status = v != 0;
		break;
	}
}

static void record_free(gpointer data)
{
	LttvEntityRecord *rec = data;

	g_free(rec->chunks);
	g_free(rec->summaries);
	g_free(rec);
}

static GArray *entity_array(void)
{
	return g_array_new(FALSE, FALSE, sizeof(LttvIntervalEntity));
}

LttvIntervalStore *lttv_intervals_new(void)
{
	LttvIntervalStore *store = g_new0(LttvIntervalStore, 1);

	store->entities = g_ptr_array_new_with_free_func(record_free);
	store->by_pid = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_array_unref);
	store->idle = entity_array();
	store->cpus = entity_array();
	store->irqs = entity_array();
	store->softirqs = entity_array();
	store->arena = lttv_arena_new(SEGMENT_SIZE);
	return store;
}

void lttv_intervals_free(LttvIntervalStore *store)
{
	if (store == NULL)
		return;
	g_ptr_array_unref(store->entities);
	g_hash_table_destroy(store->by_pid);
	g_array_unref(store->idle);
	g_array_unref(store->cpus);
	g_array_unref(store->irqs);
	g_array_unref(store->softirqs);
	lttv_arena_free(store->arena);
	g_free(store);
}

static void index_set(GArray *index, guint i, LttvIntervalEntity e)
{
	guint old = index->len;

	if (i >= old) {
		g_array_set_size(index, i + 1);
		memset(&g_array_index(index, LttvIntervalEntity, old), 0xFF, (i + 1 - old) * sizeof(LttvIntervalEntity));
	}
	g_array_index(index, LttvIntervalEntity, i) = e;
}

static LttvIntervalEntity index_get(const GArray *index, guint i)
{
	return i < index->len ? g_array_index(index, LttvIntervalEntity, i) : LTTV_INTERVAL_ENTITY_NONE;
}

LttvIntervalEntity lttv_intervals_add(LttvIntervalStore *store, LttvEntityKind kind, gint32 id, guint cpu, LttTime t)
{
	LttvEntityRecord *rec = g_new0(LttvEntityRecord, 1);
	LttvIntervalEntity e = store->entities->len;

	rec->info.kind = kind;
	rec->info.id = id;
	rec->info.tgid = -1;
	rec->info.ppid = -1;
	rec->info.name = kind == LTTV_ENTITY_PROCESS ? "" : NULL;
	rec->info.cpu = cpu;
	rec->info.first = t;
	rec->info.last = LTT_TIME_INFINITE;
	g_ptr_array_add(store->entities, rec);
	switch (kind) {
	case LTTV_ENTITY_PROCESS:
		if (id == 0) {
			index_set(store->idle, cpu, e);
		} else {
			GArray *list = g_hash_table_lookup(store->by_pid, GINT_TO_POINTER(id));

			if (list == NULL) {
				list = entity_array();
				g_hash_table_insert(store->by_pid, GINT_TO_POINTER(id), list);
			}
			g_array_append_val(list, e);
		}
		break;
	case LTTV_ENTITY_CPU:
		index_set(store->cpus, (guint) id, e);
		break;
	case LTTV_ENTITY_IRQ:
		index_set(store->irqs, (guint) id, e);
		break;
	case LTTV_ENTITY_SOFTIRQ:
		index_set(store->softirqs, (guint) id, e);
		break;
	}
	return e;
}

LttvEntityRecord *lttv_intervals_record(LttvIntervalStore *store, LttvIntervalEntity e)
{
	return e < store->entities->len ? g_ptr_array_index(store->entities, e) : NULL;
}

void lttv_intervals_set(LttvIntervalStore *store, LttvIntervalEntity e, LttTime t, guint32 value)
{
	LttvEntityRecord *rec = g_ptr_array_index(store->entities, e);
	guint n = rec->n;
	LttvIntervalChunk *c;

	if (n > 0 && rec->last_value == value)
		return;
	if (n > 0 && rec->last_time >= t) {
		/* Several events at one time: the state after the last is what holds. */
		if (n > 1 && lttv_entity_value(rec, n - 2) == value) {
			rec->n = n - 1;
			rec->last_time = lttv_entity_time(rec, n - 2);
			store->changes--;
		} else {
			rec->chunks[(n - 1) / LTTV_INTERVAL_CHUNK]->values[(n - 1) % LTTV_INTERVAL_CHUNK] = value;
		}
		rec->last_value = value;
		return;
	}
	if (n / LTTV_INTERVAL_CHUNK >= rec->n_chunks) {
		if (rec->n_chunks == rec->chunks_capacity) {
			rec->chunks_capacity = MAX(4, rec->chunks_capacity * 2);
			rec->chunks = g_renew(LttvIntervalChunk *, rec->chunks, rec->chunks_capacity);
		}
		if (rec->n_spare == 0) {
			rec->n_spare = CLAMP(rec->n_chunks, 1, EXTENT_MAX_CHUNKS);
			rec->spare = lttv_arena_alloc(store->arena, rec->n_spare * sizeof(LttvIntervalChunk));
		}
		rec->chunks[rec->n_chunks++] = rec->spare++;
		rec->n_spare--;
	}
	c = rec->chunks[n / LTTV_INTERVAL_CHUNK];
	c->times[n % LTTV_INTERVAL_CHUNK] = t;
	c->values[n % LTTV_INTERVAL_CHUNK] = value;
	rec->n = n + 1;
	rec->last_value = value;
	rec->last_time = t;
	store->changes++;
	if (rec->n_summaries < lttv_summaries_due(rec->n))
		lttv_intervals_summarize(rec);
}

void lttv_intervals_end(LttvIntervalStore *store, LttvIntervalEntity e, LttTime t)
{
	lttv_intervals_record(store, e)->info.last = t;
}

void lttv_intervals_set_reached(LttvIntervalStore *store, LttTime t, gboolean complete)
{
	if (t > store->reached)
		store->reached = t;
	store->complete = complete;
}

guint lttv_intervals_entity_count(const LttvIntervalStore *store)
{
	return store->entities->len;
}

const LttvEntityInfo *lttv_intervals_entity(const LttvIntervalStore *store, LttvIntervalEntity entity)
{
	return entity < store->entities->len ? &((LttvEntityRecord *) g_ptr_array_index(store->entities, entity))->info
	                                     : NULL;
}

LttvIntervalEntity lttv_intervals_find_process(const LttvIntervalStore *store, gint32 pid, LttTime birth, guint cpu)
{
	const GArray *list;
	guint i;

	if (pid == 0)
		return index_get(store->idle, cpu);
	list = g_hash_table_lookup(store->by_pid, GINT_TO_POINTER(pid));
	if (list == NULL || list->len == 0)
		return LTTV_INTERVAL_ENTITY_NONE;
	if (birth == LTT_TIME_INFINITE)
		return g_array_index(list, LttvIntervalEntity, list->len - 1);
	for (i = list->len; i-- > 0;) {
		LttvIntervalEntity e = g_array_index(list, LttvIntervalEntity, i);

		if (lttv_intervals_entity(store, e)->birth == birth)
			return e;
	}
	return LTTV_INTERVAL_ENTITY_NONE;
}

LttvIntervalEntity lttv_intervals_find_process_at(const LttvIntervalStore *store, gint32 pid, guint cpu, LttTime t)
{
	const GArray *list;
	guint i;

	if (pid == 0)
		return index_get(store->idle, cpu);
	list = g_hash_table_lookup(store->by_pid, GINT_TO_POINTER(pid));
	for (i = list != NULL ? list->len : 0; i-- > 0;) {
		LttvIntervalEntity e = g_array_index(list, LttvIntervalEntity, i);
		const LttvEntityInfo *info = lttv_intervals_entity(store, e);

		if (info->first <= t && t < info->last)
			return e;
	}
	return LTTV_INTERVAL_ENTITY_NONE;
}

LttvIntervalEntity lttv_intervals_find_cpu(const LttvIntervalStore *store, guint cpu)
{
	return index_get(store->cpus, cpu);
}

LttvIntervalEntity lttv_intervals_find_irq(const LttvIntervalStore *store, guint irq)
{
	return index_get(store->irqs, irq);
}

LttvIntervalEntity lttv_intervals_find_softirq(const LttvIntervalStore *store, guint vec)
{
	return index_get(store->softirqs, vec);
}

GArray *lttv_intervals_processes(const LttvIntervalStore *store)
{
	GArray *out = entity_array();
	LttvIntervalEntity e;

	for (e = 0; e < store->entities->len; e++)
		if (lttv_intervals_entity(store, e)->kind == LTTV_ENTITY_PROCESS)
			g_array_append_val(out, e);
	return out;
}

LttTime lttv_intervals_ready_until(const LttvIntervalStore *store)
{
	return store->complete ? LTT_TIME_INFINITE : store->reached;
}

guint64 lttv_intervals_change_count(const LttvIntervalStore *store)
{
	return store->changes;
}

gsize lttv_intervals_heap(const LttvIntervalStore *store)
{
	gsize bytes = store->entities->len * (sizeof(LttvEntityRecord) + sizeof(gpointer));
	guint e;

	bytes += (store->idle->len + store->cpus->len + store->irqs->len + store->softirqs->len)
	         * sizeof(LttvIntervalEntity);
	for (e = 0; e < store->entities->len; e++) {
		const LttvEntityRecord *rec = g_ptr_array_index(store->entities, e);

		bytes += rec->chunks_capacity * sizeof(LttvIntervalChunk *)
		         + rec->summaries_capacity * sizeof(LttvChunkSummary);
	}
	return bytes;
}

gsize lttv_intervals_mapped(const LttvIntervalStore *store)
{
	return lttv_arena_mapped(store->arena);
}

/* The index of the last change at or before t, in [lo, hi); lo when none
 * is.  It gallops from lo first: a query walks forward by one slot at a
 * time, usually a few changes. */
static guint change_at(const LttvEntityRecord *rec, guint lo, guint hi, LttTime t)
{
	guint a = lo, b = hi, step = 1;

	while (a + step < hi && lttv_entity_time(rec, a + step) <= t) {
		a += step;
		step *= 2;
	}
	b = MIN(hi, a + step);
	lo = a;

	while (a < b) {
		guint mid = a + (b - a) / 2;

		if (lttv_entity_time(rec, mid) <= t)
			a = mid + 1;
		else
			b = mid;
	}
	return a > lo ? a - 1 : lo;
}

/* The change holding at a slot's start is not known (the slot before was
 * read from summaries): it is looked up in its chunk. */
#define NO_CHANGE G_MAXUINT

guint lttv_intervals_query(const LttvIntervalStore *store, LttvIntervalEntity entity, LttTime t0, LttTime t1,
                           guint64 resolution, LttvIntervalItem *out, guint max)
{
	const LttvEntityRecord *rec = entity < store->entities->len ? g_ptr_array_index(store->entities, entity) : NULL;
	LttTime end_all, cur;
	guint n, c, i = NO_CHANGE, k = 0;

	if (rec == NULL || max == 0 || rec->n == 0)
		return 0;
	n = rec->n;
	end_all = MIN(rec->info.last, store->reached);
	t1 = MIN(t1, end_all);
	/* The entity's first change is at its first time: no change is read
	 * for a window before it. */
	t0 = MAX(t0, rec->info.first);
	if (resolution == 0)
		resolution = 1;
	c = lttv_chunk_at(rec, 0, t0);
	for (cur = t0; cur < t1 && k < max; k++) {
		LttvIntervalItem *item = &out[k];
		LttTime slot_end = t1 - cur > resolution ? cur + resolution : t1, iend;
		gboolean mixed = FALSE;
		guint32 value;
		guint last;

		c = lttv_chunk_at(rec, c, cur);
		last = lttv_chunk_at(rec, c, slot_end - 1);
		item->start = cur;
		if (last >= c + 2) {
			/* Chunks c + 1 .. last - 1 lie whole in the slot: their
			 * summaries, not their changes. */
			value = lttv_chunks_dominant(rec, c + 1, last);
			mixed = TRUE;
			item->end = slot_end;
			i = NO_CHANGE;
		} else {
			if (i == NO_CHANGE)
				i = change_at(rec, c * LTTV_INTERVAL_CHUNK, MIN(n, (c + 1) * LTTV_INTERVAL_CHUNK), cur);
			iend = MIN(i + 1 < n ? lttv_entity_time(rec, i + 1) : end_all, t1);
			if (iend - cur >= resolution || iend == t1) {
				value = lttv_entity_value(rec, i);
				item->end = iend;
				i++;
			} else {
				guint j = change_at(rec, i, n, slot_end - 1);

				value = lttv_changes_dominant(rec, i, j, cur, slot_end, end_all, &mixed);
				item->end = slot_end;
				/* Change j holds at slot_end unless the next one begins there. */
				i = j + 1 < n && lttv_entity_time(rec, j + 1) <= slot_end ? j + 1 : j;
			}
		}
		unpack(rec->info.kind, value, item);
		item->mixed = mixed;
		cur = item->end;
	}
	return k;
}
