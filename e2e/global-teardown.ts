// Stops the server's whole process group (next start spawns next-server) and removes its database.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { STATE_FILE } from "./settings";

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(STATE_FILE)) return;
  const { pid, dir } = JSON.parse(readFileSync(STATE_FILE, "utf8")) as { pid: number; dir: string };
  rmSync(STATE_FILE, { force: true });
  signal(pid, "SIGTERM");
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && alive(pid)) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) signal(pid, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    // already gone
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
