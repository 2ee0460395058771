import { useEffect } from "react";
import { Link } from "wouter";
import { css } from "goober";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { color, radius, space, text } from "../../theme/tokens.js";
import { Page, PageHeader, Spinner } from "../../ui/page.js";

const grid = css`display: grid; gap: ${space[4]}px; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); list-style: none; margin: 0; padding: 0;
  a { display: grid; gap: ${space[2]}px; padding: ${space[5]}px; background: ${color.surface}; border: 1px solid ${color.line}; border-radius: ${radius.lg}px; text-decoration: none; min-height: 150px; }
  a:hover { border-color: ${color.ink}; } strong { font-size: ${text.xl}px; } span { color: ${color.muted}; font-size: ${text.sm}px; }`;

/** /locations: the studios and the live virtual studio. */
export default function LocationsPage() {
  const store = useStore();
  const locations = useSignal(store.content.locations.data);
  useEffect(() => void store.content.locations.load(), [store]);
  return (
    <Page>
      <PageHeader kicker="Studios" title="Locations">Train with us in person in Chicago, New York and Los Angeles, or live from anywhere.</PageHeader>
      {!locations ? <Spinner /> : (
        <ul className={grid}>
          {locations.map((l) => (
            <li key={l.id}>
              <Link href={l.kind === "virtual" ? "/live" : `/locations/${l.slug}`}>
                <strong>{l.name}</strong>
                <span>{typeof l.description === "string" ? l.description : l.kind === "virtual" ? "Live from anywhere" : "Studio"}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
