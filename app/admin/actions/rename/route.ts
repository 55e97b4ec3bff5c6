import { adminResourceHref } from "@/components/admin-paths";
import { renameResource } from "@/lib/resources/rename-resource";
import { parseInput } from "@/lib/validation";
import { adminAction } from "../../_lib/action";
import { renameForm } from "../../_lib/forms";

export const POST = adminAction(async ({ form, session }) => {
  const input = parseInput(renameForm, Object.fromEntries(form), "rename");
  const result = await renameResource(input, session.actor);
  // The page lives under the new name now.
  return { flash: "renamed", back: adminResourceHref(result.resource.name) };
});
