/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* module.h: loadable modules (one per shared library, loaded with libltdl).
 *
 * A module is the library "NAME.la"/"NAME.so" (libtool -module
 * -avoid-version, no "lib" prefix) found in the search path: directories
 * added with lttv_module_add_path() (the -L option), then the directories of
 * the LTTV_MODULE_PATH environment variable (colon-separated), then the
 * default directories (lttv_module_add_default_path: the lttv command adds
 * its build tree's module folders when it runs from one), then
 * LTTV_PLUGIN_DIR where `make install` puts them.
 *
 * Each module defines its description with LTTV_MODULE().  Requiring a
 * module loads its prerequisites first (each one required, so counted once
 * more), then calls its init.  Releasing it as many times as it was
 * required calls destroy, closes the library and releases the
 * prerequisites. */
#ifndef LTTV_MODULE_H
#define LTTV_MODULE_H

#include <glib.h>

G_BEGIN_DECLS

/* Bumped when LttvModuleInfo changes, so that a stale module is refused. */
#define LTTV_MODULE_ABI 1

typedef struct {
	guint abi;                       /* LTTV_MODULE_ABI */
	const char *name;                /* must equal the file name */
	const char *short_description;   /* one line */
	const char *description;         /* paragraph, for --help and the documentation */
	/* Registers options and hooks.  On FALSE (error set) the module is unloaded. */
	gboolean (*init)(GError **error);
	/* Undoes init. */
	void (*destroy)(void);
	const char *const *prerequisites; /* NULL-terminated module names, or NULL */
} LttvModuleInfo;

/* The symbol every module exports; LTTV_MODULE() defines it. */
#define LTTV_MODULE_INFO_SYMBOL "lttv_module_info"

extern const LttvModuleInfo lttv_module_info;
#define LTTV_MODULE(name, short_desc, long_desc, init, destroy, prerequisites) \
	const LttvModuleInfo lttv_module_info = { \
		LTTV_MODULE_ABI, name, short_desc, long_desc, init, destroy, prerequisites }

#define LTTV_MODULE_ERROR (lttv_module_error_quark())
GQuark lttv_module_error_quark(void);
typedef enum {
	LTTV_MODULE_ERROR_NOT_FOUND,     /* no such file in the search path, or it does not load */
	LTTV_MODULE_ERROR_SYMBOL,        /* no lttv_module_info, or wrong ABI / name */
	LTTV_MODULE_ERROR_INIT,          /* init returned FALSE */
	LTTV_MODULE_ERROR_CYCLE          /* prerequisites require each other */
} LttvModuleError;

typedef struct _LttvModule LttvModule;

/* Appends dir to the search path (before LTTV_MODULE_PATH and the plugin
 * directory). */
void lttv_module_add_path(const char *dir);
/* Appends dir to the directories searched after LTTV_MODULE_PATH and before
 * the plugin directory. */
void lttv_module_add_default_path(const char *dir);
/* The directories searched, in order (char *, freed with the array). */
GPtrArray *lttv_module_search_path(void);

/* Loads name (if not loaded) and counts one use.  NULL + error naming the
 * module, the library and the reason. */
LttvModule *lttv_module_require(const char *name, GError **error);
/* Drops one use; at zero the module is destroyed and unloaded. */
void lttv_module_release(LttvModule *m);

LttvModule *lttv_module_find(const char *name);
const LttvModuleInfo *lttv_module_get_info(const LttvModule *m);
guint lttv_module_use_count(const LttvModule *m);
/* Loaded modules, in load order (prerequisites before their users). */
guint lttv_module_number(void);
LttvModule *lttv_module_get(guint i);

/* The module whose init or destroy is running, or NULL: lets option and
 * hook registration know their owner. */
const char *lttv_module_current(void);

/* Releases every module (last loaded first) and libltdl. */
void lttv_module_unload_all(void);

G_END_DECLS

#endif
