/* test-ust-type-size: the payload sizes libltt-ust derives from a type's
 * fields to refuse events that cannot be of their type.  A text it does not
 * understand must accept every payload (the drainer's parser decides). */
#include <glib.h>

#include "ltt-control/ust/ust-type-size.h"

#define VAR UST_SIZE_VARIABLE

static const struct {
	const char *fields;
	guint32 size;
} cases[] = {
	{ "", 0 },
	{ "a: u32;", 4 },
	{ "a: u8; b: s16; c: u32; d: s64;", 15 },
	{ "tid: s32; name: string;", VAR | 5 },
	{ "e: enum u16 { A = 1, \"}\" = 2, \"q\\\"}\" = 3 }; x: u8;", 3 },
	{ "s: struct { a: u8; b: u64[3]; }; t: u16;", 27 },
	{ "q: u8[u16];", VAR | 2 },
	{ "x: string[2];", VAR | 2 },
	{ "z: string[0];", 0 },
	{ "m: u32[2][3];", 24 },
	{ "n: struct { s: string; }[u8];", VAR | 1 },
	{ "bad: float;", VAR },
	{ "h: u8[0x10];", VAR },
	{ "seq: u8[s16];", VAR },
	{ "missing_colon u32;", VAR },
};

static void test_sizes(void)
{
	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_test_message("%s", cases[i].fields);
		g_assert_cmphex(ust_type_size(cases[i].fields), ==, cases[i].size);
	}
}

static void test_fits(void)
{
	g_assert_true(ust_type_size_fits(4, 4));
	g_assert_false(ust_type_size_fits(4, 8));
	g_assert_false(ust_type_size_fits(4, 0));
	g_assert_true(ust_type_size_fits(VAR | 5, 5));
	g_assert_true(ust_type_size_fits(VAR | 5, 100));
	g_assert_false(ust_type_size_fits(VAR | 5, 4));
	g_assert_true(ust_type_size_fits(VAR, 0));
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/ust/type-size/sizes", test_sizes);
	g_test_add_func("/ust/type-size/fits", test_fits);
	return g_test_run();
}
