// What an action says when it sends the browser back. The query string carries a code from this
// fixed list (and a count), never text: a link that anyone can craft must not be able to make the
// console display a message of their choosing ("session expired, log in at evil.example").
export const FLASH_MESSAGES = {
  "logged-in": "You are logged in.",
  "logged-out": "You are logged out.",
  "session-ended": "Your session has ended (logged out, expired, or its key was revoked). Log in again; nothing was changed.",
  approve: "Approved: it is published.",
  reject: "Rejected.",
  hide: "Hidden: it is no longer shown or counted.",
  restore: "Restored: it is published again.",
  "bulk-reject": "Rejected {n} items.",
  "bulk-hide": "Hid {n} items.",
  "bulk-none": "Nothing to change: none of those items is in a status that action applies to.",
  "key-revoked": "Key revoked: its next request is refused.",
  "link-removed": "Learned link removed: search stops answering with it now, and learning never restores it.",
  "key-revoked-all": "Key revoked, and {n} of its items hidden or rejected.",
  pinned: "Pin saved.",
  described: "Description saved.",
  renamed: "Resource renamed: the old name now points here.",
  merged: "Resources merged into this one.",
  locked: "Content locked: only moderate keys may revise it.",
  unlocked: "Content unlocked.",
  reverted: "Reverted: the chosen revision's text is the new latest revision.",
} as const;

export type FlashCode = keyof typeof FLASH_MESSAGES;

export function flashMessage(code: string | undefined, n: string | undefined): string | null {
  if (!code || !Object.hasOwn(FLASH_MESSAGES, code)) return null;
  const count = n && /^\d{1,7}$/.test(n) ? n : "0";
  return FLASH_MESSAGES[code as FlashCode].replace("{n}", count);
}

// The decided item a flash names ("experience:12"), checked against the shapes ids have, so a
// crafted link can name an item but cannot smuggle words into the message.
const ITEM_REF = /^(experience):(\d{1,15})$|^(flag):(\d{1,15}\/key_[0-9a-f]{16})$|^(content_revision):([\p{L}\p{N}._~\/-]{1,400}@\d{1,9})$/u;

export type DecidedItem = { type: string; id: string | number };

export function decidedItemOf(value: string | undefined): DecidedItem | null {
  const match = value ? ITEM_REF.exec(value) : null;
  if (!match) return null;
  if (match[1]) return { type: match[1], id: Number(match[2]) };
  return match[3] ? { type: match[3], id: match[4] } : { type: match[5], id: match[6] };
}
