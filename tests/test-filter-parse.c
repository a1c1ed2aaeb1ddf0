/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-filter-parse.c: compiling filter text: precedence, constants, errors.
 * No trace needed: the compiled tree is checked through its printed form. */
#include <config.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <lttv/filter.h>

/* Compiles expr, which must compile, and compares the printed tree. */
static void
check_tree(const char *expr, const char *expected)
{
	GError *error = NULL;
	LttvFilter *f = lttv_filter_new(expr, &error);
	char *text;

	g_assert_no_error(error);
	g_assert_nonnull(f);
	text = lttv_filter_to_string(f);
	g_assert_cmpstr(text, ==, expected);
	g_free(text);
	lttv_filter_free(f);
}

/* Compiles expr, which must fail with exactly message. */
static void
check_error(const char *expr, const char *message)
{
	GError *error = NULL;
	LttvFilter *f = lttv_filter_new(expr, &error);

	g_assert_null(f);
	g_assert_error(error, LTTV_FILTER_ERROR, LTTV_FILTER_ERROR_PARSE);
	g_assert_cmpstr(error->message, ==, message);
	g_error_free(error);
}

#define A "event.cpu = 1"
#define B "event.cpu = 2"
#define C "event.cpu = 3"
#define D "event.cpu = 4"

static void
test_precedence(void)
{
	check_tree(A " & " B " | " C, "(| (& " A " " B ") " C ")");
	check_tree(A " | " B " & " C, "(| " A " (& " B " " C "))");
	check_tree(A " ^ " B " & " C, "(^ " A " (& " B " " C "))");
	check_tree(A " & " B " ^ " C, "(^ (& " A " " B ") " C ")");
	check_tree(A " | " B " ^ " C, "(| " A " (^ " B " " C "))");
	check_tree(A " ^ " B " | " C, "(| (^ " A " " B ") " C ")");
	check_tree("!" A " & " B, "(& (! " A ") " B ")");
	check_tree("!(" A " | " B ")", "(! (| " A " " B "))");
	check_tree("!!" A, "(! (! " A "))");
	check_tree("(" A " | " B ") & " C, "(& (| " A " " B ") " C ")");
	check_tree(A " | " B " & " C " ^ " D " | " A,
	           "(| " A " (^ (& " B " " C ") " D ") " A ")");
}

static void
test_associativity(void)
{
	/* Chains of one operator become one n-ary node (all three are
	 * associative); parentheses keep the grouping written. */
	check_tree(A " & " B " & " C, "(& " A " " B " " C ")");
	check_tree(A " | " B " | " C " | " D, "(| " A " " B " " C " " D ")");
	check_tree(A " ^ " B " ^ " C, "(^ " A " " B " " C ")");
	check_tree("(" A " & " B ") & " C, "(& (& " A " " B ") " C ")");
	check_tree(A " & (" B " & " C ")", "(& " A " (& " B " " C "))");
	check_tree("((" A "))", A);
}

static void
test_spec_example(void)
{
	check_tree("event.name = sched_switch & (state.pid > 100 | state.process_name = \"bash*\")",
	           "(& event.name = \"sched_switch\" (| state.pid > 100 state.process_name = \"bash*\"))");
	check_tree("event.name=sched_switch&event.cpu=1|state.pid>100",
	           "(| (& event.name = \"sched_switch\" event.cpu = 1) state.pid > 100)");
}

static void
test_relations(void)
{
	check_tree("event.cpu = 1", "event.cpu = 1");
	check_tree("event.cpu != 1", "event.cpu != 1");
	check_tree("event.cpu < 1", "event.cpu < 1");
	check_tree("event.cpu <= 1", "event.cpu <= 1");
	check_tree("event.cpu > 1", "event.cpu > 1");
	check_tree("event.cpu >= 1", "event.cpu >= 1");
	check_tree("event.name != a*", "event.name != \"a*\"");
	check_tree("  event.cpu\t>=\n1  ", "event.cpu >= 1");
}

static void
test_fields(void)
{
	check_tree("event.name = x", "event.name = \"x\"");
	check_tree("event.channel = kernel", "event.channel = \"kernel\"");
	check_tree("event.time = 1.5", "event.time = 1.500000000");
	check_tree("event.cpu = 0", "event.cpu = 0");
	check_tree("event.field.prev_pid = 3", "event.field.prev_pid = 3");
	check_tree("event.field.hdr.b.c = -3", "event.field.hdr.b.c = -3");
	check_tree("event.field.args[2] = 3", "event.field.args[2] = 3");
	check_tree("event.field.a[1][0].b.c[7] = 3", "event.field.a[1][0].b.c[7] = 3");
	check_tree("event.field.comm = bash", "event.field.comm = \"bash\"");
	check_tree("trace.name = t", "trace.name = \"t\"");
	check_tree("tracefile.name = kernel_0", "tracefile.name = \"kernel_0\"");
	check_tree("state.pid = 1", "state.pid = 1");
	check_tree("state.tgid = 1", "state.tgid = 1");
	check_tree("state.ppid = 1", "state.ppid = 1");
	check_tree("state.process_name = init", "state.process_name = \"init\"");
	check_tree("state.execution_mode = USER_MODE", "state.execution_mode = \"USER_MODE\"");
	check_tree("state.execution_submode = NONE", "state.execution_submode = \"NONE\"");
	check_tree("state.process_status = RUN", "state.process_status = \"RUN\"");
	check_tree("state.cpu = 1", "state.cpu = 1");
	check_tree("state.creation_time < 2.25", "state.creation_time < 2.250000000");
}

static void
test_constants(void)
{
	check_tree("event.cpu = 0x1F", "event.cpu = 31");
	check_tree("event.cpu = 0X1f", "event.cpu = 31");
	check_tree("event.field.x = 0xFFFFFFFFFFFFFFFF", "event.field.x = 18446744073709551615");
	check_tree("event.field.x = 18446744073709551615", "event.field.x = 18446744073709551615");
	check_tree("event.field.x = -9223372036854775808", "event.field.x = -9223372036854775808");
	check_tree("event.field.x = -0x10", "event.field.x = -16");
	check_tree("event.field.x = -0", "event.field.x = 0");
	/* Times: S.N with 1 to 9 fraction digits; whole seconds on time fields;
	 * nanoseconds when a time is compared with a payload integer. */
	check_tree("event.time >= 12.000000001", "event.time >= 12.000000001");
	check_tree("event.time >= 12.1", "event.time >= 12.100000000");
	check_tree("event.time < 7", "event.time < 7.000000000");
	check_tree("event.time < 0x2", "event.time < 2.000000000");
	check_tree("event.field.birth = 1.5", "event.field.birth = 1.500000000");
	check_tree("event.time < 18446744073.709551615", "event.time < 18446744073.709551615");
}

static void
test_strings(void)
{
	check_tree("event.name = \"a b\"", "event.name = \"a b\"");
	check_tree("event.name = \"q\\\"\\\\\\n\\t\"", "event.name = \"q\\\"\\\\\\n\\t\"");
	check_tree("event.name = \"\"", "event.name = \"\"");
	/* Wildcards: bare in patterns, escaped when literal. */
	check_tree("event.name = sched_*", "event.name = \"sched_*\"");
	check_tree("event.name = \"s?x\"", "event.name = \"s?x\"");
	check_tree("event.name = \"lit\\*\"", "event.name = \"lit\\*\"");
	check_tree("event.name < \"lit\\?\"", "event.name < \"lit\\?\"");
	check_tree("event.name = /usr/bin/x-y:z", "event.name = \"/usr/bin/x-y:z\"");
	check_tree("event.name = é", "event.name = \"é\"");
}

static void
test_errors(void)
{
	static const struct {
		const char *expr, *message;
	} cases[] = {
		{ "", "column 1: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found end of expression" },
		{ "   ", "column 4: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found end of expression" },
		{ "(event.cpu = 1", "column 15: expected ')' or an operator (& ^ |), found end of expression" },
		{ "event.cpu = 1)", "column 14: expected an operator (& ^ |) or end of expression, found ')'" },
		{ "()", "column 2: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found ')'" },
		{ "event.cpu = 1 &", "column 16: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found end of expression" },
		{ "& event.cpu = 1", "column 1: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found '&'" },
		{ "event.cpu = 1 | | event.cpu = 2", "column 17: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found '|'" },
		{ "!", "column 2: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found end of expression" },
		{ "foo.bar = 1", "column 1: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found 'foo.bar'" },
		{ "9 = 1", "column 1: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found '9'" },
		{ "event.nam = x", "column 1: expected event.name, event.channel, event.time, event.cpu or event.field.NAME, found 'event.nam'" },
		{ "state.pi = 1", "column 1: expected state.pid, state.tgid, state.ppid, state.process_name, state.execution_mode, state.execution_submode, state.process_status, state.cpu or state.creation_time, found 'state.pi'" },
		{ "event.field. = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.'" },
		{ "event.field.a..b = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.a..b'" },
		{ "event.field.a. = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.a.'" },
		{ "event.field.a[] = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.a[]'" },
		{ "event.field.a[1 = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.a[1'" },
		{ "event.field.[1] = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.[1]'" },
		{ "event.field.a[1]b = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.a[1]b'" },
		{ "event.field.1a = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.1a'" },
		{ "event.field.a[x] = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.a[x]'" },
		{ "event.field.a[18446744073709551616] = 1", "column 1: expected a field path after event.field. (names separated by dots, [N] after arrays), found 'event.field.a[1844674407...'" },
		{ "event.cpu 1", "column 11: expected a relation (= != < <= > >=), found '1'" },
		{ "event.cpu", "column 10: expected a relation (= != < <= > >=), found end of expression" },
		{ "event.cpu ! 1", "column 11: expected a relation (= != < <= > >=), found '!'" },
		{ "event.cpu =", "column 12: expected a value (number, time S.NNNNNNNNN, or string), found end of expression" },
		{ "event.cpu = & x", "column 13: expected a value (number, time S.NNNNNNNNN, or string), found '&'" },
		{ "event.cpu = 0x", "column 15: expected hexadecimal digits after '0x', found end of expression" },
		{ "event.cpu = 0xg", "column 15: expected hexadecimal digits after '0x', found 'g'" },
		{ "event.cpu = 12ab", "column 13: expected a number (decimal, 0x hexadecimal, or a time S.NNNNNNNNN), found '12ab'" },
		{ "event.cpu = -", "column 14: expected digits after '-', found end of expression" },
		{ "event.cpu = 18446744073709551616", "column 13: expected an integer of at most 64 bits, found '18446744073709551616'" },
		{ "event.cpu = 0x10000000000000000", "column 13: expected an integer of at most 64 bits, found '0x10000000000000000'" },
		{ "event.field.x = -9223372036854775809", "column 17: expected an integer of at most 64 bits, found '-9223372036854775809'" },
		{ "event.time = 1.", "column 14: expected a number (decimal, 0x hexadecimal, or a time S.NNNNNNNNN), found '1.'" },
		{ "event.time = 1.2.3", "column 14: expected a number (decimal, 0x hexadecimal, or a time S.NNNNNNNNN), found '1.2.3'" },
		{ "event.time = 1.1234567891", "column 16: expected at most 9 fraction digits (nanoseconds), found '1234567891'" },
		{ "event.time = -1.5", "column 14: expected a time that is not negative, found '-1.5'" },
		{ "event.time = -1", "column 14: expected a time that is not negative, found '-1'" },
		{ "event.time = 18446744074", "column 14: expected a time below 2^64 nanoseconds, found '18446744074'" },
		{ "event.time = 18446744073.709551616", "column 14: expected a time below 2^64 nanoseconds, found '18446744073.709551616'" },
		{ "event.name = \"abc", "column 18: expected a closing '\"' for the string opened at column 14, found end of expression" },
		{ "event.name = \"a\\qb\"", "column 16: expected an escape (\\\\ \\\" \\n \\t \\* \\?), found '\\qb'" },
		{ "event.cpu = 1 event.cpu = 2", "column 15: expected an operator (& ^ |) or end of expression, found 'event.cpu'" },
		{ "event.cpu = 1 @", "column 15: expected an operator (& ^ |) or end of expression, found '@'" },
		{ "event.name = abc def", "column 18: expected an operator (& ^ |) or end of expression, found 'def'" },
		{ "event.cpu = x", "column 13: expected an integer for event.cpu, found 'x'" },
		{ "state.pid = 1.5", "column 13: expected an integer for state.pid, found '1.5'" },
		{ "event.name = 42", "column 14: expected a string for event.name, found '42'" },
		{ "state.process_status = 1", "column 24: expected a string for state.process_status, found '1'" },
		{ "event.time > \"x\"", "column 14: expected a time (S.NNNNNNNNN, or whole seconds) for event.time, found '\"x\"'" },
		{ "event.name < a*", "column 12: expected = or != before a pattern (escape * and ? as \\* \\? in quotes to compare them literally), found '<'" },
		{ "event.name >= \"?\"", "column 12: expected = or != before a pattern (escape * and ? as \\* \\? in quotes to compare them literally), found '>='" },
		{ "é = 1", "column 1: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found 'é'" },
		{ "event.name = ab & é.x = 1", "column 19: expected a field (event.*, state.*, trace.name, tracefile.name), '(' or '!', found 'é.x'" },
		{ "event.name = \xff", "column 14: expected UTF-8 text, found byte 0xff" },
		{ "event.name = abcdefghijklmnopqrstuvwxyz0123456789 x", "column 51: expected an operator (& ^ |) or end of expression, found 'x'" },
		{ "event.cpu = 1 abcdefghijklmnopqrstuvwxyz0123456789", "column 15: expected an operator (& ^ |) or end of expression, found 'abcdefghijklmnopqrstuvwx...'" },
	};
	guint i;

	for (i = 0; i < G_N_ELEMENTS(cases); i++) {
		char *shown = g_strescape(cases[i].expr, NULL);

		g_test_message("%s", shown);
		g_free(shown);
		check_error(cases[i].expr, cases[i].message);
	}
}

static void
test_nesting_limit(void)
{
	GString *deep = g_string_new(NULL);
	guint i;

	for (i = 0; i < 256; i++)
		g_string_append_c(deep, '(');
	g_string_append(deep, A);
	for (i = 0; i < 256; i++)
		g_string_append_c(deep, ')');
	check_tree(deep->str, A);

	g_string_prepend_c(deep, '!');
	check_error(deep->str, "column 257: expected at most 256 nested '(' and '!', found '('");
	g_string_free(deep, TRUE);

	/* Long flat chains are not nesting. */
	deep = g_string_new(A);
	for (i = 0; i < 10000; i++)
		g_string_append(deep, " & " A);
	{
		GError *error = NULL;
		LttvFilter *f = lttv_filter_new(deep->str, &error);

		g_assert_no_error(error);
		lttv_filter_free(f);
	}
	g_string_free(deep, TRUE);
}

static void
test_uses_state(void)
{
	LttvFilter *f = lttv_filter_new("event.cpu = 1 | !(event.name = x)", NULL);

	g_assert_false(lttv_filter_uses_state(f));
	lttv_filter_free(f);
	f = lttv_filter_new("event.cpu = 1 | !(state.process_status = x)", NULL);
	g_assert_true(lttv_filter_uses_state(f));
	lttv_filter_free(f);
}

static void
test_and(void)
{
	LttvFilter *a = lttv_filter_new(A " | " B, NULL);
	LttvFilter *b = lttv_filter_new("state.pid = 3", NULL);
	LttvFilter *both;
	char *text;

	g_assert_false(lttv_filter_uses_state(a));
	both = lttv_filter_and(a, b);
	g_assert_true(lttv_filter_uses_state(both));
	text = lttv_filter_to_string(both);
	g_assert_cmpstr(text, ==, "(& (| " A " " B ") state.pid = 3)");
	g_free(text);
	lttv_filter_free(both);
}

/* Random sequences of the language's pieces, most of them wrong: each must
 * compile, or fail with a well-formed message whose column lies within the
 * text.  Seeded, so that a failure can be replayed. */
static void
test_random(void)
{
	static const char *const pieces[] = {
		"event.name", "event.channel", "event.time", "event.cpu", "event.field.a.b",
		"event.field.", "event.field.a[", "[1]", "]", "state.pid", "state.process_name", "state.creation_time",
		"trace.name", "tracefile.name", "event.", "foo",
		"=", "!=", "<", "<=", ">", ">=", "!", "&", "^", "|", "(", ")",
		"\"", "\\", "\"a\\*b\"", "\"x", "*", "?", "0x", "0xff", "-", "-3", "1", "1.5",
		"1.1234567891", "99999999999999999999", "abc", "sched_*", "\xc3\xa9", ".", " ", " ", "\t",
	};
	GRand *rand = g_rand_new_with_seed(20261121);
	GRegex *form = g_regex_new("^column ([0-9]+): expected .+, found .+$", 0, 0, NULL);
	guint i, n, compiled = 0;

	for (i = 0; i < 20000; i++) {
		GString *expr = g_string_new(NULL);
		GError *error = NULL;
		GMatchInfo *match;
		LttvFilter *f;

		for (n = g_rand_int_range(rand, 1, 14); n > 0; n--)
			g_string_append(expr, pieces[g_rand_int_range(rand, 0, G_N_ELEMENTS(pieces))]);
		f = lttv_filter_new(expr->str, &error);
		if (f != NULL) {
			char *text = lttv_filter_to_string(f);

			g_assert_no_error(error);
			g_assert_cmpuint(strlen(text), >, 0);
			g_free(text);
			lttv_filter_free(f);
			compiled++;
		} else {
			char *column;

			g_assert_error(error, LTTV_FILTER_ERROR, LTTV_FILTER_ERROR_PARSE);
			if (!g_regex_match(form, error->message, 0, &match))
				g_error("\"%s\": malformed message \"%s\"", expr->str, error->message);
			column = g_match_info_fetch(match, 1);
			g_assert_cmpint(atoi(column), >=, 1);
			g_assert_cmpint(atoi(column), <=, g_utf8_strlen(expr->str, -1) + 1);
			g_free(column);
			g_match_info_free(match);
			g_error_free(error);
		}
		g_string_free(expr, TRUE);
	}
	g_test_message("%u of 20000 compiled", compiled);
	g_regex_unref(form);
	g_rand_free(rand);
}

/* Writes a random expression fully parenthesised into infix and the tree
 * the compiler must make of it into prefix. */
static void
random_tree(GRand *rand, guint depth, GString *infix, GString *prefix)
{
	static const char *const leaves[][2] = {
		{ "event.cpu=0x1", "event.cpu = 1" },
		{ "state.pid >= -5", "state.pid >= -5" },
		{ "event.name = sched_*", "event.name = \"sched_*\"" },
		{ "event.time<1.25", "event.time < 1.250000000" },
		{ "event.field.a.b != \"x y\"", "event.field.a.b != \"x y\"" },
		{ "tracefile.name=\"k\\*\"", "tracefile.name = \"k\\*\"" },
		{ "state.creation_time >3", "state.creation_time > 3.000000000" },
	};
	static const char ops[] = "&^|";
	guint kind = depth == 0 ? 0 : g_rand_int_range(rand, 0, 5);

	if (kind == 0) {
		guint i = g_rand_int_range(rand, 0, G_N_ELEMENTS(leaves));

		g_string_append(infix, leaves[i][0]);
		g_string_append(prefix, leaves[i][1]);
	} else if (kind == 1) {
		g_string_append(infix, "!(");
		g_string_append(prefix, "(! ");
		random_tree(rand, depth - 1, infix, prefix);
		g_string_append(infix, ")");
		g_string_append(prefix, ")");
	} else {
		char op = ops[kind - 2];

		g_string_append_c(infix, '(');
		g_string_append_printf(prefix, "(%c ", op);
		random_tree(rand, depth - 1, infix, prefix);
		g_string_append_printf(infix, " %c ", op);
		g_string_append_c(prefix, ' ');
		random_tree(rand, depth - 1, infix, prefix);
		g_string_append_c(infix, ')');
		g_string_append_c(prefix, ')');
	}
}

static void
test_random_trees(void)
{
	GRand *rand = g_rand_new_with_seed(1121);
	guint i;

	for (i = 0; i < 2000; i++) {
		GString *infix = g_string_new(NULL), *prefix = g_string_new(NULL);

		random_tree(rand, 6, infix, prefix);
		check_tree(infix->str, prefix->str);
		g_string_free(infix, TRUE);
		g_string_free(prefix, TRUE);
	}
	g_rand_free(rand);
}

int
main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/filter/parse/precedence", test_precedence);
	g_test_add_func("/filter/parse/associativity", test_associativity);
	g_test_add_func("/filter/parse/spec-example", test_spec_example);
	g_test_add_func("/filter/parse/relations", test_relations);
	g_test_add_func("/filter/parse/fields", test_fields);
	g_test_add_func("/filter/parse/constants", test_constants);
	g_test_add_func("/filter/parse/strings", test_strings);
	g_test_add_func("/filter/parse/errors", test_errors);
	g_test_add_func("/filter/parse/nesting-limit", test_nesting_limit);
	g_test_add_func("/filter/parse/uses-state", test_uses_state);
	g_test_add_func("/filter/parse/and", test_and);
	g_test_add_func("/filter/parse/random", test_random);
	g_test_add_func("/filter/parse/random-trees", test_random_trees);
	return g_test_run();
}
