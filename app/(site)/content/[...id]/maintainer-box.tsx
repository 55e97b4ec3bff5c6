// The content page's maintainer actions (hide the shown revision, lock, open in the console) and
// the message of the last one, for a request with a console session only; nothing for visitors.
import { AdminFlash } from "@/components/admin-flash";
import { adminContentHref } from "@/components/admin-paths";
import { contentHref } from "@/components/format";
import { ContentMaintainerActions } from "@/components/maintainer-actions";
import { getContentAdmin } from "@/lib/contents/get-content-admin";
import { flashMessage } from "../../../admin/_lib/flash";
import { one, type SearchParams } from "../../../admin/_lib/query";
import { currentSession } from "../../../admin/_lib/session";

export async function MaintainerContentBox({ id, revision, back, flash }: { id: string; revision: number; back: string; flash: Promise<SearchParams> }) {
  const session = await currentSession();
  if (!session) return null;
  const query = await flash;
  const node = await getContentAdmin(id);
  // Hiding the only published revision takes the public page away: then back to the console's page.
  const othersPublished = node.revisions.some((r) => r.status === "published" && r.revision !== revision);
  return (
    <div className="space-y-3">
      <AdminFlash message={flashMessage(one(query.flash), one(query.n))} />
      <ContentMaintainerActions id={id} revision={revision} locked={node.locked} maintainer={{ csrf: session.csrf_token, back }}
        hideBack={othersPublished ? contentHref(id) : adminContentHref(id)}
      />
    </div>
  );
}
