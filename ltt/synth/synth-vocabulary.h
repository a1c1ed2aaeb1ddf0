/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* synth-vocabulary.h: what the simulated machine of ltt-synth is made of
 * and writes: its event types (ids are the indexes) and their fields, its
 * system calls, IRQs, interrupt vectors and programs (doc/ltt-synth.md). */
#ifndef LTT_SYNTH_VOCABULARY_H
#define LTT_SYNTH_VOCABULARY_H

#include <glib.h>

enum {
	EV_STATEDUMP_PROCESS, EV_STATEDUMP_IRQ, EV_STATEDUMP_SYSCALL, EV_STATEDUMP_END,
	EV_SCHED_SWITCH, EV_SCHED_WAKEUP, EV_SCHED_WAKEUP_NEW, EV_SCHED_PROCESS_FORK,
	EV_TASK_NEWTASK, EV_SCHED_PROCESS_EXEC, EV_SCHED_PROCESS_EXIT, EV_SCHED_PROCESS_FREE,
	EV_SYS_ENTER, EV_SYS_EXIT, EV_IRQ_HANDLER_ENTRY, EV_IRQ_HANDLER_EXIT,
	EV_SOFTIRQ_ENTRY, EV_SOFTIRQ_EXIT, EV_SOFTIRQ_RAISE,
	EV_PAGE_FAULT_USER, EV_PAGE_FAULT_KERNEL, EV_PAGE_FAULT_EXIT,
	/* --irq-vectors only: */
	EV_LOCAL_TIMER_ENTRY, EV_LOCAL_TIMER_EXIT, EV_RESCHEDULE_ENTRY, EV_RESCHEDULE_EXIT,
	EV_CALL_FUNCTION_SINGLE_ENTRY, EV_CALL_FUNCTION_SINGLE_EXIT, EV_IRQ_WORK_ENTRY, EV_IRQ_WORK_EXIT,
	/* --charges only: */
	EV_SCHED_STAT_RUNTIME,
	EV_COUNT
};
/* The types every trace has. */
#define EV_CORE_COUNT EV_LOCAL_TIMER_ENTRY

extern const char *const event_names[EV_COUNT];
extern const char *const event_fields[EV_COUNT];

enum { STATUS_RUNNING = 0, STATUS_SLEEPING = 1, STATUS_DISK_SLEEP = 2, STATUS_IDLE = 7,
       STATUS_WAITING_CPU = 8 };
enum { DUMP_MODE_USER = 0, DUMP_MODE_SYSCALL = 1 };
enum { VEC_TIMER = 1, VEC_NET_RX = 3, VEC_BLOCK = 4, VEC_RCU = 9 };

typedef enum { SC_PLAIN, SC_BLOCKS, SC_WAKES, SC_CLONE, SC_EXEC, SC_EXIT } SyscallKind;

typedef struct {
	gint id;                 /* x86-64 numbers */
	const char *name;
	SyscallKind kind;
	guint weight;            /* how often a task picks it; 0: only by life-cycle choice */
} Syscall;

enum { SYS_READ = 0, SYS_POLL = 4, SYS_CLONE = 10, SYS_EXECVE = 11, SYS_EXIT = 12, SYS_EXIT_GROUP = 15 };
#define N_SYSCALLS 18
extern const Syscall syscalls[N_SYSCALLS];

typedef struct {
	gint irq;                /* a vector's: its x86 vector number */
	const char *name;
	gint vec;                /* soft IRQ it raises, -1: none */
	gboolean wakes;          /* may make a blocked task runnable */
	guint entry;             /* its entry event (the exit's is the next) */
} Irq;

/* Device IRQs: irq_handler_entry/exit. */
#define N_IRQS 4
extern const Irq irqs[N_IRQS];
#define IRQ_TIMER (&irqs[0])

/* With --irq-vectors, x86's interrupts that have no IRQ line, each with
 * its own entry and exit events: the tick is the local timer's, a CPU
 * woken from idle gets a reschedule IPI, and now and then an IPI or an
 * irq_work interrupts a task or a soft IRQ. */
#define N_VECTORS 4
extern const Irq vectors[N_VECTORS];
#define VECTOR_LOCAL_TIMER (&vectors[0])
#define VECTOR_RESCHEDULE (&vectors[1])

#define N_PROGRAMS 20
extern const char *const programs[N_PROGRAMS];

#endif
