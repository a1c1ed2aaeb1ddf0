/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* state-vocabulary.c: the kernel vocabulary of the state (doc/format.md §4,
 * the Linux tracepoints' names and fields) and LTTng's names for the same
 * events, so that LTTng kernel traces imported by ltt-import are understood
 * as ours are.  LTTng keeps the tracepoints' names but calls thread ids
 * "tid" (its "pid" is the thread group), and has one event type per system
 * call.  The table is in doc/analysis.md. */
#include "config.h"
#include <string.h>
#include "state-vocabulary.h"

static const LttvEventSpec kernel_specs[] = {
	{ "sched_switch", LTTV_EV_SCHED_SWITCH, 0x9,
	  { "prev_comm", "prev_pid", "prev_state", "next_comm", "next_pid" } },
	{ "sched_wakeup", LTTV_EV_SCHED_WAKEUP, 0x1, { "comm", "pid" } },
	{ "sched_wakeup_new", LTTV_EV_SCHED_WAKEUP_NEW, 0x1, { "comm", "pid" } },
	{ "sched_process_fork", LTTV_EV_SCHED_PROCESS_FORK, 0x2,
	  { "parent_pid", "child_comm", "child_pid" } },
	{ "task_newtask", LTTV_EV_TASK_NEWTASK, 0x2, { "pid", "comm", "clone_flags" } },
	{ "sched_process_exec", LTTV_EV_SCHED_PROCESS_EXEC, 0x1, { "filename", "pid" } },
	{ "sched_process_exit", LTTV_EV_SCHED_PROCESS_EXIT, 0x1, { "comm", "pid" } },
	{ "sched_process_free", LTTV_EV_SCHED_PROCESS_FREE, 0x1, { "comm", "pid" } },
	{ "task_rename", LTTV_EV_TASK_RENAME, 0x6, { "pid", "oldcomm", "newcomm" } },
	{ "sys_enter", LTTV_EV_SYS_ENTER, 0, { "id" } },
	{ "sys_exit", LTTV_EV_SYS_EXIT, 0, { "id" } },
	{ "irq_handler_entry", LTTV_EV_IRQ_ENTRY, 0x2, { "irq", "name" } },
	{ "irq_handler_exit", LTTV_EV_IRQ_EXIT, 0, { "irq" } },
	{ "softirq_entry", LTTV_EV_SOFTIRQ_ENTRY, 0, { "vec" } },
	{ "softirq_exit", LTTV_EV_SOFTIRQ_EXIT, 0, { "vec" } },
	{ "page_fault_user", LTTV_EV_PAGE_FAULT_USER, 0, { NULL } },
	{ "page_fault_kernel", LTTV_EV_PAGE_FAULT_KERNEL, 0, { NULL } },
	{ "page_fault_exit", LTTV_EV_PAGE_FAULT_EXIT, 0, { NULL } },
	{ "sched_stat_runtime", LTTV_EV_SCHED_STAT_RUNTIME, 0, { "pid", "runtime" } },
	{ "ltt_statedump_process", LTTV_EV_STATEDUMP_PROCESS, 0x8,
	  { "pid", "tgid", "ppid", "name", "status", "mode", "cpu", "kernel_thread", "birth_time" } },
	{ "ltt_statedump_comm", LTTV_EV_STATEDUMP_COMM, 0x2, { "pid", "comm" } },
	{ "ltt_statedump_irq", LTTV_EV_STATEDUMP_IRQ, 0x2, { "irq", "name" } },
	{ "ltt_statedump_syscall", LTTV_EV_STATEDUMP_SYSCALL, 0x2, { "id", "name" } },
	{ "ltt_statedump_end", LTTV_EV_STATEDUMP_END, 0, { NULL } },
};

/* lttng_statedump_process_state's status (UNNAMED, WAIT_FORK, WAIT_CPU,
 * EXIT, ZOMBIE, WAIT, RUN, DEAD) and mode (USER_MODE, SYSCALL, TRAP, IRQ,
 * SOFTIRQ, MODE_UNKNOWN) as ltt_statedump_process's (format.md §4: RUNNING
 * 0, SLEEPING 1, ZOMBIE 5, DEAD 6, WAITING_CPU 8; USER 0, SYSCALL 1,
 * UNKNOWN 2).  Without the cpu field (lttng-modules before 2.3) a running
 * task's CPU is unknown: it is only said runnable. */
static const gint8 lttng_status[] = { 8, 8, 8, 5, 5, 1, 0, 6 };
static const gint8 lttng_status_no_cpu[] = { 8, 8, 8, 5, 5, 1, 8, 6 };
static const gint8 lttng_mode[] = { 0, 1, 2, 2, 2, 2 };
static const LttvValueMap lttng_status_map = { G_N_ELEMENTS(lttng_status), lttng_status, 8 };
static const LttvValueMap lttng_status_no_cpu_map = { G_N_ELEMENTS(lttng_status_no_cpu), lttng_status_no_cpu, 8 };
static const LttvValueMap lttng_mode_map = { G_N_ELEMENTS(lttng_mode), lttng_mode, 2 };

/* LTTng 2.x (lttng-modules), where it differs from the above. */
static const LttvEventSpec lttng_specs[] = {
	{ "sched_switch", LTTV_EV_SCHED_SWITCH, 0x9,
	  { "prev_comm", "prev_tid", "prev_state", "next_comm", "next_tid" } },
	{ "sched_wakeup", LTTV_EV_SCHED_WAKEUP, 0x1, { "comm", "tid" } },
	{ "sched_wakeup_new", LTTV_EV_SCHED_WAKEUP_NEW, 0x1, { "comm", "tid" } },
	{ "sched_process_fork", LTTV_EV_SCHED_PROCESS_FORK, 0x2,
	  { "parent_tid", "child_comm", "child_tid" } },
	{ "sched_process_exec", LTTV_EV_SCHED_PROCESS_EXEC, 0x1, { "filename", "tid" } },
	{ "sched_process_exit", LTTV_EV_SCHED_PROCESS_EXIT, 0x1, { "comm", "tid" } },
	{ "sched_process_free", LTTV_EV_SCHED_PROCESS_FREE, 0x1, { "comm", "tid" } },
	{ "sched_stat_runtime", LTTV_EV_SCHED_STAT_RUNTIME, 0, { "tid", "runtime" } },
	{ "x86_exceptions_page_fault_user", LTTV_EV_PAGE_FAULT_USER, 0, { NULL } },
	{ "x86_exceptions_page_fault_kernel", LTTV_EV_PAGE_FAULT_KERNEL, 0, { NULL } },
	{ "lttng_statedump_process_state", LTTV_EV_STATEDUMP_PROCESS, 0x8,
	  { "tid", "pid", "ppid", "name", "status", "mode", "cpu", "type", "=0" },
	  { [4] = &lttng_status_map, [5] = &lttng_mode_map } },
	{ "lttng_statedump_process_state", LTTV_EV_STATEDUMP_PROCESS, 0x8,
	  { "tid", "pid", "ppid", "name", "status", "mode", "=cpu", "type", "=0" },
	  { [4] = &lttng_status_no_cpu_map, [5] = &lttng_mode_map } },
	{ "lttng_statedump_interrupt", LTTV_EV_STATEDUMP_IRQ, 0x2, { "irq", "action" } },
	{ "lttng_statedump_end", LTTV_EV_STATEDUMP_END, 0, { NULL } },
};

#define SYSCALL_ENTRY_PREFIX "syscall_entry_"
#define SYSCALL_EXIT_PREFIX "syscall_exit_"

static const LttvEventSpec syscall_entry_spec = { SYSCALL_ENTRY_PREFIX, LTTV_EV_SYS_ENTER, 0, { NULL } };
static const LttvEventSpec syscall_exit_spec = { SYSCALL_EXIT_PREFIX, LTTV_EV_SYS_EXIT, 0, { NULL } };

/* The interrupt vectors of x86 that have no IRQ line, each with an entry
 * and an exit tracepoint in the kernel's irq_vectors system (NAME_entry,
 * NAME_exit; LTTng: x86_irq_vectors_LTTNG_entry, ...).  Their index is
 * their submode's number (doc/analysis.md §1.2): checkpoints on disk keep
 * submodes, so a vector keeps its index; new ones go at the end. */
static const struct {
	const char *name;
	const char *lttng;
} irq_vectors[] = {
	{ "local_timer", "local_timer" },
	{ "reschedule", "reschedule" },
	{ "call_function", "call_function" },
	{ "call_function_single", "call_function_single" },
	{ "irq_work", "irq_work" },
	{ "x86_platform_ipi", "ipi" },
	{ "spurious_apic", "spurious_apic" },
	{ "error_apic", "error_apic" },
	{ "thermal_apic", "thermal_apic" },
	{ "threshold_apic", "threshold_apic" },
	{ "deferred_error_apic", "deferred_error_apic" },
};

#define LTTNG_IRQ_VECTOR_PREFIX "x86_irq_vectors_"

static const LttvEventSpec irq_vector_entry_spec = { "", LTTV_EV_IRQ_ENTRY, 0, { NULL } };
static const LttvEventSpec irq_vector_exit_spec = { "", LTTV_EV_IRQ_EXIT, 0, { NULL } };

/* Whether event is vector's entry (*entry TRUE) or exit. */
static gboolean is_vector_event(const char *event, const char *vector, gboolean *entry)
{
	gsize n = strlen(vector);

	if (strncmp(event, vector, n) != 0)
		return FALSE;
	*entry = strcmp(event + n, "_entry") == 0;
	return *entry || strcmp(event + n, "_exit") == 0;
}

/* The index of event's vector in irq_vectors, -1 when none. */
static gint irq_vector_of(const char *event, gboolean *entry)
{
	gboolean lttng = g_str_has_prefix(event, LTTNG_IRQ_VECTOR_PREFIX);
	guint i;

	for (i = 0; i < G_N_ELEMENTS(irq_vectors); i++)
		if (lttng ? is_vector_event(event + strlen(LTTNG_IRQ_VECTOR_PREFIX), irq_vectors[i].lttng, entry)
		          : is_vector_event(event, irq_vectors[i].name, entry))
			return (gint) i;
	return -1;
}

gint32 lttv_vocabulary_irq_vector(const char *event)
{
	gboolean entry;
	gint i = irq_vector_of(event, &entry);

	return i >= 0 ? LTTV_IRQ_VECTOR_BASE + i : -1;
}

const char *lttv_vocabulary_irq_vector_name(gint32 submode)
{
	if (submode < LTTV_IRQ_VECTOR_BASE || submode - LTTV_IRQ_VECTOR_BASE >= (gint32) G_N_ELEMENTS(irq_vectors))
		return NULL;
	return irq_vectors[submode - LTTV_IRQ_VECTOR_BASE].name;
}

/* NAME of syscall_entry_NAME or syscall_exit_NAME, else NULL. */
static const char *syscall_of(const char *event)
{
	if (g_str_has_prefix(event, SYSCALL_ENTRY_PREFIX) && event[strlen(SYSCALL_ENTRY_PREFIX)] != '\0')
		return event + strlen(SYSCALL_ENTRY_PREFIX);
	if (g_str_has_prefix(event, SYSCALL_EXIT_PREFIX) && event[strlen(SYSCALL_EXIT_PREFIX)] != '\0')
		return event + strlen(SYSCALL_EXIT_PREFIX);
	return NULL;
}

const LttvEventSpec *lttv_vocabulary_next(const char *name, guint *cursor)
{
	const guint n_kernel = G_N_ELEMENTS(kernel_specs), n_lttng = G_N_ELEMENTS(lttng_specs);

	for (; *cursor < n_kernel + n_lttng; (*cursor)++) {
		const LttvEventSpec *spec = *cursor < n_kernel ? &kernel_specs[*cursor] : &lttng_specs[*cursor - n_kernel];

		if (strcmp(spec->name, name) == 0) {
			(*cursor)++;
			return spec;
		}
	}
	if (*cursor == n_kernel + n_lttng) {
		gboolean entry;

		(*cursor)++;
		if (syscall_of(name) != NULL)
			return g_str_has_prefix(name, SYSCALL_ENTRY_PREFIX) ? &syscall_entry_spec : &syscall_exit_spec;
		if (irq_vector_of(name, &entry) >= 0)
			return entry ? &irq_vector_entry_spec : &irq_vector_exit_spec;
	}
	return NULL;
}

/* The system calls' names by number: those of the trace's per-call entry
 * types in the order of its types, then those only an exit names. */
static void syscalls_number(LttvEventTable *table)
{
	guint pass, i, n = ltt_trace_event_type_count(table->trace);
	GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);

	table->syscalls = g_ptr_array_new();
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			const char *event = ltt_event_type_name(ltt_trace_event_type(table->trace, i));
			const char *call = syscall_of(event);

			if (call == NULL || (pass == 0) != g_str_has_prefix(event, SYSCALL_ENTRY_PREFIX))
				continue;
			call = g_intern_string(call);
			if (!g_hash_table_contains(seen, call)) {
				g_hash_table_add(seen, (gpointer) call);
				g_ptr_array_add(table->syscalls, (gpointer) call);
			}
		}
	g_hash_table_destroy(seen);
}

gint32 lttv_vocabulary_syscall_id(LttvEventTable *table, const LttEventType *type)
{
	const char *call = syscall_of(ltt_event_type_name(type));
	guint i;

	if (call == NULL)
		return -1;
	if (table->syscalls == NULL)
		syscalls_number(table);
	call = g_intern_string(call);
	for (i = 0; i < table->syscalls->len; i++)
		if (g_ptr_array_index(table->syscalls, i) == call)
			return (gint32) i;
	return -1;
}

const char *lttv_vocabulary_syscall_name(const LttvEventTable *table, gint32 id)
{
	if (table->syscalls == NULL || id < 0 || (guint) id >= table->syscalls->len)
		return NULL;
	return g_ptr_array_index(table->syscalls, id);
}
