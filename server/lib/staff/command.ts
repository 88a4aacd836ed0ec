import type { Db } from '../../db/index.ts'
import { createStaff, StaffEmailTaken } from './accounts.ts'
import { STAFF_ROLES, type StaffRole } from './session.ts'

/** `npm run staff` (scripts/staff.ts): the command's work on an open, migrated database. */
export const USAGE = 'Usage: npm run staff -- add EMAIL --role support|finance|admin [--name "Full Name"]'
/** The audit log's actor for what this command does. */
export const COMMAND_LINE = { id: null, email: 'command line' } as const

/** Runs the command on an open, migrated database; `print` writes to the terminal. Returns the exit code. */
export async function staffCommand(db: Db, argv: string[], print: (line: string) => void): Promise<number> {
  const [verb, email, ...rest] = argv
  const opt = (name: string) => {
    const i = rest.indexOf(`--${name}`)
    return i >= 0 ? rest[i + 1] : undefined
  }
  const role = opt('role') as StaffRole | undefined
  if (
    verb !== 'add' ||
    !email ||
    !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ||
    !role ||
    !STAFF_ROLES.includes(role)
  ) {
    print(USAGE)
    return 2
  }
  try {
    const { account, temporaryPassword } = await createStaff(db, COMMAND_LINE, {
      email,
      name: opt('name') ?? '',
      role,
    })
    print(`Staff account ${account.email} (${account.role}) created.`)
    print(`Temporary password (shown once, not stored in clear): ${temporaryPassword}`)
    print('Sign in at /staff/sign-in: choose a password of your own and set up the authenticator app.')
    return 0
  } catch (e) {
    if (e instanceof StaffEmailTaken) {
      print(`A staff account with the e-mail ${email} exists already.`)
      return 1
    }
    throw e
  }
}
