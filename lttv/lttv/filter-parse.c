/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* filter-parse.c: compiling filter text into a tree, and printing the tree.
 * A recursive-descent parser over the text (no separate token stream: what a
 * word means depends on where it stands: field, relation or value). */
#include <config.h>
#include <string.h>
#include "filter-private.h"

/* Parentheses and '!' nest the recursion; bound it so that hostile text
 * cannot exhaust the stack. */
#define MAX_NESTING 256

/* "found '...'" shows at most this many characters of the offending word. */
#define MAX_FOUND_CHARS 24

G_DEFINE_QUARK(lttv-filter-error-quark, lttv_filter_error)

typedef struct {
	const char *text;
	const char *p;
	guint depth;
	GError **error;
} Parser;

typedef enum { FIELD_STRING, FIELD_INTEGER, FIELD_TIME, FIELD_ANY } FieldClass;

static const struct {
	const char *name;
	FilterField field;
	FieldClass klass;
} builtin_fields[] = {
	{ "event.name", FILTER_FIELD_EVENT_NAME, FIELD_STRING },
	{ "event.channel", FILTER_FIELD_EVENT_CHANNEL, FIELD_STRING },
	{ "event.time", FILTER_FIELD_EVENT_TIME, FIELD_TIME },
	{ "event.cpu", FILTER_FIELD_EVENT_CPU, FIELD_INTEGER },
	{ "event.field.", FILTER_FIELD_EVENT_PAYLOAD, FIELD_ANY },
	{ "trace.name", FILTER_FIELD_TRACE_NAME, FIELD_STRING },
	{ "tracefile.name", FILTER_FIELD_TRACEFILE_NAME, FIELD_STRING },
	{ "state.pid", FILTER_FIELD_STATE_PID, FIELD_INTEGER },
	{ "state.tgid", FILTER_FIELD_STATE_TGID, FIELD_INTEGER },
	{ "state.ppid", FILTER_FIELD_STATE_PPID, FIELD_INTEGER },
	{ "state.process_name", FILTER_FIELD_STATE_PROCESS_NAME, FIELD_STRING },
	{ "state.execution_mode", FILTER_FIELD_STATE_EXECUTION_MODE, FIELD_STRING },
	{ "state.execution_submode", FILTER_FIELD_STATE_EXECUTION_SUBMODE, FIELD_STRING },
	{ "state.process_status", FILTER_FIELD_STATE_PROCESS_STATUS, FIELD_STRING },
	{ "state.cpu", FILTER_FIELD_STATE_CPU, FIELD_INTEGER },
	{ "state.creation_time", FILTER_FIELD_STATE_CREATION_TIME, FIELD_TIME },
};

static const char *const rel_names[] = { "=", "!=", "<", "<=", ">", ">=" };
/* FilterLeaf.relmask of each relation: bits for comparison results -1, 0, 1. */
static const guint rel_masks[] = { 2, 5, 1, 3, 4, 6 };

/* The name of a field as written (for event.field., without the path). */
static const char *
field_name(FilterField field)
{
	guint i;

	for (i = 0; builtin_fields[i].field != field; i++)
		;
	return builtin_fields[i].name;
}

/* ---- errors ---------------------------------------------------------- */

static gboolean
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Characters that end a bare word or a number. */
static gboolean
is_delimiter(char c)
{
	return c == '\0' || is_space(c) || strchr("()!&^|=<>\"", c) != NULL;
}

static guint
column_of(const Parser *ps, const char *at)
{
	return (guint) g_utf8_strlen(ps->text, at - ps->text) + 1;
}

/* Describes what stands at `at`, for "found ...". */
static char *
describe(const char *at)
{
	const char *end = at;
	guint chars = 0;

	if (*at == '\0')
		return g_strdup("end of expression");
	if (*at == '"') {
		/* The whole string constant, or what there is of it. */
		for (end = at + 1; *end != '\0' && *end != '"'; end++)
			if (*end == '\\' && end[1] != '\0')
				end++;
		if (*end == '"')
			end++;
		if (g_utf8_strlen(at, end - at) > MAX_FOUND_CHARS)
			return g_strdup_printf("'%.*s...'", (int) (g_utf8_offset_to_pointer(at, MAX_FOUND_CHARS) - at), at);
	} else if (is_delimiter(*at)) {
		end = at + 1;
		if ((*at == '!' || *at == '<' || *at == '>') && at[1] == '=')
			end++;
	} else {
		while (!is_delimiter(*end) && chars < MAX_FOUND_CHARS) {
			end = g_utf8_next_char(end);
			chars++;
		}
		if (!is_delimiter(*end))
			return g_strdup_printf("'%.*s...'", (int) (end - at), at);
	}
	return g_strdup_printf("'%.*s'", (int) (end - at), at);
}

/* Sets the error; returns FALSE for the callers' convenience. */
static gboolean
fail(Parser *ps, const char *at, const char *expected)
{
	char *found = describe(at);

	g_set_error(ps->error, LTTV_FILTER_ERROR, LTTV_FILTER_ERROR_PARSE,
	            "column %u: expected %s, found %s", column_of(ps, at), expected, found);
	g_free(found);
	return FALSE;
}

static void
skip_space(Parser *ps)
{
	while (is_space(*ps->p))
		ps->p++;
}

/* ---- tree ------------------------------------------------------------ */

static void
leaf_free(FilterLeaf *leaf)
{
	g_free(leaf->str);
	guint i;

	for (i = 0; i < leaf->n_steps; i++)
		g_free(leaf->steps[i].name);
	g_free(leaf->steps);
	g_free(leaf->path_head);
	g_free(leaf->path);
	_lttv_filter_glob_clear(&leaf->glob);
	_lttv_filter_cache_clear(&leaf->cache, NULL);
	g_free(leaf);
}

static void
node_free(FilterNode *node)
{
	guint i;

	if (node == NULL)
		return;
	for (i = 0; i < node->n_children; i++)
		node_free(node->children[i]);
	g_free(node->children);
	if (node->leaf != NULL)
		leaf_free(node->leaf);
	g_free(node);
}

static FilterNode *
node_new(FilterNodeKind kind, GPtrArray *children)
{
	FilterNode *node = g_new0(FilterNode, 1);

	node->kind = kind;
	node->n_children = children->len;
	node->children = (FilterNode **) g_ptr_array_free(children, FALSE);
	return node;
}

/* ---- values ---------------------------------------------------------- */

/* A value as lexed, before it is checked against its field. */
typedef struct {
	const char *start;
	FilterConstKind kind;
	FilterNum num;
	gboolean is_time;
	GString *text;          /* strings and patterns */
	GByteArray *wild;       /* one flag per byte of text */
} Value;

static void
value_clear(Value *v)
{
	if (v->text != NULL)
		g_string_free(v->text, TRUE);
	if (v->wild != NULL)
		g_byte_array_free(v->wild, TRUE);
}

static void
value_add_char(Value *v, char c, gboolean wild)
{
	guint8 flag = wild;

	g_string_append_c(v->text, c);
	g_byte_array_append(v->wild, &flag, 1);
	if (wild)
		v->kind = FILTER_CONST_PATTERN;
}

static void
value_start_string(Value *v)
{
	v->kind = FILTER_CONST_STRING;
	v->text = g_string_new(NULL);
	v->wild = g_byte_array_new();
}

static gboolean
lex_quoted(Parser *ps, Value *v)
{
	const char *open = ps->p;

	value_start_string(v);
	ps->p++;
	for (;;) {
		char c = *ps->p;

		if (c == '\0') {
			char *expected = g_strdup_printf("a closing '\"' for the string opened at column %u",
			                                 column_of(ps, open));

			fail(ps, ps->p, expected);
			g_free(expected);
			return FALSE;
		}
		ps->p++;
		if (c == '"')
			return TRUE;
		if (c != '\\') {
			value_add_char(v, c, c == '*' || c == '?');
			continue;
		}
		switch (*ps->p) {
		case '\\': case '"': case '*': case '?':
			value_add_char(v, *ps->p, FALSE);
			break;
		case 'n':
			value_add_char(v, '\n', FALSE);
			break;
		case 't':
			value_add_char(v, '\t', FALSE);
			break;
		default:
			return fail(ps, ps->p - 1, "an escape (\\\\ \\\" \\n \\t \\* \\?)");
		}
		ps->p++;
	}
}

static gboolean
is_bare_start(char c)
{
	return g_ascii_isalpha(c) || c == '_' || c == '*' || c == '?' || c == '/' || (guchar) c >= 0x80;
}

static void
lex_bare(Parser *ps, Value *v)
{
	value_start_string(v);
	while (!is_delimiter(*ps->p)) {
		value_add_char(v, *ps->p, *ps->p == '*' || *ps->p == '?');
		ps->p++;
	}
}

/* Accumulates digits of base into *out; FALSE on overflow. */
static gboolean
add_digit(guint64 *out, guint base, guint digit)
{
	if (*out > (G_MAXUINT64 - digit) / base)
		return FALSE;
	*out = *out * base + digit;
	return TRUE;
}

static gboolean
lex_number(Parser *ps, Value *v)
{
	const char *start = ps->p;
	gboolean neg = FALSE;
	guint64 mag = 0;
	const char *digits;

	v->kind = FILTER_CONST_INT;
	if (*ps->p == '-') {
		neg = TRUE;
		ps->p++;
		if (!g_ascii_isdigit(*ps->p))
			return fail(ps, ps->p, "digits after '-'");
	}
	if (ps->p[0] == '0' && (ps->p[1] == 'x' || ps->p[1] == 'X')) {
		ps->p += 2;
		digits = ps->p;
		while (g_ascii_isxdigit(*ps->p)) {
			if (!add_digit(&mag, 16, g_ascii_xdigit_value(*ps->p)))
				return fail(ps, start, "an integer of at most 64 bits");
			ps->p++;
		}
		if (ps->p == digits)
			return fail(ps, ps->p, "hexadecimal digits after '0x'");
	} else {
		while (g_ascii_isdigit(*ps->p)) {
			if (!add_digit(&mag, 10, *ps->p - '0'))
				return fail(ps, start, "an integer of at most 64 bits");
			ps->p++;
		}
		if (*ps->p == '.' && g_ascii_isdigit(ps->p[1])) {
			const char *frac = ++ps->p;
			guint64 ns = 0;
			guint n = 0;

			if (neg)
				return fail(ps, start, "a time that is not negative");
			for (; g_ascii_isdigit(*ps->p); ps->p++, n++)
				if (n < 9)
					ns = ns * 10 + (guint64) (*ps->p - '0');
			if (n > 9)
				return fail(ps, frac, "at most 9 fraction digits (nanoseconds)");
			for (; n < 9; n++)
				ns *= 10;
			if (mag > (G_MAXUINT64 - ns) / LTT_NSEC_PER_SEC)
				return fail(ps, start, "a time below 2^64 nanoseconds");
			mag = mag * LTT_NSEC_PER_SEC + ns;
			v->is_time = TRUE;
		}
	}
	if (!is_delimiter(*ps->p))
		return fail(ps, start, "a number (decimal, 0x hexadecimal, or a time S.NNNNNNNNN)");
	if (neg) {
		if (mag > (guint64) G_MAXINT64 + 1)
			return fail(ps, start, "an integer of at most 64 bits");
		v->num.neg = mag != 0;
		v->num.bits = (guint64) 0 - mag;
	} else {
		v->num.bits = mag;
	}
	return TRUE;
}

static gboolean
lex_value(Parser *ps, Value *v)
{
	skip_space(ps);
	v->start = ps->p;
	if (*ps->p == '"')
		return lex_quoted(ps, v);
	if (g_ascii_isdigit(*ps->p) || *ps->p == '-')
		return lex_number(ps, v);
	if (is_bare_start(*ps->p)) {
		lex_bare(ps, v);
		return TRUE;
	}
	return fail(ps, ps->p, "a value (number, time S.NNNNNNNNN, or string)");
}

/* ---- relations ------------------------------------------------------- */

static gboolean
is_ident_start(char c)
{
	return g_ascii_isalpha(c) || c == '_';
}

/* Splits a payload path, IDENT ( "[" DIGITS "]" )* ( "." the same )*, into
 * its head (the leading names, which libltt resolves in one call) and the
 * steps after it; FALSE when it does not have that shape. */
static gboolean
parse_path(FilterLeaf *leaf, const char *path, gsize len)
{
	GArray *steps = g_array_new(FALSE, FALSE, sizeof(FilterPathStep));
	const char *p = path, *end = path + len;
	gboolean in_head = TRUE;
	guint i;

	for (;;) {
		const char *name = p;

		if (p == end || !is_ident_start(*p))
			goto bad;
		while (p < end && (g_ascii_isalnum(*p) || *p == '_'))
			p++;
		if (!in_head) {
			FilterPathStep step = { g_strndup(name, p - name), 0 };

			g_array_append_val(steps, step);
		}
		while (p < end && *p == '[') {
			FilterPathStep step = { NULL, 0 };

			if (in_head)
				leaf->path_head = g_strndup(path, p - path);
			in_head = FALSE;
			for (p++; p < end && g_ascii_isdigit(*p); p++)
				if (!add_digit(&step.index, 10, *p - '0'))
					goto bad;
			if (p == end || *p != ']' || !g_ascii_isdigit(p[-1]))
				goto bad;
			p++;
			g_array_append_val(steps, step);
		}
		if (p == end)
			break;
		if (*p++ != '.')
			goto bad;
	}
	if (in_head)
		leaf->path_head = g_strndup(path, len);
	leaf->path = g_strndup(path, len);
	leaf->n_steps = steps->len;
	leaf->steps = (FilterPathStep *) g_array_free(steps, FALSE);
	return TRUE;

bad:
	for (i = 0; i < steps->len; i++)
		g_free(g_array_index(steps, FilterPathStep, i).name);
	g_array_free(steps, TRUE);
	g_free(leaf->path_head);
	leaf->path_head = NULL;
	return FALSE;
}

static gboolean
lex_field(Parser *ps, FilterLeaf *leaf, FieldClass *klass)
{
	const char *start = ps->p;
	gsize len, i;

	while (g_ascii_isalnum(*ps->p) || *ps->p == '_' || *ps->p == '.' || *ps->p == '[' || *ps->p == ']')
		ps->p++;
	len = ps->p - start;
	if (len == 0 || g_ascii_isdigit(*start))
		return fail(ps, start, "a field (event.*, state.*, trace.name, tracefile.name), '(' or '!'");

	for (i = 0; i < G_N_ELEMENTS(builtin_fields); i++) {
		const char *name = builtin_fields[i].name;
		gsize n = strlen(name);

		if (builtin_fields[i].field == FILTER_FIELD_EVENT_PAYLOAD) {
			if (len >= n && strncmp(start, name, n) == 0) {
				if (!parse_path(leaf, start + n, len - n))
					return fail(ps, start, "a field path after event.field. "
					            "(names separated by dots, [N] after arrays)");
				break;
			}
		} else if (len == n && strncmp(start, name, n) == 0) {
			break;
		}
	}
	if (i == G_N_ELEMENTS(builtin_fields)) {
		if (len > 6 && strncmp(start, "event.", 6) == 0)
			return fail(ps, start, "event.name, event.channel, event.time, event.cpu or event.field.NAME");
		if (len > 6 && strncmp(start, "state.", 6) == 0)
			return fail(ps, start, "state.pid, state.tgid, state.ppid, state.process_name, "
			            "state.execution_mode, state.execution_submode, state.process_status, "
			            "state.cpu or state.creation_time");
		return fail(ps, start, "a field (event.*, state.*, trace.name, tracefile.name), '(' or '!'");
	}
	leaf->field = builtin_fields[i].field;
	*klass = builtin_fields[i].klass;
	return TRUE;
}

static gboolean
lex_rel(Parser *ps, FilterRel *rel)
{
	const char *p = ps->p;

	if (p[0] == '!' && p[1] == '=')
		*rel = FILTER_REL_NE;
	else if (p[0] == '<' && p[1] == '=')
		*rel = FILTER_REL_LE;
	else if (p[0] == '>' && p[1] == '=')
		*rel = FILTER_REL_GE;
	else if (p[0] == '=')
		*rel = FILTER_REL_EQ;
	else if (p[0] == '<')
		*rel = FILTER_REL_LT;
	else if (p[0] == '>')
		*rel = FILTER_REL_GT;
	else
		return fail(ps, p, "a relation (= != < <= > >=)");
	ps->p += strlen(rel_names[*rel]);
	return TRUE;
}

/* Checks the value against what the field holds, where the field says it,
 * and moves it into the leaf. */
static gboolean
set_constant(Parser *ps, FilterLeaf *leaf, FieldClass klass, Value *v, const char *rel_at)
{
	const char *name = NULL;
	char *expected;

	if (v->kind == FILTER_CONST_PATTERN && leaf->rel != FILTER_REL_EQ && leaf->rel != FILTER_REL_NE)
		return fail(ps, rel_at, "= or != before a pattern (escape * and ? as \\* \\? in quotes to compare them literally)");

	if (klass == FIELD_STRING && v->kind == FILTER_CONST_INT)
		name = "a string";
	else if (klass == FIELD_INTEGER && (v->kind != FILTER_CONST_INT || v->is_time))
		name = "an integer";
	else if (klass == FIELD_TIME && v->kind != FILTER_CONST_INT)
		name = "a time (S.NNNNNNNNN, or whole seconds)";
	if (name != NULL) {
		expected = g_strdup_printf("%s for %s", name, field_name(leaf->field));
		fail(ps, v->start, expected);
		g_free(expected);
		return FALSE;
	}
	if (klass == FIELD_TIME && !v->is_time) {
		/* Whole seconds, as for the --start/--end options. */
		if (v->num.neg)
			return fail(ps, v->start, "a time that is not negative");
		if (v->num.bits > G_MAXUINT64 / LTT_NSEC_PER_SEC)
			return fail(ps, v->start, "a time below 2^64 nanoseconds");
		v->num.bits *= LTT_NSEC_PER_SEC;
		v->is_time = TRUE;
	}

	leaf->kind = v->kind;
	leaf->num = v->num;
	leaf->is_time = v->is_time;
	if (v->kind == FILTER_CONST_STRING) {
		leaf->str = g_string_free(v->text, FALSE);
		v->text = NULL;
	} else if (v->kind == FILTER_CONST_PATTERN) {
		gsize len = v->text->len;

		_lttv_filter_glob_init(&leaf->glob, g_string_free(v->text, FALSE),
		                       g_byte_array_free(v->wild, FALSE), len);
		v->text = NULL;
		v->wild = NULL;
	}
	return TRUE;
}

static FilterNode *
parse_relation(Parser *ps)
{
	FilterLeaf *leaf = g_new0(FilterLeaf, 1);
	FilterNode *node;
	FieldClass klass = FIELD_ANY;
	const char *rel_at;
	Value v = { 0 };

	if (!lex_field(ps, leaf, &klass))
		goto error;
	skip_space(ps);
	rel_at = ps->p;
	if (!lex_rel(ps, &leaf->rel) || !lex_value(ps, &v) || !set_constant(ps, leaf, klass, &v, rel_at))
		goto error;
	value_clear(&v);
	leaf->relmask = rel_masks[leaf->rel];
	node = g_new0(FilterNode, 1);
	node->kind = FILTER_NODE_LEAF;
	node->leaf = leaf;
	return node;

error:
	value_clear(&v);
	leaf_free(leaf);
	return NULL;
}

/* ---- expressions ----------------------------------------------------- */

static FilterNode *parse_or(Parser *ps);

static gboolean
enter(Parser *ps)
{
	if (++ps->depth > MAX_NESTING) {
		char *expected = g_strdup_printf("at most %u nested '(' and '!'", MAX_NESTING);

		fail(ps, ps->p, expected);
		g_free(expected);
		return FALSE;
	}
	return TRUE;
}

static FilterNode *
parse_unary(Parser *ps)
{
	FilterNode *node, *child;

	skip_space(ps);
	if (*ps->p == '!' && ps->p[1] != '=') {
		GPtrArray *children;

		if (!enter(ps))
			return NULL;
		ps->p++;
		child = parse_unary(ps);
		ps->depth--;
		if (child == NULL)
			return NULL;
		children = g_ptr_array_new();
		g_ptr_array_add(children, child);
		return node_new(FILTER_NODE_NOT, children);
	}
	if (*ps->p == '(') {
		if (!enter(ps))
			return NULL;
		ps->p++;
		node = parse_or(ps);
		ps->depth--;
		if (node == NULL)
			return NULL;
		skip_space(ps);
		if (*ps->p != ')') {
			node_free(node);
			fail(ps, ps->p, "')' or an operator (& ^ |)");
			return NULL;
		}
		ps->p++;
		return node;
	}
	return parse_relation(ps);
}

/* One precedence level: operand (op operand)*, flattened into one node. */
static FilterNode *
parse_level(Parser *ps, FilterNodeKind kind)
{
	static const char op_chars[] = { [FILTER_NODE_AND] = '&', [FILTER_NODE_XOR] = '^', [FILTER_NODE_OR] = '|' };
	GPtrArray *children = NULL;
	FilterNode *operand;

	for (;;) {
		operand = kind == FILTER_NODE_AND ? parse_unary(ps) : parse_level(ps, kind - 1);
		if (operand == NULL)
			break;
		skip_space(ps);
		if (*ps->p != op_chars[kind]) {
			if (children == NULL)
				return operand;
			g_ptr_array_add(children, operand);
			return node_new(kind, children);
		}
		ps->p++;
		if (children == NULL)
			children = g_ptr_array_new();
		g_ptr_array_add(children, operand);
	}
	if (children != NULL) {
		g_ptr_array_set_free_func(children, (GDestroyNotify) node_free);
		g_ptr_array_free(children, TRUE);
	}
	return NULL;
}

static FilterNode *
parse_or(Parser *ps)
{
	return parse_level(ps, FILTER_NODE_OR);
}

static gboolean
node_uses_state(const FilterNode *node)
{
	guint i;

	if (node->kind == FILTER_NODE_LEAF)
		return filter_field_is_state(node->leaf->field);
	for (i = 0; i < node->n_children; i++)
		if (node_uses_state(node->children[i]))
			return TRUE;
	return FALSE;
}

static LttvFilter *
filter_wrap(FilterNode *root)
{
	LttvFilter *filter = g_new0(LttvFilter, 1);

	filter->root = root;
	filter->uses_state = node_uses_state(root);
	return filter;
}

LttvFilter *
lttv_filter_new(const char *expression, GError **error)
{
	Parser ps = { expression, expression, 0, error };
	const char *bad;
	FilterNode *root;

	g_return_val_if_fail(expression != NULL, NULL);
	if (!g_utf8_validate(expression, -1, &bad)) {
		g_set_error(error, LTTV_FILTER_ERROR, LTTV_FILTER_ERROR_PARSE,
		            "column %u: expected UTF-8 text, found byte 0x%02x",
		            column_of(&ps, bad), (guchar) *bad);
		return NULL;
	}
	root = parse_or(&ps);
	if (root == NULL)
		return NULL;
	skip_space(&ps);
	if (*ps.p != '\0') {
		node_free(root);
		fail(&ps, ps.p, "an operator (& ^ |) or end of expression");
		return NULL;
	}
	return filter_wrap(root);
}

void
lttv_filter_free(LttvFilter *filter)
{
	if (filter == NULL)
		return;
	node_free(filter->root);
	_lttv_filter_cache_clear(&filter->programs, (GDestroyNotify) _lttv_filter_program_free);
	g_free(filter);
}

LttvFilter *
lttv_filter_and(LttvFilter *a, LttvFilter *b)
{
	GPtrArray *children = g_ptr_array_new();
	LttvFilter *both;

	g_return_val_if_fail(a != NULL && b != NULL && a != b, NULL);
	g_ptr_array_add(children, a->root);
	g_ptr_array_add(children, b->root);
	both = filter_wrap(node_new(FILTER_NODE_AND, children));
	_lttv_filter_cache_clear(&a->programs, (GDestroyNotify) _lttv_filter_program_free);
	_lttv_filter_cache_clear(&b->programs, (GDestroyNotify) _lttv_filter_program_free);
	g_free(a);
	g_free(b);
	return both;
}

gboolean
lttv_filter_uses_state(const LttvFilter *filter)
{
	return filter->uses_state;
}

/* ---- printing -------------------------------------------------------- */

static void
print_leaf(const FilterLeaf *leaf, GString *out)
{
	g_string_append(out, field_name(leaf->field));
	if (leaf->path != NULL)
		g_string_append(out, leaf->path);
	g_string_append_printf(out, " %s ", rel_names[leaf->rel]);
	switch (leaf->kind) {
	case FILTER_CONST_INT:
		if (leaf->is_time) {
			char buf[LTT_TIME_STRING_SIZE];

			ltt_time_format(leaf->num.bits, buf);
			g_string_append(out, buf);
		} else if (leaf->num.neg) {
			g_string_append_printf(out, "%" G_GINT64_FORMAT, (gint64) leaf->num.bits);
		} else {
			g_string_append_printf(out, "%" G_GUINT64_FORMAT, leaf->num.bits);
		}
		break;
	case FILTER_CONST_STRING:
		_lttv_filter_quote(out, leaf->str, strlen(leaf->str), NULL);
		break;
	case FILTER_CONST_PATTERN:
		_lttv_filter_quote(out, leaf->glob.text, leaf->glob.len, leaf->glob.wild);
		break;
	}
}

static void
print_node(const FilterNode *node, GString *out)
{
	static const char *const ops[] = {
		[FILTER_NODE_NOT] = "!", [FILTER_NODE_AND] = "&",
		[FILTER_NODE_XOR] = "^", [FILTER_NODE_OR] = "|"
	};
	guint i;

	if (node->kind == FILTER_NODE_LEAF) {
		print_leaf(node->leaf, out);
		return;
	}
	g_string_append_printf(out, "(%s", ops[node->kind]);
	for (i = 0; i < node->n_children; i++) {
		g_string_append_c(out, ' ');
		print_node(node->children[i], out);
	}
	g_string_append_c(out, ')');
}

char *
lttv_filter_to_string(const LttvFilter *filter)
{
	GString *out = g_string_new(NULL);

	print_node(filter->root, out);
	return g_string_free(out, FALSE);
}
