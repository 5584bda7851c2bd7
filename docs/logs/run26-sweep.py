import random, subprocess, json, sys
from concurrent.futures import ThreadPoolExecutor
random.seed(int(sys.argv[1])); N=int(sys.argv[2])
def rnd():
    r=random.random()
    def d():
        v=int(2**random.uniform(8,13.2))
        return v if random.random()<0.3 else max(8,v//8*8)
    return d(),d(),d()
shapes=[rnd() for _ in range(N)]
def key(b,m,n,k,dt="f16",bl="row"):
    p=subprocess.run([b,"plans","gemm","--m",str(m),"--n",str(n),"--k",str(k),"--dtype",dt,"--b-layout",bl,"--target","sm_90a","--top","1","--json"],capture_output=True,text=True)
    if p.returncode: return "ERR"
    q=json.loads(p.stdout)["plans"][0]["plan"]
    return "%dx%d w%dx%d s%d sk%d mc%d %s%s %.4g"%(q["cta_tile"][0],q["cta_tile"][1],*q["workers"],q["stages"],q["split_k"],q["multicast"],"T" if q["transposed"] else "-","SK" if q["stream_k"] else "",q["modeled"]["cycles"])
def job(s):
    m,n,k=s
    a=key("/work/main/.carry-rt/mosaic-base",m,n,k); b=key("/work/main/.carry-rt/mosaic",m,n,k)
    return s,a,b
moved=0
with ThreadPoolExecutor(2) as ex:
    for s,a,b in ex.map(job,shapes):
        if a.rsplit(' ',1)[0]!=b.rsplit(' ',1)[0]:
            moved+=1; print("%dx%dx%d"%s,"|",a,"|",b, flush=True)
print("moved",moved,"of",N)
