import { definePlugin } from '@core'

/**
 * The staff console (issue 28): the team behind the site works payouts, rebate claims, missing
 * cash-back inquiries, protection claims, the live chat and member lookup under /staff. Staff
 * accounts are apart from members (server/lib/staff). Everything but this declaration loads with the
 * first /staff page: the guard, the screens and the texts are separate chunks, so a shopper's first
 * load carries none of it (tests/build/bundle.test.ts).
 */
export default definePlugin({
  name: 'staff',
  screens: {
    SignInPage: () => import('./shell/SignInPage'),
    HomePage: () => import('./shell/HomePage'),
    StaffAccountsPage: () => import('./shell/StaffAccountsPage'),
    AuditPage: () => import('./shell/AuditPage'),
    PayoutsPage: () => import('./queues/PayoutsPage'),
    ClaimsPage: () => import('./queues/ClaimsPage'),
    InquiriesPage: () => import('./queues/InquiriesPage'),
    ProtectionClaimsPage: () => import('./queues/ProtectionClaimsPage'),
    ChatPage: () => import('./chat/ChatPage'),
    MembersPage: () => import('./members/MembersPage'),
    MemberPage: () => import('./members/MemberPage'),
    AdjustmentsPage: () => import('./members/AdjustmentsPage'),
  },
  // signed in as staff with the second factor given, else the staff sign-in page (shell/guard.ts)
  guards: { staff: async (ctx) => (await import('./shell/guard')).staffGuard(ctx) },
  locales: {
    en: () => import('../../locales/en/staff.json'),
    es: () => import('../../locales/es/staff.json'),
  },
  namespaces: {
    'staff-queues': {
      en: () => import('../../locales/en/staff-queues.json'),
      es: () => import('../../locales/es/staff-queues.json'),
    },
    'staff-chat': {
      en: () => import('../../locales/en/staff-chat.json'),
      es: () => import('../../locales/es/staff-chat.json'),
    },
    'staff-members': {
      en: () => import('../../locales/en/staff-members.json'),
      es: () => import('../../locales/es/staff-members.json'),
    },
  },
})
