"""Run 26-a fits (docs/BENCHMARKS.md run 26). BIN: a build of 12bd4e6 with
docs/logs/run26-hack-kstep.patch applied (carried as .carry-rt/mosaic-hack2 in 26-a).
  BIN=... python3 docs/logs/run26-fit.py docs/logs/hopper-run26-a.txt docs/logs/hopper-run26-a2.txt
Prints, for k-step cost variants (A * kstep + B), the mean per-shape Spearman rank
correlation of model and measured time and the geomean regret (time of the model's first
timed plan over the fastest timed plan); then the same regret with transposed plans above
128 rows off (None) or charged a factor fT."""
import subprocess, json, sys, os, re, itertools, math
BIN=os.environ.get("BIN","/work/main/.carry-rt/mosaic-hack2")
cache={}
def plans(m,n,k,a,b,top=80):
    ck=(m,n,k,a,b)
    if ck in cache: return cache[ck]
    env=dict(os.environ, MOSAIC_HACK_T="1", MOSAIC_HACK_A=str(a), MOSAIC_HACK_B=str(b))
    out=subprocess.run([BIN,"plans","gemm","--m",str(m),"--n",str(n),"--k",str(k),"--target","sm_90a","--top",str(top),"--json"],env=env,capture_output=True,text=True).stdout
    d=json.loads(out); r=[]
    for p in d["plans"]:
        q=p["plan"]
        key=(tuple(q["cta_tile"]),tuple(q["workers"]),q["stages"],q["split_k"],q["multicast"],q["transposed"],q["persistent"],q["stream_k"])
        r.append((p["rank"],key,q["modeled"]["cycles"]))
    cache[ck]=r; return r
meas={}
for f in sys.argv[1:]:
    for l in open(f):
        mm=re.match(r"fit (\d+) (\d+) (\d+) p(\d+) \S+ .*mosaic [\d.]+ TFLOP/s \(([\d.]+) us\)",l)
        if mm:
            m,n,k,p=map(int,mm.groups()[:4]); meas.setdefault((m,n,k),{})[p]=float(mm.group(5))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from spearman import spearman as _spearman  # noqa: E402
def spearman(x, y):
    try:
        return _spearman(x, y)
    except ZeroDivisionError:  # every plan modeled (or timed) alike
        return 0.0
def evaluate(a,b,verbose=False):
    rhos=[];regret=[];picks=[]
    for (m,n,k),tm in sorted(meas.items()):
        base={r:key for r,key,_ in plans(m,n,k,1,0)}
        var={key:(r,c) for r,key,c in plans(m,n,k,a,b)}
        ks=[p for p in tm if base[p] in var]
        mod=[var[base[p]][1] for p in ks]; t=[tm[p] for p in ks]
        rhos.append(spearman(mod,t))
        # model's top among timed
        best_mod=min(ks,key=lambda p:(var[base[p]][0]))
        # overall top1 of variant timed?
        top1=[key for r,key,c in plans(m,n,k,a,b) if r==1][0]
        timed_top1 = top1 in [base[p] for p in ks]
        regret.append(tm[best_mod]/min(t))
        picks.append(((m,n,k),best_mod,timed_top1,tm[best_mod]/min(t)))
    g=math.exp(sum(math.log(r) for r in regret)/len(regret))
    if verbose:
        for x in picks: print(" ",x)
    return sum(rhos)/len(rhos), g, max(regret), picks
def main_ab():
    for a,b in [(1,0),(1.1,0),(1.2,0),(1.3,0),(1,100),(1,200),(1,300),(1.05,150),(1.09,150),(1.1,200),(1.15,100),(1.2,100),(1.1,300)]:
        r,g,mx,picks=evaluate(a,b)
        print(f"a={a} b={b}: mean rho {r:.3f}, geomean regret {g:.4f}, worst {mx:.3f}, untimed top1 {sum(1 for p in picks if not p[2])}")

def detail(a,b):
    for (m,n,k),tm in sorted(meas.items()):
        base={r:key for r,key,_ in plans(m,n,k,1,0)}
        var={key:(r,c) for r,key,c in plans(m,n,k,a,b)}
        print(m,n,k)
        for p in sorted(tm,key=lambda p:tm[p]):
            key=base[p]; r,c=var[key]
            print(f"   p{p:<3} {tm[p]:8.2f}us  var-rank {r:3} model {c:9.4g}  {key[0][0]}x{key[0][1]} w{key[1][0]}x{key[1][1]} s{key[2]} sk{key[3]} mc{key[4]} {'T' if key[5] else '-'} {'SK' if key[7] else ''}")

def pick(m,n,k,fT,allowT=True):
      best=None
      for r,key,c in plans(m,n,k,1,0):
          if key[5] and not allowT: continue
          cc=c*(fT if key[5] and m>128 else 1)
          if best is None or cc<best[0]-1e-9: best=(cc,key)
      return best[1]
def main_ft():
  for fT in [None,1.0,1.01,1.02,1.03,1.04,1.05,1.06,1.08]:
      regs=[];untimed=0;rows=[]
      for (m,n,k),tm in sorted(meas.items()):
          base={key:p for p,key in [(r,key) for r,key,_ in plans(m,n,k,1,0)]}
          key=pick(m,n,k,fT or 1, fT is not None)
          p=base[key]
          if p not in tm: untimed+=1; rows.append(((m,n,k),'untimed',p)); continue
          regs.append(tm[p]/min(tm.values())); rows.append(((m,n,k),p,round(tm[p]/min(tm.values()),3)))
      g=math.exp(sum(map(math.log,regs))/len(regs))
      print("fT",fT,"geomean regret %.4f"%g,"untimed",untimed, " ".join(f"{r[1]}:{r[2]}" for r in rows))

if __name__ == '__main__':
    main_ab()
    main_ft()
