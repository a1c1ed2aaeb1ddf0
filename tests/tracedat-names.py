#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
"""tracedat-names.py TRACE_CMD_REPORT LTTV_TEXTDUMP_P: each event of a task
before the first event that names the task (a switch, fork, wakeup, exec:
a field prev_pid, next_pid, child_pid or pid) shows, in lttv -m textDump
-p's NAME column, the name trace-cmd report gives it (the file's saved
cmdlines; after such an event the event's name wins, as it should).  Events are matched by CPU, time and
name.  Prints "CHECKED TASKS" and exits 0 when at least one such event was
checked and all agree, else prints the differences and exits 1."""
import re, sys

# [INSTANCE:] COMM-PID [CPU] TIME: EVENT:
tc_line = re.compile(r'^\s*(?:\S+:\s+(?=\S.*-\d+\s+\[))?(.*?)-(\d+)\s+\[(\d+)\]\s+(\d+\.\d+):\s+([^\s:]+):')
# TRACE CHANNEL CPU TIME PID TGID "NAME" MODE SUBMODE STATUS EVENT FIELDS
lt_line = re.compile(r'^\S+ \S+ (\d+) (\d+\.\d+) (-|-?\d+) (-|-?\d+) (-|".*") \S+ \S+ \S+ (\S+)(.*)$')

report = {}
for line in open(sys.argv[1], encoding='utf-8', errors='replace'):
    m = tc_line.match(line)
    if m:
        comm, pid, cpu, time, event = m.groups()
        report[(int(cpu), time, event)] = comm.strip()

named, checked, tasks, bad = set(), 0, set(), []
for line in open(sys.argv[2], encoding='utf-8', errors='replace'):
    m = lt_line.match(line.rstrip('\n'))
    if not m:
        continue
    cpu, time, _, _, name, event, rest = m.groups()
    fields = dict(kv.split('=', 1) for kv in rest.split() if '=' in kv)
    if event == 'ltt_statedump_comm':
        continue
    pid = fields.get('common_pid')
    if pid is None or pid == '0' or pid in named:
        named.update(fields.get(k) for k in ('prev_pid', 'next_pid', 'child_pid', 'pid'))
        continue
    named.update(fields.get(k) for k in ('prev_pid', 'next_pid', 'child_pid', 'pid'))
    want = report.get((int(cpu), time, event))
    if want is None:
        continue
    checked += 1
    tasks.add(pid)
    if name != '"%s"' % want and len(bad) < 10:
        bad.append('%s %s %s pid %s: lttv %s, trace-cmd "%s"' % (cpu, time, event, pid, name, want))
if bad or checked == 0:
    print('\n'.join(bad) if bad else 'no event before the first that names its task')
    sys.exit(1)
print(checked, len(tasks))
