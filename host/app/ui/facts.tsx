import { css } from "goober";
import { color, radius, space, text } from "../theme/tokens.js";

const list = css`display: grid; gap: ${space[4]}px; margin: 0;
  dt { font-size: ${text.xs}px; font-weight: 800; letter-spacing: .14em; text-transform: uppercase; color: ${color.muted}; margin-bottom: ${space[2]}px; }
  dd { margin: 0; display: flex; flex-wrap: wrap; gap: ${space[2]}px; }
  dd span { background: ${color.sunken}; border-radius: ${radius.pill}px; padding: 6px 12px; font-size: ${text.sm}px; font-weight: 600; }`;

/** Named lists of short values as chips (trainers, equipment, class types…); empty groups are left out. */
export function Facts({ groups }: { groups: { term: string; values: string[] }[] }) {
  const shown = groups.filter((g) => g.values.length);
  if (!shown.length) return null;
  return (
    <dl className={list}>
      {shown.map((g) => (
        <div key={g.term}>
          <dt>{g.term}</dt>
          <dd>
            {g.values.map((v) => (
              <span key={v}>{v}</span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
