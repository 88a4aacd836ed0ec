import { useServices, useTranslation } from '@core'
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { type Block, type DocLink, isInternalHref, type LegalDoc } from '../doc'
import s from './legal.module.css'
import { formatDate } from './useLegalDoc'

/** Sets the tab title to "<page> | <brand>" while the page is shown. */
export function useDocumentTitle(title: string | undefined) {
  const { config } = useServices()
  useEffect(() => {
    if (!title) return
    const before = document.title
    document.title = `${title} | ${config.brand.name}`
    return () => {
      document.title = before
    }
  }, [title, config.brand.name])
}

/**
 * Scrolls to the #hash target once it is rendered. The core's ScrollRestoration does this for in-app
 * navigations, but on a first page load it runs before the route's loader has finished (the target
 * is not in the DOM yet) and does not run again. `scroll-margin-top` gives the 10 px offset.
 */
export function useScrollToHash(ready: boolean) {
  const { hash, key } = useLocation()
  const done = useRef<string | null>(null)
  useLayoutEffect(() => {
    if (!ready || !hash || done.current === key) return
    let id = hash.slice(1)
    try {
      id = decodeURIComponent(id)
    } catch {
      // keep the raw id
    }
    const el = document.getElementById(id)
    if (!el) return
    done.current = key
    el.scrollIntoView()
  }, [ready, hash, key])
}

export function DocLinkItem({ link }: { link: DocLink }) {
  const label = link.label
  const a = isInternalHref(link.href) ? (
    <Link to={link.href}>{label}</Link>
  ) : (
    <a
      href={link.href}
      {...(/^https?:/.test(link.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {label}
    </a>
  )
  return (
    <li>
      {a}
      {link.note ? <span className={s.note}> {link.note}</span> : null}
    </li>
  )
}

/** One block of a section: a paragraph, a list, numbered steps, a sub-heading, links or a table. */
export function DocBlock({ block }: { block: Block }) {
  if (typeof block === 'string') return <p>{block}</p>
  if ('h3' in block) return <h3>{block.h3}</h3>
  if ('list' in block)
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    )
  if ('steps' in block)
    return (
      <ol>
        {block.steps.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    )
  if ('links' in block)
    return (
      <ul className={s.links}>
        {block.links.map((l) => (
          <DocLinkItem key={l.href + l.label} link={l} />
        ))}
      </ul>
    )
  if ('table' in block)
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      <section className={s.tableWrap} tabIndex={0} aria-label={block.table.caption}>
        <table className={s.table}>
          <caption>{block.table.caption}</caption>
          <thead>
            <tr>
              {block.table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.table.rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={cell} scope="row">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    )
  return null
}

function Blocks({ blocks }: { blocks: Block[] | undefined }) {
  return (
    <>
      {(blocks ?? []).map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a text never reorder
        <DocBlock key={i} block={b} />
      ))}
    </>
  )
}

const NARROW = '(max-width: 959.98px)'

export interface LegalDocumentProps {
  doc: LegalDoc
  /** Written as data-variant on the document element (terms and privacy variants). */
  variant?: string
  /** Shown above the sections (a status line, a notice). */
  children?: ReactNode
  /** Shown after the last section (links, buttons). */
  footer?: ReactNode
  /** The table of contents is shown when the document has at least this many sections. */
  tocMin?: number
  /** Hide the table of contents whatever the number of sections. */
  noToc?: boolean
}

/**
 * A document from locale data: the one h1, the date of the last change, a table of contents of
 * in-page #id links, then each section (h2, blocks) with its stable id so /page#id scrolls to it.
 */
export function LegalDocument({ doc, variant, children, footer, tocMin = 4, noToc }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal')
  useDocumentTitle(doc.title)
  useScrollToHash(doc.sections.length > 0)
  const showToc = !noToc && doc.sections.length >= tocMin
  const tocRef = useRef<HTMLDetailsElement>(null)
  // On a narrow screen the table of contents starts folded, so the text is on the first screen.
  useLayoutEffect(() => {
    const el = tocRef.current
    if (el && window.matchMedia?.(NARROW).matches) el.open = false
  }, [])
  return (
    <article
      className={`${s.doc} ${showToc ? s.withToc : ''}`}
      data-variant={variant}
      data-testid="legal-document"
      aria-labelledby="legal-title"
    >
      <header className={s.head}>
        <h1 id="legal-title">{doc.title}</h1>
        {doc.updated ? (
          <p className={s.updated}>
            {t('common.updated')} <time dateTime={doc.updated}>{formatDate(doc.updated, i18n.language)}</time>
          </p>
        ) : null}
      </header>
      {showToc ? (
        <nav className={s.toc} aria-label={t('common.toc')}>
          <details ref={tocRef} open>
            <summary className={s.tocSummary}>
              <h2 className={s.tocTitle}>{t('common.toc')}</h2>
            </summary>
            <ol>
              {doc.sections.map((sec) => (
                <li key={sec.id}>
                  <a href={`#${sec.id}`}>{sec.heading}</a>
                </li>
              ))}
            </ol>
          </details>
        </nav>
      ) : null}
      <div className={s.body}>
        {children}
        {doc.intro?.length ? (
          <div className={s.intro}>
            <Blocks blocks={doc.intro} />
          </div>
        ) : null}
        {doc.sections.map((sec) => (
          <section key={sec.id} id={sec.id} aria-labelledby={`${sec.id}-h`} className={s.section}>
            <h2 id={`${sec.id}-h`}>{sec.heading}</h2>
            <Blocks blocks={sec.body} />
          </section>
        ))}
        {footer}
      </div>
    </article>
  )
}
