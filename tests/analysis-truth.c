/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* analysis-truth.c: a recursive-descent JSON reader (objects, arrays,
 * strings, integers, null, booleans: all the truth file uses) and the
 * mapping of its tree onto Truth. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "analysis-truth.h"

const char *const truth_mode_names[TRUTH_MODES] = { "user", "syscall", "trap", "irq", "softirq", "idle" };

typedef enum { J_NULL, J_BOOL, J_INT, J_STRING, J_OBJECT, J_ARRAY } JsonKind;

typedef struct JsonValue JsonValue;
struct JsonValue {
	JsonKind kind;
	gint64 num;
	char *str;
	GPtrArray *keys;             /* objects: char* */
	GPtrArray *items;            /* objects and arrays: JsonValue* */
};

typedef struct {
	const char *text, *p;
	GError **error;
} Parser;

static void json_free(JsonValue *v)
{
	if (v == NULL)
		return;
	g_free(v->str);
	if (v->keys != NULL)
		g_ptr_array_unref(v->keys);
	if (v->items != NULL)
		g_ptr_array_unref(v->items);
	g_free(v);
}

static JsonValue *fail(Parser *ps, const char *what)
{
	if (*ps->error == NULL)
		g_set_error(ps->error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "JSON offset %ld: %s",
		            (long) (ps->p - ps->text), what);
	return NULL;
}

static void skip_space(Parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\t' || *ps->p == '\r')
		ps->p++;
}

static char *parse_string(Parser *ps)
{
	GString *s = g_string_new(NULL);

	ps->p++;
	while (*ps->p != '"') {
		if (*ps->p == '\0') {
			g_string_free(s, TRUE);
			fail(ps, "unterminated string");
			return NULL;
		}
		if (*ps->p == '\\') {
			ps->p++;
			switch (*ps->p) {
			case 'n': g_string_append_c(s, '\n'); break;
			case 't': g_string_append_c(s, '\t'); break;
			case 'r': g_string_append_c(s, '\r'); break;
			case 'u':
				if (!g_ascii_isxdigit(ps->p[1]) || !g_ascii_isxdigit(ps->p[2])
				    || !g_ascii_isxdigit(ps->p[3]) || !g_ascii_isxdigit(ps->p[4])) {
					g_string_free(s, TRUE);
					fail(ps, "bad \\u escape");
					return NULL;
				}
				g_string_append_unichar(s, (gunichar) strtoul((char[]) { ps->p[1], ps->p[2], ps->p[3], ps->p[4], 0 }, NULL, 16));
				ps->p += 4;
				break;
			case '\0':
				continue;
			default: g_string_append_c(s, *ps->p); break;
			}
			ps->p++;
			continue;
		}
		g_string_append_c(s, *ps->p++);
	}
	ps->p++;
	return g_string_free(s, FALSE);
}

static JsonValue *parse_value(Parser *ps, int depth);

static JsonValue *parse_container(Parser *ps, int depth, gboolean object)
{
	JsonValue *v = g_new0(JsonValue, 1);
	char close = object ? '}' : ']';

	v->kind = object ? J_OBJECT : J_ARRAY;
	v->items = g_ptr_array_new_with_free_func((GDestroyNotify) json_free);
	if (object)
		v->keys = g_ptr_array_new_with_free_func(g_free);
	ps->p++;
	skip_space(ps);
	if (*ps->p == close) {
		ps->p++;
		return v;
	}
	for (;;) {
		JsonValue *item;

		skip_space(ps);
		if (object) {
			char *key;

			if (*ps->p != '"' || (key = parse_string(ps)) == NULL)
				break;
			g_ptr_array_add(v->keys, key);
			skip_space(ps);
			if (*ps->p++ != ':')
				break;
		}
		if ((item = parse_value(ps, depth + 1)) == NULL)
			break;
		g_ptr_array_add(v->items, item);
		skip_space(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == close) {
			ps->p++;
			return v;
		}
		break;
	}
	json_free(v);
	return fail(ps, object ? "bad object" : "bad array");
}

static JsonValue *parse_value(Parser *ps, int depth)
{
	JsonValue *v;
	char *end;

	if (depth > 32)
		return fail(ps, "nested too deeply");
	skip_space(ps);
	switch (*ps->p) {
	case '{':
		return parse_container(ps, depth, TRUE);
	case '[':
		return parse_container(ps, depth, FALSE);
	case '"':
		v = g_new0(JsonValue, 1);
		v->kind = J_STRING;
		if ((v->str = parse_string(ps)) == NULL) {
			g_free(v);
			return NULL;
		}
		return v;
	default:
		break;
	}
	v = g_new0(JsonValue, 1);
	if (strncmp(ps->p, "null", 4) == 0) {
		ps->p += 4;
		v->kind = J_NULL;
	} else if (strncmp(ps->p, "true", 4) == 0 || strncmp(ps->p, "false", 5) == 0) {
		v->kind = J_BOOL;
		v->num = *ps->p == 't';
		ps->p += v->num ? 4 : 5;
	} else {
		v->kind = J_INT;
		v->num = g_ascii_strtoll(ps->p, &end, 10);
		if (end == ps->p || *end == '.' || *end == 'e' || *end == 'E') {
			g_free(v);
			return fail(ps, "expected an integer");
		}
		ps->p = end;
	}
	return v;
}

static const JsonValue *member(const JsonValue *obj, const char *key)
{
	guint i;

	if (obj == NULL || obj->kind != J_OBJECT)
		return NULL;
	for (i = 0; i < obj->keys->len; i++)
		if (strcmp(g_ptr_array_index(obj->keys, i), key) == 0)
			return g_ptr_array_index(obj->items, i);
	return NULL;
}

static gint64 member_int(const JsonValue *obj, const char *key, gint64 fallback)
{
	const JsonValue *v = member(obj, key);

	return v != NULL && v->kind == J_INT ? v->num : fallback;
}

static void truth_process_free(TruthProcess *p)
{
	g_free(p->name);
	g_hash_table_unref(p->events);
	g_free(p);
}

static TruthProcess *truth_process(const JsonValue *o)
{
	TruthProcess *p = g_new0(TruthProcess, 1);
	const JsonValue *birth = member(o, "birth"), *times = member(o, "cpu_time");
	const JsonValue *events = member(o, "events"), *name = member(o, "name"), *seen = member(o, "cpu_time_seen");
	guint i;

	p->pid = (gint32) member_int(o, "pid", -1);
	p->tgid = (gint32) member_int(o, "tgid", -1);
	p->ppid = (gint32) member_int(o, "ppid", -1);
	p->cpu = (gint) member_int(o, "cpu", -1);
	p->name = g_strdup(name != NULL && name->kind == J_STRING ? name->str : "");
	p->has_birth = birth != NULL && birth->kind == J_INT;
	p->birth = p->has_birth ? (guint64) birth->num : 0;
	for (i = 0; i < TRUTH_MODES; i++)
		p->time[i] = (guint64) member_int(times, truth_mode_names[i], 0);
	p->has_seen = seen != NULL && seen->kind == J_OBJECT;
	for (i = 0; p->has_seen && i < TRUTH_MODES; i++)
		p->seen[i] = (guint64) member_int(seen, truth_mode_names[i], 0);
	p->events = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	for (i = 0; events != NULL && events->kind == J_OBJECT && i < events->keys->len; i++) {
		const JsonValue *c = g_ptr_array_index(events->items, i);

		g_hash_table_insert(p->events, g_strdup(g_ptr_array_index(events->keys, i)),
		                    g_memdup2(&(guint64) { (guint64) (c->kind == J_INT ? c->num : 0) }, sizeof(guint64)));
	}
	return p;
}

Truth *truth_load(const char *path, GError **error)
{
	char *text;
	Parser ps;
	JsonValue *root;
	const JsonValue *procs, *trace, *lost;
	Truth *t;
	guint i;

	if (!g_file_get_contents(path, &text, NULL, error))
		return NULL;
	ps.text = ps.p = text;
	ps.error = error;
	root = parse_value(&ps, 0);
	g_free(text);
	if (root == NULL)
		return NULL;
	procs = member(root, "processes");
	trace = member(root, "trace");
	lost = member(root, "lost_events");
	if (procs == NULL || procs->kind != J_OBJECT || trace == NULL || lost == NULL || lost->kind != J_ARRAY) {
		json_free(root);
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not an ltt-synth truth file", path);
		return NULL;
	}
	t = g_new0(Truth, 1);
	t->processes = g_ptr_array_new_with_free_func((GDestroyNotify) truth_process_free);
	for (i = 0; i < procs->items->len; i++)
		g_ptr_array_add(t->processes, truth_process(g_ptr_array_index(procs->items, i)));
	t->start = (guint64) member_int(trace, "start", 0);
	t->end = (guint64) member_int(trace, "end", 0);
	t->events = (guint64) member_int(trace, "events", 0);
	t->cpus = (guint) member_int(trace, "cpus", 0);
	t->has_seen = member(trace, "unknown_time_seen") != NULL;
	t->unknown_seen = (guint64) member_int(trace, "unknown_time_seen", 0);
	t->lost = g_array_new(FALSE, TRUE, sizeof(guint64));
	for (i = 0; i < lost->items->len; i++) {
		const JsonValue *v = g_ptr_array_index(lost->items, i);
		guint64 n = v->kind == J_INT ? (guint64) v->num : 0;

		g_array_append_val(t->lost, n);
	}
	json_free(root);
	return t;
}

void truth_free(Truth *t)
{
	if (t == NULL)
		return;
	g_ptr_array_unref(t->processes);
	g_array_unref(t->lost);
	g_free(t);
}

guint64 truth_process_events(const TruthProcess *p, const char *name)
{
	const guint64 *n = g_hash_table_lookup(p->events, name);

	return n != NULL ? *n : 0;
}
