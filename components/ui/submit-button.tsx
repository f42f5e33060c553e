import type { ComponentProps, MouseEvent, ReactNode } from "react";
import { ButtonSpinner } from "./spinner";

type SubmitButtonProps = Omit<ComponentProps<"button">, "type" | "children"> & {
  /** While true the button refuses to submit again and shows a spinner with `pendingLabel`. */
  pending: boolean;
  /** What is happening, e.g. "Signing in…". */
  pendingLabel: string;
  children: ReactNode;
};

/**
 * A form's submit button that says what it is doing while the form is being sent. While pending it
 * is aria-disabled rather than disabled: a disabled button loses the keyboard focus (to the page's
 * body), so after a refused sign-in or a declined card a keyboard or screen-reader user would start
 * again from the top of the page. Its click (also Enter in a field, which clicks it) does nothing.
 */
export function SubmitButton({ pending, pendingLabel, children, disabled, onClick, className = "", ...props }: SubmitButtonProps) {
  function click(event: MouseEvent<HTMLButtonElement>) {
    if (pending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }
  return (
    <button
      type="submit"
      disabled={disabled}
      aria-disabled={pending || undefined}
      onClick={click}
      className={`${className} aria-disabled:cursor-progress aria-disabled:opacity-60`}
      {...props}
    >
      {pending ? (
        <>
          <ButtonSpinner />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
