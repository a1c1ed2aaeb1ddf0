/* textDump-stats.c: the statistics of a trace as text (tree, paths) or
 * data (CSV, JSON), written into textDump's output after the events.  The
 * formats are described in doc/lttv.md §5.2. */
#include <config.h>
#include <ltt/event.h>
#include <lttv/state.h>
#include <lttv/stats-text.h>
#include "textDump-output.h"
#include "textDump-stats.h"

/* Per level (LttvStatsLevel): the word of the tree format, and what a path
 * component puts before the node's key. */
static const char *const level_words[] = { "trace", "cpu", "process", "mode", "submode", "event" };
static const char *const path_prefixes[] = { "", "cpu", "process/", "", "", "event/" };

gboolean text_dump_stats_format_parse(const char *name, TextDumpStatsFormat *format)
{
	if (g_strcmp0(name, "tree") == 0)
		*format = TEXT_DUMP_STATS_TREE;
	else if (g_strcmp0(name, "paths") == 0)
		*format = TEXT_DUMP_STATS_PATHS;
	else if (g_strcmp0(name, "csv") == 0)
		*format = TEXT_DUMP_STATS_CSV;
	else if (g_strcmp0(name, "json") == 0)
		*format = TEXT_DUMP_STATS_JSON;
	else
		return FALSE;
	return TRUE;
}

static void put_str(const char *s)
{
	put(s, strlen(s));
}

/* A value is written as " name=VALUE" on a tree line, as "path/name VALUE"
 * line in the paths format (path non-NULL). */
static void begin_value(const GString *path, const char *name)
{
	if (path != NULL) {
		put(path->str, path->len);
		put_c('/');
		put_str(name);
		put_c(' ');
	} else {
		put_c(' ');
		put_str(name);
		put_c('=');
	}
}

static void end_value(const GString *path)
{
	if (path != NULL)
		put_c('\n');
}

static void put_figure(const LttvStatsNode *n, LttvStatsFigure f)
{
	if (lttv_stats_figure_is_time(f))
		put_time(lttv_stats_figure_value(n, f));
	else
		put_uint(lttv_stats_figure_value(n, f));
}

static void put_values(const LttvStatsNode *n, const GString *path)
{
	if (n->level == LTTV_STATS_PROCESS) {
		begin_value(path, "name");
		text_dump_put_string(n->name != NULL ? n->name : "");
		end_value(path);
		begin_value(path, "tgid");
		put_int(n->tgid);
		end_value(path);
	}
	for (LttvStatsFigure f = 0; f < LTTV_STATS_FIGURE_COUNT; f++) {
		if (!lttv_stats_figure_applies(n, f))
			continue;
		begin_value(path, lttv_stats_figure_name(f));
		put_figure(n, f);
		end_value(path);
	}
}

static void put_tree(const LttvStatsNode *n, const char *trace_name, guint depth, GString *key)
{
	for (guint i = 0; i < depth; i++)
		put("  ", 2);
	put_str(level_words[n->level]);
	put_c(' ');
	g_string_truncate(key, 0);
	lttv_stats_append_key(key, n, trace_name);
	put(key->str, key->len);
	put_values(n, NULL);
	put_c('\n');
	for (guint i = 0; n->children != NULL && i < n->children->len; i++)
		put_tree(g_ptr_array_index(n->children, i), trace_name, depth + 1, key);
}

/* path holds the components of the ancestors; restored on return. */
static void put_paths(const LttvStatsNode *n, const char *trace_name, GString *path)
{
	gsize len = path->len;
	if (len > 0)
		g_string_append_c(path, '/');
	g_string_append(path, path_prefixes[n->level]);
	lttv_stats_append_key(path, n, trace_name);
	put_values(n, path);
	for (guint i = 0; n->children != NULL && i < n->children->len; i++)
		put_paths(g_ptr_array_index(n->children, i), trace_name, path);
	g_string_truncate(path, len);
}

/* JSON strings are UTF-8: a byte that is not part of a valid sequence (a
 * name read from a trace) becomes U+FFFD. */
static void put_json_string(const char *s)
{
	char esc[8];
	put_c('"');
	for (const char *p = s; *p;) {
		unsigned char c = (unsigned char) *p;
		if (c == '"' || c == '\\') {
			put_c('\\');
			put_c((char) c);
			p++;
		} else if (c < 0x20) {
			g_snprintf(esc, sizeof esc, "\\u%04x", c);
			put_str(esc);
			p++;
		} else if (c < 0x80) {
			put_c((char) c);
			p++;
		} else {
			gunichar u = g_utf8_get_char_validated(p, -1);
			if (u == (gunichar) -1 || u == (gunichar) -2) {
				put_str("\\ufffd");
				p++;
			} else {
				gsize len = (gsize) g_unichar_to_utf8(u, NULL);
				put(p, len);
				p += len;
			}
		}
	}
	put_c('"');
}

/* The name of the array of a node's children, by their level. */
static const char *const json_children[] = { "traces", "cpus", "processes", "modes", "submodes",
                                             "event_types" };

static void put_json_member(const char *name)
{
	put_c(',');
	put_json_string(name);
	put_c(':');
}

static void put_json(const LttvStatsNode *n, const char *trace_name)
{
	GString *key = g_string_new(NULL);
	put_c('{');
	put_json_string("level");
	put_c(':');
	put_json_string(level_words[n->level]);
	switch (n->level) {
	case LTTV_STATS_TRACE:
		put_json_member("trace");
		put_json_string(trace_name);
		break;
	case LTTV_STATS_CPU:
		put_json_member("cpu");
		put_uint(n->cpu);
		break;
	case LTTV_STATS_PROCESS:
		put_json_member("pid");
		put_int(n->pid);
		put_json_member("birth");
		if (n->birth != LTT_TIME_ZERO)
			put_time(n->birth);
		else
			put_str("null");
		put_json_member("name");
		put_json_string(n->name != NULL ? n->name : "");
		put_json_member("tgid");
		put_int(n->tgid);
		break;
	case LTTV_STATS_MODE:
		put_json_member("mode");
		put_json_string(lttv_exec_mode_name(n->mode));
		break;
	case LTTV_STATS_SUBMODE:
		put_json_member("submode");
		lttv_stats_append_key(key, n, trace_name);
		put_json_string(key->str);
		break;
	case LTTV_STATS_EVENT_TYPE:
		put_json_member("event");
		put_json_string(ltt_event_type_name(n->event_type));
		break;
	}
	g_string_free(key, TRUE);
	for (LttvStatsFigure f = 0; f < LTTV_STATS_FIGURE_COUNT; f++) {
		if (!lttv_stats_figure_applies(n, f))
			continue;
		put_json_member(lttv_stats_figure_name(f));
		put_figure(n, f);
	}
	if (n->children != NULL && n->children->len > 0) {
		const LttvStatsNode *first = g_ptr_array_index(n->children, 0);
		put_json_member(json_children[first->level]);
		put_c('[');
		for (guint i = 0; i < n->children->len; i++) {
			if (i > 0)
				put_c(',');
			put_json(g_ptr_array_index(n->children, i), trace_name);
		}
		put_c(']');
	}
	put_c('}');
}

/* Whether text_dump_stats wrote a trace since text_dump_stats_begin. */
static gboolean wrote_trace;

void text_dump_stats_begin(TextDumpStatsFormat format)
{
	wrote_trace = FALSE;
	if (format == TEXT_DUMP_STATS_CSV)
		put_str(lttv_stats_csv_header());
	else if (format == TEXT_DUMP_STATS_JSON)
		put_c('[');
}

void text_dump_stats(const LttvStatsNode *tree, const char *trace_name, TextDumpStatsFormat format)
{
	GString *buffer = g_string_new(NULL);
	switch (format) {
	case TEXT_DUMP_STATS_TREE:
		put_tree(tree, trace_name, 0, buffer);
		break;
	case TEXT_DUMP_STATS_PATHS:
		put_paths(tree, trace_name, buffer);
		break;
	case TEXT_DUMP_STATS_CSV:
		lttv_stats_append_csv(buffer, tree, trace_name);
		put(buffer->str, buffer->len);
		break;
	case TEXT_DUMP_STATS_JSON:
		if (wrote_trace)
			put_c(',');
		put_json(tree, trace_name);
		break;
	}
	wrote_trace = TRUE;
	g_string_free(buffer, TRUE);
}

void text_dump_stats_end(TextDumpStatsFormat format)
{
	if (format == TEXT_DUMP_STATS_JSON)
		put("]\n", 2);
}
