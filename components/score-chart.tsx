// The 1-5 distribution as a horizontal SVG bar chart, with the same numbers as a hidden table for
// screen readers (an SVG chart alone is a picture without data).
type Props = { distribution: Record<"1" | "2" | "3" | "4" | "5", number>; total: number };

const ROW = 26;
const LABEL_W = 44;
const BAR_W = 220;
const COUNT_W = 110;

export function ScoreChart({ distribution, total }: Props) {
  const scores = ["5", "4", "3", "2", "1"] as const;
  const max = Math.max(1, ...scores.map((s) => distribution[s]));
  const width = LABEL_W + BAR_W + COUNT_W;
  return (
    <figure className="w-full max-w-sm">
      <svg
        viewBox={`0 0 ${width} ${ROW * 5}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Score distribution: ${scores.map((s) => `${distribution[s]} gave ${s}`).join(", ")}`}
      >
        {scores.map((s, i) => {
          const n = distribution[s];
          const w = n === 0 ? 0 : Math.max(3, (n / max) * BAR_W);
          const y = i * ROW;
          return (
            <g key={s}>
              <text x={0} y={y + 17} className="fill-stone-700 text-[13px] dark:fill-stone-300">
                {s} ★
              </text>
              <rect x={LABEL_W} y={y + 5} width={BAR_W} height={14} rx={3} className="fill-stone-200 dark:fill-stone-800" />
              <rect x={LABEL_W} y={y + 5} width={w} height={14} rx={3} className="fill-amber-500 dark:fill-amber-400" />
              <text x={LABEL_W + BAR_W + 8} y={y + 17} className="fill-stone-700 text-[13px] tabular-nums dark:fill-stone-300">
                {n.toLocaleString("en-US")}
                {total > 0 ? ` (${Math.round((n / total) * 100)}%)` : ""}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <table>
          <caption>How many experiences gave each score</caption>
          <thead>
            <tr>
              <th scope="col">Score</th>
              <th scope="col">Experiences</th>
            </tr>
          </thead>
          <tbody>
            {scores.map((s) => (
              <tr key={s}>
                <th scope="row">{s}</th>
                <td>{distribution[s]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
