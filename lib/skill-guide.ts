import { readFileSync } from "node:fs";
import { join } from "node:path";

let cached: string | null = null;

/** skill/knowhub.md, the agent's guide, read once. */
export function readSkillGuide(): string {
  cached ??= readFileSync(join(/*turbopackIgnore: true*/ process.cwd(), "skill", "knowhub.md"), "utf8");
  return cached;
}
