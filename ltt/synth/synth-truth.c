/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* synth-truth.c: streaming the ground truth as hand-written JSON. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "synth-truth.h"
#include "ltt/ltt-error.h"

struct _SynthTruth {
	char *path;
	FILE *file;
	const char *const *event_names;
	guint n_events;
	guint written;              /* processes written so far */
	GString *buf;
};

static const char *const mode_names[SYNTH_MODE_COUNT] = {
	"user", "syscall", "trap", "irq", "softirq", "idle"
};

static void json_string(GString *out, const char *s)
{
	g_string_append_c(out, '"');
	for (const unsigned char *c = (const unsigned char *) s; *c; c++) {
		switch (*c) {
		case '"': g_string_append(out, "\\\""); break;
		case '\\': g_string_append(out, "\\\\"); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\t': g_string_append(out, "\\t"); break;
		case '\r': g_string_append(out, "\\r"); break;
		default:
			if (*c < 0x20)
				g_string_append_printf(out, "\\u%04x", *c);
			else
				g_string_append_c(out, (char) *c);
		}
	}
	g_string_append_c(out, '"');
}

static void json_time_or_null(GString *out, gboolean has, guint64 t)
{
	if (has)
		g_string_append_printf(out, "%" G_GUINT64_FORMAT, t);
	else
		g_string_append(out, "null");
}

static gboolean flush_buf(SynthTruth *t, GError **error)
{
	if (fwrite(t->buf->str, 1, t->buf->len, t->file) != t->buf->len) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot write: %s", t->path,
		            g_strerror(errno));
		return FALSE;
	}
	g_string_truncate(t->buf, 0);
	return TRUE;
}

SynthTruth *synth_truth_new(const char *path, const char *const *event_names, guint n,
                            GError **error)
{
	FILE *f = g_fopen(path, "w");
	SynthTruth *t;

	if (!f) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot create: %s", path,
		            g_strerror(errno));
		return NULL;
	}
	t = g_new0(SynthTruth, 1);
	t->path = g_strdup(path);
	t->file = f;
	t->event_names = event_names;
	t->n_events = n;
	t->buf = g_string_new("{\n\"processes\": {");
	return t;
}

gboolean synth_truth_add_process(SynthTruth *t, const SynthTruthProcess *p, GError **error)
{
	GString *o = t->buf;
	gboolean first = TRUE;

	g_string_append(o, t->written++ ? ",\n  " : "\n  ");
	if (p->cpu >= 0)
		g_string_append_printf(o, "\"0/cpu%d\": {", p->cpu);
	else if (p->has_birth)
		g_string_append_printf(o, "\"%d/%" G_GUINT64_FORMAT "\": {", p->pid, p->birth);
	else
		g_string_append_printf(o, "\"%d/-\": {", p->pid);
	g_string_append_printf(o, "\"pid\": %d, \"tgid\": %d, \"ppid\": %d, \"name\": ", p->pid,
	                       p->tgid, p->ppid);
	json_string(o, p->name);
	if (p->cpu >= 0)
		g_string_append_printf(o, ", \"cpu\": %d", p->cpu);
	g_string_append(o, ", \"birth\": ");
	json_time_or_null(o, p->has_birth, p->birth);
	g_string_append(o, ", \"exit\": ");
	json_time_or_null(o, p->has_exit, p->exit_time);
	g_string_append(o, ",\n    \"cpu_time\": {");
	for (guint m = 0; m < SYNTH_MODE_COUNT; m++)
		g_string_append_printf(o, "%s\"%s\": %" G_GUINT64_FORMAT, m ? ", " : "", mode_names[m],
		                       p->time[m]);
	if (p->seen != NULL) {
		g_string_append(o, "},\n    \"cpu_time_seen\": {");
		for (guint m = 0; m < SYNTH_MODE_COUNT; m++)
			g_string_append_printf(o, "%s\"%s\": %" G_GUINT64_FORMAT, m ? ", " : "", mode_names[m],
			                       p->seen[m]);
	}
	g_string_append(o, "},\n    \"events\": {");
	for (guint i = 0; i < t->n_events; i++) {
		if (!p->counts[i])
			continue;
		g_string_append_printf(o, "%s\"%s\": %" G_GUINT64_FORMAT, first ? "" : ", ",
		                       t->event_names[i], p->counts[i]);
		first = FALSE;
	}
	g_string_append(o, "}}");
	return o->len < 65536 || flush_buf(t, error);
}

gboolean synth_truth_finish(SynthTruth *t, guint64 start, guint64 end, guint64 events,
                            const guint64 *lost, guint cpus, const guint64 *unknown_seen, GError **error)
{
	GString *o = t->buf;
	gboolean ok;

	g_string_append_printf(o, "\n},\n\"trace\": {\"start\": %" G_GUINT64_FORMAT
	                       ", \"end\": %" G_GUINT64_FORMAT ", \"cpus\": %u, \"events\": %"
	                       G_GUINT64_FORMAT ", \"processes\": %u",
	                       start, end, cpus, events, t->written);
	if (unknown_seen != NULL)
		g_string_append_printf(o, ", \"unknown_time_seen\": %" G_GUINT64_FORMAT, *unknown_seen);
	g_string_append(o, "},\n\"lost_events\": [");
	for (guint c = 0; c < cpus; c++)
		g_string_append_printf(o, "%s%" G_GUINT64_FORMAT, c ? ", " : "", lost[c]);
	g_string_append(o, "]\n}\n");
	ok = flush_buf(t, error);
	if (fclose(t->file) != 0 && ok) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot write: %s", t->path,
		            g_strerror(errno));
		ok = FALSE;
	}
	g_string_free(t->buf, TRUE);
	g_free(t->path);
	g_free(t);
	return ok;
}
