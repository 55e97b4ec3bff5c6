import { removeLearnedLink } from "@/lib/learning/remove-link";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { removeLinkForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  await removeLearnedLink(parseInput(removeLinkForm, Object.fromEntries(form), "learned link removal"), session.actor);
  return { flash: "link-removed" };
});
