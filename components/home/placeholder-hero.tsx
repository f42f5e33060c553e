import { ButtonLink } from "@/components/ui/button";
import { Reveal } from "@/components/reveal";

export function PlaceholderHero() {
  return (
    <section id="workshop" data-section="placeholder-hero" aria-labelledby="workshop-title" className="bg-white">
      <Reveal className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6 lg:px-8">
        <h2 id="workshop-title" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Made by hand, by people you can talk to
        </h2>
        <p className="mt-6 text-lg leading-8 text-slate-700">
          Behind every ToolForge tool is a small team of smiths, grinders and testers who still check each hammer
          face and chisel edge by hand. Open an account to order by the unit, follow your orders and, if you like
          the sound of the forge, ask us about working with us.
        </p>
        <ButtonLink href="/register" size="lg" className="mt-8">
          Open an account
        </ButtonLink>
      </Reveal>
    </section>
  );
}
