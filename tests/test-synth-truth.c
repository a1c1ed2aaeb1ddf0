/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/*
 * test-synth-truth.c: runs ltt-synth, reads its trace back through libltt
 * and recomputes the truth from the events alone, following the rules of
 * doc/ltt-synth.md; every number of --truth must match to the nanosecond.
 * Along the way it checks what the trace promises: no damage, the requested
 * event count, a state dump first, wakeups before a blocked task runs again,
 * losses on every Nth block, equal timestamps, long gaps, pid reuse.
 */
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "ltt/ltt.h"
#include "test-ltt-util.h"

/* --- a small JSON reader, enough for the truth file --- */

typedef enum { J_NULL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } JKind;

typedef struct JNode JNode;
struct JNode {
	JKind kind;
	gint64 number;
	char *string;
	GPtrArray *items;        /* arrays: JNode; objects: values, in order */
	GPtrArray *keys;         /* objects: char * */
};

static void jnode_free(gpointer p)
{
	JNode *n = p;

	if (!n)
		return;
	g_free(n->string);
	if (n->items)
		g_ptr_array_unref(n->items);
	if (n->keys)
		g_ptr_array_unref(n->keys);
	g_free(n);
}

static void skip_ws(const char **p)
{
	while (g_ascii_isspace(**p))
		(*p)++;
}

static char *parse_jstring(const char **p)
{
	GString *s = g_string_new(NULL);

	g_assert_cmpint(**p, ==, '"');
	for ((*p)++; **p != '"'; (*p)++) {
		g_assert_cmpint(**p, !=, '\0');
		g_assert_cmpint((guchar) **p, >=, 0x20);
		if (**p != '\\') {
			g_string_append_c(s, **p);
			continue;
		}
		(*p)++;
		switch (**p) {
		case '"': case '\\': case '/': g_string_append_c(s, **p); break;
		case 'n': g_string_append_c(s, '\n'); break;
		case 't': g_string_append_c(s, '\t'); break;
		case 'r': g_string_append_c(s, '\r'); break;
		case 'u': {
			char hex[5] = { 0 };
			memcpy(hex, *p + 1, 4);
			g_string_append_unichar(s, (gunichar) strtoul(hex, NULL, 16));
			*p += 4;
			break;
		}
		default: g_assert_not_reached();
		}
	}
	(*p)++;
	return g_string_free(s, FALSE);
}

static JNode *parse_jvalue(const char **p)
{
	JNode *n = g_new0(JNode, 1);

	skip_ws(p);
	if (**p == '{' || **p == '[') {
		gboolean object = **p == '{';
		char close = object ? '}' : ']';
		n->kind = object ? J_OBJECT : J_ARRAY;
		n->items = g_ptr_array_new_with_free_func(jnode_free);
		if (object)
			n->keys = g_ptr_array_new_with_free_func(g_free);
		(*p)++;
		skip_ws(p);
		if (**p == close) {
			(*p)++;
			return n;
		}
		for (;;) {
			skip_ws(p);
			if (object) {
				g_ptr_array_add(n->keys, parse_jstring(p));
				skip_ws(p);
				g_assert_cmpint(**p, ==, ':');
				(*p)++;
			}
			g_ptr_array_add(n->items, parse_jvalue(p));
			skip_ws(p);
			if (**p == ',') {
				(*p)++;
				continue;
			}
			g_assert_cmpint(**p, ==, close);
			(*p)++;
			return n;
		}
	}
	if (**p == '"') {
		n->kind = J_STRING;
		n->string = parse_jstring(p);
	} else if (g_str_has_prefix(*p, "null")) {
		n->kind = J_NULL;
		*p += 4;
	} else {
		char *end;
		n->kind = J_NUMBER;
		n->number = g_ascii_strtoll(*p, &end, 10);
		g_assert_true(end != *p);
		*p = end;
	}
	return n;
}

static JNode *jget(const JNode *o, const char *key)
{
	g_assert_cmpint(o->kind, ==, J_OBJECT);
	for (guint i = 0; i < o->keys->len; i++)
		if (strcmp(g_ptr_array_index(o->keys, i), key) == 0)
			return g_ptr_array_index(o->items, i);
	return NULL;
}

static gint64 jnum(const JNode *o, const char *key)
{
	JNode *n = jget(o, key);
	g_assert_nonnull(n);
	g_assert_cmpint(n->kind, ==, J_NUMBER);
	return n->number;
}

/* --- the reference accounting --- */

enum { M_USER, M_SYSCALL, M_TRAP, M_IRQ, M_SOFTIRQ, M_IDLE, M_COUNT };
static const char *const mode_names[M_COUNT] = { "user", "syscall", "trap", "irq", "softirq",
	                                          "idle" };

typedef struct {
	char *key;
	gint64 pid, tgid, ppid;
	char *name;
	gint cpu;
	gboolean has_birth, has_exit;
	guint64 birth, exit_time;
	guint8 stack[16];
	guint depth;
	guint64 time[M_COUNT];
	GHashTable *counts;      /* event name -> count */
	gboolean blocked;        /* switched out with prev_state 1 or 2, not woken since */
	gboolean expect_sys_exit;/* in a system call at the start: its first one is sys_exit */
} Proc;

static void proc_free(gpointer p)
{
	Proc *r = p;
	g_free(r->key);
	g_free(r->name);
	g_hash_table_unref(r->counts);
	g_free(r);
}

typedef struct {
	GHashTable *procs;       /* key -> Proc (all ever seen) */
	GHashTable *live;        /* tid -> Proc, tasks that exist now */
	GHashTable *new_flags;   /* child tid -> clone_flags of its task_newtask */
	Proc **swapper;
	Proc **current;
	guint64 *last;
	guint cpus;
	guint64 start, end;
	guint64 equal_same_cpu, equal_across_cpus, long_gaps;
	guint dump_in_syscall;   /* state dump entries in mode SYSCALL */
	gboolean in_statedump;
} Ref;

static Proc *proc_add(Ref *r, gint64 pid, gint64 tgid, gint64 ppid, const char *name,
                      gboolean has_birth, guint64 birth, gint cpu)
{
	Proc *p = g_new0(Proc, 1);

	p->pid = pid;
	p->tgid = tgid;
	p->ppid = ppid;
	p->name = g_strdup(name);
	p->cpu = cpu;
	p->has_birth = has_birth;
	p->birth = birth;
	p->counts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	p->stack[0] = M_USER;
	p->depth = 1;
	if (cpu >= 0)
		p->key = g_strdup_printf("0/cpu%d", cpu);
	else if (has_birth)
		p->key = g_strdup_printf("%" G_GINT64_FORMAT "/%" G_GUINT64_FORMAT, pid, birth);
	else
		p->key = g_strdup_printf("%" G_GINT64_FORMAT "/-", pid);
	g_assert_false(g_hash_table_contains(r->procs, p->key));
	g_hash_table_insert(r->procs, p->key, p);
	if (cpu < 0) {
		g_assert_false(g_hash_table_contains(r->live, GINT_TO_POINTER((gint) pid)));
		g_hash_table_insert(r->live, GINT_TO_POINTER((gint) pid), p);
	}
	return p;
}

static Proc *live_task(Ref *r, gint64 pid)
{
	Proc *p = g_hash_table_lookup(r->live, GINT_TO_POINTER((gint) pid));
	g_assert_nonnull(p);
	return p;
}

static gint64 field_int(const LttEvent *ev, const char *name)
{
	const LttField *f = ltt_event_type_field_by_name(ltt_event_type(ev), name);
	g_assert_nonnull(f);
	return ltt_event_get_int(ev, f);
}

static const char *field_str(const LttEvent *ev, const char *name)
{
	const LttField *f = ltt_event_type_field_by_name(ltt_event_type(ev), name);
	const char *s;
	g_assert_nonnull(f);
	s = ltt_event_get_string(ev, f);
	g_assert_nonnull(s);
	return s;
}

static void push(Proc *p, guint8 mode)
{
	g_assert_cmpuint(p->depth, <, G_N_ELEMENTS(p->stack));
	p->stack[p->depth++] = mode;
}

static void pop(Proc *p, guint8 mode)
{
	g_assert_cmpuint(p->depth, >, 1);
	g_assert_cmpuint(p->stack[p->depth - 1], ==, mode);
	p->depth--;
}

static void statedump_process(Ref *r, const LttEvent *ev)
{
	gint64 pid = field_int(ev, "pid");
	guint64 birth = (guint64) field_int(ev, "birth_time");
	gint cpu = (gint) field_int(ev, "cpu");
	gint64 status = field_int(ev, "status");
	Proc *p;

	g_assert_cmpuint(cpu, <, r->cpus);
	if (pid == 0) {
		p = proc_add(r, 0, 0, 0, field_str(ev, "name"), FALSE, 0, cpu);
		p->stack[0] = M_IDLE;
		r->swapper[cpu] = p;
		if (status == 0)
			r->current[cpu] = p;
		return;
	}
	p = proc_add(r, pid, field_int(ev, "tgid"), field_int(ev, "ppid"), field_str(ev, "name"),
	             birth != 0, birth, -1);
	if (field_int(ev, "mode") == 1) {
		push(p, M_SYSCALL);
		p->expect_sys_exit = TRUE;
		r->dump_in_syscall++;
	}
	if (status == 1 || status == 2)
		p->blocked = TRUE;
	if (status == 0)
		r->current[cpu] = p;
}

static void count(Proc *p, const char *name)
{
	gpointer old = g_hash_table_lookup(p->counts, name);
	g_hash_table_replace(p->counts, g_strdup(name), GSIZE_TO_POINTER(GPOINTER_TO_SIZE(old) + 1));
}

static void ref_event(Ref *r, const LttEvent *ev)
{
	const char *name = ltt_event_name(ev);
	guint c = ltt_event_cpu(ev);
	LttTime t = ltt_event_time(ev);
	Proc *cur;

	g_assert_cmpuint(c, <, r->cpus);
	if (g_str_has_prefix(name, "ltt_statedump_")) {
		g_assert_true(r->in_statedump);
		g_assert_cmpuint(t, ==, r->start);
		if (strcmp(name, "ltt_statedump_process") == 0)
			statedump_process(r, ev);
		else if (strcmp(name, "ltt_statedump_end") == 0) {
			r->in_statedump = FALSE;
			for (guint i = 0; i < r->cpus; i++) {
				g_assert_nonnull(r->swapper[i]);
				if (!r->current[i])
					r->current[i] = r->swapper[i];
			}
		}
		return;
	}
	g_assert_false(r->in_statedump);
	cur = r->current[c];
	g_assert_cmpuint(t, >=, r->last[c]);
	cur->time[cur->stack[cur->depth - 1]] += t - r->last[c];
	r->last[c] = t;
	count(cur, name);

	if (strcmp(name, "sched_switch") == 0) {
		gint64 prev = field_int(ev, "prev_pid"), next = field_int(ev, "next_pid");
		gint64 state = field_int(ev, "prev_state");
		Proc *np = next == 0 ? r->swapper[c] : live_task(r, next);
		g_assert_cmpint(prev, ==, cur->pid);
		g_assert_false(np->blocked);
		if (state == 1 || state == 2)
			cur->blocked = TRUE;
		r->current[c] = np;
	} else if (strcmp(name, "sched_wakeup") == 0) {
		Proc *p = live_task(r, field_int(ev, "pid"));
		g_assert_true(p->blocked);
		p->blocked = FALSE;
	} else if (strcmp(name, "task_newtask") == 0) {
		g_hash_table_insert(r->new_flags, GINT_TO_POINTER((gint) field_int(ev, "pid")),
		                    GSIZE_TO_POINTER((gsize) field_int(ev, "clone_flags")));
	} else if (strcmp(name, "sched_process_fork") == 0) {
		gint64 child = field_int(ev, "child_pid");
		Proc *parent = live_task(r, field_int(ev, "parent_pid"));
		gsize flags = GPOINTER_TO_SIZE(g_hash_table_lookup(r->new_flags,
		                                                   GINT_TO_POINTER((gint) child)));
		gboolean thread = (flags & 0x10000) != 0;
		Proc *p = proc_add(r, child, thread ? parent->tgid : child,
		                   thread ? parent->ppid : parent->tgid, field_str(ev, "child_comm"),
		                   TRUE, t, -1);
		g_assert_cmpuint(flags, !=, 0);
		push(p, M_SYSCALL);
	} else if (strcmp(name, "sched_process_exec") == 0) {
		g_free(cur->name);
		cur->name = g_path_get_basename(field_str(ev, "filename"));
	} else if (strcmp(name, "sched_process_exit") == 0) {
		cur->has_exit = TRUE;
		cur->exit_time = t;
	} else if (strcmp(name, "sched_process_free") == 0) {
		Proc *p = live_task(r, field_int(ev, "pid"));
		g_assert_true(p->has_exit);
		g_hash_table_remove(r->live, GINT_TO_POINTER((gint) p->pid));
	} else if (strcmp(name, "sys_enter") == 0) {
		g_assert_false(cur->expect_sys_exit);
		push(cur, M_SYSCALL);
	} else if (strcmp(name, "sys_exit") == 0) {
		cur->expect_sys_exit = FALSE;
		pop(cur, M_SYSCALL);
	} else if (g_str_has_prefix(name, "page_fault_") && strcmp(name, "page_fault_exit") != 0) {
		push(cur, M_TRAP);
	} else if (strcmp(name, "page_fault_exit") == 0) {
		pop(cur, M_TRAP);
	} else if (strcmp(name, "irq_handler_entry") == 0) {
		push(cur, M_IRQ);
	} else if (strcmp(name, "irq_handler_exit") == 0) {
		pop(cur, M_IRQ);
	} else if (strcmp(name, "softirq_entry") == 0) {
		push(cur, M_SOFTIRQ);
	} else if (strcmp(name, "softirq_exit") == 0) {
		pop(cur, M_SOFTIRQ);
	}
}

/* --- running ltt-synth --- */

typedef struct {
	char *dir;
	char *trace;
	char *truth;
	JNode *json;
	LttTrace *t;
	Ref ref;
	guint64 events;          /* as read */
	guint64 lost_every;
	GHashTable *pids_seen;   /* pid -> number of distinct processes with it */
} Run;

static void run_synth(Run *run, const char *const *args)
{
	GPtrArray *argv = g_ptr_array_new();
	char *out = NULL, *err = NULL, *text = NULL;
	int status;
	GError *error = NULL;

	run->dir = tlt_make_dir();
	run->trace = g_build_filename(run->dir, "trace", NULL);
	run->truth = g_build_filename(run->dir, "truth.json", NULL);
	g_ptr_array_add(argv, (gpointer) TOP_BUILDDIR "/ltt/ltt-synth");
	g_ptr_array_add(argv, (gpointer) "-o");
	g_ptr_array_add(argv, run->trace);
	g_ptr_array_add(argv, (gpointer) "--truth");
	g_ptr_array_add(argv, run->truth);
	for (; *args; args++)
		g_ptr_array_add(argv, (gpointer) *args);
	g_ptr_array_add(argv, NULL);
	g_assert_true(g_spawn_sync(NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
	                           &out, &err, &status, &error));
	g_assert_no_error(error);
	if (!g_spawn_check_wait_status(status, NULL))
		g_error("ltt-synth failed: %s", err);
	g_ptr_array_free(argv, TRUE);
	g_free(out);
	g_free(err);

	g_assert_true(g_file_get_contents(run->truth, &text, NULL, NULL));
	{
		const char *p = text;
		run->json = parse_jvalue(&p);
		skip_ws(&p);
		g_assert_cmpint(*p, ==, '\0');
	}
	g_free(text);
	run->t = ltt_trace_open(run->trace, &error);
	g_assert_no_error(error);
}

/* Reads every event in the order a reader merges them (time, then CPU) and
 * feeds the reference. */
static void read_trace(Run *run)
{
	LttTrace *t = run->t;
	guint n = ltt_trace_tracefile_count(t);
	Ref *r = &run->ref;
	LttTracefile **tfs = g_new0(LttTracefile *, n);
	gboolean *more = g_new0(gboolean, n);
	guint64 *lost_seen = g_new0(guint64, n);
	GError *error = NULL;
	LttTime prev_time = 0;
	gint prev_cpu = -1;

	r->cpus = ltt_trace_info(t)->cpu_count;
	g_assert_cmpuint(n, ==, r->cpus);
	r->procs = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, proc_free);
	r->live = g_hash_table_new(g_direct_hash, g_direct_equal);
	r->new_flags = g_hash_table_new(g_direct_hash, g_direct_equal);
	r->swapper = g_new0(Proc *, r->cpus);
	r->current = g_new0(Proc *, r->cpus);
	r->last = g_new0(guint64, r->cpus);
	r->start = ltt_trace_start_time(t);
	r->end = ltt_trace_end_time(t);
	r->in_statedump = TRUE;
	for (guint c = 0; c < r->cpus; c++)
		r->last[c] = r->start;

	for (guint i = 0; i < n; i++) {
		tfs[i] = ltt_trace_tracefile(t, i);
		g_assert_cmpuint(ltt_tracefile_cpu(tfs[i]), ==, i);
		more[i] = ltt_tracefile_next(tfs[i], &error) == LTT_READ_EVENT;
		g_assert_no_error(error);
	}
	for (;;) {
		gint best = -1;
		const LttEvent *ev;
		LttEventPosition pos;
		LttTime now;
		for (guint i = 0; i < n; i++)
			if (more[i] && (best < 0 || ltt_event_time(ltt_tracefile_event(tfs[i]))
			                < ltt_event_time(ltt_tracefile_event(tfs[best]))))
				best = (gint) i;
		if (best < 0)
			break;
		ev = ltt_tracefile_event(tfs[best]);
		now = ltt_event_time(ev);
		if (prev_cpu == best && now == prev_time)
			r->equal_same_cpu++;
		else if (prev_cpu != best && prev_cpu >= 0 && now == prev_time)
			r->equal_across_cpus++;
		if (now - r->last[best] >= (G_GUINT64_CONSTANT(1) << 32) && !r->in_statedump)
			r->long_gaps++;
		prev_time = now;
		prev_cpu = best;

		/* Losses: lost_before grows exactly at blocks B, 2B, ... */
		ltt_event_position(ev, &pos);
		if (ltt_tracefile_lost_before_current(tfs[best]) != lost_seen[best]) {
			g_assert_cmpuint(run->lost_every, >, 0);
			g_assert_cmpuint(pos.block % run->lost_every, ==, 0);
			g_assert_cmpuint(ltt_tracefile_lost_before_current(tfs[best]), >, lost_seen[best]);
			lost_seen[best] = ltt_tracefile_lost_before_current(tfs[best]);
		} else if (run->lost_every && pos.block > 0 && pos.block % run->lost_every == 0
		           && pos.offset == 64) {
			g_assert_not_reached();
		}
		ref_event(r, ev);
		run->events++;
		more[best] = ltt_tracefile_next(tfs[best], &error) == LTT_READ_EVENT;
		g_assert_no_error(error);
	}
	g_assert_false(r->in_statedump);
	for (guint c = 0; c < r->cpus; c++) {
		Proc *cur = r->current[c];
		cur->time[cur->stack[cur->depth - 1]] += r->end - r->last[c];
	}
	g_assert_cmpuint(ltt_trace_warning_count(t), ==, 0);
	g_free(lost_seen);
	g_free(more);
	g_free(tfs);
}

/* Every process of the truth is one the reference met, with the same
 * numbers, and the other way round. */
static void compare_truth(Run *run)
{
	Ref *r = &run->ref;
	JNode *procs = jget(run->json, "processes");
	JNode *trace = jget(run->json, "trace");
	JNode *lost = jget(run->json, "lost_events");
	guint64 total = 0;

	g_assert_nonnull(procs);
	g_assert_nonnull(trace);
	g_assert_cmpuint(jnum(trace, "start"), ==, r->start);
	g_assert_cmpuint(jnum(trace, "end"), ==, r->end);
	g_assert_cmpuint(jnum(trace, "cpus"), ==, r->cpus);
	g_assert_cmpuint(jnum(trace, "events"), ==, run->events);
	g_assert_cmpuint(jnum(trace, "processes"), ==, procs->items->len);
	g_assert_cmpuint(lost->items->len, ==, r->cpus);
	for (guint c = 0; c < r->cpus; c++)
		g_assert_cmpuint(((JNode *) g_ptr_array_index(lost->items, c))->number, ==,
		                 ltt_tracefile_lost_events(ltt_trace_tracefile(run->t, c)));

	g_assert_cmpuint(procs->items->len, ==, g_hash_table_size(r->procs));
	for (guint i = 0; i < procs->items->len; i++) {
		const char *key = g_ptr_array_index(procs->keys, i);
		JNode *o = g_ptr_array_index(procs->items, i);
		Proc *p = g_hash_table_lookup(r->procs, key);
		JNode *times = jget(o, "cpu_time"), *events = jget(o, "events"), *n;
		guint64 sum = 0;

		if (!p)
			g_error("truth process %s is in no state dump and no fork", key);
		g_assert_cmpint(jnum(o, "pid"), ==, p->pid);
		g_assert_cmpint(jnum(o, "tgid"), ==, p->tgid);
		g_assert_cmpint(jnum(o, "ppid"), ==, p->ppid);
		g_assert_cmpstr(jget(o, "name")->string, ==, p->name);
		n = jget(o, "birth");
		g_assert_cmpint(n->kind == J_NUMBER, ==, p->has_birth);
		if (p->has_birth)
			g_assert_cmpuint(n->number, ==, p->birth);
		n = jget(o, "exit");
		g_assert_cmpint(n->kind == J_NUMBER, ==, p->has_exit);
		if (p->has_exit)
			g_assert_cmpuint(n->number, ==, p->exit_time);
		if (p->cpu >= 0)
			g_assert_cmpint(jnum(o, "cpu"), ==, p->cpu);
		for (guint m = 0; m < M_COUNT; m++) {
			g_assert_cmpuint(jnum(times, mode_names[m]), ==, p->time[m]);
			sum += p->time[m];
		}
		total += sum;
		g_assert_cmpuint(events->items->len, ==, g_hash_table_size(p->counts));
		for (guint e = 0; e < events->items->len; e++) {
			const char *ename = g_ptr_array_index(events->keys, e);
			g_assert_cmpuint(((JNode *) g_ptr_array_index(events->items, e))->number, ==,
			                 GPOINTER_TO_SIZE(g_hash_table_lookup(p->counts, ename)));
		}
		g_hash_table_replace(run->pids_seen, GINT_TO_POINTER((gint) p->pid),
		                     GINT_TO_POINTER(GPOINTER_TO_INT(g_hash_table_lookup(
		                             run->pids_seen, GINT_TO_POINTER((gint) p->pid))) + 1));
	}
	/* Every CPU's time is attributed to exactly one process at a time. */
	g_assert_cmpuint(total, ==, (guint64) r->cpus * (r->end - r->start));
}

static void run_free(Run *run)
{
	Ref *r = &run->ref;

	g_hash_table_unref(r->procs);
	g_hash_table_unref(r->live);
	g_hash_table_unref(r->new_flags);
	g_free(r->swapper);
	g_free(r->current);
	g_free(r->last);
	g_hash_table_unref(run->pids_seen);
	ltt_trace_unref(run->t);
	tlt_remove_dir(run->dir);
	jnode_free(run->json);
	g_free(run->trace);
	g_free(run->truth);
	g_free(run->dir);
}

static void check_run(Run *run, const char *const *args, guint64 events, guint64 lost_every)
{
	memset(run, 0, sizeof *run);
	run->lost_every = lost_every;
	run->pids_seen = g_hash_table_new(g_direct_hash, g_direct_equal);
	run_synth(run, args);
	read_trace(run);
	g_assert_cmpuint(run->events, ==, events);
	compare_truth(run);
	g_assert_cmpuint(run->ref.equal_same_cpu, >, 0);
}

static void test_default(void)
{
	static const char *const args[] = { "--events", "30000", "--seed", "3", NULL };
	Run run;

	check_run(&run, args, 30000, 0);
	g_assert_cmpuint(run.ref.cpus, ==, 2);
	g_assert_cmpuint(run.ref.equal_across_cpus, >, 0);
	g_assert_cmpuint(run.ref.long_gaps, ==, 0);
	g_assert_cmpuint(ltt_tracefile_lost_events(ltt_trace_tracefile(run.t, 0)), ==, 0);
	run_free(&run);
}

static void test_threads_syscall_reuse(void)
{
	static const char *const args[] = { "--cpus", "3", "--processes", "30",
		"--threads-per-process", "3", "--start-in-syscall", "--pid-reuse",
		"--events", "80000", "--seed", "5", NULL };
	Run run;
	GHashTableIter it;
	gpointer key, value;
	guint reused = 0, threads = 0;

	check_run(&run, args, 80000, 0);
	g_hash_table_iter_init(&it, run.pids_seen);
	while (g_hash_table_iter_next(&it, &key, &value))
		if (GPOINTER_TO_INT(key) != 0 && GPOINTER_TO_INT(value) > 1)
			reused++;
	g_assert_cmpuint(reused, >, 0);
	g_hash_table_iter_init(&it, run.ref.procs);
	while (g_hash_table_iter_next(&it, &key, &value)) {
		Proc *p = value;
		if (p->pid != p->tgid)
			threads++;
	}
	g_assert_cmpuint(threads, >, 0);
	g_assert_cmpuint(run.ref.dump_in_syscall, >, 0);
	g_assert_cmpuint(run.ref.equal_across_cpus, >, 0);
	run_free(&run);
}

static void test_lost_big_endian(void)
{
	static const char *const args[] = { "--lost-every", "3", "--block-size", "4096",
		"--big-endian", "--events", "30000", "--seed", "7", NULL };
	Run run;

	check_run(&run, args, 30000, 3);
	g_assert_cmpint(ltt_trace_info(run.t)->byte_order, ==, G_BIG_ENDIAN);
	for (guint c = 0; c < run.ref.cpus; c++) {
		LttTracefile *tf = ltt_trace_tracefile(run.t, c);
		g_assert_cmpuint(ltt_tracefile_block_count(tf), >=, 6);
		g_assert_cmpuint(ltt_tracefile_lost_events(tf), >, 0);
	}
	run_free(&run);
}

static void test_long_gaps(void)
{
	static const char *const args[] = { "--cpus", "1", "--processes", "4", "--long-gaps",
		"--events", "20000", "--seed", "9", NULL };
	Run run;

	check_run(&run, args, 20000, 0);
	g_assert_cmpuint(run.ref.long_gaps, >, 0);
	run_free(&run);
}

/* Just the state dump: the smallest trace ltt-synth accepts. */
static void test_statedump_only(void)
{
	/* 1 CPU + init + 18 system calls + 4 IRQs + end. */
	static const char *const args[] = { "--cpus", "1", "--processes", "1", "--events", "25",
		NULL };
	Run run;

	memset(&run, 0, sizeof run);
	run.pids_seen = g_hash_table_new(g_direct_hash, g_direct_equal);
	run_synth(&run, args);
	read_trace(&run);
	g_assert_cmpuint(run.events, ==, 25);
	compare_truth(&run);
	run_free(&run);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/synth/truth/default", test_default);
	g_test_add_func("/synth/truth/threads-syscall-reuse", test_threads_syscall_reuse);
	g_test_add_func("/synth/truth/lost-big-endian", test_lost_big_endian);
	g_test_add_func("/synth/truth/long-gaps", test_long_gaps);
	g_test_add_func("/synth/truth/statedump-only", test_statedump_only);
	return g_test_run();
}
