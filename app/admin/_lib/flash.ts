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
