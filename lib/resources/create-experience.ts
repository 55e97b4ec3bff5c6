import { transaction } from "../db";
import { DomainError } from "../errors";
import { NO_KEY, type ProvenanceColumns } from "../keys/provenance";
import { indexText } from "../text/analyze";
import { addLookalikeHold } from "../text/lookalike-hold";
import { experienceColumns } from "../experiences/experience-columns";
import { findExperienceByHash, findExperienceById, insertExperience } from "../experiences/repo";
import type { CreateExperienceInput, CreateExperienceResult } from "../experiences/schema";
import { refreshStanding } from "../verdicts/refresh-standing";
import { toExperienceDtos } from "../verdicts/standing";
import { nameSkeleton } from "../text/skeleton";
import { resourceKey } from "../text/resource-key";
import { matchResourceName, type ResourceNameMatch } from "./find-lookalike";
import { findNearDuplicate, nearDuplicateHint, type NearMatch } from "./find-near-duplicate";
import { followRedirect } from "./follow-redirect";
import { refreshResourceDisplay } from "./refresh-resource-display";
import { findResourceByKey, findResourceDisplay, setResourceSkeletons } from "./repo";
import { toResourceAggregate, type ResourceRow } from "./serialize";

/**
 * Stores an experience once, written by `provenance`'s key (or by nobody in particular, open mode):
 * an identical re-submission by the same writer returns the stored one as a duplicate, and a report
 * that nearly repeats a published one of the same resource is not stored unless `distinct` says it
 * is another experience (the answer names that one: confirm it instead).
 */
export async function createExperience(
  input: CreateExperienceInput,
  provenance: ProvenanceColumns = NO_KEY,
  now = new Date(),
  options: { hold?: { reason: string; findings: unknown[] } | null } = {},
): Promise<CreateExperienceResult> {
  const renamed = await followRedirect(input.name);
  if (renamed) input = { ...input, name: renamed };
  let match = await matchResourceName(input.name);
  // Another spelling of an existing resource (case, spacing, hyphens, underscores, dots) is that
  // resource: filed under its name, so that its reports are not split over twins nobody can merge
  // by renaming (keys are permanent). The answer's resource.name tells the writer the name in use.
  if (match?.kind === "same") {
    input = { ...input, name: match.name };
    match = null;
  }
  const columns = experienceColumns(input, indexText, provenance);
  const existing = await findDuplicate(columns.submissionHash);
  if (existing) return existing;
  let hold = options.hold ?? null;
  if (match) {
    if (!input.confirm_new_resource) refuseLookalike(columns.name, match);
    // Confirmed: stored, but a person decides whether it is a different resource or an impersonation.
    hold = addLookalikeHold(hold, {
      field: "name",
      name: columns.name,
      existing: match.name,
      existingKey: match.key,
      qualified: match.kind === "qualified",
      what: "resource",
    });
  }
  // After the exact retry (a retry stays `duplicate: true`) and the name checks (a lookalike is
  // refused before anything is compared), and before a hold: a copy is not stored at all.
  if (!input.distinct) {
    const near = await findNearDuplicate(columns);
    if (near) {
      const folded = await nearDuplicateAnswer(near, provenance.keyId);
      if (folded) return folded;
    }
  }
  try {
    // A held report is stored `pending` with why: invisible (not indexed, not counted) until approved.
    const moderation = hold
      ? { status: "pending", findings: JSON.stringify(hold.findings), statusReason: hold.reason }
      : { status: "published", findings: "[]", statusReason: "" };
    // One transaction: the report, its resource's skeleton and the url and category its reporters
    // give are stored together or not at all (a retry of a refused one is not a duplicate).
    const { experience, resource } = await transaction(async () => {
      const experience = await insertExperience({ ...columns, ...moderation, createdAt: now });
      // A report naming a newer version makes the resource's older reports stale (lib/verdicts).
      if (columns.version && moderation.status === "published") await refreshStanding(columns.resourceKey, [], now);
      // The insert's triggers created or updated the aggregate.
      const resource = await findResourceByKey(columns.resourceKey);
      if (!resource) throw new Error(`resource ${columns.resourceKey} is missing after its experience was stored`);
      return { experience, resource: await settleResource(resource) };
    });
    return {
      duplicate: false,
      experience: (await toExperienceDtos([experience], now))[0],
      resource: toResourceAggregate(resource),
      ...(hold ? { moderation: { status: "pending" as const, reason: hold.reason, findings: hold.findings } } : {}),
    };
  } catch (error) {
    // Two identical submissions raced: the loser answers like any other retry.
    if (error instanceof DomainError && error.code === "conflict") {
      const raced = await findDuplicate(columns.submissionHash);
      if (raced) return raced;
    }
    throw error;
  }
}

/**
 * What the insert's triggers cannot compute: the skeleton of a new resource's name (a no-op when it
 * is set), and the url and category its reporters give (refreshResourceDisplay), which the answer
 * shows. In the report's own transaction.
 */
async function settleResource(resource: ResourceRow): Promise<ResourceRow> {
  await setResourceSkeletons([{ key: resource.key, skeleton: nameSkeleton(resource.name) }]);
  await refreshResourceDisplay([resource.key]);
  return { ...resource, ...(await findResourceDisplay(resource.key)) };
}

/**
 * A new resource whose name looks like an existing one is not created unless the caller confirms it
 * is a different one, and then only held for review. The answer names the existing resource.
 */
function refuseLookalike(name: string, match: Exclude<ResourceNameMatch, { kind: "same" }>): never {
  const held = `send the report again with "confirm_new_resource": true; it is then held for a maintainer's review before it is published.`;
  const message =
    match.kind === "qualified"
      ? `"${name}" looks like a variant of the existing resource "${match.name}" (its name with "${match.qualifier}" added). If you used ` +
        `${match.name}, report it under that name; if "${name}" is a different resource (a fork or mirror of its own), ${held}`
      : `"${name}" looks like the existing resource "${match.name}". If you used ${match.name}, report it ` +
        `under that name; if "${name}" is a different resource, ${held}`;
  throw new DomainError("conflict", message, {
    name,
    existing: match.name,
    existing_key: match.key,
    skeleton: nameSkeleton(name),
    ...(match.kind === "qualified" ? { qualifier: match.qualifier } : {}),
    confirm_field: "confirm_new_resource",
  });
}

async function nearDuplicateAnswer(near: NearMatch, keyId: string): Promise<CreateExperienceResult | null> {
  const row = await findExperienceById(near.id);
  // Hidden or deleted between the two reads: then it is no reason to refuse the report.
  if (!row || row.status !== "published") return null;
  // The writer's own report: confirming it would be refused, so the answer says it is theirs.
  const yours = keyId !== "" && row.keyId === keyId;
  const resource = await findResourceByKey(resourceKey(row.name));
  if (!resource) return null;
  return {
    duplicate: false,
    experience: (await toExperienceDtos([row]))[0],
    resource: toResourceAggregate(resource),
    near_duplicate_of: { ...near, yours },
    hint: nearDuplicateHint(near.id, yours),
  };
}

async function findDuplicate(hash: string): Promise<CreateExperienceResult | null> {
  const row = await findExperienceByHash(hash);
  if (!row) return null;
  const resource = await findResourceByKey(resourceKey(row.name));
  if (!resource) return null;
  return { duplicate: true, experience: (await toExperienceDtos([row]))[0], resource: toResourceAggregate(resource) };
}
