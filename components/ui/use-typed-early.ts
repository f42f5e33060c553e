"use client";

import { useLayoutEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from "react";

/**
 * For a controlled field the server draws: takes what was typed in it before React took the page over.
 * React keeps such text in the field when it hydrates, but the state still holds the starting value,
 * so what the component does with it (a search, a link, a sign-up) would use the starting value
 * (ADR 066). Looks once, as the field is hydrated; from then on the field is React's. Answers the ref
 * to put on the field.
 */
export function useTypedEarly(starting: string, adopt: Dispatch<SetStateAction<string>>): RefObject<HTMLInputElement | null> {
  const field = useRef<HTMLInputElement>(null);
  const looked = useRef(false);
  // A layout effect: a click that comes while React hydrates is handled as soon as its part of the page
  // is hydrated, before any passive effect has run, and must already see the typed value.
  useLayoutEffect(() => {
    if (looked.current) return;
    looked.current = true;
    const typed = field.current?.value;
    if (typed !== undefined && typed !== starting) adopt(typed);
  }, [starting, adopt]);
  return field;
}
