"use client";

import { useRef } from "react";
import { buttonClasses } from "./button";
import { Modal } from "./modal";

type ConfirmDialogProps = {
  open: boolean;
  onConfirm: () => void;
  /** "No", Escape: nothing happens, the caller says so. */
  onCancel: () => void;
  /** The question, naming the thing: "Delete Forged Claw Hammer?" */
  title: string;
  /** What happens if the answer is yes: "It leaves the catalog at once." */
  message: string;
  /** The action, in words: "Delete product" (never a bare "Yes"). */
  confirmLabel: string;
  cancelLabel?: string;
  /** "danger" when the action destroys or takes something away: the confirm button is red. */
  tone?: "danger" | "default";
};

/**
 * The shop's confirmation: a question naming the thing, its consequence, and two buttons that say
 * what they do. Focus starts on the cancel button, so a stray Enter never deletes anything; Escape
 * cancels too.
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title,
  message,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "default",
}: ConfirmDialogProps) {
  const noRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal open={open} onClose={onCancel} title={title} description={message} initialFocusRef={noRef} className="max-w-md">
      <div className="flex flex-wrap justify-end gap-3">
        <button ref={noRef} type="button" onClick={onCancel} className={buttonClasses("secondary", "md", "min-w-24")}>
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} className={buttonClasses(tone === "danger" ? "danger" : "primary", "md", "min-w-24")}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
