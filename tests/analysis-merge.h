/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* analysis-merge.h: the events of one trace in time order, for the analysis
 * tests and benchmarks (the library's merge belongs to traceset contexts). */
#ifndef ANALYSIS_MERGE_H
#define ANALYSIS_MERGE_H

#include <ltt/ltt.h>
#include <lttv/checkpoint.h>

typedef struct _AnalysisMerge AnalysisMerge;

AnalysisMerge *analysis_merge_new(LttTrace *trace);
void analysis_merge_free(AnalysisMerge *m);
/* Damaged parts the reader reported and skipped. */
guint64 analysis_merge_damaged(const AnalysisMerge *m);

/* An LttvEventSource over an AnalysisMerge (data: the merge). */
extern const LttvEventSource analysis_merge_source;

#endif
