import type { ComponentPropsWithRef } from 'react'
import s from './button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'link'

export interface ButtonLook {
  /** primary: the one main action; secondary: outlined; link: looks like a link, keeps a button's size. */
  variant?: ButtonVariant
  /** large: the taller, bigger-text call to action of forms and landers. */
  size?: 'normal' | 'large'
  /** Takes the whole width of its container. */
  block?: boolean
}

/**
 * The class names of the core button look, for an element that is not a <button> (a router Link or
 * an <a> that looks like one); `extra` is appended.
 */
export function buttonClass(
  { variant = 'primary', size = 'normal', block = false }: ButtonLook = {},
  extra?: string,
) {
  return [s.button, s[variant], size === 'large' ? s.large : '', block ? s.block : '', extra ?? '']
    .filter(Boolean)
    .join(' ')
}

export type ButtonProps = ComponentPropsWithRef<'button'> & ButtonLook

/**
 * The core button: at least 44 px tall (touch target), the focus ring of the design tokens, a dimmed
 * look when disabled. `type` defaults to 'button' (a submit button says so); every other prop, the
 * ref included, goes to the <button>. It has no text of its own.
 */
export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />
}
