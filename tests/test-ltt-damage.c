/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-damage.c: hand-made channel files with every kind of damage the
 * format describes.  Each must give the documented status or warning, naming
 * the file, the block and the offset, and reading must go on after it. */
#include <string.h>
#include <glib/gstdio.h>
#include "test-ltt-util.h"

#define BS 4096U
#define PER_BLOCK 10U

typedef struct {
	char *dir;
	TltFile f;
	LttTrace *trace;
	LttTracefile *tf;
} Fx;

static void fx_init(Fx *fx, int byte_order)
{
	fx->dir = tlt_make_dir();
	tlt_file_init(&fx->f, byte_order, BS);
	tlt_write_metadata(fx->dir, byte_order, "event k 1 e { v: u32; }\nevent k 2 f { s: string; }\n");
	fx->trace = NULL;
}

static void fx_done(Fx *fx)
{
	ltt_trace_unref(fx->trace);
	tlt_file_clear(&fx->f);
	tlt_remove_dir(fx->dir);
	g_free(fx->dir);
}

static void put_v(TltFile *f, LttTime t, guint32 v)
{
	guint32 x = f->swap ? GUINT32_SWAP_LE_BE(v) : v;

	tlt_event(f, t, 1, &x, 4);
}

/* Block b holds events b*PER_BLOCK .. +PER_BLOCK-1, event i at time
 * 1000 + 10 i with value i. */
static void good_block(TltFile *f, guint b)
{
	tlt_block_begin(f, 1000 + 10 * b * PER_BLOCK, 1000 + 10 * ((b + 1) * PER_BLOCK - 1));
	for (guint i = b * PER_BLOCK; i < (b + 1) * PER_BLOCK; i++)
		put_v(f, 1000 + 10 * i, i);
	tlt_block_end(f);
}

static void fx_open(Fx *fx)
{
	GError *error = NULL;

	tlt_file_write(&fx->f, fx->dir, "k_0");
	fx->trace = ltt_trace_open(fx->dir, &error);
	g_assert_no_error(error);
	fx->tf = ltt_trace_tracefile_find(fx->trace, "k", 0);
	g_assert_nonnull(fx->tf);
}

/* Reads to the end; returns the values read in order, and checks the
 * damage reports against the expected substrings (NULL-terminated). */
static GArray *read_all(Fx *fx, const char *const *damage)
{
	GArray *values = g_array_new(FALSE, FALSE, sizeof(guint32));
	GError *error = NULL;
	LttReadStatus s;
	guint d = 0;

	ltt_tracefile_seek_begin(fx->tf);
	while ((s = ltt_tracefile_next(fx->tf, &error)) != LTT_READ_END) {
		if (s == LTT_READ_EVENT) {
			const LttEvent *ev = ltt_tracefile_event(fx->tf);
			g_assert_no_error(error);
			if (ltt_event_id(ev) == 1) {
				guint32 v = (guint32) ltt_event_get_uint(ev, ltt_event_type_field(ltt_event_type(ev), 0));
				g_array_append_val(values, v);
			}
			continue;
		}
		g_assert_nonnull(error);
		g_assert_null(ltt_tracefile_event(fx->tf));
		if (damage[d] == NULL || strstr(error->message, damage[d]) == NULL ||
		    strstr(error->message, "k_0: block ") == NULL) {
			g_test_message("damage %u: expected \"%s\", got \"%s\"", d, damage[d] ? damage[d] : "none",
			               error->message);
			g_test_fail();
		}
		/* Damage met while reading is also kept as a warning. */
		g_assert_true(tlt_has_warning(fx->trace, error->message, NULL, NULL));
		if (damage[d] != NULL)
			d++;
		g_clear_error(&error);
	}
	g_assert_null(damage[d]);
	return values;
}

/* values must be lo..hi-1 except the skipped range [skip_lo, skip_hi). */
static void expect_values(GArray *values, guint lo, guint hi, guint skip_lo, guint skip_hi)
{
	guint k = 0;

	for (guint i = lo; i < hi; i++) {
		if (i >= skip_lo && i < skip_hi)
			continue;
		g_assert_cmpuint(k, <, values->len);
		g_assert_cmpuint(g_array_index(values, guint32, k), ==, i);
		k++;
	}
	g_assert_cmpuint(k, ==, values->len);
	g_array_free(values, TRUE);
}

static void expect_warning(Fx *fx, const char *a, const char *b)
{
	if (!tlt_has_warning(fx->trace, "k_0: block ", a, b)) {
		g_test_message("no warning with \"%s\" and \"%s\"; first: %s", a, b ? b : "",
		               ltt_trace_warning_count(fx->trace) ? ltt_trace_warning(fx->trace, 0) : "none");
		g_test_fail();
	}
}

static void test_good(gconstpointer data)
{
	static const char *const none[] = { NULL };
	Fx fx;

	fx_init(&fx, GPOINTER_TO_INT(data));
	for (guint b = 0; b < 3; b++)
		good_block(&fx.f, b);
	fx_open(&fx);
	g_assert_cmpuint(ltt_trace_warning_count(fx.trace), ==, 0);
	g_assert_cmpuint(ltt_tracefile_block_count(fx.tf), ==, 3);
	g_assert_cmpuint(ltt_tracefile_event_count(fx.tf), ==, 3 * PER_BLOCK);
	g_assert_cmpint(ltt_trace_info(fx.trace)->byte_order, ==, GPOINTER_TO_INT(data));
	expect_values(read_all(&fx, none), 0, 3 * PER_BLOCK, 0, 0);
	fx_done(&fx);
}

static void test_truncated_last_block(void)
{
	static const char *const cut[] = { "block 2 (offset 8192): event at offset 8316: event header past the used bytes", NULL };
	static const char *const none[] = { NULL };
	Fx fx;
	gsize whole;

	fx_init(&fx, G_LITTLE_ENDIAN);
	for (guint b = 0; b < 3; b++)
		good_block(&fx.f, b);
	whole = fx.f.data->len;
	/* Block 2 cut after 5 events and 2 bytes of the sixth header. */
	g_byte_array_set_size(fx.f.data, 2 * BS + 64 + 5 * 12 + 2);
	fx_open(&fx);
	expect_warning(&fx, "block 2 (offset 8192): cut short, 126 of 184 bytes present", NULL);
	g_assert_cmpuint(ltt_tracefile_block_count(fx.tf), ==, 3);
	expect_values(read_all(&fx, cut), 0, 3 * PER_BLOCK, 2 * PER_BLOCK + 5, 3 * PER_BLOCK);

	/* The rest arrives: a reload reads the block whole. */
	g_byte_array_set_size(fx.f.data, (guint) whole);
	tlt_file_write(&fx.f, fx.dir, "k_0");
	g_assert_true(ltt_trace_reload(fx.trace, NULL));
	g_assert_cmpuint(ltt_tracefile_block_count(fx.tf), ==, 3);
	g_assert_cmpuint(ltt_tracefile_event_count(fx.tf), ==, 3 * PER_BLOCK);
	expect_values(read_all(&fx, none), 0, 3 * PER_BLOCK, 0, 0);
	fx_done(&fx);
}

static void test_truncated_header(void)
{
	static const char *const none[] = { NULL };
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	for (guint b = 0; b < 2; b++)
		good_block(&fx.f, b);
	g_byte_array_set_size(fx.f.data, BS + 30);
	fx_open(&fx);
	expect_warning(&fx, "block 1 (offset 4096): header cut short, 30 bytes present", NULL);
	g_assert_cmpuint(ltt_tracefile_block_count(fx.tf), ==, 1);
	expect_values(read_all(&fx, none), 0, PER_BLOCK, 0, 0);
	fx_done(&fx);
}

static void test_garbage_in_block(void)
{
	static const char *const garbage[] = { "block 1 (offset 4096): event at offset 4196: time after the block's end time", NULL };
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	for (guint b = 0; b < 3; b++)
		good_block(&fx.f, b);
	/* From the fourth event of block 1 on. */
	memset(fx.f.data->data + BS + 64 + 3 * 12, 0xFF, 40);
	fx_open(&fx);
	g_assert_cmpuint(ltt_trace_warning_count(fx.trace), ==, 0);
	expect_values(read_all(&fx, garbage), 0, 3 * PER_BLOCK, PER_BLOCK + 3, 2 * PER_BLOCK);
	fx_done(&fx);
}

typedef struct {
	const char *name;
	gsize offset;            /* in block 1's header */
	guint32 value;
	const char *warning;
} HeaderDamage;

static const HeaderDamage header_damage[] = {
	{ "magic", 0, 0x12345678, "bad magic 0x12345678" },
	{ "major", 4, 2, "format major version 2, expected 1" },
	{ "header-size", 8, 32, "inconsistent sizes (header 32" },
	{ "used", 20, BS + 1, "inconsistent sizes (header 64, used 4097" },
	{ "used-below-header", 20, 63, "inconsistent sizes (header 64, used 63" },
	{ "block-size", 12, 8192, "block size 8192, expected 4096" },
	{ "crc", 60, 0xDEADBEEF, "header CRC 0xdeadbeef does not match" },
	{ "begin-after-end", 32, 999999, "after end time" },
};

static void test_bad_header(gconstpointer data)
{
	const HeaderDamage *d = data;
	static const char *const none[] = { NULL };
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	for (guint b = 0; b < 3; b++)
		good_block(&fx.f, b);
	if (d->offset == 0 || d->offset == 4)
		memcpy(fx.f.data->data + BS + d->offset, &d->value, d->offset == 4 ? 2 : 4);
	else
		tlt_patch_u32(&fx.f, BS + d->offset, d->value);
	if (d->offset == 32)
		tlt_patch_u64(&fx.f, BS + d->offset, d->value);
	fx_open(&fx);
	expect_warning(&fx, "block 1 (offset 4096): ", d->warning);
	g_assert_cmpuint(ltt_tracefile_block_count(fx.tf), ==, 2);
	g_assert_cmpuint(ltt_tracefile_event_count(fx.tf), ==, 2 * PER_BLOCK);
	expect_values(read_all(&fx, none), 0, 3 * PER_BLOCK, PER_BLOCK, 2 * PER_BLOCK);
	fx_done(&fx);
}

/* Headers whose times overlap a neighbour while their events do not: every
 * block is read, and the one that lies is reported. */
typedef struct {
	const char *name;
	gsize offset;            /* of a u64 in block 1's header */
	guint64 value;
	const char *warning;
	gboolean sealed;         /* the header's CRC computed, as a lying writer would */
} TimeLie;

static const TimeLie time_lies[] = {
	{ "begin-before-previous-end", 32, 1000, "block 1 (offset 4096): sequence 1, times 1000 to 1190 overlap", FALSE },
	{ "end-infinite", 40, G_MAXUINT64, "block 1 (offset 4096): sequence 1, times 1100 to 18446744073709551615 overlap",
	  FALSE },
	{ "end-at-last-block-end", 40, 1490, "block 1 (offset 4096): sequence 1, times 1100 to 1490 overlap", FALSE },
	{ "end-infinite-crc", 40, G_MAXUINT64,
	  "block 1 (offset 4096): sequence 1, times 1100 to 18446744073709551615 overlap", TRUE },
	{ "end-at-last-block-end-crc", 40, 1490, "block 1 (offset 4096): sequence 1, times 1100 to 1490 overlap", TRUE },
};

static void test_header_times_lie(gconstpointer data)
{
	const TimeLie *d = data;
	static const char *const none[] = { NULL };
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	for (guint b = 0; b < 5; b++)
		good_block(&fx.f, b);
	tlt_patch_u64(&fx.f, BS + d->offset, d->value);
	if (d->sealed)
		for (guint b = 0; b < 5; b++)
			tlt_seal_header(&fx.f, b * BS);
	fx_open(&fx);
	expect_warning(&fx, d->warning, "but its events do not; block read");
	if (d->sealed)
		for (guint i = 0; i < ltt_trace_warning_count(fx.trace); i++)
			g_assert_null(strstr(ltt_trace_warning(fx.trace, i), "CRC"));
	g_assert_cmpuint(ltt_tracefile_block_count(fx.tf), ==, 5);
	g_assert_cmpuint(ltt_tracefile_end_time(fx.tf), ==, 1490);
	expect_values(read_all(&fx, none), 0, 5 * PER_BLOCK, 0, 0);
	g_assert_cmpint(ltt_tracefile_seek_time(fx.tf, 1200, NULL), ==, LTT_READ_EVENT);
	g_assert_cmpuint(ltt_event_time(ltt_tracefile_event(fx.tf)), ==, 1200);
	fx_done(&fx);
}

/* Blocks 1 and 4 of 6 swapped in the file: read in sequence order, all. */
static void test_swapped_blocks(void)
{
	static const char *const none[] = { NULL };
	guint8 tmp[BS];
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	for (guint b = 0; b < 6; b++)
		good_block(&fx.f, b);
	memcpy(tmp, fx.f.data->data + BS, BS);
	memcpy(fx.f.data->data + BS, fx.f.data->data + 4 * BS, BS);
	memcpy(fx.f.data->data + 4 * BS, tmp, BS);
	fx_open(&fx);
	g_assert_cmpuint(ltt_trace_warning_count(fx.trace), ==, 0);
	expect_values(read_all(&fx, none), 0, 6 * PER_BLOCK, 0, 0);
	fx_done(&fx);
}

/* A sequence number that puts a block where its times do not fit: only
 * that block is skipped. */
static void test_sequence_lies(void)
{
	static const char *const none[] = { NULL };
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	for (guint b = 0; b < 5; b++)
		good_block(&fx.f, b);
	tlt_patch_u64(&fx.f, 3 * BS + 24, G_MAXUINT64);
	fx_open(&fx);
	expect_warning(&fx, "block 3 (offset 12288): sequence 18446744073709551615, times 1300 to 1390 disagree with the "
	               "neighbouring blocks; block skipped", NULL);
	expect_values(read_all(&fx, none), 0, 5 * PER_BLOCK, 3 * PER_BLOCK, 4 * PER_BLOCK);
	fx_done(&fx);
}

static void test_bad_first_block(void)
{
	static const char *const none[] = { NULL };
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	for (guint b = 0; b < 3; b++)
		good_block(&fx.f, b);
	memset(fx.f.data->data, 0xAB, 64);
	fx_open(&fx);
	expect_warning(&fx, "block 0 (offset 0): bad magic 0xabababab", NULL);
	expect_values(read_all(&fx, none), 0, 3 * PER_BLOCK, 0, PER_BLOCK);
	g_assert_cmpuint(ltt_tracefile_start_time(fx.tf), ==, 1000 + 10 * PER_BLOCK);
	fx_done(&fx);
}

static void test_garbage_file(void)
{
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	g_byte_array_set_size(fx.f.data, 3 * BS);
	memset(fx.f.data->data, 0x5A, 3 * BS);
	fx_open(&fx);
	g_assert_true(tlt_has_warning(fx.trace, "k_0: offset 0: no valid block header", NULL, NULL));
	g_assert_cmpuint(ltt_tracefile_block_count(fx.tf), ==, 0);
	g_assert_cmpint(ltt_tracefile_next(fx.tf, NULL), ==, LTT_READ_END);
	fx_done(&fx);
}

static void test_mixed_order_block(void)
{
	static const char *const none[] = { NULL };
	Fx fx;
	TltFile other;

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_file_init(&other, G_BIG_ENDIAN, BS);
	good_block(&fx.f, 0);
	good_block(&other, 1);
	g_byte_array_append(fx.f.data, other.data->data, other.data->len);
	fx.f.sequence++;
	good_block(&fx.f, 2);
	fx_open(&fx);
	expect_warning(&fx, "block 1 (offset 4096): big-endian block in a little-endian file", NULL);
	expect_values(read_all(&fx, none), 0, 3 * PER_BLOCK, PER_BLOCK, 2 * PER_BLOCK);
	tlt_file_clear(&other);
	fx_done(&fx);
}

static void test_byte_order_mismatch(void)
{
	static const char *const none[] = { NULL };
	Fx fx;

	fx_init(&fx, G_BIG_ENDIAN);
	tlt_write_metadata(fx.dir, G_LITTLE_ENDIAN, "event k 1 e { v: u32; }\n");
	good_block(&fx.f, 0);
	fx_open(&fx);
	g_assert_true(tlt_has_warning(fx.trace, "k_0: blocks are big-endian but the metadata says byte_order little", NULL, NULL));
	expect_values(read_all(&fx, none), 0, PER_BLOCK, 0, 0);
	fx_done(&fx);
}

static void test_empty_channel_file(void)
{
	Fx fx;
	LttTracefile *empty;

	fx_init(&fx, G_LITTLE_ENDIAN);
	good_block(&fx.f, 0);
	tlt_write_file(fx.dir, "k_1", "", 0);
	fx_open(&fx);
	g_assert_cmpuint(ltt_trace_warning_count(fx.trace), ==, 0);
	empty = ltt_trace_tracefile_find(fx.trace, "k", 1);
	g_assert_nonnull(empty);
	g_assert_cmpuint(ltt_tracefile_block_count(empty), ==, 0);
	g_assert_cmpuint(ltt_tracefile_event_count(empty), ==, 0);
	g_assert_cmpint(ltt_tracefile_next(empty, NULL), ==, LTT_READ_END);
	g_assert_cmpint(ltt_tracefile_seek_time(empty, 0, NULL), ==, LTT_READ_END);
	g_assert_cmpuint(ltt_trace_start_time(fx.trace), ==, 1000);
	fx_done(&fx);
}

static void test_unknown_id(void)
{
	static const char *const unknown[] = { "block 0 (offset 0): event at offset 88: id 9 is not declared for channel k", NULL };
	static const char *const none[] = { NULL };
	static const char late[] = "event k 9 late { }\n";
	Fx fx;
	GError *error = NULL;
	guint32 v = 77;

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_block_begin(&fx.f, 100, 300);
	put_v(&fx.f, 100, 0);
	put_v(&fx.f, 110, 1);
	tlt_event(&fx.f, 120, 9, &v, 4);
	put_v(&fx.f, 130, 2);
	tlt_block_end(&fx.f);
	fx_open(&fx);
	expect_values(read_all(&fx, unknown), 0, 3, 0, 0);
	ltt_tracefile_seek_begin(fx.tf);
	for (int i = 0; i < 2; i++)
		ltt_tracefile_next(fx.tf, NULL);
	g_assert_cmpint(ltt_tracefile_next(fx.tf, &error), ==, LTT_READ_DAMAGED);
	g_assert_error(error, LTT_ERROR, LTT_ERROR_UNKNOWN_EVENT);
	g_clear_error(&error);

	/* Declared later: meeting the id re-reads the metadata. */
	tlt_append_file(fx.dir, "metadata", late, strlen(late));
	expect_values(read_all(&fx, none), 0, 3, 0, 0);
	ltt_tracefile_seek_time(fx.tf, 120, NULL);
	g_assert_cmpstr(ltt_event_name(ltt_tracefile_event(fx.tf)), ==, "late");
	g_assert_cmpuint(ltt_event_payload_size(ltt_tracefile_event(fx.tf)), ==, 4);
	fx_done(&fx);
}

/* Every event of an undeclared type (metadata cut after its properties):
 * five warnings kept, the rest counted in one. */
static void test_repeated_warnings(void)
{
	Fx fx;
	guint damaged = 0;

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_write_metadata(fx.dir, G_LITTLE_ENDIAN, "cpus 1\n");
	for (guint b = 0; b < 100; b++)
		good_block(&fx.f, b);
	fx_open(&fx);
	g_assert_cmpuint(tlt_count_events(fx.tf, &damaged), ==, 0);
	g_assert_cmpuint(damaged, ==, 100 * PER_BLOCK);
	g_assert_cmpuint(ltt_trace_warning_count(fx.trace), ==, 6);
	g_assert_cmpstr(ltt_trace_warning(fx.trace, 4) + strlen(fx.dir), ==,
	                "/k_0: block 0 (offset 0): event at offset 112: id 1 is not declared for channel k; event skipped");
	g_assert_true(g_str_has_prefix(ltt_trace_warning(fx.trace, 5), "995 more like this: "));
	g_assert_true(g_str_has_suffix(ltt_trace_warning(fx.trace, 5),
	                               "/k_#: block # (offset #): event at offset #: id # is not declared for channel k; "
	                               "event skipped"));
	fx_done(&fx);
}

/* The summary's pattern leaves the words of the path as they are (a
 * folder whose name holds digits between letters): only numbers are '#'. */
static void test_summary_keeps_path(void)
{
	char *top = tlt_make_dir(), *dir = g_build_filename(top, "run2-h3ru", NULL), *cwd = g_get_current_dir();
	const char *expected;
	GError *error = NULL;
	LttTrace *trace;
	LttTracefile *tf;
	TltFile f;
	guint damaged = 0;

	g_assert_cmpint(g_mkdir(dir, 0755), ==, 0);
	tlt_file_init(&f, G_LITTLE_ENDIAN, BS);
	tlt_write_metadata(dir, G_LITTLE_ENDIAN, "cpus 1\n");
	for (guint b = 0; b < 2; b++)
		good_block(&f, b);
	tlt_file_write(&f, dir, "k_0");
	/* Opened by a relative path: the temporary folder's random name
	 * could be all digits, a number. */
	g_assert_cmpint(g_chdir(top), ==, 0);
	trace = ltt_trace_open("run2-h3ru", &error);
	g_assert_no_error(error);
	tf = ltt_trace_tracefile_find(trace, "k", 0);
	g_assert_nonnull(tf);
	g_assert_cmpuint(tlt_count_events(tf, &damaged), ==, 0);
	g_assert_cmpuint(ltt_trace_warning_count(trace), ==, 6);
	expected = "15 more like this: run2-h3ru/k_#: block # (offset #)";
	g_test_message("%s", ltt_trace_warning(trace, 5));
	g_assert_true(g_str_has_prefix(ltt_trace_warning(trace, 5), expected));
	ltt_trace_unref(trace);
	g_assert_cmpint(g_chdir(cwd), ==, 0);
	tlt_file_clear(&f);
	tlt_remove_dir(top);
	g_free(dir);
	g_free(top);
	g_free(cwd);
}

/* A second reader's summarised warnings, taken by the trace, add to its
 * count. */
static void test_repeated_warnings_of_a_reader(void)
{
	Fx fx;
	LttTrace *reader;

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_write_metadata(fx.dir, G_LITTLE_ENDIAN, "cpus 1\n");
	for (guint b = 0; b < 10; b++)
		good_block(&fx.f, b);
	fx_open(&fx);
	reader = ltt_trace_new_reader(fx.trace);
	g_assert_cmpuint(tlt_count_events(ltt_trace_tracefile(reader, 0), NULL), ==, 0);
	ltt_trace_take_reader_warnings(fx.trace, reader);
	ltt_trace_unref(reader);
	g_assert_cmpuint(ltt_trace_warning_count(fx.trace), ==, 6);
	g_assert_true(g_str_has_prefix(ltt_trace_warning(fx.trace, 5), "95 more like this: "));
	fx_done(&fx);
}

/* A payload shorter than its type: "<damaged>", and reported where it is. */
static void test_damaged_value(void)
{
	Fx fx;
	GString *text = g_string_new(NULL);
	static const guint8 two[2] = { 1, 2 };

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_block_begin(&fx.f, 100, 300);
	put_v(&fx.f, 100, 0);
	tlt_event(&fx.f, 110, 1, two, 2);
	tlt_block_end(&fx.f);
	fx_open(&fx);
	tlt_next_event(fx.tf);
	ltt_event_format_payload(tlt_next_event(fx.tf), text, LTT_FORMAT_FIELD_NAMES);
	g_assert_cmpstr(text->str, ==, "{ v = <damaged> }");
	expect_warning(&fx, "block 0 (offset 0): event at offset 76: payload of e damaged: ",
	               "does not fit in the 2 bytes left in the payload");
	g_string_free(text, TRUE);
	fx_done(&fx);
}

static void test_metadata_errors(void)
{
	static const char *const unknown[] = { "event at offset 64: id 1 is not declared", NULL };
	Fx fx;

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_write_metadata(fx.dir, G_LITTLE_ENDIAN, "event k 1 e { v: u32 }\nevent k 2 f { s: string; }\n");
	tlt_block_begin(&fx.f, 100, 300);
	put_v(&fx.f, 100, 0);
	tlt_event(&fx.f, 110, 2, "ok", 3);
	tlt_block_end(&fx.f);
	fx_open(&fx);
	g_assert_true(tlt_has_warning(fx.trace, "metadata:3: column 22: expected ';'", NULL, NULL));
	g_array_free(read_all(&fx, unknown), TRUE);
	ltt_tracefile_seek_begin(fx.tf);
	ltt_tracefile_next(fx.tf, NULL);
	g_assert_cmpint(ltt_tracefile_next(fx.tf, NULL), ==, LTT_READ_EVENT);
	g_assert_cmpstr(ltt_event_get_string(ltt_tracefile_event(fx.tf),
	                                     ltt_event_type_field(ltt_event_type(ltt_tracefile_event(fx.tf)), 0)), ==, "ok");
	fx_done(&fx);
}

static void test_size_past_block(void)
{
	static const char *const past[] = { "block 0 (offset 0): event at offset 76: payload past the used bytes", NULL };
	Fx fx;
	guint8 x[4] = { 0 };

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_block_begin(&fx.f, 1000, 1000 + 10 * (PER_BLOCK - 1));
	put_v(&fx.f, 1000, 0);
	tlt_event(&fx.f, 1010, 1, x, 4);
	tlt_patch_u32(&fx.f, 64 + 12 + 4, 1 | 3000u << 16);
	put_v(&fx.f, 1020, 2);
	tlt_block_end(&fx.f);
	good_block(&fx.f, 1);
	fx_open(&fx);
	expect_values(read_all(&fx, past), 0, 2 * PER_BLOCK, 1, PER_BLOCK);
	fx_done(&fx);
}

static void test_extended_backwards(void)
{
	static const char *const back[] = { "block 0 (offset 0): event at offset 88: time before the previous event", NULL };
	Fx fx;
	guint32 v = 5;

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_block_begin(&fx.f, 1000, 1000 + 10 * (PER_BLOCK - 1));
	put_v(&fx.f, 1000, 0);
	put_v(&fx.f, 1010, 1);
	tlt_event_extended(&fx.f, 1005, 1, &v, 4);
	tlt_block_end(&fx.f);
	good_block(&fx.f, 1);
	fx_open(&fx);
	expect_values(read_all(&fx, back), 0, 2 * PER_BLOCK, 2, PER_BLOCK);
	fx_done(&fx);
}

static void test_extended_header_cut(void)
{
	static const char *const cut[] = { "event at offset 76: extended header past the used bytes", NULL };
	Fx fx;
	static const guint8 ext[] = { 0, 0, 0, 0, 0xFF, 0xFF, 0, 0, 1, 2, 3 };

	fx_init(&fx, G_LITTLE_ENDIAN);
	tlt_block_begin(&fx.f, 1000, 1000);
	put_v(&fx.f, 1000, 0);
	tlt_raw(&fx.f, ext, sizeof ext);
	tlt_block_end(&fx.f);
	fx_open(&fx);
	expect_values(read_all(&fx, cut), 0, 1, 0, 0);
	fx_done(&fx);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_data_func("/ltt/damage/good-little", GINT_TO_POINTER(G_LITTLE_ENDIAN), test_good);
	g_test_add_data_func("/ltt/damage/good-big", GINT_TO_POINTER(G_BIG_ENDIAN), test_good);
	g_test_add_func("/ltt/damage/truncated-last-block", test_truncated_last_block);
	g_test_add_func("/ltt/damage/truncated-header", test_truncated_header);
	g_test_add_func("/ltt/damage/garbage-in-block", test_garbage_in_block);
	for (guint i = 0; i < G_N_ELEMENTS(header_damage); i++) {
		char *path = g_strdup_printf("/ltt/damage/header/%s", header_damage[i].name);
		g_test_add_data_func(path, &header_damage[i], test_bad_header);
		g_free(path);
	}
	for (guint i = 0; i < G_N_ELEMENTS(time_lies); i++) {
		char *path = g_strdup_printf("/ltt/damage/time-lie/%s", time_lies[i].name);
		g_test_add_data_func(path, &time_lies[i], test_header_times_lie);
		g_free(path);
	}
	g_test_add_func("/ltt/damage/swapped-blocks", test_swapped_blocks);
	g_test_add_func("/ltt/damage/sequence-lies", test_sequence_lies);
	g_test_add_func("/ltt/damage/bad-first-block", test_bad_first_block);
	g_test_add_func("/ltt/damage/garbage-file", test_garbage_file);
	g_test_add_func("/ltt/damage/mixed-order-block", test_mixed_order_block);
	g_test_add_func("/ltt/damage/byte-order-mismatch", test_byte_order_mismatch);
	g_test_add_func("/ltt/damage/empty-channel-file", test_empty_channel_file);
	g_test_add_func("/ltt/damage/unknown-id", test_unknown_id);
	g_test_add_func("/ltt/damage/metadata-errors", test_metadata_errors);
	g_test_add_func("/ltt/damage/repeated-warnings", test_repeated_warnings);
	g_test_add_func("/ltt/damage/summary-keeps-path", test_summary_keeps_path);
	g_test_add_func("/ltt/damage/repeated-warnings-of-a-reader", test_repeated_warnings_of_a_reader);
	g_test_add_func("/ltt/damage/damaged-value", test_damaged_value);
	g_test_add_func("/ltt/damage/size-past-block", test_size_past_block);
	g_test_add_func("/ltt/damage/extended-backwards", test_extended_backwards);
	g_test_add_func("/ltt/damage/extended-header-cut", test_extended_header_cut);
	return g_test_run();
}
