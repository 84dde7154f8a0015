#!/usr/bin/env bash
# The browser the page tests drive: the distribution's Chromium (a browser that downloads itself
# cannot be fetched here), with CJK fonts so that Chinese renders in screenshots, and zbarimg,
# which reads back the QR codes the round sheet draws; iproute2 puts the evening's phones on a
# network of their own (tests/browser/test_first_evening.py).
set -euo pipefail
if [ ! -x /usr/bin/chromium ] || ! command -v zbarimg >/dev/null || ! command -v ip >/dev/null || ! fc-list 2>/dev/null | grep -qi "noto.*cjk"; then
  echo "installing Chromium and CJK fonts" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk zbar-tools iproute2 >/dev/null
fi
/usr/bin/chromium --version
