import { type ReactNode, Suspense, useEffect, useRef } from 'react'
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router-dom'
import { endPageFirstData } from '../first-paint/data'
import { type Language, setLanguage } from '../i18n'
import { useTranslation } from '../i18n/use-translation'
import type { SlotName } from '../plugin/types'
import { markBooted } from '../routing/navigation'
import { footerOf, menuOf, routeTable } from '../routing/resolve'
import { useServices } from '../state/context'
import s from './layout.module.css'
import { SideMenu } from './SideMenu'
import { Slot } from './Slot'
import { Spinner } from './Spinner'
import sm from './side-menu.module.css'

/** The core texts and the brand's config: what the header, the footer and the language switch draw. */
function useChrome() {
  const { t, i18n } = useTranslation('core')
  return { t, i18n, config: useServices().config }
}

function LanguageSwitch() {
  const { t, i18n, config } = useChrome()
  return (
    <fieldset className={s.lang}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {config.app.languages.map((lng: Language) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={i18n.language === lng}
          onClick={() => void setLanguage(i18n, lng)}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </fieldset>
  )
}

/**
 * The site's header: the brand's logo (home), the catalog links and search ('header.nav'), the
 * sign-in or member actions ('header.actions'). One markup at every width, so the server can render
 * it to HTML before the app starts (renderToString, no window): below 900 px, CSS alone folds it
 * into one row of about 56 px (the brand's name hidden on a phone, the links and search behind
 * buttons the slot components draw). Needs a router, i18n and the app context (config, slots).
 */
export function Header() {
  const { t, config } = useChrome()
  return (
    <header className={s.header}>
      <Link to="/" className={s.brand} aria-label={t('header.home', { brand: config.brand.name })}>
        <img src={config.brand.theme.logo} alt="" width={32} height={32} />
        <span className={s.brandName}>{config.brand.name}</span>
      </Link>
      <nav className={s.nav} aria-label={t('header.nav')}>
        <Slot name="header.nav" />
      </nav>
      <div className={s.actions}>
        <Slot name="header.actions" />
      </div>
    </header>
  )
}

/** The site's footer: the legal links ('footer.links'), the language switch, the copyright. */
export function Footer() {
  const { t, config } = useChrome()
  const year = new Date().getFullYear()
  return (
    <footer className={s.footer}>
      <div className={s.footerInner}>
        <nav aria-label={t('footer.nav')}>
          <Slot name="footer.links" />
        </nav>
        <LanguageSwitch />
        <p className={s.copyright}>{t('footer.copyright', { brand: config.brand.name, year })}</p>
      </div>
    </footer>
  )
}

/** The slots each layout draws (src/boot.ts loads them, with their texts, before the first render). */
export const LAYOUT_SLOTS: Readonly<Record<'main' | 'bare', readonly SlotName[]>> = {
  main: ['header.nav', 'header.actions', 'footer.links', 'app.overlay'],
  bare: ['footer.links', 'app.overlay'],
}

/**
 * What both layouts draw below the header: the screen (the route's outlet), beside the side menu the
 * route names (routes.json `menu`) if any, the footer, the overlays.
 */
function ScreenAndFooter({ menu, footer = true }: { menu?: string; footer?: boolean }) {
  const screen = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  )
  return (
    <>
      <main id="main" className={s.main} tabIndex={-1}>
        <WithMenu menu={menu}>{screen}</WithMenu>
      </main>
      {footer ? <Footer /> : null}
      <Slot name="app.overlay" />
    </>
  )
}

/** A screen beside the side menu its route names (routes.json `menu`), if any (the page paints draw it too). */
export function WithMenu({ menu, children }: { menu?: string; children: ReactNode }) {
  if (!menu) return children
  return (
    <div className={sm.withMenu}>
      <Suspense fallback={null}>
        <SideMenu name={menu} />
      </Suspense>
      <div>{children}</div>
    </div>
  )
}

/** The main site: one header, one footer, the screen between them (with the route's side menu, if any). */
export function MainLayout() {
  const { config } = useServices()
  const { pathname } = useLocation()
  const menu = menuOf(routeTable(config).resolve(pathname))
  return (
    <MainShell>
      <ScreenAndFooter menu={menu} />
    </MainShell>
  )
}

/** The main layout's shell: the skip link and the header, then the rest (the page paints draw it too). */
export function MainShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('core')
  return (
    <div className={s.shell}>
      <a href="#main" className={s.skip}>
        {t('skipToContent')}
      </a>
      <Header />
      {children}
    </div>
  )
}

/** Landers and app pages: the screen alone, with the footer's legal links unless the route says `footer: false`. */
export function BareLayout() {
  const { config } = useServices()
  const { pathname } = useLocation()
  const footer = footerOf(routeTable(config).resolve(pathname))
  return (
    <div className={s.shell}>
      <ScreenAndFooter footer={footer} />
    </div>
  )
}

/** The app shell around every route: scroll to top on navigation, or to the #hash target. */
export function RootLayout() {
  useEffect(() => markBooted(), [])
  // The page's first data is for the address the app was loaded at, until the first navigation. Ended
  // while this renders, before the next screen does (a screen's effects run before its parent's), so
  // no screen of another address, nor the same page again, starts from it.
  const { key } = useLocation()
  const loadedAt = useRef(key)
  if (key !== loadedAt.current) endPageFirstData()
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  )
}
