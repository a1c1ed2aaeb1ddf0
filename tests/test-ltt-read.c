/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-read.c: reading traces made by the writer: every field type in
 * both byte orders, iteration over many blocks, extended headers, seeking by
 * time and by position against brute force, reload of a growing trace. */
#include <stdio.h>
#include <string.h>
#include "test-ltt-util.h"

static const char all_fields[] =
	"a: s8; b: s16; c: s32; d: s64; e: u8; f: u16; g: u32; h: u64; "
	"en: enum u8 { A = 0, \"B c\" = 1 }; s: string; arr: u16[3]; seq: string[u8]; "
	"st: struct { x: s32; y: string; z: struct { w: u8; }; }; "
	"sa: struct { p: u8; q: string; }[u16]; m: u8[2][3]; n: enum s8 { NEG = -1 };";

static void put_all(LttPayload *p)
{
	ltt_payload_put_s8(p, -5);
	ltt_payload_put_s16(p, -300);
	ltt_payload_put_s32(p, -70000);
	ltt_payload_put_s64(p, G_GINT64_CONSTANT(-5000000000000));
	ltt_payload_put_u8(p, 200);
	ltt_payload_put_u16(p, 60000);
	ltt_payload_put_u32(p, 4000000000U);
	ltt_payload_put_u64(p, G_GUINT64_CONSTANT(18000000000000000000));
	ltt_payload_put_u8(p, 1);
	ltt_payload_put_string(p, "hi \"x\"");
	for (int i = 1; i <= 3; i++)
		ltt_payload_put_u16(p, (guint16) i);
	ltt_payload_put_u8(p, 3);
	ltt_payload_put_string(p, "ab");
	ltt_payload_put_string(p, "");
	ltt_payload_put_string(p, "c");
	ltt_payload_put_s32(p, -1);
	ltt_payload_put_string(p, "yy");
	ltt_payload_put_u8(p, 7);
	ltt_payload_put_u16(p, 2);
	ltt_payload_put_u8(p, 1);
	ltt_payload_put_string(p, "q1");
	ltt_payload_put_u8(p, 2);
	ltt_payload_put_string(p, "q2");
	for (int i = 1; i <= 6; i++)
		ltt_payload_put_u8(p, (guint8) i);
	ltt_payload_put_s8(p, 5);
}

static const LttField *fld(const LttEvent *ev, const char *path)
{
	const LttField *f = ltt_event_type_field_by_name(ltt_event_type(ev), path);

	g_assert_nonnull(f);
	return f;
}

static void value_of(const LttEvent *ev, const char *path, LttValue *v)
{
	GError *error = NULL;

	g_assert_true(ltt_event_field(ev, fld(ev, path), v, &error));
	g_assert_no_error(error);
}

static void check_all(const LttEvent *ev)
{
	LttValue v, e, m;
	GError *error = NULL;
	guint64 n;
	gint64 i;
	const char *s;
	gsize size;
	GString *text = g_string_new(NULL);

	g_assert_cmpint(ltt_event_get_int(ev, fld(ev, "a")), ==, -5);
	g_assert_cmpint(ltt_event_get_int(ev, fld(ev, "b")), ==, -300);
	g_assert_cmpint(ltt_event_get_int(ev, fld(ev, "c")), ==, -70000);
	g_assert_cmpint(ltt_event_get_int(ev, fld(ev, "d")), ==, G_GINT64_CONSTANT(-5000000000000));
	g_assert_cmpuint(ltt_event_get_uint(ev, fld(ev, "e")), ==, 200);
	g_assert_cmpuint(ltt_event_get_uint(ev, fld(ev, "f")), ==, 60000);
	g_assert_cmpuint(ltt_event_get_uint(ev, fld(ev, "g")), ==, 4000000000U);
	g_assert_cmpuint(ltt_event_get_uint(ev, fld(ev, "h")), ==, G_GUINT64_CONSTANT(18000000000000000000));
	g_assert_cmpuint(ltt_event_get_uint(ev, fld(ev, "a")), ==, (guint64) -5);
	g_assert_cmpstr(ltt_event_get_string(ev, fld(ev, "s")), ==, "hi \"x\"");
	g_assert_null(ltt_event_get_string(ev, fld(ev, "a")));
	g_assert_cmpint(ltt_event_get_int(ev, fld(ev, "s")), ==, 0);
	/* Fields after variable-size ones are found by walking. */
	g_assert_cmpint(ltt_event_get_int(ev, fld(ev, "st.x")), ==, -1);
	g_assert_cmpstr(ltt_event_get_string(ev, fld(ev, "st.y")), ==, "yy");
	g_assert_cmpuint(ltt_event_get_uint(ev, fld(ev, "st.z.w")), ==, 7);
	g_assert_cmpint(ltt_event_get_int(ev, fld(ev, "n")), ==, 5);

	value_of(ev, "en", &v);
	g_assert_cmpstr(ltt_value_get_enum_label(&v), ==, "B c");
	g_assert_true(ltt_value_get_int(&v, &i, NULL) && i == 1);
	value_of(ev, "a", &v);
	g_assert_null(ltt_value_get_enum_label(&v));
	g_assert_false(ltt_value_get_string(&v, &s, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_FIELD);
	g_clear_error(&error);
	g_assert_false(ltt_value_member(&v, 0, &m, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_FIELD);
	g_clear_error(&error);
	g_assert_false(ltt_value_element_count(&v, &n, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_FIELD);
	g_clear_error(&error);

	value_of(ev, "arr", &v);
	g_assert_true(ltt_value_element_count(&v, &n, NULL) && n == 3);
	g_assert_true(ltt_value_element(&v, 2, &e, NULL));
	g_assert_true(ltt_value_get_int(&e, &i, NULL) && i == 3);
	g_assert_false(ltt_value_element(&v, 3, &e, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_FIELD);
	g_clear_error(&error);

	value_of(ev, "seq", &v);
	g_assert_true(ltt_value_element_count(&v, &n, NULL) && n == 3);
	g_assert_true(ltt_value_element(&v, 2, &e, NULL));
	g_assert_true(ltt_value_get_string(&e, &s, NULL));
	g_assert_cmpstr(s, ==, "c");
	g_assert_true(ltt_value_size(&v, &size, NULL));
	g_assert_cmpuint(size, ==, 1 + 3 + 1 + 2);
	/* Out of order, and back: a remembered place must not mislead. */
	for (guint k = 0; k < 6; k++) {
		static const char *const want[] = { "ab", "", "c" };
		static const guint order[] = { 1, 0, 2, 2, 1, 0 };
		g_assert_true(ltt_value_element(&v, order[k], &e, NULL));
		g_assert_true(ltt_value_get_string(&e, &s, NULL));
		g_assert_cmpstr(s, ==, want[order[k]]);
	}
	g_assert_false(ltt_value_get_int(&v, &i, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_FIELD);
	g_clear_error(&error);

	value_of(ev, "sa", &v);
	g_assert_true(ltt_value_element(&v, 1, &e, NULL));
	g_assert_true(ltt_value_member(&e, 1, &m, NULL));
	g_assert_true(ltt_value_get_string(&m, &s, NULL));
	g_assert_cmpstr(s, ==, "q2");
	g_assert_false(ltt_value_member(&e, 2, &m, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_FIELD);
	g_clear_error(&error);

	value_of(ev, "m", &v);
	g_assert_true(ltt_value_element(&v, 2, &e, NULL));
	g_assert_true(ltt_value_element(&e, 1, &m, NULL));
	g_assert_true(ltt_value_get_int(&m, &i, NULL) && i == 6);

	ltt_event_payload_value(ev, &v);
	g_assert_true(ltt_value_size(&v, &size, NULL));
	g_assert_cmpuint(size, ==, ltt_event_payload_size(ev));

	ltt_event_format_payload(ev, text, LTT_FORMAT_FIELD_NAMES);
	g_assert_cmpstr(text->str, ==,
	                "{ a = -5, b = -300, c = -70000, d = -5000000000000, e = 200, f = 60000, g = 4000000000, "
	                "h = 18000000000000000000, en = B c, s = \"hi \\\"x\\\"\", arr = [ 1, 2, 3 ], "
	                "seq = [ \"ab\", \"\", \"c\" ], st = { x = -1, y = \"yy\", z = { w = 7 } }, "
	                "sa = [ { p = 1, q = \"q1\" }, { p = 2, q = \"q2\" } ], m = [ [ 1, 2 ], [ 3, 4 ], [ 5, 6 ] ], n = 5 }");
	g_string_truncate(text, 0);
	ltt_event_format_payload(ev, text, 0);
	g_assert_true(g_str_has_prefix(text->str, "{ -5, -300, -70000, "));
	g_assert_true(g_str_has_suffix(text->str, "[ { 1, \"q1\" }, { 2, \"q2\" } ], [ [ 1, 2 ], [ 3, 4 ], [ 5, 6 ] ], 5 }"));
	g_string_free(text, TRUE);
}

static void test_values(gconstpointer data)
{
	int byte_order = GPOINTER_TO_INT(data);
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, byte_order, 4096, 2);
	GError *error = NULL;
	LttPayload p;
	LttTrace *trace;
	LttTracefile *tf;
	const LttEvent *ev;
	const LttEventType *other;
	LttValue v;

	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 3, "all", all_fields, &error));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 4, "other", "z: u8;", &error));
	g_assert_no_error(error);
	ltt_payload_init(&p, byte_order);
	put_all(&p);
	tlt_append(ltt_writer_channel(w, "kernel", 1, NULL), 1000, 3, p.data, p.len);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, NULL));

	trace = tlt_open_trace(dir);
	g_assert_cmpint(ltt_trace_info(trace)->byte_order, ==, byte_order);
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
	tf = ltt_trace_tracefile_find(trace, "kernel", 1);
	g_assert_nonnull(tf);
	g_assert_null(ltt_tracefile_event(tf));
	ev = tlt_next_event(tf);
	g_assert_nonnull(ev);
	g_assert_cmpstr(ltt_event_name(ev), ==, "all");
	g_assert_cmpuint(ltt_event_id(ev), ==, 3);
	g_assert_cmpuint(ltt_event_cpu(ev), ==, 1);
	g_assert_cmpuint(ltt_event_time(ev), ==, 1000);
	g_assert_true(ltt_event_tracefile(ev) == tf);
	check_all(ev);
	/* A field of another event type is refused. */
	other = ltt_trace_event_type_lookup(trace, "kernel", 4);
	g_assert_false(ltt_event_field(ev, ltt_event_type_field(other, 0), &v, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_FIELD);
	g_clear_error(&error);
	g_assert_cmpint(ltt_tracefile_next(tf, NULL), ==, LTT_READ_END);
	g_assert_null(ltt_tracefile_event(tf));
	g_assert_cmpint(ltt_tracefile_next(tf, NULL), ==, LTT_READ_END);
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

static void test_short_payload(void)
{
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, 0, 4096, 2);
	LttTrace *trace;
	LttTracefile *tf;
	const LttEvent *ev;
	GString *text = g_string_new(NULL);
	GError *error = NULL;
	const char *str;
	LttValue v;

	g_assert_nonnull(ltt_writer_declare_event(w, "k", 1, "e", "s: string; n: u32; q: u8[u32];", NULL));
	tlt_append(ltt_writer_channel(w, "k", 0, NULL), 5, 1, NULL, 0);
	{
		static const guint8 bytes[] = { 'a', 'b', 'c' };
		g_assert_true(ltt_writer_channel_append(ltt_writer_channel(w, "k", 0, NULL), 6, 1, bytes, 3, NULL));
	}
	{
		static const guint8 bytes[] = { 0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F, 1 };
		g_assert_true(ltt_writer_channel_append(ltt_writer_channel(w, "k", 0, NULL), 7, 1, bytes, sizeof bytes, NULL));
	}
	g_assert_true(ltt_writer_close(w, NULL));
	trace = tlt_open_trace(dir);
	tf = ltt_trace_tracefile(trace, 0);

	ev = tlt_next_event(tf);
	g_assert_cmpuint(ltt_event_payload_size(ev), ==, 0);
	g_assert_null(ltt_event_get_string(ev, fld(ev, "s")));
	g_assert_false(ltt_event_field(ev, fld(ev, "n"), &v, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
	g_assert_nonnull(strstr(error->message, "k_0: block 0 (offset 0): event e at offset 64"));
	g_clear_error(&error);
	ltt_event_format_payload(ev, text, LTT_FORMAT_FIELD_NAMES);
	g_assert_cmpstr(text->str, ==, "{ s = <damaged>, n = <damaged>, q = <damaged> }");

	ev = tlt_next_event(tf);
	value_of(ev, "s", &v);
	g_assert_false(ltt_value_get_string(&v, &str, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
	g_clear_error(&error);

	/* A sequence whose length points past the payload. */
	ev = tlt_next_event(tf);
	g_assert_cmpuint(ltt_event_get_uint(ev, fld(ev, "n")), ==, 1);
	value_of(ev, "q", &v);
	g_assert_false(ltt_value_element(&v, 5, &v, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
	g_clear_error(&error);
	g_string_truncate(text, 0);
	ltt_event_format_payload(ev, text, LTT_FORMAT_FIELD_NAMES);
	g_assert_cmpstr(text->str, ==, "{ s = \"\", n = 1, q = <damaged> }");
	g_string_free(text, TRUE);
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

/* A random trace: what was written, in order, per tracefile. */
typedef struct {
	LttTime t;
	guint id;
	guint32 value;
} Written;

typedef struct {
	char *dir;
	GArray *written[2];      /* per CPU */
} RandomTrace;

/* Runs of equal timestamps long enough to span blocks, gaps needing
 * extended headers, ids needing them, and ordinary traffic. */
static void random_trace(RandomTrace *rt, guint32 seed, guint events, int byte_order)
{
	GRand *rand = g_rand_new_with_seed(seed);
	LttWriter *w;
	LttPayload p;

	rt->dir = tlt_make_dir();
	w = tlt_writer_new(rt->dir, byte_order, 4096, 2);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 1, "small", "v: u32;", NULL));
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 70000, "far", "v: u32; s: string;", NULL));
	ltt_payload_init(&p, ltt_writer_byte_order(w));
	for (guint cpu = 0; cpu < 2; cpu++) {
		LttWriterChannel *ch = ltt_writer_channel(w, "kernel", cpu, NULL);
		LttTime t = 1000 + cpu;

		rt->written[cpu] = g_array_new(FALSE, FALSE, sizeof(Written));
		for (guint i = 0; i < events; i++) {
			Written e;
			guint r = g_rand_int_range(rand, 0, 100);
			/* r in [2, 10): same timestamp as the previous event. */
			if (r < 2)
				t += (guint64) g_rand_int_range(rand, 1, 4) << 32;
			else if (r >= 11)
				t += (guint64) g_rand_int_range(rand, 1, 5000);
			else if (r == 10)
				for (guint k = 0, run = g_rand_int_range(rand, 300, 1200); k < run && i < events; k++, i++) {
					e.t = t;
					e.id = 1;
					e.value = i;
					ltt_payload_reset(&p);
					ltt_payload_put_u32(&p, e.value);
					tlt_append(ch, e.t, e.id, p.data, p.len);
					g_array_append_val(rt->written[cpu], e);
				}
			e.t = t;
			e.id = g_rand_int_range(rand, 0, 10) == 0 ? 70000 : 1;
			e.value = i;
			ltt_payload_reset(&p);
			ltt_payload_put_u32(&p, e.value);
			if (e.id == 70000)
				ltt_payload_put_string(&p, "far away");
			tlt_append(ch, e.t, e.id, p.data, p.len);
			g_array_append_val(rt->written[cpu], e);
		}
	}
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, NULL));
	g_rand_free(rand);
}

static void random_trace_free(RandomTrace *rt)
{
	tlt_remove_dir(rt->dir);
	g_free(rt->dir);
	g_array_free(rt->written[0], TRUE);
	g_array_free(rt->written[1], TRUE);
}

static void check_event(const LttEvent *ev, const Written *e)
{
	g_assert_cmpuint(ltt_event_time(ev), ==, e->t);
	g_assert_cmpuint(ltt_event_id(ev), ==, e->id);
	g_assert_cmpuint(ltt_event_get_uint(ev, ltt_event_type_field(ltt_event_type(ev), 0)), ==, e->value);
}

/* next_run, of varying lengths, with next() where it reads nothing: the
 * same events as next() alone, the last of each run left current; in the
 * host's order most events come by runs, in the other none. */
static void check_runs(LttTracefile *tf, GArray *wr, gboolean host_order)
{
	LttEvent run[17];
	guint n = 1, in_runs = 0, max = 1;
	GError *error = NULL;

	g_assert_cmpuint(ltt_tracefile_next_run(tf, run, 0), ==, 0);
	for (;;) {
		guint want = max, k = ltt_tracefile_next_run(tf, run, want);

		max = max % G_N_ELEMENTS(run) + 1;
		if (k == 0) {
			if (ltt_tracefile_next(tf, &error) != LTT_READ_EVENT)
				break;
			g_assert_cmpuint(n, <, wr->len);
			check_event(ltt_tracefile_event(tf), &g_array_index(wr, Written, n));
			n++;
			continue;
		}
		g_assert_cmpuint(k, <=, want);
		for (guint i = 0; i < k; i++) {
			g_assert_cmpuint(n, <, wr->len);
			g_assert_true(run[i].tf == tf);
			g_assert_cmpuint(run[i].cpu, ==, ltt_tracefile_cpu(tf));
			check_event(&run[i], &g_array_index(wr, Written, n));
			n++;
		}
		in_runs += k;
		g_assert_true(ltt_tracefile_event(tf)->payload == run[k - 1].payload);
		g_assert_cmpuint(ltt_tracefile_event(tf)->offset, ==, run[k - 1].offset);
		g_assert_cmpuint(ltt_tracefile_event(tf)->block, ==, run[k - 1].block);
	}
	g_assert_no_error(error);
	g_assert_cmpuint(n, ==, wr->len);
	g_assert_cmpuint(ltt_tracefile_next_run(tf, run, G_N_ELEMENTS(run)), ==, 0);   /* at the end */
	if (host_order)
		g_assert_cmpuint(in_runs, >, wr->len / 2);
	else
		g_assert_cmpuint(in_runs, ==, 0);
}

static void test_iteration(gconstpointer data)
{
	RandomTrace rt;
	LttTrace *trace;

	random_trace(&rt, 11, 20000, GPOINTER_TO_INT(data));
	trace = tlt_open_trace(rt.dir);
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
	g_assert_cmpuint(ltt_trace_tracefile_count(trace), ==, 2);
	g_assert_cmpuint(ltt_trace_start_time(trace), ==, MIN(g_array_index(rt.written[0], Written, 0).t,
	                                                      g_array_index(rt.written[1], Written, 0).t));
	for (guint cpu = 0; cpu < 2; cpu++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, cpu);
		GArray *wr = rt.written[cpu];
		guint n = 0;
		GError *error = NULL;

		g_assert_cmpuint(ltt_tracefile_cpu(tf), ==, cpu);
		g_assert_cmpuint(ltt_tracefile_index(tf), ==, cpu);
		g_assert_cmpstr(ltt_tracefile_channel(tf), ==, "kernel");
		g_assert_cmpstr(ltt_tracefile_name(tf), ==, cpu ? "kernel_1" : "kernel_0");
		g_assert_true(g_str_has_suffix(ltt_tracefile_path(tf), ltt_tracefile_name(tf)));
		g_assert_true(ltt_tracefile_trace(tf) == trace);
		g_assert_cmpuint(ltt_tracefile_event_count(tf), ==, wr->len);
		g_assert_cmpuint(ltt_tracefile_block_count(tf), >, 10);
		g_assert_cmpuint(ltt_tracefile_start_time(tf), ==, g_array_index(wr, Written, 0).t);
		g_assert_cmpuint(ltt_tracefile_end_time(tf), ==, g_array_index(wr, Written, wr->len - 1).t);
		g_assert_cmpuint(ltt_trace_end_time(trace), >=, ltt_tracefile_end_time(tf));
		guint peeked = 0;
		guint32 id;
		LttTime t;

		g_assert_false(ltt_tracefile_peek(tf, &id, &t));   /* before the first event */
		while (ltt_tracefile_next(tf, &error) == LTT_READ_EVENT) {
			g_assert_cmpuint(n, <, wr->len);
			check_event(ltt_tracefile_event(tf), &g_array_index(wr, Written, n));
			n++;
			/* What peek announces is what next makes current. */
			if (ltt_tracefile_peek(tf, &id, &t)) {
				g_assert_cmpuint(n, <, wr->len);
				g_assert_cmpuint(id, ==, g_array_index(wr, Written, n).id);
				g_assert_cmpuint(t, ==, g_array_index(wr, Written, n).t);
				peeked++;
			}
		}
		g_assert_no_error(error);
		g_assert_cmpuint(n, ==, wr->len);
		g_assert_false(ltt_tracefile_peek(tf, &id, &t));   /* at the end */
		/* Only compact headers in the host's order, within a block, are
		 * announced: most of them here, none in the other order. */
		if (GPOINTER_TO_INT(data) == G_BYTE_ORDER)
			g_assert_cmpuint(peeked, >, wr->len / 2);
		else
			g_assert_cmpuint(peeked, ==, 0);
		ltt_tracefile_seek_begin(tf);
		check_event(tlt_next_event(tf), &g_array_index(wr, Written, 0));
		check_runs(tf, wr, GPOINTER_TO_INT(data) == G_BYTE_ORDER);
	}
	ltt_trace_unref(trace);
	random_trace_free(&rt);
}

/* Index of the first written event with time >= t, or len. */
static guint first_at_or_after(GArray *wr, LttTime t)
{
	guint i = 0;

	while (i < wr->len && g_array_index(wr, Written, i).t < t)
		i++;
	return i;
}

static void test_seek_time(void)
{
	RandomTrace rt;
	LttTrace *trace;
	GRand *rand = g_rand_new_with_seed(3);

	random_trace(&rt, 5, 6000, 0);
	trace = tlt_open_trace(rt.dir);
	for (guint cpu = 0; cpu < 2; cpu++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, cpu);
		GArray *wr = rt.written[cpu];
		GArray *queries = g_array_new(FALSE, FALSE, sizeof(LttTime));
		LttTime last = g_array_index(wr, Written, wr->len - 1).t;
		LttTime q;

		for (q = 0; q < 3; q++)
			g_array_append_val(queries, q);
		q = last + 1;
		g_array_append_val(queries, q);
		q = G_MAXUINT64;
		g_array_append_val(queries, q);
		for (guint i = 0; i < wr->len; i += g_rand_int_range(rand, 1, 40)) {
			LttTime t = g_array_index(wr, Written, i).t;
			for (LttTime d = t - 1; d <= t + 1; d++)
				g_array_append_val(queries, d);
		}
		for (guint i = 0; i < queries->len; i++) {
			LttTime t = g_array_index(queries, LttTime, i);
			guint want = first_at_or_after(wr, t);
			LttReadStatus s = ltt_tracefile_seek_time(tf, t, NULL);
			if (want == wr->len) {
				g_assert_cmpint(s, ==, LTT_READ_END);
				g_assert_null(ltt_tracefile_event(tf));
				continue;
			}
			g_assert_cmpint(s, ==, LTT_READ_EVENT);
			check_event(ltt_tracefile_event(tf), &g_array_index(wr, Written, want));
			/* Reading goes on from there. */
			if (want + 1 < wr->len) {
				check_event(tlt_next_event(tf), &g_array_index(wr, Written, want + 1));
			}
		}
		g_array_free(queries, TRUE);
	}
	g_rand_free(rand);
	ltt_trace_unref(trace);
	random_trace_free(&rt);
}

static void expect_bad_position(LttTracefile *tf, const LttEventPosition *pos)
{
	GError *error = NULL;

	g_assert_false(ltt_tracefile_seek_position(tf, pos, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_POSITION);
	g_assert_nonnull(strstr(error->message, ltt_tracefile_path(tf)));
	g_clear_error(&error);
	g_assert_null(ltt_tracefile_event(tf));
}

static void test_positions(void)
{
	RandomTrace rt;
	LttTrace *trace;
	GArray *pos = g_array_new(FALSE, FALSE, sizeof(LttEventPosition));
	GArray *which = g_array_new(FALSE, FALSE, sizeof(guint));

	random_trace(&rt, 9, 5000, 0);
	trace = tlt_open_trace(rt.dir);
	for (guint cpu = 0; cpu < 2; cpu++) {
		LttTracefile *tf = ltt_trace_tracefile(trace, cpu);
		guint n = 0;

		while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT) {
			if (n % 7 == 0) {
				LttEventPosition p;
				guint k = cpu << 24 | n;
				ltt_event_position(ltt_tracefile_event(tf), &p);
				g_assert_true(p.tracefile == tf);
				g_assert_cmpuint(p.time, ==, g_array_index(rt.written[cpu], Written, n).t);
				g_array_append_val(pos, p);
				g_array_append_val(which, k);
			}
			n++;
		}
	}
	/* Seek back to each, in a scrambled order. */
	for (guint j = 0; j < pos->len; j++) {
		guint i = (j * 7919) % pos->len;
		const LttEventPosition *p = &g_array_index(pos, LttEventPosition, i);
		guint k = g_array_index(which, guint, i);
		GError *error = NULL;
		LttEventPosition again;

		g_assert_true(ltt_tracefile_seek_position(p->tracefile, p, &error));
		g_assert_no_error(error);
		check_event(ltt_tracefile_event(p->tracefile), &g_array_index(rt.written[k >> 24], Written, k & 0xFFFFFF));
		ltt_event_position(ltt_tracefile_event(p->tracefile), &again);
		g_assert_cmpint(ltt_event_position_compare(&again, p), ==, 0);
		if (ltt_tracefile_next(p->tracefile, NULL) == LTT_READ_EVENT)
			check_event(ltt_tracefile_event(p->tracefile), &g_array_index(rt.written[k >> 24], Written, (k & 0xFFFFFF) + 1));
	}
	/* Order: within a tracefile the reading order; across, time then index. */
	for (guint j = 0; j < 3000; j++) {
		guint a = (j * 31) % pos->len, b = (j * 17 + 5) % pos->len;
		const LttEventPosition *pa = &g_array_index(pos, LttEventPosition, a), *pb = &g_array_index(pos, LttEventPosition, b);
		guint ka = g_array_index(which, guint, a), kb = g_array_index(which, guint, b);
		int want, got = ltt_event_position_compare(pa, pb);

		if (pa->tracefile == pb->tracefile)
			want = (ka > kb) - (ka < kb);
		else if (pa->time != pb->time)
			want = pa->time < pb->time ? -1 : 1;
		else
			want = (ka >> 24) < (kb >> 24) ? -1 : 1;
		g_assert_cmpint(got, ==, want);
		g_assert_cmpint(ltt_event_position_compare(pb, pa), ==, -want);
	}
	/* Bogus positions are refused, never followed. */
	{
		LttTracefile *tf0 = ltt_trace_tracefile(trace, 0), *tf1 = ltt_trace_tracefile(trace, 1);
		LttEventPosition p = g_array_index(pos, LttEventPosition, 3);
		LttEventPosition bad = p;

		g_assert_true(p.tracefile == tf0);
		bad.offset++;
		expect_bad_position(tf0, &bad);
		bad = p;
		bad.offset = 0;
		expect_bad_position(tf0, &bad);
		bad.offset = 4095;
		expect_bad_position(tf0, &bad);
		bad.offset = G_MAXUINT32;
		expect_bad_position(tf0, &bad);
		bad = p;
		bad.block = ltt_tracefile_block_count(tf0);
		expect_bad_position(tf0, &bad);
		bad = p;
		bad.time++;
		expect_bad_position(tf0, &bad);
		expect_bad_position(tf1, &p);
		g_assert_true(ltt_tracefile_seek_position(tf0, &p, NULL));
	}
	g_array_free(pos, TRUE);
	g_array_free(which, TRUE);
	ltt_trace_unref(trace);
	random_trace_free(&rt);
}

static void test_big_events(void)
{
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, G_BIG_ENDIAN, 131072, 2);
	guint8 *big = g_malloc(70000);
	LttPayload p;
	LttTrace *trace;
	LttTracefile *tf;
	const LttEvent *ev;
	LttValue v, e;
	guint64 n;
	gint64 i;

	g_assert_nonnull(ltt_writer_declare_event(w, "k", 0, "blob", "data: u8[u32];", NULL));
	ltt_payload_init(&p, G_BIG_ENDIAN);
	ltt_payload_put_u32(&p, 70000);
	for (guint k = 0; k < 70000; k++)
		big[k] = (guint8) k;
	ltt_payload_put_bytes(&p, big, 70000);
	tlt_append(ltt_writer_channel(w, "k", 0, NULL), 10, 0, p.data, p.len);
	tlt_append(ltt_writer_channel(w, "k", 0, NULL), 11, 0, p.data, p.len);
	ltt_payload_clear(&p);
	g_free(big);
	g_assert_true(ltt_writer_close(w, NULL));

	trace = tlt_open_trace(dir);
	tf = ltt_trace_tracefile(trace, 0);
	for (int k = 0; k < 2; k++) {
		ev = tlt_next_event(tf);
		g_assert_cmpuint(ltt_event_time(ev), ==, (guint64) 10 + k);
		g_assert_cmpuint(ltt_event_payload_size(ev), ==, 70004);
		value_of(ev, "data", &v);
		g_assert_true(ltt_value_element_count(&v, &n, NULL) && n == 70000);
		g_assert_true(ltt_value_element(&v, 69999, &e, NULL));
		g_assert_true(ltt_value_get_int(&e, &i, NULL) && i == (69999 & 0xFF));
	}
	g_assert_cmpint(ltt_tracefile_next(tf, NULL), ==, LTT_READ_END);
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

/* The resident size (kB, /proc/self/smaps) of the mappings of path. */
static long resident_kb(const char *path)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[4096];
	gboolean ours = FALSE;
	long kb = 0, v;

	g_assert_nonnull(f);
	while (fgets(line, sizeof line, f) != NULL) {
		if (g_ascii_isxdigit(line[0]) && strchr(line, '-') != NULL) {
			g_strchomp(line);
			ours = g_str_has_suffix(line, path);
		} else if (ours && sscanf(line, "Rss: %ld kB", &v) == 1) {
			kb += v;
		}
	}
	fclose(f);
	return kb;
}

/* A pass over a file holds a few blocks of it in memory, not the file. */
static void test_drop_behind(void)
{
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, 0, 65536, 2);
	guint8 blob[1000] = { 0 };
	LttPayload p;
	LttTrace *trace;
	LttTracefile *tf;
	guint k, n = 0;

	g_assert_nonnull(ltt_writer_declare_event(w, "k", 0, "blob", "data: u8[u32];", NULL));
	ltt_payload_init(&p, G_BYTE_ORDER);
	ltt_payload_put_u32(&p, sizeof blob);
	ltt_payload_put_bytes(&p, blob, sizeof blob);
	for (k = 0; k < 12000; k++)
		tlt_append(ltt_writer_channel(w, "k", 0, NULL), 10 + k, 0, p.data, p.len);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, NULL));

	trace = tlt_open_trace(dir);
	tf = ltt_trace_tracefile(trace, 0);
	while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT)
		n++;
	g_assert_cmpuint(n, ==, 12000);
	/* 12 MB read; at most the last megabyte and a block stay mapped in. */
	g_assert_cmpint(resident_kb(ltt_tracefile_path(tf)), <=, 1024 + 64 + 64);
	/* Going back reads the same bytes again. */
	ltt_tracefile_seek_begin(tf);
	g_assert_cmpint(ltt_tracefile_next(tf, NULL), ==, LTT_READ_EVENT);
	g_assert_cmpuint(ltt_event_time(ltt_tracefile_event(tf)), ==, 10);
	g_assert_cmpuint(ltt_event_payload_size(ltt_tracefile_event(tf)), ==, 1004);
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

static void test_reload(void)
{
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, 0, 4096, 2);
	LttWriterChannel *ch;
	LttTrace *trace;
	LttTracefile *tf;
	LttPayload p;
	const LttEventType *first;
	GError *error = NULL;
	guint n = 0;

	g_assert_nonnull(ltt_writer_declare_event(w, "k", 1, "one", "v: u32;", NULL));
	ch = ltt_writer_channel(w, "k", 0, NULL);
	ltt_payload_init(&p, 0);
	for (guint i = 0; i < 1000; i++) {
		ltt_payload_reset(&p);
		ltt_payload_put_u32(&p, i);
		tlt_append(ch, 100 + i, 1, p.data, p.len);
	}
	ltt_writer_channel_add_lost(ch, 3);
	g_assert_true(ltt_writer_flush(w, NULL));

	trace = tlt_open_trace(dir);
	tf = ltt_trace_tracefile(trace, 0);
	first = ltt_trace_event_type_lookup(trace, "k", 1);
	while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT)
		g_assert_cmpuint(ltt_event_get_uint(ltt_tracefile_event(tf), ltt_event_type_field(first, 0)), ==, n++);
	g_assert_cmpuint(n, ==, 1000);
	g_assert_cmpuint(ltt_tracefile_event_count(tf), ==, 1000);

	/* The producer goes on: a new event type, more events, lost ones. */
	g_assert_nonnull(ltt_writer_declare_event(w, "k", 2, "two", "s: string;", NULL));
	for (guint i = 1000; i < 3000; i++) {
		ltt_payload_reset(&p);
		ltt_payload_put_u32(&p, i);
		tlt_append(ch, 100 + i, 1, p.data, p.len);
	}
	ltt_payload_reset(&p);
	ltt_payload_put_string(&p, "new");
	tlt_append(ch, 5000, 2, p.data, p.len);
	g_assert_true(ltt_writer_flush(w, NULL));
	g_assert_true(ltt_trace_reload(trace, &error));
	g_assert_no_error(error);
	g_assert_cmpuint(ltt_tracefile_event_count(tf), ==, 3001);
	g_assert_cmpuint(ltt_trace_end_time(trace), ==, 5000);
	g_assert_cmpuint(ltt_tracefile_lost_events(tf), ==, 3);
	g_assert_true(ltt_trace_event_type_lookup(trace, "k", 1) == first);
	while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT && n < 3000)
		g_assert_cmpuint(ltt_event_get_uint(ltt_tracefile_event(tf), ltt_event_type_field(first, 0)), ==, n++);
	g_assert_cmpuint(n, ==, 3000);
	g_assert_cmpstr(ltt_event_name(ltt_tracefile_event(tf)), ==, "two");
	g_assert_cmpuint(ltt_tracefile_lost_before_current(tf), ==, 3);
	g_assert_cmpstr(ltt_event_get_string(ltt_tracefile_event(tf), ltt_event_type_field_by_name(ltt_event_type(ltt_tracefile_event(tf)), "s")), ==, "new");
	g_assert_cmpint(ltt_tracefile_next(tf, NULL), ==, LTT_READ_END);
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 0);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, NULL));
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

/* A tracefile read whole, each event checked against what was written. */
typedef struct {
	LttTracefile *tf;
	GArray *wr;
} ReadJob;

static gpointer read_job(gpointer data)
{
	ReadJob *job = data;
	guint n = 0;

	ltt_tracefile_seek_begin(job->tf);
	while (ltt_tracefile_next(job->tf, NULL) == LTT_READ_EVENT) {
		g_assert_cmpuint(n, <, job->wr->len);
		check_event(ltt_tracefile_event(job->tf), &g_array_index(job->wr, Written, n));
		n++;
	}
	g_assert_cmpuint(n, ==, job->wr->len);
	return NULL;
}

/* A second reader: cursors of its own on the same files and types, read
 * from another thread while the trace's own cursors read; it cannot be
 * reloaded and outlives the trace's last reference. */
static void test_second_reader(void)
{
	RandomTrace rt;
	LttTrace *trace, *reader;
	guint mid;

	random_trace(&rt, 7, 3000, 0);
	trace = tlt_open_trace(rt.dir);
	mid = first_at_or_after(rt.written[0], g_array_index(rt.written[0], Written, 1500).t);
	g_assert_cmpint(ltt_tracefile_seek_time(ltt_trace_tracefile(trace, 0), g_array_index(rt.written[0], Written, 1500).t, NULL),
	                ==, LTT_READ_EVENT);
	reader = ltt_trace_new_reader(trace);
	g_assert_cmpuint(ltt_trace_tracefile_count(reader), ==, 2);
	g_assert_cmpuint(ltt_trace_start_time(reader), ==, ltt_trace_start_time(trace));
	g_assert_cmpuint(ltt_trace_end_time(reader), ==, ltt_trace_end_time(trace));
	g_assert_cmpstr(ltt_trace_path(reader), ==, ltt_trace_path(trace));
	g_assert_true(ltt_trace_event_type_lookup(reader, "kernel", 70000) == ltt_trace_event_type_lookup(trace, "kernel", 70000));
	for (guint cpu = 0; cpu < 2; cpu++) {
		LttTracefile *tf = ltt_trace_tracefile(reader, cpu);
		ReadJob mine = { tf, rt.written[cpu] }, theirs = { ltt_trace_tracefile(trace, cpu), rt.written[cpu] };
		GThread *thread;

		g_assert_true(ltt_tracefile_trace(tf) == reader);
		g_assert_null(ltt_tracefile_event(tf));
		g_assert_cmpint(ltt_tracefile_next(tf, NULL), ==, LTT_READ_EVENT);
		/* The same types as the trace's. */
		g_assert_true(ltt_event_type(ltt_tracefile_event(tf))
		              == ltt_trace_event_type_lookup(trace, "kernel", ltt_event_id(ltt_tracefile_event(tf))));
		if (cpu == 0) {
			/* The trace's cursor did not move. */
			check_event(ltt_tracefile_event(ltt_trace_tracefile(trace, 0)), &g_array_index(rt.written[0], Written, mid));
		}
		thread = g_thread_new("reader", read_job, &mine);
		read_job(&theirs);
		g_thread_join(thread);
	}
	{
		GError *error = NULL;

		g_assert_false(ltt_trace_reload(reader, &error));
		g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
		g_clear_error(&error);
	}
	ltt_trace_unref(trace);
	ltt_tracefile_seek_begin(ltt_trace_tracefile(reader, 1));
	check_event(tlt_next_event(ltt_trace_tracefile(reader, 1)), &g_array_index(rt.written[1], Written, 0));
	ltt_trace_unref(reader);
	random_trace_free(&rt);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_data_func("/ltt/read/values-little", GINT_TO_POINTER(G_LITTLE_ENDIAN), test_values);
	g_test_add_data_func("/ltt/read/values-big", GINT_TO_POINTER(G_BIG_ENDIAN), test_values);
	g_test_add_func("/ltt/read/short-payload", test_short_payload);
	g_test_add_data_func("/ltt/read/iteration-little", GINT_TO_POINTER(G_LITTLE_ENDIAN), test_iteration);
	g_test_add_data_func("/ltt/read/iteration-big", GINT_TO_POINTER(G_BIG_ENDIAN), test_iteration);
	g_test_add_func("/ltt/read/seek-time", test_seek_time);
	g_test_add_func("/ltt/read/positions", test_positions);
	g_test_add_func("/ltt/read/big-events", test_big_events);
	g_test_add_func("/ltt/read/drop-behind", test_drop_behind);
	g_test_add_func("/ltt/read/reload", test_reload);
	g_test_add_func("/ltt/read/second-reader", test_second_reader);
	return g_test_run();
}
