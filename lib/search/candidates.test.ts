// Candidate generation past its in-memory pool: when the newest rows holding two of the three
// rarest words crowd out the ones holding every word, FTS5 must still find the older full matches.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importFile } from "@/lib/transfer/import-records";
import { experienceInput } from "@/test/factories";
import { sqlGet } from "@/test/sql";
import { fetchCandidates } from "./candidates";
import { planQuery } from "./plan";
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

    const res = await search("quokka telemetry ferrous beacons");
    expect(res.results[0]?.name).toBe("OldGuard");
    expect(res.results[0].explain?.missing_terms).toEqual([]);
  });

  it("finds older full matches through a phrase form, and only rows that hold the phrase", async () => {
    // "PR" is known as the phrase "pull request". Past the pool the AND looks the phrase up by one
    // of its words (cheaper), so a row with both words apart must be checked and left out.
    const old = [
      experienceInput({ name: "PhraseKeeper", task: "Review the wombat pull request with cobalt sprockets", submitted_by: "p1" }),
      experienceInput({ name: "WordsApart", task: "Pull wombat cobalt sprockets on request", submitted_by: "p2" }),
    ];
    // Newer than the pool holds, each lacking one word: near matches enough that no OR runs.
    const noise = Array.from({ length: 220 }, (_, i) =>
      experienceInput({
        name: `Ledger ${i % 40}`,
        task: i % 2 ? `Chart the wombat pull request with cobalt, sheet ${i}` : `Chart the wombat pull request with sprockets, sheet ${i}`,
        submitted_by: `l${i}`,
      }),
    );
    const file = join(mkdtempSync(join(tmpdir(), "knowhub-candidates-")), "phrase.jsonl");
    writeFileSync(file, [...old, ...noise].map((r) => JSON.stringify(r)).join("\n") + "\n");
    expect((await importFile(file, { bulk: false })).experiences.added).toBe(222);

    const query = "wombat PR cobalt sprockets";
    const id = async (name: string) => (await sqlGet<{ id: number }>(`SELECT id FROM experiences WHERE name = ?`, [name]))!.id;
    const found = (await fetchCandidates(await planQuery(query), "")).map((r) => r.id);
    expect(found).toContain(await id("PhraseKeeper"));
    expect(found).not.toContain(await id("WordsApart"));
    expect((await search(query)).results[0]?.name).toBe("PhraseKeeper");
  });
});
