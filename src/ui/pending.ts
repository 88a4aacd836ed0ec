/** The placeholder screen of a route whose plugin issue is still open (config/routes.json): its loader. */
export const loadPendingPage = () => import('./PendingPage')
