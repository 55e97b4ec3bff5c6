// Star rating as one SVG with a partial fill; the number next to it is the accessible truth.
import { useId } from "react";
import { formatReports } from "./format";

type Props = { value: number; size?: number; label?: string };

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z";

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
          <rect x="0" y="0" width={clamped * 20} height="20" />
        </clipPath>
      </defs>
      <g className="fill-stone-300 dark:fill-stone-600">
        {[0, 1, 2, 3, 4].map((i) => (
          <path key={i} d={STAR} transform={`translate(${i * 20} 0)`} />
        ))}
      </g>
      <g clipPath={`url(#${clipId})`} className="fill-amber-500 dark:fill-amber-400">
        {[0, 1, 2, 3, 4].map((i) => (
          <path key={i} d={STAR} transform={`translate(${i * 20} 0)`} />
        ))}
      </g>
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
