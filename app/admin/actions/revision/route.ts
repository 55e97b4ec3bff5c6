import { decideRevision } from "@/lib/contents/decide-revision";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { revisionForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(revisionForm, Object.fromEntries(form), "revision decision");
  await decideRevision(input, session.actor);
  return { flash: input.action };
});
