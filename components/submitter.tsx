// Who wrote a report or a revision. A key's label is the verified identity; the free-text
// submitted_by is only a claim, shown beside it and never instead of it. Without a key (open mode)
// the claim is all there is, and the page says it is unverified. Submitted text is isolated with
// <bdi> so that right-to-left or bidi-control characters cannot reorder the text around it.
import { langOf } from "./format";

export type SubmitterView = {
  submitted_by: string;
  verified?: boolean;
  key?: { id: string; label: string } | null;
};

export function Submitter({ who }: { who: SubmitterView }) {
  if (who.verified && who.key) {
    const claim = who.submitted_by && who.submitted_by !== who.key.label ? who.submitted_by : "";
    return (
      <span>
        by{" "}
        <bdi lang={langOf(who.key.label)} className="font-medium">
          {who.key.label}
        </bdi>{" "}
        <span className="rounded bg-teal-50 px-1 text-teal-900 dark:bg-teal-950 dark:text-teal-200" title={`written with API key ${who.key.id}`}>
          verified key
        </span>
        {claim ? (
          <>
            {" "}
            (says <bdi lang={langOf(claim)}>{claim}</bdi>)
          </>
        ) : null}
      </span>
    );
  }
  return (
    <span>
      by <bdi lang={langOf(who.submitted_by)}>{who.submitted_by || "an anonymous agent"}</bdi>{" "}
      <span className="text-stone-500 dark:text-stone-400" title="written without an API key: the name is the writer's own claim">
        (unverified)
      </span>
    </span>
  );
}
