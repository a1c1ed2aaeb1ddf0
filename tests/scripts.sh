#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# scripts.sh: what a newcomer meets first: the README's Quick start, the
# scripts' refusal of a tree configured in place, the benchmark entry
# points from the source tree.
top=${TOP_SRCDIR:?}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
check() {   # check STATUS DESCRIPTION
	n=$((n + 1))
	case $1 in
	0) echo "ok $n - $2" ;;
	77) echo "ok $n # SKIP $2" ;;
	*) echo "not ok $n - $2" ;;
	esac
}
echo "1..5"

# The Quick start block holds exactly the two commands.
awk '/^## Quick start/ { q = 1 } q && /^```/ { b++; next } q && b == 1 { print $1 } b == 2 { exit }' \
	"$top/README.md" > "$tmp/quick"
printf './scripts/demo\n./scripts/check\n' | cmp -s - "$tmp/quick"
check $? "the README's Quick start is ./scripts/demo and ./scripts/check"

# scripts/build in a copy of the tree's scripts, the tree configured in place.
mkdir -p "$tmp/src/scripts"
cp "$top/scripts/build" "$tmp/src/scripts/"
printf '#!/bin/sh\n' > "$tmp/src/scripts/install-deps"
chmod +x "$tmp/src/scripts/install-deps"
touch "$tmp/src/config.status"
"$tmp/src/scripts/build" > "$tmp/out" 2> "$tmp/err"
[ $? -ne 0 ] && [ ! -s "$tmp/out" ] && grep -q "was configured in place" "$tmp/err" &&
	grep -q "make distclean" "$tmp/err"
check $? "scripts/build on a tree configured in place says what to do"

test -x "$top/bench/bench-ust.sh" && test -x "$top/bench/run-all.sh"
check $? "the benchmark scripts are executable"

# make -C bench TARGET from the source tree goes to the build tree.
if [ -f "$top/bench/Makefile" ]; then
	check 77 "make -C bench from the source tree: this tree is configured in place"
else
	mkdir -p "$tmp/build/bench"
	printf 'probe:\n\t@echo built in $(CURDIR)\n' > "$tmp/build/bench/Makefile"
	make -s -C "$top/bench" probe LTTV_BUILD_DIR="$tmp/build" 2>&1 | grep -q "built in $tmp/build/bench"
	check $? "make -C bench TARGET from the source tree builds in the build tree"
fi

# scripts/repeat-test counts runs and keeps the failed run's log: a stand-in
# suite whose second run fails.
mkdir -p "$tmp/rep/tests"
cat > "$tmp/rep/tests/Makefile" <<'EOF2'
check:
	@n=$$(cat runs 2>/dev/null || echo 0); n=$$((n + 1)); echo $$n > runs; \
	echo "run $$n" > t.log; \
	if [ $$n -eq 2 ]; then echo ':test-result: FAIL' > t.trs; exit 2; else echo ':test-result: PASS' > t.trs; fi
EOF2
"$top/scripts/repeat-test" --runs 3 --build "$tmp/rep" t.sh > "$tmp/rep.out" 2> "$tmp/rep.err"
[ $? -eq 1 ] && grep -q "t.sh: 2 of 3 runs passed" "$tmp/rep.out" && grep -q "run 2/3: FAIL" "$tmp/rep.out" &&
	grep -q "run 2" "$tmp/rep/tests/repeat-t.sh/run-2.log" && [ ! -e "$tmp/rep/tests/repeat-t.sh/run-1.log" ]
check $? "scripts/repeat-test counts the passed runs and keeps the failed run's log"
