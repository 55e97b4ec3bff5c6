// Seeds a running server through its public API, as agents would, so the pages are tested against
// data that went through the same validation and triggers as production data.
import {
  CONTENTS,
  DEEP_CONTENTS,
  DEEP_EXPERIENCES,
  EXPERIENCES,
  MIXED_EXPERIENCES,
  REVISED,
  VERDICT_REPORTS,
  VERDICT_RESOURCE,
  VERDICT_SEARCH,
  pagedExperiences,
  type ContentSeed,
  type ExperienceSeed,
} from "./seed-data";

async function post(baseUrl: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} failed with ${res.status}: ${text}`);
  return JSON.parse(text);
}

// The seed is data loaded as written (as the eval loads its corpus): its many similar reports are
// not folded into each other as near-duplicates.
export const postExperience = (baseUrl: string, e: ExperienceSeed) => post(baseUrl, "/api/experience", { ...e, distinct: true });
export const postContent = (baseUrl: string, c: ContentSeed) => post(baseUrl, "/api/content", c);

/** Keys by label (e2e/seed-data.ts VERDICT_KEYS), made with the CLI before the server started. */
export type SeedKeys = Record<string, string>;

export async function seed(baseUrl: string, keys: SeedKeys): Promise<void> {
  // In order, so "latest" and "newest first" are predictable; the bulk goes first so the home
  // page's "latest" shows the varied English and Chinese reports.
  for (const e of pagedExperiences()) await postExperience(baseUrl, e);
  for (const e of DEEP_EXPERIENCES) await postExperience(baseUrl, e);
  for (const e of MIXED_EXPERIENCES) await postExperience(baseUrl, e);
  for (const e of EXPERIENCES) await postExperience(baseUrl, e);
  for (const c of CONTENTS) await postContent(baseUrl, c);
  await postContent(baseUrl, REVISED);
  for (const c of DEEP_CONTENTS) await postContent(baseUrl, c);
  await seedVerdicts(baseUrl, keys);
}

// Reports on one resource, then other keys' verdicts on them: confirmations (one citing a search),
// an incorrect flag, a newer version, and two stale flags naming the successor.
async function seedVerdicts(baseUrl: string, keys: SeedKeys): Promise<void> {
  const report = async (token: string, r: { task: string; version: string; score: number }) =>
    ((await post(baseUrl, "/api/experience", { name: VERDICT_RESOURCE, url: "https://example.com/verdigris", category: "library", submitted_by: "seed", outcome: "Ran on our pipeline configs.", distinct: true, ...r }, token)) as {
      experience: { id: number };
    }).experience.id;
  const verdict = (id: number, kind: "confirm" | "flag", token: string, body: unknown) => post(baseUrl, `/api/experience/${id}/${kind}`, body, token);
  const old = await report(keys["e2e-author"], VERDICT_REPORTS.old);
  const superseded = await report(keys["e2e-author"], VERDICT_REPORTS.superseded);
  const current = await report(keys["e2e-upgrader"], VERDICT_REPORTS.current);
  const res = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent(VERDICT_SEARCH)}`, { headers: { authorization: `Bearer ${keys["e2e-checker"]}` } });
  const { search_id } = (await res.json()) as { search_id: string };
  await verdict(current, "confirm", keys["e2e-checker"], { note: "same rules passed here", version: "2.0", after_search: search_id });
  await verdict(current, "confirm", keys["e2e-reviewer"], { note: "worked on our monorepo" });
  await verdict(old, "flag", keys["e2e-reviewer"], { reason: "incorrect", detail: "the rule names changed" });
  for (const k of ["e2e-checker", "e2e-reviewer"]) await verdict(superseded, "flag", keys[k], { reason: "stale", detail: "the legacy plugin is gone", superseded_by: current });
}
