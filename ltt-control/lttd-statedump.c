/* lttd-statedump.c: reading /proc and /sys/kernel/irq into dump events. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lttd-statedump.h"
#include "lttd-syscalls.h"
#include "ltt/ltt-error.h"

enum { DUMP_PROCESS, DUMP_IRQ, DUMP_SYSCALL, DUMP_END };

/* Values of the status and mode enums below. */
enum { ST_RUNNING, ST_SLEEPING, ST_DISK_SLEEP, ST_STOPPED, ST_TRACED, ST_ZOMBIE, ST_DEAD,
       ST_IDLE, ST_WAITING_CPU };
enum { MODE_USER, MODE_SYSCALL, MODE_UNKNOWN };

#define PF_KTHREAD 0x00200000UL

gboolean lttd_statedump_declare(LttWriter *w, const char *channel, guint first_id, GError **error)
{
	return ltt_writer_declare_event(w, channel, first_id + DUMP_PROCESS, "ltt_statedump_process",
	                                "pid: s32; tgid: s32; ppid: s32; name: string; "
	                                "status: enum u8 { RUNNING = 0, SLEEPING = 1, DISK_SLEEP = 2, "
	                                "STOPPED = 3, TRACED = 4, ZOMBIE = 5, DEAD = 6, IDLE = 7, "
	                                "WAITING_CPU = 8 }; "
	                                "mode: enum u8 { USER = 0, SYSCALL = 1, UNKNOWN = 2 }; "
	                                "cpu: s32; kernel_thread: u8; birth_time: u64;", error)
	       && ltt_writer_declare_event(w, channel, first_id + DUMP_IRQ, "ltt_statedump_irq",
	                                   "irq: s32; name: string;", error)
	       && ltt_writer_declare_event(w, channel, first_id + DUMP_SYSCALL, "ltt_statedump_syscall",
	                                   "id: s32; name: string;", error)
	       && ltt_writer_declare_event(w, channel, first_id + DUMP_END, "ltt_statedump_end", "",
	                                   error);
}

static guint8 status_of(char state, gboolean self)
{
	switch (state) {
	case 'R': return self ? ST_RUNNING : ST_WAITING_CPU;
	case 'S': return ST_SLEEPING;
	case 'D': return ST_DISK_SLEEP;
	case 'T': return ST_STOPPED;
	case 't': return ST_TRACED;
	case 'Z': return ST_ZOMBIE;
	case 'X': return ST_DEAD;
	case 'I': return ST_IDLE;
	default: return ST_SLEEPING;
	}
}

/* /proc/TID/syscall: "running", "-1 ..." (blocked outside a system call) or
 * "NR args...". */
static guint8 mode_of(const char *task_dir, gboolean kernel_thread)
{
	char *path = g_build_filename(task_dir, "syscall", NULL);
	char *text = NULL;
	guint8 mode = MODE_UNKNOWN;

	if (!kernel_thread && g_file_get_contents(path, &text, NULL, NULL)) {
		if (g_str_has_prefix(text, "running") || g_str_has_prefix(text, "-1"))
			mode = MODE_USER;
		else if (g_ascii_isdigit(text[0]))
			mode = MODE_SYSCALL;
	}
	g_free(text);
	g_free(path);
	return mode;
}

static guint64 timespec_ns(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (guint64) ts.tv_sec * G_GUINT64_CONSTANT(1000000000) + (guint64) ts.tv_nsec;
}

typedef struct {
	LttWriterChannel *ch;
	guint first_id;
	LttTime t;
	LttPayload payload;
	pid_t self;
	guint64 boot_minus_mono;   /* CLOCK_BOOTTIME - CLOCK_MONOTONIC: time spent suspended */
	long ticks_per_sec;
} Dump;

static gboolean dump_task(Dump *d, const char *task_dir, gint32 tid, gint32 tgid, GError **error)
{
	char *path = g_build_filename(task_dir, "stat", NULL);
	char *text = NULL, *open_paren, *close_paren, **tok = NULL;
	gboolean ok = TRUE;
	guint64 flags, start_ticks, birth_boot, birth = 0;
	gboolean kthread;
	LttPayload *p = &d->payload;

	/* The task may exit while we read: that is not an error. */
	if (!g_file_get_contents(path, &text, NULL, NULL))
		goto out;
	open_paren = strchr(text, '(');
	close_paren = strrchr(text, ')');
	if (!open_paren || !close_paren || close_paren < open_paren || close_paren[1] == '\0')
		goto out;
	*close_paren = '\0';
	tok = g_strsplit(close_paren + 2, " ", 0);
	/* tok[k] is field k + 3 of proc(5)'s stat: 3 state, 4 ppid, 9 flags,
	 * 22 starttime, 39 processor. */
	if (g_strv_length(tok) < 37)
		goto out;
	flags = g_ascii_strtoull(tok[6], NULL, 10);
	kthread = (flags & PF_KTHREAD) != 0;
	start_ticks = g_ascii_strtoull(tok[19], NULL, 10);
	birth_boot = start_ticks * (G_GUINT64_CONSTANT(1000000000) / (guint64) d->ticks_per_sec);
	if (birth_boot > d->boot_minus_mono)
		birth = birth_boot - d->boot_minus_mono;

	ltt_payload_reset(p);
	ltt_payload_put_s32(p, tid);
	ltt_payload_put_s32(p, tgid);
	ltt_payload_put_s32(p, (gint32) g_ascii_strtoll(tok[1], NULL, 10));
	ltt_payload_put_string(p, open_paren + 1);
	ltt_payload_put_u8(p, status_of(tok[0][0], tid == d->self));
	/* lttd's own system calls are not recorded (lttd-kernel.c): its
	 * threads' modes stay unknown rather than inside the call it made
	 * while dumping. */
	ltt_payload_put_u8(p, tgid == d->self ? MODE_UNKNOWN : mode_of(task_dir, kthread));
	ltt_payload_put_s32(p, (gint32) g_ascii_strtoll(tok[36], NULL, 10));
	ltt_payload_put_u8(p, kthread);
	ltt_payload_put_u64(p, birth);
	ok = ltt_writer_channel_append(d->ch, d->t, d->first_id + DUMP_PROCESS, p->data, p->len, error);
out:
	g_strfreev(tok);
	g_free(text);
	g_free(path);
	return ok;
}

static gboolean is_number(const char *s)
{
	if (!*s)
		return FALSE;
	for (; *s; s++)
		if (!g_ascii_isdigit(*s))
			return FALSE;
	return TRUE;
}

static gboolean dump_processes(Dump *d, GError **error)
{
	GDir *proc = g_dir_open("/proc", 0, error);
	const char *pid_name;
	gboolean ok = TRUE;

	if (!proc)
		return FALSE;
	while (ok && (pid_name = g_dir_read_name(proc))) {
		char *task_root;
		GDir *tasks;
		const char *tid_name;

		if (!is_number(pid_name))
			continue;
		task_root = g_build_filename("/proc", pid_name, "task", NULL);
		tasks = g_dir_open(task_root, 0, NULL);
		while (ok && tasks && (tid_name = g_dir_read_name(tasks))) {
			char *task_dir;
			if (!is_number(tid_name))
				continue;
			task_dir = g_build_filename(task_root, tid_name, NULL);
			ok = dump_task(d, task_dir, (gint32) atoi(tid_name), (gint32) atoi(pid_name), error);
			g_free(task_dir);
		}
		if (tasks)
			g_dir_close(tasks);
		g_free(task_root);
	}
	g_dir_close(proc);
	return ok;
}

/* /sys/kernel/irq/N/actions holds the names handlers registered with, the
 * same names irq_handler_entry reports. */
static gboolean dump_irqs(Dump *d, GError **error)
{
	GDir *dir = g_dir_open("/sys/kernel/irq", 0, NULL);
	const char *irq_name;
	gboolean ok = TRUE;

	if (!dir)
		return TRUE;
	while (ok && (irq_name = g_dir_read_name(dir))) {
		char *path, *text = NULL;
		if (!is_number(irq_name))
			continue;
		path = g_build_filename("/sys/kernel/irq", irq_name, "actions", NULL);
		if (g_file_get_contents(path, &text, NULL, NULL)) {
			g_strstrip(text);
			if (*text) {
				LttPayload *p = &d->payload;
				ltt_payload_reset(p);
				ltt_payload_put_s32(p, atoi(irq_name));
				ltt_payload_put_string(p, text);
				ok = ltt_writer_channel_append(d->ch, d->t, d->first_id + DUMP_IRQ, p->data,
				                               p->len, error);
			}
		}
		g_free(text);
		g_free(path);
	}
	g_dir_close(dir);
	return ok;
}

static gboolean dump_syscalls(Dump *d, GError **error)
{
	guint i;

	for (i = 0; i < lttd_syscall_count; i++) {
		LttPayload *p = &d->payload;
		ltt_payload_reset(p);
		ltt_payload_put_s32(p, lttd_syscall_names[i].id);
		ltt_payload_put_string(p, lttd_syscall_names[i].name);
		if (!ltt_writer_channel_append(d->ch, d->t, d->first_id + DUMP_SYSCALL, p->data, p->len,
		                               error))
			return FALSE;
	}
	return TRUE;
}

gboolean lttd_statedump_write(LttWriter *w, LttWriterChannel *ch, guint first_id, LttTime t,
                              GError **error)
{
	Dump d = { .ch = ch, .first_id = first_id, .t = t, .self = getpid() };
	guint64 mono, boot;
	gboolean ok;

	mono = timespec_ns(CLOCK_MONOTONIC);
	boot = timespec_ns(CLOCK_BOOTTIME);
	d.boot_minus_mono = boot > mono ? boot - mono : 0;
	d.ticks_per_sec = sysconf(_SC_CLK_TCK);
	if (d.ticks_per_sec <= 0)
		d.ticks_per_sec = 100;
	/* /proc gives start times in ticks; the two clocks' difference, read
	 * anew by each recording, differs by some ns each time.  Rounded to
	 * the tick, a task existing before the trace keeps one birth, so one
	 * (pid, birth) key, in every trace of the same boot. */
	{
		guint64 tick = G_GUINT64_CONSTANT(1000000000) / (guint64) d.ticks_per_sec;

		d.boot_minus_mono = (d.boot_minus_mono + tick / 2) / tick * tick;
	}
	ltt_payload_init(&d.payload, ltt_writer_byte_order(w));
	ok = dump_processes(&d, error) && dump_irqs(&d, error) && dump_syscalls(&d, error)
	     && ltt_writer_channel_append(ch, t, first_id + DUMP_END, NULL, 0, error);
	ltt_payload_clear(&d.payload);
	return ok;
}
