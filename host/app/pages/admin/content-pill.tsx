import { css } from "goober";
import type { ContentStatus } from "../../../../src/api/index.js";
import { color, radius } from "../../theme/tokens.js";
import { ct } from "./copy.js";

const pill = css`display: inline-block; border-radius: ${radius.pill}px; padding: 2px 10px; font-size: 12px; font-weight: 800; background: ${color.sunken};`;

/** A content record's state (draft, published, retired) beside its name. */
export const ContentPill = ({ status }: { status: ContentStatus }) => (
  <span className={pill} data-status={status}>
    {ct(`console.status.${status}`)}
  </span>
);
