import { revertContent } from "@/lib/contents/revert-content";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { revertForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(revertForm, Object.fromEntries(form), "revert");
  await revertContent(input.id, input.revision, input.reason, session.actor);
  return { flash: "reverted" };
});
