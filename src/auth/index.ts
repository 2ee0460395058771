export { createAuth, type Auth, type AuthOptions } from "./auth.js";
export { isExpired, tokenExpiry } from "./jwt.js";
export { createRefreshLock, type RefreshLock } from "./refresh-lock.js";
export { readTokens, TOKEN_KEYS, writeTokens, type Tokens } from "./token-storage.js";
export { removeLeftoverTokenCookies } from "./cookies.js";
