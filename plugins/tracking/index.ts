import { definePlugin } from '../../src/plugin/define'

/**
 * Skeleton: records the core's unauthenticated-attempt event at /api/elk. The tracking issue
 * replaces this with the full attribution and event payload.
 */
export default definePlugin({
  name: 'tracking',
  locales: {
    en: () => import('../../locales/en/tracking.json'),
    es: () => import('../../locales/es/tracking.json'),
  },
  setup: ({ services }) => {
    services.events.on('unauthenticated-attempt', ({ path }) => {
      services.http.beacon('/api/elk?action=unauthenticated_attempt', {
        action: 'unauthenticated_attempt',
        path,
        currenturl: window.location.href,
      })
    })
  },
})
