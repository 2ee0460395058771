import { en, type MessageKey, type Messages } from "./messages.js";
import { createTranslator, type Params } from "./translate-core.js";

/**
 * The message for a key in the full catalogue (English by default; a translation passed per call wins key by key).
 * @example t("confirm.leaveSeries", { series: "Phase & Function" })
 */
export const t: (key: MessageKey, params?: Params, messages?: Partial<Messages>) => string = createTranslator(en);
