import type { WheelEvent } from "react";

/** For number fields: a wheel turned over a focused one would change it while the person scrolls the page. */
export function letGoOnWheel(event: WheelEvent<HTMLInputElement>): void {
  event.currentTarget.blur();
}
