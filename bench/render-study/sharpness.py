# bench/render-study/sharpness.py FRAME.yuv OTHER.yuv…: the luma of one yuv420p frame (WH=3840x2160 for 2160p) —
# the RMS of its 4-neighbour Laplacian (sharpness), its PSNR-Y against the first, and the bytes
# x264 ultrafast CRF 20 spends on it alone. The frames: bench/README.md, session 18.
import numpy as np, sys, subprocess, os
import os
W,H=map(int,os.environ.get("WH","1920x1080").split("x"))
def luma(path, off=0):
    a=np.fromfile(path,dtype=np.uint8,count=W*H,offset=off).reshape(H,W).astype(np.float64); return a
def lap(a):
    l=4*a[1:-1,1:-1]-a[:-2,1:-1]-a[2:,1:-1]-a[1:-1,:-2]-a[1:-1,2:]; return np.sqrt((l**2).mean())
def x264bytes(path):
    out=path+".264"
    subprocess.run(["ffmpeg","-nostdin","-loglevel","error","-y","-f","rawvideo","-pix_fmt","yuv420p","-s",f"{W}x{H}","-i",path,"-frames:v","1","-c:v","libx264","-preset","ultrafast","-crf","20","-f","h264",out],check=True)
    return os.path.getsize(out)
ref=luma(sys.argv[1])
for p in sys.argv[1:]:
    a=luma(p); mse=((a-ref)**2).mean(); psnr=99 if mse==0 else 10*np.log10(255**2/mse)
    print(f"{p:45} laplacian-rms {lap(a):7.2f}  PSNR-Y vs lenta {psnr:6.2f} dB  mean {a.mean():7.2f}  x264 intra bytes {x264bytes(p)}")
