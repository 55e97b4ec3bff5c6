// A backup taken before an upgrade restores after it (#21 added format 2: verdicts, near-duplicate
// signatures, learning from use). test/fixtures/backups/format-1.jsonl was written by the format-1
// code (commit 972f92c, `createBackup` on a small SQLite hub: one key's two reports, two keyless
// ones, a Chinese one, a search). Restored here on both engines: the newer columns get their
// defaults, the newer tables start empty, the hub answers as before and takes the new writes, and
// its own backup is format 2 and restores again.
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, db } from "@/lib/db";
import { fillNearSignatures } from "@/lib/experiences/fill-near-signatures";
import { authenticateToken } from "@/lib/keys/authenticate-token";
import { createKey } from "@/lib/keys/create-key";
import { searchExperiences } from "@/lib/search/search-experiences";
import { searchInput } from "@/lib/search/schema";
import { BACKUP_VERSION, readBackup } from "@/lib/transfer/backup-format";
import { createBackup } from "@/lib/transfer/create-backup";
import { restoreBackup } from "@/lib/transfer/restore-backup";
import { confirmExperience } from "@/lib/verdicts/confirm-experience";
import { usePgDatabase } from "./pg-database";

const FIXTURE = join(__dirname, "fixtures", "backups", "format-1.jsonl");
const dir = mkdtempSync(join(tmpdir(), "knowhub-upgrade-"));
const pg = usePgDatabase({ migrate: false });
const pgAgain = usePgDatabase({ migrate: false });

afterAll(() => closeDb());

async function useUrl(url: string): Promise<void> {
  await closeDb();
  process.env.DATABASE_URL = url;
}

const TARGETS = [
  { engine: "sqlite", url: () => `file:${join(dir, "restored.db")}`, again: () => `file:${join(dir, "again.db")}` },
  { engine: "postgres", url: () => pg.url(), again: () => pgAgain.url() },
];

describe("a format-1 backup", () => {
  it("is the format-1 code's file", async () => {
    const { header } = await readBackup(FIXTURE);
    expect(header.version).toBe(1);
    expect(BACKUP_VERSION).toBe(4);
    expect(readFileSync(FIXTURE, "utf8")).not.toContain("near_signature");
  });

  for (const target of TARGETS) {
    it(`restores into a current ${target.engine} hub, which answers as before and takes the new writes`, async () => {
      if (target.engine === "postgres" && !pg.available) return;
      const copy = join(dir, `${target.engine}.jsonl`);
      copyFileSync(FIXTURE, copy);
      const summary = await restoreBackup(copy, { targetUrl: target.url() });
      expect(summary.rows).toBe(15);
      await useUrl(target.url());
      const rows = await db().all<{ id: number; near: string; version: string; after: string }>(
        `SELECT id, near_signature AS near, version, after_search AS after FROM experiences ORDER BY id`,
      );
      expect(rows.map((r) => [r.near, r.version, r.after])).toEqual(Array(4).fill(["", "", ""]));
      expect(await db().get(`SELECT search_id AS "searchId", confidence, shown_keys AS "shown", confident_count AS "n" FROM search_logs`)).toEqual({
        searchId: "",
        confidence: "",
        shown: "[]",
        n: 0,
      });
      for (const table of ["experience_verdicts", "experience_standing", "learning_evidence", "learned_links"]) {
        expect(Number((await db().get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n), table).toBe(0);
      }
      // npm start fills the signatures; search answers as it did.
      expect(await fillNearSignatures()).toBe(4);
      const answer = await searchExperiences(searchInput.parse({ q: "extract tables from pdf" }), "", { log: false });
      expect(answer.results[0].name).toBe("PyMuPDF");
      expect((await searchExperiences(searchInput.parse({ q: "照片缩略图" }), "", { log: false })).results[0]?.name).toBe("Pillow");
      // The new writes work on the restored hub: another key confirms the first key's report.
      const other = await createKey({ label: "after-upgrade", scope: "write", trusted: false });
      const confirmed = await confirmExperience(rows[0].id, { note: "", version: "1.24", after_search: "" }, { key: await authenticateToken(other.token) });
      expect(confirmed.experience.confirmations).toBe(1);
      // Its own backup is the current format, and restores again.
      const again = join(dir, `${target.engine}-again.jsonl`);
      await createBackup(again);
      expect((await readBackup(again)).header.version).toBe(BACKUP_VERSION);
      const second = await restoreBackup(again, { targetUrl: target.again() });
      expect(second.tables.experience_verdicts).toBe(1);
      await useUrl(target.again());
      expect(Number((await db().get<{ n: number }>(`SELECT COUNT(*) AS n FROM experience_verdicts`))!.n)).toBe(1);
    });
  }
});
