import { Reveal } from "@/components/reveal";

const stats = [
  { value: "2257+", label: "All Projects", growth: "71% more than last month" },
  { value: "1839+", label: "Clients", growth: "61% more than last month" },
  { value: "1205+", label: "Feedback", growth: "48% more than last month" },
];

export function Stats() {
  return (
    <section id="stats" data-section="stats" aria-labelledby="stats-title" className="bg-brand text-white">
      <Reveal className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="stats-title" className="text-center text-2xl font-extrabold tracking-tight sm:text-3xl">
          ToolForge in numbers
        </h2>
        <ul role="list" className="mt-10 grid gap-6 sm:grid-cols-3">
          {stats.map((stat) => (
            <li key={stat.label} className="rounded-xl bg-black/15 p-6 text-center ring-1 ring-white/20">
              <p className="text-5xl font-extrabold tracking-tight">{stat.value}</p>
              <p className="mt-2 text-lg font-semibold">{stat.label}</p>
              <p className="mt-1 text-sm text-orange-50">
                <span aria-hidden="true">▲ </span>
                {stat.growth}
              </p>
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
