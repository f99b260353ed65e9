#!/usr/bin/env python3
"""Helper of follow-latency.sh: runs one `logslice grep --follow` and measures it (issue 16).

  latency LOGSLICE FILE RATE SECONDS  appends RATE lines/s to FILE, each with its wall-clock write
                                      time in ns, for SECONDS; prints p50/p99/max of now - stamp
                                      as grep's stdout delivers each line, and the lines seen
  idle LOGSLICE FILE WARMUP SECONDS   nothing written: prints grep's CPU (utime+stime) in % of a core
  catchup LOGSLICE FILE PATTERN COUNT prints the seconds `grep --follow --from-start` takes to write
                                      COUNT lines (the batch grep's count)
"""
import os, subprocess, sys, threading, time

TICK = 0.001  # the writer appends a batch every millisecond


def start(logslice, *args):
    return subprocess.Popen([logslice, "grep", "--follow", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, bufsize=1 << 16)


def stop(proc):
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()


def cpu_ticks(pid):
    stat = open(f"/proc/{pid}/stat").read()
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def wait_ready(proc, out):
    """Appends a probe line every 100 ms until grep writes one: the job is running."""
    done = threading.Event()

    def probe():
        while not done.is_set():
            out.write(b"probe FOLLOWLAT 0 -1\n")
            out.flush()
            time.sleep(0.1)

    threading.Thread(target=probe, daemon=True).start()
    proc.stdout.readline()
    done.set()


def latency(logslice, file, rate, seconds):
    rate, seconds = int(rate), float(seconds)
    open(file, "wb").close()
    proc = start(logslice, "FOLLOWLAT", file)
    out = open(file, "ab")
    wait_ready(proc, out)
    total = int(rate * seconds)

    def write():
        per_tick = max(1, round(rate * TICK))
        begin = time.monotonic()
        seq = 0
        while seq < total:
            due = begin + seq / rate
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            now = time.time_ns()
            n = min(per_tick, total - seq)
            out.write(b"".join(b"GET /x FOLLOWLAT %d %d\n" % (now, seq + i) for i in range(n)))
            out.flush()
            seq += n

    writer = threading.Thread(target=write)
    writer.start()
    lat = []
    deadline = time.monotonic() + seconds + 30
    for line in proc.stdout:
        now = time.time_ns()
        parts = line.split()
        if int(parts[-1]) < 0:
            continue  # a late probe
        lat.append(now - int(parts[-2]))
        if len(lat) == total or time.monotonic() > deadline:
            break
    writer.join()
    stop(proc)
    lat.sort()
    ms = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] / 1e6
    print(f"rate={rate} lines={len(lat)}/{total} p50_ms={ms(0.5):.1f} p99_ms={ms(0.99):.1f}"
          f" max_ms={lat[-1] / 1e6:.1f}")


def idle(logslice, file, warmup, seconds):
    open(file, "wb").close()
    proc = start(logslice, "FOLLOWLAT", file)
    with open(file, "ab") as out:
        wait_ready(proc, out)
    time.sleep(float(warmup))
    a, t0 = cpu_ticks(proc.pid), time.monotonic()
    time.sleep(float(seconds))
    b, t1 = cpu_ticks(proc.pid), time.monotonic()
    stop(proc)
    pct = (b - a) / os.sysconf("SC_CLK_TCK") / (t1 - t0) * 100
    print(f"idle_cpu_pct={pct:.2f} seconds={t1 - t0:.0f}")


def catchup(logslice, file, pattern, count):
    count = int(count)
    t0 = time.monotonic()
    proc = start(logslice, "--from-start", pattern, file)
    seen = 0
    while seen < count:
        chunk = proc.stdout.read1(1 << 20)
        if not chunk:
            break
        seen += chunk.count(b"\n")
    elapsed = time.monotonic() - t0
    stop(proc)
    print(f"catchup_s={elapsed:.1f} lines={seen}/{count}")
    sys.exit(0 if seen == count else 1)


if __name__ == "__main__":
    {"latency": latency, "idle": idle, "catchup": catchup}[sys.argv[1]](*sys.argv[2:])
