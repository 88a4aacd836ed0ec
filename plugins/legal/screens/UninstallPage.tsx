import { DocPage } from '../components/DocPage'

/** /uninstall: removing the browser extension, and why members leave. */
export default function UninstallPage() {
  return <DocPage doc="uninstall" />
}
