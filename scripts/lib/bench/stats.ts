// Small numeric helpers for the benchmark report.
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export type Latency = { n: number; p50: number; p95: number; max: number };

export function summarize(samples: number[]): Latency {
  return { n: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples) };
}

/** Times fn once per item, after one untimed warm-up pass over up to `warm` items. */
export async function timeEach<T>(items: T[], fn: (item: T) => unknown | Promise<unknown>, warm = items.length): Promise<number[]> {
  for (const item of items.slice(0, warm)) await fn(item);
  const samples: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await fn(item);
    samples.push(performance.now() - started);
  }
  return samples;
}

export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : "n/a");
