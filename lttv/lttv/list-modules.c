/* list-modules.c: lttv --list-modules.  A module's description is read from
 * its library without initialising it, so listing registers nothing. */
#include <config.h>
#include <string.h>
#include <ltdl.h>
#include "list-modules.h"
#include "module.h"

/* The module's one-line description, or NULL when file is not a module of
 * this lttv (no description, another ABI, another name). */
static char *describe(const char *dir, const char *name)
{
	char *base = g_build_filename(dir, name, NULL);
	lt_dlhandle h = lt_dlopenext(base);
	char *description = NULL;
	g_free(base);
	if (h == NULL)
		return NULL;
	/* Kept loaded: a viewer module pulls GTK in, whose load-time
	 * allocations would look leaked once its library is unmapped. */
	lt_dlmakeresident(h);
	const LttvModuleInfo *info = lt_dlsym(h, LTTV_MODULE_INFO_SYMBOL);
	if (info != NULL && info->abi == LTTV_MODULE_ABI && g_strcmp0(info->name, name) == 0)
		description = g_strdup(info->short_description ? info->short_description : "");
	lt_dlclose(h);
	return description;
}

/* Module names in dir: NAME of each NAME.la, or NAME.so without a .la. */
static void add_names(GHashTable *found, const char *dir)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *entry;
	if (d == NULL)
		return;
	while ((entry = g_dir_read_name(d)) != NULL) {
		if (!g_str_has_suffix(entry, ".la") && !g_str_has_suffix(entry, ".so"))
			continue;
		char *name = g_strndup(entry, strlen(entry) - 3);
		if (g_hash_table_contains(found, name)) {
			g_free(name);
			continue;
		}
		char *description = describe(dir, name);
		if (description != NULL)
			g_hash_table_insert(found, name, description);
		else
			g_free(name);
	}
	g_dir_close(d);
}

void lttv_list_modules(FILE *out)
{
	GPtrArray *dirs = lttv_module_search_path();
	GHashTable *found = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	/* libltdl stays initialised: the modules read stay loaded (describe)
	 * and their handles reachable until the process ends. */
	if (lt_dlinit() == 0)
		for (guint i = 0; i < dirs->len; i++)
			add_names(found, g_ptr_array_index(dirs, i));
	GList *names = g_list_sort(g_hash_table_get_keys(found), (GCompareFunc) strcmp);
	for (GList *l = names; l != NULL; l = l->next)
		fprintf(out, "%-16s %s\n", (char *) l->data, (char *) g_hash_table_lookup(found, l->data));
	if (names == NULL)
		fprintf(out, "(no module found)\n");
	fprintf(out, "\nFolders searched, in order (add more with -L DIR or LTTV_MODULE_PATH):\n");
	for (guint i = 0; i < dirs->len; i++)
		fprintf(out, "  %s\n", (char *) g_ptr_array_index(dirs, i));
	g_list_free(names);
	g_hash_table_destroy(found);
	g_ptr_array_free(dirs, TRUE);
}
