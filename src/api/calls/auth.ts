import { call, type ApiClient } from "../client.js";
import type { SignUpRequest } from "../types.js";

export const signIn = (c: ApiClient, body: { email: string; password: string }) =>
  call(c, "post", "/api/auth/sign-in/email", { body });
export const signUp = (c: ApiClient, body: SignUpRequest) => call(c, "post", "/api/auth/sign-up/email", { body });
export const refreshTokens = (c: ApiClient, refreshToken: string) =>
  call(c, "post", "/api/auth/refresh-token", { body: { refreshToken } });
export const checkEmail = (c: ApiClient, email: string) =>
  call(c, "post", "/api/auth/check-email", { body: { email } });
export const forgotPassword = (c: ApiClient, email: string) =>
  call(c, "post", "/api/auth/forgot-password", { body: { email } });
export const resetPassword = (c: ApiClient, body: { token: string; password: string }) =>
  call(c, "post", "/api/auth/reset-password", { body });
export const signOut = (c: ApiClient, refreshToken: string) =>
  call(c, "post", "/api/auth/sign-out", { body: { refreshToken } });
export const deactivateAccount = (c: ApiClient) => call(c, "post", "/user/v2/sso/deactivate", { auth: true });
/** Claims are fetched once with no retry (spec §8: a claims failure is logged only). */
export const getClaims = (c: ApiClient, signal?: AbortSignal) =>
  call(c, "get", "/user/v1/attribute/claims", { auth: true, signal, retries: 0 });
