// An item's moderation status as a small label; the word carries the meaning, the colour only helps.
const COLOURS: Record<string, string> = {
  pending: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  published: "bg-teal-100 text-teal-950 dark:bg-teal-900 dark:text-teal-50",
  rejected: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50",
  hidden: "bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-stone-50",
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${COLOURS[status] ?? COLOURS.hidden}`}>{status}</span>;
}

const TAGS = {
  amber: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  stone: "bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-stone-50",
} as const;

/** A word about a listed thing (held, locked, pinned): the word carries the meaning, the colour only helps. */
export function Tag({ tone, children }: { tone: keyof typeof TAGS; children: React.ReactNode }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${TAGS[tone]}`}>{children}</span>;
}
