/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-filter.h: the state.* fields of filters (filter.h) taken from the
 * process state: providers to pass to lttv_filter_eval. */
#ifndef LTTV_STATE_FILTER_H
#define LTTV_STATE_FILTER_H

#include "filter.h"
#include "state.h"
#include "state-context.h"

G_BEGIN_DECLS

/* data: the LttvTraceState of ev's trace.  Describes the task ev ran in
 * as the state has it (lttv_trace_state_event_process: the task ev names
 * itself, a switch's prev task or its common_pid, else the task running
 * on ev's CPU; the state before ev, the hook runs before the state's);
 * FALSE when that task is not known.  Names are lttv_exec_mode_name,
 * lttv_trace_state_submode_name and lttv_process_status_name. */
gboolean lttv_trace_state_filter_process(gpointer data, const LttEvent *ev, LttvFilterProcess *out);
/* data: an LttvContextState; the state of ev's trace is used. */
gboolean lttv_context_state_filter_process(gpointer data, const LttEvent *ev, LttvFilterProcess *out);

G_END_DECLS

#endif
