#!/usr/bin/env bash
# Run 18-n (H100): run18-l.sh again, on a build whose probe's shared memory holds it to the
# kernel's CTAs per SM (18-m's probe fitted three where the kernel keeps two, so it was
# refused and gave the identity).
#   OUT=... bash docs/logs/run18-n.sh
exec bash "$(dirname "$0")/run18-l.sh"
