// Candidate generation past its in-memory pool: when the newest rows holding two of the three
// rarest words crowd out the ones holding every word, FTS5 must still find the older full matches.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importFile } from "@/lib/transfer/import-records";
import { experienceInput } from "@/test/factories";
import { searchExperiences } from "./search-experiences";

const search = (q: string) => searchExperiences({ q, category: "", limit: 10, explain: true });

describe("candidates", () => {
  it("finds rows holding every word that are older than a full pool of partial matches", async () => {
    const old = [1, 2, 3].map((i) =>
      experienceInput({ name: "OldGuard", task: `Calibrate quokka telemetry with ferrous beacons, site ${i}`, submitted_by: `a${i}` }),
    );
    // Newer, and more than the pool holds: each lacks one of the two rarest words, and together
    // they are enough near matches that no partial-match (OR) query runs to rescue the old rows.
    const noise = Array.from({ length: 220 }, (_, i) =>
      experienceInput({
        name: `Noise ${i % 40}`,
        task: i % 2 ? `Plot quokka telemetry with ferrous sensors, panel ${i}` : `Plot quokka telemetry from beacons, panel ${i}`,
        submitted_by: `n${i}`,
      }),
    );
    const file = join(mkdtempSync(join(tmpdir(), "knowhub-candidates-")), "rows.jsonl");
    writeFileSync(file, [...old, ...noise].map((r) => JSON.stringify(r)).join("\n") + "\n");
    const summary = await importFile(file, { bulk: false });
    expect(summary.experiences.added).toBe(223);

    const res = search("quokka telemetry ferrous beacons");
    expect(res.results[0]?.name).toBe("OldGuard");
    expect(res.results[0].explain?.missing_terms).toEqual([]);
  });
});
