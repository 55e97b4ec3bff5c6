// The console's revision diff: minimal (as many unchanged lines as a longest common subsequence
// allows), faithful (each side rebuilds from its lines), bounded, and folded into hunks.
import { describe, expect, it } from "vitest";
import { diffHunks, diffLines } from "./line-diff";

/** The length of a longest common subsequence, by the textbook table: the reference for minimality. */
function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j], row[j - 1]);
      diagonal = up;
    }
  }
  return row[b.length];
}

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("diffLines", () => {
  it("marks an edited line as removed and added, with both line numbers", () => {
    const d = diffLines("# Guide\n\nOld text.\nEnd.", "# Guide\n\nNew text.\nEnd.\nMore.");
    expect(d.lines).toEqual([
      { kind: "same", text: "# Guide", oldLine: 1, newLine: 1 },
      { kind: "same", text: "", oldLine: 2, newLine: 2 },
      { kind: "removed", text: "Old text.", oldLine: 3, newLine: null },
      { kind: "added", text: "New text.", oldLine: null, newLine: 3 },
      { kind: "same", text: "End.", oldLine: 4, newLine: 4 },
      { kind: "added", text: "More.", oldLine: null, newLine: 5 },
    ]);
    expect(d).toMatchObject({ added: 2, removed: 1, complete: true });
  });

  it("handles empty texts, identical texts and CRLF", () => {
    expect(diffLines("", "").lines).toEqual([]);
    expect(diffLines("", "a\nb")).toMatchObject({ added: 2, removed: 0 });
    expect(diffLines("a\nb", "")).toMatchObject({ added: 0, removed: 2 });
    expect(diffLines("a\r\nb", "a\nb")).toMatchObject({ added: 0, removed: 0 });
  });

  it("is minimal and rebuilds both texts, on random edits", () => {
    const next = random(7);
    const alphabet = ["alpha", "beta", "gamma", "delta", "", "epsilon"];
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: Math.floor(next() * 30) }, () => alphabet[Math.floor(next() * alphabet.length)]);
      const b = Array.from({ length: Math.floor(next() * 30) }, () => alphabet[Math.floor(next() * alphabet.length)]);
      // An empty last line cannot be told from no line when the text is joined; keep lines non-empty at the ends.
      const text = (lines: string[]) => lines.map((l) => l || "·").join("\n");
      const d = diffLines(text(a), text(b));
      const sameCount = d.lines.filter((l) => l.kind === "same").length;
      expect(sameCount, `round ${round}`).toBe(lcsLength(a.map((l) => l || "·"), b.map((l) => l || "·")));
      expect(d.lines.filter((l) => l.kind !== "added").map((l) => l.text).join("\n")).toBe(text(a));
      expect(d.lines.filter((l) => l.kind !== "removed").map((l) => l.text).join("\n")).toBe(text(b));
      expect(d.complete).toBe(true);
    }
  });

  it("gives up past maxEdits: all removed then all added, and says it is not a minimal diff", () => {
    const a = Array.from({ length: 50 }, (_, i) => `old ${i}`).join("\n");
    const b = Array.from({ length: 50 }, (_, i) => `new ${i}`).join("\n");
    const d = diffLines(`same\n${a}\nsame end`, `same\n${b}\nsame end`, { maxEdits: 10 });
    expect(d.complete).toBe(false);
    expect(d).toMatchObject({ added: 50, removed: 50 });
    expect(d.lines[0]).toMatchObject({ kind: "same", text: "same" });
    expect(d.lines.at(-1)).toMatchObject({ kind: "same", text: "same end", oldLine: 52, newLine: 52 });
  });

  it("diffs 5,000-line texts with a few edits quickly", () => {
    const a = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
    const b = [...a];
    b[100] = "changed";
    b.splice(2500, 3);
    b.splice(4000, 0, "inserted");
    const started = performance.now();
    const d = diffLines(a.join("\n"), b.join("\n"));
    expect(performance.now() - started).toBeLessThan(500);
    expect(d).toMatchObject({ added: 2, removed: 4, complete: true });
  });
});

describe("diffHunks", () => {
  it("keeps context around changes and counts the unchanged lines it leaves out", () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const b = [...a];
    b[2] = "x";
    b[15] = "y";
    const hunks = diffHunks(diffLines(a.join("\n"), b.join("\n")).lines, 2);
    expect(hunks.map((h) => h.skipped)).toEqual([0, 8]);
    expect(hunks[0].lines.map((l) => l.text)).toEqual(["l0", "l1", "l2", "x", "l3", "l4"]);
    expect(hunks[1].lines.map((l) => l.text)).toEqual(["l13", "l14", "l15", "y", "l16", "l17"]);
    expect(diffHunks(diffLines("a\nb", "a\nb").lines)).toEqual([]);
  });
});
