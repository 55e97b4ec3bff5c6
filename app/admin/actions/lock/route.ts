import { setContentLock } from "@/lib/contents/set-content-lock";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { lockForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(lockForm, Object.fromEntries(form), "lock");
  const result = await setContentLock(input.id, input.locked, input.reason, session.actor);
  return { flash: result.locked ? "locked" : "unlocked" };
});
