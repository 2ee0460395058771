/** @jsxImportSource preact */
import { useCss } from "../ui/context.js";
import { say } from "./copy.js";
import { panelStyles } from "./styles.js";

/** Spec §8: modal errors are titled OOPS! with a support line and a mailto link. */
export function Oops({ message, email }: { message: string; email: string }) {
  const s = panelStyles(useCss());
  return (
    <div role="alert" class={s.oops}>
      <strong>{say("error.modalTitle")}</strong>
      <p>{message}</p>
      <p>
        {say("error.support", { email: "" }).replace(/\s*\.$/, "")} <a href={`mailto:${email}`}>{email}</a>.
      </p>
    </div>
  );
}
