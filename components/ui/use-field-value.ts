"use client";

import { useCallback, useSyncExternalStore } from "react";
import type { FieldPath, FieldPathValue, FieldValues, UseFormGetValues, UseFormSubscribe } from "react-hook-form";

/**
 * A field's value, for what the page works out from it while the person types: a review's character
 * count and preview, an order's total. It follows react-hook-form like `useWatch`, and it also sees what
 * was typed before React took the page over. react-hook-form keeps such a value (ADR 058) without
 * telling its watchers, so a `useWatch` would go on showing the starting value until the next key, and
 * an order would send the total of a quantity nobody asked for (ADR 066).
 *
 * Until the form is mounted, `getValues` answers the form's default values, the same on the server and
 * while hydrating; once the subscription starts, it answers what is in the field, and React draws again
 * if that differs.
 */
export function useFieldValue<T extends FieldValues, N extends FieldPath<T>>(
  form: { subscribe: UseFormSubscribe<T>; getValues: UseFormGetValues<T> },
  name: N,
): FieldPathValue<T, N> {
  const { subscribe, getValues } = form;
  const listen = useCallback((changed: () => void) => subscribe({ name, formState: { values: true }, callback: changed }), [subscribe, name]);
  const read = useCallback(() => getValues(name), [getValues, name]);
  return useSyncExternalStore(listen, read, read);
}
