/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-seek: seeking by time, by saved position and by event counts,
 * the stop conditions of middle, and the 50/51 continuation of seed 001,
 * checked against the list of events of one full pass, itself checked
 * against a brute-force sort.  The traceset holds an ltt-synth trace and a
 * trace with many equal timestamps on several CPUs. */
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <ltt/ltt.h>
#include "lttv/tracecontext.h"
#include "test-ltt-util.h"

/* An event as the merge identifies it. */
typedef struct {
	LttTime time;
	guint trace, tracefile;
	guint32 block, offset;
} Ev;

static int ev_compare(const Ev *a, const Ev *b)
{
	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	if (a->trace != b->trace)
		return a->trace < b->trace ? -1 : 1;
	if (a->tracefile != b->tracefile)
		return a->tracefile < b->tracefile ? -1 : 1;
	if (a->block != b->block)
		return a->block < b->block ? -1 : 1;
	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static int ev_compare_cb(gconstpointer a, gconstpointer b)
{
	return ev_compare(a, b);
}

static Ev ev_of(const LttvTracefileContext *tfc)
{
	LttEventPosition pos;
	ltt_event_position(tfc->e, &pos);
	return (Ev) { tfc->e->time, tfc->t_context->index, tfc->index, pos.block, pos.offset };
}

static char *top;
static LttvTraceset *ts;
static GArray *all;           /* Ev: every event, merge order */

static void write_equal_times_trace(const char *dir)
{
	LttWriterOptions opt = { .byte_order = G_LITTLE_ENDIAN, .block_size = 4096, .cpu_count = 4,
	                         .host = "test", .os = "Linux", .kernel = "0", .tracer = "test" };
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(dir, &opt, &error);
	g_assert_no_error(error);
	g_assert_nonnull(ltt_writer_declare_event(w, "kernel", 1, "tick", "n: u32;", &error));
	LttPayload p;
	ltt_payload_init(&p, G_LITTLE_ENDIAN);
	for (guint cpu = 0; cpu < 4; cpu++) {
		LttWriterChannel *ch = ltt_writer_channel(w, "kernel", cpu, &error);
		g_assert_no_error(error);
		/* Groups of up to 5 events sharing a time, on every CPU. */
		for (guint i = 0; i < 2000; i++) {
			ltt_payload_reset(&p);
			ltt_payload_put_u32(&p, i);
			g_assert_true(ltt_writer_channel_append(ch, 10000000000ULL + (i / 5) * 1000 + (i % 5 == 4 ? cpu : 0),
			                                        1, p.data, p.len, &error));
		}
	}
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, &error));
}

static gboolean append_event(void *hook_data, void *call_data)
{
	Ev e = ev_of(call_data);
	g_array_append_val((GArray *) hook_data, e);
	return FALSE;
}

/* A context with a hook that appends every delivered event to got. */
typedef struct {
	GArray *got;
	LttvHooks *event;
	LttvTracesetContext *ctx;
} Reader;

static void reader_open(Reader *r, gconstpointer data)
{
	r->got = g_array_new(FALSE, FALSE, sizeof(Ev));
	r->ctx = lttv_traceset_context_new(ts);
	/* data: a read-ahead of a few events, so that windows end everywhere. */
	if (data != NULL) {
		lttv_traceset_context_set_read_ahead(r->ctx, GPOINTER_TO_UINT(data));
		lttv_process_traceset_seek_time(r->ctx, 0);
	}
	r->event = lttv_hooks_new();
	lttv_hooks_add(r->event, append_event, r->got, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(r->ctx, NULL, NULL, NULL, r->event, NULL);
}

static void reader_close(Reader *r, gconstpointer data)
{
	lttv_process_traceset_end(r->ctx, NULL, NULL, NULL, r->event, NULL);
	lttv_hooks_destroy(r->event);
	g_object_unref(r->ctx);
	g_array_unref(r->got);
}

static void assert_events(const GArray *got, guint from, guint count)
{
	g_assert_cmpuint(got->len, ==, count);
	g_assert_cmpuint(from + count, <=, all->len);
	for (guint i = 0; i < count; i++)
		if (ev_compare(&g_array_index(got, Ev, i), &g_array_index(all, Ev, from + i)) != 0)
			g_error("event %u of %u from %u differs", i, count, from);
}

/* Index of the first event at or after t. */
static guint first_at(LttTime t)
{
	guint i = 0;
	while (i < all->len && g_array_index(all, Ev, i).time < t)
		i++;
	return i;
}

static void test_full_pass(void)
{
	/* Brute force: every tracefile alone, then sorted. */
	GArray *brute = g_array_new(FALSE, FALSE, sizeof(Ev));
	for (guint t = 0; t < lttv_traceset_number(ts); t++) {
		LttTrace *trace = lttv_trace_ltt(lttv_traceset_get(ts, t));
		for (guint f = 0; f < ltt_trace_tracefile_count(trace); f++) {
			LttTracefile *tf = ltt_trace_tracefile(trace, f);
			ltt_tracefile_seek_begin(tf);
			while (ltt_tracefile_next(tf, NULL) == LTT_READ_EVENT) {
				LttEventPosition pos;
				ltt_event_position(ltt_tracefile_event(tf), &pos);
				Ev e = { pos.time, t, f, pos.block, pos.offset };
				g_array_append_val(brute, e);
			}
		}
	}
	g_array_sort(brute, ev_compare_cb);
	g_assert_cmpuint(brute->len, ==, all->len);
	for (guint i = 0; i < all->len; i++)
		g_assert_cmpint(ev_compare(&g_array_index(brute, Ev, i), &g_array_index(all, Ev, i)), ==, 0);
	g_array_free(brute, TRUE);
}

static void test_seek_time(Reader *r, gconstpointer data)
{
	GRand *rand = g_rand_new_with_seed(11);
	LttTime first = g_array_index(all, Ev, 0).time, last = g_array_index(all, Ev, all->len - 1).time;
	for (int k = 0; k < 300; k++) {
		LttTime t;
		if (k == 0)
			t = 0;
		else if (k == 1)
			t = last + 1;
		else if (k % 2)
			t = g_array_index(all, Ev, g_rand_int_range(rand, 0, all->len)).time;
		else
			t = first + (LttTime) g_rand_double_range(rand, 0, (double) (last - first));
		guint from = first_at(t);
		lttv_process_traceset_seek_time(r->ctx, t);
		g_array_set_size(r->got, 0);
		guint count = MIN(4u, all->len - from);
		g_assert_cmpuint(lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, 4, NULL), ==, count);
		assert_events(r->got, from, count);
	}
	g_rand_free(rand);
}

/* Saves the position of every event (inside the hook) of a full pass. */
static gboolean save_position(void *hook_data, void *call_data)
{
	GPtrArray *positions = hook_data;
	LttvTracefileContext *tfc = call_data;
	LttvTracesetContext *ctx = tfc->t_context->ts_context;
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(ctx);
	lttv_traceset_context_position_save(ctx, pos);
	g_ptr_array_add(positions, pos);
	return FALSE;
}

static void test_positions(Reader *r, gconstpointer data)
{
	GPtrArray *positions = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_traceset_context_position_destroy);
	LttvHooks *saver = lttv_hooks_new();
	lttv_hooks_add(saver, save_position, positions, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(r->ctx, NULL, NULL, NULL, saver, NULL);
	lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	lttv_process_traceset_end(r->ctx, NULL, NULL, NULL, saver, NULL);
	assert_events(r->got, 0, all->len);
	g_assert_cmpuint(positions->len, ==, all->len);
	/* The end of the traceset is a position too. */
	LttvTracesetContextPosition *end = lttv_traceset_context_position_new(r->ctx);
	lttv_traceset_context_position_save(r->ctx, end);
	g_assert_true(lttv_traceset_context_position_get_time(end) == LTT_TIME_INFINITE);
	g_assert_cmpint(lttv_traceset_context_ctx_pos_compare(r->ctx, end), ==, 0);

	GRand *rand = g_rand_new_with_seed(12);
	for (int k = 0; k < 300; k++) {
		guint i = k == 0 ? 0 : k == 1 ? all->len - 1 : (guint) g_rand_int_range(rand, 0, all->len);
		guint j = (guint) g_rand_int_range(rand, 0, all->len);
		LttvTracesetContextPosition *pi = g_ptr_array_index(positions, i);
		LttvTracesetContextPosition *pj = g_ptr_array_index(positions, j);
		int expect = i < j ? -1 : i > j;
		g_assert_cmpint(lttv_traceset_context_position_compare(pi, pj), ==, expect);
		g_assert_cmpint(lttv_traceset_context_position_compare(pi, end), ==, -1);
		g_assert_true(lttv_traceset_context_position_get_time(pi) == g_array_index(all, Ev, i).time);
		GError *error = NULL;
		g_assert_true(lttv_process_traceset_seek_position(r->ctx, pi, &error));
		g_assert_no_error(error);
		g_assert_cmpint(lttv_traceset_context_ctx_pos_compare(r->ctx, pi), ==, 0);
		g_assert_cmpint(lttv_traceset_context_ctx_pos_compare(r->ctx, pj), ==, expect);
		/* Up to pj, excluded. */
		g_array_set_size(r->got, 0);
		guint64 n = lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, G_MAXUINT64, i < j ? pj : NULL);
		guint count = i < j ? j - i : all->len - i;
		g_assert_cmpuint(n, ==, count);
		assert_events(r->got, i, count);
	}
	g_rand_free(rand);
	lttv_traceset_context_position_destroy(end);
	g_ptr_array_free(positions, TRUE);
	lttv_hooks_destroy(saver);
}

/* Seed 001: a reader of 50 events asks for 51 and keeps the 51st's position. */
typedef struct {
	GArray *got;
	guint seen;
	LttvTracesetContextPosition *next;
} Chunk;

static gboolean chunk_event(void *hook_data, void *call_data)
{
	Chunk *c = hook_data;
	LttvTracefileContext *tfc = call_data;
	if (++c->seen == 51) {
		lttv_traceset_context_position_save(tfc->t_context->ts_context, c->next);
		return FALSE;
	}
	Ev e = ev_of(tfc);
	g_array_append_val(c->got, e);
	return FALSE;
}

static void test_fifty_one(void)
{
	LttvTracesetContext *ctx = lttv_traceset_context_new(ts);
	Chunk c = { g_array_new(FALSE, FALSE, sizeof(Ev)), 0, lttv_traceset_context_position_new(ctx) };
	LttvHooks *event = lttv_hooks_new();
	lttv_hooks_add(event, chunk_event, &c, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(ctx, NULL, NULL, NULL, event, NULL);
	lttv_process_traceset_seek_time(ctx, 0);
	guint chunks = 0;
	for (;;) {
		c.seen = 0;
		guint64 n = lttv_process_traceset_middle(ctx, LTT_TIME_INFINITE, 51, NULL);
		chunks++;
		if (n < 51)
			break;
		GError *error = NULL;
		g_assert_true(lttv_process_traceset_seek_position(ctx, c.next, &error));
		g_assert_no_error(error);
	}
	guint expected_chunks = 1;
	for (guint start = 0; all->len - start >= 51; start += 50)
		expected_chunks++;
	g_assert_cmpuint(chunks, ==, expected_chunks);
	assert_events(c.got, 0, all->len);
	lttv_process_traceset_end(ctx, NULL, NULL, NULL, event, NULL);
	lttv_hooks_destroy(event);
	lttv_traceset_context_position_destroy(c.next);
	g_object_unref(ctx);
	g_array_free(c.got, TRUE);
}

/* Reads by time in chunks of at most ~7 events: a chunk never ends inside
 * a group of equal times, so seek_time resumes exactly. */
static void test_middle_time(Reader *r, gconstpointer data)
{
	guint groups_longer = 0;
	for (;;) {
		guint before = r->got->len;
		guint64 n = lttv_process_traceset_middle_time(r->ctx, LTT_TIME_INFINITE, 7);
		if (n == 0)
			break;
		if (n > 7)
			groups_longer++;
		LttTime last = g_array_index(r->got, Ev, r->got->len - 1).time;
		LttTime next = lttv_traceset_context_current_time(r->ctx);
		g_assert_true(next > last);
		g_assert_true(g_array_index(r->got, Ev, before).time <= last);
		lttv_process_traceset_seek_time(r->ctx, next);
	}
	g_assert_cmpuint(groups_longer, >, 0);   /* the trace does have groups to keep whole */
	assert_events(r->got, 0, all->len);
	/* End time is exclusive. */
	LttTime t = g_array_index(all, Ev, all->len / 2).time;
	lttv_process_traceset_seek_time(r->ctx, 0);
	g_array_set_size(r->got, 0);
	lttv_process_traceset_middle(r->ctx, t, G_MAXUINT64, NULL);
	assert_events(r->got, 0, first_at(t));
}

static gboolean stop_at_tenth(void *hook_data, void *call_data)
{
	return ++*(guint *) hook_data == 10;
}

static void test_hook_stops(Reader *r, gconstpointer data)
{
	guint seen = 0;
	LttvHooks *stopper = lttv_hooks_new();
	lttv_hooks_add(stopper, stop_at_tenth, &seen, LTTV_PRIO_LOW);
	lttv_process_traceset_begin(r->ctx, NULL, NULL, NULL, stopper, NULL);
	g_assert_cmpuint(lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL), ==, 10);
	lttv_process_traceset_end(r->ctx, NULL, NULL, NULL, stopper, NULL);
	g_assert_cmpuint(lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, 5, NULL), ==, 5);
	assert_events(r->got, 0, 15);    /* the stop left the context after the 10th event */
	lttv_hooks_destroy(stopper);
}

static void test_seek_n(Reader *r, gconstpointer data)
{
	GRand *rand = g_rand_new_with_seed(13);
	guint at = 0;
	for (int k = 0; k < 200; k++) {
		guint n = (guint) g_rand_int_range(rand, 0, k % 10 == 0 ? all->len + 100 : 300);
		guint target;
		if (g_rand_boolean(rand)) {
			target = MIN(all->len, at + n);
			g_assert_cmpuint(lttv_process_traceset_seek_n_forward(r->ctx, n), ==, target - at);
		} else {
			target = at > n ? at - n : 0;
			g_assert_cmpuint(lttv_process_traceset_seek_n_backward(r->ctx, n), ==, at - target);
		}
		at = target;
		g_array_set_size(r->got, 0);
		guint count = MIN(2u, all->len - at);
		lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, count, NULL);
		assert_events(r->got, at, count);
		at += count;
	}
	g_rand_free(rand);
}

/* The filter of the limited seeks: events of the second trace, counted. */
typedef struct {
	guint calls;
} Filter;

static gboolean second_trace(void *hook_data, void *call_data)
{
	((Filter *) hook_data)->calls++;
	return ((LttvTracefileContext *) call_data)->t_context->index == 1;
}

/* Index in all of the k-th event of the second trace at or after from
 * (k from 1); all->len when there are fewer. */
static guint nth_accepted_from(guint from, guint k)
{
	for (guint i = from; i < all->len; i++)
		if (g_array_index(all, Ev, i).trace == 1 && --k == 0)
			return i;
	return all->len;
}

/* Where going back over k accepted events from at lands: after the
 * accepted event before them, or at 0. */
static guint back_accepted(guint at, guint k, guint *passed)
{
	guint i = at;
	*passed = 0;
	while (i > 0) {
		if (g_array_index(all, Ev, i - 1).trace == 1) {
			if (*passed == k)
				return i;
			(*passed)++;
		}
		i--;
	}
	return 0;
}

static void test_seek_n_limited(Reader *r, gconstpointer data)
{
	GRand *rand = g_rand_new_with_seed(14);
	Filter f = { 0 };
	LttvSeekLimits lim = { .filter = second_trace, .filter_data = &f };
	guint at = 0;
	for (int k = 0; k < 100; k++) {
		guint n = (guint) g_rand_int_range(rand, 0, k % 10 == 0 ? all->len : 200);
		guint target, passed;
		if (g_rand_boolean(rand)) {
			guint last = n == 0 ? at : nth_accepted_from(at, n);
			target = n == 0 ? at : MIN(last + 1, all->len);
			guint expect = 0;
			for (guint i = at; i < target; i++)
				expect += g_array_index(all, Ev, i).trace == 1;
			g_assert_cmpuint(lttv_process_traceset_seek_n_forward_limited(r->ctx, n, &lim), ==, expect);
		} else {
			target = back_accepted(at, n, &passed);
			g_assert_cmpuint(lttv_process_traceset_seek_n_backward_limited(r->ctx, n, &lim), ==, passed);
		}
		at = target;
		g_array_set_size(r->got, 0);
		guint count = MIN(2u, all->len - at);
		lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, count, NULL);
		assert_events(r->got, at, count);
		at += count;
	}
	g_rand_free(rand);
}

static gboolean stop_now(void *stop_data)
{
	return TRUE;
}

/* A bound on the events examined, and a stop check: each call does what
 * its limits allow and leaves the context where it got to; calls repeated
 * reach where one unbounded call goes. */
static void test_seek_n_bounded(Reader *r, gconstpointer data)
{
	Filter f = { 0 };
	LttvSeekLimits lim = { .filter = second_trace, .filter_data = &f, .max_examined = 50 };
	guint64 n = 300, done = 0, calls = 0, got;
	while (done < n) {
		f.calls = 0;
		got = lttv_process_traceset_seek_n_forward_limited(r->ctx, n - done, &lim);
		g_assert_cmpuint(f.calls, <=, 50);
		done += got;
		g_assert_cmpuint(++calls, <, all->len);
	}
	guint at = nth_accepted_from(0, 300) + 1;
	LttvTracesetContextPosition *mark = lttv_traceset_context_position_new(r->ctx);
	lttv_traceset_context_position_save(r->ctx, mark);
	g_assert_cmpuint(lttv_process_traceset_seek_to_position(r->ctx, mark), ==, 0);
	g_array_set_size(r->got, 0);
	lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, 1, NULL);
	assert_events(r->got, at, 1);
	lttv_process_traceset_seek_position(r->ctx, mark, NULL);
	/* Back over 200, 50 events examined at most per call (twice, as the
	 * window where it lands is read again). */
	for (done = 0; done < 200;) {
		f.calls = 0;
		done += lttv_process_traceset_seek_n_backward_limited(r->ctx, 200 - done, &lim);
		g_assert_cmpuint(f.calls, <=, 100);
	}
	guint passed;
	guint back = back_accepted(at, 200, &passed);
	g_array_set_size(r->got, 0);
	lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, 1, NULL);
	assert_events(r->got, back, 1);
	/* A bound below the events of the first window of time still moves
	 * (the window is narrowed), the equal-times trace has groups of 4 or
	 * 5 events at one time over 4 CPUs. */
	lttv_process_traceset_seek_position(r->ctx, mark, NULL);
	LttvSeekLimits tiny = { .max_examined = 2 };
	for (done = 0; done < 200;)
		done += lttv_process_traceset_seek_n_backward_limited(r->ctx, 200 - done, &tiny);
	g_array_set_size(r->got, 0);
	lttv_process_traceset_middle(r->ctx, LTT_TIME_INFINITE, 1, NULL);
	assert_events(r->got, at - 200, 1);
	/* A stop check that always stops: 255 events examined, then stop. */
	lttv_process_traceset_seek_time(r->ctx, 0);
	LttvSeekLimits stop = { .stop = stop_now };
	g_assert_cmpuint(lttv_process_traceset_seek_n_forward_limited(r->ctx, 1000, &stop), ==, 255);
	/* seek_to_position counts the events before a position. */
	lttv_process_traceset_seek_time(r->ctx, 0);
	g_assert_cmpuint(lttv_process_traceset_seek_to_position(r->ctx, mark), ==, at);
	lttv_traceset_context_position_destroy(mark);
}

/* A zero time budget returns after one event; the next chunk goes on
 * from there. */
static void test_budget(Reader *r, gconstpointer data)
{
	guint64 n, total = 0;
	while ((n = lttv_process_traceset_middle_budget(r->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL, 0)) > 0) {
		total += n;
		g_assert_cmpuint(n, ==, 1);
		if (total == 100)
			break;
	}
	while ((n = lttv_process_traceset_middle_budget(r->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL, 1000)) > 0)
		total += n;
	g_assert_cmpuint(total, ==, all->len);
	assert_events(r->got, 0, all->len);
	/* A count, an end position and a hook still stop it. */
	lttv_process_traceset_seek_time(r->ctx, 0);
	g_array_set_size(r->got, 0);
	g_assert_cmpuint(lttv_process_traceset_middle_budget(r->ctx, LTT_TIME_INFINITE, 3000, NULL, G_MAXINT64), ==, 3000);
	assert_events(r->got, 0, 3000);
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(r->ctx);
	lttv_traceset_context_position_save(r->ctx, pos);
	lttv_process_traceset_seek_time(r->ctx, 0);
	g_assert_cmpuint(lttv_process_traceset_middle_budget(r->ctx, LTT_TIME_INFINITE, G_MAXUINT64, pos, G_MAXINT64), ==, 3000);
	guint seen = 0;
	LttvHooks *stopper = lttv_hooks_new();
	lttv_hooks_add(stopper, stop_at_tenth, &seen, LTTV_PRIO_LOW);
	lttv_process_traceset_begin(r->ctx, NULL, NULL, NULL, stopper, NULL);
	g_assert_cmpuint(lttv_process_traceset_middle_budget(r->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL, G_MAXINT64), ==, 10);
	lttv_process_traceset_end(r->ctx, NULL, NULL, NULL, stopper, NULL);
	g_assert_cmpuint(r->got->len, ==, 6010);
	lttv_hooks_destroy(stopper);
	lttv_traceset_context_position_destroy(pos);
}

/* Hooks that take at least 250 us each (busy: the clock must move). */
static gboolean slow_hook(void *hook_data, void *call_data)
{
	gint64 until = g_get_monotonic_time() + 250;
	while (g_get_monotonic_time() < until)
		;
	return FALSE;
}

/* Regression: the clock was read every 1,024 events, so a 20 ms budget
 * with 250 us hooks took 256 ms.  Each event takes 250 us or more (more
 * when the machine is busy), so a budget of 20 ms holds at most 80 of
 * them, plus the one that crosses the deadline: whatever the load, more
 * than 84 means the budget was overshot by over a millisecond of hooks. */
static void test_budget_slow_hooks(Reader *r, gconstpointer data)
{
	LttvHooks *slow = lttv_hooks_new();
	lttv_hooks_add(slow, slow_hook, NULL, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(r->ctx, NULL, NULL, NULL, slow, NULL);
	for (int k = 0; k < 3; k++) {
		guint64 n = lttv_process_traceset_middle_budget(r->ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL, 20000);
		g_assert_cmpuint(n, >=, 1);
		g_assert_cmpuint(n, <=, 84);
	}
	lttv_process_traceset_end(r->ctx, NULL, NULL, NULL, slow, NULL);
	lttv_hooks_destroy(slow);
}

/* Two contexts on the same (shared) traces, read in turns. */
/* A hook list changed from inside a hook applies from the next event: a
 * hook that, at its 10th event, replaces itself with another everywhere. */
typedef struct {
	LttvTracesetContext *ctx;
	guint first, second;
} Switch;

static gboolean count_second(void *hook_data, void *call_data)
{
	((Switch *) hook_data)->second++;
	return FALSE;
}

static gboolean count_first(void *hook_data, void *call_data)
{
	Switch *sw = hook_data;
	if (++sw->first < 10)
		return FALSE;
	for (guint i = 0; i < sw->ctx->n_traces; i++) {
		LttvTraceContext *tc = sw->ctx->traces[i];
		for (guint j = 0; j < tc->n_tracefiles; j++) {
			lttv_hooks_remove_data(tc->tracefiles[j]->event, count_first, sw);
			lttv_hooks_add(tc->tracefiles[j]->event, count_second, sw, LTTV_PRIO_DEFAULT);
		}
	}
	return FALSE;
}

static void test_hooks_change(gconstpointer data)
{
	Switch sw = { lttv_traceset_context_new(ts), 0, 0 };
	if (data != NULL) {
		lttv_traceset_context_set_read_ahead(sw.ctx, GPOINTER_TO_UINT(data));
		lttv_process_traceset_seek_time(sw.ctx, 0);
	}
	LttvHooks *event = lttv_hooks_new();
	lttv_hooks_add(event, count_first, &sw, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(sw.ctx, NULL, NULL, NULL, event, NULL);
	g_assert_cmpuint(lttv_process_traceset_middle(sw.ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL), ==, all->len);
	g_assert_cmpuint(sw.first, ==, 10);
	g_assert_cmpuint(sw.second, ==, all->len - 10);
	lttv_process_traceset_end(sw.ctx, NULL, NULL, NULL, event, NULL);
	lttv_hooks_destroy(event);
	g_object_unref(sw.ctx);
}

static void test_shared_traces(void)
{
	Reader r1, r2;
	guint64 n1, n2;
	reader_open(&r1, NULL);
	reader_open(&r2, NULL);
	do {
		n1 = lttv_process_traceset_middle(r1.ctx, LTT_TIME_INFINITE, 13, NULL);
		n2 = lttv_process_traceset_middle(r2.ctx, LTT_TIME_INFINITE, 7, NULL);
	} while (n1 > 0 || n2 > 0);
	assert_events(r1.got, 0, all->len);
	assert_events(r2.got, 0, all->len);
	reader_close(&r1, NULL);
	reader_close(&r2, NULL);
}

static void setup(void)
{
	top = g_dir_make_tmp("lttv-seek-XXXXXX", NULL);
	g_assert_nonnull(top);
	char *synth = g_build_filename(top, "synth", NULL);
	char *equal = g_build_filename(top, "equal", NULL);
	const char *argv[] = { TOP_BUILDDIR "/ltt/ltt-synth", "-o", synth, "--cpus", "4",
	                       "--processes", "12", "--events", "6000", "--seed", "7", NULL };
	int status;
	GError *error = NULL;
	g_assert_true(g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
	                           &status, &error));
	g_assert_no_error(error);
	g_assert_true(g_spawn_check_wait_status(status, NULL));
	write_equal_times_trace(equal);
	ts = lttv_traceset_new();
	const char *dirs[] = { synth, equal };
	for (guint i = 0; i < 2; i++) {
		LttvTrace *t = lttv_trace_open(dirs[i], &error);
		g_assert_no_error(error);
		lttv_traceset_add(ts, t);
		lttv_trace_unref(t);
	}
	g_free(synth);
	g_free(equal);
	Reader r;
	reader_open(&r, NULL);
	lttv_process_traceset_middle(r.ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	all = g_array_ref(r.got);
	reader_close(&r, NULL);
	g_assert_cmpuint(all->len, >=, 14000);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	setup();
	g_test_add_func("/seek/full-pass", test_full_pass);
	for (guint small = 0; small <= 1; small++) {
		gconstpointer ahead = small ? GUINT_TO_POINTER(3) : NULL;
		const char *suffix = small ? "/read-ahead-3" : "";
		static const struct {
			const char *name;
			void (*test)(Reader *, gconstpointer);
		} tests[] = {
			{ "/seek/time", test_seek_time }, { "/seek/positions", test_positions },
			{ "/seek/middle-time", test_middle_time }, { "/seek/hook-stops", test_hook_stops },
			{ "/seek/n-events", test_seek_n }, { "/seek/budget", test_budget },
			{ "/seek/budget-slow-hooks", test_budget_slow_hooks },
			{ "/seek/n-limited", test_seek_n_limited }, { "/seek/n-bounded", test_seek_n_bounded },
		};
		for (guint i = 0; i < G_N_ELEMENTS(tests); i++) {
			char *name = g_strconcat(tests[i].name, suffix, NULL);
			g_test_add(name, Reader, ahead, reader_open, tests[i].test, reader_close);
			g_free(name);
		}
	}
	g_test_add_func("/seek/fifty-one", test_fifty_one);
	g_test_add_data_func("/seek/hooks-change", NULL, test_hooks_change);
	g_test_add_data_func("/seek/hooks-change/read-ahead-3", GUINT_TO_POINTER(3), test_hooks_change);
	g_test_add_func("/seek/shared-traces", test_shared_traces);
	int ret = g_test_run();
	lttv_traceset_destroy(ts);
	g_array_free(all, TRUE);
	tlt_remove_dir(top);
	g_free(top);
	return ret;
}
