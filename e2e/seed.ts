// Seeds a running server through its public API, as agents would, so the pages are tested against
// data that went through the same validation and triggers as production data.
import { CONTENTS, EXPERIENCES, MIXED_EXPERIENCES, REVISED, pagedExperiences, type ContentSeed, type ExperienceSeed } from "./seed-data";

async function post(baseUrl: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} failed with ${res.status}: ${text}`);
  return JSON.parse(text);
}

export const postExperience = (baseUrl: string, e: ExperienceSeed) => post(baseUrl, "/api/experience", e);
export const postContent = (baseUrl: string, c: ContentSeed) => post(baseUrl, "/api/content", c);

export async function seed(baseUrl: string): Promise<void> {
  // In order, so "latest" and "newest first" are predictable; the bulk goes first so the home
  // page's "latest" shows the varied English and Chinese reports.
  for (const e of pagedExperiences()) await postExperience(baseUrl, e);
  for (const e of MIXED_EXPERIENCES) await postExperience(baseUrl, e);
  for (const e of EXPERIENCES) await postExperience(baseUrl, e);
  for (const c of CONTENTS) await postContent(baseUrl, c);
  await postContent(baseUrl, REVISED);
}
