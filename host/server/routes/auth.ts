import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { deviceName } from "../auth/device-name.js";
import { isWrongPassword, passwordGuard } from "../auth/password-guard.js";
import { HttpError, tooManyRequests } from "../errors.js";
import { normalizeEmail } from "../services/auth.js";
import {
  emailSchema,
  errorSchema,
  exactObject,
  memberSecurity,
  nameSchema,
  passwordSchema,
  strictObject,
  successSchema,
} from "../schemas.js";
import { typed } from "./typed.js";

/** The readable name of the device a request comes from ("Chrome on macOS"), kept with the login it makes. */
const deviceOf = (request: FastifyRequest) => deviceName(request.headers["user-agent"]);

const tokenPair = exactObject({ token: { type: "string" }, refreshToken: { type: "string" } });

/** The signed-in session: the token pair and who signed in. */
const sessionAnswer = exactObject({
  success: { type: "boolean", const: true },
  token: { type: "string" },
  refreshToken: { type: "string" },
  user: exactObject({
    id: { type: "string" },
    email: { type: "string" },
    createdAt: { type: "string", format: "date-time" },
  }),
});

const refreshBody = exactObject({ refreshToken: { type: "string", minLength: 1, maxLength: 512 } });

/** Trims a string `email` before validation, so " Member@Demo… " is the same address. */
async function trimEmail(request: FastifyRequest) {
  const body = request.body as { email?: unknown } | null;
  if (body && typeof body === "object" && typeof body.email === "string") body.email = body.email.trim();
}

export async function authRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const limits = ctx.config.rateLimits;
  const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
  const limit = async (rules: [string, number][]) => {
    for (const [key, max] of rules) {
      const wait = await ctx.rateLimiter.consume(key, max, limits.windowMs);
      if (wait) throw tooManyRequests(TOO_MANY, wait);
    }
  };

  const guard = passwordGuard(ctx);
  // 403 (scheduled for deletion) and 409 (no deletion to cancel) come after a right password: not a guess.
  const wrongCredentials = (error: unknown) =>
    !(error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 409));
  const guardedSignIn = (request: FastifyRequest, email: string, password: string, cancelDeletion = false) =>
    guard(
      request.ip,
      email,
      () => ctx.auth.signIn(email, password, { cancelDeletion, device: deviceOf(request) }),
      wrongCredentials,
    );

  app.post(
    "/sign-up/email",
    {
      preValidation: trimEmail,
      schema: {
        tags: ["auth"],
        summary: "Create an account and sign in",
        body: strictObject(
          {
            email: emailSchema,
            password: passwordSchema,
            given_name: nameSchema,
            family_name: nameSchema,
            opt_in: { type: "boolean" },
            waiver_accepted: { type: "boolean", const: true },
          },
          ["email", "password", "given_name", "family_name", "waiver_accepted"],
        ),
        response: { 200: sessionAnswer },
      },
    },
    async (request) => {
      await limit([[`sign-up:address:${request.ip}`, limits.signInPerAddress]]);
      return ctx.auth.signUp(request.body, deviceOf(request));
    },
  );

  app.post(
    "/sign-in/email",
    {
      preValidation: trimEmail,
      schema: {
        tags: ["auth"],
        summary: "Sign in with email and password",
        body: exactObject({ email: emailSchema, password: { type: "string", minLength: 1, maxLength: 256 } }),
        response: { 200: sessionAnswer },
      },
    },
    async (request) => guardedSignIn(request, request.body.email, request.body.password),
  );

  app.post(
    "/deletion/cancel",
    {
      preValidation: trimEmail,
      schema: {
        tags: ["auth"],
        summary:
          "Cancel the deletion of an account in its grace period (My data) and sign in; the sign-in's guards apply",
        body: exactObject({ email: emailSchema, password: { type: "string", minLength: 1, maxLength: 256 } }),
        response: { 200: sessionAnswer, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => guardedSignIn(request, request.body.email, request.body.password, true),
  );

  app.post(
    "/refresh-token",
    {
      schema: {
        tags: ["auth"],
        summary: "Rotate a refresh token for a new access token",
        body: refreshBody,
        response: { 200: tokenPair },
      },
    },
    async (request) => ctx.auth.refresh(request.body.refreshToken, deviceOf(request)),
  );

  app.post(
    "/check-email",
    {
      preValidation: trimEmail,
      schema: {
        tags: ["auth"],
        summary: "Whether an account exists for an email (the /continue step)",
        body: exactObject({ email: emailSchema }),
        response: { 200: { type: "object", properties: { exists: { type: "boolean" } }, required: ["exists"] } },
      },
    },
    async (request) => {
      await limit([[`check-email:address:${request.ip}`, limits.checkEmailPerAddress]]);
      return { exists: await ctx.auth.emailExists(request.body.email) };
    },
  );

  app.post(
    "/forgot-password",
    {
      preValidation: trimEmail,
      schema: {
        tags: ["auth"],
        summary: "Email a password reset link",
        body: exactObject({ email: emailSchema }),
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await limit([
        [`forgot:address:${request.ip}`, limits.forgotPerAddress],
        [`forgot:account:${normalizeEmail(request.body.email)}`, limits.forgotPerAccount],
      ]);
      await ctx.auth.forgotPassword(request.body.email);
      return { success: true as const };
    },
  );

  app.post(
    "/reset-password",
    {
      schema: {
        tags: ["auth"],
        summary: "Choose a new password with an emailed reset token",
        body: exactObject({ token: { type: "string", minLength: 1, maxLength: 256 }, password: passwordSchema }),
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await limit([[`reset:address:${request.ip}`, limits.resetPerAddress]]);
      await ctx.auth.resetPassword(request.body.token, request.body.password);
      return { success: true as const };
    },
  );

  app.post(
    "/change-password",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["auth"],
        summary: "Change the password; other sessions are signed out",
        security: memberSecurity,
        body: exactObject({
          currentPassword: { type: "string", minLength: 1, maxLength: 256 },
          newPassword: passwordSchema,
        }),
        response: {
          200: {
            type: "object",
            properties: { success: { type: "boolean" }, token: { type: "string" }, refreshToken: { type: "string" } },
          },
          400: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const { currentPassword, newPassword } = request.body;
      const session = await guard(
        request.ip,
        member.email,
        () => ctx.auth.changePassword(member.id, currentPassword, newPassword, deviceOf(request)),
        isWrongPassword,
      );
      return { success: true as const, ...session };
    },
  );

  app.post(
    "/sign-out",
    { schema: { tags: ["auth"], summary: "Revoke this login", body: refreshBody, response: { 200: successSchema } } },
    async (request) => {
      await ctx.auth.signOut(request.body.refreshToken);
      return { success: true as const };
    },
  );
}
