/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-decode.c: the one-pass decoders (ltt_event_fields,
 * LttValueIter): every type kind in both byte orders, agreement with the
 * per-value accessors, integers at every place in a payload (the 8-byte
 * loads take different paths near the ends), and truncated payloads, which
 * must be reported as damaged without a read past their last byte (run
 * under valgrind: the truncated copies are heap blocks of the exact size). */
#include <string.h>
#include "test-ltt-util.h"

static const char all_fields[] =
	"i8: s8; i16: s16; i32: s32; i64: s64; u8v: u8; u16v: u16; u32v: u32; u64v: u64; "
	"en: enum s16 { LOW = -2, HIGH = 300 }; s: string; arr: s32[3]; seq: u16[u8]; "
	"strs: string[u16]; empty: u8[u32]; st: struct { x: s8; y: string; z: struct { w: u64; }; }; "
	"sts: struct { p: s16; q: string; }[2]; m: u8[2][3]; tail: s16;";

static const char all_text[] =
	"{ -128 32767 -2147483648 -9223372036854775808 255 65535 4294967295 18446744073709551615 "
	"LOW \"h\"i\" [ -1 0 7 ] [ 1 65535 ] [ \"\" \"ab\" ] [ ] { -3 \"yy\" { 42 } } "
	"[ { -300 \"q1\" } { 5 \"\" } ] [ [ 1 2 ] [ 3 4 ] [ 5 6 ] ] -1 }";

static void put_all(LttPayload *p)
{
	ltt_payload_put_s8(p, G_MININT8);
	ltt_payload_put_s16(p, G_MAXINT16);
	ltt_payload_put_s32(p, G_MININT32);
	ltt_payload_put_s64(p, G_MININT64);
	ltt_payload_put_u8(p, G_MAXUINT8);
	ltt_payload_put_u16(p, G_MAXUINT16);
	ltt_payload_put_u32(p, G_MAXUINT32);
	ltt_payload_put_u64(p, G_MAXUINT64);
	ltt_payload_put_s16(p, -2);
	ltt_payload_put_string(p, "h\"i");
	ltt_payload_put_s32(p, -1);
	ltt_payload_put_s32(p, 0);
	ltt_payload_put_s32(p, 7);
	ltt_payload_put_u8(p, 2);
	ltt_payload_put_u16(p, 1);
	ltt_payload_put_u16(p, 65535);
	ltt_payload_put_u16(p, 2);
	ltt_payload_put_string(p, "");
	ltt_payload_put_string(p, "ab");
	ltt_payload_put_u32(p, 0);
	ltt_payload_put_s8(p, -3);
	ltt_payload_put_string(p, "yy");
	ltt_payload_put_u64(p, 42);
	ltt_payload_put_s16(p, -300);
	ltt_payload_put_string(p, "q1");
	ltt_payload_put_s16(p, 5);
	ltt_payload_put_string(p, "");
	for (int i = 1; i <= 6; i++)
		ltt_payload_put_u8(p, (guint8) i);
	ltt_payload_put_s16(p, -1);
}

/* Small events whose integers sit near the end of the payload: fewer than
 * 8 bytes after them, or fewer than 8 bytes in the whole payload. */
static const struct {
	guint id;
	const char *fields;
	const char *text;
} small[] = {
	{ 2, "v: u16;", "{ 48879 }" },
	{ 3, "a: u32; b: s16;", "{ 4294967295 -2 }" },
	{ 4, "a: u64; b: s8; c: u16;", "{ 1 -128 65535 }" },
	{ 5, "a: s32; b: s32;", "{ -7 -2147483648 }" },
	{ 6, "e: enum u8 { Z = 0 }; n: s64;", "{ 9 -9 }" },
};

static void put_small(LttPayload *p, guint id)
{
	switch (id) {
	case 2: ltt_payload_put_u16(p, 0xBEEF); break;
	case 3: ltt_payload_put_u32(p, G_MAXUINT32); ltt_payload_put_s16(p, -2); break;
	case 4: ltt_payload_put_u64(p, 1); ltt_payload_put_s8(p, -128); ltt_payload_put_u16(p, 65535); break;
	case 5: ltt_payload_put_s32(p, -7); ltt_payload_put_s32(p, G_MININT32); break;
	default: ltt_payload_put_u8(p, 9); ltt_payload_put_s64(p, -9); break;
	}
}

static void dump_decoded(const LttDecodedValue *d, GString *out);

/* Dumps the members or elements of v, read max at a time, checking each
 * against the per-value accessors.  Returns FALSE on damage. */
static gboolean dump_contents(const LttValue *v, guint max, GString *out)
{
	LttDecodedValue run[4];
	LttValueIter it;
	GError *error = NULL;
	guint64 i = 0;
	guint n;

	g_assert_cmpuint(max, <=, G_N_ELEMENTS(run));
	g_assert_true(ltt_value_iter_init(&it, v, &error));
	g_assert_no_error(error);
	g_string_append(out, ltt_type_kind(v->type) == LTT_TYPE_STRUCT ? "{" : "[");
	do {
		n = ltt_value_iter_read(&it, run, max, &error);
		for (guint k = 0; k < n; k++, i++) {
			LttValue same;
			if (ltt_type_kind(v->type) == LTT_TYPE_STRUCT)
				g_assert_true(ltt_value_member(v, (guint) i, &same, NULL));
			else
				g_assert_true(ltt_value_element(v, i, &same, NULL));
			g_assert_true(same.type == run[k].value.type);
			g_assert_true(same.data == run[k].value.data);
			g_assert_cmpuint(same.avail, ==, run[k].value.avail);
			g_string_append_c(out, ' ');
			dump_decoded(&run[k], out);
		}
	} while (n == max);
	if (error != NULL) {
		g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
		g_error_free(error);
		/* The iteration is over. */
		g_assert_cmpuint(ltt_value_iter_read(&it, run, max, NULL), ==, 0);
		return FALSE;
	}
	g_assert_cmpuint(ltt_value_iter_read(&it, run, max, NULL), ==, 0);
	g_string_append(out, ltt_type_kind(v->type) == LTT_TYPE_STRUCT ? " }" : " ]");
	return TRUE;
}

static void dump_decoded(const LttDecodedValue *d, GString *out)
{
	const LttType *t = d->value.type;
	const char *s;
	guint64 u;
	gsize size;

	g_assert_cmpint(d->kind, ==, ltt_type_kind(t));
	g_assert_true(ltt_value_size(&d->value, &size, NULL));
	switch (d->kind) {
	case LTT_TYPE_STRING:
		g_assert_true(ltt_value_get_string(&d->value, &s, NULL));
		g_assert_true(s == d->string);
		g_assert_cmpuint(d->uint, ==, 0);
		g_string_append_printf(out, "\"%s\"", s);
		break;
	case LTT_TYPE_ARRAY:
	case LTT_TYPE_SEQUENCE:
	case LTT_TYPE_STRUCT:
		g_assert_null(d->string);
		g_assert_cmpuint(d->uint, ==, 0);
		/* Every value read fits whole: its members and elements do too. */
		g_assert_true(dump_contents(&d->value, 2, out));
		break;
	default:
		g_assert_null(d->string);
		g_assert_true(ltt_value_get_uint(&d->value, &u, NULL));
		g_assert_cmpuint(u, ==, d->uint);
		if (d->kind == LTT_TYPE_ENUM && ltt_value_get_enum_label(&d->value) != NULL)
			g_string_append(out, ltt_value_get_enum_label(&d->value));
		else if (ltt_type_is_signed(t))
			g_string_append_printf(out, "%" G_GINT64_FORMAT, (gint64) d->uint);
		else
			g_string_append_printf(out, "%" G_GUINT64_FORMAT, d->uint);
	}
}

/* The payload of ev as text through ltt_event_fields, and the same through
 * the iterator in runs of several sizes. */
static char *dump_event(const LttEvent *ev)
{
	guint count = ltt_event_type_field_count(ltt_event_type(ev));
	LttDecodedValue *fields = g_new(LttDecodedValue, count + 1);
	GString *out = g_string_new("{");
	GError *error = NULL;
	LttValue payload;

	g_assert_cmpuint(ltt_event_fields(ev, fields, count + 1, &error), ==, count);
	g_assert_no_error(error);
	for (guint i = 0; i < count; i++) {
		g_string_append_c(out, ' ');
		dump_decoded(&fields[i], out);
	}
	g_string_append(out, " }");
	g_free(fields);

	/* The same through the iterator, in runs of 1, 3 and 4. */
	ltt_event_payload_value(ev, &payload);
	for (guint r = 0; r < 3; r++) {
		static const guint runs[] = { 1, 3, 4 };
		GString *again = g_string_new(NULL);
		g_assert_true(dump_contents(&payload, runs[r], again));
		g_assert_cmpstr(again->str, ==, out->str);
		g_string_free(again, TRUE);
	}
	return g_string_free(out, FALSE);
}

/* Every kind, in both byte orders, through both decoders and the text. */
static void test_kinds(gconstpointer data)
{
	int byte_order = GPOINTER_TO_INT(data);
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, byte_order, 4096, 1);
	LttWriterChannel *ch;
	LttPayload p;
	LttTrace *trace;
	LttTracefile *tf;
	const LttEvent *ev;
	GString *text = g_string_new(NULL);
	char *dump;

	g_assert_nonnull(ltt_writer_declare_event(w, "k", 1, "all", all_fields, NULL));
	for (guint i = 0; i < G_N_ELEMENTS(small); i++)
		g_assert_nonnull(ltt_writer_declare_event(w, "k", small[i].id, "small", small[i].fields, NULL));
	ch = ltt_writer_channel(w, "k", 0, NULL);
	ltt_payload_init(&p, byte_order);
	put_all(&p);
	tlt_append(ch, 10, 1, p.data, p.len);
	for (guint i = 0; i < G_N_ELEMENTS(small); i++) {
		ltt_payload_reset(&p);
		put_small(&p, small[i].id);
		tlt_append(ch, 11 + i, small[i].id, p.data, p.len);
	}
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, NULL));

	trace = tlt_open_trace(dir);
	tf = ltt_trace_tracefile(trace, 0);
	ev = tlt_next_event(tf);
	dump = dump_event(ev);
	g_assert_cmpstr(dump, ==, all_text);
	g_free(dump);
	ltt_event_format_payload(ev, text, 0);
	g_assert_cmpstr(text->str, ==,
	                "{ -128, 32767, -2147483648, -9223372036854775808, 255, 65535, 4294967295, "
	                "18446744073709551615, LOW, \"h\\\"i\", [ -1, 0, 7 ], [ 1, 65535 ], [ \"\", \"ab\" ], "
	                "[ ], { -3, \"yy\", { 42 } }, [ { -300, \"q1\" }, { 5, \"\" } ], "
	                "[ [ 1, 2 ], [ 3, 4 ], [ 5, 6 ] ], -1 }");
	for (guint i = 0; i < G_N_ELEMENTS(small); i++) {
		ev = tlt_next_event(tf);
		dump = dump_event(ev);
		g_assert_cmpstr(dump, ==, small[i].text);
		g_free(dump);
	}
	g_string_free(text, TRUE);
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

/* Integers declared x8..x64 print in hex; with LTT_FORMAT_HEX_ADDRESSES,
 * also the unsigned ones named as addresses; signed ones, enums, other
 * names and the elements of u64 arrays stay decimal. */
static void test_hex_addresses(void)
{
	static const char fields[] =
		"call_site: u64; _ptr: u32; ip: s64; page_addr: u64; count: u64; "
		"addr: enum u8 { NONE = 0 }; args: u64[2]; sub: struct { pc: u16; }; flags: x16; seq: x8[2];";
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, G_BYTE_ORDER, 4096, 1);
	LttPayload p;
	LttTrace *trace;
	const LttEvent *ev;
	GString *text = g_string_new(NULL);

	g_assert_nonnull(ltt_writer_declare_event(w, "k", 1, "addresses", fields, NULL));
	ltt_payload_init(&p, G_BYTE_ORDER);
	ltt_payload_put_u64(&p, G_GUINT64_CONSTANT(0xffffffff81234abc));
	ltt_payload_put_u32(&p, 0xdead);
	ltt_payload_put_u64(&p, (guint64) -16);
	ltt_payload_put_u64(&p, 4096);
	ltt_payload_put_u64(&p, 255);
	ltt_payload_put_u8(&p, 7);
	ltt_payload_put_u64(&p, 16);
	ltt_payload_put_u64(&p, 17);
	ltt_payload_put_u16(&p, 0);
	ltt_payload_put_u16(&p, 0x1808);
	ltt_payload_put_u8(&p, 10);
	ltt_payload_put_u8(&p, 255);
	tlt_append(ltt_writer_channel(w, "k", 0, NULL), 10, 1, p.data, p.len);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, NULL));

	trace = tlt_open_trace(dir);
	ev = tlt_next_event(ltt_trace_tracefile(trace, 0));
	ltt_event_format_payload(ev, text, LTT_FORMAT_FIELD_NAMES | LTT_FORMAT_HEX_ADDRESSES);
	g_assert_cmpstr(text->str, ==,
	                "{ call_site = 0xffffffff81234abc, _ptr = 0xdead, ip = -16, page_addr = 0x1000, "
	                "count = 255, addr = 7, args = [ 16, 17 ], sub = { pc = 0x0 }, flags = 0x1808, "
	                "seq = [ 0xa, 0xff ] }");
	/* Without the flag, only what the metadata declares x8..x64. */
	g_string_truncate(text, 0);
	ltt_event_format_payload(ev, text, 0);
	g_assert_cmpstr(text->str, ==,
	                "{ 18446744071581158076, 57005, -16, 4096, 255, 7, [ 16, 17 ], { 0 }, 0x1808, [ 0xa, 0xff ] }");
	g_string_free(text, TRUE);
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

static void test_partial_and_wrong_kind(void)
{
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, G_BYTE_ORDER, 4096, 1);
	LttPayload p;
	LttTrace *trace;
	const LttEvent *ev;
	LttDecodedValue fields[3];
	LttValueIter it;
	GError *error = NULL;

	g_assert_nonnull(ltt_writer_declare_event(w, "k", 1, "all", all_fields, NULL));
	ltt_payload_init(&p, G_BYTE_ORDER);
	put_all(&p);
	tlt_append(ltt_writer_channel(w, "k", 0, NULL), 10, 1, p.data, p.len);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, NULL));
	trace = tlt_open_trace(dir);
	ev = tlt_next_event(ltt_trace_tracefile(trace, 0));

	/* max below the field count: the first fields only; 0: none. */
	g_assert_cmpuint(ltt_event_fields(ev, fields, 3, &error), ==, 3);
	g_assert_no_error(error);
	g_assert_cmpint((gint64) fields[0].uint, ==, G_MININT8);
	g_assert_cmpint((gint64) fields[2].uint, ==, G_MININT32);
	g_assert_cmpuint(ltt_event_fields(ev, fields, 0, &error), ==, 0);
	g_assert_no_error(error);

	/* Integers and strings hold no values to iterate over. */
	g_assert_false(ltt_value_iter_init(&it, &fields[1].value, &error));
	g_assert_error(error, LTT_ERROR, LTT_ERROR_FIELD);
	g_clear_error(&error);
	g_assert_cmpuint(ltt_value_iter_read(&it, fields, 3, NULL), ==, 0);

	/* An array of integers cut in its second element: runs that fit are
	 * decoded, the next one stops at the cut. */
	for (guint max = 1; max <= 3; max += 2) {
		const LttField *arr = ltt_event_type_field_by_name(ltt_event_type(ev), "arr");
		LttValue whole;
		guint8 *cut5 = g_malloc(5);
		LttValue cut = { ltt_field_type(arr), cut5, 5, FALSE };
		g_assert_true(ltt_event_field(ev, arr, &whole, NULL));
		memcpy(cut5, whole.data, 5);
		g_assert_true(ltt_value_iter_init(&it, &cut, NULL));
		g_assert_cmpuint(ltt_value_iter_read(&it, fields, max, &error), ==, 1);
		g_assert_cmpint((gint64) fields[0].uint, ==, -1);
		if (max == 1) {
			g_assert_no_error(error);
			g_assert_cmpuint(ltt_value_iter_read(&it, fields, max, &error), ==, 0);
		}
		g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
		g_assert_nonnull(strstr(error->message, "element 1 of the array does not fit in the 1 bytes left"));
		g_clear_error(&error);
		g_assert_cmpuint(ltt_value_iter_read(&it, fields, max, NULL), ==, 0);
		g_free(cut5);
	}

	/* A sequence whose length does not fit: nothing to iterate over. */
	{
		const LttField *seq = ltt_event_type_field_by_name(ltt_event_type(ev), "seq");
		guint8 *one = g_malloc(1);
		LttValue cut = { ltt_field_type(seq), one, 0, FALSE };
		g_assert_false(ltt_value_iter_init(&it, &cut, &error));
		g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
		g_clear_error(&error);
		g_assert_cmpuint(ltt_value_iter_read(&it, fields, 3, NULL), ==, 0);
		g_free(one);
	}

	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

/* Top-level fields wholly inside the first len bytes of the payload, from
 * the offsets of a complete decode. */
static guint fields_within(const LttDecodedValue *fields, guint count, gsize total, gsize len)
{
	guint n = 0;

	while (n < count) {
		gsize end = n + 1 < count ? total - fields[n + 1].value.avail : total;
		if (end > len)
			break;
		n++;
	}
	return n;
}

/* Every truncation of the payload, in both byte orders: as events of a
 * trace (ltt_event_fields, the text) and as exact-size heap copies (the
 * iterator; valgrind would see a read past them). */
static void test_truncated(gconstpointer data)
{
	int byte_order = GPOINTER_TO_INT(data);
	char *dir = tlt_make_dir();
	LttWriter *w = tlt_writer_new(dir, byte_order, 4096, 1);
	LttWriterChannel *ch;
	LttPayload p;
	LttTrace *trace;
	LttTracefile *tf;
	const LttEvent *ev;
	LttDecodedValue full[32], got[32];
	guint count;
	gsize total;

	g_assert_nonnull(ltt_writer_declare_event(w, "k", 1, "all", all_fields, NULL));
	ch = ltt_writer_channel(w, "k", 0, NULL);
	ltt_payload_init(&p, byte_order);
	put_all(&p);
	total = p.len;
	for (gsize len = 0; len <= total; len++)
		tlt_append(ch, 10 + len, 1, p.data, len);
	ltt_payload_clear(&p);
	g_assert_true(ltt_writer_close(w, NULL));

	trace = tlt_open_trace(dir);
	tf = ltt_trace_tracefile(trace, 0);
	for (gsize len = 0; len <= total; len++) {
		const LttType *type;
		GError *error = NULL;
		GString *text = g_string_new(NULL);
		guint n;

		ev = tlt_next_event(tf);
		type = ltt_event_type_payload(ltt_event_type(ev));
		count = ltt_type_field_count(type);
		g_assert_cmpuint(count, <=, G_N_ELEMENTS(full));
		if (len == 0) {
			g_assert_cmpuint(ltt_event_fields(ev, got, G_N_ELEMENTS(got), &error), ==, 0);
			g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
			g_assert_nonnull(strstr(error->message, "block 0"));
			g_assert_nonnull(strstr(error->message, "field i8 does not fit in its 0-byte payload"));
			g_clear_error(&error);
		}
		if (len == total) {
			g_assert_cmpuint(ltt_event_fields(ev, full, G_N_ELEMENTS(full), &error), ==, count);
			g_assert_no_error(error);
			g_string_free(text, TRUE);
			break;
		}
		if (len > 0) {
			/* Only the fields before the cut are decoded. */
			n = ltt_event_fields(ev, got, G_N_ELEMENTS(got), &error);
			g_assert_cmpuint(n, <, count);
			g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
			g_assert_nonnull(strstr(error->message, ltt_field_name(ltt_type_field(type, n))));
			g_clear_error(&error);
			for (guint i = 0; i < n; i++)
				g_assert_cmpuint(got[i].value.avail, <=, len);
		}
		ltt_event_format_payload(ev, text, 0);
		g_assert_nonnull(strstr(text->str, "<damaged> }"));
		g_string_free(text, TRUE);
	}
	/* The same cuts on exact-size copies, against the offsets of the whole. */
	for (gsize len = 1; len < total; len++) {
		guint8 *buf = g_malloc(len);
		LttValue copy = { ltt_event_type_payload(ltt_event_type(ev)), buf, len, full[0].value.swap };
		LttValueIter it;
		GError *error = NULL;
		guint n = 0;

		memcpy(buf, ltt_event_payload(ev), len);
		g_assert_true(ltt_value_iter_init(&it, &copy, NULL));
		while (ltt_value_iter_read(&it, got + n, 1, &error) == 1) {
			GString *sink = g_string_new(NULL);
			dump_decoded(&got[n], sink);
			g_string_free(sink, TRUE);
			n++;
		}
		g_assert_error(error, LTT_ERROR, LTT_ERROR_DAMAGED);
		g_clear_error(&error);
		g_assert_cmpuint(n, ==, fields_within(full, count, total, len));
		for (guint i = 0; i < n; i++)
			g_assert_cmpuint(got[i].uint, ==, full[i].uint);
		g_free(buf);
	}
	ltt_trace_unref(trace);
	tlt_remove_dir(dir);
	g_free(dir);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_data_func("/ltt/decode/kinds-little", GINT_TO_POINTER(G_LITTLE_ENDIAN), test_kinds);
	g_test_add_data_func("/ltt/decode/kinds-big", GINT_TO_POINTER(G_BIG_ENDIAN), test_kinds);
	g_test_add_func("/ltt/decode/partial-and-wrong-kind", test_partial_and_wrong_kind);
	g_test_add_func("/ltt/decode/hex-addresses", test_hex_addresses);
	g_test_add_data_func("/ltt/decode/truncated-little", GINT_TO_POINTER(G_LITTLE_ENDIAN), test_truncated);
	g_test_add_data_func("/ltt/decode/truncated-big", GINT_TO_POINTER(G_BIG_ENDIAN), test_truncated);
	return g_test_run();
}
