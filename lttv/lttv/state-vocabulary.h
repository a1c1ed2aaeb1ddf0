/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-vocabulary.h: the names and fields by which tracers call the kernel
 * events the state understands (doc/analysis.md, "Vocabularies"). */
#ifndef LTTV_STATE_VOCABULARY_H
#define LTTV_STATE_VOCABULARY_H

#include "state-private.h"

/* Values of a tracer's integer field in the state's terms: values[v] for
 * 0 <= v < count, otherwise other. */
typedef struct _LttvValueMap {
	guint count;
	const gint8 *values;
	gint8 other;
} LttvValueMap;

/* One way of naming an event kind.  strings: bit i set when fields[i] is a
 * string, clear when an integer; the field order is the order the
 * handlers index h->fields[].  A name starting with '=' is no field:
 * "=cpu" reads the event's CPU, "=N" the number N (what a tracer does not
 * record).  maps[i], when set, translates field i's values. */
typedef struct {
	const char *name;
	LttvEventKind kind;
	guint strings;
	const char *fields[LTTV_MAX_FIELDS];
	const LttvValueMap *maps[LTTV_MAX_FIELDS];
} LttvEventSpec;

/* The specs named name, ours first then LTTng's, one per call: *cursor
 * starts at 0; NULL when there is no other.  LTTng's per-call system call
 * events (syscall_entry_NAME, syscall_exit_NAME) are SYS_ENTER and SYS_EXIT
 * specs without fields: their number is lttv_vocabulary_syscall_id.  The
 * interrupt vectors' entries and exits (local_timer_entry, LTTng's
 * x86_irq_vectors_local_timer_entry, ...) are IRQ_ENTRY and IRQ_EXIT specs
 * without fields: their submode is lttv_vocabulary_irq_vector. */
G_GNUC_INTERNAL const LttvEventSpec *lttv_vocabulary_next(const char *name, guint *cursor);

/* The number given to the system call of a per-call event type of the
 * table's trace, -1 when it is not one.  Numbers follow the order of the
 * trace's event types, so a trace gives the same numbers in every process
 * (checkpoints on disk keep them). */
G_GNUC_INTERNAL gint32 lttv_vocabulary_syscall_id(LttvEventTable *table, const LttEventType *type);
/* The name of such a number, NULL when it is not one. */
G_GNUC_INTERNAL const char *lttv_vocabulary_syscall_name(const LttvEventTable *table, gint32 id);

/* The IRQ submode of an interrupt vector's entry or exit event type
 * (LTTV_IRQ_VECTOR_BASE + its number), -1 when it is not one. */
G_GNUC_INTERNAL gint32 lttv_vocabulary_irq_vector(const char *event);
/* The name of a vector's submode ("local_timer"), NULL when it is not one. */
G_GNUC_INTERNAL const char *lttv_vocabulary_irq_vector_name(gint32 submode);

#endif
