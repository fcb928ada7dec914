#!/usr/bin/env python3
"""bench/sched-idle.py SCHED.DATA [CORES]: where a process left cores idle, from a scheduler trace.

    perf record -e sched:sched_switch -e sched:sched_wakeup -e sched:sched_wakeup_new -o sched.data \\
        lenta render story.json --preset bench-render-1080p-ultrafast -o x.mp4 --quiet
    bench/sched-idle.py sched.data 2

Follows every thread of the traced process (switched out runnable or blocked, woken, switched in)
and counts, over time, how many were runnable (running, or waiting for a core). Whenever fewer than
CORES were, the process could not have used every core, whatever else ran on the machine: the
"shortfall" (core-seconds) is what it left idle on a quiet machine, and holds up better under the
other users' load than CPU seconds ÷ wall seconds (a loaded machine stretches it with the run, and
a thread waiting for a core counts as runnable). Prints the shortfall by twentieths of the run and,
after its first second (start-up), by which threads were runnable at the time (thread id:name;
the process's own id is its main thread, which feeds the encoder).
"""
import collections
import re
import subprocess
import sys

SWITCH = re.compile(r"\s(\d+)\s+\[\d+\]\s+([\d.]+):\s+sched:sched_switch: prev_comm=(.*) prev_pid=(\d+) prev_prio=\d+ "
                    r"prev_state=(\S+) ==> next_comm=(.*) next_pid=(\d+)")
WAKE = re.compile(r"\s(\d+)\s+\[\d+\]\s+([\d.]+):\s+sched:sched_wakeup(_new)?: comm=(.*) pid=(\d+) ")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cores = float(sys.argv[2]) if len(sys.argv) > 2 else 2
    text = subprocess.run(["perf", "script", "-i", sys.argv[1]], capture_output=True, text=True, check=True).stdout
    ours, names, events = set(), {}, []
    for line in text.splitlines():
        if m := SWITCH.search(line):
            ours.add(int(m[1]))
            names[int(m[4])], names[int(m[7])] = m[3].strip(), m[6].strip()
            events.append((float(m[2]), int(m[4]), m[5].startswith("R"), int(m[7])))
        elif m := WAKE.search(line):
            ours.add(int(m[1]))
            if m[3]:
                ours.add(int(m[5]))
            names[int(m[5])] = m[4].strip()
            events.append((float(m[2]), None, None, int(m[5])))
    if len(events) < 2:
        sys.exit("sched-idle: no scheduler events in the trace")
    first, last = events[0][0], events[-1][0]
    span = last - first
    runnable, used, short = {}, 0.0, 0.0
    twentieths = [0.0] * 20
    by_threads = collections.Counter()
    previous = first
    for t, out, still_runnable, into in events:
        dt = t - previous
        n = min(cores, sum(runnable.values()))
        used += n * dt
        if n < cores:
            gap = (cores - n) * dt
            short += gap
            twentieths[min(19, int((previous - first) / span * 20))] += gap
            if previous - first > 1.0:
                key = " ".join(f"{tid}:{names.get(tid, '?')}" for tid in sorted(runnable) if runnable[tid]) or "none"
                by_threads[key] += gap
        previous = t
        if out is not None and out in ours:
            runnable[out] = still_runnable
        if into in ours:
            runnable[into] = True
    print(f"span {span:.2f} s: {used / span:.3f} of {cores:g} cores runnable on average, shortfall {short:.2f} core-s")
    print("shortfall by twentieths:", " ".join(f"{x:.2f}" for x in twentieths))
    print("after the first second, by the threads runnable:")
    for key, gap in by_threads.most_common(8):
        print(f"  {gap:6.3f} core-s  {key}")


if __name__ == "__main__":
    main()
