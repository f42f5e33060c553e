import { ButtonLink } from "@/components/ui/button";
import { Img } from "@/components/ui/img";
import { Reveal } from "@/components/reveal";

export function FeaturesBanner() {
  return (
    <section
      id="features"
      data-section="features-banner"
      aria-labelledby="features-title"
      className="on-dark bg-ink text-white"
    >
      <Reveal className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8">
        <Img
          src="/images/promo-toolbox.webp"
          alt="An open ToolForge toolbox full of tools"
          width={640}
          height={400}
          loading="lazy"
          className="order-last h-auto w-full rounded-xl md:order-first"
        />
        <div>
          <p className="inline-flex items-center rounded-full bg-orange-400/15 px-3 py-1 text-sm font-semibold text-orange-300 ring-1 ring-orange-400/40">
            Collection days · 20% off
          </p>
          <h2 id="features-title" className="mt-4 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">
            {"YOU'LL BE HAPPY TO SEE OUR AWESOME FEATURES."}
          </h2>
          <p className="mt-4 text-xl font-semibold text-orange-300">Sale 20% off your Collection days</p>
          <p className="mt-3 max-w-lg leading-7 text-slate-300">
            Heat-treated chrome-vanadium steel, handles shaped on real job sites and a lifetime warranty on every
            forged tool. Collection days are announced in our newsletter first: subscribe to hear when the next one opens.
          </p>
          {/* No discount is applied today: the button leads to where the dates are announced, not to a sale the checkout would not honour. */}
          <ButtonLink href="/#newsletter" size="lg" className="mt-8">
            Get the collection dates
          </ButtonLink>
        </div>
      </Reveal>
    </section>
  );
}
