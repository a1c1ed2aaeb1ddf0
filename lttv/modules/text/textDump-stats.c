/* textDump-stats.c: the statistics of a trace as text, written into
 * textDump's output after the events. */
#include <config.h>
#include <ltt/event.h>
#include <lttv/state.h>
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
	else
		return FALSE;
	return TRUE;
}

static void put_str(const char *s)
{
	put(s, strlen(s));
}

/* What tells the node apart from its siblings:
 *   trace: its name; CPU: its number; process: PID@BIRTH (BIRTH "-" when
 *   unknown; PID -1 gathers the events of no known task); mode: its name;
 *   submode: its name, else its number, else "-"; event: the type's name. */
static void append_key(GString *key, const LttvStatsNode *n, const char *trace_name)
{
	char time[LTT_TIME_STRING_SIZE];
	switch (n->level) {
	case LTTV_STATS_TRACE:
		g_string_append(key, trace_name);
		break;
	case LTTV_STATS_CPU:
		g_string_append_printf(key, "%u", n->cpu);
		break;
	case LTTV_STATS_PROCESS:
		if (n->birth != LTT_TIME_ZERO)
			ltt_time_format(n->birth, time);
		else
			g_strlcpy(time, "-", sizeof time);
		g_string_append_printf(key, "%d@%s", (int) n->pid, time);
		break;
	case LTTV_STATS_MODE:
		g_string_append(key, lttv_exec_mode_name(n->mode));
		break;
	case LTTV_STATS_SUBMODE:
		if (n->name != NULL)
			g_string_append(key, n->name);
		else if (n->submode != LTTV_SUBMODE_NONE)
			g_string_append_printf(key, "%d", (int) n->submode);
		else
			g_string_append_c(key, '-');
		break;
	case LTTV_STATS_EVENT_TYPE:
		g_string_append(key, ltt_event_type_name(n->event_type));
		break;
	}
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

static void put_time_value(const GString *path, const char *name, LttTime t)
{
	begin_value(path, name);
	put_time(t);
	end_value(path);
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
	begin_value(path, "events");
	put_uint(n->events);
	end_value(path);
	if (n->level == LTTV_STATS_EVENT_TYPE)
		return;
	put_time_value(path, "cpu_time", n->cpu_time);
	put_time_value(path, "elapsed_time", n->elapsed_time);
	put_time_value(path, "cumulative_time", n->cumulative_time);
}

static void put_tree(const LttvStatsNode *n, const char *trace_name, guint depth, GString *key)
{
	for (guint i = 0; i < depth; i++)
		put("  ", 2);
	put_str(level_words[n->level]);
	put_c(' ');
	g_string_truncate(key, 0);
	append_key(key, n, trace_name);
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
	append_key(path, n, trace_name);
	put_values(n, path);
	for (guint i = 0; n->children != NULL && i < n->children->len; i++)
		put_paths(g_ptr_array_index(n->children, i), trace_name, path);
	g_string_truncate(path, len);
}

void text_dump_stats(const LttvStatsNode *tree, const char *trace_name, TextDumpStatsFormat format)
{
	GString *buffer = g_string_new(NULL);
	if (format == TEXT_DUMP_STATS_TREE)
		put_tree(tree, trace_name, 0, buffer);
	else
		put_paths(tree, trace_name, buffer);
	g_string_free(buffer, TRUE);
}
