#!/bin/sh
# /usr/local/sbin/shop-upgrade: a new release of the shop without closing it (docs/deploy.md, "Upgrading").
#
#   shop-upgrade build <branch-or-tag>   builds the release in /srv/shop/releases/<id> and prints the id
#   shop-upgrade activate <id>           points /srv/shop/current at it, restarts the instances one by one
#
# Run as root. Each release has its own folder: a running instance keeps the files it started with (Node follows
# the `current` link once, at start), so building never touches what serves shoppers. The browser tests run
# `activate` on two instances behind nginx (e2e/cluster.spec.ts) with the SHOP_* settings below set to theirs.
set -eu

ROOT=${SHOP_ROOT:-/srv/shop}
# The instances, by port (shop@3000, shop@3001): the `server` lines of nginx's upstream.
PORTS=${SHOP_PORTS:-3000 3001}
# nginx's fail_timeout in the upstream block: an instance nginx marked failed while it was down gets requests
# again only once this has passed since. Until then the others carry the shop, so the next restart waits for it.
FAIL_TIMEOUT=${SHOP_FAIL_TIMEOUT:-5}
# How many releases stay on disk (the newest ones, and always the current one): a step back is `activate <old id>`.
KEEP=${SHOP_KEEP_RELEASES:-3}

restart() {
  # SIGTERM: the instance turns unready, serves STOP_GRACE_SECONDS more, finishes what is in flight, exits; systemd
  # starts it again from `current`. SHOP_RESTART replaces systemctl in the tests.
  if [ -n "${SHOP_RESTART:-}" ]; then "$SHOP_RESTART" "$1"; else systemctl restart "shop@$1"; fi
}

wait_ready() {
  # Migrated and connected: the readiness URL answers 200 (the first new instance applies the release's migrations).
  waited=0
  until curl -sf -o /dev/null "http://127.0.0.1:$1/api/health/ready"; do
    waited=$((waited + 1))
    if [ "$waited" -ge 240 ]; then
      echo "shop@$1 is not ready after 2 minutes: stopping here (journalctl -u shop@$1); the other instances still serve" >&2
      exit 1
    fi
    sleep 0.5
  done
}

case "${1:-}" in
  build)
    ref=${2:?usage: shop-upgrade build <branch-or-tag>}
    id=$(date +%Y%m%d-%H%M%S)
    release="$ROOT/releases/$id"
    repo=$(sudo -u shop git -C "$ROOT/current" remote get-url origin)
    sudo -u shop git clone --quiet --depth 1 --branch "$ref" "$repo" "$release"
    (cd "$release" && sudo -u shop npm ci --no-audit --no-fund --loglevel=error && sudo -u shop npm run build) >&2
    echo "$id"
    ;;
  activate)
    id=${2:?usage: shop-upgrade activate <id>}
    release="$ROOT/releases/$id"
    if [ ! -f "$release/apps/server/dist/main.js" ]; then
      echo "no built release in $release (shop-upgrade build first)" >&2
      exit 1
    fi
    # One rename: an instance that starts now gets the old release or the new one, never half of each.
    ln -sfn "$release" "$ROOT/current.new"
    mv -T "$ROOT/current.new" "$ROOT/current"
    for port in $PORTS; do
      restart "$port"
      wait_ready "$port"
      sleep "$FAIL_TIMEOUT"
      echo "shop@$port runs $id" >&2
    done
    current=$(readlink -f "$ROOT/current")
    # shellcheck disable=SC2012 # release ids have no spaces
    for old in $(ls -1dt "$ROOT"/releases/*/ | tail -n "+$((KEEP + 1))"); do
      if [ "$(readlink -f "$old")" != "$current" ]; then rm -rf "$old"; fi
    done
    ;;
  *)
    echo "usage: shop-upgrade build <branch-or-tag> | shop-upgrade activate <id>" >&2
    exit 2
    ;;
esac
