/* stats-tree.c: statistics trees built from the engine's leaves: sort the
 * leaves by their path, then open a node wherever the path changes. */
#include "config.h"
#include <string.h>
#include "stats-private.h"

#define DEPTH (LTTV_STATS_EVENT_TYPE + 1)

/* pid 0 (one idle task per CPU) and -1 (unknown task) are told apart by CPU. */
static guint process_cpu(const LttvStatsKey *k)
{
	return k->pid <= 0 ? k->cpu : 0;
}

static int compare_level(const LttvStatsKey *a, const LttvStatsKey *b, LttvStatsLevel level)
{
	switch (level) {
	case LTTV_STATS_CPU:
		return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
	case LTTV_STATS_PROCESS:
		if (a->pid != b->pid)
			return a->pid < b->pid ? -1 : 1;
		if (a->birth != b->birth)
			return a->birth < b->birth ? -1 : 1;
		return process_cpu(a) < process_cpu(b) ? -1 : process_cpu(a) > process_cpu(b);
	case LTTV_STATS_MODE:
		return a->mode < b->mode ? -1 : a->mode > b->mode;
	case LTTV_STATS_SUBMODE:
		return a->submode < b->submode ? -1 : a->submode > b->submode;
	default:
		return 0;
	}
}

static int compare_leaves(gconstpointer pa, gconstpointer pb, gpointer per_cpu)
{
	const LttvStatsKey *a = &(*(LttvStatsLeaf *const *) pa)->key;
	const LttvStatsKey *b = &(*(LttvStatsLeaf *const *) pb)->key;
	int level, c;

	for (level = GPOINTER_TO_INT(per_cpu) ? LTTV_STATS_CPU : LTTV_STATS_PROCESS; level <= LTTV_STATS_SUBMODE; level++)
		if ((c = compare_level(a, b, level)) != 0)
			return c;
	return 0;
}

static LttvStatsNode *node_new(LttvStatsLevel level, LttvStatsNode *parent)
{
	LttvStatsNode *n = g_new0(LttvStatsNode, 1);

	n->level = level;
	if (level != LTTV_STATS_EVENT_TYPE)
		n->children = g_ptr_array_new_with_free_func((GDestroyNotify) lttv_stats_node_free);
	if (parent != NULL)
		g_ptr_array_add(parent->children, n);
	return n;
}

void lttv_stats_node_free(LttvStatsNode *node)
{
	if (node == NULL)
		return;
	if (node->children != NULL)
		g_ptr_array_unref(node->children);
	g_free(node);
}

static int compare_event_types(gconstpointer pa, gconstpointer pb)
{
	const LttEventType *a = (*(LttvStatsNode *const *) pa)->event_type;
	const LttEventType *b = (*(LttvStatsNode *const *) pb)->event_type;
	int c = strcmp(ltt_event_type_channel(a), ltt_event_type_channel(b));

	if (c != 0)
		return c;
	return ltt_event_type_id(a) < ltt_event_type_id(b) ? -1 : ltt_event_type_id(a) > ltt_event_type_id(b);
}

/* Turns the event counts gathered for a submode node into its children,
 * ordered by (channel, id) whatever order the engine met the types in. */
static void add_event_types(const LttvStats *s, LttvStatsNode *sub, GArray *counts)
{
	guint i;

	for (i = 0; i < counts->len; i++) {
		guint64 c = g_array_index(counts, guint64, i);
		LttvStatsNode *n;

		if (c == 0)
			continue;
		n = node_new(LTTV_STATS_EVENT_TYPE, sub);
		n->event_type = g_ptr_array_index(s->ts->table->types, i);
		n->events = c;
	}
	g_ptr_array_sort(sub->children, compare_event_types);
	g_array_set_size(counts, 0);
}

LttvStatsNode *lttv_stats_tree(const LttvStats *s, gboolean per_cpu)
{
	GPtrArray *leaves = g_ptr_array_sized_new(g_hash_table_size(s->leaves));
	LttvStatsNode *path[DEPTH] = { NULL };
	GArray *counts = g_array_new(FALSE, TRUE, sizeof(guint64));
	const LttvStatsLeaf *prev = NULL;
	LttvStatsLevel first = per_cpu ? LTTV_STATS_CPU : LTTV_STATS_PROCESS;
	GHashTableIter it;
	gpointer value;
	guint i, j;

	g_hash_table_iter_init(&it, s->leaves);
	while (g_hash_table_iter_next(&it, NULL, &value))
		g_ptr_array_add(leaves, value);
	g_ptr_array_sort_with_data(leaves, compare_leaves, GINT_TO_POINTER(per_cpu));
	path[LTTV_STATS_TRACE] = node_new(LTTV_STATS_TRACE, NULL);
	for (i = 0; i < leaves->len; i++) {
		const LttvStatsLeaf *leaf = g_ptr_array_index(leaves, i);
		const LttvStatsKey *k = &leaf->key;
		LttvStatsLevel level = first;

		while (prev != NULL && level <= LTTV_STATS_SUBMODE && compare_level(&prev->key, k, level) == 0)
			level++;
		if (level <= LTTV_STATS_SUBMODE && prev != NULL)
			add_event_types(s, path[LTTV_STATS_SUBMODE], counts);
		for (; level <= LTTV_STATS_SUBMODE; level++) {
			LttvStatsNode *n = node_new(level, path[level == first ? LTTV_STATS_TRACE : level - 1]);

			n->cpu = level == LTTV_STATS_PROCESS ? process_cpu(k) : k->cpu;
			n->pid = k->pid;
			n->tgid = leaf->task != NULL ? leaf->task->tgid : -1;
			n->birth = k->birth;
			n->mode = k->mode;
			n->submode = k->submode;
			if (level == LTTV_STATS_PROCESS)
				n->name = leaf->task != NULL ? leaf->task->name : "";
			else if (level == LTTV_STATS_SUBMODE)
				n->name = lttv_trace_state_submode_name(s->ts, k->mode, k->submode);
			path[level] = n;
		}
		for (j = LTTV_STATS_TRACE; j <= LTTV_STATS_SUBMODE; j++) {
			if (j != LTTV_STATS_TRACE && j < first)
				continue;
			path[j]->events += leaf->events;
			path[j]->cpu_time += leaf->cpu_time;
			path[j]->elapsed_time += leaf->elapsed_time;
			path[j]->cumulative_time += leaf->cumulative_time;
		}
		if (counts->len < s->ts->table->types->len)
			g_array_set_size(counts, s->ts->table->types->len);
		if (leaf->dense != NULL) {
			for (j = 0; j < leaf->n_dense; j++)
				g_array_index(counts, guint64, j) += leaf->dense[j];
		} else {
			for (j = 0; j < LTTV_STATS_INLINE_TYPES; j++)
				if (leaf->types[j] != 0)
					g_array_index(counts, guint64, leaf->types[j] - 1) += leaf->counts[j];
		}
		prev = leaf;
	}
	if (prev != NULL)
		add_event_types(s, path[LTTV_STATS_SUBMODE], counts);
	g_array_unref(counts);
	g_ptr_array_unref(leaves);
	return path[LTTV_STATS_TRACE];
}

const LttvStatsNode *lttv_stats_node_find_process(const LttvStatsNode *n, gint32 pid, LttTime birth, guint cpu)
{
	guint i;

	for (i = 0; n->children != NULL && i < n->children->len; i++) {
		const LttvStatsNode *c = g_ptr_array_index(n->children, i);

		if (c->level == LTTV_STATS_PROCESS && c->pid == pid && c->birth == birth
		    && (pid > 0 || c->cpu == cpu))
			return c;
	}
	return NULL;
}

const LttvStatsNode *lttv_stats_node_find_mode(const LttvStatsNode *n, LttvExecMode mode)
{
	guint i;

	for (i = 0; n->children != NULL && i < n->children->len; i++) {
		const LttvStatsNode *c = g_ptr_array_index(n->children, i);

		if (c->level == LTTV_STATS_MODE && c->mode == mode)
			return c;
	}
	return NULL;
}

guint64 lttv_stats_node_count_events(const LttvStatsNode *n, const char *name)
{
	guint64 sum = 0;
	guint i;

	if (n->level == LTTV_STATS_EVENT_TYPE)
		return strcmp(ltt_event_type_name(n->event_type), name) == 0 ? n->events : 0;
	for (i = 0; i < n->children->len; i++)
		sum += lttv_stats_node_count_events(g_ptr_array_index(n->children, i), name);
	return sum;
}
