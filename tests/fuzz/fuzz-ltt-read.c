/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* fuzz-ltt-read: libFuzzer target for the trace reader.  The input is a
 * trace directory in one buffer (fuzz-trace-dir.h): a listing, or in the
 * plain layout the metadata and channel file "kernel_0".  Every
 * event is read, every field decoded and formatted, and seeking by time and
 * by position is exercised, as a viewer would. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include "ltt/ltt.h"
#include "fuzz-trace-dir.h"

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size);

/* Touches every value below v: containers are walked with LttValueIter
 * (linear, as consumers do), and the random-access accessors are exercised
 * on the first and last member or element. */
static guint64 walk(const LttValue *v, guint depth)
{
	guint64 sum = 0, n = 0;
	gint64 i;
	gsize size;
	const char *s;
	LttValue sub;
	LttValueIter it;
	LttDecodedValue run[4];
	guint got;

	ltt_value_size(v, &size, NULL);
	switch (ltt_type_kind(v->type)) {
	case LTT_TYPE_STRING:
		if (ltt_value_get_string(v, &s, NULL))
			sum += strlen(s);
		break;
	case LTT_TYPE_ARRAY:
	case LTT_TYPE_SEQUENCE:
	case LTT_TYPE_STRUCT:
		if (ltt_type_kind(v->type) == LTT_TYPE_STRUCT)
			n = ltt_type_field_count(v->type);
		else
			ltt_value_element_count(v, &n, NULL);
		if (n > 0 && ltt_type_kind(v->type) == LTT_TYPE_STRUCT) {
			if (ltt_value_member(v, 0, &sub, NULL))
				sum += sub.avail;
			if (ltt_value_member(v, (guint) (n - 1), &sub, NULL))
				sum += sub.avail;
		} else if (n > 0) {
			if (ltt_value_element(v, 0, &sub, NULL))
				sum += sub.avail;
			if (ltt_value_element(v, n - 1, &sub, NULL))
				sum += sub.avail;
		}
		if (!ltt_value_iter_init(&it, v, NULL))
			break;
		do {
			got = ltt_value_iter_read(&it, run, G_N_ELEMENTS(run), NULL);
			for (guint k = 0; k < got; k++)
				sum += run[k].uint + walk(&run[k].value, depth + 1);
		} while (got == G_N_ELEMENTS(run));
		break;
	default:
		if (ltt_value_get_int(v, &i, NULL))
			sum += (guint64) i;
		if (ltt_value_get_enum_label(v) != NULL)
			sum++;
	}
	return sum;
}

static void read_tracefile(LttTracefile *tf, GString *text)
{
	const LttEventType *et;
	LttEventPosition pos[4];
	guint npos = 0, budget = 100000;
	LttReadStatus s;
	GError *error = NULL;

	ltt_tracefile_seek_begin(tf);
	while ((s = ltt_tracefile_next(tf, &error)) != LTT_READ_END && budget-- > 0) {
		const LttEvent *ev;
		LttValue v;

		if (s == LTT_READ_DAMAGED) {
			g_clear_error(&error);
			continue;
		}
		ev = ltt_tracefile_event(tf);
		et = ltt_event_type(ev);
		ltt_event_payload_value(ev, &v);
		walk(&v, 0);
		for (guint k = 0; k < ltt_event_type_field_count(et); k++) {
			const LttField *f = ltt_event_type_field(et, k);
			if (ltt_event_field(ev, f, &v, &error))
				walk(&v, 0);
			g_clear_error(&error);
			ltt_event_get_int(ev, f);
			ltt_event_get_string(ev, f);
		}
		g_string_truncate(text, 0);
		ltt_event_format_payload(ev, text, LTT_FORMAT_FIELD_NAMES);
		if (npos < G_N_ELEMENTS(pos))
			ltt_event_position(ev, &pos[npos++]);
	}
	for (guint k = 0; k < npos; k++) {
		LttEventPosition bogus = pos[k];
		if (!ltt_tracefile_seek_position(tf, &pos[k], NULL))
			abort();
		bogus.offset += 3;
		ltt_tracefile_seek_position(tf, &bogus, NULL);
		ltt_tracefile_seek_time(tf, pos[k].time, NULL);
		ltt_tracefile_seek_time(tf, pos[k].time + 1, NULL);
	}
	ltt_tracefile_seek_time(tf, 0, NULL);
	ltt_tracefile_seek_time(tf, ltt_tracefile_end_time(tf), NULL);
}

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size)
{
	LttTrace *trace;
	GString *text;
	gsize md_len;

	if (size < 2)
		return 0;
	if (!fuzz_write_listing(data, size)) {
		md_len = MIN((gsize) (data[0] | data[1] << 8), size - 2);
		fuzz_write_file("metadata", data + 2, md_len);
		fuzz_write_file("kernel_0", data + 2 + md_len, size - 2 - md_len);
	}
	trace = ltt_trace_open(fuzz_trace_dir(), NULL);
	if (trace == NULL)
		return 0;
	text = g_string_new(NULL);
	for (guint k = 0; k < ltt_trace_tracefile_count(trace); k++)
		read_tracefile(ltt_trace_tracefile(trace, k), text);
	ltt_trace_reload(trace, NULL);
	for (guint k = 0; k < ltt_trace_warning_count(trace); k++)
		g_string_append(text, ltt_trace_warning(trace, k));
	g_string_free(text, TRUE);
	ltt_trace_unref(trace);
	return 0;
}
