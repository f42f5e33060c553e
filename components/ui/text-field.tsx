"use client";

import { useState, type ComponentProps } from "react";
import { letGoOnWheel } from "./wheel";

type TextFieldProps = Omit<ComponentProps<"input">, "id" | "aria-invalid" | "aria-describedby"> & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
};

/**
 * A labelled input whose hint and error are tied to it with aria-describedby. While there is an
 * error, the error replaces the hint (they would say the same thing twice). A password field gets a
 * Show/Hide button, so a long password can be checked before it is sent. A number field lets go of
 * the focus when the wheel turns over it, so scrolling never changes it.
 */
export function TextField({ id, label, hint, error, className, type, ...input }: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const password = type === "password";
  const shownHint = error ? undefined : hint;
  const hintId = shownHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const field = (
    <input
      id={id}
      type={password && revealed ? "text" : type}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={`block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 ${
        error ? "border-red-700" : "border-slate-400"
      } ${password ? "pr-20" : ""} ${className ?? ""}`}
      onWheel={type === "number" ? letGoOnWheel : undefined}
      {...input}
    />
  );
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      {password ? (
        <div className="relative">
          {field}
          <button
            type="button"
            aria-controls={id}
            onClick={() => setRevealed((value) => !value)}
            className="absolute inset-y-1 right-1 rounded px-3 text-sm font-semibold text-brand-dark hover:bg-orange-50"
          >
            {revealed ? "Hide" : "Show"}
            <span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : (
        field
      )}
      {shownHint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {shownHint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
