/* textDump-stats.h: the statistics of a trace as text (doc/lttv.md §3.3). */
#ifndef TEXTDUMP_STATS_H
#define TEXTDUMP_STATS_H

#include <glib.h>
#include <lttv/stats.h>

typedef enum {
	TEXT_DUMP_STATS_TREE,     /* one indented line per node, for people */
	TEXT_DUMP_STATS_PATHS     /* "path value" per number, for scripts */
} TextDumpStatsFormat;

/* "tree" or "paths"; FALSE for anything else. */
gboolean text_dump_stats_format_parse(const char *name, TextDumpStatsFormat *format);

/* Writes the tree of one trace (lttv_stats_tree, per CPU) to textDump's
 * output. */
void text_dump_stats(const LttvStatsNode *tree, const char *trace_name, TextDumpStatsFormat format);

#endif
