// The score columns of every resource must always equal one vote per reporter computed from the
// experiences themselves, whatever sequence of writes, hides, moves and deletes got them there.
import { describe, expect, it } from "vitest";
import { getSqlite } from "@/lib/db";
import { createExperience } from "@/lib/resources/create-experience";
import { createExperienceInput } from "@/lib/experiences/schema";
import { experienceInput } from "./factories";

type Totals = { key: string; reporters: number; sum: number; s1: number; s5: number; count: number };

/** What the triggers must have produced, from first principles. */
function expectedTotals(): Totals[] {
  return getSqlite()
    .prepare(
      /* sql */ `WITH voters AS (
         SELECT resource_key, CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END AS voter, score,
           ROW_NUMBER() OVER (PARTITION BY resource_key, CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END
                              ORDER BY created_at DESC, id DESC) AS n
         FROM experiences WHERE status = 'published')
       SELECT r.key AS key, COUNT(v.voter) AS reporters, COALESCE(SUM(v.score), 0) AS sum,
         COALESCE(SUM(v.score = 1), 0) AS s1, COALESCE(SUM(v.score = 5), 0) AS s5,
         (SELECT COUNT(*) FROM experiences e WHERE e.resource_key = r.key AND e.status = 'published') AS count
       FROM resources r LEFT JOIN voters v ON v.resource_key = r.key AND v.n = 1
       GROUP BY r.key ORDER BY r.key`,
    )
    .all() as Totals[];
}

function storedTotals(): Totals[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT key, reporter_count AS reporters, score_sum AS sum, score_1 AS s1, score_5 AS s5, experience_count AS count
       FROM resources ORDER BY key`,
    )
    .all() as Totals[];
}

describe("one vote per reporter", () => {
  it("stays exact through a random sequence of writes, hides, restores, score changes, moves and deletes", async () => {
    const db = getSqlite();
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const names = ["Alpha Kit", "Beta Kit", "Gamma Kit"];
    const keys = ["", "", "key_00000000000000a1", "key_00000000000000b2"];
    for (let step = 0; step < 300; step += 1) {
      const ids = (db.prepare(`SELECT id FROM experiences`).all() as { id: number }[]).map((r) => r.id);
      const op = ids.length < 5 ? 0 : random(6);
      const id = ids[random(Math.max(ids.length, 1))];
      if (op === 0) {
        const keyId = keys[random(keys.length)];
        const input = createExperienceInput.parse(
          experienceInput({ name: names[random(names.length)], task: `Step ${step}`, score: 1 + random(5), confirm_new_resource: true }),
        );
        await createExperience(input, { keyId, keyLabel: keyId ? "fuzz" : "" }, new Date(Date.UTC(2026, 0, 1, 0, 0, random(600))));
      } else if (op === 1) db.prepare(`UPDATE experiences SET status = 'hidden' WHERE id = ?`).run(id);
      else if (op === 2) db.prepare(`UPDATE experiences SET status = 'published' WHERE id = ?`).run(id);
      else if (op === 3) db.prepare(`UPDATE experiences SET score = ? WHERE id = ?`).run(1 + random(5), id);
      else if (op === 4) {
        // A move, sometimes to a resource that does not exist yet.
        const target = random(4) === 0 ? `new kit ${step}` : names[random(names.length)].toLowerCase();
        db.prepare(`UPDATE experiences SET resource_key = ? WHERE id = ?`).run(target, id);
      } else db.prepare(`DELETE FROM experiences WHERE id = ?`).run(id);
      if (step % 25 === 0) expect(storedTotals(), `after step ${step}`).toEqual(expectedTotals());
    }
    expect(storedTotals()).toEqual(expectedTotals());
  });

  it("never renames a resource's key in place", () => {
    const db = getSqlite();
    const row = db.prepare(`SELECT key FROM resources LIMIT 1`).get() as { key: string };
    expect(() => db.prepare(`UPDATE resources SET key = 'renamed' WHERE key = ?`).run(row.key)).toThrow(/permanent/);
  });
});
