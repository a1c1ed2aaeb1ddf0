// SPDX-License-Identifier: GPL-2.0-or-later
// SPDX-FileCopyrightText: 2026 The LTTV authors
/*
 * ltt-probes.c: the probes attached to the kernel's tracepoints.  Each
 * writes one event of channel "kernel" with the names and fields of
 * doc/format.md §4 (the Linux tracepoints' own), payload packed in the host
 * byte order.  Tracepoints are found by name, so a kernel without one (the
 * page_fault_exit of ../ltt-page-fault-exit.patch) loads the module all the
 * same; the metadata then declares the event absent.
 */
#include <linux/bitmap.h>
#include <linux/binfmts.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/oom.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/tracepoint.h>
#include <linux/version.h>
#include <asm/syscall.h>

#include "ltt-tracer.h"

int ltt_active;
struct ltt_buf **ltt_bufs;
pid_t ltt_exclude_tgid;

enum {
	P_SCHED_SWITCH, P_SCHED_WAKEUP, P_SCHED_WAKEUP_NEW, P_SCHED_PROCESS_FORK,
	P_TASK_NEWTASK, P_TASK_RENAME, P_SCHED_PROCESS_EXEC, P_SCHED_PROCESS_EXIT,
	P_SCHED_PROCESS_FREE, P_SYS_ENTER, P_SYS_EXIT, P_IRQ_HANDLER_ENTRY, P_IRQ_HANDLER_EXIT,
	P_SOFTIRQ_ENTRY, P_SOFTIRQ_EXIT, P_SOFTIRQ_RAISE, P_PAGE_FAULT_USER, P_PAGE_FAULT_KERNEL,
	P_PAGE_FAULT_EXIT, P_TIMER_EXPIRE_ENTRY, P_TIMER_EXPIRE_EXIT, P_HRTIMER_EXPIRE_ENTRY,
	P_HRTIMER_EXPIRE_EXIT, P_SCHED_STAT_RUNTIME, P_COUNT
};

/* Payload writers: the slot's bytes are not aligned. */
static inline void put(char **p, const void *v, size_t n)
{
	memcpy(*p, v, n);
	*p += n;
}

#define PUT(p, type, v) do { type __v = (v); put((p), &__v, sizeof(__v)); } while (0)

/* comm may change under us (a rename on another CPU): the length is taken
 * once and the NUL written by us. */
static inline size_t comm_size(const char *comm)
{
	return strnlen(comm, TASK_COMM_LEN - 1) + 1;
}

static inline void put_str(char **p, const char *s, size_t size)
{
	memcpy(*p, s, size - 1);
	(*p)[size - 1] = '\0';
	*p += size;
}

/* The reader's own system calls and faults would feed themselves: they
 * stay out of the trace, as lttd's filter keeps them out of ftrace's.
 * Everything else it does (switches, IRQs it takes) stays in. */
static inline bool excluded(unsigned int probe)
{
	pid_t tgid = READ_ONCE(ltt_exclude_tgid);

	return tgid && (probe == P_SYS_ENTER || probe == P_SYS_EXIT || probe == P_PAGE_FAULT_USER
			|| probe == P_PAGE_FAULT_KERNEL || probe == P_PAGE_FAULT_EXIT)
	       && current->tgid == tgid;
}

/* Every event begins with common_pid, the task current when it was
 * recorded (as lttd keeps ftrace's): analyses know who ran even where a
 * switch was missed. */
#define EVENT_BEGIN(probe, size)						\
	struct ltt_buf *b = READ_ONCE(ltt_active) ? ltt_bufs[smp_processor_id()] : NULL; \
	struct ltt_slot s;							\
	char *p;								\
	if (!b || excluded(probe)						\
	    || !ltt_reserve(b, LTT_ID_FIRST_PROBE + (probe), 4 + (size), &s))	\
		return;								\
	p = s.p;								\
	PUT(&p, s32, current->pid)

#define EVENT_END() ltt_commit(&s)

static long switch_state(bool preempt, unsigned int prev_state, struct task_struct *prev)
{
	unsigned int state;

	if (preempt)
		return TASK_REPORT_MAX;
	state = __task_state_index(prev_state, prev->exit_state);
	return state ? 1L << (state - 1) : 0;
}

static void probe_sched_switch(void *data, bool preempt, struct task_struct *prev,
			       struct task_struct *next, unsigned int prev_state)
{
	size_t pc = comm_size(prev->comm), nc = comm_size(next->comm);
	EVENT_BEGIN(P_SCHED_SWITCH, pc + nc + 4 * 4 + 8);
	put_str(&p, prev->comm, pc);
	PUT(&p, s32, prev->pid);
	PUT(&p, s32, prev->prio);
	PUT(&p, s64, switch_state(preempt, prev_state, prev));
	put_str(&p, next->comm, nc);
	PUT(&p, s32, next->pid);
	PUT(&p, s32, next->prio);
	EVENT_END();
}

static void wakeup(unsigned int probe, struct task_struct *t)
{
	size_t c = comm_size(t->comm);
	EVENT_BEGIN(probe, c + 3 * 4);
	put_str(&p, t->comm, c);
	PUT(&p, s32, t->pid);
	PUT(&p, s32, t->prio);
	PUT(&p, s32, task_cpu(t));
	EVENT_END();
}

static void probe_sched_wakeup(void *data, struct task_struct *t)
{
	wakeup(P_SCHED_WAKEUP, t);
}

static void probe_sched_wakeup_new(void *data, struct task_struct *t)
{
	wakeup(P_SCHED_WAKEUP_NEW, t);
}

static void probe_sched_process_fork(void *data, struct task_struct *parent,
				     struct task_struct *child)
{
	size_t pc = comm_size(parent->comm), cc = comm_size(child->comm);
	EVENT_BEGIN(P_SCHED_PROCESS_FORK, pc + cc + 2 * 4);
	put_str(&p, parent->comm, pc);
	PUT(&p, s32, parent->pid);
	put_str(&p, child->comm, cc);
	PUT(&p, s32, child->pid);
	EVENT_END();
}

static void probe_task_newtask(void *data, struct task_struct *t, unsigned long clone_flags)
{
	size_t c = comm_size(t->comm);
	EVENT_BEGIN(P_TASK_NEWTASK, 4 + c + 8 + 2);
	PUT(&p, s32, t->pid);
	put_str(&p, t->comm, c);
	PUT(&p, u64, clone_flags);
	PUT(&p, s16, t->signal->oom_score_adj);
	EVENT_END();
}

static void probe_task_rename(void *data, struct task_struct *t, const char *comm)
{
	size_t oc = comm_size(t->comm), nc = comm_size(comm);
	EVENT_BEGIN(P_TASK_RENAME, 4 + oc + nc + 2);
	PUT(&p, s32, t->pid);
	put_str(&p, t->comm, oc);
	put_str(&p, comm, nc);
	PUT(&p, s16, t->signal->oom_score_adj);
	EVENT_END();
}

static void probe_sched_process_exec(void *data, struct task_struct *t, pid_t old_pid,
				     struct linux_binprm *bprm)
{
	size_t f = strnlen(bprm->filename, PATH_MAX - 1) + 1;
	EVENT_BEGIN(P_SCHED_PROCESS_EXEC, f + 2 * 4);
	put_str(&p, bprm->filename, f);
	PUT(&p, s32, t->pid);
	PUT(&p, s32, old_pid);
	EVENT_END();
}

static void task_end(unsigned int probe, struct task_struct *t)
{
	size_t c = comm_size(t->comm);
	EVENT_BEGIN(probe, c + 2 * 4);
	put_str(&p, t->comm, c);
	PUT(&p, s32, t->pid);
	PUT(&p, s32, t->prio);
	EVENT_END();
}

static void probe_sched_process_exit(void *data, struct task_struct *t)
{
	task_end(P_SCHED_PROCESS_EXIT, t);
}

static void probe_sched_process_free(void *data, struct task_struct *t)
{
	task_end(P_SCHED_PROCESS_FREE, t);
}

/* The scheduler's charge of a run to tsk (its sum_exec_runtime, what
 * getrusage and /proc/PID/schedstat give): lttv's charged_time.  Linux 6.8
 * dropped the vruntime argument. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
static void probe_sched_stat_runtime(void *data, struct task_struct *tsk, u64 runtime)
#else
static void probe_sched_stat_runtime(void *data, struct task_struct *tsk, u64 runtime, u64 vruntime)
#endif
{
	size_t c = comm_size(tsk->comm);
	EVENT_BEGIN(P_SCHED_STAT_RUNTIME, c + 4 + 8);
	put_str(&p, tsk->comm, c);
	PUT(&p, s32, tsk->pid);
	PUT(&p, u64, runtime);
	EVENT_END();
}

static void probe_sys_enter(void *data, struct pt_regs *regs, long id)
{
	unsigned long args[6];
	EVENT_BEGIN(P_SYS_ENTER, 8 + sizeof(args));
	syscall_get_arguments(current, regs, args);
	PUT(&p, s64, id);
	put(&p, args, sizeof(args));
	EVENT_END();
}

static void probe_sys_exit(void *data, struct pt_regs *regs, long ret)
{
	EVENT_BEGIN(P_SYS_EXIT, 2 * 8);
	PUT(&p, s64, syscall_get_nr(current, regs));
	PUT(&p, s64, ret);
	EVENT_END();
}

static void probe_irq_handler_entry(void *data, int irq, struct irqaction *action)
{
	const char *name = action->name ? action->name : "";
	size_t n = strnlen(name, 63) + 1;
	EVENT_BEGIN(P_IRQ_HANDLER_ENTRY, 4 + n);
	PUT(&p, s32, irq);
	put_str(&p, name, n);
	EVENT_END();
}

static void probe_irq_handler_exit(void *data, int irq, struct irqaction *action, int ret)
{
	EVENT_BEGIN(P_IRQ_HANDLER_EXIT, 2 * 4);
	PUT(&p, s32, irq);
	PUT(&p, s32, ret);
	EVENT_END();
}

static void softirq(unsigned int probe, unsigned int vec)
{
	EVENT_BEGIN(probe, 4);
	PUT(&p, u32, vec);
	EVENT_END();
}

static void probe_softirq_entry(void *data, unsigned int vec)
{
	softirq(P_SOFTIRQ_ENTRY, vec);
}

static void probe_softirq_exit(void *data, unsigned int vec)
{
	softirq(P_SOFTIRQ_EXIT, vec);
}

static void probe_softirq_raise(void *data, unsigned int vec)
{
	softirq(P_SOFTIRQ_RAISE, vec);
}

static void page_fault(unsigned int probe, unsigned long address, struct pt_regs *regs,
		       unsigned long error_code)
{
	EVENT_BEGIN(probe, 3 * 8);
	PUT(&p, u64, address);
	PUT(&p, u64, instruction_pointer(regs));
	PUT(&p, u64, error_code);
	EVENT_END();
}

static void probe_page_fault_user(void *data, unsigned long address, struct pt_regs *regs,
				  unsigned long error_code)
{
	page_fault(P_PAGE_FAULT_USER, address, regs, error_code);
}

static void probe_page_fault_kernel(void *data, unsigned long address, struct pt_regs *regs,
				    unsigned long error_code)
{
	page_fault(P_PAGE_FAULT_KERNEL, address, regs, error_code);
}

/* Added by ../ltt-page-fault-exit.patch; the same prototype as the entries. */
static void probe_page_fault_exit(void *data, unsigned long address, struct pt_regs *regs,
				  unsigned long error_code)
{
	EVENT_BEGIN(P_PAGE_FAULT_EXIT, 0);
	EVENT_END();
}

static void probe_timer_expire_entry(void *data, struct timer_list *timer, unsigned long baseclk)
{
	EVENT_BEGIN(P_TIMER_EXPIRE_ENTRY, 4 * 8);
	PUT(&p, u64, (unsigned long)timer);
	PUT(&p, u64, jiffies);
	PUT(&p, u64, (unsigned long)timer->function);
	PUT(&p, u64, baseclk);
	EVENT_END();
}

static void probe_timer_expire_exit(void *data, struct timer_list *timer)
{
	EVENT_BEGIN(P_TIMER_EXPIRE_EXIT, 8);
	PUT(&p, u64, (unsigned long)timer);
	EVENT_END();
}

static void probe_hrtimer_expire_entry(void *data, struct hrtimer *timer, ktime_t *now)
{
	EVENT_BEGIN(P_HRTIMER_EXPIRE_ENTRY, 3 * 8);
	PUT(&p, u64, (unsigned long)timer);
	PUT(&p, s64, ktime_to_ns(*now));
	PUT(&p, u64, (unsigned long)timer->function);
	EVENT_END();
}

static void probe_hrtimer_expire_exit(void *data, struct hrtimer *timer)
{
	EVENT_BEGIN(P_HRTIMER_EXPIRE_EXIT, 8);
	PUT(&p, u64, (unsigned long)timer);
	EVENT_END();
}

#define TASK_END_FIELDS "comm: string; pid: s32; prio: s32;"
#define WAKEUP_FIELDS "comm: string; pid: s32; prio: s32; target_cpu: s32;"
#define SOFTIRQ_FIELDS "vec: enum u32 { HI = 0, TIMER = 1, NET_TX = 2, NET_RX = 3, BLOCK = 4, " \
	"IRQ_POLL = 5, TASKLET = 6, SCHED = 7, HRTIMER = 8, RCU = 9 };"
#define PAGE_FAULT_FIELDS "address: u64; ip: u64; error_code: u64;"

struct ltt_probe {
	const char *name;       /* of the tracepoint and of the event */
	const char *fields;
	void *func;
	struct tracepoint *tp;  /* NULL: this kernel does not have it */
	bool registered;
};

static struct ltt_probe probes[P_COUNT] = {
	[P_SCHED_SWITCH] = { "sched_switch", "prev_comm: string; prev_pid: s32; prev_prio: s32; "
		"prev_state: s64; next_comm: string; next_pid: s32; next_prio: s32;",
		probe_sched_switch },
	[P_SCHED_WAKEUP] = { "sched_wakeup", WAKEUP_FIELDS, probe_sched_wakeup },
	[P_SCHED_WAKEUP_NEW] = { "sched_wakeup_new", WAKEUP_FIELDS, probe_sched_wakeup_new },
	[P_SCHED_PROCESS_FORK] = { "sched_process_fork", "parent_comm: string; parent_pid: s32; "
		"child_comm: string; child_pid: s32;", probe_sched_process_fork },
	[P_TASK_NEWTASK] = { "task_newtask", "pid: s32; comm: string; clone_flags: u64; "
		"oom_score_adj: s16;", probe_task_newtask },
	[P_TASK_RENAME] = { "task_rename", "pid: s32; oldcomm: string; newcomm: string; "
		"oom_score_adj: s16;", probe_task_rename },
	[P_SCHED_PROCESS_EXEC] = { "sched_process_exec", "filename: string; pid: s32; old_pid: s32;",
		probe_sched_process_exec },
	[P_SCHED_PROCESS_EXIT] = { "sched_process_exit", TASK_END_FIELDS, probe_sched_process_exit },
	[P_SCHED_PROCESS_FREE] = { "sched_process_free", TASK_END_FIELDS, probe_sched_process_free },
	[P_SYS_ENTER] = { "sys_enter", "id: s64; args: u64[6];", probe_sys_enter },
	[P_SYS_EXIT] = { "sys_exit", "id: s64; ret: s64;", probe_sys_exit },
	[P_IRQ_HANDLER_ENTRY] = { "irq_handler_entry", "irq: s32; name: string;",
		probe_irq_handler_entry },
	[P_IRQ_HANDLER_EXIT] = { "irq_handler_exit", "irq: s32; ret: s32;", probe_irq_handler_exit },
	[P_SOFTIRQ_ENTRY] = { "softirq_entry", SOFTIRQ_FIELDS, probe_softirq_entry },
	[P_SOFTIRQ_EXIT] = { "softirq_exit", SOFTIRQ_FIELDS, probe_softirq_exit },
	[P_SOFTIRQ_RAISE] = { "softirq_raise", SOFTIRQ_FIELDS, probe_softirq_raise },
	[P_PAGE_FAULT_USER] = { "page_fault_user", PAGE_FAULT_FIELDS, probe_page_fault_user },
	[P_PAGE_FAULT_KERNEL] = { "page_fault_kernel", PAGE_FAULT_FIELDS, probe_page_fault_kernel },
	[P_PAGE_FAULT_EXIT] = { "page_fault_exit", "", probe_page_fault_exit },
	[P_TIMER_EXPIRE_ENTRY] = { "timer_expire_entry", "timer: u64; now: u64; function: u64; "
		"baseclk: u64;", probe_timer_expire_entry },
	[P_TIMER_EXPIRE_EXIT] = { "timer_expire_exit", "timer: u64;", probe_timer_expire_exit },
	[P_HRTIMER_EXPIRE_ENTRY] = { "hrtimer_expire_entry", "hrtimer: u64; now: s64; "
		"function: u64;", probe_hrtimer_expire_entry },
	[P_HRTIMER_EXPIRE_EXIT] = { "hrtimer_expire_exit", "hrtimer: u64;",
		probe_hrtimer_expire_exit },
	[P_SCHED_STAT_RUNTIME] = { "sched_stat_runtime", "comm: string; pid: s32; runtime: u64;",
		probe_sched_stat_runtime },
};

static void match_tracepoint(struct tracepoint *tp, void *priv)
{
	unsigned int i;

	for (i = 0; i < P_COUNT; i++)
		if (!strcmp(tp->name, probes[i].name))
			probes[i].tp = tp;
}

int ltt_probes_lookup(void)
{
	for_each_kernel_tracepoint(match_tracepoint, NULL);
	return probes[P_SCHED_SWITCH].tp ? 0 : -ENOENT;
}

unsigned int ltt_probe_count(void)
{
	return P_COUNT;
}

const char *ltt_probe_name(unsigned int i)
{
	return probes[i].name;
}

const char *ltt_probe_fields(unsigned int i)
{
	return probes[i].fields;
}

bool ltt_probe_present(unsigned int i)
{
	return probes[i].tp != NULL;
}

void ltt_probes_unregister(void)
{
	unsigned int i;

	for (i = 0; i < P_COUNT; i++) {
		if (!probes[i].registered)
			continue;
		tracepoint_probe_unregister(probes[i].tp, probes[i].func, NULL);
		probes[i].registered = false;
	}
	/* No probe runs any more once this returns: the module may go. */
	tracepoint_synchronize_unregister();
}

/* Attaches the probes of the enabled events, detaching the others.  Probes
 * stay attached between sessions (they return at once while tracing is
 * off): attaching patches the kernel's code, which 100 starts and stops
 * should not pay for each time. */
int ltt_probes_register(const unsigned long *enabled)
{
	unsigned int i;
	bool detached = false;
	int ret;

	for (i = 0; i < P_COUNT; i++) {
		if (!probes[i].registered || test_bit(i, enabled))
			continue;
		tracepoint_probe_unregister(probes[i].tp, probes[i].func, NULL);
		probes[i].registered = false;
		detached = true;
	}
	if (detached)
		tracepoint_synchronize_unregister();
	for (i = 0; i < P_COUNT; i++) {
		if (!probes[i].tp || probes[i].registered || !test_bit(i, enabled))
			continue;
		ret = tracepoint_probe_register(probes[i].tp, probes[i].func, NULL);
		if (ret) {
			pr_err("ltt-tracer: cannot attach to %s: %d\n", probes[i].name, ret);
			ltt_probes_unregister();
			return ret;
		}
		probes[i].registered = true;
	}
	return 0;
}
