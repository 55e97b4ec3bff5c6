import { decide } from "@/lib/moderation/decide";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { decisionForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(decisionForm, Object.fromEntries(form), "decision");
  const result = await decide(input, session.actor);
  return { flash: result.action };
});
