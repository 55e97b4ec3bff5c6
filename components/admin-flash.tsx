// The outcome of the last action, from a fixed list of messages (app/admin/_lib/flash.ts); a
// status role so a screen reader announces it after the redirect.
import { Notice } from "./ui";

export function AdminFlash({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="status">
      <Notice>{message}</Notice>
    </div>
  );
}
