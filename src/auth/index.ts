export { createAuth } from "./auth.js";
export { isExpired, tokenExpiry } from "./jwt.js";
export { createRefreshLock } from "./refresh-lock.js";
export { readTokens, TOKEN_KEYS, writeTokens } from "./token-storage.js";
export { removeLeftoverTokenCookies } from "./cookies.js";
