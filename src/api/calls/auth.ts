import type { ApiClient } from "../client.js";
import type { ResponseBody } from "../contract.js";
import type { Claims, SessionAnswer, SignUpRequest, Success, TokenPair } from "../types.js";

const post = <T>(c: ApiClient, path: string, body?: unknown, auth = false) =>
  c.request<T>(path, { method: "POST", body, auth });

export const signIn = (c: ApiClient, body: { email: string; password: string }) =>
  post<SessionAnswer>(c, "/api/auth/sign-in/email", body);
export const signUp = (c: ApiClient, body: SignUpRequest) => post<SessionAnswer>(c, "/api/auth/sign-up/email", body);
export const refreshTokens = (c: ApiClient, refreshToken: string) =>
  post<TokenPair>(c, "/api/auth/refresh-token", { refreshToken });
export const checkEmail = (c: ApiClient, email: string) =>
  post<ResponseBody<"/api/auth/check-email", "post">>(c, "/api/auth/check-email", { email });
export const forgotPassword = (c: ApiClient, email: string) => post<Success>(c, "/api/auth/forgot-password", { email });
export const resetPassword = (c: ApiClient, body: { token: string; password: string }) =>
  post<Success>(c, "/api/auth/reset-password", body);
export const signOut = (c: ApiClient, refreshToken: string) => post<Success>(c, "/api/auth/sign-out", { refreshToken });
export const deactivateAccount = (c: ApiClient) => post<Success>(c, "/user/v2/sso/deactivate", undefined, true);
/** Claims are fetched once with no retry (spec §8: a claims failure is logged only). */
export const getClaims = (c: ApiClient, signal?: AbortSignal) =>
  c.request<Claims>("/user/v1/attribute/claims", { auth: true, signal, retries: 0 });
