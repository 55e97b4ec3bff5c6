// The context checks a rule may ask for (Guard in screening-rules.ts): each says whether a match,
// read in the normal view, is not what the rule looks for after all.
import {
  DISCUSSION_CUES,
  DISCUSSION_CUES_AFTER,
  EXAMPLE_BEFORE,
  EXAMPLE_URL,
  NEGATION_BEFORE,
  NON_IMPERATIVE_BEFORE,
  NON_IMPERATIVE_BEFORE_ZH,
  SCREENING_TUNING,
  TRUSTED_INSTALLERS,
} from "./screening-rules";
import type { Guard } from "./screening-types";

const HAN = /\p{Script=Han}/u;

/** The part of `before` in the same sentence as what follows it. */
export function sameSentence(before: string): string {
  let cut = -1;
  for (const match of before.matchAll(/[!?。！？\n]|\.(?= )/g)) {
    // "e.g. ", "i.e. ", "etc. ", "vs. " do not end a sentence.
    if (match[0] === "." && /(?:\be\.g|\bi\.e|\betc|\bvs|\bcf)$/.test(before.slice(0, match.index))) continue;
    cut = match.index;
  }
  return before.slice(cut + 1);
}

function isDiscussion(text: string, start: number, end: number): boolean {
  const before = sameSentence(text.slice(Math.max(0, start - SCREENING_TUNING.discussionBefore), start));
  return DISCUSSION_CUES.test(before) || DISCUSSION_CUES_AFTER.test(text.slice(end, end + SCREENING_TUNING.discussionAfter));
}

function isNegated(text: string, start: number): boolean {
  return NEGATION_BEFORE.test(sameSentence(text.slice(Math.max(0, start - SCREENING_TUNING.negationBefore), start)));
}

function isNotImperative(text: string, start: number): boolean {
  if (HAN.test(text[start] ?? "")) return NON_IMPERATIVE_BEFORE_ZH.test(text.slice(Math.max(0, start - 8), start).replace(/\s/g, ""));
  return NON_IMPERATIVE_BEFORE.test(text.slice(Math.max(0, start - 30), start));
}

function isInlineCode(text: string, start: number, end: number): boolean {
  return text[start - 1] === "`" && text[end] === "`";
}

function isTrustedUrl(url: string): boolean {
  return TRUSTED_INSTALLERS.some(
    (prefix) => url.startsWith(prefix) && (url.length === prefix.length || /[/_]$/.test(prefix) || /^[/?#]/.test(url[prefix.length])),
  );
}

/** Every URL of the command (up to the next ; && || or line end) is an official installer or an illustration. */
function runsTrustedInstaller(text: string, start: number, end: number): boolean {
  const lineEnd = text.indexOf("\n", end);
  const rest = text.slice(end, lineEnd < 0 ? Math.min(text.length, end + 500) : lineEnd);
  const commandEnd = rest.search(/;|&&|\|\|/);
  const command = text.slice(start, end) + (commandEnd < 0 ? rest : rest.slice(0, commandEnd));
  const urls = command.match(/https?:\/\/[^\s"'`)]+/g) ?? [];
  return urls.length > 0 && urls.every((url) => isTrustedUrl(url) || EXAMPLE_URL.test(url));
}

function isExample(text: string, start: number): boolean {
  return EXAMPLE_BEFORE.test(sameSentence(text.slice(Math.max(0, start - 48), start)));
}

export const GUARDS: Record<Guard, (text: string, start: number, end: number) => boolean> = {
  discussion: isDiscussion,
  imperative: isNotImperative,
  negation: isNegated,
  "inline-code": isInlineCode,
  "trusted-installer": runsTrustedInstaller,
  example: isExample,
};
