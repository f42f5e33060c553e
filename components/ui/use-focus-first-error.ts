"use client";

import { useEffect } from "react";

/**
 * Moves focus to the first field that has an error, each time the errors change: the field is
 * marked invalid and described by its message, so a screen reader reads both (WCAG 3.3.1), and a
 * keyboard user is where the fix goes. `fields` maps each error's key to its field's id, in order.
 */
export function useFocusFirstError(errors: Record<string, string | undefined>, fields: Record<string, string>): void {
  useEffect(() => {
    const first = Object.keys(fields).find((key) => errors[key]);
    if (first) document.getElementById(fields[first] ?? "")?.focus();
    // `fields` is a constant map at each call site; only new errors move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);
}
