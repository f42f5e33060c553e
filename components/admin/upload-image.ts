import { errorFields, errorMessage, NETWORK_ERROR_MESSAGE } from "@/components/ui/api-response";
import { PHOTO_TOO_LARGE } from "@/models/images";

export type UploadResult = { ok: true; url: string } | { ok: false; message: string; fields: Record<string, string> };

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Uploads an image to POST /api/uploads (multipart field `file`) and reports the percentage sent.
 * XMLHttpRequest, not fetch: only XHR reports upload progress in every browser.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      const url = typeof body === "object" && body !== null ? (body as { url?: unknown }).url : undefined;
      if (xhr.status >= 200 && xhr.status < 300 && typeof url === "string") {
        onProgress(100);
        resolve({ ok: true, url });
        return;
      }
      const message =
        errorMessage(body) ?? (xhr.status === 413 ? PHOTO_TOO_LARGE : "The photo could not be uploaded. Please try again.");
      resolve({ ok: false, message, fields: errorFields(body) });
    };
    xhr.onerror = () => resolve({ ok: false, message: NETWORK_ERROR_MESSAGE, fields: {} });
    xhr.onabort = () => resolve({ ok: false, message: "The upload was interrupted. Please try again.", fields: {} });
    const body = new FormData();
    body.set("file", file, file.name);
    xhr.send(body);
  });
}
