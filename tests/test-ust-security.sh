#!/bin/sh
# A registry shared by users who do not trust each other (mode 1777,
# doc/ust.md §8): an unprivileged user (nobody) plays the attacks on a
# drainer run by root.  The drainer must never truncate, write or follow
# anything that user prepared: a lock file written first, naming a trace
# directory full of links to a root-only file; a registry file whose claims
# say "truncate to 0"; a file that speaks for another application; links
# in the registry.  Registries other users could tamper with are refused.
B=${TOP_BUILDDIR:-..}
DRAIN=$B/ltt-control/ust/ltt-ust-drain
EXAMPLE=$B/tests/ust-example/ust-example
FORGE=$B/tests/test-ust-forge

skip() {
	echo "1..0 # SKIP $1"
	echo "test-ust-security.sh: SKIPPED: $1" >&2
	exit 0
}
[ "$(id -u)" = 0 ] || skip "must run as root to play an unprivileged user against a root drainer"
command -v setpriv >/dev/null || skip "setpriv (util-linux) is missing: cannot act as nobody"
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; }
as_nobody "$EXAMPLE" --threads 1 --events 1 >/dev/null 2>&1 ||
	skip "nobody cannot run $EXAMPLE (the build tree must be readable by all)"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/test-ust-security.XXXXXX") || exit 1
TMP=$(cd "$TMP" && pwd) || exit 1
trap 'rm -rf "$TMP"' EXIT
chmod 755 "$TMP"
n=0
ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; sed 's/^/# /' "$TMP/err"; fi
}
size_of() { wc -c < "$1" | tr -d ' '; }

echo "1..10"

# A root-only file of 1 MiB: the target.
head -c 1048576 /dev/urandom > "$TMP/secret"
chmod 600 "$TMP/secret"
cp "$TMP/secret" "$TMP/secret.orig"

# 1. The issue's attack.  nobody writes the lock first, naming a trace
# directory of its own whose channel files are links to the secret, and
# claims in its own registry file that the last pass must be cut to 0.
R=$TMP/reg1; mkdir "$R"; chmod 1777 "$R"
mkdir "$TMP/evil"; chown nobody:nogroup "$TMP/evil"
as_nobody env LTT_UST_REGISTRY="$R" LTT_UST_NAME=evil "$EXAMPLE" --threads 1 --events 10 >/dev/null
f=$(ls "$R"/evil-*.ust); pid=${f##*-}; pid=${pid%.ust}
as_nobody sh -c "printf 'trace %s\n' '$TMP/evil' > '$R/.drainer.lock'"
for b in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
	as_nobody ln -s "$TMP/secret" "$TMP/evil/ust-evil-${pid}_$b"
done
as_nobody "$FORGE" "$f"
"$DRAIN" -o "$TMP/t1" -r "$R" --once 2> "$TMP/err"; st=$?
cmp -s "$TMP/secret" "$TMP/secret.orig"; ok $? "the root-only file is intact (size $(size_of "$TMP/secret"))"
[ $st = 0 ]; ok $? "the drainer still drains the registry (status $st)"
grep -q "drainer.lock: not made by a drainer of this user" "$TMP/err"; ok $? "the foreign lock file is reported"
[ "$(stat -c %u "$R/.drainer.lock")" = 0 ]; ok $? "the lock file is the drainer's now"

# 2. A trusted previous trace (root's drainer recorded the application
# "victim"), then nobody makes a registry file that speaks for victim and
# claims victim's channel must be cut to 0: the claim is not signed.
R=$TMP/reg2; mkdir "$R"; chmod 1777 "$R"
LTT_UST_REGISTRY="$R" LTT_UST_NAME=victim "$EXAMPLE" --threads 1 --events 1000 >/dev/null
vpid=$(ls "$R"/victim-*.ust); vpid=${vpid##*-}; vpid=${vpid%.ust}
"$DRAIN" -o "$TMP/t2a" -r "$R" --once 2> "$TMP/err"
before=$(cat "$TMP"/t2a/ust-victim-* | wc -c)
as_nobody env LTT_UST_REGISTRY="$R" LTT_UST_NAME=victim "$EXAMPLE" --threads 1 --events 10 >/dev/null
f=$(ls "$R"/victim-*.ust)
as_nobody "$FORGE" "$f" "$vpid"
as_nobody mv "$f" "$R/victim-$vpid.ust"
"$DRAIN" -o "$TMP/t2b" -r "$R" --once 2> "$TMP/err"; st=$?
after=$(cat "$TMP"/t2a/ust-victim-* | wc -c)
[ "$before" -gt 0 ] && [ "$after" = "$before" ]; ok $? "victim's recorded channel is intact ($after of $before bytes)"
grep -q "that no drainer made; ignored" "$TMP/err" && [ $st = 0 ]; ok $? "the forged claim is reported and ignored"

# 3. A link in the registry is not followed.
R=$TMP/reg3; mkdir "$R"; chmod 1777 "$R"
as_nobody ln -s "$TMP/secret" "$R/link-1.ust"
"$DRAIN" -o "$TMP/t3" -r "$R" --once 2> "$TMP/err"; st=$?
cmp -s "$TMP/secret" "$TMP/secret.orig" && grep -q "link-1.ust: cannot open: a symbolic link, not followed" "$TMP/err" \
	&& [ $st = 0 ]; ok $? "a link in the registry is reported, not followed"

# 4. Registries other users could tamper with are refused.
R=$TMP/reg4; mkdir "$R"; chmod 777 "$R"
"$DRAIN" -o "$TMP/t4" -r "$R" --once 2> "$TMP/err"; st=$?
[ $st = 1 ] && grep -q "without the sticky bit" "$TMP/err"; ok $? "a registry writable by all without the sticky bit is refused"
R=$TMP/reg5; mkdir "$R"; chown nobody "$R"
"$DRAIN" -o "$TMP/t5" -r "$R" --once 2> "$TMP/err"; st=$?
[ $st = 1 ] && grep -q "owned by another user" "$TMP/err"; ok $? "a registry of another user is refused"
ln -s "$TMP/reg1" "$TMP/reg6"
"$DRAIN" -o "$TMP/t6" -r "$TMP/reg6" --once 2> "$TMP/err"; st=$?
[ $st = 1 ] && grep -q "symbolic link" "$TMP/err"; ok $? "a registry reached through a link is refused"
