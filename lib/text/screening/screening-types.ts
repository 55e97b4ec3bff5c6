// The shapes of screening: what a rule is and what it finds. Apart from the rules themselves, so the
// rule files (screening-rules-*.ts) and the engine (screen*.ts) share them without importing each other.

export type FindingKind =
  | "prompt_injection"
  | "role_marker"
  | "exfiltration"
  | "remote_code"
  | "personal_data"
  | "invisible_text"
  | "untrusted_install"
  | "social_engineering";

/** The view a pattern runs on (see the header). */
export type RuleView = "normal" | "squashed";

/**
 * Checks that skip a match in context (screen.ts implements them):
 * - discussion: the sentence talks about attacks ("blocks ... attacks", "phrases like", "注入"):
 *   discussion of an attack is not an attack.
 * - imperative: the verb is not an order when a subject or modal precedes it ("models tend to
 *   ignore previous instructions", "可以忽略以上要求").
 * - negation: "never send your API key to ...", "不要泄露你的密钥" is advice, not a request.
 * - inline-code: a marker alone in backticks (`<|im_start|>`) names a token, it does not open a turn.
 * - trusted-installer: every URL of the command is an official installer (TRUSTED_INSTALLERS) or on
 *   a reserved example domain (example.com, *.example: an illustration, nothing to download).
 * - example: "numbers like +14155552671", "e.g. jane@gmail.com": a format shown, not a person's.
 */
export type Guard = "discussion" | "imperative" | "negation" | "inline-code" | "trusted-installer" | "example";

/** What an `accept` check sees: the whole view and the match's place in it. */
export type RuleContext = {
  text: string;
  start: number;
  end: number;
  groups: (string | undefined)[];
  /** The match as it was sent, letter case and all ("SYSTEM:" is not "System:"). */
  raw: string;
};

export type ScreeningRule = {
  /** Short and stable: stored with every finding, and how a maintainer filters the queue. */
  id: string;
  kind: FindingKind;
  view: RuleView;
  /** Global flag; case-insensitive in effect (the views are lower case). */
  pattern: RegExp;
  /** Which capture group is the finding (the pattern then has the d flag); default the whole match. */
  group?: number;
  guards?: Guard[];
  /** Capture group where the finding starts (a lookbehind capture; the pattern then has the d flag). */
  from?: number;
  /**
   * Groups of words of the rule's view: every match contains a word of each group, so a text
   * lacking a group is skipped without running the pattern (screen-gates.ts finds all rules' words
   * in one pass; most text holds none of most rules' words). A gate must never change a result:
   * lib/text/screening/screen.test.ts compares every corpus with gates ignored.
   */
  gates?: readonly (readonly string[])[];
  /** Cheap test on the whole view: without a match the rule cannot fire and is skipped. */
  requires?: RegExp;
  /** Last word on a match: false = not a finding after all. */
  accept?: (found: string, context: RuleContext) => boolean;
};
