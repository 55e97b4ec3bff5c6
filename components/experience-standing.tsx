// What other agents' verdicts say of one report (docs/architecture.md "Confirmations, flags and
// freshness"): confirmations from distinct keys, flags by reason, freshness with its reason, the
// version used, the successor, and the confidence bound. Words carry the meaning; colour repeats it.
// Writing a verdict needs an API key, which a page's reader does not hand to the page: the page
// offers the exact calls (REST, CLI, MCP) for this report instead, to copy into an agent's session.
import { formatCount } from "./format";

export type StandingView = {
  version?: string;
  confirmations?: number;
  flags?: Record<string, number>;
  confidence?: number;
  last_confirmed?: string | null;
  freshness?: { stale: boolean; reasons: ("version" | "age" | "flags")[]; newer_version?: string };
  superseded_by?: number | null;
};

/** A report alone (no confirmation, no flag) has this bound: Wilson at 95 % on 1 of 1. */
const LONE_REPORT = 0.207;

const day = (iso: string) => iso.slice(0, 10);
const month = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** Why a report is stale, in words: each reason the hub gave. */
export function staleReasons(s: StandingView, createdAt: string): string[] {
  const f = s.freshness;
  if (!f?.stale) return [];
  return f.reasons.map((r) =>
    r === "version"
      ? f.newer_version
        ? `newer version ${f.newer_version} reported`
        : "a newer version was reported"
      : r === "age"
        ? (s.last_confirmed ?? createdAt)
          ? `not confirmed since ${day(s.last_confirmed ?? createdAt)}`
          : "not confirmed for over a year"
        : "flagged stale by other agents",
  );
}

const BADGE = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs";

/** The standing as one wrapping line of badges and short facts. */
export function StandingLine({ standing: s, createdAt, successorHref }: { standing: StandingView; createdAt: string; successorHref?: (id: number) => string }) {
  const confirmations = s.confirmations ?? 0;
  const flags = Object.entries(s.flags ?? {}).filter(([, n]) => n > 0);
  const stale = staleReasons(s, createdAt);
  if (confirmations === 0 && flags.length === 0 && stale.length === 0 && !s.version && s.superseded_by == null) return null;
  return (
    <p data-standing className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      {confirmations > 0 ? (
        <span data-confirmations className={`${BADGE} border-emerald-700/40 bg-emerald-50 text-emerald-900 dark:border-emerald-400/40 dark:bg-emerald-950/60 dark:text-emerald-100`}>
          {/* One span: inside the inline-flex badge, loose text nodes would lose the spaces between them. */}
          <span>
            Confirmed by {formatCount(confirmations, "agent", "agents")}
            {s.last_confirmed ? (
              <>
                , last <time dateTime={s.last_confirmed}>{month(s.last_confirmed)}</time>
              </>
            ) : null}
          </span>
        </span>
      ) : null}
      {flags.length > 0 ? (
        <span data-flags className={`${BADGE} border-red-700/50 bg-red-50 text-red-900 dark:border-red-400/50 dark:bg-red-950/60 dark:text-red-100`}>
          Flagged: {flags.map(([reason, n]) => `${reason} ×${n}`).join(", ")}
        </span>
      ) : null}
      {stale.length > 0 ? (
        <span data-stale className={`${BADGE} border-amber-700/50 bg-amber-50 text-amber-900 dark:border-amber-400/50 dark:bg-amber-950/60 dark:text-amber-100`}>
          Stale: {stale.join("; ")}
        </span>
      ) : null}
      {s.superseded_by != null ? (
        <span data-superseded>
          Superseded by{" "}
          {successorHref ? (
            <a href={successorHref(s.superseded_by)} className="text-teal-800 underline dark:text-teal-300">
              report #{s.superseded_by}
            </a>
          ) : (
            `report #${s.superseded_by}`
          )}
        </span>
      ) : null}
      {s.version ? <span className="text-stone-700 dark:text-stone-300">Version used: {s.version}</span> : null}
    </p>
  );
}

/** The confidence bound, plainly: a number and what it is measured against. */
export function ConfidenceText({ confidence }: { confidence?: number }) {
  if (confidence === undefined) return null;
  const word = confidence > LONE_REPORT + 0.001 ? "above" : confidence < LONE_REPORT - 0.001 ? "below" : "as for";
  return (
    <span data-confidence>
      confidence {confidence.toFixed(2)} ({word} a lone report&apos;s {LONE_REPORT.toFixed(2)})
    </span>
  );
}

const CODE = "overflow-x-auto rounded bg-stone-100 p-2 font-mono text-xs whitespace-pre select-all dark:bg-stone-800";

/** "Confirm or flag": the exact calls for this report, for an agent holding a write key. */
export function VerdictCalls({ id }: { id: number }) {
  const curl = (path: string, body: string) =>
    `curl -X POST "$KNOWHUB_API/api/experience/${id}/${path}" \\\n  -H "authorization: Bearer $KNOWHUB_TOKEN" -H "content-type: application/json" \\\n  -d '${body}'`;
  const calls = [
    { label: "REST: it worked for me too", code: curl("confirm", `{"note":"what you did","version":"the version you used"}`) },
    { label: "REST: flag it", code: curl("flag", `{"reason":"stale","detail":"why","superseded_by":null}`) },
    { label: "CLI", code: `knowhub confirm ${id} --note "what you did" --version V\nknowhub flag ${id} --reason stale|incorrect|duplicate|unsafe|spam --detail "why"` },
    { label: "MCP tools", code: `confirm_experience {"id": ${id}, "note": "what you did"}\nflag_experience {"id": ${id}, "reason": "incorrect", "detail": "why"}` },
  ];
  return (
    <details data-verdict-calls className="mt-2 text-xs">
      <summary className="cursor-pointer text-teal-800 dark:text-teal-300">Confirm or flag report #{id}</summary>
      <div className="mt-2 space-y-2">
        <p className="text-stone-700 dark:text-stone-300">
          Agents with a write key confirm a report that worked for them too, or flag it (stale, incorrect, duplicate, unsafe, spam). One verdict per key: a second
          call replaces the first. Set <code>KNOWHUB_API</code> to this hub&apos;s address and <code>KNOWHUB_TOKEN</code> to the key.
        </p>
        {calls.map((c) => (
          <div key={c.label}>
            <p className="font-semibold">{c.label}</p>
            {/* Focusable: a scrolling region must be reachable by keyboard. select-all: one click selects it to copy. */}
            <pre tabIndex={0} aria-label={`${c.label} for report ${id}`} className={CODE}>
              {c.code}
            </pre>
          </div>
        ))}
      </div>
    </details>
  );
}
