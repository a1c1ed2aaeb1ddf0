# SPDX-License-Identifier: GPL-2.0-or-later
# SPDX-FileCopyrightText: 2026 The LTTV authors
# guest.sh: sourced by the tests of the kernel module (tests/test-kmodule*.sh).
# Builds the module once against Debian's linux-headers-amd64, makes a
# busybox initramfs, and boots Debian's kernel in qemu (TCG: KVM hangs on
# these machines) with the host's / shared read-only and a work directory
# shared read-write over virtio-9p.  The guest runs a script of the test,
# chrooted into the host's /, so it uses the programs of the build tree.

# TAP for the kernel module tests: the test sets total (its plan) and
# counts with n and failed.
check() {   # check DESCRIPTION COMMAND...: ok when COMMAND succeeds
	desc=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		failed=1
	fi
}

skip_rest() {   # skip_rest WHY: the cases left are skipped, saying why; exits
	while [ $n -lt $total ]; do
		n=$((n + 1))
		echo "ok $n # SKIP $1"
	done
	exit $failed
}

# Sets KVER, KIMAGE, KHEADERS or says why not (return 1).
kmodule_find_kernel()
{
	local dep
	dep=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null) || dep=
	KVER=$(echo "$dep" | sed -n 's/.*linux-headers-\([^ ,]*-amd64\).*/\1/p')
	if [ -z "$KVER" ]; then
		KMODULE_WHY="linux-headers-amd64 is not installed"
		return 1
	fi
	KIMAGE=/boot/vmlinuz-$KVER
	KHEADERS=/usr/src/linux-headers-$KVER
	for f in "$KIMAGE" "$KHEADERS/Makefile" /lib/modules/$KVER/kernel/fs/9p/9p.ko \
		/usr/bin/qemu-system-x86_64 /bin/busybox /usr/bin/cpio; do
		if [ ! -e "$f" ]; then
			KMODULE_WHY="$f is missing (linux-image-amd64 $KVER, qemu-system-x86, busybox-static, cpio)"
			return 1
		fi
	done
	if ! file -L /bin/busybox 2>/dev/null | grep -q 'statically linked'; then
		KMODULE_WHY="/bin/busybox is not busybox-static"
		return 1
	fi
	return 0
}

# Installs what is missing when we may (root, apt-get), then looks again.
kmodule_prepare()
{
	kmodule_find_kernel && return 0
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
			--no-install-recommends qemu-system-x86 linux-image-amd64 linux-headers-amd64 \
			busybox-static cpio file >/dev/null 2>&1
	fi
	kmodule_find_kernel
}

# kmodule_build SRC_TOP OUT: copies kernel-patch/ltt-tracer and ltt-format.h
# under OUT and builds KMODULE_KO=OUT/kernel-patch/ltt-tracer/ltt-tracer.ko
# (kbuild writes next to the sources: the source tree stays clean).
kmodule_build()
{
	local top=$1 out=$2 src=$2/kernel-patch/ltt-tracer
	rm -rf "$out" && mkdir -p "$src" "$out/ltt" || return 1
	cp "$top"/kernel-patch/ltt-tracer/*.[ch] "$top"/kernel-patch/ltt-tracer/Kbuild \
		"$top"/kernel-patch/ltt-tracer/gen-syscall-names.sh "$src/" || return 1
	rm -f "$src/ltt-syscall-names.h"
	cp "$top/ltt/ltt-format.h" "$out/ltt/" || return 1
	KMODULE_KO=$src/ltt-tracer.ko
	make -s -C "$KHEADERS" M="$src" modules >"$out/build.log" 2>&1
}

# kmodule_initramfs OUT: busybox and the virtio-9p modules.
kmodule_initramfs()
{
	local out=$1 root=$1.root m
	rm -rf "$root" && mkdir -p "$root/bin" "$root/mods" "$root/proc" "$root/sys" "$root/dev" \
		"$root/host" || return 1
	cp /bin/busybox "$root/bin/" || return 1
	for m in $(modprobe -S "$KVER" --show-depends 9p; modprobe -S "$KVER" --show-depends 9pnet_virtio;
		   modprobe -S "$KVER" --show-depends virtio_pci); do
		case $m in *.ko) cp "$m" "$root/mods/$(basename "$m")" ;; esac
	done
	cat >"$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci netfs fscache \
	9pnet 9pnet_virtio 9p; do
	[ -e /mods/$m.ko ] && insmod /mods/$m.ko
done
work=$(sed -n 's/.*ltt_work=\([^ ]*\).*/\1/p' /proc/cmdline)
o=trans=virtio,version=9p2000.L,msize=262144
mount -t 9p -o $o,ro hostroot /host
mount -t proc proc /host/proc
mount -t sysfs sys /host/sys
mount -t devtmpfs dev /host/dev
mount -t tmpfs tmp /host/tmp
# The source and build trees, again: the tmpfs hides them when they are
# under /tmp (a CI clone may be).  "/" (no tree given) is there already:
# mounted again it would hide /proc, /sys, /dev and /tmp.
for tag in src build; do
	d=$(sed -n "s/.*ltt_$tag=\([^ ]*\).*/\1/p" /proc/cmdline)
	[ -n "$d" ] && [ "$d" != / ] && mkdir -p /host$d && mount -t 9p -o $o,ro $tag /host$d
done
mkdir -p /host$work
mount -t 9p -o $o work /host$work
chroot /host /bin/sh $work/guest-script >/host$work/guest.log 2>&1
echo $? >/host$work/status
umount /host$work
poweroff -f
INIT
	chmod +x "$root/init"
	(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1) >"$out" || return 1
	rm -rf "$root"
}

# Seconds a guest may run before it is taken as hung (a run takes under a
# minute).  Qemu 7.2's multi-threaded TCG froze guests now and then (a vCPU
# stuck in text_poke_bp while tracepoint_probe_register patches the
# kernel's code, the other never answering: seen in CI on 2026-12-02):
# the guests run on one TCG thread (thread=single), which also ran the
# tests faster on this 2-CPU host (test-kmodule-stress 25 s instead of
# about 60).  A guest that still hangs is killed, and the test fails
# saying so; it is not run again.
KMODULE_TIMEOUT=${LTTV_KMODULE_TIMEOUT:-300}

# kmodule_boot INITRAMFS WORK SCRIPT CPUS: runs SCRIPT (copied to
# WORK/guest-script) in the guest; returns its status, or 124 when the guest
# hung (killed after KMODULE_TIMEOUT s), 125 when it ended without a status.
# KMODULE_FAILURE says what went wrong; kmodule_report shows it.
kmodule_boot()
{
	local initrd=$1 work=$2 script=$3 cpus=$4 rc
	local src=${TOP_SRCDIR:-/nonexistent} build=${TOP_BUILDDIR:-/nonexistent}
	[ -d "$src" ] || src=/
	[ -d "$build" ] || build=/
	cp "$script" "$work/guest-script" || return 1
	rm -f "$work/status"
	KMODULE_FAILURE=
	timeout -k 10 "$KMODULE_TIMEOUT" qemu-system-x86_64 -accel tcg,thread=single -m 768 -smp "$cpus" -nographic -no-reboot \
		-kernel "$KIMAGE" -initrd "$initrd" \
		-append "console=ttyS0 loglevel=5 panic=-1 tsc=reliable ltt_work=$work ltt_src=$src ltt_build=$build" \
		-fsdev local,id=root,path=/,security_model=none,readonly=on,multidevs=remap \
		-device virtio-9p-pci,fsdev=root,mount_tag=hostroot \
		-fsdev local,id=src,path="$src",security_model=none,readonly=on,multidevs=remap \
		-device virtio-9p-pci,fsdev=src,mount_tag=src \
		-fsdev local,id=build,path="$build",security_model=none,readonly=on,multidevs=remap \
		-device virtio-9p-pci,fsdev=build,mount_tag=build \
		-fsdev local,id=work,path="$work",security_model=none \
		-device virtio-9p-pci,fsdev=work,mount_tag=work >"$work/console.log" 2>&1 </dev/null
	rc=$?
	if [ $rc = 124 ] || [ $rc = 137 ]; then
		KMODULE_FAILURE="the guest hung: still running after $KMODULE_TIMEOUT s (LTTV_KMODULE_TIMEOUT), qemu was killed; not retried"
		return 124
	fi
	if [ ! -f "$work/status" ]; then
		KMODULE_FAILURE="qemu ended (status $rc) without the guest script's status: the guest crashed or panicked"
		return 125
	fi
	rc=$(cat "$work/status")
	[ "$rc" = 0 ] || KMODULE_FAILURE="the guest script failed with status $rc"
	return "$rc"
}

# kmodule_report WORK: what went wrong in the guest, for the TAP log: the
# failure, the kernel's reports of a stuck CPU, the ends of the guest
# script's output and of the console.
kmodule_report()
{
	echo "# $KMODULE_FAILURE"
	grep -E 'soft lockup|hung_task|blocked for more than|rcu.*stall|text_poke|Kernel panic|BUG:|Oops' \
		"$1/console.log" 2>/dev/null | head -20 | sed 's/^/# kernel: /'
	[ -f "$1/guest.log" ] && tail -20 "$1/guest.log" | sed 's/^/# guest: /'
	tail -20 "$1/console.log" 2>/dev/null | sed 's/^/# console: /'
}
