// SPDX-License-Identifier: GPL-2.0-or-later
// SPDX-FileCopyrightText: 2026 The LTTV authors
/*
 * ltt-device.c: the files of the module, one character device region:
 *   /dev/ltt/ctl    write: commands (ltt-session.c); read: the trace metadata
 *   /dev/ltt/stats  read: tracing on/off and per-CPU events, lost, overwritten
 *   /dev/ltt/cpuN   read: CPU N's blocks, whole, in order (kernel_N of the
 *                   trace); poll: readable when a block is ready.  One reader
 *                   per CPU.  Reads block until a block is ready; they end
 *                   (return 0) once tracing stopped and everything was read.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ltt-tracer.h"

enum { MINOR_CTL, MINOR_STATS, MINOR_CPU0 };

#define COMMAND_MAX 4096

struct text_file {
	char *text;
	size_t len;
};

static dev_t ltt_devt;
static struct cdev ltt_cdev;
static struct class *ltt_class;
static unsigned long *cpu_open;

static int text_open(struct file *f, char *(*make)(size_t *len))
{
	struct text_file *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return -ENOMEM;
	t->text = make(&t->len);
	if (!t->text) {
		kfree(t);
		return -ENOMEM;
	}
	f->private_data = t;
	return 0;
}

static ssize_t text_read(struct file *f, char __user *ubuf, size_t count, loff_t *ppos)
{
	struct text_file *t = f->private_data;

	return simple_read_from_buffer(ubuf, count, ppos, t->text, t->len);
}

static int text_release(struct inode *inode, struct file *f)
{
	struct text_file *t = f->private_data;

	kvfree(t->text);
	kfree(t);
	return 0;
}

/* Each line written is one command; the write fails with the first
 * command's error. */
static ssize_t ctl_write(struct file *f, const char __user *ubuf, size_t count, loff_t *ppos)
{
	char *text, *rest, *line;
	int ret = 0;

	if (count >= COMMAND_MAX)
		return -EINVAL;
	text = memdup_user_nul(ubuf, count);
	if (IS_ERR(text))
		return PTR_ERR(text);
	rest = text;
	while (!ret && (line = strsep(&rest, "\n")) != NULL)
		if (*strim(line))
			ret = ltt_session_command(line);
	kfree(text);
	return ret ? ret : count;
}

static ssize_t cpu_read(struct file *f, char __user *ubuf, size_t count, loff_t *ppos)
{
	unsigned int cpu = (uintptr_t)f->private_data;
	ssize_t ret;

	for (;;) {
		bool ended = ltt_session_ended();

		ret = ltt_session_read(cpu, ubuf, count);
		if (ret != 0 || ended)
			return ret;
		if (f->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (wait_event_interruptible(ltt_readers,
					     ltt_session_readable(cpu) || ltt_session_ended()))
			return -ERESTARTSYS;
	}
}

static __poll_t cpu_poll(struct file *f, poll_table *wait)
{
	unsigned int cpu = (uintptr_t)f->private_data;

	poll_wait(f, &ltt_readers, wait);
	return ltt_session_readable(cpu) ? EPOLLIN | EPOLLRDNORM : 0;
}

static int cpu_release(struct inode *inode, struct file *f)
{
	clear_bit((uintptr_t)f->private_data, cpu_open);
	return 0;
}

static const struct file_operations ctl_fops = {
	.owner = THIS_MODULE,
	.read = text_read,
	.write = ctl_write,
	.release = text_release,
	.llseek = default_llseek,
};

static const struct file_operations stats_fops = {
	.owner = THIS_MODULE,
	.read = text_read,
	.release = text_release,
	.llseek = default_llseek,
};

static const struct file_operations cpu_fops = {
	.owner = THIS_MODULE,
	.read = cpu_read,
	.poll = cpu_poll,
	.release = cpu_release,
	.llseek = no_llseek,
};

static int ltt_open(struct inode *inode, struct file *f)
{
	unsigned int minor = iminor(inode), cpu;

	switch (minor) {
	case MINOR_CTL:
		f->f_op = &ctl_fops;
		return text_open(f, ltt_session_metadata);
	case MINOR_STATS:
		f->f_op = &stats_fops;
		return text_open(f, ltt_session_stats);
	default:
		cpu = minor - MINOR_CPU0;
		if (cpu >= nr_cpu_ids || !cpu_possible(cpu))
			return -ENODEV;
		if (test_and_set_bit(cpu, cpu_open))
			return -EBUSY;
		f->f_op = &cpu_fops;
		f->private_data = (void *)(uintptr_t)cpu;
		return stream_open(inode, f);
	}
}

static const struct file_operations open_fops = {
	.owner = THIS_MODULE,
	.open = ltt_open,
	.llseek = noop_llseek,
};

int ltt_device_init(void)
{
	unsigned int minors = MINOR_CPU0 + nr_cpu_ids, cpu;
	int ret;

	cpu_open = bitmap_zalloc(nr_cpu_ids, GFP_KERNEL);
	if (!cpu_open)
		return -ENOMEM;
	ret = alloc_chrdev_region(&ltt_devt, 0, minors, "ltt");
	if (ret)
		goto free_bitmap;
	cdev_init(&ltt_cdev, &open_fops);
	ltt_cdev.owner = THIS_MODULE;
	ret = cdev_add(&ltt_cdev, ltt_devt, minors);
	if (ret)
		goto unregister;
	ltt_class = class_create(THIS_MODULE, "ltt");
	if (IS_ERR(ltt_class)) {
		ret = PTR_ERR(ltt_class);
		goto del;
	}
	/* "ltt!ctl": devtmpfs makes it /dev/ltt/ctl. */
	device_create(ltt_class, NULL, ltt_devt + MINOR_CTL, NULL, "ltt!ctl");
	device_create(ltt_class, NULL, ltt_devt + MINOR_STATS, NULL, "ltt!stats");
	for_each_possible_cpu(cpu)
		device_create(ltt_class, NULL, ltt_devt + MINOR_CPU0 + cpu, NULL, "ltt!cpu%u", cpu);
	return 0;
del:
	cdev_del(&ltt_cdev);
unregister:
	unregister_chrdev_region(ltt_devt, minors);
free_bitmap:
	bitmap_free(cpu_open);
	return ret;
}

void ltt_device_exit(void)
{
	unsigned int minors = MINOR_CPU0 + nr_cpu_ids, i;

	for (i = 0; i < minors; i++)
		device_destroy(ltt_class, ltt_devt + i);
	class_destroy(ltt_class);
	cdev_del(&ltt_cdev);
	unregister_chrdev_region(ltt_devt, minors);
	bitmap_free(cpu_open);
}
