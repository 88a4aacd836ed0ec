/**
 * The staff console's API shapes (issue 28), shared by server/routes/staff and the screens: one file
 * per part of the console, re-exported here.
 */
export * from './chat/contract'
export * from './members/contract'
export * from './queues/contract'
export * from './shell/contract'
