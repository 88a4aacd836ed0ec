/** The module the build generates for one brand: its plugins and its validated config. */
declare module '@brand' {
  export const plugins: readonly import('./plugin/types').Plugin[]
  /**
   * The brand's config. In the browser build its route table (`routes`, `redirects`, `landers`,
   * `absent`) is a chunk of its own, preloaded by index.html: it is in this object only once
   * `loadConfig()` has resolved (src/main.tsx waits for it before the app starts). Node builds and
   * the unit tests have it at once.
   */
  export const config: import('./config/runtime-types').RuntimeConfig
  /** `config`, complete with its route table. */
  export function loadConfig(): Promise<import('./config/runtime-types').RuntimeConfig>
}
