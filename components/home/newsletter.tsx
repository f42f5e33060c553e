import { Reveal } from "@/components/reveal";
import { NewsletterForm } from "./newsletter-form";

export function Newsletter() {
  return (
    <section id="newsletter" data-section="newsletter" aria-labelledby="newsletter-title" className="on-dark bg-ink text-white">
      <Reveal className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id="newsletter-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          Subscribe
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">
          Exclusive email offers, new tools and collection-day sales, about once a month. Unsubscribe with one click.
        </p>
        <NewsletterForm />
      </Reveal>
    </section>
  );
}
