#!/usr/bin/env bash
# Run 49-d: the L2 fill charged per SM (a round's busiest SM at its share of the rate) instead
# of a partial round's CTAs sharing the whole GPU's rate (mosaic-49d against mosaic-49b):
# every default it moves among seed 4902's first 300 f16 shapes, seed 4901's first 40 tf32
# (row-major B), the tf32 row-major-B LLM suite, and seed 4903's first 100 tf32 with a
# column-major B, each timed with both builds (bench --samples 30, cuBLAS in the same
# process, the builds' order alternating).
#   OUT=... bash docs/logs/run49-d.sh; A=mosaic-49b:- B=mosaic-49d:- python3 docs/logs/run43-builds.py LOG
. "$(dirname "$0")/run34-lib.sh"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version,power.limit,serial --format=csv,noheader
while read s rest; do
  IFS=x read m n k <<< "$s"; vs "mosaic-49b:-|mosaic-49d:-" --m $m --n $n --k $k $rest
done <<'LIST'
7920x888x2023 --dtype f16
482x411x4176 --dtype f16
3232x356x8504 --dtype f16
544x4493x4400 --dtype f16
1789x544x6736 --dtype f16
5656x536x6760 --dtype f16
1282x320x4420 --dtype f16
904x2228x4992 --dtype f16
3776x1296x3344 --dtype f16
264x520x5328 --dtype f16
665x1520x6848 --dtype f16
472x592x6448 --dtype f16
680x648x5832 --dtype f16
592x1032x7704 --dtype f16
1365x976x8048 --dtype f16
4008x1985x9296 --dtype f16
1960x8168x584 --dtype f16
856x696x4144 --dtype f16
576x280x8432 --dtype f16
784x352x3864 --dtype f16
3280x273x3480 --dtype f16
2160x2640x1992 --dtype tf32
3920x1582x4687 --dtype tf32
272x623x8752 --dtype tf32
3824x3635x432 --dtype tf32
272x1175x8915 --dtype tf32
4856x464x7624 --dtype tf32
3744x348x4768 --dtype tf32
4096x5120x13824 --dtype tf32
4096x5120x5120 --dtype tf32
4096x6144x4096 --dtype tf32
659x520x6632 --dtype tf32 --b-layout col
1109x4440x784 --dtype tf32 --b-layout col
4264x800x632 --dtype tf32 --b-layout col
706x640x6542 --dtype tf32 --b-layout col
502x897x8080 --dtype tf32 --b-layout col
496x476x8752 --dtype tf32 --b-layout col
LIST
