// SPDX-License-Identifier: GPL-2.0-or-later
// SPDX-FileCopyrightText: 2026 The LTTV authors
/*
 * ltt-statedump.c: what existed before tracing began (tasks, IRQ handlers,
 * system call names), as the ltt_statedump_* events of doc/format.md §4.
 * The tasks are read with every CPU stopped (stop_machine), and tracing is
 * switched on in the same instant: the dump is the state at time t0 exactly,
 * where a scan of /proc races the tasks it reads.  The events are kept as
 * ready-made blocks (sequences 0..k-1 of CPU 0, whose buffer continues at
 * k) so that a small buffer never loses them.
 */
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/interrupt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/stop_machine.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/syscall.h>

#include "ltt-tracer.h"
#include "ltt-syscall-names.h"

const char ltt_statedump_fields_process[] =
	"pid: s32; tgid: s32; ppid: s32; name: string; status: enum u8 { RUNNING = 0, "
	"SLEEPING = 1, DISK_SLEEP = 2, STOPPED = 3, TRACED = 4, ZOMBIE = 5, DEAD = 6, IDLE = 7, "
	"WAITING_CPU = 8 }; mode: enum u8 { USER = 0, SYSCALL = 1, UNKNOWN = 2 }; cpu: s32; "
	"kernel_thread: u8; birth_time: u64;";
const char ltt_statedump_fields_irq[] = "irq: s32; name: string;";
const char ltt_statedump_fields_syscall[] = "id: s32; name: string;";

enum { ST_RUNNING, ST_SLEEPING, ST_DISK_SLEEP, ST_STOPPED, ST_TRACED, ST_ZOMBIE, ST_DEAD,
       ST_IDLE, ST_WAITING_CPU };
enum { MODE_USER, MODE_SYSCALL, MODE_UNKNOWN };

#define IRQ_NAMES 128

struct dump_task {
	s32 pid, tgid, ppid, cpu;
	char comm[TASK_COMM_LEN];
	u8 status, mode, kthread;
	u64 birth;
};

struct dump_irq {
	struct dump_irq *next;
	s32 irq;
	char names[IRQ_NAMES];
};

struct snapshot {
	struct dump_task *tasks;
	unsigned int cap, n;
	bool overflow;
	struct dump_irq *irqs;
	unsigned int block_size, blocks;
	int *active;
	struct ltt_buf *cpu0;
	u64 t0;
};

/* Lays the events out in blocks; with base NULL only counts the blocks. */
struct dump_writer {
	char *base;
	unsigned int size, block, off, events;
	u64 t0;
};

static struct ltt_block_header *dw_block(struct dump_writer *w)
{
	return (struct ltt_block_header *)(w->base + (size_t)w->block * w->size);
}

static void dw_close(struct dump_writer *w)
{
	struct ltt_block_header *h;

	if (!w->base || w->off == 0)
		return;
	h = dw_block(w);
	h->used = w->off;
	h->event_count = w->events;
	ltt_block_header_seal(h);
}

static char *dw_event(struct dump_writer *w, u16 id, unsigned int payload)
{
	unsigned int len = LTT_EVENT_HEADER_SIZE + payload;
	struct ltt_event_header eh = { (u32)w->t0, id, (u16)payload };
	char *p;

	if (w->off == 0 || w->off + len > w->size) {
		if (w->off) {
			dw_close(w);
			w->block++;
		}
		if (w->base)
			ltt_block_header_init(dw_block(w), 0, w->size, w->block, w->t0, 0);
		w->off = sizeof(struct ltt_block_header);
		w->events = 0;
	}
	p = w->base ? (char *)dw_block(w) + w->off : NULL;
	w->off += len;
	w->events++;
	if (!p)
		return NULL;
	memcpy(p, &eh, sizeof(eh));
	return p + sizeof(eh);
}

static inline void put(char **p, const void *v, size_t n)
{
	memcpy(*p, v, n);
	*p += n;
}

#define PUT(p, type, v) do { type __v = (v); put((p), &__v, sizeof(__v)); } while (0)

static unsigned int dw_finish(struct dump_writer *w)
{
	dw_close(w);
	return w->off ? w->block + 1 : 0;
}

static unsigned int write_dump(struct snapshot *s, char *base)
{
	struct dump_writer w = { base, s->block_size, 0, 0, 0, s->t0 };
	struct dump_irq *irq;
	unsigned int i;
	char *p;

	for (i = 0; i < s->n; i++) {
		const struct dump_task *t = &s->tasks[i];
		size_t c = strlen(t->comm) + 1;

		p = dw_event(&w, LTT_ID_STATEDUMP_PROCESS, 5 * 4 + c + 3 + 8);
		if (!p)
			continue;
		PUT(&p, s32, t->pid);
		PUT(&p, s32, t->tgid);
		PUT(&p, s32, t->ppid);
		put(&p, t->comm, c);
		PUT(&p, u8, t->status);
		PUT(&p, u8, t->mode);
		PUT(&p, s32, t->cpu);
		PUT(&p, u8, t->kthread);
		PUT(&p, u64, t->birth);
	}
	for (irq = s->irqs; irq; irq = irq->next) {
		size_t c = strlen(irq->names) + 1;

		p = dw_event(&w, LTT_ID_STATEDUMP_IRQ, 4 + c);
		if (!p)
			continue;
		PUT(&p, s32, irq->irq);
		put(&p, irq->names, c);
	}
	for (i = 0; i < ARRAY_SIZE(ltt_syscall_names); i++) {
		size_t c = strlen(ltt_syscall_names[i].name) + 1;

		p = dw_event(&w, LTT_ID_STATEDUMP_SYSCALL, 4 + c);
		if (!p)
			continue;
		PUT(&p, s32, ltt_syscall_names[i].nr);
		put(&p, ltt_syscall_names[i].name, c);
	}
	dw_event(&w, LTT_ID_STATEDUMP_END, 0);
	return dw_finish(&w);
}

/* As /proc/PID/stat's state letter, and lttd's reading of it. */
static u8 status_of(struct task_struct *t)
{
	switch (task_state_index(t)) {
	case 0:
		return t->on_cpu ? ST_RUNNING : ST_WAITING_CPU;
	case 1:
		return ST_SLEEPING;
	case 2:
		return ST_DISK_SLEEP;
	case 3:
		return ST_STOPPED;
	case 4:
		return ST_TRACED;
	case 5:
		return ST_DEAD;
	case 6:
		return ST_ZOMBIE;
	case 8:
		return ST_IDLE;
	default:
		return ST_SLEEPING;
	}
}

/* As /proc/PID/syscall: the system call number the task is blocked in, or
 * -1 outside one.  Tasks that exit may have no stack left to look at. */
static u8 mode_of(struct task_struct *t)
{
	if ((t->flags & (PF_KTHREAD | PF_EXITING)) || t->exit_state || !t->stack)
		return MODE_UNKNOWN;
	return syscall_get_nr(t, task_pt_regs(t)) >= 0 ? MODE_SYSCALL : MODE_USER;
}

static void read_task(struct dump_task *d, struct task_struct *t)
{
	d->pid = t->pid;
	d->tgid = t->tgid;
	d->ppid = rcu_dereference(t->real_parent)->tgid;
	/* No task_lock: a stopped CPU may hold it.  Nothing renames now. */
	memcpy(d->comm, t->comm, sizeof(d->comm));
	d->comm[sizeof(d->comm) - 1] = '\0';
	d->status = status_of(t);
	d->mode = mode_of(t);
	d->cpu = task_cpu(t);
	d->kthread = (t->flags & PF_KTHREAD) != 0;
	d->birth = t->start_time;
}

/* Runs with every other CPU spinning, interrupts off: takes no lock. */
static int snapshot_stopped(void *data)
{
	struct snapshot *s = data;
	struct task_struct *g, *t;

	rcu_read_lock();
	for_each_process_thread(g, t) {
		if (s->n == s->cap) {
			s->overflow = true;
			break;
		}
		read_task(&s->tasks[s->n++], t);
	}
	rcu_read_unlock();
	if (s->overflow)
		return 0;
	s->t0 = ltt_clock();
	s->blocks = write_dump(s, NULL);
	s->cpu0->seq_base = s->blocks;
	WRITE_ONCE(*s->active, 1);
	return 0;
}

static unsigned int count_tasks(void)
{
	struct task_struct *g, *t;
	unsigned int n = 0;

	rcu_read_lock();
	for_each_process_thread(g, t)
		n++;
	rcu_read_unlock();
	return n;
}

/* The handlers' names of each IRQ, comma-separated as in
 * /sys/kernel/irq/N/actions. */
static int read_irqs(struct snapshot *s)
{
	struct dump_irq **tail = &s->irqs;
	unsigned int irq;

	for (irq = 0; irq < nr_irqs; irq++) {
		struct irq_data *data = irq_get_irq_data(irq);
		struct irq_desc *desc;
		struct irqaction *a;
		struct dump_irq *d;
		unsigned long flags;
		size_t len = 0;

		if (!data)
			continue;
		d = kzalloc(sizeof(*d), GFP_KERNEL);
		if (!d)
			return -ENOMEM;
		desc = irq_data_to_desc(data);
		raw_spin_lock_irqsave(&desc->lock, flags);
		for (a = desc->action; a; a = a->next) {
			if (!a->name)
				continue;
			len += scnprintf(d->names + len, sizeof(d->names) - len, "%s%s",
					 len ? "," : "", a->name);
		}
		raw_spin_unlock_irqrestore(&desc->lock, flags);
		if (!len) {
			kfree(d);
			continue;
		}
		d->irq = irq;
		*tail = d;
		tail = &d->next;
	}
	return 0;
}

static void free_irqs(struct snapshot *s)
{
	while (s->irqs) {
		struct dump_irq *next = s->irqs->next;

		kfree(s->irqs);
		s->irqs = next;
	}
}

int ltt_statedump_take(struct ltt_statedump *d, unsigned int block_size, int *active,
		       struct ltt_buf *cpu0, u64 *t0)
{
	struct snapshot s = { .block_size = block_size, .active = active, .cpu0 = cpu0 };
	int ret = read_irqs(&s);

	while (!ret) {
		/* Room for the tasks created between counting and stopping. */
		s.cap = count_tasks() * 2 + 64;
		s.n = 0;
		s.overflow = false;
		s.tasks = kvcalloc(s.cap, sizeof(*s.tasks), GFP_KERNEL);
		if (!s.tasks) {
			ret = -ENOMEM;
			break;
		}
		ret = stop_machine(snapshot_stopped, &s, NULL);
		if (!ret && !s.overflow)
			break;
		kvfree(s.tasks);
		s.tasks = NULL;
	}
	if (!ret) {
		d->blocks = vzalloc((size_t)s.blocks * block_size);
		if (d->blocks) {
			d->count = write_dump(&s, d->blocks);
			d->size = block_size;
			d->read = 0;
			d->read_pos = 0;
			d->processes = s.n;
			*t0 = s.t0;
		} else {
			/* Tracing is on already: the caller stops it. */
			ret = -ENOMEM;
		}
	}
	kvfree(s.tasks);
	free_irqs(&s);
	return ret;
}

void ltt_statedump_free(struct ltt_statedump *d)
{
	vfree(d->blocks);
	memset(d, 0, sizeof(*d));
}
