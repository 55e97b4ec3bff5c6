// The score columns of every resource must always equal one vote per reporter computed from the
// experiences themselves, whatever sequence of writes, hides, moves and deletes got them there.
import { describe, expect, it } from "vitest";
import { createExperience } from "@/lib/resources/create-experience";
import { createExperienceInput } from "@/lib/experiences/schema";
import { experienceInput } from "./factories";
import { sqlAll, sqlGet, sqlRun } from "./sql";

type Totals = { key: string; reporters: number; sum: number; s1: number; s5: number; count: number };

/** What the triggers must have produced, from first principles. */
function expectedTotals(): Promise<Totals[]> {
  return sqlAll<Totals>(
      /* sql */ `WITH voters AS (
         SELECT resource_key, CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END AS voter, score,
           ROW_NUMBER() OVER (PARTITION BY resource_key, CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END
                              ORDER BY created_at DESC, id DESC) AS n
         FROM experiences WHERE status = 'published')
       SELECT r.key AS key, COUNT(v.voter) AS reporters, COALESCE(SUM(v.score), 0) AS sum,
         COALESCE(SUM(CASE WHEN v.score = 1 THEN 1 ELSE 0 END), 0) AS s1, COALESCE(SUM(CASE WHEN v.score = 5 THEN 1 ELSE 0 END), 0) AS s5,
         (SELECT COUNT(*) FROM experiences e WHERE e.resource_key = r.key AND e.status = 'published') AS count
       FROM resources r LEFT JOIN voters v ON v.resource_key = r.key AND v.n = 1
       GROUP BY r.key ORDER BY r.key`,
  );
}

function storedTotals(): Promise<Totals[]> {
  return sqlAll<Totals>(
    /* sql */ `SELECT key, reporter_count AS reporters, score_sum AS sum, score_1 AS s1, score_5 AS s5, experience_count AS count
     FROM resources ORDER BY key`,
  );
}

describe("one vote per reporter", () => {
  it("stays exact through a random sequence of writes, hides, restores, score changes, moves and deletes", async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const names = ["Alpha Kit", "Beta Kit", "Gamma Kit"];
    const keys = ["", "", "key_00000000000000a1", "key_00000000000000b2"];
    for (let step = 0; step < 300; step += 1) {
      const ids = (await sqlAll<{ id: number }>(`SELECT id FROM experiences`)).map((r) => r.id);
      const op = ids.length < 5 ? 0 : random(6);
      const id = ids[random(Math.max(ids.length, 1))];
      if (op === 0) {
        const keyId = keys[random(keys.length)];
        const input = createExperienceInput.parse(
          experienceInput({ name: names[random(names.length)], task: `Step ${step}`, score: 1 + random(5), confirm_new_resource: true }),
        );
        await createExperience(input, { keyId, keyLabel: keyId ? "fuzz" : "" }, new Date(Date.UTC(2026, 0, 1, 0, 0, random(600))));
      } else if (op === 1) await sqlRun(`UPDATE experiences SET status = 'hidden' WHERE id = ?`, [id]);
      else if (op === 2) await sqlRun(`UPDATE experiences SET status = 'published' WHERE id = ?`, [id]);
      else if (op === 3) await sqlRun(`UPDATE experiences SET score = ? WHERE id = ?`, [1 + random(5), id]);
      else if (op === 4) {
        // A move, sometimes to a resource that does not exist yet.
        const target = random(4) === 0 ? `new kit ${step}` : names[random(names.length)].toLowerCase();
        await sqlRun(`UPDATE experiences SET resource_key = ? WHERE id = ?`, [target, id]);
      } else await sqlRun(`DELETE FROM experiences WHERE id = ?`, [id]);
      if (step % 25 === 0) expect(await storedTotals(), `after step ${step}`).toEqual(await expectedTotals());
    }
    expect(await storedTotals()).toEqual(await expectedTotals());
  });

  it("never renames a resource's key in place", async () => {
    const row = (await sqlGet<{ key: string }>(`SELECT key FROM resources LIMIT 1`))!;
    await expect(sqlRun(`UPDATE resources SET key = 'renamed' WHERE key = ?`, [row.key])).rejects.toThrow(/permanent/);
  });
});
