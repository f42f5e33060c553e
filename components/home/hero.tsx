import { ButtonLink, buttonClasses } from "@/components/ui/button";
import { HERO_ART } from "./hero-art";

export function Hero() {
  return (
    <section
      id="top"
      data-section="hero"
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-stone-100 via-stone-50 to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20 lg:gap-16 lg:px-8">
        <div>
          <h1 id="hero-title" className="text-slate-900">
            <span className="block text-sm font-bold uppercase tracking-[0.2em] text-brand">
              Top Product Hand Tool 2022
            </span>
            <span className="mt-4 block text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
              Forged hand tools, built for a lifetime of work
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">
            Exclusive email offers &amp; Limited time discount specials
          </p>
          <p className="mt-2 max-w-xl text-base leading-7 text-slate-600">
            Hammers, wrenches, pliers, saws and chisels made in our own forge and shipped straight from the
            factory floor to your bench.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href="/servicedata" size="lg">
              Get started
            </ButtonLink>
            <a href="#products" className={buttonClasses("secondary", "lg")}>
              See our tools
            </a>
          </div>
        </div>
        <div>
          {/* Server-rendered markup of our own, not user input (components/home/hero-art.ts). */}
          <div className="mx-auto w-full max-w-xl" dangerouslySetInnerHTML={{ __html: HERO_ART }} />
        </div>
      </div>
    </section>
  );
}
