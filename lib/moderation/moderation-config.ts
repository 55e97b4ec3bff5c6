// When a new submission is published: `post` (default) publishes at once and maintainers hide what
// is bad afterwards; `pre` holds every submission for approval, except from trusted keys and
// moderate keys. Screening findings hold a submission in either mode.
export type ModerationMode = "post" | "pre";

export function readModerationMode(env: Record<string, string | undefined> = process.env): ModerationMode {
  const value = (env.KNOWHUB_MODERATION ?? "").trim().toLowerCase();
  if (value === "" || value === "post") return "post";
  if (value === "pre") return "pre";
  throw new Error(`KNOWHUB_MODERATION must be "post" or "pre" (got "${env.KNOWHUB_MODERATION}").`);
}
