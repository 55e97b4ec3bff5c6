// Resident memory of a process group (next start and the next-server it runs), from /proc.
import { readdirSync, readFileSync } from "node:fs";

export type GroupMemory = { rssMb: number; peakMb: number; processes: { pid: number; name: string; rssMb: number }[] };

export function groupMemory(pgid: number): GroupMemory {
  const processes: GroupMemory["processes"] = [];
  let peakKb = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/<pid>/stat is the process group; the name (field 2) may contain spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
      const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "?";
      processes.push({ pid: Number(entry), name, rssMb: kb("VmRSS") / 1024 });
      peakKb += kb("VmHWM");
    } catch {
      // the process ended while we looked
    }
  }
  return { rssMb: processes.reduce((a, p) => a + p.rssMb, 0), peakMb: peakKb / 1024, processes };
}
