import { Component, type ErrorInfo, type ReactNode } from "react";
import { css } from "goober";
import { color, space, text } from "../theme/tokens.js";
import { buttonClass } from "../ui/button.js";
import { t } from "../../../src/i18n/index.js";

/** The spec's page fallback copy (§2, §8). */
export const RENDER_ERROR = t("error.page");

const box = css`min-height: 50vh; display: grid; place-items: center; text-align: center; padding: ${space[6]}px ${space[4]}px;`;

/** Catches render errors below it and shows the fallback; `resetKey` changing (a new route) clears the error. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error?: Error; key?: string }
> {
  override state: { error?: Error; key?: string } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { error?: Error; key?: string }) {
    if (props.resetKey !== state.key)
      return { key: props.resetKey, error: state.key === undefined ? state.error : undefined };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("render error", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={box} role="alert">
        <div style={{ display: "grid", gap: space[4], justifyItems: "center" }}>
          <h1 style={{ fontSize: text.xl, fontWeight: 800 }}>{RENDER_ERROR}</h1>
          <p style={{ color: color.muted }}>{t("errorPage.pleaseTryAgainIn")}</p>
          <a className={buttonClass("secondary")} href="/home">
            {t("errorPage.backToHome")}
          </a>
        </div>
      </div>
    );
  }
}
