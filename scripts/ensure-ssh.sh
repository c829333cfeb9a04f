#!/usr/bin/env bash
# Installs Debian's rsync and OpenSSH (client and server) for the publish tests
# (test/unit/publish/ssh-target.test.ts): the tests start their own sshd on loopback, by pid,
# with a throwaway host key; the packaged service is never started or needed.
set -euo pipefail
if command -v rsync >/dev/null && command -v ssh >/dev/null && [ -x /usr/sbin/sshd ]; then exit 0; fi
echo "rsync/ssh/sshd not found: installing Debian's rsync, openssh-client and openssh-server…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# RUNLEVEL=1 tells invoke-rc.d not to start the packaged service (it would take port 22).
$SUDO env RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends rsync openssh-client openssh-server >/dev/null
