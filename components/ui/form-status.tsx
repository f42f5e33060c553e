/**
 * The form-level message. The live region is always in the page so screen readers announce the
 * message when it appears, not only when the region itself is inserted.
 */
export function FormStatus({ id, message, className }: { id: string; message: string | null; className?: string }) {
  return (
    <div id={id} role="alert" aria-atomic="true" className={className}>
      {message ? (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{message}</p>
      ) : null}
    </div>
  );
}
