#!/usr/bin/env bash
# Checks deploy/nginx/jade-shop.conf with nginx -t (Debian's nginx package) in a throwaway prefix:
# a self-signed certificate stands in for the real one. nginx -t opens the listening ports, so
# without root the example's ports 80 and 443 are checked as 18080 and 18443.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
mkdir -p "$prefix/conf" "$prefix/logs"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=shop.example.com \
  -keyout "$prefix/conf/privkey.pem" -out "$prefix/conf/fullchain.pem" 2>/dev/null
ports=()
if [ "$(id -u)" != 0 ]; then ports=(-e 's/listen \(\[::\]:\)\?80;/listen \118080;/' -e 's/listen \(\[::\]:\)\?443 /listen \118443 /'); fi
sed -e "s#/etc/letsencrypt/live/shop.example.com/#$prefix/conf/#" "${ports[@]}" "$here/nginx/jade-shop.conf" >"$prefix/conf/jade-shop.conf"
cat >"$prefix/conf/nginx.conf" <<CONF
pid $prefix/nginx.pid;
events {}
http {
    include /etc/nginx/mime.types;
    access_log off;
    include $prefix/conf/jade-shop.conf;
}
CONF
nginx -t -q -e "$prefix/logs/error.log" -p "$prefix" -c "$prefix/conf/nginx.conf"
echo "deploy/nginx/jade-shop.conf: nginx -t passed"
