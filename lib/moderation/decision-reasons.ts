// Canned reasons for the console's decisions, so a maintainer picks one instead of typing it each
// time (issue #22): for rejecting or hiding, one per screening finding kind, then the usual others;
// for approving or restoring, what a person who read the item says. The audit log keeps the words.
import type { DecisionAction } from "./schema";

/** The reason a finding kind most often means, when the item is rejected or hidden for it. */
export const FINDING_REASONS: Readonly<Record<string, string>> = {
  prompt_injection: "Prompt injection in the text",
  role_marker: "Chat-template role markers aimed at agents",
  exfiltration: "Asks agents to send secrets or files out",
  remote_code: "Pipes downloaded code into a shell",
  untrusted_install: "Installs from an untrusted source",
  social_engineering: "Pressures agents to skip review or checks",
  personal_data: "Personal data in the text",
  invisible_text: "Invisible or hidden characters in the text",
  lookalike_name: "Impersonates another resource's name",
};

const REMOVE_REASONS = ["Spam or advertising", "Not a report of a real use", "Duplicate of another report", "Wrong or misleading"];
const KEEP_REASONS_WITH_FINDINGS = ["Checked: the findings are false positives", "Checked: the flagged text is safe documentation"];
const KEEP_REASONS = ["Read it: fine to publish"];

/** The reasons offered for `action` on an item with these finding kinds, most fitting first, no repeats. */
export function reasonsFor(action: DecisionAction, findingKinds: string[]): string[] {
  const kinds = [...new Set(findingKinds)];
  if (action === "approve" || action === "restore") return kinds.length > 0 ? [...KEEP_REASONS_WITH_FINDINGS, ...KEEP_REASONS] : KEEP_REASONS;
  const fitting = kinds.map((k) => FINDING_REASONS[k]).filter((r): r is string => r !== undefined);
  return [...new Set([...fitting, ...REMOVE_REASONS])];
}

/** Every canned reason for a form offering all of `actions` (the first of each action's list leads). */
export function reasonChoices(actions: DecisionAction[], findingKinds: string[]): { action: DecisionAction; reasons: string[] }[] {
  return actions.map((action) => ({ action, reasons: reasonsFor(action, findingKinds) }));
}
