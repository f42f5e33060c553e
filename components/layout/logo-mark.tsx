/**
 * The ToolForge mark, drawn inline. As an <img>, an SVG file is a document of its own in the browser:
 * parsed, styled and laid out on the page's main thread as it arrives (ADR 055). Decorative here: the
 * link beside it carries the name.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" width={36} height={36} aria-hidden="true" focusable="false" className={className}>
      <path
        d="M56.0 27.2L61.8 28.9L61.8 35.1L56.0 36.8L52.4 45.6L55.3 50.9L50.9 55.3L45.6 52.4L36.8 56.0L35.1 61.8L28.9 61.8L27.2 56.0L18.4 52.4L13.1 55.3L8.7 50.9L11.6 45.6L8.0 36.8L2.2 35.1L2.2 28.9L8.0 27.2L11.6 18.4L8.7 13.1L13.1 8.7L18.4 11.6L27.2 8.0L28.9 2.2L35.1 2.2L36.8 8.0L45.6 11.6L50.9 8.7L55.3 13.1L52.4 18.4Z"
        fill="#ea580c"
      />
      <circle cx="32" cy="32" r="17" fill="#fff7ed" />
      <g transform="rotate(-40 32 32)" fill="#1f2937">
        <rect x="29" y="24" width="6" height="31" rx="3" />
        <path d="M14 13H36Q46 13 51 24Q45 20 38 21V25H14Q12 25 12 23V15Q12 13 14 13Z" />
      </g>
    </svg>
  );
}
