import { DomainError } from "../errors";
import { csrfTokenMatches, isSameOrigin, type OriginHeaders } from "./csrf";
import { readSession } from "./read-session";
import type { AdminSession } from "./schema";

export type AdminPost = {
  /** The session cookie's value, if the browser sent one. */
  session_id: string | null;
  /** The form's hidden csrf field. */
  csrf_token: unknown;
  origin: OriginHeaders;
};

/**
 * The door of every console form except the login: a page of this site (Origin/Referer), an open
 * session, and that session's CSRF token. Throws before anything is read from the form, so a
 * refused POST changes nothing. The origin goes first: it needs no database and refuses most
 * forgeries outright.
 */
export async function authorizeAdminPost(post: AdminPost, now = new Date()): Promise<AdminSession> {
  if (!isSameOrigin(post.origin)) {
    throw new DomainError("forbidden", "This form was not sent from a page of this console (Origin check). Nothing was changed.", {
      reason: "cross_origin",
    });
  }
  const session = post.session_id ? await readSession(post.session_id, now) : null;
  if (!session) {
    throw new DomainError("unauthorized", "Your console session has ended (logged out, expired, or its key was revoked). Log in again; nothing was changed.", {
      reason: "no_session",
    });
  }
  if (!csrfTokenMatches(post.session_id!, post.csrf_token)) {
    throw new DomainError("forbidden", "This form's security token does not match your session (CSRF check). Reload the page and try again; nothing was changed.", {
      reason: "csrf",
    });
  }
  return session;
}
