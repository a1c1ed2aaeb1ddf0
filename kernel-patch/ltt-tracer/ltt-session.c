// SPDX-License-Identifier: GPL-2.0-or-later
// SPDX-FileCopyrightText: 2026 The LTTV authors
/*
 * ltt-session.c: the tracing session: its settings, start and stop, the
 * metadata of the trace it writes, and what readers take from it.  Commands
 * are text lines written to /dev/ltt/ctl, so a shell can drive it as well as
 * lttd does.
 */
#include <linux/bitmap.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>
#include <linux/vmalloc.h>

#include "ltt-tracer.h"

#define DEFAULT_SUBBUF_SIZE (64U * 1024U)
#define DEFAULT_SUBBUF_COUNT 16U

DECLARE_WAIT_QUEUE_HEAD(ltt_readers);

struct ltt_session ltt_session = {
	.lock = __MUTEX_INITIALIZER(ltt_session.lock),
	.subbuf_size = DEFAULT_SUBBUF_SIZE,
	.subbuf_count = DEFAULT_SUBBUF_COUNT,
};

static void free_bufs(struct ltt_session *s)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		ltt_buf_free(s->bufs[cpu]);
		s->bufs[cpu] = NULL;
	}
}

/* Buffers of the current settings, reset.  A reader waiting for data looks
 * at its CPU's buffer under RCU only (ltt_session_readable), so old buffers
 * are freed after a grace period. */
static int prepare_bufs(struct ltt_session *s)
{
	struct ltt_buf *b0 = s->bufs[0], **old;
	unsigned int cpu;

	if (!b0 || ltt_buf_block_size(b0) != s->subbuf_size || b0->count != s->subbuf_count
	    || b0->overwrite != s->overwrite) {
		old = kcalloc(nr_cpu_ids, sizeof(*old), GFP_KERNEL);
		if (!old)
			return -ENOMEM;
		for_each_possible_cpu(cpu) {
			old[cpu] = ltt_buf_new(cpu, s->subbuf_size, s->subbuf_count, s->overwrite);
			if (!old[cpu]) {
				for_each_possible_cpu(cpu)
					ltt_buf_free(old[cpu]);
				kfree(old);
				return -ENOMEM;
			}
		}
		for_each_possible_cpu(cpu)
			old[cpu] = xchg(&s->bufs[cpu], old[cpu]);
		synchronize_rcu();
		for_each_possible_cpu(cpu)
			ltt_buf_free(old[cpu]);
		kfree(old);
	}
	for_each_possible_cpu(cpu)
		ltt_buf_reset(s->bufs[cpu], 0);
	return 0;
}

static void stop(struct ltt_session *s)
{
	unsigned int cpu;

	WRITE_ONCE(ltt_active, 0);
	/* Probes run with preemption off: once every CPU went through a
	 * quiescent state, no writer is left in a buffer. */
	synchronize_rcu();
	for_each_possible_cpu(cpu)
		ltt_buf_flush(s->bufs[cpu]);
	s->tracing = false;
	module_put(THIS_MODULE);
	wake_up_interruptible(&ltt_readers);
}

static int start(struct ltt_session *s)
{
	u64 t0;
	int ret;

	if (s->tracing)
		return -EBUSY;
	ret = prepare_bufs(s);
	if (ret)
		return ret;
	ltt_statedump_free(&s->dump);
	/* Held while tracing: the module cannot be unloaded under its probes. */
	if (!try_module_get(THIS_MODULE))
		return -ENODEV;
	s->clock_offset = ktime_get_real_ns() - ktime_get_ns();
	ltt_bufs = s->bufs;
	ret = ltt_probes_register(s->enabled);
	if (ret) {
		module_put(THIS_MODULE);
		return ret;
	}
	s->tracing = true;
	s->started = true;
	ret = ltt_statedump_take(&s->dump, s->subbuf_size, &ltt_active, s->bufs[0], &t0);
	if (ret) {
		if (READ_ONCE(ltt_active))
			stop(s);
		else {
			s->tracing = false;
			module_put(THIS_MODULE);
		}
		return ret;
	}
	wake_up_interruptible(&ltt_readers);
	return 0;
}

static int parse_power_of_two(const char *arg, unsigned int min, unsigned int max,
			      unsigned int *out)
{
	unsigned int v;

	if (kstrtouint(arg, 0, &v) || v < min || v > max || !is_power_of_2(v))
		return -EINVAL;
	*out = v;
	return 0;
}

static int select_events(struct ltt_session *s, char *list)
{
	unsigned int i, n = ltt_probe_count();
	char *name;

	if (!strcmp(list, "all")) {
		bitmap_fill(s->enabled, n);
		return 0;
	}
	bitmap_zero(s->enabled, n);
	while ((name = strsep(&list, ",")) != NULL) {
		for (i = 0; i < n; i++)
			if (!strcmp(name, ltt_probe_name(i)))
				break;
		if (i == n) {
			pr_warn("ltt-tracer: no event %s\n", name);
			bitmap_fill(s->enabled, n);
			return -EINVAL;
		}
		set_bit(i, s->enabled);
	}
	return 0;
}

/* One command: "start", "stop", "subbuf_size N", "subbuf_count N",
 * "mode discard|overwrite", "events all|NAME,NAME...", "exclude_pid PID"
 * (0: none). */
int ltt_session_command(const char *line)
{
	struct ltt_session *s = &ltt_session;
	char *copy = kstrdup(line, GFP_KERNEL), *arg, *cmd;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	arg = strim(copy);
	cmd = strsep(&arg, " \t");
	arg = arg ? strim(arg) : NULL;
	mutex_lock(&s->lock);
	if (!strcmp(cmd, "start") && !arg)
		ret = start(s);
	else if (!strcmp(cmd, "stop") && !arg) {
		if (s->tracing)
			stop(s);
	} else if (!arg || !*arg)
		ret = -EINVAL;
	else if (s->tracing)
		ret = -EBUSY;
	else if (!strcmp(cmd, "subbuf_size"))
		ret = parse_power_of_two(arg, LTT_BLOCK_SIZE_MIN, LTT_BLOCK_SIZE_MAX, &s->subbuf_size);
	else if (!strcmp(cmd, "subbuf_count"))
		ret = parse_power_of_two(arg, 2, 1U << 20, &s->subbuf_count);
	else if (!strcmp(cmd, "mode") && (!strcmp(arg, "discard") || !strcmp(arg, "overwrite")))
		s->overwrite = !strcmp(arg, "overwrite");
	else if (!strcmp(cmd, "events"))
		ret = select_events(s, arg);
	else if (!strcmp(cmd, "exclude_pid"))
		ret = kstrtoint(arg, 10, &ltt_exclude_tgid);
	else
		ret = -EINVAL;
	mutex_unlock(&s->lock);
	if (ret == -EINVAL)
		pr_warn("ltt-tracer: bad command \"%s\"\n", line);
	kfree(copy);
	return ret;
}

#define METADATA_MAX (16 * 1024)

char *ltt_session_metadata(size_t *len)
{
	struct ltt_session *s = &ltt_session;
	char *m = kvmalloc(METADATA_MAX, GFP_KERNEL);
	unsigned int i, n = 0, absent = 0;

	if (!m)
		return NULL;
	mutex_lock(&s->lock);
	n += scnprintf(m + n, METADATA_MAX - n,
		       "ltt-metadata %d.%d\nbyte_order %s\ncpus %u\nhost \"%s\"\nos Linux\n"
		       "kernel \"%s\"\ntracer \"ltt-tracer %s\"\nclock.name monotonic\n"
		       "clock.freq 1000000000\nclock.offset %lld\nltt_tracer.subbuf_size %u\n"
		       "ltt_tracer.subbuf_count %u\nltt_tracer.mode %s\n",
		       LTT_FORMAT_MAJOR, LTT_FORMAT_MINOR,
		       IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? "big" : "little", nr_cpu_ids,
		       utsname()->nodename, utsname()->release, LTT_TRACER_VERSION,
		       s->clock_offset, s->subbuf_size, s->subbuf_count,
		       s->overwrite ? "overwrite" : "discard");
	/* Events this kernel has no tracepoint for (page_fault_exit without
	 * the patch): absent from the trace by construction, not lost. */
	for (i = 0; i < ltt_probe_count(); i++) {
		if (ltt_probe_present(i))
			continue;
		n += scnprintf(m + n, METADATA_MAX - n, "%s%s", absent++ ? "," : "ltt_tracer.absent ",
			       ltt_probe_name(i));
	}
	if (absent)
		n += scnprintf(m + n, METADATA_MAX - n, "\n");
	n += scnprintf(m + n, METADATA_MAX - n,
		       "event kernel %d ltt_statedump_process { %s }\n"
		       "event kernel %d ltt_statedump_irq { %s }\n"
		       "event kernel %d ltt_statedump_syscall { %s }\n"
		       "event kernel %d ltt_statedump_end { }\n",
		       LTT_ID_STATEDUMP_PROCESS, ltt_statedump_fields_process,
		       LTT_ID_STATEDUMP_IRQ, ltt_statedump_fields_irq,
		       LTT_ID_STATEDUMP_SYSCALL, ltt_statedump_fields_syscall, LTT_ID_STATEDUMP_END);
	for (i = 0; i < ltt_probe_count(); i++) {
		const char *f = ltt_probe_fields(i);

		if (ltt_probe_present(i))
			n += scnprintf(m + n, METADATA_MAX - n,
				       "event kernel %u %s { common_pid: s32; %s%s}\n",
				       LTT_ID_FIRST_PROBE + i, ltt_probe_name(i), f, *f ? " " : "");
	}
	mutex_unlock(&s->lock);
	*len = n;
	return m;
}

#define STATS_LINE 128

char *ltt_session_stats(size_t *len)
{
	struct ltt_session *s = &ltt_session;
	size_t max = (nr_cpu_ids + 2) * STATS_LINE;
	char *m = kvmalloc(max, GFP_KERNEL);
	unsigned int cpu;
	size_t n = 0;

	if (!m)
		return NULL;
	mutex_lock(&s->lock);
	n += scnprintf(m + n, max - n, "tracing %d\nstatedump_processes %u\n", s->tracing,
		       s->dump.processes);
	/* Every CPU, with or without buffers (none before the first start):
	 * readers learn the CPUs from here. */
	for_each_possible_cpu(cpu) {
		struct ltt_buf *b = s->bufs[cpu];

		n += scnprintf(m + n, max - n, "cpu %u events %ld lost %ld overwritten %ld\n", cpu,
			       b ? local_read(&b->events) : 0, b ? local_read(&b->lost) : 0,
			       b ? local_read(&b->overwritten) : 0);
	}
	mutex_unlock(&s->lock);
	*len = n;
	return m;
}

/* CPU 0's reader takes the state dump's blocks first. */
static bool dump_pending(const struct ltt_session *s, unsigned int cpu)
{
	return cpu == 0 && s->dump.read < s->dump.count;
}

bool ltt_session_readable(unsigned int cpu)
{
	struct ltt_session *s = &ltt_session;
	struct ltt_buf *b;
	bool ready;

	if (dump_pending(s, cpu))
		return true;
	rcu_read_lock();
	b = READ_ONCE(s->bufs[cpu]);
	ready = b && ltt_buf_readable(b, READ_ONCE(s->tracing));
	rcu_read_unlock();
	return ready;
}

bool ltt_session_ended(void)
{
	return READ_ONCE(ltt_session.started) && !READ_ONCE(ltt_session.tracing);
}

static ssize_t copy_block(const char *block, unsigned int size, unsigned int *pos,
			  char __user *ubuf, size_t count)
{
	size_t n = min_t(size_t, count, size - *pos);

	if (copy_to_user(ubuf, block + *pos, n))
		return -EFAULT;
	*pos += n;
	return n;
}

ssize_t ltt_session_read(unsigned int cpu, char __user *ubuf, size_t count)
{
	struct ltt_session *s = &ltt_session;
	struct ltt_statedump *d = &s->dump;
	struct ltt_buf *b;
	const char *block;
	ssize_t ret = 0;

	mutex_lock(&s->lock);
	b = s->bufs[cpu];
	if (dump_pending(s, cpu)) {
		ret = copy_block(d->blocks + (size_t)d->read * d->size, d->size, &d->read_pos, ubuf,
				 count);
		if (d->read_pos == d->size) {
			d->read++;
			d->read_pos = 0;
		}
	} else if (b && (block = ltt_buf_readable(b, s->tracing)) != NULL) {
		ret = copy_block(block, ltt_buf_block_size(b), &b->read_pos, ubuf, count);
		if (b->read_pos == ltt_buf_block_size(b)) {
			ltt_buf_consume(b);
			/* Stopped full: the block that tells the last losses
			 * takes the sub-buffer just freed. */
			if (!s->tracing)
				ltt_buf_tell_lost(b);
		}
	}
	mutex_unlock(&s->lock);
	return ret;
}

int ltt_session_init(void)
{
	struct ltt_session *s = &ltt_session;

	s->bufs = kcalloc(nr_cpu_ids, sizeof(*s->bufs), GFP_KERNEL);
	s->enabled = bitmap_zalloc(ltt_probe_count(), GFP_KERNEL);
	if (!s->bufs || !s->enabled) {
		ltt_session_exit();
		return -ENOMEM;
	}
	bitmap_fill(s->enabled, ltt_probe_count());
	return 0;
}

/* The module is unloaded: tracing is off (a reference is held while on). */
void ltt_session_exit(void)
{
	struct ltt_session *s = &ltt_session;

	ltt_probes_unregister();
	if (s->bufs)
		free_bufs(s);
	kfree(s->bufs);
	bitmap_free(s->enabled);
	ltt_statedump_free(&s->dump);
}
