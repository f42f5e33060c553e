"use client";

import { useEffect, useState } from "react";

/**
 * A preview of a chosen image file as a blob: URL, or null (no file, or not an image). Each URL is
 * released when it is replaced and when the component goes away. `previewFile(null)` clears it.
 * A file can claim to be an image and still not decode (a renamed file, HEIC): the preview's `<img>`
 * calls `previewFailed` from its onError, and the preview is null again, so the page shows what it
 * shows without a file instead of the browser's broken-image box. The server refuses such a file anyway.
 */
export function useImagePreview(): [preview: string | null, previewFile: (file: File | null | undefined) => void, previewFailed: () => void] {
  const [preview, setPreview] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function previewFile(file: File | null | undefined) {
    setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  }

  return [preview === failed ? null : preview, previewFile, () => setFailed(preview)];
}
