/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* option.c: the option registry and the popt-driven parse. */
#include <config.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <popt.h>
#include "module.h"
#include "option.h"

typedef struct {
	char *long_name;
	char short_name;
	char *description;
	char *arg_description;
	LttvOptionType type;
	void *value;
	LttvHook hook;
	void *hook_data;
	char *owner;
} LttvOption;

static GPtrArray *options;         /* LttvOption *, registration order */
static guint generation;           /* bumped by every add/remove */
static char *failure;              /* set by lttv_option_fail */
static LttvHook argument_hook;     /* lttv_option_set_argument_hook */
static void *argument_hook_data;

G_DEFINE_QUARK(lttv-option-error-quark, lttv_option_error)

static void option_free(gpointer p)
{
	LttvOption *o = p;
	g_free(o->long_name);
	g_free(o->description);
	g_free(o->arg_description);
	g_free(o->owner);
	g_free(o);
}

static LttvOption *find_long(const char *long_name)
{
	for (guint i = 0; options != NULL && i < options->len; i++) {
		LttvOption *o = g_ptr_array_index(options, i);
		if (strcmp(o->long_name, long_name) == 0)
			return o;
	}
	return NULL;
}

static LttvOption *find_short(char c)
{
	for (guint i = 0; options != NULL && c != 0 && i < options->len; i++) {
		LttvOption *o = g_ptr_array_index(options, i);
		if (o->short_name == c)
			return o;
	}
	return NULL;
}

static char *option_label(const LttvOption *o)
{
	return o->short_name ? g_strdup_printf("-%c/--%s", o->short_name, o->long_name) :
	                       g_strdup_printf("--%s", o->long_name);
}

gboolean lttv_option_add(const char *long_name, char short_name, const char *description,
                         const char *arg_description, LttvOptionType type, void *value,
                         LttvHook hook, void *hook_data, GError **error)
{
	g_return_val_if_fail(long_name != NULL && *long_name != '\0', FALSE);
	const char *owner = lttv_module_current() ? lttv_module_current() : "lttv";
	LttvOption *other = find_long(long_name);
	if (other == NULL)
		other = find_short(short_name);
	if (other != NULL) {
		char *mine = option_label(&(LttvOption) { .long_name = (char *) long_name,
		                                          .short_name = short_name });
		char *theirs = option_label(other);
		g_set_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_CONFLICT,
		            "%s: option %s conflicts with option %s of %s", owner, mine, theirs,
		            other->owner);
		g_free(mine);
		g_free(theirs);
		return FALSE;
	}
	if (options == NULL)
		options = g_ptr_array_new_with_free_func(option_free);
	LttvOption *o = g_new0(LttvOption, 1);
	o->long_name = g_strdup(long_name);
	o->short_name = short_name;
	o->description = g_strdup(description ? description : "");
	o->arg_description = g_strdup(arg_description);
	o->type = type;
	o->value = value;
	o->hook = hook;
	o->hook_data = hook_data;
	o->owner = g_strdup(owner);
	g_ptr_array_add(options, o);
	generation++;
	return TRUE;
}

void lttv_option_remove(const char *long_name)
{
	LttvOption *o = find_long(long_name);
	if (o != NULL) {
		g_ptr_array_remove(options, o);
		generation++;
	}
}

void lttv_option_set_argument_hook(LttvHook hook, void *hook_data)
{
	argument_hook = hook;
	argument_hook_data = hook_data;
}

/* Hands each argument that is not an option to the argument hook. */
static gboolean take_arguments(poptContext ctx, GError **error)
{
	const char *arg;
	while ((arg = poptGetArg(ctx)) != NULL) {
		if (argument_hook == NULL) {
			g_set_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_PARSE,
			            "unexpected argument \"%s\"", arg);
			return FALSE;
		}
		if (argument_hook(argument_hook_data, (void *) arg)) {
			g_set_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_HOOK, "%s",
			            failure != NULL ? failure : "failed");
			g_clear_pointer(&failure, g_free);
			return FALSE;
		}
	}
	return TRUE;
}

void lttv_option_clear(void)
{
	if (options != NULL) {
		g_ptr_array_free(options, TRUE);
		options = NULL;
		generation++;
	}
	g_clear_pointer(&failure, g_free);
	argument_hook = NULL;
	argument_hook_data = NULL;
}

void lttv_option_fail(const char *format, ...)
{
	va_list ap;
	va_start(ap, format);
	g_free(failure);
	failure = g_strdup_vprintf(format, ap);
	va_end(ap);
}

static gboolean bad_argument(const LttvOption *o, const char *arg, const char *what, GError **error)
{
	char *label = option_label(o);
	g_set_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_PARSE,
	            "option %s: \"%s\" is not %s", label, arg, what);
	g_free(label);
	return FALSE;
}

/* Stores arg into the option's variable and runs its hook. */
static gboolean apply(LttvOption *o, const char *arg, GError **error)
{
	char *end = NULL;
	errno = 0;
	switch (o->type) {
	case LTTV_OPT_NONE:
		if (o->value)
			*(gboolean *) o->value = TRUE;
		break;
	case LTTV_OPT_INT:
	case LTTV_OPT_LONG: {
		gint64 v = g_ascii_strtoll(arg, &end, 0);
		gint64 lo = o->type == LTTV_OPT_INT ? G_MININT : G_MINLONG;
		gint64 hi = o->type == LTTV_OPT_INT ? G_MAXINT : G_MAXLONG;
		if (*arg == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi)
			return bad_argument(o, arg, "an integer in range", error);
		if (o->value && o->type == LTTV_OPT_INT)
			*(int *) o->value = (int) v;
		else if (o->value)
			*(long *) o->value = (long) v;
		break;
	}
	case LTTV_OPT_DOUBLE: {
		double v = g_ascii_strtod(arg, &end);
		if (*arg == '\0' || *end != '\0' || errno != 0)
			return bad_argument(o, arg, "a number", error);
		if (o->value)
			*(double *) o->value = v;
		break;
	}
	case LTTV_OPT_STRING:
		if (o->value) {
			g_free(*(char **) o->value);
			*(char **) o->value = g_strdup(arg);
		}
		break;
	}
	if (o->hook != NULL && o->hook(o->hook_data, (void *) arg)) {
		char *label = option_label(o);
		g_set_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_HOOK, "option %s: %s", label,
		            failure != NULL ? failure : "failed");
		g_clear_pointer(&failure, g_free);
		g_free(label);
		return FALSE;
	}
	return TRUE;
}

/* A popt table for the options registered now; entry i has val i + 1. */
static struct poptOption *build_table(GPtrArray *snapshot)
{
	struct poptOption *table = g_new0(struct poptOption, snapshot->len + 1);
	for (guint i = 0; i < snapshot->len; i++) {
		LttvOption *o = g_ptr_array_index(snapshot, i);
		table[i].longName = o->long_name;
		table[i].shortName = o->short_name;
		table[i].argInfo = o->type == LTTV_OPT_NONE ? POPT_ARG_NONE : POPT_ARG_STRING;
		table[i].val = (int) i + 1;
	}
	return table;
}

gboolean lttv_option_parse(int argc, char **argv, GError **error)
{
	/* Options already applied; a reparse after the set changed skips them. */
	guint applied = 0;
	for (;;) {
		GPtrArray *snapshot = g_ptr_array_new();
		for (guint i = 0; options != NULL && i < options->len; i++)
			g_ptr_array_add(snapshot, g_ptr_array_index(options, i));
		struct poptOption *table = build_table(snapshot);
		poptContext ctx = poptGetContext(argv[0], argc, (const char **) argv, table, 0);
		guint seen = 0, gen = generation;
		gboolean ok = TRUE, restart = FALSE;
		int rc;
		while ((rc = poptGetNextOpt(ctx)) > 0) {
			char *arg = poptGetOptArg(ctx);
			if (seen++ >= applied) {
				ok = apply(g_ptr_array_index(snapshot, rc - 1), arg, error);
				applied++;
			}
			free(arg);
			if (!ok)
				break;
			if (generation != gen) {
				restart = TRUE;
				break;
			}
		}
		if (ok && !restart && rc < -1) {
			g_set_error(error, LTTV_OPTION_ERROR, LTTV_OPTION_ERROR_PARSE, "%s: %s",
			            poptBadOption(ctx, POPT_BADOPTION_NOALIAS), poptStrerror(rc));
			ok = FALSE;
		}
		if (ok && !restart)
			ok = take_arguments(ctx, error);
		poptFreeContext(ctx);
		g_free(table);
		g_ptr_array_free(snapshot, TRUE);
		if (!ok || !restart)
			return ok;
	}
}

void lttv_option_print_help(FILE *out, const char *program)
{
	fprintf(out, "Usage: %s [OPTION...]\n", program);
	GPtrArray *owners = g_ptr_array_new();
	for (guint i = 0; options != NULL && i < options->len; i++) {
		LttvOption *o = g_ptr_array_index(options, i);
		if (!g_ptr_array_find_with_equal_func(owners, o->owner, g_str_equal, NULL))
			g_ptr_array_add(owners, o->owner);
	}
	for (guint k = 0; k < owners->len; k++) {
		const char *owner = g_ptr_array_index(owners, k);
		fprintf(out, "\n%s options:\n", owner);
		for (guint i = 0; i < options->len; i++) {
			LttvOption *o = g_ptr_array_index(options, i);
			if (strcmp(o->owner, owner) != 0)
				continue;
			char *left = g_strdup_printf("%s%c%s--%s%s%s", o->short_name ? "-" : "  ",
			                             o->short_name ? o->short_name : ' ',
			                             o->short_name ? ", " : " ", o->long_name,
			                             o->type == LTTV_OPT_NONE ? "" : "=",
			                             o->type == LTTV_OPT_NONE ? "" :
			                             (o->arg_description ? o->arg_description : "ARG"));
			fprintf(out, "  %-28s %s\n", left, o->description);
			g_free(left);
		}
	}
	g_ptr_array_free(owners, TRUE);
}
