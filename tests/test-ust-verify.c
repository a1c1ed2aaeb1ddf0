/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ust-verify: reads the traces ust-example produced (through libltt's
 * reader) and checks them.  Used by test-ust.sh.
 *
 *   test-ust-verify [--emitted E [--announced A]] [--app-lost L] [--window T0 T1] TRACE...
 *
 * Every "tick" event must be intact (checksum) and present once over all the
 * traces given (a drainer restarted writes a second trace).  --emitted:
 * present + lost (from block headers) must equal E plus the A "ust_thread"
 * events the library wrote (one per thread with per-thread buffers) and the
 * "ust_thread" events present must be at most A; otherwise, for a
 * program killed at an unknown point, present + lost must cover every
 * thread's events up to its last one present.  --app-lost: lost must be
 * exactly what the program counted (discard mode).  --window: event times
 * lie in [T0, T1] (CLOCK_MONOTONIC, 1 ms margin).  --expect NAME=N: the
 * traces hold exactly N events called NAME (any program).  Prints one
 * summary line; exits 1 when a check fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltt/ltt.h"

#define MAX_THREADS 64

typedef struct {
	GHashTable *by_name;     /* event name -> count */
	GByteArray *seen[MAX_THREADS];
	guint64 present, duplicates, damaged, lost, outside, announcements;
	gint64 max_seq[MAX_THREADS];
} Tally;

static guint32 checksum(guint32 thread, guint64 seq, guint64 value, const char *label)
{
	guint32 h = 2166136261U;
	const guint8 *parts[3] = { (const void *) &thread, (const void *) &seq, (const void *) &value };
	gsize sizes[3] = { 4, 8, 8 };

	for (int i = 0; i < 3; i++)
		for (gsize j = 0; j < sizes[i]; j++)
			h = (h ^ parts[i][j]) * 16777619U;
	for (; *label; label++)
		h = (h ^ (guint8) *label) * 16777619U;
	return h;
}

static void check_event(Tally *t, const LttEvent *ev, LttTime t0, LttTime t1)
{
	const LttEventType *et = ltt_event_type(ev);
	const LttField *f_thread = ltt_event_type_field_by_name(et, "thread");
	const LttField *f_seq = ltt_event_type_field_by_name(et, "seq");
	const LttField *f_value = ltt_event_type_field_by_name(et, "value");
	const LttField *f_check = ltt_event_type_field_by_name(et, "check");
	const LttField *f_label = ltt_event_type_field_by_name(et, "label");
	guint64 thread, seq;
	const char *label;
	GByteArray *seen;

	if (!f_thread || !f_seq || !f_value || !f_check || !f_label) {
		t->damaged++;
		return;
	}
	thread = ltt_event_get_uint(ev, f_thread);
	seq = ltt_event_get_uint(ev, f_seq);
	label = ltt_event_get_string(ev, f_label);
	if (thread >= MAX_THREADS || !label || seq > 100000000U
	    || ltt_event_get_uint(ev, f_check) != checksum((guint32) thread, seq, ltt_event_get_uint(ev, f_value), label)) {
		t->damaged++;
		return;
	}
	if (t0 && (ltt_event_time(ev) + 1000000U < t0 || ltt_event_time(ev) > t1 + 1000000U))
		t->outside++;
	seen = t->seen[thread];
	if (seen->len <= seq) {
		guint old = seen->len;
		g_byte_array_set_size(seen, (guint) seq + 1U);
		memset(seen->data + old, 0, seen->len - old);
	}
	if (seen->data[seq]) {
		t->duplicates++;
		return;
	}
	seen->data[seq] = 1;
	t->present++;
	if ((gint64) seq > t->max_seq[thread])
		t->max_seq[thread] = (gint64) seq;
}

static gboolean read_trace(Tally *t, const char *path, LttTime t0, LttTime t1)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);

	if (!trace) {
		fprintf(stderr, "test-ust-verify: %s\n", error->message);
		g_error_free(error);
		return FALSE;
	}
	for (guint i = 0; i < ltt_trace_tracefile_count(trace); i++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, i);
		LttReadStatus st;

		if (!g_str_has_prefix(ltt_tracefile_channel(tf), "ust-"))
			continue;
		t->lost += ltt_tracefile_lost_events(tf);
		while ((st = ltt_tracefile_next(tf, &error)) != LTT_READ_END) {
			if (st == LTT_READ_DAMAGED) {
				fprintf(stderr, "test-ust-verify: %s\n", error->message);
				g_clear_error(&error);
				t->damaged++;
				continue;
			}
			const char *name = ltt_event_name(ltt_tracefile_event(tf));
			g_hash_table_insert(t->by_name, g_strdup(name),
			                    GSIZE_TO_POINTER(GPOINTER_TO_SIZE(g_hash_table_lookup(t->by_name, name)) + 1));
			if (strcmp(name, "tick") == 0)
				check_event(t, ltt_tracefile_event(tf), t0, t1);
			else if (strcmp(name, "ust_thread") == 0)
				t->announcements++;
		}
	}
	t->damaged += ltt_trace_warning_count(trace);
	for (guint i = 0; i < ltt_trace_warning_count(trace); i++)
		fprintf(stderr, "test-ust-verify: %s\n", ltt_trace_warning(trace, i));
	ltt_trace_unref(trace);
	return TRUE;
}

int main(int argc, char **argv)
{
	Tally t = { 0 };
	gint64 emitted = -1, app_lost = -1, announced = 0;
	GPtrArray *expect = g_ptr_array_new();
	LttTime t0 = 0, t1 = 0;
	guint64 covered = 0;
	int traces = 0;
	gboolean ok = TRUE;

	t.by_name = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (int i = 0; i < MAX_THREADS; i++) {
		t.seen[i] = g_byte_array_new();
		t.max_seq[i] = -1;
	}
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--emitted") == 0 && i + 1 < argc)
			emitted = g_ascii_strtoll(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--announced") == 0 && i + 1 < argc)
			announced = g_ascii_strtoll(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--app-lost") == 0 && i + 1 < argc)
			app_lost = g_ascii_strtoll(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--expect") == 0 && i + 1 < argc && strchr(argv[i + 1], '='))
			g_ptr_array_add(expect, argv[++i]);
		else if (strcmp(argv[i], "--window") == 0 && i + 2 < argc) {
			t0 = g_ascii_strtoull(argv[++i], NULL, 10);
			t1 = g_ascii_strtoull(argv[++i], NULL, 10);
		} else if (read_trace(&t, argv[i], t0, t1))
			traces++;
		else
			ok = FALSE;
	}
	for (int i = 0; i < MAX_THREADS; i++) {
		covered += (guint64) (t.max_seq[i] + 1);
		g_byte_array_unref(t.seen[i]);
	}
	printf("present %" G_GUINT64_FORMAT " lost %" G_GUINT64_FORMAT " duplicates %" G_GUINT64_FORMAT
	       " damaged %" G_GUINT64_FORMAT " outside %" G_GUINT64_FORMAT " covered %" G_GUINT64_FORMAT
	       " ust_thread %" G_GUINT64_FORMAT "\n",
	       t.present, t.lost, t.duplicates, t.damaged, t.outside, covered, t.announcements);
	if (traces == 0 || t.duplicates || t.damaged || t.outside)
		ok = FALSE;
	for (guint i = 0; i < expect->len; i++) {
		char **kv = g_strsplit(g_ptr_array_index(expect, i), "=", 2);
		gsize n = GPOINTER_TO_SIZE(g_hash_table_lookup(t.by_name, kv[0]));
		printf("%s %" G_GSIZE_FORMAT "\n", kv[0], n);
		if (n != g_ascii_strtoull(kv[1], NULL, 10))
			ok = FALSE;
		g_strfreev(kv);
	}
	g_ptr_array_unref(expect);
	g_hash_table_unref(t.by_name);
	if (emitted >= 0 && (t.present + t.announcements + t.lost != (guint64) (emitted + announced)
	                     || t.announcements > (guint64) announced))
		ok = FALSE;
	if (emitted < 0 && t.present + t.announcements + t.lost < covered)
		ok = FALSE;
	if (app_lost >= 0 && t.lost != (guint64) app_lost)
		ok = FALSE;
	return ok ? 0 : 1;
}
