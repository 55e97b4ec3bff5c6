// A progress bar on stderr (stdout stays clean for the summary). On a terminal it redraws one line;
// when stderr is a file or a pipe (a background run) it prints a plain line every few seconds.
export type ProgressBar = { update(done: number, total: number, note?: string): void; finish(): void };

const WIDTH = 30;

export function progressBar(label: string): ProgressBar {
  const tty = process.stderr.isTTY === true;
  const started = Date.now();
  let last = 0;
  let drawn = false;
  return {
    update(done, total, note = "") {
      const now = Date.now();
      if (now - last < (tty ? 150 : 5000)) return;
      last = now;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * WIDTH);
      const elapsed = (now - started) / 1000;
      const eta = share > 0 ? elapsed / share - elapsed : 0;
      const text =
        `${label} [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${(share * 100).toFixed(1).padStart(5)}%` +
        ` ${note} ${elapsed.toFixed(0)}s elapsed, ~${eta.toFixed(0)}s left`;
      if (tty) {
        process.stderr.write(`\r${text}\x1b[K`);
        drawn = true;
      } else process.stderr.write(`${text}\n`);
    },
    finish() {
      if (drawn) process.stderr.write("\n");
    },
  };
}
