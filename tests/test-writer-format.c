/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-writer-format.c: what LttWriter puts on disk, checked byte by byte
 * with a parser written here from doc/format.md (not libltt's reader), plus
 * the metadata text, declaration rules, order and size limits. */
#include <string.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "ltt/ltt.h"
#include "test-ltt-util.h"

typedef struct {
	guint64 time;
	guint32 id;
	guint32 size;
	gboolean extended;
	const guint8 *payload;
} RawEvent;

typedef struct {
	guint32 used, cpu, block_size, event_count;
	guint64 sequence, begin, end, lost;
	GArray *events;          /* RawEvent, pointing into the file contents */
} RawBlock;

typedef struct {
	char *dir;
	char *contents;
	gsize length;
	gboolean swap;
	GArray *blocks;          /* RawBlock */
} Fixture;

static guint16 rd16(const guint8 *p, gboolean swap)
{
	guint16 v;
	memcpy(&v, p, 2);
	return swap ? GUINT16_SWAP_LE_BE(v) : v;
}

static guint32 rd32(const guint8 *p, gboolean swap)
{
	guint32 v;
	memcpy(&v, p, 4);
	return swap ? GUINT32_SWAP_LE_BE(v) : v;
}

static guint64 rd64(const guint8 *p, gboolean swap)
{
	guint64 v;
	memcpy(&v, p, 8);
	return swap ? GUINT64_SWAP_LE_BE(v) : v;
}

/* zlib's crc32, bit by bit: independent of ltt/crc32.c. */
static guint32 crc32_ref(const guint8 *p, gsize n)
{
	guint32 c = 0xFFFFFFFFU;
	while (n--) {
		c ^= *p++;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xEDB88320U ^ (c >> 1) : c >> 1;
	}
	return ~c;
}

static void blocks_free(Fixture *f)
{
	if (!f->blocks)
		return;
	for (guint i = 0; i < f->blocks->len; i++)
		g_array_free(g_array_index(f->blocks, RawBlock, i).events, TRUE);
	g_array_free(f->blocks, TRUE);
	f->blocks = NULL;
}

/* Parses a channel file per doc/format.md §2, asserting validity. */
static void parse_file(Fixture *f, const char *name)
{
	char *path = g_build_filename(f->dir, name, NULL);
	const guint8 *data;
	guint32 bs;

	g_free(f->contents);
	f->contents = NULL;
	g_assert_true(g_file_get_contents(path, &f->contents, &f->length, NULL));
	g_free(path);
	blocks_free(f);
	f->blocks = g_array_new(FALSE, TRUE, sizeof(RawBlock));
	data = (const guint8 *) f->contents;
	g_assert_cmpuint(f->length, >=, 64);
	if (rd32(data, FALSE) == LTT_BLOCK_MAGIC)
		f->swap = FALSE;
	else {
		g_assert_cmphex(rd32(data, FALSE), ==, LTT_BLOCK_MAGIC_SWAPPED);
		f->swap = TRUE;
	}
	bs = rd32(data + 12, f->swap);
	g_assert_cmpuint(f->length % bs, ==, 0);
	for (gsize off = 0; off < f->length; off += bs) {
		const guint8 *h = data + off;
		RawBlock b = { 0 };
		guint64 prev;
		gsize pos;

		g_assert_cmphex(rd32(h, f->swap), ==, LTT_BLOCK_MAGIC);
		g_assert_cmpuint(rd16(h + 4, f->swap), ==, 1);
		g_assert_cmpuint(rd16(h + 6, f->swap), ==, 0);
		g_assert_cmpuint(rd32(h + 8, f->swap), ==, 64);
		b.block_size = rd32(h + 12, f->swap);
		g_assert_cmpuint(b.block_size, ==, bs);
		b.cpu = rd32(h + 16, f->swap);
		b.used = rd32(h + 20, f->swap);
		g_assert_cmpuint(b.used, >=, 64);
		g_assert_cmpuint(b.used, <=, bs);
		b.sequence = rd64(h + 24, f->swap);
		g_assert_cmpuint(b.sequence, ==, f->blocks->len);
		b.begin = rd64(h + 32, f->swap);
		b.end = rd64(h + 40, f->swap);
		g_assert_cmpuint(b.begin, <=, b.end);
		b.lost = rd64(h + 48, f->swap);
		b.event_count = rd32(h + 56, f->swap);
		g_assert_cmphex(rd32(h + 60, f->swap), ==, crc32_ref(h, 60));
		for (gsize i = b.used; i < bs; i++)
			g_assert_cmpuint(h[i], ==, 0);

		b.events = g_array_new(FALSE, TRUE, sizeof(RawEvent));
		prev = b.begin;
		for (pos = 64; pos < b.used;) {
			RawEvent e = { 0 };
			guint32 low = rd32(h + pos, f->swap);
			guint16 id = rd16(h + pos + 4, f->swap);
			guint16 size = rd16(h + pos + 6, f->swap);

			g_assert_cmpuint(pos + 8, <=, b.used);
			if (id == LTT_EVENT_ID_EXTENDED) {
				g_assert_cmpuint(low, ==, 0);
				g_assert_cmpuint(size, ==, 0);
				g_assert_cmpuint(pos + 24, <=, b.used);
				e.extended = TRUE;
				e.time = rd64(h + pos + 8, f->swap);
				e.id = rd32(h + pos + 16, f->swap);
				e.size = rd32(h + pos + 20, f->swap);
				g_assert_cmpuint(e.time, >=, prev);
				pos += 24;
			} else {
				e.time = (prev & ~G_GUINT64_CONSTANT(0xFFFFFFFF)) | low;
				if (e.time < prev)
					e.time += G_GUINT64_CONSTANT(1) << 32;
				e.id = id;
				e.size = size;
				pos += 8;
			}
			g_assert_cmpuint(pos + e.size, <=, b.used);
			e.payload = h + pos;
			pos += e.size;
			prev = e.time;
			g_array_append_val(b.events, e);
		}
		g_assert_cmpuint(pos, ==, b.used);
		g_assert_cmpuint(b.events->len, ==, b.event_count);
		if (b.event_count)
			g_assert_cmpuint(prev, <=, b.end);
		g_array_append_val(f->blocks, b);
	}
}

static RawBlock *block_at(Fixture *f, guint i)
{
	g_assert_cmpuint(i, <, f->blocks->len);
	return &g_array_index(f->blocks, RawBlock, i);
}

static RawEvent *event_at(Fixture *f, guint b, guint i)
{
	RawBlock *blk = block_at(f, b);
	g_assert_cmpuint(i, <, blk->events->len);
	return &g_array_index(blk->events, RawEvent, i);
}

static void fixture_setup(Fixture *f, gconstpointer data)
{
	f->dir = tlt_make_dir();
}

static void fixture_teardown(Fixture *f, gconstpointer data)
{
	blocks_free(f);
	g_free(f->contents);
	tlt_remove_dir(f->dir);
	g_free(f->dir);
}

static LttWriter *new_writer(Fixture *f, int byte_order, guint32 block_size)
{
	LttWriterOptions o = { .byte_order = byte_order, .block_size = block_size, .cpu_count = 2,
	                       .host = "h", .os = "o", .kernel = "k" };
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(f->dir, &o, &error);

	g_assert_no_error(error);
	g_assert_nonnull(w);
	return w;
}

static void close_writer(LttWriter *w)
{
	GError *error = NULL;
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);
}

static void declare(LttWriter *w, const char *ch, guint id, const char *name, const char *fields)
{
	GError *error = NULL;
	g_assert_nonnull(ltt_writer_declare_event(w, ch, id, name, fields, &error));
	g_assert_no_error(error);
}

static char *read_metadata(Fixture *f)
{
	char *path = g_build_filename(f->dir, "metadata", NULL);
	char *text = NULL;

	g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
	g_free(path);
	return text;
}

static void test_metadata(Fixture *f, gconstpointer data)
{
	LttWriterOptions o = { .byte_order = G_BIG_ENDIAN, .cpu_count = 3, .host = "my host",
	                       .os = "Linux", .kernel = "6.1", .tracer = "unit \"test\"",
	                       .clock_offset = -5 };
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(f->dir, &o, &error);
	char *text;

	g_assert_no_error(error);
	g_assert_cmpint(ltt_writer_byte_order(w), ==, G_BIG_ENDIAN);
	text = read_metadata(f);
	g_assert_true(g_str_has_prefix(text, "ltt-metadata 1.0\n"));
	g_assert_nonnull(strstr(text, "\nbyte_order big\n"));
	g_assert_nonnull(strstr(text, "\ncpus 3\n"));
	g_assert_nonnull(strstr(text, "\nhost \"my host\"\n"));
	g_assert_nonnull(strstr(text, "\nos Linux\n"));
	g_assert_nonnull(strstr(text, "\nkernel 6.1\n"));
	g_assert_nonnull(strstr(text, "\ntracer \"unit \\\"test\\\"\"\n"));
	g_assert_nonnull(strstr(text, "\nclock.name monotonic\n"));
	g_assert_nonnull(strstr(text, "\nclock.freq 1000000000\n"));
	g_assert_nonnull(strstr(text, "\nclock.offset -5\n"));
	g_free(text);

	g_assert_true(ltt_writer_set_property(w, "note.x", "a\tb\nc\\", &error));
	g_assert_no_error(error);
	g_assert_false(ltt_writer_set_property(w, "Bad Key", "v", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	g_assert_false(ltt_writer_set_property(w, "byte_order", "little", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	declare(w, "ch", 7, "foo", "a: s32; b: string;");
	declare(w, "ch", 8, "empty", "");
	text = read_metadata(f);
	g_assert_nonnull(strstr(text, "\nnote.x \"a\\tb\\nc\\\\\"\n"));
	g_assert_nonnull(strstr(text, "\nevent ch 7 foo { a: s32; b: string; }\n"));
	g_assert_nonnull(strstr(text, "\nevent ch 8 empty { }\n"));
	g_free(text);

	/* What the reader makes of it. */
	{
		LttWriterChannel *ch = ltt_writer_channel(w, "ch", 2, &error);
		const LttTraceInfo *info;
		LttTrace *t;

		tlt_append(ch, 1, 8, NULL, 0);
		g_assert_true(ltt_writer_flush(w, &error));
		t = ltt_trace_open(f->dir, &error);
		g_assert_no_error(error);
		info = ltt_trace_info(t);
		g_assert_cmpint(info->byte_order, ==, G_BIG_ENDIAN);
		g_assert_cmpuint(info->cpu_count, ==, 3);
		g_assert_cmpstr(info->host, ==, "my host");
		g_assert_cmpstr(info->tracer, ==, "unit \"test\"");
		g_assert_cmpstr(info->clock_name, ==, "monotonic");
		g_assert_cmpuint(info->clock_freq, ==, 1000000000);
		g_assert_cmpint(info->clock_offset, ==, -5);
		g_assert_cmpstr(ltt_trace_property(t, "note.x"), ==, "a\tb\nc\\");
		g_assert_nonnull(ltt_trace_event_type_lookup(t, "ch", 7));
		ltt_trace_unref(t);
	}
	close_writer(w);
}

static void test_declarations(Fixture *f, gconstpointer data)
{
	LttWriter *w = new_writer(f, 0, 0);
	GError *error = NULL;
	const LttEventType *a, *b;
	char *text;

	a = ltt_writer_declare_event(w, "ch", 1, "foo", "a: s32; b: u8[4];", &error);
	g_assert_no_error(error);
	g_assert_nonnull(a);
	g_assert_cmpstr(ltt_event_type_name(a), ==, "foo");
	g_assert_cmpuint(ltt_event_type_id(a), ==, 1);
	g_assert_cmpuint(ltt_event_type_field_count(a), ==, 2);
	/* Same declaration, other spacing: accepted, same type, not written twice. */
	b = ltt_writer_declare_event(w, "ch", 1, "foo", "a:s32;  b : u8[4] ;", &error);
	g_assert_no_error(error);
	g_assert_true(a == b);
	/* Other fields or other name for the same id: refused. */
	g_assert_null(ltt_writer_declare_event(w, "ch", 1, "foo", "a: s64;", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	g_assert_null(ltt_writer_declare_event(w, "ch", 1, "bar", "a: s32; b: u8[4];", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	/* The same id in another channel is another type. */
	declare(w, "other", 1, "bar", "x: string;");
	/* Syntax errors, bad names. */
	g_assert_null(ltt_writer_declare_event(w, "ch", 2, "baz", "a: s33;", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_PARSE);
	g_assert_nonnull(strstr(error->message, "metadata"));
	g_clear_error(&error);
	g_assert_null(ltt_writer_declare_event(w, "c h", 2, "baz", "a: s32;", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	g_assert_null(ltt_writer_declare_event(w, "ch", 2, "9baz", "a: s32;", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	g_assert_null(ltt_writer_declare_event(w, "ch", 2, "baz", "a: s32;\nb: s32;", &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);

	text = read_metadata(f);
	g_assert_nonnull(strstr(text, "event ch 1 foo { a: s32; b: u8[4]; }\n"));
	g_assert_null(strstr(strstr(text, "event ch 1 foo") + 1, "event ch 1 foo"));
	g_assert_null(strstr(text, "baz"));
	g_free(text);
	close_writer(w);
}

/* Declaring after events were written appends to the metadata at once; a
 * reader opened before sees the new type after a reload. */
static void test_metadata_growth(Fixture *f, gconstpointer data)
{
	LttWriter *w = new_writer(f, 0, 4096);
	GError *error = NULL;
	LttWriterChannel *ch;
	LttTrace *t;
	LttTracefile *tf;
	guint32 v = 42;
	char *text;

	declare(w, "ch", 0, "first", "v: u32;");
	ch = ltt_writer_channel(w, "ch", 0, &error);
	g_assert_no_error(error);
	tlt_append(ch, 1000, 0, &v, 4);
	g_assert_true(ltt_writer_channel_flush(ch, &error));
	t = ltt_trace_open(f->dir, &error);
	g_assert_no_error(error);
	g_assert_null(ltt_trace_event_type_by_name(t, "ch", "second"));

	/* Undeclared id: refused. */
	g_assert_false(ltt_writer_channel_append(ch, 2000, 1, &v, 4, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);

	declare(w, "ch", 1, "second", "v: u32;");
	text = read_metadata(f);
	g_assert_true(g_str_has_suffix(text, "event ch 1 second { v: u32; }\n"));
	g_free(text);
	tlt_append(ch, 2000, 1, &v, 4);
	g_assert_true(ltt_writer_channel_flush(ch, &error));
	g_assert_true(ltt_trace_reload(t, &error));
	g_assert_no_error(error);
	g_assert_nonnull(ltt_trace_event_type_by_name(t, "ch", "second"));
	tf = ltt_trace_tracefile_find(t, "ch", 0);
	g_assert_nonnull(tf);
	g_assert_cmpint(ltt_tracefile_next(tf, &error), ==, LTT_READ_EVENT);
	g_assert_cmpstr(ltt_event_name(ltt_tracefile_event(tf)), ==, "first");
	g_assert_cmpint(ltt_tracefile_next(tf, &error), ==, LTT_READ_EVENT);
	g_assert_cmpstr(ltt_event_name(ltt_tracefile_event(tf)), ==, "second");
	g_assert_cmpuint(ltt_event_time(ltt_tracefile_event(tf)), ==, 2000);
	g_assert_cmpint(ltt_tracefile_next(tf, &error), ==, LTT_READ_END);
	g_assert_no_error(error);
	ltt_trace_unref(t);
	close_writer(w);
}

/* Compact header up to a gap of 2^32 - 1 ns, size 0xFFFE and id 0xFFFE;
 * extended from 2^32, 0xFFFF and 0xFFFF. */
static void check_thresholds(Fixture *f, int byte_order)
{
	LttWriter *w = new_writer(f, byte_order, 256 * 1024);
	GError *error = NULL;
	LttWriterChannel *ch;
	LttPayload pl;
	const guint64 t0 = G_GUINT64_CONSTANT(5000000000);
	const guint64 big = G_GUINT64_CONSTANT(1) << 32;
	guint8 *blob = g_malloc0(0x10000);

	declare(w, "c", 0, "blob", "data: u8[u32];");
	declare(w, "c", 0xFFFE, "id_fffe", "");
	declare(w, "c", 0xFFFF, "id_ffff", "");
	declare(w, "c", 0x12345, "id_big", "x: u16;");
	ch = ltt_writer_channel(w, "c", 3, &error);
	g_assert_no_error(error);
	ltt_payload_init(&pl, ltt_writer_byte_order(w));

	tlt_append(ch, t0, 0xFFFE, NULL, 0);                        /* 0: first event */
	tlt_append(ch, t0 + big - 1, 0xFFFE, NULL, 0);              /* 1: gap 2^32-1: compact */
	tlt_append(ch, t0 + big - 1 + big, 0xFFFE, NULL, 0);        /* 2: gap 2^32: extended */
	tlt_append(ch, t0 + 2 * big, 0xFFFF, NULL, 0);              /* 3: id 0xFFFF: extended */
	ltt_payload_put_u16(&pl, 0xBEEF);
	tlt_append(ch, t0 + 2 * big, 0x12345, pl.data, pl.len);     /* 4: id > 16 bits */
	ltt_payload_reset(&pl);
	ltt_payload_put_u32(&pl, 0xFFFE - 4);
	ltt_payload_put_bytes(&pl, blob, 0xFFFE - 4);
	tlt_append(ch, t0 + 2 * big + 1, 0, pl.data, pl.len);       /* 5: size 0xFFFE: compact */
	ltt_payload_reset(&pl);
	ltt_payload_put_u32(&pl, 0xFFFF - 4);
	ltt_payload_put_bytes(&pl, blob, 0xFFFF - 4);
	tlt_append(ch, t0 + 2 * big + 2, 0, pl.data, pl.len);       /* 6: size 0xFFFF: extended */
	ltt_payload_clear(&pl);
	g_free(blob);
	close_writer(w);

	parse_file(f, "c_3");
	g_assert_cmpint(f->swap, ==, byte_order != G_BYTE_ORDER);
	g_assert_cmpuint(f->blocks->len, ==, 1);
	g_assert_cmpuint(block_at(f, 0)->cpu, ==, 3);
	g_assert_cmpuint(block_at(f, 0)->begin, ==, t0);
	g_assert_cmpuint(block_at(f, 0)->end, ==, t0 + 2 * big + 2);
	g_assert_cmpuint(block_at(f, 0)->event_count, ==, 7);
	{
		static const gboolean ext[7] = { FALSE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE };
		static const guint32 ids[7] = { 0xFFFE, 0xFFFE, 0xFFFE, 0xFFFF, 0x12345, 0, 0 };
		static const guint32 sizes[7] = { 0, 0, 0, 0, 2, 0xFFFE, 0xFFFF };
		const guint64 times[7] = { t0, t0 + big - 1, t0 + 2 * big - 1, t0 + 2 * big,
		                           t0 + 2 * big, t0 + 2 * big + 1, t0 + 2 * big + 2 };
		for (guint i = 0; i < 7; i++) {
			RawEvent *e = event_at(f, 0, i);
			g_assert_cmpint(e->extended, ==, ext[i]);
			g_assert_cmpuint(e->id, ==, ids[i]);
			g_assert_cmpuint(e->size, ==, sizes[i]);
			g_assert_cmpuint(e->time, ==, times[i]);
		}
		g_assert_cmphex(rd16(event_at(f, 0, 4)->payload, f->swap), ==, 0xBEEF);
		g_assert_cmpuint(rd32(event_at(f, 0, 6)->payload, f->swap), ==, 0xFFFF - 4);
	}
}

static void test_thresholds_le(Fixture *f, gconstpointer data)
{
	check_thresholds(f, G_LITTLE_ENDIAN);
}

static void test_thresholds_be(Fixture *f, gconstpointer data)
{
	check_thresholds(f, G_BIG_ENDIAN);
}

/* An event that exactly fills a block stays in it; the next starts a new
 * block whose first event needs no gap; a payload that cannot fit in an
 * empty block is refused and changes nothing. */
static void test_block_boundaries(Fixture *f, gconstpointer data)
{
	LttWriter *w = new_writer(f, 0, 4096);
	GError *error = NULL;
	LttWriterChannel *ch;
	guint8 *buf = g_malloc0(4096);
	const guint64 big = G_GUINT64_CONSTANT(1) << 32;

	declare(w, "k", 1, "fill", "data: u8[4024];");
	declare(w, "k", 2, "small", "v: u32;");
	declare(w, "k", 3, "var", "data: u8[u16];");
	declare(w, "k", 70000, "far", "data: u8[u16];");
	ch = ltt_writer_channel(w, "k", 0, &error);
	g_assert_no_error(error);

	tlt_append(ch, 10, 1, buf, 4024);                 /* 64 + 8 + 4024 = 4096 */
	tlt_append(ch, 10 + 3 * big, 2, buf, 4);          /* new block: compact despite the gap */
	/* Fixed-size type, wrong size: refused. */
	g_assert_false(ltt_writer_channel_append(ch, 20 + 3 * big, 2, buf, 3, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	/* Too big for any block, with compact (4025 + 8) and extended (4009 + 24) headers. */
	buf[0] = (4023 & 0xFF);
	g_assert_false(ltt_writer_channel_append(ch, 20 + 3 * big, 3, buf, 4025, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_assert_nonnull(strstr(error->message, "k_0"));
	g_clear_error(&error);
	g_assert_false(ltt_writer_channel_append(ch, 20 + 3 * big, 70000, buf, 4009, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	tlt_append(ch, 20 + 3 * big, 70000, buf, 4008);   /* the largest extended one: a block of its own */
	tlt_append(ch, 30 + 3 * big, 2, buf, 4);
	close_writer(w);
	g_free(buf);

	parse_file(f, "k_0");
	g_assert_cmpuint(f->blocks->len, ==, 4);
	g_assert_cmpuint(block_at(f, 0)->used, ==, 4096);
	g_assert_cmpuint(block_at(f, 0)->event_count, ==, 1);
	g_assert_cmpuint(block_at(f, 1)->event_count, ==, 1);
	g_assert_false(event_at(f, 1, 0)->extended);
	g_assert_cmpuint(block_at(f, 1)->begin, ==, 10 + 3 * big);
	g_assert_cmpuint(event_at(f, 1, 0)->time, ==, 10 + 3 * big);
	g_assert_cmpuint(block_at(f, 2)->used, ==, 4096);
	g_assert_true(event_at(f, 2, 0)->extended);
	g_assert_cmpuint(event_at(f, 2, 0)->id, ==, 70000);
	g_assert_cmpuint(event_at(f, 3, 0)->time, ==, 30 + 3 * big);
}

static void test_time_order(Fixture *f, gconstpointer data)
{
	LttWriter *w = new_writer(f, 0, 4096);
	GError *error = NULL;
	LttWriterChannel *a, *b;
	guint32 v = 0;

	declare(w, "k", 0, "e", "v: u32;");
	a = ltt_writer_channel(w, "k", 0, &error);
	b = ltt_writer_channel(w, "k", 1, &error);
	g_assert_true(a == ltt_writer_channel(w, "k", 0, &error));
	g_assert_no_error(error);
	tlt_append(a, 100, 0, &v, 4);
	tlt_append(a, 100, 0, &v, 4);                     /* equal times are fine */
	tlt_append(b, 50, 0, &v, 4);                      /* order is per channel file */
	g_assert_false(ltt_writer_channel_append(a, 99, 0, &v, 4, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_assert_nonnull(strstr(error->message, "k_0"));
	g_clear_error(&error);
	/* Also across a flush (the next block starts later). */
	g_assert_true(ltt_writer_channel_flush(a, &error));
	g_assert_false(ltt_writer_channel_append(a, 99, 0, &v, 4, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	tlt_append(a, 101, 0, &v, 4);
	close_writer(w);

	parse_file(f, "k_0");
	g_assert_cmpuint(f->blocks->len, ==, 2);
	g_assert_cmpuint(block_at(f, 0)->event_count, ==, 2);
	g_assert_cmpuint(block_at(f, 1)->event_count, ==, 1);
	g_assert_cmpuint(block_at(f, 1)->begin, ==, 101);
	parse_file(f, "k_1");
	g_assert_cmpuint(event_at(f, 0, 0)->time, ==, 50);
}

/* A reader opened while the writer works sees exactly what was flushed. */
static void test_flush_concurrent(Fixture *f, gconstpointer data)
{
	LttWriter *w = new_writer(f, 0, 4096);
	GError *error = NULL;
	LttWriterChannel *ch;
	LttTrace *t;
	LttTracefile *tf;
	guint n = 0;

	declare(w, "k", 0, "e", "v: u32;");
	ch = ltt_writer_channel(w, "k", 0, &error);
	for (guint32 i = 0; i < 10; i++)
		tlt_append(ch, 100 + i, 0, &i, 4);
	g_assert_true(ltt_writer_flush(w, &error));
	g_assert_no_error(error);
	for (guint32 i = 10; i < 15; i++)
		tlt_append(ch, 100 + i, 0, &i, 4);            /* not flushed: not visible */

	t = ltt_trace_open(f->dir, &error);
	g_assert_no_error(error);
	tf = ltt_trace_tracefile_find(t, "k", 0);
	g_assert_nonnull(tf);
	g_assert_cmpuint(ltt_tracefile_event_count(tf), ==, 10);
	while (ltt_tracefile_next(tf, &error) == LTT_READ_EVENT) {
		const LttEvent *e = ltt_tracefile_event(tf);
		g_assert_cmpuint(ltt_event_time(e), ==, 100 + n);
		g_assert_cmpuint(ltt_event_get_uint(e, ltt_event_type_field(ltt_event_type(e), 0)), ==, n);
		n++;
	}
	g_assert_no_error(error);
	g_assert_cmpuint(n, ==, 10);
	g_assert_cmpuint(ltt_trace_warning_count(t), ==, 0);

	g_assert_true(ltt_writer_channel_flush(ch, &error));
	g_assert_true(ltt_trace_reload(t, &error));
	g_assert_no_error(error);
	g_assert_cmpuint(ltt_tracefile_event_count(tf), ==, 15);
	g_assert_cmpuint(ltt_tracefile_block_count(tf), ==, 2);
	ltt_trace_unref(t);
	close_writer(w);
	parse_file(f, "k_0");
	g_assert_cmpuint(block_at(f, 0)->used, ==, 64 + 10 * 12);
}

/* lost_before is cumulative and counts what was reported before the
 * block's first event; losses after the last event get an empty block. */
static void test_lost(Fixture *f, gconstpointer data)
{
	LttWriter *w = new_writer(f, G_BIG_ENDIAN, 4096);
	GError *error = NULL;
	LttWriterChannel *ch;
	LttTrace *t;
	guint32 v = 1;

	declare(w, "k", 0, "e", "v: u32;");
	ch = ltt_writer_channel(w, "k", 1, &error);
	ltt_writer_channel_add_lost(ch, 5);
	tlt_append(ch, 10, 0, &v, 4);
	ltt_writer_channel_add_lost(ch, 3);
	tlt_append(ch, 20, 0, &v, 4);
	g_assert_true(ltt_writer_channel_flush(ch, &error));
	tlt_append(ch, 30, 0, &v, 4);
	ltt_writer_channel_add_lost(ch, 2);
	close_writer(w);

	parse_file(f, "k_1");
	g_assert_true(f->swap == (G_BYTE_ORDER != G_BIG_ENDIAN));
	g_assert_cmpuint(f->blocks->len, ==, 3);
	g_assert_cmpuint(block_at(f, 0)->lost, ==, 5);
	g_assert_cmpuint(block_at(f, 1)->lost, ==, 8);
	g_assert_cmpuint(block_at(f, 2)->lost, ==, 10);
	g_assert_cmpuint(block_at(f, 2)->event_count, ==, 0);
	g_assert_cmpuint(block_at(f, 2)->begin, ==, 30);

	t = ltt_trace_open(f->dir, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(ltt_tracefile_lost_events(ltt_trace_tracefile_find(t, "k", 1)), ==, 10);
	g_assert_cmpuint(ltt_trace_warning_count(t), ==, 0);
	ltt_trace_unref(t);
}

static void test_existing_trace(Fixture *f, gconstpointer data)
{
	LttWriterOptions o = { 0 };
	GError *error = NULL;
	LttWriter *w = new_writer(f, 0, 0);
	LttWriterChannel *ch;
	char *old = g_build_filename(f->dir, "k_5", NULL);
	char *other = g_build_filename(f->dir, "notes.txt", NULL);
	guint32 v = 0;

	declare(w, "k", 0, "e", "v: u32;");
	ch = ltt_writer_channel(w, "k", 5, &error);
	tlt_append(ch, 1, 0, &v, 4);
	close_writer(w);
	g_assert_true(g_file_set_contents(other, "keep", -1, NULL));

	g_assert_null(ltt_writer_new(f->dir, &o, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	g_assert_true(g_file_test(old, G_FILE_TEST_EXISTS));

	o.overwrite = TRUE;
	w = ltt_writer_new(f->dir, &o, &error);
	g_assert_no_error(error);
	g_assert_false(g_file_test(old, G_FILE_TEST_EXISTS));
	g_assert_true(g_file_test(other, G_FILE_TEST_EXISTS));
	close_writer(w);

	o.block_size = 5000;
	g_assert_null(ltt_writer_new(f->dir, &o, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_INVALID);
	g_clear_error(&error);
	g_free(old);
	g_free(other);
}

/* A failed write (the channel file is a full disk) is reported with the
 * file's name and block, by flush and again by close. */
static void test_write_error(Fixture *f, gconstpointer data)
{
	LttWriter *w;
	GError *error = NULL;
	LttWriterChannel *ch;
	char *path = g_build_filename(f->dir, "k_0", NULL);
	guint32 v = 0;

	if (!g_file_test("/dev/full", G_FILE_TEST_EXISTS)) {
		g_test_skip("no /dev/full");
		g_free(path);
		return;
	}
	w = new_writer(f, 0, 4096);
	declare(w, "k", 0, "e", "v: u32;");
	g_assert_cmpint(symlink("/dev/full", path), ==, 0);
	ch = ltt_writer_channel(w, "k", 0, &error);
	g_assert_no_error(error);
	tlt_append(ch, 1, 0, &v, 4);
	g_assert_false(ltt_writer_channel_flush(ch, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_IO);
	g_assert_nonnull(strstr(error->message, "k_0"));
	g_assert_nonnull(strstr(error->message, "block 0"));
	g_clear_error(&error);
	g_assert_false(ltt_writer_close(w, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_IO);
	g_clear_error(&error);
	g_unlink(path);
	g_free(path);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
#define ADD(name, fn) g_test_add(name, Fixture, NULL, fixture_setup, fn, fixture_teardown)
	ADD("/writer/metadata", test_metadata);
	ADD("/writer/declarations", test_declarations);
	ADD("/writer/metadata-growth", test_metadata_growth);
	ADD("/writer/thresholds-little", test_thresholds_le);
	ADD("/writer/thresholds-big", test_thresholds_be);
	ADD("/writer/block-boundaries", test_block_boundaries);
	ADD("/writer/time-order", test_time_order);
	ADD("/writer/flush-concurrent", test_flush_concurrent);
	ADD("/writer/lost", test_lost);
	ADD("/writer/existing-trace", test_existing_trace);
	ADD("/writer/write-error", test_write_error);
	return g_test_run();
}
