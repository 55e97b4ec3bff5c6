import { revokeKeyFromQueue } from "@/lib/moderation/revoke-key";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { revokeKeyForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(revokeKeyForm, Object.fromEntries(form), "key revocation");
  const result = await revokeKeyFromQueue(input, session.actor);
  return input.hide_all ? { flash: "key-revoked-all", n: result.hidden + result.rejected } : { flash: "key-revoked" };
});
