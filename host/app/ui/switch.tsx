import { css } from "goober";
import { color, touch } from "../theme/tokens.js";

const switchClass = css`
  position: relative; width: 56px; height: ${touch}px; flex: none; border: 0; background: transparent; cursor: pointer;
  &::before { content: ""; position: absolute; left: 4px; right: 4px; top: 10px; bottom: 10px; border-radius: 999px; background: #b9b4ad; transition: background .15s; }
  &::after { content: ""; position: absolute; left: 8px; top: 14px; width: 16px; height: 16px; border-radius: 50%; background: #fff; transition: transform .15s; box-shadow: 0 1px 3px rgba(0,0,0,.3); }
  &[aria-checked="true"]::before { background: ${color.success}; }
  &[aria-checked="true"]::after { transform: translateX(24px); }
  &:disabled { opacity: .5; cursor: progress; }
`;

/** An on/off switch (role="switch"), labelled by the element with `labelledBy`. */
export function Switch({
  checked,
  onChange,
  labelledBy,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  labelledBy: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      className={switchClass}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    />
  );
}
