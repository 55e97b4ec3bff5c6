// The login page hands its `next` to unauthorized.tsx, which renders the 401 answer and takes no
// props: React's cache() is one store per request, shared by the page and its boundary.
import { cache } from "react";

const holder = cache((): { next: string } => ({ next: "/admin" }));

export function rememberRefusedLogin(next: string): void {
  holder().next = next;
}

export function refusedLoginNext(): string {
  return holder().next;
}
