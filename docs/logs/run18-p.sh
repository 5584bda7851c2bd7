#!/usr/bin/env bash
# Run 18-p (H100): run18-o.sh again, on the final build (the probes now launch through one
# path, cuLaunchKernelEx, after the second reread of the change).
#   OUT=... bash docs/logs/run18-p.sh
exec bash "$(dirname "$0")/run18-o.sh"
