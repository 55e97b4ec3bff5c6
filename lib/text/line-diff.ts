// A line diff between two texts (two revisions of a content node, for the console): Myers' O(ND)
// algorithm on the lines between the common head and tail. Bounded: past `maxEdits` differing
// lines the texts are too far apart to read as a diff, and the answer is every old line removed
// and every new line added (`complete: false` says so). No dependency: the console needs only lines.

export type DiffLine = {
  kind: "same" | "added" | "removed";
  text: string;
  /** 1-based line number in the old text (null for an added line). */
  oldLine: number | null;
  /** 1-based line number in the new text (null for a removed line). */
  newLine: number | null;
};

export type LineDiff = { lines: DiffLine[]; added: number; removed: number; complete: boolean };

/** A run of changed lines with up to `context` unchanged lines around it; `skipped` unchanged lines came before it. */
export type DiffHunk = { skipped: number; lines: DiffLine[] };

const DEFAULT_MAX_EDITS = 2000;

export function splitLines(text: string): string[] {
  return text === "" ? [] : text.split(/\r\n|\r|\n/);
}

export function diffLines(before: string, after: string, { maxEdits = DEFAULT_MAX_EDITS }: { maxEdits?: number } = {}): LineDiff {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const middle = myers(midA, midB, maxEdits);
  const ops: Op[] = middle ?? [...midA.map((): Op => "removed"), ...midB.map((): Op => "added")];
  const kinds: Op[] = [...Array<Op>(head).fill("same"), ...ops, ...Array<Op>(tail).fill("same")];

  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (const kind of kinds) {
    if (kind === "same") lines.push({ kind, text: a[i], oldLine: ++i, newLine: ++j });
    else if (kind === "removed") lines.push({ kind, text: a[i], oldLine: ++i, newLine: null });
    else lines.push({ kind, text: b[j], oldLine: null, newLine: ++j });
  }
  return {
    lines,
    added: lines.filter((l) => l.kind === "added").length,
    removed: lines.filter((l) => l.kind === "removed").length,
    complete: middle !== null,
  };
}

/** The changed lines with `context` unchanged lines on each side; long unchanged runs are counted, not shown. */
export function diffHunks(lines: DiffLine[], context = 3): DiffHunk[] {
  const keep = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.kind === "same") return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) keep[k] = true;
  });
  const hunks: DiffHunk[] = [];
  let skipped = 0;
  let current: DiffHunk | null = null;
  lines.forEach((line, index) => {
    if (!keep[index]) {
      current = null;
      skipped++;
      return;
    }
    if (!current) {
      current = { skipped, lines: [] };
      hunks.push(current);
      skipped = 0;
    }
    current.lines.push(line);
  });
  return hunks;
}

type Op = "same" | "added" | "removed";

/**
 * Myers' greedy shortest edit script, with the furthest-reaching x of each diagonal k kept for
 * every edit count d (only diagonals -d..d, so memory grows as d², bounded by maxEdits). Null
 * when the texts need more than maxEdits insertions and deletions.
 */
function myers(a: string[], b: string[], maxEdits: number): Op[] | null {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [...a.map((): Op => "removed"), ...b.map((): Op => "added")];
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: v over diagonals -d..d as it stood before step d.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(max, maxEdits); d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], n: number, m: number): Op[] {
  const out: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const before = trace[d];
    const at = (k: number) => before[k + d];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push("same");
      x--;
      y--;
    }
    out.push(x === prevX ? "added" : "removed");
    x = prevX;
    y = prevY;
  }
  // d = 0: what is left is the common snake from the start.
  while (x > 0 && y > 0) {
    out.push("same");
    x--;
    y--;
  }
  return out.reverse();
}
