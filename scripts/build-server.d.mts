/** scripts/build-server.mjs: the API server compiled to one file that `npm start` runs with plain Node. */
export const SERVER_BUNDLE: string
/** Compiles server/main.ts (and what it imports) to SERVER_BUNDLE; resolves to the milliseconds it took. */
export function buildServer(): Promise<number>
