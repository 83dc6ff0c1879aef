import { useId, useState, type ReactNode } from 'react'
import { Head, Link, usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { classNames } from './class_names'
import { Avatar } from './avatar'
import { ChevronDownIcon, CloseIcon, MenuIcon } from './icons'
import { Menu, type MenuItem } from './menu'
import { ToastProvider } from './toast'

export type ContentWidth = 'narrow' | 'regular' | 'wide' | 'full'

export type NavItem = {
  href: string
  label: string
  /** A page outside this app's Inertia pages (another app): a full page load. */
  native?: boolean
  /**
   * Current only on this very path, not on the pages under it: an app's
   * first page whose address is the start of its others' (/admin beside
   * /admin/shares).
   */
  exact?: boolean
}

export type ShellUser = { name: string; email?: string | null; avatarUrl?: string | null }

export type AppShellProps = {
  /** The document title (the app's name is added by the entry). */
  title: string
  /** Which part of the product this is ("Schedule"), beside the brand. */
  appName?: string
  /** Where the brand links to. */
  homeHref?: string
  nav?: NavItem[]
  /** The signed-in person; omit on public pages. */
  user?: ShellUser
  /** The person's menu: account, sign out. */
  userMenu?: MenuItem[]
  /** narrow: sign-in cards; regular: forms; wide: tables and calendars; full: edge to edge. */
  width?: ContentWidth
  children: ReactNode
}

/** Whether a nav item is the page being shown (or a page under it). */
function isCurrent(href: string, path: string) {
  if (href === '/') {
    return path === '/'
  }
  return path === href || path.startsWith(`${href}/`)
}

/**
 * The frame of every page: the product's name and logo (this deployment's,
 * from the shared `brand` prop), the app's navigation with the current page
 * marked, the signed-in person with their menu, and the content at one of
 * four widths. Below 640 px the navigation folds behind a Menu button. It
 * also provides the toasts (useToast) and sets .ui-root for the base styles.
 */
export function AppShell({
  title,
  appName,
  homeHref = '/',
  nav = [],
  user,
  userMenu = [],
  width = 'regular',
  children,
}: AppShellProps) {
  const page = usePage<Data.SharedProps>()
  const brand = page.props.brand
  const path = page.url.split('?')[0]
  // The page on which the phone's nav panel was opened: a visit elsewhere closes it.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null)
  const navOpen = navOpenOn === path
  const navId = useId()

  return (
    <ToastProvider>
      <Head title={title} />
      <div className={classNames('ui-root', 'ui-shell', navOpen && 'is-nav-open')}>
        <a className="ui-skip-link" href="#main">
          Skip to content
        </a>
        <header className="ui-shell-header">
          <div className="ui-shell-bar">
            <Link className="ui-shell-brand" href={homeHref}>
              {brand.logoUrl && <img className="ui-shell-logo" src={brand.logoUrl} alt="" />}
              <span className="ui-shell-brand-name">{brand.name}</span>
              {appName && <span className="ui-shell-app-name">{appName}</span>}
            </Link>
            {nav.length > 0 && (
              <button
                type="button"
                className="ui-icon-button ui-shell-nav-toggle"
                aria-expanded={navOpen}
                aria-controls={navId}
                aria-label={navOpen ? 'Close menu' : 'Menu'}
                onClick={() => setNavOpenOn(navOpen ? null : path)}
              >
                {navOpen ? <CloseIcon /> : <MenuIcon />}
              </button>
            )}
            {nav.length > 0 && (
              <nav id={navId} className="ui-shell-nav" aria-label="Main">
                <ul>
                  {nav.map((item) => {
                    const current = item.exact ? path === item.href : isCurrent(item.href, path)
                    const props = {
                      'className': classNames('ui-shell-nav-link', current && 'is-current'),
                      'aria-current': current ? ('page' as const) : undefined,
                      'href': item.href,
                    }
                    return (
                      <li key={item.href}>
                        {item.native ? (
                          <a {...props}>{item.label}</a>
                        ) : (
                          <Link {...props}>{item.label}</Link>
                        )}
                      </li>
                    )
                  })}
                </ul>
              </nav>
            )}
            {user && (
              <div className="ui-shell-user">
                <Menu
                  items={userMenu}
                  trigger={
                    <button type="button" className="ui-shell-user-button">
                      <Avatar name={user.name} imageUrl={user.avatarUrl} size="small" />
                      <span className="ui-shell-user-name">{user.name}</span>
                      <span className="ui-visually-hidden">, account menu</span>
                      <ChevronDownIcon size={16} />
                    </button>
                  }
                />
              </div>
            )}
          </div>
        </header>
        <main id="main" tabIndex={-1} className={`ui-shell-main ui-width-${width}`}>
          {children}
        </main>
      </div>
    </ToastProvider>
  )
}
