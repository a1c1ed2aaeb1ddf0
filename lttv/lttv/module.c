/* module.c: loading modules with libltdl, with prerequisites and use counts. */
#include <config.h>
#include <dlfcn.h>
#include <string.h>
#include <ltdl.h>
#include "module.h"
#include "hook.h"

#ifndef LTTV_PLUGIN_DIR
#error "LTTV_PLUGIN_DIR must be defined by the build"
#endif

struct _LttvModule {
	char *name;
	lt_dlhandle handle;
	const LttvModuleInfo *info;
	guint uses;
	GPtrArray *prerequisites;   /* LttvModule *, each required once by this one */
};

static GPtrArray *loaded;         /* LttvModule *, load order */
static GPtrArray *loading;        /* names whose prerequisites are being loaded */
static GPtrArray *user_paths;     /* char *, from lttv_module_add_path */
static GPtrArray *default_paths;  /* char *, from lttv_module_add_default_path */
static gboolean ltdl_ready;
static const char *current;

G_DEFINE_QUARK(lttv-module-error-quark, lttv_module_error)

void lttv_module_add_path(const char *dir)
{
	if (user_paths == NULL)
		user_paths = g_ptr_array_new_with_free_func(g_free);
	g_ptr_array_add(user_paths, g_strdup(dir));
}

void lttv_module_add_default_path(const char *dir)
{
	if (default_paths == NULL)
		default_paths = g_ptr_array_new_with_free_func(g_free);
	g_ptr_array_add(default_paths, g_strdup(dir));
}

GPtrArray *lttv_module_search_path(void)
{
	GPtrArray *dirs = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; user_paths != NULL && i < user_paths->len; i++)
		g_ptr_array_add(dirs, g_strdup(g_ptr_array_index(user_paths, i)));
	const char *env = g_getenv("LTTV_MODULE_PATH");
	if (env != NULL) {
		gchar **parts = g_strsplit(env, G_SEARCHPATH_SEPARATOR_S, -1);
		for (gchar **p = parts; *p != NULL; p++)
			if (**p != '\0')
				g_ptr_array_add(dirs, g_strdup(*p));
		g_strfreev(parts);
	}
	for (guint i = 0; default_paths != NULL && i < default_paths->len; i++)
		g_ptr_array_add(dirs, g_strdup(g_ptr_array_index(default_paths, i)));
	g_ptr_array_add(dirs, g_strdup(LTTV_PLUGIN_DIR));
	return dirs;
}

LttvModule *lttv_module_find(const char *name)
{
	for (guint i = 0; loaded != NULL && i < loaded->len; i++) {
		LttvModule *m = g_ptr_array_index(loaded, i);
		if (strcmp(m->name, name) == 0)
			return m;
	}
	return NULL;
}

static gboolean valid_name(const char *name)
{
	if (*name == '\0')
		return FALSE;
	for (const char *p = name; *p; p++)
		if (!g_ascii_isalnum(*p) && *p != '_' && *p != '-')
			return FALSE;
	return TRUE;
}

/* Why path did not load.  libltdl says "file not found" for a shared
 * object it cannot map, and nothing for a .la it cannot parse: the
 * dynamic loader's own message names the real cause. */
static char *load_failure(const char *path, gboolean is_la)
{
	const char *ltdl = lt_dlerror();
	void *h;

	if (is_la) {
		if (ltdl != NULL && strcmp(ltdl, "file not found") != 0)
			return g_strdup(ltdl);
		return g_strdup("not a libtool library file (no dlname naming a shared object that loads)");
	}
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		/* "PATH: why": the caller names the path already. */
		const char *why = dlerror(), *after = g_str_has_prefix(why, path) ? why + strlen(path) : why;
		return g_strdup(g_str_has_prefix(after, ": ") ? after + 2 : after);
	}
	dlclose(h);
	return g_strdup(ltdl != NULL ? ltdl : "unknown error");
}

/* Opens the library of name; sets *file to what was opened. */
static lt_dlhandle open_library(const char *name, char **file, GError **error)
{
	if (!ltdl_ready) {
		if (lt_dlinit() != 0) {
			g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_NOT_FOUND,
			            "cannot initialise libltdl: %s", lt_dlerror());
			return NULL;
		}
		ltdl_ready = TRUE;
	}
	GPtrArray *dirs = lttv_module_search_path();
	lt_dlhandle h = NULL;
	GString *searched = g_string_new(NULL);
	for (guint i = 0; i < dirs->len && h == NULL; i++) {
		const char *dir = g_ptr_array_index(dirs, i);
		char *base = g_build_filename(dir, name, NULL);
		char *la = g_strconcat(base, ".la", NULL);
		char *so = g_strconcat(base, ".so", NULL);
		if (g_file_test(la, G_FILE_TEST_EXISTS) || g_file_test(so, G_FILE_TEST_EXISTS)) {
			const char *path = g_file_test(la, G_FILE_TEST_EXISTS) ? la : so;
			h = lt_dlopen(path);
			if (h == NULL) {
				char *why = load_failure(path, path == la);
				g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_NOT_FOUND,
				            "module \"%s\": cannot load %s: %s", name, path, why);
				g_free(why);
			} else {
				*file = g_strdup(path);
			}
			g_free(la);
			g_free(so);
			g_free(base);
			break;
		}
		g_string_append_printf(searched, "%s%s", searched->len ? ", " : "", dir);
		g_free(la);
		g_free(so);
		g_free(base);
	}
	if (h == NULL && (error == NULL || *error == NULL))
		g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_NOT_FOUND,
		            "module \"%s\" not found (searched %s)", name, searched->str);
	g_string_free(searched, TRUE);
	g_ptr_array_free(dirs, TRUE);
	return h;
}

static void release_prerequisites(GPtrArray *prereqs)
{
	for (guint i = prereqs->len; i > 0; i--)
		lttv_module_release(g_ptr_array_index(prereqs, i - 1));
	g_ptr_array_free(prereqs, TRUE);
}

static gboolean is_loading(const char *name)
{
	for (guint i = 0; loading != NULL && i < loading->len; i++)
		if (strcmp(g_ptr_array_index(loading, i), name) == 0)
			return TRUE;
	return FALSE;
}

/* Requires every prerequisite of info; on failure releases what it got. */
static GPtrArray *require_prerequisites(const char *name, const LttvModuleInfo *info, GError **error)
{
	GPtrArray *prereqs = g_ptr_array_new();
	g_ptr_array_add(loading, (gpointer) name);
	for (const char *const *p = info->prerequisites; p != NULL && *p != NULL; p++) {
		GError *sub = NULL;
		LttvModule *pm = lttv_module_require(*p, &sub);
		if (pm == NULL) {
			g_set_error(error, LTTV_MODULE_ERROR, sub->code, "module \"%s\" needs \"%s\": %s",
			            name, *p, sub->message);
			g_error_free(sub);
			g_ptr_array_remove_index(loading, loading->len - 1);
			release_prerequisites(prereqs);
			return NULL;
		}
		g_ptr_array_add(prereqs, pm);
	}
	g_ptr_array_remove_index(loading, loading->len - 1);
	return prereqs;
}

LttvModule *lttv_module_require(const char *name, GError **error)
{
	g_return_val_if_fail(name != NULL, NULL);
	LttvModule *m = lttv_module_find(name);
	if (m != NULL) {
		m->uses++;
		return m;
	}
	if (loaded == NULL) {
		loaded = g_ptr_array_new();
		loading = g_ptr_array_new();
	}
	if (!valid_name(name)) {
		g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_NOT_FOUND,
		            "\"%s\" is not a module name (letters, digits, '_' and '-')", name);
		return NULL;
	}
	if (is_loading(name)) {
		g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_CYCLE,
		            "module \"%s\" is its own prerequisite", name);
		return NULL;
	}
	char *file = NULL;
	lt_dlhandle h = open_library(name, &file, error);
	if (h == NULL)
		return NULL;
	const LttvModuleInfo *info = lt_dlsym(h, LTTV_MODULE_INFO_SYMBOL);
	if (info == NULL || info->abi != LTTV_MODULE_ABI || info->name == NULL ||
	    strcmp(info->name, name) != 0) {
		g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_SYMBOL,
		            info == NULL ? "%s: no symbol %s: not an lttv module" :
		            info->abi != LTTV_MODULE_ABI ? "%s: %s: built for another lttv version" :
		            "%s: %s: declares another module name", file, LTTV_MODULE_INFO_SYMBOL);
		lt_dlclose(h);
		g_free(file);
		return NULL;
	}
	GPtrArray *prereqs = require_prerequisites(name, info, error);
	if (prereqs == NULL) {
		lt_dlclose(h);
		g_free(file);
		return NULL;
	}
	const char *saved = current;
	current = info->name;
	GError *sub = NULL;
	gboolean ok = info->init == NULL || info->init(&sub);
	current = saved;
	if (!ok) {
		lttv_hooks_remove_owner_everywhere(info->name);
		g_set_error(error, LTTV_MODULE_ERROR, LTTV_MODULE_ERROR_INIT, "module \"%s\" (%s): %s",
		            name, file, sub != NULL ? sub->message : "initialisation failed");
		g_clear_error(&sub);
		release_prerequisites(prereqs);
		lt_dlclose(h);
		g_free(file);
		return NULL;
	}
	g_free(file);
	m = g_new0(LttvModule, 1);
	m->name = g_strdup(name);
	m->handle = h;
	m->info = info;
	m->uses = 1;
	m->prerequisites = prereqs;
	g_ptr_array_add(loaded, m);
	return m;
}

void lttv_module_release(LttvModule *m)
{
	g_return_if_fail(m != NULL && m->uses > 0);
	if (--m->uses > 0)
		return;
	const char *saved = current;
	current = m->info->name;
	if (m->info->destroy != NULL)
		m->info->destroy();
	current = saved;
	/* Hooks the module left behind would call code about to be unmapped. */
	lttv_hooks_remove_owner_everywhere(m->info->name);
	g_ptr_array_remove(loaded, m);
	release_prerequisites(m->prerequisites);
	lt_dlclose(m->handle);
	g_free(m->name);
	g_free(m);
}

const LttvModuleInfo *lttv_module_get_info(const LttvModule *m)
{
	return m->info;
}

guint lttv_module_use_count(const LttvModule *m)
{
	return m->uses;
}

guint lttv_module_number(void)
{
	return loaded == NULL ? 0 : loaded->len;
}

LttvModule *lttv_module_get(guint i)
{
	return loaded != NULL && i < loaded->len ? g_ptr_array_index(loaded, i) : NULL;
}

const char *lttv_module_current(void)
{
	return current;
}

void lttv_module_unload_all(void)
{
	/* The last loaded module is nobody's prerequisite. */
	while (loaded != NULL && loaded->len > 0) {
		LttvModule *m = g_ptr_array_index(loaded, loaded->len - 1);
		m->uses = 1;
		lttv_module_release(m);
	}
	if (loaded != NULL) {
		g_ptr_array_free(loaded, TRUE);
		g_ptr_array_free(loading, TRUE);
		loaded = loading = NULL;
	}
	if (user_paths != NULL) {
		g_ptr_array_free(user_paths, TRUE);
		user_paths = NULL;
	}
	g_clear_pointer(&default_paths, g_ptr_array_unref);
	if (ltdl_ready) {
		lt_dlexit();
		ltdl_ready = FALSE;
	}
}
