/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-shrink.c: a channel file cut while it is read (another process
 * truncating it, or lttv's output written onto it) must not kill the
 * reader: what is left is read, the cut is reported, and a payload read
 * through the mapping after the cut reads zeros. */
#include <string.h>
#include <unistd.h>
#include "test-ltt-util.h"

#define BS 16384U
#define BLOCKS 6U
#define PAD 396U
/* Events of PAD + 4 payload bytes: 40 fill most of a 16 KiB block, over
 * four pages. */
#define PER_BLOCK 40U

typedef struct {
	char *dir;
	char *path;
	LttTrace *trace;
	LttTracefile *tf;
} Fx;

static void fx_init(Fx *fx)
{
	TltFile f;
	guint8 payload[4 + PAD];

	fx->dir = tlt_make_dir();
	fx->path = g_build_filename(fx->dir, "k_0", NULL);
	tlt_write_metadata(fx->dir, G_BYTE_ORDER, "event k 1 e { v: u32; pad: u8[396]; }\n");
	tlt_file_init(&f, G_BYTE_ORDER, BS);
	memset(payload, 0xEE, sizeof payload);
	for (guint b = 0; b < BLOCKS; b++) {
		tlt_block_begin(&f, 1000 + 1000 * b, 1000 + 1000 * b + PER_BLOCK - 1);
		for (guint i = 0; i < PER_BLOCK; i++) {
			guint32 v = b * PER_BLOCK + i;
			memcpy(payload, &v, 4);
			tlt_event(&f, 1000 + 1000 * b + i, 1, payload, sizeof payload);
		}
		tlt_block_end(&f);
	}
	tlt_file_write(&f, fx->dir, "k_0");
	tlt_file_clear(&f);
	fx->trace = tlt_open_trace(fx->dir);
	fx->tf = ltt_trace_tracefile_find(fx->trace, "k", 0);
	g_assert_cmpuint(ltt_tracefile_block_count(fx->tf), ==, BLOCKS);
}

static void fx_done(Fx *fx)
{
	ltt_trace_unref(fx->trace);
	tlt_remove_dir(fx->dir);
	g_free(fx->dir);
	g_free(fx->path);
}

static guint32 value_of(const LttEvent *ev)
{
	return (guint32) ltt_event_get_uint(ev, ltt_event_type_field(ltt_event_type(ev), 0));
}

/* Reads tf on to its end after the current event; returns how many events
 * had the value that follows. */
static guint read_on(LttTracefile *tf, guint32 next)
{
	LttReadStatus s;
	guint in_order = 0;

	while ((s = ltt_tracefile_next(tf, NULL)) != LTT_READ_END)
		if (s == LTT_READ_EVENT && value_of(ltt_tracefile_event(tf)) == next) {
			in_order++;
			next++;
		}
	return in_order;
}

static void cut(Fx *fx, gsize len)
{
	g_assert_cmpint(truncate(fx->path, (off_t) len), ==, 0);
}

static void expect_cut_warning(LttTrace *trace, const char *size)
{
	g_assert_true(tlt_has_warning(trace, "k_0: cut to ", size, " bytes while being read"));
}

/* Cut between blocks while block 0 is read: blocks 0-2 are read whole. */
static void test_cut_between_blocks(void)
{
	Fx fx;

	fx_init(&fx);
	g_assert_cmpuint(value_of(tlt_next_event(fx.tf)), ==, 0);
	cut(&fx, 3 * BS);
	g_assert_cmpuint(read_on(fx.tf, 1), ==, 3 * PER_BLOCK - 1);
	expect_cut_warning(fx.trace, "49152");
	fx_done(&fx);
}

/* Cut inside block 1, at a page boundary: its first page is read, the
 * rest is damage, the blocks after it are skipped. */
static void test_cut_inside_block(void)
{
	Fx fx;
	guint got;

	fx_init(&fx);
	g_assert_cmpuint(value_of(tlt_next_event(fx.tf)), ==, 0);
	cut(&fx, BS + 4096);
	got = read_on(fx.tf, 1);
	g_assert_cmpuint(got, >=, PER_BLOCK - 1 + (4096 - 64) / (8 + 4 + PAD));
	g_assert_cmpuint(got, <, 2 * PER_BLOCK - 1);
	expect_cut_warning(fx.trace, "20480");
	fx_done(&fx);
}

/* An event held by a consumer when its page goes away: its payload reads
 * zeros; a second reader of the trace survives the cut as well. */
static void test_payload_after_cut(void)
{
	Fx fx;
	LttTrace *reader;
	LttTracefile *rtf;
	const LttEvent *ev;

	fx_init(&fx);
	g_assert_cmpint(ltt_tracefile_seek_time(fx.tf, 1000 + 1000 * 4 + 20, NULL), ==, LTT_READ_EVENT);
	ev = ltt_tracefile_event(fx.tf);
	g_assert_cmpuint(value_of(ev), ==, 4 * PER_BLOCK + 20);
	reader = ltt_trace_new_reader(fx.trace);
	rtf = ltt_trace_tracefile(reader, 0);
	g_assert_cmpuint(value_of(tlt_next_event(rtf)), ==, 0);
	cut(&fx, 2 * BS);
	g_assert_cmpuint(value_of(ev), ==, 0);
	g_assert_cmpuint(read_on(fx.tf, 0), ==, 0);
	expect_cut_warning(fx.trace, "32768");
	g_assert_cmpuint(read_on(rtf, 1), ==, 2 * PER_BLOCK - 1);
	expect_cut_warning(reader, "32768");
	ltt_trace_unref(reader);
	fx_done(&fx);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/ltt/shrink/cut-between-blocks", test_cut_between_blocks);
	g_test_add_func("/ltt/shrink/cut-inside-block", test_cut_inside_block);
	g_test_add_func("/ltt/shrink/payload-after-cut", test_payload_after_cut);
	return g_test_run();
}
