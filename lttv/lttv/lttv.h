/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttv.h: what liblttvcore shares process-wide.
 *
 * The global attribute tree is where modules publish hook lists and results
 * for each other.  The lttv program calls (lists are created on first use,
 * so a module may add to them in its init):
 *
 *   hooks/main/before      after options are parsed (call_data NULL)
 *   hooks/main/after       before modules are unloaded (call_data NULL)
 *
 * The batch run over the -t traces belongs to the batchAnalysis module
 * (lttv/modules/text/batchAnalysis.c, from hooks/main/before); modules that
 * use it name it as a prerequisite.  It calls:
 *
 *   hooks/traceset/before  the run starts (call_data: LttvTracesetContext *)
 *   hooks/traceset/after   it ended (call_data: LttvTracesetContext *)
 *   hooks/trace/before, hooks/trace/after          (call_data: LttvTraceContext *)
 *   hooks/tracefile/before, hooks/tracefile/after  (call_data: LttvTracefileContext *)
 *   hooks/event            every selected event (call_data: LttvTracefileContext *);
 *                          the list is read when the run starts
 *
 * "Selected" means accepted by the filter (textFilter's -e); selected events
 * are delivered before the process state applies them, so the state is the
 * one in force when the event occurred (a sched_switch sees its prev task
 * running).  Per tracefile, the same delivery goes through the list
 * published in the tracefile context's attributes, for hooks that need
 * per-tracefile data (add them from a hooks/tracefile/before hook):
 *
 *   batch/event   (pointer, in LttvTracefileContext.a) LttvHooks * of the run
 *   batch/state   (pointer, in LttvTraceContext.a) the LttvTraceState of the
 *                 trace, or NULL when no module asked for the state
 *   batch/stats   (pointer, in LttvTraceContext.a, during hooks/trace/after
 *                 and hooks/traceset/after) the LttvStatsNode tree of the
 *                 whole trace, per CPU (stats.h), or NULL without -s
 *
 * Global values:
 *
 *   traceset               (pointer) the LttvTraceset of the -t traces
 *   verbose                (int) non-zero with -v
 *   batch/needs_traces     (int) non-zero when a loaded module has nothing to do
 *                          without -t: lttv then reports a missing -t
 *   batch/needs_state      (int) a module that reads batch/state sets it
 *                          non-zero (before hooks/main/before)
 *   batch/filter           (pointer) the LttvFilter selecting events, or NULL
 *                          (set by textFilter; filter.h)
 *   batch/time_range       (int) non-zero when lttv's --begin/--end are given;
 *                          then batch/begin and batch/end (LttTime, LTTV_TIME
 *                          values) are the first and last times to deliver
 *   status                 (int) a module that failed (after printing why) sets it
 *                          non-zero: lttv exits with status 1
 *   damaged                (int) set non-zero by batchAnalysis when a trace (or
 *                          the import of its source) had
 *                          damage that was reported and skipped: lttv exits
 *                          with LTTV_EXIT_DAMAGED once everything readable was
 *                          processed
 */
#ifndef LTTV_LTTV_H
#define LTTV_LTTV_H

#include "attribute.h"
#include "hook.h"

G_BEGIN_DECLS

/* Exit status of lttv when the run completed but skipped damaged input. */
#define LTTV_EXIT_DAMAGED 3

LttvAttribute *lttv_global_attributes(void);

/* The hook list at path in the global tree, created on first use. */
LttvHooks *lttv_global_hooks(const char *path);

/* Values of the global tree, created zeroed on first use.  A path holding
 * a value of another type reads as 0 / NULL and is left alone (paths are
 * chosen by programs; lttv_attribute_find_by_path says why). */
int lttv_global_int(const char *path);
void lttv_global_set_int(const char *path, int value);
gpointer lttv_global_pointer(const char *path);
void lttv_global_set_pointer(const char *path, gpointer value);

/* Frees the global tree and its hook lists (program end). */
void lttv_global_fini(void);

G_END_DECLS

#endif
