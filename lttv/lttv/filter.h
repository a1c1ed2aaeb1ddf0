/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* filter.h: the filter language (doc/filter.md).
 *
 *   event.name = sched_switch & (state.pid > 100 | state.process_name = "bash*")
 *
 * A filter is compiled once from text and then evaluated on each event.  It
 * does not depend on the process state: state.* fields are asked of a
 * provider given at evaluation, and only when a state.* leaf is reached. */
#ifndef LTTV_FILTER_H
#define LTTV_FILTER_H

#include <glib.h>
#include <ltt/ltt-time.h>
#include <ltt/event.h>

G_BEGIN_DECLS

#define LTTV_FILTER_ERROR (lttv_filter_error_quark())
GQuark lttv_filter_error_quark(void);

typedef enum {
	/* The text does not compile; the message reads
	 * "column N: expected X, found Y" (N counts characters from 1). */
	LTTV_FILTER_ERROR_PARSE
} LttvFilterError;

typedef struct _LttvFilter LttvFilter;

/* What state.* leaves compare against: the process running the event's CPU.
 * Strings may be NULL (unknown); a leaf on an unknown string is false. */
typedef struct {
	gint64 pid, tgid, ppid, cpu;
	const char *process_name;
	const char *execution_mode;     /* e.g. "USER_MODE", "SYSCALL" */
	const char *execution_submode;
	const char *process_status;     /* e.g. "RUN", "WAIT" */
	LttTime creation_time;
} LttvFilterProcess;

/* Fills out for ev; FALSE when no process is known (every state.* leaf is
 * then false).  Called at most once per evaluation. */
typedef gboolean (*LttvFilterProcessFunc)(gpointer data, const LttEvent *ev, LttvFilterProcess *out);

/* Compiles expression; NULL with an LTTV_FILTER_ERROR error when it does not
 * compile. */
LttvFilter *lttv_filter_new(const char *expression, GError **error);
void lttv_filter_free(LttvFilter *filter);

/* A filter that holds when both hold (several -e options).  Takes ownership
 * of a and b. */
LttvFilter *lttv_filter_and(LttvFilter *a, LttvFilter *b);

/* TRUE when the event passes.  process (may be NULL) provides state.*
 * fields.  The filter caches per event type and per tracefile what it
 * resolved, so it is not thread-safe: use one filter per thread. */
gboolean lttv_filter_eval(LttvFilter *filter, const LttEvent *ev,
                          LttvFilterProcessFunc process, gpointer process_data);

/* TRUE when some leaf reads state.*: callers may then skip state tracking
 * when it is FALSE. */
gboolean lttv_filter_uses_state(const LttvFilter *filter);

/* The caches are keyed by event type and tracefile pointers: call this after
 * closing a trace whose events were evaluated, before evaluating events of
 * traces opened later. */
void lttv_filter_reset_cache(LttvFilter *filter);

/* The compiled tree as one line, operators prefix and n-ary, e.g.
 * (| (& event.name = "sched_switch" event.cpu = 1) state.pid > 100).
 * For tests and for explaining how an expression was understood. */
char *lttv_filter_to_string(const LttvFilter *filter);

G_END_DECLS

#endif
