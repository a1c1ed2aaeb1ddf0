/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* textDump-stats.h: the statistics of a trace as text (doc/lttv.md §3.3). */
#ifndef TEXTDUMP_STATS_H
#define TEXTDUMP_STATS_H

#include <glib.h>
#include <lttv/stats.h>

typedef enum {
	TEXT_DUMP_STATS_TREE,     /* one indented line per node, for people */
	TEXT_DUMP_STATS_PATHS,    /* "path value" per number, for scripts */
	TEXT_DUMP_STATS_CSV,      /* a header, then one row per node, for spreadsheets */
	TEXT_DUMP_STATS_JSON      /* one array of the traces' trees */
} TextDumpStatsFormat;

/* "tree", "paths", "csv" or "json"; FALSE for anything else. */
gboolean text_dump_stats_format_parse(const char *name, TextDumpStatsFormat *format);

/* The statistics of every trace, written to textDump's output as
 * begin, text_dump_stats for each trace (its tree from lttv_stats_tree, per
 * CPU), end: the CSV header and the JSON array come once. */
void text_dump_stats_begin(TextDumpStatsFormat format);
void text_dump_stats(const LttvStatsNode *tree, const char *trace_name, TextDumpStatsFormat format);
void text_dump_stats_end(TextDumpStatsFormat format);

#endif
