"use client";

import { useRef } from "react";
import { buttonClasses } from "./button";
import { Modal } from "./modal";

type ConfirmDialogProps = {
  open: boolean;
  onConfirm: () => void;
  /** "No", Escape: nothing happens, the caller says so. */
  onCancel: () => void;
  title?: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
};

/**
 * The shop's Yes/No confirmation (PRODUCT.md §6). Focus starts on "No", so a stray Enter never
 * deletes anything; Escape answers "No".
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title = "Confirm to submit",
  message = "Are you sure you want to delete this?",
  confirmLabel = "Yes",
  cancelLabel = "No",
}: ConfirmDialogProps) {
  const noRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal open={open} onClose={onCancel} title={title} description={message} initialFocusRef={noRef} className="max-w-md">
      <div className="flex flex-wrap justify-end gap-3">
        <button ref={noRef} type="button" onClick={onCancel} className={buttonClasses("secondary", "md", "min-w-24")}>
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} className={buttonClasses("primary", "md", "min-w-24")}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
