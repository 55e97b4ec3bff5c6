// A maintainer's own write (renaming a resource, pinning its url or category) has nobody above it
// to review it, and holding it would only queue it for the same maintainer. Text that screening
// flags is refused instead, with the findings in the answer, and nothing changes: a maintainer's
// session can be stolen or a pasted name can carry something, and what a pin shows reaches every
// agent at once.
import { DomainError } from "../../errors";
import { screenSubmission } from "./screen";

/**
 * Throws invalid_input listing the findings when screening flags any of `fields` (keyed by the
 * stored field they become: name, url, category); `sentAs` names the form field each came in as.
 */
export function refuseFlaggedText(fields: Record<string, string>, what: string, sentAs: Record<string, string> = {}): void {
  const findings = screenSubmission(fields).map((finding) => ({ ...finding, field: sentAs[finding.field] ?? finding.field }));
  if (findings.length === 0) return;
  const listed = findings.map((f) => `${f.kind} in ${f.field} ("${f.excerpt}")`).join("; ");
  throw new DomainError(
    "invalid_input",
    `The ${what} was not saved: screening found text aimed at agents: ${listed}. A maintainer's own change is not held for review; correct the text and send it again.`,
    { findings },
  );
}
