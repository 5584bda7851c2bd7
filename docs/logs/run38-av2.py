"""Run 38: an `av` log's summary with the flags kept (run31-av.py drops rows whose flags
include --dtype / --b-layout): per shape and flag set, the time and speed-up over the same
shape's run without --plan; with a script whose `av` lines end in "# DEFAULT -> A / B"
comments, each --plan is labelled by that description.
  python3 docs/logs/run38-av2.py LOG [SCRIPT]"""
import math, re, sys
res, order = {}, []
cur = None
for line in open(sys.argv[1]):
    m = re.match(r"### bench \((\S+)\) --samples 30 (.*)", line)
    if m:
        args = m.group(2).strip()
        plan = re.search(r"--plan (\d+)", args)
        shape = re.sub(r" ?--plan \d+", "", args)
        cur = (shape, int(plan.group(1)) if plan else 0)
        continue
    m = re.search(r"mosaic [\d.]+ TFLOP/s \(([\d.]+) us\).*paired ([\d.]+)", line)
    if m and cur:
        if cur[0] not in res:
            order.append(cur[0])
        res.setdefault(cur[0], {})[cur[1]] = (float(m.group(1)), float(m.group(2)))
        cur = None
labels = {}
if len(sys.argv) > 2:
    for line in open(sys.argv[2]):
        m = re.match(r'av \S+ "([^"]*)" (.*?)\s+# (.*) -> (.*)', line)
        if m:
            shape = m.group(2).strip()
            alts = [a.strip() for a in m.group(4).split(" / ")]
            plans = [int(x) for x in re.findall(r"--plan (\d+)", m.group(1))]
            descs = [a for a in alts if a != "None"]
            for p, d in zip(plans, descs):
                labels[(shape, p)] = d
for s in order:
    d = res[s]
    if 0 not in d:
        continue
    row = [f"{s:40} default {d[0][0]:7.2f} us ({d[0][1]:.3f})"]
    for p, (us, pr) in d.items():
        if p:
            row.append(f"p{p} {labels.get((s, p), '')} {us:.2f} us ({pr:.3f}) x{d[0][0] / us:.3f}")
    print(" | ".join(row))
