#!/usr/bin/env bash
# Run 18-m (H100): run18-l.sh again, on a build whose probe accepts the kernel's CTAs per SM
# (18-l's 4096x4096x1024 keeps two per SM, so its probe was refused and gave the identity).
#   OUT=... bash docs/logs/run18-m.sh
exec bash "$(dirname "$0")/run18-l.sh"
