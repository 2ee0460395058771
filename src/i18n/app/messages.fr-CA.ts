import type { Messages } from "../messages.js";

export const appFrCA: Partial<Messages> = {};
