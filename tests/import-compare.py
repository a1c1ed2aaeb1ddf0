#!/usr/bin/env python3
"""import-compare.py BT2_PRETTY LTTV_TEXTDUMP OFFSET_NS: the same events, event by
event: time (babeltrace2 --clock-seconds --clock-gmt, against textDump's trace
time + OFFSET_NS), name and field values (babeltrace2's payload, without its
packet context).  Prints the first difference and exits 1, or the count."""
import re, sys

bt_line = re.compile(r'^\[(\d+)\.(\d{9})\] \(\+[^)]*\) \S+ ([A-Za-z0-9_:]+): (.*)$')
value = re.compile(r'(\w+) = ("(?:[^"\\]|\\.)*"|\[[^\]]*\]|[^,}\s]+)')
ltt_line = re.compile(r'^\S+ \S+ \d+ (\d+)\.(\d{9}) (\w+)(.*)$')
ltt_value = re.compile(r' (\w+)=("(?:[^"\\]|\\.)*"|\[[^\]]*\]|\S+)')

def unspaced(fields):
    """Arrays as [a,b]: babeltrace2 writes [ a, b ], textDump [a,b]."""
    return [(k, '[' + ','.join(number(e) for e in v.strip('[] ').replace(' ', '').split(',') if e) + ']'
             if v.startswith('[') else number(v)) for k, v in fields]

def number(v):
    """Integers in decimal: babeltrace2 keeps CTF's display base (0x7F000001)."""
    return str(int(v, 16)) if re.fullmatch(r'0x[0-9A-Fa-f]+', v) else v

def bt_events(path):
    for line in open(path, encoding='utf-8', errors='replace'):
        m = bt_line.match(line.rstrip('\n'))
        if not m:
            raise SystemExit('babeltrace2 line not understood: ' + line)
        secs, ns, name, rest = m.groups()
        # Enums come as ( "LABEL" : container = N ), textDump prints LABEL
        # (N when unnamed).
        rest = re.sub(r'\( "([^"]*)" : container = -?\d+ \)', r'\1', rest)
        rest = re.sub(r'\( <unknown> : container = (-?\d+) \)', r'\1', rest)
        # Array elements come as [ [0] = a, [1] = b ].
        rest = re.sub(r'\[\d+\] = ', '', rest)
        # { packet context }, { payload }: the payload is the last brace group.
        groups = re.findall(r'\{([^{}]*)\}', rest)
        fields = value.findall(groups[-1]) if len(groups) >= 2 else []
        # sink.ctf.fs gives each sequence of an exported trace the length
        # field CTF 1.8 needs, __NAME_len before NAME: not an LTT field.
        fields = [f for i, f in enumerate(fields)
                  if not (i + 1 < len(fields) and f[0] == '__%s_len' % fields[i + 1][0])]
        # The LTT grammar has no ':' in names (UST's provider:event):
        # ltt-import writes '_' (doc/import.md §2).
        yield int(secs) * 10**9 + int(ns), name.replace(':', '_'), unspaced(fields)

def ltt_events(path, offset):
    for line in open(path, encoding='utf-8', errors='replace'):
        m = ltt_line.match(line.rstrip('\n'))
        if not m:
            raise SystemExit('textDump line not understood: ' + line)
        secs, ns, name, rest = m.groups()
        yield int(secs) * 10**9 + int(ns) + offset, name, unspaced(ltt_value.findall(rest))

n = 0
a, b = bt_events(sys.argv[1]), ltt_events(sys.argv[2], int(sys.argv[3]))
for x, y in zip(a, b):
    n += 1
    if x != y:
        print('event %d differs:\n  babeltrace2: %r\n  lttv:        %r' % (n, x, y))
        sys.exit(1)
if next(a, None) is not None or next(b, None) is not None:
    print('different event counts after %d events' % n)
    sys.exit(1)
print(n)
