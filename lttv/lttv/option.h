/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* option.h: command-line options registered by the core and by modules,
 * parsed with popt.
 *
 * Options are parsed in order.  When an option's hook changes the set of
 * options (the -m hook loads a module whose init registers options), the
 * rest of the command line is parsed with the new set: options that a module
 * loaded mid-line registers are usable after it. */
#ifndef LTTV_OPTION_H
#define LTTV_OPTION_H

#include <stdio.h>
#include <glib.h>
#include "hook.h"

G_BEGIN_DECLS

typedef enum {
	LTTV_OPT_NONE,          /* a flag: *value is a gboolean set to TRUE */
	LTTV_OPT_INT,           /* int */
	LTTV_OPT_LONG,          /* long */
	LTTV_OPT_STRING,        /* char *, g_free'd when replaced (start it NULL or g_strdup'd) */
	LTTV_OPT_DOUBLE         /* double */
} LttvOptionType;

#define LTTV_OPTION_ERROR (lttv_option_error_quark())
GQuark lttv_option_error_quark(void);
typedef enum {
	LTTV_OPTION_ERROR_CONFLICT,   /* long or short name already registered */
	LTTV_OPTION_ERROR_PARSE,      /* unknown option, missing or malformed argument */
	LTTV_OPTION_ERROR_HOOK        /* an option's hook failed (message from the hook) */
} LttvOptionError;

/* Hook for an option: called after *value was stored, with the argument
 * text as call_data (NULL for flags).  Returning TRUE means failure: the
 * hook reports what went wrong with lttv_option_fail(). */

/* Registers an option.  short_name 0 for none.  value may be NULL when only
 * the hook matters.  The owner is the module whose init is running (or the
 * core).  A long or short name already registered is an error. */
gboolean lttv_option_add(const char *long_name, char short_name, const char *description,
                         const char *arg_description, LttvOptionType type, void *value,
                         LttvHook hook, void *hook_data, GError **error);
void lttv_option_remove(const char *long_name);

/* For option hooks: the message lttv_option_parse reports. */
void lttv_option_fail(const char *format, ...) G_GNUC_PRINTF(1, 2);

/* The hook each argument that is not an option goes to (call_data: the
 * text), in order, once every option was parsed; a TRUE return is a failure
 * reported as for option hooks.  Without one, such an argument is an error. */
void lttv_option_set_argument_hook(LttvHook hook, void *hook_data);

/* Parses argv[1..argc-1].  Fails at the first unknown option, malformed
 * argument, failing hook or unexpected argument, with a message naming it. */
gboolean lttv_option_parse(int argc, char **argv, GError **error);

/* Help for every registered option, grouped by owner ("lttv" for the core). */
void lttv_option_print_help(FILE *out, const char *program);

/* Removes every option (program end). */
void lttv_option_clear(void);

G_END_DECLS

#endif
