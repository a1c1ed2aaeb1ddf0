/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-filter.c: filling the filter's view of a process from the state. */
#include "config.h"
#include "state-filter.h"

gboolean lttv_trace_state_filter_process(gpointer data, const LttEvent *ev, LttvFilterProcess *out)
{
	LttvTraceState *ts = data;
	/* The event's own task when it names one (a switch the tracer missed
	 * leaves the state believing another, doc/analysis.md §1.4), as
	 * textDump -p shows it. */
	const LttvProcess *p = lttv_trace_state_event_process(ts, ev);
	const LttvExecFrame *top;
	const char *name;

	if (p == NULL)
		return FALSE;
	top = lttv_process_frame(p, lttv_process_depth(p) - 1);
	name = lttv_process_name(p);
	out->pid = lttv_process_pid(p);
	out->tgid = lttv_process_tgid(p);
	out->ppid = lttv_process_ppid(p);
	out->cpu = lttv_process_cpu(p);
	out->process_name = name[0] != '\0' ? name : NULL;
	out->execution_mode = lttv_exec_mode_name(top->mode);
	out->execution_submode = lttv_trace_state_submode_name(ts, top->mode, top->submode);
	out->process_status = lttv_process_status_name(lttv_process_status(p));
	out->creation_time = lttv_process_birth(p);
	return TRUE;
}

gboolean lttv_context_state_filter_process(gpointer data, const LttEvent *ev, LttvFilterProcess *out)
{
	LttTrace *trace = ltt_tracefile_trace(ltt_event_tracefile(ev));
	LttvTraceState *ts;
	guint i;

	for (i = 0; (ts = lttv_context_state_get(data, i)) != NULL; i++)
		if (lttv_trace_state_trace(ts) == trace)
			return lttv_trace_state_filter_process(ts, ev, out);
	return FALSE;
}
