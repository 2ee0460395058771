import type { Messages } from "../messages.js";

export const appEsUS: Partial<Messages> = {};
