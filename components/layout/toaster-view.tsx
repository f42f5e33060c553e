"use client";

import { useCallback, useEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { createPortal } from "react-dom";
import toast, { resolveValue, ToastBar, useToaster, useToasterStore, type DefaultToastOptions, type Toast } from "react-hot-toast";
import { takeFlashToast, takeWelcomeToast } from "./flash";

const POSITION = "top-right";

// 5 s (the seed's constant); an error, which usually asks for something to be done, stays twice as long.
const TOAST_OPTIONS: DefaultToastOptions = {
  duration: 5000,
  error: { duration: 10_000 },
  style: { color: "#0f172a", maxWidth: 380 },
};

type SlotProps = Pick<ComponentProps<"div">, "onMouseEnter" | "onMouseLeave" | "onFocus" | "onBlur"> & {
  toast: Toast;
  /** A finger or pen on the toast holds its clock, as a mouse over it does. */
  onTouchHold: (held: boolean) => void;
  offset: number;
  onHeight: (toastId: string, height: number) => void;
  children: ReactNode;
};

/** How far across its own width a toast must be dragged sideways to be dismissed (the seed's 80 %). */
const DRAG_DISMISS_SHARE = 0.8;

/**
 * A toast dragged sideways by a pointer (a finger on a phone, where a toast can cover the page's
 * heading) follows it, fading; let go past DRAG_DISMISS_SHARE of its width, it is dismissed,
 * otherwise it goes back. Its button stays the way to dismiss it by keyboard. While a finger or pen
 * holds it, its clock stops (a mouse does that by hovering), so it cannot expire mid-drag.
 */
function useDragToDismiss(id: string, onTouchHold: (held: boolean) => void) {
  const start = useRef<{ pointerId: number; x: number; width: number; touch: boolean } | null>(null);
  const [moved, setMoved] = useState<{ dx: number; width: number } | null>(null);
  const end = (pointerId: number, dismiss: boolean) => {
    if (start.current?.pointerId !== pointerId) return;
    if (start.current.touch) onTouchHold(false);
    start.current = null;
    if (dismiss) toast.dismiss(id);
    else setMoved(null);
  };
  const handlers: Pick<ComponentProps<"div">, "onPointerDown" | "onPointerMove" | "onPointerUp" | "onPointerCancel"> = {
    onPointerDown: (event) => {
      // The dismiss button keeps its own press.
      if (event.button !== 0 || (event.target instanceof Element && event.target.closest("button"))) return;
      const touch = event.pointerType !== "mouse";
      start.current = { pointerId: event.pointerId, x: event.clientX, width: event.currentTarget.getBoundingClientRect().width, touch };
      event.currentTarget.setPointerCapture(event.pointerId);
      if (touch) onTouchHold(true);
    },
    onPointerMove: (event) => {
      const from = start.current;
      if (from?.pointerId === event.pointerId) setMoved({ dx: event.clientX - from.x, width: from.width });
    },
    onPointerUp: (event) => {
      const from = start.current;
      end(event.pointerId, from !== null && Math.abs(event.clientX - from.x) >= DRAG_DISMISS_SHARE * from.width);
    },
    onPointerCancel: (event) => end(event.pointerId, false),
  };
  const style = moved && moved.dx !== 0 ? { transform: `translateX(${moved.dx}px)`, opacity: Math.max(0.2, 1 - Math.abs(moved.dx) / Math.max(1, moved.width)) } : undefined;
  return { handlers, style };
}

/** react-hot-toast's own wrapper: `offset` px below the newer toasts, and measured to place the older ones. */
function ToastSlot({ toast: { id, visible }, offset, onHeight, onTouchHold, children, ...events }: SlotProps) {
  const drag = useDragToDismiss(id, onTouchHold);
  const measure = useCallback(
    (slot: HTMLDivElement | null) => {
      if (!slot) return;
      const update = () => onHeight(id, slot.getBoundingClientRect().height);
      update();
      const observer = new MutationObserver(update);
      observer.observe(slot, { subtree: true, childList: true, characterData: true });
      return () => observer.disconnect();
    },
    [id, onHeight],
  );
  return (
    <div
      ref={measure}
      data-toast-id={id}
      {...events}
      style={{ transform: `translateY(${offset}px)` }}
      // Only a toast on screen takes the pointer, and it stays above one fading out.
      className={`absolute inset-x-0 top-0 flex justify-end motion-safe:transition-all motion-safe:duration-[230ms] motion-safe:ease-[cubic-bezier(.21,1.02,.73,1)] ${
        visible ? "z-10 *:pointer-events-auto" : ""
      }`}
    >
      {/* pan-y: a finger moving up or down still scrolls the page; sideways, it drags the toast. */}
      <div {...drag.handlers} style={drag.style} className="touch-pan-y select-none">
        {children}
      </div>
    </div>
  );
}

type Regions = { polite: HTMLElement; assertive: HTMLElement };

/**
 * Dismisses a toast from its button. The toast fades out and is removed about a second later, and
 * focus on it would then fall to <body>: focus in it goes to the page's main region (the skip link's
 * target, app/layout.tsx) first, without scrolling the page away from where the reader was.
 */
function dismissFromButton(id: string, button: HTMLElement) {
  if (button.closest("[data-toast-id]")?.contains(document.activeElement)) {
    document.getElementById("main")?.focus({ preventScroll: true });
  }
  toast.dismiss(id);
}

/**
 * The toasts, drawn into the live regions of components/layout/toaster.tsx (errors into the assertive
 * one). Each closes after 5 s, an error after 10 s, and can be dismissed at once.
 */
export default function ToasterView({ polite, assertive }: Regions) {
  // A toast the previous page left before a full page load (e.g. "Signed in successfully"), or the
  // one a sign-in through a provider brings back in the address.
  useEffect(() => {
    const message = takeFlashToast() ?? takeWelcomeToast();
    if (message) toast.success(message);
  }, []);

  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  const { startPause, endPause, calculateOffset, updateHeight } = handlers;

  // The clock stops while the pointer is on a toast or the focus is in one, so there is time to read
  // it and to reach its button (WCAG 2.2.1). Each is kept as the toast's id: a toast taken away under
  // the pointer or with the focus (its Dismiss button, pressed) sends no leave or blur, and its id
  // then no longer holds the clock.
  const [pointerOn, setPointerOn] = useState<string | null>(null);
  const [focusIn, setFocusIn] = useState<string | null>(null);
  const present = (id: string | null) => id !== null && toasts.some((t) => t.id === id);
  const held = present(pointerOn) || present(focusIn);
  // One end for each start: react-hot-toast's endPause does nothing until the start has reached this
  // component (`pausedAt`), and an end without a start would keep every toast up for good.
  const { pausedAt } = useToasterStore();
  const pausing = useRef(false);
  useEffect(() => {
    if (held && !pausing.current) {
      pausing.current = true;
      startPause();
    } else if (!held && pausing.current && pausedAt !== undefined) {
      pausing.current = false;
      endPause();
    }
  }, [held, pausedAt, startPause, endPause]);

  const inToaster = (node: EventTarget | null) => node instanceof Node && (polite.contains(node) || assertive.contains(node));

  const slot = (t: Toast) => (
    <ToastSlot
      key={t.id}
      toast={t}
      offset={calculateOffset(t, { defaultPosition: POSITION })}
      onHeight={updateHeight}
      onTouchHold={(held) => setPointerOn((id) => (held ? t.id : id === t.id ? null : id))}
      onMouseEnter={() => setPointerOn(t.id)}
      onMouseLeave={() => setPointerOn((id) => (id === t.id ? null : id))}
      onFocus={() => setFocusIn(t.id)}
      onBlur={(event) => {
        if (!inToaster(event.relatedTarget)) setFocusIn(null);
      }}
    >
      <ToastBar toast={t} position={POSITION}>
        {({ icon }) => (
          <>
            {icon}
            {/* The text without react-hot-toast's role="status": the region around it announces it, once. */}
            <div className="mx-2.5 my-1 flex flex-auto justify-center whitespace-pre-line">{resolveValue(t.message, t)}</div>
            {t.type !== "loading" && (
              <button
                type="button"
                onClick={(event) => dismissFromButton(t.id, event.currentTarget)}
                className="ml-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
                  <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                </svg>
                <span className="sr-only">Dismiss notification</span>
              </button>
            )}
          </>
        )}
      </ToastBar>
    </ToastSlot>
  );

  return (
    <>
      {createPortal(toasts.filter((t) => t.type !== "error").map(slot), polite)}
      {createPortal(toasts.filter((t) => t.type === "error").map(slot), assertive)}
    </>
  );
}
