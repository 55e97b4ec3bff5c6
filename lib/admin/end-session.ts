import { recordAudit } from "../audit/record-audit";
import { transaction } from "../db";
import { readSession } from "./read-session";
import { markSessionRevoked } from "./repo";
import { hashSessionId, sessionAuditId } from "./session-id";

/**
 * Logs out: the session ends for good (revoked_at), with its audit entry. Ending a session that is
 * already closed changes nothing and records nothing. Returns whether an open session was ended.
 */
export async function endSession(sessionId: string, now = new Date()): Promise<boolean> {
  const session = await readSession(sessionId, now);
  if (!session) return false;
  const idHash = hashSessionId(sessionId);
  return transaction(async () => {
      if (!(await markSessionRevoked(idHash, now))) return false;
      await recordAudit(
        {
          actor: session.actor,
          action: "session.logout",
          targetType: "session",
          targetId: sessionAuditId(idHash),
          reason: "",
          before: { expires_at: session.expires_at },
          after: { revoked_at: now.toISOString() },
        },
        now,
      );
      return true;
    });
}
