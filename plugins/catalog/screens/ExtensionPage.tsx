import { Button, Dialog, NotFound, useServices } from '@core'
import { useState } from 'react'
import s from '../components/catalog.module.css'
import { InfoPage } from '../components/InfoPage'
import { brandHasExtension, extensionInstalled, supportedBrowser } from '../extension'
import { useCatalogPages } from '../texts'

/** /extension: what the browser extension does, and where to get it; not found for a brand without one. */
export default function ExtensionPage() {
  const { t } = useCatalogPages()
  const [installed, setInstalled] = useState(false)
  const browser = supportedBrowser(navigator.userAgent)
  if (!brandHasExtension(useServices().config)) return <NotFound />
  return (
    <InfoPage k="apps.extension" testId="extension-page">
      {browser ? (
        <p className={s.muted}>
          {t('apps.extensionWhere', { browser: browser === 'firefox' ? 'Firefox' : 'Chrome' })}
        </p>
      ) : (
        <p className={s.muted}>{t('apps.extensionUnsupported')}</p>
      )}
      <p>
        <Button variant="secondary" onClick={() => setInstalled(extensionInstalled())}>
          {t('apps.extensionCheck')}
        </Button>
      </p>
      {installed ? (
        <Dialog
          title={t('extension.installedTitle')}
          onClose={() => setInstalled(false)}
          closeLabel={t('close')}
          size="small"
        >
          <p>{t('extension.installedBody')}</p>
        </Dialog>
      ) : null}
    </InfoPage>
  )
}
