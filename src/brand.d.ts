/** The module the build generates for one brand: its plugins and its validated config. */
declare module '@brand' {
  export const plugins: readonly import('./plugin/types').Plugin[]
  export const config: import('./config/runtime-types').RuntimeConfig
}
