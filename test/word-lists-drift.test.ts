// The word lists are stored analyzed: after a change to the analyzer (stop words, stemming,
// segmentation) they must be rebuilt, or their forms stop meeting the index's terms.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildWordLists } from "@/scripts/build-word-lists";

describe("word lists", () => {
  it("are what npm run build:words builds from the installed dictionaries", () => {
    for (const [file, built] of Object.entries(buildWordLists())) {
      const stored = readFileSync(join(process.cwd(), "lib/search", file), "utf8");
      // Not toEqual: a diff of two 3 MB strings would bury the message.
      expect(stored === built, `lib/search/${file} is stale: run npm run build:words`).toBe(true);
    }
  }, 120_000);
});
