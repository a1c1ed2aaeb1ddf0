/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-writer-roundtrip.c: random events of every field type written with
 * LttWriter/LttPayload in both byte orders, read back through libltt's
 * reader: times, ids, raw payload bytes and every value must be identical. */
#include <string.h>
#include <glib.h>

#include "ltt/ltt.h"
#include "test-ltt-util.h"

/* Every kind of the grammar, nested in all the ways it allows. */
static const struct {
	guint id;
	const char *name;
	const char *fields;
} decls[] = {
	{ 0, "ints", "a: s8; b: s16; c: s32; d: s64; e: u8; f: u16; g: u32; h: u64;" },
	{ 1, "enums", "x: enum s16 { A = -1, B = 2, \"c d\" = 300 }; y: enum u64 { Z = 0 }; "
	              "z: enum s8 { M = -128 };" },
	{ 2, "strings", "s: string; t: string; u: string;" },
	{ 3, "arrays", "a: u16[3]; b: string[2]; c: s32[2][2]; d: struct { p: u8; q: string; }[2];" },
	{ 4, "sequences", "a: u8[u8]; b: struct { x: u32; n: string; }[u16]; c: string[u32]; "
	                  "d: s64[u64]; e: u16[u8][u8];" },
	{ 5, "nested", "s: struct { a: s64; t: struct { b: u8; c: string; }; d: u16[u8]; }; "
	               "e: enum u32 { ON = 1 }[2];" },
	{ 6, "empty", "" },
	{ 70000, "wide_id", "v: u32; w: string;" },
};

typedef struct {
	gboolean is_string;
	gboolean is_signed;
	guint64 bits;            /* integers (sign-extended when signed) and counts */
	char *text;
} Leaf;

typedef struct {
	guint cpu;
	LttTime time;
	guint id;
	GByteArray *bytes;
	GArray *leaves;          /* Leaf, in payload order */
} Expected;

static void leaf_clear(gpointer p)
{
	g_free(((Leaf *) p)->text);
}

static gsize int_size(LttTypeKind k)
{
	switch (k) {
	case LTT_TYPE_S8: case LTT_TYPE_U8: return 1;
	case LTT_TYPE_S16: case LTT_TYPE_U16: return 2;
	case LTT_TYPE_S32: case LTT_TYPE_U32: return 4;
	default: return 8;
	}
}

static void put_int(LttPayload *pl, LttTypeKind k, guint64 v)
{
	switch (int_size(k)) {
	case 1: ltt_payload_put_u8(pl, (guint8) v); break;
	case 2: ltt_payload_put_u16(pl, (guint16) v); break;
	case 4: ltt_payload_put_u32(pl, (guint32) v); break;
	default: ltt_payload_put_u64(pl, v); break;
	}
}

/* A random value of an integer kind, as the reader will return it. */
static guint64 random_int(GRand *r, LttTypeKind k, gboolean is_signed)
{
	guint64 v = ((guint64) g_rand_int(r) << 32) | g_rand_int(r);
	guint bits = (guint) int_size(k) * 8;

	/* Extremes come up often: they are where sign handling breaks. */
	switch (g_rand_int_range(r, 0, 6)) {
	case 0: v = 0; break;
	case 1: v = G_MAXUINT64; break;
	case 2: v = G_GUINT64_CONSTANT(1) << (bits - 1); break;
	default: break;
	}
	if (bits < 64)
		v &= (G_GUINT64_CONSTANT(1) << bits) - 1;
	if (is_signed && bits < 64 && (v >> (bits - 1)) & 1)
		v |= ~((G_GUINT64_CONSTANT(1) << bits) - 1);
	return v;
}

static void add_int_leaf(GArray *leaves, guint64 v, gboolean is_signed)
{
	Leaf l = { .is_signed = is_signed, .bits = v };
	g_array_append_val(leaves, l);
}

static void generate(GRand *r, const LttType *type, LttPayload *pl, GArray *leaves)
{
	LttTypeKind k = ltt_type_kind(type);

	switch (k) {
	case LTT_TYPE_ENUM: {
		const LttType *base = ltt_type_enum_base(type);
		gboolean sgn = ltt_type_is_signed(base);
		guint64 v = random_int(r, ltt_type_kind(base), sgn);
		if (g_rand_boolean(r)) {
			const LttEnumEntry *e = ltt_type_enum_entry(type,
				(guint) g_rand_int_range(r, 0, (gint32) ltt_type_enum_count(type)));
			v = (guint64) e->value;
		}
		put_int(pl, ltt_type_kind(base), v);
		add_int_leaf(leaves, v, sgn);
		break;
	}
	case LTT_TYPE_STRING: {
		Leaf l = { .is_string = TRUE };
		guint n = g_rand_int_range(r, 0, 4) == 0 ? 0 : (guint) g_rand_int_range(r, 1, 40);
		l.text = g_malloc(n + 1);
		for (guint i = 0; i < n; i++)
			l.text[i] = (char) g_rand_int_range(r, 1, 256);
		l.text[n] = '\0';
		ltt_payload_put_string(pl, l.text);
		g_array_append_val(leaves, l);
		break;
	}
	case LTT_TYPE_ARRAY:
		for (guint i = 0; i < ltt_type_array_length(type); i++)
			generate(r, ltt_type_element(type), pl, leaves);
		break;
	case LTT_TYPE_SEQUENCE: {
		guint n = (guint) g_rand_int_range(r, 0, 5);
		put_int(pl, ltt_type_kind(ltt_type_sequence_length_type(type)), n);
		add_int_leaf(leaves, n, FALSE);
		for (guint i = 0; i < n; i++)
			generate(r, ltt_type_element(type), pl, leaves);
		break;
	}
	case LTT_TYPE_STRUCT:
		for (guint i = 0; i < ltt_type_field_count(type); i++)
			generate(r, ltt_field_type(ltt_type_field(type, i)), pl, leaves);
		break;
	default: {
		gboolean sgn = ltt_type_is_signed(type);
		guint64 v = random_int(r, k, sgn);
		put_int(pl, k, v);
		add_int_leaf(leaves, v, sgn);
		break;
	}
	}
}

static const Leaf *next_leaf(const GArray *leaves, guint *i)
{
	g_assert_cmpuint(*i, <, leaves->len);
	return &g_array_index(leaves, Leaf, (*i)++);
}

static void check_int(const LttValue *v, const Leaf *l)
{
	GError *error = NULL;

	g_assert_false(l->is_string);
	if (l->is_signed) {
		gint64 got;
		g_assert_true(ltt_value_get_int(v, &got, &error));
		g_assert_cmpint(got, ==, (gint64) l->bits);
	} else {
		guint64 got;
		g_assert_true(ltt_value_get_uint(v, &got, &error));
		g_assert_cmpuint(got, ==, l->bits);
	}
	g_assert_no_error(error);
}

static void check_value(const LttValue *v, const GArray *leaves, guint *i)
{
	GError *error = NULL;
	LttTypeKind k = ltt_type_kind(v->type);
	LttValue sub;
	guint64 n;

	switch (k) {
	case LTT_TYPE_STRING: {
		const Leaf *l = next_leaf(leaves, i);
		const char *s;
		gsize size;
		g_assert_true(l->is_string);
		g_assert_true(ltt_value_get_string(v, &s, &error));
		g_assert_cmpstr(s, ==, l->text);
		g_assert_true(ltt_value_size(v, &size, &error));
		g_assert_cmpuint(size, ==, strlen(l->text) + 1);
		break;
	}
	case LTT_TYPE_ARRAY:
	case LTT_TYPE_SEQUENCE:
		g_assert_true(ltt_value_element_count(v, &n, &error));
		if (k == LTT_TYPE_SEQUENCE)
			g_assert_cmpuint(n, ==, next_leaf(leaves, i)->bits);
		else
			g_assert_cmpuint(n, ==, ltt_type_array_length(v->type));
		for (guint64 e = 0; e < n; e++) {
			g_assert_true(ltt_value_element(v, e, &sub, &error));
			check_value(&sub, leaves, i);
		}
		break;
	case LTT_TYPE_STRUCT:
		for (guint f = 0; f < ltt_type_field_count(v->type); f++) {
			g_assert_true(ltt_value_member(v, f, &sub, &error));
			check_value(&sub, leaves, i);
		}
		break;
	case LTT_TYPE_ENUM: {
		const Leaf *l = next_leaf(leaves, i);
		check_int(v, l);
		g_assert_cmpstr(ltt_value_get_enum_label(v), ==,
		                ltt_type_enum_label(v->type, (gint64) l->bits));
		break;
	}
	default:
		check_int(v, next_leaf(leaves, i));
		break;
	}
	g_assert_no_error(error);
}

static void expected_free(gpointer p)
{
	Expected *e = p;
	g_byte_array_unref(e->bytes);
	g_array_unref(e->leaves);
	g_free(e);
}

#define N_CPUS 2
#define N_EVENTS 3000

static void roundtrip(int byte_order)
{
	char *dir = tlt_make_dir();
	LttWriterOptions o = { .byte_order = byte_order, .block_size = 4096, .cpu_count = N_CPUS,
	                       .overwrite = TRUE };
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(dir, &o, &error);
	GRand *r = g_rand_new_with_seed(byte_order);
	const LttEventType *types[G_N_ELEMENTS(decls)];
	GPtrArray *expected[N_CPUS];
	LttWriterChannel *ch[N_CPUS];
	LttTime now[N_CPUS] = { 1000, 1000 };
	LttPayload pl;
	LttTrace *t;

	g_assert_no_error(error);
	for (guint i = 0; i < G_N_ELEMENTS(decls); i++) {
		types[i] = ltt_writer_declare_event(w, "rt", decls[i].id, decls[i].name, decls[i].fields,
		                                    &error);
		g_assert_no_error(error);
	}
	for (guint c = 0; c < N_CPUS; c++) {
		expected[c] = g_ptr_array_new_with_free_func(expected_free);
		ch[c] = ltt_writer_channel(w, "rt", c, &error);
		g_assert_no_error(error);
	}
	ltt_payload_init(&pl, byte_order);
	for (guint n = 0; n < N_EVENTS; n++) {
		guint c = (guint) g_rand_int_range(r, 0, N_CPUS);
		guint d = (guint) g_rand_int_range(r, 0, G_N_ELEMENTS(decls));
		Expected *e = g_new0(Expected, 1);
		guint gap = (guint) g_rand_int_range(r, 0, 100);

		/* Equal times, small gaps, gaps just around 2^32 and far beyond. */
		now[c] += gap < 10 ? 0 : gap < 95 ? g_rand_int(r) >> 8
			: (G_GUINT64_CONSTANT(1) << 32) - 2 + (guint64) g_rand_int_range(r, 0, 4)
			  + (gap == 99 ? G_GUINT64_CONSTANT(1) << 40 : 0);
		e->cpu = c;
		e->time = now[c];
		e->id = decls[d].id;
		e->leaves = g_array_new(FALSE, TRUE, sizeof(Leaf));
		g_array_set_clear_func(e->leaves, leaf_clear);
		ltt_payload_reset(&pl);
		generate(r, ltt_event_type_payload(types[d]), &pl, e->leaves);
		e->bytes = g_byte_array_new();
		g_byte_array_append(e->bytes, pl.data, (guint) pl.len);
		g_assert_true(ltt_writer_channel_append(ch[c], e->time, e->id, pl.data, pl.len, &error));
		g_assert_no_error(error);
		g_ptr_array_add(expected[c], e);
	}
	ltt_payload_clear(&pl);
	g_assert_true(ltt_writer_close(w, &error));
	g_assert_no_error(error);

	t = ltt_trace_open(dir, &error);
	g_assert_no_error(error);
	g_assert_nonnull(t);
	g_assert_cmpint(ltt_trace_info(t)->byte_order, ==, byte_order);
	g_assert_cmpuint(ltt_trace_tracefile_count(t), ==, N_CPUS);
	for (guint c = 0; c < N_CPUS; c++) {
		LttTracefile *tf = ltt_trace_tracefile_find(t, "rt", c);
		guint n = 0;

		g_assert_nonnull(tf);
		g_assert_cmpuint(ltt_tracefile_event_count(tf), ==, expected[c]->len);
		while (ltt_tracefile_next(tf, &error) == LTT_READ_EVENT) {
			const LttEvent *ev = ltt_tracefile_event(tf);
			Expected *e;
			LttValue v;
			guint leaf = 0;

			g_assert_cmpuint(n, <, expected[c]->len);
			e = g_ptr_array_index(expected[c], n);
			g_assert_cmpuint(ltt_event_time(ev), ==, e->time);
			g_assert_cmpuint(ltt_event_id(ev), ==, e->id);
			g_assert_cmpuint(ltt_event_cpu(ev), ==, c);
			g_assert_cmpmem(ltt_event_payload(ev), ltt_event_payload_size(ev),
			                e->bytes->data, e->bytes->len);
			ltt_event_payload_value(ev, &v);
			check_value(&v, e->leaves, &leaf);
			g_assert_cmpuint(leaf, ==, e->leaves->len);
			n++;
		}
		g_assert_no_error(error);
		g_assert_cmpuint(n, ==, expected[c]->len);
		g_ptr_array_unref(expected[c]);
	}
	g_assert_cmpuint(ltt_trace_warning_count(t), ==, 0);
	ltt_trace_unref(t);
	g_rand_free(r);
	tlt_remove_dir(dir);
	g_free(dir);
}

static void test_little(void)
{
	roundtrip(G_LITTLE_ENDIAN);
}

static void test_big(void)
{
	roundtrip(G_BIG_ENDIAN);
}

/* The same values give the same bytes, swapped, in the other order. */
static void test_payload_orders(void)
{
	LttPayload le, be;
	static const guint8 le_bytes[] = { 0x01, 0x02, 0x01, 0x04, 0x03, 0x02, 0x01,
		0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 'h', 'i', 0, 0, 0xFF };
	static const guint8 be_bytes[] = { 0x01, 0x01, 0x02, 0x01, 0x02, 0x03, 0x04,
		0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 'h', 'i', 0, 0, 0xFF };
	LttPayload *both[2] = { &le, &be };

	ltt_payload_init(&le, G_LITTLE_ENDIAN);
	ltt_payload_init(&be, G_BIG_ENDIAN);
	for (int i = 0; i < 2; i++) {
		LttPayload *p = both[i];
		ltt_payload_put_u8(p, 1);
		ltt_payload_put_u16(p, 0x0102);
		ltt_payload_put_s32(p, 0x01020304);
		ltt_payload_put_u64(p, G_GUINT64_CONSTANT(0x0102030405060708));
		ltt_payload_put_string(p, "hi");
		ltt_payload_put_string(p, "");
		ltt_payload_put_s8(p, -1);
	}
	g_assert_cmpmem(le.data, le.len, le_bytes, sizeof le_bytes);
	g_assert_cmpmem(be.data, be.len, be_bytes, sizeof be_bytes);
	/* Growing past the inline buffer keeps what was there. */
	for (int i = 0; i < 1000; i++)
		ltt_payload_put_u32(&le, (guint32) i);
	g_assert_cmpuint(le.len, ==, sizeof le_bytes + 4000);
	g_assert_cmpmem(le.data, sizeof le_bytes, le_bytes, sizeof le_bytes);
	g_assert_cmpuint(le.data[sizeof le_bytes + 4 * 999], ==, 999 & 0xFF);
	ltt_payload_reset(&le);
	g_assert_cmpuint(le.len, ==, 0);
	ltt_payload_clear(&le);
	ltt_payload_clear(&be);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/writer/roundtrip/payload-orders", test_payload_orders);
	g_test_add_func("/writer/roundtrip/little-endian", test_little);
	g_test_add_func("/writer/roundtrip/big-endian", test_big);
	return g_test_run();
}
