#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# test-gui-window.sh: lttv-gui under a private Xvfb through --script: the
# command line, the script's commands and errors, the navigation keys, a
# click in a viewer, screenshots at 1024x768 and 1920x1080 checked pixel by
# pixel (the example viewer eventrate draws its bars 0x3366bf).
. "${TESTS_SRCDIR:?}/lttv-env.sh"
. "$srcdir/gui-env.sh"

# Without a display: the options that need none still work.
(unset DISPLAY; "$gui" --version) > "$tmp/version" 2>&1
version_status=$?
(unset DISPLAY; "$gui" --help) > "$tmp/help" 2>&1
help_status=$?
(unset DISPLAY; "$gui" -t /nowhere) > "$tmp/nodisplay" 2>&1
nodisplay_status=$?

require_xvfb
echo "1..40"

[ $version_status -eq 0 ] && grep -Eq '^lttv-gui [0-9]+\.[0-9]+' "$tmp/version"
check $? "--version without a display"
[ $help_status -eq 0 ] && grep -q -- '--script' "$tmp/help" && grep -q -- '--viewer' "$tmp/help" &&
	grep -q -- '--trace' "$tmp/help"
check $? "--help lists the options"
[ $nodisplay_status -ne 0 ] && grep -q 'cannot open the display' "$tmp/nodisplay"
check $? "no display: an error, not a crash"

"$synth" -o "$tmp/trace" --cpus 2 --events 20000 --seed 5 || { echo "Bail out! ltt-synth failed"; exit 1; }

# Runs lttv-gui on the script read from standard input; out, err, status.
# A hang is a failure (timeout's status 124), not a stuck test.
run() {
	timeout 120 "$gui" "$@" --script - > "$tmp/out" 2> "$tmp/err"
	status=$?
}

# (Without LTTV_MODULE_PATH: lttv-gui finds the build tree's viewers itself.)
(unset LTTV_MODULE_PATH; run -t "$tmp/trace" --viewer eventrate <<EOF2
wait
print
quit
EOF2
exit $status)
[ $? -eq 0 ] && [ ! -s "$tmp/err" ] &&
	grep -q '^window 0\.000000000 [0-9.]* time 0\.000000000 traces 1 viewers eventrate$' "$tmp/out"
check $? "-t TRACE --viewer NAME: the whole trace in one tab with the viewer"
span_end=$(awk '{ print $3 }' "$tmp/out")
span=$(ns "$span_end")

# GTK's own options are taken before lttv-gui's.
display=$DISPLAY
(unset DISPLAY; printf 'print\nquit\n' | timeout 120 "$gui" --display "$display" -t "$tmp/trace" \
	--script -) > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && grep -q ' traces 1 ' "$tmp/out"
check $? "--display DISPLAY (a GTK option) with lttv-gui's"

# Navigation keys: W halves the window around the current time (the start),
# D pans a fifth, S doubles, F fits; Ctrl+plus is the menu's zoom in.
run -t "$tmp/trace" <<EOF2
key w
print
key d
print
key s
key f
print
key <Control>plus
print
quit
EOF2
half=$(( span / 2 ))
w1=$(sed -n 1p "$tmp/out"); w2=$(sed -n 2p "$tmp/out"); w3=$(sed -n 3p "$tmp/out"); w4=$(sed -n 4p "$tmp/out")
[ $status -eq 0 ] && [ "$(ns "$(echo "$w1" | awk '{ print $3 }')")" -eq "$half" ]
check $? "key w: zoom in to half the trace"
[ "$(ns "$(echo "$w2" | awk '{ print $2 }')")" -eq $(( half / 5 )) ]
check $? "key d: pan later by a fifth of the window"
[ "$(echo "$w3" | awk '{ print $2, $3 }')" = "0.000000000 $span_end" ]
check $? "keys s f: zoom out, zoom to fit"
[ "$(ns "$(echo "$w4" | awk '{ print $3 }')")" -eq "$half" ]
check $? "key <Control>plus: View > Zoom In"

# The keys file: a name that is no key is reported at FILE:LINE:COLUMN, the
# line's other keys still bound.
mkdir -p "$tmp/config/lttv"
printf '# mine\n  zoom-in q NoSuchKey\n' > "$tmp/config/lttv/keys"
XDG_CONFIG_HOME=$tmp/config run -t "$tmp/trace" <<EOF2
key q
print
quit
EOF2
[ $status -eq 0 ] && [ "$(ns "$(sed -n 1p "$tmp/out" | awk '{ print $3 }')")" -eq "$half" ] \
	&& grep -qx "lttv-gui: $tmp/config/lttv/keys:2:13: \"NoSuchKey\" is not a key name (see gdk/gdkkeysyms.h)" "$tmp/err"
check $? "keys file: a bad key name at FILE:LINE:COLUMN, the others bound ($(head -c 200 "$tmp/err"))"

# The arrows pan whatever has the focus at startup (the toolbar spent
# them on moving the focus); in a text field they stay its own.
run -t "$tmp/trace" <<EOF2
wait
key w
print
key Right
print
key Left
print
key <Alt>s
key Right
print
quit
EOF2
a1=$(sed -n 1p "$tmp/out" | awk '{ print $2 }')
a2=$(sed -n 2p "$tmp/out" | awk '{ print $2 }')
a3=$(sed -n 3p "$tmp/out" | awk '{ print $2 }')
a4=$(sed -n 4p "$tmp/out" | awk '{ print $2 }')
[ $status -eq 0 ] && [ "$(ns "$a2")" -eq $(( half / 5 )) ] && [ "$a3" = "$a1" ]
check $? "keys Right, Left at startup: pan a fifth later, then back ($a1 $a2 $a3)"
[ "$a4" = "$a3" ]
check $? "Right in the time bar's Start field moves its cursor, not the window ($a4)"

# Time window and current time; a click in the viewer sets the time
# under the pointer.
run -t "$tmp/trace" <<EOF2
viewer eventrate
window 0.01 0.02
time 0.015
print
wait
screenshot $tmp/viewer.png eventrate
click eventrate 250 40
print
quit
EOF2
# (the default viewers, when built, open with the trace before eventrate)
[ $status -eq 0 ] && sed -n 1p "$tmp/out" |
	grep -q '^window 0\.010000000 0\.020000000 time 0\.015000000 traces 1 viewers .*eventrate$'
check $? "window START END, time T"
width=$("$pngcheck" "$tmp/viewer.png" | awk 'NR == 1 { print $1 }')
clicked=$(ns "$(sed -n 2p "$tmp/out" | awk '{ print $5 }')")
[ -n "$width" ] && [ "$clicked" -eq $(( 10000000 + 250 * 10000000 / width )) ]
check $? "click VIEWER X Y: the viewer sets the current time at X"

# Screenshots: the window's size after resize, the viewer's bars.
run -t "$tmp/trace" --viewer eventrate <<EOF2
resize 1024 768
wait
screenshot $tmp/small.png
screenshot $tmp/bars.png eventrate
resize 1920 1080
wait
screenshot $tmp/large.png
quit
EOF2
[ $status -eq 0 ] && [ "$("$pngcheck" "$tmp/small.png" | head -n 1)" = "1024 768" ] &&
	[ "$("$pngcheck" "$tmp/large.png" | head -n 1)" = "1920 1080" ]
check $? "screenshot FILE after resize W H: a W x H picture"
# 20,000 events over 1024 pixels: bars in most slots (3 of every 4 columns).
bars=$("$pngcheck" "$tmp/bars.png" 3366bf | awk 'NR == 2 { print $3 }')
vw=$("$pngcheck" "$tmp/bars.png" | awk 'NR == 1 { print $1 }')
[ -n "$bars" ] && [ "$bars" -gt $(( vw / 2 )) ] && [ "$bars" -le $(( vw * 3 / 4 + 3 )) ]
check $? "screenshot FILE VIEWER: the viewer's bars are drawn ($bars columns of $vw)"

# Tabs: a second tab on the same trace.
run <<EOF2
open $tmp/trace
tab
open $tmp/trace
viewer eventrate
wait
print
quit
EOF2
[ $status -eq 0 ] && grep -q ' traces 1 viewers .*eventrate$' "$tmp/out"
check $? "tab, open: a second tab on the same trace"

# Menu accelerators: Ctrl+T opens an empty tab, Ctrl+W closes it.
run -t "$tmp/trace" <<EOF2
key <Control>t
print
key <Control>w
print
quit
EOF2
[ $status -eq 0 ] && [ "$(awk '{ print $7 }' "$tmp/out" | tr '\n' ' ')" = "0 1 " ]
check $? "keys <Control>t, <Control>w: File > New Tab, Close Tab"

# Errors: a message naming the line, exit status 1, no dialog, no hang.
printf 'print\nopen %s/none\n' "$tmp" > "$tmp/bad.script"
timeout 120 "$gui" --script "$tmp/bad.script" > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "bad.script:2: .*$tmp/none" "$tmp/err"
check $? "open of a missing trace: FILE:LINE: and the path"
mkdir "$tmp/empty"
run <<EOF2
open $tmp/empty
EOF2
[ $status -eq 1 ] && grep -q "stdin:1: .*empty.*not a trace" "$tmp/err"
check $? "open of a directory that is not a trace: the reason"
cp -r "$tmp/trace" "$tmp/cut"
dd if="$tmp/trace/kernel_0" of="$tmp/cut/kernel_0" bs=1000 count=70 2>/dev/null
run <<EOF2
open $tmp/cut
wait
print
quit
EOF2
[ $status -eq 0 ] && grep -q "warning: .*cut.*damaged" "$tmp/err" && grep -q ' traces 1 ' "$tmp/out"
check $? "a damaged trace opens with a warning naming what was skipped"
run -t "$tmp/none" <<EOF2
print
quit
EOF2
[ $status -eq 1 ] && grep -q "$tmp/none" "$tmp/err" && [ ! -s "$tmp/out" ]
check $? "-t of a missing trace with --script: an error, the script not run"
run <<EOF2
frobnicate
EOF2
[ $status -eq 1 ] && grep -q 'stdin:1: unknown command "frobnicate"' "$tmp/err"
check $? "unknown command: the line number"
run -t "$tmp/trace" <<EOF2

# a comment
window 0.02 0.01
EOF2
[ $status -eq 1 ] && grep -q 'stdin:3: window: the end' "$tmp/err"
check $? "window with the end before the start: error at line 3"
run -t "$tmp/trace" <<EOF2
time 1.x
EOF2
[ $status -eq 1 ] && grep -q 'stdin:1: .*1\.x.*column' "$tmp/err"
check $? "a bad time: the column"
run -t "$tmp/trace" <<EOF2
viewer nosuchviewer
EOF2
[ $status -eq 1 ] && grep -q 'stdin:1: no viewer named nosuchviewer' "$tmp/err"
check $? "viewer of an unknown name: error"
run -t "$tmp/trace" <<EOF2
resize 3000 1500
screenshot $tmp/huge.png
EOF2
[ $status -eq 1 ] && grep -q 'stdin:2: .*do not fit on the 1920x1200 screen' "$tmp/err" &&
	[ ! -e "$tmp/huge.png" ]
check $? "screenshot of a window larger than the screen: an error, no garbage"
# The worker thread that writes the PNG reports its failure on the line of
# `screenshot`; the script never went on to the next line.
run -t "$tmp/trace" <<EOF2
screenshot $tmp/nowhere/shot.png
print
EOF2
[ $status -eq 1 ] && grep -q "stdin:1: screenshot $tmp/nowhere/shot.png: .*nowhere/shot.png" "$tmp/err" &&
	[ ! -s "$tmp/out" ]
check $? "screenshot to a folder that does not exist: an error at its line, the next line not run"
run -t "$tmp/trace" <<EOF2
key NotAKey
EOF2
[ $status -eq 1 ] && grep -q 'stdin:1: key "NotAKey"' "$tmp/err"
check $? "key of an unknown name: error"
# clock: the monotonic clock and the main thread's CPU time (ms), once the
# window is settled; both only go forward, and the main thread worked for
# the zoom between them.
run -t "$tmp/trace" <<EOF2
resize 640 480
clock
key w
clock
quit
EOF2
[ $status -eq 0 ] && [ "$(wc -l < "$tmp/out")" -eq 2 ] &&
	! grep -Evq '^clock [0-9]+\.[0-9]{3} [0-9]+\.[0-9]{3}$' "$tmp/out" &&
	awk 'NR == 1 { w = $2; c = $3 } NR == 2 { exit !($2 > w && $3 > c && $3 - c <= $2 - w + 1) }' "$tmp/out"
check $? "clock: two readings, both clocks forward, the CPU time within the wall time ($(tr '\n' ' ' < "$tmp/out"))"
run -t "$tmp/trace" <<EOF2
clock now
EOF2
[ $status -eq 1 ] && grep -q 'stdin:1: expected: clock' "$tmp/err"
check $? "clock with an argument: error"
# Viewers stacked beyond their minimum heights: the window keeps the size
# asked (each viewer scrolls in its slot), never taller than a 768-pixel
# screen.
run -t "$tmp/trace" --viewer controlflow --viewer detailedevents --viewer statistics --viewer eventrate <<EOF2
resize 1024 768
wait
screenshot $tmp/stacked.png
quit
EOF2
[ $status -eq 0 ] && [ "$("$pngcheck" "$tmp/stacked.png" | head -n 1)" = "1024 768" ]
check $? "four viewers in a 1024x768 window: a 1024 x 768 picture ($("$pngcheck" "$tmp/stacked.png" 2>/dev/null | head -n 1); $(head -c 200 "$tmp/err"))"

# Three viewers at 1024x768: the control flow has half of the tab, the event
# list and the statistics a quarter each (with three fifths on top, the
# other two kept one or two rows each), and each fits its slot, scrolling
# its own rows: a viewer taller than its slot would be scrolled by the slot
# too, a second scrollbar beside its own.  `layout` gives the slots'
# heights and whether they scroll.
run -t "$tmp/trace" --viewer controlflow --viewer detailedevents --viewer statistics <<EOF2
resize 1024 768
wait
layout
quit
EOF2
cf_h=$(awk '$2 == "controlflow" { print $6 }' "$tmp/out")
de_h=$(awk '$2 == "detailedevents" { print $6 }' "$tmp/out")
st_h=$(awk '$2 == "statistics" { print $6 }' "$tmp/out")
# (The panes' handles take a few pixels from the shares.)
[ $status -eq 0 ] && [ -n "$cf_h" ] && [ -n "$de_h" ] && [ -n "$st_h" ] &&
	[ $(( cf_h * 100 )) -ge $(( (de_h + st_h) * 95 )) ] && [ $(( cf_h * 100 )) -le $(( (de_h + st_h) * 110 )) ] &&
	[ $(( de_h - st_h )) -le 8 ] && [ $(( st_h - de_h )) -le 8 ]
check $? "three viewers at 1024x768: the control flow half, the other two a quarter each ($(tr '\n' ' ' < "$tmp/out"))"
[ "$(awk '$1 == "layout" && $7 == "fits"' "$tmp/out" | wc -l)" -eq 3 ]
check $? "three viewers at 1024x768: each fits its slot, no slot scrolls its viewer ($(tr '\n' ' ' < "$tmp/out"))"

# Opened without resize on the 1920x1200 screen: four fifths of it; the top
# viewer (the control flow) gets three fifths of the tab, the event list the rest.
run -t "$tmp/trace" <<EOF2
wait
screenshot $tmp/default.png
screenshot $tmp/default-cf.png controlflow
screenshot $tmp/default-de.png detailedevents
quit
EOF2
[ $status -eq 0 ] && [ "$("$pngcheck" "$tmp/default.png" | head -n 1)" = "1536 960" ]
check $? "the window opens at four fifths of the screen ($("$pngcheck" "$tmp/default.png" 2>/dev/null | head -n 1))"
cf_h=$("$pngcheck" "$tmp/default-cf.png" | awk 'NR == 1 { print $2 }')
de_h=$("$pngcheck" "$tmp/default-de.png" | awk 'NR == 1 { print $2 }')
# (Each slot's title bar is outside the viewer's picture: the viewers'
# ratio is a little above 3:2.)
[ -n "$cf_h" ] && [ -n "$de_h" ] && [ $(( cf_h * 10 )) -ge $(( de_h * 14 )) ] && [ $(( cf_h * 10 )) -le $(( de_h * 18 )) ]
check $? "the control flow has three fifths of the tab, the event list two ($cf_h and $de_h pixels)"

# A damaged precomputation cache is computed again and said so once, with
# the file and the fault, in the status bar and on standard error.
"$synth" -o "$tmp/cached" --cpus 2 --events 20000 --seed 5 > /dev/null || { echo "Bail out! ltt-synth failed"; exit 1; }
run -t "$tmp/cached" <<EOF2
wait
quit
EOF2
cache=$tmp/cached/.lttv-precompute-cache
size=$(stat -c %s "$cache" 2>/dev/null || echo 0)
head -c $((size / 2)) "$cache" > "$cache.half" && mv "$cache.half" "$cache"
run -t "$tmp/cached" <<EOF2
wait
status
quit
EOF2
[ $status -eq 0 ] && [ "$size" -gt 0 ] &&
	grep -q "^status $cache: offset [0-9]*: .*; computing again\$" "$tmp/out" &&
	[ "$(grep -c "^lttv-gui: $cache: offset [0-9]*: .*; computing again\$" "$tmp/err")" = 1 ]
check $? "a damaged cache: computed again, said in the status bar and once on stderr ($(cat "$tmp/out") $(head -c 200 "$tmp/err"))"

# The current time set outside the time window: the window follows it,
# centred on it, its width kept.
run -t "$tmp/trace" <<EOF2
window 0.01 0.02
time 0.035
print
quit
EOF2
[ $status -eq 0 ] && grep -q '^window 0\.030000000 0\.040000000 time 0\.035000000 ' "$tmp/out"
check $? "a current time outside the window: the window follows, centred ($(head -c 120 "$tmp/out"))"

# A filter is said in the status bar (and on the tab's label).
run -t "$tmp/trace" <<EOF2
filter event.name = sched_switch
status
filter
status
quit
EOF2
[ $status -eq 0 ] && [ "$(sed -n 1p "$tmp/out")" = "status Filter: event.name = sched_switch" ] &&
	[ "$(sed -n 2p "$tmp/out")" = "status Filter removed: every event is shown" ]
check $? "a filter set and removed: said in the status bar ($(tr '\n' ' ' < "$tmp/out"))"

# Two traces whose spans do not meet (the sample trace's clock is 2979 s
# since its machine's boot, the synthetic one's 10 s) share one time line,
# each in a corner: the second one's line says so, with both spans; a
# second synthetic trace over the same span says nothing.
"$synth" -o "$tmp/trace2" --cpus 2 --events 20000 --seed 6 > /dev/null || { echo "Bail out! ltt-synth failed"; exit 1; }
run <<EOF2
open $tmp/trace
open $tmp/trace2
open $srcdir/data/sample-trace
wait
quit
EOF2
[ $status -eq 0 ] && [ "$(grep -c 'do not overlap' "$tmp/err")" -eq 1 ] &&
	grep -q -- 'stdin:3: warning: .*sample-trace spans 2979\.[0-9]* to 2979\.[0-9]* s of its clock, the tab.s other traces 10\.[0-9]* to 1[0-9]\.[0-9]* s: they do not overlap in time' "$tmp/err"
check $? "traces apart in time: the one added says so, with the spans ($(head -c 300 "$tmp/err"))"
