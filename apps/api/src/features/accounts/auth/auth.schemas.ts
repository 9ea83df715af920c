// Request and response shapes of /v1/auth/*.
import { z } from 'zod';
import { UserSchema, WorkspaceSchema } from '../account.schemas.js';
import { findRedirectProblem } from './redirect-target.js';

const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'an email address has at most 254 characters')
  .pipe(z.email('must be an email address such as ada@example.com'))
  .meta({ format: 'email' })
  .describe('Your email address; case and surrounding spaces are ignored.');

const RedirectSchema = z
  .string()
  .min(1)
  .max(2000)
  .superRefine((text, ctx) => {
    const problem = findRedirectProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: `redirect_to ${problem}` });
  })
  .describe(
    "Where the studio's sign-in page continues after the link is verified: a path on this site such as /studio/tracks (absolute URLs are refused).",
  );

export const SignupBodySchema = z.object({
  email: EmailSchema,
  name: z.string().trim().min(1).max(100).optional().describe('Your display name.'),
  redirect_to: RedirectSchema.optional(),
});

export const MagicLinkBodySchema = z.object({
  email: EmailSchema,
  redirect_to: RedirectSchema.optional(),
});

export const SentSchema = z.object({ status: z.literal('sent') });

export const VerifyQuerySchema = z.object({
  token: z.string().min(1).max(200).describe('The token from the emailed link.'),
});

export const VerifyResponseSchema = z.object({
  access_token: z.string().describe('A JWT for Authorization: Bearer; valid for expires_in seconds.'),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: UserSchema,
  workspace: WorkspaceSchema,
  redirect_to: z.string().nullable().describe('The redirect_to given when the link was requested.'),
});
