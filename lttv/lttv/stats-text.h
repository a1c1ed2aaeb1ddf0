/* stats-text.h: the keys and the CSV rows of a statistics tree as text,
 * shared by textDump (-s --stats-format=csv) and the GUI's statistics
 * viewer (its export), so that both write the same figures the same way
 * (doc/lttv.md §5.2). */
#ifndef LTTV_STATS_TEXT_H
#define LTTV_STATS_TEXT_H

#include <glib.h>
#include "stats.h"

G_BEGIN_DECLS

/* Appends what tells n apart from its siblings: trace: trace_name; CPU:
 * its number; process: PID@BIRTH (BIRTH "-" when unknown); mode: its
 * name; submode: its name, else its number, else "-"; event: the type's
 * name. */
void lttv_stats_append_key(GString *out, const LttvStatsNode *n, const char *trace_name);

/* The CSV header line (with its newline). */
const char *lttv_stats_csv_header(void);
/* One CSV row per node of tree (a trace's tree, from lttv_stats_tree),
 * parents before children; fields quoted as RFC 4180 says. */
void lttv_stats_append_csv(GString *out, const LttvStatsNode *tree, const char *trace_name);

G_END_DECLS

#endif
