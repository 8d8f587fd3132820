/**
 * CPU time and resident memory of a process and all its live descendants (a `pith` run and its Chromium), read from
 * Linux's /proc. CPU time survives a loaded machine: it counts the cycles the work used, not the time it waited.
 */
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = 100; // USER_HZ on Linux
const PAGE_BYTES = 4096;

interface ProcStat {
  parent: number;
  /** utime + stime + cutime + cstime (children this process waited for), in clock ticks. */
  cpuTicks: number;
  rssPages: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses; the fields after its last ")" are fixed.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const tick = (i: number): number => Number(fields[i]);
    return { parent: tick(1), cpuTicks: tick(11) + tick(12) + tick(13) + tick(14), rssPages: tick(21) };
  } catch {
    return undefined; // the process ended while we read
  }
}

/** Every process of the tree rooted at `root` (itself included) with its /proc stat. */
export function processTree(root: number = process.pid): Map<number, ProcStat> {
  const all = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) all.set(Number(entry), stat);
  }
  const tree = new Map<number, ProcStat>();
  const rootStat = all.get(root);
  if (rootStat) tree.set(root, rootStat);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of all) {
      if (!tree.has(pid) && tree.has(stat.parent)) {
        tree.set(pid, stat);
        grew = true;
      }
    }
  }
  return tree;
}

/** CPU seconds used so far by the tree (live processes, and the reaped children they waited for). */
export function treeCpuSeconds(root: number = process.pid): number {
  let ticks = 0;
  for (const stat of processTree(root).values()) ticks += stat.cpuTicks;
  return ticks / CLOCK_TICKS;
}

/** Resident bytes of the root alone and of the whole tree (pages shared between processes counted in each). */
export function treeRssBytes(root: number = process.pid): { root: number; tree: number; processes: number } {
  const tree = processTree(root);
  let total = 0;
  for (const stat of tree.values()) total += stat.rssPages * PAGE_BYTES;
  return { root: (tree.get(root)?.rssPages ?? 0) * PAGE_BYTES, tree: total, processes: tree.size };
}

/** The 1-minute load average. */
export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}
