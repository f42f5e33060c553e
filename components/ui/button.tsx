import Link from "next/link";
import type { ComponentProps } from "react";

export type ButtonVariant = "primary" | "secondary" | "light" | "ghost-dark" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

/**
 * The red outline of a secondary button that takes something away: Delete product, Remove admin,
 * Disable an account, Delete my account.
 */
export const deleteButtonTone = "border-red-300! text-red-800! hover:bg-red-50!";

/** An inline text link in running text (empty states, hints, forms' footers). */
export const textLinkClass = "font-semibold text-brand underline underline-offset-2 hover:text-brand-dark";

/**
 * Class names for anything that should look like a button: <button>, <Link> or <a>. The variants and
 * sizes are defined once in app/globals.css (.btn, .btn-<variant>, .btn-<size>); `extra` utilities win
 * over them.
 */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return ["btn", `btn-${variant}`, `btn-${size}`, extra].filter(Boolean).join(" ");
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

/** A navigation link styled as a button. */
export function ButtonLink({ variant = "primary", size = "md", className = "", ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}

type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant = "primary", size = "md", className = "", type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
