/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* synth-vocabulary.c: the tables of synth-vocabulary.h. */
#include "synth-vocabulary.h"

#define FIELDS_WAKEUP "comm: string; pid: s32; prio: s32; target_cpu: s32;"
#define FIELDS_TASK "comm: string; pid: s32; prio: s32;"
#define FIELDS_SOFTIRQ "vec: enum u32 { HI = 0, TIMER = 1, NET_TX = 2, NET_RX = 3, BLOCK = 4, " \
	"IRQ_POLL = 5, TASKLET = 6, SCHED = 7, HRTIMER = 8, RCU = 9 };"
#define FIELDS_FAULT "address: u64; ip: u64; error_code: u64;"
#define FIELDS_VECTOR "vector: s32;"

/* The event type ids are the indexes. */
const char *const event_names[EV_COUNT] = {
	"ltt_statedump_process", "ltt_statedump_irq", "ltt_statedump_syscall", "ltt_statedump_end",
	"sched_switch", "sched_wakeup", "sched_wakeup_new", "sched_process_fork",
	"task_newtask", "sched_process_exec", "sched_process_exit", "sched_process_free",
	"sys_enter", "sys_exit", "irq_handler_entry", "irq_handler_exit",
	"softirq_entry", "softirq_exit", "softirq_raise",
	"page_fault_user", "page_fault_kernel", "page_fault_exit",
	"local_timer_entry", "local_timer_exit", "reschedule_entry", "reschedule_exit",
	"call_function_single_entry", "call_function_single_exit", "irq_work_entry", "irq_work_exit",
	"sched_stat_runtime"
};

const char *const event_fields[EV_COUNT] = {
	"pid: s32; tgid: s32; ppid: s32; name: string; status: enum u8 { RUNNING = 0, "
	"SLEEPING = 1, DISK_SLEEP = 2, STOPPED = 3, TRACED = 4, ZOMBIE = 5, DEAD = 6, IDLE = 7, "
	"WAITING_CPU = 8 }; mode: enum u8 { USER = 0, SYSCALL = 1, UNKNOWN = 2 }; cpu: s32; "
	"kernel_thread: u8; birth_time: u64;",
	"irq: s32; name: string;",
	"id: s32; name: string;",
	"",
	"prev_comm: string; prev_pid: s32; prev_prio: s32; prev_state: s64; next_comm: string; "
	"next_pid: s32; next_prio: s32;",
	FIELDS_WAKEUP,
	FIELDS_WAKEUP,
	"parent_comm: string; parent_pid: s32; child_comm: string; child_pid: s32;",
	"pid: s32; comm: string; clone_flags: u64; oom_score_adj: s16;",
	"filename: string; pid: s32; old_pid: s32;",
	FIELDS_TASK,
	FIELDS_TASK,
	"id: s64; args: u64[6];",
	"id: s64; ret: s64;",
	"irq: s32; name: string;",
	"irq: s32; ret: s32;",
	FIELDS_SOFTIRQ,
	FIELDS_SOFTIRQ,
	FIELDS_SOFTIRQ,
	FIELDS_FAULT,
	FIELDS_FAULT,
	"",
	FIELDS_VECTOR, FIELDS_VECTOR, FIELDS_VECTOR, FIELDS_VECTOR,
	FIELDS_VECTOR, FIELDS_VECTOR, FIELDS_VECTOR, FIELDS_VECTOR,
	"comm: string; pid: s32; runtime: u64;"
};

const Syscall syscalls[N_SYSCALLS] = {
	{ 0, "read", SC_BLOCKS, 8 },
	{ 1, "write", SC_WAKES, 6 },
	{ 3, "close", SC_PLAIN, 3 },
	{ 5, "fstat", SC_PLAIN, 2 },
	{ 7, "poll", SC_BLOCKS, 3 },
	{ 9, "mmap", SC_PLAIN, 2 },
	{ 12, "brk", SC_PLAIN, 1 },
	{ 16, "ioctl", SC_PLAIN, 2 },
	{ 35, "nanosleep", SC_BLOCKS, 2 },
	{ 39, "getpid", SC_PLAIN, 2 },
	{ 56, "clone", SC_CLONE, 0 },
	{ 59, "execve", SC_EXEC, 0 },
	{ 60, "exit", SC_EXIT, 0 },
	{ 61, "wait4", SC_BLOCKS, 1 },
	{ 202, "futex", SC_BLOCKS, 4 },
	{ 231, "exit_group", SC_EXIT, 0 },
	{ 232, "epoll_wait", SC_BLOCKS, 3 },
	{ 257, "openat", SC_PLAIN, 3 },
};

/* Device IRQs: irq_handler_entry/exit. */
const Irq irqs[N_IRQS] = {
	{ 0, "timer", VEC_TIMER, FALSE, EV_IRQ_HANDLER_ENTRY },
	{ 1, "i8042", -1, TRUE, EV_IRQ_HANDLER_ENTRY },
	{ 16, "eth0", VEC_NET_RX, TRUE, EV_IRQ_HANDLER_ENTRY },
	{ 24, "nvme0q1", VEC_BLOCK, TRUE, EV_IRQ_HANDLER_ENTRY },
};

const Irq vectors[N_VECTORS] = {
	{ 236, "local_timer", VEC_TIMER, FALSE, EV_LOCAL_TIMER_ENTRY },
	{ 253, "reschedule", -1, FALSE, EV_RESCHEDULE_ENTRY },
	{ 251, "call_function_single", -1, FALSE, EV_CALL_FUNCTION_SINGLE_ENTRY },
	{ 246, "irq_work", -1, TRUE, EV_IRQ_WORK_ENTRY },
};

const char *const programs[N_PROGRAMS] = {
	"bash", "sshd", "nginx", "postgres", "python3", "make", "cc1", "git", "chrome", "Xorg",
	"cron", "rsyslogd", "java", "node", "redis-server", "sh", "ls", "grep", "systemd-udevd",
	"dbus-daemon",
};
