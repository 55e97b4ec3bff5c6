// Star rating as one SVG with a partial fill; the number next to it is the accessible truth.
import { useId } from "react";
import { formatReports } from "./format";

type Props = { value: number; size?: number; label?: string };

// The five stars as one path (each star in relative moves, the next one 20 units to the right):
// a list of 50 resources carries 100 of these, so one path each instead of five keeps pages light.
const STAR = "l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z";
const FIVE_STARS = `M10 1.5${STAR}${`m20 0${STAR}`.repeat(4)}`;

export function Stars({ value, size = 16, label }: Props) {
  const clamped = Math.max(0, Math.min(5, value));
  // useId keeps clip ids unique when many ratings share a page.
  const clipId = `stars${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <svg
      role="img"
      aria-label={label ?? `${clamped.toFixed(1)} out of 5 stars`}
      width={size * 5}
      height={size}
      viewBox="0 0 100 20"
      className="inline-block shrink-0 align-[-2px]"
    >
      <defs>
        <clipPath id={clipId}>
          <rect width={Math.round(clamped * 200) / 10} height="20" />
        </clipPath>
      </defs>
      <path d={FIVE_STARS} className="fill-stone-300 dark:fill-stone-600" />
      <path d={FIVE_STARS} clipPath={`url(#${clipId})`} className="fill-amber-500 dark:fill-amber-400" />
    </svg>
  );
}

/** Stars, the average as a number and the reports and reporters behind it: what every resource row shows. */
export function Rating({ avg, reports, reporters }: { avg: number; reports: number; reporters: number }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 text-sm">
      <Stars value={avg} />
      <span className="font-semibold tabular-nums">{avg.toFixed(1)}</span>
      <span className="text-stone-600 dark:text-stone-400">({formatReports(reports, reporters)})</span>
    </span>
  );
}

/** An experience's own score: integer stars plus "4/5". */
export function Score({ score }: { score: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <Stars value={score} size={14} label={`Score ${score} out of 5`} />
      <span className="tabular-nums text-stone-600 dark:text-stone-400" aria-hidden="true">
        {score}/5
      </span>
    </span>
  );
}
