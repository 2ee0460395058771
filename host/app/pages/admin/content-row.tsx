import type { ReactNode } from "react";
import type { ContentStatus } from "../../../../src/api/index.js";
import { Button } from "../../ui/button.js";
import { ContentPill } from "./content-pill.js";
import { ct } from "./copy.js";

/**
 * One record in a console list kept in order (trainers, collections, home rows, carousels, entries): its place, name,
 * state and what it holds; for an operator who may write, Move up / Move down (in use only; the buttons stay enabled
 * while a move is on its way, so the keyboard keeps its focus), Edit (which opens `children`, the record's form) and
 * publish or retire. The list's own class styles it (.head, .place, .name, .meta, .actions).
 */
export function ContentRow({
  name,
  status,
  meta,
  at,
  count,
  editable,
  busy,
  editing,
  moveId,
  onMove,
  onEdit,
  onChange,
  children,
}: {
  name: string;
  status: ContentStatus;
  meta: ReactNode;
  /** Its place among those in use (0 first); null when retired. */
  at: number | null;
  /** How many are in use. */
  count: number;
  editable: boolean;
  busy: boolean;
  editing: boolean;
  /** The id of its move button, for giving the keyboard back after a move. */
  moveId: (direction: "up" | "down") => string;
  onMove: (direction: "up" | "down") => void;
  onEdit: () => void;
  onChange: (verb: "publish" | "retire") => void;
  children?: ReactNode;
}) {
  return (
    <li>
      <div className="head">
        {at !== null ? <span className="place">{at + 1}</span> : null}
        <span className="name">{name}</span>
        <ContentPill status={status} />
        <span className="meta">{meta}</span>
      </div>
      {editable ? (
        <div className="actions">
          {at !== null ? (
            <>
              <Button
                id={moveId("up")}
                variant="secondary"
                disabled={at === 0}
                aria-label={ct("console.content.moveUp", { name })}
                onClick={() => onMove("up")}
              >
                ↑
              </Button>
              <Button
                id={moveId("down")}
                variant="secondary"
                disabled={at === count - 1}
                aria-label={ct("console.content.moveDown", { name })}
                onClick={() => onMove("down")}
              >
                ↓
              </Button>
            </>
          ) : null}
          <Button variant="ghost" aria-expanded={editing} onClick={onEdit}>
            {ct("console.content.edit", { name })}
          </Button>
          {status === "published" ? (
            <Button variant="danger" disabled={busy} onClick={() => onChange("retire")}>
              {ct("console.content.retire", { name })}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => onChange("publish")}>
              {ct("console.content.publish", { name })}
            </Button>
          )}
          {status === "draft" ? (
            <Button variant="ghost" disabled={busy} onClick={() => onChange("retire")}>
              {ct("console.content.retire", { name })}
            </Button>
          ) : null}
        </div>
      ) : null}
      {editing ? children : null}
    </li>
  );
}
