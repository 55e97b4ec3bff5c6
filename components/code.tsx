// Text written with markdown's inline code (`like this`), as the API's descriptions are, rendered
// with <code> instead of literal backticks; and a block of code to copy (a config, a command).
import type { ReactNode } from "react";

export function InlineCode({ text }: { text: string }): ReactNode {
  const parts = text.split(/`([^`]+)`/);
  if (parts.length === 1) return text;
  // split with one capture group alternates: even indexes are plain text, odd ones were in backticks.
  return parts.map((part, i) => (i % 2 === 1 ? <code key={i} className="rounded bg-stone-100 px-1 font-mono text-[0.9em] dark:bg-stone-800">{part}</code> : part));
}

/** A block to select and paste; wide lines scroll sideways, and the keyboard can scroll it (tabIndex). */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
      className="overflow-x-auto rounded-lg border border-stone-200 bg-stone-50 p-3 font-mono text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-stone-800 dark:bg-stone-950"
    >
      <code>{code}</code>
    </pre>
  );
}
