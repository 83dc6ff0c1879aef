import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react'
import { Link } from '@inertiajs/react'
import { classNames } from './class_names'
import { Spinner } from './icons'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'small' | 'regular'

type Look = {
  variant?: ButtonVariant
  size?: ButtonSize
  /** An icon before the label (or the only content, with an aria-label). */
  icon?: ReactNode
}

export function buttonClassName({
  variant = 'primary',
  size = 'regular',
  className,
}: Look & { className?: string }) {
  return classNames(
    'ui-button',
    `ui-button-${variant}`,
    size === 'small' && 'ui-button-small',
    className
  )
}

export type ButtonProps = Look &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** Work in progress: shows a spinner and ignores clicks, but keeps focus where it is. */
    loading?: boolean
    ref?: Ref<HTMLButtonElement>
  }

/**
 * The one button. While `loading` it stays focusable (a disabled button would
 * drop the keyboard user's focus) and says it is busy.
 */
export function Button({
  variant,
  size,
  icon,
  loading = false,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  function click(event: MouseEvent<HTMLButtonElement>) {
    if (loading) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, className })}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={click}
      {...rest}
    >
      {loading ? <Spinner /> : icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  )
}

export type ButtonLinkProps = Look &
  Pick<
    AnchorHTMLAttributes<HTMLAnchorElement>,
    'target' | 'rel' | 'download' | 'aria-label' | 'title' | 'className' | 'children'
  > & {
    href: string
    /**
     * A plain link (another app, a download, a page outside Inertia) instead
     * of an Inertia visit.
     */
    native?: boolean
  }

/** A link that looks like a button: for navigation, never for actions. */
export function ButtonLink({
  variant,
  size,
  icon,
  native,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  const look = buttonClassName({ variant, size, className })
  const content = (
    <>
      {icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </>
  )
  if (native) {
    return (
      <a className={look} {...rest}>
        {content}
      </a>
    )
  }
  return (
    <Link className={look} {...rest}>
      {content}
    </Link>
  )
}
