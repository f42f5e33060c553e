import { ButtonLink } from "@/components/ui/button";
import { Img } from "@/components/ui/img";

/** The "page not found" message: app/not-found.tsx for unknown addresses, and notFoundPage() (app/page-answers.tsx). */
export function NotFoundMessage() {
  return (
    <section aria-labelledby="not-found-title" className="bg-stone-50">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24 lg:px-8">
        <div className="text-center md:text-left">
          <p className="text-8xl font-extrabold tracking-tight text-brand sm:text-9xl">404</p>
          <h1 id="not-found-title" className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Page not found
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-700">
            {"Sorry, we couldn't find the page you're looking for."}
          </p>
          <ButtonLink href="/" size="lg" className="mt-8">
            Back to homepage
          </ButtonLink>
        </div>
        <Img
          src="/images/not-found.svg"
          alt="A bent nail beside a hammer"
          width={640}
          height={400}
          // Next serialises this page into every route's payload: a lazy image is not preloaded on every page.
          loading="lazy"
          className="mx-auto h-auto w-full max-w-lg"
        />
      </div>
    </section>
  );
}
