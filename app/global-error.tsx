"use client";

/**
 * The last resort, when the root layout itself fails: it replaces the whole document, so it brings its
 * own <html> and <body> and, as the shop's stylesheet may be what failed to load, its own few styles.
 * https://nextjs.org/docs/app/api-reference/file-conventions/error#global-error
 */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  const button = { minHeight: "2.75rem", padding: "0 1.25rem", borderRadius: "0.375rem", fontSize: "1rem", fontWeight: 600, textDecoration: "none" };
  return (
    <html lang="en">
      <body style={{ margin: 0, fontFamily: "system-ui, sans-serif", color: "#0f172a", background: "#fff" }}>
        <title>ToolForge | Something went wrong</title>
        <main style={{ maxWidth: "40rem", margin: "0 auto", padding: "4rem 1rem", textAlign: "center" }}>
          <h1 style={{ fontSize: "2rem", margin: 0 }}>Something went wrong</h1>
          <p style={{ fontSize: "1.125rem", lineHeight: 1.75, color: "#334155" }}>Sorry, the shop could not be shown. Try again, or go back to the homepage.</p>
          <div style={{ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0.75rem", marginTop: "2rem" }}>
            <button type="button" onClick={retry} style={{ ...button, border: "none", background: "#c2410c", color: "#fff", cursor: "pointer" }}>
              Try again
            </button>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load starts the failed app again; a client navigation would not */}
            <a href="/" style={{ ...button, display: "inline-flex", alignItems: "center", border: "1px solid #cbd5e1", color: "#0f172a" }}>
              Back to homepage
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
