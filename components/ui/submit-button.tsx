import type { ComponentProps, ReactNode } from "react";
import { ButtonSpinner } from "./spinner";

type SubmitButtonProps = Omit<ComponentProps<"button">, "type" | "children"> & {
  /** While true the button is disabled and shows a spinner with `pendingLabel`. */
  pending: boolean;
  /** What is happening, e.g. "Signing in…". */
  pendingLabel: string;
  children: ReactNode;
};

/** A form's submit button that says what it is doing while the form is being sent. */
export function SubmitButton({ pending, pendingLabel, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={pending || disabled} {...props}>
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
