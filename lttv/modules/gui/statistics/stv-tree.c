/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stv-tree.c: the figures as a tree: trace, CPU, process, mode, submode,
 * event type; each column sorts (figures biggest first).
 *
 * Rows are updated in place while the figures grow (a row keeps its place,
 * its expansion and the selection); they are found again by their path of
 * keys ("synth/0/12@-/SYSCALL/read").
 *
 * A row's children are made when it is first expanded (until then one
 * empty placeholder child gives it its expander): a big trace's tree holds
 * millions of nodes (every task on every CPU, with its modes, submodes and
 * event types), which a tree store takes minutes to hold and hundreds of
 * MB; a person opens a few of them.  The nodes themselves are built down
 * to the processes (stv-compute.c, lttv_stats_tree_to) and a node's
 * children when its row's are made, from the trace's statistics. */
#include <config.h>
#include <string.h>
#include <ltt/trace.h>
#include <ltt/type.h>
#include <lttv/stats-text.h>
#include "stv.h"

enum {
	COL_NAME, COL_EVENTS, COL_CALLS, COL_CPU_TIME, COL_CHARGED, COL_CUMULATIVE, COL_ELAPSED, COL_SHARE, COL_IS_EVENT,
	COL_KEY,                        /* the row's path of keys; NULL: a placeholder */
	N_COLS
};

static const char *const level_names[] = { "", "CPU ", "", "", "", "" };

/* A row's key below its parent's.  The idle task (pid 0) and the unknown
 * one (-1) are one per CPU under one key: without the CPU level their rows
 * would be found as one (and one CPU's figures hidden). */
static void append_row_key(GString *path, const LttvStatsNode *n, const char *trace_name)
{
	lttv_stats_append_key(path, n, trace_name);
	if (n->level == LTTV_STATS_PROCESS && n->pid <= 0)
		g_string_append_printf(path, "~cpu%u", n->cpu);
}

static char *row_name(const LttvStatsNode *n, const char *trace_name)
{
	GString *s = g_string_new(level_names[n->level]);
	if (n->level == LTTV_STATS_PROCESS) {
		/* A name first: that is what people look for. */
		if (n->pid < 0)
			g_string_append_printf(s, "(no known task on CPU %u)", n->cpu);
		else
			g_string_append_printf(s, "%s [%d]", n->name != NULL && n->name[0] ? n->name : "?",
			                       (int) n->pid);
	} else {
		lttv_stats_append_key(s, n, trace_name);
	}
	return g_string_free(s, FALSE);
}

/* The figure, or G_MAXUINT64 (an empty cell) where it means nothing. */
static guint64 figure_or_none(const LttvStatsNode *n, LttvStatsFigure f)
{
	return lttv_stats_figure_applies(n, f) ? lttv_stats_figure_value(n, f) : G_MAXUINT64;
}

/* share: of the trace's CPU time; event types: of their parent's events. */
static void set_row(Stv *v, GtkTreeIter *it, const LttvStatsNode *n, const LttvStatsNode *trace,
                    const LttvStatsNode *parent, const char *trace_name)
{
	char *name = row_name(n, trace_name);
	gboolean is_event = n->level == LTTV_STATS_EVENT_TYPE;
	gdouble share;
	if (is_event)
		share = parent != NULL && parent->events > 0 ? 100.0 * n->events / parent->events : 100.0;
	else
		share = trace->cpu_time > 0 ? 100.0 * (gdouble) n->cpu_time / (gdouble) trace->cpu_time : 0;
	/* A figure shows where it means something, by the rule every format
	 * of lttv -s follows (stats-text.h, doc/analysis.md §3): elapsed and
	 * cumulative times above the mode would be sums of nested or parallel
	 * durations, and only the modes whose frames return have calls.  The
	 * other rows leave those columns empty. */
	gtk_tree_store_set(v->store, it, COL_NAME, name, COL_EVENTS, n->events,
	                   COL_CALLS, figure_or_none(n, LTTV_STATS_FIGURE_CALLS), COL_CPU_TIME, n->cpu_time,
	                   COL_CHARGED, figure_or_none(n, LTTV_STATS_FIGURE_CHARGED_TIME),
	                   COL_CUMULATIVE, figure_or_none(n, LTTV_STATS_FIGURE_CUMULATIVE_TIME),
	                   COL_ELAPSED, figure_or_none(n, LTTV_STATS_FIGURE_ELAPSED_TIME),
	                   COL_SHARE, share, COL_IS_EVENT, is_event, -1);
	g_free(name);
}

static void fill_node(Stv *v, const StvTrace *t, LttvStatsNode *n, const LttvStatsNode *parent,
                      GtkTreeIter *parent_it, GString *path, const char *trace_name);

/* The children of n under row it: made (and n's built) when the row has
 * been expanded once, else a placeholder. */
static void fill_children(Stv *v, const StvTrace *t, LttvStatsNode *n, GtkTreeIter *it, GString *path,
                          const char *trace_name)
{
	if (!lttv_stats_node_has_children(n))
		return;
	if (g_hash_table_contains(v->expanded, path->str)) {
		GPtrArray *children = lttv_stats_node_children(t->stats, n);
		for (guint i = 0; i < children->len; i++)
			fill_node(v, t, g_ptr_array_index(children, i), n, it, path, trace_name);
	} else if (!gtk_tree_model_iter_has_child(GTK_TREE_MODEL(v->store), it)) {
		GtkTreeIter placeholder;
		gtk_tree_store_append(v->store, &placeholder, it);
		gtk_tree_store_set(v->store, &placeholder, COL_NAME, "", COL_EVENTS, G_MAXUINT64, COL_CALLS,
		                   G_MAXUINT64, COL_CPU_TIME, G_MAXUINT64, COL_CHARGED, G_MAXUINT64, COL_CUMULATIVE, G_MAXUINT64,
		                   COL_ELAPSED, G_MAXUINT64, COL_IS_EVENT, TRUE, -1);
	}
}

static void fill_node(Stv *v, const StvTrace *t, LttvStatsNode *n, const LttvStatsNode *parent,
                      GtkTreeIter *parent_it, GString *path, const char *trace_name)
{
	gsize len = path->len;
	g_string_append_c(path, '/');
	append_row_key(path, n, trace_name);
	GtkTreeIter *it = g_hash_table_lookup(v->rows, path->str);
	if (it == NULL) {
		GtkTreeIter fresh;
		gtk_tree_store_append(v->store, &fresh, parent_it);
		it = gtk_tree_iter_copy(&fresh);
		g_hash_table_insert(v->rows, g_strdup(path->str), it);
		gtk_tree_store_set(v->store, it, COL_KEY, path->str, -1);
	}
	set_row(v, it, n, t->tree, parent, trace_name);
	fill_children(v, t, n, it, path, trace_name);
	g_string_truncate(path, len);
}

/* The node of trace t's figures whose path of keys is key (its nodes
 * built on the way), or NULL; path: the key of t's root on entry.  chain
 * (when not NULL) gets the nodes from t's root to it. */
static LttvStatsNode *find_node(const StvTrace *t, LttvStatsNode *n, const char *key, GString *path,
                                const char *trace_name, GPtrArray *chain)
{
	if (chain != NULL)
		g_ptr_array_add(chain, n);
	if (strcmp(path->str, key) == 0)
		return n;
	GPtrArray *children = g_str_has_prefix(key, path->str) && key[path->len] == '/'
	                      ? lttv_stats_node_children(t->stats, n) : NULL;
	gsize len = path->len;
	for (guint i = 0; children != NULL && i < children->len; i++) {
		LttvStatsNode *c = g_ptr_array_index(children, i);
		g_string_append_c(path, '/');
		append_row_key(path, c, trace_name);
		LttvStatsNode *found = find_node(t, c, key, path, trace_name, chain);
		g_string_truncate(path, len);
		if (found != NULL)
			return found;
	}
	if (chain != NULL)
		g_ptr_array_set_size(chain, chain->len - 1);
	return NULL;
}

/* The node of the row whose path of keys is key, in trace *index's
 * figures (chain: as find_node's), or NULL. */
static LttvStatsNode *node_of_row(Stv *v, const char *key, guint *index, GPtrArray *chain)
{
	LttvTraceset *ts = lttvwindow_get_traceset(v->tab);
	GString *path = g_string_new(NULL);
	LttvStatsNode *n = NULL;
	for (guint i = 0; n == NULL && i < v->traces->len; i++) {
		const StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		if (t->tree == NULL)
			continue;
		const char *trace_name = ltt_trace_name(lttv_trace_ltt(lttv_traceset_get(ts, i)));
		g_string_printf(path, "%u/", i);
		lttv_stats_append_key(path, t->tree, trace_name);
		n = find_node(t, t->tree, key, path, trace_name, chain);
		*index = i;
	}
	g_string_free(path, TRUE);
	return n;
}

/* The placeholder goes once the row is open (not while the view expands
 * it: GTK 2's tree view keeps the row's children across test-expand-row). */
static void on_row_expanded(GtkTreeView *view, GtkTreeIter *iter, GtkTreePath *tree_path, gpointer data)
{
	Stv *v = data;
	GtkTreeModel *m = GTK_TREE_MODEL(v->store);
	GtkTreeIter child, parent = *iter;
	char *key = NULL;
	gtk_tree_model_get(m, iter, COL_KEY, &key, -1);
	if (key != NULL)
		g_hash_table_add(v->open_rows, key);
	if (gtk_tree_model_iter_n_children(m, &parent) < 2)
		return;
	/* Anywhere among the children once the user sorted the tree. */
	for (gboolean more = gtk_tree_model_iter_children(m, &child, &parent); more;
	     more = gtk_tree_model_iter_next(m, &child)) {
		char *child_key = NULL;
		gtk_tree_model_get(m, &child, COL_KEY, &child_key, -1);
		g_free(child_key);
		if (child_key == NULL) {
			gtk_tree_store_remove(v->store, &child);
			return;
		}
	}
}

static void on_row_collapsed(GtkTreeView *view, GtkTreeIter *iter, GtkTreePath *tree_path, gpointer data)
{
	Stv *v = data;
	char *key = NULL;
	gtk_tree_model_get(GTK_TREE_MODEL(v->store), iter, COL_KEY, &key, -1);
	if (key != NULL)
		g_hash_table_remove(v->open_rows, key);
	g_free(key);
}

static gint shorter_first(gconstpointer a, gconstpointer b)
{
	gsize la = strlen(*(const char *const *) a), lb = strlen(*(const char *const *) b);
	return la < lb ? -1 : la > lb;
}

/* The rows the user had open, open again in the rebuilt rows (parents
 * first: a row opens only under an open parent). */
static void reopen_rows(Stv *v)
{
	GPtrArray *keys = g_ptr_array_new_with_free_func(g_free);
	GHashTableIter hi;
	gpointer key;
	g_hash_table_iter_init(&hi, v->open_rows);
	while (g_hash_table_iter_next(&hi, &key, NULL))
		g_ptr_array_add(keys, g_strdup(key));
	g_ptr_array_sort(keys, shorter_first);
	for (guint i = 0; i < keys->len; i++) {
		GtkTreeIter *it = g_hash_table_lookup(v->rows, g_ptr_array_index(keys, i));
		if (it == NULL)
			continue;
		GtkTreePath *p = gtk_tree_model_get_path(GTK_TREE_MODEL(v->store), it);
		if (!gtk_tree_view_row_expanded(GTK_TREE_VIEW(v->view), p))
			gtk_tree_view_expand_row(GTK_TREE_VIEW(v->view), p, FALSE);
		gtk_tree_path_free(p);
	}
	g_ptr_array_unref(keys);
}

/* A row opened for the first time: its children are made (after the
 * placeholder, which on_row_expanded removes). */
static gboolean on_test_expand(GtkTreeView *view, GtkTreeIter *iter, GtkTreePath *tree_path, gpointer data)
{
	Stv *v = data;
	char *key = NULL;
	gtk_tree_model_get(GTK_TREE_MODEL(v->store), iter, COL_KEY, &key, -1);
	if (key == NULL || g_hash_table_contains(v->expanded, key)) {
		g_free(key);
		return FALSE;
	}
	GtkTreeIter it = *iter;
	g_hash_table_add(v->expanded, g_strdup(key));
	guint i;
	LttvStatsNode *n = node_of_row(v, key, &i, NULL);
	if (n != NULL) {
		LttvTraceset *ts = lttvwindow_get_traceset(v->tab);
		GString *path = g_string_new(key);
		fill_children(v, &g_array_index(v->traces, StvTrace, i), n, &it, path,
		              ltt_trace_name(lttv_trace_ltt(lttv_traceset_get(ts, i))));
		g_string_free(path, TRUE);
	}
	g_free(key);
	return FALSE;
}

void stv_tree_fill(Stv *v)
{
	LttvTraceset *ts = lttvwindow_get_traceset(v->tab);
	GString *path = g_string_new(NULL);
	for (guint i = 0; i < v->traces->len; i++) {
		const StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		if (t->tree == NULL)
			continue;
		g_string_printf(path, "%u", i);
		fill_node(v, t, t->tree, NULL, NULL, path, ltt_trace_name(lttv_trace_ltt(lttv_traceset_get(ts, i))));
	}
	g_string_free(path, TRUE);
	reopen_rows(v);
	/* The kernel's charges have a column where some trace has them; the
	 * first column names the levels there are. */
	gboolean charged = FALSE;
	for (guint i = 0; i < v->traces->len; i++) {
		const StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		charged |= t->tree != NULL && t->tree->charged_time != 0;
	}
	gtk_tree_view_column_set_visible(v->charged_column, charged);
	gtk_widget_set_tooltip_text(gtk_tree_view_column_get_widget(v->name_column),
	                            gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(v->per_cpu))
	                            ? "Trace / CPU / process / mode / submode / event type"
	                            : "Trace / process / mode / submode / event type");
	/* The first figures with CPUs open the traces, so the tree shows
	 * them (later, the user's expansions are left alone). */
	GtkTreeIter it;
	gboolean more = !v->opened && gtk_tree_model_get_iter_first(GTK_TREE_MODEL(v->store), &it);
	guint opened = 0, traces = 0;
	for (; more; more = gtk_tree_model_iter_next(GTK_TREE_MODEL(v->store), &it), traces++) {
		GtkTreePath *p = gtk_tree_model_get_path(GTK_TREE_MODEL(v->store), &it);
		opened += gtk_tree_view_row_expanded(GTK_TREE_VIEW(v->view), p) ||
		          gtk_tree_view_expand_row(GTK_TREE_VIEW(v->view), p, FALSE);
		gtk_tree_path_free(p);
	}
	v->opened = v->opened || (traces == v->traces->len && opened == traces);
}

/* Appends the CSV rows of it's row and of the rows shown below it. */
static void append_shown(Stv *v, GtkTreeIter *it, GString *csv, GPtrArray *chain)
{
	GtkTreeModel *m = GTK_TREE_MODEL(v->store);
	char *key = NULL;
	gtk_tree_model_get(m, it, COL_KEY, &key, -1);
	if (key == NULL)
		return;
	guint i;
	g_ptr_array_set_size(chain, 0);
	if (node_of_row(v, key, &i, chain) != NULL) {
		LttvTraceset *ts = lttvwindow_get_traceset(v->tab);
		lttv_stats_append_csv_row(csv, (const LttvStatsNode *const *) chain->pdata, chain->len,
		                          ltt_trace_name(lttv_trace_ltt(lttv_traceset_get(ts, i))));
	}
	g_free(key);
	GtkTreePath *p = gtk_tree_model_get_path(m, it);
	gboolean open = gtk_tree_view_row_expanded(GTK_TREE_VIEW(v->view), p);
	gtk_tree_path_free(p);
	GtkTreeIter child;
	for (gboolean more = open && gtk_tree_model_iter_children(m, &child, it); more;
	     more = gtk_tree_model_iter_next(m, &child))
		append_shown(v, &child, csv, chain);
}

char *stv_tree_shown_csv(Stv *v)
{
	GString *csv = g_string_new(lttv_stats_csv_header());
	GPtrArray *chain = g_ptr_array_new();
	GtkTreeIter it;
	for (gboolean more = gtk_tree_model_get_iter_first(GTK_TREE_MODEL(v->store), &it); more;
	     more = gtk_tree_model_iter_next(GTK_TREE_MODEL(v->store), &it))
		append_shown(v, &it, csv, chain);
	g_ptr_array_unref(chain);
	return g_string_free(csv, FALSE);
}

/* New figures (another range): new rows, made as the old ones were (the
 * children of those opened, which reopen_rows opens again). */
void stv_tree_clear(Stv *v)
{
	g_hash_table_remove_all(v->rows);
	gtk_tree_store_clear(v->store);
}

static void time_cell(GtkTreeViewColumn *col, GtkCellRenderer *cell, GtkTreeModel *model,
                      GtkTreeIter *it, gpointer data)
{
	guint64 t;
	gboolean is_event;
	char text[LTT_TIME_STRING_SIZE];
	gtk_tree_model_get(model, it, GPOINTER_TO_INT(data), &t, COL_IS_EVENT, &is_event, -1);
	is_event = is_event || t == G_MAXUINT64;   /* no meaning at this level */
	if (!is_event)
		ltt_time_format(t, text);
	g_object_set(cell, "text", is_event ? "" : text, NULL);
}

/* data: the column; G_MAXUINT64 shows as nothing (no such figure). */
static void count_cell(GtkTreeViewColumn *col, GtkCellRenderer *cell, GtkTreeModel *model,
                       GtkTreeIter *it, gpointer data)
{
	guint64 n;
	gtk_tree_model_get(model, it, GPOINTER_TO_INT(data), &n, -1);
	char *text = n == G_MAXUINT64 || (n == 0 && GPOINTER_TO_INT(data) == COL_CALLS)
	             ? g_strdup("") : g_strdup_printf("%" G_GUINT64_FORMAT, n);
	g_object_set(cell, "text", text, NULL);
	g_free(text);
}

static void share_cell(GtkTreeViewColumn *col, GtkCellRenderer *cell, GtkTreeModel *model,
                       GtkTreeIter *it, gpointer data)
{
	gdouble share;
	gtk_tree_model_get(model, it, COL_SHARE, &share, -1);
	char *text = g_strdup_printf("%.1f %%", share);
	g_object_set(cell, "text", text, "value", (gint) (share + 0.5), NULL);
	g_free(text);
}

/* A click on a title sorts by its column: figures biggest first (what one
 * looks for), names A to Z; the next click reverses.  (GTK's own sorting,
 * gtk_tree_view_column_set_sort_column_id, always starts A to Z, smallest
 * first.) */
static void on_title_clicked(GtkTreeViewColumn *col, gpointer data)
{
	Stv *v = data;
	GtkTreeSortable *store = GTK_TREE_SORTABLE(v->store);
	gint by = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(col), "stv-sort-by"));
	gint current;
	GtkSortType order;
	if (gtk_tree_sortable_get_sort_column_id(store, &current, &order) && current == by)
		order = order == GTK_SORT_ASCENDING ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING;
	else
		order = by == COL_NAME ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
	gtk_tree_sortable_set_sort_column_id(store, by, order);
	GList *columns = gtk_tree_view_get_columns(GTK_TREE_VIEW(v->view));
	for (GList *l = columns; l != NULL; l = l->next)
		gtk_tree_view_column_set_sort_indicator(l->data, l->data == col);
	g_list_free(columns);
	gtk_tree_view_column_set_sort_order(col, order);
}

/* Names A to Z whatever their case ("Xorg" among the others, not before
 * them all); the rows of no known task, "(no known task on CPU N)", after
 * the tasks. */
static gint compare_names(GtkTreeModel *model, GtkTreeIter *a, GtkTreeIter *b, gpointer data)
{
	char *x, *y;
	gtk_tree_model_get(model, a, COL_NAME, &x, -1);
	gtk_tree_model_get(model, b, COL_NAME, &y, -1);
	gboolean x_none = x == NULL || x[0] == '(', y_none = y == NULL || y[0] == '(';
	gint r = x_none != y_none ? (x_none ? 1 : -1)
	       : x == NULL || y == NULL ? 0
	       : g_ascii_strcasecmp(x, y) != 0 ? g_ascii_strcasecmp(x, y) : strcmp(x, y);
	g_free(x);
	g_free(y);
	return r;
}

static void sort_on_click(Stv *v, GtkTreeViewColumn *col, gint by)
{
	g_object_set_data(G_OBJECT(col), "stv-sort-by", GINT_TO_POINTER(by));
	gtk_tree_view_column_set_clickable(col, TRUE);
	g_signal_connect(col, "clicked", G_CALLBACK(on_title_clicked), v);
}

static GtkTreeViewColumn *add_column(Stv *v, const char *title, const char *tooltip, gint sort_col,
                       GtkCellRenderer *cell, GtkTreeCellDataFunc func, gpointer data)
{
	GtkTreeViewColumn *col = gtk_tree_view_column_new();
	GtkWidget *label = gtk_label_new(title);
	gtk_widget_set_tooltip_text(label, tooltip);
	gtk_widget_show(label);
	gtk_tree_view_column_set_widget(col, label);
	gtk_tree_view_column_pack_start(col, cell, TRUE);
	gtk_tree_view_column_set_cell_data_func(col, cell, func, data, NULL);
	gtk_tree_view_column_set_resizable(col, TRUE);
	g_object_set(cell, "xalign", 1.0, NULL);
	gtk_tree_view_append_column(GTK_TREE_VIEW(v->view), col);
	sort_on_click(v, col, sort_col);
	return col;
}

GtkWidget *stv_tree_new(Stv *v)
{
	v->store = gtk_tree_store_new(N_COLS, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64,
	                              G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_DOUBLE, G_TYPE_BOOLEAN,
	                              G_TYPE_STRING);
	v->rows = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify) gtk_tree_iter_free);
	v->expanded = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	v->open_rows = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	v->view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(v->store));
	/* Letters are the window's navigation keys (w, s, a, d, f), not a search. */
	gtk_tree_view_set_enable_search(GTK_TREE_VIEW(v->view), FALSE);
	gtk_tree_view_set_rules_hint(GTK_TREE_VIEW(v->view), TRUE);
	g_signal_connect(v->view, "test-expand-row", G_CALLBACK(on_test_expand), v);
	g_signal_connect(v->view, "row-expanded", G_CALLBACK(on_row_expanded), v);
	g_signal_connect(v->view, "row-collapsed", G_CALLBACK(on_row_collapsed), v);

	/* A short title: the levels' list, as wide as the row names, would
	 * push the figures off a 1024-pixel screen; it is the tooltip. */
	GtkTreeViewColumn *name = gtk_tree_view_column_new_with_attributes(
		NULL, gtk_cell_renderer_text_new(), "text", COL_NAME, NULL);
	GtkWidget *name_title = gtk_label_new("Name");
	gtk_widget_show(name_title);
	gtk_tree_view_column_set_widget(name, name_title);
	v->name_column = name;
	gtk_tree_view_column_set_resizable(name, TRUE);
	/* A wide window widens the names, not the share bars. */
	gtk_tree_view_column_set_expand(name, TRUE);
	gtk_tree_view_append_column(GTK_TREE_VIEW(v->view), name);
	sort_on_click(v, name, COL_NAME);
	gtk_tree_sortable_set_sort_func(GTK_TREE_SORTABLE(v->store), COL_NAME, compare_names, NULL, NULL);
	gtk_tree_view_set_expander_column(GTK_TREE_VIEW(v->view), name);
	add_column(v, "Events", "Events counted in this node (the state-dump events in none)", COL_EVENTS,
	           gtk_cell_renderer_text_new(), count_cell, GINT_TO_POINTER(COL_EVENTS));
	add_column(v, "Calls", "System calls, IRQs, soft IRQs and traps that returned (their exit events)",
	           COL_CALLS, gtk_cell_renderer_text_new(), count_cell, GINT_TO_POINTER(COL_CALLS));
	add_column(v, "CPU time (s)", "Time on a CPU in this mode, nested modes excluded", COL_CPU_TIME,
	           gtk_cell_renderer_text_new(), time_cell, GINT_TO_POINTER(COL_CPU_TIME));
	v->charged_column = add_column(v, "Charged (s)", "CPU time the kernel's scheduler charged "
	                               "(sched_stat_runtime): what getrusage and /proc report; traces, CPUs "
	                               "and processes, where the trace has the charges", COL_CHARGED,
	                               gtk_cell_renderer_text_new(), time_cell, GINT_TO_POINTER(COL_CHARGED));
	gtk_tree_view_column_set_visible(v->charged_column, FALSE);
	add_column(v, "Cumulative (s)", "CPU time of the modes that ended, nested modes included",
	           COL_CUMULATIVE, gtk_cell_renderer_text_new(), time_cell, GINT_TO_POINTER(COL_CUMULATIVE));
	add_column(v, "Elapsed (s)", "From entry to exit of the modes that ended", COL_ELAPSED,
	           gtk_cell_renderer_text_new(), time_cell, GINT_TO_POINTER(COL_ELAPSED));
	GtkTreeViewColumn *share = add_column(v, "Share", "Share of the trace's CPU time (event types: of "
	                                      "their parent's events)", COL_SHARE,
	                                      gtk_cell_renderer_progress_new(), share_cell, NULL);
	gtk_tree_view_column_set_min_width(share, 96);

	GtkWidget *scrolled = gtk_scrolled_window_new(NULL, NULL);
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
	gtk_container_add(GTK_CONTAINER(scrolled), v->view);
	return scrolled;
}
