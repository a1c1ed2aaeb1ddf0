#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# lttv-stats-formats.sh: textDump's --stats-format=csv and json hold the
# same numbers as the paths format, in files a spreadsheet or a JSON parser
# reads.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
skip_reason="python3 not installed"
"$top_builddir/ltt/ltt-synth" -o "$tmp/t" --cpus 2 --processes 6 --events 3000 --seed 5 --charges \
	> /dev/null || { echo "Bail out! ltt-synth failed"; exit 1; }
"$top_builddir/ltt/ltt-synth" -o "$tmp/u" --cpus 1 --processes 3 --events 500 --seed 6 \
	> /dev/null || { echo "Bail out! ltt-synth failed"; exit 1; }
stats() { "$lttv" -m textDump -s --no-events --stats-format="$1" -t "$tmp/t" -t "$tmp/u"; }
stats paths > "$tmp/paths" && stats csv > "$tmp/csv" && stats json > "$tmp/json" ||
	{ echo "Bail out! lttv failed"; exit 1; }
py() {
	if command -v python3 > /dev/null; then python3 "$@"; else return 77; fi
}

echo "1..7"
head -n 1 "$tmp/csv" | grep -qx 'level,trace,cpu,pid,birth,process,tgid,mode,submode,event,events,cpu_time,elapsed_time,cumulative_time,calls,unaccounted,uncertain_time,charged_time'
check $? "csv: one header line"
[ "$(grep -c '^level,' "$tmp/csv")" = 1 ] && [ "$(grep -c '^trace,' "$tmp/csv")" = 2 ]
check $? "csv: one header for two traces, a row per trace"

# Every number of the paths format, rebuilt from the CSV rows and from the
# JSON tree, in the paths format's words.
cat > "$tmp/rebuild.py" <<'PY'
import csv, json, sys
kind, path = sys.argv[1], sys.argv[2]
out = []
def key(level, r):
    if level == "cpu": return "cpu" + r["cpu"]
    if level == "process": return "process/%s@%s" % (r["pid"], r["birth"] or "-")
    if level == "mode": return r["mode"]
    if level == "submode": return r["submode"]
    if level == "event": return "event/" + r["event"]
    return r["trace"]
def emit(p, r, level):
    if level == "process":
        out.append("%s/name \"%s\"" % (p, r["process"] if kind == "csv" else r["name"]))
        out.append("%s/tgid %s" % (p, r["tgid"]))
    for v in ("events", "cpu_time", "elapsed_time", "cumulative_time", "calls", "unaccounted", "uncertain_time", "charged_time"):
        if r.get(v, "") != "":
            out.append("%s/%s %s" % (p, v, r[v]))
if kind == "csv":
    stack = {}
    order = ["trace", "cpu", "process", "mode", "submode", "event"]
    for r in csv.DictReader(open(path)):
        level = r["level"]
        p = "/".join([stack[l] for l in order[:order.index(level)]] + [key(level, r)])
        stack[level] = key(level, r)
        emit(p, r, level)
else:
    def walk(n, parent):
        r = {k: ("" if v is None else ("%.9f" % v if isinstance(v, float) else str(v))) for k, v in n.items()
             if not isinstance(v, list)}
        r["process"] = r.get("name", "")
        p = (parent + "/" if parent else "") + key(n["level"], r)
        emit(p, r, n["level"])
        for k, v in n.items():
            if isinstance(v, list):
                for c in v: walk(c, p)
    for t in json.load(open(path)): walk(t, "")
print("\n".join(out))
PY
py "$tmp/rebuild.py" csv "$tmp/csv" > "$tmp/from-csv"
r=$?
[ $r -eq 77 ] || { diff "$tmp/paths" "$tmp/from-csv" >&2; r=$?; }
check $r "csv: the same numbers as the paths format"
py "$tmp/rebuild.py" json "$tmp/json" > "$tmp/from-json"
r=$?
[ $r -eq 77 ] || { diff "$tmp/paths" "$tmp/from-json" >&2; r=$?; }
check $r "json: the same numbers as the paths format"

# Each figure where doc/analysis.md §3 says it means something: no sums of
# nested durations above the mode, calls for the modes whose frames return
# (a system call's are its sys_exit events), repairs on the trace.
py - "$tmp/json" <<'PY'
import json, sys
returning = ("syscall", "trap", "irq", "softirq")
def want(n):
    level = n["level"]
    figures = {"events"}
    if level != "event": figures.add("cpu_time")
    if level in ("mode", "submode"):
        figures |= {"elapsed_time", "cumulative_time"}
        if n["mode"] in returning: figures.add("calls")
    if level == "trace": figures.add("unaccounted")
    if level == "process" and "uncertain_time" in n: figures.add("uncertain_time")
    # The kernel's charges (t has them, u not): trace, CPU, process.
    if level in ("trace", "cpu", "process") and "charged_time" in n: figures.add("charged_time")
    return figures
bad = calls = 0
def walk(n, mode):
    global bad, calls
    if n["level"] == "mode": mode = n["mode"]
    n = dict(n, mode=mode)
    got = {k for k in n if k in ("events", "cpu_time", "elapsed_time", "cumulative_time", "calls", "unaccounted", "uncertain_time", "charged_time")}
    if got != want(n):
        print("# %s %s: %s" % (n["level"], n.get(n["level"], n.get("trace")), sorted(got)))
        bad = 1
    if n["level"] == "submode" and mode == "syscall":
        exits = sum(e["events"] for e in n.get("event_types", []) if e["event"] == "sys_exit")
        calls += n["calls"]
        if n["calls"] != exits:
            print("# submode %s: calls %d, sys_exit events %d" % (n["submode"], n["calls"], exits))
            bad = 1
    for k, v in n.items():
        if isinstance(v, list):
            for c in v: walk(c, mode)
for t in json.load(open(sys.argv[1])): walk(t, None)
sys.exit(bad or calls == 0)
PY
check $? "each figure only at the levels where it means something, calls of system calls"

# The scheduler's charges of t's runs (ltt-synth --charges: a
# sched_stat_runtime before each switch, charging the run it ends): each
# process's charged_time is its cpu_time, as it ran between switches, but
# for the run each CPU ends the trace in (not charged yet: less) and the
# idle tasks (never charged).
awk '$1 ~ /^t\/cpu[0-9]+\/process\/[^\/]*\/(cpu|charged)_time$/ {
	split($1, p, "/"); k = p[2] "/" p[4]; v[k, p[5]] = $2; keys[k] = 1 }
	END { for (k in keys) {
		if (k ~ /\/0@/) continue
		n++; c = v[k, "charged_time"] + 0; t = v[k, "cpu_time"] + 0
		if (c == t) { same++; continue }
		print "# " k ": cpu_time " t ", charged_time " c
		if (c > t) bad = 1; else short++ }
	      print "# " same " of " n " processes charged their CPU time, " short + 0 " less"
	      exit bad || short > 2 || same < 6 }' "$tmp/paths"
check $? "charged_time: the kernel's charges, each process's CPU time in t"

"$lttv" -m textDump -s --no-events --stats-format=xml -t "$tmp/t" 2> "$tmp/err" > /dev/null
[ $? -eq 1 ] && grep -q "unknown format 'xml' (tree, paths, csv or json)" "$tmp/err"
check $? "an unknown format lists the formats"
