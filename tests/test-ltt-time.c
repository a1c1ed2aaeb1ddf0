/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-time.c: LttTime to and from text. */
#include <string.h>
#include "ltt/ltt.h"

static void test_format(void)
{
	static const struct { LttTime t; const char *text; } cases[] = {
		{ 0, "0.000000000" },
		{ 1, "0.000000001" },
		{ G_GUINT64_CONSTANT(1234567890123), "1234.567890123" },
		{ G_MAXUINT64, "18446744073.709551615" },
	};
	char buf[LTT_TIME_STRING_SIZE];

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		gsize n = ltt_time_format(cases[i].t, buf);
		g_assert_cmpstr(buf, ==, cases[i].text);
		g_assert_cmpuint(n, ==, strlen(cases[i].text));
	}
}

static void test_parse(void)
{
	static const struct { const char *text; LttTime t; } cases[] = {
		{ "0", 0 },
		{ "12", G_GUINT64_CONSTANT(12000000000) },
		{ "12.5", G_GUINT64_CONSTANT(12500000000) },
		{ "0.000000001", 1 },
		{ "1234.567890123", G_GUINT64_CONSTANT(1234567890123) },
		{ "18446744073.709551615", G_MAXUINT64 },
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		GError *error = NULL;
		LttTime t = 42;
		g_assert_true(ltt_time_parse(cases[i].text, &t, &error));
		g_assert_no_error(error);
		g_assert_cmpuint(t, ==, cases[i].t);
	}
}

static void test_parse_errors(void)
{
	static const struct { const char *text; const char *message; } cases[] = {
		{ "", "column 1: expected a number of seconds" },
		{ "a", "column 1: expected a number of seconds" },
		{ "-1", "column 1: expected a number of seconds" },
		{ "1.", "column 3: expected fraction digits" },
		{ "1.1234567890", "column 12: expected at most 9 fraction digits" },
		{ "1x", "column 2: expected '.' or the end" },
		{ "1.2x", "column 4: expected the end" },
		{ "1 ", "column 2: expected" },
		{ "18446744074", "column 1: expected a time below 2^64 ns" },
		{ "18446744073.709551616", "column 1: expected a time below 2^64 ns" },
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		GError *error = NULL;
		LttTime t = 42;
		g_assert_false(ltt_time_parse(cases[i].text, &t, &error));
		g_assert_error(error, LTT_ERROR, LTT_ERROR_PARSE);
		if (strstr(error->message, cases[i].message) == NULL) {
			g_test_message("\"%s\": got \"%s\"", cases[i].text, error->message);
			g_test_fail();
		}
		g_assert_cmpuint(t, ==, 42);
		g_error_free(error);
	}
}

static void test_round_trip(void)
{
	GRand *rand = g_rand_new_with_seed(7);
	char buf[LTT_TIME_STRING_SIZE];

	for (int i = 0; i < 1000; i++) {
		LttTime t = ((guint64) g_rand_int(rand) << 32 | g_rand_int(rand)) >> g_rand_int_range(rand, 0, 64);
		LttTime back = 0;
		ltt_time_format(t, buf);
		g_assert_true(ltt_time_parse(buf, &back, NULL));
		g_assert_cmpuint(back, ==, t);
	}
	g_rand_free(rand);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/ltt/time/format", test_format);
	g_test_add_func("/ltt/time/parse", test_parse);
	g_test_add_func("/ltt/time/parse-errors", test_parse_errors);
	g_test_add_func("/ltt/time/round-trip", test_round_trip);
	return g_test_run();
}
