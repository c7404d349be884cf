#!/usr/bin/env bash
# `npm test`'s own set-up step (npm runs it as `pretest`): what the suite needs and the machine lacks is
# installed or started here, so that the README's `npm test` alone passes on a fresh Debian machine —
# Debian's Chromium (the browser tests), hledger (the ledger exports read back), xmllint and poppler's
# pdfdetach/pdftotext (the Factur-X and PDF tests), and a PostgreSQL server (DATABASE_URL, else the local
# one on 127.0.0.1:5432, user postgres, trust authentication). Quick when all is there: a few lookups.
set -euo pipefail

say() { echo "registre tests: $*" >&2; }

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v hledger >/dev/null 2>&1 || need_apt+=(hledger)
command -v xmllint >/dev/null 2>&1 || need_apt+=(libxml2-utils)
command -v pdfdetach >/dev/null 2>&1 || need_apt+=(poppler-utils)
local_pg=true
case "${DATABASE_URL:-}" in
  "" | *@127.0.0.1:5432/* | *@localhost:5432/* | *@127.0.0.1/* | *@localhost/*) ;;
  *) local_pg=false ;;
esac
if $local_pg && ! command -v pg_ctlcluster >/dev/null 2>&1; then need_apt+=(postgresql); fi

if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then as_root=(); elif sudo -n true 2>/dev/null; then as_root=(sudo -n); else
    say "missing ${need_apt[*]}: install them with 'sudo apt-get install ${need_apt[*]}' (this step needs root to do it)"
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "missing ${need_apt[*]}, and this machine has no apt-get: install them with its own package manager"
    exit 1
  fi
  say "installing ${need_apt[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# The local PostgreSQL server, started when it does not answer (a fresh install is not started here).
if $local_pg && ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  cluster="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)"
  if [ -z "$cluster" ]; then
    say "PostgreSQL is installed but has no cluster in /etc/postgresql: create one with pg_createcluster"
    exit 1
  fi
  say "starting PostgreSQL $cluster"
  if [ "$(id -u)" -eq 0 ]; then
    pg_ctlcluster --skip-systemctl-redirect "$cluster" main start
  else
    sudo -n pg_ctlcluster --skip-systemctl-redirect "$cluster" main start ||
      pg_ctlcluster --skip-systemctl-redirect "$cluster" main start
  fi
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  pg_isready -h 127.0.0.1 -p 5432 -q || {
    say "PostgreSQL did not start on 127.0.0.1:5432"
    exit 1
  }
fi
# The suite connects as postgres without a password (trust on 127.0.0.1): say so plainly when it cannot.
if $local_pg && command -v psql >/dev/null 2>&1 &&
  ! psql "${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" -qAtc "select 1" >/dev/null 2>&1; then
  say "cannot connect to ${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}: the tests connect as user postgres with trust authentication on 127.0.0.1 (pg_hba.conf), or set DATABASE_URL"
  exit 1
fi
