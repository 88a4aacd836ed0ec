/** The module the build generates for one brand: its plugins and its validated config. */
declare module '@brand' {
  /**
   * The brand's plugins, in brand order: in Node builds and the unit tests only. The browser's
   * module has no such export (an import of it there is undefined): it has `pluginSteps`.
   */
  export const plugins: readonly import('./plugin/types').Plugin[]
  /**
   * One step per plugin, in brand order: a step evaluates the plugin's module (in the browser; the
   * first evaluates the core's public module too) and resolves to it. The app runs them one per task
   * (src/start.tsx, `inTasks`).
   */
  export const pluginSteps: readonly (() => Promise<{ default: import('./plugin/types').Plugin }>)[]
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
