/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-type.c: the field grammar (format.md §3.1) as the reader sees it
 * through the metadata: every type kind, nesting, suffix chains, enum
 * labels and values, layout facts, and every syntax error with its column. */
#include <string.h>
#include "test-ltt-util.h"

#define PREFIX "event kernel 9 e { "

typedef struct {
	char *dir;
	LttTrace *trace;
} Fixture;

/* Opens a trace whose metadata declares event "e" with these fields. */
static const LttEventType *declare(Fixture *fx, const char *fields)
{
	char *line = g_strdup_printf(PREFIX "%s }\n", fields);
	GError *error = NULL;

	fx->dir = tlt_make_dir();
	tlt_write_metadata(fx->dir, G_LITTLE_ENDIAN, line);
	tlt_write_file(fx->dir, "kernel_0", "", 0);
	g_free(line);
	fx->trace = ltt_trace_open(fx->dir, &error);
	g_assert_no_error(error);
	return ltt_trace_event_type_by_name(fx->trace, "kernel", "e");
}

static void done(Fixture *fx)
{
	ltt_trace_unref(fx->trace);
	tlt_remove_dir(fx->dir);
	g_free(fx->dir);
}

static const LttField *field(const LttEventType *et, const char *path)
{
	const LttField *f = ltt_event_type_field_by_name(et, path);

	g_assert_nonnull(f);
	return f;
}

static void test_integers(void)
{
	static const char *const names[] = { "a", "b", "c", "d", "e", "f", "g", "h" };
	static const gssize offsets[] = { 0, 1, 3, 7, 15, 16, 18, 22 };
	Fixture fx;
	const LttEventType *et = declare(&fx, "a: s8; b: s16; c: s32; d: s64; e: u8; f: u16; g: u32; h: u64;");

	g_assert_nonnull(et);
	g_assert_cmpuint(ltt_event_type_field_count(et), ==, 8);
	g_assert_cmpuint(ltt_type_fixed_size(ltt_event_type_payload(et)), ==, 30);
	for (guint i = 0; i < 8; i++) {
		const LttField *f = field(et, names[i]);
		const LttType *t = ltt_field_type(f);
		g_assert_true(f == ltt_event_type_field(et, i));
		g_assert_cmpuint(ltt_field_index(f), ==, i);
		g_assert_cmpint(ltt_type_kind(t), ==, LTT_TYPE_S8 + (int) i);
		g_assert_true(ltt_type_is_integer(t));
		g_assert_cmpint(ltt_type_is_signed(t), ==, i < 4);
		g_assert_cmpuint(ltt_type_fixed_size(t), ==, 1u << (i % 4));
		g_assert_cmpint(ltt_field_fixed_offset(f), ==, offsets[i]);
		g_assert_true(ltt_field_top(f) == f);
	}
	g_assert_null(ltt_event_type_field_by_name(et, "z"));
	g_assert_null(ltt_event_type_field_by_name(et, "a.b"));
	done(&fx);
}

/* x8..x64: unsigned integers shown in hex, declared as such again. */
static void test_hex_integers(void)
{
	static const char *const names[] = { "a", "b", "c", "d" };
	Fixture fx;
	const LttEventType *et = declare(&fx, "a: x8; b: x16; c: x32; d: x64; e: u64; f: x64[2];");
	GString *text = g_string_new(NULL);

	g_assert_nonnull(et);
	for (guint i = 0; i < 4; i++) {
		const LttType *t = ltt_field_type(field(et, names[i]));
		g_assert_cmpint(ltt_type_kind(t), ==, LTT_TYPE_U8 + (int) i);
		g_assert_false(ltt_type_is_signed(t));
		g_assert_true(ltt_type_is_hex(t));
		g_assert_cmpuint(ltt_type_fixed_size(t), ==, 1u << i);
	}
	g_assert_false(ltt_type_is_hex(ltt_field_type(field(et, "e"))));
	g_assert_true(ltt_type_is_hex(ltt_type_element(ltt_field_type(field(et, "f")))));
	ltt_type_to_string(ltt_event_type_payload(et), text);
	g_assert_cmpstr(text->str, ==, "struct { a: x8; b: x16; c: x32; d: x64; e: u64; f: x64[2]; }");
	g_string_free(text, TRUE);
	done(&fx);
}

static void test_strings_and_offsets(void)
{
	Fixture fx;
	const LttEventType *et = declare(&fx, "n: u32; s: string; m: u32;");

	g_assert_cmpint(ltt_type_kind(ltt_field_type(field(et, "s"))), ==, LTT_TYPE_STRING);
	g_assert_false(ltt_type_is_integer(ltt_field_type(field(et, "s"))));
	g_assert_cmpint(ltt_field_fixed_offset(field(et, "s")), ==, 4);
	g_assert_cmpint(ltt_field_fixed_offset(field(et, "m")), ==, -1);
	g_assert_cmpuint(ltt_type_fixed_size(ltt_event_type_payload(et)), ==, 0);
	done(&fx);
}

static void test_enums(void)
{
	Fixture fx;
	const LttEventType *et = declare(&fx, "e: enum u8 { A = 0, \"B c\" = 1, C = 0x10, D = 255 }; "
	                                      "n: enum s16 { NEG = -32768, POS = 32767, \"q\\\"\\\\\" = 0x7 };");
	const LttType *e = ltt_field_type(field(et, "e")), *n = ltt_field_type(field(et, "n"));

	g_assert_cmpint(ltt_type_kind(e), ==, LTT_TYPE_ENUM);
	g_assert_true(ltt_type_is_integer(e));
	g_assert_false(ltt_type_is_signed(e));
	g_assert_true(ltt_type_is_signed(n));
	g_assert_cmpint(ltt_type_kind(ltt_type_enum_base(e)), ==, LTT_TYPE_U8);
	g_assert_cmpuint(ltt_type_fixed_size(e), ==, 1);
	g_assert_cmpuint(ltt_type_enum_count(e), ==, 4);
	g_assert_cmpstr(ltt_type_enum_label(e, 1), ==, "B c");
	g_assert_cmpstr(ltt_type_enum_label(e, 16), ==, "C");
	g_assert_cmpstr(ltt_type_enum_label(e, 255), ==, "D");
	g_assert_null(ltt_type_enum_label(e, 2));
	g_assert_cmpint(ltt_type_enum_entry(e, 3)->value, ==, 255);
	g_assert_null(ltt_type_enum_entry(e, 4));
	g_assert_cmpstr(ltt_type_enum_label(n, -32768), ==, "NEG");
	g_assert_cmpstr(ltt_type_enum_label(n, 7), ==, "q\"\\");
	g_assert_cmpint(ltt_field_fixed_offset(field(et, "n")), ==, 1);
	done(&fx);
}

static void test_arrays_and_sequences(void)
{
	Fixture fx;
	const LttEventType *et = declare(&fx, "m: u8[4][2]; q: string[u16]; x: u32[3][u8][2]; z: u8[0];");
	const LttType *m = ltt_field_type(field(et, "m"));
	const LttType *q = ltt_field_type(field(et, "q"));
	const LttType *x = ltt_field_type(field(et, "x"));

	g_assert_cmpint(ltt_type_kind(m), ==, LTT_TYPE_ARRAY);
	g_assert_cmpuint(ltt_type_array_length(m), ==, 2);
	g_assert_cmpuint(ltt_type_array_length(ltt_type_element(m)), ==, 4);
	g_assert_cmpint(ltt_type_kind(ltt_type_element(ltt_type_element(m))), ==, LTT_TYPE_U8);
	g_assert_cmpuint(ltt_type_fixed_size(m), ==, 8);
	g_assert_cmpint(ltt_type_kind(q), ==, LTT_TYPE_SEQUENCE);
	g_assert_cmpint(ltt_type_kind(ltt_type_sequence_length_type(q)), ==, LTT_TYPE_U16);
	g_assert_cmpint(ltt_type_kind(ltt_type_element(q)), ==, LTT_TYPE_STRING);
	g_assert_cmpuint(ltt_type_fixed_size(q), ==, 0);
	g_assert_cmpint(ltt_type_kind(x), ==, LTT_TYPE_ARRAY);
	g_assert_cmpuint(ltt_type_array_length(x), ==, 2);
	g_assert_cmpint(ltt_type_kind(ltt_type_element(x)), ==, LTT_TYPE_SEQUENCE);
	g_assert_cmpint(ltt_type_kind(ltt_type_sequence_length_type(ltt_type_element(x))), ==, LTT_TYPE_U8);
	g_assert_cmpuint(ltt_type_array_length(ltt_type_element(ltt_type_element(x))), ==, 3);
	g_assert_cmpint(ltt_field_fixed_offset(field(et, "q")), ==, 8);
	g_assert_cmpint(ltt_field_fixed_offset(field(et, "x")), ==, -1);
	g_assert_cmpuint(ltt_type_fixed_size(ltt_field_type(field(et, "z"))), ==, 0);
	done(&fx);
}

static void test_structs(void)
{
	Fixture fx;
	const LttEventType *et = declare(&fx, "a: u16; st: struct { x: s32; y: struct { z: u8; w: string; }; v: u64; }; "
	                                      "sa: struct { p: u8; q: string; }[u8]; e: struct { };");
	const LttField *st = field(et, "st"), *y = field(et, "st.y"), *z = field(et, "st.y.z");
	const LttType *sa = ltt_field_type(field(et, "sa"));
	const LttField *p;

	g_assert_cmpint(ltt_field_fixed_offset(st), ==, 2);
	g_assert_cmpint(ltt_field_fixed_offset(y), ==, 6);
	g_assert_cmpint(ltt_field_fixed_offset(z), ==, 6);
	g_assert_cmpint(ltt_field_fixed_offset(field(et, "st.y.w")), ==, 7);
	g_assert_cmpint(ltt_field_fixed_offset(field(et, "st.v")), ==, -1);
	g_assert_cmpint(ltt_field_fixed_offset(field(et, "sa")), ==, -1);
	g_assert_true(ltt_field_top(z) == st);
	g_assert_true(ltt_field_top(y) == st);
	g_assert_cmpuint(ltt_field_index(z), ==, 0);
	g_assert_cmpuint(ltt_field_index(field(et, "st.v")), ==, 2);
	g_assert_cmpuint(ltt_type_field_count(ltt_field_type(st)), ==, 3);
	g_assert_true(ltt_type_field(ltt_field_type(y), 1) == field(et, "st.y.w"));
	g_assert_null(ltt_type_field(ltt_field_type(y), 2));
	g_assert_cmpint(ltt_type_kind(sa), ==, LTT_TYPE_SEQUENCE);
	p = ltt_type_field_by_name(ltt_type_element(sa), "p");
	g_assert_nonnull(p);
	/* Members of elements have no place in the payload. */
	g_assert_null(ltt_field_top(p));
	g_assert_cmpint(ltt_field_fixed_offset(p), ==, -1);
	g_assert_null(ltt_event_type_field_by_name(et, "sa.p"));
	g_assert_cmpuint(ltt_type_field_count(ltt_field_type(field(et, "e"))), ==, 0);
	g_assert_cmpuint(ltt_type_fixed_size(ltt_field_type(field(et, "e"))), ==, 0);
	done(&fx);
}

static void test_empty_and_to_string(void)
{
	Fixture fx, fy;
	const LttEventType *et = declare(&fx, "");
	GString *s = g_string_new(NULL), *s2 = g_string_new(NULL);
	char *inner;

	g_assert_nonnull(et);
	g_assert_cmpuint(ltt_event_type_field_count(et), ==, 0);
	ltt_type_to_string(ltt_event_type_payload(et), s);
	g_assert_cmpstr(s->str, ==, "struct { }");
	done(&fx);

	g_string_truncate(s, 0);
	et = declare(&fx, "a: enum u8 { A = 0, \"B c\" = 1 }; b: struct { c: u8[4][2]; d: string[u16]; }; e: s64;");
	ltt_type_to_string(ltt_event_type_payload(et), s);
	g_assert_cmpstr(s->str, ==, "struct { a: enum u8 { A = 0, \"B c\" = 1 }; b: struct { c: u8[4][2]; d: string[u16]; }; e: s64; }");
	/* What to_string writes parses back to the same type. */
	inner = g_strndup(s->str + 9, s->len - 11);
	et = declare(&fy, inner);
	ltt_type_to_string(ltt_event_type_payload(et), s2);
	g_assert_cmpstr(s->str, ==, s2->str);
	g_free(inner);
	done(&fx);
	done(&fy);
	g_string_free(s, TRUE);
	g_string_free(s2, TRUE);
}

typedef struct {
	const char *fields;
	const char *at;          /* where the error is (first occurrence in fields), NULL = end */
	const char *expected;
} ErrorCase;

static const ErrorCase error_cases[] = {
	{ "a s32;", "s32", "expected ':' after the field name" },
	{ "a: s33;", "s33", "expected a type" },
	{ "a: x128;", "x128", "expected a type (s8..u64, x8..x64" },
	{ "a: x;", "x;", "expected a type" },
	{ "a: enum x8 { A = 1 };", "x8 {", "an integer type" },
	{ "a: u8[x8];", "x8]", "an element count or an unsigned length type" },
	{ "a: s32", NULL, "expected ';' after the field's type" },
	{ "1a: u8;", "1a", "expected a field name" },
	{ "a: u8; a: u16;", "a: u16", "not used before" },
	{ "a: enum x { A = 1 };", "x {", "an integer type" },
	{ "a: enum u8 A = 1 };", "A =", "'{' opening the enumeration" },
	{ "a: enum u8 { A = 1 B = 2 };", "B =", "',' or '}'" },
	{ "a: enum u8 { A 1 };", "1 }", "'=' after the label" },
	{ "a: enum u8 { = 1 };", "= 1", "an enumeration label" },
	{ "a: enum u8 { A = x };", "x }", "a number" },
	{ "a: enum u8 { A = 256 };", "256", "fits the enumeration's integer type" },
	{ "a: enum s8 { A = -129 };", "-129", "fits the enumeration's integer type" },
	{ "a: enum u8 { A = -1 };", "-1", "fits the enumeration's integer type" },
	{ "a: enum u64 { A = 99999999999999999999 };", "999", "a number that fits 64 bits" },
	{ "a: enum u8 { A = 0x };", " }", "hexadecimal digits" },
	{ "a: enum u8 { \"x\\q\" = 1 };", "\\q", "an escape" },
	{ "a: enum u8 { \"x = 1 };", NULL, "'\"' closing the string" },
	{ "a: u8[s8];", "s8]", "an element count or an unsigned length type" },
	{ "a: u8[-1];", "-1", "an element count or an unsigned length type" },
	{ "a: u8[4;", ";", "']'" },
	{ "a: u8[0][2];", "[2]", "non-zero size" },
	{ "a: struct { }[2];", "[2]", "non-zero size" },
	{ "a: string[0][u32];", "[u32]", "non-zero size" },
	{ "a: u32[2000000000];", "2000000000", "at most 4 GiB" },
	{ "a: struct { b: u8; 7 };", "7 }", "a field name or '}'" },
	{ "a: struct b: u8; };", "b:", "'{' opening the struct" },
};

static void test_errors(void)
{
	for (guint i = 0; i < G_N_ELEMENTS(error_cases); i++) {
		const ErrorCase *c = &error_cases[i];
		Fixture fx;
		gsize col = strlen(PREFIX) + 1 + (c->at ? (gsize) (strstr(c->fields, c->at) - c->fields)
		                                        : strlen(c->fields) + 1);
		char *where = g_strdup_printf("metadata:3: column %" G_GSIZE_FORMAT ": ", col);

		g_test_message("case %u: %s", i, c->fields);
		g_assert_null(declare(&fx, c->fields));
		if (!tlt_has_warning(fx.trace, where, c->expected, NULL)) {
			g_test_message("expected \"%s%s\", got \"%s\"", where, c->expected,
			               ltt_trace_warning_count(fx.trace) ? ltt_trace_warning(fx.trace, 0) : "nothing");
			g_test_fail();
		}
		g_free(where);
		done(&fx);
	}
}

static void test_nesting_limit(void)
{
	GString *deep = g_string_new("a: ");
	Fixture fx;

	for (int i = 0; i < 100; i++)
		g_string_append(deep, "struct { b: ");
	g_string_append(deep, "u8;");
	for (int i = 0; i < 100; i++)
		g_string_append(deep, " };");
	g_assert_null(declare(&fx, deep->str));
	g_assert_true(tlt_has_warning(fx.trace, "metadata:3: column", "nested less deeply", NULL));
	done(&fx);
	g_string_truncate(deep, 0);
	g_string_append(deep, "a: u8");
	for (int i = 0; i < 100; i++)
		g_string_append(deep, "[1]");
	g_string_append_c(deep, ';');
	g_assert_null(declare(&fx, deep->str));
	g_assert_true(tlt_has_warning(fx.trace, "metadata:3: column", "nested less deeply", NULL));
	done(&fx);
	g_string_free(deep, TRUE);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/ltt/type/integers", test_integers);
	g_test_add_func("/ltt/type/hex-integers", test_hex_integers);
	g_test_add_func("/ltt/type/strings-and-offsets", test_strings_and_offsets);
	g_test_add_func("/ltt/type/enums", test_enums);
	g_test_add_func("/ltt/type/arrays-and-sequences", test_arrays_and_sequences);
	g_test_add_func("/ltt/type/structs", test_structs);
	g_test_add_func("/ltt/type/empty-and-to-string", test_empty_and_to_string);
	g_test_add_func("/ltt/type/errors", test_errors);
	g_test_add_func("/ltt/type/nesting-limit", test_nesting_limit);
	return g_test_run();
}
