#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
"""tracedat-compare.py TRACE_CMD_REPORT_R LTTV_TEXTDUMP: the same events, event
by event (sorted by CPU, time, name and fields): CPU, time, name, the task's
pid (trace-cmd's COMM-PID, textDump's common_pid) and every field's value.
trace-cmd report -R prints raw values, with three habits of its own that are
undone here: integers in hex (with or without 0x: clone_flags=4100 is
0x4100), arrays as ARRAY[bytes] (read as little-endian 64-bit words, as
sys_enter's args are), and an instruction pointer resolved to a kernel
symbol when it can (not comparable: counted apart).  textDump names a soft
IRQ vector (vec=RCU) where trace-cmd prints its number.
Prints "EVENTS SYMBOLIZED" and exits 0, or prints the first differences and
exits 1."""
import re, struct, sys

tc_line = re.compile(r'^\s*.*?-(\d+)\s+\[(\d+)\]\s+(\d+\.\d+):\s+(\S+?):\s*(.*)$')
field_start = re.compile(r'\s+(?=[A-Za-z_][A-Za-z0-9_]*=)')
softirq_vectors = ['HI', 'TIMER', 'NET_TX', 'NET_RX', 'BLOCK', 'IRQ_POLL', 'TASKLET', 'SCHED',
                   'HRTIMER', 'RCU']


def fields_of(text):
    fields = {}
    for kv in field_start.split(text.strip()):
        if '=' in kv:
            k, v = kv.split('=', 1)
            fields[k] = v.strip()
    return fields


def trace_cmd_events(path):
    events = []
    for line in open(path, encoding='utf-8', errors='replace'):
        m = tc_line.match(line.rstrip('\n'))
        if not m:
            continue
        pid, cpu, time, name, rest = m.groups()
        fields = fields_of(rest)
        for k, v in fields.items():
            if v.startswith('ARRAY[') and v.endswith(']'):
                raw = bytes(int(x, 16) for x in v[6:-1].split(', ') if x)
                if len(raw) % 8 == 0:
                    words = struct.unpack('<%dQ' % (len(raw) // 8), raw)
                    fields[k] = '[' + ','.join(str(w) for w in words) + ']'
        fields['common_pid'] = pid
        events.append((int(cpu), time, name, sorted(fields.items())))
    return events


def textdump_events(path):
    events = []
    for line in open(path, encoding='utf-8', errors='replace'):
        parts = line.rstrip('\n').split(' ', 5)
        if len(parts) < 5:
            continue
        fields = fields_of(parts[5] if len(parts) > 5 else '')
        for k, v in fields.items():
            if len(v) >= 2 and v[0] == '"' and v[-1] == '"':
                fields[k] = v[1:-1]
        events.append((int(parts[2]), parts[3], parts[4], sorted(fields.items())))
    return events


def same_value(name, key, tc, lt):
    """None: not comparable (a symbol); else whether they are the same."""
    if tc == lt:
        return True
    if name.startswith('softirq_') and key == 'vec' and tc.isdigit() and int(tc) < len(softirq_vectors):
        return softirq_vectors[int(tc)] == lt
    try:
        ours = int(lt)
    except ValueError:
        return False
    for base in (10, 16):
        try:
            if int(tc, base) in (ours, ours & (2**64 - 1)):
                return True
        except ValueError:
            pass
    if key == 'ip' and re.fullmatch(r'[A-Za-z_.][\w.]*(\+0x[0-9a-f]+)?', tc):
        return None
    return False


def main():
    tc = sorted(trace_cmd_events(sys.argv[1]))
    lt = sorted(textdump_events(sys.argv[2]))
    differences, symbolized = [], 0
    if len(tc) != len(lt) or not tc:
        differences.append('%d events in trace-cmd report, %d in textDump' % (len(tc), len(lt)))
    for a, b in zip(tc, lt):
        if a[:3] != b[:3] or [k for k, _ in a[3]] != [k for k, _ in b[3]]:
            differences.append('trace-cmd %s\n  textDump %s' % (a, b))
            continue
        for (k, va), (_, vb) in zip(a[3], b[3]):
            same = same_value(a[2], k, va, vb)
            if same is None:
                symbolized += 1
            elif not same:
                differences.append('%s %s %s: %s=%s in trace-cmd, %s in textDump' % (a[0], a[1], a[2], k, va, vb))
    if differences:
        print('%d differences; the first:' % len(differences))
        print('\n'.join(differences[:5]))
        return 1
    print(len(tc), symbolized)
    return 0


sys.exit(main())
