/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-events.c: which kernel events the state understands and how their
 * fields are read.  Types are matched by name once (the first time a type is
 * met), so finding an event's handler costs one probe of a small table. */
#include "config.h"
#include <string.h>
#include "state-vocabulary.h"

#define KERNEL_CHANNEL "kernel"

G_STATIC_ASSERT(LTTV_EV_COUNT - 1 <= LTTV_EVENT_SLOTS);

LttvEventTable *lttv_event_table_new(LttTrace *trace)
{
	LttvEventTable *table = g_new0(LttvEventTable, 1);
	const LttTraceInfo *info = ltt_trace_info(trace);

	table->refcount = 1;
	table->trace = trace;
	table->swap = info->byte_order != G_BYTE_ORDER;
	table->mask = 63;
	table->slots = g_new0(LttvEventSlot, table->mask + 1);
	table->handlers = g_ptr_array_new_with_free_func(g_free);
	table->next_slot = LTTV_EV_COUNT - 1;
	return table;
}

LttvEventTable *lttv_event_table_ref(LttvEventTable *table)
{
	table->refcount++;
	return table;
}

void lttv_event_table_unref(LttvEventTable *table)
{
	if (--table->refcount > 0)
		return;
	g_free(table->slots);
	g_ptr_array_unref(table->handlers);
	if (table->syscalls != NULL)
		g_ptr_array_unref(table->syscalls);
	g_free(table);
}

/* How to skip the top-level fields before f. */
static void field_reader_layout(LttvFieldReader *r, const LttEventType *et, const LttField *f)
{
	guint i, n = ltt_field_index(f);
	gint32 run = 0;

	r->walkable = ltt_field_top(f) == f;
	r->n_strings = 0;
	for (i = 0; i < n && r->walkable; i++) {
		const LttType *type = ltt_field_type(ltt_event_type_field(et, i));
		gsize size = ltt_type_fixed_size(type);

		if (size > 0 && size < G_MAXINT32 - (gsize) run) {
			run += (gint32) size;
			continue;
		}
		if (ltt_type_kind(type) != LTT_TYPE_STRING || r->n_strings == LTTV_MAX_STRINGS) {
			r->walkable = FALSE;
			break;
		}
		r->gaps[r->n_strings++] = run;
		run = 0;
	}
	r->tail = run;
	r->fixed = r->walkable && r->n_strings == 0 ? run : -1;
	if (!r->walkable)
		r->n_strings = LTTV_NOT_WALKABLE;
}

/* A field the state needs must be an integer or a string as format.md §4
 * says; a recorder that declares it otherwise gets the event ignored. */
static gboolean field_reader_init(LttvFieldReader *r, const LttEventType *et, const char *name,
                                  gboolean is_string, gboolean swap)
{
	const LttField *f = ltt_event_type_field_by_name(et, name);
	const LttType *type;
	gsize size;

	if (f == NULL)
		return FALSE;
	type = ltt_field_type(f);
	r->field = f;
	r->size = 0;
	r->is_signed = FALSE;
	r->swap = swap;
	field_reader_layout(r, et, f);
	if (is_string || ltt_type_kind(type) == LTT_TYPE_STRING)
		return is_string && ltt_type_kind(type) == LTT_TYPE_STRING;
	if (!ltt_type_is_integer(type))
		return FALSE;
	size = ltt_type_fixed_size(type);
	r->is_signed = ltt_type_is_signed(type);
	if (size == 1 || size == 2 || size == 4 || size == 8)
		r->size = (guint8) size;
	else
		r->walkable = FALSE;
	return TRUE;
}

/* Readers for the fields spec names; FALSE when et lacks one of them.  A
 * per-call system call event (no fields) reads its call's number, an
 * interrupt vector's its submode. */
static gboolean handler_fields_init(LttvEventTable *table, LttvEventHandler *h, const LttEventType *et,
                                    const LttvEventSpec *spec)
{
	guint j;

	memset(h->fields, 0, sizeof h->fields);
	h->deepest = NULL;
	if (h->evidence == &h->common_pid && h->common_pid.walkable && h->common_pid.n_strings > 0)
		h->deepest = &h->common_pid;
	if ((spec->kind == LTTV_EV_SYS_ENTER || spec->kind == LTTV_EV_SYS_EXIT) && spec->fields[0] == NULL) {
		LttvFieldReader *r = &h->fields[0];

		r->fixed = -1;
		r->n_strings = LTTV_NOT_WALKABLE;
		r->constant = lttv_vocabulary_syscall_id(table, et);
		return r->constant >= 0;
	}
	if ((spec->kind == LTTV_EV_IRQ_ENTRY || spec->kind == LTTV_EV_IRQ_EXIT) && spec->fields[0] == NULL) {
		LttvFieldReader *r = &h->fields[0];

		r->fixed = -1;
		r->n_strings = LTTV_NOT_WALKABLE;
		r->constant = lttv_vocabulary_irq_vector(ltt_event_type_name(et));
		return r->constant >= 0;
	}
	for (j = 0; j < LTTV_MAX_FIELDS && spec->fields[j] != NULL; j++) {
		LttvFieldReader *r = &h->fields[j];

		if (spec->fields[j][0] == '=') {
			/* No field: read on the slow path. */
			r->fixed = -1;
			r->n_strings = LTTV_NOT_WALKABLE;
			r->event_cpu = strcmp(spec->fields[j], "=cpu") == 0;
			r->constant = g_ascii_strtoll(spec->fields[j] + 1, NULL, 10);
			continue;
		}
		if (!field_reader_init(r, et, spec->fields[j], (spec->strings >> j) & 1, table->swap))
			return FALSE;
		if (spec->maps[j] != NULL) {
			r->map = spec->maps[j];
			r->walkable = FALSE;
			r->fixed = -1;
			r->n_strings = LTTV_NOT_WALKABLE;
			continue;
		}
		if (r->walkable && r->n_strings > 0 && (h->deepest == NULL || r->n_strings > h->deepest->n_strings))
			h->deepest = r;
	}
	return TRUE;
}

static LttvEventHandler *handler_new(LttvEventTable *table, const LttEventType *et)
{
	LttvEventHandler *h = g_new0(LttvEventHandler, 1);
	const LttvEventSpec *spec;
	guint cursor = 0;

	h->type = et;
	/* A channel's tracefiles share its types: one index per type, so that
	 * statistics summed over CPUs count each type once. */
	h->type_index = table->handlers->len;
	g_ptr_array_add(table->handlers, h);
	h->kind = LTTV_EV_NONE;
	if (strcmp(ltt_event_type_channel(et), KERNEL_CHANNEL) != 0)
		return h;
	/* lttd keeps the kernel's common_pid (doc/recording.md): the task
	 * current when the event was recorded, whatever the state believes. */
	if (field_reader_init(&h->common_pid, et, "common_pid", FALSE, table->swap)) {
		h->evidence = &h->common_pid;
		if (h->common_pid.walkable && h->common_pid.n_strings > 0)
			h->deepest = &h->common_pid;
	}
	while ((spec = lttv_vocabulary_next(ltt_event_type_name(et), &cursor)) != NULL) {
		if (!handler_fields_init(table, h, et, spec))
			continue;
		h->kind = spec->kind;
		if (h->kind == LTTV_EV_SCHED_SWITCH && h->evidence == NULL)
			h->evidence = &h->fields[1];
		/* Recorded through ftrace, a trace has no page_fault_exit (format.md
		 * §4): a fault is then an instant, not a mode. */
		if ((h->kind == LTTV_EV_PAGE_FAULT_USER || h->kind == LTTV_EV_PAGE_FAULT_KERNEL)
		    && ltt_trace_event_type_by_name(table->trace, KERNEL_CHANNEL, "page_fault_exit") == NULL)
			h->kind = LTTV_EV_NONE;
		if (h->kind == LTTV_EV_SOFTIRQ_ENTRY && ltt_type_kind(ltt_field_type(h->fields[0].field)) == LTT_TYPE_ENUM)
			table->softirq_vec = ltt_field_type(h->fields[0].field);
		return h;
	}
	return h;
}

static void table_insert(LttvEventTable *table, LttvEventHandler *h)
{
	guint i = lttv_event_table_hash(h->type) & table->mask;

	while (table->slots[i].type != NULL)
		i = (i + 1) & table->mask;
	table->slots[i].type = h->type;
	table->slots[i].h = h;
}

const LttvEventHandler *lttv_event_table_add(LttvEventTable *table, const LttEventType *type)
{
	LttvEventHandler *h = handler_new(table, type);
	guint i;

	h->cpu_local = lttv_event_kind_is_cpu_local(h->kind);
	/* An event that names its task is checked alone (state.c), never
	 * applied at once with its closer. */
	h->closer = h->evidence == NULL ? lttv_event_kind_closer(h->kind) : LTTV_EV_NONE;
	h->user_entry = h->kind == LTTV_EV_SYS_ENTER || h->kind == LTTV_EV_PAGE_FAULT_USER;
	/* A slot counts one type: the kind's fixed slot goes to the first type
	 * of that kind, the others (an IRQ vector's entry after
	 * irq_handler_entry, LTTng's per-call system calls) take the free
	 * slots like types of no kind. */
	if (h->kind >= LTTV_EV_STATEDUMP_PROCESS && h->kind <= LTTV_EV_STATEDUMP_END)
		h->slot = LTTV_NO_SLOT;
	else if (h->kind != LTTV_EV_NONE && !(table->fixed_slots_given & (1u << (h->kind - 1))))
		h->slot = h->kind - 1;
	else if (table->next_slot < LTTV_EVENT_SLOTS)
		h->slot = table->next_slot++;
	else
		h->slot = LTTV_NO_SLOT;
	if (h->slot < LTTV_EV_COUNT - 1)
		table->fixed_slots_given |= 1u << h->slot;
	if (h->slot != LTTV_NO_SLOT)
		table->slot_type[h->slot] = h->type_index;
	if (2 * table->handlers->len > table->mask) {
		g_free(table->slots);
		table->mask = table->mask * 2 + 1;
		table->slots = g_new0(LttvEventSlot, table->mask + 1);
		for (i = 0; i < table->handlers->len; i++)
			table_insert(table, g_ptr_array_index(table->handlers, i));
	} else {
		table_insert(table, h);
	}
	return h;
}

/* Offset just past the end of the string at off, 0 when it does not end
 * before len.  Task names are short: eight bytes are tested at once (the
 * lowest byte that is zero is the first; bytes above it may seem zero). */
static inline gsize string_end(const guint8 *p, gsize off, gsize len)
{
	for (; off + 8 <= len; off += 8) {
		guint64 v, zero;

		memcpy(&v, p + off, 8);
		v = GUINT64_FROM_LE(v);
		zero = (v - G_GUINT64_CONSTANT(0x0101010101010101)) & ~v & G_GUINT64_CONSTANT(0x8080808080808080);
		if (zero != 0)
			return off + (gsize) (__builtin_ctzll(zero) >> 3) + 1;
	}
	for (; off < len; off++)
		if (p[off] == 0)
			return off + 1;
	return 0;
}

/* Offset of the field in this payload, or -1 when the payload is too
 * short for what precedes it.  The ends of the strings found are kept for
 * the event's other fields: all of those before the handler's deepest
 * field are looked for now (the fields before the same strings skip the
 * same fixed bytes), those after r's only as far as they are found. */
static inline gssize field_offset(const LttvFieldReader *r, LttvEventData *e)
{
	const LttvFieldReader *d = e->h->deepest != NULL ? e->h->deepest : r;
	gsize off = e->n_ends > 0 ? e->ends[e->n_ends - 1] : 0, len = e->len;
	guint k;

	for (k = e->n_ends; k < d->n_strings; k++) {
		off = string_end(e->payload, off + (gsize) d->gaps[k], len);
		if (off == 0)
			break;
		e->ends[e->n_ends++] = off;
	}
	if (r->n_strings > e->n_ends)
		return -1;
	off = (r->n_strings > 0 ? e->ends[r->n_strings - 1] : 0) + (gsize) r->tail;
	return off <= len ? (gssize) off : -1;
}

gint64 lttv_field_reader_int_walk(const LttvFieldReader *r, LttvEventData *e)
{
	const guint8 *p;
	gssize off;

	if (G_UNLIKELY(!r->walkable)) {
		gint64 v;

		if (r->field == NULL)
			return r->event_cpu ? (gint64) e->ev->cpu : r->constant;
		v = ltt_event_get_int(e->ev, r->field);
		if (r->map != NULL)
			v = v >= 0 && v < (gint64) r->map->count ? r->map->values[v] : r->map->other;
		return v;
	}
	off = r->fixed >= 0 ? r->fixed : field_offset(r, e);
	if (G_UNLIKELY(off < 0 || (gsize) off + r->size > e->len))
		return 0;
	p = e->payload + off;
	switch (r->size) {
	case 1:
		return r->is_signed ? (gint64) (gint8) p[0] : (gint64) p[0];
	case 2: {
		guint16 v;
		memcpy(&v, p, 2);
		if (r->swap)
			v = GUINT16_SWAP_LE_BE(v);
		return r->is_signed ? (gint64) (gint16) v : (gint64) v;
	}
	case 4: {
		guint32 v;
		memcpy(&v, p, 4);
		if (r->swap)
			v = GUINT32_SWAP_LE_BE(v);
		return r->is_signed ? (gint64) (gint32) v : (gint64) v;
	}
	default: {
		guint64 v;
		memcpy(&v, p, 8);
		if (r->swap)
			v = GUINT64_SWAP_LE_BE(v);
		return (gint64) v;
	}
	}
}

const char *lttv_field_reader_string(const LttvFieldReader *r, LttvEventData *e)
{
	const char *s;
	gssize off;

	if (!r->walkable) {
		s = ltt_event_get_string(e->ev, r->field);
		return s != NULL ? s : "";
	}
	off = r->fixed >= 0 ? r->fixed : field_offset(r, e);
	/* The string must end inside the payload. */
	if (off < 0 || (gsize) off >= e->len || memchr(e->payload + off, 0, e->len - (gsize) off) == NULL)
		return "";
	return (const char *) e->payload + off;
}
