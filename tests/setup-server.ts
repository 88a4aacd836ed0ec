import { lowerPasswordCostInVitest } from '../server/lib/password.ts'

// The server tests register and sign in hundreds of members; at OWASP's scrypt cost each hash is half a
// second of a core. server/lib/password.test.ts checks the real cost.
lowerPasswordCostInVitest()
