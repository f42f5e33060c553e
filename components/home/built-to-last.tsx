import { Reveal } from "@/components/reveal";

const points = [
  {
    title: "Forged steel",
    text: "Heads are drop-forged from chrome-vanadium and carbon steel, then hardened and tempered in-house so they hold an edge and take a beating.",
    icon: "M4 14h10l3-4h3v4l-3 3H4z M9 14v5 M6 19h6",
  },
  {
    title: "Lifetime warranty",
    text: "If a forged ToolForge tool ever breaks in normal use, we replace it. No receipts to hunt for, no small print about wear.",
    icon: "M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6z M9 12l2 2 4-4",
  },
  {
    title: "Direct from the factory",
    text: "No distributors in between: you order from the people who make the tools, at factory prices, with stock you can see.",
    icon: "M3 21V10l5 3V10l5 3V6l8 4v11z M7 17h2 M12 17h2 M17 17h2",
  },
];

export function BuiltToLast() {
  return (
    <section id="about" data-section="grey" aria-labelledby="about-title" className="bg-slate-100">
      <Reveal className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="max-w-2xl">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-brand">Why ToolForge</p>
          <h2 id="about-title" className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Built to last
          </h2>
          <p className="mt-3 text-slate-700">
            We have been forging hand tools for three generations. Everything we sell comes off our own line.
          </p>
        </div>
        <ul role="list" className="mt-10 grid gap-6 md:grid-cols-3">
          {points.map((point) => (
            <li key={point.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-soft text-brand">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={point.icon} />
                </svg>
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{point.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{point.text}</p>
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
