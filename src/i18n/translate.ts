import { en, type MessageKey, type Messages } from "./messages.js";

export type Params = Record<string, string | number>;

/** Fills `{name}` placeholders; unknown placeholders stay as written so a missing value is visible, not blank. */
export const interpolate = (template: string, params: Params = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/**
 * The message for a key in the given catalogue (English by default).
 * @example t("confirm.leaveSeries", { series: "Phase & Function" })
 */
export const t = (key: MessageKey, params?: Params, messages: Messages = en) => interpolate(messages[key] ?? en[key], params);
