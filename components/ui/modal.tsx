"use client";

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

type ModalProps = {
  open: boolean;
  /** Escape and the close button call this; the owner decides whether to set `open` to false. */
  onClose: () => void;
  title: ReactNode;
  /** Tied to the dialog with aria-describedby. */
  description?: ReactNode;
  children: ReactNode;
  /** The element to focus when the dialog opens; otherwise the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Accessible name of the × button; without it the dialog has no × button (e.g. Yes/No dialogs). */
  closeLabel?: string;
  className?: string;
};

/**
 * True while the focus is still on a dialog's × button, where it opened when nothing else could take
 * it (its content was still loading, e.g. the card form while the payment starts). Content that
 * arrives later may then take the focus itself: the reader has not moved it yet.
 */
export function focusStillOnDialogClose(): boolean {
  return document.activeElement instanceof HTMLElement && document.activeElement.hasAttribute("data-dialog-close");
}

/**
 * An accessible modal on the native <dialog> (showModal puts it in the top layer and makes the rest of
 * the page inert). Tab is kept inside, Escape calls onClose, and focus goes back to whatever opened it.
 * The children are only mounted while open, so form state (a card number) is gone when it closes.
 */
export function Modal({ open, onClose, title, description, children, initialFocusRef, closeLabel, className = "" }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const openRef = useRef(open);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    openRef.current = open;
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const target = initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // initialFocusRef is a ref: reading it when the dialog opens is what we want.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => element.offsetParent !== null || element === document.activeElement,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    const outside = !dialogRef.current.contains(active);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        // Escape: the owner closes the dialog (and decides what Escape means, e.g. "No").
        event.preventDefault();
        onCloseRef.current();
      }}
      onClose={() => {
        // Closed by the browser itself (a second Escape is not cancellable in Chromium): keep state in step.
        if (openRef.current) onCloseRef.current();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 ${className}`}
    >
      {open ? (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]">
              {title}
            </h2>
            {closeLabel ? (
              <button
                type="button"
                data-dialog-close=""
                onClick={() => onCloseRef.current()}
                className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
                  <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                </svg>
                <span className="sr-only">{closeLabel}</span>
              </button>
            ) : null}
          </div>
          {description ? (
            <div id={descriptionId} className="mt-2 text-slate-700 [overflow-wrap:anywhere]">
              {description}
            </div>
          ) : null}
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
