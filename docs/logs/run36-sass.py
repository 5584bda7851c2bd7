"""Stall samples of an ncu source page (CSV, SASS): totals by reason, then the 25 instructions
with the most samples.  python3 docs/logs/run36-sass.py SASS.csv"""
import csv,sys
rows=list(csv.reader(open(sys.argv[1])))
hdr=rows[1]; data=rows[2:]
iS=hdr.index("Warp Stall Sampling (All Samples)"); iE=hdr.index("Instructions Executed")
stalls=[h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
tot=sum(int(r[iS] or 0) for r in data if len(r)>iS)
print("total samples",tot)
agg={}
for r in data:
    if len(r)<=iS: continue
    for s in stalls:
        agg[s]=agg.get(s,0)+int(r[hdr.index(s)] or 0)
print(sorted(((v,k) for k,v in agg.items() if v),reverse=True)[:10])
top=sorted(data,key=lambda r:-int(r[iS] or 0))[:25]
for r in top:
    sc=[(int(r[hdr.index(s)] or 0),s[6:]) for s in stalls]; sc=[x for x in sorted(sc,reverse=True)[:3] if x[0]]
    print(f"{int(r[iS]):6d} {100*int(r[iS])/tot:5.1f}% exe={r[iE]:>8} {r[1].strip()[:70]:70} {sc}")
