#!/bin/sh
# lttv-analysis.sh: the text modules (batchAnalysis, textFilter, textDump's
# process columns and statistics) on a small ltt-synth trace: golden outputs,
# statistics against ltt-synth's ground truth, the filter's and the columns'
# "state before the event" rule, bad command lines; the bundled sample trace
# when present.
. "${TESTS_SRCDIR:?}/lttv-env.sh"
synth="$top_builddir/ltt/ltt-synth"
sample="$srcdir/data/sample-trace"
skip_reason="python3 not installed"

"$synth" -o "$tmp/synth" --cpus 2 --processes 5 --events 300 --seed 7 --truth "$tmp/truth.json" \
	> /dev/null || { echo "Bail out! ltt-synth failed"; exit 1; }

echo "1..28"
# python3 ARGS, or status 77 when it is not installed.
py() {
	if command -v python3 > /dev/null; then python3 "$@"; else cat > /dev/null; return 77; fi
}
# golden NAME DESCRIPTION -- ARGS: lttv ARGS on the synth trace against
# lttv-analysis-NAME.golden, nothing on standard error.
golden() {
	name=$1 what=$2
	shift 3
	"$lttv" "$@" -t "$tmp/synth" > "$tmp/$name" 2> "$tmp/err"
	status=$?
	diff -u "$srcdir/lttv-analysis-$name.golden" "$tmp/$name" >&2 && [ $status -eq 0 ] && [ ! -s "$tmp/err" ]
	check $? "$what"
}
# fails PATTERN DESCRIPTION -- ARGS: lttv ARGS exits non-zero, prints
# nothing on standard output and PATTERN on standard error.
fails() {
	pattern=$1 what=$2
	shift 3
	"$lttv" "$@" > "$tmp/out" 2> "$tmp/err"
	status=$?
	[ $status -ne 0 ] && [ ! -s "$tmp/out" ] && grep -q -e "$pattern" "$tmp/err"
	r=$?
	check $r "$what"
	[ $r -eq 0 ] || sed 's/^/# /' "$tmp/err"
}

golden process "--process columns" -- -m textDump --process
golden filter "-e twice, with state.* fields" -- \
	-m textFilter -e 'state.process_name = "init" | state.execution_mode = irq' \
	-e 'event.name != page_fault_exit' -m textDump -p --no-field-names
golden stats-tree "statistics as a tree" -- -m textDump -s --no-events
golden stats-paths "statistics as paths" -- -m textDump -s --no-events --stats-format=paths

# Without -p the dump is the one textDump always printed.
"$lttv" -m textDump -t "$tmp/synth" > "$tmp/plain"
cut -d' ' -f1-4,11- "$tmp/process" | cmp -s - "$tmp/plain"
check $? "--process only adds six columns"

"$lttv" -m textDump -s -t "$tmp/synth" > "$tmp/both"
cat "$tmp/plain" "$tmp/stats-tree" | cmp -s - "$tmp/both"
check $? "-s prints the statistics after the events"

# The filter selects what textDump prints, not what the statistics count.
"$lttv" -m textFilter -e 'event.cpu = 1' -m textDump -s -p -t "$tmp/synth" > "$tmp/cpu1"
grep -v '^synth kernel 0 ' "$tmp/process" > "$tmp/cpu1.want"
sed -n '/^trace /,$p' "$tmp/cpu1" | cmp -s - "$tmp/stats-tree" &&
	sed '/^trace /,$d' "$tmp/cpu1" | cmp -s - "$tmp/cpu1.want"
check $? "the filter selects events, the statistics count them all"

# The columns and state.* show the task running before the event: a
# sched_switch shows its prev task.
awk '$11 == "sched_switch" { if ("prev_pid=" $5 != $13) bad = 1; n++ }
     END { exit bad || n < 5 }' "$tmp/process"
check $? "sched_switch lines show prev_pid in the pid column"
"$lttv" -m textFilter -e 'event.name = sched_switch & state.pid = 101' -m textDump -t "$tmp/synth" \
	> "$tmp/switch101"
grep ' sched_switch ' "$tmp/plain" | grep ' prev_pid=101 ' | cmp -s - "$tmp/switch101" && [ -s "$tmp/switch101" ]
check $? "state.pid is the prev task of a sched_switch"

# Every per-CPU CPU time per task and mode and every event count per task
# and type against ltt-synth's truth.
py - "$tmp/stats-paths" "$tmp/truth.json" <<'EOF'
import json, sys
from collections import defaultdict
modes = ("user", "syscall", "trap", "irq", "softirq", "idle")
cpu_time, events, names = defaultdict(int), defaultdict(int), {}
for line in open(sys.argv[1]):
    path, value = line.rstrip("\n").split(" ", 1)
    p = path.split("/")
    # synth/cpuC/process/PID@BIRTH/MODE/SUBMODE/...: one task of the truth.
    if len(p) < 5 or p[2] != "process" or p[3].startswith("-1@"):
        continue
    pid, birth = p[3].split("@")
    if pid == "0":
        key = "0/" + p[1]
    else:
        key = pid + "/" + ("-" if birth == "-" else str(int(birth.replace(".", ""))))
    if len(p) == 5 and p[4] == "name":
        names[key] = json.loads(value)
    elif len(p) == 6 and p[5] == "cpu_time":
        s, ns = value.split(".")
        cpu_time[key, p[4]] += int(s) * 10**9 + int(ns)
    elif len(p) == 9 and p[6] == "event":
        events[key, p[7]] += int(value)
truth = json.load(open(sys.argv[2]))
bad = 0
for key, t in truth["processes"].items():
    for m in modes:
        got = cpu_time.pop((key, m), 0)
        if got != t["cpu_time"][m]:
            print("# %s %s: cpu_time %d, truth %d" % (key, m, got, t["cpu_time"][m]))
            bad = 1
    for e, c in t["events"].items():
        got = events.pop((key, e), 0)
        if got != c:
            print("# %s %s: %d events, truth %d" % (key, e, got, c))
            bad = 1
    if names.get(key) != t["name"]:
        print("# %s: name %r, truth %r" % (key, names.get(key), t["name"]))
        bad = 1
left = [k for k, v in list(cpu_time.items()) + list(events.items()) if v]
if left:
    print("# not in the truth: %r" % left[:5])
    bad = 1
sys.exit(bad)
EOF
check $? "statistics equal ltt-synth's truth (CPU time per task and mode, events per type)"

"$lttv" -m textDump -s --no-events --stats-format=paths -t "$tmp/synth" -t "$tmp/synth" > "$tmp/again"
cmp -s "$tmp/again" "$tmp/stats-paths"
check $? "a trace given twice is counted once"

# A trace of a million events or more is split in time over two threads
# (doc/analysis.md §3.2): the same statistics as one thread.
"$synth" -o "$tmp/big" --cpus 4 --processes 40 --events 1100000 --seed 11 > /dev/null ||
	{ echo "Bail out! ltt-synth failed"; exit 1; }
"$lttv" -m textDump -s --no-events --stats-format=paths --threads=1 -t "$tmp/big" > "$tmp/big-1"
status=$?
"$lttv" -m textDump -s --no-events --stats-format=paths --threads=2 -t "$tmp/big" > "$tmp/big-2"
[ $status -eq 0 ] && [ -s "$tmp/big-1" ] && cmp -s "$tmp/big-1" "$tmp/big-2"
check $? "statistics of a 1.1 M-event trace on two threads equal one thread's"
"$lttv" -m textDump -s --no-events --stats-format=paths -t "$tmp/big" | cmp -s - "$tmp/big-1"
check $? "statistics with the default threads (one per processor) equal one thread's"
fails "option --threads: \"-1\": expected 0 (one per processor) or more threads" "negative --threads" -- \
	-m textDump -s --threads=-1 -t "$tmp/synth"

fails "column 28: expected a field" "bad filter expression names the column" -- \
	-m textFilter -e 'event.name = sched_switch &' -m textDump -t "$tmp/synth"
fails "unknown format 'xml'" "bad --stats-format" -- -m textDump --stats-format=xml -t "$tmp/synth"
fails "--process: unknown option" "--process before -m textDump" -- --process -m textDump -t "$tmp/synth"
fails "--expression=x: unknown option" "-e without textFilter" -- -m textDump --expression=x -t "$tmp/synth"
fails "no trace given" "textFilter without -t" -- -m textFilter -e 'event.cpu = 0'
fails "$tmp/nope" "missing trace" -- -m textDump -s -t "$tmp/nope"
fails "-e: missing argument" "-e without its expression" -- -m textFilter -e

"$lttv" --help -m textFilter -m textDump > "$tmp/help"
grep -q -e '--expression=EXPR' "$tmp/help" && grep -q -e '--stats ' "$tmp/help" &&
	grep -q -e '--stats-format=tree|paths' "$tmp/help" && grep -q -e '--process' "$tmp/help" &&
	grep -q '^  batchAnalysis' "$tmp/help"
check $? "--help lists the modules' options"

# Events the recorder lost are told on standard error, tracefile by
# tracefile, with the counts of the block headers; the run still succeeds.
"$synth" -o "$tmp/lossy" --cpus 2 --processes 5 --events 3000 --seed 7 --lost-every 2 --block-size 4096 \
	> /dev/null || { echo "Bail out! ltt-synth failed"; exit 1; }
"$lttv" -m textDump --no-events -t "$tmp/lossy" > /dev/null 2> "$tmp/lossy-err"
status=$?
notes=$(grep -c '^lttv: note: .*/lossy/kernel_[01]: [1-9][0-9]* events lost while recording (kernel: the ring buffer was full or overwritten, or records could not be read)$' "$tmp/lossy-err")
[ $status -eq 0 ] && [ "$notes" -ge 1 ] && [ "$notes" -eq "$(wc -l < "$tmp/lossy-err")" ]
check $? "events lost while recording: one note per tracefile that lost some, exit 0"

if [ -d "$sample" ]; then
	"$lttv" -v -m textDump -p -s --stats-format=paths -t "$sample" > "$tmp/sample" 2> "$tmp/sample.err"
	check $? "sample trace: dump with process columns and statistics"
	# Every event is printed once and counted once; the CPU whose task is
	# known from the first event on has a CPU time equal to the trace's span.
	py - "$tmp/sample" "$tmp/sample.err" <<'EOF'
import re, sys
ns = lambda t: int(t.replace(".", ""))
times, per_cpu, counted = [], [], None
for line in open(sys.argv[1]):
    if line.startswith("sample-trace "):
        times.append(ns(line.split(" ")[3]))
    elif re.match(r"sample-trace/cpu[0-9]+/cpu_time ", line):
        per_cpu.append(ns(line.split(" ")[1]))
    elif line.startswith("sample-trace/events "):
        counted = int(line.split(" ")[1])
read = int(re.search(r"lttv: ([0-9]+) events read", open(sys.argv[2]).read()).group(1))
print("# %d lines, %d events read, %d counted, CPU time per CPU %r, span %d"
      % (len(times), read, counted, per_cpu, times[-1] - times[0]))
sys.exit(not (len(times) == read == counted and len(per_cpu) >= 1 and max(per_cpu) == times[-1] - times[0]))
EOF
	check $? "sample trace: every event printed and counted; CPU time of a CPU is the span"
	sed -n '/^sample-trace\(\/cpu[0-9]*\)\{0,1\}\/[a-z_]* /p' "$tmp/sample" > "$tmp/sample-stats"
	diff -u "$srcdir/lttv-analysis-sample-stats.golden" "$tmp/sample-stats" >&2
	check $? "sample trace: statistics per trace and CPU (golden)"
	"$lttv" -m textFilter -e 'event.name = sched_process_exec | event.name = sched_process_fork' \
		-m textDump -p -t "$sample" > "$tmp/sample-fork"
	diff -u "$srcdir/lttv-analysis-sample-fork.golden" "$tmp/sample-fork" >&2
	check $? "sample trace: forks and execs with their process columns (golden)"
	"$lttv" -m textDump -s --no-events --stats-format=paths -t "$tmp/synth" -t "$sample" > "$tmp/two"
	grep '^synth/' "$tmp/two" | cmp -s - "$tmp/stats-paths"
	check $? "two traces of different times: each one's statistics cover its own span"
else
	for i in 1 2 3 4 5; do
		n=$((n + 1)); echo "ok $n # SKIP no tests/data/sample-trace"
	done
fi
