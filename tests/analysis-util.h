/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* analysis-util.h: what the analysis tests share: making traces with
 * ltt-synth and comparing states. */
#ifndef ANALYSIS_UTIL_H
#define ANALYSIS_UTIL_H

#include <ltt/ltt.h>
#include <lttv/state.h>
#include <lttv/stats.h>
#include "test-ltt-util.h"

/* Runs ltt-synth (from the build tree) with args (NULL-terminated) writing
 * the trace to dir/name and, when truth is TRUE, dir/name.json.  Returns the
 * trace path (g_free) or NULL after printing why. */
char *analysis_synth(const char *dir, const char *name, gboolean truth, const char *const *args);
/* A fresh temporary directory (g_free), or NULL after printing why;
 * tlt_remove_dir removes it. */
char *analysis_tmpdir(void);
/* TRUE when a and b describe the same system; otherwise why says the first
 * difference. */
gboolean analysis_state_equal(const LttvTraceState *a, const LttvTraceState *b, GString *why);
/* Fails the test, saying why, unless a and b are equal. */
void analysis_assert_state_equal(const LttvTraceState *a, const LttvTraceState *b);
/* Fails the test unless the two statistics trees are equal, node by node
 * (keys, names, groups, counts and times). */
void analysis_assert_tree_equal(const LttvStatsNode *a, const LttvStatsNode *b);
/* Statistics of the whole trace, applied in time order through the tests'
 * merge (which must meet no damage) and closed at the last event (*last_out
 * when not NULL); *ts_out gets the state. */
LttvStats *analysis_whole_stats(LttTrace *trace, LttvTraceState **ts_out, LttTime *last_out);
/* The same over a trace that may be damaged: *damaged gets how many
 * damaged stretches the merge skipped. */
LttvStats *analysis_whole_stats_damaged(LttTrace *trace, LttvTraceState **ts_out, LttTime *last_out, guint *damaged);
/* A new state with every event of trace earlier than t applied, from the start. */
LttvTraceState *analysis_replay(LttTrace *trace, LttTime t);
/* The trailer of a cache file of len bytes (the precomputation's or the
 * window statistics index's, doc/analysis.md §6.4): the hash of the
 * 8-byte words before it. */
guint64 analysis_cache_hash(const guint8 *data, gsize len);
/* Makes dir unwritable, or writable again: by its mode, and for root (whom
 * modes do not stop) by the immutable attribute.  FALSE when neither
 * works here. */
gboolean analysis_set_read_only(const char *dir, gboolean read_only);

#endif
