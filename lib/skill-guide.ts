import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The address skill/knowhub.md is written with; the served guide names the real one instead. */
export const GUIDE_ADDRESS = "http://127.0.0.1:3000";

let cached: string | null = null;

/**
 * skill/knowhub.md, the agent's guide, read once. With `baseUrl` (lib/public-url.ts), the guide
 * names that address wherever it says where the hub is, so an agent that fetched it from a remote
 * hub is not sent to its own machine.
 */
export function readSkillGuide(baseUrl?: string): string {
  cached ??= readFileSync(join(/*turbopackIgnore: true*/ process.cwd(), "skill", "knowhub.md"), "utf8");
  return baseUrl ? cached.replaceAll(GUIDE_ADDRESS, baseUrl) : cached;
}
