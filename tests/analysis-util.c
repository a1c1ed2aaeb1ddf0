/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* analysis-util.c */
#include "config.h"
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/fs.h>
#include <glib/gstdio.h>
#include "analysis-util.h"
#include "analysis-merge.h"

char *analysis_synth(const char *dir, const char *name, gboolean truth, const char *const *args)
{
	GPtrArray *argv = g_ptr_array_new_with_free_func(g_free);
	char *path = g_build_filename(dir, name, NULL);
	char *out = NULL, *err = NULL;
	GError *error = NULL;
	int status = 0;

	g_ptr_array_add(argv, g_build_filename(TOP_BUILDDIR, "ltt", "ltt-synth", NULL));
	g_ptr_array_add(argv, g_strdup("-o"));
	g_ptr_array_add(argv, g_strdup(path));
	if (truth)
		g_ptr_array_add(argv, g_strdup_printf("--truth=%s.json", path));
	for (; args != NULL && *args != NULL; args++)
		g_ptr_array_add(argv, g_strdup(*args));
	g_ptr_array_add(argv, NULL);
	if (!g_spawn_sync(NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
	                  &status, &error)
	    || !g_spawn_check_wait_status(status, &error)) {
		g_printerr("# ltt-synth: %s\n# %s", error->message, err != NULL ? err : "");
		g_clear_error(&error);
		g_clear_pointer(&path, g_free);
	}
	g_free(out);
	g_free(err);
	g_ptr_array_unref(argv);
	return path;
}

char *analysis_tmpdir(void)
{
	GError *error = NULL;
	char *dir = g_dir_make_tmp("lttv-analysis-XXXXXX", &error);

	if (dir == NULL) {
		g_printerr("# %s\n", error->message);
		g_error_free(error);
	}
	return dir;
}

static gint compare_process(gconstpointer a, gconstpointer b)
{
	const LttvProcess *p = *(const LttvProcess *const *) a, *q = *(const LttvProcess *const *) b;

	if (lttv_process_pid(p) != lttv_process_pid(q))
		return lttv_process_pid(p) < lttv_process_pid(q) ? -1 : 1;
	return (int) lttv_process_cpu(p) - (int) lttv_process_cpu(q);
}

static gboolean process_equal(const LttvProcess *p, const LttvProcess *q, GString *why)
{
	guint i;

	if (lttv_process_pid(p) != lttv_process_pid(q) || lttv_process_tgid(p) != lttv_process_tgid(q)
	    || lttv_process_ppid(p) != lttv_process_ppid(q) || strcmp(lttv_process_name(p), lttv_process_name(q)) != 0
	    || lttv_process_birth(p) != lttv_process_birth(q) || lttv_process_first_seen(p) != lttv_process_first_seen(q)
	    || lttv_process_cpu(p) != lttv_process_cpu(q) || lttv_process_status(p) != lttv_process_status(q)
	    || lttv_process_is_kernel_thread(p) != lttv_process_is_kernel_thread(q)
	    || lttv_process_depth(p) != lttv_process_depth(q)) {
		g_string_printf(why, "process %d differs (status %s/%s, depth %u/%u)", lttv_process_pid(p),
		                lttv_process_status_name(lttv_process_status(p)),
		                lttv_process_status_name(lttv_process_status(q)), lttv_process_depth(p),
		                lttv_process_depth(q));
		return FALSE;
	}
	for (i = 0; i < lttv_process_depth(p); i++) {
		const LttvExecFrame *f = lttv_process_frame(p, i), *g = lttv_process_frame(q, i);

		if (f->mode != g->mode || f->submode != g->submode || f->entry != g->entry) {
			g_string_printf(why, "process %d frame %u differs", lttv_process_pid(p), i);
			return FALSE;
		}
	}
	return TRUE;
}

gboolean analysis_state_equal(const LttvTraceState *a, const LttvTraceState *b, GString *why)
{
	GPtrArray *pa = lttv_trace_state_processes(a), *pb = lttv_trace_state_processes(b);
	gboolean equal = FALSE;
	guint i;

	if (lttv_trace_state_time(a) != lttv_trace_state_time(b)
	    || lttv_trace_state_event_count(a) != lttv_trace_state_event_count(b)) {
		g_string_printf(why, "time or event count differs");
		goto out;
	}
	if (lttv_trace_state_cpu_count(a) != lttv_trace_state_cpu_count(b) || pa->len != pb->len) {
		g_string_printf(why, "%u/%u CPUs, %u/%u processes", lttv_trace_state_cpu_count(a),
		                lttv_trace_state_cpu_count(b), pa->len, pb->len);
		goto out;
	}
	g_ptr_array_sort(pa, compare_process);
	g_ptr_array_sort(pb, compare_process);
	for (i = 0; i < pa->len; i++)
		if (!process_equal(g_ptr_array_index(pa, i), g_ptr_array_index(pb, i), why))
			goto out;
	for (i = 0; i < lttv_trace_state_cpu_count(a); i++) {
		const LttvProcess *ra = lttv_trace_state_running_process(a, i);
		const LttvProcess *rb = lttv_trace_state_running_process(b, i);

		if ((ra == NULL) != (rb == NULL) || (ra != NULL && lttv_process_pid(ra) != lttv_process_pid(rb))
		    || lttv_trace_state_cpu_mode(a, i) != lttv_trace_state_cpu_mode(b, i)) {
			g_string_printf(why, "CPU %u differs", i);
			goto out;
		}
	}
	for (i = 0; i < 64; i++)
		if (lttv_trace_state_irq_busy(a, i) != lttv_trace_state_irq_busy(b, i)
		    || g_strcmp0(lttv_trace_state_irq_name(a, i), lttv_trace_state_irq_name(b, i)) != 0) {
			g_string_printf(why, "IRQ %u differs", i);
			goto out;
		}
	for (i = 0; i < 512; i++)
		if (g_strcmp0(lttv_trace_state_syscall_name(a, i), lttv_trace_state_syscall_name(b, i)) != 0) {
			g_string_printf(why, "name of system call %u differs", i);
			goto out;
		}
	equal = TRUE;
out:
	g_ptr_array_unref(pa);
	g_ptr_array_unref(pb);
	return equal;
}

void analysis_assert_state_equal(const LttvTraceState *a, const LttvTraceState *b)
{
	GString *why = g_string_new(NULL);

	if (!analysis_state_equal(a, b, why))
		g_error("states differ: %s", why->str);
	g_string_free(why, TRUE);
}

LttvTraceState *analysis_replay(LttTrace *trace, LttTime t)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	LttvTraceState *ts = lttv_trace_state_new(trace);
	const LttEvent *ev;

	while ((ev = analysis_merge_source.peek(m)) != NULL && ltt_event_time(ev) < t) {
		lttv_trace_state_apply(ts, ev);
		analysis_merge_source.advance(m);
	}
	analysis_merge_free(m);
	return ts;
}

void analysis_assert_tree_equal(const LttvStatsNode *a, const LttvStatsNode *b)
{
	guint i;

	g_assert_cmpint(a->level, ==, b->level);
	g_assert_cmpuint(a->cpu, ==, b->cpu);
	g_assert_cmpint(a->pid, ==, b->pid);
	g_assert_cmpint(a->tgid, ==, b->tgid);
	g_assert_cmpuint(a->birth, ==, b->birth);
	g_assert_cmpstr(a->name, ==, b->name);
	g_assert_cmpint(a->mode, ==, b->mode);
	g_assert_cmpint(a->submode, ==, b->submode);
	g_assert_true(a->event_type == b->event_type);
	g_assert_cmpuint(a->events, ==, b->events);
	g_assert_cmpuint(a->cpu_time, ==, b->cpu_time);
	g_assert_cmpuint(a->elapsed_time, ==, b->elapsed_time);
	g_assert_cmpuint(a->cumulative_time, ==, b->cumulative_time);
	g_assert_cmpuint(a->uncertain_time, ==, b->uncertain_time);
	g_assert_cmpuint(a->charged_time, ==, b->charged_time);
	g_assert_true((a->children == NULL) == (b->children == NULL));
	if (a->children == NULL)
		return;
	g_assert_cmpuint(a->children->len, ==, b->children->len);
	for (i = 0; i < a->children->len; i++)
		analysis_assert_tree_equal(g_ptr_array_index(a->children, i), g_ptr_array_index(b->children, i));
}

LttvStats *analysis_whole_stats(LttTrace *trace, LttvTraceState **ts_out, LttTime *last_out)
{
	guint damaged;
	LttvStats *s = analysis_whole_stats_damaged(trace, ts_out, last_out, &damaged);

	g_assert_cmpuint(damaged, ==, 0);
	return s;
}

LttvStats *analysis_whole_stats_damaged(LttTrace *trace, LttvTraceState **ts_out, LttTime *last_out, guint *damaged)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	LttvTraceState *ts = lttv_trace_state_new(trace);
	LttvStats *s = lttv_stats_new(ts, ltt_trace_start_time(trace));
	const LttEvent *ev;
	LttTime last = 0;

	while ((ev = analysis_merge_source.peek(m)) != NULL) {
		last = ltt_event_time(ev);
		lttv_stats_apply(s, ev);
		analysis_merge_source.advance(m);
	}
	*damaged = analysis_merge_damaged(m);
	lttv_stats_close(s, last);
	analysis_merge_free(m);
	*ts_out = ts;
	if (last_out != NULL)
		*last_out = last;
	return s;
}

/* The trailer of a cache file of len bytes: the hash of doc/analysis.md
 * §6.4 (four lanes of multiply-xor over the 8-byte words before it). */
guint64 analysis_cache_hash(const guint8 *data, gsize len)
{
	guint64 lane[4] = { 1, 2, 3, 4 }, w;
	gsize i, words = (len - 8) / 8;

	for (i = 0; i < words; i++) {
		guint64 *l = &lane[i & 3];

		memcpy(&w, data + i * 8, 8);
		*l = (*l ^ w) * G_GUINT64_CONSTANT(0x9E3779B97F4A7C15);
		*l ^= *l >> 29;
	}
	return (lane[0] * 3) ^ (lane[1] * 5) ^ (lane[2] * 7) ^ (lane[3] * 11) ^ words;
}

/* Makes dir unwritable, or writable again: by its mode, and for root (whom
 * modes do not stop) by the immutable attribute.  FALSE when neither
 * works here. */
gboolean analysis_set_read_only(const char *dir, gboolean read_only)
{
	int fd, flags = 0;
	gboolean ok;

	if (geteuid() != 0)
		return g_chmod(dir, read_only ? 0555 : 0755) == 0;
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return FALSE;
	ok = ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
	flags = read_only ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
	ok = ok && ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
	close(fd);
	return ok;
}
