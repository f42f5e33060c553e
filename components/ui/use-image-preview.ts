"use client";

import { useEffect, useState } from "react";

/**
 * A preview of a chosen image file as a blob: URL, or null (no file, or not an image). Each URL is
 * released when it is replaced and when the component goes away. `previewFile(null)` clears it.
 */
export function useImagePreview(): [preview: string | null, previewFile: (file: File | null | undefined) => void] {
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function previewFile(file: File | null | undefined) {
    setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  }

  return [preview, previewFile];
}
