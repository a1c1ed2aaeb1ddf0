/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-text.c: statistics trees as text (stats-text.h). */
#include <config.h>
#include <string.h>
#include <ltt/type.h>
#include "stats-text.h"

void lttv_stats_append_key(GString *out, const LttvStatsNode *n, const char *trace_name)
{
	char time[LTT_TIME_STRING_SIZE];
	switch (n->level) {
	case LTTV_STATS_TRACE:
		g_string_append(out, trace_name);
		break;
	case LTTV_STATS_CPU:
		g_string_append_printf(out, "%u", n->cpu);
		break;
	case LTTV_STATS_PROCESS:
		if (n->birth != LTT_TIME_ZERO)
			ltt_time_format(n->birth, time);
		else
			g_strlcpy(time, "-", sizeof time);
		g_string_append_printf(out, "%d@%s", (int) n->pid, time);
		break;
	case LTTV_STATS_MODE:
		g_string_append(out, lttv_exec_mode_name(n->mode));
		break;
	case LTTV_STATS_SUBMODE:
		if (n->name != NULL)
			g_string_append(out, n->name);
		else if (n->submode != LTTV_SUBMODE_NONE)
			g_string_append_printf(out, "%d", (int) n->submode);
		else
			g_string_append_c(out, '-');
		break;
	case LTTV_STATS_EVENT_TYPE:
		g_string_append(out, ltt_event_type_name(n->event_type));
		break;
	}
}

static const char *const figure_names[LTTV_STATS_FIGURE_COUNT] = {
	"events", "cpu_time", "elapsed_time", "cumulative_time", "calls", "unaccounted", "uncertain_time",
	"charged_time"
};

const char *lttv_stats_figure_name(LttvStatsFigure f)
{
	return figure_names[f];
}

/* The modes whose frames end with an exit event, counted as calls. */
static gboolean mode_returns(LttvExecMode mode)
{
	return mode == LTTV_MODE_SYSCALL || mode == LTTV_MODE_TRAP || mode == LTTV_MODE_IRQ
	       || mode == LTTV_MODE_SOFTIRQ;
}

gboolean lttv_stats_figure_applies(const LttvStatsNode *n, LttvStatsFigure f)
{
	switch (f) {
	case LTTV_STATS_FIGURE_EVENTS:
		return TRUE;
	case LTTV_STATS_FIGURE_CPU_TIME:
		return n->level != LTTV_STATS_EVENT_TYPE;
	case LTTV_STATS_FIGURE_ELAPSED_TIME:
	case LTTV_STATS_FIGURE_CUMULATIVE_TIME:
		return n->level == LTTV_STATS_MODE || n->level == LTTV_STATS_SUBMODE;
	case LTTV_STATS_FIGURE_CALLS:
		return (n->level == LTTV_STATS_MODE || n->level == LTTV_STATS_SUBMODE) && mode_returns(n->mode);
	case LTTV_STATS_FIGURE_UNACCOUNTED:
		return n->level == LTTV_STATS_TRACE;
	case LTTV_STATS_FIGURE_UNCERTAIN_TIME:
		return n->level == LTTV_STATS_PROCESS && n->uncertain_time != 0;
	case LTTV_STATS_FIGURE_CHARGED_TIME:
		return n->level <= LTTV_STATS_PROCESS && n->charged_time != 0;
	case LTTV_STATS_FIGURE_COUNT:
		break;
	}
	return FALSE;
}

gboolean lttv_stats_figure_is_time(LttvStatsFigure f)
{
	return f == LTTV_STATS_FIGURE_CPU_TIME || f == LTTV_STATS_FIGURE_ELAPSED_TIME
	       || f == LTTV_STATS_FIGURE_CUMULATIVE_TIME || f == LTTV_STATS_FIGURE_UNCERTAIN_TIME
	       || f == LTTV_STATS_FIGURE_CHARGED_TIME;
}

guint64 lttv_stats_figure_value(const LttvStatsNode *n, LttvStatsFigure f)
{
	switch (f) {
	case LTTV_STATS_FIGURE_EVENTS:
		return n->events;
	case LTTV_STATS_FIGURE_CPU_TIME:
		return n->cpu_time;
	case LTTV_STATS_FIGURE_ELAPSED_TIME:
		return n->elapsed_time;
	case LTTV_STATS_FIGURE_CUMULATIVE_TIME:
		return n->cumulative_time;
	case LTTV_STATS_FIGURE_CALLS:
		return n->calls;
	case LTTV_STATS_FIGURE_UNACCOUNTED:
		return n->unaccounted;
	case LTTV_STATS_FIGURE_UNCERTAIN_TIME:
		return n->uncertain_time;
	case LTTV_STATS_FIGURE_CHARGED_TIME:
		return n->charged_time;
	case LTTV_STATS_FIGURE_COUNT:
		break;
	}
	return 0;
}

static const char *const level_words[] = { "trace", "cpu", "process", "mode", "submode", "event" };

const char *lttv_stats_csv_header(void)
{
	return "level,trace,cpu,pid,birth,process,tgid,mode,submode,event,events,cpu_time,"
	       "elapsed_time,cumulative_time,calls,unaccounted,uncertain_time,charged_time\n";
}

/* RFC 4180 quoting, only when the field needs it. */
static void append_csv_string(GString *out, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		g_string_append(out, s);
		return;
	}
	g_string_append_c(out, '"');
	for (const char *p = s; *p; p++) {
		if (*p == '"')
			g_string_append_c(out, '"');
		g_string_append_c(out, *p);
	}
	g_string_append_c(out, '"');
}

static void append_time(GString *out, LttTime t)
{
	char text[LTT_TIME_STRING_SIZE];
	ltt_time_format(t, text);
	g_string_append(out, text);
}

/* The nodes on the way from the trace to the row's node. */
typedef struct {
	const char *trace;
	const LttvStatsNode *at[LTTV_STATS_EVENT_TYPE + 1];
} CsvKeys;

static void append_row(GString *out, const LttvStatsNode *n, const CsvKeys *k)
{
	const LttvStatsNode *cpu = k->at[LTTV_STATS_CPU], *process = k->at[LTTV_STATS_PROCESS];
	const LttvStatsNode *mode = k->at[LTTV_STATS_MODE], *submode = k->at[LTTV_STATS_SUBMODE];
	g_string_append(out, level_words[n->level]);
	g_string_append_c(out, ',');
	append_csv_string(out, k->trace);
	g_string_append_c(out, ',');
	if (cpu != NULL)
		g_string_append_printf(out, "%u", cpu->cpu);
	g_string_append_c(out, ',');
	if (process != NULL) {
		g_string_append_printf(out, "%d,", (int) process->pid);
		if (process->birth != LTT_TIME_ZERO)
			append_time(out, process->birth);
		g_string_append_c(out, ',');
		append_csv_string(out, process->name != NULL ? process->name : "");
		g_string_append_printf(out, ",%d", (int) process->tgid);
	} else {
		g_string_append(out, ",,,");
	}
	g_string_append_c(out, ',');
	if (mode != NULL)
		g_string_append(out, lttv_exec_mode_name(mode->mode));
	g_string_append_c(out, ',');
	if (submode != NULL) {
		GString *key = g_string_new(NULL);
		lttv_stats_append_key(key, submode, k->trace);
		append_csv_string(out, key->str);
		g_string_free(key, TRUE);
	}
	g_string_append_c(out, ',');
	if (n->level == LTTV_STATS_EVENT_TYPE)
		append_csv_string(out, ltt_event_type_name(n->event_type));
	/* A figure that means nothing at this level is an empty field. */
	for (LttvStatsFigure f = 0; f < LTTV_STATS_FIGURE_COUNT; f++) {
		g_string_append_c(out, ',');
		if (!lttv_stats_figure_applies(n, f))
			continue;
		if (lttv_stats_figure_is_time(f))
			append_time(out, lttv_stats_figure_value(n, f));
		else
			g_string_append_printf(out, "%" G_GUINT64_FORMAT, lttv_stats_figure_value(n, f));
	}
	g_string_append_c(out, '\n');
}

static void append_subtree(GString *out, const LttvStatsNode *n, CsvKeys *k)
{
	k->at[n->level] = n;
	append_row(out, n, k);
	for (guint i = 0; n->children != NULL && i < n->children->len; i++)
		append_subtree(out, g_ptr_array_index(n->children, i), k);
	k->at[n->level] = NULL;
}

void lttv_stats_append_csv(GString *out, const LttvStatsNode *tree, const char *trace_name)
{
	CsvKeys keys = { .trace = trace_name };
	append_subtree(out, tree, &keys);
}

void lttv_stats_append_csv_row(GString *out, const LttvStatsNode *const *path, guint len, const char *trace_name)
{
	CsvKeys keys = { .trace = trace_name };
	for (guint i = 0; i < len; i++)
		keys.at[path[i]->level] = path[i];
	append_row(out, path[len - 1], &keys);
}
