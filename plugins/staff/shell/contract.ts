import { int, listReply, paged, str } from '@core/contract'
import { z } from 'zod/mini'

/**
 * The staff shell's API (issue 28): sign-in with a password and a TOTP second factor, the signed-in
 * staff member, sign-out, the queue counts of the home page, and the admin's staff accounts and audit
 * log. Shared by server/routes/staff/auth.ts and plugins/staff/shell.
 */

export const StaffRoles = ['support', 'finance', 'admin'] as const
export type StaffRoleName = (typeof StaffRoles)[number]

export const StaffSignInRequest = z.object({ email: str(254), password: str(200) })
export type StaffSignInRequest = z.infer<typeof StaffSignInRequest>
/** After the password: a 'password'-stage session; what the first sign-in still has to do. */
export const StaffSignInReply = z.object({
  stage: z.enum(['password', 'full']),
  must_change_password: z.boolean(),
  totp_setup_needed: z.boolean(),
})
export type StaffSignInReply = z.infer<typeof StaffSignInReply>

/** A new TOTP secret (RFC 6238) as text for manual entry, as an otpauth:// address and as a QR code (SVG). */
export const TotpSetupReply = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() })
export type TotpSetupReply = z.infer<typeof TotpSetupReply>

/** The second factor; on the first sign-in also the staff member's own password. */
export const TotpVerifyRequest = z.object({
  code: z.string().check(z.regex(/^\d{6,8}$/)),
  new_password: z.optional(str(200)),
})
export type TotpVerifyRequest = z.infer<typeof TotpVerifyRequest>

/** What the console shows of the rules (the constants stay on the server). */
const StaffSettings = z.object({
  adjustment_approval_above_cents: z.number(),
  password_min_length: z.number(),
  session_hours: z.number(),
  chat_heartbeat_seconds: z.number(),
})

export const StaffMe = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(StaffRoles),
  stage: z.enum(['password', 'full']),
  expires_at: z.string(),
  must_change_password: z.boolean(),
  totp_confirmed: z.boolean(),
  settings: StaffSettings,
})
export type StaffMe = z.infer<typeof StaffMe>
export const StaffMeReply = z.object({ data: StaffMe })
export type StaffMeReply = z.infer<typeof StaffMeReply>

/** The queues of the console, as the home page counts them. */
export const StaffQueues = ['payouts', 'claims', 'inquiries', 'protection', 'chat', 'adjustments'] as const
export type StaffQueue = (typeof StaffQueues)[number]
/** Which role works which queue (admin works all): support the chat and inquiries, finance the money. */
export const StaffQueueRoles: Record<StaffQueue, StaffRoleName> = {
  payouts: 'finance',
  claims: 'finance',
  inquiries: 'support',
  protection: 'finance',
  chat: 'support',
  adjustments: 'finance',
}
/** The queues a role may work, in the console's order. */
export const queuesOf = (role: StaffRoleName) =>
  StaffQueues.filter((q) => role === 'admin' || StaffQueueRoles[q] === role)
/** Waiting items per queue the signed-in role may work (a queue it may not work is absent). */
export const StaffOverviewReply = listReply(z.object({ queue: z.enum(StaffQueues), count: z.number() }))
export type StaffOverviewReply = z.infer<typeof StaffOverviewReply>

export const StaffAccount = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(StaffRoles),
  totp_confirmed: z.boolean(),
  must_change_password: z.boolean(),
  disabled_at: z.nullable(z.string()),
  created_at: z.string(),
})
export type StaffAccount = z.infer<typeof StaffAccount>
export const StaffAccountsReply = listReply(StaffAccount)

export const CreateStaffRequest = z.object({
  email: z.email().check(z.maxLength(254)),
  name: str(100),
  role: z.enum(StaffRoles),
})
export type CreateStaffRequest = z.infer<typeof CreateStaffRequest>
/** The new account and its temporary password: shown once, never stored in clear. */
export const CreateStaffReply = z.object({ data: StaffAccount, temporary_password: z.string() })
export type CreateStaffReply = z.infer<typeof CreateStaffReply>
export const StaffAccountReply = z.object({ data: StaffAccount })
export type StaffAccountReply = z.infer<typeof StaffAccountReply>
export const StaffIdParams = z.object({ id: int(1, 2147483647) })

export const AuditQuery = z.object({
  staff: z.optional(str(254)),
  action: z.optional(str(60)),
  target: z.optional(str(120)),
  /** Dates (YYYY-MM-DD, UTC), both included. */
  from: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  to: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  page: z.optional(int(1, 100000)),
})
export type AuditQuery = z.infer<typeof AuditQuery>
export const AuditEntry = z.object({
  id: z.number(),
  staff_id: z.nullable(z.number()),
  actor: z.string(),
  action: z.string(),
  target: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntry>
export const AuditReply = paged(AuditEntry)
export type AuditReply = z.infer<typeof AuditReply>
